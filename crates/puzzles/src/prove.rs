//! Finding puzzles and proving them again, with the solver.

use crate::puzzle::{Puzzle, Value};
use crate::themes::themes_of;
use kalah_engine::{Engine, Limits};
use kalah_rules::{Move, Position};
use std::sync::atomic::AtomicBool;

/// What the generator asks of a puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Criteria {
    /// Every solver's move of the line is better than the next best move by at least this many
    /// seeds of final margin.
    pub min_gap: i32,
    /// The line stops after this many solver's moves.
    pub max_solver_moves: usize,
    /// Legal moves at the start, at least: a choice of two is half a guess.
    pub min_moves: usize,
    /// The best value at the start, at least (final margin for the solver): a puzzle in a lost
    /// game teaches how to lose by less, which few want to practise.
    pub min_value: i32,
}

impl Default for Criteria {
    /// A gap of 2 seeds, up to 6 solver's moves, 3 legal moves at the start, a best value of
    /// -2 or more.
    fn default() -> Criteria {
        Criteria {
            min_gap: 2,
            max_solver_moves: 6,
            min_moves: 3,
            min_value: -2,
        }
    }
}

/// A search was stopped (by its `stop` flag) before it proved its values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("stopped before the values were proven")]
pub struct Stopped;

/// The exact value of every legal move of `pos`, in house order (`swap` last); `Err(Stopped)`
/// when `stop` became true before all were proven.
pub fn exact_values(
    engine: &mut Engine,
    pos: &Position,
    stop: &AtomicBool,
) -> Result<Vec<Value>, Stopped> {
    let found = engine.analyze(pos, Limits::Exact, stop);
    if found.len() != pos.legal_moves().len() || found.iter().any(|v| !v.exact) {
        return Err(Stopped);
    }
    let mut values: Vec<Value> = found
        .into_iter()
        .map(|v| Value {
            mv: v.mv,
            value: v.value,
        })
        .collect();
    values.sort_by_key(|v| v.mv);
    Ok(values)
}

/// The one move whose value beats every other by at least `min_gap`, if there is one (and
/// there are at least two legal moves: a forced move is no puzzle).
pub fn only_move(values: &[Value], min_gap: i32) -> Option<Move> {
    let best = values.iter().max_by_key(|v| v.value)?;
    let second = values
        .iter()
        .filter(|v| v.mv != best.mv)
        .map(|v| v.value)
        .max()?;
    (best.value - second >= min_gap.max(1)).then_some(best.mv)
}

/// The computer's reply: the best move, the first in house order among equally good ones.
fn best_reply(values: &[Value]) -> Option<Move> {
    let best = values.iter().map(|v| v.value).max()?;
    values.iter().find(|v| v.value == best).map(|v| v.mv)
}

/// Proves whether `pos` is a puzzle under `criteria`: the value of every move at the start and
/// at each of the solver's later moves, and the computer's best replies between them. The line
/// goes on while the solver has an only move (by `criteria.min_gap`) and ends with the last
/// one. `Ok(None)` when the position is no puzzle; the puzzle found has rating 0 and no source
/// (the caller's to fill in).
pub fn find(
    engine: &mut Engine,
    pos: &Position,
    criteria: &Criteria,
    stop: &AtomicBool,
) -> Result<Option<Puzzle>, Stopped> {
    if pos.is_over() || pos.legal_moves().len() < criteria.min_moves.max(2) {
        return Ok(None);
    }
    let solver = pos.to_move();
    let mut line: Vec<Move> = Vec::new();
    let mut values: Vec<Vec<Value>> = Vec::new();
    // The line as far as it ends with a solver's move.
    let mut kept = 0;
    let mut now = *pos;
    while !now.is_over() && values.len() < criteria.max_solver_moves {
        if now.legal_moves().len() < 2 && now.to_move() == solver {
            break;
        }
        let vals = exact_values(engine, &now, stop)?;
        let m = if now.to_move() == solver {
            let Some(m) = only_move(&vals, criteria.min_gap) else {
                break;
            };
            let best = vals.iter().map(|v| v.value).max().unwrap_or(0);
            if values.is_empty() && best < criteria.min_value {
                break;
            }
            values.push(vals);
            kept = line.len() + 1;
            m
        } else {
            match best_reply(&vals) {
                Some(m) => m,
                None => break,
            }
        };
        line.push(m);
        now.play_unchecked(m);
    }
    if values.is_empty() {
        return Ok(None);
    }
    line.truncate(kept);
    let mut puzzle = Puzzle {
        id: Puzzle::id_of(pos),
        position: *pos,
        line,
        values,
        themes: Vec::new(),
        rating: 0,
        source: String::new(),
    };
    puzzle.themes = themes_of(&puzzle);
    Ok(Some(puzzle))
}

/// Why a puzzle failed its check.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CheckError {
    #[error(transparent)]
    Invalid(#[from] crate::PuzzleError),
    #[error("puzzle {id}, move {ply}: stored values {stored}, proven {proven}")]
    Values {
        id: String,
        ply: usize,
        stored: String,
        proven: String,
    },
    #[error("puzzle {id}, move {ply}: the reply {reply} is not a best move ({values})")]
    Reply {
        id: String,
        ply: usize,
        reply: Move,
        values: String,
    },
    #[error(transparent)]
    Stopped(#[from] Stopped),
}

fn list(values: &[Value]) -> String {
    values
        .iter()
        .map(|v| format!("{}:{:+}", v.mv, v.value))
        .collect::<Vec<_>>()
        .join(",")
}

/// Proves a puzzle again with the solver: that it holds together ([`Puzzle::validate`]: the
/// line's moves legal, each solver's move the only best of its stored values, the themes those
/// of the line), that every stored value is the exact value the solver finds now, and that
/// every reply of the computer is a best move.
pub fn check(engine: &mut Engine, puzzle: &Puzzle, stop: &AtomicBool) -> Result<(), CheckError> {
    puzzle.validate()?;
    for (i, step) in puzzle.steps().enumerate() {
        let proven = exact_values(engine, &step.before, stop)?;
        match step.values {
            Some(stored) if stored != proven.as_slice() => {
                return Err(CheckError::Values {
                    id: puzzle.id.clone(),
                    ply: i + 1,
                    stored: list(stored),
                    proven: list(&proven),
                })
            }
            Some(_) => {}
            None => {
                let best = proven.iter().map(|v| v.value).max();
                let mine = proven.iter().find(|v| v.mv == step.mv).map(|v| v.value);
                if mine.is_none() || mine != best {
                    return Err(CheckError::Reply {
                        id: puzzle.id.clone(),
                        ply: i + 1,
                        reply: step.mv,
                        values: list(&proven),
                    });
                }
            }
        }
    }
    Ok(())
}
