//! Facts for the page (presets, levels, languages), free analysis and record parsing.

use crate::analysis;
use crate::client::ClientIp;
use crate::error::{ApiError, ApiResult};
use crate::json::ApiJson;
use crate::limits;
use crate::rules_req::RulesReq;
use crate::state::AppState;
use crate::view::{game_json, rules_json};
use axum::extract::State;
use axum::routing::{get, post};
use axum::{Json, Router};
use kalah_engine::Level;
use kalah_rules::{parse_setup, Game, Position, Preset, Rules};
use serde::Deserialize;
use serde_json::{json, Value};

/// The languages of the interface.
pub const LANGUAGES: [&str; 14] = [
    "de", "en", "fr", "es", "it", "nl", "da", "sv", "nb", "fi", "pl", "cs", "sk", "ru",
];

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/meta", get(meta))
        .route("/api/analyze", post(analyze))
        .route("/api/records/parse", post(parse_record))
}

async fn meta() -> Json<Value> {
    let presets: Vec<Value> = Preset::ALL
        .iter()
        .map(|p| json!({"name": p.name(), "summary": p.summary(), "rules": rules_json(Rules::preset(*p), Some(p.name()))}))
        .collect();
    let levels: Vec<Value> = Level::ALL
        .iter()
        .map(|l| json!({"name": l.name(), "rank": l.rank()}))
        .collect();
    Json(json!({"presets": presets, "levels": levels, "languages": LANGUAGES}))
}

#[derive(Debug, Deserialize)]
struct AnalyzeReq {
    #[serde(default)]
    rules: RulesReq,
    position: String,
    time_ms: Option<u64>,
}

async fn analyze(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(req): ApiJson<AnalyzeReq>,
) -> ApiResult<Json<Value>> {
    let (rules, _) = req.rules.to_rules()?;
    let setup = parse_setup(&req.position)
        .map_err(|e| ApiError::bad_request("bad_position", e.to_string()))?;
    limits::check_setup(&setup)?;
    // A position with another number of houses brings its own count, as on the command line.
    let rules = if req.rules.houses.is_none() && setup.houses.south.len() != rules.houses() {
        let mut s = rules.setup();
        s.houses = setup.houses.south.len().min(255) as u8;
        Rules::new(s).map_err(|e| ApiError::bad_request("bad_rules", e.to_string()))?
    } else {
        rules
    };
    let pos = Position::from_setup(rules, &setup)
        .map_err(|e| ApiError::bad_request("bad_position", e.to_string()))?;
    if state
        .db()
        .live_friend_game_at(analysis::position_key(&pos))
        .await?
    {
        return Err(ApiError::forbidden(
            "no_hints",
            "this position was played, or may come next, in a game between two people that is being played; its analysis opens when the game ends",
        ));
    }
    analysis::run(state.analyses(), ip, pos, req.time_ms)
        .await
        .map(Json)
}

#[derive(Debug, Deserialize)]
struct ParseReq {
    record: String,
}

async fn parse_record(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<ParseReq>,
) -> ApiResult<Json<Value>> {
    limits::check_record(&req.record)?;
    // Replaying and rendering are CPU work: off the async runtime, a few at a time.
    state.blocking(move || parse(&req.record)).await?.map(Json)
}

fn parse(record: &str) -> ApiResult<Value> {
    let game = Game::from_record(record)
        .map_err(|e| ApiError::bad_request("bad_record", e.to_string()))?;
    let mut m = game_json(&game);
    m.insert("rules".into(), rules_json(game.rules(), None));
    m.insert(
        "players".into(),
        json!({"south": game.players.south, "north": game.players.north}),
    );
    let tags: Vec<Value> = game.tags.iter().map(|(k, v)| json!([k, v])).collect();
    m.insert("tags".into(), json!(tags));
    Ok(Value::Object(m))
}
