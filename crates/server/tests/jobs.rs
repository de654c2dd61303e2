//! Issue 19: computer moves, flag falls and aborts happen exactly once among several servers
//! on one database (the job table), also when the server that would have done them dies;
//! a rated game's rating changes once. Each test runs on SQLite and on PostgreSQL, on the
//! manual time (no test sleeps for a clock or a lease).

mod common;

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use common::{seat_of, sign_up, TestApp, Who};
use kalah_storage::{Db, JobKind, Location};
use serde_json::{json, Value};

/// The manual time every server of a test starts at (Unix ms).
const T0: i64 = 1_790_000_000_000;

fn policy() -> kalah_server::Policy {
    kalah_server::Policy {
        manual_time: Some(T0),
        ..Default::default()
    }
}

/// A server over the database at `location`, as one instance of several.
fn server(location: &Location) -> TestApp {
    let dir = tempfile::tempdir().unwrap();
    let state = kalah_server::open_state_at(dir.path(), Some(location), &policy()).unwrap();
    let app = kalah_server::app(state.clone());
    TestApp { dir, state, app }
}

async fn game(t: &TestApp, id: &str) -> Value {
    let (s, g) = t.get(&format!("/api/games/{id}")).await;
    assert_eq!(s, StatusCode::OK, "{g}");
    g
}

/// The stored moves of a game, read straight from the database.
async fn stored_moves(t: &TestApp, id: &str) -> Vec<String> {
    let key = id.to_string();
    t.state
        .db()
        .call(move |db| Ok(db.load(&key)?.unwrap().moves))
        .await
        .unwrap()
}

async fn jobs_of(t: &TestApp, id: &str) -> Vec<kalah_storage::Job> {
    let key = id.to_string();
    t.state.db().call(move |db| db.jobs_of(&key)).await.unwrap()
}

/// Whether it is the human's turn (South) or the game is over: the computer is done.
fn computer_done(g: &Value) -> bool {
    g["status"] != "playing" || g["to_move"] == "south"
}

/// A computer game with the human (South) first: its id and the human's token.
async fn computer_game(t: &TestApp) -> (String, String) {
    let (id, token, _) = t
        .create(
            json!({"opponent": {"kind": "computer", "level": "beginner"},
                       "side": "south", "first": "south"}),
        )
        .await;
    (id, token)
}

/// A move of the human in a computer game, via `t`: the first legal one.
async fn human_move(t: &TestApp, id: &str, token: &str) {
    let g = game(t, id).await;
    let mv = g["legal_moves"][0].as_str().unwrap().to_string();
    let (s, r) = t.play(id, token, &mv, g["ply"].as_u64().unwrap()).await;
    assert_eq!(s, StatusCode::OK, "{r}");
}

async fn one_computer_reply(location: Location) {
    let (a, b) = (server(&location), server(&location));
    let (id, token) = computer_game(&a).await;
    // Both servers hold the game.
    assert_eq!(game(&b, &id).await["ply"], 0);
    human_move(&a, &id, &token).await;
    let g = a.wait_for(&id, computer_done).await;
    // Server B finds nothing to do, even once any lease would have run out.
    assert_eq!(b.state.work_jobs().await, 0);
    b.state.advance_time(60_000);
    assert_eq!(b.state.work_jobs().await, 0);
    let moves = stored_moves(&a, &id).await;
    assert_eq!(moves.len() as u64, g["ply"].as_u64().unwrap(), "{moves:?}");
    // One search per computer move, all on server A (the human moved once).
    assert!(moves.len() >= 2, "the computer replied: {moves:?}");
    assert_eq!(a.state.computer_searches(), moves.len() - 1);
    assert_eq!(b.state.computer_searches(), 0);
    assert!(jobs_of(&a, &id)
        .await
        .iter()
        .all(|j| j.kind != JobKind::Computer));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_computer_move_is_searched_once_among_servers_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    one_computer_reply(Location::Sqlite(dir.path().join("games.db"))).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_computer_move_is_searched_once_among_servers_on_postgres() {
    if let Some(location) = postgres() {
        one_computer_reply(location).await;
    }
}

fn postgres() -> Option<Location> {
    if !kalah_pgtest::available() {
        eprintln!("skipped: PostgreSQL is not installed (KALAH_SKIP_POSTGRES=1)");
        return None;
    }
    Some(Location::Postgres(kalah_pgtest::shared().database()))
}

/// Server A stores the human's move (the computer's reply leased to it) and dies at once:
/// its runtime is dropped with the search in flight, so the reply is never stored by it.
/// Answers (game id, A's instance name).
fn move_then_die(location: &Location) -> (String, String) {
    let location = location.clone();
    std::thread::spawn(move || {
        // A runtime of its own that runs only inside `block_on`: once that returns, none
        // of A's tasks runs again, and dropping the runtime drops them.
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let (id, name) = rt.block_on(async {
            let a = server(&location);
            let (id, token) = computer_game(&a).await;
            human_move(&a, &id, &token).await;
            (id, a.state.instance().to_string())
        });
        drop(rt);
        (id, name)
    })
    .join()
    .unwrap()
}

async fn a_dead_servers_computer_move_is_taken_over(location: Location) {
    let b = server(&location);
    let (id, dead) = move_then_die(&location);
    // A died holding the lease of the computer's reply: nothing else was stored.
    assert_eq!(stored_moves(&b, &id).await.len(), 1);
    let jobs = jobs_of(&b, &id).await;
    assert_eq!(jobs.len(), 1, "{jobs:?}");
    assert_eq!(jobs[0].kind, JobKind::Computer);
    assert_eq!(jobs[0].lease.as_ref().unwrap().by, dead);
    // While the lease runs, B leaves the job alone, also when it opens the game.
    assert_eq!(b.state.work_jobs().await, 0);
    assert_eq!(game(&b, &id).await["ply"], 1);
    // A beats no more: once it has been silent long enough to count as dead (well before
    // its lease would run out), B takes the job over and the computer replies, once.
    b.state.advance_time(kalah_server::INSTANCE_DEAD_MS - 1);
    assert_eq!(b.state.work_jobs().await, 0);
    assert_eq!(b.state.computer_searches(), 0);
    b.state.advance_time(1);
    assert_eq!(b.state.work_jobs().await, 1);
    let g = b.wait_for(&id, computer_done).await;
    let moves = stored_moves(&b, &id).await;
    assert!(moves.len() >= 2, "{moves:?}");
    assert_eq!(moves.len() as u64, g["ply"].as_u64().unwrap());
    assert_eq!(b.state.computer_searches(), moves.len() - 1);
    assert!(jobs_of(&b, &id)
        .await
        .iter()
        .all(|j| j.kind != JobKind::Computer));
    assert_eq!(b.state.work_jobs().await, 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dead_servers_computer_move_is_taken_over_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    a_dead_servers_computer_move_is_taken_over(Location::Sqlite(dir.path().join("games.db"))).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dead_servers_computer_move_is_taken_over_on_postgres() {
    if let Some(location) = postgres() {
        a_dead_servers_computer_move_is_taken_over(location).await;
    }
}

/// A rated 1+0 game between two accounts, created through `t` by `south` with `north` at the
/// other seat: (id, south token, north token).
async fn rated_game(t: &TestApp, south: &Who, north: &Who) -> (String, String, String) {
    let body = json!({"opponent": {"kind": "friend"}, "side": "south", "first": "south",
                      "time_control": "1+0", "rated": true});
    let req = Request::builder()
        .method(Method::POST)
        .uri("/api/games")
        .header(header::COOKIE, format!("kalah_session={}", south.cookie))
        .header("x-csrf-token", &south.csrf)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let (status, text, _) = t.raw(req).await;
    assert_eq!(status, StatusCode::CREATED, "{text}");
    let v: Value = serde_json::from_str(&text).unwrap();
    let id = v["id"].as_str().unwrap().to_string();
    let (game, player) = (id.clone(), north.id.clone());
    t.state
        .db()
        .call(move |db| db.set_seat_player(&game, "north", &player))
        .await
        .unwrap();
    let north = seat_of(&v["invite_url"]);
    t.open_game(&id, &north).await;
    (id, v["token"].as_str().unwrap().to_string(), north)
}

/// Both servers look for the game's deadline at the same moment: their own timers and
/// their polls. Answers how many games they ended between them.
async fn both_look(a: &TestApp, b: &TestApp) -> usize {
    let (ea, eb, wa, wb) = tokio::join!(
        a.state.end_expired_clocks(),
        b.state.end_expired_clocks(),
        a.state.work_jobs(),
        b.state.work_jobs()
    );
    ea + eb + wa + wb
}

async fn a_flag_falls_once(location: Location) {
    let (a, b) = (server(&location), server(&location));
    let (ann, bob) = (sign_up(&a, "ann").await, sign_up(&a, "bob").await);
    let (id, south, north) = rated_game(&a, &ann, &bob).await;
    // One move through each server: both hold the game, each with a deadline for it.
    let (s, r) = a.play(&id, &south, "1", 0).await;
    assert_eq!(s, StatusCode::OK, "{r}");
    assert_eq!(game(&b, &id).await["ply"], 1);
    let (s, r) = b.play(&id, &north, "1", 1).await;
    assert_eq!(s, StatusCode::OK, "{r}");
    for t in [&a, &b] {
        t.state.advance_time(59_999);
    }
    assert_eq!(both_look(&a, &b).await, 0);
    for t in [&a, &b] {
        t.state.advance_time(1);
    }
    assert_eq!(both_look(&a, &b).await, 1, "one server ends the game");
    assert_eq!(both_look(&a, &b).await, 0);
    let g = game(&server(&location), &id).await;
    assert_eq!(g["status"], "timeout", "{g}");
    assert_eq!(g["result"]["winner"], "north", "{g}");
    // A late move is refused by either server, and the one that had not heard of the end
    // yet catches up with it.
    for t in [&a, &b] {
        let (s, r) = t.play(&id, &south, "2", 2).await;
        assert_eq!(s, StatusCode::CONFLICT, "{r}");
        assert_eq!(game(t, &id).await["status"], "timeout");
    }
    // The ratings changed once: one history row each, one game in each player's record.
    let key = id.clone();
    let (changes, ann_r, bob_r) = a
        .state
        .db()
        .call(move |db| {
            Ok((
                db.game_rating_changes(&key)?,
                db.player_ratings(&ann.id)?,
                db.player_ratings(&bob.id)?,
            ))
        })
        .await
        .unwrap();
    assert_eq!(changes.len(), 2, "{changes:?}");
    assert_eq!(ann_r.len(), 1);
    assert_eq!((ann_r[0].wins, ann_r[0].losses), (0, 1), "{ann_r:?}");
    assert_eq!((bob_r[0].wins, bob_r[0].losses), (1, 0), "{bob_r:?}");
    assert!(jobs_of(&a, &id).await.is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flag_falls_once_among_servers_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    a_flag_falls_once(Location::Sqlite(dir.path().join("games.db"))).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flag_falls_once_among_servers_on_postgres() {
    if let Some(location) = postgres() {
        a_flag_falls_once(location).await;
    }
}

async fn an_abort_happens_once(location: Location) {
    let (a, b) = (server(&location), server(&location));
    let (id, south, v) = a
        .create(
            json!({"opponent": {"kind": "friend"}, "side": "south", "first": "south",
                       "time_control": "3+2"}),
        )
        .await;
    // The friend opens the game at once: the first-move clock runs from there.
    a.open_game(&id, &seat_of(&v["invite_url"])).await;
    assert_eq!(game(&b, &id).await["status"], "playing");
    for t in [&a, &b] {
        t.state.advance_time(30_000);
    }
    assert_eq!(both_look(&a, &b).await, 1);
    assert_eq!(both_look(&a, &b).await, 0);
    assert_eq!(game(&server(&location), &id).await["status"], "aborted");
    for t in [&a, &b] {
        let (s, r) = t.play(&id, &south, "1", 0).await;
        assert_eq!(s, StatusCode::CONFLICT, "{r}");
        assert_eq!(game(t, &id).await["status"], "aborted");
    }
    assert!(jobs_of(&a, &id).await.is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_abort_happens_once_among_servers_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    an_abort_happens_once(Location::Sqlite(dir.path().join("games.db"))).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_abort_happens_once_among_servers_on_postgres() {
    if let Some(location) = postgres() {
        an_abort_happens_once(location).await;
    }
}

/// A flag fall in a game no server holds (its server died, or all restarted): the poll of
/// a server that never saw the game ends it.
async fn a_flag_nobody_holds_falls_by_the_poll(location: Location) {
    let b = server(&location);
    let id = {
        let a = server(&location);
        let (id, south, v) = a
            .create(
                json!({"opponent": {"kind": "friend"}, "side": "south", "first": "south",
                           "time_control": "1+0"}),
            )
            .await;
        let north = seat_of(&v["invite_url"]);
        a.open_game(&id, &north).await;
        for (token, ply) in [(&south, 0), (&north, 1)] {
            let (s, r) = a.play(&id, token, "1", ply).await;
            assert_eq!(s, StatusCode::OK, "{r}");
        }
        id
    };
    let db = Db::connect(&location).unwrap();
    let jobs = db.jobs_of(&id).unwrap();
    assert_eq!(jobs.len(), 1, "{jobs:?}");
    assert_eq!(jobs[0].kind, JobKind::Clock);
    assert_eq!(jobs[0].due_at, T0 + 60_000);
    b.state.advance_time(59_999);
    assert_eq!(b.state.work_jobs().await, 0);
    b.state.advance_time(1);
    assert_eq!(b.state.work_jobs().await, 1);
    assert_eq!(game(&b, &id).await["status"], "timeout");
    assert!(db.jobs_of(&id).unwrap().is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flag_nobody_holds_falls_by_the_poll_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    a_flag_nobody_holds_falls_by_the_poll(Location::Sqlite(dir.path().join("games.db"))).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flag_nobody_holds_falls_by_the_poll_on_postgres() {
    if let Some(location) = postgres() {
        a_flag_nobody_holds_falls_by_the_poll(location).await;
    }
}
