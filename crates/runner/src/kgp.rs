//! A KGP program as the runner sees it: the runner listens on a free loopback port, starts the
//! program with `KGP_HOST` and `KGP_PORT` naming it (the reference tournament's convention),
//! takes its one connection, and plays freeplay with it: `state`, the program's `move` and
//! `yield`, then `stop`.
//!
//! What a bot's `move` and `yield` mean for a request is `kalah_kgp::host::Request`, shared
//! with the server. This host is small and blocking on purpose: the server's KGP code pairs bots in a lobby,
//! stores games and runs on tokio, none of which a match needs, and the runner already waits
//! on programs with threads and deadlines.

use crate::fault::Fault;
use crate::log::TrafficLog;
use crate::program::{crash_fault, end_process, HANDSHAKE_TIMEOUT};
use crate::spec::ProgramSpec;
use kalah_kgp::host::{legal_move, Heard, Request};
use kalah_kgp::{Board, Command, LineReader};
use kalah_rules::{Move, Position, Rules};
use std::io::{Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::process::{Child, Stdio};
use std::sync::mpsc::{sync_channel, Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Longest wait for the program to connect after it was started.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
/// Longest a write to the program may block (it does not read).
const WRITE_TIMEOUT: Duration = Duration::from_secs(5);
/// Lines of the program held for the runner before its connection has to wait.
const BACKLOG: usize = 1024;

/// A running KGP program and its connection.
pub struct KgpProgram {
    child: Child,
    stream: TcpStream,
    lines: Receiver<String>,
    /// Our IDs are even, as a server's.
    next_id: u64,
    /// `info:name`, or the program's file name.
    pub name: String,
    /// `--debug`: the traffic log and how it names this program.
    log: Option<(Arc<TrafficLog>, String)>,
}

impl KgpProgram {
    /// Starts the program, waits for its connection and its `mode freeplay`.
    ///
    /// # Errors
    /// [`Fault::Start`] when it cannot be started, exits first or asks for another mode;
    /// [`Fault::Timeout`] when it does not connect or choose a mode in time.
    pub fn start(spec: &ProgramSpec, stderr: bool) -> Result<KgpProgram, Fault> {
        KgpProgram::start_logged(spec, stderr, None)
    }

    /// As [`KgpProgram::start`], with every line to and from the program in `log` (lines
    /// from it as the runner reads them).
    pub fn start_logged(
        spec: &ProgramSpec,
        stderr: bool,
        log: Option<Arc<TrafficLog>>,
    ) -> Result<KgpProgram, Fault> {
        let listener = TcpListener::bind(("127.0.0.1", 0))
            .and_then(|l| l.set_nonblocking(true).map(|()| l))
            .map_err(|e| Fault::Start(format!("cannot listen on loopback: {e}")))?;
        let port = listener
            .local_addr()
            .map_err(|e| Fault::Start(format!("cannot listen on loopback: {e}")))?
            .port();
        let mut cmd = crate::program::command(spec);
        cmd.env("KGP_HOST", "127.0.0.1")
            .env("KGP_PORT", port.to_string())
            .stdin(Stdio::null())
            .stdout(output(stderr))
            .stderr(output(stderr));
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            cmd.process_group(0);
        }
        let mut child = cmd
            .spawn()
            .map_err(|e| Fault::Start(format!("cannot start {:?}: {e}", spec.argv[0])))?;
        let stream = match accept(&listener, &mut child) {
            Ok(s) => s,
            Err(f) => {
                end_process(&mut child, || {});
                return Err(f);
            }
        };
        drop(listener);
        let name = std::path::Path::new(&spec.argv[0])
            .file_name()
            .map_or(spec.argv[0].clone(), |n| n.to_string_lossy().into_owned());
        let lines = read_lines(&stream).map_err(|e| Fault::Start(format!("connection: {e}")))?;
        let log = log.map(|l| {
            let who = format!("{}#{}", spec.name.as_deref().unwrap_or(&name), child.id());
            (l, who)
        });
        let mut p = KgpProgram {
            child,
            stream,
            lines,
            next_id: 2,
            name,
            log,
        };
        p.handshake()?;
        Ok(p)
    }

    /// The process id of the program (its process group's too).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    fn handshake(&mut self) -> Result<(), Fault> {
        let v = kalah_kgp::VERSION;
        self.send(Command::new("kgp").int(v.0).int(v.1).int(v.2))?;
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        loop {
            let c = self.next(deadline, "mode freeplay after kgp")?;
            let text = |i: usize| c.arg(i).and_then(|a| a.as_text()).unwrap_or("").to_string();
            match c.name.as_str() {
                "set" if text(0) == "info:name" && !text(1).is_empty() => self.name = text(1),
                "mode" if text(0) == "freeplay" => {
                    return match c.id {
                        Some(id) => self.send(Command::new("ok").with_ref(id)),
                        None => Ok(()),
                    }
                }
                "mode" => {
                    let _ = self
                        .send(Command::new("error").text("the match runner plays freeplay only"));
                    return Err(Fault::Start(format!(
                        "asked for mode {:?}; the match runner plays freeplay only",
                        text(0)
                    )));
                }
                _ => self.answer(&c)?,
            }
        }
    }

    /// Tells the program that game `index` starts (`game:id`, numbered from 1 as in the
    /// records), with the runner's rules in `game:rules` (the `kalah rules` form; an
    /// extension that other clients ignore as they ignore every unknown option).
    pub fn new_game(&mut self, rules: Rules, index: usize) -> Result<(), Fault> {
        self.drain()?;
        let id = (index + 1).to_string();
        self.send(Command::new("set").text("game:id").text(id))?;
        self.send(
            Command::new("set")
                .text("game:rules")
                .text(rules.to_string()),
        )
    }

    /// Tells the program how its game ended, as the server tells its bots: `set game:result
    /// "win 40-32"` (its result with `score` 1, 0.5 or 0, then its seeds and the other's:
    /// the final scores of a game played out, the stores of one that ended otherwise). An
    /// extension that other clients ignore as they ignore every unknown option
    /// (docs/kgp.md).
    pub fn tell_result(&mut self, score: f64, own: u32, other: u32) -> Result<(), Fault> {
        let word = match score {
            s if s > 0.75 => "win",
            s if s < 0.25 => "loss",
            _ => "draw",
        };
        self.send(
            Command::new("set")
                .text("game:result")
                .text(format!("{word} {own}-{other}")),
        )
    }

    /// The program's move in `pos`, mirrored so that it plays South. It has `limit` (and
    /// `grace` more if it has sent no move by then): the last move it sent counts once it
    /// yields or its time is up, and it is charged at most `limit` (KGP knows no clock: the
    /// match command gives KGP programs per-move time only). A position with one legal move
    /// is played without asking, as a KGP server does.
    pub fn think(
        &mut self,
        pos: &Position,
        limit: Option<Duration>,
        grace: Duration,
    ) -> Result<(Move, Duration), Fault> {
        let legal = pos.legal_moves();
        if let [only] = legal.as_slice() {
            return Ok((*only, Duration::ZERO));
        }
        self.drain()?;
        let id = self.next_id;
        self.next_id += 2;
        // Mirrored for North; faults name the board as the program saw it.
        let seen = Board::from_position(pos, pos.to_move());
        self.send(Command::new("state").with_id(id).board(&seen))?;
        let asked = Instant::now();
        let time_up = asked + limit.unwrap_or(Duration::from_secs(86_400));
        let mut request = Request::new(id);
        // The move that counts, checked: each move is checked as it comes.
        let mut best: Option<Move> = None;
        let result = loop {
            if request.complete() {
                if let Some(m) = best {
                    break Ok(m);
                }
            }
            // With a move in hand the time is up at the limit, without one after the grace.
            let deadline = if best.is_some() {
                time_up
            } else {
                time_up + grace
            };
            let c = match self.next(deadline, "move") {
                Ok(c) => c,
                Err(Fault::Timeout(_)) => match best {
                    Some(m) => break Ok(m),
                    None => {
                        let waited = deadline - asked;
                        break Err(Fault::Timeout(format!(
                            "no move within {} ms",
                            waited.as_millis()
                        )));
                    }
                },
                Err(f) => return Err(f),
            };
            match request.hear(&c) {
                Heard::Move(k) => match legal_move(pos, k) {
                    Ok(m) if request.best() == Some(k) => best = Some(m),
                    Ok(_) => {}
                    Err(e) => break Err(Fault::Illegal(format!("{e} in {seen}"))),
                },
                Heard::NoHouse => {
                    break Err(Fault::Illegal(format!(
                        "{c} in {seen}: not a house of the board"
                    )))
                }
                Heard::Yield => {}
                Heard::Other if c.name == "goodbye" => {
                    return Err(Fault::Crash("said goodbye in a game".into()))
                }
                Heard::Other => self.answer(&c)?,
            }
        };
        if let Err(Fault::Illegal(why)) = &result {
            let _ = self.send(Command::new("error").with_ref(id).text(why.as_str()));
        }
        self.send(Command::new("stop").with_ref(id))?;
        result.map(|m| (m, asked.elapsed().min(time_up - asked)))
    }

    /// Answers what needs an answer outside a request: `ping`.
    fn answer(&mut self, c: &Command) -> Result<(), Fault> {
        if c.name == "ping" {
            let mut pong = Command::new("pong");
            pong.reference = c.id;
            return self.send(pong);
        }
        Ok(())
    }

    /// Reads what the program said between requests (late moves are dropped).
    fn drain(&mut self) -> Result<(), Fault> {
        loop {
            match self.lines.try_recv() {
                Ok(line) => {
                    if let Some((l, who)) = &self.log {
                        l.line(who, false, &line);
                    }
                    if let Ok(Some(c)) = Command::parse_line(&line) {
                        if c.name == "goodbye" {
                            return Err(Fault::Crash("said goodbye".into()));
                        }
                        self.answer(&c)?;
                    }
                }
                Err(std::sync::mpsc::TryRecvError::Empty) => return Ok(()),
                Err(std::sync::mpsc::TryRecvError::Disconnected) => {
                    return Err(crash_fault(&mut self.child, "closed the connection"))
                }
            }
        }
    }

    fn send(&mut self, c: Command) -> Result<(), Fault> {
        // Every line of ours but the answers gets the next even ID.
        let c = if c.id.is_none() && c.name != "pong" && c.name != "ok" {
            let id = self.next_id;
            self.next_id += 2;
            c.with_id(id)
        } else {
            c
        };
        let line = c.to_line();
        if let Some((l, who)) = &self.log {
            l.line(who, true, &line);
        }
        if self.stream.write_all(line.as_bytes()).is_err() {
            return Err(crash_fault(&mut self.child, "closed the connection"));
        }
        Ok(())
    }

    /// The next command that parses; lines that do not are skipped.
    fn next(&mut self, deadline: Instant, what: &str) -> Result<Command, Fault> {
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    if let Some((l, who)) = &self.log {
                        l.line(who, false, &line);
                    }
                    if let Ok(Some(c)) = Command::parse_line(&line) {
                        return Ok(c);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(Fault::Timeout(format!("no {what} in time")))
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(crash_fault(&mut self.child, "closed the connection"))
                }
            }
        }
    }
}

impl Drop for KgpProgram {
    fn drop(&mut self) {
        let stream = &mut self.stream;
        end_process(&mut self.child, || {
            let _ = stream.write_all(Command::new("goodbye").to_line().as_bytes());
            let _ = stream.shutdown(Shutdown::Both);
        });
        let _ = self.stream.shutdown(Shutdown::Both);
    }
}

/// Where the program's output goes: our stderr, or nowhere.
pub(crate) fn output(stderr: bool) -> Stdio {
    #[cfg(unix)]
    if stderr {
        use std::os::fd::AsFd;
        if let Ok(fd) = std::io::stderr().as_fd().try_clone_to_owned() {
            return Stdio::from(fd);
        }
    }
    let _ = stderr;
    Stdio::null()
}

/// The program's connection, or why there is none.
fn accept(listener: &TcpListener, child: &mut Child) -> Result<TcpStream, Fault> {
    let deadline = Instant::now() + CONNECT_TIMEOUT;
    loop {
        match listener.accept() {
            Ok((s, _)) => {
                let ready = s
                    .set_nonblocking(false)
                    .and_then(|()| s.set_nodelay(true))
                    .and_then(|()| s.set_write_timeout(Some(WRITE_TIMEOUT)));
                return ready
                    .map(|()| s)
                    .map_err(|e| Fault::Start(format!("connection: {e}")));
            }
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
            Err(e) => return Err(Fault::Start(format!("accepting its connection: {e}"))),
        }
        if let Ok(Some(status)) = child.try_wait() {
            return Err(Fault::Start(format!(
                "exited ({status}) before connecting to KGP_HOST:KGP_PORT (--engine-stderr shows what it said)"
            )));
        }
        if Instant::now() >= deadline {
            return Err(Fault::Timeout(format!(
                "did not connect to KGP_HOST:KGP_PORT within {} s",
                CONNECT_TIMEOUT.as_secs()
            )));
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// A thread that reads the connection's lines into a bounded channel; it ends, and the
/// channel with it, when the connection closes.
pub(crate) fn read_lines(stream: &TcpStream) -> std::io::Result<Receiver<String>> {
    let mut read = stream.try_clone()?;
    let (tx, rx) = sync_channel(BACKLOG);
    std::thread::spawn(move || {
        let mut reader = LineReader::new();
        let mut buf = [0u8; 4096];
        loop {
            let n = match read.read(&mut buf) {
                Ok(0) | Err(_) => return,
                Ok(n) => n,
            };
            let mut lines = Vec::new();
            reader.push(&buf[..n], |l| {
                if let Ok(l) = l {
                    lines.push(l.to_string());
                }
            });
            for l in lines {
                if tx.send(l).is_err() {
                    return;
                }
            }
        }
    });
    Ok(rx)
}
