//! Building the values level by level.
//!
//! A move never adds seeds to the houses, so a position with `k` seeds only leads to
//! positions with at most `k`. Levels `k = 0, 1, ..` are computed in turn; inside a level the
//! only same-level successors come from moves that stay on the mover's side, which carry seeds
//! toward the mover's store, so there are no cycles and a memoised recursion settles them.
//! Threads split each level in work units; two threads may compute the same position at
//! once, which only repeats work, since both store the same value.

use crate::index::{next_same_sum, Indexer};
use crate::sow::{with_houses, Sower, Step, BOARD};
use kalah_rules::Rules;
use std::sync::atomic::{AtomicI8, AtomicU64, AtomicUsize, Ordering::Relaxed};

/// Marks a value not computed yet; real values lie in -127..=127.
const UNKNOWN: i8 = i8::MIN;
/// Room for the within-level recursion (one frame per move along a chain).
const STACK: usize = 64 << 20;
/// Opponent vectors per work unit: one cache line of a successor row.
const TILE: usize = 64;

/// A move of the position being computed and the successor it leads to.
#[derive(Debug, Clone, Copy, Default)]
struct Succ {
    index: u64,
    gain: i32,
    /// The opponent moves next: the successor's value counts negated.
    pass: bool,
    house: u8,
}

/// `N` houses of a board from `at`.
#[inline(always)]
fn slice<const N: usize>(b: &[u8; BOARD], at: usize) -> &[u8; N] {
    b[at..at + N].try_into().unwrap()
}

/// The build of one database; `N` is the number of houses per side.
struct Solver<'a, const N: usize> {
    sow: Sower,
    ix: &'a Indexer,
    values: &'a [AtomicI8],
}

impl<const N: usize> Solver<'_, N> {
    /// The value of the position at index `r`, whose houses are `h` (mover's first),
    /// computing it if needed.
    fn value(&self, r: u64, h: &[u8; BOARD]) -> i8 {
        let v = self.values[r as usize].load(Relaxed);
        if v != UNKNOWN {
            return v;
        }
        let v = self.compute(h);
        self.values[r as usize].store(v, Relaxed);
        v
    }

    /// `h` holds the mover's houses in `0..N` and the opponent's in `N + 1..2N + 1`: the
    /// board layout with empty stores.
    fn compute(&self, h: &[u8; BOARD]) -> i8 {
        let mine: i32 = h[..N].iter().map(|&x| x as i32).sum();
        let theirs: i32 = h[N + 1..2 * N + 1].iter().map(|&x| x as i32).sum();
        if let Some(g) = self.sow.ending(mine, theirs) {
            return g as i8;
        }
        // First every move and its successor's index, then the successors' values: the
        // loads of the second loop do not wait for one another.
        let mut best = i32::MIN;
        let mut moves = [Succ::default(); N];
        let mut count = 0;
        for house in 0..N {
            if h[house] == 0 {
                continue;
            }
            let mut b = *h;
            let (gain, pass) = match self.sow.play::<N>(&mut b, house) {
                Step::Ended(g) => {
                    best = best.max(g);
                    continue;
                }
                Step::Extra(g) => (g, false),
                Step::Pass(g) => (g, true),
            };
            let index = if pass {
                self.ix.rank_fixed(slice::<N>(&b, N + 1), slice::<N>(&b, 0))
            } else {
                self.ix.rank_fixed(slice::<N>(&b, 0), slice::<N>(&b, N + 1))
            };
            moves[count] = Succ {
                index,
                gain,
                pass,
                house: house as u8,
            };
            count += 1;
        }
        for m in &moves[..count] {
            let mut v = self.values[m.index as usize].load(Relaxed);
            if v == UNKNOWN {
                v = self.settle(h, m);
            }
            let v = if m.pass {
                m.gain - v as i32
            } else {
                m.gain + v as i32
            };
            best = best.max(v);
        }
        best as i8
    }

    /// Computes a successor not settled yet (one in the same level) by playing its move again.
    #[cold]
    fn settle(&self, h: &[u8; BOARD], m: &Succ) -> i8 {
        let mut b = *h;
        self.sow.play::<N>(&mut b, m.house as usize);
        let mut c = [0u8; BOARD];
        if m.pass {
            c[..N].copy_from_slice(&b[N + 1..2 * N + 1]);
            c[N + 1..2 * N + 1].copy_from_slice(&b[..N]);
        } else {
            c[..N].copy_from_slice(&b[..N]);
            c[N + 1..2 * N + 1].copy_from_slice(&b[N + 1..2 * N + 1]);
        }
        self.value(m.index, &c)
    }

    /// Settles the positions of level `k` whose mover has `a` seeds and whose opponent's
    /// rank lies in `t0..t0 + len` (`len <= TILE`), for every mover's vector.
    ///
    /// Working on a narrow band of opponent vectors keeps the successors in few cache lines:
    /// those where the turn passes sit in `len` consecutive rows of their block.
    fn run_tile(&self, k: usize, a: usize, t0: u64, len: usize) {
        let b = k - a;
        let mut theirs = [[0u8; N]; TILE];
        self.ix.unrank_half(t0, b, &mut theirs[0]);
        for i in 1..len {
            theirs[i] = theirs[i - 1];
            next_same_sum(&mut theirs[i]);
        }
        let mut mine = [0u8; N];
        mine[N - 1] = a as u8;
        let per = self.ix.count(b);
        let mut row = self.ix.base(k, a) + t0;
        let mut board = [0u8; BOARD];
        loop {
            board[..N].copy_from_slice(&mine);
            for (i, t) in theirs[..len].iter().enumerate() {
                board[N + 1..2 * N + 1].copy_from_slice(t);
                self.value(row + i as u64, &board);
            }
            if !next_same_sum(&mut mine) {
                break;
            }
            row += per;
        }
    }
}

/// The value bytes of every position with at most `max_seeds` seeds, in index order.
pub(crate) fn build_values(
    rules: &Rules,
    ix: &Indexer,
    max_seeds: usize,
    threads: usize,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Vec<u8> {
    with_houses!(
        rules.houses(),
        build_n(rules, ix, max_seeds, threads, progress)
    )
}

fn build_n<const N: usize>(
    rules: &Rules,
    ix: &Indexer,
    max_seeds: usize,
    threads: usize,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Vec<u8> {
    let total = ix.len();
    let values: Vec<AtomicI8> = (0..total).map(|_| AtomicI8::new(UNKNOWN)).collect();
    let solver = Solver::<N> {
        sow: Sower::new(rules),
        ix,
        values: &values,
    };
    let threads = threads.max(1);
    let done = AtomicU64::new(0);
    progress(0, total);
    for k in 0..=max_seeds {
        let level = ix.level(k);
        let size = level.end - level.start;
        // Work units: (mover's seeds, first opponent rank), taken by the threads in turn.
        let units: Vec<(usize, u64)> = (0..=k)
            .flat_map(|a| (0..ix.count(k - a)).step_by(TILE).map(move |t0| (a, t0)))
            .collect();
        let next = AtomicUsize::new(0);
        let work = || {
            while let Some(&(a, t0)) = units.get(next.fetch_add(1, Relaxed)) {
                let len = (ix.count(k - a) - t0).min(TILE as u64);
                solver.run_tile(k, a, t0, len as usize);
                let n = len * ix.count(a);
                let d = done.fetch_add(n, Relaxed) + n;
                progress(d, total);
            }
        };
        // Small levels are not worth a second thread. The work runs on threads of our own
        // even then, for their large stacks.
        let count = if size < 4096 { 1 } else { threads };
        std::thread::scope(|s| {
            let handles: Vec<_> = (0..count)
                .map(|_| {
                    std::thread::Builder::new()
                        .stack_size(STACK)
                        .spawn_scoped(s, work)
                        .expect("cannot start a build thread")
                })
                .collect();
            for h in handles {
                if let Err(panic) = h.join() {
                    std::panic::resume_unwind(panic);
                }
            }
        });
    }
    values.into_iter().map(|v| v.into_inner() as u8).collect()
}
