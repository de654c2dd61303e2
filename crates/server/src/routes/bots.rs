//! Bots: who is online, the leaderboard, a page per bot with its games, and a person's
//! challenge to a waiting bot.

use crate::client::ClientIp;
use crate::error::{ApiError, ApiResult};
use crate::kgp::NotWaiting;
use crate::state::AppState;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::{get, post};
use axum::{Json, Router};
use kalah_match::glicko::Glicko;
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::HashMap;

/// Most bots listed online (the first to come); the count says how many there are.
const LISTED: usize = 200;

/// Rows of the leaderboard.
const LEADERBOARD: usize = 100;

mod bot_page;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/bots", get(online))
        .route("/api/bots/leaderboard", get(leaderboard))
        .route("/api/bots/{name}", get(bot_page::bot))
        .route("/api/bots/{name}/challenge", post(challenge))
        .route("/bots", get(page))
        .route("/bots/", get(page))
        .route("/bots/{name}", get(bot_page::bot_page))
        .route("/bots/{name}/", get(bot_page::bot_page))
}

/// The Bots page: the page's script, and for a browser without JavaScript the bots online
/// and the leaderboard as plain HTML (the same lists as `GET /api/bots` and
/// `GET /api/bots/leaderboard`), each name linked to its bot's page.
async fn page(state: State<AppState>) -> ApiResult<Response> {
    use super::pages::escape;
    let Json(online) = online(state.clone()).await?;
    let Json(board) = leaderboard(state).await?;
    let text = |v: &Value| escape(v.as_str().unwrap_or(""));
    // A name, linked to the bot's page.
    let link = |v: &Value| {
        let name = v.as_str().unwrap_or("");
        format!(
            "<a href=\"/bots/{}\">{}</a>",
            escape(&bot_page::encode(name)),
            escape(name)
        )
    };
    let rating = |v: &Value| match v["rating"].as_f64() {
        Some(r) => format!("{r:.0} ± {:.0}", v["deviation"].as_f64().unwrap_or(0.0)),
        None => "unrated".to_string(),
    };
    let mut html = String::from("<section><h2>Bots online</h2>");
    let bots = online["bots"].as_array().cloned().unwrap_or_default();
    if bots.is_empty() {
        html.push_str("<p>No bot is connected now.</p>");
    } else {
        html.push_str(
            "<table><thead><tr><th>Bot</th><th>Authors</th><th>Rating</th><th>Status</th></tr></thead><tbody>",
        );
        for b in &bots {
            let status = match b["game"].as_str() {
                Some(g) => format!("<a href=\"/g/{}\">playing</a>", escape(g)),
                None => "waiting".to_string(),
            };
            html.push_str(&format!(
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{status}</td></tr>",
                link(&b["name"]),
                text(&b["authors"]),
                rating(&b["rating"]),
            ));
        }
        html.push_str("</tbody></table>");
    }
    html.push_str("</section><section><h2>Leaderboard</h2>");
    let rows = board["bots"].as_array().cloned().unwrap_or_default();
    if rows.is_empty() {
        html.push_str("<p>No rated game yet.</p>");
    } else {
        html.push_str(
            "<table><thead><tr><th>#</th><th>Bot</th><th>Rating</th><th>Games</th><th>Wins</th><th>Draws</th><th>Losses</th></tr></thead><tbody>",
        );
        for r in &rows {
            html.push_str(&format!(
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                r["rank"],
                link(&r["name"]),
                rating(&r["rating"]),
                r["games"],
                r["wins"],
                r["draws"],
                r["losses"],
            ));
        }
        html.push_str("</tbody></table>");
    }
    html.push_str("</section>");
    Ok(super::pages::index_with_noscript(&html))
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
    let (bots, count) = state.bots().online_everywhere(LISTED).await?;
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
                "authors": b.authors,
                "description": b.description,
                "rated": rating.is_some(),
                "rating": rating.map(rating_json),
                "status": if b.game.is_some() { "playing" } else { "waiting" },
                "game": b.game,
            })
        })
        .collect();
    Ok(Json(json!({
        "count": count,
        "bots": list,
        "boards": boards_json(&state.bots().hub().config.boards),
    })))
}

fn boards_json(boards: &[(usize, usize)]) -> Value {
    boards
        .iter()
        .map(|&(houses, seeds)| json!({"houses": houses, "seeds": seeds}))
        .collect()
}

/// The optional body of a challenge: the board, both or neither.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct ChallengeReq {
    houses: Option<usize>,
    seeds: Option<usize>,
}

/// The board a challenge asks for, checked against the server's KGP boards.
fn chosen_board(body: &[u8], boards: &[(usize, usize)]) -> ApiResult<Option<(usize, usize)>> {
    let req: ChallengeReq = if body.iter().all(u8::is_ascii_whitespace) {
        ChallengeReq::default()
    } else {
        serde_json::from_slice(body).map_err(|e| {
            ApiError::bad_request(
                "bad_json",
                format!("the body must be {{}} or {{\"houses\": 6, \"seeds\": 4}}: {e}"),
            )
        })?
    };
    let listed = || {
        boards
            .iter()
            .map(|(h, s)| format!("{h}x{s}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match (req.houses, req.seeds) {
        (None, None) => Ok(None),
        (Some(h), Some(s)) if boards.contains(&(h, s)) => Ok(Some((h, s))),
        (Some(h), Some(s)) => Err(ApiError::bad_request(
            "bad_board",
            format!(
                "this server does not play bots on {h}x{s}; choose one of its boards: {}",
                listed()
            ),
        )),
        _ => Err(ApiError::bad_request(
            "bad_board",
            format!(
                "give both houses and seeds, or neither; the boards are {}",
                listed()
            ),
        )),
    }
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
                "authors": r.authors,
                "description": r.description,
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
    body: Bytes,
) -> ApiResult<Response> {
    let shown: String = name.chars().take(64).collect();
    // Checked before the bot leaves the lobby.
    let board = chosen_board(&body, &state.bots().hub().config.boards)?;
    let started = state.bots().challenge(&name, ip, board).await;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_challenge_names_one_of_the_boards_or_none() {
        let boards = [(8, 8), (6, 4)];
        assert_eq!(chosen_board(b"", &boards).unwrap(), None);
        assert_eq!(chosen_board(b"{}", &boards).unwrap(), None);
        let six = br#"{"houses": 6, "seeds": 4}"#;
        assert_eq!(chosen_board(six, &boards).unwrap(), Some((6, 4)));
        for bad in [
            &br#"{"houses": 6, "seeds": 6}"#[..],
            br#"{"houses": 6}"#,
            br#"{"houses": -1, "seeds": 4}"#,
            br#"{"board": "6x4"}"#,
            b"not json",
        ] {
            let e = chosen_board(bad, &boards).unwrap_err();
            assert_eq!(e.status, StatusCode::BAD_REQUEST, "{e:?}");
        }
        let e = chosen_board(br#"{"houses": 9, "seeds": 9}"#, &boards).unwrap_err();
        assert!(e.message.contains("8x8, 6x4"), "{}", e.message);
    }
}
