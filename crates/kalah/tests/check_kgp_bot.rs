//! `kalah check-kgp --bot PROGRAM` with the real binary against real bot programs: a good
//! bot in Python written as the course's library writes its lines, our own `kalah kgp
//! connect`, and bots that crash, hang, play an illegal move or never connect; and `--listen`
//! with a bot that connects by itself (issue 34).

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A KGP bot in Python, started with `KGP_HOST` and `KGP_PORT`. `how`: `good` plays its first
/// non-empty house and yields, with a token; `crash` exits with status 3 at its first state;
/// `hang` sends `mode freeplay` and then stops reading (it neither answers nor ends);
/// `illegal` answers every state with an empty house (or 0); `never` exits at once.
const BOT: &str = r#"
import os, socket, sys, time
how = sys.argv[1]
if how == "never":
    sys.exit(0)
s = socket.create_connection((os.environ["KGP_HOST"], int(os.environ["KGP_PORT"])))
s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
ids = iter(range(1, 1 << 30, 2))
def send(text, ref=None):
    s.sendall(("%d%s %s\r\n" % (next(ids), "" if ref is None else "@" + ref, text)).encode())
for raw in s.makefile("rb"):
    words = raw.decode(errors="replace").split()
    if not words:
        continue
    if words[0][0].isdigit() or words[0][0] == "@":
        if len(words) < 2:
            continue
        cid, name, args = words[0].split("@")[0], words[1], words[2:]
    else:
        cid, name, args = None, words[0], words[1:]
    if name == "kgp":
        if args[0] != "1":
            send('error "protocol not supported"')
            break
        send('set "info:name" "pybot"')
        send('set "auth:token" "a secret of pybot"')
        send('mode "freeplay"')
        if how == "hang":
            time.sleep(3600)
    elif name == "state":
        if how == "crash":
            os._exit(3)
        try:
            nums = [int(x) for x in args[0].strip("<>").split(",")]
        except ValueError:
            continue
        own = nums[3:3 + nums[0]]
        if how == "illegal":
            empty = [i + 1 for i, x in enumerate(own) if x == 0]
            send("move %d" % (empty[0] if empty else 0), cid)
        else:
            send("move %d" % next(i + 1 for i, x in enumerate(own) if x > 0), cid)
            send("yield", cid)
    elif name == "ping":
        s.sendall(("@%s pong\r\n" % cid).encode())
    elif name == "goodbye":
        break
"#;

fn bot(dir: &Path, how: &str) -> String {
    let path = dir.join("bot.py");
    std::fs::write(&path, BOT).unwrap();
    format!("python3 {} {how}", path.display())
}

/// Runs `kalah check-kgp ARGS`: its exit status, stdout, stderr and how long it took.
fn check(args: &[&str]) -> (Option<i32>, String, String, Duration) {
    let t = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_kalah"))
        .arg("check-kgp")
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run kalah check-kgp");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        t.elapsed(),
    )
}

const CHECKS: [&str; 9] = [
    "connect",
    "greeting",
    "ping",
    "lines it cannot use",
    "a state",
    "stop before its yield",
    "a whole game, then game:result",
    "reconnect",
    "goodbye",
];

fn passed(out: &str, check: &str) -> bool {
    out.lines()
        .any(|l| l.starts_with("ok    ") && l[6..].starts_with(check))
}

fn failed<'a>(out: &'a str, check: &str) -> Option<&'a str> {
    out.lines()
        .find(|l| l.starts_with("FAIL  ") && l[6..].starts_with(check))
}

#[test]
fn a_good_bot_passes_every_check() {
    let dir = tempfile::tempdir().unwrap();
    let (code, out, err, took) = check(&["--bot", &bot(dir.path(), "good"), "--move-time", "1"]);
    assert_eq!(code, Some(0), "{out}{err}");
    for c in CHECKS {
        assert!(passed(&out, c), "{c:?} did not pass:\n{out}");
    }
    assert!(out.contains("all 9 checks passed"), "{out}");
    assert!(out.contains("name \"pybot\", a token"), "{out}");
    // It ends with its connection, so it was started again, with the same token.
    assert!(
        out.contains("it ended when its connection did") && out.contains("the same token"),
        "{out}"
    );
    assert!(out.contains("set game:result \""), "{out}");
    assert!(took < Duration::from_secs(30), "{took:?}");
}

#[test]
fn our_own_client_passes_every_check() {
    let me = env!("CARGO_BIN_EXE_kalah");
    let program = format!("{me} kgp connect --level club");
    let (code, out, err, _) = check(&["--bot", &program, "--move-time", "1"]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("all 9 checks passed"), "{out}");
}

#[test]
fn a_crashing_bot_fails_with_its_exit_status() {
    let dir = tempfile::tempdir().unwrap();
    let (code, out, err, _) = check(&["--bot", &bot(dir.path(), "crash"), "--move-time", "1"]);
    assert_eq!(code, Some(1), "{out}{err}");
    for c in ["connect", "greeting", "ping", "lines it cannot use"] {
        assert!(passed(&out, c), "{c:?} did not pass:\n{out}");
    }
    let state = failed(&out, "a state").unwrap_or_else(|| panic!("{out}"));
    assert!(state.contains("exit status: 3"), "{state}");
    // Nothing left to check: the later checks are not listed.
    assert!(!out.contains("goodbye"), "{out}");
    assert!(err.contains("checks failed (docs/kgp.md"), "{err}");
}

#[test]
fn a_bot_that_plays_an_empty_house_fails_the_states() {
    let dir = tempfile::tempdir().unwrap();
    let (code, out, err, _) = check(&["--bot", &bot(dir.path(), "illegal"), "--move-time", "1"]);
    assert_eq!(code, Some(1), "{out}{err}");
    let state = failed(&out, "a state").unwrap_or_else(|| panic!("{out}"));
    assert!(
        state.contains("is not legal here (houses with seeds:"),
        "{state}"
    );
    assert!(failed(&out, "a whole game").is_some(), "{out}");
    // The protocol's other corners it meets well.
    for c in ["greeting", "ping", "lines it cannot use", "goodbye"] {
        assert!(passed(&out, c), "{c:?} did not pass:\n{out}");
    }
}

#[test]
fn a_hanging_bot_fails_each_check_it_meets_and_is_killed() {
    let dir = tempfile::tempdir().unwrap();
    let (code, out, err, took) = check(&["--bot", &bot(dir.path(), "hang"), "--move-time", "1"]);
    assert_eq!(code, Some(1), "{out}{err}");
    assert!(passed(&out, "greeting"), "{out}");
    let ping = failed(&out, "ping").unwrap_or_else(|| panic!("{out}"));
    assert!(ping.contains("no @"), "{ping}");
    let state = failed(&out, "a state").unwrap_or_else(|| panic!("{out}"));
    assert!(
        state.contains("no move within the move time, 1000 ms"),
        "{state}"
    );
    let again = failed(&out, "reconnect").unwrap_or_else(|| panic!("{out}"));
    assert!(
        again.contains("neither connected again nor exited"),
        "{again}"
    );
    let bye = failed(&out, "goodbye").unwrap_or_else(|| panic!("{out}"));
    assert!(bye.contains("still connected"), "{bye}");
    assert!(took < Duration::from_secs(60), "{took:?}");
    // Its processes are gone: the checker killed them.
    let ps = Command::new("ps").args(["-eo", "args"]).output().unwrap();
    let ps = String::from_utf8_lossy(&ps.stdout);
    let script = dir.path().join("bot.py").display().to_string();
    assert!(!ps.lines().any(|l| l.contains(&script)), "{ps}");
}

#[test]
fn a_bot_that_never_connects_fails_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let (code, out, _, took) = check(&["--bot", &bot(dir.path(), "never")]);
    assert_eq!(code, Some(1), "{out}");
    let c = failed(&out, "connect").unwrap_or_else(|| panic!("{out}"));
    assert!(
        c.contains("exited (exit status: 0) before connecting"),
        "{c}"
    );
    assert!(took < Duration::from_secs(10), "{took:?}");
}

#[test]
fn listen_waits_for_a_bot_that_connects_by_itself() {
    let dir = tempfile::tempdir().unwrap();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let checker = Command::new(env!("CARGO_BIN_EXE_kalah"))
        .args([
            "check-kgp",
            "--listen",
            &port.to_string(),
            "--move-time",
            "1",
        ])
        .args(["--connect-wait", "20"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The bot, started twice by hand as its author would: once, and again when the checker
    // says it closed the connection.
    let script = bot(dir.path(), "good");
    let mut words = script.split(' ');
    let (python, args): (&str, Vec<&str>) = (words.next().unwrap(), words.collect());
    for _ in 0..2 {
        let start = Instant::now();
        let status = loop {
            let s = Command::new(python)
                .args(&args)
                .env("KGP_HOST", "127.0.0.1")
                .env("KGP_PORT", port.to_string())
                .stderr(Stdio::null())
                .status()
                .unwrap();
            // Until the checker listens.
            if s.success() || start.elapsed() > Duration::from_secs(20) {
                break s;
            }
            std::thread::sleep(Duration::from_millis(100));
        };
        assert!(status.success(), "{status}");
    }
    let out = checker.wait_with_output().unwrap();
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
    assert!(
        stderr.contains(&format!("waiting for a bot on tcp://127.0.0.1:{port}")),
        "{stderr}"
    );
    assert!(
        stderr.contains("start it again if it does not by itself"),
        "{stderr}"
    );
    assert!(stdout.contains("all 9 checks passed"), "{stdout}");
}
