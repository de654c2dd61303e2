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
    assert!(String::from_utf8_lossy(&out.stderr).contains("6/6 games"));
    // Six games are three whole pairs.
    let pairs: u64 = v["pentanomial"]
        .as_array()
        .expect("pentanomial counts")
        .iter()
        .map(|c| c.as_u64().unwrap())
        .sum();
    assert_eq!(pairs, 3);
    let los = v["los"].as_f64().unwrap();
    assert!((0.0..=1.0).contains(&los));
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
        &[
            "match",
            "--a",
            "club",
            "--b",
            "club",
            "--sprt",
            "elo0=10 elo1=0",
        ],
        &["match", "--a", "club", "--b", "club", "--sprt", "elo0=0"],
        &[
            "match",
            "--a",
            "club",
            "--b",
            "club",
            "--sprt",
            "elo0=0 elo1=5 alpha=1",
        ],
        &[
            "match",
            "--a",
            "club",
            "--b",
            "club",
            "--sprt",
            "elo0=0 elo1=x",
        ],
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

#[test]
fn an_sprt_stops_once_decided() {
    // A full-depth level against a random-ish beginner on a small board: decided long before
    // the 400 games allowed.
    let out = kalah(&[
        "match",
        "--a",
        "expert",
        "--b",
        "beginner",
        "--games",
        "400",
        "--houses",
        "4",
        "--seeds",
        "3",
        "--sprt",
        "elo0=0 elo1=20",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    let games = v["games"].as_u64().unwrap();
    assert!(games < 400 && games.is_multiple_of(2), "{games}");
    assert_eq!(v["sprt"]["state"], "accept_h1");
    assert!(v["sprt"]["llr"].as_f64().unwrap() >= v["sprt"]["upper"].as_f64().unwrap());
}

#[test]
fn a_tournament_rates_every_player() {
    let out = kalah(&[
        "--houses",
        "4",
        "--seeds",
        "3",
        "tournament",
        "--players",
        "beginner,depth:1,expert",
        "--mode",
        "gauntlet",
        "--games",
        "6",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    // A gauntlet: the first player against each other one.
    let pairs = v["pairings"].as_array().unwrap();
    assert_eq!(pairs.len(), 2);
    assert!(pairs
        .iter()
        .all(|p| p["a"] == "beginner" && p["result"]["games"] == 6));
    let ratings = v["ratings"].as_array().unwrap();
    assert_eq!(ratings.len(), 3);
    let games: Vec<u64> = ratings
        .iter()
        .map(|r| r["games"].as_u64().unwrap())
        .collect();
    assert_eq!(games.iter().sum::<u64>(), 24);
    let elo: Vec<f64> = ratings.iter().map(|r| r["elo"].as_f64().unwrap()).collect();
    assert!(
        elo.windows(2).all(|w| w[0] >= w[1]),
        "strongest first: {elo:?}"
    );
    assert!(elo.iter().sum::<f64>().abs() < 1e-6);

    let bad = kalah(&["tournament", "--players", "club"]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn every_game_is_saved_as_a_record_that_replays() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("games.txt");
    let out = kalah(&[
        "--houses",
        "4",
        "--seeds",
        "3",
        "--pie",
        "match",
        "--a",
        "club",
        "--b",
        "novice",
        "--games",
        "6",
        "--json",
        "--records",
        file.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let text = std::fs::read_to_string(&file).unwrap();
    let records: Vec<String> = text
        .split("[Kalah ")
        .filter(|r| !r.trim().is_empty())
        .map(|r| format!("[Kalah {r}"))
        .collect();
    assert_eq!(records.len(), 6);
    let mut a_points = 0.0;
    // Appended as the games end (two at a time): each game once, in any order.
    let mut numbers: Vec<usize> = Vec::new();
    for r in &records {
        let game = kalah_rules::Game::from_record(r).expect("a record that replays");
        let i = (1..=6)
            .find(|n| r.contains(&format!("[Game \"{n}\"]")))
            .expect("a Game tag")
            - 1;
        numbers.push(i);
        let o = game.position().outcome().expect("a finished game");
        // A sat South in odd games at the start; a swap moves both players.
        let a_side = if (i % 2 == 0) != game.seats_swapped() {
            kalah_rules::Side::South
        } else {
            kalah_rules::Side::North
        };
        let margin = o.scores[a_side] as i32 - o.scores[a_side.opponent()] as i32;
        a_points += [0.0, 0.5, 1.0][(margin.signum() + 1) as usize];
    }
    numbers.sort_unstable();
    assert_eq!(numbers, (0..6).collect::<Vec<_>>());
    assert_eq!(a_points, v["score"].as_f64().unwrap() * 6.0);
}

/// `--egdb` gives our players the stored endgame database of the rules, and says clearly
/// when there is none to give.
#[test]
fn players_take_the_stored_database_with_egdb() {
    let data = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_kalah"))
            .env("KALAH_DATA", data.path())
            .args(args)
            .output()
            .expect("run kalah")
    };
    let game = [
        "match", "--a", "perfect", "--b", "master", "--games", "2", "--houses", "4", "--seeds",
        "3", "--egdb", "--json",
    ];
    let out = run(&game);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("kalah egdb build"), "{err}");

    let built = run(&["egdb", "build", "--houses", "4", "--seeds", "3", "-k", "12"]);
    assert!(
        built.status.success(),
        "{}",
        String::from_utf8_lossy(&built.stderr)
    );
    let out = run(&game);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("using the endgame database"), "{err}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(v["games"], 2);

    // A cap below the stored file's size leaves none to load, and the error says which cap.
    let capped = [&game[..], &["--egdb-max-memory", "0"]].concat();
    let out = run(&capped);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("of at most 0 MiB"), "{err}");
    assert!(err.contains("--egdb-max-memory"), "{err}");
}

/// The records written so far in `file`.
fn record_count(file: &std::path::Path) -> usize {
    std::fs::read_to_string(file)
        .unwrap_or_default()
        .lines()
        .filter(|l| l.starts_with("[Kalah "))
        .count()
}

/// Issue 34: Ctrl-C lost everything (no summary, records written only at the end) and a
/// stopped match could not go on. Now the records are on disk as each game ends, Ctrl-C
/// prints the summary, and `--resume` finishes the match with the same result as a run
/// straight through (the players here are deterministic: node-limited searches).
#[test]
fn a_match_stopped_by_ctrl_c_resumes_to_the_same_result() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("games.txt");
    let f = file.to_str().unwrap();
    let base = [
        "match",
        "--a",
        "nodes:100000",
        "--b",
        "nodes:50000",
        "--games",
        "12",
        "-j",
        "2",
        "--seed",
        "3",
        "--json",
    ];
    let straight: serde_json::Value = {
        let out = kalah(&base);
        assert!(out.status.success());
        serde_json::from_slice(&out.stdout).unwrap()
    };
    let mut child = Command::new(env!("CARGO_BIN_EXE_kalah"))
        .args(base)
        .args(["--records", f])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Stopped once two games are on disk.
    while record_count(&file) < 2 {
        assert!(child.try_wait().unwrap().is_none(), "ended before Ctrl-C");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert!(
        err.contains("stopped by Ctrl-C") && err.contains("--resume"),
        "{err}"
    );
    let part: serde_json::Value = serde_json::from_slice(&out.stdout).expect("the summary");
    let kept = record_count(&file);
    assert!((2..12).contains(&kept), "{kept} records");
    assert_eq!(
        part["games"].as_u64().unwrap() + part["uncounted"].as_u64().unwrap(),
        kept as u64
    );
    // A record cut short, as a kill in the middle of a write leaves it: dropped and replayed.
    let text = std::fs::read_to_string(&file).unwrap();
    let torn = &text[..text.find("# move 3").unwrap()];
    std::fs::write(
        &file,
        format!("{text}{}", torn.replace("[Game \"", "[Game \"1")),
    )
    .unwrap();
    // Refused without --resume: the records would be mixed with another match's.
    let out = kalah(&[&base[..], &["--records", f]].concat());
    assert_eq!(out.status.code(), Some(2));
    let out = kalah(&[&base[..], &["--resume", f]].concat());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("cut short"), "{err}");
    let resumed: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    for key in [
        "games",
        "wins",
        "draws",
        "losses",
        "pentanomial",
        "elo",
        "elo_low",
        "los",
    ] {
        assert_eq!(resumed[key], straight[key], "{key}");
    }
    assert_eq!(record_count(&file), 12);
    let text = std::fs::read_to_string(&file).unwrap();
    for r in text.split("\n\n[Kalah ").skip(1) {
        let r = format!("[Kalah {r}");
        kalah_rules::Game::from_record(&r).unwrap_or_else(|e| panic!("{e}: {r}"));
        assert!(r.contains("# move 1 "), "{r}");
    }
    // Another match's options are refused.
    let mut other = [&base[..], &["--resume", f]].concat();
    other[10] = "4";
    assert_eq!(other[9], "--seed");
    let out = kalah(&other);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("another match"));
}

#[test]
fn a_tournament_writes_records() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("t.txt");
    let out = kalah(&[
        "tournament",
        "--players",
        "novice,casual,club",
        "--games",
        "2",
        "--records",
        file.to_str().unwrap(),
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Three pairings of two games, each record with its moves' lines.
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(record_count(&file), 6);
    assert_eq!(text.matches("[Event \"kalah tournament\"]").count(), 6);
    assert!(text.contains("[Round \"3/3\"]"));
    assert!(text.contains("# move 1 "));
    // Not overwritten.
    let again = kalah(&[
        "tournament",
        "--players",
        "novice,casual",
        "--records",
        file.to_str().unwrap(),
    ]);
    assert_eq!(again.status.code(), Some(2));
}

/// The `Start` tag of game `n` in a records file.
fn start_of(file: &std::path::Path, n: usize) -> String {
    let text = std::fs::read_to_string(file).unwrap();
    let r = text
        .split("\n\n[Kalah ")
        .find(|r| r.contains(&format!("[Game \"{n}\"]")))
        .unwrap();
    r.lines()
        .find(|l| l.starts_with("[Start "))
        .unwrap()
        .to_string()
}

#[test]
fn openings_in_random_order_from_a_start_and_a_refusal_when_the_suite_wraps() {
    let dir = tempfile::tempdir().unwrap();
    let suite = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../openings/kalah-6-4-standard-sowings6.txt"
    );
    let run = |name: &str, extra: &[&str]| {
        let file = dir.path().join(name);
        let args = [
            &[
                "match",
                "--a",
                "casual",
                "--b",
                "club",
                "--games",
                "4",
                "--openings",
                suite,
            ][..],
            extra,
            &["--records", file.to_str().unwrap()],
        ]
        .concat();
        let out = kalah(&args);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        (file, String::from_utf8_lossy(&out.stderr).into_owned())
    };
    let (seq, _) = run("seq.txt", &[]);
    let (from2, _) = run("from2.txt", &["--openings-start", "2"]);
    assert_eq!(start_of(&from2, 1), start_of(&seq, 3));
    let (rnd, _) = run("rnd.txt", &["--openings-order", "random", "--seed", "3"]);
    let (rnd2, _) = run(
        "rnd2.txt",
        &[
            "--openings-order",
            "random",
            "--seed",
            "3",
            "--openings-start",
            "2",
        ],
    );
    assert_eq!(start_of(&rnd2, 1), start_of(&rnd, 3));
    assert_ne!(
        [start_of(&rnd, 1), start_of(&rnd, 3)],
        [start_of(&seq, 1), start_of(&seq, 3)]
    );
    let small = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../openings/kalah-6-4-standard-moved1.txt"
    );
    let out = kalah(&[
        "match",
        "--a",
        "casual",
        "--b",
        "club",
        "--games",
        "10",
        "--openings",
        small,
        "--openings-wrap",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("warning: 10 games need 5 openings but the suite has 3"),
        "{err}"
    );
    assert!(out.status.success(), "{err}");
    // Without --openings-wrap the match is refused before any game, saying what to do.
    let out = kalah(&[
        "match",
        "--a",
        "casual",
        "--b",
        "club",
        "--games",
        "10",
        "--openings",
        small,
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("10 games need 5 openings but the suite has 3")
            && err.contains("--openings-wrap"),
        "{err}"
    );
}
