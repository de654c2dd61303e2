//! The database against a plain full minimax written here, on every rule option.

use kalah_egdb::Database;
use kalah_rules::{
    BySide, CaptureRule, EndRule, PieStage, Position, Rules, RulesSetup, Setup, Side, SweepRule,
};
use proptest::prelude::*;
use std::collections::HashMap;
use std::sync::OnceLock;

/// Final margin for the player to move under perfect play, by plain minimax.
fn minimax(pos: &Position) -> i32 {
    if let Some(out) = pos.outcome() {
        let me = pos.to_move();
        return out.scores[me] as i32 - out.scores[me.opponent()] as i32;
    }
    let mut best = i32::MIN;
    for &m in pos.legal_moves().iter() {
        let mut next = *pos;
        next.play(m).unwrap();
        let v = if next.to_move() == pos.to_move() {
            minimax(&next)
        } else {
            -minimax(&next)
        };
        best = best.max(v);
    }
    best
}

fn rules_of(houses: u8, index: usize) -> Rules {
    let capture = CaptureRule::ALL[index % 3];
    let end = EndRule::ALL[(index / 3) % 2];
    let sweep = SweepRule::ALL[(index / 6) % 3];
    let both_stores = (index / 18) % 2 == 1;
    let early_end = index >= 36;
    Rules::new(RulesSetup {
        houses,
        seeds: 3,
        capture,
        end,
        sweep,
        early_end,
        pie: false,
        both_stores,
    })
    .unwrap()
}

const MAX_SEEDS: u32 = 9;
const MAX_HOUSES: u8 = 4;

/// One database per (houses, rule option) pair, built on first use.
fn database(houses: u8, index: usize) -> &'static Database {
    static DBS: OnceLock<std::sync::Mutex<HashMap<(u8, usize), &'static Database>>> =
        OnceLock::new();
    let map = DBS.get_or_init(Default::default);
    let mut map = map.lock().unwrap();
    map.entry((houses, index)).or_insert_with(|| {
        let db = Database::build(rules_of(houses, index), MAX_SEEDS, 2, &|_, _| {}).unwrap();
        Box::leak(Box::new(db))
    })
}

fn position(rules: Rules, cells: &[u32], stores: (u32, u32), to_move: Side) -> Position {
    let n = rules.houses();
    let setup = Setup {
        stores: BySide::new(stores.0, stores.1),
        houses: BySide::new(cells[..n].to_vec(), cells[n..2 * n].to_vec()),
        to_move,
        pie: PieStage::Off,
    };
    Position::from_setup(rules, &setup).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]
    #[test]
    fn database_equals_minimax(
        houses in 1u8..=MAX_HOUSES,
        index in 0usize..72,
        cells in proptest::collection::vec(0u32..=4, 8),
        stores in (0u32..30, 0u32..30),
        split in 0.0f64..=1.0,
        north in any::<bool>(),
    ) {
        let rules = rules_of(houses, index);
        let n = houses as usize;
        let total = rules.total_seeds() as u32;
        // Keep the seeds within the database (and the game) by emptying houses from the left.
        let mut cells = cells[..2 * n].to_vec();
        while cells.iter().sum::<u32>() > MAX_SEEDS.min(total) {
            let i = cells.iter().position(|&x| x > 0).unwrap();
            cells[i] -= 1;
        }
        // Under early end the stores hold the rest of the game's seeds.
        let stores = if rules.early_end() {
            let left = total - cells.iter().sum::<u32>();
            let south = (left as f64 * split) as u32;
            (south, left - south)
        } else {
            stores
        };
        let to_move = if north { Side::North } else { Side::South };
        let pos = position(rules, &cells, stores, to_move);
        let me = pos.to_move();
        let now = pos.store(me) as i32 - pos.store(me.opponent()) as i32;
        let db = database(houses, index);
        prop_assert_eq!(db.probe(&pos), Some(minimax(&pos) - now), "{} {}", rules, pos);
    }
}

/// Wider boards, 5 to 16 houses, with few seeds; every rule option without early end on 6
/// and 16 houses (the early-end rule gets its own test).
#[test]
fn wide_boards_equal_minimax() {
    for houses in 5u8..=16 {
        let k = match houses {
            5 | 6 => 5,
            7..=9 => 4,
            _ => 3,
        };
        let options: Vec<usize> = if houses == 6 || houses == 16 {
            (0..36).collect()
        } else {
            vec![
                houses as usize % 36,
                (houses as usize * 7) % 36,
                36 + houses as usize,
            ]
        };
        for index in options {
            let rules = rules_of(houses, index);
            let db = Database::build(rules, k, 1, &|_, _| {}).unwrap();
            let n = houses as usize;
            // A handful of fixed shapes spread over the board, both sides to move.
            let mut seed = 0x9e37_79b9_7f4a_7c15u64 ^ index as u64;
            for _ in 0..40 {
                let mut cells = vec![0u32; 2 * n];
                for _ in 0..k {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    if !seed.is_multiple_of(5) {
                        cells[(seed >> 8) as usize % (2 * n)] += 1;
                    }
                }
                let left = rules.total_seeds() as u32 - cells.iter().sum::<u32>();
                for (side, stores) in [
                    (Side::South, (7, 3)),
                    (Side::North, (7, 3)),
                    // Under early end the stores hold the rest, near the half so that a
                    // capture or a sowing can end the game.
                    (Side::South, (left / 2 + 1, left - left / 2 - 1)),
                    (Side::North, (left / 2, left - left / 2)),
                ] {
                    if rules.early_end() != (stores != (7, 3)) {
                        continue;
                    }
                    let pos = position(rules, &cells, stores, side);
                    let me = pos.to_move();
                    let now = pos.store(me) as i32 - pos.store(me.opponent()) as i32;
                    assert_eq!(db.probe(&pos), Some(minimax(&pos) - now), "{rules} {pos}");
                }
            }
        }
    }
}

#[test]
fn probe_refuses_what_it_does_not_cover() {
    let rules = rules_of(3, 0);
    let db = database(3, 0);
    // Too many seeds.
    let pos = position(rules, &[4, 4, 4, 0, 0, 0], (0, 0), Side::South);
    assert_eq!(db.probe(&pos), None);
    // Other capture rule.
    let other = rules_of(3, 1);
    let pos = position(other, &[1, 0, 0, 0, 0, 1], (0, 0), Side::South);
    assert_eq!(db.probe(&pos), None);
    // Seeds per house and the pie rule do not matter once the pie stage is over.
    let mut setup = rules.setup();
    setup.seeds = 6;
    setup.pie = true;
    let same = Rules::new(setup).unwrap();
    let pos = position(same, &[1, 0, 0, 0, 0, 1], (0, 0), Side::South);
    assert!(db.probe(&pos).is_some());
    // The pie stage is not covered.
    let start = Position::start(
        Rules::new(RulesSetup { seeds: 1, ..setup }).unwrap(),
        Side::South,
    );
    assert_eq!(db.probe(&start), None);
    // Wrong house counts in the low-level probe.
    assert_eq!(db.probe_houses(&[1, 0], &[0, 1]), None);
}

#[test]
fn early_end_databases_need_the_stores() {
    let rules: Rules = "bga houses=3".parse().unwrap();
    let db = Database::build(rules, 6, 2, &|_, _| {}).unwrap();
    assert_eq!(
        db.len(),
        924 * 7,
        "C(12, 6) house vectors, 7 store splits each"
    );
    // Houses alone are not enough.
    assert_eq!(db.probe_houses(&[1, 0, 0], &[0, 0, 1]), None);
    // 2 seeds in the houses, 22 in the stores: the rules' 24.
    assert!(db.probe_stores(&[1, 0, 0], &[0, 0, 1], 11, 11).is_some());
    // Another total is not this game.
    assert_eq!(db.probe_stores(&[1, 0, 0], &[0, 0, 1], 11, 12), None);
    // A store above half: the game is over, each side takes its own houses.
    assert_eq!(db.probe_stores(&[2, 0, 0], &[0, 0, 1], 13, 8), Some(1));
    // Other seeds per house change the total, so the database does not serve them.
    let five: Rules = "bga houses=3 seeds=5".parse().unwrap();
    assert!(!db.covers(&five));
}

/// On a larger database, every sampled value satisfies the minimax equation over its moves,
/// played by the rules crate, with the successors' values read from the database.
#[test]
fn values_agree_with_their_successors_on_a_larger_database() {
    for index in [0, 1, 2, 3, 10, 17, 22, 35, 40, 53, 71] {
        let rules = rules_of(6, index);
        let k = 12;
        let db = Database::build(rules, k, 2, &|_, _| {}).unwrap();
        let mut seed = 0x2545_f491_4f6c_dd1du64 ^ index as u64;
        for _ in 0..3000 {
            let mut cells = vec![0u32; 12];
            for _ in 0..k {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                // Uneven spread: some houses get large piles, to sow laps around the board.
                let i = if seed.is_multiple_of(3) {
                    2
                } else {
                    (seed >> 8) as usize % 12
                };
                cells[i] += 1;
            }
            let pos = position(rules, &cells, (10, 14), Side::South);
            let value = |p: &Position| {
                let me = p.to_move();
                p.store(me) as i32 - p.store(me.opponent()) as i32 + db.probe(p).unwrap()
            };
            let expect = match pos.outcome() {
                Some(out) => out.scores.south as i32 - out.scores.north as i32,
                None => pos
                    .legal_moves()
                    .iter()
                    .map(|&m| {
                        let mut next = pos;
                        next.play(m).unwrap();
                        if next.to_move() == Side::South {
                            value(&next)
                        } else {
                            -value(&next)
                        }
                    })
                    .max()
                    .unwrap(),
            };
            assert_eq!(value(&pos), expect, "{rules} {pos}");
        }
    }
}
