//! The lobby over real sockets on 127.0.0.1, on a manual clock: seeks listed live, accepted
//! (both seats linked, rated only between accounts) and gone with their creator; quick
//! pairing; challenges accepted, declined and expired; the caps and refusals. On SQLite, or
//! on PostgreSQL with `KALAH_TEST_DATABASE=postgres`. Then (issue 19) two servers on one
//! PostgreSQL database: a seek made on one seen and accepted on the other, two accepts of
//! one seek making one game, pool pairing across servers, a dead server's seeks removed.

mod common;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// The manual time the tests start at (Unix ms).
const T0: i64 = 1_790_000_000_000;

struct Server {
    base: String,
    state: kalah_server::AppState,
    http: reqwest::Client,
    _dir: tempfile::TempDir,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for Server {
    fn drop(&mut self) {
        self.task.abort();
    }
}

fn policy() -> kalah_server::Policy {
    kalah_server::Policy {
        manual_time: Some(T0),
        ..Default::default()
    }
}

async fn start() -> Server {
    let dir = tempfile::tempdir().unwrap();
    let state = common::open_state(dir.path(), &policy());
    serve(dir, state)
}

/// A server over the database at `location`, as one instance of several.
async fn start_at(location: &kalah_storage::Location) -> Server {
    let dir = tempfile::tempdir().unwrap();
    let state = kalah_server::open_state_at(dir.path(), Some(location), &policy()).unwrap();
    serve(dir, state)
}

fn serve(dir: tempfile::TempDir, state: kalah_server::AppState) -> Server {
    let listener = kalah_server::listen("127.0.0.1:0".parse().unwrap()).unwrap();
    let addr = listener.local_addr().unwrap();
    let serving = state.clone();
    let task = tokio::spawn(async move {
        kalah_server::serve(listener, serving, std::future::pending())
            .await
            .unwrap();
    });
    Server {
        base: format!("127.0.0.1:{}", addr.port()),
        state,
        http: reqwest::Client::new(),
        _dir: dir,
        task,
    }
}

/// A browser: its session cookie and name.
struct Who {
    cookie: String,
    name: String,
}

async fn session(s: &Server, path: &str, body: Option<Value>) -> Who {
    let mut req = s.http.post(format!("http://{}{path}", s.base));
    if let Some(b) = body {
        req = req.json(&b);
    }
    let res = req.send().await.unwrap();
    assert_eq!(res.status(), 201, "{path}");
    let cookie = res.headers()["set-cookie"]
        .to_str()
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_string();
    let v: Value = res.json().await.unwrap();
    Who {
        cookie,
        name: v["player"]["name"].as_str().unwrap().to_string(),
    }
}

async fn sign_up(s: &Server, name: &str) -> Who {
    let body = json!({"name": name, "password": "correct horse"});
    session(s, "/api/session/signup", Some(body)).await
}

async fn guest(s: &Server) -> Who {
    session(s, "/api/session/guest", None).await
}

/// A lobby socket of `who`; answers it and its hello message.
async fn lobby(s: &Server, who: &Who) -> (Ws, Value) {
    let mut req = format!("ws://{}/api/lobby/ws", s.base)
        .into_client_request()
        .unwrap();
    req.headers_mut()
        .insert("cookie", who.cookie.parse().unwrap());
    let (mut ws, _) = tokio_tungstenite::connect_async(req).await.unwrap();
    let hello = next(&mut ws).await;
    assert_eq!(hello["type"], "hello", "{hello}");
    (ws, hello)
}

/// A lobby socket of `who` that follows the seek list; answers it and the list.
async fn watching(s: &Server, who: &Who) -> (Ws, Value) {
    let (mut ws, hello) = lobby(s, who).await;
    say(&mut ws, json!({"type": "watch_seeks", "on": true})).await;
    let list = next(&mut ws).await;
    assert_eq!(list["type"], "seeks", "{list}");
    assert_eq!(list["seeks"], hello["seeks"]);
    (ws, list)
}

/// The next JSON message, within 10 s.
async fn next(ws: &mut Ws) -> Value {
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(10), ws.next())
            .await
            .expect("no message within 10 s")
            .expect("socket closed")
            .expect("socket error");
        if let Message::Text(t) = msg {
            return serde_json::from_str(&t).unwrap();
        }
    }
}

/// The next message of type `kind`, skipping others.
async fn next_of(ws: &mut Ws, kind: &str) -> Value {
    for _ in 0..50 {
        let v = next(ws).await;
        if v["type"] == kind {
            return v;
        }
    }
    panic!("no {kind} message");
}

/// The next seek added in a seeks_changed message, skipping others.
async fn added(ws: &mut Ws) -> Value {
    for _ in 0..50 {
        let v = next_of(ws, "seeks_changed").await;
        if let Some(s) = v["added"].as_array().and_then(|a| a.first()) {
            return s.clone();
        }
    }
    panic!("no seek added");
}

/// Waits for seeks_changed messages that remove all of `ids` (in one or more), skipping others.
async fn removed(ws: &mut Ws, ids: &[&Value]) {
    let mut left = ids.to_vec();
    for _ in 0..50 {
        let v = next(ws).await;
        if v["type"] == "seeks_changed" {
            let gone = v["removed"].as_array().cloned().unwrap_or_default();
            left.retain(|id| !gone.contains(id));
        }
        if left.is_empty() {
            return;
        }
    }
    panic!("seeks {left:?} not removed");
}

async fn say(ws: &mut Ws, v: Value) {
    ws.send(Message::Text(v.to_string().into())).await.unwrap();
}

async fn get(s: &Server, path: &str) -> Value {
    let res = s
        .http
        .get(format!("http://{}{path}", s.base))
        .send()
        .await
        .unwrap();
    res.json().await.unwrap()
}

async fn play(s: &Server, id: &str, token: &str, mv: &str) -> Value {
    let res = s
        .http
        .post(format!("http://{}/api/games/{id}/moves", s.base))
        .bearer_auth(token)
        .json(&json!({"move": mv}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    res.json().await.unwrap()
}

fn seek(rated: bool) -> Value {
    json!({"type": "seek", "rules": "kalah-6-4", "time_control": "1+0", "rated": rated})
}

#[tokio::test]
async fn an_accepted_seek_seats_both_accounts_in_a_rated_game_that_rates_them() {
    let s = start().await;
    let (ann, bob) = (sign_up(&s, "ann").await, sign_up(&s, "bob").await);
    let (mut a, hello) = lobby(&s, &ann).await;
    assert_eq!(hello["you"], json!({"name": "ann", "account": true}));
    assert_eq!(hello["seeks"], json!([]));
    say(&mut a, json!({"type": "watch_seeks", "on": true})).await;
    assert_eq!(next(&mut a).await, json!({"type": "seeks", "seeks": []}));
    let (mut b, _) = watching(&s, &bob).await;
    say(&mut a, seek(true)).await;
    let created = next_of(&mut a, "seek_created").await;
    let mine = added(&mut a).await;
    assert_eq!(mine["mine"], true);
    let theirs = added(&mut b).await;
    assert_eq!(theirs["id"], created["id"]);
    assert_eq!(theirs["mine"], false);
    assert_eq!(theirs["name"], "ann");
    assert_eq!(theirs["rating"], 1500.0);
    assert_eq!(theirs["rated"], true);
    assert_eq!(theirs["time_control"], "1+0");
    say(&mut b, json!({"type": "accept_seek", "id": theirs["id"]})).await;
    let ga = next_of(&mut a, "game").await;
    let gb = next_of(&mut b, "game").await;
    assert_eq!(ga["id"], gb["id"]);
    assert_ne!(ga["side"], gb["side"]);
    assert_ne!(ga["token"], gb["token"]);
    assert_eq!(
        (&ga["opponent"], &gb["opponent"]),
        (&json!("bob"), &json!("ann"))
    );
    // The seek left the list.
    let (_, hello) = lobby(&s, &bob).await;
    assert_eq!(hello["seeks"], json!([]));

    let id = ga["id"].as_str().unwrap();
    let g = get(&s, &format!("/api/games/{id}")).await;
    assert_eq!(g["rated"], true);
    assert_eq!(g["time_control"], "1+0");
    let side_a = ga["side"].as_str().unwrap();
    let side_b = gb["side"].as_str().unwrap();
    assert_eq!(g["accounts"][side_a], "ann");
    assert_eq!(g["accounts"][side_b], "bob");
    // South moves first; both first moves are free, then South's clock runs out.
    let token = |side: &str| {
        if ga["side"] == side {
            &ga["token"]
        } else {
            &gb["token"]
        }
        .as_str()
        .unwrap()
        .to_string()
    };
    play(&s, id, &token("south"), "1").await;
    play(&s, id, &token("north"), "1").await;
    s.state.advance_time(60_000);
    assert_eq!(s.state.end_expired_clocks().await, 1);
    let g = get(&s, &format!("/api/games/{id}")).await;
    assert_eq!(g["status"], "timeout", "{g}");
    assert_eq!(g["result"]["winner"], "north");
    assert!(
        g["ratings"]["north"]["change"].as_f64().unwrap() > 0.0,
        "{g}"
    );
    assert!(
        g["ratings"]["south"]["change"].as_f64().unwrap() < 0.0,
        "{g}"
    );
    // Both find the game and their new rating on their player pages.
    for (who, side) in [("ann", side_a), ("bob", side_b)] {
        let p = get(&s, &format!("/api/players/{who}")).await;
        assert_eq!(p["games"][0]["id"], id, "{p}");
        let result = if side == "north" { "win" } else { "loss" };
        assert_eq!(p["games"][0]["result"], result, "{who}: {p}");
        let r = &p["ratings"][0];
        assert_eq!(r["pool"], "kalah-6-4/bullet");
        let won = side == "north";
        assert_eq!(r["rating"].as_f64().unwrap() > 1500.0, won, "{who}: {p}");
    }
}

/// Two accounts whose ratings are far apart wait in the pool, unpaired, until their ranges
/// have widened enough: then the tick pairs them and starts their game (stored in the tick's
/// transaction) on the clock of their pool.
#[tokio::test]
async fn the_tick_pairs_distant_ratings_once_their_ranges_widen() {
    let s = start().await;
    let (ann, bob) = (sign_up(&s, "ann").await, sign_up(&s, "bob").await);
    let (mut a, _) = lobby(&s, &ann).await;
    let (mut b, _) = lobby(&s, &bob).await;
    // A rated game first: bob wins on time, so their ratings part (about 1,660 and 1,340).
    say(&mut a, seek(true)).await;
    let id = next_of(&mut a, "seek_created").await["id"].clone();
    say(&mut b, json!({"type": "accept_seek", "id": id})).await;
    let ga = next_of(&mut a, "game").await;
    let gb = next_of(&mut b, "game").await;
    let (south, north) = if ga["side"] == "south" {
        (&ga, &gb)
    } else {
        (&gb, &ga)
    };
    let game = ga["id"].as_str().unwrap();
    play(&s, game, south["token"].as_str().unwrap(), "1").await;
    play(&s, game, north["token"].as_str().unwrap(), "1").await;
    s.state.advance_time(60_000);
    assert_eq!(s.state.end_expired_clocks().await, 1);

    let join = json!({"type": "pool_join", "rules": "kalah-6-4", "time_control": "1+0",
                      "rated": true});
    say(&mut a, join.clone()).await;
    next_of(&mut a, "pool").await;
    say(&mut b, join).await;
    next_of(&mut b, "pool").await;
    assert_eq!(s.state.lobby_tick().await, 0, "too far apart yet");
    assert_eq!(s.state.lobby_waiting().await.unwrap(), 2);
    // Each range widens by 50 every 5 s from 100.
    s.state.advance_time(40_000);
    s.state.lobby_tick().await;
    let ga = next_of(&mut a, "game").await;
    let gb = next_of(&mut b, "game").await;
    assert_eq!(ga["id"], gb["id"]);
    assert_ne!(ga["id"].as_str(), Some(game));
    assert_eq!(
        (ga["rated"].clone(), ga["time_control"].clone()),
        (json!(true), json!("1+0"))
    );
    assert_eq!(s.state.lobby_waiting().await.unwrap(), 0);
    let g = get(&s, &format!("/api/games/{}", ga["id"].as_str().unwrap())).await;
    assert_eq!(g["status"], "playing", "{g}");
    assert_eq!(g["rated"], true, "{g}");
}

#[tokio::test]
async fn a_seek_dies_with_its_creators_last_socket_and_can_be_cancelled() {
    let s = start().await;
    let (ann, bob) = (guest(&s).await, guest(&s).await);
    let (mut a1, _) = watching(&s, &ann).await;
    let (mut a2, _) = watching(&s, &ann).await;
    let (mut b, _) = watching(&s, &bob).await;
    // A socket that does not watch the list (another page) gets no seek changes.
    let (mut d, _) = lobby(&s, &guest(&s).await).await;
    say(&mut a1, seek(false)).await;
    let id = next_of(&mut a1, "seek_created").await["id"].clone();
    assert_eq!(added(&mut b).await["id"], id);
    say(&mut d, json!({"type": "ping"})).await;
    assert_eq!(next(&mut d).await["type"], "pong");
    say(&mut d, json!({"type": "watch_seeks", "on": true})).await;
    assert_eq!(next(&mut d).await["seeks"][0]["id"], id);
    // A newcomer sees it in their hello.
    let (mut c, hello) = watching(&s, &guest(&s).await).await;
    assert_eq!(hello["seeks"][0]["id"], id);
    assert_eq!(
        hello["seeks"][0]["rating"],
        Value::Null,
        "guests have no rating"
    );
    a1.close(None).await.unwrap();
    // Still open in ann's other tab: a second seek, then the last tab closes.
    say(&mut a2, seek(false)).await;
    let id2 = next_of(&mut a2, "seek_created").await["id"].clone();
    a2.close(None).await.unwrap();
    removed(&mut b, &[&id, &id2]).await;
    // Cancelling: only one's own.
    say(&mut b, seek(false)).await;
    let id3 = next_of(&mut b, "seek_created").await["id"].clone();
    say(&mut c, json!({"type": "cancel_seek", "id": id3})).await;
    assert_eq!(next_of(&mut c, "error").await["code"], "not_yours");
    say(&mut b, json!({"type": "cancel_seek", "id": id3})).await;
    removed(&mut c, &[&id3]).await;
}

#[tokio::test]
async fn rated_seeks_need_accounts_and_bad_messages_get_clear_errors() {
    let s = start().await;
    let (acc, g) = (sign_up(&s, "carol").await, guest(&s).await);
    let (mut a, _) = lobby(&s, &acc).await;
    let (mut b, _) = lobby(&s, &g).await;
    say(&mut b, seek(true)).await;
    assert_eq!(next_of(&mut b, "error").await["code"], "account_needed");
    say(&mut a, seek(true)).await;
    let id = next_of(&mut a, "seek_created").await["id"].clone();
    say(&mut b, json!({"type": "accept_seek", "id": id})).await;
    assert_eq!(next_of(&mut b, "error").await["code"], "account_needed");
    say(&mut a, json!({"type": "accept_seek", "id": id})).await;
    assert_eq!(next_of(&mut a, "error").await["code"], "own_seek");
    for (bad, code) in [
        (
            json!({"type": "seek", "rules": "oware", "time_control": "3+2"}),
            "bad_rules",
        ),
        (
            json!({"type": "seek", "rules": "kalah-6-4", "time_control": "2+7"}),
            "bad_time_control",
        ),
        (json!({"type": "dance"}), "bad_message"),
        (json!({"type": "accept_seek", "id": 999}), "seek_gone"),
    ] {
        say(&mut a, bad).await;
        assert_eq!(next_of(&mut a, "error").await["code"], code);
    }
    // The cap of open seeks per player (one is open already).
    for _ in 0..2 {
        say(&mut a, seek(false)).await;
        next_of(&mut a, "seek_created").await;
    }
    say(&mut a, seek(false)).await;
    let e = next_of(&mut a, "error").await;
    assert_eq!(e["code"], "too_many", "{e}");
    // A message over the size limit closes the socket.
    say(&mut b, json!({"type": "ping", "pad": "x".repeat(2000)})).await;
    let closed = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            match b.next().await {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return,
                _ => {}
            }
        }
    })
    .await;
    assert!(closed.is_ok());
}

#[tokio::test]
async fn the_lobby_needs_a_session_from_this_site() {
    let s = start().await;
    let req = format!("ws://{}/api/lobby/ws", s.base)
        .into_client_request()
        .unwrap();
    match tokio_tungstenite::connect_async(req).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => assert_eq!(r.status(), 401),
        other => panic!("not refused: {:?}", other.map(|_| ())),
    }
    let who = guest(&s).await;
    let mut req = format!("ws://{}/api/lobby/ws", s.base)
        .into_client_request()
        .unwrap();
    req.headers_mut()
        .insert("cookie", who.cookie.parse().unwrap());
    req.headers_mut()
        .insert("origin", "https://evil.example".parse().unwrap());
    match tokio_tungstenite::connect_async(req).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => assert_eq!(r.status(), 403),
        other => panic!("not refused: {:?}", other.map(|_| ())),
    }
}

#[tokio::test]
async fn quick_pairing_seats_two_players_of_a_pool() {
    let s = start().await;
    let (ann, bob, cy) = (guest(&s).await, guest(&s).await, guest(&s).await);
    let (mut a, _) = lobby(&s, &ann).await;
    let (mut b, _) = lobby(&s, &bob).await;
    let (mut c, _) = lobby(&s, &cy).await;
    let join = |tc: &str| json!({"type": "pool_join", "rules": "bga-6-6", "time_control": tc});
    say(&mut a, join("3+2")).await;
    assert_eq!(next_of(&mut a, "pool").await["pool"]["time_control"], "3+2");
    // Another pool: cy is never paired with them.
    say(&mut c, join("5+3")).await;
    next_of(&mut c, "pool").await;
    say(&mut b, join("3+2")).await;
    let ga = next_of(&mut a, "game").await;
    let gb = next_of(&mut b, "game").await;
    assert_eq!(ga["id"], gb["id"]);
    assert_eq!(ga["rules"], "bga-6-6");
    assert_eq!(ga["rated"], false);
    let g = get(&s, &format!("/api/games/{}", ga["id"].as_str().unwrap())).await;
    assert_eq!(g["rules"]["seeds"], 6, "{g}");
    assert_eq!(g["time_control"], "3+2");
    let names = [g["players"]["south"].clone(), g["players"]["north"].clone()];
    assert!(names.contains(&json!(ann.name)) && names.contains(&json!(bob.name)));
    // Leaving the page leaves the pool.
    c.close(None).await.unwrap();
    for _ in 0..200 {
        if s.state.lobby_waiting().await.unwrap() == 0 {
            return;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("cy is still in the pool");
}

#[tokio::test]
async fn challenges_are_accepted_declined_or_expire() {
    let s = start().await;
    let (ann, bob) = (sign_up(&s, "ann").await, guest(&s).await);
    let (mut a, _) = lobby(&s, &ann).await;
    let challenge = |to: &str, rated: bool| {
        json!({"type": "challenge", "to": to, "rules": "kalah-6-4", "time_control": "5+3",
               "rated": rated})
    };
    say(&mut a, challenge(&bob.name, false)).await;
    assert_eq!(next_of(&mut a, "error").await["code"], "not_online");
    let (mut b, _) = lobby(&s, &bob).await;
    say(&mut a, challenge(&bob.name, true)).await;
    assert_eq!(next_of(&mut a, "error").await["code"], "account_needed");
    say(&mut a, challenge(&bob.name, false)).await;
    let sent = next_of(&mut a, "challenge_sent").await;
    let got = next_of(&mut b, "challenge").await["challenge"].clone();
    assert_eq!(got["id"], sent["id"]);
    assert_eq!(got["from"], "ann");
    assert_eq!(got["time_control"], "5+3");
    say(
        &mut b,
        json!({"type": "challenge_decline", "id": got["id"]}),
    )
    .await;
    assert_eq!(next_of(&mut a, "challenge_declined").await["id"], got["id"]);
    // A challenge nobody answers expires.
    say(&mut a, challenge(&bob.name, false)).await;
    let got = next_of(&mut b, "challenge").await["challenge"].clone();
    s.state.advance_time(60_000);
    assert_eq!(next_of(&mut a, "challenge_expired").await["id"], got["id"]);
    assert_eq!(next_of(&mut b, "challenge_expired").await["id"], got["id"]);
    say(&mut b, json!({"type": "challenge_accept", "id": got["id"]})).await;
    assert_eq!(next_of(&mut b, "error").await["code"], "challenge_gone");
    // Accepted: a game for both.
    say(&mut a, challenge(&bob.name, false)).await;
    let got = next_of(&mut b, "challenge").await["challenge"].clone();
    say(&mut b, json!({"type": "challenge_accept", "id": got["id"]})).await;
    let ga = next_of(&mut a, "game").await;
    let gb = next_of(&mut b, "game").await;
    assert_eq!(ga["id"], gb["id"]);
    assert_eq!(ga["opponent"], bob.name);
}

/// Two servers on one fresh PostgreSQL database (None: PostgreSQL tests are skipped).
async fn two_servers() -> Option<(Server, Server)> {
    if !kalah_pgtest::available() {
        return None;
    }
    let location = kalah_storage::Location::Postgres(kalah_pgtest::shared().database());
    Some((start_at(&location).await, start_at(&location).await))
}

#[tokio::test]
async fn a_seek_made_on_one_server_is_seen_and_accepted_on_another() {
    let Some((s1, s2)) = two_servers().await else {
        return;
    };
    let (ann, bob) = (sign_up(&s1, "ann").await, sign_up(&s2, "bob").await);
    let (mut b, _) = watching(&s2, &bob).await;
    let (mut a, _) = watching(&s1, &ann).await;
    say(&mut a, seek(false)).await;
    let id = next_of(&mut a, "seek_created").await["id"].clone();
    let seen = added(&mut b).await;
    assert_eq!((&seen["id"], &seen["name"]), (&id, &json!("ann")));
    // A newcomer on the other server has it in their hello.
    let (_, hello) = lobby(&s2, &guest(&s2).await).await;
    assert_eq!(hello["seeks"][0]["id"], id);
    say(&mut b, json!({"type": "accept_seek", "id": id})).await;
    let ga = next_of(&mut a, "game").await;
    let gb = next_of(&mut b, "game").await;
    assert_eq!(ga["id"], gb["id"]);
    assert_ne!(ga["side"], gb["side"]);
    removed(&mut a, &[&id]).await;
    // Either server serves the game.
    let path = format!("/api/games/{}", ga["id"].as_str().unwrap());
    assert_eq!(get(&s1, &path).await["time_control"], "1+0");
    assert_eq!(get(&s2, &path).await["time_control"], "1+0");
}

#[tokio::test]
async fn two_accepts_of_one_seek_on_two_servers_start_one_game() {
    let Some((s1, s2)) = two_servers().await else {
        return;
    };
    let ann = guest(&s1).await;
    let (mut a, _) = lobby(&s1, &ann).await;
    let (mut b, _) = lobby(&s1, &guest(&s1).await).await;
    let (mut c, _) = lobby(&s2, &guest(&s2).await).await;
    say(&mut a, seek(false)).await;
    let id = next_of(&mut a, "seek_created").await["id"].clone();
    let accept = json!({"type": "accept_seek", "id": id});
    tokio::join!(say(&mut b, accept.clone()), say(&mut c, accept));
    // Each acceptor hears either its game or that the seek is gone.
    let mut games = Vec::new();
    for ws in [&mut b, &mut c] {
        let v = loop {
            let v = next(ws).await;
            if v["type"] == "game" || v["type"] == "error" {
                break v;
            }
        };
        if v["type"] == "game" {
            games.push(v["id"].clone());
        } else {
            assert_eq!(v["code"], "seek_gone", "{v}");
        }
    }
    assert_eq!(games.len(), 1, "one accept wins");
    assert_eq!(next_of(&mut a, "game").await["id"], games[0]);
    // And ann hears of no other game: everything she was sent comes before her pong.
    say(&mut a, json!({"type": "ping"})).await;
    loop {
        let v = next(&mut a).await;
        assert_ne!(v["type"], "game", "a second game: {v}");
        if v["type"] == "pong" {
            break;
        }
    }
}

#[tokio::test]
async fn players_in_a_pool_on_two_servers_are_paired_once() {
    let Some((s1, s2)) = two_servers().await else {
        return;
    };
    let (mut a, _) = lobby(&s1, &guest(&s1).await).await;
    let (mut b, _) = lobby(&s2, &guest(&s2).await).await;
    let join = json!({"type": "pool_join", "rules": "kalah-6-4", "time_control": "3+2"});
    say(&mut a, join.clone()).await;
    next_of(&mut a, "pool").await;
    say(&mut b, join).await;
    next_of(&mut b, "pool").await;
    let ga = next_of(&mut a, "game").await;
    let gb = next_of(&mut b, "game").await;
    assert_eq!(ga["id"], gb["id"]);
    assert_eq!(s1.state.lobby_waiting().await.unwrap(), 0);
    // Both servers tick; neither paired them again.
    say(&mut a, json!({"type": "ping"})).await;
    loop {
        let v = next(&mut a).await;
        assert_ne!(v["type"], "game", "paired twice: {v}");
        if v["type"] == "pong" {
            break;
        }
    }
}

#[tokio::test]
async fn a_dead_servers_seeks_are_removed_by_the_survivor() {
    let Some((s1, s2)) = two_servers().await else {
        return;
    };
    let (mut b, _) = watching(&s2, &guest(&s2).await).await;
    let (mut a, _) = lobby(&s1, &guest(&s1).await).await;
    say(&mut a, seek(false)).await;
    let id = next_of(&mut a, "seek_created").await["id"].clone();
    assert_eq!(added(&mut b).await["id"], id);
    // Server 1 stays silent (its manual clock stands still) while server 2's time runs past
    // the limit: server 2 counts it dead, and its tick removes its seek.
    s2.state.advance_time(9_000);
    removed(&mut b, &[&id]).await;
    let (_, hello) = lobby(&s2, &guest(&s2).await).await;
    assert_eq!(hello["seeks"], json!([]));
    assert_eq!(
        s2.state.lobby_tick().await,
        0,
        "nothing left to remove or pair"
    );
}

/// Issue 36: 50 networks filled a player's challenges (2 a network, 10 and 40 places for
/// networks with none there), and then no one else could reach them. Now a challenge from a
/// player they have a game with, or from an account, takes the place of the newest from a
/// stranger guest; a stranger guest is still refused, with a message that says why.
#[tokio::test]
async fn a_flood_of_strangers_challenges_gives_way_to_players_they_know_and_accounts() {
    let dir = tempfile::tempdir().unwrap();
    let policy = kalah_server::Policy {
        trusted_proxies: vec!["127.0.0.1".parse().unwrap()],
        ..policy()
    };
    let state = common::open_state(dir.path(), &policy);
    let s = serve(dir, state);
    // Each from a network of its own (the server trusts 127.0.0.1 as a proxy).
    let from = |who: Option<&Who>, ip: String| {
        let s = &s;
        let who_cookie = who.map(|w| w.cookie.clone());
        async move {
            match who_cookie {
                None => {
                    let res = s
                        .http
                        .post(format!("http://{}/api/session/guest", s.base))
                        .header("x-forwarded-for", &ip)
                        .send()
                        .await
                        .unwrap();
                    assert_eq!(res.status(), 201, "guest from {ip}");
                    let cookie = res.headers()["set-cookie"].to_str().unwrap();
                    let cookie = cookie.split(';').next().unwrap().to_string();
                    let v: Value = res.json().await.unwrap();
                    let name = v["player"]["name"].as_str().unwrap().to_string();
                    (Who { cookie, name }, None)
                }
                Some(cookie) => {
                    let mut req = format!("ws://{}/api/lobby/ws", s.base)
                        .into_client_request()
                        .unwrap();
                    req.headers_mut().insert("cookie", cookie.parse().unwrap());
                    req.headers_mut()
                        .insert("x-forwarded-for", ip.parse().unwrap());
                    let (mut ws, _) = tokio_tungstenite::connect_async(req).await.unwrap();
                    assert_eq!(next(&mut ws).await["type"], "hello");
                    (
                        Who {
                            cookie,
                            name: String::new(),
                        },
                        Some(ws),
                    )
                }
            }
        }
    };
    let guest_at = |n: u32| {
        let from = &from;
        async move {
            let ip = format!("10.{}.{}.1", n / 256, n % 256);
            let (who, _) = from(None, ip.clone()).await;
            let (_, ws) = from(Some(&who), ip).await;
            (who, ws.unwrap())
        }
    };
    let challenge = |to: &str| {
        json!({"type": "challenge", "to": to, "rules": "kalah-6-4", "time_control": "5+3",
               "rated": false})
    };
    let (tom, mut t) = guest_at(1).await;
    // pal has a game with tom: tom's seek, accepted.
    let (pal, mut p) = guest_at(2).await;
    say(&mut t, seek(false)).await;
    let id = next_of(&mut t, "seek_created").await["id"].clone();
    say(&mut p, json!({"type": "accept_seek", "id": id})).await;
    next_of(&mut p, "game").await;
    next_of(&mut t, "game").await;
    // 50 stranger guests from 50 networks fill tom's challenges.
    let mut strangers = Vec::new();
    for n in 0..50 {
        let (_, mut ws) = guest_at(100 + n).await;
        say(&mut ws, challenge(&tom.name)).await;
        let sent = next_of(&mut ws, "challenge_sent").await;
        strangers.push((ws, sent["id"].clone()));
    }
    for _ in 0..50 {
        next_of(&mut t, "challenge").await;
    }
    // A 51st is refused, and told who goes first.
    let (_, mut late) = guest_at(200).await;
    say(&mut late, challenge(&tom.name)).await;
    let e = next_of(&mut late, "error").await;
    assert_eq!(e["code"], "too_many", "{e}");
    assert!(e["error"].as_str().unwrap().contains("has played"), "{e}");
    // An account takes the newest stranger's place...
    let carol = sign_up(&s, "carol").await;
    let (_, c) = from(Some(&carol), "10.1.44.1".into()).await;
    let mut c = c.unwrap();
    say(&mut c, challenge(&tom.name)).await;
    next_of(&mut c, "challenge_sent").await;
    let (mut newest, newest_id) = strangers.pop().unwrap();
    let out = next_of(&mut newest, "challenge_crowded_out").await;
    assert_eq!(out["id"], newest_id);
    let told = next_of(&mut t, "challenge_crowded_out").await;
    assert_eq!(told["id"], newest_id);
    assert_eq!(
        next_of(&mut t, "challenge").await["challenge"]["from"],
        "carol"
    );
    // ... and pal, a guest who played tom, the next one's: tom accepts it.
    say(&mut p, challenge(&tom.name)).await;
    next_of(&mut p, "challenge_sent").await;
    let (mut next_newest, next_id) = strangers.pop().unwrap();
    assert_eq!(
        next_of(&mut next_newest, "challenge_crowded_out").await["id"],
        next_id
    );
    next_of(&mut t, "challenge_crowded_out").await;
    let got = next_of(&mut t, "challenge").await["challenge"].clone();
    assert_eq!(got["from"], pal.name.as_str());
    say(&mut t, json!({"type": "challenge_accept", "id": got["id"]})).await;
    assert_eq!(next_of(&mut p, "game").await["opponent"], tom.name.as_str());
}
