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
        // `/bots` and `/bots/` are routes/bots.rs's: the page with the lists in plain HTML.
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

/// The page's HTML with `html` inside its `<main>`, in a `<noscript>` block, for a browser
/// without JavaScript (the script shows its own view instead). Not cached: it changes.
pub fn index_with_noscript(html: &str) -> Response {
    let Some(f) = Web::get("index.html") else {
        return file("index.html", &HeaderMap::new());
    };
    let page = String::from_utf8_lossy(&f.data);
    let block = format!("<noscript>{html}</noscript>");
    let page = match page.find("</main>") {
        Some(at) => format!("{}{block}{}", &page[..at], &page[at..]),
        None => format!("{page}{block}"),
    };
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8".to_string()),
            (header::CACHE_CONTROL, "no-cache".to_string()),
        ],
        page,
    )
        .into_response()
}

/// `text` with HTML's special characters escaped.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
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
