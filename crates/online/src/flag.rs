//! Who wins when a clock runs out.

use kalah_rules::{Position, Side};

/// The result for the player whose time ran out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlagResult {
    /// The opponent wins.
    Loss,
    /// The opponent can no longer win, whatever is played: a draw.
    Draw,
}

/// A player whose time runs out loses, unless the opponent could not win any more: seeds in a
/// store never leave it, so when the player's store holds at least half of all seeds the
/// opponent can at best draw, and the game is a draw (as chess scores a flag against a bare
/// king). This holds under every rule option, since no option takes seeds out of a store.
pub fn flag_result(position: &Position, flagged: Side) -> FlagResult {
    if 2 * u32::from(position.store(flagged)) >= position.total_seeds() {
        FlagResult::Draw
    } else {
        FlagResult::Loss
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kalah_rules::{BySide, PieStage, Rules, Setup};

    fn position(south_store: u32, north_store: u32) -> Position {
        // Kalah(6,4): 48 seeds; what is not in the stores is spread over South's houses.
        let rest = 48 - south_store - north_store;
        let mut south = vec![0; 6];
        south[0] = rest;
        let setup = Setup {
            stores: BySide::new(south_store, north_store),
            houses: BySide::new(south, vec![0, 0, 0, 0, 0, 1]),
            to_move: Side::South,
            pie: PieStage::Off,
        };
        // One seed moved to North so North still has a house to play.
        let mut setup = setup;
        setup.houses.south[0] -= 1;
        Position::from_setup(Rules::standard(), &setup).unwrap()
    }

    #[test]
    fn a_flag_loses_unless_the_opponent_can_no_longer_win() {
        assert_eq!(flag_result(&position(0, 0), Side::South), FlagResult::Loss);
        assert_eq!(flag_result(&position(23, 0), Side::South), FlagResult::Loss);
        assert_eq!(flag_result(&position(24, 0), Side::South), FlagResult::Draw);
        assert_eq!(flag_result(&position(30, 2), Side::South), FlagResult::Draw);
        assert_eq!(flag_result(&position(30, 2), Side::North), FlagResult::Loss);
        assert_eq!(flag_result(&position(2, 24), Side::North), FlagResult::Draw);
    }
}
