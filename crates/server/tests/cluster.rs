//! Running as one of several servers: the load balancer's probes (`/healthz`, `/readyz`),
//! the drain, two servers on one database that never both accept a ply (SQLite and
//! PostgreSQL), and changes made through one server reaching sockets on another.

mod common;

use axum::http::StatusCode;
use common::ws::{next_json, socket, until};
use common::{seat_of, TestApp};
use kalah_server::AppState;
use kalah_storage::Location;
use serde_json::{json, Value};

#[tokio::test]
async fn probes_answer_and_readyz_turns_503_on_drain() {
    let t = TestApp::new();
    // Probes are never held to a request budget: a load balancer polls often.
    for _ in 0..200 {
        let (status, r) = t.get("/readyz").await;
        assert_eq!(status, StatusCode::OK, "{r}");
        assert_eq!(r["status"], "ready");
    }
    let (status, h) = t.get("/healthz").await;
    assert_eq!((status, &h["status"]), (StatusCode::OK, &json!("ok")));

    t.state.start_drain();
    let (status, r) = t.get("/readyz").await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{r}");
    assert_eq!(r["status"], "not_ready");
    assert_eq!(r["reason"], "draining");
    assert!(
        r["message"].as_str().unwrap().contains("shutting down"),
        "{r}"
    );
    // Alive all the same: the process is finishing its work, not stuck.
    let (status, _) = t.get("/healthz").await;
    assert_eq!(status, StatusCode::OK);
}

/// A server over the database at `location`, as one instance behind a load balancer.
fn server(location: &Location) -> TestApp {
    let dir = tempfile::tempdir().unwrap();
    let state: AppState =
        kalah_server::open_state_at(dir.path(), Some(location), &Default::default()).unwrap();
    let app = kalah_server::app(state.clone());
    TestApp { dir, state, app }
}

/// The token of the seat to move and a legal move (never the pie swap: seats stay put).
fn turn(g: &Value, south: &str, north: &str) -> (String, String) {
    let token = match g["to_move"].as_str().unwrap() {
        "south" => south,
        _ => north,
    };
    let mv = g["legal_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .find(|m| *m != "swap")
        .expect("a legal move");
    (token.to_string(), mv.to_string())
}

async fn never_both_accept_a_ply(location: Location) {
    let (a, b) = (server(&location), server(&location));
    let (id, south, created) = a
        .create(json!({"opponent": {"kind": "friend"}, "side": "south", "first": "south"}))
        .await;
    let north = seat_of(&created["invite_url"]);
    // The friend opens the game: its host may move then.
    a.open_game(&id, &north).await;
    let path = format!("/api/games/{id}");
    let mut accepted = Vec::new();
    for round in 0..8u64 {
        // Both servers have the game in memory at the same ply.
        let (_, ga) = a.get(&path).await;
        let (_, gb) = b.get(&path).await;
        assert_eq!(ga["ply"], round, "{ga}");
        assert_eq!(
            gb["ply"], round,
            "server B caught up after its refusal: {gb}"
        );
        if ga["status"] != "playing" {
            break;
        }
        let (token, mv) = turn(&ga, &south, &north);
        // The same ply sent to both servers at once.
        let ((sa, ra), (sb, rb)) = tokio::join!(
            a.play(&id, &token, &mv, round),
            b.play(&id, &token, &mv, round)
        );
        let mut statuses = [sa, sb];
        statuses.sort();
        assert_eq!(
            statuses,
            [StatusCode::OK, StatusCode::CONFLICT],
            "round {round}: exactly one server accepts the ply: {ra} / {rb}"
        );
        let refused = if sa == StatusCode::CONFLICT { &ra } else { &rb };
        assert_eq!(refused["code"], "stale_ply", "{refused}");
        assert!(
            refused["error"].as_str().unwrap().contains("reload"),
            "{refused}"
        );
        accepted.push(mv);
    }
    assert!(accepted.len() >= 4, "the game went on: {accepted:?}");
    // Stored once each, in order: a server started now sees exactly the accepted moves.
    let (_, g) = server(&location).get(&path).await;
    let moves: Vec<&str> = g["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(moves, accepted, "{g}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_on_one_sqlite_file_never_both_accept_a_ply() {
    let dir = tempfile::tempdir().unwrap();
    never_both_accept_a_ply(Location::Sqlite(dir.path().join("games.db"))).await;
}

/// The friend opens the invitation on server B while the host's game sits in server A's
/// memory from before (SQLite has no news between servers): A asks the store before it
/// refuses the host's first move as made before the friend came.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_friend_who_opened_the_game_on_another_server_lets_the_host_move() {
    let dir = tempfile::tempdir().unwrap();
    let location = Location::Sqlite(dir.path().join("games.db"));
    let (a, b) = (server(&location), server(&location));
    let (id, south, created) = a
        .create(json!({"opponent": {"kind": "friend"}, "side": "south", "first": "south"}))
        .await;
    // Before the friend came, A refuses the host's move.
    let (status, r) = a.play(&id, &south, "1", 0).await;
    assert_eq!(status, StatusCode::CONFLICT, "{r}");
    assert_eq!(r["code"], "friend_not_joined", "{r}");
    b.open_game(&id, &seat_of(&created["invite_url"])).await;
    let (status, r) = a.play(&id, &south, "1", 0).await;
    assert_eq!(status, StatusCode::OK, "{r}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_on_one_postgres_never_both_accept_a_ply() {
    if !kalah_pgtest::available() {
        eprintln!("skipped: PostgreSQL is not installed (KALAH_SKIP_POSTGRES=1)");
        return;
    }
    let url = kalah_pgtest::shared().database();
    never_both_accept_a_ply(Location::Postgres(url)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_through_one_server_reaches_sockets_on_another() {
    if !kalah_pgtest::available() {
        eprintln!("skipped: PostgreSQL is not installed (KALAH_SKIP_POSTGRES=1)");
        return;
    }
    let location = Location::Postgres(kalah_pgtest::shared().database());
    let a = server(&location);
    let b = server(&location);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(kalah_server::serve(
        listener,
        b.state.clone(),
        std::future::pending(),
    ));

    let (id, south, created) = a
        .create(json!({"opponent": {"kind": "friend"}, "side": "south", "first": "south"}))
        .await;
    let north = seat_of(&created["invite_url"]);
    // The friend opens the game: its host may move then.
    a.open_game(&id, &north).await;
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{id}/ws"))
        .await
        .unwrap();
    let first = next_json(&mut ws).await;
    assert_eq!(
        (first["type"].as_str(), &first["game"]["ply"]),
        (Some("state"), &json!(0))
    );

    let mut slowest = std::time::Duration::ZERO;
    for ply in 0..6u64 {
        let (_, g) = a.get(&format!("/api/games/{id}")).await;
        if g["status"] != "playing" {
            break;
        }
        let (token, mv) = turn(&g, &south, &north);
        let sent = std::time::Instant::now();
        let (status, r) = a.play(&id, &token, &mv, ply).await;
        assert_eq!(status, StatusCode::OK, "{r}");
        // Server B's spectator sees the move made through server A (after any other change
        // A stored, such as North's seat joined with North's first move).
        let seen = until(&mut ws, "the move", |m| m["game"]["ply"] == ply + 1).await;
        slowest = slowest.max(sent.elapsed());
        assert!(
            matches!(seen["type"].as_str(), Some("update" | "state")),
            "{seen}"
        );
        assert_eq!(seen["game"]["ply"], ply + 1, "{seen}");
        assert_eq!(
            seen["game"]["moves"].as_array().unwrap().last().unwrap(),
            &json!(mv)
        );
    }
    eprintln!("slowest move from A to B's socket: {slowest:?}");
    // And B, being up to date, takes the next move itself.
    let (_, g) = b.get(&format!("/api/games/{id}")).await;
    if g["status"] == "playing" {
        let (token, mv) = turn(&g, &south, &north);
        let (status, r) = b.play(&id, &token, &mv, g["ply"].as_u64().unwrap()).await;
        assert_eq!(status, StatusCode::OK, "{r}");
    }
}

/// A server over the database at `location` with `policy`, also serving on a loopback port
/// (for sockets): the app and `host:port`.
async fn served(location: &Location, policy: &kalah_server::Policy) -> (TestApp, String) {
    let dir = tempfile::tempdir().unwrap();
    let state = kalah_server::open_state_at(dir.path(), Some(location), policy).unwrap();
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

/// The game in a state or update message, when it is one.
fn game_of(m: &Value) -> &Value {
    &m["game"]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resignations_claims_and_rematches_through_one_server_reach_sockets_on_another() {
    if !kalah_pgtest::available() {
        eprintln!("skipped: PostgreSQL is not installed (KALAH_SKIP_POSTGRES=1)");
        return;
    }
    let location = Location::Postgres(kalah_pgtest::shared().database());
    // A's clock time moves only when the test says (for the claim's grace period).
    let manual = kalah_server::Policy {
        manual_time: Some(1_800_000_000_000),
        ..Default::default()
    };
    let (a, a_addr) = served(&location, &manual).await;
    let (b, b_addr) = served(&location, &Default::default()).await;

    // A resignation through A.
    let (id, south, created) = a
        .create(json!({"opponent": {"kind": "friend"}, "side": "south", "first": "south"}))
        .await;
    let north = seat_of(&created["invite_url"]);
    // The friend opens the game: its host may move then.
    a.open_game(&id, &north).await;
    let mut watcher = socket(&b_addr, &id, None).await;
    let mut player = socket(&b_addr, &id, Some(&north)).await;
    let (status, r) = a.play(&id, &south, "1", 0).await;
    assert_eq!(status, StatusCode::OK, "{r}");
    let (status, r) = a
        .post(&format!("/api/games/{id}/resign"), Some(&south), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{r}");
    for ws in [&mut watcher, &mut player] {
        let seen = until(ws, "the game ended", |m| {
            game_of(m)["status"]
                .as_str()
                .is_some_and(|s| s != "playing")
        })
        .await;
        assert_eq!(game_of(&seen)["status"], "resigned", "{seen}");
        assert_eq!(game_of(&seen)["ply"], 1, "{seen}");
    }
    // B serves the ended game as stored: no move is taken there.
    let (status, r) = b.play(&id, &north, "1", 1).await;
    assert_eq!(
        (status, &r["code"]),
        (StatusCode::CONFLICT, &json!("game_over")),
        "{r}"
    );

    // A rematch asked for through A: B's sockets hear of it, and the other player gets
    // their seat of it from B.
    let (status, r) = a
        .post(&format!("/api/games/{id}/rematch"), Some(&south), json!({}))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{r}");
    let rematch = r["id"].as_str().unwrap().to_string();
    for ws in [&mut watcher, &mut player] {
        // The rematch message (the rematch's id, for a button to it) and the game's state
        // naming the rematch, in either order.
        let (mut told, mut shown) = (false, false);
        while !(told && shown) {
            let seen = until(ws, "news of the rematch", |m| {
                m["type"] == "rematch" || !game_of(m)["rematch"].is_null()
            })
            .await;
            if seen["type"] == "rematch" {
                assert_eq!(seen["id"], rematch.as_str(), "{seen}");
                told = true;
            } else {
                assert_eq!(game_of(&seen)["rematch"], rematch.as_str(), "{seen}");
                shown = true;
            }
        }
    }
    let (status, r) = b
        .post(&format!("/api/games/{id}/rematch"), Some(&north), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{r}");
    assert_eq!(r["id"], rematch.as_str(), "{r}");
    assert!(r["token"].as_str().is_some_and(|t| !t.is_empty()), "{r}");

    // A claim through A against a player who left A's socket.
    let (id, south, created) = a
        .create(
            json!({"opponent": {"kind": "friend"}, "side": "south", "first": "south",
                       "time_control": "1d"}),
        )
        .await;
    let north = seat_of(&created["invite_url"]);
    // The friend opens the game: its host may move then.
    a.open_game(&id, &north).await;
    let mut watcher = socket(&b_addr, &id, None).await;
    let mut player = socket(&b_addr, &id, Some(&south)).await;
    let mut gone = socket(&a_addr, &id, Some(&north)).await;
    gone.close(None).await.unwrap();
    drop(gone);
    // A notices the close within moments.
    let claim = format!("/api/games/{id}/claim");
    let mut code = Value::Null;
    for _ in 0..250 {
        code = a.post(&claim, Some(&south), json!({})).await.1["code"].clone();
        if code != "opponent_connected" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert_eq!(code, "too_early");
    a.state.advance_time(a.state.claim_grace_ms());
    let (status, r) = a.post(&claim, Some(&south), json!({})).await;
    assert_eq!(status, StatusCode::OK, "{r}");
    for ws in [&mut watcher, &mut player] {
        let seen = until(ws, "the game ended", |m| {
            game_of(m)["status"]
                .as_str()
                .is_some_and(|s| s != "playing")
        })
        .await;
        assert_eq!(game_of(&seen)["status"], "abandoned", "{seen}");
        assert_eq!(game_of(&seen)["result"]["winner"], "south", "{seen}");
    }
    // B no longer watches the clock of the ended game.
    assert_eq!(b.state.running_clocks(), 0);
}
