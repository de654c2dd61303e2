//! `kalah check-kgp HOST[:PORT]`: walks a KGP server (`docs/kgp.md`) through the protocol's
//! corners as a bot would meet them and says, check by check, what it does wrong: the
//! greeting, `ping`, a line that does not parse and an unknown command (the connection must go
//! on), freeplay with a `state` to answer, `stop` soon after a `yield`, `stop` when the move
//! time is up without one, an illegal move (an `error`, and the game ends), a reconnection
//! with the same token, and `goodbye`.

use crate::check::Check;
use kalah_kgp::host::legal_move;
use kalah_kgp::{Board, Command, LineReader};
use kalah_rules::{Move, Position};
use std::io::{Read, Write};
use std::net::{Shutdown, TcpStream, ToSocketAddrs};
use std::time::{Duration, Instant};

/// Longest wait for a game (pairing, a level's turn) before the check gives up.
pub const GAME_WAIT: Duration = Duration::from_secs(30);
/// Longest wait for an answer that needs no thought (`pong`, `error`, `stop` after `yield`).
const PROMPT: Duration = Duration::from_secs(2);

/// One connection to the server, as a bot.
struct Bot {
    stream: TcpStream,
    reader: LineReader,
    lines: std::collections::VecDeque<String>,
    next_id: u64,
}

impl Bot {
    fn connect(addr: &str) -> Result<Bot, String> {
        let sock = addr
            .to_socket_addrs()
            .map_err(|e| format!("cannot resolve {addr}: {e}"))?
            .next()
            .ok_or_else(|| format!("{addr} has no address"))?;
        let stream = TcpStream::connect_timeout(&sock, Duration::from_secs(10))
            .map_err(|e| format!("cannot connect to {addr}: {e}"))?;
        let _ = stream.set_nodelay(true);
        Ok(Bot {
            stream,
            reader: LineReader::new(),
            lines: Default::default(),
            next_id: 1,
        })
    }

    /// Sends `c` with the next odd ID (a client's); returns the ID.
    fn send(&mut self, c: Command) -> Result<u64, String> {
        let id = self.next_id;
        self.next_id += 2;
        self.send_line(&c.with_id(id).to_line())?;
        Ok(id)
    }

    fn send_line(&mut self, line: &str) -> Result<(), String> {
        self.stream
            .write_all(line.as_bytes())
            .map_err(|e| format!("the connection was lost: {e}"))
    }

    /// The next line until `deadline`: `Ok(None)` when time is up, `Err` when it closed.
    fn line(&mut self, deadline: Instant) -> Result<Option<String>, String> {
        let mut buf = [0u8; 4096];
        loop {
            if let Some(l) = self.lines.pop_front() {
                return Ok(Some(l));
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Ok(None);
            }
            let _ = self.stream.set_read_timeout(Some(left));
            match self.stream.read(&mut buf) {
                Ok(0) => return Err("the server closed the connection".into()),
                Ok(n) => {
                    let lines = &mut self.lines;
                    self.reader.push(&buf[..n], |l| {
                        if let Ok(l) = l {
                            lines.push_back(l.to_string());
                        }
                    });
                }
                Err(e)
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) => {}
                Err(e) => return Err(format!("the connection was lost: {e}")),
            }
        }
    }

    /// Reads commands until one `want` accepts, answering `ping` on the way.
    fn until(
        &mut self,
        within: Duration,
        what: &str,
        mut want: impl FnMut(&Command) -> bool,
    ) -> Result<Command, String> {
        let deadline = Instant::now() + within;
        let mut last = None;
        loop {
            let Some(line) = self.line(deadline)? else {
                let last = last
                    .map(|l| format!(" (last line {l:?})"))
                    .unwrap_or_default();
                return Err(format!("no {what} within {} ms{last}", within.as_millis()));
            };
            let Ok(Some(c)) = Command::parse_line(&line) else {
                last = Some(line);
                continue;
            };
            if want(&c) {
                return Ok(c);
            }
            if c.name == "ping" {
                let mut pong = Command::new("pong");
                pong.reference = c.id;
                self.send_line(&pong.to_line())?;
            }
            last = Some(line);
        }
    }

    /// Introduces itself and asks for freeplay.
    fn freeplay(&mut self, token: &str) -> Result<(), String> {
        let name = Command::new("set")
            .text("info:name")
            .text("kalah-check-kgp");
        self.send(name)?;
        self.send(Command::new("set").text("auth:token").text(token))?;
        self.send(Command::new("mode").text("freeplay"))?;
        Ok(())
    }

    /// The next `state` and its position; other games' ends on the way are fine.
    fn state(&mut self, within: Duration) -> Result<(u64, Position, Board), String> {
        let c = self.until(within, "state", |c| c.name == "state")?;
        let id = c.id.ok_or("a state came without an ID")?;
        let board = c
            .arg(0)
            .ok_or("a state came without a board")?
            .as_board()
            .map_err(|e| format!("the state's board does not read: {e}"))?;
        let rules = board.rules().map_err(|e| e.to_string())?;
        let pos = board.to_position(rules).map_err(|e| e.to_string())?;
        Ok((id, pos, board))
    }

    fn stop(&mut self, id: u64, within: Duration) -> Result<Duration, String> {
        let t = Instant::now();
        let what = format!("@{id} stop");
        self.until(within, &what, |c| {
            c.name == "stop" && c.reference == Some(id)
        })?;
        Ok(t.elapsed())
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.stream.shutdown(Shutdown::Both);
    }
}

fn first_legal(pos: &Position) -> Result<i64, String> {
    match pos.legal_moves().first() {
        Some(Move::Sow(h)) => Ok(i64::from(*h)),
        _ => Err(format!("the state {pos} has no move to play")),
    }
}

/// Checks the KGP server at `addr` (`HOST:PORT`), waiting up to `game_wait` for each game.
pub fn check_kgp_server(addr: &str, game_wait: Duration) -> Vec<Check> {
    let mut out = Vec::new();
    // A token of this run only: the reconnection is recognised, no other bot's identity.
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
    let token = format!(
        "check-kgp-{}-{}",
        std::process::id(),
        now.map_or(0, |d| d.as_nanos())
    );
    let mut record = |name, result| out.push(Check { name, result });
    let mut bot = match Bot::connect(addr) {
        Ok(b) => b,
        Err(e) => {
            record("connect", Err(e));
            return out;
        }
    };
    let r = bot
        .until(Duration::from_secs(5), "kgp greeting", |c| c.name == "kgp")
        .and_then(|c| match c.arg(0).and_then(|a| a.as_int()) {
            Some(1) => Ok(c.to_string()),
            _ => Err(format!("{c}: a client of KGP 1 cannot go on")),
        });
    let greeted = r.is_ok();
    record("greeting: kgp 1 first", r);
    if !greeted {
        return out;
    }
    let r = bot.send(Command::new("ping")).and_then(|id| {
        let t = Instant::now();
        bot.until(PROMPT, "pong", |c| {
            c.name == "pong" && c.reference == Some(id)
        })
        .map(|_| format!("@{id} pong in {} ms", t.elapsed().as_millis()))
    });
    record("ping answered by pong with its reference", r);
    let r = bot
        .send_line("3@ \"unclosed\r\n")
        .and_then(|()| bot.until(PROMPT, "error", |c| c.name == "error"))
        .and_then(|e| {
            let id = bot.send(Command::new("ping"))?;
            bot.until(PROMPT, "pong after the error", |c| {
                c.name == "pong" && c.reference == Some(id)
            })?;
            Ok(format!("{e}, and the connection went on"))
        });
    record(
        "a line that does not parse: error, and the connection goes on",
        r,
    );
    let r = bot
        .send(Command::new("frobnicate"))
        .and_then(|_| bot.until(PROMPT, "error", |c| c.name == "error"))
        .and_then(|e| {
            let id = bot.send(Command::new("ping"))?;
            bot.until(PROMPT, "pong after the error", |c| {
                c.name == "pong" && c.reference == Some(id)
            })?;
            Ok(format!("{e}, and the connection went on"))
        });
    record("an unknown command: error, and the connection goes on", r);

    let r = bot.freeplay(&token).and_then(|()| bot.state(game_wait));
    let (id, pos, _) = match r {
        Ok(s) => {
            record(
                "mode freeplay: a game and a state",
                Ok(format!("{} state {}", s.0, s.2)),
            );
            s
        }
        Err(e) => {
            record("mode freeplay: a game and a state", Err(e));
            return out;
        }
    };
    let r = first_legal(&pos).and_then(|k| {
        bot.send(Command::new("move").with_ref(id).int(k))?;
        bot.send(Command::new("yield").with_ref(id))?;
        bot.stop(id, PROMPT)
            .map(|t| format!("stop {} ms after the yield", t.as_millis()))
    });
    record("move and yield: stop follows at once", r);

    let r = bot.state(game_wait).and_then(|(id, pos, _)| {
        bot.send(Command::new("move").with_ref(id).int(first_legal(&pos)?))?;
        bot.stop(id, Duration::from_secs(120))
            .map(|t| format!("stop after {} ms, the server's move time", t.as_millis()))
    });
    record("a move without yield: stop when the move time is up", r);

    let r = bot.state(game_wait).and_then(|(id, pos, board)| {
        let empty = (1..=board.houses() as i64).find(|&k| legal_move(&pos, k).is_err());
        let k = empty.unwrap_or(board.houses() as i64 + 1);
        bot.send(Command::new("move").with_ref(id).int(k))?;
        bot.send(Command::new("yield").with_ref(id))?;
        let e = bot.until(PROMPT, "error", |c| c.name == "error")?;
        Ok(format!("move {k} answered by {e}"))
    });
    record("an illegal move: error, and the game is lost", r);
    drop(bot);

    let r = Bot::connect(addr).and_then(|mut b| {
        b.until(Duration::from_secs(5), "kgp greeting", |c| c.name == "kgp")?;
        b.freeplay(&token)?;
        let (id, pos, _) = b.state(game_wait)?;
        b.send(Command::new("move").with_ref(id).int(first_legal(&pos)?))?;
        b.send(Command::new("yield").with_ref(id))?;
        b.stop(id, PROMPT)?;
        Ok(b)
    });
    let mut again = match r {
        Ok(b) => {
            record(
                "reconnect with the same token: a game again",
                Ok("played a move".into()),
            );
            b
        }
        Err(e) => {
            record("reconnect with the same token: a game again", Err(e));
            return out;
        }
    };
    let r = again.send(Command::new("goodbye")).and_then(|_| {
        let t = Instant::now();
        match again.until(PROMPT, "the connection closed", |_| false) {
            Err(e) if e.contains("closed") || e.contains("lost") => {
                Ok(format!("closed in {} ms", t.elapsed().as_millis()))
            }
            Err(e) => Err(e),
            Ok(_) => Err("still open".into()),
        }
    });
    record("goodbye: the server closes the connection", r);
    out
}
