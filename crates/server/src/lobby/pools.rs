//! Quick pairing: players wait in a pool per rules, time control and rated flag, and the
//! pairing tick pairs them by rating (`kalah_online::pairing`).

use super::core::{account_needed, msg, ConnId, Inner, Lobby};
use super::spec::{Match, Party, Spec};
use crate::error::ApiError;
use kalah_online::pairing::{self, Waiting};
use serde_json::json;

/// Players waiting in one pool.
pub const POOL_SIZE: usize = 2_000;
/// The rating of a player who has none in a pool (Glicko-2's start).
pub const START_RATING: f64 = 1500.0;

pub(super) struct Waiter {
    pub(super) party: Party,
    pub(super) rating: f64,
    pub(super) since: i64,
}

impl Inner {
    pub(super) fn leave_pool(&mut self, player: &str) -> bool {
        let Some(key) = self.waiting.remove(player) else {
            return false;
        };
        if let Some(pool) = self.pools.get_mut(&key) {
            pool.retain(|w| w.party.player.id != player);
            if pool.is_empty() {
                self.pools.remove(&key);
            }
        }
        true
    }

    /// Two players about to play leave every seek and pool.
    pub(super) fn seat(&mut self, m: &Match) {
        for p in [&m.a, &m.b] {
            self.remove_seeks_of(&p.player.id);
            if self.leave_pool(&p.player.id) {
                self.send(p.conn, &msg(json!({"type": "pool", "pool": null})));
            }
        }
    }
}

impl Lobby {
    /// Puts `conn`'s player in the pool of `spec` (out of any other pool).
    pub fn join_pool(
        &self,
        conn: ConnId,
        spec: Spec,
        rating: Option<f64>,
        now: i64,
    ) -> Result<(), ApiError> {
        let mut g = self.lock();
        let me = g.party(conn)?;
        if spec.rated && !me.player.account {
            return Err(account_needed());
        }
        g.leave_pool(&me.player.id);
        let key = (spec.variant, spec.time_control, spec.rated);
        let pool = g.pools.entry(key).or_default();
        if pool.len() >= POOL_SIZE {
            return Err(ApiError::unavailable(
                "this pool is full; try another time control or open a seek",
            ));
        }
        pool.push(Waiter {
            party: me.clone(),
            rating: rating.unwrap_or(START_RATING),
            since: now,
        });
        g.waiting.insert(me.player.id, key);
        Ok(())
    }

    /// Takes `conn`'s player out of their pool; false if they were in none.
    pub fn leave_pool(&self, conn: ConnId) -> Result<bool, ApiError> {
        let mut g = self.lock();
        let me = g.party(conn)?;
        Ok(g.leave_pool(&me.player.id))
    }

    /// Players waiting in all pools.
    pub fn waiting(&self) -> usize {
        self.lock().waiting.len()
    }

    /// Pairs whom the pools can pair at `now` (by rating, see `kalah_online::pairing`).
    pub fn pair(&self, now: i64) -> Vec<Match> {
        let mut g = self.lock();
        let keys: Vec<_> = g.pools.keys().copied().collect();
        let mut out = Vec::new();
        for key in keys {
            let pool = g.pools.get(&key).expect("a key just read");
            let list: Vec<Waiting<usize>> = pool
                .iter()
                .enumerate()
                .map(|(i, w)| Waiting {
                    key: i,
                    rating: w.rating,
                    since_ms: w.since,
                })
                .collect();
            let pairs = pairing::pair(&list, now);
            for (i, j) in pairs {
                let (a, b) = (&pool[i], &pool[j]);
                out.push(Match {
                    spec: Spec {
                        variant: key.0,
                        time_control: key.1,
                        rated: key.2,
                    },
                    a: a.party.clone(),
                    b: b.party.clone(),
                });
            }
        }
        for m in &out {
            g.seat(m);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{player, spec};
    use super::*;

    #[test]
    fn pools_pair_close_ratings_and_forget_a_closed_socket() {
        let l = Lobby::new();
        let (a, _ra) = l.connect(player("ann", false)).unwrap();
        let (b, _rb) = l.connect(player("bob", false)).unwrap();
        let (c, _rc) = l.connect(player("cy", false)).unwrap();
        l.join_pool(a, spec(false), None, 0).unwrap();
        assert!(l.pair(0).is_empty(), "alone in the pool");
        l.join_pool(c, spec(false), None, 0).unwrap();
        l.disconnect(c);
        assert!(l.pair(0).is_empty(), "cy left");
        l.join_pool(b, spec(false), None, 0).unwrap();
        let m = l.pair(0);
        assert_eq!(m.len(), 1);
        assert_eq!((m[0].a.conn, m[0].b.conn), (a, b));
        assert_eq!(l.waiting(), 0);
    }
}
