//! Building the values level by level.
//!
//! A move never adds seeds to the houses, so a position with `k` seeds only leads to
//! positions with at most `k`. Levels `k = 0, 1, ..` are computed in turn; inside a level the
//! only same-level successors come from moves that stay on the mover's side, which carry seeds
//! toward the mover's store, so there are no cycles and a memoised recursion settles them.
//! Threads split each level's index range in chunks; two threads may compute the same
//! position at once, which only repeats work, since both store the same value.

use crate::index::{next_in_level, Indexer};
use crate::sow::{Sower, Step, BOARD};
use kalah_rules::{Rules, MAX_HOUSES};
use std::sync::atomic::{AtomicI8, AtomicU64, Ordering::Relaxed};

/// Marks a value not computed yet; real values lie in -127..=127.
const UNKNOWN: i8 = i8::MIN;
/// Room for the within-level recursion (one frame per move along a chain).
const STACK: usize = 64 << 20;

struct Solver<'a> {
    sow: Sower,
    ix: &'a Indexer,
    values: &'a [AtomicI8],
}

impl Solver<'_> {
    /// The value of `h` (mover's houses then the opponent's) at index `r`, computing it if needed.
    fn value(&self, r: u64, h: &[u8]) -> i8 {
        let v = self.values[r as usize].load(Relaxed);
        if v != UNKNOWN {
            return v;
        }
        let v = self.compute(h);
        self.values[r as usize].store(v, Relaxed);
        v
    }

    fn compute(&self, h: &[u8]) -> i8 {
        let n = self.sow.n;
        let mine: i32 = h[..n].iter().map(|&x| x as i32).sum();
        let theirs: i32 = h[n..2 * n].iter().map(|&x| x as i32).sum();
        if let Some(g) = self.sow.ending(mine, theirs) {
            return g as i8;
        }
        let mut board = [0u8; BOARD];
        board[..n].copy_from_slice(&h[..n]);
        board[n + 1..2 * n + 1].copy_from_slice(&h[n..2 * n]);
        let mut best = i32::MIN;
        for house in 0..n {
            if h[house] == 0 {
                continue;
            }
            let mut b = board;
            let v = match self.sow.play(&mut b, house) {
                Step::Ended(g) => g,
                Step::Extra(g) => g + self.child(&b[..n], &b[n + 1..2 * n + 1]),
                Step::Pass(g) => g - self.child(&b[n + 1..2 * n + 1], &b[..n]),
            };
            best = best.max(v);
        }
        best as i8
    }

    /// The value of the position whose mover has `first` and whose opponent has `second`.
    #[inline(always)]
    fn child(&self, first: &[u8], second: &[u8]) -> i32 {
        let r = self
            .ix
            .rank(first, second)
            .expect("a move never adds seeds to the houses");
        let v = self.values[r as usize].load(Relaxed);
        if v != UNKNOWN {
            return v as i32;
        }
        let mut h = [0u8; 2 * MAX_HOUSES];
        h[..first.len()].copy_from_slice(first);
        h[first.len()..first.len() + second.len()].copy_from_slice(second);
        self.value(r, &h[..first.len() + second.len()]) as i32
    }

    /// Settles every position in `range`, all of one level.
    fn run_chunk(&self, start: u64, end: u64) {
        let m = 2 * self.sow.n;
        let mut h = [0u8; 2 * MAX_HOUSES];
        self.ix.unrank(start, &mut h[..m]);
        for r in start..end {
            self.value(r, &h[..m]);
            next_in_level(&mut h[..m]);
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
    let total = ix.len();
    let values: Vec<AtomicI8> = (0..total).map(|_| AtomicI8::new(UNKNOWN)).collect();
    let solver = Solver {
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
        let chunk = (size / (threads as u64 * 16)).clamp(256, 1 << 16);
        let next = AtomicU64::new(level.start);
        let work = || loop {
            let start = next.fetch_add(chunk, Relaxed);
            if start >= level.end {
                break;
            }
            let end = (start + chunk).min(level.end);
            solver.run_chunk(start, end);
            let d = done.fetch_add(end - start, Relaxed) + (end - start);
            progress(d, total);
        };
        std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads)
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
    values
        .into_iter()
        .map(|v| v.into_inner() as u8)
        .collect()
}
