//! A bounded load check on loopback: N friend games at once, each with two WebSocket clients
//! (one per seat) making moves over HTTP. Reports moves per second, the latency from sending
//! a move to its broadcast arriving at the other player's socket (p50/p99/max), and errors.
//!
//! ```text
//! cargo run --release -p kalah-server --example loadtest -- [--games 1000] [--moves 30]
//!     [--think-ms 0] [--url http://127.0.0.1:8080] [--deadline-s 300]
//! ```
//! Without `--url` it starts a server in this process on 127.0.0.1:0 with a temporary data
//! directory. Each game's players connect from their own loopback address (127.x.y.2), as
//! players on the internet do, so the server's per-address budgets and caps apply as they
//! would there. With `--think-ms T` each player waits between T/2 and 3T/2 before a move (and
//! a random part of T before the first), so games do not move in step; `--think-ms 0` moves
//! as fast as the server answers (a throughput test: latency is then mostly queueing).
//! It stops by itself: each game makes at most `--moves` moves (or ends sooner),
//! and everything still running at the deadline is stopped and counted as an error.
//!
//! Several instances on one database (docs/deploy.md): `--direct URL,URL,...` names the
//! instances themselves. Games are still created through `--url` (e.g. nginx), but each
//! player then talks straight to an instance: game i's south player to instance i mod N,
//! its north player to instance i+1 mod N, so every move is made on one instance and its
//! broadcast measured at a socket on another (carried by PostgreSQL NOTIFY). Without
//! `--direct`, through nginx's cluster site, both players of a game reach the same instance
//! (nginx routes a game by its id).

use futures_util::StreamExt;
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::net::TcpStream;
use tokio::sync::{Barrier, Semaphore};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

struct Opts {
    games: usize,
    moves: usize,
    think: Duration,
    url: Option<String>,
    deadline: Duration,
    /// The instances to talk to straight (`--direct`), empty for all through `url`.
    direct: Vec<String>,
}

fn opts() -> Opts {
    let mut o = Opts {
        games: 1000,
        moves: 30,
        think: Duration::ZERO,
        url: None,
        deadline: Duration::from_secs(300),
        direct: Vec::new(),
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let v = args.get(i + 1).cloned().unwrap_or_default();
        let num = || {
            v.parse::<u64>()
                .unwrap_or_else(|_| panic!("{} needs a number", args[i]))
        };
        match args[i].as_str() {
            "--games" => o.games = (num() as usize).clamp(1, 10_000),
            "--moves" => o.moves = (num() as usize).clamp(1, 1000),
            "--think-ms" => o.think = Duration::from_millis(num().min(60_000)),
            "--deadline-s" => o.deadline = Duration::from_secs(num().clamp(1, 3600)),
            "--url" => o.url = Some(v.trim_end_matches('/').to_string()),
            "--direct" => {
                o.direct = v
                    .split(',')
                    .map(|u| u.trim().trim_end_matches('/').to_string())
                    .filter(|u| !u.is_empty())
                    .collect()
            }
            other => panic!("unknown option {other}; see the top of examples/loadtest.rs"),
        }
        i += 2;
    }
    o
}

#[derive(Default)]
struct Stats {
    latencies_us: Mutex<Vec<u64>>,
    moves: AtomicU64,
    errors: Mutex<Vec<String>>,
}

impl Stats {
    fn error(&self, e: String) {
        self.errors.lock().unwrap().push(e);
    }
}

/// The fields of a state message the players need; serde skips the rest without building it.
#[derive(Debug, Clone, Deserialize)]
struct Msg {
    #[serde(rename = "type")]
    kind: String,
    game: Option<Lite>,
}

#[derive(Debug, Clone, Deserialize)]
struct Lite {
    ply: u64,
    status: String,
    to_move: String,
    legal_moves: Vec<String>,
}

/// The next state message on `ws` whose ply is at least `ply`.
async fn state_at(ws: &mut Ws, ply: u64) -> Result<Lite, String> {
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(10), ws.next())
            .await
            .map_err(|_| format!("no broadcast of ply {ply} within 10 s"))?
            .ok_or("socket closed")?
            .map_err(|e| format!("socket: {e}"))?;
        if let Message::Text(t) = msg {
            let m: Msg = serde_json::from_str(&t).map_err(|e| format!("bad message: {e}"))?;
            match m.game {
                Some(g) if (m.kind == "state" || m.kind == "update") && g.ply >= ply => {
                    return Ok(g)
                }
                _ => {}
            }
        }
    }
}

struct Game {
    id: String,
    tokens: [String; 2],
    sockets: [Ws; 2],
    state: Lite,
}

/// The loopback address game `i`'s players connect from: every game is another household,
/// as on the internet (the server's budgets and caps are per address).
fn source(i: usize) -> std::net::IpAddr {
    std::net::Ipv4Addr::new(127, 1 + (i / 250) as u8, (i % 250) as u8, 2).into()
}

/// A WebSocket from `from` (only for `ws://` addresses).
async fn connect_from(url: &str, from: std::net::IpAddr) -> Result<Ws, String> {
    let host = url
        .strip_prefix("ws://")
        .and_then(|r| r.split('/').next())
        .ok_or("only ws:// addresses")?;
    let addr: std::net::SocketAddr = tokio::net::lookup_host(host)
        .await
        .map_err(|e| format!("connect: {e}"))?
        .next()
        .ok_or("connect: no address")?;
    let socket = tokio::net::TcpSocket::new_v4().map_err(|e| format!("connect: {e}"))?;
    socket
        .bind(std::net::SocketAddr::new(from, 0))
        .map_err(|e| format!("connect: {e}"))?;
    let tcp = socket
        .connect(addr)
        .await
        .map_err(|e| format!("connect: {e}"))?;
    let (ws, _) = tokio_tungstenite::client_async(url, MaybeTlsStream::Plain(tcp))
        .await
        .map_err(|e| format!("connect: {e}"))?;
    Ok(ws)
}

async fn set_up(
    http: &reqwest::Client,
    base: &str,
    players: &[String; 2],
    from: std::net::IpAddr,
) -> Result<Game, String> {
    let r = http
        .post(format!("{base}/api/games"))
        .json(&json!({"opponent": {"kind": "friend"}, "side": "south", "first": "south"}))
        .send()
        .await
        .map_err(|e| format!("create: {e}"))?;
    if r.status() != 201 {
        return Err(format!("create: status {}", r.status()));
    }
    let v: Value = r.json().await.map_err(|e| format!("create: {e}"))?;
    let id = v["id"].as_str().ok_or("no id")?.to_string();
    let south = v["token"].as_str().ok_or("no token")?.to_string();
    let north = v["invite_url"]
        .as_str()
        .and_then(|u| u.split("seat=").nth(1))
        .ok_or("no invite")?
        .to_string();
    let mut sockets = Vec::new();
    for (t, player) in [&south, &north].into_iter().zip(players) {
        let ws_base = player.replacen("http", "ws", 1);
        sockets.push(connect_from(&format!("{ws_base}/api/games/{id}/ws?token={t}"), from).await?);
    }
    let [mut a, mut b]: [Ws; 2] = sockets.try_into().map_err(|_| "sockets")?;
    state_at(&mut a, 0).await?;
    let state = state_at(&mut b, 0).await?;
    Ok(Game {
        id,
        tokens: [south, north],
        sockets: [a, b],
        state,
    })
}

async fn play(
    http: &reqwest::Client,
    players: &[String; 2],
    g: &mut Game,
    o: &Opts,
    stats: &Stats,
    seed: u64,
) -> Result<(), String> {
    let mut rng = seed;
    let mut next = move || {
        rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        rng >> 33
    };
    // Players do not move in step: start at a random point of the first think time, then
    // think between half and one and a half times `think`.
    if !o.think.is_zero() {
        tokio::time::sleep(o.think.mul_f64((next() % 1000) as f64 / 1000.0)).await;
    }
    for i in 0..o.moves {
        if g.state.status != "playing" {
            break;
        }
        if !o.think.is_zero() && i > 0 {
            tokio::time::sleep(o.think.mul_f64(0.5 + (next() % 1000) as f64 / 1000.0)).await;
        }
        let mover = if g.state.to_move == "south" { 0 } else { 1 };
        let legal = &g.state.legal_moves;
        if legal.is_empty() {
            return Err("no legal moves in a game in play".into());
        }
        let mv = legal[next() as usize % legal.len()].clone();
        let ply = g.state.ply;
        let t0 = Instant::now();
        let r = http
            .post(format!("{}/api/games/{}/moves", players[mover], g.id))
            .bearer_auth(&g.tokens[mover])
            .json(&json!({"move": mv, "ply": ply}))
            .send()
            .await
            .map_err(|e| format!("move: {e:?}"))?;
        let status = r.status();
        let body = r.bytes().await.map_err(|e| format!("move: {e:?}"))?;
        if status != 200 {
            return Err(format!(
                "move: status {status}: {}",
                String::from_utf8_lossy(&body)
            ));
        }
        let other = state_at(&mut g.sockets[1 - mover], ply + 1).await?;
        stats
            .latencies_us
            .lock()
            .unwrap()
            .push(t0.elapsed().as_micros() as u64);
        stats.moves.fetch_add(1, Ordering::Relaxed);
        state_at(&mut g.sockets[mover], ply + 1).await?;
        g.state = other;
    }
    for ws in &mut g.sockets {
        let _ = ws.close(None).await;
    }
    Ok(())
}

fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i] as f64 / 1000.0
}

#[tokio::main]
async fn main() {
    let o = Arc::new(opts());
    let mut _dir = None;
    let base = match &o.url {
        Some(u) => u.clone(),
        None => {
            let dir = tempfile::tempdir().unwrap();
            let state = kalah_server::open_state(dir.path()).unwrap();
            let listener = kalah_server::listen("127.0.0.1:0".parse().unwrap()).unwrap();
            let addr = listener.local_addr().unwrap();
            tokio::spawn(async move {
                kalah_server::serve(listener, state, std::future::pending())
                    .await
                    .unwrap()
            });
            _dir = Some(dir);
            format!("http://{addr}")
        }
    };
    println!(
        "loadtest: {} games x up to {} moves, think {} ms, server {base}{}",
        o.games,
        o.moves,
        o.think.as_millis(),
        if o.direct.is_empty() {
            String::new()
        } else {
            format!(
                ", players straight to {} (each game's two players on different instances)",
                o.direct.join(" ")
            )
        }
    );
    let stats = Arc::new(Stats::default());
    // Set-up (create + two sockets) at most 100 at a time; moves start together.
    let setup_gate = Arc::new(Semaphore::new(100));
    let barrier = Arc::new(Barrier::new(o.games + 1));
    let mut tasks = Vec::new();
    let setup_start = Instant::now();
    for i in 0..o.games {
        // Each game has its own HTTP client, so its connection is opened during set-up and
        // kept, as a browser keeps its page's connection.
        let players = match o.direct.len() {
            0 => [base.clone(), base.clone()],
            n => [o.direct[i % n].clone(), o.direct[(i + 1) % n].clone()],
        };
        let (http, base, o, stats) = (
            reqwest::Client::builder()
                .local_address(source(i))
                .build()
                .unwrap(),
            base.clone(),
            o.clone(),
            stats.clone(),
        );
        let (gate, barrier) = (setup_gate.clone(), barrier.clone());
        tasks.push(tokio::spawn(async move {
            let permit = gate.acquire().await.unwrap();
            let game = set_up(&http, &base, &players, source(i)).await;
            drop(permit);
            barrier.wait().await;
            match game {
                Ok(mut g) => {
                    if let Err(e) = play(&http, &players, &mut g, &o, &stats, i as u64 + 1).await {
                        stats.error(e);
                    }
                }
                Err(e) => stats.error(e),
            }
        }));
    }
    barrier.wait().await;
    let t0 = Instant::now();
    println!(
        "set-up of {} games and {} sockets: {:.1} s",
        o.games,
        2 * o.games,
        setup_start.elapsed().as_secs_f64()
    );
    let deadline = tokio::time::sleep(o.deadline);
    tokio::pin!(deadline);
    let mut unfinished = 0;
    for t in tasks.iter_mut() {
        let abort = t.abort_handle();
        tokio::select! {
            _ = &mut deadline => { unfinished += 1; abort.abort(); }
            r = t => { if let Err(e) = r { stats.error(format!("task: {e}")); } }
        }
    }
    let elapsed = t0.elapsed().as_secs_f64();
    let mut lat = stats.latencies_us.lock().unwrap().clone();
    lat.sort_unstable();
    let moves = stats.moves.load(Ordering::Relaxed);
    let errors = stats.errors.lock().unwrap().clone();
    println!(
        "moves: {moves} in {elapsed:.1} s = {:.0} moves/s",
        moves as f64 / elapsed
    );
    println!(
        "move -> broadcast at the other player: p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        percentile(&lat, 0.5),
        percentile(&lat, 0.99),
        percentile(&lat, 1.0)
    );
    println!(
        "errors: {} (+ {unfinished} games stopped at the deadline)",
        errors.len()
    );
    for e in errors.iter().take(10) {
        println!("  {e}");
    }
    if !errors.is_empty() || unfinished > 0 {
        std::process::exit(1);
    }
}
