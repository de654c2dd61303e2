//! The Kalah browser game's server: a JSON API and WebSockets over the rules core and the
//! engine, games kept in SQLite, and the page embedded in the binary.
//!
//! [`app`] builds the whole service, so tests call it in-process; [`run`] serves it.
//! The wire protocol is in `docs/api.md`; operation notes in `docs/server.md`.

mod analysis;
mod budget;
mod caps;
mod client;
mod clock;
mod conn;
mod db;
mod db_readers;
mod drain;
mod engine;
mod error;
mod fair;
mod games;
mod head_limit;
mod json;
mod kgp;
mod limits;
mod live;
mod lobby;
mod names;
mod password;
mod rating;
mod routes;
mod rules_req;
mod session;
mod socket;
mod state;
mod timing;
mod token;
mod view;
mod watch;

pub use budget::{Networks, Rate, Rates};
pub use caps::Caps;
pub use conn::ConnLimits;
pub use db::Closed as DatabaseClosed;
pub use error::ApiError;
pub use games::{Games, CLOCK_LEASE_MS, COMPUTER_LEASE_MS, INSTANCE_DEAD_MS};
pub use kgp::{KgpConfig, KgpTimeout};
pub use state::{AppState, Policy, DB_READERS};
pub use view::sowing_json;

use axum::extract::DefaultBodyLimit;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Router;
use std::net::SocketAddr;
use std::path::PathBuf;

/// Largest request body accepted.
pub const BODY_LIMIT: usize = 64 * 1024;

/// The whole service over `state`.
pub fn app(state: AppState) -> Router {
    Router::new()
        .merge(routes::games::router())
        .merge(routes::bots::router())
        .merge(routes::players::router())
        .merge(routes::ws::router())
        .merge(routes::watch::router())
        .merge(routes::lobby_ws::router())
        .merge(routes::kgp_ws::router())
        .merge(routes::meta::router())
        .merge(routes::puzzles::router())
        .merge(routes::lesson::router())
        .merge(routes::health::router())
        .merge(routes::session::router())
        .merge(routes::pages::router())
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            spend_budget,
        ))
        .layer(axum::middleware::from_fn(json_errors))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(axum::middleware::map_response(security_headers))
        .with_state(state)
}

/// Refuses a request over its client's budget (docs/server.md, "Limits"). Log-ins and
/// sign-ups spend from buckets in the database, shared by every instance on it; the others
/// from this process's memory.
async fn spend_budget(
    axum::extract::State(state): axum::extract::State<AppState>,
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    if let Some(kind) = budget::Kind::of(req.method(), req.uri().path()) {
        let (parts, body) = req.into_parts();
        let ip = client::client_ip(&parts, state.trusted_proxies());
        if let Some(ip) = ip {
            let spent = match state.budgets().shared(kind, ip) {
                Some(spends) => {
                    let now = clock::now_ms();
                    match state
                        .db()
                        .call(move |db| db.spend_budgets(&spends, now))
                        .await
                    {
                        Ok(None) => Ok(()),
                        Ok(Some((i, wait))) => Err(budget::Budgets::refused_shared(kind, i, wait)),
                        Err(e) => return e.into_response(),
                    }
                }
                None => state.budgets().spend(kind, ip),
            };
            if let Err(refused) = spent {
                tokio::time::sleep(refused.delay()).await;
                return refused.into_response();
            }
        }
        return next
            .run(axum::extract::Request::from_parts(parts, body))
            .await;
    }
    next.run(req).await
}

/// Unknown addresses: for a browser's page request, the page (which shows its own "not
/// found" view) with status 404; the JSON error for the API and everything else.
async fn not_found(
    method: axum::http::Method,
    uri: axum::http::Uri,
    headers: axum::http::HeaderMap,
) -> Response {
    let path = uri.path();
    let page = matches!(method, axum::http::Method::GET | axum::http::Method::HEAD)
        && !path.starts_with("/api/")
        && !path.starts_with("/assets/");
    if page {
        let mut r = routes::pages::index_page(&headers);
        if r.status() == StatusCode::OK {
            *r.status_mut() = StatusCode::NOT_FOUND;
            return r;
        }
    }
    ApiError::new(
        StatusCode::NOT_FOUND,
        "not_found",
        "there is nothing at this address; see docs/api.md",
    )
    .into_response()
}

/// Rejections that axum's extractors answer in plain text (a query that does not parse, a
/// path that is not UTF-8) get the API's JSON error shape, with the extractor's message.
async fn json_errors(req: axum::extract::Request, next: axum::middleware::Next) -> Response {
    // The page's files answer errors in JSON too (a bad escape in /assets/ is axum's text).
    let path = req.uri().path();
    let api = path.starts_with("/api/") || path.starts_with("/assets/");
    let r = next.run(req).await;
    let plain = r
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_none_or(|v| v.starts_with("text/plain"));
    if !api || r.status().as_u16() < 400 || !plain {
        return r;
    }
    let status = r.status();
    let text = match axum::body::to_bytes(r.into_body(), 4096).await {
        Ok(b) => String::from_utf8_lossy(&b).into_owned(),
        Err(_) => String::new(),
    };
    let code = match status {
        StatusCode::PAYLOAD_TOO_LARGE => "too_large",
        StatusCode::METHOD_NOT_ALLOWED => "method_not_allowed",
        StatusCode::NOT_FOUND => "not_found",
        _ if status.is_server_error() => "internal",
        _ => "bad_request",
    };
    let message = match text.trim() {
        "" => status
            .canonical_reason()
            .unwrap_or("refused")
            .to_lowercase(),
        t => t.to_string(),
    };
    ApiError::new(status, code, format!("{message}; see docs/api.md")).into_response()
}

async fn method_not_allowed() -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        "this address does not take this method; see docs/api.md",
    )
}

async fn security_headers(mut r: Response) -> Response {
    let h = r.headers_mut();
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    // Page addresses carry seat tokens: never send them on as a referrer.
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    // Everything the page needs comes from this server: no inline scripts or styles, and
    // no other site may frame the page (clickjacking a seat token's page).
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    r
}

/// The Content-Security-Policy of every answer.
pub const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
    img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; \
    form-action 'self'; frame-ancestors 'none'";

/// Where and how to serve.
#[derive(Debug, Clone)]
pub struct Config {
    pub addr: SocketAddr,
    /// The data directory; created if missing. The database is `games.db` inside unless
    /// `database` names another.
    pub data: PathBuf,
    /// Where the games database is (`sqlite:PATH` or `postgres://...`); None: `games.db`
    /// in the data directory.
    pub database: Option<kalah_storage::Location>,
    pub conn: ConnLimits,
    pub policy: Policy,
    /// Where to serve KGP over TCP (off when `None`; the WebSocket at `/socket` is always on).
    pub kgp_addr: Option<SocketAddr>,
}

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error("cannot create the data directory {path}: {err}")]
    DataDir { path: PathBuf, err: std::io::Error },
    #[error("cannot open the database {location}: {err}")]
    Db {
        location: kalah_storage::Location,
        err: kalah_storage::Error,
    },
    #[error(
        "cannot listen on {addr} (the KGP port): {err}{}",
        bind_hint(err, "--kgp-addr")
    )]
    KgpBind {
        addr: SocketAddr,
        err: std::io::Error,
    },
    #[error("cannot listen on {addr}: {err}{}", bind_hint(err, "--addr"))]
    Bind {
        addr: SocketAddr,
        err: std::io::Error,
    },
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

/// What to do about an address that cannot be listened on.
fn bind_hint(err: &std::io::Error, flag: &str) -> String {
    match err.kind() {
        std::io::ErrorKind::AddrInUse => format!(
            "; another program (perhaps another `kalah serve`) is listening there: stop it, \
             or choose another port, e.g. {flag} 127.0.0.1:8081"
        ),
        std::io::ErrorKind::PermissionDenied => format!(
            "; ports below 1024 need privileges: choose a port above 1023, e.g. {flag} \
             127.0.0.1:8080, and put a proxy (docs/deploy.md) in front"
        ),
        std::io::ErrorKind::AddrNotAvailable => format!(
            "; this machine has no such address: use one of its own, e.g. {flag} 127.0.0.1:8080"
        ),
        _ => String::new(),
    }
}

/// Opens the data directory's database and builds the state with the default policy.
pub fn open_state(data: &std::path::Path) -> Result<AppState, StartError> {
    open_state_with(data, &Policy::default())
}

/// Opens the data directory's database and builds the state.
pub fn open_state_with(data: &std::path::Path, policy: &Policy) -> Result<AppState, StartError> {
    open_state_at(data, None, policy)
}

/// Opens the database at `database` (None: `games.db` in the data directory) and builds
/// the state.
pub fn open_state_at(
    data: &std::path::Path,
    database: Option<&kalah_storage::Location>,
    policy: &Policy,
) -> Result<AppState, StartError> {
    std::fs::create_dir_all(data).map_err(|err| StartError::DataDir {
        path: data.to_path_buf(),
        err,
    })?;
    let location = database
        .cloned()
        .unwrap_or_else(|| kalah_storage::Location::Sqlite(data.join("games.db")));
    let db = kalah_storage::Db::connect(&location).map_err(|err| StartError::Db {
        location: location.clone(),
        err,
    })?;
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let state = AppState::with_policy(db, threads, policy);
    if let kalah_storage::Location::Postgres(url) = &location {
        // Reads on connections of their own, beside the writer's.
        let n = policy.db_readers.unwrap_or(state::DB_READERS);
        let readers = (0..n)
            .map(|_| kalah_storage::Db::open_postgres_reader(url))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|err| StartError::Db {
                location: location.clone(),
                err,
            })?;
        state.db().add_readers(url, readers);
        // Changes made through other servers on the same database reach this one's sockets.
        state
            .games()
            .listen_for_changes(url)
            .map_err(|err| StartError::Db {
                location: location.clone(),
                err,
            })?;
        // And their sockets' presence, Watch entries, bots and challenges.
        state
            .games()
            .listen_to_cluster(url)
            .map_err(|err| StartError::Db {
                location: location.clone(),
                err,
            })?;
        // And so do seeks, challenges and game starts made through them.
        state
            .lobby()
            .listen_for_lobby(url)
            .map_err(|err| StartError::Db { location, err })?;
    }
    Ok(state)
}

/// Rebuilds a stored game as the server would when it is opened (its rules, start and every
/// move replayed): `Err` says why the game could not be shown.
pub fn check_game(row: kalah_storage::GameRow) -> Result<(), String> {
    live::LiveGame::replay(row).map(|_| ())
}

/// Logs to stderr; `RUST_LOG` chooses what (default: info). A log line that cannot be
/// written (stderr on a full disk, a closed pipe) is dropped: logging never fails a request.
pub fn init_tracing() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    // Colours only on a terminal, not in log files.
    let ansi = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(|| QuietStderr)
        // Else a failed write is reported with eprintln!, which panics when stderr cannot
        // be written either: the request being logged lost its connection (issue 36).
        .log_internal_errors(false)
        .with_ansi(ansi)
        .try_init();
}

/// Stderr whose write errors are swallowed: a full disk loses log lines, not requests.
struct QuietStderr;

impl std::io::Write for QuietStderr {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let _ = std::io::stderr().write_all(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        let _ = std::io::stderr().flush();
        Ok(())
    }
}

/// Prints a line on stdout for whoever started the server; a stdout that cannot be written
/// (a full disk) loses the line, not the server (`println!` would panic).
fn say(line: std::fmt::Arguments) {
    use std::io::Write;
    let mut out = std::io::stdout();
    let _ = out.write_fmt(line);
    let _ = out.write_all(b"\n");
    let _ = out.flush();
}

/// Serves until Ctrl-C (or SIGTERM), then drains (docs/deploy.md). Prints the address to
/// open on stdout once listening.
pub fn run(config: Config) -> Result<(), StartError> {
    tune_malloc();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let served = rt.block_on(async move {
        engine::use_endgame_store(config.data.join("egdb"));
        let conn = fit_open_files(config.conn, config.policy.kgp.max_connections);
        let state = open_state_at(&config.data, config.database.as_ref(), &config.policy)?;
        let listener = listen(config.addr).map_err(|err| StartError::Bind {
            addr: config.addr,
            err,
        })?;
        let addr = listener.local_addr()?;
        let kgp = match config.kgp_addr {
            Some(a) => Some(listen(a).map_err(|err| StartError::KgpBind { addr: a, err })?),
            None => None,
        };
        state.start_eviction();
        match state.start_clocks().await {
            Ok(0) => {}
            Ok(n) => tracing::info!("{n} games on a clock in play; their clocks resume now"),
            Err(e) => tracing::error!("could not read the running clocks: {}", e.message),
        }
        match state.games().computer_games().await {
            Ok(0) => {}
            Ok(n) => tracing::info!("{n} computer games in play; each goes on when opened"),
            Err(e) => tracing::error!("could not count computer games: {}", e.message),
        }
        match &config.database {
            Some(db) => say(format_args!(
                "kalah: open http://{addr}/ (data in {}, games in {db})",
                config.data.display()
            )),
            None => say(format_args!(
                "kalah: open http://{addr}/ (data in {})",
                config.data.display()
            )),
        }
        if let Some(k) = kgp {
            say(format_args!(
                "kalah: bots connect to tcp://{} (KGP)",
                k.local_addr()?
            ));
            tokio::spawn(routes::kgp_tcp::serve_tcp(
                k,
                state.clone(),
                state.drain().started(),
            ));
        }
        let signalled = state.clone();
        tokio::spawn(async move {
            shutdown().await;
            signalled.start_drain();
        });
        let stop = state.drain().started();
        conn::serve(listener, app(state.clone()), conn, stop).await?;
        close_sockets(&state).await;
        state.games().stop_jobs().await;
        Ok(())
    });
    // A task stuck on a blocking thread must not keep the process from exiting.
    rt.shutdown_timeout(std::time::Duration::from_secs(1));
    served
}

/// Gives memory back after floods (issue 36, measured in docs/server.md "Memory after
/// floods"): glibc's malloc raises its mmap threshold to the size of the largest mapped block
/// freed (up to 32 MiB), so after a few large buffers (a lobby list, a request's JSON) later
/// ones come from the heap, whose freed pages it keeps. A fixed threshold of 128 KiB (what
/// `MALLOC_MMAP_THRESHOLD_=131072` sets) maps every large block and unmaps it when freed.
fn tune_malloc() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: sets one malloc parameter, before the runtime's threads start.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 128 * 1024);
    }
}

/// How long a drain waits for WebSockets to take their close frame (after the requests).
const SOCKETS_LIMIT: std::time::Duration = std::time::Duration::from_secs(5);

/// Waits (bounded) for the WebSockets the drain closes with 1012.
async fn close_sockets(state: &AppState) {
    if !state.drain().sockets_closed(SOCKETS_LIMIT).await {
        tracing::info!(
            "{} WebSockets still open after {} s; stopping anyway",
            state.drain().open_sockets(),
            SOCKETS_LIMIT.as_secs()
        );
    }
}

/// Raises the open-file limit to what the system allows (its hard limit), logs it, lowers
/// the connection cap if the limit cannot hold it, and warns when it cannot hold every cap
/// at once (each connection and WebSocket is a file descriptor: HTTP connections, then lobby,
/// Watch and KGP sockets, which stop counting against the connection cap once open, and game
/// sockets, which have no cap of their own; the database, the engine store and the listener
/// need a few more).
fn fit_open_files(mut limits: ConnLimits, kgp: usize) -> ConnLimits {
    const RESERVE: u64 = 64;
    match rlimit::increase_nofile_limit(u64::MAX) {
        Ok(n) => {
            let room = n.saturating_sub(RESERVE) as usize;
            if room < limits.max_connections {
                tracing::warn!(
                    "open-file limit {n}: connections capped at {room} instead of {} (raise `ulimit -n`)",
                    limits.max_connections
                );
                limits.max_connections = room.max(1);
            } else {
                tracing::info!(
                    "open-file limit {n}; at most {} connections",
                    limits.max_connections
                );
            }
            let caps =
                limits.max_connections + lobby::MAX_SOCKETS + routes::watch::MAX_SOCKETS + kgp;
            if room < caps {
                tracing::warn!(
                    "open-file limit {n} is too low for the caps: {} connections + {} lobby sockets + {} Watch sockets + {kgp} KGP connections = {caps}, besides every game socket; at the limit new connections wait unaccepted (raise the hard limit: `ulimit -Hn`, systemd's LimitNOFILE)",
                    limits.max_connections,
                    lobby::MAX_SOCKETS,
                    routes::watch::MAX_SOCKETS,
                );
            }
        }
        Err(e) => tracing::warn!("cannot read or raise the open-file limit: {e}"),
    }
    limits
}

/// Most connections waiting to be accepted. A burst of new connections beyond the queue
/// loses SYNs, and the client's retry comes a whole second later.
const BACKLOG: u32 = 4096;

/// A listening socket on `addr` with a long accept queue (call inside a tokio runtime).
pub fn listen(addr: SocketAddr) -> std::io::Result<tokio::net::TcpListener> {
    let socket = if addr.is_ipv4() {
        tokio::net::TcpSocket::new_v4()?
    } else {
        tokio::net::TcpSocket::new_v6()?
    };
    // A restart can take the port at once, as with std's listener.
    socket.set_reuseaddr(true)?;
    socket.bind(addr)?;
    socket.listen(BACKLOG)
}

/// Serves `app(state)` on `listener` with the default connection limits until `stop`
/// completes (for tests and embedding; `run` is the command's server).
pub async fn serve(
    listener: tokio::net::TcpListener,
    state: AppState,
    stop: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    serve_with(listener, state, ConnLimits::default(), stop).await
}

/// [`serve`] with the given connection limits.
pub async fn serve_with(
    listener: tokio::net::TcpListener,
    state: AppState,
    limits: ConnLimits,
    stop: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    state.start_eviction();
    if let Err(e) = state.start_clocks().await {
        tracing::error!("could not read the running clocks: {}", e.message);
    }
    // `stop` or a drain started by hand ([`AppState::start_drain`]) both drain.
    let draining = state.drain().started();
    let drainer = state.clone();
    let stop = async move {
        tokio::select! { _ = stop => {}, _ = draining => {} }
        drainer.start_drain();
    };
    conn::serve(listener, app(state.clone()), limits, stop).await?;
    close_sockets(&state).await;
    state.games().stop_jobs().await;
    Ok(())
}

/// Serves the Kalah Game Protocol over TCP on `listener` until `stop` completes (for tests
/// and embedding; `run` does this for `--kgp-addr`). Bot games go into `state`'s database.
pub async fn serve_kgp(
    listener: tokio::net::TcpListener,
    state: AppState,
    stop: impl std::future::Future<Output = ()> + Send + 'static,
) {
    routes::kgp_tcp::serve_tcp(listener, state, stop).await
}

async fn shutdown() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        if let Ok(mut s) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        {
            s.recv().await;
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! { _ = ctrl_c => {}, _ = term => {} }
    tracing::info!("shutting down");
}

impl IntoResponse for StartError {
    fn into_response(self) -> Response {
        ApiError::internal("start", self).into_response()
    }
}
