//! Issue 19: what two servers on one PostgreSQL database share besides the games: a player's
//! socket on either server counts for the game's presence and for claims sent to the other,
//! the Watch list lists the games of both, a bot connected to one is listed on the other and
//! challenged from it, and a dead server's presence is removed by the living. Manual time
//! (no test waits for a heartbeat to go stale); PostgreSQL only (SQLite runs one server).

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
    let dir = tempfile::tempdir().unwrap();
    let policy = kalah_server::Policy {
        manual_time: Some(T0),
        kgp: KgpConfig {
            boards: vec![(6, 4)],
            levels: vec![],
            move_time: Duration::from_millis(300),
            ..KgpConfig::default()
        },
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
                out.push("mode freeplay".into());
            }
            "set" if cmd.arg(0).and_then(|a| a.as_text()) == Some("game:id") => {
                let _ = ids.send(cmd.arg(1).unwrap().as_text().unwrap().to_string());
            }
            "state" => {
                let id = cmd.id.unwrap();
                let board = cmd.arg(0).unwrap().as_board().unwrap();
                let pos = board.to_position(board.rules().unwrap()).unwrap();
                out.push(format!("@{id} move {}", pos.legal_moves()[0]));
                out.push(format!("@{id} yield"));
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
