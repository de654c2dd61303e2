//! KGP programs in the runner: a small Python bot that connects to `KGP_HOST`/`KGP_PORT`,
//! in whole matches (two games at once) and misbehaving in each way a bot can. Every game
//! ends, the right side wins, each fault is recorded, and no process is left behind.

use kalah_engine::{Level, Player};
use kalah_rules::{Position, Rules, Side};
use kalah_runner::{
    play_game, run_match, Ending, Fault, GameRecord, GameRules, KgpProgram, MatchSetup, PlayerSpec,
    Seat, TimeControl,
};
use std::path::Path;
use std::time::Duration;

/// A KGP bot in the manner of the course's `kgp.py` (quoted words, odd IDs). `how`:
/// `first` plays its first non-empty house; `illegal` an empty house (else house 0);
/// `exit:N` plays as `first` and exits with status 3 at its Nth state; `silent` never moves; `nothing` exits
/// before connecting; `verify` asks for mode verify. A second argument names a file to
/// which it appends the `set` lines it gets.
const BOT: &str = r#"
import os, socket, sys
how = sys.argv[1]
if how == "nothing":
    sys.exit(0)
s = socket.create_connection((os.environ["KGP_HOST"], int(os.environ["KGP_PORT"])))
ids = iter(range(1, 1 << 30, 2))
def send(text, ref=None):
    s.sendall(("%d%s %s\r\n" % (next(ids), "" if ref is None else "@" + ref, text)).encode())
states = 0
for raw in s.makefile("rb"):
    words = raw.decode().split()
    if not words:
        continue
    if words[0][0].isdigit() or words[0][0] == "@":
        cid, name, args = words[0].split("@")[0], words[1], words[2:]
    else:
        cid, name, args = None, words[0], words[1:]
    if name == "kgp":
        send('set "info:name" "pybot"')
        send('mode "verify"' if how == "verify" else 'mode "freeplay"')
    elif name == "state":
        states += 1
        if how.startswith("exit:") and states >= int(how[5:]):
            os._exit(3)
        nums = [int(x) for x in args[0].strip("<>").split(",")]
        own = nums[3:3 + nums[0]]
        if how == "first" or how.startswith("exit:"):
            send("move %d" % next(i + 1 for i, x in enumerate(own) if x > 0), cid)
            send("yield", cid)
        elif how == "illegal":
            empty = [i + 1 for i, x in enumerate(own) if x == 0]
            send("move %d" % (empty[0] if empty else 0), cid)
    elif name == "set" and len(sys.argv) > 2:
        with open(sys.argv[2], "a") as log:
            log.write(raw.decode().strip() + "\n")
    elif name == "ping":
        s.sendall(("@%s pong\r\n" % cid).encode())
    elif name == "goodbye":
        break
"#;

fn bot(dir: &Path, how: &str) -> PlayerSpec {
    let path = dir.join("bot.py");
    std::fs::write(&path, BOT).unwrap();
    format!("kgp:python3 {} {how}", path.display())
        .parse()
        .unwrap()
}

fn game_rules(ms: u64) -> GameRules {
    GameRules {
        time: TimeControl::PerMove(Duration::from_millis(ms)),
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

fn setup(a: PlayerSpec, b: PlayerSpec, games: usize) -> MatchSetup {
    MatchSetup {
        rules: Rules::standard(),
        a,
        b,
        games,
        seed: 7,
        concurrency: 2,
        table_mb: 1,
        time: TimeControl::PerMove(Duration::from_millis(500)),
        grace: Duration::from_millis(200),
        level_time: None,
        adjudication: None,
        endgame: None,
        engine_stderr: false,
        players_endgame: None,
        cancel: None,
        skip: Default::default(),
        log: None,
    }
}

/// Replays `g` and checks its result, and that every move of seat `kgp` was the first legal
/// move of the mover: the bot saw its own side as South, whichever side it sat.
fn check_played(g: &GameRecord, kgp: usize) {
    assert_eq!(g.ending, Ending::Played, "game {}", g.index);
    let mut pos = g.start;
    for &m in &g.opening {
        pos.play_unchecked(m);
    }
    let a_side = if g.a_first { Side::South } else { Side::North };
    for &m in &g.moves {
        let seat = usize::from(pos.to_move() != a_side);
        if seat == kgp {
            assert_eq!(Some(&m), pos.legal_moves().first(), "in {pos}");
        }
        pos.play(m).unwrap();
    }
    let o = pos.outcome().expect("the game is over");
    let margin = o.scores[a_side] as i32 - o.scores[a_side.opponent()] as i32;
    assert_eq!(g.margin_a, margin);
    let score = match margin.signum() {
        1 => 1.0,
        0 => 0.5,
        _ => 0.0,
    };
    assert_eq!(g.score_a, score, "game {}", g.index);
}

#[test]
fn a_kgp_bot_plays_whole_matches_on_both_sides() {
    let dir = tempfile::tempdir().unwrap();
    let first = bot(dir.path(), "first");
    // Against a level, A then B, and against itself: four games each, two at once.
    let club = PlayerSpec::Builtin(Player::Level(Level::Club));
    for (s, kgp) in [
        (setup(first.clone(), club.clone(), 4), 0),
        (setup(club, first.clone(), 4), 1),
    ] {
        let games = run_match(&s, None, |_| true);
        assert_eq!(games.len(), 4);
        for g in &games {
            check_played(g, kgp);
        }
        // Club beats the first-house bot every time.
        let kgp_points: f64 = games
            .iter()
            .map(|g| if kgp == 0 { g.score_a } else { 1.0 - g.score_a })
            .sum();
        assert_eq!(kgp_points, 0.0);
    }
    let games = run_match(&setup(first.clone(), first, 2), None, |_| true);
    for g in &games {
        check_played(g, 0);
        check_played(g, 1);
    }
}

#[test]
fn each_game_names_its_number_and_the_rules() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("sets.txt");
    bot(dir.path(), "first");
    let spec = format!(
        "kgp:python3 {} first {}",
        dir.path().join("bot.py").display(),
        log.display()
    );
    let rules: Rules = "houses=5 seeds=3 early-end=yes".parse().unwrap();
    let mut s = setup(
        spec.parse().unwrap(),
        PlayerSpec::Builtin(Player::Level(Level::Club)),
        2,
    );
    s.rules = rules;
    s.concurrency = 1;
    let games = run_match(&s, None, |_| true);
    assert!(games.iter().all(|g| g.ending == Ending::Played));
    let text = std::fs::read_to_string(&log).unwrap();
    let want = format!("4 set \"game:id\" \"1\"\n6 set \"game:rules\" \"{rules}\"\n");
    assert!(text.starts_with(&want), "{text}");
    assert!(text.contains("set \"game:id\" \"2\"\n"), "{text}");
    assert_eq!(text.matches("game:rules").count(), 2, "{text}");
}

/// The results a bot was told (`set game:result`), in the order it was told them.
fn results_told(log: &Path) -> Vec<(String, u32, u32)> {
    std::fs::read_to_string(log)
        .unwrap_or_default()
        .lines()
        .filter(|l| l.contains("\"game:result\""))
        .map(|l| {
            let value = l.rsplit('"').nth(1).unwrap();
            let (word, seeds) = value.split_once(' ').unwrap();
            let (own, other) = seeds.split_once('-').unwrap();
            (
                word.to_string(),
                own.parse().unwrap(),
                other.parse().unwrap(),
            )
        })
        .collect()
}

#[test]
fn each_game_ends_by_telling_the_bot_its_result() {
    let dir = tempfile::tempdir().unwrap();
    bot(dir.path(), "first");
    let script = dir.path().join("bot.py");
    let spec = |how: &str, log: &Path| -> PlayerSpec {
        format!("kgp:python3 {} {how} {}", script.display(), log.display())
            .parse()
            .unwrap()
    };
    let club = PlayerSpec::Builtin(Player::Level(Level::Club));
    // Club beats the first-house bot: each game ends with "loss", the final scores (every
    // seed counted, the bot's first).
    let log = dir.path().join("first.txt");
    let mut s = setup(club.clone(), spec("first", &log), 2);
    s.concurrency = 1;
    let games = run_match(&s, None, |_| true);
    let told = results_told(&log);
    assert_eq!(told.len(), 2, "{told:?}");
    for (g, (word, own, other)) in games.iter().zip(&told) {
        assert_eq!(word, "loss");
        assert_eq!(own + other, 48, "{told:?}");
        assert_eq!(-g.margin_a, *own as i32 - *other as i32, "{told:?}");
    }
    // Told after the game's last move, before the next game's id.
    let text = std::fs::read_to_string(&log).unwrap();
    let result = text.find("game:result").unwrap();
    assert!(result < text.find("\"game:id\" \"2\"").unwrap(), "{text}");
    // A bot that lost by an illegal move is told so too, with the stores as they stand.
    let log = dir.path().join("illegal.txt");
    let mut s = setup(club, spec("illegal", &log), 2);
    s.concurrency = 1;
    run_match(&s, None, |_| true);
    let told = results_told(&log);
    assert_eq!(told.len(), 2, "{told:?}");
    assert!(told.iter().all(|(w, _, _)| w == "loss"), "{told:?}");
    // The bot against itself: each side hears its own result, mirrored.
    let (a, b) = (dir.path().join("a.txt"), dir.path().join("b.txt"));
    let mut s = setup(spec("first", &a), spec("first", &b), 2);
    s.concurrency = 1;
    let games = run_match(&s, None, |_| true);
    let (ta, tb) = (results_told(&a), results_told(&b));
    assert_eq!((ta.len(), tb.len()), (2, 2));
    for ((g, (wa, oa, xa)), (wb, ob, xb)) in games.iter().zip(&ta).zip(&tb) {
        assert_eq!((oa, xa), (xb, ob));
        let expect = |score: f64| match score {
            1.0 => "win",
            0.0 => "loss",
            _ => "draw",
        };
        assert_eq!(
            (wa.as_str(), wb.as_str()),
            (expect(g.score_a), expect(1.0 - g.score_a))
        );
    }
}

fn b_fault(g: &GameRecord) -> &Fault {
    match &g.ending {
        Ending::Forfeit { seat: 1, fault } => fault,
        other => panic!("B did not forfeit game {}: {other:?}", g.index),
    }
}

#[test]
fn illegal_moves_and_crashes_lose_every_game_and_are_recorded() {
    let dir = tempfile::tempdir().unwrap();
    let club = PlayerSpec::Builtin(Player::Level(Level::Club));
    let games = run_match(
        &setup(club.clone(), bot(dir.path(), "illegal"), 4),
        None,
        |_| true,
    );
    assert_eq!(games.len(), 4);
    for g in &games {
        let f = b_fault(g);
        assert_eq!(f.kind(), "illegal", "{f}");
        assert!(f.to_string().contains("illegal move: "), "{f}");
        assert!(f.to_string().contains(" in <6,"), "{f}");
        assert_eq!(g.score_a, 1.0);
    }
    // Exits at its third state: the game is lost, and the next game gets a new process.
    let games = run_match(&setup(club, bot(dir.path(), "exit:3"), 4), None, |_| true);
    assert_eq!(games.len(), 4);
    for g in &games {
        let f = b_fault(g);
        assert_eq!(f.kind(), "crash", "{f}");
        assert!(f.to_string().contains("exit status: 3"), "{f}");
        assert_eq!(g.score_a, 1.0);
        assert!(!g.moves.is_empty());
    }
}

/// One game of club (A, South) against `b`.
fn one_game(b: &PlayerSpec, ms: u64) -> GameRecord {
    let mut seats = [
        Seat::new(&PlayerSpec::Builtin(Player::Level(Level::Club))),
        Seat::new(b),
    ];
    let start = Position::start(Rules::standard(), Side::South);
    play_game(&game_rules(ms), &mut seats, None, 0, start, &[])
}

#[test]
fn a_silent_bot_loses_on_time_and_a_bot_that_never_connects_cannot_start() {
    let dir = tempfile::tempdir().unwrap();
    let g = one_game(&bot(dir.path(), "silent"), 150);
    let f = b_fault(&g);
    assert_eq!(f.kind(), "time", "{f}");
    assert!(f.to_string().contains("no move within 250 ms"), "{f}");
    let g = one_game(&bot(dir.path(), "nothing"), 150);
    let f = b_fault(&g);
    assert_eq!(f.kind(), "start", "{f}");
    assert!(f.to_string().contains("before connecting"), "{f}");
    let g = one_game(&bot(dir.path(), "verify"), 150);
    assert!(b_fault(&g).to_string().contains("freeplay only"));
}

#[test]
fn the_program_is_named_and_reaped() {
    let dir = tempfile::tempdir().unwrap();
    let PlayerSpec::Kgp(spec) = bot(dir.path(), "first") else {
        panic!()
    };
    let p = KgpProgram::start(&spec, false).expect("connects");
    assert_eq!(p.name, "pybot");
    let pid = format!("/proc/{}", p.pid());
    assert!(Path::new(&pid).exists());
    drop(p);
    assert!(!Path::new(&pid).exists(), "{pid} left behind");
    let PlayerSpec::Kgp(missing) = "kgp:/no/such/bot".parse().unwrap() else {
        panic!()
    };
    let err = KgpProgram::start(&missing, false)
        .err()
        .expect("no program");
    assert_eq!(err.kind(), "start");
}

#[test]
fn a_program_that_never_connects_times_out_and_is_killed() {
    // A shell that starts a long sleep of its own and waits: it never connects.
    let marker = "27182818";
    let PlayerSpec::Kgp(spec) = format!("kgp:sh -c 'sleep {marker}; true'").parse().unwrap() else {
        panic!()
    };
    let err = KgpProgram::start(&spec, false)
        .err()
        .expect("no connection");
    assert_eq!(err.kind(), "time", "{err}");
    assert!(err.to_string().contains("did not connect"), "{err}");
    let running = || {
        std::fs::read_dir("/proc").unwrap().flatten().any(|e| {
            std::fs::read(e.path().join("cmdline"))
                .is_ok_and(|c| String::from_utf8_lossy(&c).contains(marker))
        })
    };
    // A killed process takes a moment to leave /proc; an unkilled sleep would stay for a month.
    let gone = std::time::Instant::now();
    while running() && gone.elapsed() < std::time::Duration::from_secs(5) {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(!running(), "the program or its sleep outlived it");
}
