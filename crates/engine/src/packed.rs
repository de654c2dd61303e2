//! A faster board for the common sizes: every pit is one byte lane of a `u128`, so a sowing is
//! a couple of wide additions and the table key is the number itself.
//!
//! Lanes `0..n` hold the mover's houses, lane `n` the mover's store, lanes `n+1..=2n` the
//! opponent's houses and, when sowing passes both stores, lane `2n+1` the opponent's store.
//! The store lanes are only used during a move (they collect that move's seeds) and are
//! zero between moves, so the number is the houses alone. It fits boards of up to 7 houses
//! with at most 127 seeds in all (no lane can overflow); positions with a pie stage or the
//! early-end rule, whose values depend on the stores, use [`Node`] instead.

use crate::board::{Board, Game, Mv, Node, Step, MAXH};
use crate::endgame::Endgame;
use kalah_rules::{CaptureRule, EndRule, PieStage, SweepRule};

/// Most houses a side for [`Packed`].
pub(crate) const MAX_HOUSES: usize = 7;
/// Most seeds in the game for [`Packed`].
pub(crate) const MAX_SEEDS: u32 = 127;

const ONES: u128 = u128::from_le_bytes([1; 16]);

/// The lane layout of one board size, kept in [`Game`].
#[derive(Debug, Clone, Copy)]
pub(crate) struct Lanes {
    /// `low[l]`: a one in each of the lanes `0..l`.
    low: [u128; 17],
    /// All the mover's houses, and all the opponent's.
    mine: u128,
    theirs: u128,
}

impl Lanes {
    pub fn new(n: usize) -> Lanes {
        let mut low = [0u128; 17];
        for (l, x) in low.iter_mut().enumerate().skip(1) {
            *x = ONES >> (8 * (16 - l));
        }
        let houses = if n <= MAX_HOUSES {
            (1u128 << (8 * n)) - 1
        } else {
            0
        };
        Lanes {
            low,
            mine: houses,
            theirs: houses << (8 * (n + 1)),
        }
    }
}

/// True when positions of these rules and this many seeds can use [`Packed`].
pub(crate) fn fits(g: &Game, root_pie: PieStage) -> bool {
    g.n <= MAX_HOUSES && g.total <= MAX_SEEDS && !g.early_end && root_pie == PieStage::Off
}

/// A position seen from the side to move, one byte per house.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct Packed(u128);

impl std::fmt::Debug for Packed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Packed({:?})", self.0.to_le_bytes())
    }
}

#[inline]
fn lane(b: u128, i: usize) -> u32 {
    (b >> (8 * i)) as u8 as u32
}

/// The sum of all lanes (it stays below 128).
#[inline]
fn lane_sum(b: u128) -> u32 {
    let x = (b as u64).wrapping_add((b >> 64) as u64);
    (x.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
}

impl Packed {
    /// The mover's houses and the opponent's, each as byte lanes from bit 0 (the form
    /// database probes take).
    #[inline]
    fn sides(&self, g: &Game) -> (u64, u64) {
        let mask = g.lanes.mine as u64;
        (
            self.0 as u64 & mask,
            (self.0 >> (8 * (g.n + 1))) as u64 & mask,
        )
    }

    /// The mover's houses and the opponent's, in the general board's form.
    #[cfg(test)]
    fn houses(&self, g: &Game) -> ([u16; MAXH], [u16; MAXH]) {
        let mut me = [0u16; MAXH];
        let mut opp = [0u16; MAXH];
        for i in 0..g.n {
            me[i] = lane(self.0, i) as u16;
            opp[i] = lane(self.0, g.n + 1 + i) as u16;
        }
        (me, opp)
    }
}

impl Board for Packed {
    fn from_node(node: &Node, g: &Game) -> Packed {
        let mut b = 0u128;
        for i in 0..g.n {
            b |= (node.me[i] as u128) << (8 * i);
            b |= (node.opp[i] as u128) << (8 * (g.n + 1 + i));
        }
        Packed(b)
    }

    #[cfg(test)]
    fn to_node(&self, g: &Game) -> Node {
        let (me, opp) = self.houses(g);
        Node {
            me,
            opp,
            store_me: 0,
            store_opp: 0,
            pie: PieStage::Off,
        }
    }

    #[inline]
    fn in_houses(&self, _g: &Game) -> u32 {
        lane_sum(self.0)
    }

    #[inline]
    fn pie(&self) -> PieStage {
        PieStage::Off
    }

    #[inline]
    fn moves(&self, g: &Game, out: &mut [Mv; MAXH + 1]) -> usize {
        let mut k = 0;
        for i in 0..g.n {
            out[k] = i as Mv;
            k += (lane(self.0, i) != 0) as usize;
        }
        k
    }

    #[inline]
    fn play(&self, g: &Game, m: Mv) -> Step<Packed> {
        let n = g.n;
        let lanes = &g.lanes;
        let cycle = g.cycle;
        let i = m as usize;
        let mut b = self.0;
        let seeds = lane(b, i) as usize;
        b &= !(0xffu128 << (8 * i));
        let rem = if seeds < cycle {
            seeds
        } else {
            b += lanes.low[cycle] * (seeds / cycle) as u128;
            seeds % cycle
        };
        // The lanes after the origin up to the end of the cycle, then from lane 0.
        let to_end = cycle - 1 - i;
        let last = if rem <= to_end {
            b += lanes.low[rem] << (8 * (i + 1));
            i + rem
        } else {
            b += lanes.low[to_end] << (8 * (i + 1));
            b += lanes.low[rem - to_end];
            i + rem - cycle
        };
        let mut gain_me = lane(b, n);
        b &= !(0xffu128 << (8 * n));
        let mut gain_opp = 0;
        if g.both_stores {
            gain_opp = lane(b, 2 * n + 1);
            b &= !(0xffu128 << (8 * (2 * n + 1)));
        }
        let extra = last == n;
        if last < n && lane(b, last) == 1 {
            let o = 2 * n - last;
            let taken = lane(b, o);
            let captures = match g.capture {
                CaptureRule::Standard => taken > 0,
                CaptureRule::Empty => true,
                CaptureRule::None => false,
            };
            if captures {
                gain_me += taken + 1;
                b &= !((0xffu128 << (8 * last)) | (0xffu128 << (8 * o)));
            }
        }
        let empty_me = b & lanes.mine == 0;
        let empty_opp = b & lanes.theirs == 0;
        let over = match g.end {
            EndRule::EitherEmpty => empty_me || empty_opp,
            EndRule::MoverCannotMove => {
                if extra {
                    empty_me
                } else {
                    empty_opp
                }
            }
        };
        let mut delta = gain_me as i32 - gain_opp as i32;
        if over {
            let left_me = lane_sum(b & lanes.mine) as i32;
            let left_opp = lane_sum(b & lanes.theirs) as i32;
            delta += match g.sweep {
                SweepRule::Owner => left_me - left_opp,
                SweepRule::None => 0,
                SweepRule::Emptier => {
                    let me_emptier = match g.end {
                        EndRule::MoverCannotMove => extra,
                        EndRule::EitherEmpty => empty_me,
                    };
                    if me_emptier {
                        left_me + left_opp
                    } else {
                        -(left_me + left_opp)
                    }
                }
            };
        }
        let child = if extra {
            b
        } else {
            let shift = 8 * (n + 1);
            ((b >> shift) & lanes.mine) | ((b & lanes.mine) << shift)
        };
        Step {
            child: Packed(child),
            delta,
            extra,
            over,
        }
    }

    #[inline]
    fn key(&self, g: &Game) -> u64 {
        let lo = self.0 as u64;
        let hi = (self.0 >> 64) as u64;
        let mut h = lo.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ hi ^ g.salt;
        h = (h ^ (h >> 32)).wrapping_mul(0xd6e8_feb8_6659_fd93);
        h = (h ^ (h >> 29)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        h ^ (h >> 32)
    }

    #[inline]
    fn probe(&self, g: &Game, db: &dyn Endgame) -> Option<i32> {
        let (me, opp) = self.sides(g);
        db.probe_lanes(g.n, me, opp)
    }

    #[inline]
    fn probe_bounds(&self, g: &Game, db: &dyn Endgame) -> Option<(i32, i32)> {
        let (me, opp) = self.sides(g);
        db.probe_bounds_lanes(g.n, me, opp)
    }

    #[inline]
    fn prefetch_probe(&self, g: &Game, db: &dyn Endgame) {
        let (me, opp) = self.sides(g);
        db.prefetch_lanes(me, opp);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kalah_rules::Rules;

    /// Packed sowing must agree with the generic node on every move.
    #[test]
    fn packed_moves_match_the_generic_node() {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut next = move |m: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % m
        };
        let mut checked = 0;
        for n in 1..=MAX_HOUSES {
            for capture in ["standard", "empty", "none"] {
                for end in ["either-empty", "mover-cannot-move"] {
                    for sweep in ["owner", "emptier", "none"] {
                        for both in ["no", "yes"] {
                            let rules: Rules = format!(
                                "standard houses={n} capture={capture} end={end} \
                                 sweep={sweep} both-stores={both}"
                            )
                            .parse()
                            .unwrap();
                            for _ in 0..40 {
                                let mut node = Node {
                                    me: [0; MAXH],
                                    opp: [0; MAXH],
                                    store_me: 0,
                                    store_opp: 0,
                                    pie: PieStage::Off,
                                };
                                // Sparse and crowded houses, laps included.
                                let cap = [3, 8, 30][next(3) as usize];
                                for i in 0..n {
                                    node.me[i] = next(cap) as u16;
                                    node.opp[i] = next(cap) as u16;
                                }
                                let total = node.in_houses(&Game::new(rules, 0));
                                if total == 0 || total > MAX_SEEDS {
                                    continue;
                                }
                                let g = Game::new(rules, total);
                                let p = Packed::from_node(&node, &g);
                                assert_eq!(p.in_houses(&g), total);
                                let mut a = [0; MAXH + 1];
                                let mut b = [0; MAXH + 1];
                                let k = node.legal(&g, &mut a);
                                assert_eq!(p.moves(&g, &mut b), k);
                                assert_eq!(a[..k], b[..k]);
                                for &m in &a[..k] {
                                    let want = node.sow(&g, m);
                                    let got = p.play(&g, m);
                                    let what = format!("{node:?} move {m} under {rules}");
                                    assert_eq!(got.delta, want.delta, "{what}");
                                    assert_eq!(got.extra, want.extra, "{what}");
                                    assert_eq!(got.over, want.over, "{what}");
                                    if !want.over {
                                        let mut c = want.child;
                                        c.store_me = 0;
                                        c.store_opp = 0;
                                        assert_eq!(got.child.to_node(&g), c, "{what}");
                                    }
                                    checked += 1;
                                }
                            }
                        }
                    }
                }
            }
        }
        assert!(checked > 10_000, "only {checked} moves checked");
    }
}
