//! Players and sessions: guests, accounts, log-in and log-out, the session list. The rules
//! are in `crate::session` (cookies, CSRF), `crate::names` and `crate::password`.

use crate::clock::{now_ms, rfc3339};
use crate::error::{ApiError, ApiResult};
use crate::json::ApiJson;
use crate::names::{check_account_name, check_password, guest_name};
use crate::session::{self, check_csrf, current, require, same_site, set_cookie, Current};
use crate::state::AppState;
use crate::token;
use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use kalah_storage::{PlayerRow, SignUp};
use serde::Deserialize;
use serde_json::{json, Value};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/session", get(show))
        .route("/api/session/guest", post(guest))
        .route("/api/session/signup", post(signup))
        .route("/api/session/login", post(login))
        .route("/api/session/logout", post(logout))
        .route("/api/session/password", post(change_password))
        .route("/api/session/delete", post(delete))
        .route("/api/session/list", get(list))
        .route("/api/session/revoke", post(revoke))
}

/// A JSON answer that also sets (or, with `Some(None)`, removes) the session cookie.
fn answer(
    state: &AppState,
    status: StatusCode,
    body: Value,
    cookie: Option<Option<&str>>,
) -> Response {
    let mut r = (status, Json(body)).into_response();
    if let Some(token) = cookie {
        r.headers_mut().insert(
            header::SET_COOKIE,
            set_cookie(token, state.secure_cookies()),
        );
    }
    // Answers about who is signed in are never cached.
    r.headers_mut().insert(
        header::CACHE_CONTROL,
        header::HeaderValue::from_static("no-store"),
    );
    r
}

fn player_json(p: &PlayerRow) -> Value {
    json!({
        "id": p.id,
        "name": p.name,
        "kind": if p.is_guest() { "guest" } else { "account" },
    })
}

/// What `GET /api/session` and the calls that sign in answer.
fn session_json(player: &PlayerRow, session_id: &str, session_token: &str) -> Value {
    json!({
        "player": player_json(player),
        "csrf": session::csrf_of(session_token),
        "session": session_id,
    })
}

fn signed_out() -> Value {
    json!({"player": null, "csrf": null, "session": null})
}

async fn show(State(state): State<AppState>, headers: HeaderMap) -> ApiResult<Response> {
    Ok(match current(state.db(), &headers).await? {
        // The cookie's lifetime starts again with each visit, as the session's does.
        Some(c) => answer(
            &state,
            StatusCode::OK,
            session_json(&c.player, &c.session.id, &c.token),
            Some(Some(&c.token)),
        ),
        None if session::cookie_token(&headers).is_some() => {
            answer(&state, StatusCode::OK, signed_out(), Some(None))
        }
        None => answer(&state, StatusCode::OK, signed_out(), None),
    })
}

/// Starts a session for `player`, answering with its cookie.
async fn start_session(
    state: &AppState,
    headers: &HeaderMap,
    player: PlayerRow,
    status: StatusCode,
) -> ApiResult<Response> {
    let (t, row) = session::new_session(&player.id, headers);
    let id = row.id.clone();
    state.db().call(move |db| db.add_session(&row)).await?;
    Ok(answer(
        state,
        status,
        session_json(&player, &id, &t),
        Some(Some(&t)),
    ))
}

/// The player of this browser, made a guest if it has none yet (the only call that
/// creates a guest: loading a page never does).
async fn guest(State(state): State<AppState>, headers: HeaderMap) -> ApiResult<Response> {
    same_site(&headers)?;
    if let Some(c) = current(state.db(), &headers).await? {
        return Ok(answer(
            &state,
            StatusCode::OK,
            session_json(&c.player, &c.session.id, &c.token),
            None,
        ));
    }
    let player = PlayerRow {
        id: token::new_game_id(),
        name: guest_name(),
        password: None,
        created_at: now_ms(),
    };
    let (t, row) = session::new_session(&player.id, &headers);
    let (p, id) = (player.clone(), row.id.clone());
    state.db().create_guest(p, row).await?;
    Ok(answer(
        &state,
        StatusCode::CREATED,
        session_json(&player, &id, &t),
        Some(Some(&t)),
    ))
}

#[derive(Deserialize)]
struct Credentials {
    name: String,
    password: String,
}

async fn signup(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiJson(req): ApiJson<Credentials>,
) -> ApiResult<Response> {
    same_site(&headers)?;
    let key = check_account_name(&req.name)?;
    check_password(&req.password, "a password")?;
    // A guest keeps their identity: the same player becomes the account.
    let guest = match current(state.db(), &headers).await? {
        Some(c) if c.player.is_guest() => {
            check_csrf(&c, &headers)?;
            Some(c.player.id)
        }
        Some(c) => {
            return Err(ApiError::conflict(
                "signed_in",
                format!(
                    "you are signed in as {}; log out first to make another account",
                    c.player.name
                ),
            ))
        }
        None => None,
    };
    let phc = state.hasher().hash(req.password).await?;
    let player = PlayerRow {
        id: guest.clone().unwrap_or_else(token::new_game_id),
        name: req.name.clone(),
        password: Some(phc),
        created_at: now_ms(),
    };
    let (t, row) = session::new_session(&player.id, &headers);
    let (p, id) = (player.clone(), row.id.clone());
    let done = state
        .db()
        .call(move |db| {
            let r = db.sign_up(guest.as_deref(), &p, &key, &row)?;
            let seats = match (&r, &guest) {
                (SignUp::Done, Some(g)) => db.player_games(g)?,
                _ => Vec::new(),
            };
            Ok((r, seats))
        })
        .await?;
    match done {
        (SignUp::Done, seats) => {
            state.games().rename_player(seats, &player.name).await;
            Ok(answer(
                &state,
                StatusCode::CREATED,
                session_json(&player, &id, &t),
                Some(Some(&t)),
            ))
        }
        (SignUp::NameTaken, _) => Err(ApiError::conflict(
            "name_taken",
            format!("the user name {:?} is taken; choose another", req.name),
        )),
        (SignUp::NotAGuest, _) => Err(session::no_session()),
    }
}

fn bad_login() -> ApiError {
    ApiError::new(
        StatusCode::UNAUTHORIZED,
        "bad_login",
        "the user name or the password is wrong; check both (user names ignore case, passwords do not)",
    )
}

async fn login(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiJson(req): ApiJson<Credentials>,
) -> ApiResult<Response> {
    same_site(&headers)?;
    check_given_password(&req.password)?;
    // A name that breaks the rules cannot exist; it is checked all the same, against the
    // dummy hash, so no answer and no timing tells names apart.
    let key = check_account_name(&req.name).ok();
    let account = match key {
        Some(k) => state.db().call(move |db| db.account_by_name(&k)).await?,
        None => None,
    };
    let stored = account.as_ref().and_then(|a| a.password.clone());
    if !state.hasher().verify(req.password, stored).await? {
        return Err(bad_login());
    }
    let player = account.ok_or_else(bad_login)?;
    // Logging in ends the session this browser had (a guest's, say).
    if let Some(c) = current(state.db(), &headers).await? {
        let (pid, sid) = (c.player.id, c.session.id);
        state
            .db()
            .call(move |db| db.revoke_session(&pid, &sid))
            .await?;
    }
    start_session(&state, &headers, player, StatusCode::OK).await
}

async fn logout(State(state): State<AppState>, headers: HeaderMap) -> ApiResult<Response> {
    let c = require(state.db(), &headers).await?;
    end(&state, &c).await?;
    Ok(answer(&state, StatusCode::OK, signed_out(), Some(None)))
}

async fn end(state: &AppState, c: &Current) -> ApiResult<()> {
    let (pid, sid) = (c.player.id.clone(), c.session.id.clone());
    state
        .db()
        .call(move |db| db.revoke_session(&pid, &sid))
        .await?;
    Ok(())
}

/// A password sent to be checked: present and not longer than any password can be. (Both
/// are answered alike for every name, so they tell nothing about which names exist.)
fn check_given_password(password: &str) -> ApiResult<()> {
    let most = crate::names::PASSWORD_CHARS.1;
    if password.is_empty() {
        return Err(ApiError::bad_request("bad_password", "enter your password"));
    }
    if password.chars().count() > most {
        return Err(ApiError::bad_request(
            "bad_password",
            format!("passwords have at most {most} characters; check what you typed"),
        ));
    }
    Ok(())
}

fn guest_has_no_password() -> ApiError {
    ApiError::conflict(
        "guest",
        "a guest has no password; sign up first to choose one",
    )
}

fn wrong_password() -> ApiError {
    ApiError::forbidden(
        "wrong_password",
        "the password is wrong; send your current password",
    )
}

#[derive(Deserialize)]
struct PasswordChange {
    password: String,
    new_password: String,
}

/// A new password; every other session of the account ends.
async fn change_password(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiJson(req): ApiJson<PasswordChange>,
) -> ApiResult<Response> {
    let c = require(state.db(), &headers).await?;
    let Some(stored) = c.player.password.clone() else {
        return Err(guest_has_no_password());
    };
    check_password(&req.new_password, "the new password")?;
    check_given_password(&req.password)?;
    if !state.hasher().verify(req.password, Some(stored)).await? {
        return Err(wrong_password());
    }
    let phc = state.hasher().hash(req.new_password).await?;
    let (pid, sid) = (c.player.id.clone(), c.session.id.clone());
    let others = state
        .db()
        .call(move |db| {
            let n = db.sessions_of(&pid)?.len().saturating_sub(1);
            db.set_password(&pid, &phc, &sid)?;
            Ok(n)
        })
        .await?;
    Ok(answer(
        &state,
        StatusCode::OK,
        json!({"changed": true, "sessions_ended": others}),
        None,
    ))
}

#[derive(Deserialize)]
struct Deletion {
    #[serde(default)]
    password: Option<String>,
}

/// Deletes the player (an account needs its password); their games stay, anonymised.
async fn delete(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiJson(req): ApiJson<Deletion>,
) -> ApiResult<Response> {
    let c = require(state.db(), &headers).await?;
    if let Some(stored) = c.player.password.clone() {
        let given = req.password.unwrap_or_default();
        check_given_password(&given)?;
        if !state.hasher().verify(given, Some(stored)).await? {
            return Err(wrong_password());
        }
    }
    let pid = c.player.id.clone();
    let seats = state
        .db()
        .call(move |db| {
            let seats = db.player_games(&pid)?;
            db.delete_player(&pid)?;
            Ok(seats)
        })
        .await?;
    state
        .games()
        .rename_player(seats, kalah_storage::DELETED_NAME)
        .await;
    let mut body = signed_out();
    body["deleted"] = json!(true);
    Ok(answer(&state, StatusCode::OK, body, Some(None)))
}

async fn list(State(state): State<AppState>, headers: HeaderMap) -> ApiResult<Response> {
    let c = current(state.db(), &headers)
        .await?
        .ok_or_else(session::no_session)?;
    let pid = c.player.id.clone();
    let rows = state.db().call(move |db| db.sessions_of(&pid)).await?;
    let sessions: Vec<Value> = rows
        .iter()
        .map(|s| {
            json!({
                "id": s.id,
                "current": s.id == c.session.id,
                "created_at": rfc3339(s.created_at),
                "last_seen": rfc3339(s.seen_at),
                "agent": s.agent,
            })
        })
        .collect();
    Ok(answer(
        &state,
        StatusCode::OK,
        json!({"sessions": sessions}),
        None,
    ))
}

#[derive(Deserialize)]
struct Revoke {
    #[serde(default)]
    id: Option<String>,
    #[serde(default)]
    others: bool,
}

/// Ends one session of the player (`id`), or every other one (`others: true`).
async fn revoke(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiJson(req): ApiJson<Revoke>,
) -> ApiResult<Response> {
    let c = require(state.db(), &headers).await?;
    let pid = c.player.id.clone();
    match (req.id, req.others) {
        (None, true) => {
            let keep = c.session.id.clone();
            let n = state
                .db()
                .call(move |db| db.revoke_other_sessions(&pid, &keep))
                .await?;
            Ok(answer(&state, StatusCode::OK, json!({"revoked": n}), None))
        }
        (Some(id), false) => {
            let own = id == c.session.id;
            let found = id.len() <= 64
                && state
                    .db()
                    .call(move |db| db.revoke_session(&pid, &id))
                    .await?;
            if !found {
                return Err(ApiError::new(
                    StatusCode::NOT_FOUND,
                    "no_such_session",
                    "you have no session with this id; GET /api/session/list shows them",
                ));
            }
            let cookie = own.then_some(None);
            Ok(answer(&state, StatusCode::OK, json!({"revoked": 1}), cookie))
        }
        _ => Err(ApiError::bad_request(
            "bad_request",
            "send either {\"id\": SESSION} to end one session or {\"others\": true} to end all but this one",
        )),
    }
}
