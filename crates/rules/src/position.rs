//! Positions and sowing.

use crate::moves::{Capture, IllegalMove, Move, MoveList, Pit, Sowing};
use crate::rules::{CaptureRule, EndRule, Rules, SweepRule, MAX_HOUSES};
use crate::side::{BySide, Side};

/// Pits in the board array: South houses, South store, North houses, North store.
pub const PITS: usize = 2 * MAX_HOUSES + 2;
/// Most seeds a position may hold in all.
pub const MAX_TOTAL: u32 = 60_000;

/// Width of the branch-free sowing add.
const WINDOW: usize = 16;
/// `ONES[k]`: k ones, then zeros.
const ONES: [[u16; WINDOW]; WINDOW] = {
    let mut t = [[0u16; WINDOW]; WINDOW];
    let mut k = 0;
    while k < WINDOW {
        let mut i = 0;
        while i < k {
            t[k][i] = 1;
            i += 1;
        }
        k += 1;
    }
    t
};

/// Where the game stands with respect to the pie rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum PieStage {
    /// No swap can come (rule off, or the chance has passed).
    #[default]
    Off,
    /// The first player's first turn is under way; the second player may swap after it.
    FirstTurn,
    /// The side to move may answer `swap`.
    Offer,
}

/// Raw position data as a parser produces it; checked by [`Position::from_setup`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    pub stores: BySide<u32>,
    /// Each side's houses in its own sowing order (house 1 first).
    pub houses: BySide<Vec<u32>>,
    pub to_move: Side,
    pub pie: PieStage,
}

/// Why a setup is not a position under the given rules.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    #[error("the position has {south} South houses and {north} North houses; both sides need the same number")]
    Uneven { south: usize, north: usize },
    #[error("the position has {position} houses per side but the rules say {rules} (set --houses {position})")]
    WrongHouses { position: usize, rules: usize },
    #[error("the position holds {0} seeds; at most {MAX_TOTAL} are supported")]
    TooManySeeds(u64),
    #[error("the position has a pie stage but the rules have no pie rule (add --pie)")]
    PieWithoutRule,
}

/// A validated position: the board, the side to move, the pie stage and the rules.
///
/// Board layout (index into the pit array), for n houses per side:
/// `0..n` South houses 1..n, `n` South store, `n+1..2n+1` North houses 1..n, `2n+1` North store.
/// Sowing goes up the indices, wrapping around. South house i is opposite North house n+1-i.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    pits: [u16; PITS],
    rules: Rules,
    total: u16,
    to_move: Side,
    pie: PieStage,
}

/// How a finished game ended and the final stores.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    /// Final store contents after the sweep.
    pub scores: BySide<u32>,
    /// `None` for a draw.
    pub winner: Option<Side>,
    /// True when the early-end rule (a store above half) ended it.
    pub early: bool,
}

impl Position {
    /// The start position of the rules with `first` to move.
    pub fn start(rules: Rules, first: Side) -> Position {
        let n = rules.houses();
        let mut pits = [0u16; PITS];
        for (i, p) in pits.iter_mut().enumerate().take(2 * n + 1) {
            if i != n {
                *p = rules.seeds() as u16;
            }
        }
        Position {
            pits,
            rules,
            total: rules.total_seeds() as u16,
            to_move: first,
            pie: if rules.pie() {
                PieStage::FirstTurn
            } else {
                PieStage::Off
            },
        }
    }

    /// Checks a setup against the rules.
    pub fn from_setup(rules: Rules, setup: &Setup) -> Result<Position, PositionError> {
        let (s, nh) = (setup.houses.south.len(), setup.houses.north.len());
        if s != nh {
            return Err(PositionError::Uneven {
                south: s,
                north: nh,
            });
        }
        if s != rules.houses() {
            return Err(PositionError::WrongHouses {
                position: s,
                rules: rules.houses(),
            });
        }
        if setup.pie != PieStage::Off && !rules.pie() {
            return Err(PositionError::PieWithoutRule);
        }
        let total: u64 = setup.stores.south as u64
            + setup.stores.north as u64
            + setup.houses.south.iter().map(|&x| x as u64).sum::<u64>()
            + setup.houses.north.iter().map(|&x| x as u64).sum::<u64>();
        if total > MAX_TOTAL as u64 {
            return Err(PositionError::TooManySeeds(total));
        }
        let n = s;
        let mut pits = [0u16; PITS];
        for i in 0..n {
            pits[i] = setup.houses.south[i] as u16;
            pits[n + 1 + i] = setup.houses.north[i] as u16;
        }
        pits[n] = setup.stores.south as u16;
        pits[2 * n + 1] = setup.stores.north as u16;
        Ok(Position {
            pits,
            rules,
            total: total as u16,
            to_move: setup.to_move,
            pie: setup.pie,
        })
    }

    /// The raw data of this position.
    pub fn to_setup(&self) -> Setup {
        Setup {
            stores: BySide::from_fn(|s| self.store(s) as u32),
            houses: BySide::from_fn(|s| self.houses(s).iter().map(|&x| x as u32).collect()),
            to_move: self.to_move,
            pie: self.pie,
        }
    }

    #[inline]
    pub fn rules(&self) -> Rules {
        self.rules
    }
    #[inline]
    pub fn to_move(&self) -> Side {
        self.to_move
    }
    #[inline]
    pub fn pie_stage(&self) -> PieStage {
        self.pie
    }
    /// All seeds in the game, stores included.
    #[inline]
    pub fn total_seeds(&self) -> u32 {
        self.total as u32
    }
    #[inline]
    fn n(&self) -> usize {
        self.rules.houses()
    }
    #[inline]
    fn base(&self, side: Side) -> usize {
        match side {
            Side::South => 0,
            Side::North => self.n() + 1,
        }
    }
    #[inline]
    fn store_index(&self, side: Side) -> usize {
        self.base(side) + self.n()
    }

    /// Seeds in a side's store.
    #[inline]
    pub fn store(&self, side: Side) -> u16 {
        self.pits[self.store_index(side)]
    }

    /// A side's houses in its own sowing order (house 1 first).
    #[inline]
    pub fn houses(&self, side: Side) -> &[u16] {
        let b = self.base(side);
        &self.pits[b..b + self.n()]
    }

    /// Seeds in one house (1-based), or `None` if there is no such house.
    pub fn house(&self, side: Side, house: u8) -> Option<u16> {
        self.houses(side)
            .get((house as usize).checked_sub(1)?)
            .copied()
    }

    /// Seeds in a side's houses.
    #[inline]
    pub fn seeds_in_houses(&self, side: Side) -> u32 {
        self.houses(side).iter().map(|&x| x as u32).sum()
    }

    /// The whole pit array (see the type's layout); only the first `2n+2` entries are used.
    #[inline]
    pub fn pits(&self) -> &[u16] {
        &self.pits[..2 * self.n() + 2]
    }

    /// The pit a pit-array index stands for.
    pub fn pit_at(&self, index: usize) -> Pit {
        let n = self.n();
        if index == n {
            Pit::Store(Side::South)
        } else if index == 2 * n + 1 {
            Pit::Store(Side::North)
        } else if index < n {
            Pit::House(Side::South, index as u8 + 1)
        } else {
            Pit::House(Side::North, (index - n) as u8)
        }
    }

    /// True when the game is over in this position.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.ending().is_some()
    }

    /// The end that applies here, if any: `Some(true)` for an early end.
    fn ending(&self) -> Option<bool> {
        if self.rules.early_end() {
            let half = self.total as u32;
            if 2 * self.store(Side::South) as u32 > half
                || 2 * self.store(Side::North) as u32 > half
            {
                return Some(true);
            }
        }
        let over = match self.rules.end() {
            EndRule::EitherEmpty => {
                self.seeds_in_houses(Side::South) == 0 || self.seeds_in_houses(Side::North) == 0
            }
            EndRule::MoverCannotMove => self.seeds_in_houses(self.to_move) == 0,
        };
        over.then_some(false)
    }

    /// The seeds each store receives from the final sweep of an ended position.
    fn sweep_amounts(&self, early: bool) -> BySide<u16> {
        let left = BySide::from_fn(|s| self.seeds_in_houses(s) as u16);
        if early {
            return left;
        }
        match self.rules.sweep() {
            SweepRule::Owner => left,
            SweepRule::None => BySide::default(),
            SweepRule::Emptier => {
                let emptier = match self.rules.end() {
                    EndRule::MoverCannotMove => self.to_move,
                    EndRule::EitherEmpty if left.south == 0 => Side::South,
                    EndRule::EitherEmpty => Side::North,
                };
                let mut out = BySide::default();
                out[emptier] = left.south + left.north;
                out
            }
        }
    }

    /// The result when the game is over here: final stores after the sweep and the winner.
    pub fn outcome(&self) -> Option<Outcome> {
        let early = self.ending()?;
        let add = self.sweep_amounts(early);
        let scores = BySide::from_fn(|s| self.store(s) as u32 + add[s] as u32);
        let winner = match scores.south.cmp(&scores.north) {
            std::cmp::Ordering::Greater => Some(Side::South),
            std::cmp::Ordering::Less => Some(Side::North),
            std::cmp::Ordering::Equal => None,
        };
        Some(Outcome {
            scores,
            winner,
            early,
        })
    }

    /// The legal moves, in house order, then `swap`. Empty when the game is over.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        if self.is_over() {
            return list;
        }
        for (i, &s) in self.houses(self.to_move).iter().enumerate() {
            if s > 0 {
                list.push(Move::Sow(i as u8 + 1));
            }
        }
        if self.pie == PieStage::Offer {
            list.push(Move::Swap);
        }
        list
    }

    /// Checks a move without playing it.
    pub fn check(&self, m: Move) -> Result<(), IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        match m {
            Move::Swap if !self.rules.pie() => Err(IllegalMove::NoPieRule),
            Move::Swap if self.pie != PieStage::Offer => Err(IllegalMove::SwapNotNow),
            Move::Swap => Ok(()),
            Move::Sow(h) => match self.house(self.to_move, h) {
                None => Err(IllegalMove::NoSuchHouse {
                    house: h,
                    houses: self.n() as u8,
                }),
                Some(0) => Err(IllegalMove::EmptyHouse { house: h }),
                Some(_) => Ok(()),
            },
        }
    }

    /// Plays a move after checking it; the position is unchanged on error.
    pub fn play(&mut self, m: Move) -> Result<Sowing, IllegalMove> {
        self.check(m)?;
        Ok(self.play_unchecked(m))
    }

    /// Plays a move that is known to be legal. An illegal move gives a wrong position
    /// (or a panic on a house out of range), never undefined behaviour.
    #[inline(always)]
    pub fn play_unchecked(&mut self, m: Move) -> Sowing {
        match m {
            Move::Sow(h) => self.sow(h as usize),
            Move::Swap => {
                self.pie = PieStage::Off;
                Sowing {
                    mover: self.to_move,
                    mv: Move::Swap,
                    seeds: 0,
                    last: None,
                    extra_turn: false,
                    capture: None,
                    sweep: None,
                    ended: false,
                }
            }
        }
    }

    /// Sows house `house` (1-based) of the side to move and settles the turn.
    #[inline(always)]
    fn sow(&mut self, house: usize) -> Sowing {
        // The common board gets its own copy with `n` a constant: fixed-length loops unroll.
        match self.n() {
            6 => self.sow_n(house, 6),
            n => self.sow_n(house, n),
        }
    }

    #[inline(always)]
    fn sow_n(&mut self, house: usize, n: usize) -> Sowing {
        let len = 2 * n + 2;
        let me = self.to_move;
        let base = if me == Side::South { 0 } else { n + 1 };
        let my_store = base + n;
        let skip = if self.rules.both_stores() {
            usize::MAX
        } else if me == Side::South {
            2 * n + 1
        } else {
            n
        };
        let start = base + house - 1;
        let picked = self.pits[start];
        self.pits[start] = 0;
        let seeds = picked as usize;
        let end = start + seeds;
        let last = if end < len && (skip < start || skip > end) {
            // The common case: no wrap-around and no skipped store in the way.
            if seeds < WINDOW && start + 1 + WINDOW <= PITS {
                // A fixed-width add of 1s then 0s: no loop, no branch on the seed count.
                let window = &mut self.pits[start + 1..start + 1 + WINDOW];
                for (p, &one) in window.iter_mut().zip(&ONES[seeds]) {
                    *p += one;
                }
            } else {
                for p in &mut self.pits[start + 1..=end] {
                    *p += 1;
                }
            }
            end
        } else {
            self.sow_around(start, seeds, skip)
        };
        let extra_turn = last == my_store;
        let mut capture = None;
        if !extra_turn && last >= base && last < my_store && self.pits[last] == 1 {
            let opp = 2 * n - last;
            let taken = self.pits[opp];
            let captures = match self.rules.capture() {
                CaptureRule::Standard => taken > 0,
                CaptureRule::Empty => true,
                CaptureRule::None => false,
            };
            if captures {
                self.pits[my_store] += taken + 1;
                self.pits[opp] = 0;
                self.pits[last] = 0;
                capture = Some(Capture {
                    house: (last - base + 1) as u8,
                    seeds: taken + 1,
                });
            }
        }
        self.pie = match self.pie {
            PieStage::FirstTurn if !extra_turn => PieStage::Offer,
            PieStage::Offer => PieStage::Off,
            p => p,
        };
        if !extra_turn {
            self.to_move = me.opponent();
        }
        // Only the mover's side can have emptied, or the opponent's through a capture.
        let maybe_over = self.rules.early_end()
            || match self.rules.end() {
                EndRule::EitherEmpty => {
                    self.side_empty(me, n)
                        || (capture.is_some() && self.side_empty(me.opponent(), n))
                }
                EndRule::MoverCannotMove => self.side_empty(self.to_move, n),
            };
        let (ended, sweep) = if maybe_over {
            self.settle()
        } else {
            (false, None)
        };
        Sowing {
            mover: me,
            mv: Move::Sow(house as u8),
            seeds: picked,
            last: Some(self.pit_at(last)),
            extra_turn,
            capture,
            sweep,
            ended,
        }
    }

    /// Sows `seeds` from `start` the long way: whole laps first, then seed by seed.
    /// Returns the index of the last pit sown.
    fn sow_around(&mut self, start: usize, mut seeds: usize, skip: usize) -> usize {
        let len = 2 * self.n() + 2;
        let cycle = if skip == usize::MAX { len } else { len - 1 };
        if seeds >= cycle {
            // Every pit but the skipped store, the origin included, gets a seed each lap.
            let laps = (seeds / cycle) as u16;
            for (i, p) in self.pits[..len].iter_mut().enumerate() {
                if i != skip {
                    *p += laps;
                }
            }
            seeds %= cycle;
        }
        let mut idx = start;
        for _ in 0..seeds {
            idx += 1;
            if idx == len {
                idx = 0;
            }
            if idx == skip {
                idx += 1;
                if idx == len {
                    idx = 0;
                }
            }
            self.pits[idx] += 1;
        }
        idx
    }

    #[inline(always)]
    fn side_empty(&self, side: Side, n: usize) -> bool {
        let b = if side == Side::South { 0 } else { n + 1 };
        self.pits[b..b + n].iter().fold(0, |a, &x| a | x) == 0
    }

    /// Ends the game if it is over, moving swept seeds into the stores.
    #[inline]
    fn settle(&mut self) -> (bool, Option<BySide<u16>>) {
        let Some(early) = self.ending() else {
            return (false, None);
        };
        let add = self.sweep_amounts(early);
        if early || self.rules.sweep() != SweepRule::None {
            let n = self.n();
            for p in &mut self.pits[..n] {
                *p = 0;
            }
            for p in &mut self.pits[n + 1..2 * n + 1] {
                *p = 0;
            }
            self.pits[n] += add.south;
            self.pits[2 * n + 1] += add.north;
        }
        self.pie = PieStage::Off;
        (true, Some(add))
    }

    /// The pits a sowing of `house` by the side to move drops seeds into, in order.
    pub fn sowing_path(&self, house: u8) -> Vec<Pit> {
        let n = self.n();
        let len = 2 * n + 2;
        let me = self.to_move;
        let skip = if self.rules.both_stores() {
            usize::MAX
        } else {
            self.store_index(me.opponent())
        };
        let Some(seeds) = self.house(me, house) else {
            return Vec::new();
        };
        let mut idx = self.base(me) + house as usize - 1;
        let mut path = Vec::with_capacity(seeds as usize);
        for _ in 0..seeds {
            idx = (idx + 1) % len;
            if idx == skip {
                idx = (idx + 1) % len;
            }
            path.push(self.pit_at(idx));
        }
        path
    }
}
