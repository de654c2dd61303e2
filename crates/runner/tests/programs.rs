//! Programs that misbehave, driven through `Program` and `play_game`: each fault is reported
//! as such, and no process is left behind (neither the program nor what it started).

use kalah_engine::{Level, Player};
use kalah_rules::{Position, Rules, Side};
use kalah_runner::{play_game, Ending, Fault, GameRules, PlayerSpec, Program, Seat, TimeControl};
use std::path::Path;
use std::time::{Duration, Instant};

/// A shell script speaking just enough of the protocol; `on_go` is what it does on `go`.
fn script(dir: &Path, name: &str, on_go: &str) -> PlayerSpec {
    let path = dir.join(name);
    let text = format!(
        "while read -r cmd rest; do\n  case \"$cmd\" in\n    kep) echo \"id name {name}\"; echo kepok;;\n    isready) echo readyok;;\n    go) {on_go};;\n    quit) exit 0;;\n  esac\ndone\n"
    );
    std::fs::write(&path, text).unwrap();
    format!("engine:sh {}", path.display()).parse().unwrap()
}

fn rules(time: Duration) -> GameRules {
    GameRules {
        time: TimeControl::PerMove(time),
        grace: Duration::from_millis(100),
        level_time: None,
        table_mb: 1,
        seed: 1,
        engine_stderr: false,
        players_endgame: None,
        cancel: None,
        log: None,
    }
}

/// Plays one game of `club` (A) against `b`, A moving first.
fn game_against(b: &PlayerSpec) -> Ending {
    let mut seats = [
        Seat::new(&PlayerSpec::Builtin(Player::Level(Level::Club))),
        Seat::new(b),
    ];
    let start = Position::start(Rules::standard(), Side::South);
    let g = play_game(
        &rules(Duration::from_millis(200)),
        &mut seats,
        None,
        0,
        start,
        &[],
    );
    assert_eq!(g.score_a, 1.0, "{:?}", g.ending);
    g.ending
}

fn b_fault(e: Ending) -> Fault {
    match e {
        Ending::Forfeit { seat: 1, fault } => fault,
        other => panic!("B did not forfeit: {other:?}"),
    }
}

/// True while any process has `marker` on its command line.
fn running(marker: &str) -> bool {
    std::fs::read_dir("/proc").unwrap().flatten().any(|e| {
        std::fs::read(e.path().join("cmdline"))
            .is_ok_and(|c| String::from_utf8_lossy(&c).contains(marker))
    })
}

#[test]
fn an_illegal_move_loses() {
    let dir = tempfile::tempdir().unwrap();
    let f = b_fault(game_against(&script(
        dir.path(),
        "seven",
        "echo 'bestmove 7'",
    )));
    assert_eq!(f.kind(), "illegal");
    assert!(f.to_string().contains("illegal move: 7 in <6,"), "{f}");
    let f = b_fault(game_against(&script(
        dir.path(),
        "junk",
        "echo 'bestmove e2e4'",
    )));
    assert_eq!(f.kind(), "illegal");
    assert!(f.to_string().contains("e2e4"), "{f}");
}

#[test]
fn a_program_that_exits_loses_by_crash() {
    let dir = tempfile::tempdir().unwrap();
    let f = b_fault(game_against(&script(dir.path(), "quitter", "exit 3")));
    assert_eq!(f.kind(), "crash");
    assert!(f.to_string().contains("exit status: 3"), "{f}");
}

#[test]
fn a_program_that_hangs_loses_on_time_and_is_killed_with_its_children() {
    let dir = tempfile::tempdir().unwrap();
    // On `go` it starts a long sleep of its own and waits for it: it never answers.
    let marker = "31415926";
    let spec = script(dir.path(), "sleeper", &format!("sleep {marker}"));
    let t = Instant::now();
    let f = b_fault(game_against(&spec));
    assert_eq!(f.kind(), "time");
    assert!(f.to_string().contains("no bestmove within 300 ms"), "{f}");
    // Allowed 200 ms and 100 ms of grace per move; club answers at once.
    assert!(t.elapsed() < Duration::from_secs(3), "{:?}", t.elapsed());
    // The program and its sleep are gone once the game is over (a killed process takes a
    // moment to leave /proc; an unkilled sleep would stay for a year).
    let gone = Instant::now();
    while running(marker) && gone.elapsed() < Duration::from_secs(5) {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(!running(marker), "a process of the program outlived it");
}

#[test]
fn programs_are_reaped() {
    let dir = tempfile::tempdir().unwrap();
    let PlayerSpec::Program(spec) = script(dir.path(), "idle", "true") else {
        panic!()
    };
    let p = Program::start(&spec, false).expect("handshake");
    assert_eq!(p.name, "idle");
    let pid = format!("/proc/{}", child_pid(&p));
    assert!(Path::new(&pid).exists());
    drop(p);
    // Not even a zombie: the pid is free again.
    assert!(!Path::new(&pid).exists(), "{pid} left behind");
}

fn child_pid(p: &Program) -> u32 {
    p.pid()
}

#[test]
fn a_program_that_cannot_start_or_answer_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let PlayerSpec::Program(missing) = "engine:/no/such/bot".parse().unwrap() else {
        panic!()
    };
    let err = Program::start(&missing, false)
        .err()
        .expect("no such program");
    assert_eq!(err.kind(), "start");
    // Answers nothing at all: the handshake runs out (10 s).
    let path = dir.path().join("mute");
    std::fs::write(&path, "while read -r line; do :; done\n").unwrap();
    let PlayerSpec::Program(mute) = format!("engine:sh {}", path.display()).parse().unwrap() else {
        panic!()
    };
    let t = Instant::now();
    let err = Program::start(&mute, false).err().expect("no kepok");
    assert_eq!(err.kind(), "time");
    assert!(t.elapsed() >= kalah_runner::HANDSHAKE_TIMEOUT);
}
