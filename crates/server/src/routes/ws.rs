//! The WebSocket of a game: the current state at once, then every change.

use crate::error::ApiResult;
use crate::state::{AppState, Event, Slot};
use crate::view::{state_text, with_you};
use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::response::Response;
use axum::routing::get;
use axum::Router;
use futures_util::{SinkExt, StreamExt};
use kalah_rules::{BySide, Side};
use serde::Deserialize;
use serde_json::json;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::broadcast::error::RecvError;

/// Largest message a client may send.
const MAX_MESSAGE: usize = 4096;

/// How often the server pings an idle socket, to notice dead connections.
const PING_EVERY: Duration = Duration::from_secs(30);

pub fn router() -> Router<AppState> {
    Router::new().route("/api/games/{id}/ws", get(upgrade))
}

#[derive(Debug, Deserialize)]
struct WsQuery {
    token: Option<String>,
}

async fn upgrade(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(q): Query<WsQuery>,
    ws: WebSocketUpgrade,
) -> ApiResult<Response> {
    let slot = state.slot(&id).await?;
    // A wrong token is refused before the upgrade; no token means a spectator.
    let seats = match &q.token {
        Some(t) => {
            let g = slot.game.lock().await;
            let seat = g.seat_for(t)?;
            let held = g.seats_of(t);
            drop(g);
            state.mark_joined(&slot, seat).await?;
            held
        }
        None => BySide::default(),
    };
    // Clients only send pings: a small limit keeps a bad client from filling memory.
    let ws = ws.max_message_size(MAX_MESSAGE).max_frame_size(MAX_MESSAGE);
    Ok(ws.on_upgrade(move |socket| serve(state, slot, seats, socket)))
}

fn state_message(game: &str, you: Option<Side>) -> Message {
    let text = format!("{{\"type\":\"state\",\"game\":{}}}", with_you(game, you));
    Message::Text(Utf8Bytes::from(text))
}

async fn current(state: &AppState, slot: &Arc<Slot>, seats: BySide<bool>) -> Message {
    let mut g = slot.game.lock().await;
    state.wake_computer(slot, &mut g);
    state_message(&state_text(&mut g), g.you(seats))
}

async fn serve(state: AppState, slot: Arc<Slot>, seats: BySide<bool>, socket: WebSocket) {
    // Subscribe before reading the state, so no change can fall between the two.
    let mut events = slot.events.subscribe();
    let (mut tx, mut rx) = socket.split();
    if tx.send(current(&state, &slot, seats).await).await.is_err() {
        return;
    }
    let mut ping = tokio::time::interval(PING_EVERY);
    ping.tick().await;
    loop {
        let out = tokio::select! {
            ev = events.recv() => match ev {
                Ok(Event::State { game, swapped, to_move }) => {
                    let you = match (seats.south, seats.north) {
                        (true, true) => Some(to_move),
                        (false, false) => None,
                        (south, _) => {
                            let seat = if south { Side::South } else { Side::North };
                            Some(if swapped { seat.opponent() } else { seat })
                        }
                    };
                    state_message(&game, you)
                }
                Ok(Event::Rematch { id, tokens }) => {
                    let mine = Side::ALL
                        .into_iter()
                        .find(|s| seats[*s] && tokens[*s].is_some())
                        .and_then(|s| tokens[s].clone());
                    let mut msg = json!({"type": "rematch", "id": id});
                    if let Some(t) = mine {
                        msg["token"] = json!(t);
                    }
                    Message::Text(msg.to_string().into())
                }
                // Too slow to keep up: skip to the current state.
                Err(RecvError::Lagged(_)) => current(&state, &slot, seats).await,
                Err(RecvError::Closed) => return,
            },
            msg = rx.next() => match msg {
                Some(Ok(Message::Text(t))) => {
                    let v: serde_json::Value = serde_json::from_str(&t).unwrap_or_default();
                    match v.get("type").and_then(|t| t.as_str()) {
                        Some("ping") => Message::Text(r#"{"type":"pong"}"#.into()),
                        Some("state") => current(&state, &slot, seats).await,
                        _ => Message::Text(
                            json!({"type": "error", "error": "unknown message; send {\"type\":\"ping\"}", "code": "bad_message"})
                                .to_string()
                                .into(),
                        ),
                    }
                }
                // Answer a close so the client sees a clean 1000, not a dropped connection.
                Some(Ok(Message::Close(_))) => {
                    let _ = tx.close().await;
                    return;
                }
                None | Some(Err(_)) => return,
                Some(Ok(_)) => continue,
            },
            _ = ping.tick() => Message::Ping(Default::default()),
        };
        if tx.send(out).await.is_err() {
            return;
        }
    }
}
