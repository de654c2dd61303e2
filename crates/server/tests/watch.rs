//! The Watch page's API: which games are listed, their order and scores, the live socket,
//! its bounds, and the presence messages a game's players get for claims.

mod common;

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use common::{seat_of, sign_up, TestApp, Who};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

fn friend(first: &str) -> Value {
    json!({"opponent": {"kind": "friend"}, "side": "south", "first": first})
}

async fn listed(t: &TestApp) -> Value {
    let (st, v) = t.get("/api/watch").await;
    assert_eq!(st, StatusCode::OK, "{v}");
    v
}

fn ids(list: &Value) -> Vec<&str> {
    list["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect()
}

#[tokio::test]
async fn games_between_people_are_listed_while_they_are_played() {
    let t = TestApp::new();
    let (id, south, v) = t.create(friend("south")).await;
    // Nobody is at the other seat and no move was played: nothing to watch yet.
    assert!(ids(&listed(&t).await).is_empty());
    // The friend opens the game, and its host moves.
    t.open_game(&id, &seat_of(&v["invite_url"])).await;
    let (st, v) = t.play(&id, &south, "3", 0).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    let list = listed(&t).await;
    assert_eq!(ids(&list), [id.as_str()]);
    let g = &list["games"][0];
    assert_eq!(g["kind"], "people");
    assert_eq!(g["ply"], 1);
    // House 3 of the standard start ends in the store: one seed there, and South again.
    assert_eq!(g["stores"], json!({"south": 1, "north": 0}));
    assert_eq!(g["to_move"], "south");
    assert_eq!(g["rating"], Value::Null);
    assert_eq!(list["total"], 1);
    // Games against the computer and on one screen are practice: not listed.
    t.create(json!({"opponent": {"kind": "computer", "level": "beginner"}}))
        .await;
    let (lid, ltok, _) = t.create(json!({"opponent": {"kind": "local"}})).await;
    t.play(&lid, &ltok, "1", 0).await;
    assert_eq!(ids(&listed(&t).await), [id.as_str()]);
    // A game that ends leaves the list.
    let (st, v) = t
        .post(&format!("/api/games/{id}/resign"), Some(&south), json!({}))
        .await;
    assert_eq!(st, StatusCode::OK, "{v}");
    assert!(ids(&listed(&t).await).is_empty());
}

#[tokio::test]
async fn unrated_games_are_listed_latest_moved_first() {
    let t = TestApp::new();
    let mut games = Vec::new();
    for _ in 0..3 {
        let (id, south, v) = t.create(friend("south")).await;
        t.open_game(&id, &seat_of(&v["invite_url"])).await;
        // House 3 ends in the store: South moves again.
        t.play(&id, &south, "3", 0).await;
        games.push((id, south));
        // Moves a millisecond apart at least, so their order is known.
        tokio::time::sleep(Duration::from_millis(3)).await;
    }
    let order: Vec<String> = ids(&listed(&t).await)
        .into_iter()
        .map(String::from)
        .collect();
    assert_eq!(
        order,
        [games[2].0.clone(), games[1].0.clone(), games[0].0.clone()]
    );
    // The first game moves again: it comes first.
    let (st, v) = t.play(&games[0].0, &games[0].1, "2", 1).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    assert_eq!(ids(&listed(&t).await)[0], games[0].0);
}

/// A friend game created by the signed-in `south`, with `north` (a player id) seated at the
/// other seat when given (as the lobby seats players), flagged `rated`: (id, south token,
/// north token).
async fn seated_game(
    t: &TestApp,
    south: &Who,
    north: Option<&str>,
    rated: bool,
) -> (String, String, String) {
    let req = Request::builder()
        .method(Method::POST)
        .uri("/api/games")
        .header(header::CONTENT_TYPE, "application/json")
        .header(header::COOKIE, format!("kalah_session={}", south.cookie))
        .header("x-csrf-token", &south.csrf)
        .body(Body::from(friend("south").to_string()))
        .unwrap();
    let (st, text, _) = t.raw(req).await;
    assert_eq!(st, StatusCode::CREATED, "{text}");
    let v: Value = serde_json::from_str(&text).unwrap();
    let id = v["id"].as_str().unwrap().to_string();
    let (game, player) = (id.clone(), north.map(str::to_string));
    t.state
        .db()
        .call(move |db| {
            if let Some(p) = player {
                db.set_seat_player(&game, "north", &p)?;
            }
            db.set_game_rated(&game, rated)
        })
        .await
        .unwrap();
    let north = seat_of(&v["invite_url"]);
    t.open_game(&id, &north).await;
    (id, v["token"].as_str().unwrap().to_string(), north)
}

#[tokio::test]
async fn games_are_ordered_by_their_players_ratings_and_unrated_ones_come_last() {
    let t = TestApp::new();
    let alice = sign_up(&t, "Alice").await;
    let bob = sign_up(&t, "Bob").await;
    // A rated game Bob wins (Alice resigns) gives both a rating in the pool of untimed
    // standard games: Bob above 1500, Alice below.
    let (id, s, _) = seated_game(&t, &alice, Some(&bob.id), true).await;
    t.post(&format!("/api/games/{id}/resign"), Some(&s), json!({}))
        .await;
    // Now three games: Bob against a guest (Bob's rating), Alice against Bob (the mean,
    // 1500), and two guests (no rating).
    let (guests, gs, v) = t.create(friend("south")).await;
    t.open_game(&guests, &seat_of(&v["invite_url"])).await;
    let (bob_guest, bs, _) = seated_game(&t, &bob, None, false).await;
    let (alice_bob, abs, _) = seated_game(&t, &alice, Some(&bob.id), false).await;
    for (id, token) in [(&guests, &gs), (&bob_guest, &bs), (&alice_bob, &abs)] {
        let (st, v) = t.play(id, token, "3", 0).await;
        assert_eq!(st, StatusCode::OK, "{v}");
    }
    // The ratings are read in the background: wait for them.
    let mut list = listed(&t).await;
    for _ in 0..200 {
        if list["games"][1]["rating"].is_number() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
        list = listed(&t).await;
    }
    assert_eq!(
        ids(&list),
        [bob_guest.as_str(), alice_bob.as_str(), guests.as_str()],
        "{list}"
    );
    let bob_rating = list["games"][0]["ratings"]["south"].as_i64().unwrap();
    assert!(bob_rating > 1500, "{list}");
    assert_eq!(list["games"][0]["rating"], bob_rating);
    assert_eq!(list["games"][0]["ratings"]["north"], Value::Null);
    let pair = &list["games"][1];
    let (a, b) = (
        pair["ratings"]["south"].as_i64().unwrap(),
        pair["ratings"]["north"].as_i64().unwrap(),
    );
    assert!(a < 1500 && b == bob_rating, "{pair}");
    assert!(
        (pair["rating"].as_i64().unwrap() - (a + b) / 2).abs() <= 1,
        "{pair}"
    );
    assert_eq!(list["games"][2]["rating"], Value::Null);
}

/// A server on a real socket (WebSockets, client addresses).
struct Live {
    base: String,
    task: tokio::task::JoinHandle<()>,
    _dir: tempfile::TempDir,
}

impl Drop for Live {
    fn drop(&mut self) {
        self.task.abort();
    }
}

async fn live(policy: kalah_server::Policy) -> Live {
    let dir = tempfile::tempdir().unwrap();
    let state = kalah_server::open_state_with(dir.path(), &policy).unwrap();
    let listener = kalah_server::listen("127.0.0.1:0".parse().unwrap()).unwrap();
    let addr = listener.local_addr().unwrap();
    let task = tokio::spawn(async move {
        kalah_server::serve(listener, state, std::future::pending())
            .await
            .unwrap();
    });
    Live {
        base: format!("127.0.0.1:{}", addr.port()),
        task,
        _dir: dir,
    }
}

impl Live {
    /// Opens a game with a seat's token, as the invited friend's page does.
    async fn open(&self, id: &str, token: &str) {
        let res = reqwest::Client::new()
            .get(format!("http://{}/api/games/{id}", self.base))
            .bearer_auth(token)
            .send()
            .await
            .unwrap();
        assert!(res.status().is_success(), "open {id}: {}", res.status());
    }

    async fn post(&self, path: &str, token: Option<&str>, body: Value) -> Value {
        let mut req = reqwest::Client::new()
            .post(format!("http://{}{path}", self.base))
            .json(&body);
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        let res = req.send().await.unwrap();
        assert!(res.status().is_success(), "{path}: {}", res.status());
        res.json().await.unwrap()
    }
}

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// The next JSON message of type `kind` (others are skipped), within 5 s.
async fn next_of(ws: &mut Ws, kind: &str) -> Value {
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(5), ws.next())
            .await
            .unwrap_or_else(|_| panic!("no {kind} message within 5 s"))
            .expect("socket closed")
            .unwrap();
        if let Message::Text(t) = msg {
            let v: Value = serde_json::from_str(&t).unwrap();
            if v["type"] == kind {
                return v;
            }
        }
    }
}

#[tokio::test]
async fn the_watch_socket_sends_the_list_then_its_changes() {
    let s = live(Default::default()).await;
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{}/api/watch/ws", s.base))
        .await
        .unwrap();
    let first = next_of(&mut ws, "games").await;
    assert_eq!(first["games"], json!([]));
    let v = s.post("/api/games", None, friend("south")).await;
    let (id, south) = (v["id"].as_str().unwrap(), v["token"].as_str().unwrap());
    s.open(id, &seat_of(&v["invite_url"])).await;
    s.post(
        &format!("/api/games/{id}/moves"),
        Some(south),
        json!({"move": "3", "ply": 0}),
    )
    .await;
    let mut list = next_of(&mut ws, "games").await;
    while list["games"][0]["ply"] != 1 {
        list = next_of(&mut ws, "games").await;
    }
    assert_eq!(list["games"][0]["id"], id);
    s.post(
        &format!("/api/games/{id}/moves"),
        Some(south),
        json!({"move": "6", "ply": 1}),
    )
    .await;
    let mut list = next_of(&mut ws, "games").await;
    while list["games"][0]["ply"] != 2 {
        list = next_of(&mut ws, "games").await;
    }
    assert_eq!(list["games"][0]["to_move"], "north");
    assert_eq!(list["games"][0]["stores"]["south"], 2);
    s.post(&format!("/api/games/{id}/resign"), Some(south), json!({}))
        .await;
    let mut list = next_of(&mut ws, "games").await;
    while list["total"] != 0 {
        list = next_of(&mut ws, "games").await;
    }
    assert_eq!(list["games"], json!([]));
    // Pings are answered.
    ws.send(Message::Text(r#"{"type":"ping"}"#.into()))
        .await
        .unwrap();
    next_of(&mut ws, "pong").await;
}

#[tokio::test]
async fn watch_sockets_count_against_the_address_cap() {
    let mut policy = kalah_server::Policy::default();
    policy.caps.sockets_per_address = 2;
    let s = live(policy).await;
    let url = format!("ws://{}/api/watch/ws", s.base);
    let (_a, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
    let (_b, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
    match tokio_tungstenite::connect_async(&url).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(res)) => {
            assert_eq!(res.status().as_u16(), 429)
        }
        other => panic!("a third socket was not refused: {:?}", other.map(|_| ())),
    }
}

#[tokio::test]
async fn players_hear_when_their_opponent_leaves_and_when_they_may_claim() {
    let policy = kalah_server::Policy {
        claim_grace: Some(Duration::from_secs(7)),
        ..Default::default()
    };
    let s = live(policy).await;
    let mut body = friend("south");
    body["time_control"] = json!("1d");
    let v = s.post("/api/games", None, body).await;
    let (id, south) = (v["id"].as_str().unwrap(), v["token"].as_str().unwrap());
    let north = seat_of(&v["invite_url"]);
    let url = |t: &str| format!("ws://{}/api/games/{id}/ws?token={t}", s.base);
    let (mut ws_s, _) = tokio_tungstenite::connect_async(url(south)).await.unwrap();
    let p = next_of(&mut ws_s, "presence").await;
    assert_eq!(p["grace_ms"], 7000);
    // North has not come since the server started: nothing to claim.
    assert_eq!(p["away"], json!({"south": null, "north": null}));
    let (mut ws_n, _) = tokio_tungstenite::connect_async(url(&north)).await.unwrap();
    next_of(&mut ws_n, "presence").await;
    ws_n.close(None).await.unwrap();
    drop(ws_n);
    let mut p = next_of(&mut ws_s, "presence").await;
    while p["away"]["north"].is_null() {
        p = next_of(&mut ws_s, "presence").await;
    }
    let wait = p["away"]["north"]["claim_in_ms"].as_i64().unwrap();
    assert!((6000..=7000).contains(&wait), "{p}");
    assert_eq!(p["away"]["south"], Value::Null);
    // North comes back: the claim is off.
    let (_ws_n, _) = tokio_tungstenite::connect_async(url(&north)).await.unwrap();
    let mut p = next_of(&mut ws_s, "presence").await;
    while !p["away"]["north"].is_null() {
        p = next_of(&mut ws_s, "presence").await;
    }
}
