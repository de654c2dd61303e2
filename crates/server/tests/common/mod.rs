//! Helpers shared by the server's tests: an app on a temporary data directory and requests.
#![allow(dead_code)]

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use serde_json::{json, Value};
use std::time::Duration;
use tower::ServiceExt;

pub mod ws;

/// The server state over the test data directory `dir`: its SQLite file, or, when the test
/// program runs on PostgreSQL (`kalah_pgtest::on_postgres`), a database of its own there.
pub fn open_state(dir: &std::path::Path, policy: &kalah_server::Policy) -> kalah_server::AppState {
    let db = kalah_pgtest::database_url(dir).map(kalah_storage::Location::Postgres);
    kalah_server::open_state_at(dir, db.as_ref(), policy).unwrap()
}

/// The database of the test data directory `dir`, opened beside the server (as `kalah db`
/// would).
pub fn open_db(dir: &std::path::Path) -> kalah_storage::Db {
    match kalah_pgtest::database_url(dir) {
        Some(url) => kalah_storage::Db::open_postgres(&url),
        None => kalah_storage::Db::open(&dir.join("games.db")),
    }
    .unwrap()
}

pub struct TestApp {
    pub dir: tempfile::TempDir,
    pub state: kalah_server::AppState,
    pub app: Router,
}

impl TestApp {
    pub fn new() -> TestApp {
        let dir = tempfile::tempdir().unwrap();
        TestApp::open(dir)
    }

    /// An app over the data in `dir` with `policy` (a manual clock time, say).
    pub fn open_with(dir: tempfile::TempDir, policy: &kalah_server::Policy) -> TestApp {
        let state = open_state(dir.path(), policy);
        let app = kalah_server::app(state.clone());
        TestApp { dir, state, app }
    }

    /// An app over the data in `dir` (as after a restart).
    pub fn open(dir: tempfile::TempDir) -> TestApp {
        let state = open_state(dir.path(), &kalah_server::Policy::default());
        let app = kalah_server::app(state.clone());
        TestApp { dir, state, app }
    }

    pub async fn raw(&self, req: Request<Body>) -> (StatusCode, String, axum::http::HeaderMap) {
        let res = self.app.clone().oneshot(req).await.unwrap();
        let status = res.status();
        let headers = res.headers().clone();
        let bytes = res.into_body().collect().await.unwrap().to_bytes();
        (
            status,
            String::from_utf8_lossy(&bytes).into_owned(),
            headers,
        )
    }

    /// A JSON request; answers the status and the JSON body (Null when it is not JSON).
    pub async fn call(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
        let mut b = Request::builder().method(method).uri(path);
        if let Some(t) = token {
            b = b.header(header::AUTHORIZATION, format!("Bearer {t}"));
        }
        let req = match body {
            Some(v) => b
                .header(header::CONTENT_TYPE, "application/json")
                .body(Body::from(v.to_string())),
            None => b.body(Body::empty()),
        }
        .unwrap();
        let (status, text, _) = self.raw(req).await;
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }

    pub async fn get(&self, path: &str) -> (StatusCode, Value) {
        self.call(Method::GET, path, None, None).await
    }

    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> (StatusCode, Value) {
        self.call(Method::POST, path, token, Some(body)).await
    }

    /// Creates a game; answers (id, token, the whole answer).
    pub async fn create(&self, body: Value) -> (String, String, Value) {
        let (status, v) = self.post("/api/games", None, body).await;
        assert_eq!(status, StatusCode::CREATED, "{v}");
        (
            v["id"].as_str().unwrap().to_string(),
            v["token"].as_str().unwrap().to_string(),
            v,
        )
    }

    /// Opens a game with a seat's token, as the invited friend's page does (a friend game's
    /// host waits for it before the first move).
    pub async fn open_game(&self, id: &str, token: &str) -> Value {
        let (status, g) = self
            .call(Method::GET, &format!("/api/games/{id}"), Some(token), None)
            .await;
        assert_eq!(status, StatusCode::OK, "{g}");
        g
    }

    pub async fn play(&self, id: &str, token: &str, mv: &str, ply: u64) -> (StatusCode, Value) {
        self.post(
            &format!("/api/games/{id}/moves"),
            Some(token),
            json!({"move": mv, "ply": ply}),
        )
        .await
    }

    /// Polls the game until `done` holds (the computer has moved, say), for up to 20 s.
    pub async fn wait_for(&self, id: &str, done: impl Fn(&Value) -> bool) -> Value {
        for _ in 0..400 {
            let (_, g) = self.get(&format!("/api/games/{id}")).await;
            if done(&g) {
                return g;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("the game never reached the expected state");
    }
}

/// The token at the end of an invitation or play url.
pub fn seat_of(url: &Value) -> String {
    url.as_str()
        .unwrap()
        .split("seat=")
        .nth(1)
        .unwrap()
        .to_string()
}

/// A signed-in browser: its session cookie (the value), CSRF token and player id.
pub struct Who {
    pub cookie: String,
    pub csrf: String,
    pub id: String,
}

impl Who {
    /// From the answer to a session request (sign-up, log-in, guest).
    pub fn from_session(v: &Value, headers: &axum::http::HeaderMap) -> Who {
        let cookie = headers[header::SET_COOKIE]
            .to_str()
            .unwrap()
            .strip_prefix("kalah_session=")
            .unwrap()
            .split(';')
            .next()
            .unwrap()
            .to_string();
        Who {
            cookie,
            csrf: v["csrf"].as_str().unwrap().to_string(),
            id: v["player"]["id"].as_str().unwrap().to_string(),
        }
    }
}

/// Signs up the account `name` (password "correct horse") through `t`.
pub async fn sign_up(t: &TestApp, name: &str) -> Who {
    let req = Request::builder()
        .method(Method::POST)
        .uri("/api/session/signup")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(
            json!({"name": name, "password": "correct horse"}).to_string(),
        ))
        .unwrap();
    let (status, text, headers) = t.raw(req).await;
    assert_eq!(status, StatusCode::CREATED, "{text}");
    Who::from_session(&serde_json::from_str(&text).unwrap(), &headers)
}
