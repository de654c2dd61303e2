//! A bounded load check of the lobby on loopback (issue 18's benchmark): P players, each a
//! guest with a lobby socket, join the quick-pairing pool of Kalah(6,4) 3+2 and are paired
//! into P/2 timed games, which they play over HTTP with their game sockets open and their lobby
//! sockets still open; meanwhile S seekers create and cancel seeks, so every lobby socket that
//! watches the seek list (`--watchers`, all by default) hears seeks come and go. Reports the
//! move latency (a move's POST to its broadcast on the mover's game socket), the lobby update
//! latency (a seek sent to its `seeks_changed` arriving at each watching socket), the clock
//! drift (see `clock_drift`), p50/p99/max, and errors.
//!
//! ```text
//! cargo run -p kalah-server --example lobby_load -- [--players 2000] [--watchers 2000]
//!     [--seekers 50] [--moves 30] [--think-ms 1000] [--deadline-s 600] [--url URL]
//! lobby_load --serve 127.0.0.1:9000     # the server alone, for --url (two processes)
//! ```
//! Without `--url` it starts a server in this process on 127.0.0.1:0 with a temporary data
//! directory; `--serve` starts only that server, so clients and server can run as two processes. Each
//! player connects from their own loopback address (127.x.y.3), so the server's per-address
//! budgets and caps apply as they would on the internet. A game ends when it does, or when
//! `--moves` plies are played (the player to move then resigns); everything still running at
//! the deadline is counted as an error.

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

struct Opts {
    /// Only serve, on this address, until killed (the server half of a two-process run).
    serve: Option<SocketAddr>,
    /// Only load this already-running server (`http://127.0.0.1:9000`).
    url: Option<String>,
    players: usize,
    /// Players whose lobby socket follows the seek list (the rest are on other pages).
    watchers: usize,
    seekers: usize,
    moves: u64,
    think: Duration,
    deadline: Duration,
}

fn opts() -> Opts {
    let mut o = Opts {
        serve: None,
        url: None,
        players: 2000,
        watchers: usize::MAX,
        seekers: 50,
        moves: 30,
        think: Duration::from_millis(1000),
        deadline: Duration::from_secs(600),
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
            "--players" => o.players = (num() as usize).clamp(2, 8000) / 2 * 2,
            "--watchers" => o.watchers = num() as usize,
            "--seekers" => o.seekers = (num() as usize).min(1000),
            "--moves" => o.moves = num().clamp(1, 1000),
            "--think-ms" => o.think = Duration::from_millis(num().min(60_000)),
            "--deadline-s" => o.deadline = Duration::from_secs(num().clamp(1, 3600)),
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
    o
}

/// Latencies in 0.1 ms buckets up to 10 s (the last bucket holds everything slower).
struct Histogram(Vec<AtomicU64>);

impl Histogram {
    fn new() -> Histogram {
        Histogram((0..100_001).map(|_| AtomicU64::new(0)).collect())
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
}

struct Shared {
    http_base: String,
    ws_base: String,
    moves: Histogram,
    lobby: Histogram,
    /// |time the server charged for a move - time the mover saw pass| (see `play`).
    drift: Histogram,
    /// When each seeker (by name) sent each of its seeks, in order.
    sent: Mutex<HashMap<String, Vec<Instant>>>,
    errors: Mutex<Vec<String>>,
    games_done: AtomicU64,
    stop: AtomicBool,
}

impl Shared {
    fn error(&self, e: String) {
        self.errors.lock().unwrap().push(e);
    }
}

/// The loopback address player `i` connects from.
fn source(i: usize) -> IpAddr {
    Ipv4Addr::new(127, 1 + (i / 250) as u8, (i % 250) as u8, 3).into()
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

/// A guest session: its cookie and name.
async fn guest(http: &reqwest::Client, s: &Shared) -> Result<(String, String), String> {
    let r = http
        .post(format!("{}/api/session/guest", s.http_base))
        .json(&json!({}))
        .send()
        .await
        .map_err(|e| format!("guest: {e}"))?;
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
    let v: Value = r.json().await.map_err(|e| format!("guest: {e}"))?;
    let name = v["player"]["name"].as_str().ok_or("no name")?.to_string();
    Ok((cookie, name))
}

/// Reads a lobby socket until it closes: measures each seek added against its send time
/// (when `measure`: a socket open before the first seek) and hands the first `game` on.
async fn read_lobby(
    mut rx: futures_util::stream::SplitStream<Ws>,
    s: Arc<Shared>,
    measure: bool,
    game: tokio::sync::oneshot::Sender<Value>,
    acks: Option<tokio::sync::mpsc::Sender<Value>>,
) {
    let mut game = Some(game);
    let mut seen: HashMap<String, usize> = HashMap::new();
    // The whole list answers watch_seeks; another means the socket fell behind.
    let mut lists = 0;
    while let Some(Ok(msg)) = rx.next().await {
        let Message::Text(t) = msg else { continue };
        let now = Instant::now();
        // Most of the feed is removals only, which nothing here needs: skip parsing them.
        if t.contains("\"added\":[]") {
            continue;
        }
        // Only the type and the added seeks' names are read (the rest is skipped, not built):
        // this program shares the server's cores, and 2,000 sockets read every change.
        let Ok(head) = serde_json::from_str::<Head>(&t) else {
            continue;
        };
        if head.kind == "seeks_changed" {
            if measure {
                for seek in &head.added {
                    let name = seek.name.as_ref();
                    if !seen.contains_key(name) {
                        seen.insert(name.to_string(), 0);
                    }
                    let k = seen.get_mut(name).expect("just inserted");
                    *k += 1;
                    let sent = s
                        .sent
                        .lock()
                        .unwrap()
                        .get(name)
                        .and_then(|l| l.get(*k - 1).copied());
                    match sent {
                        Some(at) => s.lobby.add(now - at),
                        None => s.error(format!("seek {} of {name} never sent", *k)),
                    }
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
            "error" => s.error(format!("lobby: {v}")),
            _ => {
                if let Some(a) = &acks {
                    let _ = a.send(v).await;
                }
            }
        }
    }
}

/// What `read_lobby` reads of a lobby message.
#[derive(serde::Deserialize)]
struct Head<'a> {
    #[serde(rename = "type", borrow)]
    kind: Cow<'a, str>,
    #[serde(default, borrow)]
    added: Vec<Added<'a>>,
}

#[derive(serde::Deserialize)]
struct Added<'a> {
    #[serde(borrow)]
    name: Cow<'a, str>,
}

struct Player {
    tx: futures_util::stream::SplitSink<Ws, Message>,
    game: tokio::sync::oneshot::Receiver<Value>,
    http: reqwest::Client,
    from: IpAddr,
}

async fn join(i: usize, watch: bool, s: &Arc<Shared>) -> Result<Player, String> {
    let http = reqwest::Client::builder()
        .local_address(source(i))
        // Before the server's 10 s wait for a request closes an idle connection, so a move
        // never goes out on a connection the server is closing.
        .pool_idle_timeout(Duration::from_secs(5))
        .build()
        .map_err(|e| e.to_string())?;
    let (cookie, _) = guest(&http, s).await?;
    let ws = connect(
        &format!("{}/api/lobby/ws", s.ws_base),
        source(i),
        Some(&cookie),
    )
    .await?;
    let (mut tx, rx) = ws.split();
    if watch {
        let msg = json!({"type": "watch_seeks", "on": true}).to_string();
        tx.send(Message::Text(msg.into()))
            .await
            .map_err(|e| format!("watch: {e}"))?;
    }
    let (game_tx, game) = tokio::sync::oneshot::channel();
    tokio::spawn(read_lobby(rx, s.clone(), watch, game_tx, None));
    Ok(Player {
        tx,
        game,
        http,
        from: source(i),
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
                .map_err(|e| format!("resign: {e}"))?;
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
            .map_err(|e| format!("move: {e}"))?;
        if r.status() != 200 {
            return Err(format!(
                "move: status {}: {}",
                r.status(),
                r.text().await.unwrap_or_default()
            ));
        }
        let after: Value = r.json().await.map_err(|e| format!("move: {e}"))?;
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

/// Creates a seek, waits a moment, cancels it, and again, until told to stop.
async fn seeker(i: usize, s: Arc<Shared>) -> Result<(), String> {
    let from = source(i);
    let http = reqwest::Client::builder()
        .local_address(from)
        .build()
        .map_err(|e| e.to_string())?;
    let (cookie, name) = guest(&http, &s).await?;
    let ws = connect(&format!("{}/api/lobby/ws", s.ws_base), from, Some(&cookie)).await?;
    let (mut tx, rx) = ws.split();
    let (game_tx, _game) = tokio::sync::oneshot::channel();
    let (ack_tx, mut acks) = tokio::sync::mpsc::channel(16);
    tokio::spawn(read_lobby(rx, s.clone(), false, game_tx, Some(ack_tx)));
    let mut rng = i as u64 + 7;
    while !s.stop.load(Ordering::Relaxed) {
        rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1);
        let tc = ["1+1", "3+2", "5+3", "10+5"][(rng >> 40) as usize % 4];
        s.sent
            .lock()
            .unwrap()
            .entry(name.clone())
            .or_default()
            .push(Instant::now());
        let msg = json!({"type": "seek", "rules": "bga-6-6", "time_control": tc});
        tx.send(Message::Text(msg.to_string().into()))
            .await
            .map_err(|e| format!("seek: {e}"))?;
        let id = loop {
            let v = tokio::time::timeout(Duration::from_secs(30), acks.recv())
                .await
                .map_err(|_| "no seek_created within 30 s")?
                .ok_or("seeker socket closed")?;
            if v["type"] == "seek_created" {
                break v["id"].clone();
            }
        };
        tokio::time::sleep(Duration::from_millis(500 + (rng >> 33) % 1000)).await;
        let msg = json!({"type": "cancel_seek", "id": id});
        tx.send(Message::Text(msg.to_string().into()))
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
    let s = Arc::new(Shared {
        ws_base: http_base.replacen("http://", "ws://", 1),
        http_base,
        moves: Histogram::new(),
        lobby: Histogram::new(),
        drift: Histogram::new(),
        sent: Mutex::new(HashMap::new()),
        errors: Mutex::new(Vec::new()),
        games_done: AtomicU64::new(0),
        stop: AtomicBool::new(false),
    });
    println!(
        "lobby_load: {} players ({} games of 3+2, {} watching the seeks), {} seekers, up to {} plies, think {} ms",
        o.players,
        o.players / 2,
        o.watchers.min(o.players),
        o.seekers,
        o.moves,
        o.think.as_millis()
    );
    // Everyone joins the lobby (100 at a time), then the seekers start, then the pool.
    let t_setup = Instant::now();
    let gate = Arc::new(tokio::sync::Semaphore::new(100));
    let mut joining = Vec::new();
    let watchers = o.watchers;
    for i in 0..o.players {
        let (s, gate) = (s.clone(), gate.clone());
        joining.push(tokio::spawn(async move {
            let _permit = gate.acquire().await.unwrap();
            join(i, i < watchers, &s).await
        }));
    }
    let mut players = Vec::new();
    for j in joining {
        match j.await.unwrap() {
            Ok(p) => players.push(p),
            Err(e) => s.error(e),
        }
    }
    let mut seekers = Vec::new();
    for k in 0..o.seekers {
        let s = s.clone();
        seekers.push(tokio::spawn(async move {
            if let Err(e) = seeker(o_players_offset(k), s.clone()).await {
                s.error(format!("seeker: {e}"));
            }
        }));
    }
    println!(
        "{} players in the lobby in {:.1} s",
        players.len(),
        t_setup.elapsed().as_secs_f64()
    );
    let t0 = Instant::now();
    let mut games = Vec::new();
    for (i, mut p) in players.into_iter().enumerate() {
        let (s, o) = (s.clone(), o.clone());
        games.push(tokio::spawn(async move {
            let join = json!({"type": "pool_join", "rules": "kalah-6-4", "time_control": "3+2"});
            if let Err(e) = p.tx.send(Message::Text(join.to_string().into())).await {
                s.error(format!("pool: {e}"));
                return;
            }
            let g = match tokio::time::timeout(Duration::from_secs(120), &mut p.game).await {
                Ok(Ok(g)) => g,
                _ => {
                    s.error("not paired within 120 s".into());
                    return;
                }
            };
            match play(&p, &g, &o, &s, i as u64 + 1).await {
                Ok(()) => {
                    s.games_done.fetch_add(1, Ordering::Relaxed);
                }
                Err(e) => s.error(e),
            }
            // The lobby socket stays open until the player is done.
            let _ = p.tx.close().await;
        }));
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
    s.stop.store(true, Ordering::Relaxed);
    let elapsed = t0.elapsed().as_secs_f64();
    let errors = s.errors.lock().unwrap().clone();
    println!(
        "games: {} of {} sides finished in {elapsed:.1} s",
        s.games_done.load(Ordering::Relaxed),
        o.players
    );
    println!(
        "moves: {} (POST -> broadcast on the mover's socket): p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        s.moves.count(),
        s.moves.percentile(0.5),
        s.moves.percentile(0.99),
        s.moves.percentile(1.0)
    );
    println!(
        "lobby updates: {} (seek sent -> seeks_changed at each lobby socket): p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        s.lobby.count(),
        s.lobby.percentile(0.5),
        s.lobby.percentile(0.99),
        s.lobby.percentile(1.0)
    );
    println!(
        "clock drift: {} moves (server's charge - mover's own measure, ms): p50 {:.1}, p99 {:.1}, max {:.1}",
        s.drift.count(),
        s.drift.percentile(0.5),
        s.drift.percentile(0.99),
        s.drift.percentile(1.0)
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

/// Seekers' addresses come after the players' (the first 8,000).
fn o_players_offset(k: usize) -> usize {
    8000 + k
}
