//! The WebSocket over a real socket on 127.0.0.1: two players and a spectator see each move
//! at once; a client that reconnects catches up; a rematch reaches the other player.

mod common;

use common::seat_of;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

struct Server {
    base: String,
    _dir: tempfile::TempDir,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for Server {
    fn drop(&mut self) {
        self.task.abort();
    }
}

async fn start() -> Server {
    let dir = tempfile::tempdir().unwrap();
    let state = kalah_server::open_state(dir.path()).unwrap();
    let listener = kalah_server::listen("127.0.0.1:0".parse().unwrap()).unwrap();
    let addr = listener.local_addr().unwrap();
    let task = tokio::spawn(async move {
        kalah_server::serve(listener, state, std::future::pending())
            .await
            .unwrap();
    });
    Server {
        base: format!("127.0.0.1:{}", addr.port()),
        _dir: dir,
        task,
    }
}

async fn connect(server: &Server, id: &str, token: Option<&str>) -> Ws {
    let q = token.map(|t| format!("?token={t}")).unwrap_or_default();
    let (ws, _) =
        tokio_tungstenite::connect_async(format!("ws://{}/api/games/{id}/ws{q}", server.base))
            .await
            .unwrap();
    ws
}

/// The next JSON message, within 5 s.
async fn next(ws: &mut Ws) -> Value {
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(5), ws.next())
            .await
            .expect("no message within 5 s")
            .expect("socket closed")
            .unwrap();
        if let Message::Text(t) = msg {
            return serde_json::from_str(&t).unwrap();
        }
    }
}

/// The next state or update message whose game has reached `ply` (an update's history
/// holds only the new plies).
async fn message_at(ws: &mut Ws, ply: u64) -> Value {
    loop {
        let m = next(ws).await;
        if (m["type"] == "state" || m["type"] == "update") && m["game"]["ply"].as_u64() >= Some(ply)
        {
            return m;
        }
    }
}

/// The game of [`message_at`].
async fn state_at(ws: &mut Ws, ply: u64) -> Value {
    message_at(ws, ply).await["game"].clone()
}

async fn post(client: &reqwest::Client, url: String, token: &str, body: Value) -> (u16, Value) {
    let r = client
        .post(url)
        .bearer_auth(token)
        .json(&body)
        .send()
        .await
        .unwrap();
    (r.status().as_u16(), r.json().await.unwrap_or(Value::Null))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_and_spectators_see_every_move_and_reconnects_catch_up() {
    let server = start().await;
    let http = reqwest::Client::new();
    let base = format!("http://{}", server.base);
    let created: Value = http
        .post(format!("{base}/api/games"))
        .json(&json!({"opponent": {"kind": "friend"}, "side": "south", "first": "south"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = created["id"].as_str().unwrap().to_string();
    let south = created["token"].as_str().unwrap().to_string();
    let north = seat_of(&created["invite_url"]);

    let mut a = connect(&server, &id, Some(&south)).await;
    let mut b = connect(&server, &id, Some(&north)).await;
    let mut watcher = connect(&server, &id, None).await;
    // Each gets the current state at once, with its own side.
    assert_eq!(state_at(&mut a, 0).await["you"], "south");
    assert_eq!(state_at(&mut b, 0).await["you"], "north");
    assert_eq!(state_at(&mut watcher, 0).await["you"], Value::Null);

    let (status, _) = post(
        &http,
        format!("{base}/api/games/{id}/moves"),
        &south,
        json!({"move": "1", "ply": 0}),
    )
    .await;
    assert_eq!(status, 200);
    for ws in [&mut a, &mut b, &mut watcher] {
        // An update with the new ply only, not the whole history again.
        let m = message_at(ws, 1).await;
        assert_eq!(m["type"], "update", "{m}");
        assert_eq!(m["from"], 0);
        assert_eq!(m["game"]["moves"], json!(["1"]));
        assert_eq!(m["game"]["history"].as_array().unwrap().len(), 1);
        assert_eq!(m["game"]["history"][0]["ply"], 1);
    }
    // The next move's update starts after the first ply.
    post(
        &http,
        format!("{base}/api/games/{id}/moves"),
        &north,
        json!({"move": "2", "ply": 1}),
    )
    .await;
    let m = message_at(&mut b, 2).await;
    assert_eq!(
        (m["type"].as_str(), m["from"].as_u64()),
        (Some("update"), Some(1))
    );
    assert_eq!(m["game"]["history"].as_array().unwrap().len(), 1);
    let _ = state_at(&mut a, 2).await;
    let _ = state_at(&mut watcher, 2).await;

    // The spectator drops; two moves happen; on reconnect it gets the current state at once.
    drop(watcher);
    for (mv, ply) in [("2", 2), ("3", 3)] {
        let (status, r) = post(
            &http,
            format!("{base}/api/games/{id}/moves"),
            &south,
            json!({"move": mv, "ply": ply}),
        )
        .await;
        assert_eq!(status, 200, "{r}");
    }
    let mut watcher = connect(&server, &id, None).await;
    let first = next(&mut watcher).await;
    assert_eq!(first["type"], "state");
    assert_eq!(first["game"]["ply"], 4);
    assert_eq!(first["game"]["history"].as_array().unwrap().len(), 4);

    // Ping, pong.
    a.send(Message::Text(r#"{"type":"ping"}"#.into()))
        .await
        .unwrap();
    loop {
        if next(&mut a).await["type"] == "pong" {
            break;
        }
    }

    // A rematch: the other player's socket gets their new seat's token, the spectator none.
    post(
        &http,
        format!("{base}/api/games/{id}/resign"),
        &north,
        json!({}),
    )
    .await;
    let (status, r) = post(
        &http,
        format!("{base}/api/games/{id}/rematch"),
        &south,
        json!({}),
    )
    .await;
    assert_eq!(status, 201, "{r}");
    let rematch = |m: &Value| m["type"] == "rematch";
    let mut got = None;
    while got.is_none() {
        let m = next(&mut b).await;
        if rematch(&m) {
            got = Some(m);
        }
    }
    let m = got.unwrap();
    assert_eq!(m["id"], r["id"]);
    assert_eq!(
        m["token"].as_str(),
        Some(seat_of(&r["invite_url"]).as_str())
    );
    loop {
        let m = next(&mut watcher).await;
        if rematch(&m) {
            assert!(m.get("token").is_none());
            break;
        }
    }

    // A wrong token or an unknown game is refused before the upgrade.
    let bad = tokio_tungstenite::connect_async(format!(
        "ws://{}/api/games/{id}/ws?token=nope",
        server.base
    ))
    .await;
    assert!(bad.is_err());
    let bad =
        tokio_tungstenite::connect_async(format!("ws://{}/api/games/nosuchgame/ws", server.base))
            .await;
    assert!(bad.is_err());
}

/// A spectator socket of game `id` from the local address `from` (any 127.x.y.z is this
/// machine), or the HTTP status it was refused with.
async fn watch_from(server: &Server, id: &str, from: &str) -> Result<Ws, u16> {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind(format!("{from}:0").parse().unwrap()).unwrap();
    let tcp = socket.connect(server.base.parse().unwrap()).await.unwrap();
    let url = format!("ws://{}/api/games/{id}/ws", server.base);
    match tokio_tungstenite::client_async(url, MaybeTlsStream::Plain(tcp)).await {
        Ok((ws, _)) => Ok(ws),
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => Err(r.status().as_u16()),
        Err(e) => panic!("{e}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sockets_are_capped_per_address_and_per_game() {
    let server = start().await;
    let http = reqwest::Client::new();
    let created: Value = http
        .post(format!("http://{}/api/games", server.base))
        .json(&json!({"opponent": {"kind": "friend"}}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = created["id"].as_str().unwrap().to_string();
    let mut open = Vec::new();
    // One address may hold 32 sockets.
    for _ in 0..32 {
        open.push(watch_from(&server, &id, "127.0.0.2").await.unwrap());
    }
    assert_eq!(watch_from(&server, &id, "127.0.0.2").await.err(), Some(429));
    // One game may have 64 watchers, whatever their addresses.
    for _ in 0..32 {
        open.push(watch_from(&server, &id, "127.0.0.3").await.unwrap());
    }
    assert_eq!(watch_from(&server, &id, "127.0.0.4").await.err(), Some(503));
    // A closed socket frees its places.
    let mut last = open.pop().unwrap();
    last.close(None).await.unwrap();
    drop(last);
    let mut again = None;
    for _ in 0..50 {
        if let Ok(ws) = watch_from(&server, &id, "127.0.0.3").await {
            again = Some(ws);
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(again.is_some(), "a place is free again");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_flooding_messages_is_read_at_the_socket_rate() {
    let server = start().await;
    let http = reqwest::Client::new();
    let created: Value = http
        .post(format!("http://{}/api/games", server.base))
        .json(&json!({"opponent": {"kind": "friend"}}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = created["id"].as_str().unwrap();
    let mut ws = connect(&server, id, None).await;
    next(&mut ws).await; // the state
    let start = std::time::Instant::now();
    for _ in 0..40 {
        ws.send(Message::Text(r#"{"type":"ping"}"#.into()))
            .await
            .unwrap();
    }
    for _ in 0..40 {
        assert_eq!(next(&mut ws).await["type"], "pong");
    }
    // 20 at once, then 10 a second: the last 20 take at least 2 s (a bound, not a timing).
    assert!(
        start.elapsed() >= Duration::from_millis(1900),
        "{:?}",
        start.elapsed()
    );
}

/// The sockets read through a 4 KiB buffer (`routes/ws.rs`, `READ_BUFFER`); a message as
/// long as the limit, which fills more than that buffer with its frame header, is still read.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_message_as_long_as_the_limit_is_read_whole() {
    let server = start().await;
    let http = reqwest::Client::new();
    let created: Value = http
        .post(format!("http://{}/api/games", server.base))
        .json(&json!({"opponent": {"kind": "friend"}}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = created["id"].as_str().unwrap();
    let mut ws = connect(&server, id, None).await;
    next(&mut ws).await; // the state
    let head = r#"{"type":"ping","pad":""#;
    let pad = "x".repeat(4096 - head.len() - 2);
    let text = format!("{head}{pad}\"}}");
    assert_eq!(text.len(), 4096);
    ws.send(Message::Text(text.into())).await.unwrap();
    assert_eq!(next(&mut ws).await["type"], "pong");
}
