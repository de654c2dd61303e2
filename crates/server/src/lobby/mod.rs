//! The lobby where people find each other: open seeks, quick-pairing pools and challenges.
//!
//! What is offered lives in the database, shared by every server on it (`shared.rs`, and
//! `kalah_storage::lobby` for the design), and dies with its creator's lobby sockets on
//! whichever server they are. Each server's [`Lobby`] holds its own sockets and the seek
//! list as the lobby's news tells it (`news.rs`), for the hello and the feed. The WebSocket
//! in [`ws`] and the game creation in [`start`] are thin shells around it. The wire protocol
//! is in `docs/api.md`, "Lobby".

mod challenges;
mod core;
mod feed;
mod news;
mod pools;
mod seeks;
mod shared;
mod sockets;
mod spec;
pub mod start;
#[cfg(test)]
mod testing;
pub mod ws;

pub use self::core::Lobby;
pub use self::feed::Event;
pub use self::spec::{Match, Party, Player, Spec, Variant};

impl crate::state::AppState {
    /// Lobby sockets open on this server.
    pub fn lobby_sockets(&self) -> usize {
        self.lobby().sockets()
    }
}
