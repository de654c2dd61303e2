//! Challenges: one player asks another (who has a page of the site open, on any server) for
//! a game; it is accepted, declined, withdrawn, or expires.

use super::core::refuse;
use super::out::{End, Ended, Out};
use crate::error::ApiError;
use kalah_storage::lobby::Offer;
use serde_json::{json, Value};

/// Challenges a player has sent and are unanswered, and that wait for one player.
pub const CHALLENGES_SENT: usize = 3;
pub const CHALLENGES_RECEIVED: usize = 10;
/// A challenge not answered within this long expires.
pub const CHALLENGE_TTL_MS: i64 = 60_000;

/// A stored challenge as its challenged player sees it at `now`.
pub(super) fn json(c: &Offer, now: i64) -> Value {
    json!({
        "rules": c.rules,
        "time_control": c.time_control,
        "rated": c.rated,
        "id": c.id,
        "from": c.player.name,
        "rating": c.rating.map(f64::round),
        "expires_in_ms": (c.at - now).max(0),
    })
}

/// The message that ends a challenge, to both sides (`challenge_declined`, `_expired`...).
pub(super) fn ended(c: &Offer, why: End) -> Out {
    let ended = Ended {
        id: c.id,
        from: c.player.name.clone(),
        to: c.to.as_ref().map(|(_, name)| name.clone()),
    };
    Out::ended(why, ended)
}

/// Who goes first when a player's challenges are full: someone they have a game with, then
/// an account, then a guest.
pub(super) fn rank(account: bool, played: bool) -> u8 {
    if played {
        2
    } else {
        u8::from(account)
    }
}

/// The refusal of a challenge to `to`, whose challenges are full of ones that go first.
pub(super) fn inbox_full(to: &str) -> ApiError {
    ApiError::too_many(format!(
        "{to} has {CHALLENGES_RECEIVED} challenges to answer already; try again later (when \
         challenges are full, one from a player {to} has played comes first, then one from \
         an account: sign in, or play {to} through a seek)"
    ))
}

pub(super) fn challenge_gone() -> ApiError {
    refuse(
        "challenge_gone",
        "this challenge is no longer open (answered, withdrawn or expired)",
    )
}
