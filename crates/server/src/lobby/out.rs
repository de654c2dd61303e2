//! What the lobby's socket sends, one variant per message of `docs/api.md` ("Lobby", "The
//! server sends"). Seeks and challenges inside them are the objects of the same section.

use serde::Serialize;
use serde_json::Value;

/// A message to a lobby socket.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Out {
    /// At once: who the socket is, the open seeks, the challenges waiting for this player.
    /// (`Hello`, `Seeks` and `SeeksChanged` are written by `list.rs` without building these,
    /// from a text shared by every socket; its tests check that they agree.)
    #[cfg_attr(not(test), allow(dead_code))]
    Hello {
        you: You,
        seeks: Vec<Value>,
        challenges: Vec<Value>,
    },
    /// The whole seek list.
    #[cfg_attr(not(test), allow(dead_code))]
    Seeks {
        seeks: Vec<Value>,
    },
    /// The seek changes of one feed interval.
    #[cfg_attr(not(test), allow(dead_code))]
    SeeksChanged {
        added: Vec<Value>,
        removed: Vec<u64>,
    },
    /// Answers `seek`.
    SeekCreated {
        id: u64,
    },
    /// The pool the player waits in (none: out of every pool).
    Pool {
        pool: Option<Value>,
    },
    /// A game started for this player.
    Game(GameStart),
    /// A challenge to this player.
    Challenge {
        challenge: Value,
    },
    /// To the challenger: the challenge is out.
    ChallengeSent {
        id: i64,
        to: String,
        expires_in_ms: i64,
    },
    ChallengeAccepted(Ended),
    ChallengeDeclined(Ended),
    ChallengeExpired(Ended),
    ChallengeCancelled(Ended),
    /// The challenged player's challenges were full, and one that goes first took its place.
    #[serde(rename = "challenge_crowded_out")]
    ChallengeReplaced(Ended),
    /// A message refused.
    Error {
        code: String,
        error: String,
    },
    /// Answers `ping`.
    Pong,
}

/// Who a socket is, in `hello`.
#[derive(Debug, Clone, Serialize)]
pub struct You {
    pub name: String,
    pub account: bool,
}

/// A started game's seat, in `game`.
#[derive(Debug, Clone, Serialize)]
pub struct GameStart {
    pub id: String,
    pub side: &'static str,
    pub token: String,
    pub play_url: String,
    pub opponent: String,
    pub rules: &'static str,
    pub time_control: String,
    pub rated: bool,
}

/// A challenge that ended, to both sides.
#[derive(Debug, Clone, Serialize)]
pub struct Ended {
    pub id: i64,
    pub from: String,
    pub to: Option<String>,
}

/// Why a challenge ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    Accepted,
    Declined,
    Expired,
    Cancelled,
    CrowdedOut,
}

impl Out {
    /// The message for a challenge that ended for `why`.
    pub fn ended(why: End, ended: Ended) -> Out {
        match why {
            End::Accepted => Out::ChallengeAccepted(ended),
            End::Declined => Out::ChallengeDeclined(ended),
            End::Expired => Out::ChallengeExpired(ended),
            End::Cancelled => Out::ChallengeCancelled(ended),
            End::CrowdedOut => Out::ChallengeReplaced(ended),
        }
    }

    /// A refusal.
    pub fn error(code: impl Into<String>, error: impl Into<String>) -> Out {
        Out::Error {
            code: code.into(),
            error: error.into(),
        }
    }

    /// The message as sent.
    pub fn json(&self) -> String {
        serde_json::to_string(self).expect("a lobby message serialises")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn sent(o: Out) -> Value {
        serde_json::from_str(&o.json()).unwrap()
    }

    #[test]
    fn messages_have_the_shapes_of_the_api() {
        assert_eq!(sent(Out::Pong), json!({"type": "pong"}));
        assert_eq!(
            sent(Out::SeekCreated { id: 7 }),
            json!({"type": "seek_created", "id": 7})
        );
        assert_eq!(
            sent(Out::Pool { pool: None }),
            json!({"type": "pool", "pool": null})
        );
        assert_eq!(
            sent(Out::SeeksChanged {
                added: vec![],
                removed: vec![7, 8]
            }),
            json!({"type": "seeks_changed", "added": [], "removed": [7, 8]})
        );
        assert_eq!(
            sent(Out::ended(
                End::Expired,
                Ended {
                    id: 9,
                    from: "alice".into(),
                    to: Some("bob".into())
                }
            )),
            json!({"type": "challenge_expired", "id": 9, "from": "alice", "to": "bob"})
        );
        assert_eq!(
            sent(Out::ChallengeSent {
                id: 9,
                to: "bob".into(),
                expires_in_ms: 60000
            }),
            json!({"type": "challenge_sent", "id": 9, "to": "bob", "expires_in_ms": 60000})
        );
        assert_eq!(
            sent(Out::error("seek_gone", "gone")),
            json!({"type": "error", "code": "seek_gone", "error": "gone"})
        );
        let hello = sent(Out::Hello {
            you: You {
                name: "ann".into(),
                account: true,
            },
            seeks: vec![],
            challenges: vec![],
        });
        assert_eq!(
            hello,
            json!({"type": "hello", "you": {"name": "ann", "account": true}, "seeks": [], "challenges": []})
        );
        let game = sent(Out::Game(GameStart {
            id: "g".into(),
            side: "south",
            token: "t".into(),
            play_url: "/g/g?seat=t".into(),
            opponent: "bob".into(),
            rules: "kalah-6-4",
            time_control: "3+2".into(),
            rated: true,
        }));
        assert_eq!(game["type"], "game");
        assert_eq!(game["play_url"], "/g/g?seat=t");
    }
}
