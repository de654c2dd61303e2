//! Time controls as players write them: `3+2` (minutes + seconds of increment) or `3d`
//! (days per move).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// How much time each player has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum TimeControl {
    /// A clock per player: `base_s` at the start, `increment_s` added after each turn.
    RealTime { base_s: u32, increment_s: u32 },
    /// A fixed time for every turn, in days; unused time is not kept.
    Correspondence { days: u32 },
}

/// The kind of game a time control makes; each has its own rating pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Category {
    Bullet,
    Blitz,
    Rapid,
    Classical,
    Correspondence,
}

/// Turns a player makes in a typical game, for the estimated duration. A Kalah(6,4) game is
/// 30-40 sowings, and a chain of extra moves is one turn, so about 20 turns each is generous.
const TURNS: u32 = 20;

impl TimeControl {
    pub const MAX_MINUTES: u32 = 180;
    pub const MAX_INCREMENT_S: u32 = 60;
    pub const MAX_DAYS: u32 = 14;

    /// Estimated seconds per player: the base and 20 increments. Correspondence: none.
    pub fn estimated_s(self) -> Option<u32> {
        match self {
            TimeControl::RealTime {
                base_s,
                increment_s,
            } => Some(base_s + TURNS * increment_s),
            TimeControl::Correspondence { .. } => None,
        }
    }

    pub fn category(self) -> Category {
        match self.estimated_s() {
            None => Category::Correspondence,
            Some(s) if s < 180 => Category::Bullet,
            Some(s) if s < 480 => Category::Blitz,
            Some(s) if s < 1500 => Category::Rapid,
            Some(_) => Category::Classical,
        }
    }

    /// Milliseconds each player has at the start (real time) or for every turn.
    pub fn initial_ms(self) -> i64 {
        match self {
            TimeControl::RealTime { base_s, .. } => i64::from(base_s) * 1000,
            TimeControl::Correspondence { days } => i64::from(days) * 86_400_000,
        }
    }
}

impl Category {
    pub fn name(self) -> &'static str {
        match self {
            Category::Bullet => "bullet",
            Category::Blitz => "blitz",
            Category::Rapid => "rapid",
            Category::Classical => "classical",
            Category::Correspondence => "correspondence",
        }
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::RealTime {
                base_s,
                increment_s,
            } => write!(f, "{}+{increment_s}", base_s / 60),
            TimeControl::Correspondence { days } => write!(f, "{days}d"),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseTimeControlError {
    #[error("time control {0:?}: write minutes+seconds (like 3+2) or days per move (like 3d)")]
    Form(String),
    #[error(
        "time control {0:?}: at most {max_m} minutes and {max_i} seconds of increment, and not both 0",
        max_m = TimeControl::MAX_MINUTES,
        max_i = TimeControl::MAX_INCREMENT_S
    )]
    RealTimeRange(String),
    #[error("time control {0:?}: 1 to {max} days per move", max = TimeControl::MAX_DAYS)]
    DaysRange(String),
}

impl FromStr for TimeControl {
    type Err = ParseTimeControlError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let form = || ParseTimeControlError::Form(s.to_string());
        let number = |t: &str| -> Result<u32, ParseTimeControlError> {
            if t.is_empty() || t.len() > 4 || !t.bytes().all(|b| b.is_ascii_digit()) {
                return Err(form());
            }
            t.parse().map_err(|_| form())
        };
        let t = s.trim();
        if let Some(days) = t.strip_suffix('d') {
            let days = number(days)?;
            if !(1..=Self::MAX_DAYS).contains(&days) {
                return Err(ParseTimeControlError::DaysRange(s.to_string()));
            }
            return Ok(TimeControl::Correspondence { days });
        }
        let (m, i) = t.split_once('+').ok_or_else(form)?;
        let (m, i) = (number(m)?, number(i)?);
        if m > Self::MAX_MINUTES || i > Self::MAX_INCREMENT_S || (m == 0 && i == 0) {
            return Err(ParseTimeControlError::RealTimeRange(s.to_string()));
        }
        Ok(TimeControl::RealTime {
            base_s: m * 60,
            increment_s: i,
        })
    }
}

impl TryFrom<String> for TimeControl {
    type Error = ParseTimeControlError;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl From<TimeControl> for String {
    fn from(t: TimeControl) -> String {
        t.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_common_controls_read_back_and_fall_into_their_categories() {
        for (text, category) in [
            ("1+1", Category::Bullet),
            ("3+2", Category::Blitz),
            ("5+3", Category::Blitz),
            ("10+5", Category::Rapid),
            ("30+20", Category::Classical),
            ("1d", Category::Correspondence),
            ("7d", Category::Correspondence),
        ] {
            let tc: TimeControl = text.parse().unwrap();
            assert_eq!(tc.to_string(), text);
            assert_eq!(tc.category(), category, "{text}");
        }
        assert_eq!("3+2".parse::<TimeControl>().unwrap().initial_ms(), 180_000);
        assert_eq!(
            "1d".parse::<TimeControl>().unwrap().initial_ms(),
            86_400_000
        );
    }

    #[test]
    fn bad_controls_say_what_to_write() {
        for bad in [
            "", "3", "+2", "3+", "a+b", "-1+2", "3+2+1", "0+0", "181+0", "3+61", "0d", "15d",
            "99999+1", "3.5+2",
        ] {
            let e = bad.parse::<TimeControl>().unwrap_err().to_string();
            assert!(e.starts_with("time control"), "{bad}: {e}");
        }
    }

    #[test]
    fn serde_uses_the_written_form() {
        let tc: TimeControl = serde_json::from_str("\"5+3\"").unwrap();
        assert_eq!(serde_json::to_string(&tc).unwrap(), "\"5+3\"");
        assert!(serde_json::from_str::<TimeControl>("\"5 minutes\"").is_err());
    }
}
