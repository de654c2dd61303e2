//! The connection layer: accepts TCP connections and serves HTTP/1.1 (with WebSocket
//! upgrades) on each, with the limits `axum::serve` has no settings for: a cap on open
//! connections, overall and per client address, and a time limit for a request's headers,
//! which also closes keep-alive connections left idle.

use crate::client::AddressCounts;
use axum::extract::ConnectInfo;
use axum::Router;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto::Builder;
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{oneshot, OwnedSemaphorePermit, Semaphore};
use tower::ServiceExt;

/// Limits of the connection layer (flags of `kalah serve`; docs/server.md, "Limits").
#[derive(Debug, Clone)]
pub struct ConnLimits {
    /// Open HTTP connections at once; more are closed as they arrive.
    pub max_connections: usize,
    /// Open HTTP connections from one client address.
    pub max_per_address: usize,
    /// Addresses the per-address cap does not apply to: the trusted reverse proxies
    /// (`--trust-proxy`), through which every client connects; their clients are told apart
    /// by `X-Forwarded-For` in the budgets and socket caps instead.
    pub proxies: Vec<std::net::IpAddr>,
    /// Time to send a request's headers; a keep-alive connection idle this long is closed too.
    pub header_timeout: Duration,
}

impl Default for ConnLimits {
    fn default() -> Self {
        ConnLimits {
            max_connections: 4096,
            max_per_address: 256,
            proxies: Vec::new(),
            header_timeout: Duration::from_secs(10),
        }
    }
}

/// Connections that have not sent a byte yet, oldest first: when every place is taken, the
/// oldest of them is closed to make room for a newcomer, so silent connections cannot lock
/// everyone else out until their timeout.
#[derive(Default)]
struct Silent {
    next: u64,
    waiting: BTreeMap<u64, oneshot::Sender<()>>,
}

impl Silent {
    fn add(silent: &Mutex<Silent>) -> (u64, oneshot::Receiver<()>) {
        let (tx, rx) = oneshot::channel();
        let mut s = silent.lock().expect("silent connections");
        s.next += 1;
        let id = s.next;
        s.waiting.insert(id, tx);
        (id, rx)
    }

    fn remove(silent: &Mutex<Silent>, id: u64) {
        silent
            .lock()
            .expect("silent connections")
            .waiting
            .remove(&id);
    }

    /// Closes the oldest silent connection; false when there is none.
    fn close_oldest(silent: &Mutex<Silent>) -> bool {
        let mut s = silent.lock().expect("silent connections");
        while let Some((_, tx)) = s.waiting.pop_first() {
            if tx.send(()).is_ok() {
                return true;
            }
        }
        false
    }
}

/// A place among the open connections: a free one, or the one a silent connection leaves.
async fn place(open: &Arc<Semaphore>, silent: &Mutex<Silent>) -> Option<OwnedSemaphorePermit> {
    if let Ok(p) = Arc::clone(open).try_acquire_owned() {
        return Some(p);
    }
    if !Silent::close_oldest(silent) {
        return None;
    }
    // The closed connection's task gives its place back as soon as it runs.
    tokio::time::timeout(Duration::from_millis(100), Arc::clone(open).acquire_owned())
        .await
        .ok()?
        .ok()
}

/// Serves `app` on `listener` until `stop` completes, then lets open requests finish (at
/// most 5 s). Every connection gets TCP_NODELAY: game messages are small and must not wait
/// for Nagle's algorithm. Handlers see the client address as `ConnectInfo<SocketAddr>`.
pub async fn serve(
    listener: tokio::net::TcpListener,
    app: Router,
    limits: ConnLimits,
    stop: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let open = Arc::new(Semaphore::new(limits.max_connections));
    let per_address = Arc::new(AddressCounts::default());
    let silent = Arc::new(Mutex::new(Silent::default()));
    let graceful = GracefulShutdown::new();
    let mut builder = Builder::new(TokioExecutor::new()).http1_only();
    builder
        .http1()
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .max_buf_size(64 * 1024);
    let builder = Arc::new(builder);
    let mut stop = std::pin::pin!(stop);
    let mut refused = 0u64;
    loop {
        let (tcp, addr) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                Err(e) => {
                    // Out of file descriptors and the like: wait instead of spinning.
                    tracing::warn!("cannot accept a connection: {e}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = &mut stop => break,
        };
        let Some(permit) = place(&open, &silent).await else {
            refused += 1;
            if refused.is_power_of_two() {
                tracing::warn!(
                    "{refused} connections refused: {} open (--max-connections)",
                    limits.max_connections
                );
            }
            continue;
        };
        let cap = if limits.proxies.contains(&addr.ip()) {
            usize::MAX
        } else {
            limits.max_per_address
        };
        let Some(slot) = AddressCounts::take(&per_address, addr.ip(), cap) else {
            refused += 1;
            if refused.is_power_of_two() {
                tracing::warn!(
                    "{refused} connections refused; {} has {} open (--max-connections-per-address)",
                    addr.ip(),
                    limits.max_per_address
                );
            }
            continue;
        };
        if let Err(e) = tcp.set_nodelay(true) {
            tracing::debug!("cannot set TCP_NODELAY: {e}");
        }
        let app = app
            .clone()
            .map_request(move |mut req: axum::extract::Request| {
                req.extensions_mut().insert(ConnectInfo(addr));
                req
            });
        let service = TowerToHyperService::new(app.map_request(
            |req: hyper::Request<hyper::body::Incoming>| req.map(axum::body::Body::new),
        ));
        let builder = Arc::clone(&builder);
        let watcher = graceful.watcher();
        let header_timeout = limits.header_timeout;
        let (silent_id, evicted) = Silent::add(&silent);
        let silent = Arc::clone(&silent);
        tokio::spawn(async move {
            // hyper's header timer starts with the first byte: a connection that never sends
            // one is timed out here, or closed sooner when a newcomer needs its place.
            let mut first = [0u8; 1];
            let spoke = tokio::select! {
                r = tokio::time::timeout(header_timeout, tcp.peek(&mut first)) => {
                    matches!(r, Ok(Ok(n)) if n > 0)
                }
                _ = evicted => false,
            };
            Silent::remove(&silent, silent_id);
            if !spoke {
                return;
            }
            let conn = builder.serve_connection_with_upgrades(TokioIo::new(tcp), service);
            if let Err(e) = watcher.watch(conn.into_owned()).await {
                tracing::trace!("connection from {addr}: {e}");
            }
            drop(slot);
            drop(permit);
        });
    }
    drop(listener);
    if tokio::time::timeout(Duration::from_secs(5), graceful.shutdown())
        .await
        .is_err()
    {
        tracing::info!("some requests were still open after 5 s; stopping anyway");
    }
    Ok(())
}
