//! The numbers a bot author knows from chess engine testing, for Kalah matches: win/draw/loss
//! counts, pentanomial counts of game pairs (each opening played twice with colours swapped),
//! Elo with a 95% interval, the likelihood of superiority, a sequential probability ratio test,
//! and a maximum-likelihood rating table for more than two players.
//!
//! Scores are from the first player's point of view: 1 a win, 0.5 a draw, 0 a loss.
#![forbid(unsafe_code)]

mod elo;
pub mod glicko;
pub mod openings;
mod pairs;
mod ratings;
mod sprt;
mod summary;

pub use elo::{elo_from_score, score_from_elo};
pub use pairs::{Decision, PairedResults};
pub use ratings::{rating_table, Rating, Result as GameResult};
pub use sprt::{Sprt, SprtState};
pub use summary::{Pentanomial, Summary};
