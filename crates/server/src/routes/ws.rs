//! The WebSocket of a game: the current state at once, then every change.

use crate::client::{AddressCounts, AddressSlot, ClientIp};
use crate::error::{ApiError, ApiResult};
use crate::games::{Event, Slot};
use crate::socket::Reply;
use crate::state::AppState;
use crate::view::{state_text, with_you};
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::response::Response;
use axum::routing::get;
use axum::Router;
use kalah_rules::{BySide, Side};
use serde::Deserialize;
use std::net::IpAddr;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use tokio::sync::broadcast::error::RecvError;

/// Largest message a client may send.
const MAX_MESSAGE: usize = 4096;

/// Messages a client may send per second (and at once): the page sends a few a minute. A
/// client that sends faster is read more slowly, not answered faster.
const MESSAGES_PER_SECOND: u32 = 10;
const MESSAGE_BURST: u32 = 20;

pub fn router() -> Router<AppState> {
    Router::new().route("/api/games/{id}/ws", get(upgrade))
}

#[derive(Debug, Deserialize)]
struct WsQuery {
    token: Option<String>,
}

/// A socket's place in its game's count, given back when it closes.
struct GameSocket(Arc<Slot>);

impl Drop for GameSocket {
    fn drop(&mut self) {
        self.0.sockets.fetch_sub(1, Ordering::Relaxed);
    }
}

/// A player's socket of their seat (one seat: a hot-seat game has nobody to claim against),
/// counted while open; when their last one closes, the time is kept for a claim. On a
/// cluster the seat's presence is also written for the other servers.
struct SeatSocket {
    slot: Arc<Slot>,
    seat: Side,
    state: AppState,
    id: String,
}

impl SeatSocket {
    async fn open(
        state: &AppState,
        slot: &Arc<Slot>,
        id: &str,
        seats: BySide<bool>,
    ) -> Option<SeatSocket> {
        let seat = match (seats.south, seats.north) {
            (true, false) => Side::South,
            (false, true) => Side::North,
            _ => return None,
        };
        if slot.seat_sockets[seat].fetch_add(1, Ordering::SeqCst) == 0 {
            if state.games().clustered() {
                state.games().write_seat(slot, id, seat).await;
            }
            let _ = slot.events.send(Event::Presence);
        }
        Some(SeatSocket {
            slot: Arc::clone(slot),
            seat,
            state: state.clone(),
            id: id.to_string(),
        })
    }

    /// Closes the socket's place, and on a cluster writes the seat's presence when it was
    /// the seat's last socket here.
    async fn close(self) {
        let (state, slot, seat, id) = (
            self.state.clone(),
            Arc::clone(&self.slot),
            self.seat,
            self.id.clone(),
        );
        drop(self);
        if state.games().clustered() && slot.seat_sockets[seat].load(Ordering::SeqCst) == 0 {
            state.games().write_seat(&slot, &id, seat).await;
            let _ = slot.events.send(Event::Presence);
        }
    }
}

impl Drop for SeatSocket {
    fn drop(&mut self) {
        if self.slot.seat_sockets[self.seat].fetch_sub(1, Ordering::SeqCst) == 1 {
            self.slot.left_at[self.seat].store(self.state.now(), Ordering::SeqCst);
            if !self.state.games().clustered() {
                let _ = self.slot.events.send(Event::Presence);
            }
        }
    }
}

/// The read buffer of a socket whose client sends only small messages (the game, lobby and
/// Watch sockets: 4 KiB at most). tungstenite's default, 128 KiB, is allocated for every
/// socket and zero-filled again each time the socket is polled for reading, which its task
/// does on every wake-up, also to send: with 2,000 lobby sockets each hearing the seek feed
/// ten times a second, that zero-filling was the biggest cost of the fan-out (a third of
/// the server's CPU time in a profile of `examples/lobby_load.rs`). A longer message is
/// still read: the buffer grows for it.
const READ_BUFFER: usize = 4096;

/// The WebSocket handshake, or 400 `not_websocket` for a plain request (every socket route).
pub(crate) fn handshake(
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> ApiResult<WebSocketUpgrade> {
    ws.map(|ws| ws.read_buffer_size(READ_BUFFER)).map_err(|e| {
        ApiError::bad_request(
            "not_websocket",
            format!("this address is a WebSocket: connect with a WebSocket client ({e})"),
        )
    })
}

/// A place in the per-address count of live sockets, given back when dropped (none for a
/// client without an address), or 429 when the address holds its cap already.
pub(crate) fn address_slot(state: &AppState, ip: Option<IpAddr>) -> ApiResult<Option<AddressSlot>> {
    let Some(ip) = ip else { return Ok(None) };
    let max = state.caps().sockets_per_address;
    AddressCounts::take(state.socket_addresses(), ip, max)
        .map(Some)
        .ok_or_else(|| {
            ApiError::too_many(format!(
                "{max} live connections from your address are open already; close some tabs and try again"
            ))
        })
}

async fn upgrade(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(q): Query<WsQuery>,
    ClientIp(ip): ClientIp,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> ApiResult<Response> {
    // An unknown game is 404 whatever the request; then it must be a WebSocket handshake.
    let slot = state.games().slot(&id).await?;
    let ws = crate::routes::ws::handshake(ws)?;
    let caps = *state.caps();
    let address = crate::routes::ws::address_slot(&state, ip)?;
    if slot.sockets.fetch_add(1, Ordering::Relaxed) >= caps.sockets_per_game {
        slot.sockets.fetch_sub(1, Ordering::Relaxed);
        return Err(ApiError::unavailable(format!(
            "this game has {} live viewers already; try again later",
            caps.sockets_per_game
        )));
    }
    let counted = GameSocket(Arc::clone(&slot));
    // A wrong token is refused before the upgrade; no token means a spectator.
    let seats = match &q.token {
        Some(t) => {
            let g = slot.game.lock().await;
            let seat = g.seat_for(t)?;
            let held = g.seats_of(t);
            drop(g);
            state.games().mark_joined(&slot, seat).await?;
            held
        }
        None => BySide::default(),
    };
    // Clients only send pings: a small limit keeps a bad client from filling memory.
    let ws = ws.max_message_size(MAX_MESSAGE).max_frame_size(MAX_MESSAGE);
    Ok(ws.on_upgrade(move |socket| async move {
        let present = SeatSocket::open(&state, &slot, &id, seats).await;
        serve(state, slot, seats, socket).await;
        if let Some(p) = present {
            p.close().await;
        }
        drop((counted, address));
    }))
}

fn state_message(game: &str, you: Option<Side>) -> Message {
    let text = format!("{{\"type\":\"state\",\"game\":{}}}", with_you(game, you));
    Message::Text(Utf8Bytes::from(text))
}

/// The whole current state, and the plies it holds.
async fn current(state: &AppState, slot: &Arc<Slot>, seats: BySide<bool>) -> (Message, usize) {
    let mut g = slot.game.lock().await;
    state.games().wake_computer(slot, &mut g);
    let msg = state_message(&state_text(&mut g, state.now()), g.you(seats));
    (msg, g.game.moves().len())
}

/// Which players of a game that can be claimed (between people, on a clock, not over) have
/// left: by the side they play now, how long ago their last socket closed and how long
/// until their opponent may claim the game (`null` while connected, or not seen since the
/// server started). None for other games.
async fn presence(state: &AppState, slot: &Arc<Slot>) -> Option<Message> {
    let (id, seat_of) = {
        let g = slot.game.lock().await;
        if g.opponent != crate::live::Opponent::Friend || g.clock.is_none() || !g.is_playing() {
            return None;
        }
        (g.id.clone(), BySide::from_fn(|side| g.seat_playing(side)))
    };
    let seats = match state.games().seats(slot, &id).await {
        Ok(s) => s,
        Err(e) => {
            tracing::warn!("game {id}: presence not read: {}", e.message);
            return None;
        }
    };
    let now = state.now();
    let grace = state.claim_grace_ms();
    let away = |side: Side| {
        let seat = seats[seat_of[side]];
        match (seat.present, seat.left_at) {
            (false, Some(left)) => {
                let gone = now.saturating_sub(left).max(0);
                Some(Away {
                    for_ms: gone,
                    claim_in_ms: (grace - gone).max(0),
                })
            }
            _ => None,
        }
    };
    let msg = Out::Presence {
        grace_ms: grace,
        away: Sides {
            south: away(Side::South),
            north: away(Side::North),
        },
    };
    Some(Message::Text(msg.text().into()))
}

/// The side a socket's holder plays after a change.
fn you_after(seats: BySide<bool>, swapped: bool, to_move: Side) -> Option<Side> {
    match (seats.south, seats.north) {
        (true, true) => Some(to_move),
        (false, false) => None,
        (south, _) => {
            let seat = if south { Side::South } else { Side::North };
            Some(if swapped { seat.opponent() } else { seat })
        }
    }
}

async fn serve(state: AppState, slot: Arc<Slot>, seats: BySide<bool>, socket: WebSocket) {
    // Subscribe before reading the state, so no change can fall between the two.
    let events = slot.events.subscribe();
    let (first, known) = current(&state, &slot, seats).await;
    let mut opening = vec![first];
    opening.extend(presence(&state, &slot).await);
    let budget = crate::socket::ReadBudget {
        per_second: MESSAGES_PER_SECOND,
        burst: MESSAGE_BURST,
    };
    let game = GameFeed {
        state: state.clone(),
        slot,
        seats,
        events,
        known,
    };
    crate::socket::run(&state, socket, Some(budget), opening, game).await;
}

/// A game socket's side of the shell: the game's changes, and the client's `ping`/`state`.
struct GameFeed {
    state: AppState,
    slot: Arc<Slot>,
    seats: BySide<bool>,
    events: tokio::sync::broadcast::Receiver<Event>,
    /// The plies the client has.
    known: usize,
}

impl GameFeed {
    async fn current(&mut self) -> Reply {
        let (msg, ply) = current(&self.state, &self.slot, self.seats).await;
        self.known = ply;
        Reply::one(msg)
    }
}

impl crate::socket::Feature for GameFeed {
    type Event = Result<Event, RecvError>;

    async fn next_event(&mut self) -> Self::Event {
        self.events.recv().await
    }

    async fn on_event(&mut self, ev: Self::Event) -> Reply {
        match ev {
            Ok(Event::State {
                update,
                from,
                ply,
                swapped,
                to_move,
            }) => {
                if self.known != from {
                    return self.current().await;
                }
                // The client has the plies up to `from`: send only what is new.
                self.known = ply;
                let you = you_after(self.seats, swapped, to_move);
                Reply::text(format!(
                    "{{\"type\":\"update\",\"from\":{from},\"game\":{}}}",
                    with_you(&update, you)
                ))
            }
            Ok(Event::Presence) => match presence(&self.state, &self.slot).await {
                Some(p) => Reply::one(p),
                None => Reply::Nothing,
            },
            Ok(Event::Rematch { id, tokens }) => {
                let token = Side::ALL
                    .into_iter()
                    .find(|s| self.seats[*s] && tokens[*s].is_some())
                    .and_then(|s| tokens[s].clone());
                Reply::text(Out::Rematch { id, token }.text())
            }
            // Too slow to keep up: skip to the current state.
            Err(RecvError::Lagged(_)) => self.current().await,
            Err(RecvError::Closed) => Reply::Close,
        }
    }

    async fn on_text(&mut self, text: &str) -> Reply {
        let v: serde_json::Value = serde_json::from_str(text).unwrap_or_default();
        match v.get("type").and_then(|t| t.as_str()) {
            Some("ping") => Reply::text(Out::Pong.text()),
            Some("state") => self.current().await,
            _ => Reply::text(
                Out::Error {
                    error: "unknown message; send {\"type\":\"ping\"} or {\"type\":\"state\"}",
                    code: "bad_message",
                }
                .text(),
            ),
        }
    }
}

/// The messages of a game socket built here (`state` and `update` carry the game's JSON,
/// written once for every socket: `state_message`, `GameFeed::on_event`). docs/api.md,
/// "WebSocket".
#[derive(serde::Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Out {
    Pong,
    Rematch {
        id: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        token: Option<String>,
    },
    Presence {
        grace_ms: i64,
        away: Sides<Option<Away>>,
    },
    Error {
        error: &'static str,
        code: &'static str,
    },
}

/// A value per side, as the JSON names them.
#[derive(serde::Serialize)]
struct Sides<T> {
    south: T,
    north: T,
}

/// How long a player has been away and when their opponent may claim the game.
#[derive(serde::Serialize)]
struct Away {
    for_ms: i64,
    claim_in_ms: i64,
}

impl Out {
    fn text(&self) -> String {
        serde_json::to_string(self).expect("plain data")
    }
}
