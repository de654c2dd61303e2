//! Move-path counting, the standard check of move generation.

use crate::moves::Move;
use crate::position::Position;

/// Number of move sequences of exactly `depth` moves (sowings; `swap` counts as one).
/// A finished game has no moves.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for &m in moves.iter() {
        let mut child = *pos;
        child.play_unchecked(m);
        total += perft(&child, depth - 1);
    }
    total
}

/// Perft per first move, for locating differences.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    pos.legal_moves()
        .iter()
        .map(|&m| {
            let mut child = *pos;
            child.play_unchecked(m);
            (m, perft(&child, depth.saturating_sub(1)))
        })
        .collect()
}
