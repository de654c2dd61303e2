//! The connection layer: accepts TCP connections and serves HTTP/1.1 (with WebSocket
//! upgrades) on each, with the limits `axum::serve` has no settings for: a cap on open
//! connections, overall, per network and per client address; at the cap the oldest idle
//! connection of the network holding the most gives its place to a newcomer; and a time
//! limit for a request's whole head however it trickles in (hyper's), which also closes
//! keep-alive connections left idle.

use crate::budget::Networks;
use crate::client::AddressCounts;
use axum::extract::ConnectInfo;
use axum::Router;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto::Builder;
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::oneshot;
use tower::ServiceExt;

/// Limits of the connection layer (flags of `kalah serve`; docs/server.md, "Limits").
#[derive(Debug, Clone)]
pub struct ConnLimits {
    /// Open HTTP connections at once; at the cap the oldest idle connection of the network
    /// holding the most is closed for a newcomer.
    pub max_connections: usize,
    /// Open HTTP connections from one client address.
    pub max_per_address: usize,
    /// Open HTTP connections from one network (an IPv4 /24, an IPv6 /48).
    pub max_per_network: usize,
    /// How addresses group into networks.
    pub networks: Networks,
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
            max_per_network: 1024,
            networks: Networks::default(),
            proxies: Vec::new(),
            header_timeout: Duration::from_secs(10),
        }
    }
}

/// One open connection as the layer sees it.
struct Entry {
    /// Its network (None: a trusted proxy, whose clients are many).
    net: Option<IpAddr>,
    /// Since when it has handled no request: silent since it opened, idle between keep-alive
    /// requests, or with a request head still trickling in. None while a request is handled.
    idle_since: Option<Instant>,
    /// Closes it.
    close: Option<oneshot::Sender<()>>,
}

/// The open connections, per network, with their states: at the cap, the oldest idle
/// connection of the network holding the most is closed to make room for a newcomer, so
/// connections that hold a place without asking anything (silent, idle keep-alive, headers
/// sent a byte at a time) cannot lock everyone else out until their timeout, and an attacker
/// with many addresses loses its own places first.
#[derive(Default)]
struct Open {
    next: u64,
    conns: HashMap<u64, Entry>,
    networks: HashMap<IpAddr, usize>,
}

/// Why a newcomer was not given a place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Refusal {
    /// Its network holds its share.
    Network,
    /// Every place is taken by a connection handling a request.
    Full,
}

impl Open {
    /// A place for a connection of `net`: a free one, or the one the oldest idle connection of
    /// the network holding the most leaves (it is told to close).
    fn admit(
        &mut self,
        net: Option<IpAddr>,
        limits: &ConnLimits,
    ) -> Result<(u64, Receiver), Refusal> {
        if let Some(n) = net {
            if self.networks.get(&n).copied().unwrap_or(0) >= limits.max_per_network {
                return Err(Refusal::Network);
            }
        }
        if self.conns.len() >= limits.max_connections {
            let victim = self
                .conns
                .iter()
                .filter_map(|(&id, e)| {
                    let held = e
                        .net
                        .map_or(0, |n| self.networks.get(&n).copied().unwrap_or(0));
                    // The most held first, then the longest idle.
                    e.idle_since.map(|t| ((held, std::cmp::Reverse(t)), id))
                })
                .max()
                .map(|(_, id)| id)
                .ok_or(Refusal::Full)?;
            if let Some(mut e) = self.remove(victim) {
                if let Some(close) = e.close.take() {
                    let _ = close.send(());
                }
            }
        }
        let (tx, rx) = oneshot::channel();
        self.next += 1;
        let id = self.next;
        if let Some(n) = net {
            *self.networks.entry(n).or_insert(0) += 1;
        }
        self.conns.insert(
            id,
            Entry {
                net,
                idle_since: Some(Instant::now()),
                close: Some(tx),
            },
        );
        Ok((id, rx))
    }

    fn remove(&mut self, id: u64) -> Option<Entry> {
        let e = self.conns.remove(&id)?;
        if let Some(n) = e.net {
            if let Some(c) = self.networks.get_mut(&n) {
                *c -= 1;
                if *c == 0 {
                    self.networks.remove(&n);
                }
            }
        }
        Some(e)
    }

    /// Connection `id` started (`busy`) or finished handling a request.
    fn mark(&mut self, id: u64, busy: bool) {
        if let Some(e) = self.conns.get_mut(&id) {
            e.idle_since = if busy { None } else { Some(Instant::now()) };
        }
    }
}

type Receiver = oneshot::Receiver<()>;

/// Connection `id`'s place in [`Open`], given back on drop.
struct Place {
    open: Arc<Mutex<Open>>,
    id: u64,
}

impl Place {
    fn mark(&self, busy: bool) {
        self.open
            .lock()
            .expect("open connections")
            .mark(self.id, busy);
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        self.open.lock().expect("open connections").remove(self.id);
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
    let open = Arc::new(Mutex::new(Open::default()));
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
        let proxy = limits.proxies.contains(&addr.ip());
        let net = (!proxy).then(|| limits.networks.share_key(addr.ip()));
        let admitted = open.lock().expect("open connections").admit(net, &limits);
        let (id, evicted) = match admitted {
            Ok(a) => a,
            Err(why) => {
                refused += 1;
                if refused.is_power_of_two() {
                    let why = match why {
                        Refusal::Network => format!(
                            "the network of {} has {} open (--max-connections-per-network)",
                            addr.ip(),
                            limits.max_per_network
                        ),
                        Refusal::Full => format!(
                            "{} open, each handling a request (--max-connections)",
                            limits.max_connections
                        ),
                    };
                    tracing::warn!("{refused} connections refused; {why}");
                }
                continue;
            }
        };
        let place = Arc::new(Place {
            open: Arc::clone(&open),
            id,
        });
        let cap = if proxy {
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
        // A request being handled makes the connection busy (never closed for a newcomer);
        // its answer makes it idle again.
        let marks = Arc::clone(&place);
        let service = tower::service_fn(move |req: hyper::Request<hyper::body::Incoming>| {
            let (app, marks) = (app.clone(), Arc::clone(&marks));
            marks.mark(true);
            async move {
                let r = app.oneshot(req.map(axum::body::Body::new)).await;
                marks.mark(false);
                r
            }
        });
        let service = TowerToHyperService::new(service);
        let builder = Arc::clone(&builder);
        let watcher = graceful.watcher();
        let header_timeout = limits.header_timeout;
        tokio::spawn(async move {
            // hyper's header timer starts with the first byte: a connection that never sends
            // one is timed out here.
            let mut evicted = evicted;
            let mut first = [0u8; 1];
            let spoke = tokio::select! {
                r = tokio::time::timeout(header_timeout, tcp.peek(&mut first)) => {
                    matches!(r, Ok(Ok(n)) if n > 0)
                }
                _ = &mut evicted => false,
            };
            if spoke {
                let tcp = crate::head_limit::Explained::new(tcp);
                let conn = builder.serve_connection_with_upgrades(TokioIo::new(tcp), service);
                let conn = watcher.watch(conn.into_owned());
                tokio::select! {
                    r = conn => {
                        if let Err(e) = r {
                            tracing::trace!("connection from {addr}: {e}");
                        }
                    }
                    // Closed for a newcomer while idle.
                    _ = evicted => {}
                }
            }
            drop(slot);
            drop(place);
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
