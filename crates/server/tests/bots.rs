//! Bots with identities on 127.0.0.1: rated games between bots with tokens (and against a
//! computer level), the leaderboard, unrated bots without a token, the list of bots online,
//! a person challenging a waiting bot, and a database of an older schema upgraded.

mod common;

use kalah_kgp::Command;
use kalah_server::{AppState, KgpConfig, Policy};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tower::ServiceExt;

struct Server {
    dir: tempfile::TempDir,
    state: AppState,
    tcp: SocketAddr,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for Server {
    fn drop(&mut self) {
        self.task.abort();
    }
}

fn config() -> KgpConfig {
    KgpConfig {
        move_time: Duration::from_millis(300),
        boards: vec![(6, 4)],
        pair_wait: Duration::from_millis(200),
        levels: vec![kalah_engine::Level::Beginner],
        ..KgpConfig::default()
    }
}

async fn start_in(dir: tempfile::TempDir, kgp: KgpConfig) -> Server {
    let policy = Policy {
        kgp,
        ..Policy::default()
    };
    let state = common::open_state(dir.path(), &policy);
    let k = kalah_server::listen("127.0.0.1:0".parse().unwrap()).unwrap();
    let tcp = k.local_addr().unwrap();
    let s = state.clone();
    let task = tokio::spawn(async move {
        kalah_server::serve_kgp(k, s, std::future::pending()).await;
    });
    Server {
        dir,
        state,
        tcp,
        task,
    }
}

async fn start(kgp: KgpConfig) -> Server {
    start_in(tempfile::tempdir().unwrap(), kgp).await
}

/// A request in-process: the status and the JSON body.
async fn call(
    state: &AppState,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (u16, Value) {
    let mut req = axum::http::Request::builder().method(method).uri(path);
    if let Some(t) = token {
        req = req.header("authorization", format!("Bearer {t}"));
    }
    let req = match body {
        Some(b) => req
            .header("content-type", "application/json")
            .body(axum::body::Body::from(b.to_string())),
        None => req.body(axum::body::Body::empty()),
    }
    .unwrap();
    let res = kalah_server::app(state.clone()).oneshot(req).await.unwrap();
    let status = res.status().as_u16();
    let bytes = http_body_util::BodyExt::collect(res.into_body())
        .await
        .unwrap()
        .to_bytes();
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

async fn get(state: &AppState, path: &str) -> Value {
    let (status, body) = call(state, "GET", path, None, None).await;
    assert_eq!(status, 200, "{path}: {body}");
    body
}

/// The game once it is over (within 60 s).
async fn finished(state: &AppState, id: &str) -> Value {
    for _ in 0..1200 {
        let g = get(state, &format!("/api/games/{id}")).await;
        if g["status"] != "playing" {
            return g;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("game {id} did not end within 60 s");
}

/// Waits (up to 10 s) until `GET /api/bots` satisfies `ok`.
async fn online_until(state: &AppState, ok: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..200 {
        let b = get(state, "/api/bots").await;
        if ok(&b) {
            return b;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!(
        "the bots online never looked as expected: {}",
        get(state, "/api/bots").await
    );
}

fn named<'a>(list: &'a Value, name: &str) -> Option<&'a Value> {
    list["bots"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["name"] == name)
}

/// A bot over TCP: names itself (with a token when given), plays its first legal move with
/// a comment, and reports the ids of its games on `ids`. Ends when the server says goodbye
/// or the connection closes.
async fn bot(
    addr: SocketAddr,
    name: &'static str,
    token: Option<&'static str>,
    ids: mpsc::UnboundedSender<String>,
) -> Vec<String> {
    play(addr, name, token, ids, false).await
}

/// [`bot`], or with `illegal` a bot that answers every state with house 99.
async fn play(
    addr: SocketAddr,
    name: &'static str,
    token: Option<&'static str>,
    ids: mpsc::UnboundedSender<String>,
    illegal: bool,
) -> Vec<String> {
    let (r, mut w) = TcpStream::connect(addr).await.unwrap().into_split();
    let mut r = BufReader::new(r);
    let mut errors = Vec::new();
    let mut line = String::new();
    loop {
        line.clear();
        match r.read_line(&mut line).await {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        let cmd: Command = line.trim_end().parse().unwrap();
        let mut out = Vec::new();
        match cmd.name.as_str() {
            "kgp" => {
                out.push(format!("set info:name \"{name}\""));
                out.push(format!("set info:authors \"tests of {name}\""));
                if let Some(t) = token {
                    out.push(format!("set auth:token \"{t}\""));
                }
                out.push("mode freeplay".into());
            }
            "set" if cmd.arg(0).and_then(|a| a.as_text()) == Some("game:id") => {
                let _ = ids.send(cmd.arg(1).unwrap().as_text().unwrap().to_string());
            }
            "state" => {
                let id = cmd.id.unwrap();
                let board = cmd.arg(0).unwrap().as_board().unwrap();
                let pos = board.to_position(board.rules().unwrap()).unwrap();
                let m = pos.legal_moves()[0];
                out.push(format!("set info:comment \"{name} likes house {m}\""));
                if illegal {
                    out.push(format!("@{id} move 99"));
                } else {
                    out.push(format!("@{id} move {m}"));
                }
                out.push(format!("@{id} yield"));
            }
            "ping" => out.push(format!("@{} pong", cmd.id.unwrap_or(0))),
            "error" => {
                let text = cmd
                    .arg(0)
                    .and_then(|a| a.as_text())
                    .unwrap_or("")
                    .to_string();
                let _ = ids.send(format!("error: {text}"));
                errors.push(text);
            }
            "goodbye" => break,
            _ => {}
        }
        for l in out {
            if w.write_all(format!("{l}\r\n").as_bytes()).await.is_err() {
                return errors;
            }
        }
    }
    errors
}

fn spawn_bot(
    s: &Server,
    name: &'static str,
    token: Option<&'static str>,
) -> (
    tokio::task::JoinHandle<Vec<String>>,
    mpsc::UnboundedReceiver<String>,
) {
    let (tx, rx) = mpsc::unbounded_channel();
    (tokio::spawn(bot(s.tcp, name, token, tx)), rx)
}

async fn next_game(rx: &mut mpsc::UnboundedReceiver<String>) -> String {
    tokio::time::timeout(Duration::from_secs(20), rx.recv())
        .await
        .expect("a game within 20 s")
        .unwrap()
}

/// The start seat `name` played in game `g`.
fn side_of(g: &Value, name: &str) -> &'static str {
    if g["players"]["south"] == name {
        "south"
    } else {
        assert_eq!(g["players"]["north"], name, "{g}");
        "north"
    }
}

/// `name`'s score in the finished game `g`: 1, 0.5 or 0.
fn score(g: &Value, name: &str) -> f64 {
    match g["result"]["winner"].as_str().unwrap() {
        "draw" => 0.5,
        w if w == side_of(g, name) => 1.0,
        _ => 0.0,
    }
}

fn row<'a>(board: &'a Value, name: &str) -> &'a Value {
    named(board, name).unwrap_or_else(|| panic!("{name} is not on the leaderboard: {board}"))
}

/// Checks `name`'s leaderboard row after one game with `score` against a new bot.
fn one_game(board: &Value, name: &str, score: f64) {
    one_game_against(board, name, score, 1500.0)
}

/// Checks `name`'s leaderboard row after one game with `score` against a player rated
/// `opponent` (a draw moves a new bot's rating towards it).
fn one_game_against(board: &Value, name: &str, score: f64, opponent: f64) {
    let r = row(board, name);
    assert_eq!(r["games"], 1, "{r}");
    let (w, d, l) = if score == 1.0 {
        (1, 0, 0)
    } else if score == 0.0 {
        (0, 0, 1)
    } else {
        (0, 1, 0)
    };
    assert_eq!(
        (
            r["wins"].as_i64(),
            r["draws"].as_i64(),
            r["losses"].as_i64()
        ),
        (Some(w), Some(d), Some(l)),
        "{r}"
    );
    let rating = r["rating"]["rating"].as_f64().unwrap();
    let deviation = r["rating"]["deviation"].as_f64().unwrap();
    assert!(deviation < 350.0, "one game makes a rating surer: {r}");
    match score {
        1.0 => assert!(rating > 1500.0, "{r}"),
        0.0 => assert!(rating < 1500.0, "{r}"),
        _ if opponent < 1499.0 => assert!(rating < 1500.0, "{r}"),
        _ if opponent > 1501.0 => assert!(rating > 1500.0, "{r}"),
        _ => assert!((rating - 1500.0).abs() < 1.0, "{r}"),
    }
}

#[tokio::test]
async fn two_bots_with_tokens_play_a_rated_game_with_comments() {
    let s = start(KgpConfig {
        level_games: 0,
        ..config()
    })
    .await;
    let (a, mut ra) = spawn_bot(&s, "alpha", Some("token-of-alpha"));
    let (b, mut rb) = spawn_bot(&s, "beta", Some("token-of-beta"));
    let id = next_game(&mut ra).await;
    assert_eq!(next_game(&mut rb).await, id);
    let playing = online_until(&s.state, |b| named(b, "alpha").is_some()).await;
    let alpha = named(&playing, "alpha").unwrap();
    assert_eq!(alpha["rated"], true, "{alpha}");
    assert_eq!(alpha["authors"], "tests of alpha", "{alpha}");
    assert_eq!(alpha["rating"]["provisional"], true, "{alpha}");
    let g = finished(&s.state, &id).await;
    assert_eq!(g["status"], "finished", "{g}");
    assert_eq!(g["rated"], true, "a game between rated bots says so: {g}");
    // The rating update is stored with the last move: it is there once the game is over.
    let board = get(&s.state, "/api/bots/leaderboard").await;
    assert_eq!(board["bots"].as_array().unwrap().len(), 2, "{board}");
    one_game(&board, "alpha", score(&g, "alpha"));
    assert_eq!(row(&board, "alpha")["authors"], "tests of alpha");
    one_game(&board, "beta", score(&g, "beta"));
    assert_eq!(board["bots"][0]["rank"], 1);
    assert!(
        board["bots"][0]["rating"]["rating"].as_f64()
            >= board["bots"][1]["rating"]["rating"].as_f64()
    );
    assert!(
        !board.to_string().contains("token"),
        "tokens never show: {board}"
    );
    // Each bot move that was asked for keeps its comment, for the replay.
    let comments: Vec<&str> = g["history"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| e["comment"].as_str())
        .collect();
    assert!(!comments.is_empty(), "{g}");
    assert!(
        comments
            .iter()
            .all(|c| c.starts_with("alpha likes house") || c.starts_with("beta likes house")),
        "{comments:?}"
    );
    a.abort();
    b.abort();
}

#[tokio::test]
async fn a_bot_with_a_token_against_a_level_is_rated_one_without_is_not() {
    let s = start(config()).await;
    let (anon, mut ra) = spawn_bot(&s, "nameless", None);
    let id = next_game(&mut ra).await;
    let listed = online_until(&s.state, |b| named(b, "nameless").is_some()).await;
    let n = named(&listed, "nameless").unwrap();
    assert_eq!(
        (n["rated"].as_bool(), n["rating"].is_null()),
        (Some(false), true),
        "{n}"
    );
    let g = finished(&s.state, &id).await;
    assert_eq!(g["rated"], false, "{g}");
    anon.abort();
    let board = get(&s.state, "/api/bots/leaderboard").await;
    assert_eq!(
        board["bots"],
        json!([]),
        "a game without a token is not rated: {board}"
    );

    let (rated, mut rr) = spawn_bot(&s, "gamma", Some("token-of-gamma"));
    let id = next_game(&mut rr).await;
    let g = finished(&s.state, &id).await;
    // The game changed gamma's rating, and says it was rated (issue 34).
    assert_eq!(g["rated"], true, "a bot-vs-level game is rated: {g}");
    let board = get(&s.state, "/api/bots/leaderboard").await;
    // beginner's fixed rating is 800 (docs/levels.md): gamma is rated against that.
    one_game_against(&board, "gamma", score(&g, "gamma"), 800.0);
    let level = row(&board, "level:beginner");
    assert_eq!(
        (level["level"].as_bool(), level["games"].as_i64()),
        (Some(true), Some(1)),
        "{board}"
    );
    assert_eq!(
        (
            level["rating"]["rating"].as_f64(),
            level["rating"]["deviation"].as_f64()
        ),
        (Some(800.0), Some(30.0)),
        "a level keeps its fixed rating: {board}"
    );
    let gamma = row(&board, "gamma")["rating"]["rating"].as_f64().unwrap();
    let expected = kalah_match::glicko::Glicko::default().after_period(&[(
        kalah_storage::level_rating("level:beginner").unwrap(),
        score(&g, "gamma"),
    )]);
    assert!(
        (gamma - expected.rating).abs() < 0.1,
        "gamma {gamma} is rated as against a player of 800 ({expected:?})"
    );
    rated.abort();
}

#[tokio::test]
async fn a_name_of_another_token_plays_unrated_and_is_told() {
    let s = start(KgpConfig {
        levels: vec![],
        ..config()
    })
    .await;
    let (first, _r1) = spawn_bot(&s, "delta", Some("one-token"));
    online_until(&s.state, |b| {
        named(b, "delta").is_some_and(|d| d["rated"] == true)
    })
    .await;
    first.abort();
    let (tx, mut told) = mpsc::unbounded_channel();
    let thief = tokio::spawn(bot(s.tcp, "delta", Some("another-token"), tx));
    let said = next_game(&mut told).await;
    assert!(
        said.starts_with("error: ")
            && said.contains("belongs to another bot")
            && said.contains("unrated"),
        "{said}"
    );
    online_until(&s.state, |b| {
        b["bots"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d["name"] == "delta" && d["rated"] == false)
    })
    .await;
    thief.abort();
}

#[tokio::test]
async fn a_person_challenges_a_waiting_bot_and_plays_it() {
    // No level, so the bot waits in the lobby until someone comes.
    let s = start(KgpConfig {
        levels: vec![],
        ..config()
    })
    .await;
    let (a, mut ra) = spawn_bot(&s, "epsilon", Some("token-of-epsilon"));
    online_until(&s.state, |b| {
        named(b, "epsilon").is_some_and(|e| e["status"] == "waiting")
    })
    .await;

    let (status, absent) = call(&s.state, "POST", "/api/bots/nobody/challenge", None, None).await;
    assert_eq!(
        (status, absent["code"].as_str()),
        (404, Some("no_bot")),
        "{absent}"
    );
    assert!(
        absent["error"].as_str().unwrap().contains("/api/bots"),
        "{absent}"
    );

    // A board the server does not play is refused, and the bot stays in the lobby.
    let nine = Some(json!({"houses": 9, "seeds": 9}));
    let (status, bad) = call(&s.state, "POST", "/api/bots/epsilon/challenge", None, nine).await;
    assert_eq!(
        (status, bad["code"].as_str()),
        (400, Some("bad_board")),
        "{bad}"
    );
    let listed = get(&s.state, "/api/bots").await;
    assert_eq!(
        listed["boards"],
        json!([{"houses": 6, "seeds": 4}]),
        "{listed}"
    );
    assert_eq!(named(&listed, "epsilon").unwrap()["status"], "waiting");

    let six = Some(json!({"houses": 6, "seeds": 4}));
    let (status, c) = call(&s.state, "POST", "/api/bots/epsilon/challenge", None, six).await;
    assert_eq!(status, 201, "{c}");
    assert_eq!(c["game"]["rules"]["houses"], 6, "{c}");
    let (id, token) = (
        c["id"].as_str().unwrap().to_string(),
        c["token"].as_str().unwrap().to_string(),
    );
    assert_eq!(next_game(&mut ra).await, id, "the bot is told the game");
    let me = c["side"].as_str().unwrap();
    let bot_side = if me == "south" { "north" } else { "south" };
    assert_eq!(c["game"]["players"][bot_side], "epsilon", "{c}");
    assert_eq!(c["game"]["seats"][me]["kind"], "human", "{c}");
    assert_eq!(c["game"]["seats"][bot_side]["kind"], "bot", "{c}");

    let listed = online_until(&s.state, |b| {
        named(b, "epsilon").is_some_and(|e| e["status"] == "playing")
    })
    .await;
    assert_eq!(named(&listed, "epsilon").unwrap()["game"], id.as_str());
    let (status, busy) = call(&s.state, "POST", "/api/bots/epsilon/challenge", None, None).await;
    assert_eq!(
        (status, busy["code"].as_str()),
        (409, Some("bot_busy")),
        "{busy}"
    );

    // The person plays a move on their turn (the bot answers through KGP), then resigns.
    let mut moved = false;
    for _ in 0..200 {
        let g = get(&s.state, &format!("/api/games/{id}")).await;
        if g["to_move"] == me && g["status"] == "playing" {
            let m = g["legal_moves"][0].clone();
            let body = json!({"move": m, "ply": g["ply"]});
            let (status, after) = call(
                &s.state,
                "POST",
                &format!("/api/games/{id}/moves"),
                Some(&token),
                Some(body),
            )
            .await;
            assert_eq!(status, 200, "{after}");
            moved = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(moved, "the person's turn came");
    let (status, r) = call(
        &s.state,
        "POST",
        &format!("/api/games/{id}/resign"),
        Some(&token),
        None,
    )
    .await;
    assert_eq!(status, 200, "{r}");
    let g = finished(&s.state, &id).await;
    assert_eq!(g["result"]["winner"], bot_side, "{g}");
    let (status, no) = call(
        &s.state,
        "POST",
        &format!("/api/games/{id}/rematch"),
        Some(&token),
        None,
    )
    .await;
    assert_eq!(
        (status, no["code"].as_str()),
        (409, Some("no_rematch")),
        "{no}"
    );
    // Games with a person are not rated; the bot is back in the lobby.
    assert_eq!(
        get(&s.state, "/api/bots/leaderboard").await["bots"],
        json!([])
    );
    online_until(&s.state, |b| {
        named(b, "epsilon").is_some_and(|e| e["status"] == "waiting")
    })
    .await;
    a.abort();
    // Gone: the bot is no longer listed, and a challenge says so.
    online_until(&s.state, |b| named(b, "epsilon").is_none()).await;
    let (status, gone) = call(&s.state, "POST", "/api/bots/epsilon/challenge", None, None).await;
    assert_eq!(
        (status, gone["code"].as_str()),
        (404, Some("no_bot")),
        "{gone}"
    );
}

#[tokio::test]
async fn a_database_of_an_older_schema_keeps_its_games_and_rates_bots() {
    if kalah_pgtest::on_postgres() {
        return; // An old SQLite file: nothing to do with PostgreSQL.
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.db");
    let id = {
        let state = common::open_state(dir.path(), &kalah_server::Policy::default());
        let body = json!({"opponent": {"kind": "local"}});
        let (status, c) = call(&state, "POST", "/api/games", None, Some(body)).await;
        assert_eq!(status, 201, "{c}");
        let id = c["id"].as_str().unwrap().to_string();
        let token = c["token"].as_str().unwrap().to_string();
        let g = get(&state, &format!("/api/games/{id}")).await;
        let body = json!({"move": g["legal_moves"][0]});
        let (status, _) = call(
            &state,
            "POST",
            &format!("/api/games/{id}/moves"),
            Some(&token),
            Some(body),
        )
        .await;
        assert_eq!(status, 200);
        id
    };
    // The first state is dropped: let its database thread close the file.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let before = {
        // Back to schema 4, as the last kalah without bots left it.
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute_batch(
            "DROP INDEX games_south_rated_id; DROP INDEX games_north_rated_id;
             DROP INDEX games_kgp_south_name; DROP INDEX games_kgp_north_name;
             ALTER TABLE games DROP COLUMN south_rated_id;
             ALTER TABLE games DROP COLUMN north_rated_id;
             DROP TABLE presence; DROP TABLE seat_left; DROP TABLE watch_games;
             DROP TABLE bots_online; DROP TABLE bot_challenges;
             DROP TABLE lobby_offers; DROP TABLE lobby_sockets;
             DROP TABLE jobs; DROP TABLE instances;
             DROP TABLE rating_history; DROP TABLE player_ratings;
             DROP INDEX games_running_clocks; ALTER TABLE games DROP COLUMN time_control;
             ALTER TABLE games DROP COLUMN rated; ALTER TABLE games DROP COLUMN clock;
             ALTER TABLE games DROP COLUMN clock_at; ALTER TABLE games DROP COLUMN ended_by;
             ALTER TABLE games DROP COLUMN ended_draw;
             DROP TABLE sessions; DROP TABLE players; DROP INDEX games_south_player;
             DROP INDEX games_north_player; ALTER TABLE games DROP COLUMN south_player;
             ALTER TABLE games DROP COLUMN north_player;
             DROP TABLE bots; ALTER TABLE moves DROP COLUMN comment;
             DROP TABLE budget_spends; DROP TABLE hidden_positions;
             DROP TABLE puzzle_attempts; DROP TABLE puzzle_ratings; PRAGMA user_version = 4;",
        )
        .unwrap();
        let v: i64 = conn
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .unwrap();
        assert_eq!(v, 4);
        conn.query_row("SELECT count(*) FROM moves", [], |r| r.get::<_, i64>(0))
            .unwrap()
    };
    let s = start_in(dir, config()).await;
    let g = get(&s.state, &format!("/api/games/{id}")).await;
    assert_eq!((g["ply"].as_i64(), before), (Some(1), 1), "{g}");
    let (rated, mut rr) = spawn_bot(&s, "zeta", Some("token-of-zeta"));
    let game = next_game(&mut rr).await;
    finished(&s.state, &game).await;
    assert_eq!(
        row(&get(&s.state, "/api/bots/leaderboard").await, "zeta")["games"],
        1
    );
    rated.abort();
    assert!(s.dir.path().join("games.db").exists());
}

#[tokio::test]
async fn a_loss_by_an_illegal_move_is_rated_with_the_game() {
    let s = start(config()).await;
    let (tx, mut rx) = mpsc::unbounded_channel();
    let cheat = tokio::spawn(play(s.tcp, "eta", Some("token-of-eta"), tx, true));
    let id = next_game(&mut rx).await;
    let g = finished(&s.state, &id).await;
    assert_eq!(g["status"], "resigned", "an illegal move loses: {g}");
    let board = get(&s.state, "/api/bots/leaderboard").await;
    one_game(&board, "eta", 0.0);
    // The level counts its win and keeps its fixed rating (issue 34).
    let level = row(&board, "level:beginner");
    assert_eq!(
        (
            level["games"].as_i64(),
            level["wins"].as_i64(),
            level["rating"]["rating"].as_f64(),
            level["rating"]["deviation"].as_f64()
        ),
        (Some(1), Some(1), Some(800.0), Some(30.0)),
        "{level}"
    );
    cheat.abort();
}

#[tokio::test]
async fn a_rated_bot_keeps_its_name_for_the_connection() {
    let s = start(KgpConfig {
        levels: vec![],
        ..config()
    })
    .await;
    let (r, mut w) = TcpStream::connect(s.tcp).await.unwrap().into_split();
    let mut lines = BufReader::new(r).lines();
    for l in [
        "set info:name theta",
        "set auth:token token-of-theta",
        "mode freeplay",
    ] {
        w.write_all(format!("{l}\n").as_bytes()).await.unwrap();
    }
    online_until(&s.state, |b| {
        named(b, "theta").is_some_and(|t| t["rated"] == true)
    })
    .await;
    w.write_all(b"set info:name iota\n").await.unwrap();
    let told = tokio::time::timeout(Duration::from_secs(10), async {
        while let Ok(Some(l)) = lines.next_line().await {
            if l.starts_with("error") {
                return l;
            }
        }
        String::new()
    })
    .await
    .unwrap();
    assert!(told.contains("keeps the name"), "{told}");
    let listed = get(&s.state, "/api/bots").await;
    assert!(
        named(&listed, "theta").is_some() && named(&listed, "iota").is_none(),
        "{listed}"
    );
}

#[tokio::test]
async fn a_rated_bots_name_is_kept_for_its_token_while_it_is_away() {
    let s = start(KgpConfig {
        levels: vec![],
        ..config()
    })
    .await;
    // The rated bot comes once and leaves.
    let (r, mut w) = TcpStream::connect(s.tcp).await.unwrap().into_split();
    for l in [
        "set info:name lambda",
        "set auth:token token-of-lambda",
        "mode freeplay",
    ] {
        w.write_all(format!("{l}\n").as_bytes()).await.unwrap();
    }
    online_until(&s.state, |b| {
        named(b, "lambda").is_some_and(|t| t["rated"] == true)
    })
    .await;
    drop((r, w));
    online_until(&s.state, |b| named(b, "lambda").is_none()).await;
    // A bot without the token takes the name: it is told, and plays under another.
    let (r, mut w) = TcpStream::connect(s.tcp).await.unwrap().into_split();
    let mut lines = BufReader::new(r).lines();
    for l in ["set info:name lambda", "mode freeplay"] {
        w.write_all(format!("{l}\n").as_bytes()).await.unwrap();
    }
    let told = tokio::time::timeout(Duration::from_secs(10), async {
        while let Ok(Some(l)) = lines.next_line().await {
            if l.starts_with("error") {
                return l;
            }
        }
        String::new()
    })
    .await
    .unwrap();
    assert!(told.contains("belongs to a rated bot"), "{told}");
    online_until(&s.state, |b| named(b, "lambda (unrated)").is_some()).await;
    let listed = get(&s.state, "/api/bots").await;
    assert!(named(&listed, "lambda").is_none(), "{listed}");
    // A challenge to the rated bot's name does not reach the impostor.
    let (status, c) = call(&s.state, "POST", "/api/bots/lambda/challenge", None, None).await;
    assert_ne!(status, 201, "{c}");
}

/// Challenges the waiting bot `name`: the game id, the person's token and side.
async fn challenge(s: &Server, name: &str) -> (String, String, String) {
    let (status, c) = call(
        &s.state,
        "POST",
        &format!("/api/bots/{name}/challenge"),
        None,
        None,
    )
    .await;
    assert_eq!(status, 201, "{c}");
    let text = |k: &str| c[k].as_str().unwrap().to_string();
    (text("id"), text("token"), text("side"))
}

#[tokio::test]
async fn a_person_who_does_not_move_loses_and_a_bot_that_leaves_loses() {
    let s = start(KgpConfig {
        levels: vec![],
        human_move_time: Duration::from_secs(2),
        ..config()
    })
    .await;
    let (a, mut ra) = spawn_bot(&s, "kappa", None);
    online_until(&s.state, |b| {
        named(b, "kappa").is_some_and(|k| k["status"] == "waiting")
    })
    .await;
    let (id, _, me) = challenge(&s, "kappa").await;
    assert_eq!(next_game(&mut ra).await, id);
    let g = finished(&s.state, &id).await;
    assert_eq!(
        (g["status"].as_str(), g["result"]["resigned"].as_str()),
        (Some("resigned"), Some(me.as_str())),
        "{g}"
    );

    // Back in the lobby; challenged again, it leaves while the person is to move.
    online_until(&s.state, |b| {
        named(b, "kappa").is_some_and(|k| k["status"] == "waiting")
    })
    .await;
    let (id, _, me) = challenge(&s, "kappa").await;
    for _ in 0..200 {
        if get(&s.state, &format!("/api/games/{id}")).await["to_move"] == me.as_str() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    a.abort();
    let g = finished(&s.state, &id).await;
    assert_eq!(g["result"]["winner"], me.as_str(), "{g}");
}

/// A plain GET of a page: the status and the body as text.
async fn get_text(state: &AppState, path: &str) -> (u16, String) {
    let req = axum::http::Request::builder()
        .uri(path)
        .body(axum::body::Body::empty())
        .unwrap();
    let res = kalah_server::app(state.clone()).oneshot(req).await.unwrap();
    let status = res.status().as_u16();
    let bytes = http_body_util::BodyExt::collect(res.into_body())
        .await
        .unwrap()
        .to_bytes();
    (status, String::from_utf8(bytes.to_vec()).unwrap())
}

#[tokio::test]
async fn the_bots_page_lists_the_bots_without_javascript() {
    let s = start(KgpConfig {
        levels: vec![],
        ..config()
    })
    .await;
    let (_, page) = get_text(&s.state, "/bots").await;
    assert!(page.contains("No bot is connected now."), "{page}");
    let (b, _rx) = spawn_bot(&s, "omicron<b>", Some("token-of-omicron"));
    online_until(&s.state, |b| named(b, "omicron<b>").is_some()).await;
    for path in ["/bots", "/bots/"] {
        let (status, page) = get_text(&s.state, path).await;
        assert_eq!(status, 200, "{page}");
        // The page's script is still there, and the list in plain HTML, escaped.
        assert!(page.contains("/assets/js/app.js"), "{page}");
        let noscript = &page[page.find("<noscript><section>").expect(&page)..];
        // Linked to its page (issue 34).
        assert!(
            noscript.contains("<td><a href=\"/bots/omicron%3Cb%3E\">omicron&lt;b&gt;</a></td>"),
            "{page}"
        );
        assert!(noscript.contains("Leaderboard"), "{page}");
    }
    b.abort();
}

/// A bot that names itself, asks for freeplay and then never answers a `state` (it still
/// answers `ping`); reports its games' ids.
async fn silent_bot(addr: SocketAddr, ids: mpsc::UnboundedSender<String>) {
    let (r, mut w) = TcpStream::connect(addr).await.unwrap().into_split();
    let mut r = BufReader::new(r);
    let mut line = String::new();
    loop {
        line.clear();
        match r.read_line(&mut line).await {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        let cmd: Command = line.trim_end().parse().unwrap();
        let out = match cmd.name.as_str() {
            "kgp" => "set info:name \"mute\"\r\nmode freeplay\r\n".to_string(),
            "set" if cmd.arg(0).and_then(|a| a.as_text()) == Some("game:id") => {
                let _ = ids.send(cmd.arg(1).unwrap().as_text().unwrap().to_string());
                continue;
            }
            "ping" => format!("@{} pong\r\n", cmd.id.unwrap_or(0)),
            _ => continue,
        };
        if w.write_all(out.as_bytes()).await.is_err() {
            break;
        }
    }
}

#[tokio::test]
async fn a_bot_that_never_answers_gets_random_moves_or_loses_by_the_servers_option() {
    for (timeout, ends) in [
        (kalah_server::KgpTimeout::Random, "finished"),
        (kalah_server::KgpTimeout::Loss, "resigned"),
    ] {
        let s = start(KgpConfig {
            timeout,
            ..config()
        })
        .await;
        let (tx, mut rx) = mpsc::unbounded_channel();
        let mute = tokio::spawn(silent_bot(s.tcp, tx));
        let id = next_game(&mut rx).await;
        let g = finished(&s.state, &id).await;
        assert_eq!(g["status"], ends, "{timeout:?}: {g}");
        let mute_side = side_of(&g, "mute");
        // Whether it won or lost, with `random` the silent bot made moves of its own (at
        // least the first of its turns); with `loss` its first turn to be asked ended it.
        let plies = g["history"].as_array().unwrap().len();
        if timeout == kalah_server::KgpTimeout::Loss {
            assert_eq!(
                g["result"]["winner"],
                if mute_side == "south" {
                    "north"
                } else {
                    "south"
                },
                "{g}"
            );
        } else {
            assert!(
                plies > 2,
                "the game went on past the silent bot's turns: {g}"
            );
        }
        mute.abort();
    }
}

/// `name` as a path segment.
fn segment(name: &str) -> String {
    name.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// Checks a game on a bot's page against the game itself.
fn listed_as_played(entry: &Value, g: &Value, name: &str) {
    assert_eq!(entry["link"], format!("/g/{}", g["id"].as_str().unwrap()));
    let side = side_of(g, name);
    assert_eq!(entry["seat"], side, "{entry}");
    let word = match score(g, name) {
        1.0 => "win",
        0.0 => "loss",
        _ => "draw",
    };
    assert_eq!(entry["result"], word, "{entry} {g}");
    let other = if side == "south" { "north" } else { "south" };
    // KGP has no pie rule: the start seats play their own sides.
    let scores = &g["result"];
    assert_eq!(
        entry["score"],
        format!("{}-{}", scores[side], scores[other]),
        "{entry} {g}"
    );
    assert!(
        entry["created_at"].as_str().unwrap().ends_with('Z'),
        "{entry}"
    );
}

#[tokio::test]
async fn a_bots_page_lists_its_games_with_results_and_pages() {
    let s = start(config()).await;
    // A rated bot with HTML in its name meets the level twice.
    let name = "kappa<i>";
    let (rated, mut rx) = spawn_bot(&s, name, Some("token-of-kappa"));
    let first = next_game(&mut rx).await;
    let g1 = finished(&s.state, &first).await;
    let second = next_game(&mut rx).await;
    let g2 = finished(&s.state, &second).await;
    let path = format!("/api/bots/{}", segment(name));
    let page = get(&s.state, &path).await;
    assert_eq!(
        (
            &page["name"],
            &page["kind"],
            &page["authors"],
            &page["rated"]
        ),
        (
            &json!(name),
            &json!("bot"),
            &json!("tests of kappa<i>"),
            &json!(true)
        ),
        "{page}"
    );
    assert!(
        page["rating"]["deviation"].as_f64().unwrap() < 350.0,
        "{page}"
    );
    let record = &page["record"];
    assert!(record["games"].as_i64().unwrap() >= 2, "{page}");
    assert_eq!(
        record["games"],
        record["wins"].as_i64().unwrap()
            + record["draws"].as_i64().unwrap()
            + record["losses"].as_i64().unwrap()
    );
    // Still connected: waiting, or already in its next game with the level.
    assert_eq!(page["online"], true, "{page}");
    assert!(
        page["status"] == "waiting" || (page["status"] == "playing" && page["game"].is_string()),
        "{page}"
    );
    let games = page["games"].as_array().unwrap();
    let at = |id: &str| {
        games
            .iter()
            .position(|e| e["id"] == id)
            .unwrap_or_else(|| panic!("{id} is not on the page: {page}"))
    };
    // Newest first.
    assert!(at(&second) < at(&first), "{page}");
    listed_as_played(&games[at(&first)], &g1, name);
    listed_as_played(&games[at(&second)], &g2, name);
    let opponent = &games[at(&first)]["opponent"];
    assert_eq!(
        (&opponent["kind"], &opponent["level"], &opponent["page"]),
        (
            &json!("level"),
            &json!("beginner"),
            &json!("/bots/level%3Abeginner")
        ),
        "{opponent}"
    );
    assert_eq!(games[at(&first)]["rated"], true);

    // A page of one game, then the next from its "next".
    let one = get(&s.state, &format!("{path}?limit=1")).await;
    assert_eq!(one["games"].as_array().unwrap().len(), 1, "{one}");
    let next = one["next"].as_str().expect("more games").to_string();
    let newest = one["games"][0]["id"].as_str().unwrap().to_string();
    assert_eq!(next, format!("{path}?before={newest}&limit=1"));
    let two = get(&s.state, &next).await;
    assert_ne!(two["games"][0]["id"], one["games"][0]["id"], "{two}");
    let all = get(&s.state, &format!("{path}?limit=50")).await;
    assert!(all["next"].is_null(), "{all}");
    for bad in ["limit=0", "limit=51", "limit=x", "before=nothing"] {
        let (status, body) = call(&s.state, "GET", &format!("{path}?{bad}"), None, None).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (400, Some("bad_query")),
            "{bad}: {body}"
        );
    }

    // The level's page lists the same game from its side, at its fixed rating.
    let level = get(&s.state, "/api/bots/level:beginner").await;
    assert_eq!(
        (&level["kind"], &level["level"], &level["status"]),
        (&json!("level"), &json!("beginner"), &json!("available")),
        "{level}"
    );
    assert_eq!(level["rating"]["rating"], 800.0, "{level}");
    let entry = level["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["id"] == first.as_str())
        .unwrap_or_else(|| panic!("{level}"));
    assert_eq!(
        entry["opponent"]["page"],
        format!("/bots/{}", segment(name))
    );
    assert_eq!(entry["opponent"]["name"], name);

    // Without JavaScript: the same page in plain HTML, the name escaped, the games linked.
    let (status, html) = get_text(&s.state, &format!("/bots/{}", segment(name))).await;
    assert_eq!(status, 200);
    let noscript = &html[html.find("<noscript>").expect(&html)..];
    assert!(noscript.contains("<h1>kappa&lt;i&gt;</h1>"), "{noscript}");
    assert!(
        noscript.contains(&format!("<a href=\"/g/{first}\">")),
        "{noscript}"
    );
    assert!(noscript.contains("Computer (beginner)"), "{noscript}");
    assert!(!noscript.contains("kappa<i>"), "{noscript}");
    let (_, older) = get_text(&s.state, &format!("/bots/{}?limit=1", segment(name))).await;
    assert!(
        older.contains(&format!("?before={newest}&amp;limit=1\">Older games</a>")),
        "{older}"
    );
    rated.abort();

    // An unrated bot has a page too: its games, no rating, no record.
    let (unrated, mut rx) = spawn_bot(&s, "lambda", None);
    let id = next_game(&mut rx).await;
    let g = finished(&s.state, &id).await;
    unrated.abort();
    let page = get(&s.state, "/api/bots/lambda").await;
    assert_eq!(
        (&page["rated"], &page["rating"], &page["record"]),
        (&json!(false), &Value::Null, &Value::Null),
        "{page}"
    );
    let entry = page["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["id"] == id.as_str())
        .unwrap_or_else(|| panic!("{page}"));
    listed_as_played(entry, &g, "lambda");
    assert_eq!(
        (&entry["rated"], &entry["opponent"]["level"]),
        (&json!(false), &json!("beginner")),
        "{entry}"
    );
}

#[tokio::test]
async fn an_unknown_bot_has_no_page() {
    let s = start(KgpConfig {
        levels: vec![],
        ..config()
    })
    .await;
    for name in ["nobody", "level:grandmaster", "Computer%20(club)"] {
        let (status, body) = call(&s.state, "GET", &format!("/api/bots/{name}"), None, None).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (404, Some("no_bot")),
            "{body}"
        );
    }
    let (status, html) = get_text(&s.state, "/bots/%3Cscript%3Enobody").await;
    assert_eq!(status, 404);
    assert!(
        html.contains("/assets/js/app.js"),
        "the page's script shows its own view"
    );
    assert!(html.contains("No such bot"), "{html}");
    assert!(html.contains("&lt;script&gt;nobody"), "{html}");
    assert!(!html.contains("<script>nobody"), "{html}");
    // A bot is known while it is connected, before any game.
    let (b, _rx) = spawn_bot(&s, "mu", None);
    online_until(&s.state, |l| named(l, "mu").is_some()).await;
    let page = get(&s.state, "/api/bots/mu").await;
    assert_eq!(
        (&page["status"], &page["games"], &page["authors"]),
        (&json!("waiting"), &json!([]), &json!("tests of mu")),
        "{page}"
    );
    b.abort();
}

/// A bot that plays its first legal move and reports each `set game:result` it is told,
/// after the game's id.
async fn result_bot(addr: SocketAddr, told: mpsc::UnboundedSender<String>) {
    let (r, mut w) = TcpStream::connect(addr).await.unwrap().into_split();
    let mut r = BufReader::new(r);
    let mut line = String::new();
    loop {
        line.clear();
        match r.read_line(&mut line).await {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        let cmd: Command = line.trim_end().parse().unwrap();
        let text = |i: usize| {
            cmd.arg(i)
                .and_then(|a| a.as_text())
                .unwrap_or("")
                .to_string()
        };
        let out = match cmd.name.as_str() {
            "kgp" => "set info:name \"nu\"\r\nmode freeplay\r\n".to_string(),
            "set" if text(0) == "game:id" || text(0) == "game:result" => {
                let _ = told.send(text(1));
                continue;
            }
            "state" => {
                let id = cmd.id.unwrap();
                let board = cmd.arg(0).unwrap().as_board().unwrap();
                let pos = board.to_position(board.rules().unwrap()).unwrap();
                format!("@{id} move {}\r\n@{id} yield\r\n", pos.legal_moves()[0])
            }
            "ping" => format!("@{} pong\r\n", cmd.id.unwrap_or(0)),
            _ => continue,
        };
        if w.write_all(out.as_bytes()).await.is_err() {
            break;
        }
    }
}

#[tokio::test]
async fn a_bot_is_told_its_result_with_the_final_scores() {
    let s = start(config()).await;
    let (tx, mut rx) = mpsc::unbounded_channel();
    let bot = tokio::spawn(result_bot(s.tcp, tx));
    let id = next_game(&mut rx).await;
    let g = finished(&s.state, &id).await;
    let told = next_game(&mut rx).await;
    bot.abort();
    let side = side_of(&g, "nu");
    let other = if side == "south" { "north" } else { "south" };
    let word = match score(&g, "nu") {
        1.0 => "win",
        0.0 => "loss",
        _ => "draw",
    };
    // Every seed counted: the seeds left in the houses go where the rules sweep them.
    let (own, theirs) = (&g["result"][side], &g["result"][other]);
    assert_eq!(told, format!("{word} {own}-{theirs}"), "{g}");
    assert_eq!(own.as_u64().unwrap() + theirs.as_u64().unwrap(), 48, "{g}");
}
