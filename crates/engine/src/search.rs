//! The engine's public face: limits, progress reports and results, and the driver that runs
//! iterative deepening with MTD(f) on one or more threads sharing one table.

use crate::alphabeta::{Searcher, Shared, INFINITE};
use crate::board::{to_move, Board, Game, Mv, Node, MAXH};
use crate::endgame::Endgame;
use crate::packed::{self, Packed};
use crate::tt::Table;
use kalah_rules::{Move, Position, Rules};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How long to search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limits {
    /// Up to this many sowings deep.
    Depth(u32),
    /// About this many nodes.
    Nodes(u64),
    /// Stop deepening after `soft`; abort at `hard`.
    Time { soft: Duration, hard: Duration },
    /// Until the value is proven.
    Exact,
}

/// Progress after each completed iteration.
#[derive(Debug, Clone)]
pub struct SearchInfo {
    pub depth: u32,
    pub value: i32,
    pub exact: bool,
    pub nodes: u64,
    pub elapsed: Duration,
    pub pv: Vec<Move>,
}

/// What an exact search has proven so far: the value lies in `lower..=upper`.
#[derive(Debug, Clone, Copy)]
pub struct BoundsInfo {
    /// Final margins for the player to move.
    pub lower: i32,
    pub upper: i32,
    pub nodes: u64,
    pub elapsed: Duration,
}

/// Receives progress; the search itself never prints.
pub trait Reporter {
    fn iteration(&mut self, _info: &SearchInfo) {}
    /// After each zero-window pass of a search to the end of the game (a long exact solve
    /// narrows its bounds a few times before it finishes).
    fn bounds(&mut self, _info: &BoundsInfo) {}
}

/// A reporter that ignores everything.
pub struct NoReport;
impl Reporter for NoReport {}

/// Counters of one search, for benchmarks and reports.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Table look-ups and how many found an entry.
    pub tt_probes: u64,
    pub tt_hits: u64,
    /// Positions answered by the endgame database.
    pub db_hits: u64,
    /// Threads that searched.
    pub threads: usize,
    /// Nodes that went on to their moves: not answered on entry by the seeds-left bound, the
    /// database or their own table entry (the count to set beside programs that count such
    /// answers apart, as Irving's does its "peeks").
    pub expanded: u64,
    /// Nodes (all threads) when the value was proven, before the proof of the best moves
    /// and the principal variation; 0 when the value was not proven.
    pub value_nodes: u64,
    /// Of those, the expanded ones (see `expanded`).
    pub value_expanded: u64,
}

/// The answer of a search.
#[derive(Debug, Clone)]
pub struct SearchResult {
    /// The best move (`None` when the game is over).
    pub best: Option<Move>,
    /// Every move with the best value when [`SearchResult::all_best`]; else just `best`.
    pub best_moves: Vec<Move>,
    /// Whether `best_moves` is every move of the best value: the value is exact and the
    /// search checked every other move (or the game is over). False for a search stopped
    /// (its flag, deadline or node budget) after it proved the value but before it checked
    /// the other moves: `exact` with the first best move only.
    pub all_best: bool,
    /// Final margin for the player to move (an estimate unless `exact`).
    pub value: i32,
    pub exact: bool,
    /// Deepest completed iteration in sowings (`u32::MAX` for a search to the end).
    pub depth: u32,
    pub pv: Vec<Move>,
    pub nodes: u64,
    pub elapsed: Duration,
    pub stats: SearchStats,
}

/// The answer of [`Engine::prove`]: the value (final margin for the player to move) lies in
/// `lower..=upper`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Proof {
    pub lower: i32,
    pub upper: i32,
    pub nodes: u64,
    pub elapsed: Duration,
}

/// The value of one move for the player to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveValue {
    pub mv: Move,
    pub value: i32,
    pub exact: bool,
}

/// Iterations of plain deepening before an exact search goes to the end. None pays: the
/// moves that depth-limited searches leave in the table are worse first tries for exact
/// proofs than the static order (Kalah(6,4) with a 16-seed database: 109 M nodes without,
/// 125 M after 8, 128 M after 24).
const WARMUP_DEPTH: u32 = 0;
/// The same on boards of at most 5 houses, where the table moves of the shallow passes are
/// better first tries (one thread, empty capture: Kalah(5,5), 24-seed database, 23.0 M ->
/// 17.6 M nodes; Kalah(5,6), 30 seeds, 104.4 M -> 47.0 M; docs/performance.md, session 13).
const WARMUP_DEPTH_SMALL: u32 = 16;
/// On 5 houses the plain deepening goes on for this many sowings per 5 seeds in the houses,
/// when that is more than [`WARMUP_DEPTH_SMALL`]: the games of more seeds last more sowings
/// (Kalah(5,5) 20, (5,6) 24; 40 seeds and fewer keep 16). One thread, empty capture, nodes
/// of one best move / of every best move: Kalah(5,5) with a 26-seed database 4.46 M / 8.68 M
/// before, 3.75 M / 8.09 M after; Kalah(5,6) with 30 seeds 28.7 M / 47.4 M before, 16.3 M /
/// 42.1 M after. Not on 3 or 4 houses, whose solves from 48 seeds are small (0.05 - 0.4 M
/// nodes with a database): the longer deepening cost more there than it saved
/// (docs/performance.md, session 32).
const WARMUP_SOWINGS_PER_5_SEEDS: u32 = 2;

/// Plain deepening iterations of an exact search on board `g` from a position with `seeds`
/// seeds in the houses.
fn warmup_depth(g: &Game, seeds: u32) -> u32 {
    match g.n {
        0..=4 => WARMUP_DEPTH_SMALL,
        5 => WARMUP_DEPTH_SMALL.max(seeds * WARMUP_SOWINGS_PER_5_SEEDS / 5),
        _ => WARMUP_DEPTH,
    }
}
/// Bounds (up to twice the seeds) are kept in 16 bits; larger games run without the table.
const TABLE_MAX_SEEDS: u32 = 16_000;
/// Longest principal variation reported.
const PV_MAX: usize = 400;

/// A search engine. Keep one per game or thread to reuse its tables.
pub struct Engine {
    tt: Table,
    threads: usize,
    endgame: Option<(Arc<dyn Endgame>, Rules)>,
    /// An exact search stops at the value and one best move (see [`Engine::set_one_best`]).
    one_best: bool,
}

/// True when two rule sets give the same game tree for positions without a pie stage.
fn same_play(a: Rules, b: Rules) -> bool {
    a.houses() == b.houses()
        && a.capture() == b.capture()
        && a.end() == b.end()
        && a.sweep() == b.sweep()
        && a.early_end() == b.early_end()
        && a.both_stores() == b.both_stores()
}

/// What one thread's iterative deepening produced.
#[derive(Debug, Clone, Copy)]
struct Found {
    /// Future gain at the root.
    gain: i32,
    exact: bool,
    depth: u32,
    best: Option<Mv>,
}

impl Engine {
    /// A new single-threaded engine with a transposition table of about `table_mb` MiB.
    pub fn new(table_mb: usize) -> Engine {
        Engine::with_threads(table_mb, 1)
    }

    /// A new engine searching on `threads` threads (at least 1) that share one table.
    pub fn with_threads(table_mb: usize, threads: usize) -> Engine {
        Engine::with_room(table_mb, table_mb, threads)
    }

    /// A new engine like [`Engine::with_threads`] whose table starts at about `table_mb` MiB
    /// and doubles, up to `max_mb` MiB, when a search visits many times more nodes than it
    /// holds (a search that proves hard). Only the pages in use take memory.
    pub fn with_room(table_mb: usize, max_mb: usize, threads: usize) -> Engine {
        Engine {
            tt: Table::with_room(table_mb, max_mb),
            threads: threads.max(1),
            endgame: None,
            one_best: false,
        }
    }

    /// With `true`, an exact search proves the value and one best move only, not every move
    /// that keeps the value (about half of a 5-house solve: docs/performance.md, session 31).
    pub fn set_one_best(&mut self, on: bool) {
        self.one_best = on;
    }

    /// Sets the number of search threads (at least 1).
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Size of the transposition table in bytes, as it is now (it may have grown).
    pub fn table_bytes(&self) -> usize {
        self.tt.bytes()
    }

    /// Forgets every stored position.
    pub fn clear(&mut self) {
        self.tt.clear();
    }

    /// Forgets every stored position and gives the table's memory back to the system until
    /// the next search (for an engine that waits idle).
    pub fn release_memory(&mut self) {
        self.tt.release();
    }

    /// Uses an endgame database built for `rules`. It is consulted only for positions whose
    /// rules play the same (houses, capture, end, sweep, stores) and have no early end.
    pub fn set_endgame(&mut self, db: Arc<dyn Endgame>, rules: Rules) {
        self.endgame = Some((db, rules));
    }

    /// Removes the endgame database and returns it (with its rules), if there was one.
    pub fn take_endgame(&mut self) -> Option<(Arc<dyn Endgame>, Rules)> {
        self.endgame.take()
    }

    /// Searches `pos` within `limits`. Stops early when `stop` becomes true and returns the
    /// best move found so far (with `exact` when the value was proven first, but then
    /// [`SearchResult::best_moves`] may miss best moves: [`SearchResult::all_best`] says).
    pub fn search(
        &mut self,
        pos: &Position,
        limits: Limits,
        stop: &AtomicBool,
        reporter: &mut dyn Reporter,
    ) -> SearchResult {
        let start = Instant::now();
        self.tt.new_generation();
        let legal = pos.legal_moves();
        let mut result = SearchResult {
            best: legal.first().copied(),
            best_moves: legal.first().copied().into_iter().collect(),
            all_best: false,
            value: pos.store(pos.to_move()) as i32 - pos.store(pos.to_move().opponent()) as i32,
            exact: false,
            depth: 0,
            pv: Vec::new(),
            nodes: 0,
            elapsed: Duration::ZERO,
            stats: SearchStats {
                threads: self.threads,
                ..SearchStats::default()
            },
        };
        if let Some(v) = Node::final_margin(pos) {
            result.value = v;
            result.exact = true;
            result.best_moves.clear();
            result.all_best = true;
            return result;
        }
        let shared = self.shared(pos, limits, stop, start);
        let node = Node::from_position(pos);
        if packed::fits(&shared.game, node.pie) {
            let root = Packed::from_node(&node, &shared.game);
            self.search_from(
                root,
                node.margin(),
                result,
                &shared,
                limits,
                start,
                reporter,
            )
        } else {
            self.search_from(
                node,
                node.margin(),
                result,
                &shared,
                limits,
                start,
                reporter,
            )
        }
    }

    /// The search proper, on either kind of board.
    #[allow(clippy::too_many_arguments)]
    fn search_from<B: Board>(
        &self,
        root: B,
        margin: i32,
        mut result: SearchResult,
        shared: &Shared,
        limits: Limits,
        start: Instant,
        reporter: &mut dyn Reporter,
    ) -> SearchResult {
        let mut legal = [0 as Mv; MAXH + 1];
        let count = root.moves(&shared.game, &mut legal);
        let legal = &legal[..count];
        let (max_depth, soft) = deepening(limits, start);
        let exact_mode = limits == Limits::Exact;
        let mut main = Searcher::new(shared);
        main.lead = self.threads > 1;
        let mut helper_stats = Vec::new();
        let found = std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..self.threads)
                .map(|_| {
                    scope.spawn(move || {
                        let mut s = Searcher::new(shared);
                        s.follow(&root);
                        s.flush();
                        (s.probes, s.hits, s.db_hits)
                    })
                })
                .collect();
            let reporter = std::cell::RefCell::new(reporter);
            let found = deepen(
                &mut main,
                &root,
                max_depth,
                soft,
                exact_mode,
                &mut |lower, upper| {
                    reporter.borrow_mut().bounds(&BoundsInfo {
                        lower: margin + lower,
                        upper: margin + upper,
                        nodes: shared.nodes.load(Ordering::Relaxed),
                        elapsed: start.elapsed(),
                    });
                },
                &mut |f: &Found| {
                    let pv = principal_variation(&mut Searcher::new(shared), &root, f);
                    reporter.borrow_mut().iteration(&SearchInfo {
                        depth: f.depth,
                        value: margin + f.gain,
                        exact: f.exact,
                        nodes: shared.nodes.load(Ordering::Relaxed),
                        elapsed: start.elapsed(),
                        pv: pv.iter().map(|&m| to_move(m)).collect(),
                    });
                },
            );
            shared.abort.store(true, Ordering::Relaxed);
            for h in helpers {
                if let Ok(st) = h.join() {
                    helper_stats.push(st);
                }
            }
            found
        });
        // The helpers are done; finish the answer on the main thread alone.
        let stopped = shared.stop.load(Ordering::Relaxed) || main.aborted;
        shared.abort.store(stopped, Ordering::Relaxed);
        if let Some(f) = found {
            result.value = margin + f.gain;
            result.exact = f.exact;
            result.depth = f.depth;
            let best = f.best.or_else(|| main.table_move(&root));
            if let Some(b) = best.filter(|b| legal.contains(b)) {
                result.best = Some(to_move(b));
                result.best_moves = vec![to_move(b)];
            }
            if f.exact && !stopped {
                // The helpers are joined; the main thread's last batch is not yet counted.
                let (nodes, expanded) = main.pending();
                result.stats.value_nodes = shared.nodes.load(Ordering::Relaxed) + nodes;
                result.stats.value_expanded = shared.expanded.load(Ordering::Relaxed) + expanded;
                let all = if self.one_best {
                    None
                } else {
                    best_moves(shared, &root, f.gain, best, self.threads)
                };
                if let Some((all, counts)) = all {
                    result.best = all.first().map(|&m| to_move(m));
                    result.best_moves = all.into_iter().map(to_move).collect();
                    result.all_best = true;
                    helper_stats.push(counts);
                }
            }
            let mut pv_searcher = Searcher::new(shared);
            let pv = principal_variation(&mut pv_searcher, &root, &f);
            result.pv = pv.into_iter().map(to_move).collect();
            if result.pv.first().copied() != result.best {
                result.pv = result.best.into_iter().collect();
            }
        }
        main.flush();
        result.nodes = shared.nodes.load(Ordering::Relaxed);
        result.stats.tt_probes = main.probes + helper_stats.iter().map(|s| s.0).sum::<u64>();
        result.stats.tt_hits = main.hits + helper_stats.iter().map(|s| s.1).sum::<u64>();
        result.stats.db_hits = main.db_hits + helper_stats.iter().map(|s| s.2).sum::<u64>();
        result.stats.expanded = shared.expanded.load(Ordering::Relaxed);
        result.elapsed = start.elapsed();
        result
    }

    /// The value of every legal move, best first, each from the mover's point of view.
    /// Values are exact where `exact` says so; the others are depth-limited estimates.
    pub fn analyze(&mut self, pos: &Position, limits: Limits, stop: &AtomicBool) -> Vec<MoveValue> {
        let start = Instant::now();
        self.tt.new_generation();
        if pos.is_over() {
            return Vec::new();
        }
        let shared = self.shared(pos, limits, stop, start);
        let node = Node::from_position(pos);
        if packed::fits(&shared.game, node.pie) {
            let root = Packed::from_node(&node, &shared.game);
            analyze_from(root, node.margin(), &shared, limits, start)
        } else {
            analyze_from(node, node.margin(), &shared, limits, start)
        }
    }

    /// Proves where the value of `pos` lies relative to the window `alpha < beta` (final
    /// margins for the player to move), on one thread: the answer's bounds meet (the exact
    /// value), or its upper bound is at most `alpha` (the value fails low), or its lower bound
    /// is at least `beta` (it fails high). A distributed solve gives each job the window its
    /// place in the tree needs, so that a job stops as soon as its answer decides it. `None`
    /// when `stop` became true first.
    pub fn prove(
        &mut self,
        pos: &Position,
        alpha: i32,
        beta: i32,
        stop: &AtomicBool,
    ) -> Option<Proof> {
        let start = Instant::now();
        self.tt.new_generation();
        if let Some(v) = Node::final_margin(pos) {
            return Some(Proof {
                lower: v,
                upper: v,
                nodes: 0,
                elapsed: start.elapsed(),
            });
        }
        let shared = self.shared(pos, Limits::Exact, stop, start);
        let node = Node::from_position(pos);
        let margin = node.margin();
        let gains = if packed::fits(&shared.game, node.pie) {
            let root = Packed::from_node(&node, &shared.game);
            prove_from(&root, &shared, alpha - margin, beta - margin)
        } else {
            prove_from(&node, &shared, alpha - margin, beta - margin)
        };
        let (lower, upper) = gains?;
        Some(Proof {
            lower: margin + lower,
            upper: margin + upper,
            nodes: shared.nodes.load(Ordering::Relaxed),
            elapsed: start.elapsed(),
        })
    }

    fn shared<'a>(
        &'a self,
        pos: &Position,
        limits: Limits,
        stop: &'a AtomicBool,
        start: Instant,
    ) -> Shared<'a> {
        let rules = pos.rules();
        let db = self
            .endgame
            .as_ref()
            .filter(|(_, r)| same_play(*r, rules) && !rules.early_end())
            .map(|(db, _)| db.as_ref());
        Shared {
            game: Game::new(rules, pos.total_seeds()),
            tt: &self.tt,
            stop,
            abort: AtomicBool::new(false),
            deadline: match limits {
                Limits::Time { hard, .. } => Some(start + hard),
                _ => None,
            },
            node_limit: match limits {
                Limits::Nodes(n) => n,
                _ => u64::MAX,
            },
            nodes: AtomicU64::new(0),
            expanded: AtomicU64::new(0),
            db,
            use_tt: pos.total_seeds() <= TABLE_MAX_SEEDS,
            busy: Shared::busy_table(self.threads),
            busy_min: Shared::busy_min(self.tt.bytes(), db.map_or(0, |d| d.max_seeds())),
            pass: Default::default(),
        }
    }
}

/// The values of every root move, on either kind of board.
fn analyze_from<B: Board>(
    root: B,
    margin: i32,
    shared: &Shared,
    limits: Limits,
    start: Instant,
) -> Vec<MoveValue> {
    let game = shared.game;
    let mut mvs = [0 as Mv; MAXH + 1];
    let k = root.moves(&game, &mut mvs);
    let mut out: Vec<(MoveValue, i32)> = Vec::new();
    let mut s = Searcher::new(shared);
    let steps: Vec<_> = mvs[..k].iter().map(|&m| (m, root.play(&game, m))).collect();
    for &(m, st) in &steps {
        out.push((
            MoveValue {
                mv: to_move(m),
                value: margin + st.delta,
                exact: st.over,
            },
            0,
        ));
    }
    let (max_depth, soft) = deepening(limits, start);
    let mut depth = 1;
    'deepen: while depth <= max_depth {
        let d = if limits == Limits::Exact && depth > WARMUP_DEPTH {
            INFINITE
        } else {
            depth
        };
        for (slot, &(_, st)) in out.iter_mut().zip(&steps) {
            if slot.0.exact {
                continue;
            }
            let child_depth = if d == INFINITE { d } else { d - 1 };
            let cuts0 = s.cuts;
            let Some(v) = s.mtdf(&st.child, child_depth, slot.1) else {
                break 'deepen;
            };
            slot.1 = v;
            let gain = if st.extra { st.delta + v } else { st.delta - v };
            slot.0.value = margin + gain;
            slot.0.exact = s.cuts == cuts0 || child_depth == INFINITE;
        }
        if out.iter().all(|x| x.0.exact) || soft.is_some_and(|t| Instant::now() >= t) {
            break;
        }
        if d == INFINITE {
            break;
        }
        depth += 1;
    }
    let mut out: Vec<MoveValue> = out.into_iter().map(|x| x.0).collect();
    out.sort_by_key(|mv| -mv.value);
    out
}

/// How deep iterative deepening may go, and when it should start no new iteration.
fn deepening(limits: Limits, start: Instant) -> (u32, Option<Instant>) {
    match limits {
        Limits::Depth(d) => (d.max(1), None),
        Limits::Time { soft, .. } => (INFINITE, Some(start + soft)),
        Limits::Nodes(_) | Limits::Exact => (INFINITE, None),
    }
}

/// Iterative deepening with MTD(f) at each depth. `on_iteration` hears each completed one,
/// `on_bounds` each pass of the search to the end (future gains).
fn deepen<B: Board>(
    s: &mut Searcher,
    root: &B,
    max_depth: u32,
    soft: Option<Instant>,
    exact_mode: bool,
    on_bounds: &mut dyn FnMut(i32, i32),
    on_iteration: &mut dyn FnMut(&Found),
) -> Option<Found> {
    let mut found: Option<Found> = None;
    let mut depth = 1;
    let warmup = warmup_depth(s.game(), root.in_houses(s.game()));
    // The first MTD(f) guess: each pass between it and the value is a proof of its own.
    let mut guess = if exact_mode && warmup == 0 {
        estimate(s.shared(), root).unwrap_or(0)
    } else {
        0
    };
    while depth <= max_depth {
        let d = if exact_mode && depth > warmup {
            INFINITE
        } else {
            depth
        };
        let cuts0 = s.cuts;
        let v = if d == INFINITE {
            s.mtdf_passes(root, d, guess, on_bounds)
        } else {
            s.mtdf(root, d, guess)
        };
        let Some(v) = v else {
            break;
        };
        guess = v;
        let f = Found {
            gain: v,
            exact: s.cuts == cuts0,
            depth: d,
            best: s.table_move(root),
        };
        found = Some(f);
        on_iteration(&f);
        if f.exact || d == INFINITE || soft.is_some_and(|t| Instant::now() >= t) {
            break;
        }
        depth += 1;
    }
    found
}

/// Zero-window passes at the root until its future gain is pinned down or decided against
/// the window `a < b`: (lower, upper), or `None` when stopped. The passes of a wider window
/// than a zero one start as an exact search's do (the estimate on 6 or more houses, shallow
/// deepening on fewer).
fn prove_from<B: Board>(root: &B, shared: &Shared, a: i32, b: i32) -> Option<(i32, i32)> {
    let mut s = Searcher::new(shared);
    let h = if root.pie() == kalah_rules::PieStage::Off {
        root.in_houses(&shared.game) as i32
    } else {
        2 * shared.game.total as i32
    };
    let (mut lower, mut upper) = (-h, h);
    let warmup = warmup_depth(&shared.game, root.in_houses(&shared.game));
    // A zero window has one test value: no guess to make.
    let mut guess = if b - a <= 1 {
        b
    } else if warmup == 0 {
        estimate(shared, root)?
    } else {
        let mut g = 0;
        for d in 1..=warmup {
            g = s.mtdf(root, d, g)?;
        }
        g
    };
    while lower < upper && lower < b && upper > a {
        // The test value: at the guess, within what is still open and what the window asks.
        let lo = lower.max(a) + 1;
        let hi = upper.min(b);
        let test = if guess <= lower { lower + 1 } else { guess }.clamp(lo, hi.max(lo));
        let v = s.search(root, INFINITE, test - 1, test);
        if s.aborted {
            return None;
        }
        if v < test {
            upper = v;
        } else {
            lower = v;
        }
        guess = v;
    }
    s.flush();
    Some((lower, upper))
}

/// Depth in sowings of the estimate that gives an exact search on 6 or more houses its first
/// MTD(f) guess instead of 0: a Kalah(6,5) position whose future gain is +6 took 99.5 M nodes
/// from 0 and 65.9 M from the estimate's 6 (one thread, 23-seed database); positions whose
/// value is near 0 are unchanged (docs/performance.md, session 16).
const ESTIMATE_DEPTH: u32 = 12;
/// The estimate's own table, in MiB.
const ESTIMATE_TABLE_MB: usize = 16;

/// A depth-limited estimate of the root's future gain, searched with its own small table so
/// that its table moves (worse first tries for exact proofs on 6 houses, see [`WARMUP_DEPTH`])
/// stay out of the main table. Its nodes count in the search's. `None` when stopped.
fn estimate<B: Board>(shared: &Shared, root: &B) -> Option<i32> {
    let tt = Table::new(ESTIMATE_TABLE_MB);
    let own = Shared {
        game: shared.game,
        tt: &tt,
        stop: shared.stop,
        abort: AtomicBool::new(false),
        deadline: shared.deadline,
        node_limit: shared.node_limit,
        nodes: AtomicU64::new(0),
        expanded: AtomicU64::new(0),
        db: shared.db,
        use_tt: shared.use_tt,
        busy: Vec::new(),
        busy_min: shared.busy_min,
        pass: Default::default(),
    };
    let mut s = Searcher::new(&own);
    let mut guess = 0;
    for d in 1..=ESTIMATE_DEPTH {
        guess = s.mtdf(root, d, guess)?;
    }
    s.flush();
    shared
        .nodes
        .fetch_add(own.nodes.load(Ordering::Relaxed), Ordering::Relaxed);
    shared
        .expanded
        .fetch_add(own.expanded.load(Ordering::Relaxed), Ordering::Relaxed);
    Some(guess)
}

/// Every root move whose exact value equals `gain`, the table's move first, and the table
/// counters of the searches that checked them (probes, hits, database hits). Each move is
/// its own proof, so `threads` threads take the moves one at a time (Kalah(6,5) spent a fifth
/// of its time here on one thread); a thread that finds no move left joins one still being
/// checked, sharing its work through the table, and whichever finishes first cancels the
/// other (one move's proof is often most of the work: `docs/performance.md`, session 11).
/// `None` when stopped.
fn best_moves<B: Board>(
    shared: &Shared,
    root: &B,
    gain: i32,
    first: Option<Mv>,
    threads: usize,
) -> Option<(Vec<Mv>, (u64, u64, u64))> {
    const UNKNOWN: u8 = 0;
    const BELOW: u8 = 1;
    const REACHES: u8 = 2;
    let g = shared.game;
    let mut mvs = [0 as Mv; MAXH + 1];
    let k = root.moves(&g, &mut mvs);
    let mvs = &mvs[..k];
    let next = AtomicUsize::new(0);
    let verdicts: [AtomicU8; MAXH + 1] = std::array::from_fn(|_| AtomicU8::new(UNKNOWN));
    let done: [AtomicBool; MAXH + 1] = std::array::from_fn(|_| AtomicBool::new(false));
    let counts = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads.clamp(1, k.max(1)))
            .map(|_| {
                scope.spawn(|| {
                    let mut s = Searcher::new(shared);
                    loop {
                        let taken = next.fetch_add(1, Ordering::Relaxed);
                        let i = if taken < k {
                            taken
                        } else if let Some(j) = (0..k).find(|&j| !done[j].load(Ordering::Relaxed)) {
                            j
                        } else {
                            break;
                        };
                        s.cancel = Some(&done[i]);
                        s.aborted = false;
                        match move_reaches(&mut s, root, mvs[i], gain, INFINITE) {
                            Some(r) => {
                                verdicts[i]
                                    .store(if r { REACHES } else { BELOW }, Ordering::Relaxed);
                                done[i].store(true, Ordering::Release);
                            }
                            // Another thread settled this move first.
                            None if done[i].load(Ordering::Acquire) => {}
                            None => break,
                        }
                    }
                    s.flush();
                    (s.probes, s.hits, s.db_hits)
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .fold((0, 0, 0), |a, c| (a.0 + c.0, a.1 + c.1, a.2 + c.2))
    });
    if done[..k].iter().any(|d| !d.load(Ordering::Acquire)) {
        return None;
    }
    let mut out: Vec<Mv> = (0..k)
        .filter(|&i| verdicts[i].load(Ordering::Relaxed) == REACHES)
        .map(|i| mvs[i])
        .collect();
    if let Some(f) = first.filter(|f| out.contains(f)) {
        out.retain(|&m| m != f);
        out.insert(0, f);
    }
    Some((out, counts))
}

/// True when move `m` from `node` is worth at least `gain` (future gain of `node`).
fn move_reaches<B: Board>(
    s: &mut Searcher,
    node: &B,
    m: Mv,
    gain: i32,
    depth: u32,
) -> Option<bool> {
    let g = *s.game();
    let st = node.play(&g, m);
    if st.over {
        return Some(st.delta >= gain);
    }
    let cd = if depth == INFINITE { depth } else { depth - 1 };
    if st.extra {
        s.at_least(&st.child, cd, gain - st.delta)
    } else {
        // delta - c >= gain  <=>  c <= delta - gain  <=>  !(c >= delta - gain + 1)
        s.at_least(&st.child, cd, st.delta - gain + 1).map(|b| !b)
    }
}

/// The principal variation of a completed iteration. For an exact value each move is checked
/// to keep the value; an estimate follows the table's moves.
fn principal_variation<B: Board>(s: &mut Searcher, root: &B, f: &Found) -> Vec<Mv> {
    let g = *s.game();
    let mut pv = Vec::new();
    let mut node = *root;
    let mut gain = f.gain;
    let mut depth = f.depth;
    while pv.len() < PV_MAX && depth > 0 {
        let mut mvs = [0 as Mv; MAXH + 1];
        let k = node.moves(&g, &mut mvs);
        if k == 0 {
            break;
        }
        let tm = s.table_move(&node).filter(|m| mvs[..k].contains(m));
        let chosen = if f.exact {
            let mut order: Vec<Mv> = tm.into_iter().collect();
            order.extend(mvs[..k].iter().copied().filter(|&m| Some(m) != tm));
            let mut chosen = None;
            for m in order {
                match move_reaches(s, &node, m, gain, INFINITE) {
                    Some(true) => {
                        chosen = Some(m);
                        break;
                    }
                    Some(false) => {}
                    None => return pv,
                }
            }
            chosen
        } else {
            tm
        };
        let Some(m) = chosen else {
            break;
        };
        pv.push(m);
        let st = node.play(&g, m);
        if st.over {
            break;
        }
        gain = if st.extra {
            gain - st.delta
        } else {
            st.delta - gain
        };
        node = st.child;
        if depth != INFINITE {
            depth -= 1;
        }
    }
    pv
}

#[cfg(test)]
mod tests {
    use super::*;
    use kalah_rules::{Position, Rules, Side};

    /// The plain deepening before an exact search from the start of `rules`.
    fn start_warmup(rules: &str) -> u32 {
        let rules: Rules = rules.parse().unwrap();
        let pos = Position::start(rules, Side::South);
        warmup_depth(&Game::new(rules, pos.total_seeds()), pos.total_seeds())
    }

    #[test]
    fn exact_searches_deepen_further_on_five_houses_of_many_seeds() {
        // Two sowings per five seeds in the houses on 5 houses, at least 16.
        assert_eq!(start_warmup("empty-capture houses=5 seeds=5"), 20);
        assert_eq!(start_warmup("standard houses=5 seeds=5"), 20);
        assert_eq!(start_warmup("empty-capture houses=5 seeds=6"), 24);
        assert_eq!(start_warmup("empty-capture houses=5 seeds=4"), 16);
        assert_eq!(start_warmup("standard houses=5 seeds=3"), 16);
        // The seeds left count, not those in play: 43 in the houses of a (5,6) game.
        let rules: Rules = "empty-capture houses=5 seeds=6".parse().unwrap();
        assert_eq!(warmup_depth(&Game::new(rules, 60), 43), 17);
        // Fewer houses keep 16 whatever the seeds; 6 and more deepen not at all.
        assert_eq!(start_warmup("empty-capture houses=4 seeds=6"), 16);
        assert_eq!(start_warmup("standard houses=3 seeds=8"), 16);
        assert_eq!(start_warmup("standard houses=6 seeds=4"), 0);
        assert_eq!(start_warmup("empty-capture houses=6 seeds=6"), 0);
    }
}
