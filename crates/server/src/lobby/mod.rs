//! The lobby where people find each other: open seeks, quick-pairing pools and challenges.
//!
//! Everything here lives in memory and dies with its creator's lobby sockets, so one
//! [`Lobby`] per server is the whole store. Its interface (connections in, events and
//! matches out, time passed in as a value) is what a multi-instance version backed by a
//! shared database would keep; the WebSocket in [`ws`] and the game creation in [`start`]
//! are thin shells around it. The wire protocol is in `docs/api.md`, "Lobby".

mod challenges;
mod core;
mod feed;
mod pools;
mod seeks;
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
    /// Players waiting in the pools of quick pairing.
    pub fn lobby_waiting(&self) -> usize {
        self.lobby().waiting()
    }

    /// Lobby sockets open.
    pub fn lobby_sockets(&self) -> usize {
        self.lobby().sockets()
    }
}
