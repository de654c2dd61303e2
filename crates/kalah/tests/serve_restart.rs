//! `kalah serve` survives `kill -9`: moves made over HTTP are all there after a restart on the
//! same data, the game goes on, and a computer that was to move moves after the restart.

mod common;

use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A running `kalah serve`, killed when dropped.
struct Server {
    child: Child,
    addr: String,
}

impl Server {
    fn start(data: &Path) -> Server {
        Server::start_on(data, None)
    }

    /// On the SQLite file in `data`, or on the PostgreSQL database `database`.
    fn start_on(data: &Path, database: Option<&str>) -> Server {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_kalah"));
        cmd.args(["serve", "--addr", "127.0.0.1:0", "--data"])
            .arg(data);
        if let Some(url) = database {
            cmd.args(["--database", url]);
        }
        let mut child = cmd
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start kalah serve");
        let addr = common::serve_addr(&mut child);
        Server { child, addr }
    }

    /// SIGKILL: no shutdown code runs.
    fn kill_9(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    /// A request with a JSON body; answers the status and the JSON answer.
    fn call(
        &self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> (u16, Value) {
        let mut s = TcpStream::connect(&self.addr).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        let body = body.map(|b| b.to_string()).unwrap_or_default();
        let auth = token
            .map(|t| format!("Authorization: Bearer {t}\r\n"))
            .unwrap_or_default();
        write!(
            s,
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n{auth}Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            self.addr,
            body.len()
        )
        .unwrap();
        let mut text = String::new();
        s.read_to_string(&mut text).unwrap();
        let status = text[9..12].parse().unwrap();
        let json = text.split_once("\r\n\r\n").map(|(_, b)| b).unwrap_or("");
        (status, serde_json::from_str(json).unwrap_or(Value::Null))
    }

    fn game(&self, id: &str) -> Value {
        let (status, g) = self.call("GET", &format!("/api/games/{id}"), None, None);
        assert_eq!(status, 200, "{g}");
        g
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

struct TempDir(PathBuf);
impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn play(s: &Server, id: &str, token: &str, mv: &str, ply: u64) -> Value {
    let (status, g) = s.call(
        "POST",
        &format!("/api/games/{id}/moves"),
        Some(token),
        Some(json!({"move": mv, "ply": ply})),
    );
    assert_eq!(status, 200, "{g}");
    g
}

/// A new friend game on 3+2, South to move first: its id and the two seats' tokens.
fn friend_game_on_a_clock(server: &Server) -> (String, String, String) {
    let (status, created) = server.call(
        "POST",
        "/api/games",
        None,
        Some(
            json!({"opponent": {"kind": "friend"}, "side": "south", "first": "south",
                    "time_control": "3+2"}),
        ),
    );
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let south = created["token"].as_str().unwrap().to_string();
    let north = created["invite_url"]
        .as_str()
        .unwrap()
        .split("seat=")
        .nth(1)
        .unwrap()
        .to_string();
    open(server, &id, &north);
    (id, south, north)
}

/// The friend opens the game with their token (the host waits for it before the first move).
fn open(server: &Server, id: &str, token: &str) {
    let (status, g) = server.call("GET", &format!("/api/games/{id}"), Some(token), None);
    assert_eq!(status, 200, "{g}");
}

fn wait_until(s: &Server, id: &str, done: impl Fn(&Value) -> bool) -> Value {
    let start = Instant::now();
    loop {
        let g = s.game(id);
        if done(&g) {
            return g;
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "gave up waiting: {g}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn serve_loses_nothing_on_kill_9_and_games_go_on() {
    let dir =
        TempDir(std::env::temp_dir().join(format!("kalah-serve-restart-{}", std::process::id())));
    let data = dir.0.join("data");
    let server = Server::start(&data);
    assert!(
        data.join("games.db").exists(),
        "the data directory is created on first start"
    );

    // A friend game with a few moves from both seats.
    let (status, created) = server.call(
        "POST",
        "/api/games",
        None,
        Some(json!({"opponent": {"kind": "friend"}, "side": "south", "first": "south"})),
    );
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let south = created["token"].as_str().unwrap().to_string();
    let north = created["invite_url"]
        .as_str()
        .unwrap()
        .split("seat=")
        .nth(1)
        .unwrap()
        .to_string();
    open(&server, &id, &north);
    play(&server, &id, &south, "3", 0);
    play(&server, &id, &south, "6", 1);
    play(&server, &id, &north, "1", 2);
    let before = play(&server, &id, &south, "1", 3);

    // A computer game killed while the computer thinks (the top level thinks for seconds).
    let (status, c) = server.call(
        "POST",
        "/api/games",
        None,
        Some(json!({"opponent": {"kind": "computer", "level": "perfect"}, "side": "south", "first": "south"})),
    );
    assert_eq!(status, 201, "{c}");
    let cid = c["id"].as_str().unwrap().to_string();
    let g = play(&server, &cid, c["token"].as_str().unwrap(), "1", 0);
    assert_eq!(g["thinking"], true);
    server.kill_9();

    let server = Server::start(&data);
    let after = server.game(&id);
    for key in ["position", "moves", "to_move", "ply", "history"] {
        assert_eq!(after[key], before[key], "{key}");
    }
    // The game goes on with the same tokens.
    assert_eq!(after["to_move"], "north");
    let mv = after["legal_moves"][0].as_str().unwrap();
    let g = play(&server, &id, &north, mv, 4);
    assert_eq!(g["ply"], 5);
    let (status, _) = server.call(
        "POST",
        &format!("/api/games/{id}/moves"),
        Some(&north),
        Some(json!({"move": mv, "ply": 4})),
    );
    assert_eq!(status, 409);
    // The computer moves after the restart.
    let g = wait_until(&server, &cid, |g| g["ply"].as_u64() > Some(1));
    assert_eq!(g["moves"][0], "1");
    assert_eq!(g["history"][1]["mover"], "north");
    server.kill_9();
}

#[test]
fn a_clock_survives_kill_9_and_resumes_from_the_last_move() {
    let dir =
        TempDir(std::env::temp_dir().join(format!("kalah-serve-clock-{}", std::process::id())));
    let data = dir.0.join("data");
    let server = Server::start(&data);
    let (id, south, north) = friend_game_on_a_clock(&server);
    play(&server, &id, &south, "1", 0);
    play(&server, &id, &north, "1", 1);
    let before = play(&server, &id, &south, "3", 2);
    let south_left = before["clock"]["south"].as_i64().unwrap();
    assert!(south_left > 170_000 && south_left <= 184_000, "{before}");
    // North's clock runs from South's move (the answer shows it as of a moment later).
    let north_before = before["clock"]["north"].as_i64().unwrap();
    assert!(
        north_before <= 182_000 && north_before > 180_000,
        "{before}"
    );
    server.kill_9();

    let server = Server::start(&data);
    let after = server.game(&id);
    assert_eq!(after["status"], "playing");
    assert_eq!(after["time_control"], "3+2");
    assert_eq!(after["clock"]["running"], "north");
    // South's time is as stored with South's move; North's runs again from the restart.
    assert_eq!(after["clock"]["south"], south_left);
    let north_left = after["clock"]["north"].as_i64().unwrap();
    assert!(north_left <= 182_000 && north_left > 172_000, "{after}");
    play(&server, &id, &north, "2", 3);
    server.kill_9();
}

/// A friend game on 3+2: South moves, then the server is killed with `kill -9` and started
/// again `down` later, within the 8 s in which its silent heartbeat still looks alive (the
/// shipped systemd unit restarts after 2 s). North, whose clock was running, is charged for
/// none of the time the server was down: at most for the time since the new process began.
fn a_quick_restart_after_kill_9_charges_nobody(down: Duration, database: Option<&str>) {
    let dir = TempDir(std::env::temp_dir().join(format!(
        "kalah-serve-quick-{}-{}-{}",
        std::process::id(),
        down.as_millis(),
        database.is_some()
    )));
    let data = dir.0.join("data");
    let server = Server::start_on(&data, database);
    let (id, south, north) = friend_game_on_a_clock(&server);
    play(&server, &id, &south, "1", 0);
    play(&server, &id, &north, "1", 1);
    let before = play(&server, &id, &south, "3", 2);
    let north_before = before["clock"]["north"].as_i64().unwrap();
    server.kill_9();
    std::thread::sleep(down);

    let restarted = Instant::now();
    let server = Server::start_on(&data, database);
    let after = server.game(&id);
    let since_restart = restarted.elapsed().as_millis() as i64;
    assert_eq!(after["status"], "playing", "{after}");
    assert_eq!(after["clock"]["running"], "north");
    let charged = north_before - after["clock"]["north"].as_i64().unwrap();
    assert!(
        charged <= since_restart + 250,
        "North was charged {charged} ms for a restart {} ms after kill -9 that took \
         {since_restart} ms: {after}",
        down.as_millis()
    );
    play(&server, &id, &north, "2", 3);
    server.kill_9();
}

#[test]
fn a_restart_a_second_after_kill_9_charges_nobody() {
    a_quick_restart_after_kill_9_charges_nobody(Duration::from_secs(1), None);
}

#[test]
fn a_restart_five_seconds_after_kill_9_charges_nobody() {
    a_quick_restart_after_kill_9_charges_nobody(Duration::from_secs(5), None);
}

#[test]
fn a_restart_a_second_after_kill_9_charges_nobody_on_postgres() {
    if kalah_pgtest::available() {
        let url = kalah_pgtest::shared().database();
        a_quick_restart_after_kill_9_charges_nobody(Duration::from_secs(1), Some(&url));
    }
}

#[test]
fn a_restart_five_seconds_after_kill_9_charges_nobody_on_postgres() {
    if kalah_pgtest::available() {
        let url = kalah_pgtest::shared().database();
        a_quick_restart_after_kill_9_charges_nobody(Duration::from_secs(5), Some(&url));
    }
}

/// A new guest's session cookie (`name=value`).
fn guest_cookie(s: &Server) -> String {
    let mut t = TcpStream::connect(&s.addr).unwrap();
    t.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    write!(
        t,
        "POST /api/session/guest HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n",
        s.addr
    )
    .unwrap();
    let mut text = String::new();
    t.read_to_string(&mut text).unwrap();
    assert_eq!(&text[9..12], "201", "{text}");
    text.lines()
        .find_map(|l| {
            l.strip_prefix("set-cookie: ")
                .or_else(|| l.strip_prefix("Set-Cookie: "))
        })
        .and_then(|c| c.split(';').next())
        .unwrap_or_else(|| panic!("no cookie in {text}"))
        .to_string()
}

type Lobby = tungstenite::WebSocket<TcpStream>;

/// A lobby socket of the player whose session is `cookie`.
fn lobby_socket(s: &Server, cookie: &str) -> Lobby {
    use tungstenite::client::IntoClientRequest;
    let tcp = TcpStream::connect(&s.addr).unwrap();
    tcp.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let mut req = format!("ws://{}/api/lobby/ws", s.addr)
        .into_client_request()
        .unwrap();
    req.headers_mut().insert("cookie", cookie.parse().unwrap());
    tungstenite::client(req, tcp).unwrap().0
}

/// The next lobby message of type `kind` (others skipped; an error fails the test).
fn next_of(ws: &mut Lobby, kind: &str) -> Value {
    loop {
        let tungstenite::Message::Text(t) = ws.read().unwrap() else {
            continue;
        };
        let m: Value = serde_json::from_str(&t).unwrap();
        assert_ne!(m["type"], "error", "{m}");
        if m["type"] == kind {
            return m;
        }
    }
}

/// Games the pool paired and announced to their players are on disk when announced: killed
/// right after the announcements, the server has them all after its restart, and the seats
/// it told each player of are theirs. Several pairs join at once, so their pool joins, game
/// creations and announcements share the database thread's batches (group commit).
#[test]
fn games_paired_in_the_pool_survive_kill_9_once_announced() {
    let dir =
        TempDir(std::env::temp_dir().join(format!("kalah-serve-pool-{}", std::process::id())));
    let data = dir.0.join("data");
    let server = Server::start(&data);
    let mut players: Vec<Lobby> = (0..8)
        .map(|_| lobby_socket(&server, &guest_cookie(&server)))
        .collect();
    for ws in &mut players {
        let join = json!({"type": "pool_join", "rules": "kalah-6-4", "time_control": "3+2"});
        ws.send(tungstenite::Message::Text(join.to_string().into()))
            .unwrap();
    }
    let told: Vec<Value> = players.iter_mut().map(|ws| next_of(ws, "game")).collect();
    server.kill_9();

    let server = Server::start(&data);
    let mut seats: std::collections::HashMap<String, Vec<String>> = Default::default();
    for t in &told {
        let id = t["id"].as_str().unwrap();
        let token = t["token"].as_str().unwrap();
        let (status, g) = server.call("GET", &format!("/api/games/{id}"), Some(token), None);
        assert_eq!(status, 200, "{g}");
        assert_eq!(g["status"], "playing", "{g}");
        assert_eq!(g["you"], t["side"], "{g}");
        seats
            .entry(id.to_string())
            .or_default()
            .push(t["side"].as_str().unwrap().to_string());
    }
    assert_eq!(seats.len(), 4, "{seats:?}");
    for (id, mut sides) in seats {
        sides.sort();
        assert_eq!(sides, ["north", "south"], "game {id}");
    }
}
