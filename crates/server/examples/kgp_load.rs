//! A bounded KGP load check on loopback: N bots connected at once over TCP, paired with each
//! other by the server's lobby, playing freeplay for a fixed time. Reports errors and the
//! server's added latency, measured at the bots: from a bot's `yield` to its `stop`, and
//! from a bot's `yield` to the next `state` of that game (either bot's), which is the
//! server's whole turn-around beyond the bots' think time.
//!
//! ```text
//! cargo run --release -p kalah-server --example kgp_load -- [--bots 1000] [--seconds 20]
//!     [--think-ms 50] [--server 127.0.0.1:2671]
//! ```
//! Without `--server` it starts a KGP server in this process on 127.0.0.1:0 with a temporary
//! data directory (games only between bots, 6x4 boards, 5 s a move); with it, it plays on
//! that server, e.g. `kalah serve --kgp-addr 127.0.0.1:2671 --kgp-level-games 0`. Bots connect from their own loopback
//! addresses, two per address, so the per-address caps apply as on the internet. Each bot
//! waits between T/2 and 3T/2 (`--think-ms T`) before it sends its move and `yield`. After
//! `--seconds` every bot says `goodbye`; anything still running 30 s later is stopped and
//! counted as an error. Exits 1 when there was any error.

use kalah_kgp::{Board, Command, LineReader};
use kalah_server::{KgpConfig, Policy};
use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

struct Opts {
    bots: usize,
    seconds: u64,
    think: Duration,
    server: Option<SocketAddr>,
}

fn opts() -> Opts {
    let mut o = Opts {
        bots: 1000,
        seconds: 20,
        think: Duration::from_millis(50),
        server: None,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        if pair[0] == "--server" {
            match pair.get(1).and_then(|v| v.parse::<SocketAddr>().ok()) {
                Some(a) if a.ip().is_loopback() => o.server = Some(a),
                _ => {
                    eprintln!("--server needs a loopback address and port, e.g. 127.0.0.1:2671");
                    std::process::exit(2);
                }
            }
            continue;
        }
        let n = pair.get(1).and_then(|v| v.parse::<u64>().ok());
        let Some(n) = n else {
            eprintln!(
                "{} needs a number; see the top of examples/kgp_load.rs",
                pair[0]
            );
            std::process::exit(2);
        };
        match pair[0].as_str() {
            "--bots" => o.bots = (n as usize).clamp(2, 4000) & !1,
            "--seconds" => o.seconds = n.clamp(1, 600),
            "--think-ms" => o.think = Duration::from_millis(n.min(4000)),
            other => {
                eprintln!("unknown option {other}; see the top of examples/kgp_load.rs");
                std::process::exit(2);
            }
        }
    }
    o
}

#[derive(Default)]
struct Stats {
    /// `yield` sent to `stop` received, in microseconds.
    stop_us: Mutex<Vec<u64>>,
    /// `yield` sent to the game's next `state` received, in microseconds.
    turn_us: Mutex<Vec<u64>>,
    /// Game id to the moment of its last `yield`.
    last_yield: Mutex<HashMap<String, Instant>>,
    games: Mutex<std::collections::HashSet<String>>,
    errors: Mutex<Vec<String>>,
}

impl Stats {
    fn error(&self, e: String) {
        let mut errors = self.errors.lock().unwrap();
        // Enough to say what went wrong; the count is what matters.
        if errors.len() < 10_000 {
            errors.push(e);
        }
    }
}

/// The loopback address bot `i` connects from (two bots an address).
fn source(i: usize) -> IpAddr {
    let a = i / 2;
    Ipv4Addr::new(127, 1 + (a / 250) as u8, (a % 250) as u8, 3).into()
}

async fn connect(server: SocketAddr, from: IpAddr) -> Result<TcpStream, String> {
    let socket = TcpSocket::new_v4().map_err(|e| format!("socket: {e}"))?;
    socket
        .bind(SocketAddr::new(from, 0))
        .map_err(|e| format!("bind {from}: {e}"))?;
    let s = socket
        .connect(server)
        .await
        .map_err(|e| format!("connect: {e}"))?;
    let _ = s.set_nodelay(true);
    Ok(s)
}

/// SplitMix64, for think times.
fn next_rand(x: &mut u64) -> u64 {
    *x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *x;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One bot: plays its first non-empty house after thinking, until `end`, then `goodbye`.
async fn bot(
    i: usize,
    server: SocketAddr,
    o: Arc<Opts>,
    stats: Arc<Stats>,
    end: Instant,
) -> Result<(), String> {
    let mut s = connect(server, source(i)).await?;
    let mut rng = i as u64 + 1;
    let mut reader = LineReader::new();
    let mut buf = vec![0u8; 4096];
    let mut next_id = 1u64;
    let mut game = String::new();
    // The request waiting for its `stop`: its id and when we yielded.
    let mut yielded: Option<(u64, Instant)> = None;
    loop {
        let left = end.saturating_duration_since(Instant::now());
        let n = match tokio::time::timeout(left, s.read(&mut buf)).await {
            Err(_) => break,
            Ok(Ok(0)) => return Err(format!("bot {i}: the server closed the connection")),
            Ok(Err(e)) => return Err(format!("bot {i}: read: {e}")),
            Ok(Ok(n)) => n,
        };
        let mut lines = Vec::new();
        reader.push(&buf[..n], |l| lines.push(l.map(str::to_string)));
        for line in lines {
            let line = line.map_err(|e| format!("bot {i}: {e}"))?;
            let c = match Command::parse_line(&line) {
                Ok(Some(c)) => c,
                Ok(None) => continue,
                Err(e) => return Err(format!("bot {i}: {line:?}: {e}")),
            };
            let text = |k: usize| c.arg(k).and_then(|a| a.as_text()).unwrap_or("").to_string();
            let mut out: Vec<Command> = Vec::new();
            let mut id = || {
                next_id += 2;
                next_id - 2
            };
            match c.name.as_str() {
                "kgp" => out.push(Command::new("mode").with_id(id()).text("freeplay")),
                "set" if text(0) == "game:id" => {
                    game = text(1);
                    stats.games.lock().unwrap().insert(game.clone());
                }
                "state" => {
                    let now = Instant::now();
                    if let Some(t) = stats.last_yield.lock().unwrap().remove(&game) {
                        stats
                            .turn_us
                            .lock()
                            .unwrap()
                            .push((now - t).as_micros() as u64);
                    }
                    let board: Board = c
                        .arg(0)
                        .ok_or("no board")
                        .and_then(|a| a.as_board().map_err(|_| "bad board"))
                        .map_err(|e| format!("bot {i}: state: {e}"))?;
                    let k = board
                        .own
                        .iter()
                        .position(|&x| x > 0)
                        .ok_or_else(|| format!("bot {i}: a state with no move: {line}"))?
                        + 1;
                    let think = o.think.as_micros() as u64;
                    let wait = think / 2 + next_rand(&mut rng) % (think + 1);
                    tokio::time::sleep(Duration::from_micros(wait)).await;
                    let r =
                        c.id.ok_or_else(|| format!("bot {i}: a state without an ID"))?;
                    out.push(Command::new("move").with_id(id()).with_ref(r).int(k as i64));
                    out.push(Command::new("yield").with_id(id()).with_ref(r));
                    yielded = Some((r, Instant::now()));
                }
                "stop" => {
                    if let Some((r, t)) = yielded.take() {
                        if c.reference == Some(r) {
                            stats
                                .stop_us
                                .lock()
                                .unwrap()
                                .push(t.elapsed().as_micros() as u64);
                        }
                    }
                }
                "ping" => {
                    let mut pong = Command::new("pong").with_id(id());
                    pong.reference = c.id;
                    out.push(pong);
                }
                "error" => stats.error(format!("bot {i}: the server says {}", text(0))),
                "goodbye" => return Err(format!("bot {i}: the server said goodbye")),
                _ => {}
            }
            for c in out {
                if c.name == "yield" {
                    stats
                        .last_yield
                        .lock()
                        .unwrap()
                        .insert(game.clone(), Instant::now());
                }
                s.write_all(c.to_line().as_bytes())
                    .await
                    .map_err(|e| format!("bot {i}: write: {e}"))?;
            }
        }
    }
    let _ = s
        .write_all(Command::new("goodbye").to_line().as_bytes())
        .await;
    Ok(())
}

fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i] as f64 / 1000.0
}

fn report(name: &str, v: &Mutex<Vec<u64>>) {
    let mut v = v.lock().unwrap().clone();
    v.sort_unstable();
    println!(
        "{name}: {} samples, p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        v.len(),
        percentile(&v, 0.5),
        percentile(&v, 0.99),
        percentile(&v, 1.0)
    );
}

#[tokio::main]
async fn main() {
    let o = Arc::new(opts());
    let dir = tempfile::tempdir().expect("a temporary directory");
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let (server, serving) = match o.server {
        Some(a) => (a, None),
        None => {
            let kgp = KgpConfig {
                boards: vec![(6, 4)],
                level_games: 0,
                max_connections: o.bots + 16,
                ..KgpConfig::default()
            };
            let policy = Policy {
                kgp,
                ..Policy::default()
            };
            let state = kalah_server::open_state_with(dir.path(), &policy).expect("server state");
            let listener = kalah_server::listen("127.0.0.1:0".parse().unwrap()).expect("a port");
            let addr = listener.local_addr().unwrap();
            let task = tokio::spawn(kalah_server::serve_kgp(listener, state, async move {
                let _ = stop_rx.await;
            }));
            (addr, Some(task))
        }
    };
    println!(
        "kgp_load: {} bots for {} s, think {} ms, server tcp://{server}",
        o.bots,
        o.seconds,
        o.think.as_millis()
    );
    let stats = Arc::new(Stats::default());
    let end = Instant::now() + Duration::from_secs(o.seconds);
    let tasks: Vec<_> = (0..o.bots)
        .map(|i| tokio::spawn(bot(i, server, o.clone(), stats.clone(), end)))
        .collect();
    let deadline = tokio::time::sleep_until((end + Duration::from_secs(30)).into());
    tokio::pin!(deadline);
    let mut unfinished = 0;
    for t in tasks {
        let abort = t.abort_handle();
        tokio::select! {
            _ = &mut deadline => { unfinished += 1; abort.abort(); }
            r = t => match r {
                Ok(Ok(())) => {}
                Ok(Err(e)) => stats.error(e),
                Err(e) => stats.error(format!("task: {e}")),
            },
        }
    }
    let _ = stop_tx.send(());
    if let Some(serving) = serving {
        let _ = tokio::time::timeout(Duration::from_secs(10), serving).await;
    }
    println!("games started: {}", stats.games.lock().unwrap().len());
    report("yield -> stop", &stats.stop_us);
    report("yield -> next state of the game", &stats.turn_us);
    let errors = stats.errors.lock().unwrap().clone();
    println!(
        "errors: {} (+ {unfinished} bots stopped at the deadline)",
        errors.len()
    );
    for e in errors.iter().take(10) {
        println!("  {e}");
    }
    if !errors.is_empty() || unfinished > 0 {
        std::process::exit(1);
    }
}
