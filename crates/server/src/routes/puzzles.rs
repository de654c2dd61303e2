//! Puzzles: `/puzzles` and `/puzzles/{id}` (the page), and their JSON API: a puzzle with its
//! whole line (each sowing as a game's history entry, the value of every move at each of the
//! solver's moves), the next puzzle near a rating, the puzzle of the day, and the Glicko-2
//! rating after a try (`POST /api/puzzles/{id}/result`).
//!
//! The puzzles are the shipped set (`kalah_puzzles::shipped`). The page judges the moves
//! itself from the line it is given, as lichess's does. The rating after a try is a rating
//! period of one game against the puzzle at its rating, as lichess rates puzzles. A guest's
//! puzzle rating is kept by the page and sent with each result; a signed-in account's is kept
//! in the database with its tries (only the first try at a puzzle is rated, as on lichess),
//! and `GET /api/puzzles/history` shows them, a page at a time.

use crate::clock::{now_ms, rfc3339};
use crate::error::{ApiError, ApiResult};
use crate::routes::pages::index_page;
use crate::session::{check_csrf, current, no_session, same_site, Current};
use crate::state::AppState;
use crate::view::{rating_json, rules_json, sowing_json};
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::IntoResponse;
use axum::routing::{get, post};
use axum::{Json, Router};
use kalah_match::glicko::Glicko;
use kalah_puzzles::{shipped, Puzzle};
use kalah_rules::Rules;
use kalah_storage::{PuzzleAttempt, PuzzleTry};
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::HashSet;

/// A puzzle's deviation at the start: its rating is an estimate from the levels' tries.
pub const PUZZLE_DEVIATION: f64 = 200.0;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/puzzles", get(page))
        .route("/puzzles/", get(page))
        .route("/puzzles/{id}", get(page))
        .route("/puzzles/{id}/", get(page))
        .route("/api/puzzles/next", get(next))
        .route("/api/puzzles/daily", get(daily))
        .route("/api/puzzles/history", get(history))
        .route("/api/puzzles/{id}", get(one))
        .route("/api/puzzles/{id}/result", post(result))
}

async fn page(headers: HeaderMap) -> axum::response::Response {
    index_page(&headers)
}

fn not_found(id: &str) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "no_such_puzzle",
        format!("there is no puzzle {id:?}; GET /api/puzzles/next gives one"),
    )
}

/// A puzzle as the page plays it.
pub fn puzzle_json(p: &Puzzle) -> Value {
    let steps: Vec<Value> = p
        .steps()
        .enumerate()
        .map(|(i, s)| {
            let mut after = s.before;
            after.play_unchecked(s.mv);
            let values = s.values.map(|vs| {
                vs.iter()
                    .map(|v| json!({"move": v.mv.to_string(), "value": v.value}))
                    .collect::<Vec<_>>()
            });
            json!({
                "by": if s.by_solver() { "solver" } else { "computer" },
                "move": s.mv.to_string(),
                "values": values,
                "sowing": sowing_json(i + 1, &s.before, &s.sowing, &after),
            })
        })
        .collect();
    json!({
        "id": p.id,
        "rules": rules_json(p.rules(), None),
        "position": p.position.to_string(),
        "solver": p.solver().name(),
        "value": p.value(),
        "rating": p.rating,
        "themes": p.themes.iter().map(|t| t.name()).collect::<Vec<_>>(),
        "steps": steps,
    })
}

async fn one(Path(id): Path<String>) -> ApiResult<Json<Value>> {
    let p = kalah_puzzles::by_id(id.trim()).ok_or_else(|| not_found(&id))?;
    Ok(Json(puzzle_json(p)))
}

#[derive(Debug, Deserialize)]
struct NextQuery {
    /// A preset name (`standard`, `bga`, ...); any rules when absent.
    rules: Option<String>,
    /// The rating to choose near (default 1500).
    rating: Option<f64>,
    /// Ids to leave out, comma-separated (the puzzles this browser showed last).
    not: Option<String>,
    /// Varies the choice among the nearest (any number).
    seed: Option<u64>,
}

/// `GET /api/puzzles/next?rules=standard&rating=1500&not=a,b&seed=7`: one of the ten puzzles
/// nearest the rating under the rules that the player has not tried: a signed-in account's
/// tries are the stored ones, a guest's the page's `not`. When every puzzle under the rules
/// was tried, the tried ones come again (still not the page's last ones while others are
/// left), so the player is never left without a puzzle.
async fn next(
    State(state): State<AppState>,
    headers: HeaderMap,
    Query(q): Query<NextQuery>,
) -> ApiResult<Json<Value>> {
    let rules: Option<Rules> = match q.rules.as_deref().filter(|r| !r.trim().is_empty()) {
        Some(r) => Some(
            r.parse()
                .map_err(|e| ApiError::bad_request("bad_rules", format!("rules {r:?}: {e}")))?,
        ),
        None => None,
    };
    let not: HashSet<&str> = q.not.as_deref().unwrap_or("").split(',').collect();
    let tried: HashSet<String> = match account(&state, &headers).await? {
        Some(cur) => {
            let id = cur.player.id.clone();
            state
                .db()
                .read(move |db| db.puzzles_tried(&id))
                .await?
                .into_iter()
                .collect()
        }
        None => HashSet::new(),
    };
    let target = q.rating.filter(|r| r.is_finite()).unwrap_or(1500.0);
    let under: Vec<&Puzzle> = shipped()
        .iter()
        .filter(|p| rules.is_none_or(|r| p.rules() == r))
        .collect();
    if under.is_empty() {
        return Err(ApiError::new(
            StatusCode::NOT_FOUND,
            "no_puzzles",
            "no puzzle under these rules: leave out rules for any",
        ));
    }
    let fresh = |p: &&&Puzzle| !not.contains(p.id.as_str()) && !tried.contains(&p.id);
    let not_recent = |p: &&&Puzzle| !not.contains(p.id.as_str());
    let mut pool: Vec<&Puzzle> = under.iter().filter(fresh).copied().collect();
    if pool.is_empty() {
        pool = under.iter().filter(not_recent).copied().collect();
    }
    if pool.is_empty() {
        pool = under;
    }
    pool.sort_by(|a, b| {
        (f64::from(a.rating) - target)
            .abs()
            .total_cmp(&(f64::from(b.rating) - target).abs())
            .then(a.id.cmp(&b.id))
    });
    pool.truncate(10);
    let pick = pool[(q.seed.unwrap_or(0) % pool.len() as u64) as usize];
    Ok(Json(puzzle_json(pick)))
}

/// The puzzle of day `day` (days since 1970 in UTC): one of the standard puzzles rated 1200 to
/// 1800 with a line of two or more of the solver's moves when there are some, chosen by the
/// day, so that every server shows the same one.
pub fn daily_puzzle(day: u64) -> Option<&'static Puzzle> {
    let set = shipped();
    let good: Vec<&Puzzle> = set
        .iter()
        .filter(|p| {
            p.rules() == Rules::standard()
                && (1200..=1800).contains(&p.rating)
                && p.values.len() >= 2
        })
        .collect();
    let pool: Vec<&Puzzle> = if good.is_empty() {
        set.iter().collect()
    } else {
        good
    };
    if pool.is_empty() {
        return None;
    }
    // A fixed shuffle of the days, so neighbouring days are not neighbouring puzzles.
    let i = day.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 7;
    Some(pool[(i % pool.len() as u64) as usize])
}

async fn daily() -> ApiResult<Json<Value>> {
    let day = (crate::clock::now_ms().max(0) as u64) / 86_400_000;
    let p = daily_puzzle(day).ok_or_else(|| not_found("of the day"))?;
    let mut v = puzzle_json(p);
    v["day"] = json!(day);
    Ok(Json(v))
}

#[derive(Debug, Deserialize)]
struct ResultBody {
    /// Solved without a wrong move and without asking for the solution.
    solved: bool,
    /// The player's puzzle rating before (default: a new player's 1500 / 350 / 0.06).
    player: Option<Glicko>,
}

/// The signed-in account of a request, if any (a guest's session is not one): puzzle tries
/// are kept for accounts only.
async fn account(state: &AppState, headers: &HeaderMap) -> ApiResult<Option<Current>> {
    Ok(current(state.db(), headers)
        .await?
        .filter(|c| !c.player.is_guest()))
}

/// `POST /api/puzzles/{id}/result {"solved": true, "player": {...}}`: the player's rating after
/// one rating period against the puzzle, and the puzzle's. For a signed-in account (its
/// cookie and CSRF token) the rating before is the stored one (`player` is ignored) and the
/// try is stored; a later try at the same puzzle is not rated (`"rated": false`).
async fn result(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Json(body): Json<ResultBody>,
) -> ApiResult<Json<Value>> {
    let p = kalah_puzzles::by_id(id.trim()).ok_or_else(|| not_found(&id))?;
    let puzzle = Glicko {
        rating: f64::from(p.rating),
        deviation: PUZZLE_DEVIATION,
        volatility: 0.06,
    };
    let score = if body.solved { 1.0 } else { 0.0 };
    let rate = move |player: Glicko| player.after_period(&[(puzzle, score)]);
    let puzzle_after = |player: Glicko| puzzle.after_period(&[(player, 1.0 - score)]);
    let Some(cur) = account(&state, &headers).await? else {
        // A guest's rating is the page's: checked before it is rated.
        let player = body.player.unwrap_or_default();
        let sane = (100.0..=4000.0).contains(&player.rating)
            && (30.0..=350.0).contains(&player.deviation)
            && (0.0..=0.2).contains(&player.volatility);
        if !sane {
            return Err(ApiError::bad_request(
                "bad_rating",
                "player: rating 100-4000, deviation 30-350, volatility 0-0.2",
            ));
        }
        let after = rate(player);
        return Ok(Json(json!({
            "id": p.id,
            "solved": body.solved,
            "rated": true,
            "stored": false,
            "player": after,
            "change": (after.rating - player.rating).round(),
            "puzzle": {"rating": p.rating, "after": puzzle_after(player).rating.round()},
        })));
    };
    same_site(&headers)?;
    check_csrf(&cur, &headers)?;
    let (player_id, puzzle_id, rating, solved) = (
        cur.player.id,
        p.id.clone(),
        i64::from(p.rating),
        body.solved,
    );
    let (tried, now) = state
        .db()
        .call(move |db| {
            let tried =
                db.record_puzzle_try(&player_id, &puzzle_id, rating, solved, now_ms(), rate)?;
            let now = db.puzzle_rating(&player_id)?.map(|r| r.rating);
            Ok((tried, now.unwrap_or_default()))
        })
        .await?;
    Ok(Json(match tried {
        PuzzleTry::Rated { before, after } => json!({
            "id": p.id,
            "solved": body.solved,
            "rated": true,
            "stored": true,
            "player": after,
            "change": (after.rating - before.rating).round(),
            "puzzle": {"rating": p.rating, "after": puzzle_after(before).rating.round()},
        }),
        PuzzleTry::Repeat(first) => json!({
            "id": p.id,
            "solved": body.solved,
            "rated": false,
            "stored": true,
            "first": attempt_json(&first),
            "player": now,
            "change": 0.0,
            "puzzle": {"rating": p.rating, "after": p.rating},
        }),
    }))
}

/// Tries listed per page of `GET /api/puzzles/history`.
pub const HISTORY_PAGE: usize = 20;
/// The last page asked for (an account's tries are at most one per shipped puzzle).
const HISTORY_PAGES: usize = 200;

fn attempt_json(a: &PuzzleAttempt) -> Value {
    let puzzle = kalah_puzzles::by_id(&a.puzzle);
    json!({
        "id": a.puzzle,
        "link": format!("/puzzles/{}", a.puzzle),
        "at": rfc3339(a.at),
        "solved": a.solved,
        "puzzle_rating": a.puzzle_rating,
        "rules": puzzle.map(|p| match p.rules().matching_preset() {
            Some(preset) => preset.name().to_string(),
            None => p.rules().to_string(),
        }),
        "themes": puzzle
            .map(|p| p.themes.iter().map(|t| t.name()).collect::<Vec<_>>())
            .unwrap_or_default(),
        "before": a.before.round(),
        "after": a.after.round(),
        "change": (a.after - a.before).round(),
    })
}

#[derive(Debug, Deserialize)]
struct HistoryQuery {
    /// 1 for the newest tries.
    page: Option<usize>,
}

/// `GET /api/puzzles/history?page=1`: the signed-in account's puzzle rating and its tries,
/// newest first, [`HISTORY_PAGE`] a page.
async fn history(
    State(state): State<AppState>,
    headers: HeaderMap,
    Query(q): Query<HistoryQuery>,
) -> ApiResult<axum::response::Response> {
    let Some(cur) = account(&state, &headers).await? else {
        return Err(match current(state.db(), &headers).await? {
            Some(_) => ApiError::new(
                StatusCode::UNAUTHORIZED,
                "not_an_account",
                "puzzle history is kept for accounts: sign up to keep yours",
            ),
            None => no_session(),
        });
    };
    let page = q.page.unwrap_or(1);
    if !(1..=HISTORY_PAGES).contains(&page) {
        return Err(ApiError::bad_request(
            "bad_page",
            format!("page: 1 to {HISTORY_PAGES}"),
        ));
    }
    let id = cur.player.id.clone();
    let (rating, mut tries) = state
        .db()
        .read(move |db| {
            Ok((
                db.puzzle_rating(&id)?,
                db.puzzle_attempts(&id, (page - 1) * HISTORY_PAGE, HISTORY_PAGE + 1)?,
            ))
        })
        .await?;
    let more = tries.len() > HISTORY_PAGE;
    tries.truncate(HISTORY_PAGE);
    let glicko = rating.as_ref().map(|r| r.rating).unwrap_or_default();
    let body = json!({
        "player": cur.player.name,
        "rating": rating_json(&glicko),
        "glicko": glicko,
        "solved": rating.as_ref().map_or(0, |r| r.solved),
        "failed": rating.as_ref().map_or(0, |r| r.failed),
        "page": page,
        "more": more,
        "attempts": tries.iter().map(attempt_json).collect::<Vec<_>>(),
    });
    let mut r = Json(body).into_response();
    r.headers_mut().insert(
        axum::http::header::CACHE_CONTROL,
        axum::http::HeaderValue::from_static("no-store"),
    );
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_puzzle_of_the_day_changes_with_the_day_and_is_a_standard_one() {
        let a = daily_puzzle(20_000).unwrap();
        let days: std::collections::HashSet<&str> = (20_000..20_010)
            .map(|d| daily_puzzle(d).unwrap().id.as_str())
            .collect();
        assert!(days.len() >= 5, "{days:?}");
        assert_eq!(daily_puzzle(20_000).unwrap().id, a.id);
        assert_eq!(a.rules(), Rules::standard());
    }

    #[test]
    fn a_puzzle_in_json_has_its_whole_line() {
        let p = &shipped()[0];
        let v = puzzle_json(p);
        assert_eq!(v["id"], json!(p.id));
        let steps = v["steps"].as_array().unwrap();
        assert_eq!(steps.len(), p.line.len());
        assert_eq!(steps[0]["by"], json!("solver"));
        assert!(steps[0]["values"].as_array().unwrap().len() >= 2);
    }
}
