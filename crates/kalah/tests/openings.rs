//! `kalah openings` through the real binary.

use std::process::{Command, Output};

fn kalah(data: &std::path::Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kalah"))
        .env("KALAH_DATA", data)
        .args(args)
        .output()
        .expect("run kalah")
}

fn suite_lines(text: &str) -> Vec<(String, i32)> {
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let (pos, rest) = l.split_once("  ").expect("position  value");
            (
                pos.to_string(),
                rest.split_whitespace().next().unwrap().parse().unwrap(),
            )
        })
        .collect()
}

#[test]
fn balanced_suites_hold_only_positions_of_their_margin() {
    let data = tempfile::tempdir().unwrap();
    let all = kalah(
        data.path(),
        &[
            "--houses", "4", "--seeds", "3", "openings", "--moved", "1", "--margin", "100",
        ],
    );
    assert!(
        all.status.success(),
        "{}",
        String::from_utf8_lossy(&all.stderr)
    );
    let text = String::from_utf8(all.stdout).unwrap();
    assert!(
        text.starts_with("# kalah openings v1\n# rules: houses=4 seeds=3"),
        "{text}"
    );
    assert!(text.contains("# candidates: 72, kept: 72"), "{text}");
    let all = suite_lines(&text);
    assert_eq!(all.len(), 72);

    let out = data.path().join("suite.txt");
    let fair = kalah(
        data.path(),
        &[
            "--houses",
            "4",
            "--seeds",
            "3",
            "openings",
            "--moved",
            "1",
            "--out",
            out.to_str().unwrap(),
        ],
    );
    assert!(
        fair.status.success(),
        "{}",
        String::from_utf8_lossy(&fair.stderr)
    );
    let fair = suite_lines(&std::fs::read_to_string(&out).unwrap());
    let expected: Vec<_> = all.iter().filter(|(_, v)| *v == 0).cloned().collect();
    assert_eq!(fair, expected);
    // Each kept value agrees with `kalah solve` of the position.
    for (pos, value) in fair.iter().take(3) {
        let s = kalah(
            data.path(),
            &[
                "--houses",
                "4",
                "--seeds",
                "3",
                "solve",
                "--position",
                pos,
                "--json",
            ],
        );
        let v: serde_json::Value = serde_json::from_slice(&s.stdout).unwrap();
        assert_eq!(v["value"], *value, "{pos}");
    }
}

#[test]
fn sowing_suites_list_their_moves_and_bad_input_is_refused() {
    let data = tempfile::tempdir().unwrap();
    let out = kalah(
        data.path(),
        &[
            "--houses",
            "4",
            "--seeds",
            "3",
            "openings",
            "--sowings",
            "2",
            "--margin",
            "100",
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let body: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert!(!body.is_empty());
    assert!(body.iter().all(|l| l.split("  ").count() == 3), "{text}");
    for args in [
        &["openings"][..],
        &["openings", "--moved", "3"],
        &["openings", "--sowings", "0"],
        &["--pie", "openings", "--moved", "1"],
    ] {
        let out = kalah(data.path(), args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stderr).starts_with("error: "));
    }
}

#[test]
fn a_match_plays_each_suite_position_with_both_colours() {
    let data = tempfile::tempdir().unwrap();
    let suite = data.path().join("suite.txt");
    let made = kalah(
        data.path(),
        &[
            "--houses",
            "4",
            "--seeds",
            "3",
            "openings",
            "--moved",
            "1",
            "--out",
            suite.to_str().unwrap(),
        ],
    );
    assert!(made.status.success());
    let positions = suite_lines(&std::fs::read_to_string(&suite).unwrap());
    assert!(positions.len() >= 2);
    let out = kalah(
        data.path(),
        &[
            "--houses",
            "4",
            "--seeds",
            "3",
            "match",
            "--a",
            "club",
            "--b",
            "novice",
            "--games",
            "4",
            "--verbose",
            "--json",
            "--openings",
            suite.to_str().unwrap(),
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let log = String::from_utf8_lossy(&out.stderr);
    for (i, (pos, _)) in positions.iter().take(2).enumerate() {
        for game in [2 * i + 1, 2 * i + 2] {
            let colour = if game % 2 == 1 { "South" } else { "North" };
            let line = format!("game {game}: A {colour}, start {pos},");
            assert!(log.contains(&line), "{line} in {log}");
        }
    }
    // A suite for other rules is refused with what to do.
    let wrong = kalah(
        data.path(),
        &[
            "match",
            "--a",
            "club",
            "--b",
            "novice",
            "--openings",
            suite.to_str().unwrap(),
        ],
    );
    assert_eq!(wrong.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&wrong.stderr).contains("rule flags"));
}
