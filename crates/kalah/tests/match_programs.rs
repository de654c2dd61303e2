//! `kalah match` and `kalah tournament` with engine-protocol programs: our own `kalah
//! engine`, and small shell scripts that misbehave. Each fault loses the game and the record
//! says why.

use std::path::Path;
use std::process::{Command, Output};

const KALAH: &str = env!("CARGO_BIN_EXE_kalah");

fn kalah(args: &[&str], data: &Path) -> Output {
    Command::new(KALAH)
        .args(args)
        .env("KALAH_DATA", data)
        .output()
        .expect("run kalah")
}

/// A shell script speaking just enough of the protocol; `on_go` is what it does on `go`.
fn script(dir: &Path, name: &str, on_go: &str) -> String {
    let path = dir.join(name);
    let text = format!(
        "while read -r cmd rest; do\n  case \"$cmd\" in\n    kep) echo \"id name {name}\"; echo kepok;;\n    isready) echo readyok;;\n    go) {on_go};;\n    quit) exit 0;;\n  esac\ndone\n"
    );
    std::fs::write(&path, text).unwrap();
    format!("engine:sh {}", path.display())
}

fn json(out: &Output) -> serde_json::Value {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

/// The records of a `--records` file, one string each.
fn records(file: &Path) -> Vec<String> {
    std::fs::read_to_string(file)
        .unwrap()
        .split("[Kalah ")
        .filter(|r| !r.trim().is_empty())
        .map(|r| format!("[Kalah {r}"))
        .collect()
}

#[test]
fn our_engine_plays_as_a_program() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("games.txt");
    let a = format!("engine:{KALAH} engine --level club");
    let out = kalah(
        &[
            "match",
            "--a",
            &a,
            "--b",
            "casual",
            "--games",
            "4",
            "--movetime",
            "200",
            "--json",
            "--records",
            file.to_str().unwrap(),
        ],
        dir.path(),
    );
    let v = json(&out);
    assert_eq!(v["games"], 4);
    assert_eq!(v["forfeits"], serde_json::json!({"a": {}, "b": {}}));
    assert_eq!(v["time_control"], "200 ms a move");
    assert!(v["time_a"]["moves"].as_u64().unwrap() > 10);
    for r in records(&file) {
        let game = kalah_rules::Game::from_record(&r).expect("a record that replays");
        assert!(game.position().is_over(), "{r}");
        assert!(r.contains("A: engine:"), "{r}");
    }
}

#[test]
fn misbehaving_programs_lose_every_game_and_the_records_say_why() {
    let dir = tempfile::tempdir().unwrap();
    for (name, on_go, kind, says) in [
        (
            "illegal",
            "echo 'bestmove 7'",
            "illegal",
            "B illegal move: 7 in <6,",
        ),
        ("quitter", "exit 0", "crash", "B crashed: exited"),
        (
            "hang",
            "sleep 5",
            "time",
            "B lost on time: no bestmove within 150 ms",
        ),
    ] {
        let file = dir.path().join(format!("{name}.txt"));
        let b = script(dir.path(), name, on_go);
        let out = kalah(
            &[
                "match",
                "--a",
                &format!("engine:{KALAH} engine --level casual"),
                "--b",
                &b,
                "--games",
                "4",
                "-j",
                "2",
                "--movetime",
                "100",
                "--grace",
                "50",
                "--json",
                "--records",
                file.to_str().unwrap(),
            ],
            dir.path(),
        );
        let v = json(&out);
        assert_eq!(v["wins"], 4, "{name}: {v}");
        assert_eq!(v["forfeits"]["b"][kind], 4, "{name}: {v}");
        let recs = records(&file);
        assert_eq!(recs.len(), 4);
        for r in &recs {
            assert!(r.contains(&format!("[Termination \"{says}")), "{name}: {r}");
            // The loser resigns in the record: B sits North in odd games (South in even ones).
            // Records are appended as games end, so they go by their Game tag.
            let game = kalah_rules::Game::from_record(r).expect("a record that replays");
            let n: usize = game
                .tags
                .iter()
                .find(|(k, _)| k == "Game")
                .and_then(|(_, v)| v.parse().ok())
                .expect("a Game tag");
            let b_side = if n % 2 == 1 { "North" } else { "South" };
            assert!(r.contains(&format!("[Result \"{b_side} resigns\"]")), "{r}");
            kalah_rules::Game::from_record(r).expect("a record that replays");
        }
    }
}

#[test]
fn a_program_that_cannot_start_stops_the_match_before_it_begins() {
    let dir = tempfile::tempdir().unwrap();
    let out = kalah(
        &[
            "match",
            "--a",
            "engine:/no/such/bot",
            "--b",
            "club",
            "--movetime",
            "100",
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("could not start"), "{err}");
    let out = kalah(
        &[
            "match",
            "--a",
            &format!("engine:{KALAH} engine"),
            "--b",
            "club",
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--movetime"));
}

#[test]
fn a_tournament_takes_programs() {
    let dir = tempfile::tempdir().unwrap();
    let bad = script(dir.path(), "illegal", "echo 'bestmove 7'");
    let out = kalah(
        &[
            "tournament",
            "--players",
            "novice,club",
            "--player",
            &bad,
            "--games",
            "2",
            "--movetime",
            "100",
            "--json",
        ],
        dir.path(),
    );
    let v = json(&out);
    let ratings = v["ratings"].as_array().unwrap();
    assert_eq!(ratings.len(), 3);
    // The program that only plays illegal moves is last.
    assert!(ratings[2]["player"]
        .as_str()
        .unwrap()
        .starts_with("engine:"));
    assert_eq!(ratings[2]["points"], 0.0);
}

#[test]
fn adjudicated_games_say_so() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("games.txt");
    let v = json(&kalah(
        &[
            "match",
            "--a",
            "club",
            "--b",
            "casual",
            "--games",
            "6",
            "--adjudicate",
            "--json",
            "--records",
            file.to_str().unwrap(),
        ],
        dir.path(),
    ));
    let adjudicated = v["adjudicated"].as_u64().unwrap();
    assert!(adjudicated > 0, "{v}");
    let recs = records(&file);
    let said = recs
        .iter()
        .filter(|r| r.contains("[Termination \"adjudicated by the solver: value "))
        .count();
    assert_eq!(said as u64, adjudicated);
    // Off by default: the same match plays every game out.
    let v = json(&kalah(
        &[
            "match", "--a", "club", "--b", "casual", "--games", "6", "--json",
        ],
        dir.path(),
    ));
    assert_eq!(v["adjudicated"], 0, "{v}");
    for r in &recs {
        kalah_rules::Game::from_record(r).expect("a record that replays");
    }
}

#[test]
fn a_clock_is_kept_by_our_engine_searching_by_its_share() {
    let dir = tempfile::tempdir().unwrap();
    let a = format!("engine:{KALAH} engine");
    let v = json(&kalah(
        &[
            "match", "--a", &a, "--b", "club", "--games", "2", "--tc", "1+0.05", "--json",
        ],
        dir.path(),
    ));
    assert_eq!(v["time_control"], "1+0.05 s");
    assert_eq!(v["forfeits"], serde_json::json!({"a": {}, "b": {}}));
    // About a 30th of what is left each move: the clock never runs out.
    let longest = v["time_a"]["longest_ms"].as_f64().unwrap();
    assert!(longest < 400.0, "{v}");
    assert!(v["time_a"]["mean_ms"].as_f64().unwrap() > 5.0, "{v}");
}

#[test]
fn our_kgp_client_plays_as_a_kgp_program() {
    // `kalah kgp connect` without a URL finds the runner through KGP_HOST and KGP_PORT.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("games.txt");
    let a = format!("kgp:{KALAH} kgp connect --level club --name ours");
    let out = kalah(
        &[
            "match",
            "--a",
            &a,
            "--b",
            "beginner",
            "--games",
            "4",
            "-j",
            "2",
            "--movetime",
            "300",
            "--json",
            "--records",
            file.to_str().unwrap(),
        ],
        dir.path(),
    );
    let v = json(&out);
    assert!(
        String::from_utf8_lossy(&out.stderr).contains(": ours"),
        "the runner names the bot by its info:name"
    );
    assert_eq!(v["games"], 4);
    assert_eq!(v["forfeits"], serde_json::json!({"a": {}, "b": {}}));
    // W/D/L as the records replay: A is the side named "A: ...".
    let recs = records(&file);
    assert_eq!(recs.len(), 4);
    let mut wdl = [0u64; 3];
    for r in &recs {
        let game = kalah_rules::Game::from_record(r).expect("a record that replays");
        let outcome = game.position().outcome().expect("the game is over");
        assert!(r.contains("A: kgp:"), "{r}");
        let a = if r.contains("[South \"A: ") {
            kalah_rules::Side::South
        } else {
            kalah_rules::Side::North
        };
        wdl[match outcome.winner {
            Some(w) if w == a => 0,
            None => 1,
            Some(_) => 2,
        }] += 1;
    }
    let counts = [&v["wins"], &v["draws"], &v["losses"]].map(|x| x.as_u64().unwrap());
    assert_eq!(counts, wdl, "{v}");
}

#[test]
fn kgp_programs_need_per_move_time_and_no_pie() {
    let dir = tempfile::tempdir().unwrap();
    let a = format!("kgp:{KALAH} kgp connect --level club");
    for (extra, want) in [
        (
            &["--tc", "10+0.1"][..],
            "KGP has no clock; give --movetime MS",
        ),
        (&["--movetime", "100", "--pie"][..], "KGP has no pie rule"),
        (&[][..], "a program needs a time control"),
    ] {
        let mut args = vec!["match", "--a", &a, "--b", "club", "--games", "2"];
        args.extend_from_slice(extra);
        let out = kalah(&args, dir.path());
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(want), "{err}");
    }
}

/// Issue 34: a program that thinks a little too long on every move used to get a fresh grace
/// each move with its clock stopped at zero, and never lost on time. Now its overruns add up
/// and it loses on time once they pass the grace.
#[test]
fn a_program_that_keeps_overrunning_its_clock_loses_on_time() {
    let dir = tempfile::tempdir().unwrap();
    // Our engine behind a filter that holds every bestmove back 150 ms: less than the grace
    // on any one move, far more than a 0.5 s clock over a game.
    let path = dir.path().join("slow.sh");
    std::fs::write(
        &path,
        format!(
            "{KALAH} engine --level casual | while IFS= read -r l; do\n  case \"$l\" in bestmove*) sleep 0.15;; esac\n  printf '%s\\n' \"$l\"\ndone\n"
        ),
    )
    .unwrap();
    let a = format!("engine:sh {}", path.display());
    let file = dir.path().join("games.txt");
    let out = kalah(
        &[
            "match",
            "--a",
            &a,
            "--b",
            "casual",
            "--games",
            "2",
            "--tc",
            "0.5+0",
            "--json",
            "--records",
            file.to_str().unwrap(),
        ],
        dir.path(),
    );
    let v = json(&out);
    assert_eq!(v["forfeits"]["a"], serde_json::json!({"time": 2}), "{v}");
    for r in records(&file) {
        // Caught waiting (its clock at 0 and the grace partly spent) or when charged.
        assert!(r.contains("A lost on time"), "{r}");
        assert!(
            r.contains("(0 ms and") || r.contains("left on its clock"),
            "{r}"
        );
    }
}

/// Per-engine settings in fastchess's words: a name, a working directory, options (checked
/// against the program's), a restart policy and a time control of its own (time odds).
#[test]
fn programs_take_fastchess_style_settings() {
    let dir = tempfile::tempdir().unwrap();
    let bots = dir.path().join("bots");
    std::fs::create_dir(&bots).unwrap();
    // Answers from its own directory only: the setoption it got is its move.
    std::fs::write(
        bots.join("opt.sh"),
        "while read -r cmd a b c d; do\n  case \"$cmd\" in\n    kep) echo 'option name move type spin default 1 min 1 max 6'; echo kepok;;\n    setoption) echo \"$d\" > chosen;;\n    isready) echo readyok;;\n    go) echo \"bestmove $(cat chosen)\";;\n    quit) exit 0;;\n  esac\ndone\n",
    )
    .unwrap();
    let a = "cmd=sh args=./opt.sh dir=BOTS name=opt-bot option.move=7 restart=on tc=3+0.1"
        .replace("BOTS", bots.to_str().unwrap());
    let out = kalah(
        &[
            "match",
            "--a",
            &a,
            "--b",
            "casual",
            "--games",
            "2",
            "--movetime",
            "100",
            "--json",
        ],
        dir.path(),
    );
    let v = json(&out);
    assert_eq!(v["a"], "opt-bot");
    assert_eq!(v["time_control_a"], "3+0.1 s");
    assert_eq!(v["time_control_b"], "100 ms a move");
    // House 7 does not exist: the option reached the program in its directory.
    assert_eq!(v["forfeits"]["a"], serde_json::json!({"illegal": 2}), "{v}");
    let bad = a.replace("option.move", "option.mvoe");
    let out = kalah(
        &[
            "match",
            "--a",
            &bad,
            "--b",
            "casual",
            "--games",
            "2",
            "--movetime",
            "100",
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("no option \"mvoe\"; its options: move"),
        "{err}"
    );
}

#[test]
fn debug_logs_the_traffic_with_the_programs() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("traffic.log");
    let a = format!("engine:{KALAH} engine --level casual");
    let out = kalah(
        &[
            "match",
            "--a",
            &a,
            "--b",
            "club",
            "--games",
            "2",
            "--movetime",
            "100",
            "--debug",
            log.to_str().unwrap(),
        ],
        dir.path(),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&log).unwrap();
    for says in [
        "> kep 1",
        "< kepok",
        "> newgame ",
        "> go movetime 100",
        "< bestmove ",
        "> quit",
    ] {
        assert!(text.contains(says), "{says}: {text}");
    }
    // Each line: milliseconds, the program and its pid, the direction.
    let first = text.lines().next().unwrap();
    let w: Vec<&str> = first.split_whitespace().collect();
    assert!(
        w[0].parse::<f64>().is_ok() && w[1].starts_with("kalah#"),
        "{first}"
    );
}

#[test]
fn check_engine_passes_our_engine_and_says_what_a_bad_one_does_wrong() {
    let dir = tempfile::tempdir().unwrap();
    let out = kalah(&["check-engine", &format!("{KALAH} engine")], dir.path());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("all 9 checks passed"), "{text}");
    let path = dir.path().join("seven.sh");
    std::fs::write(
        &path,
        "while read -r cmd rest; do\n  case \"$cmd\" in\n    kep) echo kepok;;\n    isready) echo readyok;;\n    go) echo 'bestmove 7';;\n  esac\ndone\n",
    )
    .unwrap();
    let out = kalah(
        &["check-engine", &format!("sh {}", path.display())],
        dir.path(),
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("FAIL  go movetime 200: a legal move within the time (and 200 ms): \"bestmove 7\" is not legal"), "{text}");
    assert!(
        text.contains(
            "FAIL  go infinite, isready during it, stop: answered `go infinite` before stop"
        ),
        "{text}"
    );
    assert!(
        text.contains("ok    stop with no search is ignored"),
        "{text}"
    );
    // It ignores quit: said, and it is killed anyway.
    assert!(
        text.contains("FAIL  quit: exits within 1 s: still running"),
        "{text}"
    );
}
