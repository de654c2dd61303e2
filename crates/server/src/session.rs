//! Sessions: the `kalah_session` cookie, who it belongs to, and the checks every request
//! that a cookie authorises must pass (same site, and the per-session CSRF token).
//!
//! The cookie holds a random token; the database holds only its SHA-256. The CSRF token is
//! derived from the session token (a hash with its own prefix), so it needs no storage and
//! only a page that can read `GET /api/session` can learn it.

use crate::clock::now_ms;
use crate::db::DbHandle;
use crate::error::{ApiError, ApiResult};
use crate::token;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use kalah_storage::{PlayerRow, SessionRow};
use std::time::Duration;

/// The cookie's name.
pub const COOKIE: &str = "kalah_session";
/// The header carrying the CSRF token.
pub const CSRF_HEADER: &str = "x-csrf-token";
/// A session unused this long ends.
pub const IDLE: Duration = Duration::from_secs(30 * 24 * 3600);
/// A session's last-seen time is written at most this often.
const TOUCH_EVERY: Duration = Duration::from_secs(3600);
/// How much of a browser's User-Agent is kept to tell sessions apart.
const AGENT_CHARS: usize = 120;

/// The signed-in player of a request.
#[derive(Debug, Clone)]
pub struct Current {
    pub token: String,
    pub session: SessionRow,
    pub player: PlayerRow,
}

impl Current {
    pub fn csrf(&self) -> String {
        csrf_of(&self.token)
    }
}

/// The CSRF token of a session token.
pub fn csrf_of(session_token: &str) -> String {
    token::hash(&format!("csrf:{session_token}"))
}

/// The session token in the request's cookies, if any (not checked).
pub fn cookie_token(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE)
        .map(|(_, value)| value.trim().to_string())
        // Tokens are 32 characters; anything far longer is not one.
        .filter(|v| !v.is_empty() && v.len() <= 64)
}

/// The `Set-Cookie` value that gives the browser `token` (None: removes the cookie).
pub fn set_cookie(token: Option<&str>, secure: bool) -> HeaderValue {
    let (value, age) = match token {
        Some(t) => (t, IDLE.as_secs()),
        None => ("", 0),
    };
    let secure = if secure { "; Secure" } else { "" };
    HeaderValue::from_str(&format!(
        "{COOKIE}={value}; Path=/; HttpOnly; SameSite=Lax; Max-Age={age}{secure}"
    ))
    .expect("a cookie of URL-safe characters")
}

/// A new session for `player_id`: its secret token and its row.
pub fn new_session(player_id: &str, headers: &HeaderMap) -> (String, SessionRow) {
    let t = token::new_token();
    let now = now_ms();
    let agent = headers
        .get(header::USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .map(|a| a.chars().take(AGENT_CHARS).collect::<String>());
    let row = SessionRow {
        id: token::new_game_id(),
        token_hash: token::hash(&t),
        player_id: player_id.to_string(),
        agent,
        created_at: now,
        seen_at: now,
    };
    (t, row)
}

/// The request's session and player, when its cookie names a live session.
pub async fn current(db: &DbHandle, headers: &HeaderMap) -> ApiResult<Option<Current>> {
    let Some(t) = cookie_token(headers) else {
        return Ok(None);
    };
    let hash = token::hash(&t);
    let now = now_ms();
    let oldest = now - IDLE.as_millis() as i64;
    let touch_before = now - TOUCH_EVERY.as_millis() as i64;
    let found = db
        .call_beside(move |db| db.session(&hash, oldest, now, touch_before))
        .await?;
    Ok(found.map(|(session, player)| Current {
        token: t,
        session,
        player,
    }))
}

/// Refuses a request that a browser marks as coming from another site: `Sec-Fetch-Site`
/// other than same-origin (or none, typed by the user), or an `Origin` whose host is not
/// this request's host. Requests without either header (non-browser clients) pass.
pub fn same_site(headers: &HeaderMap) -> ApiResult<()> {
    let refuse = || {
        ApiError::forbidden(
            "cross_site",
            "this request came from another site and was refused; use the page of this server",
        )
    };
    if let Some(v) = headers.get("sec-fetch-site") {
        match v.to_str().map(str::trim) {
            Ok("same-origin") | Ok("none") => {}
            _ => return Err(refuse()),
        }
    }
    if let Some(origin) = headers.get(header::ORIGIN) {
        let origin = origin.to_str().map_err(|_| refuse())?.trim();
        let host = headers
            .get(header::HOST)
            .and_then(|h| h.to_str().ok())
            .map(str::trim)
            .ok_or_else(refuse)?;
        let origin_host = origin
            .strip_prefix("https://")
            .or_else(|| origin.strip_prefix("http://"))
            .ok_or_else(refuse)?;
        if !origin_host.eq_ignore_ascii_case(host) {
            return Err(refuse());
        }
    }
    Ok(())
}

/// The player of a state-changing request authorised by the session cookie: same site, a
/// live session, and the session's CSRF token in `X-CSRF-Token`.
pub async fn require(db: &DbHandle, headers: &HeaderMap) -> ApiResult<Current> {
    same_site(headers)?;
    let cur = current(db, headers).await?.ok_or_else(no_session)?;
    check_csrf(&cur, headers)?;
    Ok(cur)
}

/// Refuses a request without the session's CSRF token.
pub fn check_csrf(cur: &Current, headers: &HeaderMap) -> ApiResult<()> {
    let given = headers.get(CSRF_HEADER).and_then(|v| v.to_str().ok());
    match given {
        // Compared as hashes, in constant time.
        Some(g) if token::matches(g.trim(), &token::hash(&cur.csrf())) => Ok(()),
        Some(_) => Err(ApiError::forbidden(
            "bad_csrf",
            "the X-CSRF-Token header does not match this session; read the csrf value of GET /api/session again (the session may have changed) and send it",
        )),
        None => Err(ApiError::forbidden(
            "no_csrf",
            "send the header X-CSRF-Token with the csrf value of GET /api/session",
        )),
    }
}

pub fn no_session() -> ApiError {
    ApiError::new(
        StatusCode::UNAUTHORIZED,
        "no_session",
        "you are not signed in (or your session ended); log in, sign up, or POST /api/session/guest to play as a guest",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(
                axum::http::HeaderName::from_bytes(k.as_bytes()).unwrap(),
                HeaderValue::from_str(v).unwrap(),
            );
        }
        h
    }

    #[test]
    fn the_cookie_is_found_among_others() {
        let h = headers(&[("cookie", "a=1; kalah_session=abc ; b=2")]);
        assert_eq!(cookie_token(&h).as_deref(), Some("abc"));
        assert_eq!(
            cookie_token(&headers(&[("cookie", "kalah_session=")])),
            None
        );
        let long = format!("kalah_session={}", "x".repeat(65));
        assert_eq!(cookie_token(&headers(&[("cookie", &long)])), None);
        let c = set_cookie(Some("abc"), true);
        let c = c.to_str().unwrap();
        for part in [
            "kalah_session=abc",
            "HttpOnly",
            "SameSite=Lax",
            "Path=/",
            "Secure",
        ] {
            assert!(c.contains(part), "{c}");
        }
        assert!(!set_cookie(None, false).to_str().unwrap().contains("Secure"));
    }

    #[test]
    fn cross_site_requests_are_refused() {
        let ok = [
            headers(&[]),
            headers(&[("sec-fetch-site", "same-origin")]),
            headers(&[
                ("origin", "http://Example.org:8080"),
                ("host", "example.org:8080"),
            ]),
        ];
        for h in ok {
            assert!(same_site(&h).is_ok(), "{h:?}");
        }
        let bad = [
            headers(&[("sec-fetch-site", "cross-site")]),
            headers(&[("sec-fetch-site", "same-site")]),
            headers(&[("origin", "https://evil.example"), ("host", "example.org")]),
            headers(&[("origin", "null"), ("host", "example.org")]),
            headers(&[("origin", "https://example.org")]),
        ];
        for h in bad {
            assert!(same_site(&h).is_err(), "{h:?}");
        }
    }
}
