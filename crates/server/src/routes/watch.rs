//! The Watch page's games: `GET /api/watch` (the list now) and `GET /api/watch/ws` (the list
//! at once, then again whenever it changed, at most once a second).
//!
//! Every socket is sent the same text, built at most once a second by one task
//! ([`crate::watch::Index::publish_lists`]): the work does not grow with the number of moves
//! played nor with the number of sockets, which is capped anyway ([`MAX_SOCKETS`], and the
//! per-address cap of game sockets).

use crate::client::ClientIp;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use futures_util::{SinkExt, StreamExt};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Most Watch sockets open at once (503 beyond).
pub const MAX_SOCKETS: usize = 2000;

/// How often the server pings a socket, and how long a silent one stays open.
const PING_EVERY: Duration = Duration::from_secs(20);
const SILENCE_LIMIT: Duration = Duration::from_secs(60);

/// A message the client does not take within this long closes the socket.
const SEND_LIMIT: Duration = Duration::from_secs(10);

/// Largest message a client may send (it only sends pings).
const MAX_MESSAGE: usize = 1024;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/watch", get(list))
        .route("/api/watch/ws", get(upgrade))
}

async fn list(State(state): State<AppState>) -> Response {
    let (_, text) = state.watch_list().await;
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
    let count = Arc::clone(state.watch_sockets());
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

fn games_message(list: &str) -> Message {
    Message::Text(Utf8Bytes::from(format!(
        "{{\"type\":\"games\",{}",
        &list[1..]
    )))
}

async fn serve(state: AppState, socket: WebSocket) {
    // Subscribe before reading the list, so no change can fall between the two.
    let mut lists = state.watch().lists();
    lists.mark_unchanged();
    let (mut tx, mut rx) = socket.split();
    // The list as it is now (the published one can be up to a second older).
    let (mut sent, list) = state.watch_list().await;
    if send(&mut tx, games_message(&list)).await.is_err() {
        return;
    }
    let mut ping = tokio::time::interval(PING_EVERY);
    ping.tick().await;
    let mut heard = tokio::time::Instant::now();
    let _open = state.drain().socket();
    let mut draining = std::pin::pin!(state.drain().started());
    loop {
        let out = tokio::select! {
            _ = &mut draining => {
                let _ = send(&mut tx, crate::drain::close_message()).await;
                return;
            }
            r = lists.changed() => {
                if r.is_err() {
                    return;
                }
                let (version, list) = lists.borrow_and_update().clone();
                // Not older than what this socket has.
                if version <= sent {
                    continue;
                }
                sent = version;
                games_message(&list)
            }
            msg = rx.next() => {
                heard = tokio::time::Instant::now();
                match msg {
                    Some(Ok(Message::Text(t))) if t.contains("\"ping\"") => {
                        Message::Text(r#"{"type":"pong"}"#.into())
                    }
                    Some(Ok(Message::Close(_))) => {
                        let _ = tx.close().await;
                        return;
                    }
                    None | Some(Err(_)) => return,
                    Some(Ok(_)) => continue,
                }
            }
            _ = ping.tick() => {
                if heard.elapsed() > SILENCE_LIMIT {
                    return;
                }
                Message::Ping(Default::default())
            }
        };
        if send(&mut tx, out).await.is_err() {
            return;
        }
    }
}

async fn send(
    tx: &mut futures_util::stream::SplitSink<WebSocket, Message>,
    msg: Message,
) -> Result<(), ()> {
    match tokio::time::timeout(SEND_LIMIT, tx.send(msg)).await {
        Ok(Ok(())) => Ok(()),
        _ => Err(()),
    }
}
