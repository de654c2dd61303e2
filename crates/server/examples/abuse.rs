//! The abuse suite: one hostile client at a time against a real `kalah serve`, with an honest
//! player beside it, on loopback only, bounded in count and time. For each scenario it prints
//! the honest player's move latency (p50/p99/max), the computer's reply time, 5xx answers and
//! the server's resident memory before, at its peak during, and after the attack.
//!
//! ```text
//! cargo build --release -p kalah && cargo run --release -p kalah-server --example abuse -- \
//!     [--bin target/release/kalah] [--seconds 10]
//!     [--only none,parse,create,idle,idle-1024,watchers,analysis,slow,restart]
//!     [--egdb target/abuse-egdb] [--addresses 64] [--same-network yes|no] [--ipv6 yes|no]
//! ```
//! The scenarios of issue 36 (slowloris, computer, hints, kgp, login, seeks, lobby,
//! challenges) come from `--addresses` attacker addresses, each in a /24 of its own
//! (127.100.0.2, 127.100.1.2, ...: a botnet across networks, the case network budgets cannot
//! help), or all in 127.66.0.0/24 with `--same-network yes`. With `--ipv6 yes` everything is
//! on IPv6: the server listens on [::1], the attackers are `--addresses` addresses of one /64
//! (fd00:6b61::/64: one household's or one rented machine's block) and the honest players are
//! in fd00:6b62::/64; the suite adds those addresses to `lo` for the run (it needs root, as
//! `ip -6 addr add` does) and removes them at the end.
//! Like a server that has been up a while, each one starts with the Kalah(6,4) endgame
//! database already built (built once into `--egdb` with `kalah egdb build`, then linked into
//! each server's data directory), so the memory figures are not a database build's. The warm
//! baseline is taken after the honest players have played for 3 s, before the attack. The
//! scenario `none` has no attacker: its figures are what honest play alone costs, the
//! baseline for the others' latency and for the memory they keep afterwards.
//! The attacker connects from 127.66.0.0/16 (several addresses where a scenario says so), the
//! honest players from 127.0.0.2 and 127.0.0.3, as different households would.

use futures_util::{SinkExt, StreamExt};
use kalah_rules::{Game, Position, Rules, Side};
use serde_json::{json, Value};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio_tungstenite::MaybeTlsStream;

const SCENARIOS: [&str; 17] = [
    "none",
    "parse",
    "create",
    "idle",
    "idle-1024",
    "watchers",
    "analysis",
    "slow",
    "restart",
    "slowloris",
    "computer",
    "hints",
    "kgp",
    "login",
    "seeks",
    "lobby",
    "challenges",
];

struct Opts {
    bin: String,
    seconds: u64,
    only: Vec<String>,
    egdb: std::path::PathBuf,
    /// Attacker addresses of the scenarios of issue 36 (slowloris, computer, hints, kgp,
    /// login).
    addresses: usize,
    /// Those addresses in one /24 (127.66.0.0/24) instead of one /24 each.
    same_network: bool,
    /// Everything on IPv6, the attackers in one /64.
    ipv6: bool,
}

/// Whether the run is on IPv6 (`--ipv6 yes`), for the address helpers below.
static IPV6: std::sync::OnceLock<bool> = std::sync::OnceLock::new();

fn ipv6() -> bool {
    IPV6.get().copied().unwrap_or(false)
}

/// Honest player `n`'s address: 127.0.0.n, or fd00:6b62::n on IPv6 (another /48 than the
/// attackers').
fn honest_ip(n: u8) -> IpAddr {
    if ipv6() {
        std::net::Ipv6Addr::new(0xfd00, 0x6b62, 0, 0, 0, 0, 0, n.into()).into()
    } else {
        Ipv4Addr::new(127, 0, 0, n).into()
    }
}

/// The loopback address the server listens on.
fn server_ip() -> IpAddr {
    if ipv6() {
        std::net::Ipv6Addr::LOCALHOST.into()
    } else {
        Ipv4Addr::LOCALHOST.into()
    }
}

/// A TCP socket of `ip`'s family.
fn socket_for(ip: IpAddr) -> std::io::Result<tokio::net::TcpSocket> {
    if ip.is_ipv4() {
        tokio::net::TcpSocket::new_v4()
    } else {
        tokio::net::TcpSocket::new_v6()
    }
}

/// The IPv6 addresses of the run on `lo`, added at the start and removed when dropped.
struct V6Addresses(Vec<IpAddr>);

impl V6Addresses {
    fn add(o: &Opts) -> V6Addresses {
        let mut all: Vec<IpAddr> = (0..o.addresses).map(|i| spread(i, true)).collect();
        all.extend((0..250).map(attacker));
        all.extend((2..11).map(honest_ip));
        all.sort();
        all.dedup();
        for ip in &all {
            let ok = Command::new("ip")
                .args([
                    "-6",
                    "addr",
                    "add",
                    &format!("{ip}/128"),
                    "dev",
                    "lo",
                    "nodad",
                ])
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success());
            if !ok && std::net::UdpSocket::bind((*ip, 0)).is_err() {
                panic!("cannot add {ip} to lo: --ipv6 needs root (ip -6 addr add)");
            }
        }
        V6Addresses(all)
    }
}

impl Drop for V6Addresses {
    fn drop(&mut self) {
        for ip in &self.0 {
            let _ = Command::new("ip")
                .args(["-6", "addr", "del", &format!("{ip}/128"), "dev", "lo"])
                .stderr(Stdio::null())
                .status();
        }
    }
}

fn opts() -> Opts {
    let mut o = Opts {
        bin: "target/release/kalah".into(),
        seconds: 10,
        only: SCENARIOS.iter().map(|s| s.to_string()).collect(),
        egdb: "target/abuse-egdb".into(),
        addresses: 64,
        same_network: false,
        ipv6: false,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        let v = pair.get(1).cloned().unwrap_or_default();
        match pair[0].as_str() {
            "--bin" => o.bin = v,
            "--seconds" => o.seconds = v.parse::<u64>().expect("--seconds N").clamp(2, 120),
            "--only" => o.only = v.split(',').map(str::to_string).collect(),
            "--egdb" => o.egdb = v.into(),
            "--addresses" => {
                o.addresses = v.parse::<usize>().expect("--addresses N").clamp(1, 1000)
            }
            "--same-network" => o.same_network = v == "yes",
            "--ipv6" => o.ipv6 = v == "yes",
            other => panic!("unknown option {other}; see the top of examples/abuse.rs"),
        }
    }
    o
}

/// A `kalah serve` of its own, on a free port and a temporary data directory.
struct Server {
    child: Child,
    base: String,
    bin: String,
    port: u16,
    /// Its KGP port (TCP).
    kgp: u16,
    /// The open-file limit it runs under (`ulimit -n`), if not the shell's.
    nofile: Option<u32>,
    dir: tempfile::TempDir,
}

impl Server {
    fn start(bin: &str, egdb: &std::path::Path, nofile: Option<u32>) -> Server {
        let dir = tempfile::tempdir().unwrap();
        let store = dir.path().join("egdb");
        std::fs::create_dir_all(&store).unwrap();
        for f in std::fs::read_dir(egdb.join("egdb")).unwrap().flatten() {
            let to = store.join(f.file_name());
            std::fs::hard_link(f.path(), &to)
                .or_else(|_| std::fs::copy(f.path(), &to).map(|_| ()))
                .unwrap();
        }
        let free = || {
            std::net::TcpListener::bind((server_ip(), 0))
                .unwrap()
                .local_addr()
                .unwrap()
                .port()
        };
        let (port, kgp) = (free(), free());
        let child = spawn(bin, port, kgp, dir.path(), nofile);
        Server {
            child,
            base: format!("http://{}", SocketAddr::new(server_ip(), port)),
            bin: bin.to_string(),
            port,
            kgp,
            nofile,
            dir,
        }
    }

    /// `kill -9`, then the same binary on the same data and port; answers the milliseconds
    /// until it accepts connections again.
    fn restart(&mut self) -> f64 {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let t = Instant::now();
        self.child = spawn(&self.bin, self.port, self.kgp, self.dir.path(), self.nofile);
        t.elapsed().as_secs_f64() * 1000.0
    }

    /// Resident memory in MB, from /proc.
    fn rss_mb(&self) -> f64 {
        self.status_mb("VmRSS:")
    }

    /// Resident anonymous memory in MB: the heap and stacks, without the mapped endgame
    /// database, whose pages are the file's and stay mapped once a hint has used them.
    fn anon_mb(&self) -> f64 {
        self.status_mb("RssAnon:")
    }

    fn status_mb(&self, field: &str) -> f64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .unwrap_or_default();
        status
            .lines()
            .find_map(|l| l.strip_prefix(field))
            .and_then(|v| v.split_whitespace().next()?.parse::<f64>().ok())
            .map_or(0.0, |kb| kb / 1024.0)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `kalah serve` and waits until it accepts connections (at most 10 s).
fn spawn(bin: &str, port: u16, kgp: u16, data: &std::path::Path, nofile: Option<u32>) -> Child {
    let mut cmd = match nofile {
        // Both limits, so the server cannot raise its own past them.
        Some(n) => {
            let mut c = Command::new("sh");
            c.args(["-c", &format!("ulimit -n {n} && exec \"$0\" \"$@\""), bin]);
            c
        }
        None => Command::new(bin),
    };
    let child = cmd
        .args([
            "serve",
            "--addr",
            &SocketAddr::new(server_ip(), port).to_string(),
        ])
        .args([
            "--kgp-addr",
            &SocketAddr::new(server_ip(), kgp).to_string(),
            "--data",
        ])
        .arg(data)
        .env("RUST_LOG", "error")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {bin}: {e}"));
    for _ in 0..200 {
        if std::net::TcpStream::connect((server_ip(), port)).is_ok() {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    child
}

fn client(from: IpAddr) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(from)
        .timeout(Duration::from_secs(30))
        .build()
        .unwrap()
}

/// The attacker address `i` of the older scenarios: 127.66.0.0/16, or one /64 on IPv6.
fn attacker(i: usize) -> IpAddr {
    if ipv6() {
        std::net::Ipv6Addr::new(0xfd00, 0x6b61, 0, 0, 0, 0, 0x66, i as u16 + 2).into()
    } else {
        Ipv4Addr::new(127, 66, (i / 250) as u8, (i % 250) as u8 + 2).into()
    }
}

/// What the honest players saw.
#[derive(Default)]
struct Seen {
    move_ms: Mutex<Vec<f64>>,
    /// The honest friend game's moves (and game creations) refused.
    move_refused: AtomicU64,
    computer_ms: Mutex<Vec<f64>>,
    honest_5xx: AtomicU64,
    /// Internal errors (500) and other 5xx that are not a documented refusal.
    attacker_5xx: AtomicU64,
    /// 429, 413 and 503 with the JSON error: the documented refusals.
    attacker_refused: AtomicU64,
    /// A newcomer's first request on a fresh connection, twice a second: answered, or not
    /// within 2 s.
    fresh_ok: AtomicU64,
    fresh_failed: AtomicU64,
    /// An honest hint request every 2 s: answered, or refused.
    analysis_ok: AtomicU64,
    analysis_refused: AtomicU64,
    /// An honest bot connecting over KGP every second: greeted within 2 s, or not.
    bot_ok: AtomicU64,
    bot_refused: AtomicU64,
    /// An honest seek every 4 s, accepted by another honest player: both got their game
    /// within 2 s of asking, or not.
    seek_ok: AtomicU64,
    seek_failed: AtomicU64,
    /// An honest challenge every 4 s between the same two players: received, accepted and
    /// the game started within 2 s, or not.
    challenge_ok: AtomicU64,
    challenge_failed: AtomicU64,
    /// The honest player who receives challenges (the attackers of `challenges` aim at them).
    victim: std::sync::OnceLock<String>,
    /// The most seeks an honest watcher of the list saw open at once.
    list_max: AtomicU64,
}

type Ws = tokio_tungstenite::WebSocketStream<MaybeTlsStream<tokio::net::TcpStream>>;

/// A new guest from `from` with a lobby socket open: its socket, name and cookie, or why not.
async fn lobby_guest(
    base: &str,
    from: IpAddr,
) -> Result<(Ws, String, String), reqwest::StatusCode> {
    let fail = reqwest::StatusCode::SERVICE_UNAVAILABLE;
    let r = client(from)
        .post(format!("{base}/api/session/guest"))
        .json(&json!({}))
        .send()
        .await
        .map_err(|_| fail)?;
    if !r.status().is_success() {
        return Err(r.status());
    }
    let cookie = r
        .headers()
        .get("set-cookie")
        .and_then(|c| c.to_str().ok())
        .and_then(|c| c.split(';').next())
        .unwrap_or_default()
        .to_string();
    let v: Value = r.json().await.map_err(|_| fail)?;
    let name = v["player"]["name"].as_str().unwrap_or_default().to_string();
    let ws = lobby_socket(base, from, &cookie).await?;
    Ok((ws, name, cookie))
}

/// Another lobby socket of the guest whose session cookie is `cookie`.
async fn lobby_socket(base: &str, from: IpAddr, cookie: &str) -> Result<Ws, reqwest::StatusCode> {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let fail = reqwest::StatusCode::SERVICE_UNAVAILABLE;
    let host: SocketAddr = base
        .trim_start_matches("http://")
        .parse()
        .map_err(|_| fail)?;
    let s = socket_for(from).map_err(|_| fail)?;
    s.bind(SocketAddr::new(from, 0)).map_err(|_| fail)?;
    let tcp = s.connect(host).await.map_err(|_| fail)?;
    let _ = tcp.set_nodelay(true);
    let mut req = format!("ws://{host}/api/lobby/ws")
        .into_client_request()
        .map_err(|_| fail)?;
    req.headers_mut()
        .insert("cookie", cookie.parse().map_err(|_| fail)?);
    match tokio_tungstenite::client_async(req, MaybeTlsStream::Plain(tcp)).await {
        Ok((ws, _)) => Ok(ws),
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => {
            Err(reqwest::StatusCode::from_u16(r.status().as_u16()).unwrap_or(fail))
        }
        Err(_) => Err(fail),
    }
}

/// A lobby socket split into a sender and a channel of the JSON messages it receives.
fn lobby_split(
    ws: Ws,
) -> (
    futures_util::stream::SplitSink<Ws, tokio_tungstenite::tungstenite::Message>,
    tokio::sync::mpsc::Receiver<Value>,
) {
    let (tx, mut rx) = ws.split();
    let (out, inbox) = tokio::sync::mpsc::channel(256);
    tokio::spawn(async move {
        while let Some(Ok(m)) = rx.next().await {
            if let tokio_tungstenite::tungstenite::Message::Text(t) = m {
                if let Ok(v) = serde_json::from_str::<Value>(&t) {
                    // A full inbox drops the message: the honest player only waits for its
                    // own answers, which come within the 2 s it waits.
                    let _ = out.try_send(v);
                }
            }
        }
    });
    (tx, inbox)
}

/// Waits up to 2 s for a message of `kind` that `pick` accepts.
async fn expect(
    inbox: &mut tokio::sync::mpsc::Receiver<Value>,
    kind: &str,
    pick: impl Fn(&Value) -> bool,
) -> Option<Value> {
    let until = tokio::time::Instant::now() + Duration::from_secs(2);
    loop {
        let m = tokio::time::timeout_at(until, inbox.recv()).await.ok()??;
        if m["type"] == kind && pick(&m) {
            return Some(m);
        }
    }
}

fn text(v: Value) -> tokio_tungstenite::tungstenite::Message {
    tokio_tungstenite::tungstenite::Message::Text(v.to_string().into())
}

/// An honest guest (address 10) watching the seek list, which records its largest size.
async fn honest_watcher(base: String, seen: Arc<Seen>, stop: Arc<AtomicBool>) {
    let Ok((mut ws, _, _)) = lobby_guest(&base, honest_ip(10)).await else {
        return;
    };
    let _ = ws
        .send(text(json!({"type": "watch_seeks", "on": true})))
        .await;
    let mut open = std::collections::HashSet::new();
    let ids = |v: &Value| -> Vec<u64> {
        v.as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|s| s["id"].as_u64().or(s.as_u64()))
                    .collect()
            })
            .unwrap_or_default()
    };
    while !stop.load(Ordering::Relaxed) {
        let Ok(Some(Ok(m))) = tokio::time::timeout(Duration::from_millis(200), ws.next()).await
        else {
            continue;
        };
        let tokio_tungstenite::tungstenite::Message::Text(t) = m else {
            continue;
        };
        let Ok(v) = serde_json::from_str::<Value>(&t) else {
            continue;
        };
        if v["type"] == "seeks" {
            open.clear();
        }
        if v["type"] == "seeks" || v["type"] == "seeks_changed" {
            open.extend(ids(&v["seeks"]));
            open.extend(ids(&v["added"]));
            for id in ids(&v["removed"]) {
                open.remove(&id);
            }
            seen.list_max
                .fetch_max(open.len() as u64, Ordering::Relaxed);
        }
    }
}

/// Two honest guests in the lobby (addresses 8 and 9): every 4 s the first places a seek that
/// the second accepts, and 2 s later the second challenges the first, who accepts.
async fn honest_lobby(base: String, seen: Arc<Seen>, stop: Arc<AtomicBool>) {
    let (Ok((a, a_name, _)), Ok((b, b_name, _))) = (
        lobby_guest(&base, honest_ip(8)).await,
        lobby_guest(&base, honest_ip(9)).await,
    ) else {
        seen.seek_failed.fetch_add(1, Ordering::Relaxed);
        return;
    };
    let _ = seen.victim.set(a_name.clone());
    let (mut a_tx, mut a_in) = lobby_split(a);
    let (mut b_tx, mut b_in) = lobby_split(b);
    let spec = json!({"rules": "kalah-6-4", "time_control": "3+2", "rated": false});
    while !stop.load(Ordering::Relaxed) {
        // A seek placed and accepted.
        let mut seek = spec.clone();
        seek["type"] = "seek".into();
        let _ = a_tx.send(text(seek)).await;
        let placed = expect(&mut a_in, "seek_created", |_| true).await;
        let started = match placed {
            Some(m) => {
                let _ = b_tx
                    .send(text(json!({"type": "accept_seek", "id": m["id"]})))
                    .await;
                expect(&mut b_in, "game", |_| true).await.is_some()
            }
            None => false,
        };
        let c = if started {
            &seen.seek_ok
        } else {
            &seen.seek_failed
        };
        c.fetch_add(1, Ordering::Relaxed);
        tokio::time::sleep(Duration::from_secs(2)).await;
        // A challenge received and accepted.
        let mut ch = spec.clone();
        ch["type"] = "challenge".into();
        ch["to"] = a_name.clone().into();
        let _ = b_tx.send(text(ch)).await;
        let got = expect(&mut a_in, "challenge", |m| {
            m["challenge"]["from"].as_str() == Some(b_name.as_str())
        })
        .await;
        let mut started = false;
        if let Some(m) = got {
            let _ = a_tx
                .send(text(
                    json!({"type": "challenge_accept", "id": m["challenge"]["id"]}),
                ))
                .await;
            started = expect(&mut a_in, "game", |_| true).await.is_some();
        }
        let c = if started {
            &seen.challenge_ok
        } else {
            &seen.challenge_failed
        };
        c.fetch_add(1, Ordering::Relaxed);
        tokio::time::sleep(Duration::from_secs(2)).await;
    }
}

/// A bot connecting over KGP every second from honest address 7: greeted (`kgp 1 ...`) within 2 s,
/// or refused or left without a greeting.
async fn honest_bot(kgp: SocketAddr, seen: Arc<Seen>, stop: Arc<AtomicBool>) {
    use tokio::io::AsyncReadExt;
    while !stop.load(Ordering::Relaxed) {
        let greeted = tokio::time::timeout(Duration::from_secs(2), async {
            let s = socket_for(honest_ip(7)).ok()?;
            s.bind(SocketAddr::new(honest_ip(7), 0)).ok()?;
            let mut t = s.connect(kgp).await.ok()?;
            let mut buf = [0u8; 64];
            let n = t.read(&mut buf).await.ok()?;
            Some(buf[..n].starts_with(b"kgp "))
        })
        .await;
        match greeted {
            Ok(Some(true)) => seen.bot_ok.fetch_add(1, Ordering::Relaxed),
            _ => seen.bot_refused.fetch_add(1, Ordering::Relaxed),
        };
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}

/// Attacker address `i` of `--addresses`: a /24 of its own, or all in 127.66.0.0/24; on
/// IPv6 all in fd00:6b61::/64.
fn spread(i: usize, same_network: bool) -> IpAddr {
    if ipv6() {
        std::net::Ipv6Addr::new(0xfd00, 0x6b61, 0, 0, 0, 0, 0, i as u16 + 2).into()
    } else if same_network {
        Ipv4Addr::new(127, 66, (i / 250) as u8, (i % 250) as u8 + 2).into()
    } else {
        Ipv4Addr::new(127, 100 + (i / 256) as u8, (i % 256) as u8, 2).into()
    }
}

/// A player asking for a hint on the standard board every 2 s.
async fn honest_analysis(base: String, seen: Arc<Seen>, stop: Arc<AtomicBool>) {
    let c = client(honest_ip(6));
    while !stop.load(Ordering::Relaxed) {
        let r = c
            .post(format!("{base}/api/analyze"))
            .json(&json!({"rules": {"houses": 6, "seeds": 4}, "position": "<6,1,0,4,4,0,5,5,5,4,4,4,4,4,4> S", "time_ms": 300}))
            .send()
            .await;
        match r {
            Ok(r) if r.status().is_success() => seen.analysis_ok.fetch_add(1, Ordering::Relaxed),
            _ => seen.analysis_refused.fetch_add(1, Ordering::Relaxed),
        };
        tokio::time::sleep(Duration::from_secs(2)).await;
    }
}

/// A new visitor every 500 ms: a fresh connection (no pool) and `GET /api/meta`.
async fn newcomer(base: String, seen: Arc<Seen>, stop: Arc<AtomicBool>) {
    while !stop.load(Ordering::Relaxed) {
        let c = reqwest::Client::builder()
            .local_address(honest_ip(5))
            .pool_max_idle_per_host(0)
            .timeout(Duration::from_secs(2))
            .build()
            .unwrap();
        match c.get(format!("{base}/api/meta")).send().await {
            Ok(r) if r.status().is_success() => seen.fresh_ok.fetch_add(1, Ordering::Relaxed),
            _ => seen.fresh_failed.fetch_add(1, Ordering::Relaxed),
        };
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}

/// A friend game moving every 200 ms and a computer game (club level) answering each move,
/// until `stop`.
async fn honest(base: String, seen: Arc<Seen>, stop: Arc<AtomicBool>) {
    let (a, b) = (client(honest_ip(2)), client(honest_ip(3)));
    while !stop.load(Ordering::Relaxed) {
        let r = a
            .post(format!("{base}/api/games"))
            .json(&json!({"opponent": {"kind": "friend"}, "side": "south", "first": "south"}))
            .send()
            .await;
        let Ok(r) = r else { continue };
        if r.status().is_server_error() {
            seen.honest_5xx.fetch_add(1, Ordering::Relaxed);
        }
        if !r.status().is_success() {
            seen.move_refused.fetch_add(1, Ordering::Relaxed);
            tokio::time::sleep(Duration::from_millis(200)).await;
            continue;
        }
        let Ok(v) = r.json::<Value>().await else {
            continue;
        };
        let id = v["id"].as_str().unwrap_or_default().to_string();
        let tokens = [
            v["token"].as_str().unwrap_or_default().to_string(),
            v["invite_url"]
                .as_str()
                .and_then(|u| u.split("seat=").nth(1))
                .unwrap_or_default()
                .to_string(),
        ];
        // The friend opens the invitation (the host may not move before).
        let _ = b
            .get(format!("{base}/api/games/{id}"))
            .bearer_auth(&tokens[1])
            .send()
            .await;
        let mut g = v["game"].clone();
        while !stop.load(Ordering::Relaxed) && g["status"] == "playing" {
            let mover = usize::from(g["to_move"] == "north");
            let mv = g["legal_moves"][0].as_str().unwrap_or("1").to_string();
            let t = Instant::now();
            let http = if mover == 0 { &a } else { &b };
            let Ok(r) = http
                .post(format!("{base}/api/games/{id}/moves"))
                .bearer_auth(&tokens[mover])
                .json(&json!({"move": mv, "ply": g["ply"]}))
                .send()
                .await
            else {
                break;
            };
            if r.status().is_server_error() {
                seen.honest_5xx.fetch_add(1, Ordering::Relaxed);
            }
            let ok = r.status().is_success();
            let next: Value = r.json().await.unwrap_or(Value::Null);
            if !ok {
                // A refused move is the honest player's failure, not a latency.
                seen.move_refused.fetch_add(1, Ordering::Relaxed);
                tokio::time::sleep(Duration::from_millis(200)).await;
                break;
            }
            seen.move_ms
                .lock()
                .unwrap()
                .push(t.elapsed().as_secs_f64() * 1000.0);
            g = next;
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
}

async fn honest_computer(base: String, seen: Arc<Seen>, stop: Arc<AtomicBool>) {
    let c = client(honest_ip(4));
    while !stop.load(Ordering::Relaxed) {
        let Ok(r) = c
            .post(format!("{base}/api/games"))
            .json(&json!({"opponent": {"kind": "computer", "level": "club"}, "side": "south", "first": "south"}))
            .send()
            .await
        else {
            continue;
        };
        if r.status().is_server_error() {
            seen.honest_5xx.fetch_add(1, Ordering::Relaxed);
            tokio::time::sleep(Duration::from_millis(500)).await;
            continue;
        }
        let Ok(v) = r.json::<Value>().await else {
            continue;
        };
        let id = v["id"].as_str().unwrap_or_default().to_string();
        let token = v["token"].as_str().unwrap_or_default().to_string();
        let mut g = v["game"].clone();
        while !stop.load(Ordering::Relaxed) && g["status"] == "playing" {
            if g["to_move"] != "south" || g["thinking"] == true {
                tokio::time::sleep(Duration::from_millis(20)).await;
                match c
                    .get(format!("{base}/api/games/{id}"))
                    .bearer_auth(&token)
                    .send()
                    .await
                {
                    Ok(r) => g = r.json().await.unwrap_or(g),
                    Err(_) => break,
                }
                continue;
            }
            let mv = g["legal_moves"][0].as_str().unwrap_or("1").to_string();
            let Ok(r) = c
                .post(format!("{base}/api/games/{id}/moves"))
                .bearer_auth(&token)
                .json(&json!({"move": mv, "ply": g["ply"]}))
                .send()
                .await
            else {
                break;
            };
            if r.status().is_server_error() {
                seen.honest_5xx.fetch_add(1, Ordering::Relaxed);
            }
            let after: Value = r.json().await.unwrap_or(Value::Null);
            if after["status"] != "playing" {
                break;
            }
            // Time until the computer has answered (South to move again).
            let t = Instant::now();
            let mut cur = after;
            while !stop.load(Ordering::Relaxed)
                && cur["status"] == "playing"
                && (cur["to_move"] != "south" || cur["thinking"] == true)
            {
                tokio::time::sleep(Duration::from_millis(20)).await;
                match c
                    .get(format!("{base}/api/games/{id}"))
                    .bearer_auth(&token)
                    .send()
                    .await
                {
                    Ok(r) => cur = r.json().await.unwrap_or(cur),
                    Err(_) => break,
                }
            }
            seen.computer_ms
                .lock()
                .unwrap()
                .push(t.elapsed().as_secs_f64() * 1000.0);
            g = cur;
        }
    }
}

fn count(seen: &Seen, status: reqwest::StatusCode) {
    if matches!(status.as_u16(), 429 | 413 | 503) {
        seen.attacker_refused.fetch_add(1, Ordering::Relaxed);
    } else if status.is_server_error() {
        seen.attacker_5xx.fetch_add(1, Ordering::Relaxed);
    }
}

/// A legal record near the size limits: Kalah(12,12) random play, at most 16 KiB.
fn big_record() -> String {
    let rules: Rules = "houses=12 seeds=12".parse().unwrap();
    let mut game = Game::new(Position::start(rules, Side::South));
    let mut x = 7u64;
    let mut record = game.to_record();
    while game.position().outcome().is_none() {
        let moves = game.position().legal_moves();
        x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
        let m = moves[(x >> 33) as usize % moves.len()];
        game.play(m).unwrap();
        let next = game.to_record();
        if next.len() > 16 * 1024 - 64 || game.moves().len() > 1990 {
            break;
        }
        record = next;
    }
    record
}

async fn attack(
    name: &str,
    server: &Server,
    o: &Opts,
    seen: Arc<Seen>,
    stop: Arc<AtomicBool>,
) -> Vec<Box<dyn std::any::Any + Send>> {
    let base = server.base.as_str();
    let mut keep: Vec<Box<dyn std::any::Any + Send>> = Vec::new();
    let host: SocketAddr = base.trim_start_matches("http://").parse().unwrap();
    let kgp = SocketAddr::new(server_ip(), server.kgp);
    let addrs: Vec<IpAddr> = (0..o.addresses)
        .map(|i| spread(i, o.same_network))
        .collect();
    match name {
        // No attacker: the honest players alone, the baseline the others are measured against.
        "none" => {}
        // Four loops posting the largest record the server accepts.
        "parse" => {
            let record = Arc::new(big_record());
            for _ in 0..4 {
                let (c, base, seen, stop, record) = (
                    client(attacker(0)),
                    base.to_string(),
                    seen.clone(),
                    stop.clone(),
                    record.clone(),
                );
                tokio::spawn(async move {
                    while !stop.load(Ordering::Relaxed) {
                        if let Ok(r) = c
                            .post(format!("{base}/api/records/parse"))
                            .json(&json!({"record": *record}))
                            .send()
                            .await
                        {
                            count(&seen, r.status());
                            let _ = r.bytes().await;
                        }
                    }
                });
            }
        }
        // Games created as fast as the server answers, half of them against the strongest
        // timed computer level, by 8 loops from one address.
        "create" => {
            for _ in 0..8 {
                let (c, base, seen, stop) = (
                    client(attacker(0)),
                    base.to_string(),
                    seen.clone(),
                    stop.clone(),
                );
                tokio::spawn(async move {
                    let mut n = 0u64;
                    while !stop.load(Ordering::Relaxed) {
                        n += 1;
                        let kind = if n.is_multiple_of(2) {
                            json!({"kind": "computer", "level": "perfect"})
                        } else {
                            json!({"kind": "friend"})
                        };
                        match c
                            .post(format!("{base}/api/games"))
                            .json(&json!({"opponent": kind, "side": "north", "first": "south"}))
                            .send()
                            .await
                        {
                            Ok(r) => {
                                count(&seen, r.status());
                                if r.status().as_u16() == 429 {
                                    tokio::time::sleep(Duration::from_millis(100)).await;
                                }
                            }
                            Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
                        }
                    }
                });
            }
        }
        // 4,000 connections that send nothing, from 20 addresses (idle-1024: against a server
        // whose open-file limit is 1,024).
        "idle" | "idle-1024" => {
            let mut socks = Vec::new();
            for i in 0..4000 {
                let s = socket_for(attacker(i % 20)).unwrap();
                if s.bind(SocketAddr::new(attacker(i % 20), 0)).is_err() {
                    continue;
                }
                if let Ok(Ok(t)) =
                    tokio::time::timeout(Duration::from_millis(200), s.connect(host)).await
                {
                    socks.push(t);
                }
            }
            keep.push(Box::new(socks));
        }
        // Spectators of one long game: from one address, then from 40.
        "watchers" => {
            let c = client(attacker(0));
            let v: Value = c
                .post(format!("{base}/api/games"))
                .json(&json!({"opponent": {"kind": "local"}, "rules": {"houses": 12, "seeds": 12}}))
                .send()
                .await
                .unwrap()
                .json()
                .await
                .unwrap_or(Value::Null);
            let (id, token) = (
                v["id"].as_str().unwrap_or("").to_string(),
                v["token"].as_str().unwrap_or("").to_string(),
            );
            let mut sockets = Vec::new();
            for i in 0..400 {
                let s = socket_for(attacker(i / 10)).unwrap();
                s.bind(SocketAddr::new(attacker(i / 10), 0)).unwrap();
                let Ok(tcp) = s.connect(host).await else {
                    continue;
                };
                let url = format!("ws://{host}/api/games/{id}/ws");
                match tokio_tungstenite::client_async(url, MaybeTlsStream::Plain(tcp)).await {
                    Ok((ws, _)) => sockets.push(ws),
                    Err(tokio_tungstenite::tungstenite::Error::Http(r)) => count(
                        &seen,
                        reqwest::StatusCode::from_u16(r.status().as_u16()).unwrap(),
                    ),
                    Err(_) => {}
                }
            }
            // The game moves on (a local game moves both sides), growing its state.
            let (base, seen2, stop2) = (base.to_string(), seen.clone(), stop.clone());
            tokio::spawn(async move {
                let mut g: Value = v["game"].clone();
                while !stop2.load(Ordering::Relaxed) && g["status"] == "playing" {
                    let mv = g["legal_moves"][0].as_str().unwrap_or("1").to_string();
                    match c
                        .post(format!("{base}/api/games/{id}/moves"))
                        .bearer_auth(&token)
                        .json(&json!({"move": mv, "ply": g["ply"]}))
                        .send()
                        .await
                    {
                        Ok(r) => {
                            count(&seen2, r.status());
                            g = r.json().await.unwrap_or(Value::Null);
                        }
                        Err(_) => break,
                    }
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
            });
            // Half the watchers read, half never do.
            let (readers, idle): (Vec<_>, Vec<_>) = sockets
                .into_iter()
                .enumerate()
                .partition(|(i, _)| i % 2 == 0);
            for (_, mut ws) in readers {
                let stop = stop.clone();
                tokio::spawn(async move {
                    while !stop.load(Ordering::Relaxed) {
                        if ws.next().await.is_none() {
                            break;
                        }
                    }
                });
            }
            keep.push(Box::new(idle));
        }
        // Analyses of mid-game positions with the longest thinking time, 8 at once from one
        // address.
        "analysis" => {
            for _ in 0..8 {
                let (c, base, seen, stop) = (
                    client(attacker(0)),
                    base.to_string(),
                    seen.clone(),
                    stop.clone(),
                );
                tokio::spawn(async move {
                    while !stop.load(Ordering::Relaxed) {
                        match c
                            .post(format!("{base}/api/analyze"))
                            .json(&json!({"rules": {"houses": 12, "seeds": 12}, "position": "<12,20,18,12,11,10,9,8,7,12,11,10,9,8,7,12,11,10,9,8,7,12,11,10,9,8,7> S", "time_ms": 5000}))
                            .send()
                            .await
                        {
                            Ok(r) => count(&seen, r.status()),
                            Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
                        }
                    }
                });
            }
        }
        // 30 WebSockets that ask for the whole state again and again and never read.
        "slow" => {
            let c = client(attacker(0));
            let v: Value = c
                .post(format!("{base}/api/games"))
                .json(&json!({"opponent": {"kind": "friend"}}))
                .send()
                .await
                .unwrap()
                .json()
                .await
                .unwrap_or(Value::Null);
            let id = v["id"].as_str().unwrap_or("").to_string();
            for i in 0..30 {
                let s = socket_for(attacker(i)).unwrap();
                s.bind(SocketAddr::new(attacker(i), 0)).unwrap();
                let Ok(tcp) = s.connect(host).await else {
                    continue;
                };
                let url = format!("ws://{host}/api/games/{id}/ws");
                if let Ok((mut ws, _)) =
                    tokio_tungstenite::client_async(url, MaybeTlsStream::Plain(tcp)).await
                {
                    let stop = stop.clone();
                    tokio::spawn(async move {
                        while !stop.load(Ordering::Relaxed) {
                            if ws
                                .send(tokio_tungstenite::tungstenite::Message::Text(
                                    r#"{"type":"state"}"#.into(),
                                ))
                                .await
                                .is_err()
                            {
                                break;
                            }
                        }
                    });
                }
            }
        }
        // Issue 36: slowloris from every address: 4,400 connections in all, each sending a
        // request head one byte a second and opened again when closed.
        "slowloris" => {
            let per = 4400usize.div_ceil(addrs.len());
            for &ip in &addrs {
                for _ in 0..per {
                    let stop = stop.clone();
                    tokio::spawn(async move {
                        use tokio::io::AsyncWriteExt;
                        while !stop.load(Ordering::Relaxed) {
                            let Ok(s) = socket_for(ip) else {
                                return;
                            };
                            if s.bind(SocketAddr::new(ip, 0)).is_err() {
                                return;
                            }
                            let Ok(mut t) = s.connect(host).await else {
                                tokio::time::sleep(Duration::from_millis(500)).await;
                                continue;
                            };
                            if t.write_all(b"GET /api/meta HTTP/1.1\r\nX-Slow: ")
                                .await
                                .is_err()
                            {
                                continue;
                            }
                            while !stop.load(Ordering::Relaxed) {
                                tokio::time::sleep(Duration::from_secs(1)).await;
                                if t.write_all(b"a").await.is_err() {
                                    break;
                                }
                            }
                        }
                    });
                }
            }
        }
        // Issue 36: every address creates games against the strongest level as fast as its
        // budget allows, the computer moving first in each (a search per game).
        "computer" => {
            for &ip in &addrs {
                let (c, base, seen, stop) =
                    (client(ip), base.to_string(), seen.clone(), stop.clone());
                tokio::spawn(async move {
                    while !stop.load(Ordering::Relaxed) {
                        match c
                            .post(format!("{base}/api/games"))
                            .json(&json!({"opponent": {"kind": "computer", "level": "perfect"}, "side": "north", "first": "south"}))
                            .send()
                            .await
                        {
                            Ok(r) => {
                                count(&seen, r.status());
                                if !r.status().is_success() {
                                    tokio::time::sleep(Duration::from_millis(200)).await;
                                }
                            }
                            Err(_) => tokio::time::sleep(Duration::from_millis(200)).await,
                        }
                    }
                });
            }
        }
        // Issue 36: every address asks for two analyses at a time (its share) of the largest
        // board with the longest thinking time.
        "hints" => {
            for &ip in &addrs {
                for _ in 0..2 {
                    let (c, base, seen, stop) =
                        (client(ip), base.to_string(), seen.clone(), stop.clone());
                    tokio::spawn(async move {
                        while !stop.load(Ordering::Relaxed) {
                            match c
                                .post(format!("{base}/api/analyze"))
                                .json(&json!({"rules": {"houses": 12, "seeds": 12}, "position": "<12,20,18,12,11,10,9,8,7,12,11,10,9,8,7,12,11,10,9,8,7,12,11,10,9,8,7> S", "time_ms": 5000}))
                                .send()
                                .await
                            {
                                Ok(r) => {
                                    count(&seen, r.status());
                                    if !r.status().is_success() {
                                        tokio::time::sleep(Duration::from_millis(200)).await;
                                    }
                                }
                                Err(_) => tokio::time::sleep(Duration::from_millis(200)).await,
                            }
                        }
                    });
                }
            }
        }
        // Issue 36: KGP connections from every address up to its cap (2,400 in all, more
        // than the server's 2,048), half of them silent, half sending a line a byte a second
        // that never ends; each is opened again when closed.
        "kgp" => {
            let per = 2400usize.div_ceil(addrs.len()).min(64);
            for &ip in &addrs {
                for j in 0..per {
                    let stop = stop.clone();
                    tokio::spawn(async move {
                        use tokio::io::{AsyncReadExt, AsyncWriteExt};
                        while !stop.load(Ordering::Relaxed) {
                            let Ok(s) = socket_for(ip) else {
                                return;
                            };
                            if s.bind(SocketAddr::new(ip, 0)).is_err() {
                                return;
                            }
                            let Ok(t) = s.connect(kgp).await else {
                                tokio::time::sleep(Duration::from_millis(500)).await;
                                continue;
                            };
                            let (mut r, mut w) = t.into_split();
                            let reader = tokio::spawn(async move {
                                let mut buf = [0u8; 1024];
                                while let Ok(n) = r.read(&mut buf).await {
                                    if n == 0 {
                                        break;
                                    }
                                }
                            });
                            while !stop.load(Ordering::Relaxed) && !reader.is_finished() {
                                tokio::time::sleep(Duration::from_secs(1)).await;
                                if j % 2 == 1 && w.write_all(b"m").await.is_err() {
                                    break;
                                }
                            }
                            reader.abort();
                        }
                    });
                }
            }
        }
        // Issue 36: wrong log-ins from every address as fast as answered (each checks a
        // password: 19 MiB and tens of milliseconds of Argon2id).
        "login" => {
            for &ip in &addrs {
                let (c, base, seen, stop) =
                    (client(ip), base.to_string(), seen.clone(), stop.clone());
                tokio::spawn(async move {
                    while !stop.load(Ordering::Relaxed) {
                        match c
                            .post(format!("{base}/api/session/login"))
                            .json(&json!({"name": "victim", "password": "not the password"}))
                            .send()
                            .await
                        {
                            Ok(r) => count(&seen, r.status()),
                            Err(_) => tokio::time::sleep(Duration::from_millis(200)).await,
                        }
                    }
                });
            }
        }
        // Issue 36: every address brings guests, each with a lobby socket and 3 seeks (the
        // most a player may have), until refused: the 1,000-seek list full from many networks.
        // `lobby` adds 24 sockets an address (3 guests, 8 sockets each) watching that full
        // list, every other one never reading: the memory a socket costs.
        "seeks" | "lobby" => {
            let watch = name == "lobby";
            for &ip in &addrs {
                let (base, seen, stop) = (base.to_string(), seen.clone(), stop.clone());
                tokio::spawn(async move {
                    let mut held = Vec::new();
                    let mut guests = 0;
                    while !stop.load(Ordering::Relaxed) && guests < 12 {
                        match lobby_guest(&base, ip).await {
                            Ok((mut ws, _, cookie)) => {
                                guests += 1;
                                for tc in ["3+2", "5+3", "10+5"] {
                                    let _ = ws.send(text(json!({"type": "seek", "rules": "kalah-6-4", "time_control": tc, "rated": false}))).await;
                                }
                                held.push(ws);
                                if watch && guests <= 3 {
                                    for k in 0..8 {
                                        let Ok(mut w) = lobby_socket(&base, ip, &cookie).await
                                        else {
                                            break;
                                        };
                                        let _ = w
                                            .send(text(json!({"type": "watch_seeks", "on": true})))
                                            .await;
                                        if k % 2 == 0 {
                                            let stop = stop.clone();
                                            tokio::spawn(async move {
                                                while !stop.load(Ordering::Relaxed) {
                                                    if w.next().await.is_none() {
                                                        break;
                                                    }
                                                }
                                            });
                                        } else {
                                            held.push(w);
                                        }
                                    }
                                }
                            }
                            Err(status) => {
                                count(&seen, status);
                                tokio::time::sleep(Duration::from_millis(500)).await;
                            }
                        }
                    }
                    while !stop.load(Ordering::Relaxed) {
                        tokio::time::sleep(Duration::from_millis(200)).await;
                    }
                    drop(held);
                });
            }
        }
        // Issue 36: every address brings guests (4 at most) that challenge the honest player
        // again and again, each keeping its challenges waiting.
        "challenges" => {
            let mut victim = None;
            for _ in 0..100 {
                if let Some(v) = seen.victim.get() {
                    victim = Some(v.clone());
                    break;
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            let victim = victim.expect("the honest lobby player is there");
            for &ip in &addrs {
                let (base, seen, stop, victim) =
                    (base.to_string(), seen.clone(), stop.clone(), victim.clone());
                tokio::spawn(async move {
                    let mut held = Vec::new();
                    while !stop.load(Ordering::Relaxed) {
                        if held.len() < 4 {
                            match lobby_guest(&base, ip).await {
                                Ok((ws, _, _)) => held.push(ws),
                                Err(status) => count(&seen, status),
                            }
                        }
                        for ws in &mut held {
                            let _ = ws.send(text(json!({"type": "challenge", "to": victim, "rules": "kalah-6-4", "time_control": "3+2", "rated": false}))).await;
                        }
                        tokio::time::sleep(Duration::from_millis(500)).await;
                    }
                });
            }
        }
        other => panic!("no scenario {other}"),
    }
    keep
}

/// Builds the Kalah(6,4) database of 21 seeds into `--egdb` unless it is there.
fn ensure_egdb(o: &Opts) {
    let store = o.egdb.join("egdb");
    let built = std::fs::read_dir(&store).is_ok_and(|mut d| d.next().is_some());
    if built {
        return;
    }
    println!(
        "building the Kalah(6,4) endgame database into {} (once)",
        o.egdb.display()
    );
    let ok = Command::new(&o.bin)
        .args(["egdb", "build", "--max-seeds", "21"])
        .env("KALAH_DATA", &o.egdb)
        .status()
        .is_ok_and(|s| s.success());
    assert!(ok, "kalah egdb build failed");
}

/// Games from 100 addresses (30 each, their whole creation budget), the computer's move due
/// in each, then `kill -9` and a restart on the same data: the honest players' figures that
/// follow are measured from the restart on.
async fn restart_attack(server: &mut Server, seen: &Seen) -> String {
    let base = server.base.clone();
    let made = Arc::new(AtomicU64::new(0));
    let mut tasks = Vec::new();
    for i in 0..100 {
        let (c, base, made) = (client(attacker(i)), base.clone(), made.clone());
        tasks.push(tokio::spawn(async move {
            for _ in 0..30 {
                let Ok(r) = c
                    .post(format!("{base}/api/games"))
                    .json(&json!({"opponent": {"kind": "computer", "level": "perfect"}, "side": "south", "first": "south"}))
                    .send()
                    .await
                else {
                    continue;
                };
                let Ok(v) = r.json::<Value>().await else { continue };
                let (id, token) = (v["id"].as_str().unwrap_or(""), v["token"].as_str().unwrap_or(""));
                if let Ok(r) = c
                    .post(format!("{base}/api/games/{id}/moves"))
                    .bearer_auth(token)
                    .json(&json!({"move": "1", "ply": 0}))
                    .send()
                    .await
                {
                    if r.status().is_success() {
                        made.fetch_add(1, Ordering::Relaxed);
                    }
                }
            }
        }));
    }
    for t in tasks {
        let _ = t.await;
    }
    let due = made.load(Ordering::Relaxed);
    let back_ms = server.restart();
    seen.move_ms.lock().unwrap().clear();
    seen.computer_ms.lock().unwrap().clear();
    tokio::time::sleep(Duration::from_millis(500)).await;
    format!(
        "restart: {due} games with the computer's move due at `kill -9`; accepting again {back_ms:.0} ms after; RSS 0.5 s later {:.0} MB",
        server.rss_mb()
    )
}

fn pct(v: &mut [f64], p: f64) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(f64::total_cmp);
    v[((v.len() - 1) as f64 * p).round() as usize]
}

/// The honest side's runtime, a thread of its own: as on a machine of its own, its requests
/// never wait behind the attackers' thousands of tasks in this process, so its timings are
/// the server's.
fn honest_rt() -> &'static tokio::runtime::Runtime {
    static RT: std::sync::OnceLock<tokio::runtime::Runtime> = std::sync::OnceLock::new();
    RT.get_or_init(|| {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .thread_name("honest")
            .enable_all()
            .build()
            .expect("cannot start the honest side's runtime")
    })
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let o = opts();
    let _ = IPV6.set(o.ipv6);
    let _v6 = o.ipv6.then(|| V6Addresses::add(&o));
    // The attackers' thousands of connections are this process's files too.
    let _ = rlimit::increase_nofile_limit(u64::MAX);
    println!(
        "abuse suite: {} against {}, {} s a scenario, issue 36's scenarios from {} addresses ({})",
        o.only.join(","),
        o.bin,
        o.seconds,
        o.addresses,
        if o.ipv6 {
            "one IPv6 /64"
        } else if o.same_network {
            "one /24"
        } else {
            "a /24 each"
        }
    );
    ensure_egdb(&o);
    println!("| scenario | honest moves / refused | move p50 / p99 / max (ms) | computer reply max (ms) | honest 5xx | attacker 5xx | attacker refused (429/413/503) | newcomers answered / not | hints answered / not | bots greeted / not | seeks accepted / not | challenges accepted / not | RSS start / warm / peak / after (MB) | anonymous warm / peak / after (MB) |");
    println!("| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |");
    let mut notes = Vec::new();
    for name in &o.only {
        let nofile = (name == "idle-1024").then_some(1024);
        let mut server = Server::start(&o.bin, &o.egdb, nofile);
        tokio::time::sleep(Duration::from_millis(500)).await;
        let start = server.rss_mb();
        let seen = Arc::new(Seen::default());
        let stop = Arc::new(AtomicBool::new(false));
        let h1 = honest_rt().spawn(honest(server.base.clone(), seen.clone(), stop.clone()));
        let h2 = honest_rt().spawn(honest_computer(
            server.base.clone(),
            seen.clone(),
            stop.clone(),
        ));
        tokio::time::sleep(Duration::from_secs(3)).await;
        let idle = server.rss_mb();
        let anon_idle = server.anon_mb();
        let attack_stop = Arc::new(AtomicBool::new(false));
        let h3 = honest_rt().spawn(newcomer(
            server.base.clone(),
            seen.clone(),
            attack_stop.clone(),
        ));
        let h4 = honest_rt().spawn(honest_analysis(
            server.base.clone(),
            seen.clone(),
            attack_stop.clone(),
        ));
        let h5 = honest_rt().spawn(honest_bot(
            SocketAddr::new(server_ip(), server.kgp),
            seen.clone(),
            attack_stop.clone(),
        ));
        let h6 = honest_rt().spawn(honest_lobby(
            server.base.clone(),
            seen.clone(),
            attack_stop.clone(),
        ));
        let h7 = honest_rt().spawn(honest_watcher(
            server.base.clone(),
            seen.clone(),
            attack_stop.clone(),
        ));
        let kept = if name == "restart" {
            let note = restart_attack(&mut server, &seen).await;
            notes.push(note);
            Vec::new()
        } else {
            attack(name, &server, &o, seen.clone(), attack_stop.clone()).await
        };
        let mut peak = idle;
        let mut anon_peak = anon_idle;
        let end = Instant::now() + Duration::from_secs(o.seconds);
        while Instant::now() < end {
            tokio::time::sleep(Duration::from_millis(250)).await;
            peak = peak.max(server.rss_mb());
            anon_peak = anon_peak.max(server.anon_mb());
        }
        attack_stop.store(true, Ordering::Relaxed);
        drop(kept);
        stop.store(true, Ordering::Relaxed);
        let _ = tokio::time::timeout(Duration::from_secs(35), async {
            let _ = h1.await;
            let _ = h2.await;
            let _ = h3.await;
            let _ = h4.await;
            let _ = h5.await;
            let _ = h6.await;
            let _ = h7.await;
        })
        .await;
        // Give the server its eviction round (every 30 s) to let go of what it held.
        tokio::time::sleep(Duration::from_secs(35)).await;
        let after = server.rss_mb();
        let anon_after = server.anon_mb();
        if matches!(name.as_str(), "seeks" | "lobby") {
            notes.push(format!(
                "{name}: the honest watcher saw at most {} seeks open at once",
                seen.list_max.load(Ordering::Relaxed)
            ));
        }
        let mut moves = seen.move_ms.lock().unwrap().clone();
        let mut comp = seen.computer_ms.lock().unwrap().clone();
        println!(
            "| {name} | {} / {} | {:.1} / {:.1} / {:.1} | {:.0} | {} | {} | {} | {} / {} | {} / {} | {} / {} | {} / {} | {} / {} | {start:.0} / {idle:.0} / {peak:.0} / {after:.0} | {anon_idle:.0} / {anon_peak:.0} / {anon_after:.0} |",
            moves.len(),
            seen.move_refused.load(Ordering::Relaxed),
            pct(&mut moves, 0.5),
            pct(&mut moves, 0.99),
            pct(&mut moves, 1.0),
            pct(&mut comp, 1.0),
            seen.honest_5xx.load(Ordering::Relaxed),
            seen.attacker_5xx.load(Ordering::Relaxed),
            seen.attacker_refused.load(Ordering::Relaxed),
            seen.fresh_ok.load(Ordering::Relaxed),
            seen.fresh_failed.load(Ordering::Relaxed),
            seen.analysis_ok.load(Ordering::Relaxed),
            seen.analysis_refused.load(Ordering::Relaxed),
            seen.bot_ok.load(Ordering::Relaxed),
            seen.bot_refused.load(Ordering::Relaxed),
            seen.seek_ok.load(Ordering::Relaxed),
            seen.seek_failed.load(Ordering::Relaxed),
            seen.challenge_ok.load(Ordering::Relaxed),
            seen.challenge_failed.load(Ordering::Relaxed),
        );
    }
    for n in notes {
        println!("\n{n}");
    }
}
