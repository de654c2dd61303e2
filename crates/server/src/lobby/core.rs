//! The lobby's state, without sockets: one [`Lobby`] behind one lock, and what its parts
//! share. Who is connected is in `sockets`, the open seeks in `seeks`, the pools of quick
//! pairing in `pools`, the challenges in `challenges` and the seek feed in `feed`; each
//! adds its part of `impl Lobby`. Time comes in as a value (Unix ms).

use super::challenges::Challenge;
use super::feed::{Event, Pending, EVENTS, SHARDS};
use super::pools::Waiter;
use super::seeks::Seek;
use super::sockets::Conn;
use super::spec::{Player, Variant};
use crate::error::ApiError;
use axum::http::StatusCode;
use kalah_online::TimeControl;
use serde_json::Value;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use tokio::sync::broadcast;

/// A message's text: cloned for each socket by reference count, never copied.
pub type Text = axum::extract::ws::Utf8Bytes;

/// A lobby connection (one socket).
pub type ConnId = u64;

#[derive(Default)]
pub(super) struct Inner {
    pub(super) conns: HashMap<ConnId, Conn>,
    /// Each connected player, and their sockets.
    pub(super) players: HashMap<String, (Player, HashSet<ConnId>)>,
    /// Player ids by lower-case name, for challenges.
    pub(super) by_name: HashMap<String, String>,
    pub(super) seeks: BTreeMap<u64, Seek>,
    pub(super) pools: HashMap<(Variant, TimeControl, bool), Vec<Waiter>>,
    /// Which pool each waiting player is in.
    pub(super) waiting: HashMap<String, (Variant, TimeControl, bool)>,
    pub(super) challenges: BTreeMap<u64, Challenge>,
    next_id: u64,
    pub(super) pending: Pending,
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

pub(super) fn msg(v: Value) -> Text {
    Text::from(v.to_string())
}

impl Inner {
    /// The next seek or challenge id.
    pub(super) fn next_id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }
}

impl Lobby {
    pub fn new() -> Lobby {
        Lobby {
            inner: Mutex::new(Inner::default()),
            shards: (0..SHARDS).map(|_| broadcast::channel(EVENTS).0).collect(),
            next_conn: AtomicU64::new(1),
            ticking: AtomicBool::new(false),
        }
    }

    /// True the first time only: the caller starts the pairing tick.
    pub fn start_ticking(&self) -> bool {
        !self.ticking.swap(true, Ordering::SeqCst)
    }

    pub(super) fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().expect("lobby lock")
    }
}
