//! The solver against a plain memoised minimax written here from the rules crate alone.

use kalah_engine::{Engine, Limits, NoReport};
use kalah_rules::{
    parse_setup, BySide, CaptureRule, EndRule, Move, PieStage, Position, Rules, RulesSetup, Setup,
    Side, SweepRule,
};
use proptest::prelude::*;
use std::collections::HashMap;
use std::sync::atomic::AtomicBool;

/// Final margin for the side to move under perfect play, by full minimax.
fn minimax(pos: &Position, memo: &mut HashMap<Position, i32>) -> i32 {
    if let Some(o) = pos.outcome() {
        let me = pos.to_move();
        return o.scores[me] as i32 - o.scores[me.opponent()] as i32;
    }
    if let Some(&v) = memo.get(pos) {
        return v;
    }
    let me = pos.to_move();
    let mut best = i32::MIN;
    for &m in pos.legal_moves().iter() {
        let v = move_value(pos, m, me, memo);
        best = best.max(v);
    }
    memo.insert(*pos, best);
    best
}

/// The value of one move for the player to move.
fn move_value(pos: &Position, m: Move, me: Side, memo: &mut HashMap<Position, i32>) -> i32 {
    let mut child = *pos;
    child.play(m).expect("legal move");
    let v = minimax(&child, memo);
    // After `swap` the same seat moves but another person sits in it.
    if m != Move::Swap && child.to_move() == me {
        v
    } else {
        -v
    }
}

fn rules(houses: u8, seeds: u8, options: u8) -> Rules {
    let capture =
        [CaptureRule::Standard, CaptureRule::Empty, CaptureRule::None][options as usize % 3];
    let end = [EndRule::EitherEmpty, EndRule::MoverCannotMove][(options / 3) as usize % 2];
    let sweep = [SweepRule::Owner, SweepRule::Emptier, SweepRule::None][(options / 6) as usize % 3];
    Rules::new(RulesSetup {
        houses,
        seeds,
        capture,
        end,
        sweep,
        early_end: options / 18 % 2 == 1,
        pie: options / 36 % 2 == 1,
        both_stores: options / 72 % 2 == 1,
    })
    .unwrap()
}

/// Every combination of rule options: 3 captures x 2 ends x 3 sweeps x early end x pie x
/// both stores.
const OPTION_COMBINATIONS: u8 = 144;

fn solve(engine: &mut Engine, pos: &Position) -> kalah_engine::SearchResult {
    engine.search(pos, Limits::Exact, &AtomicBool::new(false), &mut NoReport)
}

fn check_position(engine: &mut Engine, pos: &Position) -> Result<(), TestCaseError> {
    let mut memo = HashMap::new();
    let expected = minimax(pos, &mut memo);
    let r = solve(engine, pos);
    prop_assert!(r.exact, "{pos}: not exact");
    prop_assert_eq!(r.value, expected, "{} under {}", pos, pos.rules());
    if pos.is_over() {
        prop_assert!(r.best.is_none());
        return Ok(());
    }
    let me = pos.to_move();
    let values: Vec<(Move, i32)> = pos
        .legal_moves()
        .iter()
        .map(|&m| (m, move_value(pos, m, me, &mut memo)))
        .collect();
    let mut best: Vec<Move> = values
        .iter()
        .filter(|x| x.1 == expected)
        .map(|x| x.0)
        .collect();
    prop_assert!(r.all_best, "{pos}: best moves not all checked");
    let mut got = r.best_moves.clone();
    best.sort();
    got.sort();
    prop_assert_eq!(got, best, "best moves of {} under {}", pos, pos.rules());
    // The principal variation starts with a best move and every move in it keeps the value.
    let mut p = *pos;
    let mut v = expected;
    for &m in &r.pv {
        let mover = p.to_move();
        let mv = move_value(&p, m, mover, &mut memo);
        prop_assert_eq!(
            mv,
            v,
            "pv move {} of {} in {} under {}",
            m,
            pos,
            p,
            pos.rules()
        );
        let mut child = p;
        child.play(m).unwrap();
        v = if m != Move::Swap && child.to_move() == mover {
            v
        } else {
            -v
        };
        p = child;
    }
    // analyze gives every move its exact value.
    let mut analysis = engine.analyze(pos, Limits::Exact, &AtomicBool::new(false));
    let mut want = values.clone();
    analysis.sort_by_key(|x| x.mv);
    want.sort();
    prop_assert_eq!(analysis.len(), want.len());
    for (a, w) in analysis.iter().zip(&want) {
        prop_assert!(a.exact);
        prop_assert_eq!(
            (a.mv, a.value),
            *w,
            "analysis of {} under {}",
            pos,
            pos.rules()
        );
    }
    Ok(())
}

fn position_strategy() -> impl Strategy<Value = Position> {
    positions(1..=4, 3)
}

/// Positions of `houses` houses a side with at most `most` seeds in each house.
fn positions(houses: std::ops::RangeInclusive<u8>, most: u32) -> impl Strategy<Value = Position> {
    (houses, 0u8..OPTION_COMBINATIONS, any::<u64>()).prop_flat_map(
        move |(houses, options, seed)| {
            let n = houses as usize;
            (
                prop::collection::vec(0u32..=most, n),
                prop::collection::vec(0u32..=most, n),
                0u32..=6,
                0u32..=6,
                any::<bool>(),
                0u8..3,
            )
                .prop_map(move |(south, north, ss, ns, south_moves, pie)| {
                    let rules = rules(houses, 1 + (seed % 3) as u8, options);
                    let pie = if rules.pie() {
                        [PieStage::Off, PieStage::FirstTurn, PieStage::Offer][pie as usize]
                    } else {
                        PieStage::Off
                    };
                    let setup = Setup {
                        stores: BySide {
                            south: ss,
                            north: ns,
                        },
                        houses: BySide {
                            south: south.clone(),
                            north: north.clone(),
                        },
                        to_move: if south_moves {
                            Side::South
                        } else {
                            Side::North
                        },
                        pie,
                    };
                    Position::from_setup(rules, &setup).unwrap()
                })
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_positions_match_minimax(pos in position_strategy()) {
        let mut engine = Engine::new(4);
        check_position(&mut engine, &pos)?;
    }

    /// Three threads: the best moves are checked by threads that join each other's moves
    /// and cancel the slower one, so the verdicts must still be minimax's.
    #[test]
    fn random_positions_match_minimax_on_three_threads(pos in position_strategy()) {
        let mut engine = Engine::with_threads(4, 3);
        check_position(&mut engine, &pos)?;
    }

    #[test]
    fn depth_limited_values_flagged_exact_are_exact(pos in position_strategy(), depth in 1u32..8) {
        let mut engine = Engine::new(4);
        let r = engine.search(&pos, Limits::Depth(depth), &AtomicBool::new(false), &mut NoReport);
        if r.exact {
            let expected = minimax(&pos, &mut HashMap::new());
            prop_assert_eq!(r.value, expected, "{} at depth {} under {}", pos, depth, pos.rules());
        }
        if !pos.is_over() {
            prop_assert!(r.best.is_some_and(|m| pos.legal_moves().contains(m)));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Six and eight houses: exact searches there start from a depth-limited estimate
    /// (smaller boards deepen instead), and eight houses use the general board. At most 10
    /// seeds in the houses: the minimax's memo of a 16-seed draw took 16 GB.
    #[test]
    fn positions_of_big_boards_match_minimax(pos in positions(6..=8, 1)) {
        prop_assume!(pos.seeds_in_houses(Side::South) + pos.seeds_in_houses(Side::North) <= 10);
        let mut engine = Engine::new(4);
        check_position(&mut engine, &pos)?;
    }
}

#[test]
fn start_positions_of_small_boards_under_every_rule_match_minimax() {
    let mut engine = Engine::new(8);
    for options in 0..OPTION_COMBINATIONS {
        for (houses, seeds) in [(1, 1), (2, 2), (3, 1), (3, 2)] {
            let pos = Position::start(rules(houses, seeds, options), Side::South);
            check_position(&mut engine, &pos).unwrap();
        }
    }
}

#[test]
fn two_threads_find_the_same_exact_values() {
    let mut one = Engine::new(16);
    let mut two = Engine::with_threads(16, 2);
    for options in [0, 1, 7, 20, 40, 100] {
        let pos = Position::start(rules(4, 3, options), Side::South);
        let a = solve(&mut one, &pos);
        let b = solve(&mut two, &pos);
        assert!(a.exact && b.exact);
        assert_eq!(a.value, b.value, "{}", pos.rules());
    }
}

#[test]
fn a_table_that_grows_during_the_search_finds_the_same_exact_values() {
    let mut fixed = Engine::new(16);
    // Kalah(6,3) with empty capture, then with a pie rule and the other end and sweep.
    for options in [1, 46] {
        let pos = Position::start(rules(6, 3, options), Side::South);
        let want = solve(&mut fixed, &pos);
        for threads in [1, 2] {
            // 1 MiB holds 65,536 entries and doubles at 4 nodes per entry: growing to 4 MiB
            // takes 524,288 nodes; these searches visit about a million (1.07 M seen on two
            // threads, where 8 MiB was once not reached).
            let mut growing = Engine::with_room(1, 4, threads);
            let got = solve(&mut growing, &pos);
            assert!(want.exact && got.exact);
            assert_eq!(
                got.value,
                want.value,
                "{} on {threads} threads",
                pos.rules()
            );
            assert_eq!(got.best_moves, want.best_moves, "{}", pos.rules());
            assert!(got.nodes > 600_000, "{} nodes", got.nodes);
            assert_eq!(growing.table_bytes(), 4 << 20, "{}", pos.rules());
        }
    }
}

#[test]
fn a_stopped_search_still_returns_a_legal_move() {
    let pos = Position::start(Rules::standard(), Side::South);
    let mut engine = Engine::new(4);
    let r = engine.search(
        &pos,
        Limits::Nodes(5_000),
        &AtomicBool::new(false),
        &mut NoReport,
    );
    assert!(!r.exact);
    assert!(r.best.is_some_and(|m| pos.legal_moves().contains(m)));
    let r = engine.search(&pos, Limits::Exact, &AtomicBool::new(true), &mut NoReport);
    assert!(!r.exact);
    assert!(r.best.is_some_and(|m| pos.legal_moves().contains(m)));
}

/// A Kalah(6,3) position with three best moves (4, 5 and 6), value -2.
fn three_best_moves() -> Position {
    let rules: Rules = "standard houses=6 seeds=3".parse().unwrap();
    let setup = kalah_rules::parse_setup("<6,1,0,3,3,3,3,0,4,4,3,3,3,3,3> N").unwrap();
    Position::from_setup(rules, &setup).unwrap()
}

/// Sets the flag once an iteration proves the value; records the nodes searched then.
struct StopOnceProven<'a>(&'a AtomicBool, Option<u64>);

impl kalah_engine::Reporter for StopOnceProven<'_> {
    fn iteration(&mut self, info: &kalah_engine::SearchInfo) {
        if info.exact && self.1.is_none() {
            self.0.store(true, std::sync::atomic::Ordering::Relaxed);
            self.1 = Some(info.nodes);
        }
    }
}

#[test]
fn a_search_stopped_before_it_checked_every_move_says_its_best_moves_are_not_all() {
    let pos = three_best_moves();
    let never = AtomicBool::new(false);
    let full = Engine::new(16).search(&pos, Limits::Exact, &never, &mut NoReport);
    assert!(full.exact && full.all_best, "{full:?}");
    assert_eq!(full.best_moves.len(), 3);
    // The flag set as the value is proven.
    let stop = AtomicBool::new(false);
    let r = Engine::new(16).search(&pos, Limits::Exact, &stop, &mut StopOnceProven(&stop, None));
    assert!(r.exact && !r.all_best && r.best_moves.len() < 3, "{r:?}");
    // A node budget (as a deadline) that runs out in the best-move pass: where the value is
    // proven and where the search ends, measured on one thread, the same with a budget.
    let mut at = StopOnceProven(&AtomicBool::new(false), None);
    let unlimited = Engine::new(16).search(&pos, Limits::Nodes(u64::MAX), &never, &mut at);
    assert!(unlimited.all_best, "{unlimited:?}");
    let proven = at.1.expect("the value is proven");
    assert!(
        unlimited.nodes > proven + 1000,
        "{proven} of {}",
        unlimited.nodes
    );
    let budget = proven + (unlimited.nodes - proven) / 2;
    let r = Engine::new(16).search(&pos, Limits::Nodes(budget), &never, &mut NoReport);
    assert!(r.exact && !r.all_best && r.best_moves.len() < 3, "{r:?}");
}

#[test]
fn an_endgame_database_gives_the_same_values() {
    let rules = rules(4, 3, 0);
    let db = kalah_egdb::Database::build(rules, 8, 1, &|_, _| {}).unwrap();
    let mut with = Engine::new(16);
    with.set_endgame(std::sync::Arc::new(db), rules);
    let mut without = Engine::new(16);
    let pos = Position::start(rules, Side::South);
    let a = solve(&mut with, &pos);
    let b = solve(&mut without, &pos);
    assert!(a.stats.db_hits > 0);
    assert_eq!(a.value, b.value);
    assert_eq!(a.value, minimax(&pos, &mut HashMap::new()));
}

/// Collects the proven bounds an exact search reports.
struct Bounds(Vec<(i32, i32)>);

impl kalah_engine::Reporter for Bounds {
    fn bounds(&mut self, b: &kalah_engine::BoundsInfo) {
        self.0.push((b.lower, b.upper));
    }
}

#[test]
fn an_exact_search_reports_narrowing_bounds_that_end_at_the_value() {
    let rules: Rules = "standard houses=4 seeds=3".parse().unwrap();
    let pos = Position::start(rules, kalah_rules::Side::South);
    for threads in [1, 2] {
        let mut engine = Engine::with_threads(16, threads);
        let mut seen = Bounds(Vec::new());
        let r = engine.search(&pos, Limits::Exact, &AtomicBool::new(false), &mut seen);
        assert!(r.exact);
        let last = *seen.0.last().expect("at least one pass");
        assert_eq!(last, (r.value, r.value));
        for w in seen.0.windows(2) {
            assert!(w[1].0 >= w[0].0 && w[1].1 <= w[0].1, "{:?}", seen.0);
        }
        assert_eq!(r.value, minimax(&pos, &mut HashMap::new()));
    }
}

/// A packed database keeps some values only as bounds; searches with it find the values and
/// best moves that the exact database gives: from positions whose own entry is only a bound,
/// and along games from the start, under rules with and without the parity step.
#[test]
fn a_packed_endgame_database_gives_the_same_values_and_best_moves() {
    for options in [0, 1, 8] {
        let rules = rules(3, 6, options);
        let exact = kalah_egdb::Database::build(rules, 24, 2, &|_, _| {}).unwrap();
        let packed = exact.pack().unwrap();
        // Positions of 22 - 24 seeds that the packed database holds only as a bound.
        let mut roots = Vec::new();
        let mut rng = 11u64;
        while roots.len() < 12 {
            rng = rng
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let k = 22 + (rng >> 60) as u16 % 3;
            let mut h = [0u16; 6];
            for s in 0..k {
                h[((rng >> (s % 40)) as usize ^ (s as usize * 7)) % 6] += 1;
            }
            let (mine, theirs) = (&h[..3], &h[3..]);
            let Some((lo, hi)) = packed.probe_bounds_houses(mine, theirs) else {
                continue;
            };
            if lo < hi && mine.iter().any(|&x| x > 0) && theirs.iter().any(|&x| x > 0) {
                let stores = 36 - k;
                let setup = format!(
                    "<3,{},{},{},{},{},{},{},{}> S",
                    stores / 2,
                    stores - stores / 2,
                    mine[0],
                    mine[1],
                    mine[2],
                    theirs[0],
                    theirs[1],
                    theirs[2]
                );
                let pos = Position::from_setup(rules, &parse_setup(&setup).unwrap()).unwrap();
                roots.push(pos);
            }
        }
        let packed = std::sync::Arc::new(packed);
        let exact = std::sync::Arc::new(exact);
        let mut game = Position::start(rules, Side::South);
        let mut positions = roots;
        for _ in 0..6 {
            if game.is_over() {
                break;
            }
            positions.push(game);
            let moves = game.legal_moves();
            rng = rng
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let m = moves[(rng >> 33) as usize % moves.len()];
            game.play(m).unwrap();
        }
        for pos in &positions {
            let mut a = Engine::with_threads(4, 2);
            a.set_endgame(packed.clone(), rules);
            let mut b = Engine::with_threads(4, 2);
            b.set_endgame(exact.clone(), rules);
            let (got, want) = (solve(&mut a, pos), solve(&mut b, pos));
            assert!(got.exact && got.stats.db_hits > 0, "{pos} under {rules}");
            assert_eq!(got.value, want.value, "{pos} under {rules}");
            assert_eq!(got.best_moves, want.best_moves, "{pos} under {rules}");
        }
    }
}

#[test]
fn the_stats_split_the_value_search_from_the_best_move_proof() {
    let pos = three_best_moves();
    let never = AtomicBool::new(false);
    let mut at = StopOnceProven(&AtomicBool::new(false), None);
    let r = Engine::new(16).search(&pos, Limits::Exact, &never, &mut at);
    let s = r.stats;
    // The iteration hears the shared counter, without the main thread's last batch.
    let proven = at.1.expect("the value is proven");
    assert!(
        proven <= s.value_nodes && s.value_nodes < proven + 1024,
        "{proven} {s:?}"
    );
    // Proving the two other best moves as good and the rest worse costs nodes of its own.
    assert!(s.value_nodes < r.nodes, "{s:?} of {}", r.nodes);
    assert!(
        0 < s.value_expanded && s.value_expanded <= s.value_nodes,
        "{s:?}"
    );
    assert!(
        s.value_expanded < s.expanded && s.expanded <= r.nodes,
        "{s:?}"
    );
}

/// `set_one_best`: the same exact value, one of the best moves, fewer nodes (the proof of
/// the other best moves is left out), and the value search counted.
#[test]
fn one_best_proves_the_value_and_one_of_the_best_moves_for_fewer_nodes() {
    let never = AtomicBool::new(false);
    let mut boards: Vec<Position> = [
        "empty-capture houses=5 seeds=4",
        "standard houses=5 seeds=3",
    ]
    .iter()
    .map(|r| Position::start(r.parse().unwrap(), Side::South))
    .collect();
    boards.push(three_best_moves());
    for pos in boards {
        let full = Engine::new(16).search(&pos, Limits::Exact, &never, &mut NoReport);
        let mut engine = Engine::new(16);
        engine.set_one_best(true);
        let one = engine.search(&pos, Limits::Exact, &never, &mut NoReport);
        assert!(full.exact && one.exact, "{pos}");
        assert_eq!(one.value, full.value, "{pos}");
        assert!(full.all_best && !one.all_best, "{pos}");
        assert_eq!(one.best_moves.len(), 1, "{pos}");
        assert!(
            full.best_moves.contains(&one.best_moves[0]),
            "{pos}: {one:?} {full:?}"
        );
        assert!(
            one.nodes < full.nodes,
            "{pos}: {} against {}",
            one.nodes,
            full.nodes
        );
        let st = one.stats;
        assert!(
            0 < st.value_expanded && st.value_nodes <= one.nodes,
            "{pos}: {st:?}"
        );
    }
}
