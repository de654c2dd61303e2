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

/// Each line's value is what `kalah solve` gives for its Kalah(4,3) position.
fn solver_agrees(data: &std::path::Path, lines: &[(String, i32)]) {
    for (pos, value) in lines {
        let s = kalah(
            data,
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
    assert_eq!(header_count(&text, "# candidates: "), 72, "{text}");
    assert_eq!(header_count(&text, "kept: "), 72, "{text}");
    assert_eq!(header_count(&text, "outside the margin: "), 0, "{text}");
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
    let fair_text = std::fs::read_to_string(&out).unwrap();
    let fair = suite_lines(&fair_text);
    let expected: Vec<_> = all.iter().filter(|(_, v)| *v == 0).cloned().collect();
    assert_eq!(fair, expected);
    // The others were stopped once proven outside ±0, and counted.
    let outside = header_count(&fair_text, "outside the margin: ");
    assert_eq!(outside + fair.len(), 72, "{fair_text}");
    // Each kept value agrees with `kalah solve` of the position.
    solver_agrees(data.path(), &fair[..3]);
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

fn header_count(text: &str, what: &str) -> usize {
    let line = text
        .lines()
        .find(|l| l.starts_with("# candidates: "))
        .expect("the counts line");
    let at = line
        .find(what)
        .unwrap_or_else(|| panic!("{what} in {line}"))
        + what.len();
    line[at..]
        .split(|c: char| !c.is_ascii_digit())
        .next()
        .unwrap()
        .parse()
        .unwrap()
}

#[test]
fn sampled_suites_are_reproducible_and_count_what_they_left_out() {
    let data = tempfile::tempdir().unwrap();
    let args = [
        "--houses",
        "4",
        "--seeds",
        "3",
        "openings",
        "--sowings",
        "12",
        "--sample",
        "25",
        "--seed",
        "9",
        "--margin",
        "100",
    ];
    let a = kalah(data.path(), &args);
    assert!(a.status.success(), "{}", String::from_utf8_lossy(&a.stderr));
    let text = String::from_utf8(a.stdout).unwrap();
    assert!(text.contains("drawn at random with seed 9"), "{text}");
    assert_eq!(header_count(&text, "# candidates: "), 25);
    assert_eq!(header_count(&text, "kept: "), 25);
    let lines = suite_lines(&text);
    assert_eq!(lines.len(), 25);
    // The same seed draws the same positions; each value is the solver's.
    let again = kalah(data.path(), &args);
    assert_eq!(
        suite_lines(&String::from_utf8(again.stdout).unwrap()),
        lines
    );
    solver_agrees(data.path(), &lines[..3]);

    // The guess leaves candidates out and says how many; what it keeps is still proven.
    let mut guessed = args.to_vec();
    guessed.extend(["--prefilter", "0"]);
    let g = kalah(data.path(), &guessed);
    assert!(g.status.success(), "{}", String::from_utf8_lossy(&g.stderr));
    let text = String::from_utf8(g.stdout).unwrap();
    let out = header_count(&text, "beyond ±0): ");
    let kept = suite_lines(&text);
    assert!(out > 0, "{text}");
    assert_eq!(kept.len() + out, 25, "{text}");
    assert!(kept.iter().all(|k| lines.contains(k)), "{text}");
}

#[test]
fn candidates_not_proven_in_time_are_left_out_and_counted() {
    let data = tempfile::tempdir().unwrap();
    // Kalah(6,6) two sowings in cannot be proven in 10 ms.
    let out = kalah(
        data.path(),
        &[
            "--seeds",
            "6",
            "openings",
            "--sowings",
            "2",
            "--sample",
            "2",
            "--max-seconds",
            "0.01",
            "--max-memory",
            "64",
            "--margin",
            "100",
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("none of the 2 candidates was kept") && err.contains("2 not proven in time"),
        "{err}"
    );
    for args in [
        &["openings", "--sowings", "9"][..],
        &["openings", "--sowings", "81", "--sample", "3"],
        &["openings", "--moved", "1", "--sample", "0"],
        &["openings", "--moved", "1", "--max-seconds", "0"],
        &["openings", "--moved", "1", "--seed", "3"],
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
