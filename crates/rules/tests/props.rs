//! Property tests: seed conservation, notation round trips, legality, determinism, records.

use kalah_rules::*;
use proptest::prelude::*;

fn rules_strategy() -> impl Strategy<Value = Rules> {
    (
        1u8..=9,
        1u8..=8,
        0usize..3,
        0usize..2,
        0usize..3,
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(houses, seeds, c, e, s, early_end, pie, both_stores)| {
            Rules::new(RulesSetup {
                houses,
                seeds,
                capture: CaptureRule::ALL[c],
                end: EndRule::ALL[e],
                sweep: SweepRule::ALL[s],
                early_end,
                pie,
                both_stores,
            })
            .unwrap()
        })
}

fn check_invariants(pos: &Position) {
    let sum: u32 = pos.pits().iter().map(|&x| x as u32).sum();
    assert_eq!(sum, pos.total_seeds(), "seeds conserved in {pos}");
    let text = pos.to_string();
    let back = Position::from_setup(pos.rules(), &parse_setup(&text).unwrap()).unwrap();
    assert_eq!(&back, pos, "round trip of {text}");
    let legal = pos.legal_moves();
    let n = pos.rules().houses() as u8;
    for m in (0..=n + 1).map(Move::Sow).chain([Move::Swap]) {
        assert_eq!(pos.check(m).is_ok(), legal.contains(m), "{m} in {text}");
    }
    assert_eq!(legal.is_empty(), pos.is_over(), "{text}");
    if let Some(o) = pos.outcome() {
        let left: u32 = Side::ALL.iter().map(|&s| pos.seeds_in_houses(s)).sum();
        let scored = o.scores.south + o.scores.north;
        assert!(scored == pos.total_seeds() || scored + left == pos.total_seeds());
    }
}

/// Plays up to `choices.len()` moves, each the `c % len`-th legal move.
fn random_game(rules: Rules, first: Side, choices: &[u8]) -> Game {
    let mut game = Game::new(Position::start(rules, first));
    for &c in choices {
        let legal = game.position().legal_moves();
        if legal.is_empty() {
            break;
        }
        let before = *game.position();
        let s = game.play(legal[c as usize % legal.len()]).unwrap();
        let after = game.position();
        check_invariants(after);
        if s.ended {
            assert!(after.is_over());
        } else if s.extra_turn {
            assert_eq!(after.to_move(), before.to_move());
        } else if s.mv != Move::Swap {
            assert_eq!(after.to_move(), before.to_move().opponent());
        }
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn games_keep_invariants_and_replay(rules in rules_strategy(), north_first in any::<bool>(),
                                        choices in prop::collection::vec(any::<u8>(), 0..200)) {
        let first = if north_first { Side::North } else { Side::South };
        let game = random_game(rules, first, &choices);
        // Determinism: replaying the moves gives the same position.
        let mut again = Position::start(rules, first);
        for &m in game.moves() {
            again.play(m).unwrap();
        }
        prop_assert_eq!(&again, game.position());
        // Records round-trip.
        let record = game.to_record();
        let back = Game::from_record(&record).unwrap();
        prop_assert_eq!(&back, &game);
        prop_assert_eq!(back.to_record(), record);
    }

    #[test]
    fn arbitrary_positions_round_trip(rules in rules_strategy(), north in any::<bool>(),
                                      counts in prop::collection::vec(0u32..40, 20),
                                      stores in (0u32..100, 0u32..100), stage in 0usize..3) {
        let n = rules.houses();
        let pie = if rules.pie() { [PieStage::Off, PieStage::FirstTurn, PieStage::Offer][stage] } else { PieStage::Off };
        let setup = Setup {
            stores: BySide::new(stores.0, stores.1),
            houses: BySide::new(counts[..n].to_vec(), counts[10..10 + n].to_vec()),
            to_move: if north { Side::North } else { Side::South },
            pie,
        };
        let pos = Position::from_setup(rules, &setup).unwrap();
        prop_assert_eq!(pos.to_setup(), setup.clone());
        check_invariants(&pos);
        for &m in pos.legal_moves().iter() {
            let mut child = pos;
            child.play(m).unwrap();
            check_invariants(&child);
        }
    }

    #[test]
    fn position_parser_never_panics(s in ".{0,60}") {
        let _ = parse_setup(&s);
    }

    #[test]
    fn move_and_rules_parsers_never_panic(s in ".{0,30}") {
        let _ = s.parse::<Move>();
        let _ = s.parse::<Rules>();
        let _ = parse_turn(&s);
        let _ = Game::from_record(&s);
    }
}
