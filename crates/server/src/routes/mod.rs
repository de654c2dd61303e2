//! The HTTP routes; each module owns its `router()`.

pub mod bots;
pub mod games;
pub mod health;
pub mod kgp_tcp;
pub mod kgp_ws;
pub mod lesson;
pub mod lobby_ws;
pub mod meta;
pub mod pages;
pub mod players;
pub mod puzzles;
pub mod session;
pub mod watch;
pub mod ws;

use crate::error::ApiError;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{header, StatusCode};

/// The seat token from `Authorization: Bearer TOKEN`.
pub struct Bearer(pub String);

impl<S: Send + Sync> FromRequestParts<S> for Bearer {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Bearer, ApiError> {
        bearer(parts).map(Bearer).ok_or_else(|| {
            ApiError::new(
                StatusCode::UNAUTHORIZED,
                "no_token",
                "send your seat token as the header Authorization: Bearer TOKEN",
            )
        })
    }
}

/// An optional seat token (spectators have none).
pub struct MaybeBearer(pub Option<String>);

impl<S: Send + Sync> FromRequestParts<S> for MaybeBearer {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<MaybeBearer, ApiError> {
        Ok(MaybeBearer(bearer(parts)))
    }
}

fn bearer(parts: &Parts) -> Option<String> {
    let value = parts.headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.trim().split_once(' ')?;
    let token = token.trim();
    (scheme.eq_ignore_ascii_case("bearer") && !token.is_empty()).then(|| token.to_string())
}
