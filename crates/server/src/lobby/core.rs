//! The lobby's memory on one server, without sockets: this server's lobby sockets, and the
//! seek list of the whole cluster as the lobby's news told it (`news.rs`). What is offered
//! lives in the database (`shared.rs`); each part adds its piece of `impl Lobby`. Time comes
//! in as a value (Unix ms).

use super::spec::{ConnId, Party, Player, Spec};
use crate::error::ApiError;
use axum::http::StatusCode;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use tokio::sync::broadcast;

/// A message's text: cloned for each socket by reference count, never copied.
pub type Text = axum::extract::ws::Utf8Bytes;

/// Feed messages buffered for slow sockets (they then get the whole list).
pub(super) const EVENTS: usize = 64;
/// The watching sockets are split into this many groups, each with its own channel, and a
/// feed message goes to one group at a time (see [`Lobby::flush_feed`]).
pub(super) const SHARDS: usize = 64;

/// What every watching lobby socket hears: the seek changes of one short interval (or the
/// whole list), serialised once and shared by every socket (the cost of a busy feed is one
/// message per socket per interval, not one per change).
pub type Event = std::sync::Arc<Batch>;

/// Seek changes since the last feed message.
#[derive(Default)]
pub(super) struct Pending {
    pub(super) added: Vec<u64>,
    pub(super) removed: Vec<u64>,
    /// Too many changes to list: send the whole list.
    pub(super) whole: bool,
}

/// An open seek, as every server keeps it.
pub(super) struct Seek {
    pub(super) id: u64,
    pub(super) owner: Party,
    pub(super) spec: Spec,
    pub(super) rating: Option<f64>,
}

/// A lobby socket on this server.
pub(super) struct Conn {
    pub(super) player: String,
    pub(super) tx: tokio::sync::mpsc::Sender<Text>,
}

#[derive(Default)]
pub(super) struct Inner {
    pub(super) conns: HashMap<ConnId, Conn>,
    /// Each player connected here, and their sockets.
    pub(super) players: HashMap<String, (Player, HashSet<ConnId>)>,
    /// The open seeks of the whole cluster.
    pub(super) seeks: BTreeMap<u64, Seek>,
    /// Ids of seeks removed lately: a seek's addition that arrives after its removal (news
    /// from two servers crossing) is ignored. Ids are never reused.
    pub(super) gone: std::collections::VecDeque<u64>,
    pub(super) gone_set: HashSet<u64>,
    pub(super) pending: Pending,
    /// The whole list as sent (`seeks`, and inside `hello`), until the list changes.
    pub(super) snapshot: Option<std::sync::Arc<Batch>>,
    /// Wakes the feed task when a change is pending.
    pub(super) changed: std::sync::Arc<tokio::sync::Notify>,
}

/// The lobby of one server.
pub struct Lobby {
    inner: Mutex<Inner>,
    /// The feed's channels, one per group of sockets (by connection id).
    pub(super) shards: Box<[broadcast::Sender<Event>]>,
    pub(super) next_conn: AtomicU64,
    ticking: AtomicBool,
    /// Players wait in a pool: the next tick may pair them, so its transaction is synced
    /// to disk to store their games (on SQLite; an idle tick is not synced).
    pairs_due: AtomicBool,
    /// The seek list has been read from the database.
    pub(super) loaded: tokio::sync::OnceCell<()>,
    /// Sockets closed whose rows could not be deleted (the database was away): the tick
    /// tries again. Bounded by the sockets ever open here.
    forget: Mutex<Vec<ConnId>>,
}

impl Default for Lobby {
    fn default() -> Self {
        Lobby::new()
    }
}

pub(super) fn refuse(code: &'static str, message: impl Into<String>) -> ApiError {
    ApiError::new(StatusCode::CONFLICT, code, message)
}

pub(super) fn account_needed() -> ApiError {
    ApiError::forbidden(
        "account_needed",
        "rated games are between accounts; sign up or log in, or choose a casual game",
    )
}

impl Lobby {
    pub fn new() -> Lobby {
        // Below 2^63, so a socket's number is also a PostgreSQL BIGINT.
        let server = (crate::token::random_u64() >> 33) << 32;
        Lobby {
            inner: Mutex::new(Inner::default()),
            shards: (0..SHARDS).map(|_| broadcast::channel(EVENTS).0).collect(),
            next_conn: AtomicU64::new(server | 1),
            ticking: AtomicBool::new(false),
            pairs_due: AtomicBool::new(false),
            loaded: tokio::sync::OnceCell::new(),
            forget: Mutex::new(Vec::new()),
        }
    }

    /// True the first time only: the caller starts the pairing tick.
    pub fn start_ticking(&self) -> bool {
        !self.ticking.swap(true, Ordering::SeqCst)
    }

    pub(super) fn pairs_due(&self) -> bool {
        self.pairs_due.load(Ordering::Relaxed)
    }

    pub(super) fn set_pairs_due(&self, due: bool) {
        self.pairs_due.store(due, Ordering::Relaxed);
    }

    pub(super) fn forget_later(&self, conn: ConnId) {
        self.forget.lock().expect("lobby lock").push(conn);
    }

    pub(super) fn take_forget_later(&self) -> Vec<ConnId> {
        std::mem::take(&mut *self.forget.lock().expect("lobby lock"))
    }

    pub(super) fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().expect("lobby lock")
    }
}

/// A message with seeks in it, serialised once (made and sent by `list.rs`).
#[derive(Debug)]
pub struct Shared {
    pub(super) text: Text,
    /// Where the seeks of each owner (player id) say `false` after `"mine":`.
    pub(super) mine: std::collections::HashMap<String, Vec<usize>>,
}

/// Messages about the seek list that go out together (a feed interval's changes, or the
/// whole list), in parts of at most `list::PART` seeks, each serialised once (`list.rs`).
#[derive(Debug)]
pub struct Batch {
    pub(super) parts: Vec<Shared>,
}
