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
//!
//! Rows read their successors from the transposed copy of the values (see [`Solver`])
//! where the plain layout would put them a whole row apart, and columns write A there; a
//! level ends by copying each off-diagonal block into the layout it was not written in.
//! A column works slot by slot ([`Lists`]): the movers' moves are grouped by kind once per
//! split, so the inner loops are short and free of branches on the kind.

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

/// Slots, the kinds of move a column tells apart: one that stays on the mover's side, one
/// landing in the empty house `last` (a capture or not, by column), an extra turn, and one
/// sowing onto the opponent's first `o` houses.
const PLAIN: usize = 0;
const LANDED: usize = 1;
const EXTRA: usize = LANDED + MAX_HOUSES;
const ACROSS: usize = EXTRA;
const SLOTS: usize = ACROSS + MAX_HOUSES + 1;

/// A split's mover moves grouped by slot, worked out once for all its columns: in each slot
/// the movers (indices into the split's vectors, ascending) and the successor's rank in the
/// mover's part of the index, plain (`off`) and after a capture (`cap`, landing slots).
/// Moves that come round are listed apart, played in full.
struct Lists {
    who: Vec<Vec<u32>>,
    off: Vec<Vec<u64>>,
    cap: Vec<Vec<u64>>,
    around: Vec<(u32, u8)>,
}

/// What a slot's moves are worth in one column: `gain + sign * table[base + rank]`, from
/// `trans` or `values` and with `rank` from `cap` or `off`; or a fixed value where the game
/// ends.
#[derive(Debug, Clone, Copy)]
enum Kind {
    Fixed(i32),
    Load {
        trans: bool,
        cap: bool,
        base: u64,
        gain: i32,
        negate: bool,
    },
}

impl Kind {
    fn of(r: Result<u64, i32>, trans: bool, cap: bool, gain: i32, negate: bool) -> Kind {
        match r {
            Err(v) => Kind::Fixed(v),
            Ok(base) => Kind::Load {
                trans,
                cap,
                base,
                gain,
                negate,
            },
        }
    }
}

impl<const N: usize> Solver<'_, N> {
    /// Settles the positions of level `k` whose mover has `a` or `k - a` seeds
    /// (`2a <= k`), calling `done` with the number of positions after each step, and
    /// leaving the rest undone when `stop` says so after one.
    pub(super) fn run_split(
        &self,
        k: usize,
        a: usize,
        done: &dyn Fn(u64),
        stop: &dyn Fn() -> bool,
    ) {
        let b = k - a;
        let (count_a, count_b) = (self.ix.count(a), self.ix.count(b));
        let xs = vectors::<N>(a, count_a);
        let lists = self.lists(&xs);
        let mut best = vec![i32::MIN; xs.len()];
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
                self.column(k, &y, ry, &xs, &lists, r + 1, &mut best);
                done(2 * (count_a - ry) - 1);
            } else {
                self.row(k, &y, ry, &theirs, 0);
                self.column(k, &y, ry, &xs, &lists, 0, &mut best);
                done(2 * count_a);
            }
            if stop() {
                return;
            }
            next_same_sum(&mut y);
        }
    }

    /// The moves of the movers `xs`, by slot.
    fn lists(&self, xs: &[[u8; N]]) -> Lists {
        let mut l = Lists {
            who: vec![Vec::new(); SLOTS],
            off: vec![Vec::new(); SLOTS],
            cap: vec![Vec::new(); SLOTS],
            around: Vec::new(),
        };
        for (j, x) in xs.iter().enumerate() {
            let j = j as u32;
            for house in 0..N {
                let seeds = x[house] as usize;
                if seeds == 0 {
                    continue;
                }
                let last = house + seeds;
                let slot = if last < N {
                    let (sown, _) = sow_within::<N>(x, house);
                    if sown[last] == 1 {
                        let mut captured = sown;
                        captured[last] = 0;
                        l.cap[LANDED + last].push(self.ix.rank_half(&captured));
                        l.off[LANDED + last].push(self.ix.rank_half(&sown));
                        LANDED + last
                    } else {
                        l.off[PLAIN].push(self.ix.rank_half(&sown));
                        PLAIN
                    }
                } else if last <= 2 * N {
                    let slot = if last == N { EXTRA } else { ACROSS + last - N };
                    l.off[slot].push(self.ix.rank_half(&sow_past::<N>(x, house).0));
                    slot
                } else {
                    l.around.push((j, house as u8));
                    continue;
                };
                l.who[slot].push(j);
            }
        }
        l
    }

    /// Column `ry` of level `k`: the opponent has `theirs` (rank `ry`), the mover each vector
    /// of `movers` from index `from` on (moves `lists`). `best` holds `i32::MIN` for each
    /// mover before and after.
    #[allow(clippy::too_many_arguments)]
    fn column(
        &self,
        k: usize,
        theirs: &[u8; N],
        ry: u64,
        movers: &[[u8; N]],
        lists: &Lists,
        from: usize,
        best: &mut [i32],
    ) {
        if from >= movers.len() {
            return;
        }
        let ix = self.ix;
        let b = theirs.iter().map(|&x| x as usize).sum::<usize>();
        let a = k - b;
        let (ai, bi) = (a as i32, b as i32);
        let per = ix.count(b);
        let diagonal = 2 * a == k;
        let first = ix.base(k, a) + from as u64 * per + ry;
        let tfirst = self.tbase(k, a) + ry * ix.count(a) + from as u64;
        match self.sow.ending(ai, bi) {
            Some(g) => best[from..].fill(g),
            None => self.column_moves(k, theirs, ry, movers, lists, from, best),
        }
        for (i, m) in best[from..].iter_mut().enumerate() {
            let i = i as u64;
            // Off the diagonal the level's transposition fills `values` later.
            if diagonal {
                self.values[(first + i * per) as usize].store(*m as i8, Relaxed);
            }
            self.trans[(tfirst + i) as usize].store(*m as i8, Relaxed);
            *m = i32::MIN;
        }
    }

    /// The best move of each mover of column `ry` from index `from` on, into `best`, where
    /// the game is not over before the move (see [`Solver::column`]).
    #[allow(clippy::too_many_arguments)]
    fn column_moves(
        &self,
        k: usize,
        theirs: &[u8; N],
        ry: u64,
        movers: &[[u8; N]],
        lists: &Lists,
        from: usize,
        best: &mut [i32],
    ) {
        let ix = self.ix;
        let b = theirs.iter().map(|&x| x as usize).sum::<usize>();
        let a = k - b;
        let (ai, bi) = (a as i32, b as i32);
        // What each slot's moves are worth for this opponent.
        let mut kinds = [Kind::Fixed(i32::MIN); SLOTS];
        let plain = match self.sow.ending(bi, ai) {
            Some(g) => Err(-g),
            None => Ok(ix.base(k, b) + ry * ix.count(a)),
        };
        kinds[PLAIN] = Kind::of(plain, false, false, 0, true);
        for last in 0..N {
            let j = N - 1 - last;
            let taken = theirs[j];
            kinds[LANDED + last] = if self.sow.takes(taken) {
                let mut t = *theirs;
                t[j] = 0;
                match self.capture(k, a, b, taken, ix.rank_half(&t)) {
                    Err(v) => Kind::Fixed(v),
                    Ok((gain, c)) => Kind::of(Ok(c), false, true, gain, true),
                }
            } else {
                kinds[PLAIN]
            };
        }
        let extra = match self.sow.ending(ai - 1, bi) {
            Some(g) => Err(1 + g),
            None => Ok(self.tbase(k - 1, a - 1) + ry * ix.count(a - 1)),
        };
        kinds[EXTRA] = Kind::of(extra, true, false, 1, false);
        // Sowing onto the opponent's first `o` houses (at most `N`).
        for o in 1..=N.min(a - 1) {
            let mut t = *theirs;
            for x in &mut t[..o] {
                *x += 1;
            }
            let left = a - 1 - o;
            let r = match self.sow.ending((b + o) as i32, left as i32) {
                Some(g) => Err(1 - g),
                None => Ok(ix.base(k - 1, b + o) + ix.rank_half(&t) * ix.count(left)),
            };
            kinds[ACROSS + o] = Kind::of(r, false, false, 1, true);
        }
        for (slot, kind) in kinds.iter().enumerate() {
            let who = &lists.who[slot];
            if who.is_empty() {
                continue;
            }
            // The movers from `from` on (a diagonal split's columns skip the first ones).
            let lo = if from == 0 {
                0
            } else {
                who.partition_point(|&j| (j as usize) < from)
            };
            match *kind {
                Kind::Fixed(v) => {
                    for &j in &who[lo..] {
                        let m = &mut best[j as usize];
                        *m = (*m).max(v);
                    }
                }
                Kind::Load {
                    trans,
                    cap,
                    base,
                    gain,
                    negate,
                } => {
                    let table = &(if trans { self.trans } else { self.values })[base as usize..];
                    let offs = if cap {
                        &lists.cap[slot]
                    } else {
                        &lists.off[slot]
                    };
                    let pairs = who[lo..].iter().zip(&offs[lo..]);
                    if negate {
                        for (&j, &o) in pairs {
                            let v = gain - table[o as usize].load(Relaxed) as i32;
                            let m = &mut best[j as usize];
                            *m = (*m).max(v);
                        }
                    } else {
                        for (&j, &o) in pairs {
                            let v = gain + table[o as usize].load(Relaxed) as i32;
                            let m = &mut best[j as usize];
                            *m = (*m).max(v);
                        }
                    }
                }
            }
        }
        for &(j, house) in &lists.around {
            let j = j as usize;
            if j >= from {
                let v = self.around(&movers[j], theirs, house as usize);
                best[j] = best[j].max(v);
            }
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
