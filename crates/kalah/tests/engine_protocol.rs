//! `kalah engine` through the real binary: the engine protocol over pipes.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    _data: tempfile::TempDir,
}

impl Engine {
    fn start(args: &[&str]) -> Engine {
        let data = tempfile::tempdir().unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_kalah"))
            .arg("engine")
            .args(args)
            .env("KALAH_DATA", data.path())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start kalah engine");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines,
            _data: data,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("write to the engine");
    }

    /// Lines up to and including the first that starts with `word`.
    fn until(&mut self, word: &str, within: Duration) -> Vec<String> {
        let end = Instant::now() + within;
        let mut got = Vec::new();
        loop {
            let left = end.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let done = line.split_whitespace().next() == Some(word);
                    got.push(line);
                    if done {
                        return got;
                    }
                }
                Err(RecvTimeoutError::Timeout) => panic!("no {word} within {within:?}: {got:?}"),
                Err(RecvTimeoutError::Disconnected) => panic!("the engine closed: {got:?}"),
            }
        }
    }

    fn best_move(&mut self, within: Duration) -> (String, Vec<String>) {
        let lines = self.until("bestmove", within);
        let m = lines.last().unwrap()["bestmove ".len()..].to_string();
        (m, lines)
    }

    fn ready(&mut self) {
        self.send("isready");
        self.until("readyok", Duration::from_secs(10));
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

const SECOND: Duration = Duration::from_secs(1);

#[test]
fn handshake_lists_the_options() {
    let mut e = Engine::start(&[]);
    e.send("kep 1");
    let lines = e.until("kepok", 5 * SECOND);
    assert!(lines[0].starts_with("id name kalah "), "{lines:?}");
    assert!(lines[1].starts_with("id author "), "{lines:?}");
    for option in ["level", "hash", "threads", "egdb", "seed"] {
        let prefix = format!("option name {option} type ");
        assert!(lines.iter().any(|l| l.starts_with(&prefix)), "{lines:?}");
    }
    e.ready();
}

#[test]
fn depth_search_reports_each_iteration_and_a_legal_move() {
    let mut e = Engine::start(&[]);
    e.send("newgame houses=6 seeds=4");
    e.send("position startpos moves 3");
    e.send("go depth 5");
    let (m, lines) = e.best_move(10 * SECOND);
    let depths: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert_eq!(depths.len(), 5, "{lines:?}");
    assert!(depths[4].starts_with("info depth 5 score "), "{lines:?}");
    assert!(depths[4].contains(" pv "), "{lines:?}");
    // After 3 (an extra turn) South moves again: any house but the empty third.
    let h: u8 = m.parse().expect("a house");
    assert!((1..=6).contains(&h) && h != 3, "{m}");
}

#[test]
fn a_small_game_is_solved_exactly() {
    let mut e = Engine::start(&[]);
    e.send("newgame standard houses=3 seeds=2");
    e.send("position board <3,0,0,2,2,2,2,2,2> N");
    e.send("go");
    let (m, lines) = e.best_move(10 * SECOND);
    let last = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .unwrap();
    // Proven either by the search to the end (`depth end`) or by a depth-limited pass that
    // already reached every game end (boards of at most 5 houses deepen first).
    assert!(last.starts_with("info depth "), "{lines:?}");
    assert!(last.contains(" exact "), "{lines:?}");
    assert!(["1", "2", "3"].contains(&m.as_str()), "{m}");
}

#[test]
fn stop_ends_an_infinite_search_at_once() {
    let mut e = Engine::start(&[]);
    e.send("newgame houses=6 seeds=6");
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    // The session answers while the search runs.
    e.ready();
    let asked = Instant::now();
    e.send("stop");
    let (m, _) = e.best_move(SECOND);
    assert!(asked.elapsed() < SECOND);
    assert!(m.parse::<u8>().is_ok_and(|h| (1..=6).contains(&h)), "{m}");
}

#[test]
fn move_time_and_clock_are_kept() {
    let mut e = Engine::start(&[]);
    e.send("newgame houses=6 seeds=6");
    e.send("position startpos");
    let t = Instant::now();
    e.send("go movetime 300");
    e.best_move(2 * SECOND);
    let took = t.elapsed();
    assert!(took < Duration::from_millis(400), "{took:?}");
    let t = Instant::now();
    e.send("go stime 3000 ntime 3000 sinc 0 ninc 0");
    e.best_move(2 * SECOND);
    // A 30th of the clock to think, three times that at the most.
    assert!(
        t.elapsed() < Duration::from_millis(400),
        "{:?}",
        t.elapsed()
    );
}

#[test]
fn levels_play_through_the_protocol() {
    let mut e = Engine::start(&["--level", "casual"]);
    e.send("setoption name level value club");
    e.send("newgame");
    e.send("position startpos N moves 1");
    e.send("go movetime 1000");
    let (m, _) = e.best_move(5 * SECOND);
    assert!(m.parse::<u8>().is_ok_and(|h| (1..=6).contains(&h)), "{m}");
    e.send("setoption name level value grandmaster");
    let lines = e.until("info", 5 * SECOND);
    assert!(lines[0].starts_with("info string error: "), "{lines:?}");
}

#[test]
fn bad_lines_get_an_error_and_the_engine_goes_on() {
    let mut e = Engine::start(&[]);
    for (line, says) in [
        ("uci", "unknown command \"uci\""),
        ("go depth many", "whole number"),
        ("position startpos moves 3 3", "illegal"),
        ("go", "no position to search"),
        ("position board <6,0,0,4,4,4> S", "numbers"),
        ("newgame houses=0", "houses"),
        ("setoption name warp value 9", "unknown option"),
    ] {
        e.send(line);
        let got = e.until("info", 5 * SECOND);
        let last = got.last().unwrap();
        assert!(last.starts_with("info string error: "), "{line}: {got:?}");
        assert!(last.contains(says), "{line}: {got:?}");
    }
    e.stdin.write_all(b"\xff\xfe garbage\n").unwrap();
    e.until("info", 5 * SECOND);
    let long = "x".repeat(100_000);
    e.send(&long);
    let got = e.until("info", 5 * SECOND);
    assert!(got.last().unwrap().contains("too long"), "{got:?}");
    e.ready();
    e.send("position startpos");
    e.send("go depth 2");
    e.best_move(5 * SECOND);
}

#[test]
fn quit_and_the_end_of_input_end_the_process() {
    let mut e = Engine::start(&[]);
    e.send("newgame houses=6 seeds=6");
    e.send("go infinite");
    e.send("quit");
    let t = Instant::now();
    let status = e.child.wait().unwrap();
    assert!(status.success());
    assert!(t.elapsed() < 2 * SECOND);
    let mut e = Engine::start(&[]);
    e.ready();
    drop(std::mem::replace(&mut e.stdin, {
        // Close stdin by swapping in a pipe we then drop.
        let mut c = Command::new("true").stdin(Stdio::piped()).spawn().unwrap();
        let s = c.stdin.take().unwrap();
        c.wait().unwrap();
        s
    }));
    let status = e.child.wait().unwrap();
    assert!(status.success());
}
