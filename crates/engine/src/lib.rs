//! The Kalah engine: search with exact values where proven, and playing levels for people.
//!
//! Values are final margins in seeds from the point of view of the player to move: that
//! player's final store minus the opponent's, at the end of the game.
//!
//! ```
//! use kalah_engine::{Engine, Limits, NoReport};
//! use kalah_rules::{Position, Rules, Side};
//! use std::sync::atomic::AtomicBool;
//!
//! let rules: Rules = "standard houses=3 seeds=2".parse().unwrap();
//! let pos = Position::start(rules, Side::South);
//! let mut engine = Engine::new(16);
//! let r = engine.search(&pos, Limits::Exact, &AtomicBool::new(false), &mut NoReport);
//! assert!(r.exact);
//! ```

mod alphabeta;
mod board;
pub mod book;
mod endgame;
mod level;
mod matchplay;
mod packed;
mod search;
mod tt;

pub use endgame::Endgame;
pub use level::{Level, ParseLevelError};
pub use matchplay::{
    draw, openings, random_positions, ParsePlayerError, Player, Thinking, MAX_PLIES,
};
pub use search::{
    BoundsInfo, Engine, Limits, MoveValue, NoReport, Proof, Reporter, SearchInfo, SearchResult,
    SearchStats,
};
