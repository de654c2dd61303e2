//! The tree of a distributed solve, sans-IO: split a position into leaves, learn bounds of
//! positions, combine them up the tree (negamax over bounds: a move that keeps the turn
//! keeps the sign), and say which leaves are still wanted and with which window.
//!
//! The windows are alpha-beta's: the root wants its exact value; a child of a node whose
//! window is (`alpha`, `beta`) and whose best proven lower bound so far is `lower` wants the
//! window (`max(alpha, lower)`, `beta`), negated when the move passes the turn. A node is
//! decided when its bounds meet or fall outside its window; the leaves under a decided node
//! are wanted no more, which is how a cut-off reaches the workers. A node's younger children
//! are wanted only once its eldest is decided (young brothers wait), so that the eldest's
//! bound narrows their windows or cuts them off; put the likely best move first with
//! [`Tree::order_children`].

use kalah_rules::{Move, PieStage, Position, Side};
use std::collections::HashMap;

/// Wider than any margin: the window of a position whose exact value is wanted.
pub const INF: i32 = 1_000_000;

/// What is proven of a position's value (final margin for the player to move): it lies in
/// `lower..=upper`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Bounds {
    pub lower: i32,
    pub upper: i32,
}

impl Bounds {
    /// The exact value `v`.
    pub fn exact(v: i32) -> Bounds {
        Bounds { lower: v, upper: v }
    }

    /// What a position says of itself: its final margin when the game is over, else its store
    /// difference give or take every seed still in the houses.
    pub fn of(pos: &Position) -> Bounds {
        let me = pos.to_move();
        if let Some(o) = pos.outcome() {
            return Bounds::exact(o.scores[me] as i32 - o.scores[me.opponent()] as i32);
        }
        let d = pos.store(me) as i32 - pos.store(me.opponent()) as i32;
        let r = (pos.seeds_in_houses(Side::South) + pos.seeds_in_houses(Side::North)) as i32;
        Bounds {
            lower: d - r,
            upper: d + r,
        }
    }

    /// Both facts at once.
    pub fn meet(self, other: Bounds) -> Bounds {
        Bounds {
            lower: self.lower.max(other.lower),
            upper: self.upper.min(other.upper),
        }
    }

    /// The bounds for the other player.
    pub fn flip(self) -> Bounds {
        Bounds {
            lower: -self.upper,
            upper: -self.lower,
        }
    }

    pub fn is_exact(self) -> bool {
        self.lower >= self.upper
    }

    /// True when these bounds answer what the window asks: the exact value, or a value at
    /// most `alpha`, or at least `beta`.
    pub fn decides(self, w: Window) -> bool {
        self.is_exact() || self.upper <= w.alpha || self.lower >= w.beta
    }
}

/// Which values of a position matter: those strictly between `alpha` and `beta`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Window {
    pub alpha: i32,
    pub beta: i32,
}

impl Window {
    /// Every value matters: the exact value is wanted.
    pub const FULL: Window = Window {
        alpha: -INF,
        beta: INF,
    };

    /// The window as the other player sees it.
    pub fn flip(self) -> Window {
        Window {
            alpha: -self.beta,
            beta: -self.alpha,
        }
    }

    /// The smallest window that asks what both ask.
    pub fn union(self, other: Window) -> Window {
        Window {
            alpha: self.alpha.min(other.alpha),
            beta: self.beta.max(other.beta),
        }
    }

    /// True when an answer to `self` also answers `other`.
    pub fn covers(self, other: Window) -> bool {
        self.alpha <= other.alpha && self.beta >= other.beta
    }
}

/// How far to split: breadth first, a level of sowings at a time, until there are at least
/// `leaves` leaves or the tree is `depth` sowings deep.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Split {
    pub depth: u32,
    pub leaves: usize,
}

/// A leaf position still to prove, with the window its place needs; lower `priority` first
/// (the order of a depth-first search, so that early answers narrow later windows). With
/// `entry`, its exact value and every best move are wanted (a book's entry: the window is
/// then [`Window::FULL`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Wanted {
    pub position: Position,
    pub window: Window,
    pub priority: u32,
    pub entry: bool,
}

#[derive(Debug, Clone)]
struct Node {
    pos: Position,
    /// The move into this node from its parent (`None` at the root).
    mv: Option<Move>,
    /// True when the move into this node passed the turn (its value is negated at the parent).
    flip: bool,
    children: Vec<usize>,
    /// What is known of the position itself (its own bounds and what was learnt of it).
    known: Bounds,
    /// `known` with what its children prove.
    bounds: Bounds,
    /// Depth-first order of the node.
    order: u32,
}

/// The tree of one solve.
#[derive(Debug, Clone)]
pub struct Tree {
    /// Breadth first: every child comes after its parent.
    nodes: Vec<Node>,
    at: HashMap<Position, Vec<usize>>,
}

impl Tree {
    /// Splits `root` as `split` says. The pie rule's `swap` is not split (refused).
    pub fn new(root: Position, split: Split) -> Result<Tree, String> {
        if root.pie_stage() != PieStage::Off {
            return Err(
                "a distributed solve does not split positions under the pie rule's swap; \
                        solve the positions after the first turn instead"
                    .into(),
            );
        }
        let mut tree = Tree {
            nodes: vec![Tree::node(root, None, false)],
            at: HashMap::new(),
        };
        let mut frontier = vec![0];
        let mut leaves = 1;
        let mut depth = 0;
        while depth < split.depth && leaves < split.leaves && !frontier.is_empty() {
            let mut next = Vec::new();
            for &n in &frontier {
                if leaves >= split.leaves {
                    break;
                }
                let pos = tree.nodes[n].pos;
                if pos.is_over() {
                    continue;
                }
                let moves = pos.legal_moves();
                for &m in moves.iter() {
                    let mut child = pos;
                    child.play_unchecked(m);
                    let i = tree.nodes.len();
                    tree.nodes
                        .push(Tree::node(child, Some(m), child.to_move() != pos.to_move()));
                    tree.nodes[n].children.push(i);
                    next.push(i);
                }
                leaves += moves.len().saturating_sub(1);
            }
            frontier = next;
            depth += 1;
        }
        for (i, n) in tree.nodes.iter().enumerate() {
            tree.at.entry(n.pos).or_default().push(i);
        }
        tree.number();
        tree.update();
        Ok(tree)
    }

    /// Depth-first order, for the jobs' priorities.
    fn number(&mut self) {
        let mut stack = vec![0];
        let mut k = 0;
        while let Some(n) = stack.pop() {
            self.nodes[n].order = k;
            k += 1;
            stack.extend(self.nodes[n].children.iter().rev());
        }
    }

    /// Splits the first leaf (the end of the line of first moves, the likely principal
    /// variation, whose proof the young brothers wait for) `levels` sowings further, so that
    /// its proof is shared out too. Answers the leaves added.
    pub fn deepen_first(&mut self, levels: u32) -> usize {
        let mut n = 0;
        while let Some(&c) = self.nodes[n].children.first() {
            n = c;
        }
        let mut frontier = vec![n];
        let mut added = 0;
        for _ in 0..levels {
            let mut next = Vec::new();
            for &n in &frontier {
                let pos = self.nodes[n].pos;
                if pos.is_over() || self.nodes[n].known.is_exact() {
                    continue;
                }
                for &m in pos.legal_moves().iter() {
                    let mut child = pos;
                    child.play_unchecked(m);
                    let i = self.nodes.len();
                    self.nodes
                        .push(Tree::node(child, Some(m), child.to_move() != pos.to_move()));
                    self.nodes[n].children.push(i);
                    self.at.entry(child).or_default().push(i);
                    next.push(i);
                    added += 1;
                }
            }
            frontier = next;
        }
        self.number();
        self.update();
        added
    }

    /// Puts every node's children best first by `estimate` (of a position's value for its
    /// player to move; e.g. a shallow search), as alpha-beta wants them: the first child
    /// is proven before its brothers ([`Tree::wanted_within`]) and its bound narrows their
    /// windows.
    pub fn order_children(&mut self, estimate: &mut dyn FnMut(&Position) -> i32) {
        let all: Vec<usize> = (0..self.nodes.len()).collect();
        self.order_children_of(&all, estimate);
    }

    /// [`Tree::order_children`] for the children of these nodes only (those a split just
    /// made), so that the rest of the tree is not estimated again.
    fn order_children_of(&mut self, nodes: &[usize], estimate: &mut dyn FnMut(&Position) -> i32) {
        let mut cache: HashMap<Position, i32> = HashMap::new();
        for &i in nodes {
            if self.nodes[i].children.is_empty() {
                continue;
            }
            let mut keyed: Vec<(i32, usize)> = self.nodes[i]
                .children
                .iter()
                .map(|&c| {
                    let n = &self.nodes[c];
                    let v = *cache.entry(n.pos).or_insert_with(|| estimate(&n.pos));
                    (if n.flip { v } else { -v }, c)
                })
                .collect();
            // Lowest first for the opponent's value is best first for the mover; stable.
            keyed.sort_by_key(|&(v, _)| v);
            self.nodes[i].children = keyed.into_iter().map(|(_, c)| c).collect();
        }
        self.number();
    }

    /// Splits every leaf holding `pos` one sowing further (a job that proves long, so that
    /// its children are shared out), its children best first by `estimate` (a constant keeps
    /// the order of the moves). Answers the children added: none when `pos` is no leaf of
    /// the tree, is over, or is already decided.
    pub fn split_leaf(
        &mut self,
        pos: &Position,
        estimate: &mut dyn FnMut(&Position) -> i32,
    ) -> usize {
        let Some(at) = self.at.get(pos).cloned() else {
            return 0;
        };
        let mut split = Vec::new();
        let mut added = 0;
        for n in at {
            let node = &self.nodes[n];
            if !node.children.is_empty() || node.pos.is_over() || node.known.is_exact() {
                continue;
            }
            for &m in node.pos.legal_moves().iter() {
                let mut child = *pos;
                child.play_unchecked(m);
                let i = self.nodes.len();
                self.nodes
                    .push(Tree::node(child, Some(m), child.to_move() != pos.to_move()));
                self.nodes[n].children.push(i);
                self.at.entry(child).or_default().push(i);
                added += 1;
            }
            split.push(n);
        }
        if added == 0 {
            return 0;
        }
        self.order_children_of(&split, estimate);
        self.update();
        added
    }

    /// The first child (the likely best move's) of `pos` where it is split.
    pub fn eldest_child(&self, pos: &Position) -> Option<Position> {
        self.at.get(pos)?.iter().find_map(|&i| {
            let c = *self.nodes[i].children.first()?;
            Some(self.nodes[c].pos)
        })
    }

    /// True when `pos` is a leaf of the tree (somewhere).
    pub fn is_leaf(&self, pos: &Position) -> bool {
        self.at
            .get(pos)
            .is_some_and(|at| at.iter().any(|&i| self.nodes[i].children.is_empty()))
    }

    /// True when the root is split at all.
    pub fn is_split(&self) -> bool {
        !self.nodes[0].children.is_empty()
    }

    /// The root's moves with what is proven of each, from the root's mover's side (a move
    /// that passes the turn has its child's bounds negated).
    pub fn root_moves(&self) -> Vec<(Move, Bounds)> {
        self.nodes[0]
            .children
            .iter()
            .filter_map(|&c| {
                let n = &self.nodes[c];
                let b = if n.flip { n.bounds.flip() } else { n.bounds };
                Some((n.mv?, b))
            })
            .collect()
    }

    /// The leaves still to prove for the best moves of a root whose exact value is `value`:
    /// for every root move not yet known to reach it or to fall short, whether it reaches it
    /// (a zero window below the move's child). Empty once every move is decided.
    pub fn best_moves_wanted(&self, value: i32) -> Vec<Wanted> {
        let w = Window {
            alpha: value - 1,
            beta: value,
        };
        let mut out: HashMap<Position, Wanted> = HashMap::new();
        for &c in &self.nodes[0].children {
            let n = &self.nodes[c];
            let cw = if n.flip { w.flip() } else { w };
            self.collect_wanted(c, cw, &mut out);
        }
        Tree::sorted(out)
    }

    /// The best moves of a root whose exact value is `value`, once [`Tree::best_moves_wanted`]
    /// is empty: the moves whose proven value reaches it.
    pub fn best_moves(&self, value: i32) -> Vec<Move> {
        let mut best: Vec<Move> = self
            .root_moves()
            .into_iter()
            .filter(|(_, b)| b.lower >= value)
            .map(|(m, _)| m)
            .collect();
        best.sort();
        best
    }

    fn node(pos: Position, mv: Option<Move>, flip: bool) -> Node {
        let b = Bounds::of(&pos);
        Node {
            pos,
            mv,
            flip,
            children: Vec::new(),
            known: b,
            bounds: b,
            order: 0,
        }
    }

    /// The root position.
    pub fn root(&self) -> Position {
        self.nodes[0].pos
    }

    /// Nodes in the tree.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        false
    }

    /// The leaves (positions split no further), each once.
    pub fn leaves(&self) -> Vec<Position> {
        let mut seen = std::collections::HashSet::new();
        self.nodes
            .iter()
            .filter(|n| n.children.is_empty() && seen.insert(n.pos))
            .map(|n| n.pos)
            .collect()
    }

    /// Every position in the tree, each once.
    pub fn positions(&self) -> Vec<Position> {
        self.at.keys().copied().collect()
    }

    /// Learns bounds of a position (wherever it is in the tree) and combines them upwards.
    /// Answers true when the tree holds the position.
    pub fn learn(&mut self, pos: &Position, b: Bounds) -> bool {
        let Some(at) = self.at.get(pos) else {
            return false;
        };
        for &i in at {
            self.nodes[i].known = self.nodes[i].known.meet(b);
        }
        self.update();
        true
    }

    /// Recombines every node's bounds from its children, deepest first.
    fn update(&mut self) {
        for i in (0..self.nodes.len()).rev() {
            let n = &self.nodes[i];
            if n.children.is_empty() {
                self.nodes[i].bounds = n.known;
                continue;
            }
            let mut best = Bounds {
                lower: -INF,
                upper: -INF,
            };
            for &c in &n.children {
                let child = &self.nodes[c];
                let b = if child.flip {
                    child.bounds.flip()
                } else {
                    child.bounds
                };
                best.lower = best.lower.max(b.lower);
                best.upper = best.upper.max(b.upper);
            }
            self.nodes[i].bounds = n.known.meet(best);
        }
    }

    /// What is proven of the root.
    pub fn root_bounds(&self) -> Bounds {
        self.nodes[0].bounds
    }

    /// The root's exact value, once proven.
    pub fn value(&self) -> Option<i32> {
        let b = self.root_bounds();
        b.is_exact().then_some(b.lower)
    }

    /// The leaves still to prove for the root's exact value: [`Tree::wanted_within`] the
    /// full window.
    pub fn wanted(&self) -> Vec<Wanted> {
        self.wanted_within(Window::FULL)
    }

    /// The leaves still to prove to decide the root's value against `root`: under no decided
    /// node, not decided themselves, each position once with the union of the windows its
    /// places need. A zero window (`t - 1`, `t`) asks only whether the value is at least `t`,
    /// as a pass of MTD(f) does ([`Mtdf`]); its leaves get zero windows too.
    pub fn wanted_within(&self, root: Window) -> Vec<Wanted> {
        let mut out: HashMap<Position, Wanted> = HashMap::new();
        self.collect_wanted(0, root, &mut out);
        Tree::sorted(out)
    }

    fn sorted(out: HashMap<Position, Wanted>) -> Vec<Wanted> {
        let mut v: Vec<Wanted> = out.into_values().collect();
        v.sort_by_key(|w| w.priority);
        v
    }

    /// The wanted leaves under node `from` for its window `window`, into `out`.
    fn collect_wanted(&self, from: usize, window: Window, out: &mut HashMap<Position, Wanted>) {
        let mut stack = vec![(from, window)];
        while let Some((i, w)) = stack.pop() {
            let n = &self.nodes[i];
            if n.bounds.decides(w) {
                continue;
            }
            if n.children.is_empty() {
                out.entry(n.pos)
                    .and_modify(|x| {
                        x.window = x.window.union(w);
                        x.priority = x.priority.min(n.order);
                    })
                    .or_insert(Wanted {
                        position: n.pos,
                        window: w,
                        priority: n.order,
                        entry: false,
                    });
                continue;
            }
            let own = Window {
                alpha: w.alpha.max(n.bounds.lower),
                beta: w.beta,
            };
            // The eldest brother first (young brothers wait): until the first child is
            // decided, its brothers are not wanted, since its bound may cut them off or
            // narrow their windows.
            let window_of = |c: usize| {
                if self.nodes[c].flip {
                    own.flip()
                } else {
                    own
                }
            };
            let eldest = n.children[0];
            if !self.nodes[eldest].bounds.decides(window_of(eldest)) {
                stack.push((eldest, window_of(eldest)));
                continue;
            }
            for &c in n.children.iter().skip(1) {
                stack.push((c, window_of(c)));
            }
        }
    }

    /// The positions inside the tree (not leaves) whose bounds its leaves narrowed: facts to
    /// keep in the table of solved positions.
    pub fn proven(&self) -> Vec<(Position, Bounds)> {
        let mut out: HashMap<Position, Bounds> = HashMap::new();
        for n in &self.nodes {
            if !n.children.is_empty() && n.bounds != Bounds::of(&n.pos) {
                let b = out.get(&n.pos).map_or(n.bounds, |b| b.meet(n.bounds));
                out.insert(n.pos, b);
            }
        }
        out.into_iter().collect()
    }
}

/// The root's passes as MTD(f) makes them: each asks whether the value is at least a test
/// value, starting from a guess and moving to each bound the last pass proved, until the
/// bounds meet. Proving bounds with zero windows costs far less than exact values with wide
/// ones, which is why a distributed solve goes this way (as the solver does on one machine).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mtdf {
    guess: i32,
}

impl Mtdf {
    /// Passes starting from `guess` (an estimate of the root's value).
    pub fn new(guess: i32) -> Mtdf {
        Mtdf { guess }
    }

    /// The window of the pass to make now, given what is proven of the root; `None` once the
    /// value is exact. A pass that its bounds decided moves the guess to the bound it proved.
    pub fn window(&mut self, b: Bounds) -> Option<Window> {
        if b.is_exact() {
            return None;
        }
        if self.guess <= b.lower {
            self.guess = b.lower;
        } else if self.guess > b.upper {
            self.guess = b.upper;
        }
        let t = if self.guess <= b.lower {
            b.lower + 1
        } else {
            self.guess
        };
        Some(Window {
            alpha: t - 1,
            beta: t,
        })
    }
}

#[cfg(test)]
mod tests;
