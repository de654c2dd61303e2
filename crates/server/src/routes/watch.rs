//! The Watch page's games: `GET /api/watch` (the list now) and `GET /api/watch/ws` (the list
//! at once, then again whenever it changed, at most once a second).
//!
//! Every socket is sent the same text, built at most once a second by one task
//! ([`crate::watch::Index::publish_lists`]): the work does not grow with the number of moves
//! played nor with the number of sockets, which is capped anyway ([`MAX_SOCKETS`], and the
//! per-address cap of game sockets).

use crate::client::ClientIp;
use crate::error::{ApiError, ApiResult};
use crate::socket::Reply;
use crate::state::AppState;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// Most Watch sockets open at once (503 beyond).
pub const MAX_SOCKETS: usize = 2000;

/// Largest message a client may send (it only sends pings).
const MAX_MESSAGE: usize = 1024;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/watch", get(list))
        .route("/api/watch/ws", get(upgrade))
}

async fn list(State(state): State<AppState>) -> Response {
    let (_, text) = state.games().watch_list().await;
    (
        StatusCode::OK,
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        text.to_string(),
    )
        .into_response()
}

/// A socket's place in the count, given back when it closes.
struct Counted(Arc<AtomicUsize>);

impl Drop for Counted {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

async fn upgrade(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> ApiResult<Response> {
    let ws = crate::routes::ws::handshake(ws)?;
    let address = crate::routes::ws::address_slot(&state, ip)?;
    let count = Arc::clone(state.games().watch_sockets());
    if count.fetch_add(1, Ordering::Relaxed) >= MAX_SOCKETS {
        count.fetch_sub(1, Ordering::Relaxed);
        return Err(ApiError::unavailable(
            "too many people are watching the list of games; reload the page in a minute",
        ));
    }
    let counted = Counted(count);
    let ws = ws.max_message_size(MAX_MESSAGE).max_frame_size(MAX_MESSAGE);
    Ok(ws.on_upgrade(move |socket| async move {
        serve(state, socket).await;
        drop((counted, address));
    }))
}

/// What a Watch socket reads (docs/api.md, "GET /api/watch/ws"); anything else is ignored.
#[derive(serde::Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum In {
    Ping,
}

/// What a Watch socket sends: `pong`, or the list of games as the Watch index serialised it
/// once for every socket (`{"games": [...], "total": N}`), tagged `games` by splicing.
const PONG: &str = r#"{"type":"pong"}"#;

fn games_message(list: &str) -> Message {
    Message::Text(Utf8Bytes::from(format!(
        "{{\"type\":\"games\",{}",
        &list[1..]
    )))
}

async fn serve(state: AppState, socket: WebSocket) {
    // Subscribe before reading the list, so no change can fall between the two.
    let mut lists = state.games().watch().lists();
    lists.mark_unchanged();
    // The list as it is now (the published one can be up to a second older).
    let (sent, list) = state.games().watch_list().await;
    let feed = ListFeed { lists, sent };
    crate::socket::run(&state, socket, None, vec![games_message(&list)], feed).await;
}

/// The Watch socket's side of the shell: each newer list of games; the client only pings.
struct ListFeed {
    lists: tokio::sync::watch::Receiver<crate::watch::List>,
    /// The version of the list this socket has.
    sent: u64,
}

impl crate::socket::Feature for ListFeed {
    type Event = bool;

    /// Whether the list changed (false: the index is gone).
    async fn next_event(&mut self) -> bool {
        self.lists.changed().await.is_ok()
    }

    async fn on_event(&mut self, changed: bool) -> Reply {
        if !changed {
            return Reply::Close;
        }
        let (version, list) = self.lists.borrow_and_update().clone();
        // Not older than what this socket has.
        if version <= self.sent {
            return Reply::Nothing;
        }
        self.sent = version;
        Reply::one(games_message(&list))
    }

    async fn on_text(&mut self, text: &str) -> Reply {
        match serde_json::from_str::<In>(text) {
            Ok(In::Ping) => Reply::text(PONG),
            Err(_) => Reply::Nothing,
        }
    }
}
