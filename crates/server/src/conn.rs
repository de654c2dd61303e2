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
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;
use tower::ServiceExt;

/// Limits of the connection layer (flags of `kalah serve`; docs/server.md, "Limits").
#[derive(Debug, Clone, Copy)]
pub struct ConnLimits {
    /// Open HTTP connections at once; more are closed as they arrive.
    pub max_connections: usize,
    /// Open HTTP connections from one client address.
    pub max_per_address: usize,
    /// Time to send a request's headers; a keep-alive connection idle this long is closed too.
    pub header_timeout: Duration,
}

impl Default for ConnLimits {
    fn default() -> Self {
        ConnLimits {
            max_connections: 4096,
            max_per_address: 256,
            header_timeout: Duration::from_secs(10),
        }
    }
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
        let Ok(permit) = Arc::clone(&open).try_acquire_owned() else {
            refused += 1;
            if refused.is_power_of_two() {
                tracing::warn!(
                    "{refused} connections refused: {} open (--max-connections)",
                    limits.max_connections
                );
            }
            continue;
        };
        let Some(slot) = AddressCounts::take(&per_address, addr.ip(), limits.max_per_address)
        else {
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
        tokio::spawn(async move {
            // hyper's header timer starts with the first byte: a connection that never sends
            // one is timed out here.
            let mut first = [0u8; 1];
            match tokio::time::timeout(header_timeout, tcp.peek(&mut first)).await {
                Ok(Ok(n)) if n > 0 => {}
                _ => return,
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
