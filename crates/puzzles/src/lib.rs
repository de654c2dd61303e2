//! Kalah puzzles: positions where exactly one move keeps the best result, proven by the
//! solver.
//!
//! A [`Puzzle`] is a position under named rules, the value of every move at each of the
//! solver's turns, the forced line (the solver's only moves and the computer's best replies)
//! and the themes read off that line. [`find`] proves whether a position is a puzzle, [`check`]
//! proves a stored one again, [`rate`] gives a new puzzle its starting rating from how often
//! the computer's levels solve it, and [`Attempt`] judges a person's moves against the line.
//! Nothing here reads files or talks to a network: the set shipped with the program is
//! compiled in ([`shipped`]), and `kalah puzzles` does the rest.
//!
//! ```
//! use kalah_engine::Engine;
//! use kalah_puzzles::{check, find, Criteria};
//! use kalah_rules::{parse_setup, Position, Rules};
//! use std::sync::atomic::AtomicBool;
//!
//! // South to move: house 5 captures the 4 seeds opposite, and South's store passes half.
//! let pos = Position::from_setup(
//!     Rules::standard(),
//!     &parse_setup("<6,22,14,1,0,0,3,1,0,4,1,0,2,0,0> S").unwrap(),
//! )
//! .unwrap();
//! let mut engine = Engine::new(16);
//! let stop = AtomicBool::new(false);
//! let puzzle = find(&mut engine, &pos, &Criteria::default(), &stop).unwrap().unwrap();
//! assert_eq!(puzzle.solution()[0].to_string(), "5");
//! assert_eq!(puzzle.value(), 8);
//! check(&mut engine, &puzzle, &stop).unwrap();
//! ```
#![forbid(unsafe_code)]

mod attempt;
mod difficulty;
mod prove;
mod puzzle;
mod themes;

pub use attempt::{Attempt, Verdict};
pub use difficulty::{rate, rating_from, solved_by, RATING_RANGE};
pub use prove::{check, exact_values, find, only_move, CheckError, Criteria, Stopped};
pub use puzzle::{parse_file, write_file, Puzzle, PuzzleError, Step, Value, HEADER};
pub use themes::{themes_of, ParseThemeError, Theme};

use std::sync::OnceLock;

/// The puzzle file shipped with the program (`crates/puzzles/data/puzzles.tsv`).
pub const SHIPPED_TEXT: &str = include_str!("../data/puzzles.tsv");

/// The shipped puzzles, read once. Panics if the shipped file does not parse, which the
/// crate's tests rule out.
pub fn shipped() -> &'static [Puzzle] {
    static SET: OnceLock<Vec<Puzzle>> = OnceLock::new();
    SET.get_or_init(|| parse_file(SHIPPED_TEXT).expect("the shipped puzzle file parses"))
}

/// The shipped puzzle with this id.
pub fn by_id(id: &str) -> Option<&'static Puzzle> {
    shipped().iter().find(|p| p.id == id)
}
