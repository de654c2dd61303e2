//! Playing levels for people, from a beginner to perfect play.

use crate::search::{Engine, Limits, NoReport};
use kalah_rules::{Move, Position};
use std::fmt;
use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// A named playing strength.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    Beginner,
    Novice,
    Casual,
    Club,
    Expert,
    Master,
    Perfect,
}

impl Level {
    pub const ALL: [Level; 7] = [
        Level::Beginner,
        Level::Novice,
        Level::Casual,
        Level::Club,
        Level::Expert,
        Level::Master,
        Level::Perfect,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Novice => "novice",
            Level::Casual => "casual",
            Level::Club => "club",
            Level::Expert => "expert",
            Level::Master => "master",
            Level::Perfect => "perfect",
        }
    }

    /// 1-based rank on the ladder.
    pub fn rank(self) -> usize {
        self as usize + 1
    }

    /// The level's search limits.
    fn limits(self) -> Limits {
        match self {
            Level::Beginner => Limits::Depth(1),
            Level::Novice => Limits::Depth(2),
            Level::Casual => Limits::Depth(4),
            Level::Club => Limits::Depth(6),
            Level::Expert => Limits::Depth(9),
            Level::Master => Limits::Time {
                soft: Duration::from_millis(500),
                hard: Duration::from_millis(1500),
            },
            Level::Perfect => Limits::Time {
                soft: Duration::from_millis(1500),
                hard: Duration::from_millis(3000),
            },
        }
    }

    /// Chooses a move in a position that is not over. `seed` varies the choice between
    /// equally good moves (and the mistakes of the lower levels).
    pub fn choose_move(
        self,
        engine: &mut Engine,
        pos: &Position,
        seed: u64,
        stop: &AtomicBool,
    ) -> Option<Move> {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return None;
        }
        let r = engine.search(pos, self.limits(), stop, &mut NoReport);
        let pick = r
            .best_moves
            .get((seed as usize) % r.best_moves.len().max(1))
            .copied();
        pick.or(r.best)
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown level name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown level {0:?}: expected beginner, novice, casual, club, expert, master or perfect (or 1-7)")]
pub struct ParseLevelError(pub String);

impl FromStr for Level {
    type Err = ParseLevelError;
    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        let t = s.trim().to_ascii_lowercase();
        if let Ok(n) = t.parse::<usize>() {
            if (1..=Level::ALL.len()).contains(&n) {
                return Ok(Level::ALL[n - 1]);
            }
        }
        Level::ALL
            .iter()
            .copied()
            .find(|l| l.name() == t)
            .ok_or_else(|| ParseLevelError(s.to_string()))
    }
}
