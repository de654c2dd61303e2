//! KGP over a WebSocket at `/socket` on the web port: each line the server sends is one
//! text frame (clients read a frame as a line); a frame from the client may hold several.

use super::link::Link;
use super::session::{self, Chunk};
use crate::client::ClientIp;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;
use axum::Router;
use futures_util::{SinkExt, StreamExt};
use std::sync::Arc;
use tokio::sync::mpsc;

/// Largest frame a client may send: a few lines of the longest length.
const MAX_FRAME: usize = 4 * kalah_kgp::MAX_LINE;

pub fn router() -> Router<AppState> {
    Router::new().route("/socket", get(upgrade))
}

async fn upgrade(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> ApiResult<Response> {
    let ws = ws.map_err(|e| {
        ApiError::bad_request(
            "not_websocket",
            format!("this address speaks the Kalah Game Protocol over a WebSocket; see docs/kgp.md ({e})"),
        )
    })?;
    let admitted = state
        .kgp()
        .admit(ip)
        .map_err(|why| ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "kgp_full", why))?;
    let ws = ws.max_message_size(MAX_FRAME).max_frame_size(MAX_FRAME);
    Ok(ws.on_upgrade(move |socket| async move {
        serve(state, socket).await;
        drop(admitted);
    }))
}

async fn serve(state: AppState, socket: WebSocket) {
    let (tx, rx_ws) = socket.split();
    let (link, rx) = Link::new();
    let link = Arc::new(link);
    let _close = super::tcp::CloseOnDrop(Arc::clone(&link));
    let source = rx_ws.filter_map(|m| async move {
        match m {
            Ok(Message::Text(t)) => Some(Some(Chunk::Frame(t.to_string()))),
            Ok(Message::Binary(b)) => Some(Some(Chunk::Bytes(b.to_vec()))),
            Ok(Message::Close(_)) | Err(_) => Some(None),
            Ok(_) => None,
        }
    });
    // A close frame or an error ends the stream.
    let source = source
        .take_while(|c| std::future::ready(c.is_some()))
        .filter_map(std::future::ready);
    let _open = state.drain().socket();
    let draining = state.drain().started();
    tokio::join!(
        session::run(state, Arc::clone(&link), Box::pin(source)),
        write_frames(Arc::clone(&link), rx, tx, draining)
    );
}

async fn write_frames(
    link: Arc<Link>,
    mut rx: mpsc::Receiver<String>,
    mut tx: futures_util::stream::SplitSink<WebSocket, Message>,
    draining: impl std::future::Future<Output = ()>,
) {
    let limit = super::tcp::SEND_LIMIT;
    let mut draining = std::pin::pin!(draining);
    let mut restart = false;
    loop {
        let line = tokio::select! {
            l = rx.recv() => l,
            _ = link.closed() => break,
            _ = &mut draining => {
                // The server restarts: the bot should reconnect (to another instance).
                restart = true;
                link.close();
                break;
            }
        };
        let Some(line) = line else { break };
        let frame = Message::Text(line.trim_end().to_string().into());
        match tokio::time::timeout(limit, tx.send(frame)).await {
            Ok(Ok(())) => {}
            _ => {
                link.close();
                return;
            }
        }
    }
    let flush = async {
        while let Ok(line) = rx.try_recv() {
            if tx
                .send(Message::Text(line.trim_end().to_string().into()))
                .await
                .is_err()
            {
                return;
            }
        }
        if restart {
            let _ = tx.send(crate::drain::close_message()).await;
        } else {
            let _ = tx.close().await;
        }
    };
    let _ = tokio::time::timeout(std::time::Duration::from_secs(1), flush).await;
}
