//! The first lesson: `/learn` (the page) and `GET /api/lesson` (its steps in the rules asked
//! for, with every move the player may make already played by the rules core and judged).

use crate::error::ApiResult;
use crate::routes::pages::index_page;
use crate::rules_req::RulesReq;
use crate::state::AppState;
use crate::view::{rules_json, sowing_json};
use axum::extract::Query;
use axum::http::HeaderMap;
use axum::routing::get;
use axum::{Json, Router};
use kalah_lesson::{Lesson, Step, Text, Verdict};
use kalah_rules::{Move, Position};
use serde_json::{json, Map, Value};

/// How many sowings deep the answer follows a step's extra turns (the end step needs four).
const MAX_DEPTH: usize = 8;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/learn", get(page))
        .route("/learn/", get(page))
        .route("/api/lesson", get(lesson))
}

async fn page(headers: HeaderMap) -> axum::response::Response {
    index_page(&headers)
}

/// `GET /api/lesson?preset=bga&capture=empty...`: the rules as a game's (`RulesReq`).
async fn lesson(Query(req): Query<RulesReq>) -> ApiResult<Json<Value>> {
    let (rules, preset) = req.to_rules()?;
    Ok(Json(lesson_json(&Lesson::new(rules), preset.as_deref())))
}

fn text_json(t: &Text) -> Value {
    let args: Map<String, Value> = t
        .args
        .iter()
        .map(|(k, v)| (k.to_string(), json!(v)))
        .collect();
    json!({"id": t.id, "args": args})
}

fn texts_json(ts: &[Text]) -> Vec<Value> {
    ts.iter().map(text_json).collect()
}

/// Every legal move from `pos` in `step`: the sowing as a game's history entry, the verdict,
/// its words, and after an extra turn on the way (`again`) the moves from there.
fn moves_json(step: &Step, pos: &Position, depth: usize) -> Map<String, Value> {
    let mut out = Map::new();
    for &m in pos.legal_moves().iter() {
        let Ok(a) = step.judge(pos, m) else { continue };
        let mut node = Map::new();
        node.insert("verdict".into(), json!(a.verdict.name()));
        node.insert("texts".into(), json!(texts_json(&a.texts)));
        node.insert(
            "sowing".into(),
            sowing_json(1, &a.before, &a.sowing, &a.after),
        );
        if a.verdict == Verdict::Again && depth > 1 {
            node.insert(
                "moves".into(),
                Value::Object(moves_json(step, &a.after, depth - 1)),
            );
        }
        let key = match m {
            Move::Sow(h) => h.to_string(),
            Move::Swap => "swap".to_string(),
        };
        out.insert(key, Value::Object(node));
    }
    out
}

pub fn lesson_json(lesson: &Lesson, preset: Option<&str>) -> Value {
    let steps: Vec<Value> = lesson
        .steps
        .iter()
        .map(|s| {
            json!({
                "kind": s.kind.name(),
                "title": text_json(&s.title),
                "body": texts_json(&s.body),
                "task": text_json(&s.task),
                "position": s.start.to_string(),
                "solution": s.solution().iter().map(Move::to_string).collect::<Vec<_>>(),
                "moves": moves_json(s, &s.start, MAX_DEPTH),
            })
        })
        .collect();
    // The preset's name only when the lesson's rules are the preset's (not enlarged).
    let preset = preset.filter(|_| lesson.rules.matching_preset().is_some());
    json!({
        "rules": rules_json(lesson.rules, preset),
        "intro": texts_json(&lesson.intro),
        "steps": steps,
    })
}
