//! The two sides of the board.

use std::fmt;
use std::ops::{Index, IndexMut};
use std::str::FromStr;

/// A side of the board. South sits at the bottom and moves first unless told otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    South = 0,
    North = 1,
}

impl Side {
    /// Both sides, South first.
    pub const ALL: [Side; 2] = [Side::South, Side::North];

    /// The other side.
    #[inline]
    pub const fn opponent(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// 0 for South, 1 for North.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The one-letter notation: `S` or `N`.
    pub const fn letter(self) -> char {
        match self {
            Side::South => 'S',
            Side::North => 'N',
        }
    }

    /// Lower-case name: `south` or `north`.
    pub const fn name(self) -> &'static str {
        match self {
            Side::South => "south",
            Side::North => "north",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::South => "South",
            Side::North => "North",
        })
    }
}

/// A side name that could not be parsed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown side {0:?}: expected S, N, south or north")]
pub struct ParseSideError(pub String);

impl FromStr for Side {
    type Err = ParseSideError;
    fn from_str(s: &str) -> Result<Side, ParseSideError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "s" | "south" => Ok(Side::South),
            "n" | "north" => Ok(Side::North),
            _ => Err(ParseSideError(s.to_string())),
        }
    }
}

/// One value per side, indexed by [`Side`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct BySide<T> {
    pub south: T,
    pub north: T,
}

impl<T> BySide<T> {
    pub const fn new(south: T, north: T) -> BySide<T> {
        BySide { south, north }
    }

    /// Builds both values from a function of the side.
    pub fn from_fn(mut f: impl FnMut(Side) -> T) -> BySide<T> {
        BySide {
            south: f(Side::South),
            north: f(Side::North),
        }
    }
}

impl<T> Index<Side> for BySide<T> {
    type Output = T;
    #[inline]
    fn index(&self, side: Side) -> &T {
        match side {
            Side::South => &self.south,
            Side::North => &self.north,
        }
    }
}

impl<T> IndexMut<Side> for BySide<T> {
    #[inline]
    fn index_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::South => &mut self.south,
            Side::North => &mut self.north,
        }
    }
}
