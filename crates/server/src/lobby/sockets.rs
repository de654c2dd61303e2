//! The lobby's sockets: who is connected with which sockets, and their personal messages
//! (challenges, game starts, answers). A player's seeks and challenges go with their last
//! socket.

use super::core::{refuse, ConnId, Inner, Lobby, Text};
use super::spec::{Party, Player};
use crate::error::ApiError;
use std::collections::HashSet;
use std::sync::atomic::Ordering;
use tokio::sync::mpsc;

/// Lobby sockets of the whole server.
pub const MAX_SOCKETS: usize = 10_000;
/// Lobby sockets of one player (their tabs).
pub const SOCKETS_PER_PLAYER: usize = 8;
/// Personal messages queued for one socket; more are dropped (its client stopped reading).
pub const QUEUE: usize = 64;

pub(super) struct Conn {
    pub(super) player: String,
    pub(super) tx: mpsc::Sender<Text>,
}

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

    pub(super) fn party(&self, conn: ConnId) -> Result<Party, ApiError> {
        let c = self
            .conns
            .get(&conn)
            .ok_or_else(|| refuse("not_in_lobby", "this socket has left the lobby; reconnect"))?;
        let (player, _) = &self.players[&c.player];
        Ok(Party {
            conn,
            player: player.clone(),
        })
    }

    pub(super) fn name_of(&self, player: &str) -> Option<String> {
        self.players.get(player).map(|(p, _)| p.name.clone())
    }
}

impl Lobby {
    /// Lobby sockets open.
    pub fn sockets(&self) -> usize {
        self.lock().conns.len()
    }

    /// A new socket of `player`; its personal messages arrive on the receiver.
    pub fn connect(&self, player: Player) -> Result<(ConnId, mpsc::Receiver<Text>), ApiError> {
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
        g.by_name
            .insert(player.name.to_lowercase(), player.id.clone());
        // The newest socket's name counts (a guest who signed up in another tab).
        let entry = g
            .players
            .entry(player.id.clone())
            .or_insert_with(|| (player.clone(), HashSet::new()));
        entry.0 = player;
        entry.1.insert(id);
        Ok((id, rx))
    }

    /// A socket closed. The player's pool place goes with the socket that took it; their
    /// seeks and challenges go with their last socket.
    pub fn disconnect(&self, conn: ConnId) {
        let mut g = self.lock();
        let Some(c) = g.conns.remove(&conn) else {
            return;
        };
        let pid = c.player;
        if g.waiting
            .get(&pid)
            .and_then(|k| g.pools.get(k))
            .is_some_and(|pool| pool.iter().any(|w| w.party.conn == conn))
        {
            g.leave_pool(&pid);
        }
        let last = match g.players.get_mut(&pid) {
            Some((_, conns)) => {
                conns.remove(&conn);
                conns.is_empty()
            }
            None => true,
        };
        // Challenges sent from this socket are withdrawn (the answer would reach nobody).
        let sent: Vec<u64> = g
            .challenges
            .values()
            .filter(|ch| ch.from.conn == conn)
            .map(|ch| ch.id)
            .collect();
        for id in sent {
            g.end_challenge(id, "challenge_cancelled");
        }
        if !last {
            return;
        }
        g.remove_seeks_of(&pid);
        let received: Vec<u64> = g
            .challenges
            .values()
            .filter(|ch| ch.to == pid)
            .map(|ch| ch.id)
            .collect();
        for id in received {
            g.end_challenge(id, "challenge_declined");
        }
        if let Some((p, _)) = g.players.remove(&pid) {
            let key = p.name.to_lowercase();
            if g.by_name.get(&key) == Some(&pid) {
                g.by_name.remove(&key);
            }
        }
    }

    /// Sends a personal message to one socket.
    pub fn send(&self, conn: ConnId, text: Text) {
        self.lock().send(conn, &text);
    }
}
