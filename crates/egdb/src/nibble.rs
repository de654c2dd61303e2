//! Packed databases: four bits per position instead of a byte, so that the same memory holds
//! about two more seeds (on 6 houses, 26 seeds in 1.35 GB against 24 in 1.25 GB). Each level
//! (seeds in the houses) keeps 14 exact values in a window chosen to hold most of its
//! positions (about nine in ten at 26 seeds); a value outside the window is stored as a bound
//! ("at most" below it, "at least" above), which still answers a zero-window search whose
//! bound lies on that side. The search treats a bound as a partial answer and searches on.

use crate::index::Indexer;

/// Exact values per level: codes 1..=14; code 0 means below the window, 15 above.
pub const EXACT: i32 = 14;
const BELOW: u8 = 0;
const ABOVE: u8 = 15;

/// The exact values of one level: `lo`, `lo + step`, ..., `lo + 13 step`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    pub lo: i8,
    /// 2 where every value of the level has the parity of its seeds (standard rules), else 1.
    pub step: u8,
}

impl Window {
    #[inline]
    fn code(self, v: i8) -> u8 {
        let d = v as i32 - self.lo as i32;
        let s = self.step as i32;
        if d < 0 {
            BELOW
        } else if d >= EXACT * s {
            ABOVE
        } else {
            1 + (d / s) as u8
        }
    }

    /// The bounds (lower, upper) that `code` gives at a level of `k` seeds: equal when exact.
    #[inline]
    pub fn bounds(self, code: u8, k: u32) -> (i32, i32) {
        let (k, lo, s) = (k as i32, self.lo as i32, self.step as i32);
        match code {
            BELOW => (-k, lo - s),
            ABOVE => (lo + EXACT * s, k),
            c => {
                let v = lo + (c as i32 - 1) * s;
                (v, v)
            }
        }
    }

    /// The window holding the most values of a level of `k` seeds, from the level's histogram
    /// (`hist[v + 128]` counts the value `v`). Ties go to the window nearest 0.
    fn choose(hist: &[u64; 256], k: u32) -> Window {
        let k = k as i32;
        let values = || (-128..128).filter(|&v| hist[(v + 128) as usize] > 0);
        let step = if values().all(|v| (v - k).rem_euclid(2) == 0) {
            2
        } else {
            1
        };
        let mut best = (0u64, i32::MAX, -k);
        for lo in (-k..=k).step_by(step as usize) {
            let held: u64 = (0..EXACT)
                .map(|i| lo + i * step)
                .filter(|&v| v <= k)
                .map(|v| hist[(v + 128) as usize])
                .sum();
            let off = (2 * lo + (EXACT - 1) * step).abs();
            if held > best.0 || (held == best.0 && off < best.1) {
                best = (held, off, lo);
            }
        }
        Window {
            lo: best.2.clamp(-128, 127) as i8,
            step: step as u8,
        }
    }
}

/// The code of entry `r` in packed `bytes` (two entries per byte, the even one low).
#[inline]
pub fn code_at(bytes: &[u8], r: u64) -> u8 {
    (bytes[(r >> 1) as usize] >> ((r & 1) * 4)) & 15
}

/// Packs byte values into codes, a window per level, and returns both.
pub fn pack(values: &[u8], ix: &Indexer, max_seeds: u32) -> (Vec<u8>, Vec<Window>) {
    let mut out = vec![0u8; values.len().div_ceil(2)];
    let mut windows = Vec::with_capacity(max_seeds as usize + 1);
    for k in 0..=max_seeds {
        let range = ix.level(k as usize);
        let level = &values[range.start as usize..range.end as usize];
        let mut hist = [0u64; 256];
        for &v in level {
            hist[(v as i8 as i32 + 128) as usize] += 1;
        }
        let w = Window::choose(&hist, k);
        for r in range {
            let c = w.code(values[r as usize] as i8);
            out[(r >> 1) as usize] |= c << ((r & 1) * 4);
        }
        windows.push(w);
    }
    (out, windows)
}

/// The seeds in a lane board (8 bits per house): a level's number.
#[inline]
pub fn lane_seeds(mine: u64, theirs: u64) -> u32 {
    // Each lane holds at most 127 seeds in all, so the byte sums do not carry.
    ((mine + theirs).wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_inside_the_window_and_bound_outside() {
        let w = Window { lo: -6, step: 2 };
        for v in (-20i8..=20).step_by(2) {
            let (lo, hi) = w.bounds(w.code(v), 20);
            assert!(lo <= v as i32 && v as i32 <= hi, "{v}: {lo}..{hi}");
            if (-6..=20).contains(&v) {
                assert_eq!((lo, hi), (v as i32, v as i32));
            }
        }
        assert_eq!(w.bounds(w.code(-8), 20), (-20, -8));
        assert_eq!(w.bounds(w.code(22), 30), (22, 30));
    }

    #[test]
    fn the_window_holds_the_most_values_and_finds_the_parity() {
        let mut hist = [0u64; 256];
        for v in (-20..=30).step_by(2) {
            hist[(v + 128) as usize] = if v >= 4 { 10 } else { 1 };
        }
        let w = Window::choose(&hist, 30);
        assert_eq!(w.step, 2);
        // 14 values from 4 up hold every heavy value from 4 to 30.
        assert_eq!(w.lo, 4);
        hist[(3 + 128) as usize] = 1;
        assert_eq!(Window::choose(&hist, 30).step, 1);
    }

    #[test]
    fn lane_seeds_add_every_house() {
        assert_eq!(
            lane_seeds(0x0102_0304_0506, 0x0700_0000_0008),
            1 + 2 + 3 + 4 + 5 + 6 + 7 + 8
        );
        assert_eq!(lane_seeds(0x7f, 0), 127);
    }
}
