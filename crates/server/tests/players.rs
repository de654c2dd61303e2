//! Players and sessions over the real HTTP server on 127.0.0.1: guests made only when asked,
//! accounts, log-in and log-out, password changes, deletion, CSRF, revocation, budgets, and
//! hostile input. Each `Browser` keeps its own cookie, as a separate browser profile would.

mod common;

use kalah_server::{Policy, Rate, Rates};
use reqwest::header::HeaderMap;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use std::path::Path;
use std::time::{Duration, Instant};

struct Server {
    base: String,
    dir: tempfile::TempDir,
    task: tokio::task::JoinHandle<()>,
}

impl Server {
    async fn start(policy: Policy) -> Server {
        Server::start_in(tempfile::tempdir().unwrap(), policy).await
    }

    async fn start_in(dir: tempfile::TempDir, policy: Policy) -> Server {
        let state = common::open_state(dir.path(), &policy);
        let listener = kalah_server::listen("127.0.0.1:0".parse().unwrap()).unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let task = tokio::spawn(async move {
            kalah_server::serve(listener, state, std::future::pending())
                .await
                .unwrap();
        });
        Server { base, dir, task }
    }

    /// Stops the server and starts another on the same data (a restart).
    async fn restart(self) -> Server {
        self.task.abort();
        let _ = self.task.await;
        Server::start_in(self.dir, Policy::default()).await
    }

    fn browser(&self) -> Browser {
        Browser {
            client: reqwest::Client::new(),
            base: self.base.clone(),
            cookie: None,
            csrf: None,
        }
    }

    /// (players, sessions) stored, read from the database file itself.
    fn counts(&self) -> (i64, i64) {
        common::open_db(self.dir.path()).player_counts().unwrap()
    }
}

/// A client with its own cookie jar of one cookie.
#[derive(Clone)]
struct Browser {
    client: reqwest::Client,
    base: String,
    cookie: Option<String>,
    csrf: Option<String>,
}

struct Answer {
    status: StatusCode,
    body: Value,
    headers: HeaderMap,
}

impl Browser {
    /// A request with the cookie, and with `csrf` as X-CSRF-Token when given.
    async fn send(
        &mut self,
        method: Method,
        path: &str,
        body: Option<Value>,
        csrf: Option<&str>,
        extra: &[(&str, &str)],
    ) -> Answer {
        let mut req = self.client.request(method, format!("{}{path}", self.base));
        if let Some(c) = &self.cookie {
            req = req.header("cookie", format!("kalah_session={c}"));
        }
        if let Some(t) = csrf {
            req = req.header("x-csrf-token", t);
        }
        for (k, v) in extra {
            req = req.header(*k, *v);
        }
        if let Some(b) = body {
            req = req.json(&b);
        }
        let res = req.send().await.unwrap();
        let (status, headers) = (res.status(), res.headers().clone());
        self.take_cookie(&headers);
        let text = res.text().await.unwrap();
        let body = serde_json::from_str(&text).unwrap_or(Value::Null);
        if let Some(c) = body.get("csrf") {
            self.csrf = c.as_str().map(str::to_string);
        }
        Answer {
            status,
            body,
            headers,
        }
    }

    fn take_cookie(&mut self, headers: &HeaderMap) {
        if let Some(set) = headers.get("set-cookie") {
            let set = set.to_str().unwrap();
            let value = set
                .strip_prefix("kalah_session=")
                .unwrap()
                .split(';')
                .next()
                .unwrap();
            self.cookie = (!value.is_empty()).then(|| value.to_string());
        }
    }

    /// A state-changing call with this browser's CSRF token.
    async fn post(&mut self, path: &str, body: Value) -> Answer {
        let csrf = self.csrf.clone();
        self.send(Method::POST, path, Some(body), csrf.as_deref(), &[])
            .await
    }

    async fn get(&mut self, path: &str) -> Answer {
        self.send(Method::GET, path, None, None, &[]).await
    }

    async fn session(&mut self) -> Value {
        let a = self.get("/api/session").await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.body);
        a.body
    }

    async fn guest(&mut self) -> Value {
        let a = self
            .send(Method::POST, "/api/session/guest", None, None, &[])
            .await;
        assert!(a.status.is_success(), "{}", a.body);
        a.body
    }

    async fn sign_up(&mut self, name: &str, password: &str) -> Answer {
        self.post(
            "/api/session/signup",
            json!({"name": name, "password": password}),
        )
        .await
    }

    async fn log_in(&mut self, name: &str, password: &str) -> Answer {
        self.send(
            Method::POST,
            "/api/session/login",
            Some(json!({"name": name, "password": password})),
            None,
            &[],
        )
        .await
    }

    /// A local game created as this browser's player; answers its id.
    async fn create_game(&mut self) -> String {
        let a = self
            .post("/api/games", json!({"opponent": {"kind": "local"}}))
            .await;
        assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
        a.body["id"].as_str().unwrap().to_string()
    }
}

fn code(a: &Answer) -> &str {
    a.body["code"].as_str().unwrap_or("")
}

#[tokio::test]
async fn a_guest_is_made_only_when_asked_and_stays_across_requests_and_restarts() {
    let server = Server::start(Policy::default()).await;
    let mut b = server.browser();
    // Loading the page and asking who we are stores nothing.
    assert_eq!(b.get("/").await.status, StatusCode::OK);
    let s = b.session().await;
    assert!(s["player"].is_null() && s["csrf"].is_null(), "{s}");
    assert!(b.cookie.is_none());
    assert_eq!(server.counts(), (0, 0));

    let a = b
        .send(Method::POST, "/api/session/guest", None, None, &[])
        .await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    let cookie = a.headers["set-cookie"].to_str().unwrap().to_string();
    for part in ["HttpOnly", "SameSite=Lax", "Path=/", "Secure", "Max-Age="] {
        assert!(cookie.contains(part), "{cookie}");
    }
    let me = a.body["player"].clone();
    assert_eq!(me["kind"], "guest");
    assert!(me["name"].as_str().unwrap().starts_with("Guest "), "{me}");
    assert_eq!(server.counts(), (1, 1));

    // Asking again is the same guest, not a new row.
    let again = b.guest().await;
    assert_eq!(again["player"], me);
    assert_eq!(server.counts(), (1, 1));
    assert_eq!(b.session().await["player"], me);

    // The identity outlives the server process.
    let server = server.restart().await;
    b.base = server.base.clone();
    assert_eq!(b.session().await["player"], me);
    // Another browser is another guest.
    let mut other = server.browser();
    assert_ne!(other.guest().await["player"]["id"], me["id"]);
}

#[tokio::test]
async fn insecure_cookies_leave_out_secure() {
    let server = Server::start(Policy {
        insecure_cookies: true,
        ..Policy::default()
    })
    .await;
    let mut b = server.browser();
    let a = b
        .send(Method::POST, "/api/session/guest", None, None, &[])
        .await;
    let cookie = a.headers["set-cookie"].to_str().unwrap();
    assert!(
        cookie.contains("HttpOnly") && !cookie.contains("Secure"),
        "{cookie}"
    );
}

#[tokio::test]
async fn accounts_sign_up_log_in_change_password_and_delete() {
    let server = Server::start(Policy::default()).await;
    let mut b = server.browser();
    let guest = b.guest().await["player"].clone();
    let game = b.create_game().await;
    let (_, players) = game_players(&mut b, &game).await;
    assert_eq!(
        players["south"], guest["name"],
        "the guest sits at their seat"
    );

    // The guest signs up and stays the same player; their game shows the new name.
    let a = b.sign_up("Alice_1", "correct horse").await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    assert_eq!(a.body["player"]["id"], guest["id"]);
    assert_eq!(a.body["player"]["kind"], "account");
    assert_eq!(game_players(&mut b, &game).await.1["south"], "Alice_1");
    let me = b.session().await["player"].clone();
    assert_eq!(me["name"], "Alice_1");

    // The name is taken whatever its case; an account cannot sign up again.
    let mut c = server.browser();
    let a = c.sign_up("alice_1", "another password").await;
    assert_eq!((a.status, code(&a)), (StatusCode::CONFLICT, "name_taken"));
    assert!(a.body["error"].as_str().unwrap().contains("choose another"));
    let a = b.sign_up("Alice_2", "correct horse").await;
    assert_eq!((a.status, code(&a)), (StatusCode::CONFLICT, "signed_in"));

    // Log out: the cookie goes, and the old token no longer works.
    let old = b.cookie.clone();
    let a = b.post("/api/session/logout", json!({})).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    assert!(b.cookie.is_none());
    b.cookie = old;
    assert!(b.session().await["player"].is_null());
    b.cookie = None;

    // Log in (names ignore case) from two browsers.
    let a = b.log_in("ALICE_1", "correct horse").await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    assert_eq!(a.body["player"], me);
    let mut phone = server.browser();
    assert_eq!(
        phone.log_in("alice_1", "correct horse").await.status,
        StatusCode::OK
    );

    // Changing the password needs the old one and ends the other sessions.
    let a = b
        .post(
            "/api/session/password",
            json!({"password": "wrong horse", "new_password": "battery staple"}),
        )
        .await;
    assert_eq!(
        (a.status, code(&a)),
        (StatusCode::FORBIDDEN, "wrong_password")
    );
    let a = b
        .post(
            "/api/session/password",
            json!({"password": "correct horse", "new_password": "battery staple"}),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    assert_eq!(a.body["sessions_ended"], 1);
    assert!(phone.session().await["player"].is_null());
    assert_eq!(b.session().await["player"], me, "this session stays");
    let mut d = server.browser();
    assert_eq!(
        d.log_in("alice_1", "correct horse").await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        d.log_in("alice_1", "battery staple").await.status,
        StatusCode::OK
    );

    // Deleting needs the password; the games stay, anonymised; the name is free again.
    let a = b
        .post("/api/session/delete", json!({"password": "wrong horse"}))
        .await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "{}", a.body);
    let a = b
        .post("/api/session/delete", json!({"password": "battery staple"}))
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    assert!(b.cookie.is_none());
    assert!(d.session().await["player"].is_null(), "every session ended");
    let (status, players) = game_players(&mut b, &game).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(players["south"], "deleted player");
    assert_eq!(
        d.log_in("alice_1", "battery staple").await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(server.counts(), (0, 0));
    // After a restart the stored game says the same.
    let server = server.restart().await;
    b.base = server.base.clone();
    assert_eq!(
        game_players(&mut b, &game).await.1["south"],
        "deleted player"
    );
    let mut e = server.browser();
    assert_eq!(
        e.sign_up("ALICE_1", "a new password").await.status,
        StatusCode::CREATED
    );
}

async fn game_players(b: &mut Browser, id: &str) -> (StatusCode, Value) {
    let a = b.get(&format!("/api/games/{id}")).await;
    (a.status, a.body["players"].clone())
}

#[tokio::test]
async fn cookie_authorised_calls_need_the_csrf_token_and_the_same_site() {
    let server = Server::start(Policy::default()).await;
    let mut b = server.browser();
    b.guest().await;
    let right = b.csrf.clone().unwrap();
    let refused = [
        (None, vec![], "no_csrf"),
        (Some("not-the-token"), vec![], "bad_csrf"),
        (
            Some(right.as_str()),
            vec![("origin", "https://evil.example")],
            "cross_site",
        ),
        (
            Some(right.as_str()),
            vec![("sec-fetch-site", "cross-site")],
            "cross_site",
        ),
    ];
    for (csrf, extra, expected) in refused {
        for path in ["/api/session/logout", "/api/session/revoke", "/api/games"] {
            if csrf.is_none() && path == "/api/games" {
                // Without the token a game is created anonymously, as before (below).
                continue;
            }
            let a = b
                .send(
                    Method::POST,
                    path,
                    Some(json!({"others": true, "opponent": {"kind": "local"}})),
                    csrf,
                    &extra,
                )
                .await;
            assert_eq!(a.status, StatusCode::FORBIDDEN, "{path}: {}", a.body);
            assert_eq!(code(&a), expected, "{path}");
        }
    }
    // A guest signing up is authorised by the cookie too.
    for csrf in [None, Some("not-the-token")] {
        let a = b
            .send(
                Method::POST,
                "/api/session/signup",
                Some(json!({"name": "mallory", "password": "mallory's password"})),
                csrf,
                &[],
            )
            .await;
        assert_eq!(a.status, StatusCode::FORBIDDEN, "{}", a.body);
    }
    // Still signed in as the same guest: nothing above went through.
    let s = b.session().await;
    assert_eq!(s["player"]["kind"], "guest", "{s}");
    // Another browser's token is not this one's.
    let mut other = server.browser();
    other.guest().await;
    let a = b
        .send(
            Method::POST,
            "/api/session/logout",
            None,
            other.csrf.as_deref(),
            &[],
        )
        .await;
    assert_eq!(code(&a), "bad_csrf");

    // Same-origin headers from a browser pass.
    let origin = b.base.clone();
    let a = b
        .send(
            Method::POST,
            "/api/session/revoke",
            Some(json!({"others": true})),
            Some(&right),
            &[("origin", &origin), ("sec-fetch-site", "same-origin")],
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);

    // Games played with seat tokens are unchanged: no CSRF token needed, cookie or not.
    let created = b
        .send(
            Method::POST,
            "/api/games",
            Some(json!({"opponent": {"kind": "local"}})),
            None,
            &[],
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.body);
    let (id, token) = (
        created.body["id"].as_str().unwrap().to_string(),
        created.body["token"].as_str().unwrap().to_string(),
    );
    let auth = format!("Bearer {token}");
    let a = b
        .send(
            Method::POST,
            &format!("/api/games/{id}/moves"),
            Some(json!({"move": 3, "ply": 0})),
            None,
            &[("authorization", &auth)],
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);

    // The right token with the session's cookie: accepted.
    let a = b.post("/api/session/logout", json!({})).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    // Without a session there is nothing to authorise.
    let a = b.post("/api/session/logout", json!({})).await;
    assert_eq!(
        (a.status, code(&a)),
        (StatusCode::UNAUTHORIZED, "no_session")
    );
}

#[tokio::test]
async fn sessions_are_listed_and_revoked() {
    let server = Server::start(Policy::default()).await;
    let mut b = server.browser();
    assert_eq!(
        b.sign_up("bob", "bob's password").await.status,
        StatusCode::CREATED
    );
    let mut others = Vec::new();
    for _ in 0..3 {
        let mut o = server.browser();
        assert_eq!(
            o.log_in("Bob", "bob's password").await.status,
            StatusCode::OK
        );
        others.push(o);
    }
    let list = b.get("/api/session/list").await.body["sessions"].clone();
    let list = list.as_array().unwrap();
    assert_eq!(list.len(), 4);
    assert_eq!(list.iter().filter(|s| s["current"] == true).count(), 1);

    // End one by id.
    let victim = others[0].session().await["session"].clone();
    let a = b.post("/api/session/revoke", json!({"id": victim})).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    assert!(others[0].session().await["player"].is_null());
    assert!(!others[1].session().await["player"].is_null());
    // Another player's session or no session: not found.
    let mut stranger = server.browser();
    stranger.guest().await;
    let theirs = others[1].session().await["session"].clone();
    let a = stranger
        .post("/api/session/revoke", json!({"id": theirs}))
        .await;
    assert_eq!(
        (a.status, code(&a)),
        (StatusCode::NOT_FOUND, "no_such_session")
    );
    assert!(!others[1].session().await["player"].is_null());
    let a = b.post("/api/session/revoke", json!({})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "{}", a.body);

    // End all but this one.
    let a = b.post("/api/session/revoke", json!({"others": true})).await;
    assert_eq!(a.body["revoked"], 2, "{}", a.body);
    for o in &mut others {
        assert!(o.session().await["player"].is_null());
    }
    assert_eq!(
        b.get("/api/session/list").await.body["sessions"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    // Without a session there is no list.
    let a = others[0].get("/api/session/list").await;
    assert_eq!(a.status, StatusCode::UNAUTHORIZED);
}

/// The smallest of `n` timings of `f`.
async fn fastest<F: std::future::Future<Output = StatusCode>>(
    n: usize,
    mut f: impl FnMut() -> F,
) -> Duration {
    let mut best = Duration::MAX;
    for _ in 0..n {
        let t = Instant::now();
        assert_eq!(f().await, StatusCode::UNAUTHORIZED);
        best = best.min(t.elapsed());
    }
    best
}

#[tokio::test]
async fn unknown_names_and_wrong_passwords_get_the_same_answer_in_the_same_time() {
    let server = Server::start(Policy {
        rates: Rates {
            login: Rate {
                count: 100,
                per: Duration::from_secs(60),
            },
            ..Rates::default()
        },
        ..Policy::default()
    })
    .await;
    let mut b = server.browser();
    b.sign_up("carol", "carol's password").await;
    let mut c = server.browser();
    let unknown = c.log_in("nobody_here", "carol's password").await;
    let wrong = c.log_in("carol", "not her password").await;
    let odd = c.log_in("no", "not her password").await;
    for a in [&unknown, &wrong, &odd] {
        assert_eq!(a.status, StatusCode::UNAUTHORIZED);
        assert_eq!(a.body, wrong.body);
    }
    assert!(c.cookie.is_none());
    // Both check a password hash: an unknown name is not answered faster (without the
    // dummy hash it would be answered in a fraction of the time).
    let base = server.base.clone();
    let login = |name: &'static str| {
        let base = base.clone();
        move || {
            let base = base.clone();
            async move {
                reqwest::Client::new()
                    .post(format!("{base}/api/session/login"))
                    .json(&json!({"name": name, "password": "not her password"}))
                    .send()
                    .await
                    .unwrap()
                    .status()
            }
        }
    };
    let t_unknown = fastest(4, login("nobody_here")).await;
    let t_wrong = fastest(4, login("carol")).await;
    // A factor of 5 leaves room for a loaded machine (the fastest of 4 still varies 2-3x
    // there); the leak this guards against is a factor of about 300.
    assert!(
        t_unknown * 5 > t_wrong && t_wrong * 5 > t_unknown,
        "unknown name {t_unknown:?}, wrong password {t_wrong:?}"
    );
}

#[tokio::test]
async fn budgets_answer_429_with_retry_after() {
    let rate = |count| Rate {
        count,
        per: Duration::from_secs(3600),
    };
    let server = Server::start(Policy {
        rates: Rates {
            login: rate(3),
            signup: rate(2),
            create: rate(2),
            ..Rates::default()
        },
        ..Policy::default()
    })
    .await;
    let cases: [(&str, Value, usize); 3] = [
        (
            "/api/session/login",
            json!({"name": "dave", "password": "whatever1"}),
            3,
        ),
        (
            "/api/session/signup",
            json!({"name": "NAME", "password": "whatever1"}),
            2,
        ),
        ("/api/session/guest", json!({}), 2),
    ];
    for (path, body, allowed) in cases {
        for i in 0..=allowed {
            // A fresh browser each time: the budget is the address's, not the session's.
            let mut b = server.browser();
            let body = json!(body.to_string().replace("NAME", &format!("user{i}")));
            let body: Value = serde_json::from_str(body.as_str().unwrap()).unwrap();
            let a = b.send(Method::POST, path, Some(body), None, &[]).await;
            if i < allowed {
                assert_ne!(a.status, StatusCode::TOO_MANY_REQUESTS, "{path} #{i}");
            } else {
                assert_eq!(
                    a.status,
                    StatusCode::TOO_MANY_REQUESTS,
                    "{path}: {}",
                    a.body
                );
                assert_eq!(code(&a), "rate_limited");
                let wait: u64 = a.headers["retry-after"].to_str().unwrap().parse().unwrap();
                assert!(wait > 60, "{wait}");
            }
        }
    }
    // Reading the session is never budgeted.
    for _ in 0..10 {
        assert_eq!(
            server.browser().get("/api/session").await.status,
            StatusCode::OK
        );
    }
}

/// The schema of version 4 (before players), as an older server wrote it.
const VERSION_4: &str = "CREATE TABLE games (id TEXT PRIMARY KEY, rules TEXT NOT NULL,
        preset TEXT, start TEXT NOT NULL, opponent TEXT NOT NULL, level TEXT,
        computer_seat TEXT, south_token TEXT NOT NULL, north_token TEXT NOT NULL,
        south_joined INTEGER NOT NULL DEFAULT 0, north_joined INTEGER NOT NULL DEFAULT 0,
        resigned TEXT, status TEXT NOT NULL, rematch TEXT, rematch_of TEXT,
        created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL,
        plies INTEGER NOT NULL DEFAULT 0, position TEXT, south_name TEXT, north_name TEXT);
    CREATE INDEX games_playing ON games(opponent) WHERE status = 'playing';
    CREATE INDEX games_live_friend_position ON games(position)
        WHERE status = 'playing' AND opponent = 'friend';
    CREATE TABLE moves (game_id TEXT NOT NULL REFERENCES games(id), ply INTEGER NOT NULL,
        mv TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (game_id, ply)) WITHOUT ROWID;
    INSERT INTO games (id, rules, start, opponent, south_token, north_token, south_joined,
        north_joined, status, created_at, updated_at, plies)
        VALUES ('oldgame00001', 'houses=6 seeds=4', '<6,0,0,4,4,4,4,4,4,4,4,4,4,4,4> S',
        'local', 'aa', 'aa', 1, 1, 'playing', 1, 1, 2);
    INSERT INTO moves VALUES ('oldgame00001', 1, '1', 1), ('oldgame00001', 2, '2', 1);
    PRAGMA user_version = 4;";

fn write_version_4(dir: &Path) {
    let conn = rusqlite::Connection::open(dir.join("games.db")).unwrap();
    conn.execute_batch(VERSION_4).unwrap();
}

#[tokio::test]
async fn a_database_from_before_players_keeps_its_games() {
    if kalah_pgtest::on_postgres() {
        return; // An old SQLite file: nothing to do with PostgreSQL.
    }
    let dir = tempfile::tempdir().unwrap();
    write_version_4(dir.path());
    let server = Server::start_in(dir, Policy::default()).await;
    let mut b = server.browser();
    let a = b.get("/api/games/oldgame00001").await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    assert_eq!(a.body["history"].as_array().unwrap().len(), 2, "{}", a.body);
    // And the new tables work.
    assert_eq!(
        b.sign_up("erin", "erin's password").await.status,
        StatusCode::CREATED
    );
    assert_eq!(server.counts(), (1, 1));
}

#[tokio::test]
async fn hostile_input_is_refused_and_never_crashes_the_server() {
    let server = Server::start(Policy {
        rates: Rates {
            signup: Rate {
                count: 1000,
                per: Duration::from_secs(60),
            },
            login: Rate {
                count: 1000,
                per: Duration::from_secs(60),
            },
            ..Rates::default()
        },
        ..Policy::default()
    })
    .await;
    let mut b = server.browser();
    let huge = "x".repeat(60_000);
    let names = [
        huge.as_str(),
        "",
        "ab",
        "a\u{0}bcd",
        "bob'; DROP TABLE players;--",
        "\u{202e}evil",
        "😀😀😀",
        "élise",
        "  spaced  ",
    ];
    for name in names {
        let a = b.sign_up(name, "good password").await;
        assert_eq!(
            (a.status, code(&a)),
            (StatusCode::BAD_REQUEST, "bad_name"),
            "{name:?}"
        );
        assert!(a.body["error"].as_str().unwrap().contains("choose another"));
        let a = b.log_in(name, "good password").await;
        assert_eq!(a.status, StatusCode::UNAUTHORIZED, "{name:?}");
    }
    for password in ["", "short", &"p".repeat(257)] {
        let a = b.sign_up("frank", password).await;
        assert_eq!(
            (a.status, code(&a)),
            (StatusCode::BAD_REQUEST, "bad_password")
        );
        if password != "short" {
            let a = b.log_in("frank", password).await;
            assert_eq!(a.status, StatusCode::BAD_REQUEST, "{}", a.body);
        }
    }
    // Bodies that are not JSON, not UTF-8, or of the wrong shape.
    let client = reqwest::Client::new();
    for body in [
        b"\xff\xfe\x00 not utf-8".to_vec(),
        b"{\"name\": 5, \"password\": []}".to_vec(),
        b"{\"name\": \"\xc3\x28\", \"password\": \"x\"}".to_vec(),
        b"[]".to_vec(),
    ] {
        for path in ["/api/session/signup", "/api/session/login"] {
            let r = client
                .post(format!("{}{path}", server.base))
                .header("content-type", "application/json")
                .body(body.clone())
                .send()
                .await
                .unwrap();
            assert!(r.status().is_client_error(), "{path}: {}", r.status());
            let v: Value = r.json().await.unwrap();
            assert!(v["error"].is_string(), "{v}");
        }
    }
    // Odd cookies and CSRF headers: no session, never a crash.
    for cookie in [
        b"kalah_session=\xff\xfe".to_vec(),
        format!("kalah_session={}", "a".repeat(4000)).into_bytes(),
        b"kalah_session".to_vec(),
        b";;;=;kalah_session==;".to_vec(),
    ] {
        let r = client
            .get(format!("{}/api/session", server.base))
            .header(
                "cookie",
                reqwest::header::HeaderValue::from_bytes(&cookie).unwrap(),
            )
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), StatusCode::OK);
        let v: Value = r.json().await.unwrap();
        assert!(v["player"].is_null(), "{v}");
    }
    b.guest().await;
    let r = client
        .post(format!("{}/api/session/logout", server.base))
        .header(
            "cookie",
            format!("kalah_session={}", b.cookie.clone().unwrap()),
        )
        .header(
            "x-csrf-token",
            reqwest::header::HeaderValue::from_bytes(b"\xff\x00")
                .unwrap_or(reqwest::header::HeaderValue::from_static("x")),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    let a = b
        .post("/api/session/revoke", json!({"id": "z".repeat(50_000)}))
        .await;
    assert_eq!(a.status, StatusCode::NOT_FOUND, "{}", a.body);
    let a = b
        .post("/api/session/delete", json!({"password": {"no": 1}}))
        .await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "{}", a.body);
    // Still serving.
    assert_eq!(b.get("/api/meta").await.status, StatusCode::OK);
    assert!(!b.session().await["player"].is_null());
}

/// Issue 37, "guests can play, accounts keep their history": an account's puzzle tries and
/// puzzle rating are kept by the server (the first try at a puzzle is rated, a repeat is
/// not), listed a page at a time, and outlive a restart; a guest's rating stays the page's.
#[tokio::test]
async fn an_accounts_puzzle_tries_and_rating_are_kept_and_listed_a_page_at_a_time() {
    let server = Server::start(Policy::default()).await;
    let ids: Vec<String> = kalah_puzzles::shipped()
        .iter()
        .take(23)
        .map(|p| p.id.clone())
        .collect();
    let mut b = server.browser();
    assert_eq!(
        b.sign_up("puzzler", "correct horse").await.status,
        StatusCode::CREATED
    );
    let h = b.get("/api/puzzles/history").await;
    assert_eq!(h.status, StatusCode::OK, "{}", h.body);
    assert_eq!(h.body["attempts"], json!([]));
    assert_eq!(h.body["rating"]["rating"], 1500.0);
    assert_eq!(
        (h.body["solved"].clone(), h.body["failed"].clone()),
        (json!(0), json!(0))
    );

    // The cookie authorises the try: without the CSRF token it is refused.
    let path = |id: &str| format!("/api/puzzles/{id}/result");
    let a = b
        .send(
            Method::POST,
            &path(&ids[0]),
            Some(json!({"solved": true})),
            None,
            &[],
        )
        .await;
    assert_eq!((a.status, code(&a)), (StatusCode::FORBIDDEN, "no_csrf"));

    // The rating the page sends is ignored (even one a guest could not send): the stored
    // one (a new player's) is the start.
    let high = json!({"rating": 3000.0, "deviation": 60.0, "volatility": 0.06});
    let wild = json!({"rating": 9000.0, "deviation": 5.0, "volatility": 0.9});
    let first = b
        .post(&path(&ids[0]), json!({"solved": true, "player": wild}))
        .await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.body);
    assert_eq!(
        (first.body["rated"].clone(), first.body["stored"].clone()),
        (json!(true), json!(true))
    );
    let after_first = first.body["player"]["rating"].as_f64().unwrap();
    assert!(
        after_first > 1500.0 && after_first < 2000.0,
        "{}",
        first.body
    );
    assert!(first.body["change"].as_f64().unwrap() > 0.0);

    // A second try at the same puzzle is not rated.
    let again = b.post(&path(&ids[0]), json!({"solved": false})).await;
    assert_eq!(again.status, StatusCode::OK, "{}", again.body);
    assert_eq!(again.body["rated"], json!(false));
    assert_eq!(again.body["change"], json!(0.0));
    assert_eq!(
        again.body["player"]["rating"].as_f64().unwrap(),
        after_first
    );
    assert_eq!(again.body["first"]["solved"], json!(true));

    let miss = b.post(&path(&ids[1]), json!({"solved": false})).await;
    assert!(miss.body["change"].as_f64().unwrap() < 0.0, "{}", miss.body);
    let h = b.get("/api/puzzles/history").await;
    let listed: Vec<&str> = h.body["attempts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["id"].as_str().unwrap())
        .collect();
    assert_eq!(listed, [ids[1].as_str(), ids[0].as_str()], "newest first");
    assert_eq!(h.body["attempts"][0]["solved"], json!(false));
    assert_eq!(
        h.body["attempts"][0]["link"],
        json!(format!("/puzzles/{}", ids[1]))
    );
    assert_eq!(h.body["attempts"][1]["after"], json!(after_first.round()));
    assert_eq!(
        (h.body["solved"].clone(), h.body["failed"].clone()),
        (json!(1), json!(1))
    );
    assert_eq!(h.body["glicko"], miss.body["player"]);
    assert_eq!(h.body["more"], json!(false));

    // Twenty more: the list comes in pages of 20.
    for id in &ids[2..] {
        assert_eq!(
            b.post(&path(id), json!({"solved": true})).await.status,
            StatusCode::OK
        );
    }
    let one = b.get("/api/puzzles/history?page=1").await;
    assert_eq!(one.body["attempts"].as_array().unwrap().len(), 20);
    assert_eq!(one.body["more"], json!(true));
    let two = b.get("/api/puzzles/history?page=2").await;
    assert_eq!(two.body["attempts"].as_array().unwrap().len(), 3);
    assert_eq!(two.body["more"], json!(false));
    assert_eq!(two.body["attempts"][2]["id"], json!(ids[0]));
    let bad = b.get("/api/puzzles/history?page=0").await;
    assert_eq!(
        (bad.status, code(&bad)),
        (StatusCode::BAD_REQUEST, "bad_page")
    );

    // Kept across a restart.
    let server = server.restart().await;
    b.base = server.base.clone();
    let kept = b.get("/api/puzzles/history?page=2").await;
    assert_eq!(kept.body["attempts"], two.body["attempts"]);

    // A guest (no cookie, or a guest's session) keeps its rating in the page: nothing stored.
    let mut g = server.browser();
    let a = g
        .post(&path(&ids[0]), json!({"solved": true, "player": high}))
        .await;
    assert_eq!(a.body["stored"], json!(false), "{}", a.body);
    assert!(a.body["player"]["rating"].as_f64().unwrap() > 2900.0);
    let a = g
        .post(&path(&ids[0]), json!({"solved": true, "player": wild}))
        .await;
    assert_eq!(
        (a.status, code(&a)),
        (StatusCode::BAD_REQUEST, "bad_rating")
    );
    let h = g.get("/api/puzzles/history").await;
    assert_eq!(
        (h.status, code(&h)),
        (StatusCode::UNAUTHORIZED, "no_session")
    );
    g.guest().await;
    let a = g.post(&path(&ids[0]), json!({"solved": true})).await;
    assert_eq!(a.body["stored"], json!(false), "{}", a.body);
    let h = g.get("/api/puzzles/history").await;
    assert_eq!(
        (h.status, code(&h)),
        (StatusCode::UNAUTHORIZED, "not_an_account")
    );
}

/// The ids of the shipped puzzles under `preset`, nearest `rating` first (as the server
/// orders them for `GET /api/puzzles/next`).
fn puzzles_near(preset: &str, rating: f64) -> Vec<String> {
    let rules: kalah_rules::Rules = preset.parse().unwrap();
    let mut set: Vec<&kalah_puzzles::Puzzle> = kalah_puzzles::shipped()
        .iter()
        .filter(|p| p.rules() == rules)
        .collect();
    set.sort_by(|a, b| {
        (f64::from(a.rating) - rating)
            .abs()
            .total_cmp(&(f64::from(b.rating) - rating).abs())
            .then(a.id.cmp(&b.id))
    });
    set.iter().map(|p| p.id.clone()).collect()
}

/// Issue 37: an account's puzzle rating is on its player page beside its game ratings (with
/// the deviation, provisional at first, and puzzles solved of tried); none before a try.
#[tokio::test]
async fn an_accounts_puzzle_rating_is_on_its_player_page_once_it_tried_one() {
    let server = Server::start(Policy::default()).await;
    let mut b = server.browser();
    assert_eq!(
        b.sign_up("solver", "correct horse").await.status,
        StatusCode::CREATED
    );
    let page = b.get("/api/players/solver").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert_eq!(page.body["puzzles"], Value::Null, "no try yet");

    let ids = puzzles_near("standard", 1500.0);
    let path = |id: &str| format!("/api/puzzles/{id}/result");
    let a = b.post(&path(&ids[0]), json!({"solved": true})).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    let a = b.post(&path(&ids[1]), json!({"solved": false})).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    // A repeat is not a new try.
    b.post(&path(&ids[0]), json!({"solved": false})).await;

    // Anyone sees it: a browser with no session.
    let page = server.browser().get("/api/players/SOLVER").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let p = &page.body["puzzles"];
    assert_eq!(
        p["rating"],
        a.body["player"]["rating"]
            .as_f64()
            .map(|r| (r * 10.0).round() / 10.0)
            .unwrap()
    );
    let deviation = p["deviation"].as_f64().unwrap();
    assert!(deviation > 100.0 && deviation < 350.0, "{p}");
    assert_eq!(p["provisional"], json!(true), "{p}");
    assert_eq!(
        (p["solved"].clone(), p["tried"].clone()),
        (json!(1), json!(2))
    );
}

/// Issue 37: the next puzzle is one the player has not tried: an account's stored tries are
/// left out (the nearest untried puzzles are offered instead), and when every puzzle under
/// the rules was tried (or shown last), tried ones come again rather than none; a guest's page leaves out
/// the ones it lists in `not`, with the same fallback.
#[tokio::test]
async fn the_next_puzzle_is_one_the_player_has_not_tried() {
    let server = Server::start(Policy::default()).await;
    let mut b = server.browser();
    assert_eq!(
        b.sign_up("again", "correct horse").await.status,
        StatusCode::CREATED
    );
    let near = puzzles_near("bga", 1500.0);
    assert!(near.len() > 20, "{} bga puzzles", near.len());
    let path = |id: &str| format!("/api/puzzles/{id}/result");
    let next = |seed: u64| format!("/api/puzzles/next?rules=bga&rating=1500&seed={seed}");
    // Before any try, the ten nearest are offered.
    let first = b.get(&next(0)).await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.body);
    assert!(near[..10].contains(&first.body["id"].as_str().unwrap().to_string()));

    // The ten nearest tried: none of them again, whatever the seed.
    for id in &near[..10] {
        let a = b.post(&path(id), json!({"solved": true})).await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    }
    for seed in 0..10 {
        let n = b.get(&next(seed)).await;
        assert_eq!(n.status, StatusCode::OK, "{}", n.body);
        let id = n.body["id"].as_str().unwrap().to_string();
        assert!(!near[..10].contains(&id), "seed {seed}: {id} was tried");
        assert!(
            near[10..20].contains(&id),
            "seed {seed}: {id} is not among the nearest untried"
        );
    }

    // The others among the page's last ones: the tried ones come again rather than none.
    let n = b
        .get(&format!("{}&not={}", next(3), near[10..].join(",")))
        .await;
    assert_eq!(n.status, StatusCode::OK, "{}", n.body);
    assert!(
        near[..10].contains(&n.body["id"].as_str().unwrap().to_string()),
        "{}",
        n.body
    );
    // And all of them among the last ones: still a puzzle.
    let n = b.get(&format!("{}&not={}", next(3), near.join(","))).await;
    assert_eq!(n.status, StatusCode::OK, "{}", n.body);

    // A guest: the page's `not` is what it tried; all of them listed still gives a puzzle.
    let mut g = server.browser();
    let n = g
        .get(&format!("{}&not={}", next(5), near[..10].join(",")))
        .await;
    assert!(
        near[10..20].contains(&n.body["id"].as_str().unwrap().to_string()),
        "{}",
        n.body
    );
    let n = g.get(&format!("{}&not={}", next(5), near.join(","))).await;
    assert_eq!(n.status, StatusCode::OK, "{}", n.body);
    assert!(
        near[..10].contains(&n.body["id"].as_str().unwrap().to_string()),
        "{}",
        n.body
    );
}
