//! `kalah check-kgp HOST:PORT` against `kalah serve --kgp-addr` (every check passes) and
//! against a server that only greets (the checks say what fails, exit 1); and `kalah kgp
//! connect` printing each game's result and a summary when the server goes away. All with
//! the real binary (issue 34).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod kgp_server;
use kgp_server::{serve, Proc};

fn check_kgp(addr: &str) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_kalah"))
        .args(["check-kgp", addr, "--game-wait", "20"])
        .output()
        .expect("run kalah check-kgp");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn our_server_passes_every_check() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(dir.path());
    let addr = server.kgp.clone();
    let (code, out, err) = check_kgp(&addr);
    assert_eq!(code, Some(0), "{out}{err}");
    for check in [
        "greeting",
        "ping answered by pong",
        "a line that does not parse",
        "an unknown command",
        "mode freeplay",
        "move and yield: stop follows",
        "a move without yield: stop when the move time is up",
        "an illegal move: error",
        "reconnect with the same token",
        "goodbye",
    ] {
        assert!(
            out.lines()
                .any(|l| l.starts_with("ok") && l.contains(check)),
            "no passed check {check:?} in:\n{out}"
        );
    }
    assert!(out.contains("all 10 checks passed"), "{out}");
}

#[test]
fn a_server_that_only_greets_fails_with_what_is_wrong() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    std::thread::spawn(move || {
        for conn in listener.incoming() {
            let Ok(mut s) = conn else { return };
            std::thread::spawn(move || {
                let _ = s.write_all(b"kgp 1 0 0\r\n");
                let mut buf = [0u8; 1024];
                while matches!(s.read(&mut buf), Ok(n) if n > 0) {}
            });
        }
    });
    let (code, out, err) = check_kgp(&addr);
    assert_eq!(code, Some(1), "{out}{err}");
    assert!(out.contains("ok    greeting"), "{out}");
    assert!(
        out.lines()
            .any(|l| l.starts_with("FAIL  ping") && l.contains("no pong within")),
        "{out}"
    );
    assert!(err.contains("checks failed (docs/kgp.md"), "{err}");

    // Nothing listening: a clear failure, not a hang.
    let closed = TcpListener::bind("127.0.0.1:0").unwrap();
    let gone = closed.local_addr().unwrap().to_string();
    drop(closed);
    let (code, out, _) = check_kgp(&gone);
    assert_eq!(code, Some(1));
    assert!(out.contains("FAIL  connect: cannot connect"), "{out}");
}

#[test]
fn kgp_connect_prints_each_result_and_a_summary() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(dir.path());
    let addr = server.kgp.clone();
    let mut child = Command::new(env!("CARGO_BIN_EXE_kalah"))
        .args(["kgp", "connect", &addr, "--level", "beginner"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start kalah kgp connect");
    let out = BufReader::new(child.stdout.take().unwrap());
    let mut client = Proc(child);
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in out.lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    let first = rx
        .recv_timeout(Duration::from_secs(60))
        .expect("a result within 60 s");
    let words: Vec<&str> = first.split_whitespace().collect();
    assert_eq!(words[0], "game", "{first}");
    assert!(
        ["win", "draw", "loss"].contains(&words[2]),
        "a result line is `game ID: win|draw|loss S-N against NAME`: {first}"
    );
    assert!(first.contains("against Computer (beginner)"), "{first}");
    // The server goes away: the client sums up and ends.
    drop(server);
    let start = Instant::now();
    let mut summary = None;
    while start.elapsed() < Duration::from_secs(30) {
        match rx.recv_timeout(Duration::from_secs(1)) {
            Ok(l) if l.contains(" games: ") => {
                summary = Some(l);
                break;
            }
            _ => {}
        }
    }
    let summary = summary.expect("a summary line once the server closed");
    assert!(
        summary.contains("wins") && summary.contains("draws") && summary.contains("losses"),
        "{summary}"
    );
    let status = client.0.wait().unwrap();
    assert!(status.success(), "{status}");
}
