//! Games in play: the games in memory, their clocks, the computer's moves, and the jobs and
//! news that keep them right across instances. Every door (HTTP, WebSocket, KGP, the computer)
//! plays through [`Games`] (`play.rs`), which goes through the round core (`kalah-round`).
//!
//! Each game has one async lock, held from checking a move until it is committed and
//! broadcast, so two moves for the same ply can never both be accepted, and broadcasts
//! leave in the order of the moves.

use crate::caps::Caps;
use crate::clock::now_ms;
use crate::db::DbHandle;
use crate::engine::EnginePool;
use crate::error::{ApiError, ApiResult};
use crate::fair::{Full, Share, Shares};
use crate::live::LiveGame;
use crate::token;
use crate::view::{game_text, state_text};
use kalah_rules::{BySide, Side};
use kalah_storage::{Db, Write};
use std::collections::HashMap;
use std::sync::atomic::{AtomicI64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::broadcast;

// News of changes stored by other servers on the same PostgreSQL database.
mod cluster;
mod news;

pub(crate) mod jobs;
mod play;

pub use jobs::{CLOCK_LEASE_MS, COMPUTER_LEASE_MS, INSTANCE_DEAD_MS};

/// How often idle games are dropped from memory.
pub(crate) const EVICT_EVERY: std::time::Duration = std::time::Duration::from_secs(30);

/// What a game's WebSocket subscribers are sent.
#[derive(Debug, Clone)]
pub enum Event {
    /// A change of the game: its JSON with the history from ply `from` + 1 to `ply` only,
    /// serialised once for everyone; each socket adds its `you`.
    State {
        update: Arc<str>,
        from: usize,
        ply: usize,
        swapped: bool,
        to_move: Side,
    },
    /// A player's last socket closed, or their first one opened (see `routes::ws`).
    Presence,
    /// A rematch was created; `tokens` are its seat tokens for this game's start seats.
    Rematch {
        id: String,
        tokens: BySide<Option<String>>,
    },
}

/// One game in memory.
pub struct Slot {
    pub game: tokio::sync::Mutex<LiveGame>,
    pub events: broadcast::Sender<Event>,
    /// When a request last asked for this game (Unix ms), for evicting idle games.
    touched: AtomicI64,
    /// Open WebSockets of this game.
    pub sockets: AtomicUsize,
    /// Open WebSockets of each start seat's player, and when the last of them closed
    /// (`i64::MIN`: not since the server started), for claims against a player who left.
    pub seat_sockets: BySide<AtomicUsize>,
    pub left_at: BySide<AtomicI64>,
    /// Plies of the game as last published, so news of a move this server stored itself is
    /// dismissed without holding the slot (which would keep it from being evicted).
    published_plies: AtomicUsize,
    /// On a cluster, this game's presence writes, one at a time.
    presence_writes: tokio::sync::Mutex<()>,
}

struct Shared {
    db: DbHandle,
    /// Computer moves.
    engine: EnginePool,
    games: Mutex<HashMap<String, Arc<Slot>>>,
    /// Computer moves this server has asked the engine for since it started.
    computer_searches: AtomicUsize,
    /// Games whose computer move is queued or being searched (at most one each), per
    /// address and network that created the game, and in all (`fair.rs`).
    computer_shares: Arc<Shares>,
    /// How addresses group into networks for fair shares.
    networks: crate::budget::Networks,
    caps: Caps,
    /// The time of game clocks.
    time: crate::timing::Time,
    /// Since when the cluster (this server, and the others on its database that were running
    /// when it started) has run without a break (clock time): clocks stored before resume
    /// from here, so nobody is charged for time when no server ran.
    started_at: AtomicI64,
    /// This server among those on its database: the name its job leases carry.
    instance: String,
    /// The jobs this server works: computer moves being searched (their leases are renewed
    /// while they take long), and whether the worker runs.
    jobs: jobs::Worker,
    /// The next deadline of each running clock.
    deadlines: crate::timing::Deadlines,
    /// Time controls only tests may use (`kalah serve --test-time-controls`).
    test_time_controls: bool,
    /// Games being played, for the Watch page.
    watch: crate::watch::Index,
    /// Open Watch page sockets.
    watch_sockets: Arc<AtomicUsize>,
    /// The task publishing the Watch lists runs.
    watch_publishing: std::sync::atomic::AtomicBool,
    /// On a cluster, reads of the Watch list from the database, one at a time.
    watch_reads: tokio::sync::Mutex<()>,
    /// How long a player must be gone before the opponent may claim the game (ms).
    claim_grace_ms: i64,
    /// What this server's database connection signs its news with (PostgreSQL; see news.rs).
    origin: Option<String>,
    /// Asked to answer a bot challenge handed to this instance (cluster news `c`).
    on_bot_challenge: std::sync::OnceLock<Box<dyn Fn(String) -> Answering + Send + Sync>>,
}

/// What the games in play are told at start (from `kalah serve`'s flags).
#[derive(Debug, Clone, Default)]
pub struct Config {
    pub caps: Caps,
    /// Clocks read a time that starts here (Unix ms) and moves only with
    /// [`Games::advance_time`] (tests; `None`: the system's clock).
    pub manual_time: Option<i64>,
    /// Also offer the short time controls browser tests use.
    pub test_time_controls: bool,
    /// How long a player must be gone before the opponent may claim the game (None: the
    /// normal `timing::GRACE_MS`).
    pub claim_grace: Option<std::time::Duration>,
    /// How addresses group into networks for the fair shares of the engine.
    pub networks: crate::budget::Networks,
}

/// The answer to a bot challenge, run on the runtime.
pub(crate) type Answering = std::pin::Pin<Box<dyn std::future::Future<Output = ()> + Send>>;

/// The games in play; cheap to clone.
#[derive(Clone)]
pub struct Games(Arc<Shared>);

/// A [`Games`] that does not keep it alive (for threads that outlive no server).
#[derive(Clone)]
pub(crate) struct WeakGames(std::sync::Weak<Shared>);

impl WeakGames {
    pub(crate) fn upgrade(&self) -> Option<Games> {
        self.0.upgrade().map(Games)
    }

    pub(crate) fn alive(&self) -> bool {
        self.0.strong_count() > 0
    }
}

/// The JSON text of a published game state (without `you`).
pub struct Published {
    pub game: Arc<str>,
}

impl Games {
    /// The games of an open database, with `engine_threads` threads for computer moves.
    pub fn new(mut db: Db, engine: EnginePool, config: &Config) -> Games {
        let time = match config.manual_time {
            Some(t) => crate::timing::Time::manual(t),
            None => crate::timing::Time::system(),
        };
        let instance = jobs::instance_name();
        let started_at = jobs::register(&mut db, &instance, time.now());
        let origin = db.news_origin();
        let watch = crate::watch::Index::default();
        if origin.is_some() {
            watch.mirror();
        }
        if !db.is_postgres() {
            // One server is all: nothing of its lobby outlives it, as its sockets did not.
            if let Err(e) = db.clear_lobby() {
                tracing::warn!("the last run's lobby not cleared: {e}");
            }
        }
        Games(Arc::new(Shared {
            origin,
            time,
            started_at: AtomicI64::new(started_at),
            instance,
            jobs: jobs::Worker::default(),
            deadlines: crate::timing::Deadlines::default(),
            test_time_controls: config.test_time_controls,
            watch,
            watch_sockets: Arc::new(AtomicUsize::new(0)),
            watch_publishing: std::sync::atomic::AtomicBool::new(false),
            watch_reads: tokio::sync::Mutex::new(()),
            claim_grace_ms: config
                .claim_grace
                .map_or(crate::timing::GRACE_MS, |d| d.as_millis() as i64),
            db: DbHandle::start(db),
            engine,
            games: Mutex::new(HashMap::new()),
            computer_searches: AtomicUsize::new(0),
            computer_shares: Shares::new(config.caps.computer_shares(), config.networks),
            networks: config.networks,
            caps: config.caps,
            on_bot_challenge: std::sync::OnceLock::new(),
        }))
    }

    pub(crate) fn weak(&self) -> WeakGames {
        WeakGames(Arc::downgrade(&self.0))
    }

    /// Who answers a bot challenge another instance hands to this one (set once, by the
    /// assembly, as the bots feature sits above the games).
    pub(crate) fn on_bot_challenge(&self, f: impl Fn(String) -> Answering + Send + Sync + 'static) {
        let _ = self.0.on_bot_challenge.set(Box::new(f));
    }

    /// The clocks' time now (Unix ms).
    pub fn now(&self) -> i64 {
        self.0.time.now()
    }

    /// Moves a manual clock time (tests) on by `ms` and wakes the clock task; false when the
    /// server runs on the system's clock.
    pub fn advance_time(&self, ms: i64) -> bool {
        let moved = self.0.time.advance(ms);
        self.0.deadlines.wake.notify_one();
        moved
    }

    /// Whether the test-only time controls are offered.
    pub(crate) fn test_time_controls(&self) -> bool {
        self.0.test_time_controls
    }

    /// How long a player must be gone before the opponent may claim the game (ms).
    pub fn claim_grace_ms(&self) -> i64 {
        self.0.claim_grace_ms
    }

    /// The games being played, for the Watch page.
    pub fn watch(&self) -> &crate::watch::Index {
        &self.0.watch
    }

    /// Open Watch page sockets (counted by their handler).
    pub(crate) fn watch_sockets(&self) -> &Arc<AtomicUsize> {
        &self.0.watch_sockets
    }

    /// Puts `g` as it is now in the Watch index; a game new to it gets its players'
    /// ratings read in the background.
    fn index_for_watch(&self, g: &LiveGame) {
        if self.0.watch.update(g) != crate::watch::Change::Added {
            return;
        }
        let state = self.clone();
        let (id, pool, opponent, bots) = (
            g.id.clone(),
            crate::rating::pool(g),
            g.opponent,
            g.rated.clone(),
        );
        tokio::spawn(async move {
            let key = id.clone();
            let read = state
                .0
                .db
                .read(move |db| crate::watch::read_ratings(db, &key, &pool, opponent, bots))
                .await;
            match read {
                Ok(by_seat) => state.0.watch.set_ratings(&id, by_seat),
                Err(e) => tracing::warn!(
                    "game {id}: ratings for the Watch page not read: {}",
                    e.message
                ),
            }
        });
    }

    /// Running clocks the server keeps a deadline for.
    pub fn running_clocks(&self) -> usize {
        self.0.deadlines.len()
    }

    /// Whether a new game on a clock has room among the deadlines.
    pub(crate) fn clock_room(&self) -> bool {
        self.0.deadlines.has_room()
    }

    /// The engine that plays the computer's moves.
    pub(crate) fn engine(&self) -> &EnginePool {
        &self.0.engine
    }

    /// How addresses group into networks for fair shares.
    pub(crate) fn networks(&self) -> crate::budget::Networks {
        self.0.networks
    }

    pub fn caps(&self) -> &Caps {
        &self.0.caps
    }

    pub fn db(&self) -> &DbHandle {
        &self.0.db
    }

    /// The game `id`, loaded from the database on first use.
    pub async fn slot(&self, id: &str) -> ApiResult<Arc<Slot>> {
        if let Some(s) = self.0.games.lock().expect("games lock").get(id) {
            s.touched.store(now_ms(), Ordering::Relaxed);
            return Ok(Arc::clone(s));
        }
        // Ids are 12 URL-safe characters; anything else cannot exist.
        if id.is_empty() || id.len() > 64 {
            return Err(ApiError::no_game(id));
        }
        let live = self.load_live(id).await?;
        let slot = self.insert(live);
        // After a restart a computer game goes on when someone opens it, not all at start.
        let mut g = slot.game.lock().await;
        self.wake_computer(&slot, &mut g);
        drop(g);
        Ok(slot)
    }

    /// The stored game `id` as it goes into memory.
    async fn load_live(&self, id: &str) -> ApiResult<LiveGame> {
        let row = self
            .0
            .db
            .load(id)
            .await?
            .ok_or_else(|| ApiError::no_game(id))?;
        let mut live = LiveGame::from_row(row)?;
        live.resume_clock_after(self.0.started_at.load(Ordering::Relaxed));
        self.watch_clock(&live);
        if live.opponent != crate::live::Opponent::Kgp {
            let id = id.to_string();
            let (accounts, changes) = self
                .0
                .db
                .read(move |db| Ok((db.seat_accounts(&id)?, db.game_rating_changes(&id)?)))
                .await?;
            live.accounts = BySide::new(accounts.0, accounts.1);
            live.rating_changes = changes;
        }
        Ok(live)
    }

    /// Replaces the game in memory with the stored one, after another server on the same
    /// database stored a move this one had not seen; this game's sockets get the new state.
    /// The caller holds the lock.
    pub(crate) async fn reload(&self, slot: &Slot, g: &mut LiveGame) -> ApiResult<()> {
        let mut fresh = self.load_live(&g.id).await?;
        // What only this server knows about the game it had.
        fresh.published_ply = g.published_ply;
        fresh.owner = g.owner;
        fresh.computer_busy = g.computer_busy;
        fresh.rematch_tokens = std::mem::take(&mut g.rematch_tokens);
        *g = fresh;
        self.publish(slot, g);
        Ok(())
    }

    fn insert(&self, live: LiveGame) -> Arc<Slot> {
        let plies = live.game.moves().len();
        let mut games = self.0.games.lock().expect("games lock");
        let slot = games.entry(live.id.clone()).or_insert_with(|| {
            Arc::new(Slot {
                game: tokio::sync::Mutex::new(live),
                events: broadcast::channel(32).0,
                touched: AtomicI64::new(now_ms()),
                sockets: AtomicUsize::new(0),
                seat_sockets: BySide::default(),
                left_at: BySide::new(AtomicI64::new(i64::MIN), AtomicI64::new(i64::MIN)),
                published_plies: AtomicUsize::new(plies),
                presence_writes: tokio::sync::Mutex::new(()),
            })
        });
        Arc::clone(slot)
    }

    /// Drops games from memory that nobody holds (no request, socket or computer move: only
    /// the map has a reference, checked under the map's lock, so no one can be handed it
    /// meanwhile) and nobody asked for in `idle_ms`. They load again from the database.
    pub fn evict_idle(&self, idle_ms: i64) -> usize {
        let now = now_ms();
        let mut games = self.0.games.lock().expect("games lock");
        let before = games.len();
        games.retain(|_, s| {
            Arc::strong_count(s) > 1 || now - s.touched.load(Ordering::Relaxed) < idle_ms
        });
        before - games.len()
    }

    /// Evicts idle games every `EVICT_EVERY` for as long as the runtime runs, so memory
    /// follows the games in use, not every game ever opened (call inside a tokio runtime).
    pub fn start_eviction(&self) {
        // The Watch page's lists, built once a second at most for every reader.
        if !self.0.watch_publishing.swap(true, Ordering::SeqCst) {
            let state = self.clone();
            if self.clustered() {
                tokio::spawn(async move { state.publish_cluster_lists().await });
            } else {
                tokio::spawn(async move { state.0.watch.publish_lists().await });
            }
        }
        let state = self.clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(EVICT_EVERY);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tick.tick().await;
                state.0.watch.prune(state.now());
                let idle_ms = state.0.caps.idle_game.as_millis() as i64;
                let n = state.evict_idle(idle_ms);
                if n > 0 {
                    tracing::debug!("evicted {n} idle games");
                }
            }
        });
    }

    /// Gives the start seats of a player's games in memory a new name (the stored games
    /// were renamed already); games not in memory load with the stored name.
    pub async fn rename_player(&self, seats: Vec<(String, String)>, name: &str) {
        for (id, seat) in seats {
            let slot = self.0.games.lock().expect("games lock").get(&id).cloned();
            let (Some(slot), Ok(seat)) = (slot, seat.parse::<Side>()) else {
                continue;
            };
            let mut g = slot.game.lock().await;
            g.names[seat] = Some(name.to_string());
            g.set_names();
            self.publish(&slot, &mut g);
        }
    }

    /// Games in memory.
    pub fn games_in_memory(&self) -> usize {
        self.0.games.lock().expect("games lock").len()
    }

    /// Stores a new game and starts the computer if it moves first.
    pub async fn create(&self, live: LiveGame) -> ApiResult<Arc<Slot>> {
        self.create_linked(live, None).await
    }

    /// [`Games::create`] for a rematch of `of`: the game and the link to it are stored in
    /// one write.
    pub async fn create_rematch(&self, live: LiveGame, of: &str) -> ApiResult<Arc<Slot>> {
        self.create_linked(live, Some(of)).await
    }

    async fn create_linked(&self, live: LiveGame, of: Option<&str>) -> ApiResult<Arc<Slot>> {
        // Taken here, not when the search starts, so that creations racing each other cannot
        // all pass the check.
        let reserved = match live.opponent.level() {
            Some(_) => Some(self.admit_computer(live.owner)?),
            None => None,
        };
        let row = Box::new(live.to_row());
        let write = match of {
            Some(of) => Write::CreateRematch {
                of: of.to_string(),
                game: row,
            },
            None => Write::Create(row),
        };
        let leased = live.computer_to_move();
        let write = self.with_jobs(write, &live, self.now());
        self.0.db.write(write).await?;
        Ok(self.created(live, reserved, leased).await)
    }

    /// The write that stores the new game `live` of two players with its clock's job, for a
    /// lobby transaction that stores it with the pairing that starts it (`Lobby::store`);
    /// [`Games::stored`] once that is committed.
    pub(crate) fn creation(&self, live: &LiveGame) -> Write {
        self.with_jobs(Write::Create(Box::new(live.to_row())), live, self.now())
    }

    /// A game of [`Games::creation`], once committed: in memory, its clock watched.
    pub(crate) async fn stored(&self, live: LiveGame) {
        self.created(live, None, false).await;
    }

    /// A new game, once stored: in memory, its clock watched, the computer started.
    async fn created(&self, live: LiveGame, reserved: Option<Share>, leased: bool) -> Arc<Slot> {
        self.watch_clock(&live);
        let slot = self.insert(live);
        let mut g = slot.game.lock().await;
        self.index_for_watch(&g);
        self.start_computer(&slot, &mut g, reserved, leased);
        drop(g);
        slot
    }

    /// A place among the games with a computer move pending for a new game of `owner`: 429
    /// when the address or its network has its share, 503 when the server is past its cap
    /// and the network has some already (a network with none still starts one).
    fn admit_computer(&self, owner: Option<std::net::IpAddr>) -> ApiResult<Share> {
        let caps = self.0.computer_shares.caps();
        Shares::admit(&self.0.computer_shares, owner).map_err(|full| match full {
            Full::Address => ApiError::too_many(format!(
                "the computer is still thinking in {} of your games; wait for its moves, then \
                 start another",
                caps.per_address
            )),
            Full::Network => ApiError::too_many(format!(
                "the computer is still thinking in {} games from your network (addresses near \
                 yours share a part of the engine); wait for its moves, then start another",
                caps.per_network
            )),
            Full::Server => ApiError::unavailable(
                "the computer is busy with other games; try again in a few seconds, or play a \
                 friend meanwhile",
            ),
        })
    }

    /// Sends the game's change to its subscribers and returns the whole game JSON text.
    pub fn publish(&self, slot: &Slot, g: &mut LiveGame) -> Published {
        let now = self.now();
        self.index_for_watch(g);
        let game: Arc<str> = state_text(g, now).into();
        let ply = g.game.moves().len();
        slot.published_plies.store(ply, Ordering::Relaxed);
        // Sockets that saw the last publication get only the plies since (an undo makes
        // `from` the new, shorter length).
        let from = g.published_ply.min(ply);
        g.published_ply = ply;
        // No subscribers is fine.
        let _ = slot.events.send(Event::State {
            update: game_text(g, from, now).into(),
            from,
            ply,
            swapped: g.game.seats_swapped(),
            to_move: g.game.position().to_move(),
        });
        Published { game }
    }

    /// Keeps the deadline of `g`'s clock while it runs, and drops it when the game ended.
    fn watch_clock(&self, g: &LiveGame) {
        match g.expiry() {
            Some(e) => {
                if !self.0.deadlines.set(&g.id, e.at_ms()) {
                    tracing::error!(
                        "game {}: more than {} running clocks; its clock is not watched",
                        g.id,
                        crate::timing::MAX_CLOCKS
                    );
                }
            }
            _ => self.0.deadlines.remove(&g.id),
        }
    }

    /// Ends every game whose clock deadline has passed; answers how many ended. The clock
    /// task calls this; tests call it after moving the time on.
    pub async fn end_expired_clocks(&self) -> usize {
        let now = self.now();
        let mut ended = 0;
        for id in self.0.deadlines.due(now) {
            // Done only under the game's clock job, which one server at a time may hold: a
            // job not due by the database (a move came meanwhile, on any server) or held
            // by another server is left to the poll (`jobs.rs`).
            if self.take_clock_job(&id).await {
                ended += 1;
            }
        }
        ended
    }

    /// Reads the deadlines of the running clocks from the database (a few columns per game,
    /// not the games), then ends games as their clocks run out, for as long as the runtime
    /// runs (call inside a tokio runtime).
    pub async fn start_clocks(&self) -> ApiResult<usize> {
        self.start_jobs().await;
        let started_at = self.0.started_at.load(Ordering::Relaxed);
        let rows = self.0.db.call(|db| db.running_clocks()).await?;
        let n = rows.len();
        let mut missing = Vec::new();
        for row in rows {
            let clock = row
                .time_control
                .parse::<kalah_online::TimeControl>()
                .ok()
                .zip(serde_json::from_str::<kalah_online::ClockState>(&row.clock).ok())
                .and_then(|(tc, st)| {
                    kalah_online::Clock::resume(tc, st, row.clock_at.max(started_at))
                });
            match clock {
                Some(c) => {
                    self.0.deadlines.set(&row.id, c.expiry().at_ms());
                    // A friend game waiting for the friend is due later: its job is moved
                    // on when it comes up (`do_clock_job`).
                    missing.push(self.clock_job(&row.id, row.plies, c.expiry().at_ms()));
                }
                None => tracing::error!("game {}: its stored clock does not read", row.id),
            }
        }
        // Games stored before the job table get their clock's job (the others have one).
        self.0
            .db
            .call(move |db| db.add_missing_jobs(&missing))
            .await?;
        let state = self.clone();
        tokio::spawn(async move {
            loop {
                state.end_expired_clocks().await;
                // Woken early by an earlier deadline or a moved test time; at least every
                // second, so a changed system clock is noticed.
                let wait = state
                    .0
                    .deadlines
                    .next()
                    .map_or(1000, |at| (at - state.now()).clamp(1, 1000));
                tokio::select! {
                    _ = tokio::time::sleep(std::time::Duration::from_millis(wait as u64)) => {}
                    _ = state.0.deadlines.wake.notified() => {}
                }
            }
        });
        Ok(n)
    }

    /// The rating changes a game made (read after the write that ended it; the game is
    /// already stored, so a failed read only leaves them out of the answer).
    async fn rating_changes(&self, id: &str) -> Vec<kalah_storage::RatingPoint> {
        let key = id.to_string();
        match self.0.db.read(move |db| db.game_rating_changes(&key)).await {
            Ok(c) => c,
            Err(e) => {
                tracing::error!("game {id}: rating changes not read: {}", e.message);
                Vec::new()
            }
        }
    }

    /// Records that the player of start seat `seat` opened the game.
    pub async fn mark_joined(&self, slot: &Arc<Slot>, seat: Side) -> ApiResult<()> {
        let mut g = slot.game.lock().await;
        if g.joined[seat] {
            return Ok(());
        }
        let now = self.now();
        let mut next = g.round.clone();
        let restarted = next.join(seat, now);
        let write = Write::Joined {
            game: g.id.clone(),
            seat: seat.name().to_string(),
            clock_at: restarted.then_some(now),
        };
        // A clock started again moves its deadline's job with it.
        let write = if restarted {
            self.with_jobs(write, &next, now)
        } else {
            write
        };
        self.0.db.write(write).await?;
        g.round = next;
        if restarted {
            self.watch_clock(&g);
        }
        self.publish(slot, &mut g);
        Ok(())
    }

    /// Starts a computer move if the computer is to move and none is being searched.
    /// The computer's job is leased first, so that only one server searches the move.
    pub fn wake_computer(&self, slot: &Arc<Slot>, g: &mut LiveGame) {
        self.start_computer(slot, g, None, false);
    }

    /// [`Games::wake_computer`], with the owner's place already taken (at creation) if
    /// `reserved`, and the job already leased to this server if `leased` (it stored the
    /// write that made the move due).
    fn start_computer(
        &self,
        slot: &Arc<Slot>,
        g: &mut LiveGame,
        reserved: Option<Share>,
        leased: bool,
    ) {
        if g.computer_busy || !g.computer_to_move() {
            return;
        }
        g.computer_busy = true;
        let owner = reserved.unwrap_or_else(|| Shares::hold(&self.0.computer_shares, g.owner));
        let state = self.clone();
        let slot = Arc::clone(slot);
        tokio::spawn(async move {
            let id = slot.game.lock().await.id.clone();
            if leased || state.lease_computer(&slot).await {
                state.0.jobs.working(&id, state.now());
                state.computer_moves(slot).await;
                state.0.jobs.done(&id);
            } else {
                slot.game.lock().await.computer_busy = false;
            }
            drop(owner);
        });
    }

    /// Plays the computer's moves (several when it earns extra turns), holding the lease of
    /// the game's computer job; each move's write leases the next one if the computer moves
    /// again, and a failure gives the job back (due again a little later).
    async fn computer_moves(&self, slot: Arc<Slot>) {
        loop {
            let (pos, ply, level, owner) = {
                let mut g = slot.game.lock().await;
                let level = g.opponent.level();
                match level {
                    Some(level) if g.computer_to_move() => {
                        (*g.game.position(), g.game.moves().len(), level, g.owner)
                    }
                    _ => {
                        g.computer_busy = false;
                        return;
                    }
                }
            };
            // The game's lock is not held while the search waits for its turn (the engine's
            // fair queue, by the network that created the game): its state stays served.
            self.0.computer_searches.fetch_add(1, Ordering::Relaxed);
            let chosen = self
                .0
                .engine
                .choose_move(level, pos, token::random_u64(), owner)
                .await;
            let mut g = slot.game.lock().await;
            let mv = match chosen {
                Ok(Some(mv)) if g.game.moves().len() == ply && g.computer_to_move() => mv,
                Ok(_) => continue,
                Err(e) => {
                    tracing::error!("game {}: no computer move: {}", g.id, e.message);
                    g.computer_busy = false;
                    self.give_back_computer(&g).await;
                    return;
                }
            };
            // play_move would wake the computer again: it is still busy, so it will not.
            let seat = g.seat_to_move();
            let at = Some(ply as u64);
            if let Err(e) = self.play_move(&slot, &mut g, seat, mv, at, None).await {
                tracing::error!(
                    "game {}: computer move {mv} not committed: {}",
                    g.id,
                    e.message
                );
                g.computer_busy = false;
                self.give_back_computer(&g).await;
                return;
            }
        }
    }

    /// Computer moves this server has asked the engine for since it started (each game's
    /// move is searched by one server only).
    pub fn computer_searches(&self) -> usize {
        self.0.computer_searches.load(Ordering::Relaxed)
    }

    /// Computer games still being played, counted at start (they resume when opened).
    pub async fn computer_games(&self) -> ApiResult<usize> {
        Ok(self.0.db.playing_computer_games().await?.len())
    }

    /// A new seat token and its hash.
    pub fn new_token() -> (String, String) {
        let t = token::new_token();
        let h = token::hash(&t);
        (t, h)
    }
}
