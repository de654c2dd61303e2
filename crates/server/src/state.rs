//! The assembly: every feature with its own state, built once here, and what the doors
//! share (budgets, address counts, drain). Features never see this type; the doors
//! (`routes/`) do, and hand each feature what it needs.
//!
//! The floors, lowest first: the games in play ([`Games`]); the lobby ([`lobby::Service`]),
//! the bots ([`kgp::Bots`]) and analyses ([`Analyses`]) over them; the doors over all.

use crate::analysis::Analyses;
use crate::budget::{Budgets, Rates};
use crate::caps::Caps;
use crate::client::{AddressCounts, TrustedProxies};
use crate::clock::now_ms;
use crate::db::DbHandle;
use crate::engine::EnginePool;
use crate::error::{ApiError, ApiResult};
use crate::games::Games;
use crate::{kgp, lobby};
use axum::extract::FromRef;
use kalah_storage::Db;
use std::net::IpAddr;
use std::sync::Arc;

/// How often idle sessions are deleted.
const PURGE_EVERY: std::time::Duration = std::time::Duration::from_secs(3600);

/// Most CPU jobs (record replays) running at once; more wait for a moment, then are refused.
const CPU_JOBS: usize = 2;

/// What the server allows each client (flags of `kalah serve`).
#[derive(Debug, Clone, Default)]
pub struct Policy {
    pub rates: Rates,
    /// How addresses group into networks for the budgets.
    pub networks: crate::budget::Networks,
    pub caps: Caps,
    /// Reverse proxies in front of the server: for requests from them, the client address is
    /// the last one in `X-Forwarded-For` that is not a trusted proxy itself.
    pub trusted_proxies: Vec<IpAddr>,
    /// The KGP lobby's games and limits.
    pub kgp: crate::kgp::KgpConfig,
    /// Session cookies without `Secure`, for serving over plain HTTP on a LAN (browsers
    /// would not send a secure cookie back there; http://localhost is fine without this).
    pub insecure_cookies: bool,
    /// Clocks read a time that starts here (Unix ms) and moves only with
    /// [`AppState::advance_time`] (tests; `None`: the system's clock).
    pub manual_time: Option<i64>,
    /// Also offer the short time controls browser tests use (`0+5`: 5 s a move, no base).
    pub test_time_controls: bool,
    /// How long a player must be gone before the opponent may claim the game (None: the
    /// normal `timing::GRACE_MS`; browser tests shorten it).
    pub claim_grace: Option<std::time::Duration>,
    /// PostgreSQL connections for reads beside the writer's (None: [`DB_READERS`]).
    pub db_readers: Option<usize>,
}

/// PostgreSQL connections for reads unless `--db-connections` says otherwise.
pub const DB_READERS: usize = 2;

struct Parts {
    games: Games,
    lobby: lobby::Service,
    bots: kgp::Bots,
    analyses: Analyses,
    /// Password hashing turns.
    hasher: crate::password::Hasher,
    /// Session cookies carry `Secure` (off only for plain-HTTP deployments on a LAN).
    secure_cookies: bool,
    budgets: Budgets,
    trusted_proxies: TrustedProxies,
    caps: Caps,
    /// Open WebSockets per client address.
    socket_addresses: Arc<AddressCounts>,
    /// CPU jobs running on tokio's blocking threads.
    cpu_slots: Arc<tokio::sync::Semaphore>,
    /// Draining on SIGTERM, and the WebSockets it waits for.
    drain: crate::drain::Drain,
}

/// Cheap to clone; every handler gets one.
#[derive(Clone)]
pub struct AppState(Arc<Parts>);

impl FromRef<AppState> for TrustedProxies {
    fn from_ref(state: &AppState) -> TrustedProxies {
        state.0.trusted_proxies.clone()
    }
}

impl AppState {
    /// State over an open database, with `engine_threads` engine threads.
    pub fn new(db: Db, engine_threads: usize) -> AppState {
        AppState::with_policy(db, engine_threads, &Policy::default())
    }

    pub fn with_policy(db: Db, engine_threads: usize, policy: &Policy) -> AppState {
        let config = crate::games::Config {
            caps: policy.caps,
            manual_time: policy.manual_time,
            test_time_controls: policy.test_time_controls,
            claim_grace: policy.claim_grace,
            networks: policy.networks,
        };
        // Analyses yield to computer moves, both to requests (docs/server.md).
        let nets = policy.networks;
        let games = Games::new(db, EnginePool::start(engine_threads, 4, nets), &config);
        let analyses = Analyses::new(
            EnginePool::start(engine_threads, 10, nets),
            &policy.caps,
            nets,
        );
        let bots = kgp::Bots::new(policy.kgp.clone(), games.clone());
        // Weak: the games must not keep the bots (and so themselves) alive.
        let answering = bots.weak();
        games.on_bot_challenge(move |id| {
            let bots = answering.upgrade();
            Box::pin(async move {
                if let Some(bots) = bots {
                    bots.answer_challenge(&id).await;
                }
            })
        });
        AppState(Arc::new(Parts {
            lobby: lobby::Service::new(games.clone()),
            bots,
            analyses,
            games,
            hasher: crate::password::Hasher::default(),
            secure_cookies: !policy.insecure_cookies,
            budgets: Budgets::with_networks(&policy.rates, policy.networks),
            trusted_proxies: TrustedProxies(policy.trusted_proxies.clone().into()),
            caps: policy.caps,
            socket_addresses: Arc::new(AddressCounts::default()),
            cpu_slots: Arc::new(tokio::sync::Semaphore::new(CPU_JOBS)),
            drain: crate::drain::Drain::default(),
        }))
    }

    /// The games in play.
    pub fn games(&self) -> &Games {
        &self.0.games
    }

    /// Seeks, pools and challenges between people.
    pub(crate) fn lobby(&self) -> &lobby::Service {
        &self.0.lobby
    }

    /// The bots speaking KGP.
    pub(crate) fn bots(&self) -> &kgp::Bots {
        &self.0.bots
    }

    /// Analyses and hints.
    pub(crate) fn analyses(&self) -> &Analyses {
        &self.0.analyses
    }

    /// Password hashing, a few at a time.
    pub(crate) fn hasher(&self) -> &crate::password::Hasher {
        &self.0.hasher
    }

    /// Whether session cookies carry `Secure`.
    pub fn secure_cookies(&self) -> bool {
        self.0.secure_cookies
    }

    pub fn budgets(&self) -> &Budgets {
        &self.0.budgets
    }

    pub fn caps(&self) -> &Caps {
        &self.0.caps
    }

    pub fn trusted_proxies(&self) -> &[IpAddr] {
        &self.0.trusted_proxies.0
    }

    /// Open WebSockets per client address.
    pub fn socket_addresses(&self) -> &Arc<AddressCounts> {
        &self.0.socket_addresses
    }

    /// The database, shared by every feature.
    pub fn db(&self) -> &DbHandle {
        self.0.games.db()
    }

    /// Graceful drain: whether it has started, and the WebSockets still open.
    pub(crate) fn drain(&self) -> &crate::drain::Drain {
        &self.0.drain
    }

    /// Starts the graceful drain (docs/deploy.md): `/readyz` answers 503 from now on and
    /// every WebSocket is closed with 1012, asking its client to reconnect.
    pub fn start_drain(&self) {
        self.0.drain.start();
    }

    /// Runs `f` on a blocking thread, at most `CPU_JOBS` at once. A caller that cannot get
    /// a turn within a second is refused (503) rather than queued without end.
    pub async fn blocking<T: Send + 'static>(
        &self,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> ApiResult<T> {
        let busy = || ApiError::unavailable("the server is busy; try again in a few seconds");
        let permit = tokio::time::timeout(
            std::time::Duration::from_secs(1),
            Arc::clone(&self.0.cpu_slots).acquire_owned(),
        )
        .await
        .map_err(|_| busy())?
        .map_err(|_| busy())?;
        tokio::task::spawn_blocking(move || {
            let r = f();
            drop(permit);
            r
        })
        .await
        .map_err(|e| ApiError::internal("cpu job", e))
    }

    /// Starts the periodic work of every feature: idle games leave memory, the Watch lists
    /// are published, budgets forget idle clients, idle sessions are purged (call inside a
    /// tokio runtime).
    pub fn start_eviction(&self) {
        self.0.hasher.warm_up();
        self.0.games.start_eviction();
        self.start_session_purge();
        let state = self.clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(crate::games::EVICT_EVERY);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tick.tick().await;
                state.0.budgets.forget_idle();
            }
        });
    }

    /// Deletes idle sessions and forgotten guests every [`PURGE_EVERY`] (call inside a tokio
    /// runtime).
    fn start_session_purge(&self) {
        let db = self.db().clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(PURGE_EVERY);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tick.tick().await;
                let now = now_ms();
                let oldest = now - crate::session::IDLE.as_millis() as i64;
                // Budget spends older than the longest window (an hour) with them.
                let spent = now - 2 * 3_600_000;
                let purged = db
                    .call(move |db| {
                        db.forget_spends(spent)?;
                        db.forget_hidden_positions()?;
                        db.purge_sessions(oldest)
                    })
                    .await;
                match purged {
                    Ok((0, 0)) => {}
                    Ok((s, g)) => tracing::info!("purged {s} idle sessions and {g} guests"),
                    Err(e) => tracing::error!("could not purge sessions: {}", e.message),
                }
            }
        });
    }

    // What tests and the binary ask of the features, by the names they had.

    /// The clocks' time now (Unix ms).
    pub fn now(&self) -> i64 {
        self.0.games.now()
    }

    /// See [`Games::advance_time`].
    pub fn advance_time(&self, ms: i64) -> bool {
        self.0.games.advance_time(ms)
    }

    /// How long a player must be gone before the opponent may claim the game (ms).
    pub fn claim_grace_ms(&self) -> i64 {
        self.0.games.claim_grace_ms()
    }

    /// This server's name among the instances on its database.
    pub fn instance(&self) -> &str {
        self.0.games.instance()
    }

    /// Running clocks the server keeps a deadline for.
    pub fn running_clocks(&self) -> usize {
        self.0.games.running_clocks()
    }

    /// Ends the games whose clock has run out; how many.
    pub async fn end_expired_clocks(&self) -> usize {
        self.0.games.end_expired_clocks().await
    }

    /// Starts the clocks of the stored games (at start).
    pub async fn start_clocks(&self) -> ApiResult<usize> {
        self.0.games.start_clocks().await
    }

    /// Works the jobs due now; how many.
    pub async fn work_jobs(&self) -> usize {
        self.0.games.work_jobs().await
    }

    /// Sweeps what dead instances left; how many.
    pub async fn sweep_cluster(&self) -> usize {
        self.0.games.sweep_cluster().await
    }

    /// Drops idle games from memory; how many.
    pub fn evict_idle(&self, idle_ms: i64) -> usize {
        self.0.games.evict_idle(idle_ms)
    }

    /// Games in memory.
    pub fn games_in_memory(&self) -> usize {
        self.0.games.games_in_memory()
    }

    /// Computer moves asked of the engine since start.
    pub fn computer_searches(&self) -> usize {
        self.0.games.computer_searches()
    }

    /// Waits until the database writer has closed.
    pub fn database_closed(&self) -> crate::db::Closed {
        self.0.games.database_closed()
    }

    /// Players waiting in the quick-pairing pools.
    pub async fn lobby_waiting(&self) -> ApiResult<usize> {
        self.0.lobby.waiting().await
    }

    /// Pairs the pools once; how many games started.
    pub async fn lobby_tick(&self) -> usize {
        self.0.lobby.tick().await
    }

    /// Lobby sockets open on this server.
    pub fn lobby_sockets(&self) -> usize {
        self.0.lobby.sockets()
    }
}
