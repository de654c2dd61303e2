//! The position notation: `<n,S,N,s1,...,sn,n1,...,nn> X`, optionally followed by a pie stage.
//!
//! `n` is houses per side, `S` and `N` the stores, then South's and North's houses each in
//! their own sowing order, and `X` (`S` or `N`) the side to move. Under the pie rule a third
//! word says where the game stands: `pie=first` (the first player's first turn is under way)
//! or `pie=offer` (the side to move may answer `swap`).

use crate::position::{PieStage, Position, Setup};
use crate::rules::MAX_HOUSES;
use crate::side::{BySide, Side};
use std::fmt;

/// Why a position string could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParsePositionError {
    #[error("a position looks like <n,S,N,s1,...,sn,n1,...,nn> S (board in angle brackets, then S or N to move); got {0:?}")]
    Shape(String),
    #[error("bad number {0:?} in the position: counts are whole numbers 0 or more")]
    Number(String),
    #[error("the position says {0} houses per side; it must be 1 to {MAX_HOUSES}")]
    Houses(u32),
    #[error("the position says {houses} houses per side, so the board needs {expected} numbers (n, two stores, {houses}+{houses} houses); it has {got}")]
    Count {
        houses: u32,
        expected: usize,
        got: usize,
    },
    #[error("missing the side to move after the board: add S or N")]
    MissingSide,
    #[error("bad side to move {0:?}: expected S or N")]
    Side(String),
    #[error("unexpected {0:?} after the side to move: expected nothing, pie=first or pie=offer")]
    Trailing(String),
}

/// Parses a position string into raw data; check it with [`Position::from_setup`].
pub fn parse_setup(s: &str) -> Result<Setup, ParsePositionError> {
    let t = s.trim();
    let shape = || ParsePositionError::Shape(s.to_string());
    let inner_start = t.strip_prefix('<').ok_or_else(shape)?;
    let close = inner_start.find('>').ok_or_else(shape)?;
    let inner = &inner_start[..close];
    let rest = &inner_start[close + 1..];
    let mut nums = Vec::new();
    for part in inner.split(',') {
        let p = part.trim();
        nums.push(
            p.parse::<u32>()
                .map_err(|_| ParsePositionError::Number(p.to_string()))?,
        );
    }
    let n = nums[0];
    if n == 0 || n as usize > MAX_HOUSES {
        return Err(ParsePositionError::Houses(n));
    }
    let expected = 3 + 2 * n as usize;
    if nums.len() != expected {
        return Err(ParsePositionError::Count {
            houses: n,
            expected,
            got: nums.len(),
        });
    }
    let mut words = rest.split_whitespace();
    let side = match words.next() {
        None => return Err(ParsePositionError::MissingSide),
        Some("S") | Some("s") => Side::South,
        Some("N") | Some("n") => Side::North,
        Some(w) => return Err(ParsePositionError::Side(w.to_string())),
    };
    let pie = match words.next() {
        None => PieStage::Off,
        Some("pie=first") => PieStage::FirstTurn,
        Some("pie=offer") => PieStage::Offer,
        Some(w) => return Err(ParsePositionError::Trailing(w.to_string())),
    };
    if let Some(w) = words.next() {
        return Err(ParsePositionError::Trailing(w.to_string()));
    }
    let n = n as usize;
    Ok(Setup {
        stores: BySide::new(nums[1], nums[2]),
        houses: BySide::new(nums[3..3 + n].to_vec(), nums[3 + n..3 + 2 * n].to_vec()),
        to_move: side,
        pie,
    })
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "<{},{},{}",
            self.houses.south.len(),
            self.stores.south,
            self.stores.north
        )?;
        for h in self.houses.south.iter().chain(&self.houses.north) {
            write!(f, ",{h}")?;
        }
        write!(f, "> {}", self.to_move.letter())?;
        match self.pie {
            PieStage::Off => Ok(()),
            PieStage::FirstTurn => f.write_str(" pie=first"),
            PieStage::Offer => f.write_str(" pie=offer"),
        }
    }
}

/// The position string, e.g. `<6,0,0,4,4,4,4,4,4,4,4,4,4,4,4> S`.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.to_setup().fmt(f)
    }
}

/// Draws the board in text, North on top (its houses right to left, as North sees them
/// from across the table), with house numbers.
pub fn draw(pos: &Position) -> String {
    let n = pos.rules().houses();
    let width = pos
        .pits()
        .iter()
        .map(|c| c.to_string().len())
        .max()
        .unwrap_or(1)
        .max(2);
    let cell = |v: String| format!("{v:>width$}");
    let mut out = String::new();
    let pad = " ".repeat(width + 3);
    let north_nums: Vec<String> = (1..=n).rev().map(|h| cell(h.to_string())).collect();
    let north: Vec<String> = pos
        .houses(Side::North)
        .iter()
        .rev()
        .map(|c| cell(c.to_string()))
        .collect();
    let south: Vec<String> = pos
        .houses(Side::South)
        .iter()
        .map(|c| cell(c.to_string()))
        .collect();
    let south_nums: Vec<String> = (1..=n).map(|h| cell(h.to_string())).collect();
    out.push_str(&format!("{pad}North houses\n"));
    out.push_str(&format!("{pad}{}\n", north_nums.join(" ")));
    out.push_str(&format!("{pad}{}\n", north.join(" ")));
    out.push_str(&format!(
        "N {} {} {} S\n",
        cell(pos.store(Side::North).to_string()),
        " ".repeat(north.join(" ").len()),
        cell(pos.store(Side::South).to_string())
    ));
    out.push_str(&format!("{pad}{}\n", south.join(" ")));
    out.push_str(&format!("{pad}{}\n", south_nums.join(" ")));
    out.push_str(&format!("{pad}South houses\n"));
    out
}
