//! A row of a split (see [`super::pairs`]): one mover's vector against many opponent
//! vectors of consecutive ranks, move by move.
//!
//! A move that stays on the mover's side (or ends in the store) does the same to every
//! opponent vector, and the successors of consecutive opponent ranks have evenly spaced
//! indices: those moves need no sowing and no ranking per position. Moves that sow onto the
//! opponent's side, and captures, change the opponent's vector; the ranks of those changed
//! vectors are worked out once per split ([`Opponents`]).

use super::{sow_past, sow_within, Solver, TILE};
use std::sync::atomic::Ordering::Relaxed;

/// The opponent vectors of a split's rows, with the ranks of what moves make of them.
pub(super) struct Opponents<'a, const N: usize> {
    pub v: &'a [[u8; N]],
    /// `onto[i][o - 1]`: the rank of `v[i]` with one seed more in each of houses `0..o`.
    pub onto: &'a [[u64; N]],
    /// `emptied[i][j]`: the rank of `v[i]` with house `j` emptied.
    pub emptied: &'a [[u64; N]],
}

impl<'a, const N: usize> Opponents<'a, N> {
    /// The tables for `v`.
    pub fn tables(solver: &Solver<'_, N>, v: &[[u8; N]]) -> (Vec<[u64; N]>, Vec<[u64; N]>) {
        let ix = solver.ix;
        let max = ix.max_seeds();
        let mut onto = Vec::with_capacity(v.len());
        let mut emptied = Vec::with_capacity(v.len());
        for x in v {
            let seeds: usize = x.iter().map(|&s| s as usize).sum();
            let mut o = [0u64; N];
            let mut t = *x;
            for (i, r) in o.iter_mut().enumerate() {
                t[i] += 1;
                // Only moves that keep the level within the database use these.
                if seeds + i < max {
                    *r = ix.rank_half(&t);
                }
            }
            let mut e = [0u64; N];
            for (j, r) in e.iter_mut().enumerate() {
                let mut t = *x;
                t[j] = 0;
                *r = ix.rank_half(&t);
            }
            onto.push(o);
            emptied.push(e);
        }
        (onto, emptied)
    }

    pub fn range(&self, from: usize, to: usize) -> Opponents<'a, N> {
        Opponents {
            v: &self.v[from..to],
            onto: &self.onto[from..to],
            emptied: &self.emptied[from..to],
        }
    }
}

impl<const N: usize> Solver<'_, N> {
    /// Row `ry` of level `k`: the mover has `mine`, the opponent each vector of `theirs`,
    /// whose ranks start at `t0`.
    pub(super) fn row(&self, k: usize, mine: &[u8; N], ry: u64, theirs: &Opponents<N>, t0: u64) {
        let a = mine.iter().map(|&x| x as usize).sum::<usize>();
        let first = self.ix.base(k, a) + ry * self.ix.count(k - a) + t0;
        let len = theirs.v.len();
        for from in (0..len).step_by(TILE) {
            let tile = theirs.range(from, len.min(from + TILE));
            let at = from as u64;
            self.row_tile(k, mine, ry, &tile, t0 + at, first + at);
        }
    }

    /// Up to [`TILE`] positions of a row, entries `first..`.
    fn row_tile(
        &self,
        k: usize,
        mine: &[u8; N],
        ry: u64,
        theirs: &Opponents<N>,
        t0: u64,
        first: u64,
    ) {
        let a = mine.iter().map(|&x| x as usize).sum::<usize>();
        let (ai, bi) = (a as i32, (k - a) as i32);
        let mut best = [i32::MIN; TILE];
        let best = &mut best[..theirs.v.len()];
        if let Some(g) = self.sow.ending(ai, bi) {
            best.fill(g);
        } else {
            for house in 0..N {
                let seeds = mine[house] as usize;
                if seeds == 0 {
                    continue;
                }
                let last = house + seeds;
                if last < N {
                    self.own_side(k, mine, house, theirs, t0, best);
                } else if last == N {
                    self.extra_turn(k, mine, house, t0, best);
                } else if last <= 2 * N {
                    self.sow_across(k, mine, house, theirs, best);
                } else {
                    for (t, v) in theirs.v.iter().zip(best.iter_mut()) {
                        *v = (*v).max(self.around(mine, t, house));
                    }
                }
            }
        }
        let tb = self.tbase(k, a) + ry;
        let ca = self.ix.count(a);
        for (i, &v) in best.iter().enumerate() {
            self.values[(first + i as u64) as usize].store(v as i8, Relaxed);
            if 2 * a == k {
                self.trans[(tb + (t0 + i as u64) * ca) as usize].store(v as i8, Relaxed);
            }
        }
    }

    /// A move from `house` whose last seed lands on the mover's side: a plain move (the
    /// same successor layout for every opponent vector) or a capture.
    fn own_side(
        &self,
        k: usize,
        mine: &[u8; N],
        house: usize,
        theirs: &Opponents<N>,
        t0: u64,
        best: &mut [i32],
    ) {
        let ix = self.ix;
        let a = mine.iter().map(|&x| x as usize).sum::<usize>();
        let b = k - a;
        let (sown, last) = sow_within::<N>(mine, house);
        let opp = N - 1 - last;
        let landed_empty = sown[last] == 1;
        // The plain successor: the opponent moves with its vector against `sown`.
        let plain = match self.sow.ending(b as i32, a as i32) {
            Some(g) => Err(-g),
            None => Ok(self.tbase(k, b) + ix.rank_half(&sown) * ix.count(b) + t0),
        };
        let mut captured = sown;
        captured[last] = 0;
        let captured = ix.rank_half(&captured);
        for (i, t) in theirs.v.iter().enumerate() {
            let taken = t[opp];
            let v = if landed_empty && self.sow.takes(taken) {
                match self.capture(k, a, b, taken, theirs.emptied[i][opp]) {
                    Err(v) => v,
                    Ok((gain, c)) => {
                        gain - self.values[(c + captured) as usize].load(Relaxed) as i32
                    }
                }
            } else {
                match plain {
                    Err(v) => v,
                    // In this level: settled before (see [`super::pairs`]).
                    Ok(c) => -(self.trans[(c + i as u64) as usize].load(Relaxed) as i32),
                }
            };
            best[i] = best[i].max(v);
        }
    }

    /// A capture of `taken` seeds by a mover with `a` seeds (the landing one included) from an
    /// opponent with `b`, whose vector without the emptied house has rank `emptied`: the
    /// value when the game ends there, else the gain and the successor's index less the rank
    /// of what the capture leaves the mover (the opponent moves next).
    pub(super) fn capture(
        &self,
        k: usize,
        a: usize,
        b: usize,
        taken: u8,
        emptied: u64,
    ) -> Result<(i32, u64), i32> {
        let ix = self.ix;
        let gain = taken as i32 + 1;
        let left = b - taken as usize;
        match self.sow.ending(left as i32, a as i32 - 1) {
            Some(g) => Err(gain - g),
            None => Ok((
                gain,
                ix.base(k - 1 - taken as usize, left) + emptied * ix.count(a - 1),
            )),
        }
    }

    /// A move from `house` whose last seed lands in the mover's store: the same for every
    /// opponent vector, and the successors (the mover again) are consecutive entries.
    fn extra_turn(&self, k: usize, mine: &[u8; N], house: usize, t0: u64, best: &mut [i32]) {
        let (sown, a) = sow_past::<N>(mine, house);
        let b = k - 1 - a;
        if let Some(g) = self.sow.ending(a as i32, b as i32) {
            for v in best.iter_mut() {
                *v = (*v).max(1 + g);
            }
            return;
        }
        // One level down: settled already.
        let c = self.ix.base(k - 1, a) + self.ix.rank_half(&sown) * self.ix.count(b) + t0;
        for (i, v) in best.iter_mut().enumerate() {
            let x = self.values[(c + i as u64) as usize].load(Relaxed) as i32;
            *v = (*v).max(1 + x);
        }
    }

    /// A move that sows past the mover's store onto the opponent's side without coming
    /// round: the mover's side and the seed counts are the same for every opponent vector.
    fn sow_across(
        &self,
        k: usize,
        mine: &[u8; N],
        house: usize,
        theirs: &Opponents<N>,
        best: &mut [i32],
    ) {
        let onto = house + mine[house] as usize - N;
        let (sown, a) = sow_past::<N>(mine, house);
        // One seed went to the store and `onto` to the opponent.
        let b = k - 1 - a;
        if let Some(g) = self.sow.ending(b as i32, a as i32) {
            for v in best.iter_mut() {
                *v = (*v).max(1 - g);
            }
            return;
        }
        // One level down: settled already.
        let c = self.tbase(k - 1, b) + self.ix.rank_half(&sown) * self.ix.count(b);
        for (ranks, v) in theirs.onto.iter().zip(best.iter_mut()) {
            let r = c + ranks[onto - 1];
            *v = (*v).max(1 - self.trans[r as usize].load(Relaxed) as i32);
        }
    }
}
