//! Games: create, read, move, resign, rematch, record and analysis.

use super::{Bearer, MaybeBearer};
use crate::client::ClientIp;
use crate::error::{ApiError, ApiResult};
use crate::games::{Games, Published};
use crate::json::ApiJson;
use crate::live::{LiveGame, Opponent};
use crate::rules_req::RulesReq;
use crate::state::AppState;
use crate::view::{state_text, with_you};
use crate::{analysis, token};
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use kalah_engine::Level;
use kalah_round::{Round, RoundSpec};
use kalah_rules::{parse_setup, BySide, Move, Position, Side};
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/games", post(create))
        .route("/api/games/{id}", get(read))
        .route("/api/games/{id}/moves", post(play))
        .route("/api/games/{id}/resign", post(resign))
        .route("/api/games/{id}/claim", post(claim))
        .route("/api/games/{id}/rematch", post(rematch))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/analysis", get(analyze))
}

#[derive(Debug, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
enum OpponentReq {
    Computer { level: Option<Value> },
    Friend,
    Local,
}

#[derive(Debug, Deserialize)]
struct CreateReq {
    #[serde(default)]
    rules: RulesReq,
    opponent: OpponentReq,
    side: Option<String>,
    first: Option<String>,
    /// Start from this position instead of the start position.
    position: Option<String>,
    /// A clock for a game between two people (`3+2`, `3d`; see [`OFFERED`]).
    time_control: Option<String>,
    /// Counts for ratings (only an account may ask).
    #[serde(default)]
    rated: bool,
}

/// The time controls a game may be created with.
pub(crate) const OFFERED: &[&str] = &["1+0", "1+1", "3+2", "5+3", "10+5", "1d", "3d", "7d"];

/// Offered only by a server started with `--test-time-controls` (browser tests): a first
/// move each is free, then 5 s a move.
const TEST_ONLY: &[&str] = &["0+5"];

/// The time control asked for, if any, when the server offers it.
pub(crate) fn parse_time_control(
    state: &AppState,
    text: Option<&str>,
) -> ApiResult<Option<kalah_online::TimeControl>> {
    let Some(text) = text else {
        return Ok(None);
    };
    if text.trim() != text {
        return Err(ApiError::bad_request(
            "bad_time_control",
            format!(
                "the time control {text:?} has spaces around it; write it as {:?} (offered: {})",
                text.trim(),
                OFFERED.join(", ")
            ),
        ));
    }
    let tc: kalah_online::TimeControl =
        text.parse()
            .map_err(|e: kalah_online::ParseTimeControlError| {
                ApiError::bad_request(
                    "bad_time_control",
                    format!("{e}; offered: {}", OFFERED.join(", ")),
                )
            })?;
    let name = tc.to_string();
    let offered = OFFERED.contains(&name.as_str())
        || (state.games().test_time_controls() && TEST_ONLY.contains(&name.as_str()));
    if !offered {
        return Err(ApiError::bad_request(
            "bad_time_control",
            format!(
                "time control {text:?} is not offered; choose one of {}",
                OFFERED.join(", ")
            ),
        ));
    }
    Ok(Some(tc))
}

/// A JSON body with a status, from text already serialised.
fn json_text(status: StatusCode, text: &str) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        text.to_string(),
    )
        .into_response()
}

fn by_lot() -> Side {
    if token::random_u64() & 1 == 0 {
        Side::South
    } else {
        Side::North
    }
}

fn parse_choice(value: Option<&str>, field: &str, lot: &str) -> ApiResult<Side> {
    match value.map(str::trim) {
        None => Ok(by_lot()),
        Some(v) if v.eq_ignore_ascii_case(lot) => Ok(by_lot()),
        Some(v) => v.parse().map_err(|_| {
            ApiError::bad_request(
                "bad_request",
                format!("{field} must be south, north or {lot}, not {v:?}"),
            )
        }),
    }
}

fn parse_level(v: Option<Value>) -> ApiResult<Level> {
    let text = match v {
        None | Some(Value::Null) => return Ok(Level::Club),
        Some(Value::String(s)) => s,
        Some(other) => other.to_string(),
    };
    text.parse().map_err(|e: kalah_engine::ParseLevelError| {
        ApiError::bad_request("bad_level", e.to_string())
    })
}

/// What a new game's creator is told: the created state plus their token and links.
pub(super) fn created(
    id: &str,
    token: &str,
    side: Side,
    invite: Option<&str>,
    game: &str,
) -> Response {
    let mut body = json!({
        "id": id,
        "token": token,
        "side": side.name(),
        "play_url": format!("/g/{id}?seat={token}"),
        "watch_url": format!("/g/{id}"),
        "invite_url": invite.map(|t| format!("/g/{id}?seat={t}")),
        "game": Value::Null,
    });
    // The game text is spliced in to avoid parsing it back.
    body["game"] = serde_json::from_str(game).unwrap_or(Value::Null);
    (StatusCode::CREATED, Json(body)).into_response()
}

async fn create(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    ApiJson(req): ApiJson<CreateReq>,
) -> ApiResult<Response> {
    // A signed-in player who sends their CSRF token sits at their seat under their name;
    // without the token the game is anonymous, as it always was.
    let player = if headers.contains_key(crate::session::CSRF_HEADER) {
        Some(crate::session::require(state.db(), &headers).await?.player)
    } else {
        None
    };
    let time_control = parse_time_control(&state, req.time_control.as_deref())?;
    let timed = time_control.is_some() || req.rated;
    if timed && !matches!(req.opponent, OpponentReq::Friend) {
        return Err(ApiError::bad_request(
            "bad_time_control",
            "clocks and rated games are for games between two people: use opponent kind friend, or leave out time_control and rated",
        ));
    }
    if req.rated && player.as_ref().is_none_or(|p| p.is_guest()) {
        return Err(ApiError::forbidden(
            "account_needed",
            "only a signed-in account may create a rated game: sign in (and send your CSRF token), or create a casual game with rated false",
        ));
    }
    if time_control.is_some() && !state.games().clock_room() {
        return Err(ApiError::unavailable(
            "the server has as many games on a clock as it can watch; try again later, or play without a clock",
        ));
    }
    let (rules, preset) = req.rules.to_rules()?;
    let start = match &req.position {
        Some(text) => {
            let setup = parse_setup(text)
                .map_err(|e| ApiError::bad_request("bad_position", e.to_string()))?;
            Position::from_setup(rules, &setup)
                .map_err(|e| ApiError::bad_request("bad_position", e.to_string()))?
        }
        None => Position::start(rules, parse_choice(req.first.as_deref(), "first", "lot")?),
    };
    let opponent = match req.opponent {
        OpponentReq::Computer { level } => Opponent::Computer(parse_level(level)?),
        OpponentReq::Friend => Opponent::Friend,
        OpponentReq::Local => Opponent::Local,
    };
    let side = match opponent {
        Opponent::Local => Side::South,
        _ => parse_choice(req.side.as_deref(), "side", "random")?,
    };
    let (token, hash) = Games::new_token();
    let (other_token, other_hash) = match opponent {
        Opponent::Local => (token.clone(), hash.clone()),
        _ => Games::new_token(),
    };
    let mut hashes = BySide::new(hash.clone(), hash);
    hashes[side.opponent()] = other_hash;
    let mut joined = BySide::new(false, false);
    joined[side] = true;
    if opponent == Opponent::Local {
        joined = BySide::new(true, true);
    }
    let mut spec = RoundSpec::new(&token::new_game_id(), start, opponent, state.now());
    spec.preset = preset;
    spec.computer_seat = opponent.level().map(|_| side.opponent());
    spec.seat_owners = hashes;
    spec.joined = joined;
    // Clocks are kept by start seat; the first player's first-move deadline runs now.
    spec.time_control = time_control;
    spec.is_rated = req.rated;
    let mut live = LiveGame::new(Round::new(spec));
    live.owner = ip;
    if let Some(p) = &player {
        live.players[side] = Some(p.id.clone());
        live.names[side] = Some(p.name.clone());
        if !p.is_guest() {
            live.accounts[side] = Some(p.name.clone());
        }
    }
    live.set_names();
    let id = live.id.clone();
    // The seat's player goes in the game's own write: never a game without its player.
    let slot = state.games().create(live).await?;
    let mut g = slot.game.lock().await;
    let game = with_you(&state_text(&mut g, state.now()), g.you(g.seats_of(&token)));
    drop(g);
    let invite = (opponent == Opponent::Friend).then_some(other_token.as_str());
    tracing::info!("game {id} created: {} vs {}", opponent.kind(), rules);
    Ok(created(&id, &token, side, invite, &game))
}

async fn read(
    State(state): State<AppState>,
    Path(id): Path<String>,
    MaybeBearer(token): MaybeBearer,
) -> ApiResult<Response> {
    let slot = state.games().slot(&id).await?;
    let mut g = slot.game.lock().await;
    // Reading the game with a seat's token opens it for that seat, as the page's socket does
    // (a friend game's host waits for it).
    let held = token.as_deref().map(|t| g.seats_of(t)).unwrap_or_default();
    if let Some(seat) = g.acting_seat(held).filter(|s| !g.joined[*s]) {
        drop(g);
        state.games().mark_joined(&slot, seat).await?;
        g = slot.game.lock().await;
    }
    // A computer move that failed earlier is tried again when someone looks.
    state.games().wake_computer(&slot, &mut g);
    // A token that is not a seat here (an old one) just shows the game as to a spectator.
    let you = g.you(held);
    let text = with_you(&state_text(&mut g, state.now()), you);
    Ok(json_text(StatusCode::OK, &text))
}

#[derive(Debug, Deserialize)]
struct MoveReq {
    #[serde(rename = "move")]
    mv: Value,
    /// Moves already played when the client chose (refused with 409 when stale).
    ply: Option<u64>,
}

async fn play(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Bearer(token): Bearer,
    ApiJson(req): ApiJson<MoveReq>,
) -> ApiResult<Response> {
    let slot = state.games().slot(&id).await?;
    let mut g = slot.game.lock().await;
    let seat = g.seat_for(&token)?;
    if req.ply.is_some_and(|p| p > g.game.moves().len() as u64) || g.waits_for_friend(seat) {
        // The client saw moves this server has not: another server on the database stored
        // them (or ended the game); or the friend may have opened the game there before its
        // news reached this server. Catch up before judging the move.
        state.games().reload(&slot, &mut g).await?;
    }
    // The round judges game over, ply and turn before the move's text is read.
    g.may_move(seat, req.ply)?;
    let ply = g.game.moves().len() as u64;
    let text = match &req.mv {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        _ => {
            return Err(ApiError::bad_request(
                "bad_move",
                "move must be a house number like \"3\" or \"swap\"",
            ))
        }
    };
    let mv: Move = text.parse().map_err(|e: kalah_rules::ParseMoveError| {
        ApiError::bad_request("bad_move", e.to_string())
    })?;
    if !g.joined[seat] {
        drop(g);
        state.games().mark_joined(&slot, seat).await?;
        g = slot.game.lock().await;
    }
    // At the ply judged above: a move stored meanwhile makes this one stale.
    let Published { game } = state
        .games()
        .play_move(&slot, &mut g, seat, mv, Some(ply), None)
        .await?;
    let you = g.you(g.seats_of(&token));
    Ok(json_text(StatusCode::OK, &with_you(&game, you)))
}

async fn resign(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Bearer(token): Bearer,
) -> ApiResult<Response> {
    let slot = state.games().slot(&id).await?;
    let mut g = slot.game.lock().await;
    let seat = g.seat_for(&token)?;
    let Published { game } = state.games().resign(&slot, &mut g, seat).await?;
    let you = g.you(g.seats_of(&token));
    Ok(json_text(StatusCode::OK, &with_you(&game, you)))
}

/// The opponent of a player whose game sockets have all been closed for the grace period
/// claims the game: a win, or a draw when the claimant could not win any more.
async fn claim(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Bearer(token): Bearer,
) -> ApiResult<Response> {
    let slot = state.games().slot(&id).await?;
    let mut g = slot.game.lock().await;
    let seat = g.seat_for(&token)?;
    // Refused at once when the game cannot be claimed, before the sockets are asked.
    g.may_claim()?;
    // Every server's sockets of the opponent's seat, on a cluster.
    let away = state.games().seats(&slot, &id).await?[seat.opponent()];
    let away = kalah_round::Away {
        present: away.present,
        left_at: away.left_at,
    };
    let Published { game } = state.games().claim(&slot, &mut g, seat, away).await?;
    let you = g.you(g.seats_of(&token));
    Ok(json_text(StatusCode::OK, &with_you(&game, you)))
}

async fn rematch(
    State(state): State<AppState>,
    Path(id): Path<String>,
    ClientIp(ip): ClientIp,
    Bearer(token): Bearer,
) -> ApiResult<Response> {
    let slot = state.games().slot(&id).await?;
    let mut g = slot.game.lock().await;
    let seat = g.seat_for(&token)?;
    if g.opponent == Opponent::Kgp {
        return Err(ApiError::conflict(
            "no_rematch",
            "a game against a bot has no rematch; challenge the bot again from the Bots page",
        ));
    }
    if g.is_playing() {
        return Err(ApiError::conflict(
            "still_playing",
            "the game is still being played; finish or resign it first",
        ));
    }
    if let Some(new_id) = g.rematch.clone() {
        // The other player asks too: they get their seat of the same rematch.
        let known = g.rematch_tokens[seat].clone();
        let their_side = if g.game.seats_swapped() {
            seat
        } else {
            seat.opponent()
        };
        let computer = g.is_computer_seat(seat);
        drop(g);
        let new_slot = state.games().slot(&new_id).await?;
        let mut ng = new_slot.game.lock().await;
        let t = match known {
            Some(t) => t,
            // After a restart the seat's token is gone from memory (only its hash is kept): a
            // seat nobody has opened yet gets a new token; the old game's token proves who
            // asks.
            None if !computer && !ng.joined[their_side] => {
                let (t, hash) = Games::new_token();
                state
                    .db()
                    .write(kalah_storage::Write::SeatToken {
                        game: new_id.clone(),
                        seat: their_side.name().to_string(),
                        hash: hash.clone(),
                    })
                    .await?;
                ng.token_hashes[their_side] = hash;
                t
            }
            None => {
                return Err(ApiError::conflict(
                    "rematch_exists",
                    format!("the rematch {new_id} exists already and your seat in it has been opened; open it from your recent games"),
                ))
            }
        };
        let side = (0..2)
            .map(|i| Side::ALL[i])
            .find(|s| token::matches(&t, &ng.token_hashes[*s]))
            .unwrap_or(Side::South);
        let text = with_you(&state_text(&mut ng, state.now()), ng.you(ng.seats_of(&t)));
        let mut r = created(&new_id, &t, side, None, &text);
        *r.status_mut() = StatusCode::OK;
        return Ok(r);
    }
    // Sides swap: each player takes the side opposite the one they play now.
    let swapped = g.game.seats_swapped();
    let new_seat = move |old: Side| if swapped { old } else { old.opponent() };
    let rules = g.game.rules();
    let start = Position::start(rules, g.game.start().to_move());
    let mut tokens: BySide<Option<String>> = BySide::default();
    let mut hashes = BySide::new(String::new(), String::new());
    let shared = Games::new_token();
    for old in Side::ALL {
        let (t, h) = if g.opponent == Opponent::Local {
            shared.clone()
        } else {
            Games::new_token()
        };
        hashes[new_seat(old)] = h;
        if !g.is_computer_seat(old) {
            tokens[old] = Some(t);
        }
    }
    let mut joined = BySide::new(false, false);
    joined[new_seat(seat)] = true;
    if g.opponent == Opponent::Local {
        joined = BySide::new(true, true);
    }
    let mut spec = RoundSpec::new(&token::new_game_id(), start, g.opponent, state.now());
    spec.preset = g.preset.clone();
    spec.computer_seat = g.computer_seat.map(new_seat);
    spec.seat_owners = hashes;
    spec.joined = joined;
    // A rematch keeps the clock (casual: ratings need both players' accounts asked).
    spec.time_control = g.time_control;
    let mut live = LiveGame::new(Round::new(spec));
    live.rematch_of = Some(g.id.clone());
    live.owner = ip;
    live.set_names();
    let new_id = live.id.clone();
    let new_slot = state.games().create_rematch(live, &g.id).await?;
    g.rematch = Some(new_id.clone());
    g.rematch_tokens = tokens.clone();
    let _ = slot.events.send(crate::games::Event::Rematch {
        id: new_id.clone(),
        tokens: tokens.clone(),
    });
    state.games().publish(&slot, &mut g);
    let my_token = tokens[seat].clone().unwrap_or_default();
    let other = Side::ALL
        .into_iter()
        .find(|s| *s != seat)
        .and_then(|s| tokens[s].clone());
    let invite = (g.opponent == Opponent::Friend).then_some(other).flatten();
    drop(g);
    let mut ng = new_slot.game.lock().await;
    let text = with_you(
        &state_text(&mut ng, state.now()),
        ng.you(ng.seats_of(&my_token)),
    );
    drop(ng);
    Ok(created(
        &new_id,
        &my_token,
        new_seat(seat),
        invite.as_deref(),
        &text,
    ))
}

async fn record(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult<Response> {
    let slot = state.games().slot(&id).await?;
    let g = slot.game.lock().await;
    let mut game = g.game.clone();
    game.tags.push(("Game".into(), g.id.clone()));
    game.tags.push((
        "Date".into(),
        crate::clock::rfc3339(g.created_at)[..10].to_string(),
    ));
    if let Some(tc) = g.time_control {
        game.tags.push(("TimeControl".into(), tc.to_string()));
    }
    if let Some(e) = g.ending {
        // The board does not show this end: the result stays open (`*`) and the tag says it.
        let by = g.side_of_seat(e.by).name();
        let text = match (e.kind, e.draw) {
            (crate::live::EndKind::Aborted, _) => {
                format!("aborted: {by} made no first move in time")
            }
            (crate::live::EndKind::Timeout, false) => format!("{by} lost on time"),
            (crate::live::EndKind::Timeout, true) => format!("{by}'s time ran out: a draw"),
            (crate::live::EndKind::Abandoned, false) => format!("{by} left the game and lost"),
            (crate::live::EndKind::Abandoned, true) => format!("{by} left the game: a draw"),
        };
        game.tags.push(("Termination".into(), text));
    }
    let text = game.to_record();
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "text/plain; charset=utf-8".to_string(),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("inline; filename=\"kalah-{id}.txt\""),
            ),
        ],
        text,
    )
        .into_response())
}

#[derive(Debug, Deserialize)]
struct AnalysisQuery {
    time_ms: Option<u64>,
}

async fn analyze(
    State(state): State<AppState>,
    Path(id): Path<String>,
    MaybeBearer(token): MaybeBearer,
    ClientIp(ip): ClientIp,
    Query(q): Query<AnalysisQuery>,
) -> ApiResult<Json<Value>> {
    let slot = state.games().slot(&id).await?;
    let g = slot.game.lock().await;
    let pos = *g.game.position();
    if g.is_playing() {
        if g.opponent == Opponent::Friend {
            return Err(ApiError::forbidden(
                "no_hints",
                "no analysis while a game between two people is being played; it opens when the game ends",
            ));
        }
        let held = token.map(|t| g.seats_of(&t)).unwrap_or_default();
        if !held.south && !held.north {
            return Err(ApiError::forbidden(
                "wrong_token",
                "analysis of a game in play is for its player: send your seat token as Authorization: Bearer TOKEN",
            ));
        }
    }
    drop(g);
    let slot: Arc<_> = slot;
    drop(slot);
    analysis::run(state.analyses(), ip, pos, q.time_ms)
        .await
        .map(Json)
}
