//! What a new game is made of: rules, who plays, who starts, and how fast seeds move.

use kalah_engine::Level;
use kalah_rules::{Rules, Side};
use std::fmt;
use std::str::FromStr;

/// Who the person at the keyboard plays against.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Opponent {
    /// The computer at [`Settings::level`].
    Computer,
    /// Another person at the same keyboard.
    Human,
    /// The computer plays both sides; the person watches.
    Demo,
}

impl Opponent {
    pub const ALL: [Opponent; 3] = [Opponent::Computer, Opponent::Human, Opponent::Demo];

    pub const fn name(self) -> &'static str {
        match self {
            Opponent::Computer => "computer",
            Opponent::Human => "human",
            Opponent::Demo => "demo",
        }
    }

    /// Words for the new-game screen.
    pub const fn label(self) -> &'static str {
        match self {
            Opponent::Computer => "the computer",
            Opponent::Human => "a friend (same keyboard)",
            Opponent::Demo => "computer vs computer (demo)",
        }
    }
}

/// Who moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum First {
    /// Drawn by lot when the game starts.
    Lot,
    Side(Side),
}

impl First {
    pub const ALL: [First; 3] = [
        First::Lot,
        First::Side(Side::South),
        First::Side(Side::North),
    ];

    pub const fn name(self) -> &'static str {
        match self {
            First::Lot => "lot",
            First::Side(Side::South) => "south",
            First::Side(Side::North) => "north",
        }
    }
}

/// How fast sowing is shown, seed by seed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Speed {
    Off,
    Fast,
    Normal,
    Slow,
}

impl Speed {
    pub const ALL: [Speed; 4] = [Speed::Off, Speed::Fast, Speed::Normal, Speed::Slow];

    pub const fn name(self) -> &'static str {
        match self {
            Speed::Off => "off",
            Speed::Fast => "fast",
            Speed::Normal => "normal",
            Speed::Slow => "slow",
        }
    }

    /// Milliseconds per sown seed; 0 shows the result at once.
    pub const fn step_ms(self) -> u64 {
        match self {
            Speed::Off => 0,
            Speed::Fast => 70,
            Speed::Normal => 180,
            Speed::Slow => 400,
        }
    }

    /// The next speed, wrapping around.
    pub fn next(self) -> Speed {
        let i = Speed::ALL.iter().position(|&s| s == self).unwrap_or(0);
        Speed::ALL[(i + 1) % Speed::ALL.len()]
    }
}

/// A value that is not one of the names of an option.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    pub what: &'static str,
    pub value: String,
    pub expected: &'static str,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown {} {:?}: expected {}",
            self.what, self.value, self.expected
        )
    }
}

impl std::error::Error for ParseError {}

macro_rules! from_names {
    ($t:ty, $what:literal, $expected:literal) => {
        impl FromStr for $t {
            type Err = ParseError;
            fn from_str(s: &str) -> Result<$t, ParseError> {
                let t = s.trim().to_ascii_lowercase();
                <$t>::ALL
                    .iter()
                    .copied()
                    .find(|v| v.name() == t)
                    .ok_or_else(|| ParseError {
                        what: $what,
                        value: s.to_string(),
                        expected: $expected,
                    })
            }
        }
        impl fmt::Display for $t {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

from_names!(Opponent, "opponent", "computer, human or demo");
from_names!(First, "first player", "lot, south or north");
from_names!(Speed, "speed", "off, fast, normal or slow");

/// Everything that makes a new game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    pub rules: Rules,
    pub opponent: Opponent,
    /// The computer's level (both sides in a demo).
    pub level: Level,
    pub first: First,
    /// The side the person plays against the computer.
    pub side: Side,
    pub speed: Speed,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            rules: Rules::standard(),
            opponent: Opponent::Computer,
            level: Level::Casual,
            first: First::Side(Side::South),
            side: Side::South,
            speed: Speed::Normal,
        }
    }
}

impl Settings {
    /// Who sits at each seat at the start.
    pub fn people(&self) -> kalah_rules::BySide<Player> {
        use kalah_rules::BySide;
        match self.opponent {
            Opponent::Computer => {
                let mut p = BySide::new(Player::Computer(self.level), Player::Computer(self.level));
                p[self.side] = Player::Person(0);
                p
            }
            Opponent::Human => BySide::new(Player::Person(1), Player::Person(2)),
            Opponent::Demo => {
                BySide::new(Player::Computer(self.level), Player::Computer(self.level))
            }
        }
    }
}

/// Who sits at a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Player {
    /// A person; the number tells two people apart (1 or 2). 0 is "you" against the computer.
    Person(u8),
    Computer(Level),
}

impl Player {
    pub fn is_computer(self) -> bool {
        matches!(self, Player::Computer(_))
    }

    /// The name shown on the board and written to records.
    pub fn name(self) -> String {
        match self {
            Player::Person(0) => "You".to_string(),
            Player::Person(n) => format!("Player {n}"),
            Player::Computer(level) => format!("Computer ({level})"),
        }
    }

    /// Reads back a name written by [`Player::name`]; any other name is a person.
    pub fn from_name(name: &str) -> Player {
        let t = name.trim();
        if let Some(rest) = t
            .strip_prefix("Computer (")
            .and_then(|r| r.strip_suffix(')'))
        {
            if let Ok(level) = rest.parse() {
                return Player::Computer(level);
            }
        }
        match t {
            "Player 1" => Player::Person(1),
            "Player 2" => Player::Person(2),
            _ => Player::Person(0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for p in [
            Player::Person(0),
            Player::Person(1),
            Player::Person(2),
            Player::Computer(Level::Club),
        ] {
            assert_eq!(Player::from_name(&p.name()), p);
        }
        assert_eq!("FAST".parse::<Speed>().unwrap(), Speed::Fast);
        assert!("warp".parse::<Speed>().is_err());
        assert_eq!("lot".parse::<First>().unwrap(), First::Lot);
    }
}
