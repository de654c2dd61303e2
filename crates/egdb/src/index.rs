//! Combinatorial ranking of house vectors.
//!
//! A position is the vector `a_0..a_{m-1}` of its `m = 2n` house counts, the mover's houses
//! first. Its index is the colex rank of the combination `c_j = S_j + j`, where `S_j` is the
//! prefix sum `a_0 + .. + a_j`: `index = sum_j C(S_j + j, j + 1)`. Vectors with fewer seeds
//! come first, so the vectors with exactly `k` seeds fill `count(k - 1)..count(k)`, where
//! `count(t) = C(t + m, m)` is the number of vectors holding at most `t` seeds.

use kalah_rules::MAX_HOUSES;

/// Widest table row: seed counts 0..=127.
const ROW: usize = 128;

/// Precomputed binomials for one vector length and one largest seed count.
#[derive(Debug, Clone)]
pub(crate) struct Indexer {
    m: usize,
    max_seeds: usize,
    /// `rows[j][s] = C(s + j, j + 1)` (saturating) for `s <= max_seeds`, 0 beyond.
    rows: Box<[[u64; ROW]; 2 * MAX_HOUSES]>,
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

/// How many vectors of `m` houses hold at most `t` seeds: `C(t + m, m)`, saturating.
pub(crate) fn count_upto(m: usize, t: usize) -> u64 {
    binomial((t + m) as u64, m as u64)
}

impl Indexer {
    /// The caller keeps `m <= 32` and `max_seeds <= 127`.
    pub(crate) fn new(m: usize, max_seeds: usize) -> Indexer {
        assert!(m <= 2 * MAX_HOUSES && max_seeds < ROW);
        let mut rows = Box::new([[0u64; ROW]; 2 * MAX_HOUSES]);
        for (j, row) in rows.iter_mut().enumerate().take(m) {
            for (s, x) in row.iter_mut().enumerate().take(max_seeds + 1) {
                *x = binomial((s + j) as u64, (j + 1) as u64);
            }
        }
        Indexer { m, max_seeds, rows }
    }

    /// Number of indexed vectors.
    pub(crate) fn len(&self) -> u64 {
        count_upto(self.m, self.max_seeds)
    }

    /// The index range of the vectors with exactly `k` seeds.
    pub(crate) fn level(&self, k: usize) -> std::ops::Range<u64> {
        let start = if k == 0 { 0 } else { count_upto(self.m, k - 1) };
        start..count_upto(self.m, k)
    }

    /// The index of the vector `first ++ second`, or `None` when it holds more than
    /// `max_seeds` seeds. The caller passes `m` counts in all.
    #[inline(always)]
    pub(crate) fn rank<T: Copy + Into<u32>>(&self, first: &[T], second: &[T]) -> Option<u64> {
        debug_assert_eq!(first.len() + second.len(), self.m);
        let mut s = 0usize;
        let mut r = 0u64;
        for (j, &x) in first.iter().chain(second.iter()).enumerate() {
            s += x.into() as usize;
            if s > self.max_seeds {
                return None;
            }
            r += self.rows[j & 31][s & (ROW - 1)];
        }
        Some(r)
    }

    /// The index of `first ++ second`, both of `N` houses, holding at most `max_seeds`
    /// seeds in all (not checked: a larger vector gets a wrong index).
    #[inline(always)]
    pub(crate) fn rank_fixed<const N: usize>(&self, first: &[u8; N], second: &[u8; N]) -> u64 {
        let mut s = 0usize;
        let mut r = 0u64;
        for j in 0..N {
            s += first[j] as usize;
            r += self.rows[j][s & (ROW - 1)];
        }
        for j in 0..N {
            s += second[j] as usize;
            r += self.rows[N + j][s & (ROW - 1)];
        }
        r
    }

    /// The vector of `index`, written into `out[..m]`.
    pub(crate) fn unrank(&self, mut index: u64, out: &mut [u8]) {
        let mut prefix = [0usize; 2 * MAX_HOUSES];
        // Largest prefix sum first: S_{m-1} is the total.
        let mut upper = self.max_seeds;
        for j in (0..self.m).rev() {
            let mut s = upper;
            while self.rows[j][s] > index {
                s -= 1;
            }
            index -= self.rows[j][s];
            prefix[j] = s;
            upper = s;
        }
        let mut before = 0;
        for j in 0..self.m {
            out[j] = (prefix[j] - before) as u8;
            before = prefix[j];
        }
    }
}

/// Steps `a` to the vector of the next index with the same total; false after the last one.
#[inline]
pub(crate) fn next_in_level(a: &mut [u8]) -> bool {
    let m = a.len();
    let mut sum = 0u8;
    for j in 0..m - 1 {
        sum += a[j];
        if a[j + 1] > 0 {
            for x in &mut a[..j] {
                *x = 0;
            }
            a[j] = sum + 1;
            a[j + 1] -= 1;
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

    #[test]
    fn rank_is_a_bijection_ordered_by_total() {
        for m in 1..=6 {
            for k in 0..=6 {
                let ix = Indexer::new(m, k);
                let vs = all_vectors(m, k);
                assert_eq!(vs.len() as u64, ix.len());
                let mut seen = vec![false; vs.len()];
                for v in &vs {
                    let r = ix.rank::<u8>(&v[..m / 2], &v[m / 2..]).unwrap();
                    let total: usize = v.iter().map(|&x| x as usize).sum();
                    assert!(ix.level(total).contains(&r), "{v:?} -> {r}");
                    assert!(!seen[r as usize]);
                    seen[r as usize] = true;
                    if m % 2 == 0 {
                        let r2 = match m / 2 {
                            1 => ix.rank_fixed::<1>(&[v[0]], &[v[1]]),
                            2 => ix.rank_fixed::<2>(&[v[0], v[1]], &[v[2], v[3]]),
                            _ => ix.rank_fixed::<3>(&[v[0], v[1], v[2]], &[v[3], v[4], v[5]]),
                        };
                        assert_eq!(r2, r);
                    }
                    let mut back = vec![0u8; m];
                    ix.unrank(r, &mut back);
                    assert_eq!(&back, v);
                }
            }
        }
    }

    #[test]
    fn too_many_seeds_have_no_index() {
        let ix = Indexer::new(4, 3);
        assert_eq!(ix.rank::<u16>(&[1, 1], &[1, 1]), None);
        assert_eq!(ix.rank::<u16>(&[3, 0], &[0, 0]), Some(ix.len() - 1));
        assert_eq!(ix.rank::<u16>(&[0, 0], &[0, 3]), Some(ix.level(3).start));
    }

    #[test]
    fn next_in_level_walks_the_level_in_index_order() {
        for m in 1..=5 {
            let k = 5;
            let ix = Indexer::new(m, k);
            for t in 0..=k {
                let range = ix.level(t);
                let mut a = vec![0u8; m];
                ix.unrank(range.start, &mut a);
                let mut expect = range.start;
                loop {
                    assert_eq!(ix.rank::<u8>(&a, &[]), Some(expect));
                    expect += 1;
                    if !next_in_level(&mut a) {
                        break;
                    }
                }
                assert_eq!(expect, range.end);
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
