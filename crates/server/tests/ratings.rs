//! Ratings of people: rated games between accounts move both players' pool ratings and
//! histories in the game's last write, guests are never rated, the leaderboard lists
//! settled accounts and forgets deleted ones, and the player page shows it all.

mod common;

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use common::{sign_up, TestApp, Who};
use serde_json::{json, Value};

const POOL: &str = "kalah-6-4/correspondence";

async fn send(
    app: &TestApp,
    method: Method,
    path: &str,
    who: Option<&Who>,
    body: Option<Value>,
) -> (StatusCode, Value, axum::http::HeaderMap) {
    let mut b = Request::builder().method(method).uri(path);
    if let Some(w) = who {
        b = b
            .header(header::COOKIE, format!("kalah_session={}", w.cookie))
            .header("x-csrf-token", &w.csrf);
    }
    let req = match body {
        Some(v) => b
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(v.to_string())),
        None => b.body(Body::empty()),
    }
    .unwrap();
    let (status, text, headers) = app.raw(req).await;
    (
        status,
        serde_json::from_str(&text).unwrap_or(Value::Null),
        headers,
    )
}

async fn guest(app: &TestApp) -> Who {
    let (status, v, headers) = send(app, Method::POST, "/api/session/guest", None, None).await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    Who::from_session(&v, &headers)
}

/// A friend game: `south` created it signed in, `north` sits at the invited seat (linked as
/// the lobby of the clocks branch will link it), flagged rated. Answers (id, south token,
/// north token).
async fn rated_game(
    app: &TestApp,
    south: &Who,
    north: &Who,
    rated: bool,
) -> (String, String, String) {
    let body = json!({"opponent": {"kind": "friend"}, "side": "south", "first": "south"});
    let (status, v, _) = send(app, Method::POST, "/api/games", Some(south), Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    let id = v["id"].as_str().unwrap().to_string();
    let token = v["token"].as_str().unwrap().to_string();
    let invite = v["invite_url"].as_str().unwrap();
    let other = invite.split("seat=").nth(1).unwrap().to_string();
    app.open_game(&id, &other).await;
    let (game, player) = (id.clone(), north.id.clone());
    app.state
        .db()
        .call(move |db| {
            db.set_seat_player(&game, "north", &player)?;
            db.set_game_rated(&game, rated)
        })
        .await
        .unwrap();
    (id, token, other)
}

/// Plays the first legal move until the game is over; answers the final game JSON.
async fn play_to_the_end(app: &TestApp, id: &str, south: &str, north: &str) -> Value {
    let (_, mut g) = app.get(&format!("/api/games/{id}")).await;
    for _ in 0..400 {
        if g["status"] != "playing" {
            return g;
        }
        let token = if g["to_move"] == "south" {
            south
        } else {
            north
        };
        let mv = g["legal_moves"][0].as_str().unwrap().to_string();
        let (status, next) = app
            .post(
                &format!("/api/games/{id}/moves"),
                Some(token),
                json!({"move": mv}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{next}");
        g = next;
    }
    panic!("game {id} did not end");
}

#[tokio::test]
async fn a_rated_game_between_accounts_moves_both_ratings() {
    let app = TestApp::new();
    let alice = sign_up(&app, "Alice").await;
    let bob = sign_up(&app, "Bob").await;
    let (id, s, n) = rated_game(&app, &alice, &bob, true).await;
    let end = play_to_the_end(&app, &id, &s, &n).await;
    let winner = end["result"]["winner"].clone();
    let r = &end["ratings"];
    assert_eq!(r["south"]["pool"], POOL, "{end}");
    assert_eq!(r["south"]["before"]["rating"], 1500.0);
    assert_eq!(r["north"]["before"]["rating"], 1500.0);
    let (ds, dn) = (
        r["south"]["change"].as_f64().unwrap(),
        r["north"]["change"].as_f64().unwrap(),
    );
    // Two new players: the winner gains what the loser loses; a draw moves nobody.
    assert!((ds + dn).abs() < 0.2, "{r}");
    match winner.as_str() {
        Some("south") => assert!(ds > 100.0, "{r}"),
        Some("north") => assert!(dn > 100.0, "{r}"),
        _ => assert!(ds.abs() < 0.2, "{r}"),
    }
    assert!(r["south"]["after"]["deviation"].as_f64().unwrap() < 350.0);
    assert_eq!(end["accounts"]["south"], "Alice");
    // The change stays with the game after it leaves memory.
    app.state.evict_idle(-1);
    let (_, again) = app.get(&format!("/api/games/{id}")).await;
    assert_eq!(again["ratings"], end["ratings"]);

    // The player page: the pool rating, its history and the game with its result.
    let (status, page) = app.get("/api/players/alice").await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert_eq!(page["name"], "Alice");
    assert_eq!(page["kind"], "account");
    let pool = &page["ratings"][0];
    assert_eq!(pool["pool"], POOL);
    assert_eq!(pool["provisional"], true);
    assert_eq!(pool["games"], 1);
    assert_eq!(pool["history"].as_array().unwrap().len(), 1);
    assert_eq!(pool["history"][0]["game"], id.as_str());
    assert_eq!(pool["history"][0]["rating"], r["south"]["after"]["rating"]);
    let game = &page["games"][0];
    assert_eq!(game["link"], format!("/g/{id}"));
    assert_eq!(game["rated"], true);
    assert_eq!(game["opponent"]["account"], "Bob");
    let expected = match winner.as_str() {
        Some("south") => "win",
        Some("north") => "loss",
        _ => "draw",
    };
    assert_eq!(game["result"], expected);
    // Still provisional: not on the leaderboard.
    let (_, board) = app.get(&format!("/api/leaderboard?pool={POOL}")).await;
    assert_eq!(board["pool"], POOL);
    assert!(board["players"].as_array().unwrap().is_empty(), "{board}");
}

#[tokio::test]
async fn guests_and_casual_games_are_never_rated() {
    let app = TestApp::new();
    let alice = sign_up(&app, "Alice").await;
    let visitor = guest(&app).await;
    for (south, north, rated) in [(&visitor, &alice, true), (&alice, &visitor, true)] {
        let (id, s, _) = rated_game(&app, south, north, rated).await;
        let (status, end) = app
            .post(&format!("/api/games/{id}/resign"), Some(&s), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{end}");
        assert!(end.get("ratings").is_none(), "{end}");
    }
    let bob = sign_up(&app, "Bob").await;
    let (id, s, _) = rated_game(&app, &alice, &bob, false).await;
    let (_, end) = app
        .post(&format!("/api/games/{id}/resign"), Some(&s), json!({}))
        .await;
    assert!(end.get("ratings").is_none(), "{end}");
    let (_, page) = app.get("/api/players/alice").await;
    assert!(page["ratings"].as_array().unwrap().is_empty(), "{page}");
    assert_eq!(page["games"].as_array().unwrap().len(), 3);
    // Guests have no page.
    let (status, v) = app.get("/api/players/Guest").await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{v}");
}

#[tokio::test]
async fn the_leaderboard_lists_settled_accounts_and_forgets_deleted_ones() {
    let app = TestApp::new();
    let alice = sign_up(&app, "Alice").await;
    let bob = sign_up(&app, "Bob").await;
    // They take turns winning (each game north resigns) until both are settled.
    for i in 0..60 {
        let (south, north) = if i % 2 == 0 {
            (&alice, &bob)
        } else {
            (&bob, &alice)
        };
        let (id, _, n) = rated_game(&app, south, north, true).await;
        let (status, end) = app
            .post(&format!("/api/games/{id}/resign"), Some(&n), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{end}");
        let (_, board) = app.get(&format!("/api/leaderboard?pool={POOL}")).await;
        if board["players"].as_array().unwrap().len() == 2 {
            break;
        }
    }
    let (_, board) = app.get(&format!("/api/leaderboard?pool={POOL}")).await;
    let names: Vec<&str> = board["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names.len(), 2, "{board}");
    assert!(names.contains(&"Alice") && names.contains(&"Bob"));
    assert_eq!(board["players"][0]["rank"], 1);
    assert_eq!(board["players"][0]["provisional"], false);
    assert_eq!(board["pools"].as_array().unwrap().len(), 15);
    // The history is capped on the page.
    let (_, page) = app.get("/api/players/bob").await;
    assert!(page["ratings"][0]["history"].as_array().unwrap().len() <= 50);
    assert!(page["ratings"][0]["games"].as_i64().unwrap() > 2);

    let body = json!({"password": "correct horse"});
    let (status, v, _) = send(
        &app,
        Method::POST,
        "/api/session/delete",
        Some(&bob),
        Some(body),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let (_, board) = app.get(&format!("/api/leaderboard?pool={POOL}")).await;
    let names: Vec<&str> = board["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Alice"]);
    let (status, _) = app.get("/api/players/Bob").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn bad_pools_and_names_are_refused_clearly() {
    let app = TestApp::new();
    let (status, v) = app.get("/api/leaderboard?pool=chess/blitz").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(v["code"], "bad_pool", "{v}");
    assert!(v["error"].as_str().unwrap().contains("kalah-6-4/blitz"));
    for query in ["pool=a&pool=b", "pool=%ZZ", "x=1&&=&pool"] {
        let (status, v) = app.get(&format!("/api/leaderboard?{query}")).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}: {v}");
        assert_eq!(v["code"], "bad_pool", "{query}: {v}");
    }
    // Without a pool: the lobby's Kalah (6,4) blitz, not the untimed games' pool (issue 37).
    let (status, v) = app.get("/api/leaderboard?x=1").await;
    assert_eq!(
        (status, &v["pool"]),
        (StatusCode::OK, &json!("kalah-6-4/blitz"))
    );
    for name in ["nobody", "x", "%F0%9F%98%80", "a%20b", &"z".repeat(300)] {
        let (status, v) = app.get(&format!("/api/players/{name}")).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{name}: {v}");
    }
}

/// A rated game ended by a flag fall is rated as a loss of the player whose time ran out, in
/// the pool of its time control, in the same write as its ending.
#[tokio::test]
async fn a_rated_game_lost_on_time_moves_both_ratings() {
    let t = TestApp::open_with(
        tempfile::tempdir().unwrap(),
        &kalah_server::Policy {
            manual_time: Some(1_790_000_000_000),
            ..Default::default()
        },
    );
    let alice = sign_up(&t, "alice").await;
    let bob = sign_up(&t, "bob").await;
    let body = json!({"opponent": {"kind": "friend"}, "side": "south", "first": "south",
                      "time_control": "1+0", "rated": true});
    let (status, v, _) = send(&t, Method::POST, "/api/games", Some(&alice), Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    let id = v["id"].as_str().unwrap().to_string();
    let south = v["token"].as_str().unwrap().to_string();
    let north = v["invite_url"]
        .as_str()
        .unwrap()
        .split("seat=")
        .nth(1)
        .unwrap()
        .to_string();
    t.open_game(&id, &north).await;
    let (game, player) = (id.clone(), bob.id.clone());
    t.state
        .db()
        .call(move |db| db.set_seat_player(&game, "north", &player))
        .await
        .unwrap();
    for (token, mv, ply) in [(&south, "1", 0), (&north, "1", 1)] {
        let (s, g) = t.play(&id, token, mv, ply).await;
        assert_eq!(s, StatusCode::OK, "{g}");
    }
    t.state.advance_time(60_000);
    assert_eq!(t.state.end_expired_clocks().await, 1);
    let (_, g) = t.get(&format!("/api/games/{id}")).await;
    assert_eq!(g["status"], "timeout", "{g}");
    assert_eq!(g["result"]["winner"], "north", "{g}");
    let r = &g["ratings"];
    assert!(r["south"]["change"].as_f64().unwrap() < 0.0, "{g}");
    assert!(r["north"]["change"].as_f64().unwrap() > 0.0, "{g}");
    let pool = r["north"]["pool"].as_str().unwrap();
    assert!(pool.starts_with("kalah-6-4/") && pool != POOL, "{g}");
}
