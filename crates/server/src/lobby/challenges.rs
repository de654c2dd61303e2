//! Challenges: one player asks another (who has a page of the site open) for a game; it
//! is accepted, declined, withdrawn, or expires.

use super::core::{msg, refuse, ConnId, Inner, Lobby};
use super::spec::{Match, Party, Spec};
use crate::error::ApiError;
use serde_json::{json, Value};

/// Challenges a player has sent and are unanswered, and that wait for one player.
pub const CHALLENGES_SENT: usize = 3;
pub const CHALLENGES_RECEIVED: usize = 10;
/// A challenge not answered within this long expires.
pub const CHALLENGE_TTL_MS: i64 = 60_000;

pub(super) struct Challenge {
    pub(super) id: u64,
    pub(super) from: Party,
    pub(super) to: String,
    pub(super) spec: Spec,
    pub(super) rating: Option<f64>,
    pub(super) expires_at: i64,
}

impl Challenge {
    fn json(&self, now: i64) -> Value {
        let mut v = self.spec.json();
        v["id"] = json!(self.id);
        v["from"] = json!(self.from.player.name);
        v["rating"] = json!(self.rating.map(f64::round));
        v["expires_in_ms"] = json!((self.expires_at - now).max(0));
        v
    }
}

impl Inner {
    /// Ends a challenge and tells both sides why (`challenge_declined`, `_expired`, ...).
    pub(super) fn end_challenge(&mut self, id: u64, kind: &str) -> Option<Challenge> {
        let c = self.challenges.remove(&id)?;
        let text = msg(
            json!({"type": kind, "id": id, "from": c.from.player.name, "to": self.name_of(&c.to)}),
        );
        self.send(c.from.conn, &text);
        self.send_player(&c.to, &text);
        Some(c)
    }
}

impl Lobby {
    /// Challenges waiting for `conn`'s player.
    pub fn challenges_for(&self, conn: ConnId, now: i64) -> Vec<Value> {
        let g = self.lock();
        let me = g.conns.get(&conn).map(|c| c.player.as_str()).unwrap_or("");
        g.challenges
            .values()
            .filter(|c| c.to == me)
            .map(|c| c.json(now))
            .collect()
    }

    /// Sends a challenge from `conn`'s player to the player named `to`, who must have the
    /// site open (a lobby socket).
    pub fn challenge(
        &self,
        conn: ConnId,
        to: &str,
        spec: Spec,
        rating: Option<f64>,
        now: i64,
    ) -> Result<u64, ApiError> {
        let mut g = self.lock();
        let me = g.party(conn)?;
        let target = g
            .by_name
            .get(&to.trim().to_lowercase())
            .cloned()
            .ok_or_else(|| {
                refuse(
                    "not_online",
                    format!("{to} is not on the site now; a challenge reaches only players who have a page of the site open"),
                )
            })?;
        if target == me.player.id {
            return Err(refuse("own_challenge", "you cannot challenge yourself"));
        }
        let (to_name, to_account) = {
            let (p, _) = &g.players[&target];
            (p.name.clone(), p.account)
        };
        if spec.rated && !(me.player.account && to_account) {
            return Err(ApiError::forbidden(
                "account_needed",
                "rated games are between two accounts; send a casual challenge, or sign up (both of you)",
            ));
        }
        let sent = g
            .challenges
            .values()
            .filter(|c| c.from.player.id == me.player.id)
            .count();
        if sent >= CHALLENGES_SENT {
            return Err(ApiError::too_many(format!(
                "you have {CHALLENGES_SENT} challenges waiting for an answer; wait for them or cancel one"
            )));
        }
        if g.challenges.values().filter(|c| c.to == target).count() >= CHALLENGES_RECEIVED {
            return Err(ApiError::too_many(format!(
                "{to} has {CHALLENGES_RECEIVED} challenges to answer already; try again later"
            )));
        }
        if g.challenges
            .values()
            .any(|c| c.from.player.id == me.player.id && c.to == target)
        {
            return Err(refuse(
                "already_challenged",
                format!("you have challenged {to} already; wait for the answer"),
            ));
        }
        let id = g.next_id();
        let c = Challenge {
            id,
            from: me,
            to: target.clone(),
            spec,
            rating,
            expires_at: now + CHALLENGE_TTL_MS,
        };
        let sent = msg(json!({"type": "challenge_sent", "id": id, "to": to_name,
                              "expires_in_ms": CHALLENGE_TTL_MS}));
        let received = msg(json!({"type": "challenge", "challenge": c.json(now)}));
        g.send(conn, &sent);
        g.send_player(&target, &received);
        g.challenges.insert(id, c);
        Ok(id)
    }

    /// The challenged player accepts or declines.
    pub fn answer(&self, conn: ConnId, id: u64, accept: bool) -> Result<Option<Match>, ApiError> {
        let mut g = self.lock();
        let me = g.party(conn)?;
        match g.challenges.get(&id) {
            Some(c) if c.to == me.player.id => {}
            _ => return Err(challenge_gone()),
        }
        if !accept {
            g.end_challenge(id, "challenge_declined");
            return Ok(None);
        }
        let c = g
            .end_challenge(id, "challenge_accepted")
            .expect("checked above");
        let m = Match {
            spec: c.spec,
            a: c.from,
            b: me,
        };
        g.seat(&m);
        Ok(Some(m))
    }

    /// The challenger withdraws a challenge.
    pub fn cancel_challenge(&self, conn: ConnId, id: u64) -> Result<(), ApiError> {
        let mut g = self.lock();
        let me = g.party(conn)?;
        match g.challenges.get(&id) {
            Some(c) if c.from.player.id == me.player.id => {
                g.end_challenge(id, "challenge_cancelled");
                Ok(())
            }
            _ => Err(challenge_gone()),
        }
    }

    /// Ends the challenges unanswered at `now`; answers how many.
    pub fn expire(&self, now: i64) -> usize {
        let mut g = self.lock();
        let old: Vec<u64> = g
            .challenges
            .values()
            .filter(|c| c.expires_at <= now)
            .map(|c| c.id)
            .collect();
        for &id in &old {
            g.end_challenge(id, "challenge_expired");
        }
        old.len()
    }
}

fn challenge_gone() -> ApiError {
    refuse(
        "challenge_gone",
        "this challenge is no longer open (answered, withdrawn or expired)",
    )
}

#[cfg(test)]
mod tests {
    use super::super::testing::{drain, player, spec};
    use super::*;

    #[test]
    fn challenges_are_answered_or_expire() {
        let l = Lobby::new();
        let (a, mut ra) = l.connect(player("ann", true)).unwrap();
        let (b, mut rb) = l.connect(player("Bob", false)).unwrap();
        assert_eq!(
            l.challenge(a, "nobody", spec(false), None, 0)
                .unwrap_err()
                .code,
            "not_online"
        );
        assert_eq!(
            l.challenge(a, "bob", spec(true), None, 0).unwrap_err().code,
            "account_needed"
        );
        let id = l.challenge(a, "bob", spec(false), None, 0).unwrap();
        assert_eq!(drain(&mut rb)[0]["type"], "challenge");
        assert_eq!(drain(&mut ra)[0]["type"], "challenge_sent");
        assert_eq!(l.answer(a, id, true).unwrap_err().code, "challenge_gone");
        assert!(l.answer(b, id, false).unwrap().is_none());
        assert_eq!(drain(&mut ra)[0]["type"], "challenge_declined");
        let id = l.challenge(a, "bob", spec(false), None, 0).unwrap();
        assert_eq!(l.expire(CHALLENGE_TTL_MS - 1), 0);
        assert_eq!(l.expire(CHALLENGE_TTL_MS), 1);
        assert_eq!(drain(&mut ra).last().unwrap()["type"], "challenge_expired");
        assert_eq!(l.answer(b, id, true).unwrap_err().code, "challenge_gone");
        let id = l.challenge(a, "bob", spec(false), None, 0).unwrap();
        let m = l.answer(b, id, true).unwrap().unwrap();
        assert_eq!((m.a.conn, m.b.conn), (a, b));
    }
}
