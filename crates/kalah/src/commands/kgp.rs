//! `kalah kgp connect`: our engine as a Kalah Game Protocol bot, on `kalah serve --kgp-addr`
//! or on the reference server (docs/kgp.md).
//!
//! The protocol state is `kalah_kgp::client::Client`; this file keeps the socket, the
//! arguments and the engine. The engine runs on its own thread; the loop passes it each
//! `state` the client asks to search and sends its moves as they come: every better move as the search deepens, and `yield` once the
//! value is proven (or at once for the levels that do not search to a time limit).
//!
//! With `--engine PROGRAM` the thread drives that program over the engine protocol instead
//! (the runner's `Program`): a bridge that lets any engine-protocol bot play KGP.

use crate::error::{CliError, CliResult};
use clap::{Args, Subcommand};
use futures_util::{SinkExt, StreamExt};
use kalah_engine::{Engine, Level, Limits, Reporter, SearchInfo};
use kalah_engine_protocol::{Go, Info};
use kalah_kgp::client::{Action, Client, Hello, Outcome};
use kalah_kgp::{Address, Command, LineReader, DEFAULT_PORT};
use kalah_rules::{Move, Position, Rules};
use kalah_runner::{Fault, PlayerSpec, Program, Watch};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc as std_mpsc, Arc};
use std::time::{Duration, Instant};
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
    let target = Address::parse(&url).map_err(|e| CliError::usage(e.to_string()))?;
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

/// The engine thread's queue and the stop flag of the search under way. Dropping it stops
/// that search and ends the thread; an engine program's thread is waited for, so that the
/// program is told `quit` (or killed) before the bridge exits.
struct Jobs {
    tx: Option<std_mpsc::Sender<Job>>,
    thread: Option<std::thread::JoinHandle<()>>,
    stop: Option<Arc<AtomicBool>>,
}

impl Jobs {
    fn search(&mut self, id: u64, pos: Position) {
        self.stop();
        let stop = Arc::new(AtomicBool::new(false));
        self.stop = Some(Arc::clone(&stop));
        if let Some(tx) = &self.tx {
            let _ = tx.send(Job { id, pos, stop });
        }
    }

    fn stop(&mut self) {
        if let Some(stop) = self.stop.take() {
            stop.store(true, Ordering::Relaxed);
        }
    }
}

impl Drop for Jobs {
    fn drop(&mut self) {
        self.stop();
        self.tx = None;
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

async fn session(
    args: &ConnectArgs,
    url: &str,
    target: Address,
    program: Option<Program>,
) -> CliResult {
    let unreachable = |what: &str, e: &dyn std::fmt::Display| {
        CliError::failure(format!(
            "cannot connect to {what}: {e} (is a KGP server running there? `kalah serve --kgp-addr 127.0.0.1:2671` starts one)"
        ))
    };
    let mut conn = match &target {
        Address::Tcp(addr) => {
            let s = tokio::time::timeout(Duration::from_secs(10), TcpStream::connect(addr))
                .await
                .map_err(|_| unreachable(addr, &"no answer within 10 s"))?
                .map_err(|e| unreachable(addr, &e))?;
            let _ = s.set_nodelay(true);
            Conn::Tcp(s)
        }
        Address::Ws(url) => {
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
    let mut jobs = match program {
        Some(p) => program_thread(p, time, events_tx),
        None => engine_thread(args.level, time, events_tx),
    };
    let mut bot = Client::new(Hello {
        name: args.name.clone(),
        authors: "kalah".into(),
        description: format!("the kalah engine at level {}", args.level),
        token: args.token.clone(),
    });
    let mut tally = Tally::default();
    let mut reader = LineReader::new();
    let mut buf = vec![0u8; 4096];
    loop {
        // Lines in, or engine events out.
        let mut lines: Vec<String> = Vec::new();
        let mut closed = false;
        let hold = bot.hold_until();
        tokio::select! {
            _ = tokio::time::sleep_until(hold.unwrap_or_else(Instant::now).into()), if hold.is_some() => {
                for c in bot.release_yield() {
                    send(&mut conn, &c, args.debug).await?;
                }
                continue;
            }
            ev = events.recv() => {
                let out = match ev {
                    None => break,
                    Some(Event::Fail(why)) => {
                        let _ = send(&mut conn, &Command::new("goodbye"), args.debug).await;
                        return Err(CliError::failure(why));
                    }
                    Some(Event::Move(id, mv)) => bot.on_move(id, mv),
                    Some(Event::Done(id, proven)) => bot.on_done(id, proven, Instant::now()),
                };
                for c in out {
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
            for action in bot.on_command(&c, Instant::now()) {
                match action {
                    Action::Send(o) => send(&mut conn, &o, args.debug).await?,
                    Action::Search { id, pos } => jobs.search(id, pos),
                    Action::Stop => jobs.stop(),
                    Action::GameStarted(id) => {
                        eprintln!("kalah: game {id} started");
                        tally.game = id;
                    }
                    Action::Opponent(name) => {
                        eprintln!("kalah: playing {name}");
                        tally.opponent = name;
                    }
                    Action::GameEnded(outcome, text) => tally.ended(outcome, &text),
                    Action::Notice(text) => eprintln!("kalah: {text}"),
                    Action::Goodbye => {
                        eprintln!("kalah: the server said goodbye after {} games", bot.games());
                        tally.summary(bot.games());
                        return Ok(());
                    }
                    Action::Fail(why) => {
                        let _ = send(&mut conn, &Command::new("goodbye"), args.debug).await;
                        return Err(CliError::failure(why));
                    }
                }
            }
        }
        if closed {
            eprintln!(
                "kalah: the server closed the connection after {} games",
                bot.games()
            );
            tally.summary(bot.games());
            return Ok(());
        }
    }
    Ok(())
}

/// The results the server announced (`set game:result`), printed on stdout as they come
/// and summed up at the end.
#[derive(Default)]
struct Tally {
    game: String,
    opponent: String,
    wins: usize,
    draws: usize,
    losses: usize,
}

impl Tally {
    fn ended(&mut self, outcome: Outcome, text: &str) {
        match outcome {
            Outcome::Win => self.wins += 1,
            Outcome::Draw => self.draws += 1,
            Outcome::Loss => self.losses += 1,
        }
        let against = if self.opponent.is_empty() {
            String::new()
        } else {
            format!(" against {}", self.opponent)
        };
        println!("game {}: {text}{against}", self.game);
    }

    fn summary(&self, games: usize) {
        let known = self.wins + self.draws + self.losses;
        let unknown = games.saturating_sub(known);
        let mut line = format!(
            "{games} games: {} wins, {} draws, {} losses",
            self.wins, self.draws, self.losses
        );
        if unknown > 0 {
            // Servers other than kalah serve do not announce results (docs/kgp.md).
            line.push_str(&format!(", {unknown} without a result announced"));
        }
        println!("{line}");
    }
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
        stop: None,
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
        stop: None,
    }
}
