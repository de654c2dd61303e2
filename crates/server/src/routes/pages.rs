//! The page: `web/` embedded in the binary. `/assets/PATH` serves `web/PATH`; the page
//! routes serve `web/index.html`, whose script reads the address.

use crate::error::ApiError;
use crate::state::AppState;
use axum::extract::Path;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use rust_embed::Embed;

#[derive(Embed)]
#[folder = "web/"]
#[allow_missing = true]
struct Web;

pub fn router() -> Router<AppState> {
    Router::new()
        // The page's own routes (web/js/app.js), with or without a trailing slash; other
        // addresses get the page with status 404 (its "not found" view).
        .route("/", get(index))
        .route("/g/{id}", get(index))
        .route("/g/{id}/", get(index))
        .route("/analysis", get(index))
        .route("/analysis/", get(index))
        .route("/bots", get(index))
        .route("/bots/", get(index))
        .route("/players/{name}", get(index))
        .route("/players/{name}/", get(index))
        .route("/leaderboard", get(index))
        .route("/leaderboard/", get(index))
        .route("/watch", get(index))
        .route("/watch/", get(index))
        .route("/rules", get(index))
        .route("/rules/", get(index))
        .route("/rules/{preset}", get(index))
        .route("/rules/{preset}/", get(index))
        .route("/assets/{*path}", get(asset))
        .route(
            "/favicon.ico",
            get(|h: HeaderMap| async move { file("favicon.ico", &h) }),
        )
}

async fn index(headers: HeaderMap) -> Response {
    index_page(&headers)
}

/// The page's HTML, which reads the address and shows the right view.
pub fn index_page(headers: &HeaderMap) -> Response {
    file("index.html", headers)
}

async fn asset(Path(path): Path<String>, headers: HeaderMap) -> Response {
    file(&path, &headers)
}

/// One embedded file, with its content type and an ETag so browsers revalidate cheaply.
fn file(path: &str, headers: &HeaderMap) -> Response {
    let Some(f) = Web::get(path) else {
        return ApiError::new(
            StatusCode::NOT_FOUND,
            "no_such_file",
            format!(
                "this server has no file {path:?}: it is not in crates/server/web/ of the build"
            ),
        )
        .into_response();
    };
    let etag = format!(
        "\"{}\"",
        f.metadata.sha256_hash()[..12]
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect::<String>()
    );
    if headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag))
    {
        return (StatusCode::NOT_MODIFIED, [(header::ETAG, etag)]).into_response();
    }
    let mime = f.metadata.mimetype();
    let mime =
        if mime.starts_with("text/") || mime.ends_with("javascript") || mime.ends_with("json") {
            format!("{mime}; charset=utf-8")
        } else {
            mime.to_string()
        };
    (
        [
            (header::CONTENT_TYPE, mime),
            (header::ETAG, etag),
            // Always revalidate: a new build may change any file under the same name.
            (header::CACHE_CONTROL, "no-cache".to_string()),
        ],
        f.data.into_owned(),
    )
        .into_response()
}
