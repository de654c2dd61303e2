//! The recursive search: fail-soft negamax alpha-beta over the future gain of a node.
//!
//! The value of a node is its *future gain*: the final margin for the side to move minus its
//! store margin now. Without the early-end rule it depends on the houses alone (and the pie
//! stage), so the table is keyed on them and many transpositions that differ only in how the
//! stores were filled share one entry. With early end the stores decide when the game ends,
//! so the mover's store joins the key.

#[cfg(test)]
use crate::board::Node;
use crate::board::{Board, Game, Mv, Step, MAXH, SWAP};
use crate::endgame::Endgame;
use crate::tt::{Hit, Table, NO_MOVE, PROVEN};
use kalah_rules::PieStage;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU32, AtomicU64, Ordering};
use std::time::Instant;

/// Depth meaning "search to the end of the game".
pub(crate) const INFINITE: u32 = u32::MAX;

/// Nodes with at least this many seeds in the houses try enhanced transposition cutoffs.
const ETC_MIN_SEEDS: u32 = 20;

/// The largest future gain either way. The seeds in the stores stay there, so the gain is
/// within the seeds in the houses; before the pie decision `swap` can also trade the stores.
#[inline]
fn bound<B: Board>(g: &Game, node: &B) -> i32 {
    let h = node.in_houses(g) as i32;
    if node.pie() == PieStage::Off {
        h
    } else {
        2 * g.total as i32
    }
}

/// Exact searches order the moves of nodes with at least this many seeds more than the
/// database covers by [`look_ahead`] (Kalah(6,4) standard on one thread: 78.1 M -> 70.1 M
/// nodes; fewer nodes from 12 on, little change between 9 and 14; see docs/performance.md).
const LOOK_AHEAD_SEEDS: u32 = 12;
/// The order score of the table's move: above every other, look-ahead scores included.
const TABLE_FIRST: i32 = i32::MAX;
/// The order score of an extra turn (plus its house): above every gain a move can score.
const ORDER_EXTRA: i32 = 1 << 20;
/// The largest store gain the order tells apart: its score stays below [`ORDER_EXTRA`].
const ORDER_MAX_GAIN: i32 = 8191;
/// The order score of `swap`: between the moves that add one seed to the store and those
/// that add two.
const ORDER_SWAP: i32 = (258 << 5) - 1;
// Every gain's score (house included) stays below an extra turn's, and every static score
// below 2^21, where the look-ahead's scores start.
const _: () = assert!(((ORDER_MAX_GAIN + 256) << 5) + 32 < ORDER_EXTRA);
const _: () = assert!(ORDER_EXTRA + 32 < 1 << 21);

/// The most a move can gain in the mover's turn: its own gain and, after an extra turn, the
/// best of what the next move gains the same way. A cheap guess of how good the move is,
/// for move ordering (looking one reply further made the proofs many times larger).
fn look_ahead<B: Board>(g: &Game, st: &Step<B>) -> i32 {
    if st.over || !st.extra {
        return st.delta;
    }
    let mut mvs = [0 as Mv; MAXH + 1];
    let k = st.child.moves(g, &mut mvs);
    if k == 0 {
        return st.delta;
    }
    let mut best = i32::MIN;
    for &m in &mvs[..k] {
        best = best.max(look_ahead(g, &st.child.play(g, m)));
    }
    st.delta + best
}

/// With a table below [`BUSY_ALL_TABLE`], only nodes with at least this many seeds more
/// than the database covers tell other threads they are being searched (see
/// [`Shared::busy`]): there nodes are fast and the marks cost more than they save near the
/// database (Kalah(6,4), 256 MiB: 6.9 - 7.6 s of search against 7.6 - 8.0 s marking every
/// node).
const BUSY_ABOVE_DB: u32 = 10;
/// Tables of at least this many bytes mark every node of [`BUSY_MIN_SEEDS`] or more seeds:
/// nodes there wait longer for memory, and Kalah(6,5) with an 8 GiB table took 32.1 min
/// marking only nodes 10 seeds above the database, against 25.8 and 29.6 min marking all.
const BUSY_ALL_TABLE: usize = 1 << 30;
/// The fewest seeds in the houses of a node that marks itself busy.
const BUSY_MIN_SEEDS: u32 = 12;
/// Slots of the busy table: a power of two.
const BUSY_SLOTS: usize = 1 << 14;

/// The zero-window pass the main thread is searching, published for helper threads to join.
#[derive(Default)]
pub(crate) struct Pass {
    /// Counts the passes published; 0 before the first.
    pub id: AtomicU64,
    pub depth: AtomicU32,
    pub beta: AtomicI32,
}

/// Everything the search threads share.
pub(crate) struct Shared<'a> {
    pub game: Game,
    pub tt: &'a Table,
    /// Set by the caller to stop.
    pub stop: &'a AtomicBool,
    /// Set when a limit is reached or the main thread is done.
    pub abort: AtomicBool,
    pub deadline: Option<Instant>,
    pub node_limit: u64,
    /// Nodes of all threads, updated in batches.
    pub nodes: AtomicU64,
    /// Of those, the nodes that went on to their moves (not answered by a bound, the
    /// database or their table entry on entry), updated with `nodes`.
    pub expanded: AtomicU64,
    pub db: Option<&'a dyn Endgame>,
    /// False when values may not fit the table's 16-bit bounds.
    pub use_tt: bool,
    /// Keys of nodes some thread is searching right now (empty with one thread). Another
    /// thread that meets such a node as a later move defers it, so the threads split the
    /// tree instead of searching the same subtree at once (as in ABDADA).
    pub busy: Vec<AtomicU64>,
    /// Nodes with at least this many seeds in the houses use the busy table.
    pub busy_min: u32,
    pub pass: Pass,
}

impl Shared<'_> {
    /// The seeds from which nodes use the busy table, for a table of `table_bytes` and a
    /// database of `db_max` seeds (see [`BUSY_ABOVE_DB`]).
    pub fn busy_min(table_bytes: usize, db_max: u32) -> u32 {
        if table_bytes >= BUSY_ALL_TABLE {
            BUSY_MIN_SEEDS
        } else {
            BUSY_MIN_SEEDS.max(db_max + BUSY_ABOVE_DB)
        }
    }

    /// A busy table for `threads` threads.
    pub fn busy_table(threads: usize) -> Vec<AtomicU64> {
        if threads > 1 {
            (0..BUSY_SLOTS).map(|_| AtomicU64::new(0)).collect()
        } else {
            Vec::new()
        }
    }

    #[inline]
    fn busy_slot(&self, key: u64) -> &AtomicU64 {
        &self.busy[key as usize & (BUSY_SLOTS - 1)]
    }

    #[inline]
    fn is_busy(&self, key: u64) -> bool {
        self.busy_slot(key).load(Ordering::Relaxed) == key
    }

    #[inline]
    fn mark_busy(&self, key: u64) {
        self.busy_slot(key).store(key, Ordering::Relaxed);
    }

    /// Clears the mark unless another node has taken the slot since.
    #[inline]
    fn clear_busy(&self, key: u64) {
        let slot = self.busy_slot(key);
        if slot.load(Ordering::Relaxed) == key {
            slot.store(0, Ordering::Relaxed);
        }
    }
}

/// One thread's search state.
pub(crate) struct Searcher<'a> {
    s: &'a Shared<'a>,
    pub nodes: u64,
    /// Leaves cut by depth (or depth-limited table bounds used): a rising count means the
    /// value being computed is an estimate.
    pub cuts: u64,
    pub aborted: bool,
    pub probes: u64,
    pub hits: u64,
    pub db_hits: u64,
    unreported: u64,
    unreported_expanded: u64,
    /// A helper's pass (see [`Pass`]): it stops when the main thread publishes another.
    following: Option<u64>,
    /// The main thread of several: it publishes its passes.
    pub lead: bool,
    /// Set by another thread when this search is no longer needed: it stops as if aborted,
    /// without stopping the others.
    pub cancel: Option<&'a AtomicBool>,
}

const BATCH: u64 = 1024;

impl<'a> Searcher<'a> {
    pub fn new(s: &'a Shared<'a>) -> Searcher<'a> {
        Searcher {
            s,
            nodes: 0,
            cuts: 0,
            aborted: false,
            probes: 0,
            hits: 0,
            db_hits: 0,
            unreported: 0,
            unreported_expanded: 0,
            following: None,
            lead: false,
            cancel: None,
        }
    }

    pub fn shared(&self) -> &'a Shared<'a> {
        self.s
    }

    pub fn game(&self) -> &Game {
        &self.s.game
    }

    /// The table key of a node.
    #[inline]
    pub fn key<B: Board>(&self, node: &B) -> u64 {
        node.key(&self.s.game)
    }

    fn check_limits(&mut self) {
        let s = self.s;
        let total = s.nodes.fetch_add(self.unreported, Ordering::Relaxed) + self.unreported;
        self.unreported = 0;
        s.expanded
            .fetch_add(self.unreported_expanded, Ordering::Relaxed);
        self.unreported_expanded = 0;
        if s.use_tt && s.tt.wants_growth(total) {
            s.tt.grow();
        }
        if s.stop.load(Ordering::Relaxed)
            || s.abort.load(Ordering::Relaxed)
            || total >= s.node_limit
            || s.deadline.is_some_and(|d| Instant::now() >= d)
        {
            self.aborted = true;
            s.abort.store(true, Ordering::Relaxed);
        }
        if self
            .following
            .is_some_and(|id| s.pass.id.load(Ordering::Relaxed) != id)
            || self.cancel.is_some_and(|c| c.load(Ordering::Relaxed))
        {
            self.aborted = true;
        }
    }

    /// A helper thread's work: it searches each pass the main thread publishes, filling the
    /// table, until the search ends.
    pub fn follow<B: Board>(&mut self, root: &B) {
        let mut seen = 0;
        let mut idle = 0u32;
        while !self.s.abort.load(Ordering::Relaxed) && !self.s.stop.load(Ordering::Relaxed) {
            let id = self.s.pass.id.load(Ordering::Acquire);
            if id == seen {
                idle += 1;
                if idle < 64 {
                    std::hint::spin_loop();
                } else {
                    std::thread::sleep(std::time::Duration::from_micros(50));
                }
                continue;
            }
            idle = 0;
            let depth = self.s.pass.depth.load(Ordering::Acquire);
            let beta = self.s.pass.beta.load(Ordering::Acquire);
            if self.s.pass.id.load(Ordering::Acquire) != id {
                continue;
            }
            seen = id;
            self.following = Some(id);
            self.aborted = false;
            self.search(root, depth, beta - 1, beta);
        }
        self.following = None;
    }

    /// Tells helper threads the pass the main thread starts now.
    fn publish(&self, depth: u32, beta: i32) {
        let p = &self.s.pass;
        // Helpers read the id before and after the fields; the new id comes last.
        p.depth.store(depth, Ordering::Release);
        p.beta.store(beta, Ordering::Release);
        p.id.fetch_add(1, Ordering::Release);
    }

    /// Nodes searched, and expanded, not yet added to the shared counters.
    pub fn pending(&self) -> (u64, u64) {
        (self.unreported, self.unreported_expanded)
    }

    /// Reports the last nodes to the shared counter.
    pub fn flush(&mut self) {
        self.s.nodes.fetch_add(self.unreported, Ordering::Relaxed);
        self.unreported = 0;
        self.s
            .expanded
            .fetch_add(self.unreported_expanded, Ordering::Relaxed);
        self.unreported_expanded = 0;
    }

    /// A guess of the future gain at a depth-limited leaf.
    /// (Seed-difference guesses were tried: they made the exact solves of Kalah(6,3) larger.)
    #[inline]
    fn eval<B: Board>(&self, _node: &B) -> i32 {
        0
    }

    /// How promising a move looks before it is played (higher first): the table's move, then
    /// extra turns, then the others by what they add to the mover's store (a capture its seeds
    /// and the capturing one, a move past the store the seeds it banks), the house nearest the
    /// store first among equals. This is Irving's order; it replaced fixed groups (captures that
    /// take something, then moves that bank a seed, then the rest), which ranked a capture of
    /// an empty house under empty capture with the plain moves. One thread, expanded nodes
    /// (docs/performance.md, session 34): Kalah(5,6) empty capture, 28-seed database, one best
    /// move, 36.7 M -> 12.5 M; Kalah(5,5) 3.29 M -> 2.62 M; Kalah(6,4) empty capture 11.0 M ->
    /// 9.0 M; Kalah(6,4) standard 4.35 M -> 4.36 M. The order matters a great deal: leftmost
    /// first made Kalah(6,3) search 40 times the nodes, and a helper thread with a rotated
    /// order tripled the work of the main one.
    #[inline]
    fn order_score<B: Board>(m: Mv, st: &Step<B>, tt_mv: u8) -> i32 {
        if m == tt_mv {
            return TABLE_FIRST;
        }
        if m == SWAP {
            // Above the moves that add one seed, below those that add more.
            return ORDER_SWAP;
        }
        let twist = m as i32;
        if st.extra && !st.over {
            return ORDER_EXTRA + twist;
        }
        ((st.delta.clamp(-255, ORDER_MAX_GAIN) + 256) << 5) + twist
    }

    /// The future gain of `node` searched `depth` sowings deep, fail-soft: a result at most
    /// `alpha` is an upper bound, at least `beta` a lower bound.
    pub fn search<B: Board>(&mut self, node: &B, depth: u32, alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        self.unreported += 1;
        if self.unreported >= BATCH {
            self.check_limits();
        }
        if self.aborted {
            return 0;
        }
        let g = self.s.game;
        let h = bound(&g, node);
        // The seeds in the stores are final, so the gain lies within the seeds left.
        if -h >= beta {
            return -h;
        }
        if h <= alpha {
            return h;
        }
        let db_max = self.s.db.map_or(0, |d| d.max_seeds());
        if let Some(db) = self.s.db {
            if node.pie() == PieStage::Off && !g.early_end && h as u32 <= db_max {
                if let Some((lo, hi)) = node.probe_bounds(&g, db) {
                    self.db_hits += 1;
                    // A packed database may hold only a bound: it answers when the bound
                    // decides the window, else the node is searched.
                    if lo == hi || lo >= beta {
                        return lo;
                    }
                    if hi <= alpha {
                        return hi;
                    }
                }
            }
        }
        if depth == 0 {
            self.cuts += 1;
            return self.eval(node).clamp(-h, h);
        }
        let use_tt = self.s.use_tt;
        let key = if use_tt { self.key(node) } else { 0 };
        let mut mvs = [0 as Mv; MAXH + 1];
        let k = node.moves(&g, &mut mvs);
        let cuts0 = self.cuts;
        let nodes0 = self.nodes;
        let child_depth = if depth == INFINITE { depth } else { depth - 1 };

        // Every move played once up front, and what each child reads first (its table bucket
        // or its database entry) starts loading now. This node's own bucket, prefetched by
        // the parent, is read only after that, so it has time to arrive (13% faster).
        let mut steps = [Step {
            child: *node,
            delta: 0,
            extra: false,
            over: true,
        }; MAXH + 1];
        let mut keys = [0u64; MAXH + 1];
        // Children whose value is at hand: the game is over there, or the database has it.
        let mut in_db = [false; MAXH + 1];
        let mut any_known = false;
        for i in 0..k {
            let st = node.play(&g, mvs[i]);
            steps[i] = st;
            if st.over {
                any_known = true;
                continue;
            }
            if st.child.in_houses(&g) <= db_max {
                if let Some(db) = self.s.db {
                    st.child.prefetch_probe(&g, db);
                    in_db[i] = st.child.pie() == PieStage::Off;
                    any_known |= in_db[i];
                }
            } else if use_tt {
                keys[i] = st.child.key(&g);
                self.s.tt.prefetch(keys[i]);
            }
        }

        let mut tt_mv = NO_MOVE;
        if use_tt {
            self.probes += 1;
            if let Some(hit) = self.s.tt.probe(key) {
                self.hits += 1;
                let usable =
                    hit.depth == PROVEN || (depth < PROVEN as u32 && hit.depth as u32 >= depth);
                if usable {
                    let cut = if hit.lower >= beta {
                        Some(hit.lower)
                    } else if hit.upper <= alpha {
                        Some(hit.upper)
                    } else if hit.lower == hit.upper {
                        Some(hit.lower)
                    } else {
                        None
                    };
                    if let Some(v) = cut {
                        #[cfg(test)]
                        if hit.depth == PROVEN && node.in_houses(&g) <= 8 {
                            let t = plain(&g, &node.to_node(&g));
                            assert!(
                                hit.lower <= t && t <= hit.upper,
                                "probe {node:?} {hit:?} true {t}"
                            );
                        }
                        if hit.depth != PROVEN {
                            self.cuts += 1;
                        }
                        return v;
                    }
                }
                tt_mv = hit.mv;
            }
        }

        self.unreported_expanded += 1;
        // A child whose exact value is at hand and reaches beta cuts before any subtree is
        // searched, whatever the move order (Kalah(6,4) standard, one thread: 10-13% faster;
        // the static order tried a searched move first at most of these nodes).
        let mut known = [None; MAXH + 1];
        if any_known {
            for i in 0..k {
                known[i] = self.known_value(&g, &steps[i], in_db[i]);
                if let Some(v) = known[i].filter(|&v| v >= beta) {
                    return v;
                }
            }
        }

        let mut scored = [(0i32, 0u8); MAXH + 1];
        // Far from the database an exact search can afford a one-turn look-ahead per move;
        // the static order stays the tie-break.
        let look = depth == INFINITE && h as u32 >= db_max + LOOK_AHEAD_SEEDS;
        for (i, slot) in scored.iter_mut().enumerate().take(k) {
            let base = Self::order_score(mvs[i], &steps[i], tt_mv);
            let score = if look && base != TABLE_FIRST && mvs[i] != SWAP {
                // Above every static score (< 2^21), and within i32 for any board.
                ((look_ahead(&g, &steps[i]).clamp(-255, 255) + 256) << 21) + base
            } else {
                base
            };
            *slot = (score, i as u8);
        }
        let scored = &mut scored[..k];
        // Insertion sort, best first: the lists are short.
        for a in 1..k {
            let mut b = a;
            while b > 0 && scored[b - 1].0 < scored[b].0 {
                scored.swap(b - 1, b);
                b -= 1;
            }
        }

        let beta = beta.min(h);
        let mut a = alpha;
        let mut best = -i32::MAX;
        let mut best_mv = NO_MOVE;
        let share = !self.s.busy.is_empty() && h as u32 >= self.s.busy_min;
        if share {
            self.s.mark_busy(key);
        }
        // The moves in order, then those put off because another thread was on them.
        let mut later = [0u8; MAXH + 1];
        let mut put_off = 0;
        let mut at = 0;
        while at < k + put_off {
            let i = if at < k { scored[at].1 } else { later[at - k] } as usize;
            at += 1;
            let (m, st) = (mvs[i], steps[i]);
            if share && at > 1 && at <= k && !st.over {
                if keys[i] == 0 {
                    keys[i] = st.child.key(&g);
                }
                if self.s.is_busy(keys[i]) {
                    later[put_off] = i as u8;
                    put_off += 1;
                    continue;
                }
            }
            let v = if let Some(v) = known[i] {
                v
            } else if st.over {
                st.delta
            } else if st.extra {
                st.delta + self.search(&st.child, child_depth, a - st.delta, beta - st.delta)
            } else {
                st.delta - self.search(&st.child, child_depth, st.delta - beta, st.delta - a)
            };
            if self.aborted {
                if share {
                    self.s.clear_busy(key);
                }
                return 0;
            }
            if v > best {
                best = v;
                best_mv = m;
                if v > a {
                    a = v;
                    if v >= beta {
                        break;
                    }
                }
            }
            if at == 1 && use_tt && h as u32 >= ETC_MIN_SEEDS {
                // The first move did not cut: before searching the others, see whether the
                // table already proves one of them good enough (their buckets were fetched
                // while the first was searched).
                if let Some((v, i)) = self.etc(&steps[..k], &keys[..k], child_depth, beta) {
                    best = v;
                    best_mv = mvs[i];
                    break;
                }
            }
        }
        if share {
            self.s.clear_busy(key);
        }
        let mut best = best.clamp(-h, h);
        if g.parity && self.cuts == cuts0 && node.pie() == PieStage::Off {
            // Every seed in the houses ends in one store or the other, so the gain has the
            // parity of the seeds left: a bound rounds inward to it.
            if best <= alpha {
                best -= (best - h).rem_euclid(2);
            } else if best >= beta {
                best += (h - best).rem_euclid(2);
            }
        }
        if use_tt {
            let (lower, upper, mv) = if best <= alpha {
                (-h, best, NO_MOVE)
            } else if best >= beta {
                (best, h, best_mv)
            } else {
                (best, best, best_mv)
            };
            let depth = if self.cuts == cuts0 {
                PROVEN
            } else {
                depth.min(PROVEN as u32 - 1) as u8
            };
            #[cfg(test)]
            if depth == PROVEN && node.in_houses(&g) <= 8 {
                let v = plain(&g, &node.to_node(&g));
                assert!(
                    lower <= v && v <= upper,
                    "node {node:?} bounds {lower}..{upper} true {v} window {alpha},{beta} best {best} game {g:?}"
                );
            }
            let work = 64 - (self.nodes - nodes0).leading_zeros();
            self.s.tt.store(
                key,
                Hit {
                    lower,
                    upper,
                    depth,
                    mv,
                },
                work,
            );
        }
        best
    }

    /// The exact value of a move whose game ends or whose child (`in_db`) the database
    /// answers; `None` for any other.
    #[inline]
    fn known_value<B: Board>(&mut self, g: &Game, st: &Step<B>, in_db: bool) -> Option<i32> {
        if st.over {
            return Some(st.delta);
        }
        if !in_db {
            return None;
        }
        let c = st.child.probe(g, self.s.db?)?;
        self.db_hits += 1;
        Some(if st.extra { st.delta + c } else { st.delta - c })
    }

    /// Enhanced transposition cutoff: the first child whose table bound already proves this
    /// node reaches `beta` (its value and index), found without searching it. `keys` are the
    /// children's table keys, 0 for those the database answers.
    fn etc<B: Board>(
        &mut self,
        steps: &[Step<B>],
        keys: &[u64],
        child_depth: u32,
        beta: i32,
    ) -> Option<(i32, usize)> {
        for (i, (st, &key)) in steps.iter().zip(keys).enumerate() {
            let (delta, extra, over) = (st.delta, st.extra, st.over);
            if !over && key == 0 {
                // A database position: its child search answers at once.
                continue;
            }
            let mut estimate = false;
            let bound = if over {
                delta
            } else {
                let Some(hit) = self.s.tt.probe(key) else {
                    continue;
                };
                let usable = hit.depth == PROVEN
                    || (child_depth < PROVEN as u32 && hit.depth as u32 >= child_depth);
                if !usable {
                    continue;
                }
                estimate = hit.depth != PROVEN;
                if extra {
                    delta + hit.lower
                } else {
                    delta - hit.upper
                }
            };
            if bound >= beta {
                if estimate {
                    self.cuts += 1;
                }
                return Some((bound, i));
            }
        }
        None
    }

    /// MTD(f): zero-window searches around `guess` until the value is pinned down. Returns
    /// the value, or `None` when stopped.
    pub fn mtdf<B: Board>(&mut self, node: &B, depth: u32, guess: i32) -> Option<i32> {
        self.mtdf_passes(node, depth, guess, &mut |_, _| {})
    }

    /// [`Searcher::mtdf`], telling `on_pass` the bounds (lower, upper) after each pass.
    pub fn mtdf_passes<B: Board>(
        &mut self,
        node: &B,
        depth: u32,
        guess: i32,
        on_pass: &mut dyn FnMut(i32, i32),
    ) -> Option<i32> {
        let h = bound(&self.s.game, node);
        let (mut lower, mut upper) = (-h, h);
        let mut g = guess.clamp(-h, h);
        while lower < upper {
            let beta = if g == lower { g + 1 } else { g };
            if self.lead {
                self.publish(depth, beta);
            }
            g = self.search(node, depth, beta - 1, beta);
            if self.aborted {
                return None;
            }
            if g < beta {
                upper = g;
            } else {
                lower = g;
            }
            on_pass(lower, upper);
        }
        Some(g)
    }

    /// True when the value of `node` is at least `v`, or `None` when stopped.
    pub fn at_least<B: Board>(&mut self, node: &B, depth: u32, v: i32) -> Option<bool> {
        let r = self.search(node, depth, v - 1, v);
        (!self.aborted).then_some(r >= v)
    }

    /// The table's best move for a node, if any.
    pub fn table_move<B: Board>(&self, node: &B) -> Option<Mv> {
        let hit = self.s.tt.probe(self.key(node))?;
        (hit.mv != NO_MOVE).then_some(hit.mv)
    }
}

/// Plain negamax of the future gain, for checking stored bounds in tests.
#[cfg(test)]
fn plain(g: &Game, node: &Node) -> i32 {
    let mut mvs = [0 as Mv; MAXH + 1];
    let k = node.legal(g, &mut mvs);
    let mut best = i32::MIN;
    for &m in &mvs[..k] {
        let st = node.sow(g, m);
        let v = if st.over {
            st.delta
        } else if st.extra {
            st.delta + plain(g, &st.child)
        } else {
            st.delta - plain(g, &st.child)
        };
        best = best.max(v);
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use kalah_rules::{Position, Rules, Side};

    #[test]
    fn keys_ignore_stores_without_early_end() {
        let rules: Rules = "standard".parse().unwrap();
        let pos = Position::start(rules, Side::South);
        let table = Table::new(1);
        let stop = AtomicBool::new(false);
        let shared = Shared {
            game: Game::new(rules, pos.total_seeds()),
            tt: &table,
            stop: &stop,
            abort: AtomicBool::new(false),
            deadline: None,
            node_limit: u64::MAX,
            nodes: AtomicU64::new(0),
            expanded: AtomicU64::new(0),
            db: None,
            use_tt: true,
            busy: Vec::new(),
            busy_min: BUSY_MIN_SEEDS,
            pass: Pass::default(),
        };
        let s = Searcher::new(&shared);
        let a = Node::from_position(&pos);
        let _ = &s;
        let mut b = a;
        b.store_me = 5;
        assert_eq!(s.key(&a), s.key(&b));
        b.me[0] = 3;
        assert_ne!(s.key(&a), s.key(&b));
    }

    #[test]
    fn stored_bounds_hold() {
        let rules: Rules = "standard houses=2 seeds=3 capture=empty early-end=yes"
            .parse()
            .unwrap();
        let pos = Position::from_setup(
            rules,
            &kalah_rules::parse_setup("<2,0,1,3,0,3,1> N").unwrap(),
        )
        .unwrap();
        let table = Table::new(1);
        let stop = AtomicBool::new(false);
        let shared = Shared {
            game: Game::new(rules, pos.total_seeds()),
            tt: &table,
            stop: &stop,
            abort: AtomicBool::new(false),
            deadline: None,
            node_limit: u64::MAX,
            nodes: AtomicU64::new(0),
            expanded: AtomicU64::new(0),
            db: None,
            use_tt: true,
            busy: Vec::new(),
            busy_min: BUSY_MIN_SEEDS,
            pass: Pass::default(),
        };
        let mut s = Searcher::new(&shared);
        let root = Node::from_position(&pos);
        for d in 1..8 {
            s.mtdf(&root, d, 0);
        }
        assert_eq!(s.mtdf(&root, INFINITE, 0), Some(plain(&shared.game, &root)));
    }
}
