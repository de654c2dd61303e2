//! `Engine::prove`: a windowed proof agrees with the exact value, on boards of 4 and 6 houses
//! (the two ways a proof starts), with windows below, around and above the value.

use kalah_engine::{random_positions, Engine, Limits, NoReport};
use kalah_rules::Rules;
use std::sync::atomic::AtomicBool;

fn check(rules: &str, sowings: usize, count: usize) {
    let rules: Rules = rules.parse().unwrap();
    let stop = AtomicBool::new(false);
    let mut exact = Engine::new(16);
    let mut windowed = Engine::new(16);
    for (_, pos) in random_positions(rules, sowings, count, 38) {
        let v = exact
            .search(&pos, Limits::Exact, &stop, &mut NoReport)
            .value;
        for (a, b) in [
            (v - 3, v + 3),
            (v, v + 1),
            (v - 1, v),
            (v + 2, v + 5),
            (v - 6, v - 1),
            (-1_000_000, 1_000_000),
        ] {
            let p = windowed.prove(&pos, a, b, &stop).unwrap();
            assert!(
                p.lower <= v && v <= p.upper,
                "{pos} {a}..{b}: {p:?}, value {v}"
            );
            assert!(
                p.lower == p.upper || p.upper <= a || p.lower >= b,
                "{pos} {a}..{b}: {p:?} decides nothing"
            );
            if a < v && v < b {
                assert_eq!((p.lower, p.upper), (v, v), "{pos} {a}..{b}");
            }
        }
    }
}

#[test]
fn a_windowed_proof_agrees_with_the_exact_value_on_4_houses() {
    check("standard houses=4 seeds=3", 4, 12);
}

#[test]
fn a_windowed_proof_agrees_with_the_exact_value_on_6_houses() {
    check("empty-capture houses=6 seeds=3", 6, 8);
}
