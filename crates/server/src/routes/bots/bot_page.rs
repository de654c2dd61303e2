//! A bot's page: `GET /api/bots/{name}` (what it says of itself, its rating and record,
//! whether it is connected and its game now, its games newest first, a page at a time) and
//! `/bots/{name}`, the page's script with the same in plain HTML for a browser without
//! JavaScript. A computer level has one too, as `level:NAME` (its name on the leaderboard).

use super::rating_json;
use crate::client::ClientIp;
use crate::clock::rfc3339;
use crate::error::{ApiError, ApiResult};
use crate::live::LiveGame;
use crate::routes::pages::{escape, index_with_noscript};
use crate::state::AppState;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use kalah_engine::Level;
use kalah_rules::{Side, Status};
use kalah_storage::{BotGame, BotRow, GamesOf};
use serde::Deserialize;
use serde_json::{json, Value};

/// Games on a page when the request does not say, and the most it may ask for.
const PAGE: usize = 20;
const PAGE_MAX: usize = 50;

/// Longer names are no bot's (a KGP name is at most 64 characters, " (unrated)" added).
const NAME_MAX: usize = 100;

/// The query of a bot's page: `limit` games (1 to 50), created before game `before`.
#[derive(Debug, Default, Deserialize)]
pub(super) struct PageQuery {
    limit: Option<String>,
    before: Option<String>,
}

fn no_bot(name: &str) -> ApiError {
    let shown: String = name.chars().take(64).collect();
    ApiError::new(
        StatusCode::NOT_FOUND,
        "no_bot",
        format!(
            "no bot named {shown:?} has played on this server or is connected now; the Bots page (GET /api/bots, GET /api/bots/leaderboard) lists the bots"
        ),
    )
}

/// Who `name` is: a computer level (`level:NAME`), or a bot's name.
fn whose(name: &str) -> (Option<Level>, GamesOf) {
    let level = name
        .strip_prefix("level:")
        .and_then(|l| Level::ALL.into_iter().find(|x| x.name() == l));
    match level {
        Some(l) => (
            Some(l),
            GamesOf {
                name: format!("Computer ({l})"),
                rated_id: Some(format!("level:{l}")),
                level: true,
            },
        ),
        None => (
            None,
            GamesOf {
                name: name.to_string(),
                rated_id: None,
                level: false,
            },
        ),
    }
}

/// A connection of the bot now: what it says of itself and its game, if it plays one.
struct Connection {
    authors: Option<String>,
    description: Option<String>,
    game: Option<String>,
}

/// The connections of bots named `name` now, on this server or any of its cluster.
async fn connections(state: &AppState, name: &str) -> ApiResult<Vec<Connection>> {
    let bots = state.bots();
    if bots.games().clustered() {
        let key = name.to_string();
        let rows = state
            .db()
            .read(move |db| db.online_bots_named(&key))
            .await?;
        return Ok(rows
            .into_iter()
            .map(|r| Connection {
                authors: r.authors,
                description: r.description,
                game: r.game,
            })
            .collect());
    }
    Ok(bots
        .hub()
        .online()
        .into_iter()
        .filter(|b| b.name == name)
        .map(|b| Connection {
            authors: b.authors,
            description: b.description,
            game: b.game,
        })
        .collect())
}

/// What the database holds for the page: the rated player's row, its games (each with its
/// stored row once it is over, and the name of the account that played it, if any) and
/// whether there are more.
struct Stored {
    row: Option<BotRow>,
    games: Vec<(BotGame, Option<kalah_storage::GameRow>, Option<String>)>,
    more: bool,
}

fn bad_query(message: String) -> ApiError {
    ApiError::bad_request("bad_query", message)
}

/// The page's games: `limit` (1 to 50) and where to start.
fn page_size(q: &PageQuery) -> ApiResult<usize> {
    match q.limit.as_deref() {
        None => Ok(PAGE),
        Some(l) => match l.parse::<usize>() {
            Ok(n) if (1..=PAGE_MAX).contains(&n) => Ok(n),
            _ => Err(bad_query(format!(
                "limit must be a number of games from 1 to {PAGE_MAX} (default {PAGE})"
            ))),
        },
    }
}

/// Spends from the address's `--bots-rate` budget, as `GET /api/bots` does: a page reads up
/// to 50 games and replays them.
async fn spend(state: &AppState, ip: Option<std::net::IpAddr>) -> Result<(), Response> {
    if let Some(ip) = ip {
        if let Err(refused) = state.budgets().spend(crate::budget::Kind::Bots, ip) {
            tokio::time::sleep(refused.delay()).await;
            return Err(refused.into_response());
        }
    }
    Ok(())
}

/// The bot's page as JSON (`GET /api/bots/{name}`).
pub(super) async fn bot(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Path(name): Path<String>,
    Query(q): Query<PageQuery>,
) -> Response {
    if let Err(refused) = spend(&state, ip).await {
        return refused;
    }
    match page_json(&state, &name, &q).await {
        Ok(v) => Json(v).into_response(),
        Err(e) => e.into_response(),
    }
}

async fn page_json(state: &AppState, name: &str, q: &PageQuery) -> ApiResult<Value> {
    if name.is_empty() || name.chars().count() > NAME_MAX {
        return Err(no_bot(name));
    }
    let limit = page_size(q)?;
    let (level, of) = whose(name);
    let key = name.to_string();
    let before = q.before.clone();
    let stored = state
        .db()
        .read(move |db| {
            let mut of = of;
            let row = match &of.rated_id {
                Some(id) => db.bots(std::slice::from_ref(id))?.pop(),
                None => db.bot_named(&key)?,
            };
            // A rated bot's games are also those rated under its id (under older names).
            if let Some(r) = &row {
                of.rated_id = Some(r.id.clone());
            }
            let start = match &before {
                Some(id) => match db.games_before(id)? {
                    Some(b) => Some(b),
                    None => return Ok(Err(id.clone())),
                },
                None => None,
            };
            let mut found = db.bot_games(&of, start.as_ref(), limit + 1)?;
            let more = found.len() > limit;
            found.truncate(limit);
            let mut games = Vec::with_capacity(found.len());
            for g in found {
                let full = if g.status == "playing" {
                    None
                } else {
                    db.load(&g.id).ok().flatten()
                };
                let account = match &g.opponent_player {
                    Some(id) => db.player(id)?.filter(|p| !p.is_guest()).map(|p| p.name),
                    None => None,
                };
                games.push((g, full, account));
            }
            Ok(Ok(Stored { row, games, more }))
        })
        .await?;
    let stored = stored.map_err(|id| {
        let shown: String = id.chars().take(32).collect();
        bad_query(format!(
            "before must be the id of a game on the bot's page (its last game's \"id\", as \"next\" gives it); there is no game {shown:?}"
        ))
    })?;
    let now = if level.is_some() {
        Vec::new()
    } else {
        connections(state, name).await?
    };
    // A name nobody is connected under, with no game and no rating, is no bot's.
    if level.is_none()
        && stored.row.is_none()
        && now.is_empty()
        && stored.games.is_empty()
        && q.before.is_none()
    {
        return Err(no_bot(name));
    }
    let first = now.first();
    let (authors, description) = match (&stored.row, first) {
        (Some(r), _) => (r.authors.clone(), r.description.clone()),
        (None, Some(c)) => (c.authors.clone(), c.description.clone()),
        (None, None) => (None, None),
    };
    let rating = match (level, &stored.row) {
        (Some(l), _) => kalah_storage::level_rating(&format!("level:{l}")),
        (None, Some(r)) => Some(r.rating),
        (None, None) => None,
    };
    let record = match (level, &stored.row) {
        (_, Some(r)) => {
            json!({"games": r.games(), "wins": r.wins, "draws": r.draws, "losses": r.losses})
        }
        (Some(_), None) => json!({"games": 0, "wins": 0, "draws": 0, "losses": 0}),
        (None, None) => Value::Null,
    };
    let playing = now.iter().find_map(|c| c.game.clone());
    let status = match (level, now.is_empty(), &playing) {
        (Some(_), _, _) => "available",
        (None, true, _) => "offline",
        (None, false, Some(_)) => "playing",
        (None, false, None) => "waiting",
    };
    let games: Vec<Value> = stored
        .games
        .into_iter()
        .map(|(g, full, account)| game_json(&g, full, account))
        .collect();
    let next = match (stored.more, games.last()) {
        (true, Some(last)) => json!(format!(
            "/api/bots/{}?before={}&limit={limit}",
            encode(name),
            encode(last["id"].as_str().unwrap_or(""))
        )),
        _ => Value::Null,
    };
    Ok(json!({
        "name": name,
        "kind": if level.is_some() { "level" } else { "bot" },
        "level": level.map(|l| l.name()),
        "authors": authors,
        "description": description,
        "rated": rating.is_some(),
        "rating": rating.as_ref().map(rating_json),
        "record": record,
        "online": !now.is_empty() || level.is_some(),
        "status": status,
        "connections": now.len(),
        "game": playing,
        "games": games,
        "next": next,
    }))
}

/// `text` for a path segment or a query value: everything but letters, digits and `-_.~`
/// percent-encoded.
pub(super) fn encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The page of the player at the other seat, if it has one: a bot's or a level's.
fn opponent_json(g: &BotGame, account: Option<String>) -> Value {
    let level = g.opponent_level.then(|| {
        g.opponent_rated_id
            .as_deref()
            .and_then(|id| id.strip_prefix("level:"))
            .or_else(|| {
                g.opponent_name
                    .as_deref()
                    .and_then(|n| n.strip_prefix("Computer ("))
                    .and_then(|n| n.strip_suffix(')'))
            })
            .unwrap_or("")
            .to_string()
    });
    let (kind, page) = match (&level, &g.opponent_name, &account) {
        (Some(l), _, _) => (
            "level",
            Some(format!("/bots/{}", encode(&format!("level:{l}")))),
        ),
        (None, Some(n), _) => ("bot", Some(format!("/bots/{}", encode(n)))),
        (None, None, Some(a)) => ("person", Some(format!("/players/{}", encode(a)))),
        (None, None, None) => ("person", None),
    };
    json!({
        "kind": kind,
        "name": g.opponent_name.clone().or(account.clone()),
        "level": level,
        "account": account,
        "page": page,
    })
}

/// One game from the bot's seat: its result and the stores (the bot's first), once over.
fn game_json(g: &BotGame, full: Option<kalah_storage::GameRow>, account: Option<String>) -> Value {
    let seat: Side = if g.seat == "north" {
        Side::North
    } else {
        Side::South
    };
    let (result, score) = match full.map(LiveGame::replay) {
        Some(Ok(live)) => match live.score_south() {
            Some(south) => {
                let mine = if seat == Side::South {
                    south
                } else {
                    1.0 - south
                };
                let word = match mine {
                    s if s > 0.75 => "win",
                    s if s < 0.25 => "loss",
                    _ => "draw",
                };
                // The final scores (the seeds left swept as the rules say), or the stores
                // when the game ended off the board.
                let side = live.seat_playing(seat);
                let pos = live.game.position();
                let of = |s: Side| match live.game.status() {
                    Status::Finished(o) => o.scores[s],
                    _ => u32::from(pos.store(s)),
                };
                (
                    Some(word),
                    Some(format!("{}-{}", of(side), of(side.opponent()))),
                )
            }
            None => (None, None),
        },
        _ => (None, None),
    };
    json!({
        "id": g.id,
        "link": format!("/g/{}", encode(&g.id)),
        "seat": g.seat,
        "rules": g.rules,
        "rated": g.rated,
        "status": g.status,
        "result": result,
        "score": score,
        "opponent": opponent_json(g, account),
        "created_at": rfc3339(g.created_at),
        "updated_at": rfc3339(g.updated_at),
    })
}

/// `/bots/{name}`: the page's script, and the bot's page in plain HTML for a browser
/// without JavaScript; status 404 for a name no bot has.
pub(super) async fn bot_page(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Path(name): Path<String>,
    Query(q): Query<PageQuery>,
) -> Response {
    if let Err(refused) = spend(&state, ip).await {
        return refused;
    }
    match page_json(&state, &name, &q).await {
        Ok(v) => index_with_noscript(&html(&v)),
        Err(e) if e.status == StatusCode::NOT_FOUND => {
            let shown: String = name.chars().take(64).collect();
            let mut r = index_with_noscript(&format!(
                "<h1>No such bot</h1><p>No bot named “{}” has played on this server or is connected now.</p><p><a href=\"/bots\">Bots</a></p>",
                escape(&shown)
            ));
            *r.status_mut() = StatusCode::NOT_FOUND;
            r
        }
        Err(e) => e.into_response(),
    }
}

/// "2026-11-27 23:30 UTC" from an RFC 3339 time.
fn date(v: &Value) -> String {
    let t = v.as_str().unwrap_or("");
    match (t.get(..10), t.get(11..16)) {
        (Some(d), Some(h)) => format!("{d} {h} UTC"),
        _ => t.to_string(),
    }
}

/// The bot's page in plain HTML, every text from the bot or its opponents escaped.
fn html(v: &Value) -> String {
    let text = |v: &Value| escape(v.as_str().unwrap_or(""));
    let mut out = String::new();
    let name = match v["level"].as_str() {
        Some(l) => format!("Computer ({l})"),
        None => text(&v["name"]),
    };
    out.push_str(&format!("<section><h1>{name}</h1>"));
    for key in ["description", "authors"] {
        if v[key].is_string() {
            out.push_str(&format!("<p>{}</p>", text(&v[key])));
        }
    }
    let rating = match v["rating"].as_object() {
        Some(r) => format!(
            "{:.0} ± {:.0}{}",
            r["rating"].as_f64().unwrap_or(0.0),
            r["deviation"].as_f64().unwrap_or(0.0),
            if v["kind"] == "level" {
                " (fixed)"
            } else if r["provisional"] == true {
                " (provisional)"
            } else {
                ""
            }
        ),
        None => "unrated".to_string(),
    };
    out.push_str(&format!("<p>Rating: {rating}</p>"));
    if let Some(r) = v["record"].as_object() {
        out.push_str(&format!(
            "<p>Rated games: {} (wins {}, draws {}, losses {})</p>",
            r["games"], r["wins"], r["draws"], r["losses"]
        ));
    }
    let status = match (v["status"].as_str(), v["game"].as_str()) {
        (Some("playing"), Some(g)) => format!(
            "Online, playing <a href=\"/g/{}\">a game</a>",
            escape(&encode(g))
        ),
        (Some("waiting"), _) => "Online, waiting for a game".to_string(),
        (Some("available"), _) => "A computer level: always there".to_string(),
        _ => "Not connected now".to_string(),
    };
    out.push_str(&format!("<p>{status}</p></section><section><h2>Games</h2>"));
    let games = v["games"].as_array().cloned().unwrap_or_default();
    if games.is_empty() {
        out.push_str("<p>No game yet.</p>");
    } else {
        out.push_str(
            "<table><thead><tr><th>Result</th><th>Opponent</th><th>Score</th><th>Date</th><th>Rated</th></tr></thead><tbody>",
        );
        for g in &games {
            let result = match (g["result"].as_str(), g["status"].as_str()) {
                (Some(r), _) => r.to_string(),
                (None, Some("playing")) => "playing".to_string(),
                (None, Some(s)) => s.to_string(),
                (None, None) => String::new(),
            };
            let o = &g["opponent"];
            let shown = match (o["level"].as_str(), o["name"].as_str()) {
                (Some(l), _) => format!("Computer ({})", escape(l)),
                (None, Some(n)) => escape(n),
                (None, None) => "a person".to_string(),
            };
            let opponent = match o["page"].as_str() {
                Some(p) => format!("<a href=\"{}\">{shown}</a>", escape(p)),
                None => shown,
            };
            out.push_str(&format!(
                "<tr><td><a href=\"{}\">{}</a></td><td>{opponent}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                escape(g["link"].as_str().unwrap_or("")),
                escape(&result),
                text(&g["score"]),
                date(&g["created_at"]),
                if g["rated"] == true { "rated" } else { "" },
            ));
        }
        out.push_str("</tbody></table>");
    }
    if let Some(next) = v["next"].as_str() {
        // The API's next page, as the page's address.
        let page = next.replacen("/api/bots/", "/bots/", 1);
        out.push_str(&format!(
            "<p><a href=\"{}\">Older games</a></p>",
            escape(&page)
        ));
    }
    out.push_str("<p><a href=\"/bots\">Bots</a></p></section>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_encoded_for_addresses_and_levels_known() {
        assert_eq!(encode("a b/c?d"), "a%20b%2Fc%3Fd");
        assert_eq!(encode("élan"), "%C3%A9lan");
        let (level, of) = whose("level:club");
        assert_eq!(level, Some(Level::Club));
        assert_eq!(
            (of.name.as_str(), of.rated_id.as_deref(), of.level),
            ("Computer (club)", Some("level:club"), true)
        );
        let (level, of) = whose("level:grandmaster");
        assert_eq!((level, of.level), (None, false));
        assert_eq!(of.name, "level:grandmaster");
    }

    #[test]
    fn the_page_escapes_what_bots_say() {
        let v = json!({
            "name": "<b>x</b>", "kind": "bot", "level": null,
            "authors": "A & B", "description": "\"quoted\"",
            "rating": null, "record": null, "status": "offline", "game": null,
            "games": [{
                "id": "g1", "link": "/g/g1", "result": "win", "status": "finished",
                "score": "40-8", "rated": false, "created_at": "2026-11-27T23:30:00.000Z",
                "opponent": {"kind": "bot", "name": "<i>", "level": null, "page": "/bots/%3Ci%3E"},
            }],
            "next": "/api/bots/%3Cb%3Ex%3C%2Fb%3E?before=g1&limit=20",
        });
        let page = html(&v);
        assert!(page.contains("<h1>&lt;b&gt;x&lt;/b&gt;</h1>"), "{page}");
        assert!(page.contains("<p>A &amp; B</p>"), "{page}");
        assert!(page.contains("&quot;quoted&quot;"), "{page}");
        assert!(
            page.contains("<a href=\"/bots/%3Ci%3E\">&lt;i&gt;</a>"),
            "{page}"
        );
        assert!(page.contains("2026-11-27 23:30 UTC"), "{page}");
        assert!(
            page.contains("href=\"/bots/%3Cb%3Ex%3C%2Fb%3E?before=g1&amp;limit=20\""),
            "{page}"
        );
        assert!(!page.contains("<b>") && !page.contains("<i>"), "{page}");
    }
}
