//! PostgreSQL restarting under running servers: requests during the outage are answered
//! 503 with `Retry-After` and a message, `/readyz` says the database is unreachable, and
//! once PostgreSQL is back the servers carry on without a restart: moves are taken again,
//! no acknowledged move is lost, and the listener for other servers' changes reconnects.
//!
//! A program of its own: it stops and starts its own throwaway cluster.

mod common;

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use common::{seat_of, TestApp};
use kalah_storage::Location;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A server over `location`, also serving on a loopback port: the app and `host:port`.
async fn served(location: &Location) -> (TestApp, String) {
    let dir = tempfile::tempdir().unwrap();
    let state =
        kalah_server::open_state_at(dir.path(), Some(location), &Default::default()).unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    tokio::spawn(kalah_server::serve(
        listener,
        state.clone(),
        std::future::pending(),
    ));
    let app = kalah_server::app(state.clone());
    (TestApp { dir, state, app }, addr)
}

/// A move request: the status, the JSON body and the headers.
async fn play(
    t: &TestApp,
    id: &str,
    token: &str,
    mv: &str,
    ply: u64,
) -> (StatusCode, Value, header::HeaderMap) {
    let req = Request::builder()
        .method(Method::POST)
        .uri(format!("/api/games/{id}/moves"))
        .header(header::AUTHORIZATION, format!("Bearer {token}"))
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(json!({"move": mv, "ply": ply}).to_string()))
        .unwrap();
    let (status, text, headers) = t.raw(req).await;
    (
        status,
        serde_json::from_str(&text).unwrap_or(Value::Null),
        headers,
    )
}

/// Reads a socket's messages until a game state at `ply` (within `limit`).
async fn until_ply(ws: &mut Socket, ply: u64, limit: Duration) -> Value {
    use futures_util::StreamExt;
    let found = tokio::time::timeout(limit, async {
        loop {
            let msg = ws.next().await.expect("the socket is open").unwrap();
            if let tokio_tungstenite::tungstenite::Message::Text(t) = msg {
                let m: Value = serde_json::from_str(&t).unwrap();
                if m["game"]["ply"] == ply {
                    return m;
                }
            }
        }
    })
    .await;
    found.unwrap_or_else(|_| panic!("no state at ply {ply} within {limit:?}"))
}

/// The 503 of a request during the outage: `Retry-After` and a message that says why.
fn assert_unavailable(status: StatusCode, body: &Value, headers: &header::HeaderMap) {
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert_eq!(body["code"], "unavailable", "{body}");
    let msg = body["error"].as_str().unwrap();
    assert!(
        msg.contains("database") && msg.contains("try again"),
        "{body}"
    );
    let wait: u64 = headers[header::RETRY_AFTER]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=60).contains(&wait), "Retry-After: {wait}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn servers_answer_503_while_postgres_restarts_then_carry_on() {
    if !kalah_pgtest::available() {
        eprintln!("skipped: PostgreSQL is not installed (KALAH_SKIP_POSTGRES=1)");
        return;
    }
    let cluster = kalah_pgtest::Cluster::start().unwrap();
    let location = Location::Postgres(cluster.database());
    let (a, _) = served(&location).await;
    let (b, b_addr) = served(&location).await;

    let (id, south, created) = a
        .create(json!({"opponent": {"kind": "friend"}, "side": "south", "first": "south"}))
        .await;
    let north = seat_of(&created["invite_url"]);
    a.open_game(&id, &north).await;
    let (status, g, _) = play(&a, &id, &south, "1", 0).await;
    assert_eq!(status, StatusCode::OK, "{g}");
    let mut acknowledged = vec!["1".to_string()];
    // A second game, out of A's memory, so that reading it needs the database.
    let (other, _, _) = a.create(json!({"opponent": {"kind": "local"}})).await;
    assert_eq!(a.state.evict_idle(0), 2, "nothing holds the games");
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{b_addr}/api/games/{id}/ws"))
        .await
        .unwrap();
    until_ply(&mut ws, 1, Duration::from_secs(5)).await;

    let (_, g) = a.get(&format!("/api/games/{id}")).await;
    let to_move = g["to_move"].as_str().unwrap().to_string();
    let token = if to_move == "south" { &south } else { &north };
    let mv = "2";

    cluster.stop().unwrap();
    let (status, body, headers) = play(&a, &id, token, mv, 1).await;
    assert_unavailable(status, &body, &headers);
    // Refused at once while the database stays down (no queue behind the connection waits).
    let started = Instant::now();
    let (status, body, headers) = play(&a, &id, token, mv, 1).await;
    assert_unavailable(status, &body, &headers);
    eprintln!(
        "second refusal during the outage took {:?}",
        started.elapsed()
    );
    let req = Request::get(format!("/api/games/{other}"))
        .body(Body::empty())
        .unwrap();
    let (status, text, headers) = a.raw(req).await;
    assert_unavailable(status, &serde_json::from_str(&text).unwrap(), &headers);
    let (status, r) = a.get("/readyz").await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{r}");
    assert_eq!(r["reason"], "database", "{r}");
    assert!(
        r["message"]
            .as_str()
            .unwrap()
            .contains("cannot reach its database"),
        "{r}"
    );

    cluster.restart().unwrap();
    // Ready again once the writer's connection is back (at most one try per half second).
    let mut ready = false;
    for _ in 0..100 {
        if a.get("/readyz").await.0 == StatusCode::OK {
            ready = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(ready, "A is ready again after PostgreSQL restarted");
    let (status, g, _) = play(&a, &id, token, mv, 1).await;
    assert_eq!(
        status,
        StatusCode::OK,
        "the first move after the restart: {g}"
    );
    acknowledged.push(mv.to_string());
    let (status, g) = a.get(&format!("/api/games/{other}")).await;
    assert_eq!(status, StatusCode::OK, "a read after the restart: {g}");
    // B's listener reconnected: its spectator sees the move made through A.
    until_ply(&mut ws, 2, Duration::from_secs(10)).await;
    // And B takes the next move itself, from the state it reloaded.
    let (_, g) = b.get(&format!("/api/games/{id}")).await;
    assert_eq!(g["ply"], 2, "{g}");

    // Every acknowledged move is stored: a new server reads exactly them.
    let (fresh, _) = served(&location).await;
    let (_, g) = fresh.get(&format!("/api/games/{id}")).await;
    assert_eq!(g["moves"], json!(acknowledged), "{g}");
}
