//! Levels without the early-end rule, built in an order that needs no recursion.
//!
//! A move that stays on the mover's side (and captures nothing) is the only kind that keeps
//! the seeds in the houses; it turns the position (mover `x`, opponent `y`) into (`y`,
//! `x'`), where `x'` is `x` sown toward the store. Sowing toward the store lowers every
//! prefix sum of the vector, so `rank(x') < rank(x)`. For a split of the level's seeds into
//! `a <= b`, the positions where the mover has `a` seeds (block A) and those where it has
//! `b` (block B) depend only on each other and on lower levels, and this order settles
//! every successor before it is read:
//!
//! for each vector `y` of `b` seeds, in rank order: first B's row `y` (mover `y`, every
//! opponent `x`), whose same-level successors lie in A's columns before `y`; then A's
//! column `y` (every mover `x`, opponent `y`), whose same-level successors lie in B's row
//! `y`, just settled.
//!
//! When `a == b` the two blocks are one: step `y` settles row `y` from column `y` on and
//! column `y` below the row. Splits are independent of each other, so the threads take
//! whole splits (the largest first).

use super::row::Opponents;
use super::{slice, sow_past, sow_within, Solver};
use crate::index::next_same_sum;
use crate::sow::{Step, BOARD};
use kalah_rules::MAX_HOUSES;
use std::sync::atomic::Ordering::Relaxed;

/// Every vector of `N` houses holding `seeds` seeds, in rank order.
fn vectors<const N: usize>(seeds: usize, count: u64) -> Vec<[u8; N]> {
    let mut out = Vec::with_capacity(count as usize);
    let mut v = [0u8; N];
    v[N - 1] = seeds as u8;
    loop {
        out.push(v);
        if !next_same_sum(&mut v) {
            break;
        }
    }
    debug_assert_eq!(out.len() as u64, count);
    out
}

/// One move of a mover's vector, worked out once per split for the column pass.
#[derive(Debug, Clone, Copy)]
enum Move {
    /// The house is empty.
    Empty,
    /// The last seed stays on the mover's side, in house `last`: the sown vector's rank
    /// and, when `last` was empty, the rank of the sown vector without that seed (what a
    /// capture leaves).
    Own {
        last: u8,
        rank: u64,
        landed_empty: bool,
        captured: u64,
    },
    /// The last seed lands in the store: the sown vector's rank.
    Extra { rank: u64 },
    /// Past the store onto the opponent's first `onto` houses, not coming round.
    Across { onto: u8, rank: u64 },
    /// Comes round: played in full for each position.
    Around,
}

impl<const N: usize> Solver<'_, N> {
    /// Settles the positions of level `k` whose mover has `a` or `k - a` seeds
    /// (`2a <= k`), calling `done` with the number of positions after each step.
    pub(super) fn run_split(&self, k: usize, a: usize, done: &dyn Fn(u64)) {
        let b = k - a;
        let (count_a, count_b) = (self.ix.count(a), self.ix.count(b));
        let xs = vectors::<N>(a, count_a);
        let moves: Vec<[Move; N]> = xs.iter().map(|x| self.moves_of(x)).collect();
        let (onto, emptied) = Opponents::tables(self, &xs);
        let theirs = Opponents {
            v: &xs,
            onto: &onto,
            emptied: &emptied,
        };
        let mut y = [0u8; N];
        y[N - 1] = b as u8;
        for ry in 0..count_b {
            if a == b {
                let r = ry as usize;
                self.row(k, &y, ry, &theirs.range(r, xs.len()), ry);
                self.column(k, &y, ry, &xs[r + 1..], &moves[r + 1..], ry + 1);
                done(2 * (count_a - ry) - 1);
            } else {
                self.row(k, &y, ry, &theirs, 0);
                self.column(k, &y, ry, &xs, &moves, 0);
                done(2 * count_a);
            }
            next_same_sum(&mut y);
        }
    }

    /// The moves of a mover's vector `x`.
    fn moves_of(&self, x: &[u8; N]) -> [Move; N] {
        let mut out = [Move::Empty; N];
        for (house, m) in out.iter_mut().enumerate() {
            let seeds = x[house] as usize;
            if seeds == 0 {
                continue;
            }
            let last = house + seeds;
            *m = if last < N {
                let (sown, _) = sow_within::<N>(x, house);
                let landed_empty = sown[last] == 1;
                let mut captured = sown;
                captured[last] = 0;
                Move::Own {
                    last: last as u8,
                    rank: self.ix.rank_half(&sown),
                    landed_empty,
                    captured: self.ix.rank_half(&captured),
                }
            } else if last == N {
                Move::Extra {
                    rank: self.ix.rank_half(&sow_past::<N>(x, house).0),
                }
            } else if last <= 2 * N {
                Move::Across {
                    onto: (last - N) as u8,
                    rank: self.ix.rank_half(&sow_past::<N>(x, house).0),
                }
            } else {
                Move::Around
            };
        }
        out
    }

    /// Column `ry` of level `k`: the opponent has `theirs` (rank `ry`), the mover each vector
    /// of `movers` (moves `moves`), whose ranks start at `x0`.
    fn column(
        &self,
        k: usize,
        theirs: &[u8; N],
        ry: u64,
        movers: &[[u8; N]],
        moves: &[[Move; N]],
        x0: u64,
    ) {
        if movers.is_empty() {
            return;
        }
        let ix = self.ix;
        let b = theirs.iter().map(|&x| x as usize).sum::<usize>();
        let a = k - b;
        let (ai, bi) = (a as i32, b as i32);
        let per = ix.count(b);
        let first = ix.base(k, a) + x0 * per + ry;
        if let Some(g) = self.sow.ending(ai, bi) {
            for j in 0..movers.len() as u64 {
                self.values[(first + j * per) as usize].store(g as i8, Relaxed);
            }
            return;
        }
        // What each kind of successor looks like for this opponent: Err(value) when the
        // game is over there, else the part of its index that does not depend on the mover.
        let plain = match self.sow.ending(bi, ai) {
            Some(g) => Err(-g),
            None => Ok(ix.base(k, b) + ry * ix.count(a)),
        };
        let extra = match self.sow.ending(ai - 1, bi) {
            Some(g) => Err(1 + g),
            None => Ok(ix.base(k - 1, a - 1) + ry),
        };
        // Sowing onto the opponent's first `o` houses (index `o`, at most `N`).
        let mut across = [Err(0); MAX_HOUSES + 1];
        for (o, slot) in across.iter_mut().enumerate().take(N.min(a - 1) + 1).skip(1) {
            let mut t = *theirs;
            for x in &mut t[..o] {
                *x += 1;
            }
            let left = a - 1 - o;
            *slot = match self.sow.ending((b + o) as i32, left as i32) {
                Some(g) => Err(1 - g),
                None => Ok(ix.base(k - 1, b + o) + ix.rank_half(&t) * ix.count(left)),
            };
        }
        // A capture opposite the opponent's house `j`: its gain and successor.
        let mut capture = [None; N];
        for (j, slot) in capture.iter_mut().enumerate() {
            let taken = theirs[j];
            if self.sow.takes(taken) {
                let mut t = *theirs;
                t[j] = 0;
                *slot = Some(self.capture(k, a, b, taken, ix.rank_half(&t)));
            }
        }
        let value = |r: u64| self.values[r as usize].load(Relaxed) as i32;
        for (j, (x, ms)) in movers.iter().zip(moves).enumerate() {
            let mut best = i32::MIN;
            for (house, m) in ms.iter().enumerate() {
                let v = match *m {
                    Move::Empty => continue,
                    Move::Own {
                        last,
                        rank,
                        landed_empty,
                        captured,
                    } => {
                        let cap = if landed_empty {
                            capture[N - 1 - last as usize]
                        } else {
                            None
                        };
                        match cap {
                            Some(Err(v)) => v,
                            Some(Ok((gain, c))) => gain - value(c + captured),
                            None => match plain {
                                Err(v) => v,
                                Ok(c) => -value(c + rank),
                            },
                        }
                    }
                    Move::Extra { rank } => match extra {
                        Err(v) => v,
                        Ok(c) => 1 + value(c + rank * per),
                    },
                    Move::Across { onto, rank } => match across[onto as usize] {
                        Err(v) => v,
                        Ok(c) => 1 - value(c + rank),
                    },
                    Move::Around => self.around(x, theirs, house),
                };
                best = best.max(v);
            }
            self.values[(first + j as u64 * per) as usize].store(best as i8, Relaxed);
        }
    }

    /// The value of a move from `house` that comes round, played in full.
    pub(super) fn around(&self, mine: &[u8; N], theirs: &[u8; N], house: usize) -> i32 {
        let mut b = [0u8; BOARD];
        b[..N].copy_from_slice(mine);
        b[N + 1..2 * N + 1].copy_from_slice(theirs);
        let value = |r: u64| self.values[r as usize].load(Relaxed) as i32;
        match self.sow.play::<N>(&mut b, house, (0, 0)) {
            Step::Ended(g) => g,
            Step::Extra(g) => {
                g + value(self.ix.rank_fixed(slice::<N>(&b, 0), slice::<N>(&b, N + 1)))
            }
            Step::Pass(g) => {
                g - value(self.ix.rank_fixed(slice::<N>(&b, N + 1), slice::<N>(&b, 0)))
            }
        }
    }
}
