//! Probes for a load balancer: `/healthz` (the process answers) and `/readyz` (it can
//! serve: the database answers and the server is not draining). Neither spends a budget.

use crate::state::AppState;
use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{json, Value};
use std::time::Duration;

/// How long `/readyz` waits for the database before calling it unreachable.
const DB_LIMIT: Duration = Duration::from_secs(2);

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
}

/// Alive: answers at once, touches nothing.
async fn healthz() -> Json<Value> {
    Json(json!({"status": "ok"}))
}

async fn readyz(State(state): State<AppState>) -> (StatusCode, Json<Value>) {
    let not_ready = |reason: &str, message: String| {
        (
            StatusCode::SERVICE_UNAVAILABLE,
            Json(json!({"status": "not_ready", "reason": reason, "message": message})),
        )
    };
    if state.drain().is_draining() {
        return not_ready(
            "draining",
            "the server is shutting down; send new clients to another instance".into(),
        );
    }
    let ping = state.db().call(|db| db.schema_version());
    match tokio::time::timeout(DB_LIMIT, ping).await {
        Ok(Ok(_)) => (StatusCode::OK, Json(json!({"status": "ready"}))),
        Ok(Err(e)) => not_ready("database", e.message),
        Err(_) => not_ready(
            "database",
            format!(
                "the database did not answer within {} s",
                DB_LIMIT.as_secs()
            ),
        ),
    }
}
