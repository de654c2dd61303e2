//! A bounded load check of the lobby on loopback (issue 18's benchmark, grown for issue 39):
//! P players, each a guest with a lobby socket, join the quick-pairing pool of Kalah(6,4) 3+2
//! (spread over `--ramp-s`) and are paired into P/2 timed games, which they play over HTTP
//! with their game sockets open (their lobby sockets open too, or closed once paired with
//! `--close-lobby`, as the page does when the game opens); meanwhile S seekers create and
//! cancel seeks, so every lobby socket that watches the seek list (`--watchers`, all players
//! by default, and `--watch-only` sockets that only watch) hears seeks come and go. Reports
//! the wait for a pairing (pool_join to `game`), the move latency (a move's POST to its
//! broadcast on the mover's game socket), the lobby update latency (a seek sent to its
//! `seeks_changed` arriving at each watching socket), the clock drift (see `clock_drift`),
//! p50/p99/max, errors, and the server's memory (VmRSS at the start, its peak while running,
//! and at the end, read from /proc/PID/status of the server's process).
//!
//! ```text
//! cargo run -p kalah-server --example lobby_load -- [--players 2000] [--watchers N]
//!     [--watch-only 0] [--seekers 50] [--moves 30] [--think-ms 1000] [--ramp-s 0]
//!     [--close-lobby] [--http-idle-ms 5000] [--per-network 1] [--first 0]
//!     [--deadline-s 600] [--url URL] [--server-pid PID]
//! lobby_load --serve 127.0.0.1:9000     # the server alone, for --url (two processes)
//! lobby_load --url URL --memory 1000 [--fill 1000]   # memory of lobby sockets, see below
//! ```
//! Without `--url` it starts a server in this process on 127.0.0.1:0 with a temporary data
//! directory; `--serve` starts only that server, so clients and server can run as two
//! processes. With `--url` the server's process is the one listening on the URL's port (found
//! through /proc), or `--server-pid`.
//!
//! Addresses: each player connects from its own loopback address, `--per-network` players
//! to an IPv4 /24 (127.A.B.x, one network per player by default), so the server's per-address
//! and per-network budgets and caps apply as they would on the internet. Player numbers run
//! from `--first`: several client processes (each has its own open-file limit) load one
//! server from different addresses with `--first 0`, `--first 8000`, ... Seekers connect
//! from 127.254.x.y, and `--watch-only` sockets take the player numbers after the players'.
//!
//! Time: a player starts joining at i x ramp / P (`--ramp-s 0`: all at once, 200 joining at
//! a time) and thinks between T/2 and 3T/2 (`--think-ms T`) before each move. A game ends
//! when it does, or when `--moves` plies are played (the player to move then resigns);
//! everything still running at the deadline is counted as an error. `--http-idle-ms` is how
//! long a player's idle HTTP connection is kept between moves (shorter than the time between
//! two of its moves: a connection per move, which keeps the server's open files near one
//! per player).
//!
//! `--memory N`: fills the seek list with `--fill` seeks (3 per guest; the list holds 1,000),
//! then opens N lobby sockets that watch it (each a guest of its own), and prints the
//! server's RSS before and after and the difference per socket.

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::borrow::Cow;
use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// Most players of one run (one network each: 127.1.0.x to 127.240.249.x).
const MAX_PLAYERS: usize = 60_000;

struct Opts {
    /// Only serve, on this address, until killed (the server half of a two-process run).
    serve: Option<SocketAddr>,
    /// Only load this already-running server (`http://127.0.0.1:9000`).
    url: Option<String>,
    server_pid: Option<u32>,
    players: usize,
    /// The number of this process's first player (several client processes).
    first: usize,
    /// Players whose lobby socket follows the seek list (the rest are on other pages).
    watchers: usize,
    /// Lobby sockets that only watch the seek list (no game).
    watch_only: usize,
    seekers: usize,
    moves: u64,
    think: Duration,
    ramp: Duration,
    close_lobby: bool,
    http_idle: Duration,
    per_network: usize,
    deadline: Duration,
    memory: Option<usize>,
    fill: usize,
}

fn opts() -> Opts {
    let mut o = Opts {
        serve: None,
        url: None,
        server_pid: None,
        players: 2000,
        first: 0,
        watchers: usize::MAX,
        watch_only: 0,
        seekers: 50,
        moves: 30,
        think: Duration::from_millis(1000),
        ramp: Duration::ZERO,
        close_lobby: false,
        http_idle: Duration::from_secs(5),
        per_network: 1,
        deadline: Duration::from_secs(600),
        memory: None,
        fill: 1000,
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
            "--close-lobby" => {
                o.close_lobby = true;
                i += 1;
                continue;
            }
            "--players" => o.players = (num() as usize).min(MAX_PLAYERS) / 2 * 2,
            "--first" => o.first = num() as usize,
            "--watchers" => o.watchers = num() as usize,
            "--watch-only" => o.watch_only = num() as usize,
            "--seekers" => o.seekers = (num() as usize).min(1000),
            "--moves" => o.moves = num().clamp(1, 1000),
            "--think-ms" => o.think = Duration::from_millis(num().min(60_000)),
            "--ramp-s" => {
                o.ramp = Duration::from_secs_f64(
                    v.parse::<f64>()
                        .expect("--ramp-s needs seconds")
                        .clamp(0.0, 3600.0),
                )
            }
            "--http-idle-ms" => o.http_idle = Duration::from_millis(num().clamp(1, 600_000)),
            "--per-network" => o.per_network = (num() as usize).clamp(1, 250),
            "--deadline-s" => o.deadline = Duration::from_secs(num().clamp(1, 3600)),
            "--server-pid" => o.server_pid = Some(num() as u32),
            "--memory" => o.memory = Some(num() as usize),
            "--fill" => o.fill = (num() as usize).min(1000),
            "--serve" => {
                o.serve = Some(
                    v.parse()
                        .expect("--serve needs an address such as 127.0.0.1:9000"),
                )
            }
            "--url" => o.url = Some(v.trim_end_matches('/').to_string()),
            other => panic!("unknown option {other}; see the top of examples/lobby_load.rs"),
        }
        i += 2;
    }
    assert!(
        o.first + o.players + o.watch_only <= (MAX_PLAYERS + 3_000) * o.per_network,
        "too many player numbers for the addresses (raise --per-network)"
    );
    o
}

/// Latencies in 0.1 ms buckets up to 100 s (the last bucket holds everything slower).
struct Histogram(Vec<AtomicU64>);

impl Histogram {
    fn new() -> Histogram {
        Histogram((0..1_000_001).map(|_| AtomicU64::new(0)).collect())
    }

    fn add(&self, d: Duration) {
        let i = ((d.as_micros() / 100) as usize).min(self.0.len() - 1);
        self.0[i].fetch_add(1, Ordering::Relaxed);
    }

    fn count(&self) -> u64 {
        self.0.iter().map(|c| c.load(Ordering::Relaxed)).sum()
    }

    /// The latency in ms below which the fraction `p` of the samples falls.
    fn percentile(&self, p: f64) -> f64 {
        let total = self.count();
        let want = ((total as f64) * p).ceil().max(1.0) as u64;
        let mut seen = 0;
        for (i, c) in self.0.iter().enumerate() {
            seen += c.load(Ordering::Relaxed);
            if seen >= want {
                return i as f64 / 10.0;
            }
        }
        0.0
    }

    /// `count (what): p50 / p99 / max ms`.
    fn line(&self) -> String {
        format!(
            "p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
            self.percentile(0.5),
            self.percentile(0.99),
            self.percentile(1.0)
        )
    }
}

struct Shared {
    http_base: String,
    ws_base: String,
    http_idle: Duration,
    pairing: Histogram,
    moves: Histogram,
    lobby: Histogram,
    /// |time the server charged for a move - time the mover saw pass| (see `play`).
    drift: Histogram,
    /// When each seek (by id) was sent by its seeker.
    sent: Mutex<HashMap<u64, Instant>>,
    /// Seek arrivals at watching sockets whose sending was not known yet (resolved at the end).
    early: Mutex<Vec<(u64, Instant)>>,
    errors: Mutex<Vec<String>>,
    refused: AtomicU64,
    games_done: AtomicU64,
    paired: AtomicU64,
    stop: AtomicBool,
}

impl Shared {
    fn error(&self, e: String) {
        self.errors.lock().unwrap().push(e);
    }
}

/// The loopback address of player number `i`: `per` players to a /24 network.
fn source(i: usize, per: usize) -> IpAddr {
    let (net, host) = (i / per, i % per);
    Ipv4Addr::new(
        127,
        1 + (net / 250) as u8,
        (net % 250) as u8,
        (3 + host) as u8,
    )
    .into()
}

/// The loopback address of seeker `k`.
fn seeker_source(k: usize) -> IpAddr {
    Ipv4Addr::new(127, 254, (k % 250) as u8, (10 + k / 250) as u8).into()
}

async fn connect(url: &str, from: IpAddr, cookie: Option<&str>) -> Result<Ws, String> {
    let host = url
        .strip_prefix("ws://")
        .and_then(|r| r.split('/').next())
        .ok_or("only ws:// addresses")?;
    let addr: SocketAddr = host.parse().map_err(|e| format!("address: {e}"))?;
    let socket = tokio::net::TcpSocket::new_v4().map_err(|e| format!("connect: {e}"))?;
    socket
        .bind(SocketAddr::new(from, 0))
        .map_err(|e| format!("connect: {e}"))?;
    let tcp = socket
        .connect(addr)
        .await
        .map_err(|e| format!("connect: {e}"))?;
    // As browsers do: without it Nagle's algorithm holds a small message back until the
    // previous one is acknowledged, which the measure would charge to the server.
    tcp.set_nodelay(true).map_err(|e| format!("connect: {e}"))?;
    let mut req = url.into_client_request().map_err(|e| format!("{e}"))?;
    if let Some(c) = cookie {
        req.headers_mut()
            .insert("cookie", c.parse().map_err(|_| "cookie")?);
    }
    // A small read buffer, as the server's sockets have: tungstenite zero-fills the free
    // part of it (128 KiB by default) on every read, which across 4,000 sockets took much
    // of this program's share of the two cores (a browser has no such cost).
    let config = WebSocketConfig::default().read_buffer_size(4096);
    let (ws, _) =
        tokio_tungstenite::client_async_with_config(req, MaybeTlsStream::Plain(tcp), Some(config))
            .await
            .map_err(|e| format!("connect {url}: {e}"))?;
    Ok(ws)
}

/// An error with its causes (reqwest's own text is only "error sending request").
fn why(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut cause = e.source();
    while let Some(c) = cause {
        text.push_str(&format!(": {c}"));
        cause = c.source();
    }
    text
}

fn http_client(from: IpAddr, idle: Duration) -> Result<reqwest::Client, String> {
    reqwest::Client::builder()
        .local_address(from)
        // Before the server's 10 s wait for a request closes an idle connection, so a move
        // never goes out on a connection the server is closing.
        .pool_idle_timeout(idle.min(Duration::from_secs(5)))
        .build()
        .map_err(|e| e.to_string())
}

/// A guest session: its cookie and name.
async fn guest(http: &reqwest::Client, s: &Shared) -> Result<(String, String), String> {
    let r = http
        .post(format!("{}/api/session/guest", s.http_base))
        .json(&json!({}))
        .send()
        .await
        .map_err(|e| format!("guest: {}", why(&e)))?;
    if r.status() != 201 {
        return Err(format!("guest: status {}", r.status()));
    }
    let cookie = r.headers()["set-cookie"]
        .to_str()
        .map_err(|_| "cookie")?
        .split(';')
        .next()
        .unwrap_or_default()
        .to_string();
    let v: Value = r.json().await.map_err(|e| format!("guest: {}", why(&e)))?;
    let name = v["player"]["name"].as_str().ok_or("no name")?.to_string();
    Ok((cookie, name))
}

/// Reads a lobby socket until it closes: measures each seek added against its send time (at
/// a watching socket), hands the first `game` on, and the rest of what is not the feed to
/// `acks`.
async fn read_lobby(
    mut rx: futures_util::stream::SplitStream<Ws>,
    s: Arc<Shared>,
    game: tokio::sync::oneshot::Sender<Value>,
    acks: Option<tokio::sync::mpsc::Sender<Value>>,
) {
    let mut game = Some(game);
    // The whole list answers watch_seeks; another means the socket fell behind.
    let mut lists = 0;
    let mut early = Vec::new();
    while let Some(Ok(msg)) = rx.next().await {
        let Message::Text(t) = msg else { continue };
        let now = Instant::now();
        // Most of the feed is removals only, which nothing here needs: skip parsing them.
        if t.contains("\"added\":[]") {
            continue;
        }
        // Only the type and the added seeks' ids are read (the rest is skipped, not built):
        // this program shares the server's cores, and thousands of sockets read every change.
        let Ok(head) = serde_json::from_str::<Head>(&t) else {
            continue;
        };
        if head.kind == "seeks_changed" {
            let sent = s.sent.lock().unwrap();
            for seek in &head.added {
                match sent.get(&seek.id) {
                    Some(at) => s.lobby.add(now - *at),
                    None => early.push((seek.id, now)),
                }
            }
            continue;
        }
        let Ok(v) = serde_json::from_str::<Value>(&t) else {
            continue;
        };
        match v["type"].as_str().unwrap_or("") {
            "seeks" => {
                lists += 1;
                if lists > 1 {
                    s.error("a lobby socket fell behind the seek feed".into());
                }
            }
            "game" => {
                if let Some(g) = game.take() {
                    let _ = g.send(v);
                }
            }
            "error" => {
                if v["error"]
                    .as_str()
                    .is_some_and(|e| e.contains("pool is full"))
                {
                    s.refused.fetch_add(1, Ordering::Relaxed);
                    // Refused: the player stops waiting for a game.
                    game = None;
                }
                s.error(format!("lobby: {v}"))
            }
            _ => {
                if let Some(a) = &acks {
                    let _ = a.send(v).await;
                }
            }
        }
    }
    s.early.lock().unwrap().extend(early);
}

/// What `read_lobby` reads of a lobby message.
#[derive(serde::Deserialize)]
struct Head<'a> {
    #[serde(rename = "type", borrow)]
    kind: Cow<'a, str>,
    #[serde(default)]
    added: Vec<Added>,
}

#[derive(serde::Deserialize)]
struct Added {
    id: u64,
}

struct Player {
    tx: futures_util::stream::SplitSink<Ws, Message>,
    game: tokio::sync::oneshot::Receiver<Value>,
    http: reqwest::Client,
    from: IpAddr,
}

/// Player `i` (its number) opens the lobby, and watches the seek list if `watch`.
async fn join(i: usize, watch: bool, s: &Arc<Shared>, per: usize) -> Result<Player, String> {
    let from = source(i, per);
    let http = http_client(from, s.http_idle)?;
    let (cookie, _) = guest(&http, s).await?;
    let ws = connect(&format!("{}/api/lobby/ws", s.ws_base), from, Some(&cookie)).await?;
    let (mut tx, rx) = ws.split();
    if watch {
        let msg = json!({"type": "watch_seeks", "on": true}).to_string();
        tx.send(Message::Text(msg.into()))
            .await
            .map_err(|e| format!("watch: {e}"))?;
    }
    let (game_tx, game) = tokio::sync::oneshot::channel();
    tokio::spawn(read_lobby(rx, s.clone(), game_tx, None));
    Ok(Player {
        tx,
        game,
        http,
        from,
    })
}

/// Plays one side of a game until it ends; answers when it does.
async fn play(p: &Player, g: &Value, o: &Opts, s: &Shared, seed: u64) -> Result<(), String> {
    let id = g["id"].as_str().ok_or("no game id")?;
    let token = g["token"].as_str().ok_or("no token")?;
    let me = g["side"].as_str().ok_or("no side")?;
    let url = format!("{}/api/games/{id}/ws?token={token}", s.ws_base);
    let mut ws = connect(&url, p.from, None).await?;
    let mut rng = seed;
    let mut next = move || {
        rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        rng >> 33
    };
    let increment_ms = g["time_control"]
        .as_str()
        .and_then(|tc| tc.split_once('+'))
        .and_then(|(_, s)| s.parse::<i64>().ok())
        .ok_or("no M+S time control")?
        * 1000;
    let mut pending: Option<(u64, Instant)> = None;
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(120), ws.next())
            .await
            .map_err(|_| format!("game {id}: nothing for 120 s"))?
            .ok_or("game socket closed")?
            .map_err(|e| format!("game socket: {e}"))?;
        let arrived = Instant::now();
        let Message::Text(t) = msg else { continue };
        let v: Value = serde_json::from_str(&t).map_err(|e| format!("bad message: {e}"))?;
        let st = &v["game"];
        let Some(ply) = st["ply"].as_u64() else {
            continue;
        };
        if let Some((want, t0)) = pending {
            if ply >= want {
                s.moves.add(t0.elapsed());
                pending = None;
            }
        }
        if st["status"] != "playing" {
            let _ = ws.close(None).await;
            return Ok(());
        }
        if st["to_move"] != me || pending.is_some() {
            continue;
        }
        if ply >= o.moves {
            let r = p
                .http
                .post(format!("{}/api/games/{id}/resign", s.http_base))
                .bearer_auth(token)
                .json(&json!({}))
                .send()
                .await
                .map_err(|e| format!("resign: {}", why(&e)))?;
            if r.status() != 200 {
                return Err(format!("resign: status {}", r.status()));
            }
            continue;
        }
        let legal: Vec<String> =
            serde_json::from_value(st["legal_moves"].clone()).unwrap_or_default();
        if legal.is_empty() {
            return Err("no legal moves in a game in play".into());
        }
        if !o.think.is_zero() {
            tokio::time::sleep(o.think.mul_f64(0.5 + (next() % 1000) as f64 / 1000.0)).await;
        }
        let mv = &legal[next() as usize % legal.len()];
        let t0 = Instant::now();
        let r = p
            .http
            .post(format!("{}/api/games/{id}/moves", s.http_base))
            .bearer_auth(token)
            .json(&json!({"move": mv, "ply": ply}))
            .send()
            .await
            .map_err(|e| format!("move: {}", why(&e)))?;
        if r.status() != 200 {
            return Err(format!(
                "move: status {}: {}",
                r.status(),
                r.text().await.unwrap_or_default()
            ));
        }
        let after: Value = r.json().await.map_err(|e| format!("move: {}", why(&e)))?;
        clock_drift(s, me, st, arrived, &after, increment_ms);
        pending = Some((ply + 1, t0));
    }
}

/// Compares what the server charged the mover for a move (its clock before, from the state
/// that gave them the turn, less its clock in the move's answer, plus the increment when the
/// turn passed) with the time the mover saw pass (that state's arrival to the answer's).
/// Their difference is how far the server's clock and the player's disagree; first moves,
/// which are free, and moves that end the game are left out.
fn clock_drift(s: &Shared, me: &str, before: &Value, arrived: Instant, after: &Value, inc: i64) {
    let seen = arrived.elapsed().as_secs_f64() * 1000.0;
    let (c0, c1) = (&before["clock"], &after["clock"]);
    if !c0["first_move"].is_null() || !c1["first_move"].is_null() || c0["running"] != me {
        return;
    }
    if after["status"] != "playing" {
        return;
    }
    let (Some(left0), Some(left1)) = (c0[me].as_i64(), c1[me].as_i64()) else {
        return;
    };
    let passed = if c1["running"] == me { 0 } else { inc };
    let charged = (left0 - left1 + passed) as f64;
    s.drift
        .add(Duration::from_secs_f64((charged - seen).abs() / 1000.0));
}

/// A seeker's lobby socket: its sender, and the acknowledgements it reads.
type Seeker = (
    futures_util::stream::SplitSink<Ws, Message>,
    tokio::sync::mpsc::Receiver<Value>,
);

async fn seeker_socket(from: IpAddr, s: &Arc<Shared>) -> Result<Seeker, String> {
    let http = http_client(from, s.http_idle)?;
    let (cookie, _) = guest(&http, s).await?;
    let ws = connect(&format!("{}/api/lobby/ws", s.ws_base), from, Some(&cookie)).await?;
    let (tx, rx) = ws.split();
    let (game_tx, _game) = tokio::sync::oneshot::channel();
    let (ack_tx, acks) = tokio::sync::mpsc::channel(16);
    tokio::spawn(read_lobby(rx, s.clone(), game_tx, Some(ack_tx)));
    Ok((tx, acks))
}

/// Sends a seek of `tc` and answers its id.
async fn send_seek((tx, acks): &mut Seeker, tc: &str, s: &Shared) -> Result<u64, String> {
    let msg = json!({"type": "seek", "rules": "bga-6-6", "time_control": tc});
    let at = Instant::now();
    tx.send(Message::Text(msg.to_string().into()))
        .await
        .map_err(|e| format!("seek: {e}"))?;
    loop {
        let v = tokio::time::timeout(Duration::from_secs(30), acks.recv())
            .await
            .map_err(|_| "no seek_created within 30 s")?
            .ok_or("seeker socket closed")?;
        if v["type"] == "seek_created" {
            let id = v["id"].as_u64().ok_or("seek_created without an id")?;
            s.sent.lock().unwrap().insert(id, at);
            return Ok(id);
        }
    }
}

/// Creates a seek, waits a moment, cancels it, and again, until told to stop.
async fn seeker(k: usize, s: Arc<Shared>) -> Result<(), String> {
    let mut me = seeker_socket(seeker_source(k), &s).await?;
    let mut rng = k as u64 + 7;
    while !s.stop.load(Ordering::Relaxed) {
        rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1);
        let tc = ["1+1", "3+2", "5+3", "10+5"][(rng >> 40) as usize % 4];
        let id = send_seek(&mut me, tc, &s).await?;
        tokio::time::sleep(Duration::from_millis(500 + (rng >> 33) % 1000)).await;
        let msg = json!({"type": "cancel_seek", "id": id});
        me.0.send(Message::Text(msg.to_string().into()))
            .await
            .map_err(|e| format!("cancel: {e}"))?;
    }
    Ok(())
}

/// Starts a server with a temporary data directory on `addr`; answers its address.
async fn start_server(addr: SocketAddr) -> (SocketAddr, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let state = kalah_server::open_state(dir.path()).unwrap();
    let listener = kalah_server::listen(addr).unwrap();
    let addr = listener.local_addr().unwrap();
    let limits = kalah_server::ConnLimits {
        max_connections: 32_768,
        ..Default::default()
    };
    tokio::spawn(async move {
        kalah_server::serve_with(listener, state, limits, std::future::pending())
            .await
            .unwrap()
    });
    (addr, dir)
}

/// The process listening on TCP `port` on this machine (through /proc/net/tcp and each
/// process's open files).
fn pid_listening_on(port: u16) -> Option<u32> {
    let mut inodes = Vec::new();
    for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
        let Ok(text) = std::fs::read_to_string(table) else {
            continue;
        };
        for line in text.lines().skip(1) {
            let f: Vec<&str> = line.split_whitespace().collect();
            // local_address is HEXIP:HEXPORT; state 0A is LISTEN; the inode is field 9.
            let listening = f.get(3) == Some(&"0A");
            let on_port = f
                .get(1)
                .and_then(|a| a.rsplit_once(':'))
                .and_then(|(_, p)| u16::from_str_radix(p, 16).ok())
                == Some(port);
            if listening && on_port {
                if let Some(inode) = f.get(9) {
                    inodes.push(format!("socket:[{inode}]"));
                }
            }
        }
    }
    for entry in std::fs::read_dir("/proc").ok()?.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue;
        };
        let Ok(fds) = std::fs::read_dir(entry.path().join("fd")) else {
            continue;
        };
        for fd in fds.flatten() {
            if let Ok(link) = std::fs::read_link(fd.path()) {
                if inodes.iter().any(|i| link.as_os_str() == i.as_str()) {
                    return Some(pid);
                }
            }
        }
    }
    None
}

/// A field of /proc/PID/status in MB (VmRSS, VmHWM).
fn status_mb(pid: u32, field: &str) -> Option<f64> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = text.lines().find(|l| l.starts_with(field))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

/// The server's open files (its /proc/PID/fd entries).
fn open_files(pid: u32) -> Option<usize> {
    Some(std::fs::read_dir(format!("/proc/{pid}/fd")).ok()?.count())
}

/// Samples the server's RSS and open files every 250 ms: the peaks so far.
struct Sampler {
    rss_peak: AtomicU64,
    files_peak: AtomicU64,
}

impl Sampler {
    fn start(pid: Option<u32>) -> Arc<Sampler> {
        let s = Arc::new(Sampler {
            rss_peak: AtomicU64::new(0),
            files_peak: AtomicU64::new(0),
        });
        if let Some(pid) = pid {
            let me = s.clone();
            tokio::spawn(async move {
                loop {
                    if let Some(mb) = status_mb(pid, "VmRSS:") {
                        me.rss_peak.fetch_max(mb as u64, Ordering::Relaxed);
                    }
                    if let Some(n) = open_files(pid) {
                        me.files_peak.fetch_max(n as u64, Ordering::Relaxed);
                    }
                    tokio::time::sleep(Duration::from_millis(250)).await;
                }
            });
        }
        s
    }
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_default()
}

/// `--memory N`: the server's memory for N watching lobby sockets over a full seek list.
async fn memory(o: &Opts, s: &Arc<Shared>, pid: Option<u32>) {
    let Some(pid) = pid else {
        println!("memory: the server's process was not found (give --server-pid)");
        std::process::exit(2);
    };
    let n = o.memory.unwrap_or(0);
    let mut seekers = Vec::new();
    let mut seeks = 0;
    while seeks < o.fill {
        let k = seekers.len();
        let mut sk = match seeker_socket(seeker_source(k), s).await {
            Ok(sk) => sk,
            Err(e) => {
                println!("memory: a seeker's socket: {e}");
                std::process::exit(2);
            }
        };
        for _ in 0..3.min(o.fill - seeks) {
            if let Err(e) = send_seek(&mut sk, "10+5", s).await {
                println!("memory: a seek: {e}");
                std::process::exit(2);
            }
            seeks += 1;
        }
        seekers.push(sk);
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    let before = status_mb(pid, "VmRSS:").unwrap_or(0.0);
    let t0 = Instant::now();
    let gate = Arc::new(tokio::sync::Semaphore::new(100));
    let mut opening = Vec::new();
    for i in 0..n {
        let (s, gate, per) = (s.clone(), gate.clone(), o.per_network);
        opening.push(tokio::spawn(async move {
            let _p = gate.acquire().await.unwrap();
            join(o_first(i), true, &s, per).await
        }));
    }
    let mut open = Vec::new();
    for j in opening {
        match j.await.unwrap() {
            Ok(p) => open.push(p),
            Err(e) => s.error(e),
        }
    }
    // Every socket has had its hello and its list.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let after = status_mb(pid, "VmRSS:").unwrap_or(0.0);
    let per = (after - before) * 1024.0 / open.len().max(1) as f64;
    println!(
        "memory: {seeks} seeks listed; {} watching lobby sockets opened in {:.1} s: server RSS {before:.0} MB -> {after:.0} MB, {per:.0} KB a socket; load {}",
        open.len(),
        t0.elapsed().as_secs_f64(),
        load_average()
    );
    let errors = s.errors.lock().unwrap().clone();
    println!("errors: {}", errors.len());
    for e in errors.iter().take(10) {
        println!("  {e}");
    }
    drop(open);
    drop(seekers);
}

/// Player numbers of `--memory`'s sockets (after any run's players).
fn o_first(i: usize) -> usize {
    40_000 + i
}

#[tokio::main]
async fn main() {
    let o = Arc::new(opts());
    let _ = rlimit::increase_nofile_limit(u64::MAX);
    if let Some(addr) = o.serve {
        let (addr, _dir) = start_server(addr).await;
        println!("lobby_load: serving on {addr}; run the clients with --url http://{addr}; Ctrl-C (SIGINT) stops");
        let _ = tokio::signal::ctrl_c().await;
        return;
    }
    let (http_base, _server) = match &o.url {
        Some(u) => (u.clone(), None),
        None => {
            let (addr, dir) = start_server("127.0.0.1:0".parse().unwrap()).await;
            (format!("http://{addr}"), Some(dir))
        }
    };
    let pid = o.server_pid.or_else(|| match &o.url {
        None => Some(std::process::id()),
        Some(u) => u
            .rsplit_once(':')
            .and_then(|(_, p)| p.split('/').next()?.parse().ok())
            .and_then(pid_listening_on),
    });
    let s = Arc::new(Shared {
        ws_base: http_base.replacen("http://", "ws://", 1),
        http_base,
        http_idle: o.http_idle,
        pairing: Histogram::new(),
        moves: Histogram::new(),
        lobby: Histogram::new(),
        drift: Histogram::new(),
        sent: Mutex::new(HashMap::new()),
        early: Mutex::new(Vec::new()),
        errors: Mutex::new(Vec::new()),
        refused: AtomicU64::new(0),
        games_done: AtomicU64::new(0),
        paired: AtomicU64::new(0),
        stop: AtomicBool::new(false),
    });
    let rss_start = pid.and_then(|p| status_mb(p, "VmRSS:"));
    if o.memory.is_some() {
        memory(&o, &s, pid).await;
        return;
    }
    let sampler = Sampler::start(pid);
    let watchers = o.watchers.min(o.players);
    println!(
        "lobby_load: {} players (numbers {}..{}, {} a /24; {} games of 3+2, {} watching the seeks{}), {} watch-only sockets, {} seekers, up to {} plies, think {} ms, ramp {} s; server pid {}; load {}",
        o.players,
        o.first,
        o.first + o.players,
        o.per_network,
        o.players / 2,
        watchers,
        if o.close_lobby { ", lobby socket closed once paired" } else { "" },
        o.watch_only,
        o.seekers,
        o.moves,
        o.think.as_millis(),
        o.ramp.as_secs_f64(),
        pid.map_or("not found".into(), |p| p.to_string()),
        load_average()
    );
    // The watch-only sockets first, then the seekers, then the players join the pool.
    let t_setup = Instant::now();
    let gate = Arc::new(tokio::sync::Semaphore::new(200));
    let mut opening = Vec::new();
    for w in 0..o.watch_only {
        let (s, gate, i, per) = (
            s.clone(),
            gate.clone(),
            o.first + o.players + w,
            o.per_network,
        );
        opening.push(tokio::spawn(async move {
            let _permit = gate.acquire().await.unwrap();
            join(i, true, &s, per).await
        }));
    }
    let mut watching = Vec::new();
    for j in opening {
        match j.await.unwrap() {
            Ok(p) => watching.push(p),
            Err(e) => s.error(e),
        }
    }
    if o.watch_only > 0 {
        println!(
            "{} watch-only sockets open in {:.1} s",
            watching.len(),
            t_setup.elapsed().as_secs_f64()
        );
    }
    let mut seekers = Vec::new();
    for k in 0..o.seekers {
        let s = s.clone();
        seekers.push(tokio::spawn(async move {
            if let Err(e) = seeker(k, s.clone()).await {
                s.error(format!("seeker: {e}"));
            }
        }));
    }
    let t0 = Instant::now();
    let mut games = Vec::new();
    for n in 0..o.players {
        let (s, o, gate) = (s.clone(), o.clone(), gate.clone());
        let at = t0 + o.ramp.mul_f64(n as f64 / o.players.max(1) as f64);
        games.push(tokio::spawn(async move {
            tokio::time::sleep_until(at.into()).await;
            let permit = if o.ramp.is_zero() {
                Some(gate.acquire_owned().await.unwrap())
            } else {
                None
            };
            let i = o.first + n;
            let mut p = match join(i, n < o.watchers, &s, o.per_network).await {
                Ok(p) => p,
                Err(e) => {
                    s.error(e);
                    return;
                }
            };
            let join = json!({"type": "pool_join", "rules": "kalah-6-4", "time_control": "3+2"});
            if let Err(e) = p.tx.send(Message::Text(join.to_string().into())).await {
                s.error(format!("pool: {e}"));
                return;
            }
            let asked = Instant::now();
            drop(permit);
            let g = match tokio::time::timeout(Duration::from_secs(120), &mut p.game).await {
                Ok(Ok(g)) => g,
                // Refused (counted) or the socket closed (an error of its own).
                Ok(Err(_)) => return,
                Err(_) => {
                    s.error("not paired within 120 s".into());
                    return;
                }
            };
            s.pairing.add(asked.elapsed());
            s.paired.fetch_add(1, Ordering::Relaxed);
            if o.close_lobby {
                let _ = p.tx.close().await;
            }
            match play(&p, &g, &o, &s, i as u64 + 1).await {
                Ok(()) => {
                    s.games_done.fetch_add(1, Ordering::Relaxed);
                }
                Err(e) => s.error(e),
            }
            // Otherwise the lobby socket stays open until the player is done.
            let _ = p.tx.close().await;
        }));
    }
    // Progress every 10 s: who is paired, the server's memory and open files.
    {
        let s = s.clone();
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(Duration::from_secs(10)).await;
                println!(
                    "  {:>4.0} s: {} paired, {} sides done, {} errors; server RSS {} MB, open files {}; load {}",
                    t0.elapsed().as_secs_f64(),
                    s.paired.load(Ordering::Relaxed),
                    s.games_done.load(Ordering::Relaxed),
                    s.errors.lock().unwrap().len(),
                    pid.and_then(|p| status_mb(p, "VmRSS:")).map_or("?".into(), |m| format!("{m:.0}")),
                    pid.and_then(open_files).map_or("?".into(), |n| n.to_string()),
                    load_average()
                );
            }
        });
    }
    let deadline = tokio::time::sleep(o.deadline);
    tokio::pin!(deadline);
    let mut unfinished = 0;
    for t in games.iter_mut() {
        let abort = t.abort_handle();
        tokio::select! {
            _ = &mut deadline => { unfinished += 1; abort.abort(); }
            r = t => { if let Err(e) = r { s.error(format!("task: {e}")); } }
        }
    }
    if o.players == 0 && o.watch_only > 0 {
        // A feed-only run: the seekers go on until the deadline.
        deadline.await;
    }
    s.stop.store(true, Ordering::Relaxed);
    let elapsed = t0.elapsed().as_secs_f64();
    let rss_end = pid.and_then(|p| status_mb(p, "VmRSS:"));
    drop(watching);
    // Arrivals that came before their seek's acknowledgement reached its seeker.
    {
        let sent = s.sent.lock().unwrap();
        let early = std::mem::take(&mut *s.early.lock().unwrap());
        for (id, at) in early {
            if let Some(t) = sent.get(&id) {
                s.lobby.add(at.saturating_duration_since(*t));
            }
        }
    }
    let errors = s.errors.lock().unwrap().clone();
    println!(
        "games: {} of {} sides finished in {elapsed:.1} s; load {}",
        s.games_done.load(Ordering::Relaxed),
        o.players,
        load_average()
    );
    println!(
        "pairing: {} (pool_join -> game): {}; refused (pool full): {}",
        s.pairing.count(),
        s.pairing.line(),
        s.refused.load(Ordering::Relaxed)
    );
    println!(
        "moves: {} (POST -> broadcast on the mover's socket): {}",
        s.moves.count(),
        s.moves.line()
    );
    println!(
        "lobby updates: {} (seek sent -> seeks_changed at each watching socket): {}",
        s.lobby.count(),
        s.lobby.line()
    );
    println!(
        "clock drift: {} moves (server's charge - mover's own measure): {}",
        s.drift.count(),
        s.drift.line()
    );
    let mb = |v: Option<f64>| v.map_or("?".into(), |m| format!("{m:.0} MB"));
    println!(
        "server RSS: start {}, peak {}, end {}; open files peak {}",
        mb(rss_start),
        match sampler.rss_peak.load(Ordering::Relaxed) {
            0 => "?".into(),
            m => format!("{m} MB"),
        },
        mb(rss_end),
        sampler.files_peak.load(Ordering::Relaxed)
    );
    println!(
        "errors: {} (+ {unfinished} players stopped at the deadline)",
        errors.len()
    );
    for e in errors.iter().take(10) {
        println!("  {e}");
    }
    if !errors.is_empty() || unfinished > 0 {
        std::process::exit(1);
    }
}
