//! `kalah kgp connect`: our engine as a Kalah Game Protocol bot, on `kalah serve --kgp-addr`
//! or on the reference server (docs/kgp.md).
//!
//! The engine runs on its own thread; the protocol loop passes it each `state` and sends
//! its moves as they come: every better move as the search deepens, and `yield` once the
//! value is proven (or at once for the levels that do not search to a time limit).
//!
//! With `--engine PROGRAM` the thread drives that program over the engine protocol instead
//! (the runner's `Program`): a bridge that lets any engine-protocol bot play KGP.

use crate::error::{CliError, CliResult};
use clap::{Args, Subcommand};
use futures_util::{SinkExt, StreamExt};
use kalah_engine::{Engine, Level, Limits, Reporter, SearchInfo};
use kalah_engine_protocol::{Go, Info};
use kalah_kgp::{Command, LineReader, DEFAULT_PORT};
use kalah_rules::{Move, Position, Rules};
use kalah_runner::{Fault, PlayerSpec, Program, Watch};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc as std_mpsc, Arc};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;

#[derive(Debug, Args)]
pub struct KgpArgs {
    #[command(subcommand)]
    pub command: KgpCommand,
}

#[derive(Debug, Subcommand)]
pub enum KgpCommand {
    /// Play on a KGP server as a bot until it says goodbye or the connection closes
    Connect(ConnectArgs),
}

#[derive(Debug, Args)]
pub struct ConnectArgs {
    /// The server: tcp://HOST:PORT, HOST:PORT, HOST (port 2671) or ws://HOST[:PORT]/socket
    /// [default: KGP_HOST:KGP_PORT when KGP_HOST is set (as a match runner or tournament
    /// sets them), else tcp://localhost:2671]
    pub url: Option<String>,
    /// Playing strength: beginner, novice, casual, club, expert, master or perfect
    #[arg(long, default_value = "perfect")]
    pub level: Level,
    /// Secret token that keeps the bot's identity across connections (auth:token)
    #[arg(long)]
    pub token: Option<String>,
    /// The bot's name on the server (info:name)
    #[arg(long, default_value = "kalah")]
    pub name: String,
    /// Longest the perfect level (or the --engine program, as its movetime) thinks per move
    /// if the server sends no `stop` first
    #[arg(long, value_name = "SECONDS", default_value_t = 4.5)]
    pub time: f64,
    /// Play with this engine-protocol program instead of our engine (a bridge from KGP to
    /// docs/engine-protocol.md), e.g. --engine "kalah engine" or --engine "./mybot --fast"
    #[arg(long, value_name = "PROGRAM ARGS", conflicts_with = "level")]
    pub engine: Option<String>,
    /// Print every line sent and received on stderr
    #[arg(long)]
    pub debug: bool,
}

pub fn run(args: &KgpArgs) -> CliResult {
    match &args.command {
        KgpCommand::Connect(a) => connect(a),
    }
}

/// Where to connect.
#[derive(Debug, PartialEq)]
enum Target {
    Tcp(String),
    Ws(String),
}

fn target(url: &str) -> Result<Target, CliError> {
    let url = url.trim();
    if url.starts_with("ws://") {
        return Ok(Target::Ws(url.to_string()));
    }
    if url.starts_with("wss://") {
        return Err(CliError::usage(
            "wss:// (TLS) is not supported: use ws:// or tcp://, or a TLS tunnel",
        ));
    }
    let rest = url.strip_prefix("tcp://").unwrap_or(url);
    if rest.is_empty() || rest.contains('/') {
        return Err(CliError::usage(format!(
            "{url:?} is not a server address: write tcp://HOST:PORT or ws://HOST/socket"
        )));
    }
    // A bare host (or [v6]) gets the usual port.
    let has_port = match rest.rsplit_once(':') {
        Some((h, p)) => {
            !h.is_empty()
                && !p.is_empty()
                && p.bytes().all(|b| b.is_ascii_digit())
                && (!h.contains(':') || h.ends_with(']'))
        }
        None => false,
    };
    Ok(Target::Tcp(if has_port {
        rest.to_string()
    } else {
        format!("{rest}:{DEFAULT_PORT}")
    }))
}

/// The server named on the command line, else by `KGP_HOST`/`KGP_PORT`, else the default.
fn server_url(args: &ConnectArgs) -> Result<String, CliError> {
    if let Some(url) = &args.url {
        return Ok(url.clone());
    }
    let Some(host) = std::env::var("KGP_HOST")
        .ok()
        .filter(|h| !h.trim().is_empty())
    else {
        return Ok("tcp://localhost:2671".into());
    };
    let host = host.trim();
    let port = match std::env::var("KGP_PORT") {
        Ok(p) => p.trim().parse::<u16>().map_err(|_| {
            CliError::usage(format!(
                "KGP_PORT={p:?} is not a port number: set it to 1..65535 or unset it (2671)"
            ))
        })?,
        Err(_) => DEFAULT_PORT,
    };
    // An IPv6 address needs brackets before the port.
    Ok(if host.contains(':') && !host.starts_with('[') {
        format!("tcp://[{host}]:{port}")
    } else {
        format!("tcp://{host}:{port}")
    })
}

fn connect(args: &ConnectArgs) -> CliResult {
    let url = server_url(args)?;
    let target = target(&url)?;
    if !(0.05..=600.0).contains(&args.time) {
        return Err(CliError::usage(
            "--time must be between 0.05 and 600 seconds",
        ));
    }
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| CliError::failure(format!("cannot start: {e}")))?;
    let program = match &args.engine {
        Some(text) => {
            let spec = match format!("engine:{text}").parse() {
                Ok(PlayerSpec::Program(spec)) => spec,
                _ => {
                    return Err(CliError::usage(format!(
                        "--engine {text:?}: write the program and its arguments, e.g. --engine \"kalah engine\""
                    )))
                }
            };
            let p = Program::start(&spec, true).map_err(|f| {
                CliError::failure(format!(
                    "the engine {text:?} {f} (does it speak docs/engine-protocol.md?)"
                ))
            })?;
            eprintln!("kalah: the engine {:?} is ready", p.name);
            Some(p)
        }
        None => None,
    };
    rt.block_on(session(args, &url, target, program))
}

/// A line transport: TCP (CRLF lines) or a WebSocket (a line per frame).
enum Conn {
    Tcp(TcpStream),
    Ws(Box<tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>>),
}

/// What the engine thread reports.
enum Event {
    /// A better move for request `id`.
    Move(u64, Move),
    /// The search for `id` ended; `yield` when `final` (proven, or a level's only answer).
    Done(u64, bool),
    /// The engine program failed: the bot cannot go on.
    Fail(String),
}

struct Job {
    id: u64,
    pos: Position,
    stop: Arc<AtomicBool>,
}

/// The engine thread's queue. Dropping it ends the thread; an engine program's thread is
/// waited for, so that the program is told `quit` (or killed) before the bridge exits.
struct Jobs {
    tx: Option<std_mpsc::Sender<Job>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Jobs {
    fn send(&self, job: Job) {
        if let Some(tx) = &self.tx {
            let _ = tx.send(job);
        }
    }
}

impl Drop for Jobs {
    fn drop(&mut self) {
        self.tx = None;
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

async fn session(
    args: &ConnectArgs,
    url: &str,
    target: Target,
    program: Option<Program>,
) -> CliResult {
    let unreachable = |what: &str, e: &dyn std::fmt::Display| {
        CliError::failure(format!(
            "cannot connect to {what}: {e} (is a KGP server running there? `kalah serve --kgp-addr 127.0.0.1:2671` starts one)"
        ))
    };
    let mut conn = match &target {
        Target::Tcp(addr) => {
            let s = tokio::time::timeout(Duration::from_secs(10), TcpStream::connect(addr))
                .await
                .map_err(|_| unreachable(addr, &"no answer within 10 s"))?
                .map_err(|e| unreachable(addr, &e))?;
            let _ = s.set_nodelay(true);
            Conn::Tcp(s)
        }
        Target::Ws(url) => {
            let (ws, _) = tokio::time::timeout(
                Duration::from_secs(10),
                tokio_tungstenite::connect_async(url.as_str()),
            )
            .await
            .map_err(|_| unreachable(url, &"no answer within 10 s"))?
            .map_err(|e| unreachable(url, &e))?;
            Conn::Ws(Box::new(ws))
        }
    };
    let what = match &program {
        Some(p) => format!("the engine {:?}", p.name),
        None => format!("{} level", args.level),
    };
    eprintln!("kalah: connected to {url} as {:?} ({what})", args.name);

    let (events_tx, mut events) = mpsc::unbounded_channel();
    let time = Duration::from_secs_f64(args.time);
    let jobs = match program {
        Some(p) => program_thread(p, time, events_tx),
        None => engine_thread(args.level, time, events_tx),
    };
    let mut bot = Bot {
        args,
        next_id: 1,
        open: None,
        answer: Answer::default(),
        games: 0,
        rules: None,
    };
    let mut reader = LineReader::new();
    let mut buf = vec![0u8; 4096];
    loop {
        // Lines in, or engine events out.
        let mut lines: Vec<String> = Vec::new();
        let mut closed = false;
        let hold = bot.answer.hold_until();
        tokio::select! {
            _ = tokio::time::sleep_until(hold.unwrap_or_else(std::time::Instant::now).into()), if hold.is_some() => {
                for c in bot.release_yield() {
                    send(&mut conn, &c, args.debug).await?;
                }
                continue;
            }
            ev = events.recv() => {
                let Some(ev) = ev else { break };
                if let Event::Fail(why) = ev {
                    let _ = send(&mut conn, &Command::new("goodbye"), args.debug).await;
                    return Err(CliError::failure(why));
                }
                for c in bot.on_event(ev) {
                    send(&mut conn, &c, args.debug).await?;
                }
                continue;
            }
            r = read(&mut conn, &mut buf) => match r {
                Some(Chunk::Bytes(n)) => reader.push(&buf[..n], |l| if let Ok(l) = l { lines.push(l.to_string()) }),
                Some(Chunk::Frame(f)) => reader.push_frame(&f, |l| if let Ok(l) = l { lines.push(l.to_string()) }),
                None => closed = true,
            },
        }
        for line in lines {
            if args.debug {
                eprintln!("< {line}");
            }
            let c = match Command::parse_line(&line) {
                Ok(Some(c)) => c,
                Ok(None) => continue,
                Err(e) => {
                    eprintln!("kalah: the server sent a line that does not read ({e}): {line:?}");
                    continue;
                }
            };
            match bot.on_command(&c, &jobs) {
                Step::Send(out) => {
                    for o in out {
                        send(&mut conn, &o, args.debug).await?;
                    }
                }
                Step::Goodbye => {
                    eprintln!("kalah: the server said goodbye after {} games", bot.games);
                    return Ok(());
                }
                Step::Fail(why) => {
                    let _ = send(&mut conn, &Command::new("goodbye"), args.debug).await;
                    return Err(CliError::failure(why));
                }
            }
        }
        if closed {
            eprintln!(
                "kalah: the server closed the connection after {} games",
                bot.games
            );
            return Ok(());
        }
    }
    Ok(())
}

enum Chunk {
    Bytes(usize),
    Frame(String),
}

async fn read(conn: &mut Conn, buf: &mut [u8]) -> Option<Chunk> {
    match conn {
        Conn::Tcp(s) => match s.read(buf).await {
            Ok(0) | Err(_) => None,
            Ok(n) => Some(Chunk::Bytes(n)),
        },
        Conn::Ws(ws) => loop {
            match ws.next().await {
                Some(Ok(Message::Text(t))) => break Some(Chunk::Frame(t.to_string())),
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break None,
                Some(Ok(_)) => continue,
            }
        },
    }
}

async fn send(conn: &mut Conn, c: &Command, debug: bool) -> CliResult {
    if debug {
        eprintln!("> {c}");
    }
    let lost =
        |e: &dyn std::fmt::Display| CliError::failure(format!("the connection was lost: {e}"));
    match conn {
        Conn::Tcp(s) => s
            .write_all(c.to_line().as_bytes())
            .await
            .map_err(|e| lost(&e)),
        // One command per frame, ending with CRLF as on TCP: the reference server (go-kgp)
        // reads its WebSocket as a stream of lines and waits for the line end.
        Conn::Ws(ws) => ws
            .send(Message::Text(c.to_line().into()))
            .await
            .map_err(|e| lost(&e)),
    }
}

/// The protocol state of our bot.
struct Bot<'a> {
    args: &'a ConnectArgs,
    next_id: u64,
    /// The request being searched and its stop flag.
    open: Option<(u64, Arc<AtomicBool>)>,
    /// What we answered to the request the server has not stopped yet.
    answer: Answer,
    games: usize,
    /// The rules a match runner named in `game:rules`, else those of the board.
    rules: Option<Rules>,
}

impl Drop for Bot<'_> {
    fn drop(&mut self) {
        // A search still running ends now (the engine thread is waited for).
        self.stop_open();
    }
}

/// How long after a `state` our `yield` waits at the earliest.
const YIELD_HOLD: Duration = Duration::from_millis(40);

/// Our answer to the latest `state` until its `stop`. The reference server (go-kgp) can
/// refuse a `move` that arrives before it has registered its own `state` ("No state
/// associated with id"), and a `yield` after only refused moves makes it play a random move.
/// So the answer is sent again after such an error, and `yield` waits [`YIELD_HOLD`] after
/// the `state` (time for the error to come back first).
#[derive(Default)]
struct Answer {
    request: Option<u64>,
    arrived: Option<std::time::Instant>,
    /// A `yield` waiting for [`YIELD_HOLD`] to pass.
    held: bool,
    /// The house of the last `move` sent.
    best: Option<i64>,
    yielded: bool,
    /// IDs of the `move` and `yield` lines sent for `request`.
    sent: Vec<u64>,
    resent: u8,
}

impl Answer {
    fn start(&mut self, request: u64) {
        *self = Answer {
            request: Some(request),
            arrived: Some(std::time::Instant::now()),
            ..Answer::default()
        };
    }

    /// When a held `yield` is due.
    fn hold_until(&self) -> Option<std::time::Instant> {
        let arrived = self.arrived?;
        (self.held && self.request.is_some()).then_some(arrived + YIELD_HOLD)
    }

    fn note(&mut self, c: &Command) {
        if c.reference.is_some() && c.reference == self.request && self.sent.len() < 64 {
            if c.name == "move" {
                self.best = c.arg(0).and_then(|a| a.as_int());
            } else {
                self.yielded = true;
            }
            self.sent.extend(c.id);
        }
    }

    /// Whether an `error` about line `about` asks for the answer again (three times at most).
    fn refused(&mut self, about: Option<u64>) -> bool {
        let ours = about.is_some_and(|a| self.sent.contains(&a));
        if ours && self.request.is_some() && self.resent < 3 {
            self.resent += 1;
            return true;
        }
        false
    }
}

enum Step {
    Send(Vec<Command>),
    Goodbye,
    Fail(String),
}

impl Bot<'_> {
    fn command(&mut self, name: &str) -> Command {
        let c = Command::new(name).with_id(self.next_id);
        self.next_id += 2;
        c
    }

    fn stop_open(&mut self) {
        if let Some((_, stop)) = self.open.take() {
            stop.store(true, Ordering::Relaxed);
        }
    }

    fn on_command(&mut self, c: &Command, jobs: &Jobs) -> Step {
        let text = |i: usize| c.arg(i).and_then(|a| a.as_text()).unwrap_or("").to_string();
        let mut out = Vec::new();
        match c.name.as_str() {
            "kgp" => {
                if c.arg(0).and_then(|a| a.as_int()) != Some(1) {
                    return Step::Fail(format!(
                        "the server speaks KGP {}; this client speaks version 1",
                        text(0)
                    ));
                }
                out.push(
                    self.command("set")
                        .text("info:name")
                        .text(self.args.name.as_str()),
                );
                out.push(self.command("set").text("info:authors").text("kalah"));
                out.push(
                    self.command("set")
                        .text("info:description")
                        .text(format!("the kalah engine at level {}", self.args.level)),
                );
                if let Some(t) = &self.args.token {
                    out.push(self.command("set").text("auth:token").text(t.as_str()));
                }
                out.push(self.command("mode").text("freeplay"));
            }
            "set" if text(0) == "game:id" => {
                self.games += 1;
                eprintln!("kalah: game {} started", text(1));
            }
            "set" if text(0) == "game:opponent" => eprintln!("kalah: playing {}", text(1)),
            "set" if text(0) == "game:rules" => match text(1).parse::<Rules>() {
                Ok(r) => self.rules = Some(r),
                Err(e) => {
                    eprintln!(
                        "kalah: the server's game:rules do not read ({e}); playing the board's"
                    );
                    self.rules = None;
                }
            },
            "state" => {
                let Some(id) = c.id else {
                    return Step::Send(vec![self.command("error").text("a state needs an ID")]);
                };
                let pos = c
                    .arg(0)
                    .ok_or_else(|| "state needs a board".to_string())
                    .and_then(|a| a.as_board().map_err(|e| e.to_string()))
                    .and_then(|b| {
                        let rules = match self.rules {
                            Some(r) if r.houses() == b.houses() && !r.pie() => r,
                            _ => b.rules().map_err(|e| e.to_string())?,
                        };
                        b.to_position(rules).map_err(|e| e.to_string())
                    });
                match pos {
                    Ok(pos) if !pos.legal_moves().is_empty() => {
                        self.stop_open();
                        self.answer.start(id);
                        let stop = Arc::new(AtomicBool::new(false));
                        self.open = Some((id, Arc::clone(&stop)));
                        jobs.send(Job { id, pos, stop });
                    }
                    Ok(_) => {
                        let e = self
                            .command("error")
                            .with_ref(id)
                            .text("this position has no legal move");
                        out.push(e);
                    }
                    Err(why) => out.push(self.command("error").with_ref(id).text(why)),
                }
            }
            "stop" => {
                if self.open.as_ref().map(|(id, _)| *id) == c.reference {
                    self.stop_open();
                }
                if c.reference.is_some() && c.reference == self.answer.request {
                    self.answer.request = None;
                }
            }
            "ping" => {
                let mut pong = self.command("pong");
                pong.reference = c.id;
                out.push(pong);
            }
            "error" => {
                eprintln!("kalah: the server says: {}", text(0));
                if self.answer.refused(c.reference) {
                    out.extend(self.answer_again());
                }
            }
            "goodbye" => {
                self.stop_open();
                return Step::Goodbye;
            }
            // ok, pong and options we do not use.
            _ => {}
        }
        Step::Send(out)
    }

    /// The current answer once more: its best move, and `yield` if it was sent.
    fn answer_again(&mut self) -> Vec<Command> {
        let Some(id) = self.answer.request else {
            return Vec::new();
        };
        let mut out = Vec::new();
        if let Some(h) = self.answer.best {
            out.push(self.command("move").with_ref(id).int(h));
        }
        if self.answer.yielded {
            out.push(self.command("yield").with_ref(id));
        }
        for c in &out {
            self.answer.note(c);
        }
        out
    }

    /// The held `yield`, now due.
    fn release_yield(&mut self) -> Vec<Command> {
        self.answer.held = false;
        let Some(id) = self.answer.request else {
            return Vec::new();
        };
        let out = vec![self.command("yield").with_ref(id)];
        self.answer.note(&out[0]);
        out
    }

    fn on_event(&mut self, ev: Event) -> Vec<Command> {
        let out = self.answer_event(ev);
        for c in &out {
            self.answer.note(c);
        }
        out
    }

    fn answer_event(&mut self, ev: Event) -> Vec<Command> {
        let open = self.open.as_ref().map(|(id, _)| *id);
        match ev {
            // `note` records the move sent as the answer's best.
            Event::Move(id, mv) if Some(id) == open && self.answer.best != Some(house(mv)) => {
                vec![self.command("move").with_ref(id).int(house(mv))]
            }
            Event::Done(id, true) if Some(id) == open => {
                self.open = None;
                if self.answer.hold_until().is_none()
                    && self.answer.request == Some(id)
                    && self
                        .answer
                        .arrived
                        .is_some_and(|t| t.elapsed() < YIELD_HOLD)
                {
                    self.answer.held = true;
                    return Vec::new();
                }
                vec![self.command("yield").with_ref(id)]
            }
            _ => Vec::new(),
        }
    }
}

fn house(mv: Move) -> i64 {
    match mv {
        Move::Sow(h) => h as i64,
        Move::Swap => 0,
    }
}

/// Sends every new best move of an iterative search.
struct Improving<'a> {
    id: u64,
    last: Option<Move>,
    events: &'a mpsc::UnboundedSender<Event>,
}

impl Reporter for Improving<'_> {
    fn iteration(&mut self, info: &SearchInfo) {
        if let Some(&mv) = info.pv.first() {
            if self.last != Some(mv) {
                self.last = Some(mv);
                let _ = self.events.send(Event::Move(self.id, mv));
            }
        }
    }
}

/// Starts the engine thread; it searches each job until done or stopped.
fn engine_thread(level: Level, time: Duration, events: mpsc::UnboundedSender<Event>) -> Jobs {
    let (tx, rx) = std_mpsc::channel::<Job>();
    std::thread::spawn(move || {
        let mut engine = Engine::new(64);
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for job in rx {
            if job.stop.load(Ordering::Relaxed) {
                continue;
            }
            // The first legal move goes out at once: the server has something to play.
            if let Some(&first) = job.pos.legal_moves().first() {
                let _ = events.send(Event::Move(job.id, first));
            }
            let book = (level == Level::Perfect)
                .then(|| kalah_engine::book::lookup(&job.pos))
                .flatten();
            let done = if let Some(entry) = book {
                // A proven best move from the opening book: nothing left to search.
                if let Some(&mv) = entry.best.first() {
                    let _ = events.send(Event::Move(job.id, mv));
                }
                true
            } else if level == Level::Perfect {
                let mut rep = Improving {
                    id: job.id,
                    last: None,
                    events: &events,
                };
                let limits = Limits::Time {
                    soft: time / 2,
                    hard: time,
                };
                let r = engine.search(&job.pos, limits, &job.stop, &mut rep);
                if let Some(best) = r.best {
                    let _ = events.send(Event::Move(job.id, best));
                }
                r.exact
            } else {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                if let Some(mv) = level.choose_move(&mut engine, &job.pos, seed, &job.stop) {
                    let _ = events.send(Event::Move(job.id, mv));
                }
                true
            };
            let _ = events.send(Event::Done(
                job.id,
                done && !job.stop.load(Ordering::Relaxed),
            ));
        }
    });
    Jobs {
        tx: Some(tx),
        thread: None,
    }
}

/// Extra time the engine program gets beyond its movetime before the bridge gives up on it.
const ENGINE_GRACE: Duration = Duration::from_secs(2);

/// Starts the thread that asks `program` for each job's move (`go movetime`): the first
/// legal move at once, then the first move of each new `info pv`, then `bestmove`.
fn program_thread(
    mut program: Program,
    time: Duration,
    events: mpsc::UnboundedSender<Event>,
) -> Jobs {
    let (tx, rx) = std_mpsc::channel::<Job>();
    let thread = std::thread::spawn(move || {
        let mut rules: Option<Rules> = None;
        for job in rx {
            if job.stop.load(Ordering::Relaxed) {
                continue;
            }
            let legal = |m: Move| job.pos.check(m).is_ok();
            if let Some(&first) = job.pos.legal_moves().first() {
                let _ = events.send(Event::Move(job.id, first));
            }
            if rules != Some(job.pos.rules()) {
                if let Err(f) = program.new_game(job.pos.rules()) {
                    let _ = events.send(Event::Fail(format!("the engine {f}")));
                    return;
                }
                rules = Some(job.pos.rules());
            }
            let mut on_info = |i: &Info| {
                if let Some(&m) = i.pv.first().filter(|&&m| legal(m)) {
                    let _ = events.send(Event::Move(job.id, m));
                }
            };
            let go = Go {
                movetime: Some(time.as_millis() as u64),
                ..Go::default()
            };
            let watch = Watch {
                stop: &job.stop,
                on_info: &mut on_info,
            };
            match program.think_with(&job.pos, &[], go, Some(time), ENGINE_GRACE, Some(watch)) {
                Ok(a) if legal(a.best) => {
                    let _ = events.send(Event::Move(job.id, a.best));
                }
                Ok(a) => eprintln!(
                    "kalah: the engine answered {} in {}, which is not legal; it is not sent",
                    a.best, job.pos
                ),
                Err(Fault::Illegal(why)) => {
                    eprintln!("kalah: the engine's answer does not read: {why}")
                }
                Err(f) => {
                    let _ = events.send(Event::Fail(format!("the engine {f}")));
                    return;
                }
            }
            let _ = events.send(Event::Done(job.id, !job.stop.load(Ordering::Relaxed)));
        }
    });
    Jobs {
        tx: Some(tx),
        thread: Some(thread),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls() {
        let tcp = |s: &str| Target::Tcp(s.to_string());
        assert_eq!(
            target("tcp://localhost:2671").unwrap(),
            tcp("localhost:2671")
        );
        assert_eq!(target("example.org").unwrap(), tcp("example.org:2671"));
        assert_eq!(target("10.0.0.1:9000").unwrap(), tcp("10.0.0.1:9000"));
        assert_eq!(target("[::1]:9000").unwrap(), tcp("[::1]:9000"));
        assert_eq!(target("[::1]").unwrap(), tcp("[::1]:2671"));
        assert_eq!(
            target("ws://localhost:8080/socket").unwrap(),
            Target::Ws("ws://localhost:8080/socket".into())
        );
        assert!(target("wss://kalah.kwarc.info/socket").is_err());
        assert!(target("http://x/y").is_err());
        assert!(target("").is_err());
    }

    #[test]
    fn a_refused_answer_is_sent_again_until_stop() {
        let line = |id: u64, name: &str| {
            let c = Command::new(name).with_id(id).with_ref(8);
            if name == "move" {
                c.int(3)
            } else {
                c
            }
        };
        let mut a = Answer::default();
        a.start(8);
        a.note(&line(11, "move"));
        a.note(&line(13, "yield"));
        assert_eq!((a.best, a.yielded), (Some(3), true));
        // An error about some other line is not about our answer.
        assert!(!a.refused(Some(99)));
        assert!(!a.refused(None));
        assert!(a.refused(Some(11)));
        assert!(a.refused(Some(13)));
        assert!(a.refused(Some(11)));
        // Three times at most per request.
        assert!(!a.refused(Some(11)));
        a.start(12);
        assert!(!a.refused(Some(11)), "a new state forgets the old lines");
        a.note(&line(15, "move"));
        assert!(a.best.is_none(), "a move for another request is not ours");
    }
}
