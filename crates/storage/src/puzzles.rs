//! Accounts' puzzle ratings and their tries at puzzles (migration 16).
//!
//! An account has one Glicko-2 puzzle rating. Only its first try at a puzzle is rated and
//! kept, as on lichess: a second try at the same puzzle answers the first one's row and
//! changes nothing, so an account's rows are bounded by the number of puzzles. The rating
//! calculation itself is the caller's (`rate`), run inside the transaction that reads the
//! rating and writes the try, so two tries at once cannot both start from the same rating.

use crate::sql::{args, Row};
use crate::{Db, Result};
use kalah_match::glicko::Glicko;

/// An account's puzzle rating and how many puzzles it solved and failed at the first try.
#[derive(Debug, Clone, PartialEq)]
pub struct PuzzleRating {
    pub rating: Glicko,
    pub solved: i64,
    pub failed: i64,
}

/// One account's first try at one puzzle.
#[derive(Debug, Clone, PartialEq)]
pub struct PuzzleAttempt {
    pub puzzle: String,
    pub at: i64,
    /// Solved without a wrong move and without the solution shown.
    pub solved: bool,
    /// The puzzle's rating when it was tried.
    pub puzzle_rating: i64,
    /// The account's puzzle rating before and after the try.
    pub before: f64,
    pub after: f64,
}

/// What storing a try did.
#[derive(Debug, Clone, PartialEq)]
pub enum PuzzleTry {
    /// The first try at this puzzle: rated, the rating before and after it.
    Rated { before: Glicko, after: Glicko },
    /// The puzzle was tried before: nothing changed; the first try.
    Repeat(PuzzleAttempt),
}

const ATTEMPT_COLUMNS: &str = "puzzle_id, at, solved, puzzle_rating, before_rating, after_rating";

fn attempt(r: &Row) -> Result<PuzzleAttempt> {
    Ok(PuzzleAttempt {
        puzzle: r.get(0)?,
        at: r.get(1)?,
        solved: r.get(2)?,
        puzzle_rating: r.get(3)?,
        before: r.get(4)?,
        after: r.get(5)?,
    })
}

impl Db {
    /// An account's puzzle rating; None before its first rated try.
    pub fn puzzle_rating(&self, player: &str) -> Result<Option<PuzzleRating>> {
        self.conn
            .query_opt(
                "SELECT rating, deviation, volatility, solved, failed FROM puzzle_ratings
                 WHERE player_id = ?1",
                args![player],
            )?
            .map(|r| {
                Ok(PuzzleRating {
                    rating: Glicko {
                        rating: r.get(0)?,
                        deviation: r.get(1)?,
                        volatility: r.get(2)?,
                    },
                    solved: r.get(3)?,
                    failed: r.get(4)?,
                })
            })
            .transpose()
    }

    /// Stores an account's try at `puzzle` (rated `puzzle_rating`) at time `at`: on the first
    /// try, the rating after it is `rate(rating before)` (a new player's rating when it has
    /// none), kept with the try; on a later try, nothing changes and the first is answered.
    pub fn record_puzzle_try(
        &mut self,
        player: &str,
        puzzle: &str,
        puzzle_rating: i64,
        solved: bool,
        at: i64,
        rate: impl FnOnce(Glicko) -> Glicko,
    ) -> Result<PuzzleTry> {
        self.conn.transaction(|c| {
            if let Some(r) = c.query_opt(
                &format!(
                    "SELECT {ATTEMPT_COLUMNS} FROM puzzle_attempts
                     WHERE player_id = ?1 AND puzzle_id = ?2"
                ),
                args![player, puzzle],
            )? {
                return Ok(PuzzleTry::Repeat(attempt(&r)?));
            }
            let before = match c.query_opt(
                "SELECT rating, deviation, volatility FROM puzzle_ratings WHERE player_id = ?1",
                args![player],
            )? {
                Some(r) => Glicko {
                    rating: r.get(0)?,
                    deviation: r.get(1)?,
                    volatility: r.get(2)?,
                },
                None => Glicko::default(),
            };
            let after = rate(before);
            let (s, f): (i64, i64) = if solved { (1, 0) } else { (0, 1) };
            c.execute(
                "INSERT INTO puzzle_ratings (player_id, rating, deviation, volatility, solved,
                    failed, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
                 ON CONFLICT(player_id) DO UPDATE SET rating = excluded.rating,
                    deviation = excluded.deviation, volatility = excluded.volatility,
                    solved = puzzle_ratings.solved + excluded.solved,
                    failed = puzzle_ratings.failed + excluded.failed,
                    updated_at = excluded.updated_at",
                args![
                    player,
                    after.rating,
                    after.deviation,
                    after.volatility,
                    s,
                    f,
                    at
                ],
            )?;
            c.execute(
                "INSERT INTO puzzle_attempts (player_id, puzzle_id, at, solved, puzzle_rating,
                    before_rating, after_rating) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                args![
                    player,
                    puzzle,
                    at,
                    solved,
                    puzzle_rating,
                    before.rating,
                    after.rating
                ],
            )?;
            Ok(PuzzleTry::Rated { before, after })
        })
    }

    /// The ids of every puzzle an account has tried (at most one row per shipped puzzle).
    pub fn puzzles_tried(&self, player: &str) -> Result<Vec<String>> {
        self.conn
            .query(
                "SELECT puzzle_id FROM puzzle_attempts WHERE player_id = ?1",
                args![player],
            )?
            .iter()
            .map(|r| r.get(0))
            .collect()
    }

    /// An account's tries, newest first: `limit` of them after skipping `skip` (a page).
    pub fn puzzle_attempts(
        &self,
        player: &str,
        skip: usize,
        limit: usize,
    ) -> Result<Vec<PuzzleAttempt>> {
        self.conn
            .query(
                &format!(
                    "SELECT {ATTEMPT_COLUMNS} FROM puzzle_attempts WHERE player_id = ?1
                     ORDER BY at DESC, puzzle_id DESC LIMIT ?2 OFFSET ?3"
                ),
                args![player, limit, skip],
            )?
            .iter()
            .map(attempt)
            .collect()
    }
}
