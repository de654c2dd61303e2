//! Ratings of people: which pool a game counts in, and the write that rates a finished game.
//!
//! A pool is a rules family and a time category, `kalah-6-4/blitz`. The families:
//! `kalah-6-4` (standard Kalah(6,4), the preset `standard`), `bga-6-6` (Board Game Arena's
//! rules with 6 seeds), and `other` (every other rule set, together). The categories are
//! [`kalah_online::Category`]'s. Whether a game is rated is stored with the game
//! (`games.rated`) and checked by the storage, together with both seats being accounts, in
//! the same transaction as the game's last write.

use crate::live::{Opponent, Round};
use kalah_online::Category;
use kalah_rules::{Preset, Rules};
use kalah_storage::{PlayersGame, Write};

/// The rules families, in the order the pages list them.
pub const FAMILIES: [&str; 3] = ["kalah-6-4", "bga-6-6", "other"];

/// The time categories, fastest first.
pub const CATEGORIES: [Category; 5] = [
    Category::Bullet,
    Category::Blitz,
    Category::Rapid,
    Category::Classical,
    Category::Correspondence,
];

/// The rules family of a rule set.
pub fn family(rules: Rules) -> &'static str {
    let mut bga6 = Preset::Bga.setup();
    bga6.seeds = 6;
    if rules.setup() == Preset::Standard.setup() {
        "kalah-6-4"
    } else if rules.setup() == bga6 {
        "bga-6-6"
    } else {
        "other"
    }
}

/// The time category of a game, from its time control; an untimed game counts as
/// correspondence, the category without time pressure.
pub fn category(g: &Round) -> Category {
    g.time_control
        .map_or(Category::Correspondence, |tc| tc.category())
}

/// The pool a game between people counts in, if it is rated.
pub fn pool(g: &Round) -> String {
    format!("{}/{}", family(g.game.rules()), category(g).name())
}

/// Every pool name, family by family.
pub fn pools() -> Vec<String> {
    FAMILIES
        .iter()
        .flat_map(|f| CATEGORIES.iter().map(move |c| format!("{f}/{}", c.name())))
        .collect()
}

/// `write` (the write that leaves the game as `after` is), with the rating update when it
/// ends a game with a result: of the two bots (or a bot and a level) of a rated KGP game, or
/// of two people (the storage rates that only if the game is flagged rated and both start
/// seats are accounts). The score is the round core's ([`kalah_round::Round::score_south`]).
pub fn with_result(after: &Round, write: Write, at: i64) -> Write {
    let Some(score_south) = after.score_south() else {
        return write;
    };
    if let Some(ids) = &after.rated {
        return Write::Finish {
            last: Box::new(write),
            rated: kalah_storage::RatedGame {
                a: ids.south.clone(),
                b: ids.north.clone(),
                score_a: score_south,
                at,
            },
        };
    }
    if after.opponent != Opponent::Friend {
        return write;
    }
    Write::FinishPlayers {
        last: Box::new(write),
        rated: PlayersGame {
            game: after.id.clone(),
            pool: pool(after),
            score_south,
            at,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::live::LiveGame;
    use kalah_rules::Side;

    /// A friend game under the pie rule: south plays house 1, north swaps, then `resigns`
    /// (a side, as it is now) resigns.
    fn swapped_game(resigns: &str) -> LiveGame {
        let mut setup = Preset::Standard.setup();
        setup.pie = true;
        let rules = Rules::new(setup).unwrap();
        let start = kalah_rules::Position::start(rules, Side::South);
        let mut row =
            kalah_storage::GameRow::new("g", &rules.to_string(), &start.to_string(), "friend", 0);
        row.moves = vec!["1".into(), "swap".into()];
        row.resigned = Some(resigns.into());
        LiveGame::replay(row).unwrap()
    }

    #[test]
    fn a_pie_swap_rates_the_player_of_each_start_seat() {
        // After the swap the player of start seat south plays north: north resigning is
        // that player's loss.
        for (resigns, score_south) in [("north", 0.0), ("south", 1.0)] {
            let g = swapped_game(resigns);
            assert!(g.game.seats_swapped());
            match with_result(
                &g,
                Write::Joined {
                    game: "g".into(),
                    seat: "south".into(),
                    clock_at: None,
                },
                1,
            ) {
                Write::FinishPlayers { rated, .. } => {
                    assert_eq!(rated.score_south, score_south, "{resigns} resigned");
                    assert_eq!(rated.pool, "other/correspondence");
                }
                w => panic!("not rated: {w:?}"),
            }
        }
    }

    #[test]
    fn every_level_has_a_fixed_rating_above_the_one_below() {
        let ratings: Vec<f64> = kalah_engine::Level::ALL
            .iter()
            .map(|l| {
                let id = format!("level:{}", l.name());
                assert!(
                    kalah_storage::LEVEL_RATINGS
                        .iter()
                        .any(|(n, _)| *n == l.name()),
                    "{id} has no fixed rating"
                );
                kalah_storage::level_rating(&id).unwrap().rating
            })
            .collect();
        assert!(ratings.windows(2).all(|w| w[0] < w[1]), "{ratings:?}");
        assert_eq!(kalah_storage::level_rating("a bot's hash"), None);
    }

    #[test]
    fn families_follow_the_rules() {
        assert_eq!(family(Rules::standard()), "kalah-6-4");
        let mut bga = Preset::Bga.setup();
        assert_eq!(family(Rules::new(bga).unwrap()), "other");
        bga.seeds = 6;
        assert_eq!(family(Rules::new(bga).unwrap()), "bga-6-6");
        assert_eq!(family(Rules::preset(Preset::EmptyCapture)), "other");
        let pools = pools();
        assert_eq!(pools.len(), 15);
        assert!(pools.contains(&"kalah-6-4/blitz".to_string()));
        assert!(pools.contains(&"bga-6-6/correspondence".to_string()));
    }
}
