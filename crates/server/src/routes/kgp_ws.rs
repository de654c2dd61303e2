//! KGP over a WebSocket at `/socket` on the web port: each line the server sends is one
//! text frame (clients read a frame as a line); a frame from the client may hold several.

use crate::client::ClientIp;
use crate::error::{ApiError, ApiResult};
use crate::kgp::link::{CloseOnDrop, Link};
use crate::kgp::session::{self, Chunk};
use crate::socket::{Feature, Reply};
use crate::state::AppState;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;
use axum::Router;
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
        .bots()
        .hub()
        .admit(ip)
        .await
        .map_err(|why| ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "kgp_full", why))?;
    let ws = ws.max_message_size(MAX_FRAME).max_frame_size(MAX_FRAME);
    Ok(ws.on_upgrade(move |socket| async move {
        serve(state, socket, &admitted, ip).await;
        drop(admitted);
    }))
}

async fn serve(
    state: AppState,
    socket: WebSocket,
    admitted: &crate::kgp::Admission,
    ip: Option<std::net::IpAddr>,
) {
    let (link, lines) = Link::new();
    let link = Arc::new(link);
    admitted.attach(&link, ip);
    let _close = CloseOnDrop(Arc::clone(&link));
    let (to_session, from_client) = mpsc::channel(16);
    let source = futures_util::stream::unfold(from_client, |mut rx| async move {
        rx.recv().await.map(|chunk| (chunk, rx))
    });
    let feed = KgpFeed {
        link: Arc::clone(&link),
        lines,
        to_session,
    };
    // KGP limits its own lines (`kgp::LINES_PER_SECOND`), so the shell reads without a budget.
    tokio::join!(
        session::run(state.bots().clone(), Arc::clone(&link), Box::pin(source)),
        crate::socket::run(&state, socket, None, Vec::new(), feed)
    );
}

/// KGP's side of the socket shell: each line the session queues goes out as one text frame;
/// each frame from the client goes to the session (which may find several lines in it).
struct KgpFeed {
    link: Arc<Link>,
    lines: mpsc::Receiver<String>,
    to_session: mpsc::Sender<Chunk>,
}

impl KgpFeed {
    async fn pass(&mut self, chunk: Chunk) -> Reply {
        match self.to_session.send(chunk).await {
            Ok(()) => Reply::Nothing,
            Err(_) => Reply::End,
        }
    }
}

impl Feature for KgpFeed {
    type Event = Option<String>;

    async fn next_event(&mut self) -> Option<String> {
        // Lines queued before the link closed (an error and `goodbye`) still go out first.
        tokio::select! {
            biased;
            line = self.lines.recv() => line,
            _ = self.link.closed() => None,
        }
    }

    async fn on_event(&mut self, line: Option<String>) -> Reply {
        match line {
            Some(line) => Reply::text(line.trim_end().to_string()),
            None => Reply::End,
        }
    }

    async fn on_text(&mut self, text: &str) -> Reply {
        self.pass(Chunk::Frame(text.to_string())).await
    }

    async fn on_binary(&mut self, bytes: &[u8]) -> Reply {
        self.pass(Chunk::Bytes(bytes.to_vec())).await
    }
}
