//! The rules commands through the real binary: output, JSON, and one-line errors with exit code 2.

use std::process::{Command, Output};

fn kalah(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kalah"))
        .args(args)
        .output()
        .expect("run kalah")
}

fn stdout(args: &[&str]) -> String {
    let out = kalah(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Bad input: exit code 2, one line on stderr that contains `needle`, nothing on stdout.
fn refuses(args: &[&str], needle: &str) {
    let out = kalah(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(err.contains(needle), "{args:?}: {err}");
    assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
    assert!(out.stdout.is_empty());
}

#[test]
fn apply_prints_the_position() {
    assert_eq!(
        stdout(&["apply", "3", "1"]),
        "<6,1,0,0,5,1,6,6,5,4,4,4,4,4,4> N\n"
    );
    assert_eq!(
        stdout(&["apply", "3-1"]),
        "<6,1,0,0,5,1,6,6,5,4,4,4,4,4,4> N\n"
    );
    assert_eq!(
        stdout(&["apply", "--first", "north", "6"]),
        "<6,0,1,5,5,5,4,4,4,4,4,4,4,4,0> S\n"
    );
    assert_eq!(
        stdout(&["--seeds", "3", "--houses", "4", "apply", "2"]),
        "<4,1,0,3,0,4,4,3,3,3,3> S\n"
    );
}

#[test]
fn apply_json_reports_events() {
    let out = stdout(&[
        "apply",
        "--json",
        "--position",
        "<6,0,0,1,0,0,0,0,1,1,1,1,1,3,1> S",
        "1",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["position"], "<6,4,0,0,0,0,0,0,1,1,1,1,1,0,1> N");
    assert_eq!(v["to_move"], "north");
    assert_eq!(v["over"], false);
    assert_eq!(v["south_score"], 4);
    assert_eq!(v["north_score"], 0);
    assert!(v["winner"].is_null());
    let s = &v["sowings"][0];
    assert_eq!(s["capture"]["house"], 2);
    assert_eq!(s["capture"]["seeds"], 4);
    assert_eq!(s["sown"][0]["house"], 2);
    assert_eq!(s["extra_turn"], false);
}

#[test]
fn apply_json_final_scores_include_the_sweep() {
    let out = stdout(&[
        "apply",
        "--json",
        "--position",
        "<6,20,20,0,0,0,0,0,1,1,1,1,1,1,3> S",
        "6",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["over"], true);
    assert_eq!(v["south_score"], 21);
    assert_eq!(v["north_score"], 28);
    assert_eq!(v["winner"], "north");
    assert_eq!(v["sowings"][0]["sweep"]["north"], 8);
}

#[test]
fn every_rule_flag_is_accepted() {
    let out = stdout(&[
        "--rules",
        "bga",
        "--houses",
        "5",
        "--seeds",
        "3",
        "--capture",
        "empty",
        "--end",
        "either-empty",
        "--sweep",
        "emptier",
        "--early-end=no",
        "--pie",
        "--both-stores",
        "apply",
        "--json",
        "3",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        v["rules"],
        "houses=5 seeds=3 capture=empty end=either-empty sweep=emptier early-end=no pie=yes both-stores=yes"
    );
}

#[test]
fn pie_swap_through_the_cli() {
    assert_eq!(
        stdout(&["--pie", "apply", "3-1", "swap"]),
        "<6,1,0,0,5,1,6,6,5,4,4,4,4,4,4> N\n"
    );
    assert_eq!(
        stdout(&["--pie", "apply", "3-1"]),
        "<6,1,0,0,5,1,6,6,5,4,4,4,4,4,4> N pie=offer\n"
    );
}

#[test]
fn perft_counts() {
    assert_eq!(
        stdout(&["perft", "--depth", "4"]),
        "perft 1 6\nperft 2 35\nperft 3 185\nperft 4 942\n"
    );
}

#[test]
fn show_and_rules() {
    let s = stdout(&["show"]);
    assert!(s.contains("South to move; legal moves: 1 2 3 4 5 6"), "{s}");
    let r = stdout(&["rules", "sheet-004"]);
    assert!(
        r.contains("emptier") || r.contains("empty takes all"),
        "{r}"
    );
    assert!(r.contains("bga"));
    let h = stdout(&["--help"]);
    for flag in [
        "--rules",
        "--houses",
        "--capture",
        "--early-end",
        "--pie",
        "--both-stores",
    ] {
        assert!(h.contains(flag), "--help lacks {flag}");
    }
}

#[test]
fn plain_kalah_prints_help_not_an_error() {
    let out = kalah(&[]);
    assert_eq!(out.status.code(), Some(2));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Usage: kalah"), "{text}");
    assert!(!text.contains("error:"), "{text}");
    assert!(out.stderr.is_empty());
}

/// Issue 16: near-miss arguments point to the flag meant.
#[test]
fn near_miss_arguments_get_a_hint() {
    refuses(&["solve", "6", "4"], "use --houses N --seeds N");
    refuses(&["serve", "--port", "8080"], "use --addr 127.0.0.1:PORT");
}

#[test]
fn bad_input_gets_one_line_and_exit_2() {
    refuses(
        &["apply", "--position", "<6,0,0,4,4> S"],
        "needs 15 numbers",
    );
    refuses(&["apply", "--position", "6,0,0"], "looks like");
    refuses(
        &["apply", "--position", "<6,0,0,4,4,4,4,4,4,4,4,4,4,4,4>"],
        "S or N",
    );
    refuses(
        &[
            "--houses",
            "4",
            "apply",
            "--position",
            "<6,0,0,4,4,4,4,4,4,4,4,4,4,4,4> S",
        ],
        "4",
    );
    refuses(&["apply", "7"], "house 7 does not exist");
    refuses(&["apply", "0"], "bad move");
    refuses(&["apply", "x"], "bad move");
    refuses(&["apply", "3", "3"], "empty");
    refuses(&["apply", "swap"], "no pie rule");
    refuses(&["--pie", "apply", "swap"], "only allowed");
    refuses(
        &[
            "apply",
            "--position",
            "<6,30,18,0,0,0,0,0,0,0,0,0,0,0,0> S",
            "1",
        ],
        "game is over",
    );
    refuses(&["--houses", "0", "show"], "houses per side");
    refuses(&["--seeds", "99", "show"], "seeds per house");
    refuses(&["--rules", "chess", "show"], "unknown preset");
    // A slip in a name gets the name meant.
    refuses(
        &["rules", "bgaa"],
        "unknown preset \"bgaa\" (did you mean \"bga\"?)",
    );
    refuses(&["--capture", "maybe", "show"], "maybe");
    refuses(
        &[
            "apply",
            "--first",
            "north",
            "--position",
            "<6,0,0,4,4,4,4,4,4,4,4,4,4,4,4> S",
        ],
        "--first",
    );
    refuses(
        &[
            "apply",
            "--position",
            "<6,0,0,4,4,4,4,4,4,4,4,4,4,4,4> S pie=offer",
        ],
        "pie",
    );
    refuses(&["perft", "--depth", "99"], "--depth");
    refuses(&["apply", "--position", "<99999,0,0> S"], "houses per side");
}

#[test]
fn serve_refuses_limits_it_cannot_run_with() {
    refuses(
        &["serve", "--max-analyses", "0"],
        "--max-analyses must be at least 1",
    );
    refuses(
        &["serve", "--max-sockets-per-game", "0"],
        "--max-sockets-per-game must be at least 1",
    );
    refuses(
        &["serve", "--idle-game-timeout", "1"],
        "--idle-game-timeout must be between 10 and 86400 seconds",
    );
    refuses(
        &["serve", "--db-connections", "65"],
        "--db-connections must be at most 64",
    );
}

#[test]
fn serve_on_a_busy_port_says_what_to_do() {
    let busy = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = busy.local_addr().unwrap().to_string();
    let data = std::env::temp_dir().join(format!("kalah-busy-port-{}", std::process::id()));
    let out = Command::new(env!("CARGO_BIN_EXE_kalah"))
        .args(["serve", "--addr", &addr, "--data"])
        .arg(&data)
        .env("RUST_LOG", "off")
        .output()
        .expect("run kalah");
    let _ = std::fs::remove_dir_all(&data);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{err}");
    assert!(err.contains(&format!("cannot listen on {addr}")), "{err}");
    assert!(err.contains("another program"), "{err}");
    assert!(err.contains("--addr 127.0.0.1:8081"), "{err}");
    drop(busy);
}
