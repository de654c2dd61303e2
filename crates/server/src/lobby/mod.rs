//! The lobby where people find each other: open seeks, quick-pairing pools and challenges.
//!
//! What is offered lives in the database, shared by every server on it (`shared.rs`, and
//! `kalah_storage::lobby` for the design), and dies with its creator's lobby sockets on
//! whichever server they are. Each server's [`Lobby`] holds its own sockets and the seek
//! list as the lobby's news tells it (`news.rs`), for the hello and the feed. The WebSocket
//! in [`ws`] and the game creation in [`start`] are thin shells around it. The wire protocol
//! is in `docs/api.md`, "Lobby".

mod accept;
mod challenges;
mod core;
mod feed;
mod list;
mod news;
mod out;
mod pools;
mod seeks;
mod shared;
mod sockets;
mod spec;
pub mod start;
#[cfg(test)]
mod testing;

pub use self::core::Event;
pub use self::core::{Lobby, Text};
pub use self::out::{GameStart, Out, You};
pub use self::pools::START_RATING;
pub use self::sockets::MAX_SOCKETS;
pub use self::spec::ConnId;
pub use self::spec::{Match, Party, Player, Spec, Variant};

use crate::games::{Games, WeakGames};
use std::sync::Arc;

/// The lobby feature: this server's [`Lobby`] memory over the games in play, where the
/// games it pairs start.
#[derive(Clone)]
pub struct Service {
    core: Arc<Lobby>,
    games: Games,
}

/// A [`Service`] that does not keep the server alive (for the news listener's thread).
#[derive(Clone)]
pub(crate) struct WeakService {
    core: std::sync::Weak<Lobby>,
    games: WeakGames,
}

impl WeakService {
    pub(crate) fn upgrade(&self) -> Option<Service> {
        Some(Service {
            core: self.core.upgrade()?,
            games: self.games.upgrade()?,
        })
    }

    pub(crate) fn alive(&self) -> bool {
        self.core.strong_count() > 0 && self.games.alive()
    }
}

impl Service {
    pub fn new(games: Games) -> Service {
        Service {
            core: Arc::new(Lobby::new()),
            games,
        }
    }

    /// This server's lobby memory.
    pub fn lobby(&self) -> &Lobby {
        &self.core
    }

    /// Lobby sockets open on this server.
    pub fn sockets(&self) -> usize {
        self.core.sockets()
    }

    pub(crate) fn weak(&self) -> WeakService {
        WeakService {
            core: Arc::downgrade(&self.core),
            games: self.games.weak(),
        }
    }

    fn db(&self) -> &crate::db::DbHandle {
        self.games.db()
    }

    fn instance(&self) -> &str {
        self.games.instance()
    }

    fn now(&self) -> i64 {
        self.games.now()
    }
}
