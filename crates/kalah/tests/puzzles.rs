//! `kalah puzzles` through the real binary: generate a small set, check it, catch a wrong value,
//! show a puzzle; `kalah play --puzzle` refuses an unknown id.

use std::process::{Command, Output};

fn kalah(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kalah"))
        // No endgame databases of the user's: the puzzles are small.
        .env(
            "KALAH_DATA",
            std::env::temp_dir().join("kalah-puzzles-test-data"),
        )
        .args(args)
        .output()
        .expect("run kalah")
}

fn ok(args: &[&str]) -> String {
    let out = kalah(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn generate_writes_proven_puzzles_that_check_proves_again() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("set.tsv");
    let f = file.to_str().unwrap();
    ok(&[
        "puzzles",
        "generate",
        "--out",
        f,
        "--count",
        "4",
        "--threads",
        "1",
        "--seed",
        "9",
    ]);
    ok(&[
        "--rules",
        "empty-capture",
        "puzzles",
        "generate",
        "--out",
        f,
        "--merge",
        "--count",
        "2",
        "--threads",
        "1",
    ]);
    let text = std::fs::read_to_string(&file).unwrap();
    let set = kalah_puzzles::parse_file(&text).unwrap();
    assert_eq!(set.len(), 6, "{text}");
    assert!(text.starts_with(kalah_puzzles::HEADER));
    assert!(
        text.contains("# 6 puzzles: empty-capture 2, standard 4"),
        "{text}"
    );
    let out = ok(&["puzzles", "check", f, "--threads", "1"]);
    assert!(out.starts_with("ok: 6 puzzles"), "{out}");

    // One stored value changed by a seed: the check finds it and fails.
    let p = &set[0];
    let first = p.values[0]
        .iter()
        .find(|v| v.mv != p.line[0])
        .expect("a second move");
    let was = format!("{}:{:+}", first.mv, first.value);
    let now = format!("{}:{:+}", first.mv, first.value - 1);
    let line = p.to_string();
    let bad = text.replacen(&line, &line.replacen(&was, &now, 1), 1);
    assert_ne!(bad, text);
    std::fs::write(&file, bad).unwrap();
    let out = kalah(&["puzzles", "check", f, "--threads", "1"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains(&format!("FAIL puzzle {}", p.id)), "{err}");
    assert!(err.contains("1 of 6 puzzles"), "{err}");
}

#[test]
fn check_proves_a_sample_of_the_shipped_set_and_show_draws_a_puzzle() {
    let out = ok(&["puzzles", "check", "--sample", "6", "--threads", "1"]);
    assert!(out.starts_with("ok: 6 puzzles of the shipped set"), "{out}");
    let p = &kalah_puzzles::shipped()[0];
    let out = ok(&["puzzles", "show", &p.id]);
    assert!(out.contains(&format!("puzzle {}", p.id)), "{out}");
    assert!(out.contains("South houses"), "{out}");
    assert!(out.contains("line: "), "{out}");
}

#[test]
fn play_refuses_an_unknown_puzzle() {
    let out = kalah(&["play", "--puzzle", "nosuch1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("There is no puzzle \"nosuch1\""));
}
