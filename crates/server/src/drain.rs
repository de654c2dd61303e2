//! Graceful drain: on SIGTERM or Ctrl-C the server reports itself not ready, stops
//! accepting, lets requests finish and closes every WebSocket with 1012 (service restart)
//! and a reason asking the client to reconnect, rather than dropping it (1006).

use axum::extract::ws::{CloseFrame, Message};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{watch, Notify};

/// The WebSocket close code for "service restart": the client should reconnect.
pub const SERVICE_RESTART: u16 = 1012;

/// The close reason sent with [`SERVICE_RESTART`].
pub const REASON: &str = "the server is restarting; reconnect";

/// Whether the server drains, and the WebSockets still open.
pub struct Drain {
    draining: watch::Sender<bool>,
    sockets: Arc<Open>,
}

#[derive(Default)]
struct Open {
    count: AtomicUsize,
    none_left: Notify,
}

/// One open WebSocket, counted until dropped.
pub struct Socket(Arc<Open>);

impl Drop for Socket {
    fn drop(&mut self) {
        if self.0.count.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.0.none_left.notify_waiters();
        }
    }
}

impl Default for Drain {
    fn default() -> Drain {
        Drain {
            draining: watch::Sender::new(false),
            sockets: Arc::default(),
        }
    }
}

impl Drain {
    /// Starts draining (again is harmless).
    pub fn start(&self) {
        self.draining.send_replace(true);
    }

    pub fn is_draining(&self) -> bool {
        *self.draining.borrow()
    }

    /// Completes once draining has started.
    pub fn started(&self) -> impl std::future::Future<Output = ()> + Send + 'static {
        let mut rx = self.draining.subscribe();
        async move {
            // An error means the sender is gone: the server is going away too.
            let _ = rx.wait_for(|d| *d).await;
        }
    }

    /// Counts a WebSocket as open until the returned guard is dropped.
    pub fn socket(&self) -> Socket {
        self.sockets.count.fetch_add(1, Ordering::SeqCst);
        Socket(Arc::clone(&self.sockets))
    }

    /// WebSockets open now.
    pub fn open_sockets(&self) -> usize {
        self.sockets.count.load(Ordering::SeqCst)
    }

    /// Waits until every counted WebSocket has closed, at most `limit`; false if some
    /// were still open then.
    pub async fn sockets_closed(&self, limit: Duration) -> bool {
        let wait = async {
            loop {
                let notified = self.sockets.none_left.notified();
                let mut notified = std::pin::pin!(notified);
                // Registered before the count is read, so a close in between is not missed.
                notified.as_mut().enable();
                if self.open_sockets() == 0 {
                    return;
                }
                notified.await;
            }
        };
        tokio::time::timeout(limit, wait).await.is_ok()
    }
}

/// The close frame a draining server sends on every WebSocket.
pub fn close_message() -> Message {
    Message::Close(Some(CloseFrame {
        code: SERVICE_RESTART,
        reason: REASON.into(),
    }))
}
