//! `kalah check-kgp --bot PROGRAM` (or `--listen PORT`): the other side of `check-kgp HOST`.
//! kalah plays the server: it starts the bot program with `KGP_HOST` and `KGP_PORT` naming a
//! loopback port, as the match runner does (or waits for a bot to connect to a port it
//! printed), and walks it through the corners a server makes a bot meet, saying check by
//! check what the bot does (`ok`) or what is wrong (`FAIL`): the greeting and its answer
//! `mode freeplay`, `ping`, lines a bot cannot use (an unknown option and command, a line
//! that does not parse, an `error`), a `state` answered within the move time, `stop` after a
//! `yield` and before one, a whole game ended by `set game:result`, a connection the server
//! drops (the bot connects again, or ends and is started again, with the same token; the
//! greeting then names a later minor version), and `goodbye`.

use crate::check::Check;
use crate::kgp::output;
use crate::program::{command, end_process};
use crate::spec::ProgramSpec;
use kalah_kgp::host::{legal_move, Heard, Request};
use kalah_kgp::{kgp_rules, Board, Command};
use kalah_rules::{Move, Position, Side};
use std::io::Write;
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::process::{Child, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Longest wait for an answer that needs no thought (`mode` after the greeting, `pong`).
const PROMPT: Duration = Duration::from_secs(2);
/// Longest wait for the answer to the greeting (a program may be slow to load).
const GREETING: Duration = Duration::from_secs(10);
/// How long the bot may take to close its connection and exit after `goodbye`, or to
/// connect again (or exit) when its connection drops.
const ENDING: Duration = Duration::from_secs(5);
/// Moves for a stopped request later than this after the `stop` are the bot's fault (before
/// it, they may have crossed the `stop` on the way).
const IN_FLIGHT: Duration = Duration::from_millis(100);
/// How long the checker listens after a `stop` for moves that should not come.
const AFTER_STOP: Duration = Duration::from_millis(500);

/// The checks of a whole run; a run that loses the bot's connection for good stops early.
pub const BOT_CHECKS: usize = 9;

/// How the bot comes to the checker.
pub enum BotSource {
    /// A program the checker starts (and starts again when it ends), with `KGP_HOST` and
    /// `KGP_PORT` naming the checker's loopback port.
    Program(ProgramSpec),
    /// A bot that connects by itself to this listener (whose address the caller printed).
    Listener(TcpListener),
}

/// What `kalah check-kgp --bot` checks with.
pub struct BotCheck {
    pub source: BotSource,
    /// The time the bot has for each `state`, as a server's move time.
    pub move_time: Duration,
    /// Longest wait for a connection: the program's first, or a bot's that connects by itself.
    pub connect_wait: Duration,
    /// Let the program's stdout and stderr through (to our stderr).
    pub stderr: bool,
}

/// One connection to the bot, with its lines read by a thread.
struct Link {
    stream: TcpStream,
    lines: Receiver<String>,
}

/// The checker as a KGP server.
struct Host {
    listener: TcpListener,
    spec: Option<ProgramSpec>,
    stderr: bool,
    child: Option<Child>,
    link: Option<Link>,
    /// Our IDs are even, as a server's.
    next_id: u64,
    move_time: Duration,
}

/// What the bot said before its `mode`.
#[derive(Debug, Default, Clone)]
struct Hello {
    name: Option<String>,
    token: Option<String>,
}

/// What came of one `state`.
struct Answer {
    id: u64,
    /// The move that counts.
    best: Move,
    house: i64,
    first: Duration,
    yielded: Option<Duration>,
}

impl Host {
    /// Starts the program (if it is one) and takes its connection.
    fn connect(&mut self, within: Duration) -> Result<String, String> {
        if self.spec.is_some() {
            self.spawn()?;
        }
        let t = Instant::now();
        self.accept(within)?;
        let who = match &self.child {
            Some(c) => format!(" (pid {})", c.id()),
            None => String::new(),
        };
        Ok(format!(
            "connected after {} ms{who}",
            t.elapsed().as_millis()
        ))
    }

    fn spawn(&mut self) -> Result<(), String> {
        let spec = self.spec.as_ref().expect("a program to start");
        let port = self
            .listener
            .local_addr()
            .map_err(|e| e.to_string())?
            .port();
        let mut cmd = command(spec);
        cmd.env("KGP_HOST", "127.0.0.1")
            .env("KGP_PORT", port.to_string())
            .stdin(Stdio::null())
            .stdout(output(self.stderr))
            .stderr(output(self.stderr));
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            cmd.process_group(0);
        }
        let child = cmd
            .spawn()
            .map_err(|e| format!("cannot start {:?}: {e}", spec.argv[0]))?;
        self.child = Some(child);
        Ok(())
    }

    /// The exit status of the program, if it has ended within `within`.
    fn exited(&mut self, within: Duration) -> Option<String> {
        let child = self.child.as_mut()?;
        let end = Instant::now() + within;
        loop {
            if let Ok(Some(status)) = child.try_wait() {
                return Some(status.to_string());
            }
            if Instant::now() >= end {
                return None;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Takes the next connection within `within`; a program that exits first fails.
    fn accept(&mut self, within: Duration) -> Result<(), String> {
        let deadline = Instant::now() + within;
        loop {
            match self.listener.accept() {
                Ok((s, _)) => {
                    let lines = start_reading(&s).map_err(|e| format!("connection: {e}"))?;
                    self.link = Some(Link { stream: s, lines });
                    return Ok(());
                }
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
                Err(e) => return Err(format!("accepting its connection: {e}")),
            }
            if let Some(status) = self.exited(Duration::ZERO) {
                return Err(format!(
                    "the program exited ({status}) before connecting to KGP_HOST:KGP_PORT (--engine-stderr shows what it said)"
                ));
            }
            if Instant::now() >= deadline {
                return Err(format!("no connection within {} s", within.as_secs_f64()));
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Why the connection is gone: the program's exit status when it has one.
    fn lost(&mut self) -> String {
        self.link = None;
        match self.exited(Duration::from_millis(300)) {
            Some(status) => format!("the program exited ({status})"),
            None => "the bot closed the connection".to_string(),
        }
    }

    /// Sends `c`, with the next even ID unless it answers something.
    fn send(&mut self, c: Command) -> Result<u64, String> {
        let id = self.next_id;
        let c = if c.id.is_none() && c.reference.is_none() && c.name != "pong" {
            self.next_id += 2;
            c.with_id(id)
        } else {
            c
        };
        self.send_raw(&c.to_line())?;
        Ok(id)
    }

    fn send_raw(&mut self, line: &str) -> Result<(), String> {
        let Some(link) = self.link.as_mut() else {
            return Err("no connection".into());
        };
        if link.stream.write_all(line.as_bytes()).is_err() {
            return Err(self.lost());
        }
        Ok(())
    }

    /// The bot's next command before `deadline` (`None`: time is up). Lines that do not
    /// parse are skipped (servers answer them with `error`; here they are only noted in
    /// `unread`); the bot's `ping` is answered.
    fn next(&mut self, deadline: Instant, unread: &mut usize) -> Result<Option<Command>, String> {
        loop {
            let Some(link) = self.link.as_ref() else {
                return Err("no connection".into());
            };
            let left = deadline.saturating_duration_since(Instant::now());
            match link.lines.recv_timeout(left) {
                Ok(line) => match Command::parse_line(&line) {
                    Ok(Some(c)) if c.name == "ping" => {
                        let mut pong = Command::new("pong");
                        pong.reference = c.id;
                        self.send(pong)?;
                    }
                    Ok(Some(c)) if c.name == "goodbye" => return Err(format!("it said {c}")),
                    Ok(Some(c)) => return Ok(Some(c)),
                    Ok(None) => {}
                    Err(_) => *unread += 1,
                },
                Err(RecvTimeoutError::Timeout) => return Ok(None),
                Err(RecvTimeoutError::Disconnected) => return Err(self.lost()),
            }
        }
    }

    /// Greets the bot as a server of KGP `version` and waits for its `mode freeplay`.
    fn greet(&mut self, version: (i64, i64, i64)) -> Result<Hello, String> {
        let (a, b, c) = version;
        self.send(Command::new("kgp").int(a).int(b).int(c))?;
        let deadline = Instant::now() + GREETING;
        let mut hello = Hello::default();
        let mut unread = 0;
        loop {
            let Some(c) = self.next(deadline, &mut unread)? else {
                return Err(format!(
                    "no mode freeplay within {} s of the greeting",
                    GREETING.as_secs()
                ));
            };
            let text = |i: usize| c.arg(i).and_then(|a| a.as_text()).map(str::to_string);
            match c.name.as_str() {
                "set" => match text(0).as_deref() {
                    Some("info:name") => hello.name = text(1),
                    Some("auth:token") => hello.token = text(1),
                    _ => {}
                },
                "mode" => {
                    let mode = text(0).unwrap_or_default();
                    if !mode.eq_ignore_ascii_case("freeplay") {
                        let _ = self
                            .send(Command::new("error").text("this checker plays freeplay only"));
                        return Err(format!(
                            "it asked for mode {mode:?}; a bot for freeplay sends mode freeplay"
                        ));
                    }
                    if let Some(id) = c.id {
                        self.send(Command::new("ok").with_ref(id))?;
                    }
                    return Ok(hello);
                }
                _ => {}
            }
        }
    }

    /// Sends `ping` and waits for its `pong`; counts the bot's `error` lines on the way.
    fn ping(&mut self) -> Result<(Duration, usize), String> {
        let id = self.send(Command::new("ping"))?;
        let t = Instant::now();
        let deadline = t + PROMPT;
        let (mut errors, mut unread) = (0, 0);
        loop {
            match self.next(deadline, &mut unread)? {
                Some(c) if c.name == "pong" && c.reference == Some(id) => {
                    return Ok((t.elapsed(), errors))
                }
                Some(c) if c.name == "error" => errors += 1,
                Some(_) => {}
                None => return Err(format!("no @{id} pong within {} ms", PROMPT.as_millis())),
            }
        }
    }

    /// Sends `pos` (mirrored for the side to move) as a `state` and takes the bot's answer
    /// until it yields or the move time is up, then sends `stop`; with `stop_early`, the
    /// `stop` goes at its first move.
    fn ask(&mut self, pos: &Position, stop_early: bool) -> Result<Answer, String> {
        let seen = Board::from_position(pos, pos.to_move());
        let id = self.send(Command::new("state").board(&seen))?;
        let asked = Instant::now();
        let deadline = asked + self.move_time;
        let mut request = Request::new(id);
        let (mut first, mut yielded) = (None, None);
        let mut unread = 0;
        let outcome = loop {
            if request.complete() && request.best().is_some() {
                break Ok(());
            }
            let c = match self.next(deadline, &mut unread) {
                Ok(Some(c)) => c,
                Ok(None) => break Ok(()),
                Err(e) => return Err(e),
            };
            match request.hear(&c) {
                Heard::Move(k) => {
                    if let Err(e) = legal_move(pos, k) {
                        break Err(format!("{c} in {seen}: {e}"));
                    }
                    first.get_or_insert(asked.elapsed());
                    if stop_early {
                        break Ok(());
                    }
                }
                Heard::NoHouse => break Err(format!("{c}: a move without a house number")),
                Heard::Yield => {
                    yielded.get_or_insert(asked.elapsed());
                }
                Heard::Other => {}
            }
        };
        if let Err(why) = &outcome {
            let _ = self.send(Command::new("error").with_ref(id).text(why.as_str()));
        }
        self.send(Command::new("stop").with_ref(id))?;
        outcome?;
        let (Some(house), Some(first)) = (request.best(), first) else {
            let yield_note = match yielded {
                Some(t) => format!(" (it yielded after {} ms without one)", t.as_millis()),
                None => String::new(),
            };
            return Err(format!(
                "no move within the move time, {} ms, for {id} state {seen}{yield_note}",
                self.move_time.as_millis()
            ));
        };
        let best = legal_move(pos, house).map_err(|e| e.to_string())?;
        Ok(Answer {
            id,
            best,
            house,
            first,
            yielded,
        })
    }

    /// Moves for request `id` that came later than [`IN_FLIGHT`] after its `stop` (sent
    /// now), in the next [`AFTER_STOP`].
    fn late_moves(&mut self, id: u64) -> Result<Vec<(i64, Duration)>, String> {
        let stopped = Instant::now();
        let mut late = Vec::new();
        let mut unread = 0;
        while let Some(c) = self.next(stopped + AFTER_STOP, &mut unread)? {
            if c.name == "move" && c.reference.is_none_or(|r| r == id) {
                let t = stopped.elapsed();
                if t > IN_FLIGHT {
                    late.push((c.arg(0).and_then(|a| a.as_int()).unwrap_or(0), t));
                }
            }
        }
        Ok(late)
    }

    /// Closes the connection as a server that went away (no `goodbye`).
    fn drop_link(&mut self) {
        if let Some(l) = self.link.take() {
            let _ = l.stream.shutdown(Shutdown::Both);
        }
    }

    /// Ends the program, if one runs.
    fn kill(&mut self) {
        self.drop_link();
        if let Some(mut c) = self.child.take() {
            end_process(&mut c, || {});
        }
    }
}

impl Drop for Host {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The connection's lines, read by [`crate::kgp::read_lines`]'s thread (a bounded channel),
/// after the socket options the checks need.
fn start_reading(stream: &TcpStream) -> std::io::Result<Receiver<String>> {
    stream.set_nonblocking(false)?;
    stream.set_nodelay(true)?;
    stream.set_write_timeout(Some(Duration::from_secs(5)))?;
    crate::kgp::read_lines(stream)
}

fn ms(d: Duration) -> u128 {
    d.as_millis()
}

/// "move 3 after 12 ms, yield after 13 ms".
fn answered(a: &Answer) -> String {
    match a.yielded {
        Some(y) => format!(
            "move {} after {} ms, yield after {} ms",
            a.house,
            ms(a.first),
            ms(y)
        ),
        None => format!(
            "move {} after {} ms, no yield (it plays until stop, which KGP allows)",
            a.house,
            ms(a.first)
        ),
    }
}

/// A late position of Kalah(6,4) under the reference server's rules, North to move: the
/// start, then both sides play their last legal move until 16 seeds or fewer are left in
/// the houses.
fn late_position() -> Position {
    let rules = kgp_rules(6, 4).expect("Kalah(6,4) under the reference rules");
    let mut pos = Position::start(rules, Side::South);
    loop {
        let left = pos.seeds_in_houses(Side::South) + pos.seeds_in_houses(Side::North);
        if (left <= 16 && pos.to_move() == Side::North) || pos.is_over() {
            return pos;
        }
        let m = *pos
            .legal_moves()
            .last()
            .expect("a move while the game goes on");
        pos.play_unchecked(m);
    }
}

/// Checks the bot of `setup`, check by check; stops where no connection is left to go on.
pub fn check_kgp_bot(setup: BotCheck, notice: &dyn Fn(&str)) -> Vec<Check> {
    let (listener, spec) = match setup.source {
        BotSource::Program(spec) => match TcpListener::bind(("127.0.0.1", 0)) {
            Ok(l) => (l, Some(spec)),
            Err(e) => {
                return vec![Check {
                    name: "connect",
                    result: Err(format!("cannot listen on loopback: {e}")),
                }]
            }
        },
        BotSource::Listener(l) => (l, None),
    };
    let mut out = Vec::new();
    if let Err(e) = listener.set_nonblocking(true) {
        out.push(Check {
            name: "connect",
            result: Err(format!("cannot listen: {e}")),
        });
        return out;
    }
    let address: Option<SocketAddr> = listener.local_addr().ok();
    let mut host = Host {
        listener,
        stderr: setup.stderr,
        child: None,
        link: None,
        next_id: 2,
        move_time: setup.move_time,
        spec,
    };
    let started = host.spec.is_some();
    // Keeps a check's result; says whether it passed.
    fn record(out: &mut Vec<Check>, name: &'static str, result: Result<String, String>) -> bool {
        let ok = result.is_ok();
        out.push(Check { name, result });
        ok
    }

    let connected = host.connect(setup.connect_wait);
    if !record(
        &mut out,
        if started {
            "connect: the program connects to KGP_HOST:KGP_PORT"
        } else {
            "connect: a bot connects to the port"
        },
        connected,
    ) {
        return out;
    }
    let hello = host.greet((1, 0, 1));
    let first = match &hello {
        Ok(h) => h.clone(),
        Err(_) => Hello::default(),
    };
    let said = hello.map(|h| {
        format!(
            "mode freeplay after the greeting kgp 1 0 1 (name {}, {})",
            h.name
                .as_deref()
                .map_or("none".into(), |n| format!("{n:?}")),
            if h.token.is_some() {
                "a token: rated on a server"
            } else {
                "no auth:token: unrated on a server"
            }
        )
    });
    if !record(
        &mut out,
        "greeting: kgp 1 0 1 answered by mode freeplay",
        said,
    ) {
        return out;
    }
    let r = host
        .ping()
        .map(|(t, _)| format!("pong with the ping's reference in {} ms", ms(t)));
    record(&mut out, "ping answered by pong with its reference", r);

    // Lines a bot cannot use: it may answer them with `error`, and must go on.
    let r = (|| {
        host.send(
            Command::new("set")
                .text("game:novelty")
                .text("an option no bot knows"),
        )?;
        host.send(Command::new("frobnicate").int(7))?;
        host.send_raw("8@ \"unclosed\r\n")?;
        host.send(Command::new("error").text("only a test of kalah check-kgp: go on"))?;
        let (t, errors) = host.ping()?;
        Ok(format!(
            "an unknown option, an unknown command, a line that does not parse and an error, then pong in {} ms{}",
            ms(t),
            if errors > 0 {
                format!(" (it answered with {errors} error lines)")
            } else {
                String::new()
            }
        ))
    })();
    if !record(
        &mut out,
        "lines it cannot use: ignored, and the connection goes on",
        r,
    ) && host.link.is_none()
    {
        return out;
    }

    let rules = kgp_rules(6, 4).expect("Kalah(6,4) under the reference rules");
    let mut pos = Position::start(rules, Side::South);
    let r = (|| {
        host.send(Command::new("set").text("game:id").text("check-1"))?;
        host.send(
            Command::new("set")
                .text("game:opponent")
                .text("kalah check-kgp"),
        )?;
        let a = host.ask(&pos, false)?;
        let late = host.late_moves(a.id)?;
        pos.play_unchecked(a.best);
        if !late.is_empty() {
            return Err(format!(
                "{}; then {} more moves for the state after its stop (the first {} ms after it): a server ignores them",
                answered(&a),
                late.len(),
                ms(late[0].1)
            ));
        }
        Ok(format!(
            "{}; nothing more for the state after its stop",
            answered(&a)
        ))
    })();
    let state_ok = record(
        &mut out,
        "a state: a legal move within the move time, nothing after stop",
        r,
    );
    if host.link.is_none() {
        return out;
    }
    // The opponent answers, then a state is stopped at the bot's first move.
    while !pos.is_over() && pos.to_move() == Side::North {
        pos.play_unchecked(pos.legal_moves()[0]);
    }
    let r = (|| {
        let a = host.ask(&pos, true)?;
        let late = host.late_moves(a.id)?;
        if !late.is_empty() {
            return Err(format!(
                "{} more moves for state {} after its stop, the first {} ms after it",
                late.len(),
                a.id,
                ms(late[0].1)
            ));
        }
        pos.play_unchecked(a.best);
        while !pos.is_over() && pos.to_move() == Side::North {
            pos.play_unchecked(pos.legal_moves()[0]);
        }
        let stopped = format!("stop sent at its first move ({} ms)", ms(a.first));
        let b = host.ask(&pos, false)?;
        Ok(format!(
            "{stopped}; the next state answered with move {} in {} ms",
            b.house,
            ms(b.first)
        ))
    })();
    record(
        &mut out,
        "stop before its yield: the next state is answered",
        r,
    );
    if host.link.is_none() {
        return out;
    }

    // A whole game from a late position, the bot North (the board mirrored), then its result.
    let r = (|| {
        if !state_ok {
            return Err("not played: the bot did not answer a state".into());
        }
        let mut pos = late_position();
        let bot = pos.to_move();
        host.send(Command::new("set").text("game:id").text("check-2"))?;
        host.send(
            Command::new("set")
                .text("game:opponent")
                .text("kalah check-kgp"),
        )?;
        let mut asked = 0;
        while !pos.is_over() {
            let m = if pos.to_move() != bot {
                pos.legal_moves()[0]
            } else if pos.legal_moves().len() == 1 {
                // Played without asking, as a server does.
                pos.legal_moves()[0]
            } else {
                asked += 1;
                host.ask(&pos, false)?.best
            };
            pos.play_unchecked(m);
        }
        let o = pos.outcome().expect("the game is over");
        let (own, other) = (o.scores[bot], o.scores[bot.opponent()]);
        let word = match own.cmp(&other) {
            std::cmp::Ordering::Greater => "win",
            std::cmp::Ordering::Less => "loss",
            std::cmp::Ordering::Equal => "draw",
        };
        let result = format!("{word} {own}-{other}");
        host.send(
            Command::new("set")
                .text("game:result")
                .text(result.as_str()),
        )?;
        let (t, _) = host.ping()?;
        Ok(format!(
            "{asked} states answered as North (the board mirrored), set game:result {result:?}, then pong in {} ms",
            ms(t)
        ))
    })();
    record(
        &mut out,
        "a whole game, then game:result: every state answered, the result taken",
        r,
    );
    if host.link.is_none() {
        return out;
    }

    // The server goes away: the bot connects again, or ends (and is started again).
    host.drop_link();
    let r = (|| {
        let t = Instant::now();
        let how = if started {
            let deadline = t + ENDING;
            loop {
                match host.accept(Duration::from_millis(20)) {
                    Ok(()) => {
                        break format!("it connected again by itself after {} ms", ms(t.elapsed()))
                    }
                    Err(e) if e.starts_with("the program exited") => {
                        let status = host.exited(Duration::ZERO).unwrap_or_default();
                        host.child = None;
                        host.connect(setup.connect_wait)?;
                        break format!(
                            "it ended when its connection did ({status}); started again, it connected"
                        );
                    }
                    Err(_) if Instant::now() < deadline => {}
                    Err(_) => {
                        return Err(format!(
                            "{} s after the server closed its connection it had neither connected again nor exited: a bot should end, or connect again, when its server goes away",
                            ENDING.as_secs()
                        ))
                    }
                }
            }
        } else {
            let at = address.map_or("the port".into(), |a| a.to_string());
            notice(&format!(
                "kalah check-kgp: closed the bot's connection; waiting up to {} s for it to connect to {at} again (start it again if it does not by itself)",
                setup.connect_wait.as_secs()
            ));
            host.accept(setup.connect_wait)?;
            format!("it connected again after {} ms", ms(t.elapsed()))
        };
        // Greeted as a server of a later minor version: a bot checks the major one only.
        let again = host
            .greet((1, 1, 0))
            .map_err(|e| format!("{how}; greeted kgp 1 1 0: {e}"))?;
        if first.token.is_some() && again.token != first.token {
            return Err(format!(
                "{how}, but with {} auth:token than on its first connection: the token is the bot's identity on a server (its rating)",
                if again.token.is_some() { "another" } else { "no" }
            ));
        }
        let pos = Position::start(rules, Side::South);
        let a = host
            .ask(&pos, false)
            .map_err(|e| format!("{how}; greeted kgp 1 1 0, then a state: {e}"))?;
        Ok(format!(
            "{how}; greeted kgp 1 1 0 (a later minor version), {}, then move {}",
            if first.token.is_some() {
                "the same token"
            } else {
                "mode freeplay"
            },
            a.house
        ))
    })();
    if !record(
        &mut out,
        "reconnect: after the server drops the connection, a game again",
        r,
    ) {
        if !started {
            return out;
        }
        // Started afresh for the last check.
        host.kill();
        if host.connect(setup.connect_wait).is_err() || host.greet((1, 0, 1)).is_err() {
            return out;
        }
    }

    let r = (|| {
        host.send(Command::new("goodbye"))?;
        let t = Instant::now();
        if let Some(l) = &host.link {
            let _ = l.stream.shutdown(Shutdown::Write);
        }
        let mut unread = 0;
        let closed = loop {
            match host.next(t + ENDING, &mut unread) {
                Ok(Some(_)) => {}
                Ok(None) => break None,
                Err(_) => break Some(t.elapsed()),
            }
        };
        let Some(closed) = closed else {
            return Err(format!(
                "still connected {} s after goodbye and the end of the server's side",
                ENDING.as_secs()
            ));
        };
        if !started {
            return Ok(format!("closed its connection in {} ms", ms(closed)));
        }
        match host.exited(ENDING.saturating_sub(t.elapsed())) {
            Some(status) => Ok(format!(
                "closed its connection in {} ms and exited ({status})",
                ms(closed)
            )),
            None => Err(format!(
                "closed its connection in {} ms but was still running {} s after goodbye",
                ms(closed),
                ENDING.as_secs()
            )),
        }
    })();
    record(&mut out, "goodbye: it closes the connection and ends", r);
    out
}
