//! Perft counts from data files: `standard.perft` comes from OpenSpiel, `variants.perft` from
//! the separate Python reference in tools/reference. Counts above `LIMIT` are left to
//! `kalah perft` (too slow for a unit test); the test says which.

use kalah_rules::{parse_setup, perft, Position, Rules};

const LIMIT: u64 = 70_000_000;

struct Case {
    id: String,
    position: Position,
    counts: Vec<(u32, u64)>,
}

fn read_cases(text: &str) -> Vec<Case> {
    let mut cases = Vec::new();
    let mut id = String::new();
    let mut rules: Option<Rules> = None;
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line.split_once(' ').expect("key value line");
        match key {
            "id" => id = value.to_string(),
            "rules" => rules = Some(value.parse().expect("rules")),
            "position" => {
                let setup = parse_setup(value).expect("position");
                let pos = Position::from_setup(rules.expect("rules before position"), &setup)
                    .expect("position fits rules");
                cases.push(Case {
                    id: id.clone(),
                    position: pos,
                    counts: Vec::new(),
                });
            }
            "perft" => {
                let (d, n) = value.split_once(' ').expect("perft depth count");
                cases
                    .last_mut()
                    .expect("case")
                    .counts
                    .push((d.parse().unwrap(), n.parse().unwrap()));
            }
            other => panic!("unknown key {other}"),
        }
    }
    cases
}

fn check(file: &str, text: &str) {
    let cases = read_cases(text);
    assert!(!cases.is_empty(), "{file} has no cases");
    let mut checked = 0;
    for case in cases {
        for &(depth, expected) in &case.counts {
            if expected > LIMIT {
                eprintln!(
                    "{file} {}: depth {depth} ({expected}) not run here; check with `kalah perft`",
                    case.id
                );
                continue;
            }
            assert_eq!(
                perft(&case.position, depth),
                expected,
                "{file} {} depth {depth}",
                case.id
            );
            checked += 1;
        }
    }
    assert!(checked > 5, "{file}: only {checked} counts checked");
}

#[test]
fn standard_perft_matches_openspiel() {
    check("standard.perft", include_str!("data/standard.perft"));
}

#[test]
fn variant_perft_matches_reference() {
    check("variants.perft", include_str!("data/variants.perft"));
}

/// The playout benchmark's answer, checked against the plain C loop in bench/c/playouts.c
/// (and OpenSpiel, driven with the same choices): 1,000,000 games, 43,983,494 moves, mean
/// final margin 0.4775. A fast wrong move generator fails here.
#[test]
fn playouts_match_the_c_reference() {
    let stats = kalah_rules::playouts(Rules::standard(), 1_000_000);
    assert_eq!(stats.moves, 43_983_494);
    assert_eq!(format!("{:.4}", stats.margin_sum as f64 / 1e6), "0.4775");
}
