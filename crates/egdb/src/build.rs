//! Building the values level by level.
//!
//! A move never adds seeds to the houses, so a position with `k` seeds only leads to
//! positions with at most `k`. Levels `k = 0, 1, ..` are computed in turn; inside a level the
//! only same-level successors come from moves that stay on the mover's side, which carry seeds
//! toward the mover's store, so there are no cycles. Without the early-end rule the level is
//! built in an order that settles them first ([`pairs`]); under it a memoised recursion
//! settles them, threads take work units of the level, and two threads may compute the same
//! position at once, which only repeats work, since both store the same value.

mod pairs;
mod row;
mod transpose;

use crate::error::EgdbError;
use crate::index::{next_same_sum, Indexer};
use crate::progress::Progress;
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
    /// The successor mover's store (early-end rule only).
    store: i32,
}

/// The mover's side after sowing `house` whose last seed stays on it, and that house.
#[inline(always)]
fn sow_within<const N: usize>(mine: &[u8; N], house: usize) -> ([u8; N], usize) {
    let mut sown = *mine;
    let last = house + sown[house] as usize;
    sown[house] = 0;
    for x in &mut sown[house + 1..=last] {
        *x += 1;
    }
    (sown, last)
}

/// The mover's side after sowing `house` as far as the store or beyond, and its seeds.
#[inline(always)]
fn sow_past<const N: usize>(mine: &[u8; N], house: usize) -> ([u8; N], usize) {
    let mut sown = *mine;
    sown[house] = 0;
    for x in &mut sown[house + 1..N] {
        *x += 1;
    }
    (sown, sown.iter().map(|&x| x as usize).sum())
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
    /// The same values with each block transposed (the opponent's rank major), so that
    /// successors that are strided in `values` are near each other here (splits only).
    trans: &'a [AtomicI8],
    /// Where the even and the odd levels start in `trans`: it holds two levels, the one
    /// being built and the one below, which is all the reads there need.
    tstart: [u64; 2],
    stores: Stores,
}

/// The store dimension of early-end databases (see `docs/egdb.md`): each house vector has
/// `slots` entries, one per split of the stores that does not end the game at once.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Stores {
    /// 1 without the early-end rule (the stores do not matter), else `max_seeds + 1`.
    pub(crate) slots: u64,
    /// All seeds of the game, stores included (early-end rule only).
    pub(crate) total: i32,
}

impl Stores {
    pub(crate) fn new(rules: &Rules, max_seeds: usize) -> Stores {
        if rules.early_end() {
            Stores {
                slots: max_seeds as u64 + 1,
                total: rules.total_seeds() as i32,
            }
        } else {
            Stores { slots: 1, total: 0 }
        }
    }

    /// The smallest mover's store of a live position with `k` seeds in the houses: the
    /// opponent's store, `total - k - store`, is then at most half of `total`.
    #[inline(always)]
    pub(crate) fn lowest(&self, k: i32) -> i32 {
        self.total - k - self.total / 2
    }

    /// The slot of a live position with `k` seeds in the houses and the mover's store
    /// `store`, or `None` when a store holds more than half of all seeds (or the seeds do
    /// not add up).
    #[inline(always)]
    pub(crate) fn slot(&self, k: i32, store: i32) -> Option<u64> {
        if self.slots == 1 {
            return Some(0);
        }
        let other = self.total - k - store;
        if store < 0 || other < 0 || 2 * store > self.total || 2 * other > self.total {
            return None;
        }
        Some((store - self.lowest(k)) as u64)
    }
}

impl<const N: usize> Solver<'_, N> {
    /// Where block `(k, a)` starts in `trans`.
    #[inline(always)]
    fn tbase(&self, k: usize, a: usize) -> u64 {
        self.tstart[k % 2] + self.ix.base(k, a) - self.ix.base(k, 0)
    }

    /// The value of entry `r`, whose houses are `h` (mover's first) and whose mover's store
    /// is `store`, computing it if needed.
    fn value(&self, r: u64, h: &[u8; BOARD], store: i32) -> i8 {
        let v = self.values[r as usize].load(Relaxed);
        if v != UNKNOWN {
            return v;
        }
        let v = self.compute(h, store);
        self.values[r as usize].store(v, Relaxed);
        v
    }

    /// `h` holds the mover's houses in `0..N` and the opponent's in `N + 1..2N + 1`: the
    /// board layout with empty stores. `store` is the mover's store (early-end rule only).
    fn compute(&self, h: &[u8; BOARD], store: i32) -> i8 {
        let mine: i32 = h[..N].iter().map(|&x| x as i32).sum();
        let theirs: i32 = h[N + 1..2 * N + 1].iter().map(|&x| x as i32).sum();
        if let Some(g) = self.sow.ending(mine, theirs) {
            return g as i8;
        }
        let k = mine + theirs;
        let other = if self.stores.slots == 1 {
            0
        } else {
            self.stores.total - k - store
        };
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
            let (gain, pass) = match self.sow.play::<N>(&mut b, house, (store, other)) {
                Step::Ended(g) => {
                    best = best.max(g);
                    continue;
                }
                Step::Extra(g) => (g, false),
                Step::Pass(g) => (g, true),
            };
            let (index, next_store) = if pass {
                let r = self.ix.rank_fixed(slice::<N>(&b, N + 1), slice::<N>(&b, 0));
                (r, other + b[2 * N + 1] as i32)
            } else {
                let r = self.ix.rank_fixed(slice::<N>(&b, 0), slice::<N>(&b, N + 1));
                (r, store + b[N] as i32)
            };
            let index = if self.stores.slots == 1 {
                index
            } else {
                let left: i32 = b[..N]
                    .iter()
                    .chain(&b[N + 1..2 * N + 1])
                    .map(|&x| x as i32)
                    .sum();
                let slot = self
                    .stores
                    .slot(left, next_store)
                    .expect("a live successor has a slot");
                index * self.stores.slots + slot
            };
            moves[count] = Succ {
                index,
                gain,
                pass,
                house: house as u8,
                store: next_store,
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
        // The stores only decide whether the game ends, which it did not: zeros will do.
        self.sow.play::<N>(&mut b, m.house as usize, (0, 0));
        let mut c = [0u8; BOARD];
        if m.pass {
            c[..N].copy_from_slice(&b[N + 1..2 * N + 1]);
            c[N + 1..2 * N + 1].copy_from_slice(&b[..N]);
        } else {
            c[..N].copy_from_slice(&b[..N]);
            c[N + 1..2 * N + 1].copy_from_slice(&b[N + 1..2 * N + 1]);
        }
        self.value(m.index, &c, m.store)
    }

    /// Settles the positions of level `k` whose mover has `a` seeds and whose opponent's
    /// rank lies in `t0..t0 + len` (`len <= TILE`), for every mover's vector.
    ///
    /// Working on a narrow band of opponent vectors keeps the successors in few cache lines:
    /// those where the turn passes sit in `len` consecutive rows of their block. Leaves the
    /// rest undone when `stop` says so after a mover's vector.
    fn run_tile(&self, k: usize, a: usize, t0: u64, len: usize, stop: &dyn Fn() -> bool) {
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
        let slots = self.stores.slots;
        loop {
            board[..N].copy_from_slice(&mine);
            for (i, t) in theirs[..len].iter().enumerate() {
                board[N + 1..2 * N + 1].copy_from_slice(t);
                let r = row + i as u64;
                if slots == 1 {
                    self.value(r, &board, 0);
                    continue;
                }
                let low = self.stores.lowest(k as i32);
                for slot in 0..slots {
                    let store = low + slot as i32;
                    if self.stores.slot(k as i32, store) == Some(slot) {
                        self.value(r * slots + slot, &board, store);
                    } else {
                        // No live position: a store would hold more than half, or less
                        // than nothing.
                        self.values[(r * slots + slot) as usize].store(0, Relaxed);
                    }
                }
            }
            if stop() || !next_same_sum(&mut mine) {
                break;
            }
            row += per;
        }
    }
}

/// Copies the blocks `a` of level `k` for which `to_plain(a)` is `Some(to_plain)` from one
/// layout to the other, on `threads` threads.
fn transpose_level<const N: usize>(
    solver: &Solver<'_, N>,
    k: usize,
    to_plain: impl Fn(usize) -> Option<bool> + Sync,
    threads: usize,
    progress: &dyn Progress,
) {
    let units: Vec<(usize, usize, bool)> = (0..=k)
        .filter_map(|a| Some((a, to_plain(a)?)))
        .flat_map(|(a, plain)| {
            (0..solver.ix.count(a) as usize)
                .step_by(transpose::BAND)
                .map(move |r0| (a, r0, plain))
        })
        .collect();
    let next = AtomicUsize::new(0);
    let work = || {
        while let Some(&(a, r0, plain)) = units.get(next.fetch_add(1, Relaxed)) {
            if progress.stop() {
                return;
            }
            solver.transpose(k, a, r0, plain);
        }
    };
    run_threads(threads, &work);
}

/// The value bytes of every position with at most `max_seeds` seeds, in index order.
/// `below` holds the values of a smaller database of the same rules (without the early-end
/// rule, whose layout depends on the size), or nothing: its levels are not built again.
/// [`EgdbError::Stopped`] when `progress` asks to stop (it is asked between work units, and
/// between the rows of a split).
pub(crate) fn build_values(
    rules: &Rules,
    ix: &Indexer,
    max_seeds: usize,
    threads: usize,
    progress: &dyn Progress,
    below: &[u8],
) -> Result<Vec<u8>, EgdbError> {
    with_houses!(
        rules.houses(),
        build_n(rules, ix, max_seeds, threads, progress, true, below)
    )
}

fn build_n<const N: usize>(
    rules: &Rules,
    ix: &Indexer,
    max_seeds: usize,
    threads: usize,
    progress: &dyn Progress,
    splits: bool,
    below: &[u8],
) -> Result<Vec<u8>, EgdbError> {
    let stores = Stores::new(rules, max_seeds);
    let total = ix.len() * stores.slots;
    let split = splits && stores.slots == 1;
    // Splits write every entry before anything reads it; tiles look for unsettled ones.
    let mut bytes = if split {
        crate::mem::zeroed(total as usize)
    } else {
        crate::mem::filled(total as usize, UNKNOWN as u8)
    };
    // The levels a smaller database already holds are its first bytes (see `Indexer`).
    let first = if below.is_empty() {
        0
    } else {
        let k = (0..max_seeds)
            .find(|&k| ix.level(k).end == below.len() as u64)
            .expect("the values of whole levels of the same rules");
        bytes[..below.len()].copy_from_slice(below);
        k + 1
    };
    // SAFETY: `AtomicI8` has the size and alignment of `u8`, and `bytes` is not touched
    // otherwise while `values` lives.
    let values: &[AtomicI8] = unsafe { &*(bytes.as_mut_slice() as *mut [u8] as *const [AtomicI8]) };
    let level_len = |k: usize| ix.level(k).end - ix.level(k).start;
    let biggest = |parity: usize| {
        (0..=max_seeds)
            .filter(|k| k % 2 == parity)
            .map(level_len)
            .max()
            .unwrap_or(0)
    };
    let tstart = [0, biggest(0)];
    let mut tbytes = if split {
        crate::mem::zeroed((biggest(0) + biggest(1)) as usize)
    } else {
        Vec::new()
    };
    // SAFETY: as for `values`.
    let trans: &[AtomicI8] = unsafe { &*(tbytes.as_mut_slice() as *mut [u8] as *const [AtomicI8]) };
    let solver = Solver::<N> {
        sow: Sower::new(rules),
        ix,
        values,
        trans,
        tstart,
        stores,
    };
    let threads = threads.max(1);
    let done = AtomicU64::new(below.len() as u64);
    progress.progress(below.len() as u64, total);
    let stopped = || Err(EgdbError::Stopped);
    if split && first > 0 {
        // The next level reads the one below from the transposed copy, which a stored
        // database does not keep: make it from the plain values.
        transpose_level(&solver, first - 1, |_| Some(false), threads, progress);
    }
    for k in first..=max_seeds {
        if progress.stop() {
            return stopped();
        }
        let level = ix.level(k);
        let size = level.end - level.start;
        // Work units, taken by the threads in turn: splits of the seeds (the mover's share
        // up to half, largest first), or (mover's seeds, first opponent rank) tiles.
        let units: Vec<(usize, u64)> = if split {
            let mut u: Vec<(usize, u64)> = (0..=k / 2).map(|a| (a, 0)).collect();
            u.sort_by_key(|&(a, _)| std::cmp::Reverse(ix.count(a) * ix.count(k - a)));
            u
        } else {
            (0..=k)
                .flat_map(|a| (0..ix.count(k - a)).step_by(TILE).map(move |t0| (a, t0)))
                .collect()
        };
        let next = AtomicUsize::new(0);
        let report = |n: u64| {
            let d = done.fetch_add(n, Relaxed) + n;
            progress.progress(d, total);
        };
        let stop = || progress.stop();
        let work = || {
            while let Some(&(a, t0)) = units.get(next.fetch_add(1, Relaxed)) {
                if stop() {
                    return;
                }
                if split {
                    solver.run_split(k, a, &report, &stop);
                    continue;
                }
                let len = (ix.count(k - a) - t0).min(TILE as u64);
                solver.run_tile(k, a, t0, len as usize, &stop);
                report(len * ix.count(a) * stores.slots);
            }
        };
        // Small levels are not worth a second thread. The work runs on threads of our own
        // even then, for their large stacks.
        let count = if size < 4096 { 1 } else { threads };
        run_threads(count, &work);
        if progress.stop() {
            return stopped();
        }
        if split {
            // Off-diagonal blocks were written in one layout only: the column passes wrote
            // the smaller mover's block transposed, the row passes the other one plain.
            // The top level's transposed copy is never read.
            let to_plain =
                |a: usize| (2 * a < k || (2 * a > k && k < max_seeds)).then_some(2 * a < k);
            transpose_level(&solver, k, to_plain, count, progress);
        }
    }
    drop(tbytes);
    if progress.stop() {
        return stopped();
    }
    Ok(bytes)
}

/// The most memory a build touches, in bytes: every value, and of the transposed copy the
/// level below the top (read throughout the top level) and the larger of the level two below
/// and the top level's blocks whose mover holds at most half the seeds (the only ones its
/// columns write there). Pages are zeroed on first touch, so the rest of the copy costs
/// nothing. 6 houses, 24 seeds: 1,684 MiB, where `kalah egdb build -k 24` measured 1,694 MiB
/// of resident memory, the program's own included.
pub(crate) fn peak_bytes(rules: &Rules, max_seeds: usize) -> u64 {
    let ix = Indexer::new(rules.houses(), max_seeds);
    let stores = Stores::new(rules, max_seeds);
    let values = ix.len().saturating_mul(stores.slots);
    if stores.slots != 1 {
        return values;
    }
    let level = |k: usize| ix.level(k).end - ix.level(k).start;
    let k = max_seeds;
    let below = if k >= 1 { level(k - 1) } else { 0 };
    let two_below = if k >= 2 { level(k - 2) } else { 0 };
    let top_half: u64 = (0..=k)
        .filter(|&a| 2 * a <= k)
        .map(|a| ix.count(a) * ix.count(k - a))
        .sum();
    values + below + two_below.max(top_half)
}

/// Runs `work` on `count` threads of our own, for their large stacks.
fn run_threads(count: usize, work: &(dyn Fn() + Sync)) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use kalah_rules::{CaptureRule, EndRule, RulesSetup, SweepRule};

    /// A stop flag set part way through stops the build at the next chunk of work, on both
    /// ways of building (splits, and the early-end rule's tiles), and an unset one changes
    /// nothing.
    #[test]
    fn a_stop_flag_stops_the_build_soon_and_an_unset_one_changes_nothing() {
        use crate::progress::Stoppable;
        use std::sync::atomic::AtomicBool;
        use std::sync::Mutex;
        let early = Rules::new(RulesSetup {
            early_end: true,
            ..Default::default()
        })
        .unwrap();
        for (rules, k) in [(Rules::standard(), 16), (early, 10)] {
            let ix = Indexer::new(rules.houses(), k);
            let stop = AtomicBool::new(false);
            // The flag goes up at a tenth of the work; the build may finish the chunks under
            // way, but no more than a few.
            let at_stop = Mutex::new(None);
            let last = AtomicU64::new(0);
            let report = |done: u64, total: u64| {
                last.fetch_max(done, Relaxed);
                if done * 10 >= total && !stop.swap(true, Relaxed) {
                    *at_stop.lock().unwrap() = Some(done);
                }
            };
            let got = build_values(&rules, &ix, k, 2, &Stoppable::new(report, &stop), &[]);
            assert!(matches!(got, Err(EgdbError::Stopped)), "{rules}");
            let total = ix.len() * Stores::new(&rules, k).slots;
            let at = at_stop.lock().unwrap().expect("the flag went up");
            let last = last.load(Relaxed);
            assert!(last < total, "{rules}: the build ran to the end");
            assert!(
                last - at < total / 5,
                "{rules}: {} positions settled after the stop",
                last - at
            );
            // Set before the start: nothing is built.
            let set = AtomicBool::new(true);
            let built = AtomicU64::new(0);
            let count = |done: u64, _total: u64| {
                built.fetch_max(done, Relaxed);
            };
            let got = build_values(&rules, &ix, k.min(12), 2, &Stoppable::new(count, &set), &[]);
            assert!(matches!(got, Err(EgdbError::Stopped)));
            assert_eq!(built.load(Relaxed), 0, "{rules}");
            // Never set: the same bytes as a build without a flag.
            let small = Indexer::new(rules.houses(), 8);
            let plain = build_values(&rules, &small, 8, 2, &|_, _| {}, &[]).unwrap();
            let unset = AtomicBool::new(false);
            assert!(build_values(&rules, &small, 8, 2, &unset, &[]).unwrap() == plain);
        }
    }

    /// The split-by-split build gives the same bytes as the position-by-position one, on
    /// every rule option without early end (the splits do not apply under it), and so does
    /// a build grown from a smaller database.
    #[test]
    fn splits_build_the_same_values_as_tiles() {
        for houses in [1u8, 2, 3, 4, 6] {
            let max_seeds = match houses {
                1 | 2 => 14,
                3 | 4 => 11,
                _ => 8,
            };
            for &capture in CaptureRule::ALL {
                for &end in EndRule::ALL {
                    for &sweep in SweepRule::ALL {
                        for both_stores in [false, true] {
                            let rules = Rules::new(RulesSetup {
                                houses,
                                seeds: 4,
                                capture,
                                end,
                                sweep,
                                early_end: false,
                                pie: false,
                                both_stores,
                            })
                            .unwrap();
                            let ix = Indexer::new(houses as usize, max_seeds);
                            let build = |splits| {
                                with_houses!(
                                    rules.houses(),
                                    build_n(&rules, &ix, max_seeds, 2, &|_, _| {}, splits, &[])
                                )
                                .unwrap()
                            };
                            let whole = build(true);
                            assert!(whole == build(false), "{rules}");
                            // Grown from every smaller database: the same bytes.
                            for j in [0, 1, max_seeds / 2, max_seeds - 1] {
                                let small = Indexer::new(houses as usize, j);
                                let below = with_houses!(
                                    rules.houses(),
                                    build_n(&rules, &small, j, 1, &|_, _| {}, true, &[])
                                )
                                .unwrap();
                                let grown = with_houses!(
                                    rules.houses(),
                                    build_n(&rules, &ix, max_seeds, 2, &|_, _| {}, true, &below)
                                )
                                .unwrap();
                                assert!(grown == whole, "{rules}: grown from {j}");
                            }
                        }
                    }
                }
            }
        }
    }
}
