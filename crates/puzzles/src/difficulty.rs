//! A new puzzle's starting rating, from how often the computer's levels solve it.

use crate::puzzle::Puzzle;
use kalah_engine::{Engine, Level};
use std::sync::atomic::AtomicBool;

/// The lowest and highest starting rating given.
pub const RATING_RANGE: (u16, u16) = (400, 2800);

/// How many of `trials` tries `level` solves `puzzle`: it plays every solver's move of the line
/// (the computer's replies are the line's), each try with another seed. The engine's table is
/// cleared first, so that exact values left by a proof do not show the depth levels the answer.
pub fn solved_by(
    engine: &mut Engine,
    puzzle: &Puzzle,
    level: Level,
    trials: u32,
    stop: &AtomicBool,
) -> u32 {
    engine.clear();
    (0..trials)
        .filter(|&seed| {
            puzzle.steps().filter(|s| s.by_solver()).all(|s| {
                level.choose_move(engine, &s.before, u64::from(seed) * 7919 + 1, stop) == Some(s.mv)
            })
        })
        .count() as u32
}

/// The rating at which a player solves the puzzle as often as the levels did: the
/// maximum-likelihood rating `R` under the Elo model, where a level of rating `r` solves it with
/// probability `1 / (1 + 10^((R - r) / 400))`, with one solve and one failure at 1500 added so
/// that a puzzle every level solves (or none does) gets a finite rating. `results` holds each
/// level's rating, solves and tries.
pub fn rating_from(results: &[(f64, u32, u32)]) -> u16 {
    let log_likelihood = |r: f64| {
        let mut ll = 0.0;
        let mut add = |level: f64, solved: f64, failed: f64| {
            let p = 1.0 / (1.0 + 10f64.powf((r - level) / 400.0));
            ll += solved * p.max(1e-12).ln() + failed * (1.0 - p).max(1e-12).ln();
        };
        add(1500.0, 1.0, 1.0);
        for &(level, solved, tries) in results {
            add(
                level,
                f64::from(solved),
                f64::from(tries.saturating_sub(solved)),
            );
        }
        ll
    };
    let (lo, hi) = RATING_RANGE;
    (lo..=hi)
        .step_by(5)
        .max_by(|&a, &b| log_likelihood(f64::from(a)).total_cmp(&log_likelihood(f64::from(b))))
        .unwrap_or(1500)
}

/// The starting rating of `puzzle`: each level of `levels` (with its rating) tries it `trials`
/// times ([`solved_by`]), then [`rating_from`].
pub fn rate(
    engine: &mut Engine,
    puzzle: &Puzzle,
    levels: &[(Level, f64)],
    trials: u32,
    stop: &AtomicBool,
) -> u16 {
    let results: Vec<(f64, u32, u32)> = levels
        .iter()
        .map(|&(level, rating)| {
            (
                rating,
                solved_by(engine, puzzle, level, trials, stop),
                trials,
            )
        })
        .collect();
    rating_from(&results)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_puzzle_the_strong_levels_solve_and_the_weak_miss_lies_between_them() {
        let r = rating_from(&[
            (800.0, 0, 8),
            (1200.0, 1, 8),
            (1700.0, 7, 8),
            (2100.0, 8, 8),
        ]);
        assert!((1200..1700).contains(&r), "{r}");
    }

    #[test]
    fn every_level_solving_gives_a_low_rating_and_none_a_high_one() {
        let all = rating_from(&[(800.0, 8, 8), (1500.0, 8, 8), (2100.0, 8, 8)]);
        let none = rating_from(&[(800.0, 0, 8), (1500.0, 0, 8), (2100.0, 0, 8)]);
        assert!(all < 1000, "{all}");
        assert!(none > 2200, "{none}");
        assert!(none <= RATING_RANGE.1 && all >= RATING_RANGE.0);
    }
}
