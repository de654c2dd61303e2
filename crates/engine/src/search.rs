//! Search: iterative-deepening alpha-beta; exact when every line reached the end of the game.

use kalah_rules::{Move, Position};
use std::sync::atomic::{AtomicBool, Ordering};
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

/// Receives progress; the search itself never prints.
pub trait Reporter {
    fn iteration(&mut self, _info: &SearchInfo) {}
}

/// A reporter that ignores everything.
pub struct NoReport;
impl Reporter for NoReport {}

/// The answer of a search.
#[derive(Debug, Clone)]
pub struct SearchResult {
    /// The best move (`None` when the game is over).
    pub best: Option<Move>,
    /// Every move with the best value, when the value is exact; else just `best`.
    pub best_moves: Vec<Move>,
    /// Final margin for the player to move (an estimate unless `exact`).
    pub value: i32,
    pub exact: bool,
    pub depth: u32,
    pub pv: Vec<Move>,
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

/// A search engine. Keep one per game or thread to reuse its tables.
pub struct Engine {
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    aborted: bool,
    /// Set when some line was cut by depth, so the value is only an estimate.
    estimated: bool,
}

/// True when after `m` from `before` the same player moves again.
fn same_player(before: &Position, m: Move, after: &Position) -> bool {
    m != Move::Swap && before.to_move() == after.to_move()
}

/// Store margin for the side to move, final when the game is over.
fn margin(pos: &Position) -> i32 {
    let me = pos.to_move();
    match pos.outcome() {
        Some(o) => o.scores[me] as i32 - o.scores[me.opponent()] as i32,
        None => pos.store(me) as i32 - pos.store(me.opponent()) as i32,
    }
}

impl Engine {
    /// A new engine with a transposition table of about `table_mb` MiB.
    pub fn new(_table_mb: usize) -> Engine {
        Engine {
            nodes: 0,
            node_limit: u64::MAX,
            deadline: None,
            aborted: false,
            estimated: false,
        }
    }

    /// Searches `pos` within `limits`. Stops early when `stop` becomes true and returns the
    /// best move found so far.
    pub fn search(
        &mut self,
        pos: &Position,
        limits: Limits,
        stop: &AtomicBool,
        reporter: &mut dyn Reporter,
    ) -> SearchResult {
        let start = Instant::now();
        self.nodes = 0;
        self.aborted = false;
        let (max_depth, soft) = match limits {
            Limits::Depth(d) => (d.max(1), None),
            Limits::Nodes(n) => {
                self.node_limit = n;
                (u32::MAX, None)
            }
            Limits::Time { soft, hard } => {
                self.deadline = Some(start + hard);
                (u32::MAX, Some(soft))
            }
            Limits::Exact => (u32::MAX, None),
        };
        let moves = pos.legal_moves();
        let mut result = SearchResult {
            best: moves.first().copied(),
            best_moves: moves.first().copied().into_iter().collect(),
            value: margin(pos),
            exact: moves.is_empty(),
            depth: 0,
            pv: Vec::new(),
            nodes: 0,
            elapsed: Duration::ZERO,
        };
        if moves.is_empty() {
            return result;
        }
        let mut depth = 1;
        while depth <= max_depth {
            self.estimated = false;
            let mut best = i32::MIN;
            let mut best_moves = Vec::new();
            for &m in moves.iter() {
                let v = self.child_value(pos, m, depth - 1, -i32::MAX, i32::MAX, stop);
                if self.aborted {
                    break;
                }
                if v > best {
                    best = v;
                    best_moves.clear();
                }
                if v == best {
                    best_moves.push(m);
                }
            }
            if self.aborted {
                break;
            }
            result.best = best_moves.first().copied();
            result.value = best;
            result.exact = !self.estimated;
            result.depth = depth;
            result.pv = result.best.into_iter().collect();
            result.best_moves = if result.exact {
                best_moves
            } else {
                result.best.into_iter().collect()
            };
            reporter.iteration(&SearchInfo {
                depth,
                value: best,
                exact: result.exact,
                nodes: self.nodes,
                elapsed: start.elapsed(),
                pv: result.pv.clone(),
            });
            if result.exact || soft.is_some_and(|s| start.elapsed() >= s) {
                break;
            }
            depth += 1;
        }
        self.deadline = None;
        self.node_limit = u64::MAX;
        result.nodes = self.nodes;
        result.elapsed = start.elapsed();
        result
    }

    /// The value of every legal move, best first.
    pub fn analyze(&mut self, pos: &Position, limits: Limits, stop: &AtomicBool) -> Vec<MoveValue> {
        let mut out = Vec::new();
        for &m in pos.legal_moves().iter() {
            let mut child = *pos;
            child.play_unchecked(m);
            let r = self.search(&child, limits, stop, &mut NoReport);
            let value = if same_player(pos, m, &child) {
                r.value
            } else {
                -r.value
            };
            out.push(MoveValue {
                mv: m,
                value,
                exact: r.exact,
            });
        }
        out.sort_by_key(|mv| -mv.value);
        out
    }

    fn child_value(
        &mut self,
        pos: &Position,
        m: Move,
        depth: u32,
        alpha: i32,
        beta: i32,
        stop: &AtomicBool,
    ) -> i32 {
        let mut child = *pos;
        child.play_unchecked(m);
        if same_player(pos, m, &child) {
            self.negamax(&child, depth, alpha, beta, stop)
        } else {
            -self.negamax(&child, depth, -beta, -alpha, stop)
        }
    }

    fn negamax(
        &mut self,
        pos: &Position,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        stop: &AtomicBool,
    ) -> i32 {
        self.nodes += 1;
        if self.nodes & 4095 == 0
            && (stop.load(Ordering::Relaxed)
                || self.nodes >= self.node_limit
                || self.deadline.is_some_and(|d| Instant::now() >= d))
        {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return margin(pos);
        }
        if depth == 0 {
            self.estimated = true;
            return margin(pos);
        }
        let mut best = -i32::MAX;
        for &m in moves.iter() {
            let v = self.child_value(pos, m, depth - 1, alpha, beta, stop);
            if v > best {
                best = v;
            }
            if v > alpha {
                alpha = v;
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }
}
