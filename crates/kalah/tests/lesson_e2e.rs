//! End to end: `kalah play --lesson` in a pseudo-terminal (portable-pty + vt100, as
//! play_e2e.rs), in the terminal's language (LANG), played through by keys in Board Game
//! Arena's rules, a wrong move explained.

use portable_pty::{native_pty_system, Child, CommandBuilder, MasterPty, PtySize};
use std::io::{Read, Write};
use std::num::NonZeroU16;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

const KALAH: &str = env!("CARGO_BIN_EXE_kalah");

struct Tty {
    parser: Arc<Mutex<vt100::Parser>>,
    _master: Box<dyn MasterPty + Send>,
    writer: Box<dyn Write + Send>,
    child: Box<dyn Child + Send + Sync>,
    /// Its working and data directory, removed when the test ends.
    _dir: tempfile::TempDir,
}

impl Tty {
    /// Runs `kalah` with `args` and the locale `lang` in an 80x24 pseudo-terminal.
    fn spawn(args: &[&str], lang: &str) -> Tty {
        let size = PtySize {
            rows: 24,
            cols: 80,
            pixel_width: 0,
            pixel_height: 0,
        };
        let pair = native_pty_system().openpty(size).expect("open a pty");
        let tmp = tempfile::Builder::new()
            .prefix("kalah-lesson-e2e-")
            .tempdir()
            .expect("temp dir");
        let dir = tmp.path().to_path_buf();
        let mut cmd = CommandBuilder::new(KALAH);
        cmd.args(args);
        cmd.cwd(&dir);
        cmd.env("TERM", "xterm-256color");
        cmd.env("KALAH_DATA", dir.join("kalah-data"));
        for name in ["LANGUAGE", "LC_ALL", "LC_MESSAGES"] {
            cmd.env_remove(name);
        }
        cmd.env("LANG", lang);
        let child = pair.slave.spawn_command(cmd).expect("start kalah");
        drop(pair.slave);
        let mut reader = pair.master.try_clone_reader().expect("pty reader");
        let writer = pair.master.take_writer().expect("pty writer");
        let nz = |n| NonZeroU16::new(n).expect("non-zero");
        let parser = Arc::new(Mutex::new(vt100::Parser::new(nz(24), nz(80), 0)));
        let feed = parser.clone();
        thread::spawn(move || {
            let mut buf = [0u8; 8192];
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 {
                    break;
                }
                feed.lock().expect("parser").process(&buf[..n]);
            }
        });
        Tty {
            parser,
            _master: pair.master,
            writer,
            child,
            _dir: tmp,
        }
    }

    fn screen(&self) -> String {
        self.parser.lock().expect("parser").screen().contents()
    }

    fn keys(&mut self, keys: &str) {
        self.writer.write_all(keys.as_bytes()).expect("send keys");
        self.writer.flush().expect("flush");
    }

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

    fn exit(mut self, secs: u64) -> bool {
        let end = Instant::now() + Duration::from_secs(secs);
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
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

#[test]
fn the_lesson_in_german_in_board_game_arenas_rules() {
    let mut tty = Tty::spawn(
        &["play", "--lesson", "--rules", "bga", "--speed", "off"],
        "de_DE.UTF-8",
    );
    let s = tty.wait_for("Schritt 1 von 4: Verteilen", 30);
    assert!(!s.contains("South") && !s.contains("North"), "{s}");
    // Sowing: house 1's four seeds stay on this side; explained, then Enter starts again.
    tty.keys("1");
    tty.wait_for("Dein letzter Stein ist in deiner Mulde 5 gelandet.", 10);
    tty.keys("\r");
    tty.wait_for("Verteile eine Mulde", 10);
    tty.keys("4");
    tty.wait_for("Enter: weiter zum nächsten Schritt.", 10);
    tty.keys("\r");
    // The extra turn: house 4's three seeds end in the store.
    tty.wait_for("Schritt 2 von 4: Der Extrazug", 10);
    tty.keys("4");
    tty.wait_for("Enter: weiter zum nächsten Schritt.", 10);
    tty.keys("\r");
    // The capture: house 3's two seeds land in the empty house 5, opposite five seeds.
    tty.wait_for("Schritt 3 von 4: Das Fangen", 10);
    tty.keys("3");
    tty.wait_for("Gefangen:", 10);
    tty.keys("\r");
    // The end under these rules: the player to move has no seeds; four sowings into the store.
    let s = tty.wait_for("Schritt 4 von 4: Das Spielende", 10);
    assert!(
        s.contains("Das Spiel endet, wenn der Spieler, der am Zug ist"),
        "{s}"
    );
    tty.keys("4");
    tty.wait_for("Du bist noch einmal am Zug.", 10);
    tty.keys("6");
    tty.keys("5");
    tty.keys("6");
    tty.wait_for("Endstand: du", 10);
    tty.keys("\r");
    tty.wait_for("Lektion geschafft", 10);
    // Esc to the new-game screen, q quits.
    tty.keys("\x1b");
    tty.wait_for("new game", 10);
    tty.keys("q");
    assert!(tty.exit(10));
}

#[test]
fn the_lesson_is_in_english_without_a_known_language() {
    let mut tty = Tty::spawn(&["play", "--lesson", "--speed", "off"], "C.UTF-8");
    tty.wait_for("First lesson · Step 1 of 4: Sowing", 30);
    tty.keys("q");
    assert!(tty.exit(10));
}
