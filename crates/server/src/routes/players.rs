//! Player pages and the leaderboards of people: `GET /api/players/{name}` and
//! `GET /api/leaderboard?pool=...`. Only accounts have a page (guest names are not unique);
//! a deleted account is gone from both.

use crate::clock::rfc3339;
use crate::error::{ApiError, ApiResult};
use crate::live::LiveGame;
use crate::rating;
use crate::state::AppState;
use crate::view::rating_json;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::routing::get;
use axum::{Json, Router};
use kalah_rules::{Side, Status};
use kalah_storage::{GameRow, PlayedGame};
use serde_json::{json, Value};

/// Rows of a leaderboard.
const LEADERBOARD: usize = 100;

/// Rating history points per pool on a player page.
const HISTORY: usize = 50;

/// Games listed on a player page, most recent first.
const RECENT: usize = 20;

/// The pool a leaderboard shows when none is asked for: untimed games are rated as
/// correspondence until games have clocks.
/// The pool the leaderboard opens on: the lobby's (quick pairing's 3+2 is blitz), not the
/// untimed games' (issue 37).
const DEFAULT_POOL: &str = "kalah-6-4/blitz";

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/players/{name}", get(player))
        .route("/api/leaderboard", get(leaderboard))
}

fn no_player(name: &str) -> ApiError {
    let shown: String = name.chars().take(32).collect();
    ApiError::new(
        StatusCode::NOT_FOUND,
        "no_player",
        format!(
            "no account is named {shown:?}; check the spelling (guests have no page, and deleted accounts are gone)"
        ),
    )
}

/// "win", "loss" or "draw" for the player of start seat `seat`; None while it is played.
fn result(row: GameRow, seat: Side) -> Option<&'static str> {
    let g = LiveGame::replay(row).ok()?;
    // An ending off the board (a flag fall, a player who left) names the start seat that
    // lost, or a draw; an aborted game has no result.
    if let Some(e) = g.ending {
        return match e.kind {
            crate::live::EndKind::Aborted => None,
            _ if e.draw => Some("draw"),
            _ if e.by == seat => Some("loss"),
            _ => Some("win"),
        };
    }
    let side = g.side_of_seat(seat);
    match g.game.status() {
        Status::Playing => None,
        Status::Finished(o) => Some(match o.winner {
            Some(w) if w == side => "win",
            Some(_) => "loss",
            None => "draw",
        }),
        Status::Resigned(r) => Some(if r == side { "loss" } else { "win" }),
    }
}

fn game_json(p: &PlayedGame, row: Option<GameRow>, opponent_account: Option<String>) -> Value {
    let seat: Side = p.seat.parse().unwrap_or(Side::South);
    let opponent_name = match (&p.opponent_name, p.opponent_kind.as_str()) {
        (Some(n), _) => n.clone(),
        (None, "computer") => "Computer".to_string(),
        (None, _) => format!("Player {}", seat.opponent().name()),
    };
    json!({
        "id": p.id,
        "link": format!("/g/{}", p.id),
        "seat": p.seat,
        "rules": p.rules,
        "rated": p.rated,
        "status": p.status,
        "result": row.and_then(|r| result(r, seat)),
        "opponent": {
            "kind": p.opponent_kind,
            "name": opponent_name,
            "account": opponent_account,
        },
        "created_at": rfc3339(p.created_at),
        "updated_at": rfc3339(p.updated_at),
    })
}

async fn player(State(state): State<AppState>, Path(name): Path<String>) -> ApiResult<Json<Value>> {
    let key = crate::names::check_account_name(&name).map_err(|_| no_player(&name))?;
    let found = state
        .db()
        .read(move |db| {
            let Some(p) = db.account_by_name(&key)? else {
                return Ok(None);
            };
            let ratings = db.player_ratings(&p.id)?;
            let mut histories = Vec::with_capacity(ratings.len());
            for r in &ratings {
                histories.push(db.rating_history(&p.id, &r.pool, HISTORY)?);
            }
            let mut games = Vec::new();
            for g in db.recent_games(&p.id, RECENT)? {
                let row = if g.status == "playing" {
                    None
                } else {
                    db.load(&g.id).ok().flatten()
                };
                let opponent = match &g.opponent_player {
                    Some(id) => db.player(id)?.filter(|o| !o.is_guest()).map(|o| o.name),
                    None => None,
                };
                games.push((g, row, opponent));
            }
            let puzzles = db.puzzle_rating(&p.id)?;
            Ok(Some((p, ratings, histories, games, puzzles)))
        })
        .await?;
    let Some((p, ratings, histories, games, puzzles)) = found else {
        return Err(no_player(&name));
    };
    let ratings: Vec<Value> = ratings
        .iter()
        .zip(histories)
        .map(|(r, history)| {
            let (family, category) = r.pool.split_once('/').unwrap_or((&r.pool, ""));
            let mut v = rating_json(&r.rating);
            v["pool"] = json!(r.pool);
            v["family"] = json!(family);
            v["category"] = json!(category);
            v["games"] = json!(r.games());
            v["wins"] = json!(r.wins);
            v["draws"] = json!(r.draws);
            v["losses"] = json!(r.losses);
            v["history"] = history
                .iter()
                .map(|h| {
                    json!({
                        "game": h.game,
                        "at": rfc3339(h.at),
                        "rating": (h.after.rating * 10.0).round() / 10.0,
                        "deviation": (h.after.deviation * 10.0).round() / 10.0,
                        "change": ((h.after.rating - h.before.rating) * 10.0).round() / 10.0,
                    })
                })
                .collect();
            v
        })
        .collect();
    let games: Vec<Value> = games
        .into_iter()
        .map(|(g, row, opponent)| game_json(&g, row, opponent))
        .collect();
    Ok(Json(json!({
        "name": p.name,
        "kind": "account",
        "created_at": rfc3339(p.created_at),
        "ratings": ratings,
        "puzzles": puzzles.map(|r| {
            let mut v = rating_json(&r.rating);
            v["solved"] = json!(r.solved);
            v["tried"] = json!(r.solved + r.failed);
            v
        }),
        "games": games,
    })))
}

async fn leaderboard(
    State(state): State<AppState>,
    // Pairs, so that no query string is refused before it is read: the first `pool` counts.
    Query(q): Query<Vec<(String, String)>>,
) -> ApiResult<Json<Value>> {
    let pools = rating::pools();
    let pool = q
        .into_iter()
        .find(|(k, _)| k == "pool")
        .map_or_else(|| DEFAULT_POOL.to_string(), |(_, v)| v);
    if !pools.contains(&pool) {
        let shown: String = pool.chars().take(40).collect();
        return Err(ApiError::bad_request(
            "bad_pool",
            format!(
                "there is no rating pool {shown:?}; choose one of {}",
                pools.join(", ")
            ),
        ));
    }
    let key = pool.clone();
    let rows = state
        .db()
        .read(move |db| db.pool_leaderboard(&key, LEADERBOARD))
        .await?;
    let players: Vec<Value> = rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let mut v = rating_json(&r.rating.rating);
            v["rank"] = json!(i + 1);
            v["name"] = json!(r.name);
            v["games"] = json!(r.rating.games());
            v["wins"] = json!(r.rating.wins);
            v["draws"] = json!(r.rating.draws);
            v["losses"] = json!(r.rating.losses);
            v
        })
        .collect();
    Ok(Json(
        json!({ "pool": pool, "pools": pools, "players": players }),
    ))
}
