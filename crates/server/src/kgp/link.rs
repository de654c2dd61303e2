//! One KGP connection as the rest of the server sees it: a bounded queue of lines to send,
//! the player's name and token, and the state request the player is answering.
//!
//! Sending never waits: a line that does not fit in the queue means the reader is too slow,
//! and the connection is closed (the game it plays is lost) instead of buffering without end.

use kalah_kgp::Command;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::{mpsc, Notify};

/// Lines queued for a connection's writer; one more closes the connection.
pub const OUT_QUEUE: usize = 64;

/// Longest name, authors or description kept, in characters (longer ones are cut).
pub const MAX_INFO: usize = 64;

/// Longest comment kept with a move, in characters (longer ones are cut).
pub const MAX_COMMENT: usize = 200;

/// What a player told about itself with `set`.
#[derive(Debug, Clone, Default)]
pub struct Info {
    pub name: Option<String>,
    pub authors: Option<String>,
    pub description: Option<String>,
    /// SHA-256 (hex) of `auth:token`.
    pub token_hash: Option<String>,
    /// The rating id, once the token was registered under the name (rated games only).
    pub rated_id: Option<String>,
}

/// The answer to one `state` request so far: what its moves and yield mean is the host's
/// request of `kalah_kgp`, shared with the match runner.
#[derive(Debug)]
struct Request {
    answer: kalah_kgp::host::Request,
    /// The last `info:comment` sent while the request was open.
    comment: Option<String>,
}
pub struct Link {
    out: mpsc::Sender<String>,
    next_id: AtomicU64,
    closed: AtomicBool,
    /// Woken on `yield` and on close.
    wake: Notify,
    /// Woken on close only (the connection's own tasks wait on it).
    gone: Notify,
    request: Mutex<Option<Request>>,
    /// The comment of the request that ended last.
    comment: Mutex<Option<String>>,
    /// The game being played, if any, and the seat it plays there.
    game: Mutex<Option<(String, kalah_rules::Side)>>,
    /// This connection's number on this server (its row among the bots online of a cluster).
    pub number: u64,
    pub info: Mutex<Info>,
}

/// The next connection's number.
static NUMBERS: AtomicU64 = AtomicU64::new(1);

/// How a state request ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    /// The last move sent (none: the player sent no move).
    Move(Option<i64>),
    /// The connection closed.
    Gone,
}

impl Link {
    /// A link and the receiving end of its queue (for the connection's writer).
    pub fn new() -> (Link, mpsc::Receiver<String>) {
        let (out, rx) = mpsc::channel(OUT_QUEUE);
        let link = Link {
            out,
            // The server's IDs are even (2, 4, ...); kgp.py's are odd, so logs never mix them.
            next_id: AtomicU64::new(2),
            closed: AtomicBool::new(false),
            wake: Notify::new(),
            gone: Notify::new(),
            request: Mutex::new(None),
            comment: Mutex::new(None),
            game: Mutex::new(None),
            number: NUMBERS.fetch_add(1, Ordering::Relaxed),
            info: Mutex::new(Info::default()),
        };
        (link, rx)
    }

    /// A fresh ID for a command of the server.
    pub fn next_id(&self) -> u64 {
        self.next_id.fetch_add(2, Ordering::Relaxed)
    }

    pub fn is_closed(&self) -> bool {
        self.closed.load(Ordering::Acquire)
    }

    /// Queues a command; false (and the connection closed) when the reader is too slow,
    /// false when the connection is closed already.
    pub fn send(&self, c: &Command) -> bool {
        if self.is_closed() {
            return false;
        }
        match self.out.try_send(c.to_line()) {
            Ok(()) => true,
            Err(mpsc::error::TrySendError::Full(_)) => {
                tracing::debug!("KGP: closing a connection that does not read what it is sent");
                self.close();
                false
            }
            Err(mpsc::error::TrySendError::Closed(_)) => {
                self.close();
                false
            }
        }
    }

    /// Marks the connection closed and wakes everyone waiting on it.
    pub fn close(&self) {
        if !self.closed.swap(true, Ordering::AcqRel) {
            self.wake.notify_waiters();
            self.gone.notify_waiters();
        }
    }

    /// Completes when the connection is closed.
    pub async fn closed(&self) {
        loop {
            let n = self.gone.notified();
            tokio::pin!(n);
            n.as_mut().enable();
            if self.is_closed() {
                return;
            }
            n.await;
        }
    }

    /// The player's name, or `Anonymous`.
    pub fn name(&self) -> String {
        let info = self.info.lock().expect("link info");
        info.name.clone().unwrap_or_else(|| "Anonymous".to_string())
    }

    pub fn token_hash(&self) -> Option<String> {
        self.info.lock().expect("link info").token_hash.clone()
    }

    pub fn rated_id(&self) -> Option<String> {
        self.info.lock().expect("link info").rated_id.clone()
    }

    /// The game being played, if any.
    pub fn game(&self) -> Option<String> {
        self.game
            .lock()
            .expect("link game")
            .as_ref()
            .map(|(g, _)| g.clone())
    }

    /// The game being played and the seat played there.
    pub fn seat(&self) -> Option<(String, kalah_rules::Side)> {
        self.game.lock().expect("link game").clone()
    }

    pub fn set_game(&self, game: Option<(String, kalah_rules::Side)>) {
        *self.game.lock().expect("link game") = game;
    }

    /// Keeps `text` as the comment of the open request (none open: dropped).
    pub fn record_comment(&self, text: String) {
        if let Some(req) = self.request.lock().expect("link request").as_mut() {
            req.comment = Some(text);
        }
    }

    /// The comment of the request that ended last, once.
    pub fn take_comment(&self) -> Option<String> {
        self.comment.lock().expect("link comment").take()
    }

    /// Starts a state request with ID `id`, replacing any other.
    pub fn begin(&self, id: u64) {
        *self.request.lock().expect("link request") = Some(Request {
            answer: kalah_kgp::host::Request::new(id),
            comment: None,
        });
    }

    /// Takes a `move` or `yield` of the player for the open request (none open: ignored);
    /// a yield wakes the wait.
    pub fn record(&self, c: &Command) {
        let mut r = self.request.lock().expect("link request");
        if let Some(req) = r.as_mut() {
            if req.answer.hear(c) == kalah_kgp::host::Heard::Yield {
                drop(r);
                self.wake.notify_waiters();
            }
        }
    }

    /// Waits until the player yields, the time is up or the connection closes, then ends the
    /// request and returns its answer.
    pub async fn wait(&self, deadline: tokio::time::Instant) -> Answer {
        loop {
            let n = self.wake.notified();
            tokio::pin!(n);
            n.as_mut().enable();
            if self.is_closed() {
                self.request.lock().expect("link request").take();
                return Answer::Gone;
            }
            let yielded = self
                .request
                .lock()
                .expect("link request")
                .as_ref()
                .is_none_or(|r| r.answer.yielded());
            if yielded {
                break;
            }
            tokio::select! {
                _ = &mut n => {}
                _ = tokio::time::sleep_until(deadline) => break,
            }
        }
        let req = self.request.lock().expect("link request").take();
        *self.comment.lock().expect("link comment") = req.as_ref().and_then(|r| r.comment.clone());
        Answer::Move(req.and_then(|r| r.answer.best()))
    }
}

/// A line the client does not take within this long closes the connection.
pub const SEND_LIMIT: std::time::Duration = std::time::Duration::from_secs(10);

/// Closes a link when dropped.
pub struct CloseOnDrop(pub Arc<Link>);

impl Drop for CloseOnDrop {
    fn drop(&mut self) {
        self.0.close();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;
    use tokio::time::Instant;

    #[tokio::test]
    async fn the_last_move_counts_and_yield_ends_the_wait() {
        let (link, _rx) = Link::new();
        let line = |s: &str| s.parse::<Command>().unwrap();
        link.begin(4);
        link.record(&line("@4 move 1"));
        link.record(&line("@3 move 5")); // another request: ignored
        link.record(&line("@4 move 2"));
        link.record(&line("@4 yield"));
        link.record(&line("@4 move 6")); // after yield: ignored
        let t = Instant::now();
        link.record_comment("after the yield, still this request".into());
        let a = link.wait(t + Duration::from_secs(5)).await;
        assert_eq!(a, Answer::Move(Some(2)));
        assert_eq!(
            link.take_comment().as_deref(),
            Some("after the yield, still this request")
        );
        assert_eq!(link.take_comment(), None);
        assert!(t.elapsed() < Duration::from_secs(1));
        // After the request ended, moves are ignored.
        link.record(&line("@4 move 3"));
        link.begin(6);
        let a = link.wait(Instant::now() + Duration::from_millis(20)).await;
        assert_eq!(a, Answer::Move(None));
    }

    #[tokio::test]
    async fn a_full_queue_closes_the_link() {
        let (link, mut rx) = Link::new();
        for _ in 0..OUT_QUEUE {
            assert!(link.send(&Command::new("ping")));
        }
        assert!(!link.is_closed());
        assert!(!link.send(&Command::new("ping")));
        assert!(link.is_closed());
        assert_eq!(rx.recv().await.as_deref(), Some("ping\r\n"));
        link.begin(2);
        assert_eq!(
            link.wait(Instant::now() + Duration::from_secs(5)).await,
            Answer::Gone
        );
    }
}
