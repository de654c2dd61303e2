//! Combinatorial ranking of positions.
//!
//! A position is a pair of house vectors, the mover's `M` (with `a` seeds) and the
//! opponent's `T` (with `b` seeds), `n` houses each. Positions are ordered by the total
//! `k = a + b`, then by `a`, then by the rank of `M`, then by the rank of `T`:
//!
//! `index = base(k, a) + rank(M) * count(b) + rank(T)`
//!
//! where `count(s) = C(s + n - 1, n - 1)` is the number of vectors of `n` houses holding `s`
//! seeds and `rank` is a vector's colex rank among those: `rank(v) = sum_{j < n-1} C(S_j + j,
//! j + 1)` with `S_j = v_0 + .. + v_j`. `base(k, a)` counts the positions before the block: all
//! those with fewer than `k` seeds, `C(k - 1 + 2n, 2n)`, plus `count(a') * count(k - a')` for
//! every `a' < a`.
//!
//! The block layout keeps the build's memory accesses local: for a fixed `M`, the positions
//! for consecutive `T` are consecutive, and so are the extra-turn successors `(M', T)`.

use crate::sow::with_houses;
use kalah_rules::MAX_HOUSES;

/// Widest table row: seed counts 0..=127.
const ROW: usize = 128;

/// Precomputed binomials for one house count and one largest seed count.
#[derive(Debug, Clone)]
pub(crate) struct Indexer {
    n: usize,
    max_seeds: usize,
    /// `rows[j][s] = C(s + j, j + 1)` for `s <= max_seeds`, 0 beyond.
    rows: Box<[[u64; ROW]; MAX_HOUSES]>,
    /// `count[s] = C(s + n - 1, n - 1)`.
    count: [u64; ROW],
    /// `base[k * (max_seeds + 1) + a]`, and `base[(max_seeds + 1)^2]` = the number of positions.
    base: Vec<u64>,
}

/// `C(n, r)`, saturating at `u64::MAX`.
pub(crate) fn binomial(n: u64, r: u64) -> u64 {
    if r > n {
        return 0;
    }
    let r = r.min(n - r);
    let mut acc: u128 = 1;
    for i in 0..r {
        // acc is C(n, i), so acc * (n - i) is divisible by i + 1.
        acc = acc * (n - i) as u128 / (i + 1) as u128;
        if acc > u64::MAX as u128 {
            return u64::MAX;
        }
    }
    acc as u64
}

/// How many positions of `2n` houses hold at most `t` seeds: `C(t + 2n, 2n)`, saturating.
pub(crate) fn count_upto(n: usize, t: usize) -> u64 {
    binomial((t + 2 * n) as u64, 2 * n as u64)
}

impl Indexer {
    /// The caller keeps `1 <= n <= 16`, `max_seeds <= 127` and the number of positions
    /// within `u64` (see [`count_upto`]).
    pub(crate) fn new(n: usize, max_seeds: usize) -> Indexer {
        assert!((1..=MAX_HOUSES).contains(&n) && max_seeds < ROW);
        let mut rows = Box::new([[0u64; ROW]; MAX_HOUSES]);
        for (j, row) in rows.iter_mut().enumerate().take(n - 1) {
            for (s, x) in row.iter_mut().enumerate().take(max_seeds + 1) {
                *x = binomial((s + j) as u64, (j + 1) as u64);
            }
        }
        let mut count = [0u64; ROW];
        for (s, c) in count.iter_mut().enumerate().take(max_seeds + 1) {
            *c = binomial((s + n - 1) as u64, (n - 1) as u64);
        }
        let w = max_seeds + 1;
        let mut base = vec![0u64; w * w + 1];
        let mut at = 0u64;
        for k in 0..=max_seeds {
            // Blocks with a > k are empty; their base keeps the table sorted for unrank.
            for a in 0..w {
                base[k * w + a] = at;
                if a <= k {
                    at += count[a] * count[k - a];
                }
            }
        }
        base[w * w] = at;
        Indexer {
            n,
            max_seeds,
            rows,
            count,
            base,
        }
    }

    /// Number of indexed positions.
    pub(crate) fn len(&self) -> u64 {
        self.base[(self.max_seeds + 1) * (self.max_seeds + 1)]
    }

    /// The index range of the positions with exactly `k` seeds.
    pub(crate) fn level(&self, k: usize) -> std::ops::Range<u64> {
        let w = self.max_seeds + 1;
        let end = if k == self.max_seeds {
            self.len()
        } else {
            self.base[(k + 1) * w]
        };
        self.base[k * w]..end
    }

    /// The seed count and rank of one side's vector; the caller checks that every prefix
    /// sum is at most `max_seeds`.
    #[inline(always)]
    fn half<T: Copy + Into<u32>>(&self, v: &[T]) -> (usize, u64) {
        let mut s = 0usize;
        let mut r = 0u64;
        for (j, &x) in v[..v.len() - 1].iter().enumerate() {
            s += x.into() as usize;
            r += self.rows[j & (MAX_HOUSES - 1)][s & (ROW - 1)];
        }
        (s + v[v.len() - 1].into() as usize, r)
    }

    /// The rank of one side's vector among those with the same number of seeds.
    #[inline(always)]
    pub(crate) fn rank_half<const N: usize>(&self, v: &[u8; N]) -> u64 {
        self.half(v).1
    }

    #[inline(always)]
    fn combine(&self, (a, rm): (usize, u64), (b, rt): (usize, u64)) -> u64 {
        let k = a + b;
        self.base[k * (self.max_seeds + 1) + a] + rm * self.count[b & (ROW - 1)] + rt
    }

    /// The index of the position where the mover has `mine` and the opponent `theirs` (`n`
    /// houses each), or `None` when they hold more than `max_seeds` seeds.
    #[inline]
    pub(crate) fn rank<T: Copy + Into<u32>>(&self, mine: &[T], theirs: &[T]) -> Option<u64> {
        with_houses!(self.n, rank_n(self, mine, theirs))
    }

    /// [`Indexer::rank`] for `N == n` houses known to hold at most `max_seeds` seeds (not
    /// checked: a larger position gets a wrong index or a panic).
    #[inline(always)]
    pub(crate) fn rank_fixed<const N: usize>(&self, mine: &[u8; N], theirs: &[u8; N]) -> u64 {
        self.combine(self.half(mine), self.half(theirs))
    }

    /// [`Indexer::rank`] for up to 8 houses given as byte lanes (house `j` in bits `8j..8j+8`,
    /// lanes from `n` on zero). A multiplication forms every prefix sum at once, and the
    /// sums stay below 256 because the caller's total is checked against `max_seeds` (< 128).
    #[inline]
    pub(crate) fn rank_lanes(&self, mine: u64, theirs: u64) -> Option<u64> {
        const ONES: u64 = 0x0101_0101_0101_0101;
        let n = self.n;
        debug_assert!(n <= 8);
        let (pm, pt) = (mine.wrapping_mul(ONES), theirs.wrapping_mul(ONES));
        let top = 8 * (n - 1);
        let (a, b) = ((pm >> top) as u8 as usize, (pt >> top) as u8 as usize);
        if a + b > self.max_seeds {
            return None;
        }
        let (mut rm, mut rt) = (0, 0);
        for j in 0..n - 1 {
            let row = &self.rows[j];
            rm += row[(pm >> (8 * j)) as u8 as usize & (ROW - 1)];
            rt += row[(pt >> (8 * j)) as u8 as usize & (ROW - 1)];
        }
        Some(self.combine((a, rm), (b, rt)))
    }

    /// The houses of position `index`: the mover's into `mine`, the opponent's into `theirs`.
    #[cfg(test)]
    pub(crate) fn unrank(&self, index: u64, mine: &mut [u8], theirs: &mut [u8]) {
        let w = self.max_seeds + 1;
        // The block: the last (k, a) whose base is at most `index`.
        let block = self.base[..w * w].partition_point(|&b| b <= index) - 1;
        let (k, a) = (block / w, block % w);
        let rest = index - self.base[block];
        let per = self.count[k - a];
        self.unrank_half(rest / per, a, mine);
        self.unrank_half(rest % per, k - a, theirs);
    }

    /// The most seeds in the houses of an indexed position.
    #[inline]
    pub(crate) fn max_seeds(&self) -> usize {
        self.max_seeds
    }

    /// Vectors of `n` houses holding `s` seeds.
    #[inline]
    pub(crate) fn count(&self, s: usize) -> u64 {
        self.count[s]
    }

    /// The first index of the block of level `k` whose mover has `a` seeds.
    #[inline]
    pub(crate) fn base(&self, k: usize, a: usize) -> u64 {
        self.base[k * (self.max_seeds + 1) + a]
    }

    /// The vector of `n` houses holding `seeds` seeds with rank `rank`.
    pub(crate) fn unrank_half(&self, mut rank: u64, seeds: usize, out: &mut [u8]) {
        let n = self.n;
        let mut upper = seeds;
        out[n - 1] = 0;
        let mut prefix = [0usize; MAX_HOUSES];
        prefix[n - 1] = seeds;
        for j in (0..n - 1).rev() {
            let mut s = upper;
            while self.rows[j][s] > rank {
                s -= 1;
            }
            rank -= self.rows[j][s];
            prefix[j] = s;
            upper = s;
        }
        let mut before = 0;
        for j in 0..n {
            out[j] = (prefix[j] - before) as u8;
            before = prefix[j];
        }
    }
}

/// [`Indexer::rank`] with the house count `N` known at compile time; `None` for slices of
/// another length.
#[inline(always)]
fn rank_n<const N: usize>(
    ix: &Indexer,
    mine: &[impl Copy + Into<u32>],
    theirs: &[impl Copy + Into<u32>],
) -> Option<u64> {
    let (Ok(mine), Ok(theirs)) = (<&[_; N]>::try_from(mine), <&[_; N]>::try_from(theirs)) else {
        return None;
    };
    let total: u32 =
        mine.iter().map(|&x| x.into()).sum::<u32>() + theirs.iter().map(|&x| x.into()).sum::<u32>();
    if total as usize > ix.max_seeds {
        return None;
    }
    Some(ix.combine(ix.half(mine), ix.half(theirs)))
}

/// Steps `v` to the next vector with the same seed count in rank order; false after the
/// last one (`[s, 0, .., 0]`), leaving `v` unchanged.
#[inline]
pub(crate) fn next_same_sum(v: &mut [u8]) -> bool {
    let mut sum = 0u8;
    for j in 0..v.len() - 1 {
        sum += v[j];
        if v[j + 1] > 0 {
            for x in &mut v[..j] {
                *x = 0;
            }
            v[j] = sum + 1;
            v[j + 1] -= 1;
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_vectors(m: usize, k: usize) -> Vec<Vec<u8>> {
        if m == 0 {
            return vec![vec![]];
        }
        let mut out = Vec::new();
        for x in 0..=k {
            for mut rest in all_vectors(m - 1, k - x) {
                rest.insert(0, x as u8);
                out.push(rest);
            }
        }
        out
    }

    fn rank_fixed(ix: &Indexer, v: &[u8]) -> u64 {
        fn f<const N: usize>(ix: &Indexer, v: &[u8]) -> u64 {
            ix.rank_fixed::<N>(v[..N].try_into().unwrap(), v[N..].try_into().unwrap())
        }
        match v.len() / 2 {
            1 => f::<1>(ix, v),
            2 => f::<2>(ix, v),
            _ => f::<3>(ix, v),
        }
    }

    #[test]
    fn rank_is_a_bijection_ordered_by_total() {
        for n in 1..=3 {
            for k in 0..=7 {
                let ix = Indexer::new(n, k);
                let vs = all_vectors(2 * n, k);
                assert_eq!(vs.len() as u64, ix.len());
                assert_eq!(count_upto(n, k), ix.len());
                let mut seen = vec![false; vs.len()];
                for v in &vs {
                    let r = ix.rank::<u8>(&v[..n], &v[n..]).unwrap();
                    assert_eq!(rank_fixed(&ix, v), r);
                    let total: usize = v.iter().map(|&x| x as usize).sum();
                    assert!(ix.level(total).contains(&r), "{v:?} -> {r}");
                    assert!(!seen[r as usize]);
                    seen[r as usize] = true;
                    let (mut mine, mut theirs) = (vec![0u8; n], vec![0u8; n]);
                    ix.unrank(r, &mut mine, &mut theirs);
                    assert_eq!(&v[..n], &mine[..]);
                    assert_eq!(&v[n..], &theirs[..]);
                }
            }
        }
    }

    #[test]
    fn lane_ranks_equal_slice_ranks() {
        let lanes = |v: &[u8]| v.iter().rev().fold(0u64, |acc, &x| acc << 8 | x as u64);
        for n in 1..=4 {
            let ix = Indexer::new(n, 6);
            for k in 0..=7 {
                for v in all_vectors(2 * n, k) {
                    let (mine, theirs) = (lanes(&v[..n]), lanes(&v[n..]));
                    assert_eq!(ix.rank_lanes(mine, theirs), ix.rank::<u8>(&v[..n], &v[n..]));
                }
            }
        }
        let ix = Indexer::new(8, 20);
        let v = [3u8, 0, 2, 1, 0, 0, 4, 1, 0, 2, 0, 0, 5, 1, 0, 1];
        let r = ix.rank_lanes(lanes(&v[..8]), lanes(&v[8..]));
        assert_eq!(r, ix.rank::<u8>(&v[..8], &v[8..]));
        assert!(r.is_some());
    }

    #[test]
    fn too_many_seeds_have_no_index() {
        let ix = Indexer::new(2, 3);
        assert_eq!(ix.rank::<u16>(&[1, 1], &[1, 1]), None);
        assert_eq!(ix.rank::<u16>(&[300, 0], &[0, 0]), None);
        assert_eq!(ix.rank::<u16>(&[3, 0], &[0, 0]), Some(ix.len() - 1));
        assert_eq!(ix.rank::<u16>(&[0, 0], &[0, 3]), Some(ix.level(3).start));
        // The worked example of docs/egdb.md.
        assert_eq!(ix.rank::<u16>(&[1, 0], &[0, 1]), Some(10));
    }

    #[test]
    fn next_same_sum_walks_the_ranks_in_order() {
        for n in 1..=4 {
            let ix = Indexer::new(n, 6);
            for s in 0..=6 {
                let mut v = vec![0u8; n];
                ix.unrank_half(0, s, &mut v);
                let mut expect = 0;
                loop {
                    let mut back = vec![0u8; n];
                    ix.unrank_half(expect, s, &mut back);
                    assert_eq!(back, v);
                    assert_eq!(ix.half(&v), (s, expect));
                    expect += 1;
                    if !next_same_sum(&mut v) {
                        break;
                    }
                }
                assert_eq!(expect, ix.count(s));
            }
        }
    }

    #[test]
    fn binomials() {
        assert_eq!(binomial(5, 2), 10);
        assert_eq!(binomial(26, 12), 9_657_700);
        assert_eq!(binomial(2, 3), 0);
        assert_eq!(binomial(400, 200), u64::MAX);
    }
}
