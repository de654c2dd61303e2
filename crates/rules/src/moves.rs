//! Moves, fixed-capacity move lists and the events of a sowing.

use crate::rules::MAX_HOUSES;
use crate::side::{BySide, Side};
use std::fmt;
use std::str::FromStr;

/// A move as written, before it is checked against a position: sow a house
/// (numbered 1..n from the mover's left) or answer `swap` under the pie rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    Sow(u8),
    Swap,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Sow(h) => write!(f, "{h}"),
            Move::Swap => f.write_str("swap"),
        }
    }
}

/// A move string that is not a house number or `swap`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("bad move {0:?}: expected a house number counted from the mover's left (1 = farthest from the mover's store) or `swap`")]
pub struct ParseMoveError(pub String);

impl FromStr for Move {
    type Err = ParseMoveError;
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let t = s.trim();
        if t.eq_ignore_ascii_case("swap") {
            return Ok(Move::Swap);
        }
        match t.parse::<u8>() {
            Ok(h) if h >= 1 => Ok(Move::Sow(h)),
            _ => Err(ParseMoveError(s.to_string())),
        }
    }
}

/// Parses a turn written as moves joined by `-` (`1-2`), or a single move.
pub fn parse_turn(s: &str) -> Result<Vec<Move>, ParseMoveError> {
    let t = s.trim();
    if t.is_empty() {
        return Err(ParseMoveError(s.to_string()));
    }
    t.split('-').map(str::parse).collect()
}

/// Writes moves of one turn joined by `-`.
pub fn format_turn(moves: &[Move]) -> String {
    let parts: Vec<String> = moves.iter().map(Move::to_string).collect();
    parts.join("-")
}

/// Up to `MAX_HOUSES + 1` moves without allocating.
#[derive(Clone, Copy)]
pub struct MoveList {
    moves: [Move; MAX_HOUSES + 1],
    len: u8,
}

impl MoveList {
    #[inline]
    pub const fn new() -> MoveList {
        MoveList {
            moves: [Move::Swap; MAX_HOUSES + 1],
            len: 0,
        }
    }
    #[inline]
    pub fn push(&mut self, m: Move) {
        self.moves[self.len as usize] = m;
        self.len += 1;
    }
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len as usize]
    }
    pub fn contains(&self, m: Move) -> bool {
        self.as_slice().contains(&m)
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

/// A place on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Pit {
    /// A house of a side, numbered 1..n from that side's left.
    House(Side, u8),
    Store(Side),
}

/// A capture: the mover's house where the last seed landed and the seeds moved to the store
/// (the capturing seed included).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Capture {
    pub house: u8,
    pub seeds: u16,
}

/// What one move did. Cheap to build: no allocation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sowing {
    pub mover: Side,
    pub mv: Move,
    /// Seeds picked up (0 for `swap`).
    pub seeds: u16,
    /// Where the last seed landed (`None` for `swap`).
    pub last: Option<Pit>,
    pub extra_turn: bool,
    pub capture: Option<Capture>,
    /// Seeds moved into each store by the final sweep, when the move ended the game.
    pub sweep: Option<BySide<u16>>,
    /// The game is over after this move.
    pub ended: bool,
}

/// Why a move cannot be played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    #[error("the game is over; no more moves can be played")]
    GameOver,
    #[error("house {house} does not exist: houses are numbered 1 to {houses}")]
    NoSuchHouse { house: u8, houses: u8 },
    #[error("house {house} is empty: choose a house with seeds")]
    EmptyHouse { house: u8 },
    #[error("`swap` is not allowed: these rules have no pie rule (add --pie)")]
    NoPieRule,
    #[error(
        "`swap` is only allowed as the second player's answer to the first player's first turn"
    )]
    SwapNotNow,
}
