//! Bots: who is online, the leaderboard, and a person's challenge to a waiting bot.

use crate::client::ClientIp;
use crate::error::{ApiError, ApiResult};
use crate::kgp::NotWaiting;
use crate::state::AppState;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::{get, post};
use axum::{Json, Router};
use kalah_match::glicko::Glicko;
use serde_json::{json, Value};
use std::collections::HashMap;

/// Most bots listed online (the first to come); the count says how many there are.
const LISTED: usize = 200;

/// Rows of the leaderboard.
const LEADERBOARD: usize = 100;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/bots", get(online))
        .route("/api/bots/leaderboard", get(leaderboard))
        .route("/api/bots/{name}/challenge", post(challenge))
}

fn round(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

fn rating_json(r: &Glicko) -> Value {
    json!({
        "rating": round(r.rating),
        "deviation": round(r.deviation),
        "provisional": r.is_provisional(),
    })
}

async fn online(State(state): State<AppState>) -> ApiResult<Json<Value>> {
    let bots = state.kgp().online();
    let count = bots.len();
    let bots = &bots[..count.min(LISTED)];
    let ids: Vec<String> = bots.iter().filter_map(|b| b.rated_id.clone()).collect();
    let ratings: HashMap<String, Glicko> = state
        .db()
        .bots(ids)
        .await?
        .into_iter()
        .map(|r| (r.id, r.rating))
        .collect();
    let list: Vec<Value> = bots
        .iter()
        .map(|b| {
            let rating = b.rated_id.as_ref().and_then(|id| ratings.get(id));
            json!({
                "name": b.name,
                "rated": rating.is_some(),
                "rating": rating.map(rating_json),
                "status": if b.game.is_some() { "playing" } else { "waiting" },
                "game": b.game,
            })
        })
        .collect();
    Ok(Json(json!({ "count": count, "bots": list })))
}

async fn leaderboard(State(state): State<AppState>) -> ApiResult<Json<Value>> {
    let rows = state.db().leaderboard(LEADERBOARD).await?;
    let list: Vec<Value> = rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            json!({
                "rank": i + 1,
                "name": r.name,
                "level": r.id.starts_with("level:"),
                "rating": rating_json(&r.rating),
                "games": r.games(),
                "wins": r.wins,
                "draws": r.draws,
                "losses": r.losses,
            })
        })
        .collect();
    Ok(Json(json!({ "bots": list })))
}

async fn challenge(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Path(name): Path<String>,
) -> ApiResult<Response> {
    let shown: String = name.chars().take(64).collect();
    let started = state.kgp().challenge(&state, &name, ip).await;
    match started {
        Ok(game) => {
            let c = game?;
            tracing::info!("game {} created: a person challenged bot {shown:?}", c.id);
            Ok(super::games::created(&c.id, &c.token, c.side, None, &c.game))
        }
        Err(NotWaiting::Busy) => Err(ApiError::conflict(
            "bot_busy",
            format!(
                "the bot {shown:?} is playing a game now; watch it, or challenge it again when it is back in the lobby"
            ),
        )),
        Err(NotWaiting::Absent) => Err(ApiError::new(
            StatusCode::NOT_FOUND,
            "no_bot",
            format!(
                "no bot named {shown:?} is connected now; GET /api/bots (the Bots page) lists the bots online"
            ),
        )),
    }
}
