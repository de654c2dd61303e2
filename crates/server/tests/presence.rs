//! Issue 19: what two servers on one PostgreSQL database share besides the games: a player's
//! socket on either server counts for the game's presence and for claims sent to the other,
//! the Watch list lists the games of both, a bot connected to one is listed on the other and
//! challenged from it, bots waiting alone on the two are paired with each other, and a dead
//! server's presence (and its bot's game) is removed by the living. Manual time (no test
//! waits for a heartbeat to go stale); PostgreSQL only (SQLite runs one server).

mod common;

use axum::http::StatusCode;
use common::ws::{socket, until, Socket};
use common::{seat_of, TestApp};
use futures_util::StreamExt;
use kalah_kgp::Command;
use kalah_server::KgpConfig;
use kalah_storage::Location;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::sync::mpsc;

/// The manual time every server of a test starts at (Unix ms).
const T0: i64 = 1_790_000_000_000;

/// A database of its own for the test, or None (and a note) without PostgreSQL.
fn postgres() -> Option<Location> {
    if !kalah_pgtest::available() {
        eprintln!("skipped: PostgreSQL is not installed (KALAH_SKIP_POSTGRES=1)");
        return None;
    }
    Some(Location::Postgres(kalah_pgtest::shared().database()))
}

struct Server {
    t: TestApp,
    /// `host:port` of its HTTP side.
    addr: String,
    /// Its KGP port.
    kgp: SocketAddr,
}

/// A server over the database at `location`, serving HTTP and KGP on loopback ports; bots
/// wait for a person (no computer level).
async fn server(location: &Location) -> Server {
    let kgp = KgpConfig {
        boards: vec![(6, 4)],
        levels: vec![],
        move_time: Duration::from_millis(300),
        ..KgpConfig::default()
    };
    server_with(location, kgp).await
}

/// [`server`] with the KGP side configured by `kgp`.
async fn server_with(location: &Location, kgp: KgpConfig) -> Server {
    let dir = tempfile::tempdir().unwrap();
    let policy = kalah_server::Policy {
        manual_time: Some(T0),
        kgp,
        ..Default::default()
    };
    let state = kalah_server::open_state_at(dir.path(), Some(location), &policy).unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    tokio::spawn(kalah_server::serve(
        listener,
        state.clone(),
        std::future::pending(),
    ));
    let k = kalah_server::listen("127.0.0.1:0".parse().unwrap()).unwrap();
    let kgp = k.local_addr().unwrap();
    let s = state.clone();
    tokio::spawn(async move { kalah_server::serve_kgp(k, s, std::future::pending()).await });
    let app = kalah_server::app(state.clone());
    Server {
        t: TestApp { dir, state, app },
        addr,
        kgp,
    }
}

/// Closes a socket and waits until its server has seen it go.
async fn leave(mut ws: Socket) {
    ws.close(None).await.unwrap();
    while let Some(Ok(_)) = ws.next().await {}
}

/// A friend game on a clock created through `s`: its id and the seats' tokens.
async fn clocked_game(s: &TestApp) -> (String, String, String) {
    let (id, south, created) = s
        .create(
            json!({"opponent": {"kind": "friend"}, "side": "south", "first": "south",
                       "time_control": "1d"}),
        )
        .await;
    let north = seat_of(&created["invite_url"]);
    s.open_game(&id, &north).await;
    (id, south, north)
}

/// Asks `s` for a claim until its answer's code is not `code` (within 5 s).
async fn claim_until_not(s: &TestApp, id: &str, token: &str, code: &str) -> (StatusCode, Value) {
    let path = format!("/api/games/{id}/claim");
    for _ in 0..250 {
        let (status, r) = s.post(&path, Some(token), json!({})).await;
        if r["code"] != code {
            return (status, r);
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("the claim was still answered {code} after 5 s");
}

fn away(m: &Value, side: &str) -> bool {
    m["type"] == "presence" && !m["away"][side].is_null()
}

/// The ids of `s`'s Watch list, once it lists `id` (within 5 s).
async fn watched(s: &TestApp, id: &str) -> Vec<String> {
    for _ in 0..250 {
        let (status, list) = s.get("/api/watch").await;
        assert_eq!(status, StatusCode::OK, "{list}");
        let ids: Vec<String> = list["games"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["id"].as_str().unwrap().to_string())
            .collect();
        if ids.iter().any(|i| i == id) {
            return ids;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("game {id} not on the Watch list within 5 s");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_players_socket_on_one_server_counts_on_both_and_both_watch_lists_show_the_game() {
    let Some(location) = postgres() else { return };
    let (a, b) = (server(&location).await, server(&location).await);
    let (id, south, north) = clocked_game(&a.t).await;
    // South plays through A; North's only socket is on B.
    let _south_ws = socket(&a.addr, &id, Some(&south)).await;
    let north_ws = socket(&b.addr, &id, Some(&north)).await;
    let (status, r) = a.t.play(&id, &south, "1", 0).await;
    assert_eq!(status, StatusCode::OK, "{r}");

    // Both Watch lists list the game, and a game of B is on A's list.
    watched(&a.t, &id).await;
    watched(&b.t, &id).await;
    let (other, other_south, _) = clocked_game(&b.t).await;
    let (status, r) = b.t.play(&other, &other_south, "2", 0).await;
    assert_eq!(status, StatusCode::OK, "{r}");
    let on_a = watched(&a.t, &other).await;
    assert!(on_a.contains(&id), "{on_a:?}");

    // A has no socket of North's, yet North counts as present there.
    let mut spectator_a = socket(&a.addr, &id, None).await;
    let mut spectator_b = socket(&b.addr, &id, None).await;
    for ws in [&mut spectator_a, &mut spectator_b] {
        let p = until(ws, "the presence", |m| m["type"] == "presence").await;
        assert_eq!(p["away"], json!({"south": null, "north": null}), "{p}");
    }
    let (status, r) =
        a.t.post(&format!("/api/games/{id}/claim"), Some(&south), json!({}))
            .await;
    assert_eq!(
        (status, &r["code"]),
        (StatusCode::CONFLICT, &json!("opponent_connected")),
        "{r}"
    );

    // North leaves B: the spectators of both servers see it.
    leave(north_ws).await;
    for ws in [&mut spectator_a, &mut spectator_b] {
        let p = until(ws, "North away", |m| away(m, "north")).await;
        assert!(p["away"]["south"].is_null(), "{p}");
        assert_eq!(p["away"]["north"]["claim_in_ms"], 60_000, "{p}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_claim_sent_to_one_server_waits_for_the_opponent_on_the_other() {
    let Some(location) = postgres() else { return };
    let (a, b) = (server(&location).await, server(&location).await);
    let (id, south, north) = clocked_game(&a.t).await;
    let _south_ws = socket(&b.addr, &id, Some(&south)).await;
    let north_ws = socket(&a.addr, &id, Some(&north)).await;
    let path = format!("/api/games/{id}/claim");
    let (status, r) = b.t.post(&path, Some(&south), json!({})).await;
    assert_eq!(
        (status, &r["code"]),
        (StatusCode::CONFLICT, &json!("opponent_connected")),
        "North's socket on A counts on B: {r}"
    );
    leave(north_ws).await;
    let (status, r) = claim_until_not(&b.t, &id, &south, "opponent_connected").await;
    assert_eq!(
        (status, &r["code"]),
        (StatusCode::CONFLICT, &json!("too_early")),
        "{r}"
    );
    b.t.state.advance_time(b.t.state.claim_grace_ms());
    let (status, r) = b.t.post(&path, Some(&south), json!({})).await;
    assert_eq!(status, StatusCode::OK, "{r}");
    assert_eq!(r["status"], "abandoned", "{r}");
    assert_eq!(r["result"]["winner"], "south", "{r}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dead_servers_presence_is_removed_by_the_living() {
    let Some(location) = postgres() else { return };
    let (a, b) = (server(&location).await, server(&location).await);
    let (id, south, north) = clocked_game(&a.t).await;
    let _north_ws = socket(&a.addr, &id, Some(&north)).await;
    let mut spectator = socket(&b.addr, &id, None).await;
    let path = format!("/api/games/{id}/claim");
    let (_, r) = b.t.post(&path, Some(&south), json!({})).await;
    assert_eq!(r["code"], "opponent_connected", "{r}");

    // A beats no more (its time stands still): alive until B's time is past the limit.
    b.t.state
        .advance_time(kalah_server::INSTANCE_DEAD_MS - 1_000);
    assert_eq!(
        b.t.state.sweep_cluster().await,
        0,
        "A still counts as alive"
    );
    b.t.state.advance_time(2_000);
    // Swept here, or by B's heartbeat just before.
    b.t.state.sweep_cluster().await;
    let p = until(&mut spectator, "North away", |m| away(m, "north")).await;
    assert_eq!(p["away"]["north"]["for_ms"], 0, "{p}");
    let (_, r) = b.t.post(&path, Some(&south), json!({})).await;
    assert_eq!(r["code"], "too_early", "{r}");
    let key = id.clone();
    let seats =
        b.t.state
            .db()
            .call(move |db| db.seats_present(&key))
            .await
            .unwrap();
    assert!(seats.iter().all(|(_, s)| !s.present), "{seats:?}");
}

/// A bot named `name` on KGP port `addr`, moving the first legal house; sends the ids of
/// the games it is told of.
async fn bot(addr: SocketAddr, name: &'static str, ids: mpsc::UnboundedSender<String>) {
    bot_with(addr, name, None, usize::MAX, ids).await
}

/// [`bot`] with a token (rated), that answers `moves` states, then sends `stopped` on `ids`
/// when asked for one more and answers nothing more.
async fn bot_with(
    addr: SocketAddr,
    name: &'static str,
    token: Option<&'static str>,
    moves: usize,
    ids: mpsc::UnboundedSender<String>,
) {
    let mut moved = 0;
    let (r, mut w) = tokio::net::TcpStream::connect(addr)
        .await
        .unwrap()
        .into_split();
    let mut r = BufReader::new(r);
    let mut line = String::new();
    loop {
        line.clear();
        match r.read_line(&mut line).await {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        let cmd: Command = line.trim_end().parse().unwrap();
        let mut out = Vec::new();
        match cmd.name.as_str() {
            "kgp" => {
                out.push(format!("set info:name \"{name}\""));
                if let Some(t) = token {
                    out.push(format!("set auth:token \"{t}\""));
                }
                out.push("mode freeplay".into());
            }
            "state" if moved == moves => {
                moved += 1;
                let _ = ids.send("stopped".into());
            }
            "state" if moved > moves => {}
            "set" if cmd.arg(0).and_then(|a| a.as_text()) == Some("game:id") => {
                let _ = ids.send(cmd.arg(1).unwrap().as_text().unwrap().to_string());
            }
            "state" => {
                let id = cmd.id.unwrap();
                let board = cmd.arg(0).unwrap().as_board().unwrap();
                let pos = board.to_position(board.rules().unwrap()).unwrap();
                out.push(format!("@{id} move {}", pos.legal_moves()[0]));
                out.push(format!("@{id} yield"));
                moved += 1;
            }
            "ping" => out.push(format!("@{} pong", cmd.id.unwrap_or(0))),
            "goodbye" => return,
            _ => {}
        }
        for l in out {
            if w.write_all(format!("{l}\r\n").as_bytes()).await.is_err() {
                return;
            }
        }
    }
}

/// `GET /api/bots` on `s` until `ok` holds for it (within 5 s).
async fn bots_until(s: &TestApp, what: &str, ok: impl Fn(&Value) -> bool) -> Value {
    let mut last = Value::Null;
    for _ in 0..250 {
        let (status, v) = s.get("/api/bots").await;
        assert_eq!(status, StatusCode::OK, "{v}");
        if ok(&v) {
            return v;
        }
        last = v;
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("bots list without {what} after 5 s: {last}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_connected_to_one_server_is_listed_and_challenged_on_the_other() {
    let Some(location) = postgres() else { return };
    let (a, b) = (server(&location).await, server(&location).await);
    let (tx, mut games) = mpsc::unbounded_channel();
    let zeta = tokio::spawn(bot(a.kgp, "zeta", tx));
    let zeta_is = |status: &'static str| {
        move |v: &Value| {
            v["bots"]
                .as_array()
                .unwrap()
                .iter()
                .any(|b| b["name"] == "zeta" && b["status"] == status)
        }
    };
    let listed = bots_until(&b.t, "zeta waiting", zeta_is("waiting")).await;
    assert_eq!(listed["count"], 1, "{listed}");

    let (status, r) =
        b.t.post("/api/bots/nobody/challenge", None, json!({}))
            .await;
    assert_eq!(
        (status, &r["code"]),
        (StatusCode::NOT_FOUND, &json!("no_bot")),
        "{r}"
    );
    let (status, c) =
        b.t.post(
            "/api/bots/zeta/challenge",
            None,
            json!({"houses": 6, "seeds": 4}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{c}");
    let (id, token) = (
        c["id"].as_str().unwrap().to_string(),
        c["token"].as_str().unwrap().to_string(),
    );
    let told = tokio::time::timeout(Duration::from_secs(5), games.recv())
        .await
        .expect("the bot is told its game within 5 s");
    assert_eq!(told.as_deref(), Some(id.as_str()));
    let me = c["side"].as_str().unwrap().to_string();
    let bot_side = if me == "south" { "north" } else { "south" };
    assert_eq!(c["game"]["players"][bot_side], "zeta", "{c}");
    let playing = bots_until(&b.t, "zeta playing", zeta_is("playing")).await;
    let z = &playing["bots"][0];
    assert_eq!(z["game"], id.as_str(), "{playing}");
    let (status, r) = b.t.post("/api/bots/zeta/challenge", None, json!({})).await;
    assert_eq!(
        (status, &r["code"]),
        (StatusCode::CONFLICT, &json!("bot_busy")),
        "{r}"
    );

    // The person plays through B; A, holding the bot, makes its moves.
    let mut mine = 0;
    for _ in 0..500 {
        let (_, g) = b.t.get(&format!("/api/games/{id}")).await;
        if g["status"] != "playing" || mine == 3 {
            break;
        }
        if g["to_move"] == me.as_str() {
            let mv = g["legal_moves"][0].as_str().unwrap().to_string();
            let (status, r) = b.t.play(&id, &token, &mv, g["ply"].as_u64().unwrap()).await;
            assert_eq!(status, StatusCode::OK, "{r}");
            mine += 1;
        } else {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    let (_, g) = b.t.get(&format!("/api/games/{id}")).await;
    let bots_moves = g["ply"].as_u64().unwrap() - mine;
    assert!(
        mine >= 2 && bots_moves >= 1,
        "the game went on through both servers: {mine} moves of the person, {g}"
    );
    zeta.abort();
}

/// The KGP side of the servers whose lonely bots are paired across: a computer level for a
/// bot alone for `pair_wait` (3 s), so a game between the two bots shows they were paired
/// with each other first (at half of it).
fn with_a_level() -> KgpConfig {
    KgpConfig {
        boards: vec![(6, 4)],
        levels: vec![kalah_engine::Level::Beginner],
        pair_wait: Duration::from_secs(3),
        move_time: Duration::from_millis(300),
        ..KgpConfig::default()
    }
}

/// A bot from [`bot_with`], spawned: its task and the ids it reports.
fn spawn_bot(
    addr: SocketAddr,
    name: &'static str,
    token: &'static str,
    moves: usize,
) -> (tokio::task::JoinHandle<()>, mpsc::UnboundedReceiver<String>) {
    let (tx, rx) = mpsc::unbounded_channel();
    (
        tokio::spawn(bot_with(addr, name, Some(token), moves, tx)),
        rx,
    )
}

/// What a bot reports next on `rx` (within 20 s).
async fn next(rx: &mut mpsc::UnboundedReceiver<String>) -> String {
    tokio::time::timeout(Duration::from_secs(20), rx.recv())
        .await
        .expect("a report of the bot within 20 s")
        .expect("the bot runs")
}

/// Game `id` on `s` once it is over (within 20 s).
async fn over(s: &TestApp, id: &str) -> Value {
    for _ in 0..1000 {
        let (status, g) = s.get(&format!("/api/games/{id}")).await;
        assert_eq!(status, StatusCode::OK, "{g}");
        if g["status"] != "playing" {
            return g;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("game {id} still played after 20 s");
}

/// The start seat `name` played in game `g`.
fn seat_of_bot(g: &Value, name: &str) -> &'static str {
    if g["players"]["south"] == name {
        "south"
    } else {
        assert_eq!(g["players"]["north"], name, "{g}");
        "north"
    }
}

/// `name`'s (wins, draws, losses) and rating on `s`'s leaderboard.
async fn record(s: &TestApp, name: &str) -> ((i64, i64, i64), f64, f64) {
    let (status, board) = s.get("/api/bots/leaderboard").await;
    assert_eq!(status, StatusCode::OK, "{board}");
    let r = board["bots"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["name"] == name)
        .unwrap_or_else(|| panic!("{name} is not on the leaderboard: {board}"));
    let n = |k: &str| r[k].as_i64().unwrap();
    (
        (n("wins"), n("draws"), n("losses")),
        r["rating"]["rating"].as_f64().unwrap(),
        r["rating"]["deviation"].as_f64().unwrap(),
    )
}

/// Checks that one rated game with `score` (1, 0.5, 0) moved `name`'s rating.
async fn rated_once(s: &TestApp, name: &str, score: f64) {
    let (wdl, rating, deviation) = record(s, name).await;
    let expected = match score {
        1.0 => (1, 0, 0),
        0.0 => (0, 0, 1),
        _ => (0, 1, 0),
    };
    assert_eq!(wdl, expected, "{name}");
    assert!(deviation < 350.0, "{name}: one game makes a rating surer");
    match score {
        1.0 => assert!(rating > 1500.0, "{name}: {rating}"),
        0.0 => assert!(rating < 1500.0, "{name}: {rating}"),
        _ => assert!((rating - 1500.0).abs() < 1.0, "{name}: {rating}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_waiting_alone_on_two_servers_play_each_other_rated() {
    let Some(location) = postgres() else { return };
    let (a, b) = (
        server_with(&location, with_a_level()).await,
        server_with(&location, with_a_level()).await,
    );
    let (p, mut on_a) = spawn_bot(a.kgp, "pi", "token-of-pi", usize::MAX);
    let (q, mut on_b) = spawn_bot(b.kgp, "rho", "token-of-rho", usize::MAX);
    let id = next(&mut on_a).await;
    assert_eq!(
        next(&mut on_b).await,
        id,
        "paired with each other, not a level"
    );

    // Played to its end through both servers, each making its own bot's moves.
    let g = over(&a.t, &id).await;
    assert_eq!(g["status"], "finished", "{g}");
    let on_b_g = over(&b.t, &id).await;
    assert_eq!(
        (&on_b_g["ply"], &on_b_g["status"]),
        (&g["ply"], &g["status"])
    );
    let (pi, rho) = (seat_of_bot(&g, "pi"), seat_of_bot(&g, "rho"));
    assert_ne!(pi, rho);
    let plies: Vec<&Value> = g["history"].as_array().unwrap().iter().collect();
    assert!(plies.len() >= 10, "a whole game: {g}");
    // Both ratings moved by this one game, whichever server stored its last move.
    let score = |side: &str| match g["result"]["winner"].as_str().unwrap() {
        "draw" => 0.5,
        w if w == side => 1.0,
        _ => 0.0,
    };
    rated_once(&a.t, "pi", score(pi)).await;
    rated_once(&b.t, "rho", score(rho)).await;

    // Both back in freeplay: paired with each other again.
    let again = next(&mut on_a).await;
    assert_ne!(again, id);
    assert_eq!(next(&mut on_b).await, again);
    p.abort();
    q.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_that_leaves_a_game_across_servers_loses_it() {
    let Some(location) = postgres() else { return };
    let (a, b) = (
        server_with(&location, with_a_level()).await,
        server_with(&location, with_a_level()).await,
    );
    let (p, mut on_a) = spawn_bot(a.kgp, "pi", "token-of-pi", usize::MAX);
    let (q, mut on_b) = spawn_bot(b.kgp, "rho", "token-of-rho", 3);
    let id = next(&mut on_a).await;
    assert_eq!(next(&mut on_b).await, id);
    // rho is asked for its fourth move and goes.
    assert_eq!(next(&mut on_b).await, "stopped");
    q.abort();
    let g = over(&a.t, &id).await;
    assert_eq!(g["status"], "resigned", "{g}");
    assert_eq!(g["result"]["winner"], seat_of_bot(&g, "pi"), "{g}");
    rated_once(&a.t, "pi", 1.0).await;
    rated_once(&a.t, "rho", 0.0).await;
    // pi is back in freeplay; alone now, it plays the level.
    let again = next(&mut on_a).await;
    let (_, g) = a.t.get(&format!("/api/games/{again}")).await;
    let level = if seat_of_bot(&g, "pi") == "south" {
        "north"
    } else {
        "south"
    };
    assert!(
        g["players"][level]
            .as_str()
            .unwrap()
            .starts_with("Computer"),
        "{g}"
    );
    p.abort();
}

/// Server B over `location` on a runtime of its own, until `die` is sent: then its runtime
/// is dropped with every task of it (its bots' connections close, it beats no more), as if
/// its process were killed. Answers B's KGP port.
async fn mortal_server(location: &Location, die: tokio::sync::oneshot::Receiver<()>) -> SocketAddr {
    let (tx, rx) = tokio::sync::oneshot::channel();
    let location = location.clone();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async {
            let b = server_with(&location, with_a_level()).await;
            tx.send(b.kgp).unwrap();
            let _ = die.await;
        });
        drop(rt);
    });
    rx.await.unwrap()
}

/// A game across servers: pi (moves for ever) on server A against rho on server B, which
/// dies when `die` is sent. Returned once rho has made its 2 moves and stopped, in the game.
struct Across {
    a: Server,
    die: tokio::sync::oneshot::Sender<()>,
    pi: tokio::task::JoinHandle<()>,
    on_a: mpsc::UnboundedReceiver<String>,
    _rho: tokio::task::JoinHandle<()>,
    id: String,
}

async fn pi_on_a_meets_rho_on_mortal_b(location: &Location) -> Across {
    let a = server_with(location, with_a_level()).await;
    let (die, dying) = tokio::sync::oneshot::channel();
    let b_kgp = mortal_server(location, dying).await;
    let (pi, mut on_a) = spawn_bot(a.kgp, "pi", "token-of-pi", usize::MAX);
    let (rho, mut on_b) = spawn_bot(b_kgp, "rho", "token-of-rho", 2);
    let id = next(&mut on_a).await;
    assert_eq!(next(&mut on_b).await, id);
    assert_eq!(next(&mut on_b).await, "stopped");
    Across {
        a,
        die,
        pi,
        on_a,
        _rho: rho,
        id,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_game_across_servers_is_won_by_the_survivor_when_the_other_dies() {
    let Some(location) = postgres() else { return };
    let Across {
        a,
        die,
        pi: p,
        mut on_a,
        id,
        ..
    } = pi_on_a_meets_rho_on_mortal_b(&location).await;
    // B dies in the middle of the game, while rho thinks.
    die.send(()).unwrap();
    let (_, g) = a.t.get(&format!("/api/games/{id}")).await;
    assert_eq!(g["status"], "playing", "{g}");
    // B is silent for longer than the limit by A's time: A removes its bot and wins.
    a.t.state
        .advance_time(kalah_server::INSTANCE_DEAD_MS + 1_000);
    a.t.state.sweep_cluster().await;
    let g = over(&a.t, &id).await;
    assert_eq!(g["status"], "resigned", "{g}");
    assert_eq!(g["result"]["winner"], seat_of_bot(&g, "pi"), "{g}");
    rated_once(&a.t, "pi", 1.0).await;
    rated_once(&a.t, "rho", 0.0).await;
    // pi is back in freeplay (and plays the level, alone now).
    assert_ne!(next(&mut on_a).await, id);
    p.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dead_servers_bot_game_against_its_level_is_ended_rated_by_the_survivor() {
    let Some(location) = postgres() else { return };
    let b = server_with(&location, with_a_level()).await;
    let (die, dying) = tokio::sync::oneshot::channel();
    let a_kgp = mortal_server(&location, dying).await;
    // Alone on A, sigma plays A's level; A dies in the middle of the game.
    let (_s, mut on_a) = spawn_bot(a_kgp, "sigma", "token-of-sigma", 2);
    let id = next(&mut on_a).await;
    assert_eq!(next(&mut on_a).await, "stopped");
    die.send(()).unwrap();
    let (_, g) = b.t.get(&format!("/api/games/{id}")).await;
    assert_eq!(g["status"], "playing", "{g}");
    let sigma = seat_of_bot(&g, "sigma");
    let level = if sigma == "south" { "north" } else { "south" };
    assert!(
        g["players"][level]
            .as_str()
            .unwrap()
            .starts_with("Computer"),
        "{g}"
    );
    // A is silent for longer than the limit by B's time: B ends the game, sigma losing,
    // rated with the ids A stored with it, as A would have.
    b.t.state
        .advance_time(kalah_server::INSTANCE_DEAD_MS + 1_000);
    b.t.state.sweep_cluster().await;
    let g = over(&b.t, &id).await;
    assert_eq!(g["status"], "resigned", "{g}");
    assert_eq!(g["result"]["winner"], level, "{g}");
    rated_once(&b.t, "sigma", 0.0).await;
    // The level counts its win and keeps its fixed rating (issue 34).
    assert_eq!(
        record(&b.t, "level:beginner").await,
        ((1, 0, 0), 800.0, 30.0)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_whose_server_stops_moving_loses_by_the_move_time_and_its_slack() {
    let Some(location) = postgres() else { return };
    let Across {
        a, die, pi: p, id, ..
    } = pi_on_a_meets_rho_on_mortal_b(&location).await;
    // B stops; by A's time (which stands) it still beats, so no sweep ends the game: A
    // waits for rho's move for the move time and 10 s more, then rho loses.
    let stopped = std::time::Instant::now();
    die.send(()).unwrap();
    let g = over(&a.t, &id).await;
    // (The wait began with rho's turn, a moment before B stopped.)
    assert!(stopped.elapsed() >= Duration::from_secs(9), "{g}");
    assert_eq!(g["status"], "resigned", "{g}");
    assert_eq!(g["result"]["winner"], seat_of_bot(&g, "pi"), "{g}");
    rated_once(&a.t, "pi", 1.0).await;
    rated_once(&a.t, "rho", 0.0).await;
    p.abort();
}
