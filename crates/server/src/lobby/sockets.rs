//! This server's lobby sockets: who is connected here with which sockets, and their
//! personal messages (challenges, game starts, answers). The database lists every server's
//! sockets too (`shared.rs`), for challenges and for what goes with a player's last socket.

use super::core::{refuse, Conn, Inner, Lobby, Text};
use super::spec::{ConnId, Party, Player};
use crate::error::ApiError;
use std::collections::HashSet;
use std::sync::atomic::Ordering;
use tokio::sync::mpsc;

/// Lobby sockets of one server.
pub const MAX_SOCKETS: usize = 10_000;
/// Lobby sockets of one player (their tabs) on one server.
pub const SOCKETS_PER_PLAYER: usize = 8;
/// Personal messages queued for one socket; more are dropped (its client stopped reading).
pub const QUEUE: usize = 64;

impl Inner {
    pub(super) fn send(&self, conn: ConnId, text: &Text) {
        if let Some(c) = self.conns.get(&conn) {
            // A full queue means a socket that stopped reading; its task closes it.
            let _ = c.tx.try_send(text.clone());
        }
    }

    pub(super) fn send_player(&self, player: &str, text: &Text) {
        if let Some((_, conns)) = self.players.get(player) {
            for &c in conns {
                self.send(c, text);
            }
        }
    }
}

impl Lobby {
    /// Lobby sockets open on this server.
    pub fn sockets(&self) -> usize {
        self.lock().conns.len()
    }

    /// The player of socket `conn` of this server.
    pub(super) fn party(&self, conn: ConnId) -> Result<Party, ApiError> {
        let g = self.lock();
        let c = g
            .conns
            .get(&conn)
            .ok_or_else(|| refuse("not_in_lobby", "this socket has left the lobby; reconnect"))?;
        let (player, _) = &g.players[&c.player];
        Ok(Party {
            conn,
            player: player.clone(),
        })
    }

    /// A new socket of `player` on this server; its personal messages arrive on the receiver.
    pub(super) fn connect_here(
        &self,
        player: Player,
    ) -> Result<(ConnId, mpsc::Receiver<Text>), ApiError> {
        let mut g = self.lock();
        if g.conns.len() >= MAX_SOCKETS {
            return Err(ApiError::unavailable(
                "the lobby is full; try again in a minute",
            ));
        }
        let open = g.players.get(&player.id).map_or(0, |(_, c)| c.len());
        if open >= SOCKETS_PER_PLAYER {
            return Err(ApiError::too_many(format!(
                "you have the lobby open in {SOCKETS_PER_PLAYER} tabs already; close some and try again"
            )));
        }
        let id = self.next_conn.fetch_add(1, Ordering::Relaxed);
        let (tx, rx) = mpsc::channel(QUEUE);
        g.conns.insert(
            id,
            Conn {
                player: player.id.clone(),
                tx,
            },
        );
        // The newest socket's name counts (a guest who signed up in another tab).
        let entry = g
            .players
            .entry(player.id.clone())
            .or_insert_with(|| (player.clone(), HashSet::new()));
        entry.0 = player;
        entry.1.insert(id);
        Ok((id, rx))
    }

    /// Socket `conn` of this server closed.
    pub(super) fn disconnect_here(&self, conn: ConnId) {
        let mut g = self.lock();
        let Some(c) = g.conns.remove(&conn) else {
            return;
        };
        if let Some((_, conns)) = g.players.get_mut(&c.player) {
            conns.remove(&conn);
            if conns.is_empty() {
                g.players.remove(&c.player);
            }
        }
    }
}
