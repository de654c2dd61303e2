//! End to end: the real `kalah play` in a pseudo-terminal, driven by key presses and read
//! back through a terminal emulator (portable-pty + vt100, so nothing needs installing).

use portable_pty::{native_pty_system, Child, CommandBuilder, MasterPty, PtySize};
use std::io::{Read, Write};
use std::num::NonZeroU16;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

const KALAH: &str = env!("CARGO_BIN_EXE_kalah");

struct Tty {
    parser: Arc<Mutex<vt100::Parser>>,
    master: Box<dyn MasterPty + Send>,
    writer: Box<dyn Write + Send>,
    child: Box<dyn Child + Send + Sync>,
}

fn size(rows: u16, cols: u16) -> PtySize {
    PtySize {
        rows,
        cols,
        pixel_width: 0,
        pixel_height: 0,
    }
}

fn nz(n: u16) -> NonZeroU16 {
    NonZeroU16::new(n).expect("non-zero size")
}

impl Tty {
    /// Runs `kalah` with `args` in an 80x24 pseudo-terminal, in directory `dir`.
    fn spawn(args: &[&str], dir: &Path) -> Tty {
        let pair = native_pty_system()
            .openpty(size(24, 80))
            .expect("open a pseudo-terminal");
        let mut cmd = CommandBuilder::new(KALAH);
        cmd.args(args);
        cmd.cwd(dir);
        cmd.env("TERM", "xterm-256color");
        // Endgame databases built by the computer go to the test's folder.
        cmd.env("KALAH_DATA", dir.join("kalah-data"));
        cmd.env_remove("NO_COLOR");
        let child = pair.slave.spawn_command(cmd).expect("start kalah");
        drop(pair.slave);
        let mut reader = pair.master.try_clone_reader().expect("pty reader");
        let writer = pair.master.take_writer().expect("pty writer");
        let parser = Arc::new(Mutex::new(vt100::Parser::new(nz(24), nz(80), 0)));
        let feed = parser.clone();
        thread::spawn(move || {
            let mut buf = [0u8; 8192];
            loop {
                match reader.read(&mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => feed.lock().expect("parser").process(&buf[..n]),
                }
            }
        });
        Tty {
            parser,
            master: pair.master,
            writer,
            child,
        }
    }

    fn screen(&self) -> String {
        self.parser.lock().expect("parser").screen().contents()
    }

    fn keys(&mut self, keys: &str) {
        self.writer.write_all(keys.as_bytes()).expect("send keys");
        self.writer.flush().expect("flush keys");
    }

    /// Waits until the screen shows `text`; panics with the screen after `secs` seconds.
    fn wait_for(&self, text: &str, secs: u64) -> String {
        let end = Instant::now() + Duration::from_secs(secs);
        loop {
            let s = self.screen();
            if s.contains(text) {
                return s;
            }
            assert!(
                Instant::now() < end,
                "waited {secs}s for {text:?}; the screen shows:\n{s}"
            );
            thread::sleep(Duration::from_millis(50));
        }
    }

    /// Resizes the emulator before the pty: the program redraws as soon as it sees the new
    /// size, and that redraw must not be read at the old width.
    fn resize(&mut self, rows: u16, cols: u16) {
        self.parser
            .lock()
            .expect("parser")
            .set_size(nz(rows), nz(cols));
        self.master.resize(size(rows, cols)).expect("resize pty");
    }

    /// Waits for the program to end and returns whether it succeeded.
    fn exit(mut self, secs: u64) -> bool {
        let end = Instant::now() + Duration::from_secs(secs);
        loop {
            if let Some(status) = self.child.try_wait().expect("wait for kalah") {
                return status.success();
            }
            if Instant::now() > end {
                let _ = self.child.kill();
                panic!("kalah did not quit; the screen shows:\n{}", self.screen());
            }
            thread::sleep(Duration::from_millis(50));
        }
    }
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kalah-e2e-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

#[test]
fn a_whole_game_against_the_computer_then_save_and_load() {
    let dir = temp_dir("game");
    let mut tty = Tty::spawn(
        &[
            "play", "--vs", "computer", "--level", "beginner", "--speed", "off", "--first",
            "south", "--side", "south",
        ],
        &dir,
    );
    tty.wait_for("your move (South)", 60);

    // A key that means nothing is refused with a message, not a crash.
    tty.keys("z");
    tty.wait_for("does nothing here", 10);

    // Play by pressing house numbers in turn: empty houses and the computer's turns are
    // refused with a message, legal ones are played, until the game ends.
    let end = Instant::now() + Duration::from_secs(240);
    let mut house = 0;
    loop {
        let screen = tty.screen();
        if screen.contains("Game over") {
            break;
        }
        assert!(
            Instant::now() < end,
            "the game did not end; the screen shows:\n{screen}"
        );
        house = house % 6 + 1;
        tty.keys(&house.to_string());
        thread::sleep(Duration::from_millis(40));
    }
    let screen = tty.wait_for("Final score: South", 10);
    assert!(
        screen.contains("You win") || screen.contains("computer wins") || screen.contains("draw"),
        "no winner in the summary:\n{screen}"
    );
    assert!(screen.contains("m rematch"), "{screen}");
    assert!(screen.contains("Moves"), "{screen}");

    // The screen adapts to a tiny terminal and comes back.
    tty.resize(10, 30);
    tty.wait_for("too small", 10);
    tty.resize(24, 80);
    tty.wait_for("Final score: South", 10);

    // Save with the suggested file name.
    tty.keys("s");
    tty.wait_for("Save the game record", 10);
    tty.keys("\r");
    tty.wait_for("Saved the game to kalah-", 10);
    tty.keys("q");
    assert!(tty.exit(10), "kalah play did not exit cleanly");

    let saved: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("read temp dir")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "kgr"))
        .collect();
    assert_eq!(saved.len(), 1, "one saved record expected");
    let record = std::fs::read_to_string(&saved[0]).expect("read record");
    assert!(
        record.contains("[North \"Computer (beginner)\"]"),
        "{record}"
    );

    // Load it back: a finished game opens with its summary.
    let file = saved[0].file_name().unwrap().to_string_lossy().to_string();
    let mut tty = Tty::spawn(&["play", "--load", &file], &dir);
    tty.wait_for("Loaded a finished game", 60);
    tty.wait_for("Final score: South", 10);
    tty.keys("q");
    assert!(tty.exit(10), "kalah play --load did not exit cleanly");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_friend_game_takes_turns_on_one_keyboard() {
    let dir = temp_dir("friend");
    let mut tty = Tty::spawn(
        &[
            "play", "--vs", "human", "--speed", "off", "--first", "south", "--houses", "3",
            "--seeds", "2",
        ],
        &dir,
    );
    tty.wait_for("South (Player 1) moves first", 60);
    let end = Instant::now() + Duration::from_secs(60);
    let mut house = 0;
    while !tty.screen().contains("Game over") {
        assert!(Instant::now() < end, "{}", tty.screen());
        house = house % 3 + 1;
        tty.keys(&house.to_string());
        thread::sleep(Duration::from_millis(30));
    }
    tty.wait_for("Final score", 10);
    tty.keys("q");
    assert!(tty.exit(10));
    let _ = std::fs::remove_dir_all(&dir);
}

fn run_plain(args: &[&str]) -> (i32, String) {
    let out = Command::new(KALAH)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run kalah");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

#[test]
fn user_errors_are_one_line_and_exit_2() {
    let (code, err) = run_plain(&["play", "--vs", "computer"]);
    assert_eq!(code, 2);
    assert!(
        err.starts_with("error: kalah play needs a terminal"),
        "{err}"
    );

    let (code, err) = run_plain(&["play", "--level", "grandmaster"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown level"), "{err}");

    let (code, err) = run_plain(&["play", "--load", "/nonexistent/game.kgr"]);
    assert_eq!(code, 2);
    assert!(
        err.starts_with("error: cannot read /nonexistent/game.kgr"),
        "{err}"
    );

    let dir = temp_dir("bad");
    let bad = dir.join("bad.kgr");
    std::fs::write(&bad, "[Rules \"standard\"]\n\n9 9 9\n").unwrap();
    let (code, err) = run_plain(&["play", "--load", bad.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("move 1"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
