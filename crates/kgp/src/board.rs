//! The board form `<n,S,N,s1..sn,n1..nn>` and its conversion to and from positions.
//!
//! KGP boards are always seen by the receiver, who plays South: the first store and the first
//! row are the receiver's, and `move k` sows the receiver's k-th house. A server mirrors the
//! board for the player who sits North.

use kalah_rules::{
    BySide, CaptureRule, EndRule, PieStage, Position, Rules, RulesError, RulesSetup, Setup, Side,
    SweepRule, MAX_HOUSES, MAX_TOTAL,
};
use std::fmt;
use std::str::FromStr;

/// A board as the receiver sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    /// Seeds in the receiver's store.
    pub own_store: u32,
    /// Seeds in the opponent's store.
    pub other_store: u32,
    /// The receiver's houses in sowing order (house 1 first).
    pub own: Vec<u32>,
    /// The opponent's houses in their sowing order.
    pub other: Vec<u32>,
}

/// Why a board could not be read or used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    #[error("a board looks like <n,S,N,s1,...,sn,n1,...,nn> (numbers in angle brackets)")]
    Shape,
    #[error("bad number {0:?} in the board: counts are whole numbers 0 or more")]
    Number(String),
    #[error("the board says {0} houses a side; it must be 1 to {MAX_HOUSES}")]
    Houses(u32),
    #[error("a board of {houses} houses needs {expected} numbers (n, two stores, {houses}+{houses} houses); this one has {got}")]
    Count {
        houses: u32,
        expected: usize,
        got: usize,
    },
    #[error("the board holds {0} seeds; at most {MAX_TOTAL} are supported")]
    TooManySeeds(u64),
    #[error("the board has {board} houses a side but the game has {rules}")]
    WrongHouses { board: usize, rules: usize },
}

/// The rules of the reference server, on `houses` houses of `seeds` seeds: standard capture
/// (only when the opposite house has seeds), the game ends when either row is empty or a store
/// holds more than half of the seeds, remaining seeds go to their owner, South moves first.
pub fn kgp_rules(houses: usize, seeds: usize) -> Result<Rules, RulesError> {
    Rules::new(RulesSetup {
        houses: houses.min(255) as u8,
        seeds: seeds.min(255) as u8,
        capture: CaptureRule::Standard,
        end: EndRule::EitherEmpty,
        sweep: SweepRule::Owner,
        early_end: true,
        pie: false,
        both_stores: false,
    })
}

impl Board {
    /// Houses per side.
    pub fn houses(&self) -> usize {
        self.own.len()
    }

    /// All seeds on the board.
    pub fn total(&self) -> u64 {
        self.own_store as u64
            + self.other_store as u64
            + self
                .own
                .iter()
                .chain(&self.other)
                .map(|&x| x as u64)
                .sum::<u64>()
    }

    /// The board of `pos` as `receiver` sees it.
    pub fn from_position(pos: &Position, receiver: Side) -> Board {
        let row = |s: Side| pos.houses(s).iter().map(|&x| x as u32).collect();
        Board {
            own_store: pos.store(receiver) as u32,
            other_store: pos.store(receiver.opponent()) as u32,
            own: row(receiver),
            other: row(receiver.opponent()),
        }
    }

    /// The position with the receiver as South and to move, under `rules` (which must have
    /// this board's number of houses).
    pub fn to_position(&self, rules: Rules) -> Result<Position, BoardError> {
        if self.houses() != rules.houses() || self.other.len() != self.own.len() {
            return Err(BoardError::WrongHouses {
                board: self.houses(),
                rules: rules.houses(),
            });
        }
        let setup = Setup {
            stores: BySide::new(self.own_store, self.other_store),
            houses: BySide::new(self.own.clone(), self.other.clone()),
            to_move: Side::South,
            pie: PieStage::Off,
        };
        Position::from_setup(rules, &setup).map_err(|_| BoardError::TooManySeeds(self.total()))
    }

    /// The reference rules for this board, guessing the seeds per house from the total (they
    /// only name the variant; play does not depend on them).
    pub fn rules(&self) -> Result<Rules, RulesError> {
        let n = self.houses().max(1);
        let seeds = (self.total() / (2 * n as u64)).clamp(1, kalah_rules::MAX_SEEDS as u64);
        kgp_rules(n, seeds as usize)
    }
}

impl FromStr for Board {
    type Err = BoardError;

    /// Reads `<n,S,N,...>`; spaces around the numbers are allowed.
    fn from_str(s: &str) -> Result<Board, BoardError> {
        let inner = s
            .trim()
            .strip_prefix('<')
            .and_then(|t| t.strip_suffix('>'))
            .ok_or(BoardError::Shape)?;
        // At most 3 + 2 * MAX_HOUSES numbers are read; a longer list is refused by count.
        let mut nums = [0u32; 3 + 2 * MAX_HOUSES];
        let mut got = 0;
        for part in inner.split(',') {
            let p = part.trim();
            if p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit()) {
                return Err(BoardError::Number(short(p)));
            }
            let v: u32 = p.parse().map_err(|_| BoardError::Number(short(p)))?;
            if got < nums.len() {
                nums[got] = v;
            }
            got += 1;
        }
        let n = nums[0];
        if n == 0 || n as usize > MAX_HOUSES {
            return Err(BoardError::Houses(n));
        }
        let n = n as usize;
        if got != 3 + 2 * n {
            return Err(BoardError::Count {
                houses: n as u32,
                expected: 3 + 2 * n,
                got,
            });
        }
        let b = Board {
            own_store: nums[1],
            other_store: nums[2],
            own: nums[3..3 + n].to_vec(),
            other: nums[3 + n..3 + 2 * n].to_vec(),
        };
        if b.total() > MAX_TOTAL as u64 {
            return Err(BoardError::TooManySeeds(b.total()));
        }
        Ok(b)
    }
}

/// At most 20 characters of a rejected piece, for error messages.
pub(crate) fn short(s: &str) -> String {
    match s.char_indices().nth(20) {
        Some((i, _)) => format!("{}...", &s[..i]),
        None => s.to_string(),
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "<{},{},{}",
            self.houses(),
            self.own_store,
            self.other_store
        )?;
        for h in self.own.iter().chain(&self.other) {
            write!(f, ",{h}")?;
        }
        f.write_str(">")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kalah_rules::Move;

    #[test]
    fn the_start_of_kalah_6_4() {
        let rules = kgp_rules(6, 4).unwrap();
        let pos = Position::start(rules, Side::South);
        let b = Board::from_position(&pos, Side::South);
        assert_eq!(b.to_string(), "<6,0,0,4,4,4,4,4,4,4,4,4,4,4,4>");
        assert_eq!(b.to_position(rules).unwrap(), pos);
    }

    #[test]
    fn north_receives_the_mirrored_board() {
        let rules = kgp_rules(3, 3).unwrap();
        let mut pos = Position::start(rules, Side::South);
        pos.play(Move::Sow(1)).unwrap(); // 3 seeds: houses 2, 3 and the store
        assert_eq!(pos.to_move(), Side::South);
        pos.play(Move::Sow(2)).unwrap(); // 4 seeds: house 3, store, North 1 and 2
        assert_eq!(pos.to_move(), Side::North);
        let south = Board::from_position(&pos, Side::South);
        assert_eq!(south.to_string(), "<3,2,0,0,0,5,4,4,3>");
        let north = Board::from_position(&pos, Side::North);
        assert_eq!(north.to_string(), "<3,0,2,4,4,3,0,0,5>");
        // North's view as a position: North is South there, and its moves are the same.
        let mirrored = north.to_position(rules).unwrap();
        assert_eq!(
            mirrored.legal_moves().as_slice(),
            pos.legal_moves().as_slice()
        );
        let (mut a, mut b) = (pos, mirrored);
        a.play(Move::Sow(3)).unwrap();
        b.play(Move::Sow(3)).unwrap();
        assert_eq!(
            Board::from_position(&a, Side::North),
            Board::from_position(&b, Side::South)
        );
    }

    #[test]
    fn bad_boards_are_errors() {
        let cases = [
            ("", BoardError::Shape),
            ("<", BoardError::Shape),
            ("6,0,0>", BoardError::Shape),
            ("<>", BoardError::Number(String::new())),
            ("<0,0,0>", BoardError::Houses(0)),
            ("<17,0,0>", BoardError::Houses(17)),
            (
                "<2,0,0,1,1,1>",
                BoardError::Count {
                    houses: 2,
                    expected: 7,
                    got: 6,
                },
            ),
            ("<1,0,0,1,x>", BoardError::Number("x".into())),
            ("<1,0,0,1,-1>", BoardError::Number("-1".into())),
            ("<1,0,0,1,+1>", BoardError::Number("+1".into())),
            (
                "<1,0,0,1,99999999999>",
                BoardError::Number("99999999999".into()),
            ),
            ("<1,0,0,30000,30001>", BoardError::TooManySeeds(60001)),
            ("<1,,0,1,1>", BoardError::Number(String::new())),
        ];
        for (s, e) in cases {
            assert_eq!(s.parse::<Board>(), Err(e), "{s:?}");
        }
        let long = format!("<1,{}>", vec!["1"; 100_000].join(","));
        assert!(matches!(
            long.parse::<Board>(),
            Err(BoardError::Count { got: 100_001, .. })
        ));
        assert!("< 2, 0,0 ,1,1,1,1 >".parse::<Board>().is_ok());
    }

    #[test]
    fn a_board_of_other_size_is_not_a_position_of_these_rules() {
        let b: Board = "<2,0,0,1,1,1,1>".parse().unwrap();
        assert!(matches!(
            b.to_position(kgp_rules(6, 4).unwrap()),
            Err(BoardError::WrongHouses { board: 2, rules: 6 })
        ));
        assert_eq!(b.rules().unwrap().houses(), 2);
        assert_eq!(b.rules().unwrap().seeds(), 1);
        assert!(b.rules().unwrap().early_end());
    }
}
