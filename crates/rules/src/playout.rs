//! The random-playout benchmark loop: deterministic, so its figures check themselves.

use crate::moves::Move;
use crate::position::Position;
use crate::rules::Rules;
use crate::side::Side;

/// The benchmark's xorshift64 seed.
pub const PLAYOUT_SEED: u64 = 88172645463325252;

/// Totals of a playout run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayoutStats {
    pub games: u64,
    /// Sowings played.
    pub moves: u64,
    /// Sum over games of South's final store minus North's.
    pub margin_sum: i64,
}

/// Plays `games` random games from the start of `rules`, South first. Each move is drawn
/// by one xorshift64 step as `candidates[x % count]` over the mover's non-empty houses in
/// house order (`swap` is never chosen).
pub fn playouts(rules: Rules, games: u64) -> PlayoutStats {
    // The common board gets its own copy with `n` a constant.
    match rules.houses() {
        6 => run(rules, games, 6),
        n => run(rules, games, n),
    }
}

#[inline(always)]
fn run(rules: Rules, games: u64, n: usize) -> PlayoutStats {
    let mut x = PLAYOUT_SEED;
    let start = Position::start(rules, Side::South);
    let mut stats = PlayoutStats {
        games,
        moves: 0,
        margin_sum: 0,
    };
    let mut candidates = [0u8; crate::rules::MAX_HOUSES];
    for _ in 0..games {
        let mut pos = start;
        loop {
            let base = if pos.to_move() == Side::South {
                0
            } else {
                n + 1
            };
            let houses = &pos.pits()[base..base + n];
            let mut count = 0;
            for (i, &s) in houses.iter().enumerate() {
                // `count <= i < MAX_HOUSES`: the mask only spares the bounds check.
                candidates[count & (crate::rules::MAX_HOUSES - 1)] = i as u8 + 1;
                count += (s != 0) as usize;
            }
            if count == 0 {
                break;
            }
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let h = candidates[fast_mod(x, count) as usize];
            stats.moves += 1;
            if pos.play_unchecked(Move::Sow(h)).ended {
                break;
            }
        }
        let o = pos.outcome();
        let (s, n) = match o {
            Some(o) => (o.scores.south as i64, o.scores.north as i64),
            None => (pos.store(Side::South) as i64, pos.store(Side::North) as i64),
        };
        stats.margin_sum += s - n;
    }
    stats
}

/// `x % d` for `d` in 1..=MAX_HOUSES without a division instruction, exact for every `x`:
/// with `M = ceil(2^68 / d)`, `x * M >> 68 == x / d` because `M * d - 2^68 < d` and `x < 2^64`.
/// A 64-bit division costs about a quarter of a playout move.
#[inline(always)]
fn fast_mod(x: u64, d: usize) -> u64 {
    let m = MOD_MAGIC[d];
    let (lo, hi) = (m as u64 as u128, m >> 64);
    let q = ((((x as u128 * lo) >> 64) + x as u128 * hi) >> 4) as u64;
    x - q * d as u64
}

const MOD_MAGIC: [u128; crate::rules::MAX_HOUSES + 1] = {
    let mut t = [0u128; crate::rules::MAX_HOUSES + 1];
    let mut d = 1;
    while d <= crate::rules::MAX_HOUSES {
        t[d] = (1u128 << 68).div_ceil(d as u128);
        d += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::fast_mod;

    #[test]
    fn fast_mod_is_exact() {
        let mut x: u64 = super::PLAYOUT_SEED;
        let edge = [0, 1, 2, u64::MAX, u64::MAX - 1, 1 << 63, (1 << 63) - 1];
        for d in 1..=crate::rules::MAX_HOUSES {
            for &e in &edge {
                assert_eq!(fast_mod(e, d), e % d as u64, "{e} % {d}");
            }
            for _ in 0..100_000 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                assert_eq!(fast_mod(x, d), x % d as u64, "{x} % {d}");
            }
        }
    }
}
