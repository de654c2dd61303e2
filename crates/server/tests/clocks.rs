//! Clocks of games between people, on a manual time (no test sleeps for the clock): flag
//! falls, draws on time, first-move aborts, increments, correspondence, late moves, claims
//! against a player who left, and a restart that charges nobody for the time it was down.

mod common;

use axum::http::StatusCode;
use common::{seat_of, TestApp};
use serde_json::{json, Value};

/// The manual time tests start at (Unix ms).
const T0: i64 = 1_790_000_000_000;

fn policy(at: i64) -> kalah_server::Policy {
    kalah_server::Policy {
        manual_time: Some(at),
        ..Default::default()
    }
}

fn app() -> TestApp {
    TestApp::open_with(tempfile::tempdir().unwrap(), &policy(T0))
}

/// A friend game on `tc` with South moving first: (id, south token, north token).
async fn timed(t: &TestApp, tc: &str, extra: Value) -> (String, String, String) {
    let mut body = json!({"opponent": {"kind": "friend"}, "side": "south", "first": "south",
                          "time_control": tc});
    for (k, v) in extra.as_object().unwrap() {
        body[k] = v.clone();
    }
    let (id, south, v) = t.create(body).await;
    assert_eq!(v["game"]["time_control"], tc, "{v}");
    // The friend opens the link at once.
    let north = seat_of(&v["invite_url"]);
    t.open_game(&id, &north).await;
    (id, south, north)
}

async fn game(t: &TestApp, id: &str) -> Value {
    let (s, g) = t.get(&format!("/api/games/{id}")).await;
    assert_eq!(s, StatusCode::OK, "{g}");
    g
}

async fn ok_move(t: &TestApp, id: &str, token: &str, mv: &str, ply: u64) -> Value {
    let (s, g) = t.play(id, token, mv, ply).await;
    assert_eq!(s, StatusCode::OK, "{g}");
    g
}

#[tokio::test]
async fn a_flag_fall_loses_on_time_and_the_server_notices_it_alone() {
    let t = app();
    let (id, south, north) = timed(&t, "1+0", json!({})).await;
    let g = game(&t, &id).await;
    assert_eq!(g["clock"]["south"], 60_000);
    assert_eq!(g["clock"]["running"], Value::Null);
    assert_eq!(g["clock"]["first_move"]["side"], "south");
    assert_eq!(g["clock"]["first_move"]["left_ms"], 30_000);
    assert_eq!(g["rated"], false);
    // First moves are free; then South's clock runs.
    ok_move(&t, &id, &south, "1", 0).await;
    let g = ok_move(&t, &id, &north, "1", 1).await;
    assert_eq!(g["clock"]["running"], "south");
    t.state.advance_time(59_999);
    assert_eq!(t.state.end_expired_clocks().await, 0);
    let g = game(&t, &id).await;
    assert_eq!(g["clock"]["south"], 1);
    assert_eq!(g["status"], "playing");
    t.state.advance_time(1);
    assert_eq!(t.state.end_expired_clocks().await, 1);
    let g = game(&t, &id).await;
    assert_eq!(g["status"], "timeout", "{g}");
    assert_eq!(g["result"]["winner"], "north");
    assert_eq!(g["result"]["reason"], "time");
    assert_eq!(g["result"]["by"], "south");
    assert_eq!(g["clock"]["south"], 0);
    assert_eq!(g["clock"]["north"], 60_000);
    assert_eq!(g["legal_moves"], json!([]));
    assert_eq!(t.state.running_clocks(), 0);
    let (s, e) = t.play(&id, &north, "2", 2).await;
    assert_eq!(s, StatusCode::CONFLICT, "{e}");
    // The record says how it ended.
    let req = axum::http::Request::get(format!("/api/games/{id}/record"))
        .body(axum::body::Body::empty())
        .unwrap();
    let (_, text, _) = t.raw(req).await;
    assert!(text.contains("[TimeControl \"1+0\"]"), "{text}");
    assert!(
        text.contains("[Termination \"south lost on time\"]"),
        "{text}"
    );
    // `kalah db check` replays the stored game with its ending, and finds a damaged one.
    let db = common::open_db(t.dir.path());
    let row = db.load(&id).unwrap().unwrap();
    assert_eq!(row.status, "timeout");
    kalah_server::check_game(row.clone()).unwrap();
    let mut bad = row.clone();
    bad.ended_by = None;
    assert!(kalah_server::check_game(bad)
        .unwrap_err()
        .contains("timeout"));
    let mut bad = row;
    bad.clock = Some(r#"{"left_ms":[1,2],"to_move":"X","moved":[true,true]}"#.into());
    assert!(kalah_server::check_game(bad).unwrap_err().contains("clock"));
}

#[tokio::test]
async fn a_flag_is_a_draw_when_the_opponent_can_no_longer_win() {
    let t = app();
    // South has half of the 48 seeds in its store already.
    let pos = "<6,24,0,1,0,0,0,0,0,0,0,0,0,0,23> S";
    let (id, south, north) = timed(&t, "1+0", json!({"position": pos})).await;
    ok_move(&t, &id, &south, "1", 0).await;
    let g = ok_move(&t, &id, &north, "6", 1).await;
    assert_eq!(g["status"], "playing", "{g}");
    assert_eq!(g["to_move"], "south", "{g}");
    t.state.advance_time(60_000);
    assert_eq!(t.state.end_expired_clocks().await, 1);
    let g = game(&t, &id).await;
    assert_eq!(g["status"], "timeout");
    assert_eq!(g["result"]["winner"], "draw", "{g}");
}

#[tokio::test]
async fn a_game_without_a_first_move_in_30_s_is_aborted() {
    let t = app();
    let (id, south, north) = timed(&t, "3+2", json!({})).await;
    t.state.advance_time(29_999);
    assert_eq!(t.state.end_expired_clocks().await, 0);
    ok_move(&t, &id, &south, "1", 0).await;
    // North's first move has its own 30 s from South's move.
    t.state.advance_time(30_000);
    assert_eq!(t.state.end_expired_clocks().await, 1);
    let g = game(&t, &id).await;
    assert_eq!(g["status"], "aborted", "{g}");
    assert_eq!(g["result"]["winner"], Value::Null);
    assert_eq!(g["result"]["reason"], "abort");
    assert_eq!(g["result"]["by"], "north");
    let (s, e) = t.play(&id, &north, "1", 1).await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::CONFLICT, Some("game_over"))
    );
}

/// Issue 37: the host of a friend game waits for the friend, and the first-move deadline runs
/// from the friend's arrival, however late: it used to run from the creation, so a friend who
/// opened the link after 30 s found the game aborted.
#[tokio::test]
async fn a_friend_games_first_move_deadline_runs_from_when_the_friend_opens_it() {
    let t = app();
    let (id, south, v) = t
        .create(
            json!({"opponent": {"kind": "friend"}, "side": "south", "first": "south",
                       "time_control": "3+2"}),
        )
        .await;
    let north = seat_of(&v["invite_url"]);
    t.state.advance_time(20_000);
    let (s, e) = t.play(&id, &south, "1", 0).await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::CONFLICT, Some("friend_not_joined")),
        "{e}"
    );
    // The friend opens the link a minute and a half after the creation.
    t.state.advance_time(70_000);
    assert_eq!(t.state.end_expired_clocks().await, 0);
    let g = t.open_game(&id, &north).await;
    assert_eq!(g["status"], "playing", "{g}");
    assert_eq!(g["clock"]["first_move"]["left_ms"], 30_000, "{g}");
    t.state.advance_time(29_999);
    assert_eq!(t.state.end_expired_clocks().await, 0);
    ok_move(&t, &id, &south, "1", 0).await;
    let g = game(&t, &id).await;
    assert_eq!(g["seats"]["north"]["joined"], true);
    assert_eq!(g["clock"]["first_move"]["side"], "north", "{g}");
}

#[tokio::test]
async fn the_increment_comes_when_the_turn_passes() {
    let t = app();
    let (id, south, north) = timed(&t, "3+2", json!({})).await;
    ok_move(&t, &id, &south, "1", 0).await;
    t.state.advance_time(1_000);
    ok_move(&t, &id, &north, "1", 1).await;
    t.state.advance_time(10_000);
    // "2" ends in South's store: an extra turn, no increment yet, the clock runs on.
    let g = ok_move(&t, &id, &south, "2", 2).await;
    assert_eq!(g["to_move"], "south", "{g}");
    assert_eq!(g["clock"]["south"], 182_000 - 10_000);
    t.state.advance_time(4_000);
    let g = ok_move(&t, &id, &south, "3", 3).await;
    assert_eq!(g["to_move"], "north", "{g}");
    assert_eq!(g["clock"]["south"], 182_000 - 14_000 + 2_000);
    assert_eq!(g["clock"]["north"], 182_000);
    assert_eq!(g["clock"]["running"], "north");
    t.state.advance_time(500);
    assert_eq!(game(&t, &id).await["clock"]["north"], 181_500);
}

#[tokio::test]
async fn correspondence_renews_a_day_per_move() {
    let t = app();
    let day = 86_400_000;
    let (id, south, north) = timed(&t, "1d", json!({})).await;
    t.state.advance_time(day - 1);
    ok_move(&t, &id, &south, "1", 0).await;
    t.state.advance_time(day - 1);
    ok_move(&t, &id, &north, "1", 1).await;
    t.state.advance_time(day / 2);
    let g = ok_move(&t, &id, &south, "3", 2).await;
    assert_eq!(g["clock"]["north"], day);
    t.state.advance_time(day - 1);
    assert_eq!(t.state.end_expired_clocks().await, 0);
    t.state.advance_time(1);
    assert_eq!(t.state.end_expired_clocks().await, 1);
    assert_eq!(game(&t, &id).await["result"]["winner"], "south");
}

#[tokio::test]
async fn a_move_after_the_time_is_up_is_refused_and_the_flag_ends_the_game() {
    let t = app();
    let (id, south, north) = timed(&t, "1+0", json!({})).await;
    ok_move(&t, &id, &south, "1", 0).await;
    ok_move(&t, &id, &north, "1", 1).await;
    t.state.advance_time(60_000);
    // Before the clock task looks: the move itself finds the time up.
    let (s, e) = t.play(&id, &south, "2", 2).await;
    assert_eq!(s, StatusCode::CONFLICT, "{e}");
    assert_eq!(e["code"], "time_up");
    assert!(e["error"].as_str().unwrap().contains("time ran out"), "{e}");
    let g = game(&t, &id).await;
    assert_eq!(
        (g["status"].as_str(), g["ply"].as_u64()),
        (Some("timeout"), Some(2))
    );
    assert_eq!(g["result"]["winner"], "north");
}

#[tokio::test]
async fn bad_time_controls_and_rated_guests_are_refused_clearly() {
    let t = app();
    let friend = json!({"kind": "friend"});
    for (body, code) in [
        (
            json!({"opponent": friend, "time_control": "2+2"}),
            "bad_time_control",
        ),
        (
            json!({"opponent": friend, "time_control": "0+5"}),
            "bad_time_control",
        ),
        (
            json!({"opponent": friend, "time_control": "soon"}),
            "bad_time_control",
        ),
        // Written exactly: a time control is a name (pools, records), not free text.
        (
            json!({"opponent": friend, "time_control": "3+2 "}),
            "bad_time_control",
        ),
        (
            json!({"opponent": friend, "time_control": " 3+2"}),
            "bad_time_control",
        ),
        (
            json!({"opponent": {"kind": "computer"}, "time_control": "3+2"}),
            "bad_time_control",
        ),
        (json!({"opponent": friend, "rated": true}), "account_needed"),
    ] {
        let (s, e) = t.post("/api/games", None, body.clone()).await;
        assert!(s.is_client_error(), "{body}: {s} {e}");
        assert_eq!(e["code"], code, "{body}: {e}");
        assert!(e["error"].as_str().unwrap().len() > 20, "{e}");
    }
    // Untimed games are as they were.
    let (_, _, v) = t.create(json!({"opponent": friend})).await;
    assert_eq!(v["game"]["clock"], Value::Null);
    assert_eq!(v["game"]["time_control"], Value::Null);
    assert_eq!(t.state.running_clocks(), 0);
}

/// North thinks 5 s, then the server dies (no clean stop: its instance stays listed, its
/// heartbeat fresh) and comes back `down_ms` later: nobody is charged for that time,
/// however short it is (a restart within the heartbeat's 8 s once charged it all).
async fn a_restart_charges_nobody_for_the_time_it_was_down(down_ms: i64) {
    let dir = tempfile::tempdir().unwrap();
    let t = TestApp::open_with(dir, &policy(T0));
    let (id, south, north) = timed(&t, "3+2", json!({})).await;
    ok_move(&t, &id, &south, "1", 0).await;
    t.state.advance_time(1_000);
    ok_move(&t, &id, &north, "1", 1).await;
    t.state.advance_time(10_000);
    ok_move(&t, &id, &south, "3", 2).await;
    t.state.advance_time(5_000);
    // Its last heartbeat (every 2 s) came just before it died.
    common::open_db(t.dir.path())
        .heartbeat(t.state.instance(), T0 + 16_000)
        .unwrap();
    let TestApp {
        dir, state, app, ..
    } = t;
    let closed = state.database_closed();
    drop((state, app));
    // As a real restart waits for the old process to end (its tasks let go of the handles).
    for _ in 0..1_000 {
        if closed.is_closed() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    assert!(
        closed.is_closed(),
        "the old server's database is still open"
    );
    let t = TestApp::open_with(dir, &policy(T0 + 16_000 + down_ms));
    // The deadlines are read at start without loading the games.
    assert_eq!(t.state.start_clocks().await.unwrap(), 1);
    assert_eq!(t.state.games_in_memory(), 0);
    assert_eq!(t.state.running_clocks(), 1);
    let g = game(&t, &id).await;
    assert_eq!(g["status"], "playing");
    assert_eq!(g["clock"]["south"], 182_000 - 10_000 + 2_000);
    assert_eq!(g["clock"]["north"], 182_000, "{g}");
    assert_eq!(g["clock"]["running"], "north");
    t.state.advance_time(2_000);
    assert_eq!(game(&t, &id).await["clock"]["north"], 180_000);
    // The clock task ends the game when North's time is up, with no request.
    t.state.advance_time(180_000);
    let g = t.wait_for(&id, |g| g["status"] != "playing").await;
    assert_eq!(g["status"], "timeout");
    assert_eq!(g["result"]["winner"], "south");
}

#[tokio::test]
async fn a_restart_a_second_later_charges_nobody() {
    a_restart_charges_nobody_for_the_time_it_was_down(1_000).await;
}

#[tokio::test]
async fn a_restart_five_seconds_later_charges_nobody() {
    a_restart_charges_nobody_for_the_time_it_was_down(5_000).await;
}

#[tokio::test]
async fn a_restart_an_hour_later_charges_nobody() {
    a_restart_charges_nobody_for_the_time_it_was_down(3_600_000).await;
}

/// A server on a real socket over a state on the manual time.
struct Live {
    base: String,
    state: kalah_server::AppState,
    task: tokio::task::JoinHandle<()>,
    _dir: tempfile::TempDir,
}

impl Drop for Live {
    fn drop(&mut self) {
        self.task.abort();
    }
}

async fn live() -> Live {
    let dir = tempfile::tempdir().unwrap();
    let state = kalah_server::open_state_with(dir.path(), &policy(T0)).unwrap();
    let listener = kalah_server::listen("127.0.0.1:0".parse().unwrap()).unwrap();
    let addr = listener.local_addr().unwrap();
    let served = state.clone();
    let task = tokio::spawn(async move {
        kalah_server::serve(listener, served, std::future::pending())
            .await
            .unwrap();
    });
    Live {
        base: format!("127.0.0.1:{}", addr.port()),
        state,
        task,
        _dir: dir,
    }
}

impl Live {
    async fn post(&self, path: &str, token: &str, body: Value) -> (StatusCode, Value) {
        let res = reqwest::Client::new()
            .post(format!("http://{}{path}", self.base))
            .bearer_auth(token)
            .json(&body)
            .send()
            .await
            .unwrap();
        let status = StatusCode::from_u16(res.status().as_u16()).unwrap();
        (status, res.json().await.unwrap_or(Value::Null))
    }

    async fn claim(&self, id: &str, token: &str) -> (StatusCode, Value) {
        self.post(&format!("/api/games/{id}/claim"), token, json!({}))
            .await
    }
}

#[tokio::test]
async fn the_opponent_of_a_player_gone_for_the_grace_period_may_claim_the_game() {
    let s = live().await;
    let (st, v) = s
        .post(
            "/api/games",
            "",
            json!({"opponent": {"kind": "friend"}, "side": "south", "first": "south",
                   "time_control": "1d"}),
        )
        .await;
    assert_eq!(st, StatusCode::CREATED, "{v}");
    let id = v["id"].as_str().unwrap().to_string();
    let south = v["token"].as_str().unwrap().to_string();
    let north = seat_of(&v["invite_url"]);
    // North never connected: nothing to claim.
    let (st, e) = s.claim(&id, &south).await;
    assert_eq!(
        (st, e["code"].as_str()),
        (StatusCode::CONFLICT, Some("opponent_connected")),
        "{e}"
    );
    let url = format!("ws://{}/api/games/{id}/ws?token={north}", s.base);
    let (mut ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
    let (st, e) = s.claim(&id, &south).await;
    assert_eq!(e["code"], "opponent_connected", "{st} {e}");
    ws.close(None).await.unwrap();
    drop(ws);
    // The server notices the close within moments (real time, not the clock's).
    let mut code = Value::Null;
    for _ in 0..100 {
        code = s.claim(&id, &south).await.1["code"].clone();
        if code != "opponent_connected" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert_eq!(code, "too_early");
    s.state.advance_time(59_999);
    let (_, e) = s.claim(&id, &south).await;
    assert_eq!(e["code"], "too_early", "{e}");
    assert!(e["error"].as_str().unwrap().contains("in 1 s"), "{e}");
    // North may not claim against South, who never connected a socket either.
    assert_eq!(s.claim(&id, &north).await.1["code"], "opponent_connected");
    s.state.advance_time(1);
    let (st, g) = s.claim(&id, &south).await;
    assert_eq!(st, StatusCode::OK, "{g}");
    assert_eq!(g["status"], "abandoned");
    assert_eq!(g["result"]["winner"], "south");
    assert_eq!(g["result"]["reason"], "abandoned");
    assert_eq!(g["result"]["by"], "north");
    assert_eq!(s.state.running_clocks(), 0);
    let (st, e) = s.claim(&id, &south).await;
    assert_eq!(
        (st, e["code"].as_str()),
        (StatusCode::CONFLICT, Some("game_over"))
    );
}

#[tokio::test]
async fn only_an_account_may_create_a_rated_game() {
    let s = live().await;
    let client = reqwest::Client::new();
    let base = format!("http://{}", s.base);
    let session = |res: &reqwest::Response| {
        let set = res.headers()["set-cookie"].to_str().unwrap();
        set.split(';').next().unwrap().to_string()
    };
    let rated = json!({"opponent": {"kind": "friend"}, "time_control": "5+3", "rated": true});
    // A guest is refused.
    let res = client
        .post(format!("{base}/api/session/guest"))
        .send()
        .await
        .unwrap();
    let cookie = session(&res);
    let csrf = res.json::<Value>().await.unwrap()["csrf"]
        .as_str()
        .unwrap()
        .to_string();
    let res = client
        .post(format!("{base}/api/games"))
        .header("cookie", &cookie)
        .header("x-csrf-token", &csrf)
        .json(&rated)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 403);
    assert_eq!(res.json::<Value>().await.unwrap()["code"], "account_needed");
    // An account is not.
    let res = client
        .post(format!("{base}/api/session/signup"))
        .header("cookie", &cookie)
        .header("x-csrf-token", &csrf)
        .json(&json!({"name": "clockwatcher", "password": "a long enough password"}))
        .send()
        .await
        .unwrap();
    assert!(res.status().is_success(), "{}", res.status());
    let cookie = session(&res);
    let csrf = res.json::<Value>().await.unwrap()["csrf"]
        .as_str()
        .unwrap()
        .to_string();
    let res = client
        .post(format!("{base}/api/games"))
        .header("cookie", &cookie)
        .header("x-csrf-token", &csrf)
        .json(&rated)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 201);
    let v: Value = res.json().await.unwrap();
    assert_eq!(v["game"]["rated"], true, "{v}");
    assert_eq!(v["game"]["time_control"], "5+3");
}
