//! The search's own board: the side to move is always "me", so positions that differ only
//! by which seat moves share one table entry, and sowing needs no side lookups.

use kalah_rules::{CaptureRule, EndRule, Move, PieStage, Position, Rules, SweepRule};

/// Most houses per side.
pub(crate) const MAXH: usize = kalah_rules::MAX_HOUSES;

/// The rules in the shape the search needs them.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Game {
    pub n: usize,
    pub capture: CaptureRule,
    pub end: EndRule,
    pub sweep: SweepRule,
    pub early_end: bool,
    pub both_stores: bool,
    /// All seeds in the game, stores included.
    pub total: u32,
    /// Pits one lap of sowing visits.
    pub cycle: usize,
    /// Every seed left in the houses ends in a store (any sweep but none), so a future gain
    /// has the parity of the seeds in the houses.
    pub parity: bool,
    /// The lane layout of [`crate::packed::Packed`].
    pub lanes: crate::packed::Lanes,
    /// Mixed into every table key, so one table can serve searches under other rules.
    pub salt: u64,
}

impl Game {
    pub fn new(rules: Rules, total: u32) -> Game {
        let n = rules.houses();
        let r = rules.setup();
        // Seeds in all matter only when the stores decide the end.
        let seeds = if r.early_end { total } else { 0 };
        let salt = [
            n as u64,
            r.capture as u64,
            r.end as u64,
            r.sweep as u64,
            r.early_end as u64,
            r.both_stores as u64,
            seeds as u64,
        ]
        .iter()
        .fold(0x6a09_e667_f3bc_c908u64, |h, &x| {
            (h ^ x).wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(27)
        });
        Game {
            salt,
            n,
            capture: rules.capture(),
            end: rules.end(),
            sweep: rules.sweep(),
            early_end: rules.early_end(),
            both_stores: rules.both_stores(),
            total,
            lanes: crate::packed::Lanes::new(n),
            parity: rules.sweep() != SweepRule::None,
            cycle: if rules.both_stores() {
                2 * n + 2
            } else {
                2 * n + 1
            },
        }
    }
}

/// What the search needs of a position seen from the side to move. [`Node`] handles every
/// rule and board; [`crate::packed::Packed`] is a faster form for the common small boards.
pub(crate) trait Board: Copy + std::fmt::Debug + Send + Sync {
    fn from_node(node: &Node, g: &Game) -> Self;
    /// The generic node of this position (stores empty unless the board keeps them), for
    /// the checks in tests.
    #[cfg(test)]
    fn to_node(&self, g: &Game) -> Node;
    fn in_houses(&self, g: &Game) -> u32;
    fn pie(&self) -> PieStage;
    /// The legal moves in house order (then `swap`); the position must not be over.
    fn moves(&self, g: &Game, out: &mut [Mv; MAXH + 1]) -> usize;
    fn play(&self, g: &Game, m: Mv) -> Step<Self>;
    /// The transposition-table key.
    fn key(&self, g: &Game) -> u64;
    /// The endgame database's exact future gain, when it covers the position.
    fn probe(&self, g: &Game, db: &dyn crate::endgame::Endgame) -> Option<i32>;
    /// The database's bounds (lower, upper) on the future gain: equal where it is exact.
    fn probe_bounds(&self, g: &Game, db: &dyn crate::endgame::Endgame) -> Option<(i32, i32)>;
    /// Starts loading what [`Board::probe`] will read (a hint; some boards do nothing).
    fn prefetch_probe(&self, _g: &Game, _db: &dyn crate::endgame::Endgame) {}
}

/// A position seen from the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Node {
    pub me: [u16; MAXH],
    pub opp: [u16; MAXH],
    pub store_me: u16,
    pub store_opp: u16,
    pub pie: PieStage,
}

/// The result of one sowing (or `swap`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Step<B = Node> {
    /// The position after the move, seen from whoever moves next.
    pub child: B,
    /// Change of the mover's store margin made by this move (captures and sweep included).
    pub delta: i32,
    /// The same player moves next (an extra turn): the child's value keeps its sign.
    pub extra: bool,
    /// The game ended with this move.
    pub over: bool,
}

/// A move as the search stores it: house index 0..n, or [`SWAP`].
pub(crate) type Mv = u8;
pub(crate) const SWAP: Mv = MAXH as u8;

pub(crate) fn to_move(m: Mv) -> Move {
    if m == SWAP {
        Move::Swap
    } else {
        Move::Sow(m + 1)
    }
}

impl Node {
    /// The node of a position (seen from its side to move).
    pub fn from_position(pos: &Position) -> Node {
        let me = pos.to_move();
        let mut node = Node {
            me: [0; MAXH],
            opp: [0; MAXH],
            store_me: pos.store(me),
            store_opp: pos.store(me.opponent()),
            pie: pos.pie_stage(),
        };
        let n = pos.rules().houses();
        node.me[..n].copy_from_slice(pos.houses(me));
        node.opp[..n].copy_from_slice(pos.houses(me.opponent()));
        node
    }

    #[inline]
    pub fn houses_me(&self, g: &Game) -> u32 {
        self.me[..g.n].iter().map(|&x| x as u32).sum()
    }

    #[inline]
    pub fn houses_opp(&self, g: &Game) -> u32 {
        self.opp[..g.n].iter().map(|&x| x as u32).sum()
    }

    /// Seeds in all houses.
    #[inline]
    pub fn in_houses(&self, g: &Game) -> u32 {
        self.houses_me(g) + self.houses_opp(g)
    }

    /// The store margin for the side to move.
    #[inline]
    pub fn margin(&self) -> i32 {
        self.store_me as i32 - self.store_opp as i32
    }

    /// The legal moves in house order (then `swap`), like `Position::legal_moves`; the node
    /// must not be over.
    #[inline]
    pub fn legal(&self, g: &Game, out: &mut [Mv; MAXH + 1]) -> usize {
        let mut k = 0;
        for i in 0..g.n {
            if self.me[i] > 0 {
                out[k] = i as Mv;
                k += 1;
            }
        }
        if self.pie == PieStage::Offer {
            out[k] = SWAP;
            k += 1;
        }
        k
    }

    /// Plays a legal move.
    #[inline]
    pub fn sow(&self, g: &Game, m: Mv) -> Step {
        if m == SWAP {
            // The same seat moves on with the other person in it, who takes over that seat's
            // stores too: the swapper's final margin is minus the seat's, so its gain is
            // -(margin + child gain) - margin.
            let mut child = *self;
            child.pie = PieStage::Off;
            return Step {
                child,
                delta: -2 * self.margin(),
                extra: false,
                over: false,
            };
        }
        let n = g.n;
        let house = m as usize;
        let mut me = self.me;
        let mut opp = self.opp;
        let seeds = me[house] as usize;
        me[house] = 0;
        let mut gain_me = 0u32;
        let mut gain_opp = 0u32;
        let laps = seeds / g.cycle;
        if laps > 0 {
            let l = laps as u16;
            for x in &mut me[..n] {
                *x += l;
            }
            for x in &mut opp[..n] {
                *x += l;
            }
            gain_me += laps as u32;
            if g.both_stores {
                gain_opp += laps as u32;
            }
        }
        let rem = seeds % g.cycle;
        let last = (house + seeds) % g.cycle;
        // Pit k of the cycle: 0..n my houses, n my store, n+1..=2n the opponent's houses,
        // 2n+1 the opponent's store (only when sowing into both stores).
        let mut k = house;
        for _ in 0..rem {
            k += 1;
            if k == g.cycle {
                k = 0;
            }
            if k < n {
                me[k] += 1;
            } else if k == n {
                gain_me += 1;
            } else if k <= 2 * n {
                opp[k - n - 1] += 1;
            } else {
                gain_opp += 1;
            }
        }
        let extra = last == n;
        if last < n && me[last] == 1 {
            let o = n - 1 - last;
            let taken = opp[o];
            let captures = match g.capture {
                CaptureRule::Standard => taken > 0,
                CaptureRule::Empty => true,
                CaptureRule::None => false,
            };
            if captures {
                gain_me += taken as u32 + 1;
                me[last] = 0;
                opp[o] = 0;
            }
        }
        let pie = match self.pie {
            PieStage::FirstTurn if !extra => PieStage::Offer,
            PieStage::Offer => PieStage::Off,
            p => p,
        };
        let store_me = self.store_me as u32 + gain_me;
        let store_opp = self.store_opp as u32 + gain_opp;
        let left_me: u32 = me[..n].iter().map(|&x| x as u32).sum();
        let left_opp: u32 = opp[..n].iter().map(|&x| x as u32).sum();
        let early = g.early_end && (2 * store_me > g.total || 2 * store_opp > g.total);
        let over = early
            || match g.end {
                EndRule::EitherEmpty => left_me == 0 || left_opp == 0,
                EndRule::MoverCannotMove => {
                    if extra {
                        left_me == 0
                    } else {
                        left_opp == 0
                    }
                }
            };
        let mut delta = gain_me as i32 - gain_opp as i32;
        if over {
            let sweep = if early { SweepRule::Owner } else { g.sweep };
            delta += match sweep {
                SweepRule::Owner => left_me as i32 - left_opp as i32,
                SweepRule::None => 0,
                SweepRule::Emptier => {
                    let me_emptier = match g.end {
                        EndRule::MoverCannotMove => extra,
                        EndRule::EitherEmpty => left_me == 0,
                    };
                    let all = (left_me + left_opp) as i32;
                    if me_emptier {
                        all
                    } else {
                        -all
                    }
                }
            };
        }
        let child = if extra {
            Node {
                me,
                opp,
                store_me: store_me as u16,
                store_opp: store_opp as u16,
                pie,
            }
        } else {
            Node {
                me: opp,
                opp: me,
                store_me: store_opp as u16,
                store_opp: store_me as u16,
                pie,
            }
        };
        Step {
            child,
            delta,
            extra,
            over,
        }
    }

    /// The table key: the houses, and the stores where they matter.
    #[inline]
    pub fn hash(&self, g: &Game) -> u64 {
        let mut h: u64 = g.salt ^ self.pie as u64;
        if g.early_end || self.pie != PieStage::Off {
            // The stores decide the end (early end) or the value of `swap`.
            h = (h ^ (self.store_me as u64) << 16 ^ (self.store_opp as u64) << 32)
                .wrapping_mul(0x9e37_79b9_7f4a_7c15);
            h ^= h >> 29;
        }
        for half in [&self.me, &self.opp] {
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

    /// The final margin of a position that is over, for its side to move, or `None`.
    pub fn final_margin(pos: &Position) -> Option<i32> {
        let me = pos.to_move();
        pos.outcome()
            .map(|o| o.scores[me] as i32 - o.scores[me.opponent()] as i32)
    }
}

impl Board for Node {
    fn from_node(node: &Node, _g: &Game) -> Node {
        *node
    }
    #[cfg(test)]
    fn to_node(&self, _g: &Game) -> Node {
        *self
    }
    #[inline]
    fn in_houses(&self, g: &Game) -> u32 {
        Node::in_houses(self, g)
    }
    #[inline]
    fn pie(&self) -> PieStage {
        self.pie
    }
    #[inline]
    fn moves(&self, g: &Game, out: &mut [Mv; MAXH + 1]) -> usize {
        self.legal(g, out)
    }
    #[inline]
    fn play(&self, g: &Game, m: Mv) -> Step<Node> {
        self.sow(g, m)
    }
    #[inline]
    fn key(&self, g: &Game) -> u64 {
        self.hash(g)
    }
    #[inline]
    fn probe(&self, g: &Game, db: &dyn crate::endgame::Endgame) -> Option<i32> {
        db.probe(&self.me[..g.n], &self.opp[..g.n])
    }
    #[inline]
    fn probe_bounds(&self, g: &Game, db: &dyn crate::endgame::Endgame) -> Option<(i32, i32)> {
        db.probe_bounds(&self.me[..g.n], &self.opp[..g.n])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kalah_rules::{parse_setup, Side};

    /// Plays every move of many positions both ways and compares.
    fn agree(rules: Rules, text: &str) {
        let pos = Position::from_setup(rules, &parse_setup(text).unwrap()).unwrap();
        let g = Game::new(rules, pos.total_seeds());
        let node = Node::from_position(&pos);
        for &m in pos.legal_moves().iter() {
            let mut after = pos;
            after.play(m).unwrap();
            let st = node.sow(&g, to_move_mv(m));
            let me = pos.to_move();
            let before = pos.store(me) as i32 - pos.store(me.opponent()) as i32;
            let now = match after.outcome() {
                Some(o) => o.scores[me] as i32 - o.scores[me.opponent()] as i32,
                None => after.store(me) as i32 - after.store(me.opponent()) as i32,
            };
            let delta = if m == Move::Swap {
                -2 * before
            } else {
                now - before
            };
            assert_eq!(st.delta, delta, "{m} in {pos} under {rules}");
            assert_eq!(st.over, after.is_over(), "{m} in {pos} under {rules}");
            if !st.over {
                assert_eq!(
                    st.child,
                    Node::from_position(&after),
                    "{m} in {pos} under {rules}"
                );
                let same = m != Move::Swap && after.to_move() == me;
                assert_eq!(st.extra, same);
            }
        }
        let _ = Side::South;
    }

    fn to_move_mv(m: Move) -> Mv {
        match m {
            Move::Swap => SWAP,
            Move::Sow(h) => h - 1,
        }
    }

    #[test]
    fn sowing_matches_the_rules_crate() {
        let texts = [
            "<2,0,1,3,0,3,1> N",
            "<2,0,1,3,0,3,1> S",
            "<3,0,0,1,1,1,1,1,1> S",
            "<3,4,2,0,5,1,1,0,9> N",
            "<6,0,0,4,4,4,4,4,4,4,4,4,4,4,4> S",
            "<6,10,12,0,0,13,1,0,2,1,0,0,0,4,1> S",
            "<6,10,12,0,0,13,1,0,2,1,0,0,0,4,1> N",
            "<4,20,3,1,0,0,30,0,0,2,0> S",
            "<4,20,3,1,0,0,30,0,0,2,0> N",
            "<1,0,1,1,1> S",
        ];
        for capture in ["standard", "empty", "none"] {
            for end in ["either-empty", "mover-cannot-move"] {
                for sweep in ["owner", "emptier", "none"] {
                    for extra in [
                        "",
                        " early-end=yes",
                        " both-stores=yes",
                        " early-end=yes both-stores=yes",
                    ] {
                        for t in texts {
                            let n = t[1..].split(',').next().unwrap();
                            let r: Rules = format!("standard houses={n} capture={capture} end={end} sweep={sweep}{extra}").parse().unwrap();
                            agree(r, t);
                        }
                    }
                }
            }
        }
    }
}
