//! The one error type of the service: a status, a short code and a message for the client.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

/// The `Retry-After` of a 503 (seconds).
const RETRY_AFTER_SECS: &str = "2";

/// An error answered as `{"error": message, "code": code}` with `status`.
#[derive(Debug, Clone)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: String,
}

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            code,
            message: message.into(),
        }
    }

    pub fn bad_request(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, code, message)
    }

    pub fn forbidden(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, code, message)
    }

    pub fn conflict(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, code, message)
    }

    pub fn no_game(id: &str) -> ApiError {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "no_such_game",
            format!("there is no game {id:?}; check the link"),
        )
    }

    /// A failure that is not the client's fault: logged in full, answered neutrally.
    pub fn internal(context: &str, err: impl std::fmt::Display) -> ApiError {
        tracing::error!("{context}: {err}");
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            "the server could not do this; try again, and if it persists the server log says why",
        )
    }

    /// A stored game that cannot be rebuilt (moves missing or illegal): logged, answered with
    /// what happened, never shown as a shorter game.
    pub fn damaged_game(id: &str, why: impl std::fmt::Display) -> ApiError {
        tracing::error!(
            "stored game {id} is damaged: {why}; `kalah db check` lists every damaged game"
        );
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "damaged_game",
            format!("the stored record of game {id} is damaged and cannot be shown; the server's operator can restore it from a backup"),
        )
    }

    /// One client asked for more than its share (429).
    pub fn too_many(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::TOO_MANY_REQUESTS, "too_many", message)
    }

    /// The server is shutting down or overloaded.
    pub fn unavailable(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "unavailable", message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = Json(json!({"error": self.message, "code": self.code}));
        if self.status == StatusCode::SERVICE_UNAVAILABLE {
            // Every 503 is the server's passing trouble (busy, its database unreachable):
            // clients and proxies may try again after a moment.
            let wait = [(axum::http::header::RETRY_AFTER, RETRY_AFTER_SECS)];
            return (self.status, wait, body).into_response();
        }
        (self.status, body).into_response()
    }
}

pub type ApiResult<T> = Result<T, ApiError>;

/// The round core's refusals, as the API answers them (docs/api.md's codes).
impl From<kalah_round::Refusal> for ApiError {
    fn from(r: kalah_round::Refusal) -> ApiError {
        use kalah_round::Refusal;
        let status = match r {
            Refusal::NotYourTurn { .. } => StatusCode::FORBIDDEN,
            Refusal::Illegal(_) => StatusCode::BAD_REQUEST,
            _ => StatusCode::CONFLICT,
        };
        ApiError::new(status, r.code(), r.to_string())
    }
}
