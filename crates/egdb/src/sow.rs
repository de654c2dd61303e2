//! Sowing on a mover-normalised board, the build's inner loop.
//!
//! The board is `[mover's houses 1..n, mover's store, opponent's houses 1..n, opponent's
//! store]`, the layout of [`kalah_rules::Position`] with the mover as South. Stores start at
//! zero, so after a move they hold what each side gained. The rules crate's
//! `Position::play_unchecked` is the reference; the tests compare the two on every rule option.

use kalah_rules::{CaptureRule, EndRule, Rules, SweepRule, MAX_HOUSES};

/// Board length with the largest house count.
pub(crate) const BOARD: usize = 2 * MAX_HOUSES + 2;

/// What a move led to, with the mover's gain (own store minus the opponent's).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Step {
    /// The game is over; the gain includes the final sweep.
    Ended(i32),
    /// The mover moves again.
    Extra(i32),
    /// The opponent moves next.
    Pass(i32),
}

/// The rule options that matter to the values, unpacked for speed.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Sower {
    capture: CaptureRule,
    end: EndRule,
    sweep: SweepRule,
    both_stores: bool,
    /// Under the early-end rule: all seeds of the game (stores included).
    early: Option<i32>,
}

impl Sower {
    pub(crate) fn new(rules: &Rules) -> Sower {
        Sower {
            capture: rules.capture(),
            end: rules.end(),
            sweep: rules.sweep(),
            both_stores: rules.both_stores(),
            early: rules.early_end().then_some(rules.total_seeds() as i32),
        }
    }

    /// True when a landing in an empty own house captures, opposite `taken` seeds.
    #[inline(always)]
    pub(crate) fn takes(&self, taken: u8) -> bool {
        match self.capture {
            CaptureRule::Standard => taken > 0,
            CaptureRule::Empty => true,
            CaptureRule::None => false,
        }
    }

    /// The sweep gain for the side to move if the game is over, given the seeds in the
    /// houses of the side to move (`mine`) and of the other side (`theirs`).
    #[inline(always)]
    pub(crate) fn ending(&self, mine: i32, theirs: i32) -> Option<i32> {
        let over = match self.end {
            EndRule::EitherEmpty => mine == 0 || theirs == 0,
            EndRule::MoverCannotMove => mine == 0,
        };
        if !over {
            return None;
        }
        Some(match self.sweep {
            SweepRule::Owner => mine - theirs,
            SweepRule::None => 0,
            // The emptied side takes everything; under mover-cannot-move that is the mover.
            SweepRule::Emptier if mine == 0 => theirs,
            SweepRule::Emptier => -mine,
        })
    }

    /// Sows house `house` (0-based) of the mover on a board of `N` houses per side and
    /// settles the turn. `stores` are the mover's and the opponent's stores before the move;
    /// only the early-end rule looks at them.
    #[inline(always)]
    pub(crate) fn play<const N: usize>(
        &self,
        b: &mut [u8; BOARD],
        house: usize,
        stores: (i32, i32),
    ) -> Step {
        let len = 2 * N + 2;
        let my_store = N;
        let their_store = len - 1;
        let seeds = b[house] as usize;
        b[house] = 0;
        let end = house + seeds;
        let last = if end < their_store || (end == their_store && self.both_stores) {
            for p in &mut b[house + 1..=end] {
                *p += 1;
            }
            end
        } else {
            self.sow_around::<N>(b, house, seeds)
        };
        if last < N && b[last] == 1 {
            let opp = 2 * N - last;
            let taken = b[opp];
            if self.takes(taken) {
                b[my_store] += taken + 1;
                b[opp] = 0;
                b[last] = 0;
            }
        }
        let gain = b[my_store] as i32 - b[their_store] as i32;
        let mine: i32 = b[..N].iter().map(|&x| x as i32).sum();
        let theirs: i32 = b[N + 1..2 * N + 1].iter().map(|&x| x as i32).sum();
        if let Some(total) = self.early {
            // A store above half ends the game before anything else; owners take the rest.
            let me = stores.0 + b[my_store] as i32;
            let them = stores.1 + b[their_store] as i32;
            if 2 * me > total || 2 * them > total {
                return Step::Ended(gain + mine - theirs);
            }
        }
        if last == my_store {
            match self.ending(mine, theirs) {
                Some(g) => Step::Ended(gain + g),
                None => Step::Extra(gain),
            }
        } else {
            match self.ending(theirs, mine) {
                Some(g) => Step::Ended(gain - g),
                None => Step::Pass(gain),
            }
        }
    }

    /// Sows the long way, past the end of the board: whole laps first, then seed by seed.
    /// Returns the last pit sown.
    #[inline(never)]
    fn sow_around<const N: usize>(&self, b: &mut [u8; BOARD], house: usize, seeds: usize) -> usize {
        let len = 2 * N + 2;
        let skip = if self.both_stores {
            usize::MAX
        } else {
            len - 1
        };
        let cycle = if self.both_stores { len } else { len - 1 };
        let mut left = seeds;
        if left >= cycle {
            let laps = (left / cycle) as u8;
            for (i, p) in b[..len].iter_mut().enumerate() {
                if i != skip {
                    *p += laps;
                }
            }
            left %= cycle;
        }
        let mut idx = house;
        for _ in 0..left {
            idx += 1;
            if idx == skip || idx == len {
                idx = 0;
            }
            b[idx] += 1;
        }
        idx
    }
}

/// Calls `$f::<N>($args)` with the const `N` equal to the runtime house count `$n` (1..=16).
macro_rules! with_houses {
    ($n:expr, $f:ident($($args:expr),*)) => {
        match $n {
            1 => $f::<1>($($args),*),
            2 => $f::<2>($($args),*),
            3 => $f::<3>($($args),*),
            4 => $f::<4>($($args),*),
            5 => $f::<5>($($args),*),
            6 => $f::<6>($($args),*),
            7 => $f::<7>($($args),*),
            8 => $f::<8>($($args),*),
            9 => $f::<9>($($args),*),
            10 => $f::<10>($($args),*),
            11 => $f::<11>($($args),*),
            12 => $f::<12>($($args),*),
            13 => $f::<13>($($args),*),
            14 => $f::<14>($($args),*),
            15 => $f::<15>($($args),*),
            16 => $f::<16>($($args),*),
            other => unreachable!("{other} houses per side: the rules allow 1 to 16"),
        }
    };
}
pub(crate) use with_houses;

#[cfg(test)]
mod tests {
    use super::*;
    use kalah_rules::{BySide, Move, PieStage, Position, RulesSetup, Setup, Side};
    use proptest::prelude::*;

    /// All 72 option combinations, 4 seeds per house.
    pub(crate) fn all_rules(houses: u8) -> Vec<Rules> {
        let mut out = Vec::new();
        for &capture in CaptureRule::ALL {
            for &end in EndRule::ALL {
                for &sweep in SweepRule::ALL {
                    for both_stores in [false, true] {
                        for early_end in [false, true] {
                            out.push(
                                Rules::new(RulesSetup {
                                    houses,
                                    seeds: 4,
                                    capture,
                                    end,
                                    sweep,
                                    early_end,
                                    pie: false,
                                    both_stores,
                                })
                                .unwrap(),
                            );
                        }
                    }
                }
            }
        }
        out
    }

    /// Plays `house` both ways from South's point of view and compares. The stores share
    /// what the houses leave of the rules' seeds, South taking `split` of it (0 to 1).
    fn compare(rules: Rules, mine: &[u8], theirs: &[u8], house: usize, split: f64) {
        let n = rules.houses();
        let on_board: u32 = mine.iter().chain(theirs).map(|&x| x as u32).sum();
        let Some(left) = (rules.total_seeds() as u32).checked_sub(on_board) else {
            return;
        };
        let south = (left as f64 * split) as u32;
        let setup = Setup {
            stores: BySide::new(south, left - south),
            houses: BySide::new(
                mine.iter().map(|&x| x as u32).collect(),
                theirs.iter().map(|&x| x as u32).collect(),
            ),
            to_move: Side::South,
            pie: PieStage::Off,
        };
        let mut pos = Position::from_setup(rules, &setup).unwrap();
        if pos.is_over() || mine[house] == 0 {
            return;
        }
        let sowing = pos.play_unchecked(Move::Sow(house as u8 + 1));
        let mut b = [0u8; BOARD];
        b[..n].copy_from_slice(mine);
        b[n + 1..2 * n + 1].copy_from_slice(theirs);
        let sower = Sower::new(&rules);
        fn play<const N: usize>(
            s: &Sower,
            b: &mut [u8; BOARD],
            house: usize,
            st: (i32, i32),
        ) -> Step {
            s.play::<N>(b, house, st)
        }
        let st = (south as i32, (left - south) as i32);
        let step = with_houses!(n, play(&sower, &mut b, house, st));
        let gain = pos.store(Side::South) as i32 - pos.store(Side::North) as i32 - st.0 + st.1;
        let expect = if sowing.ended {
            Step::Ended(gain)
        } else if sowing.extra_turn {
            Step::Extra(gain)
        } else {
            Step::Pass(gain)
        };
        assert_eq!(
            step,
            expect,
            "{rules} {mine:?} {theirs:?} house {}",
            house + 1
        );
        if !sowing.ended {
            b[n] += st.0 as u8;
            b[2 * n + 1] += st.1 as u8;
            let got: Vec<u16> = b[..2 * n + 2].iter().map(|&x| x as u16).collect();
            assert_eq!(
                got,
                pos.pits(),
                "{rules} {mine:?} {theirs:?} house {}",
                house + 1
            );
        }
    }

    #[test]
    fn matches_the_rules_crate_on_every_small_board() {
        for houses in 1..=3u8 {
            let n = houses as usize;
            for rules in all_rules(houses) {
                // Every board with up to 5 seeds per house on 1-3 houses.
                let cells = 2 * n;
                let mut v = vec![0u8; cells];
                let mut count = 0;
                loop {
                    for h in 0..n {
                        // The stores' split varies with the board: South gets 0, 1/4, .. all.
                        count += 1;
                        compare(rules, &v[..n], &v[n..], h, (count % 5) as f64 / 4.0);
                    }
                    let mut i = 0;
                    while i < cells && v[i] == 5 {
                        v[i] = 0;
                        i += 1;
                    }
                    if i == cells {
                        break;
                    }
                    v[i] += 1;
                }
            }
        }
    }

    proptest! {
        #[test]
        fn matches_the_rules_crate_on_random_boards(
            houses in 1usize..=16,
            rule in 0usize..72,
            mut cells in proptest::collection::vec(0u8..=3, 32),
            house in 0usize..16,
            big in 1u8..=60,
            split in 0.0f64..=1.0,
        ) {
            // One large house makes laps around the board; the total stays within u8.
            let rules = all_rules(houses as u8)[rule];
            let n = houses;
            cells[house % n] = big;
            compare(rules, &cells[..n], &cells[n..2 * n], house % n, split);
        }
    }
}
