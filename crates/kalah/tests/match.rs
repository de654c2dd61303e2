//! `kalah match` through the real binary.

use std::process::{Command, Output};

fn kalah(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kalah"))
        .args(args)
        .output()
        .expect("run kalah")
}

#[test]
fn a_short_match_prints_json_totals() {
    let out = kalah(&[
        "match", "--a", "novice", "--b", "depth:2", "--games", "6", "--houses", "4", "--seeds",
        "3", "--pie", "--seed", "9", "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(v["a"], "novice");
    assert_eq!(v["b"], "depth:2");
    assert_eq!(v["games"], 6);
    let (w, d, l) = (
        v["wins"].as_u64().unwrap(),
        v["draws"].as_u64().unwrap(),
        v["losses"].as_u64().unwrap(),
    );
    assert_eq!(w + d + l, 6);
    let score = v["score"].as_f64().unwrap();
    assert!((score - (w as f64 + 0.5 * d as f64) / 6.0).abs() < 1e-9);
    let (elo, low, high) = (
        v["elo"].as_f64().unwrap(),
        v["elo_low"].as_f64().unwrap(),
        v["elo_high"].as_f64().unwrap(),
    );
    assert!(low <= elo && elo <= high);
    assert!(v["rules"].as_str().unwrap().contains("pie=yes"));
    // Progress goes to stderr.
    assert!(String::from_utf8_lossy(&out.stderr).contains("[6/6]"));
}

#[test]
fn text_output_names_the_players_and_the_elo() {
    let out = kalah(&["match", "--a", "beginner", "--b", "novice", "--games", "4"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("A: beginner   B: novice"), "{text}");
    assert!(text.contains("games: 4"), "{text}");
    assert!(text.contains("Elo A - B:"), "{text}");
}

#[test]
fn bad_input_is_a_one_line_error() {
    for args in [
        &["match", "--a", "grandmaster", "--b", "club"][..],
        &["match", "--a", "depth:0", "--b", "club"],
        &["match", "--a", "club", "--b", "club", "--games", "0"],
        &["match", "--a", "club", "--b", "club", "--threads", "0"],
    ] {
        let out = kalah(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.starts_with("error: ") && err.lines().count() == 1,
            "{err}"
        );
    }
}
