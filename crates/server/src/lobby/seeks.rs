//! Open seeks: a player offers a game, anyone else may accept it; a seek lives as long as
//! its player has a lobby socket open.

use super::core::{account_needed, refuse, ConnId, Inner, Lobby};
use super::spec::{Match, Party, Spec};
use crate::error::ApiError;
use serde_json::{json, Value};

/// Open seeks of one player, and of everyone.
pub const SEEKS_PER_PLAYER: usize = 3;
pub const MAX_SEEKS: usize = 1_000;

pub(super) struct Seek {
    pub(super) id: u64,
    pub(super) owner: Party,
    pub(super) spec: Spec,
    pub(super) rating: Option<f64>,
}

impl Seek {
    pub(super) fn json(&self, mine: bool) -> Value {
        let mut v = self.spec.json();
        v["id"] = json!(self.id);
        v["name"] = json!(self.owner.player.name);
        v["account"] = json!(self.owner.player.account);
        v["rating"] = json!(self.rating.map(f64::round));
        v["mine"] = json!(mine);
        v
    }
}

impl Inner {
    /// A removal is always listed, even of a seek added since the last feed message: a
    /// socket that connected in between saw it in its hello.
    pub(super) fn remove_seek(&mut self, id: u64) -> Option<Seek> {
        let s = self.seeks.remove(&id)?;
        self.change(false, id);
        Some(s)
    }

    pub(super) fn remove_seeks_of(&mut self, player: &str) {
        let ids: Vec<u64> = self
            .seeks
            .values()
            .filter(|s| s.owner.player.id == player)
            .map(|s| s.id)
            .collect();
        for id in ids {
            self.remove_seek(id);
        }
    }
}

impl Lobby {
    /// The open seeks as `conn`'s player sees them, oldest first.
    pub fn seeks(&self, conn: ConnId) -> Vec<Value> {
        let g = self.lock();
        let me = g.conns.get(&conn).map(|c| c.player.as_str()).unwrap_or("");
        g.seeks
            .values()
            .map(|s| s.json(s.owner.player.id == me))
            .collect()
    }

    /// Opens a seek of `conn`'s player (`rating`: theirs in the seek's pool).
    pub fn seek(&self, conn: ConnId, spec: Spec, rating: Option<f64>) -> Result<u64, ApiError> {
        let mut g = self.lock();
        let owner = g.party(conn)?;
        if spec.rated && !owner.player.account {
            return Err(account_needed());
        }
        let mine = g
            .seeks
            .values()
            .filter(|s| s.owner.player.id == owner.player.id)
            .count();
        if mine >= SEEKS_PER_PLAYER {
            return Err(ApiError::too_many(format!(
                "you have {SEEKS_PER_PLAYER} open seeks already; cancel one first"
            )));
        }
        if g.seeks.len() >= MAX_SEEKS {
            return Err(ApiError::unavailable(
                "the lobby has as many seeks as it can show; accept one, or try again later",
            ));
        }
        let id = g.next_id();
        let s = Seek {
            id,
            owner,
            spec,
            rating,
        };
        g.seeks.insert(id, s);
        g.change(true, id);
        Ok(id)
    }

    /// Cancels one of `conn`'s player's seeks.
    pub fn cancel_seek(&self, conn: ConnId, id: u64) -> Result<(), ApiError> {
        let mut g = self.lock();
        let me = g.party(conn)?;
        match g.seeks.get(&id) {
            Some(s) if s.owner.player.id == me.player.id => {
                g.remove_seek(id);
                Ok(())
            }
            Some(_) => Err(ApiError::forbidden(
                "not_yours",
                "this seek is another player's; you can only cancel your own",
            )),
            None => Err(seek_gone()),
        }
    }

    /// Accepts a seek: it leaves the lobby at once (nobody else can take it) and both
    /// players leave their other seeks and pools.
    pub fn accept_seek(&self, conn: ConnId, id: u64) -> Result<Match, ApiError> {
        let mut g = self.lock();
        let me = g.party(conn)?;
        let s = g.seeks.get(&id).ok_or_else(seek_gone)?;
        if s.owner.player.id == me.player.id {
            return Err(refuse(
                "own_seek",
                "this is your own seek; wait for someone else to accept it, or cancel it",
            ));
        }
        if s.spec.rated && !me.player.account {
            return Err(account_needed());
        }
        let s = g.remove_seek(id).expect("checked above");
        let m = Match {
            spec: s.spec,
            a: s.owner,
            b: me,
        };
        g.seat(&m);
        Ok(m)
    }
}

fn seek_gone() -> ApiError {
    refuse(
        "seek_gone",
        "this seek is no longer open (taken, cancelled, or its player left); choose another",
    )
}

#[cfg(test)]
mod tests {
    use super::super::sockets::SOCKETS_PER_PLAYER;
    use super::super::testing::{player, spec};
    use super::*;
    use axum::http::StatusCode;

    #[test]
    fn a_seek_goes_with_its_owners_last_socket() {
        let l = Lobby::new();
        let (a1, _r1) = l.connect(player("ann", false)).unwrap();
        let (a2, _r2) = l.connect(player("ann", false)).unwrap();
        let (b, _rb) = l.connect(player("bob", false)).unwrap();
        l.seek(a1, spec(false), None).unwrap();
        assert_eq!(l.seeks(b).len(), 1);
        assert_eq!(l.seeks(a2)[0]["mine"], true);
        assert_eq!(l.seeks(b)[0]["mine"], false);
        l.disconnect(a1);
        assert_eq!(l.seeks(b).len(), 1, "another tab of ann is open");
        l.disconnect(a2);
        assert!(l.seeks(b).is_empty());
    }

    #[test]
    fn caps_and_rated_rules_hold() {
        let l = Lobby::new();
        let (g, _rg) = l.connect(player("guest", false)).unwrap();
        let (a, _ra) = l.connect(player("acc", true)).unwrap();
        assert_eq!(
            l.seek(g, spec(true), None).unwrap_err().code,
            "account_needed"
        );
        for _ in 0..SEEKS_PER_PLAYER {
            l.seek(a, spec(true), Some(1600.0)).unwrap();
        }
        assert_eq!(
            l.seek(a, spec(true), None).unwrap_err().status,
            StatusCode::TOO_MANY_REQUESTS
        );
        let id = l.seeks(g)[0]["id"].as_u64().unwrap();
        assert_eq!(l.accept_seek(g, id).unwrap_err().code, "account_needed");
        assert_eq!(l.accept_seek(a, id).unwrap_err().code, "own_seek");
        let mut rxs = Vec::new();
        for _ in 0..SOCKETS_PER_PLAYER - 1 {
            rxs.push(l.connect(player("acc", true)).unwrap());
        }
        assert!(l.connect(player("acc", true)).is_err());
    }

    #[test]
    fn accepting_seats_both_and_clears_their_other_seeks() {
        let l = Lobby::new();
        let (a, _ra) = l.connect(player("ann", true)).unwrap();
        let (b, _rb) = l.connect(player("bob", true)).unwrap();
        let first = l.seek(a, spec(true), None).unwrap();
        l.seek(a, spec(false), None).unwrap();
        l.seek(b, spec(false), None).unwrap();
        let m = l.accept_seek(b, first).unwrap();
        assert_eq!((m.a.conn, m.b.conn), (a, b));
        assert!(m.spec.rated);
        assert!(l.seeks(a).is_empty());
        assert_eq!(l.accept_seek(b, first).unwrap_err().code, "seek_gone");
    }
}
