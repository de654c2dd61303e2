//! The recursive search: fail-soft negamax alpha-beta over the future gain of a node.
//!
//! The value of a node is its *future gain*: the final margin for the side to move minus its
//! store margin now. Without the early-end rule it depends on the houses alone (and the pie
//! stage), so the table is keyed on them and many transpositions that differ only in how the
//! stores were filled share one entry. With early end the stores decide when the game ends,
//! so the mover's store joins the key.

use crate::board::{Game, Mv, Node, MAXH, SWAP};
use crate::endgame::Endgame;
use crate::tt::{Hit, Table, NO_MOVE, PROVEN};
use kalah_rules::PieStage;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

/// Depth meaning "search to the end of the game".
pub(crate) const INFINITE: u32 = u32::MAX;

/// Nodes with at least this many seeds in the houses try enhanced transposition cutoffs.
const ETC_MIN_SEEDS: u32 = 16;

/// The largest future gain either way. The seeds in the stores stay there, so the gain is
/// within the seeds in the houses; before the pie decision `swap` can also trade the stores.
#[inline]
fn bound(g: &Game, node: &Node) -> i32 {
    let h = node.in_houses(g) as i32;
    if node.pie == PieStage::Off {
        h
    } else {
        2 * g.total as i32
    }
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
    pub db: Option<&'a dyn Endgame>,
    /// False when values may not fit the table's 16-bit bounds.
    pub use_tt: bool,
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
    /// Varies the move order between threads.
    salt: u32,
    unreported: u64,
}

const BATCH: u64 = 1024;

impl<'a> Searcher<'a> {
    pub fn new(s: &'a Shared<'a>, salt: u32) -> Searcher<'a> {
        Searcher {
            s,
            nodes: 0,
            cuts: 0,
            aborted: false,
            probes: 0,
            hits: 0,
            db_hits: 0,
            salt,
            unreported: 0,
        }
    }

    pub fn game(&self) -> &Game {
        &self.s.game
    }

    /// The table key of a node.
    #[inline]
    pub fn key(&self, node: &Node) -> u64 {
        let g = &self.s.game;
        let mut h: u64 = g.salt ^ node.pie as u64;
        if g.early_end || node.pie != PieStage::Off {
            // The stores decide the end (early end) or the value of `swap`.
            h = (h ^ (node.store_me as u64) << 16 ^ (node.store_opp as u64) << 32)
                .wrapping_mul(0x9e37_79b9_7f4a_7c15);
            h ^= h >> 29;
        }
        for half in [&node.me, &node.opp] {
            for c in half[..g.n].chunks(4) {
                let mut w = 0u64;
                for (i, &x) in c.iter().enumerate() {
                    w |= (x as u64) << (16 * i);
                }
                h = (h ^ w).wrapping_mul(0x9e37_79b9_7f4a_7c15);
                h ^= h >> 29;
            }
        }
        h = (h ^ (h >> 32)).wrapping_mul(0xd6e8_feb8_6659_fd93);
        h ^ (h >> 32)
    }

    fn check_limits(&mut self) {
        let s = self.s;
        let total = s.nodes.fetch_add(self.unreported, Ordering::Relaxed) + self.unreported;
        self.unreported = 0;
        if s.stop.load(Ordering::Relaxed)
            || s.abort.load(Ordering::Relaxed)
            || total >= s.node_limit
            || s.deadline.is_some_and(|d| Instant::now() >= d)
        {
            self.aborted = true;
            s.abort.store(true, Ordering::Relaxed);
        }
    }

    /// Reports the last nodes to the shared counter.
    pub fn flush(&mut self) {
        self.s.nodes.fetch_add(self.unreported, Ordering::Relaxed);
        self.unreported = 0;
    }

    /// A guess of the future gain at a depth-limited leaf.
    /// (Seed-difference guesses were tried: they made the exact solves of Kalah(6,3) larger.)
    #[inline]
    fn eval(&self, _node: &Node) -> i32 {
        0
    }

    /// How promising a move looks before it is played (higher first).
    #[inline]
    fn order_score(&self, node: &Node, m: Mv, tt_mv: u8) -> i32 {
        if m == tt_mv {
            return 1 << 24;
        }
        if m == SWAP {
            return 1 << 12;
        }
        let g = &self.s.game;
        let n = g.n;
        let i = m as usize;
        let seeds = node.me[i] as usize;
        let twist = i as i32;
        if seeds < 2 * n + 1 {
            let last = i + seeds;
            if last == n {
                return (1 << 20) + twist;
            }
            if last < n && node.me[last] == 0 {
                let taken = node.opp[n - 1 - last] as i32;
                return (1 << 14) + 16 * taken + twist;
            }
        }
        // Helper threads try the plain moves in a rotated order, so that they fill the table
        // with other subtrees than the main thread. (Reversing every order made two threads
        // search four times the nodes of one on Kalah(6,3).)
        ((i + self.salt as usize) % n) as i32
    }

    /// The future gain of `node` searched `depth` sowings deep, fail-soft: a result at most
    /// `alpha` is an upper bound, at least `beta` a lower bound.
    pub fn search(&mut self, node: &Node, depth: u32, alpha: i32, beta: i32) -> i32 {
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
        if let Some(db) = self.s.db {
            if node.pie == PieStage::Off && !g.early_end && h as u32 <= db.max_seeds() {
                if let Some(v) = db.probe(&node.me[..g.n], &node.opp[..g.n]) {
                    self.db_hits += 1;
                    return v;
                }
            }
        }
        if depth == 0 {
            self.cuts += 1;
            return self.eval(node).clamp(-h, h);
        }
        let use_tt = self.s.use_tt;
        let key = if use_tt { self.key(node) } else { 0 };
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
                            let t = plain(&g, node);
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

        let mut mvs = [0 as Mv; MAXH + 1];
        let k = node.moves(&g, &mut mvs);
        let cuts0 = self.cuts;
        let nodes0 = self.nodes;
        let child_depth = if depth == INFINITE { depth } else { depth - 1 };

        if use_tt && h as u32 >= ETC_MIN_SEEDS {
            if let Some(v) = self.etc(node, &mvs[..k], child_depth, beta) {
                return v;
            }
        }

        let mut scored = [(0i32, 0 as Mv); MAXH + 1];
        for (slot, &m) in scored.iter_mut().zip(&mvs[..k]) {
            *slot = (self.order_score(node, m, tt_mv), m);
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
        for &(_, m) in scored.iter() {
            let st = node.play(&g, m);
            let v = if st.over {
                st.delta
            } else if st.extra {
                st.delta + self.search(&st.child, child_depth, a - st.delta, beta - st.delta)
            } else {
                st.delta - self.search(&st.child, child_depth, st.delta - beta, st.delta - a)
            };
            if self.aborted {
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
        }
        let best = best.clamp(-h, h);
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
                let v = plain(&g, node);
                assert!(
                    lower <= v && v <= upper,
                    "node {node:?} bounds {lower}..{upper} true {v} window {alpha},{beta} best {best}"
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

    /// Enhanced transposition cutoff: a child whose table bound already proves this node
    /// reaches `beta` ends the node before any subtree is searched.
    fn etc(&mut self, node: &Node, mvs: &[Mv], child_depth: u32, beta: i32) -> Option<i32> {
        let g = self.s.game;
        // (key, delta, extra, over) of each child; the buckets are fetched all at once.
        let mut kids = [(0u64, 0i32, false, false); MAXH + 1];
        for (kid, &m) in kids.iter_mut().zip(mvs) {
            let st = node.play(&g, m);
            let key = if st.over { 0 } else { self.key(&st.child) };
            if !st.over {
                self.s.tt.prefetch(key);
            }
            *kid = (key, st.delta, st.extra, st.over);
        }
        for &(key, delta, extra, over) in &kids[..mvs.len()] {
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
                return Some(bound);
            }
        }
        None
    }

    /// MTD(f): zero-window searches around `guess` until the value is pinned down. Returns
    /// the value, or `None` when stopped.
    pub fn mtdf(&mut self, node: &Node, depth: u32, guess: i32) -> Option<i32> {
        let h = bound(&self.s.game, node);
        let (mut lower, mut upper) = (-h, h);
        let mut g = guess.clamp(-h, h);
        while lower < upper {
            let beta = if g == lower { g + 1 } else { g };
            g = self.search(node, depth, beta - 1, beta);
            if self.aborted {
                return None;
            }
            if g < beta {
                upper = g;
            } else {
                lower = g;
            }
        }
        Some(g)
    }

    /// True when the value of `node` is at least `v`, or `None` when stopped.
    pub fn at_least(&mut self, node: &Node, depth: u32, v: i32) -> Option<bool> {
        let r = self.search(node, depth, v - 1, v);
        (!self.aborted).then_some(r >= v)
    }

    /// The table's best move for a node, if any.
    pub fn table_move(&self, node: &Node) -> Option<Mv> {
        let hit = self.s.tt.probe(self.key(node))?;
        (hit.mv != NO_MOVE).then_some(hit.mv)
    }
}

/// Plain negamax of the future gain, for checking stored bounds in tests.
#[cfg(test)]
fn plain(g: &Game, node: &Node) -> i32 {
    let mut mvs = [0 as Mv; MAXH + 1];
    let k = node.moves(g, &mut mvs);
    let mut best = i32::MIN;
    for &m in &mvs[..k] {
        let st = node.play(g, m);
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
            db: None,
            use_tt: true,
        };
        let s = Searcher::new(&shared, 0);
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
            db: None,
            use_tt: true,
        };
        let mut s = Searcher::new(&shared, 0);
        let root = Node::from_position(&pos);
        for d in 1..8 {
            s.mtdf(&root, d, 0);
        }
        assert_eq!(s.mtdf(&root, INFINITE, 0), Some(plain(&shared.game, &root)));
    }
}
