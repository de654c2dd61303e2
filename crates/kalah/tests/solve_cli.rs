//! `kalah solve` and `kalah analyze` through the real binary, against a plain minimax.

use kalah_rules::{parse_setup, Move, Position, Rules, Side};
use serde_json::Value;
use std::collections::HashMap;
use std::process::Command;

/// The scratch store of this test process: databases go there, never to the user's. The
/// stores of earlier runs whose process has ended are removed first (each holds hundreds of
/// megabytes of endgame database, and a test process cannot clean up after itself at exit).
fn scratch() -> &'static std::path::Path {
    static DIR: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    DIR.get_or_init(|| {
        let tmp = std::env::temp_dir();
        for entry in std::fs::read_dir(&tmp).into_iter().flatten().flatten() {
            let name = entry.file_name();
            let pid = name
                .to_str()
                .and_then(|n| n.strip_prefix("kalah-solve-cli-"));
            if pid.is_some_and(|p| !std::path::Path::new("/proc").join(p).exists()) {
                let _ = std::fs::remove_dir_all(entry.path());
            }
        }
        tmp.join(format!("kalah-solve-cli-{}", std::process::id()))
    })
}

fn kalah(args: &[&str]) -> (i32, String, String) {
    let data = scratch();
    let out = Command::new(env!("CARGO_BIN_EXE_kalah"))
        .env("KALAH_DATA", data)
        .args(args)
        .output()
        .expect("run kalah");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn json(args: &[&str]) -> Value {
    let (code, out, err) = kalah(args);
    assert_eq!(code, 0, "kalah {args:?}: {err}");
    serde_json::from_str(&out).expect("one JSON object")
}

/// Final margin for the side to move under perfect play.
fn minimax(pos: &Position, memo: &mut HashMap<Position, i32>) -> i32 {
    if let Some(o) = pos.outcome() {
        let me = pos.to_move();
        return o.scores[me] as i32 - o.scores[me.opponent()] as i32;
    }
    if let Some(&v) = memo.get(pos) {
        return v;
    }
    let best = pos
        .legal_moves()
        .iter()
        .map(|&m| move_value(pos, m, memo))
        .max()
        .expect("a move");
    memo.insert(*pos, best);
    best
}

fn move_value(pos: &Position, m: Move, memo: &mut HashMap<Position, i32>) -> i32 {
    let me = pos.to_move();
    let mut child = *pos;
    child.play(m).expect("legal");
    let v = minimax(&child, memo);
    if m != Move::Swap && child.to_move() == me {
        v
    } else {
        -v
    }
}

const RULES: [&str; 6] = [
    "--capture=standard",
    "--capture=empty",
    "--capture=none --sweep=emptier",
    "--end=mover-cannot-move --sweep=none",
    "--early-end",
    "--pie --both-stores",
];

fn rules_of(flags: &str, houses: u32, seeds: u32) -> Rules {
    let mut text = format!("standard houses={houses} seeds={seeds}");
    for f in flags.split_whitespace() {
        let f = f.trim_start_matches("--");
        text.push(' ');
        text.push_str(&match f.split_once('=') {
            Some((k, v)) => format!("{k}={v}"),
            None => format!("{f}=yes"),
        });
    }
    text.parse().expect("rules")
}

#[test]
fn solve_matches_minimax_on_small_boards() {
    for flags in RULES {
        for (houses, seeds) in [(2, 2), (3, 2), (3, 3)] {
            let rules = rules_of(flags, houses, seeds);
            let pos = Position::start(rules, Side::South);
            let expected = minimax(&pos, &mut HashMap::new());
            let (h, s) = (houses.to_string(), seeds.to_string());
            let mut args = vec!["--houses", &h, "--seeds", &s];
            args.extend(flags.split_whitespace());
            args.extend(["solve", "--json", "--hash", "8"]);
            let v = json(&args);
            assert_eq!(v["value"], expected, "{flags} {houses}x{seeds}");
            assert_eq!(v["exact"], true);
            let best = v["best_moves"].as_array().expect("best_moves");
            assert!(!best.is_empty());
            for b in best {
                let m: Move = b.as_str().unwrap().parse().unwrap();
                assert_eq!(move_value(&pos, m, &mut HashMap::new()), expected);
            }
            assert!(v["pv"].as_str().is_some_and(|p| !p.is_empty()));
            assert!(v["nodes"].as_u64().is_some() && v["seconds"].as_f64().is_some());
        }
    }
}

#[test]
fn solve_takes_a_position_and_prints_text() {
    let text = "<6,20,18,0,0,0,0,2,1,1,1,1,1,0,0> S";
    let pos = Position::from_setup(Rules::standard(), &parse_setup(text).unwrap()).unwrap();
    let expected = minimax(&pos, &mut HashMap::new());
    let (code, out, err) = kalah(&["solve", "--position", text, "--hash", "8"]);
    assert_eq!(code, 0, "{err}");
    let sign = if expected > 0 { "+" } else { "" };
    assert!(
        out.contains(&format!("value: {sign}{expected} for South (exact)")),
        "{out}"
    );
}

#[test]
fn solve_with_a_database_gives_the_same_value() {
    let a = json(&[
        "--houses",
        "4",
        "--seeds",
        "3",
        "solve",
        "--json",
        "--egdb-seeds",
        "0",
    ]);
    let b = json(&[
        "--houses",
        "4",
        "--seeds",
        "3",
        "solve",
        "--json",
        "--egdb-seeds",
        "8",
    ]);
    assert_eq!(a["value"], b["value"]);
    assert!(a["database"].is_null());
    assert_eq!(b["database"]["max_seeds"], 8);
}

#[test]
fn analyze_gives_every_move_its_value() {
    let rules = rules_of("--capture=empty", 3, 3);
    let pos = Position::start(rules, Side::South);
    let v = json(&[
        "--houses",
        "3",
        "--seeds",
        "3",
        "--capture",
        "empty",
        "analyze",
        "--json",
        "--time",
        "5",
    ]);
    let moves = v["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), pos.legal_moves().len());
    for m in moves {
        let mv: Move = m["move"].as_str().unwrap().parse().unwrap();
        assert_eq!(m["exact"], true);
        assert_eq!(
            m["value"],
            move_value(&pos, mv, &mut HashMap::new()),
            "{mv}"
        );
    }
}

/// Half a second proves nothing at the start of Kalah(6,5); the shipped book proves every
/// first move's value, and says so.
#[test]
fn analyze_takes_what_the_search_cannot_prove_from_the_opening_book() {
    let v = json(&[
        "--seeds",
        "5",
        "analyze",
        "--json",
        "--time",
        "0.5",
        "--egdb-seeds",
        "0",
    ]);
    let moves = v["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), 6);
    assert!(
        moves
            .iter()
            .all(|m| m["exact"] == true && m["book"] == true),
        "{v}"
    );
    // The book's entry: +10, house 2 the only best move.
    assert_eq!(
        (&moves[0]["move"], &moves[0]["value"]),
        (&"2".into(), &10.into())
    );
    assert!(
        moves[1..].iter().all(|m| m["value"].as_i64() < Some(10)),
        "{v}"
    );
    let (code, out, err) = kalah(&[
        "--seeds",
        "5",
        "analyze",
        "--time",
        "0.5",
        "--egdb-seeds",
        "0",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("+10  exact (opening book)"), "{out}");
}

#[test]
fn bad_input_is_one_error_line_with_exit_code_2() {
    for args in [
        vec!["solve", "--hash", "0"],
        vec!["solve", "--threads", "0"],
        vec!["--early-end", "solve", "--egdb-seeds", "4"],
        vec!["solve", "--egdb", "/nonexistent/file.egdb"],
        vec!["analyze", "--time", "-1"],
        vec!["analyze", "--position", "<1,1,0,0,0> S"],
    ] {
        let (code, out, err) = kalah(&args);
        assert_eq!(code, 2, "{args:?}: {out} {err}");
        assert!(
            err.starts_with("error: ") && err.lines().count() == 1,
            "{args:?}: {err}"
        );
    }
}

/// A big search whose table the cap cuts hears how to give it more; a small one, or JSON
/// output, does not.
#[test]
fn a_table_cut_by_the_cap_is_noted() {
    // 48 seeds left want a 128 MiB table; a 48 MiB cap leaves 32, a 100 MiB one 64 (a cut
    // by half is not worth a note). No database, to keep the test small.
    let pos = "<6,0,0,0,0,0,0,0,1,47,0,0,0,0,0> S";
    let args = [
        "solve",
        "--egdb-seeds",
        "0",
        "--max-memory",
        "48",
        "--position",
        pos,
    ];
    let (code, _, err) = kalah(&args);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("note: --max-memory 48 leaves this search a 32 MiB table where 128 MiB"),
        "{err}"
    );
    let (code, _, err) = kalah(&[
        "solve",
        "--egdb-seeds",
        "0",
        "--max-memory",
        "100",
        "--position",
        pos,
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains("note:"), "{err}");
    let (_, _, err) = kalah(&[&args[..], &["--json"]].concat());
    assert!(!err.contains("note:"), "{err}");
}

/// A search that proves hard grows its default table within the cap, and finds the value
/// of a table that cannot grow; an explicit `--hash` stays as given.
#[test]
fn a_hard_search_grows_its_table_within_the_cap() {
    // Kalah(6,3): 36 seeds get an 8 MiB table (524,288 entries), and the proof visits about
    // five million nodes.
    let base = [
        "--houses",
        "6",
        "--seeds",
        "3",
        "solve",
        "--egdb-seeds",
        "0",
    ];
    let grown = json(&[&base[..], &["--json"]].concat());
    assert_eq!(grown["hash_mb"], 8);
    assert_eq!(grown["hash_max_mb"], 1024);
    let final_mb = grown["hash_final_mb"].as_u64().unwrap();
    assert!((16..=1024).contains(&final_mb), "{grown}");
    let capped = json(&[&base[..], &["--max-memory", "16", "--json"]].concat());
    assert_eq!(capped["hash_max_mb"], 16);
    assert_eq!(capped["hash_final_mb"], 16);
    let fixed = json(&[&base[..], &["--hash", "8", "--json"]].concat());
    assert_eq!(fixed["hash_final_mb"], 8);
    for v in [&grown, &capped] {
        assert_eq!(v["value"], fixed["value"]);
        assert_eq!(v["best_moves"], fixed["best_moves"]);
    }
    let (code, out, err) = kalah(&base);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("table: grew from 8 to "), "{out}");
    // The largest cap reserves no more room than the largest table, and is no crash.
    let big = json(&[
        "--houses",
        "4",
        "--seeds",
        "3",
        "solve",
        "--max-memory",
        "1048576",
        "--json",
    ]);
    assert_eq!(big["hash_max_mb"], 65_536);
}

/// `--one-best`: the value of the full solve and one of its best moves, said to be one only.
#[test]
fn one_best_gives_the_value_and_one_of_the_best_moves() {
    let args = [
        "--houses",
        "5",
        "--seeds",
        "3",
        "solve",
        "--json",
        "--threads",
        "1",
    ];
    let full = json(&args);
    let one = json(&[&args[..], &["--one-best"]].concat());
    assert_eq!(one["value"], full["value"]);
    assert_eq!(full["all_best"], true);
    assert_eq!(one["all_best"], false);
    let best = one["best_moves"].as_array().expect("best_moves");
    assert_eq!(best.len(), 1, "{one}");
    let all = full["best_moves"].as_array().expect("best_moves");
    assert!(all.contains(&best[0]), "{one} {full}");
    assert!(
        one["nodes"].as_u64() < full["nodes"].as_u64(),
        "{one} {full}"
    );
    assert!(one["value_expanded"].as_u64() > Some(0), "{one}");
    let text = [
        "--houses",
        "5",
        "--seeds",
        "3",
        "solve",
        "--one-best",
        "--threads",
        "1",
    ];
    let (code, out, err) = kalah(&text);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("best move: "), "{out}");
}
