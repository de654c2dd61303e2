//! The database actor: one thread owns the database connection (SQLite or PostgreSQL); async code talks to it
//! through a channel and gets one-shot replies. (Pure reads on PostgreSQL use a pool of
//! other connections: `db_readers.rs`.) Writes that arrive together are committed
//! in one transaction (group commit), so many games moving at once share one disk sync.

use crate::db_readers::{NotRun, Readers};
use crate::error::ApiError;
use kalah_storage::lobby::Lobby;
use kalah_storage::{BotInfo, BotRow, Db, GameRow, Item, LobbyWork, PlayerRow, SessionRow, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Mutex, OnceLock};
use tokio::sync::oneshot;

/// Most writes and lobby transactions in one transaction.
const BATCH: usize = 512;
/// Most lobby transactions, and new guests, in one transaction: a game's write waits for at
/// most the batch being committed and one of these, however long the lobby's queue is. (A
/// lobby transaction takes up to about 0.5 ms; a batch with a guest is synced, so guests
/// come more to a batch.)
const LOBBY_BATCH: usize = 16;
const GUEST_BATCH: usize = 64;

/// How often the checkpointer copies the log into the file, and the log's size (in 4 KiB
/// pages, 40 MB) at which the writer does it itself should the checkpointer fall behind.
const CHECKPOINT_EVERY: std::time::Duration = std::time::Duration::from_millis(250);
const CHECKPOINT_BACKSTOP: u32 = 10_000;

/// The checkpoint thread: dropping it stops the thread and waits for it, so its connection
/// is closed too once the database thread says it has closed its own (`Closed`).
struct Checkpoints {
    stop: Option<mpsc::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Drop for Checkpoints {
    fn drop(&mut self) {
        drop(self.stop.take());
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// On SQLite, starts a thread that checkpoints the log on a connection of its own: a
/// checkpoint is the log's pages read back and written into the file, then synced, which the
/// writer did every 1,000 pages in the middle of a commit (13 % of its time when thousands
/// of players join at once).
fn checkpoint_elsewhere(db: &Db) -> Option<Checkpoints> {
    let path = db.sqlite_path()?;
    let c = match kalah_storage::checkpoint::Checkpointer::open(&path) {
        Ok(c) => c,
        Err(e) => {
            tracing::warn!("the writer checkpoints the database itself: {e}");
            return None;
        }
    };
    if let Err(e) = db.checkpoint_elsewhere(CHECKPOINT_BACKSTOP) {
        tracing::warn!("the writer checkpoints the database itself: {e}");
        return None;
    }
    let (stop, stopped) = mpsc::channel::<()>();
    let started = std::thread::Builder::new()
        .name("kalah-checkpoint".into())
        .spawn(move || {
            // Said once when it starts failing (a full disk fails it every time) and once
            // when it works again, not four times a second.
            let mut failing = false;
            while let Err(mpsc::RecvTimeoutError::Timeout) = stopped.recv_timeout(CHECKPOINT_EVERY)
            {
                match c.run() {
                    Err(e) if !failing => {
                        tracing::warn!(
                            "checkpoint of the database failed (tried again every 250 ms): {e}"
                        );
                        failing = true;
                    }
                    Ok(_) if failing => {
                        tracing::info!("checkpoint of the database works again");
                        failing = false;
                    }
                    _ => {}
                }
            }
        });
    match started {
        Ok(thread) => Some(Checkpoints {
            stop: Some(stop),
            thread: Some(thread),
        }),
        Err(e) => {
            tracing::warn!("cannot start the checkpoint thread: {e}");
            let _ = db.checkpoint_elsewhere(1_000);
            None
        }
    }
}

/// What to do once a batch's commit is known: answer the write or the lobby transaction
/// (with its result when its own statements and the commit succeeded).
enum Done {
    Write(oneshot::Sender<kalah_storage::Result<()>>),
    Lobby(Finish),
}

type Finish = Box<dyn FnOnce(kalah_storage::Result<()>) + Send>;

type Reply = oneshot::Sender<kalah_storage::Result<()>>;

enum Job {
    /// Game writes wait in a lane of their own (`DbHandle::writes`): this wakes the thread.
    Wake,
    Load(
        String,
        oneshot::Sender<kalah_storage::Result<Option<GameRow>>>,
    ),
    PlayingComputerGames(oneshot::Sender<kalah_storage::Result<Vec<String>>>),
    LiveFriendAt(String, oneshot::Sender<kalah_storage::Result<bool>>),
    RegisterBot(BotInfo, i64, oneshot::Sender<kalah_storage::Result<BotRow>>),
    Bots(
        Vec<String>,
        oneshot::Sender<kalah_storage::Result<Vec<BotRow>>>,
    ),
    Leaderboard(usize, oneshot::Sender<kalah_storage::Result<Vec<BotRow>>>),
    /// Any other work on the database (players and sessions), run after the writes
    /// already waiting are committed, so it sees them.
    Call(Box<dyn FnOnce(&mut Db) + Send>),
    /// A lobby transaction: on SQLite it joins the writes' batch (group commit, in order,
    /// answered after the commit); on PostgreSQL, where a batch would hold its players'
    /// locks against other instances until its end, it commits alone. The flag: it may
    /// store games (`DbHandle::lobby_games`), so its batch is synced.
    Lobby(LobbyWork, bool, Finish),
    /// A new guest and its session: joins the batch like a write.
    Guest(
        Box<(PlayerRow, SessionRow)>,
        oneshot::Sender<kalah_storage::Result<()>>,
    ),
    /// Work that needs none of the writes waiting (a session's lookup): run at once, as a
    /// load is, without committing them first.
    Beside(Box<dyn FnOnce(&mut Db) + Send>),
}

/// The stub: cheap to clone, usable from any task.
#[derive(Clone)]
pub struct DbHandle {
    tx: mpsc::Sender<Job>,
    /// Game writes (moves, clocks, results): taken before any job waiting in `tx`, so a
    /// flood of lobby transactions or new guests never queues in front of a move.
    writes: mpsc::Sender<(Write, Reply)>,
    /// Connections for reads (PostgreSQL; see db_readers.rs), once added.
    readers: Arc<OnceLock<Readers>>,
    closed: Closed,
    batches: Arc<AtomicU64>,
}

/// Set once the database thread has ended and closed its connection (every stub dropped).
#[derive(Clone, Default)]
pub struct Closed(Arc<std::sync::atomic::AtomicBool>);

impl Closed {
    fn set(&self) {
        self.0.store(true, std::sync::atomic::Ordering::SeqCst);
    }

    pub fn is_closed(&self) -> bool {
        self.0.load(std::sync::atomic::Ordering::SeqCst)
    }
}

/// The error code of a move whose ply another server stored first (the same code as a
/// stale ply seen in memory: for the client both mean "reload").
pub const PLY_TAKEN: &str = "stale_ply";

/// The error code of a write to a game that ended meanwhile (the same as a move in a game
/// seen over in memory).
pub const GAME_ENDED: &str = "game_over";

/// The error code of a lobby offer (a seek, a challenge) taken or withdrawn meanwhile, on
/// any server (the lobby answers it as `seek_gone` or `challenge_gone`).
pub const OFFER_GONE: &str = "offer_gone";

/// The error code of a job another server did first (never shown to a client).
pub const JOB_GONE: &str = "job_gone";

fn gone() -> ApiError {
    ApiError::unavailable("the server is shutting down; try again in a moment")
}

/// The answer for a failed database call: a full disk or an unreachable PostgreSQL is
/// the server's trouble and passes (503, try again); anything else is logged (500).
fn failed(context: &str, e: kalah_storage::Error) -> ApiError {
    if let kalah_storage::Error::PlyTaken { .. } = e {
        return ApiError::conflict(
            PLY_TAKEN,
            "another move was stored at this point first (the game moved on); reload the game",
        );
    }
    if let kalah_storage::Error::GameEnded(_) = e {
        return ApiError::conflict(
            GAME_ENDED,
            "the game ended meanwhile (on another server, say); reload the game to see how",
        );
    }
    if let kalah_storage::Error::OfferGone(_) = e {
        return ApiError::conflict(OFFER_GONE, e.to_string());
    }
    if let kalah_storage::Error::JobGone { .. } = e {
        return ApiError::conflict(JOB_GONE, e.to_string());
    }
    if e.is_disk_full() {
        tracing::error!("{context} refused: the disk is full");
        ApiError::unavailable("the server's disk is full, so this was not saved; try again later")
    } else if e.is_unavailable() {
        tracing::error!("{context}: {e}");
        ApiError::unavailable(
            "the server cannot reach its database just now; try again in a moment",
        )
    } else {
        ApiError::internal(context, e)
    }
}

impl DbHandle {
    /// Starts the actor thread on an open database.
    pub fn start(db: Db) -> DbHandle {
        let (tx, rx) = mpsc::channel();
        let (writes, writes_rx) = mpsc::channel();
        let closed = Closed::default();
        let done = closed.clone();
        let batches = Arc::new(AtomicU64::new(0));
        let counted = batches.clone();
        let checkpoints = checkpoint_elsewhere(&db);
        std::thread::Builder::new()
            .name("kalah-db".into())
            .spawn(move || {
                run(db, rx, writes_rx, &counted);
                // Its connection closes before `done` says the database is closed.
                drop(checkpoints);
                done.set();
            })
            .expect("cannot start the database thread");
        DbHandle {
            tx,
            writes,
            readers: Arc::default(),
            closed,
            batches,
        }
    }

    /// What tells when the database thread has closed its connection.
    pub fn closed(&self) -> Closed {
        self.closed.clone()
    }

    /// From now on, pure reads run on these connections (a pool; `url` opens more), not on
    /// the database thread. Only the first call counts.
    pub fn add_readers(&self, url: &str, conns: Vec<Db>) {
        if !conns.is_empty() {
            let _ = self.readers.set(Readers::start(url, conns));
        }
    }

    /// Runs the pure read `f` on a reader connection when there are some (its result, or
    /// why it could not run), else None: the caller sends it to the database thread.
    async fn on_reader<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Db) -> kalah_storage::Result<T> + Send + 'static,
    ) -> Option<Result<kalah_storage::Result<T>, ApiError>> {
        let readers = self.readers.get()?;
        Some(readers.run(f).await.map_err(|e| match e {
            NotRun::Busy => ApiError::unavailable(
                "the server's database connections are all busy; try again in a moment",
            ),
            NotRun::Gone => gone(),
        }))
    }

    /// Runs the pure read `f` on a reader connection, or on the database thread when there
    /// are none (SQLite).
    pub async fn read<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Db) -> kalah_storage::Result<T> + Send + 'static,
    ) -> Result<T, ApiError> {
        if self.readers.get().is_none() {
            return self.call(move |db| f(db)).await;
        }
        match self.on_reader(f).await {
            Some(r) => r?.map_err(|e| failed("database read", e)),
            None => Err(gone()),
        }
    }

    /// Commits one write; returns once it is on disk.
    pub async fn write(&self, w: Write) -> Result<(), ApiError> {
        let (reply, rx) = oneshot::channel();
        self.writes.send((w, reply)).map_err(|_| gone())?;
        self.tx.send(Job::Wake).map_err(|_| gone())?;
        rx.await
            .map_err(|_| gone())?
            .map_err(|e| failed("database write", e))
    }

    /// Runs `f` on the database thread and answers its result.
    pub async fn call<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Db) -> kalah_storage::Result<T> + Send + 'static,
    ) -> Result<T, ApiError> {
        let (reply, rx) = oneshot::channel();
        let job = Job::Call(Box::new(move |db: &mut Db| {
            let _ = reply.send(f(db));
        }));
        self.tx.send(job).map_err(|_| gone())?;
        rx.await
            .map_err(|_| gone())?
            .map_err(|e| failed("database", e))
    }

    /// Stores a new guest and its first session; returns once it is on disk. It shares the
    /// writes' transaction (a wave of new visitors does not cut the group commit of moves).
    pub async fn create_guest(&self, p: PlayerRow, s: SessionRow) -> Result<(), ApiError> {
        let (reply, rx) = oneshot::channel();
        self.tx
            .send(Job::Guest(Box::new((p, s)), reply))
            .map_err(|_| gone())?;
        rx.await
            .map_err(|_| gone())?
            .map_err(|e| failed("database write", e))
    }

    /// Runs `f` on the database thread at once, before the writes waiting there are
    /// committed (so it does not see them, and does not cut their batch). For work that
    /// reads only what was acknowledged before (a session's lookup; what it writes is its
    /// own).
    pub async fn call_beside<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Db) -> kalah_storage::Result<T> + Send + 'static,
    ) -> Result<T, ApiError> {
        let (reply, rx) = oneshot::channel();
        let job = Job::Beside(Box::new(move |db: &mut Db| {
            let _ = reply.send(f(db));
        }));
        self.tx.send(job).map_err(|_| gone())?;
        rx.await
            .map_err(|_| gone())?
            .map_err(|e| failed("database", e))
    }

    /// Runs the lobby's statements `f` in a transaction on the database thread and answers
    /// their result once it is committed. On SQLite several of these and the game writes
    /// waiting with them share one transaction (`Job::Lobby`); `f` sees the lobby as the
    /// ones before it in the batch leave it, and its result is answered only after the
    /// batch's commit, so nothing a caller announces from it can be lost in a crash when
    /// the batch held a game's write (synced then), and a failing `f` undoes only itself.
    pub async fn lobby<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Lobby) -> kalah_storage::Result<T> + Send + 'static,
    ) -> Result<T, ApiError> {
        self.lobby_job(f, false).await
    }

    /// [`DbHandle::lobby`] for lobby statements that may store games with them
    /// (`Lobby::store`: a pairing and its game in one commit). Its batch is synced to disk,
    /// so what it answers survives a crash as a game's write does.
    pub async fn lobby_games<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Lobby) -> kalah_storage::Result<T> + Send + 'static,
    ) -> Result<T, ApiError> {
        self.lobby_job(f, true).await
    }

    async fn lobby_job<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Lobby) -> kalah_storage::Result<T> + Send + 'static,
        games: bool,
    ) -> Result<T, ApiError> {
        let (reply, rx) = oneshot::channel();
        let out = Arc::new(Mutex::new(None));
        let kept = out.clone();
        let work: LobbyWork = Box::new(move |l: &Lobby| {
            let v = f(l)?;
            *kept.lock().expect("lobby result") = Some(v);
            Ok(())
        });
        let finish: Finish = Box::new(move |r: kalah_storage::Result<()>| {
            let r = r.map(|()| {
                out.lock()
                    .expect("lobby result")
                    .take()
                    .expect("a lobby transaction that succeeded keeps its result")
            });
            let _ = reply.send(r);
        });
        self.tx
            .send(Job::Lobby(work, games, finish))
            .map_err(|_| gone())?;
        rx.await
            .map_err(|_| gone())?
            .map_err(|e| failed("database", e))
    }

    /// Transactions of writes and lobby changes the database thread has committed (or
    /// tried to): a batch is one.
    pub fn batches(&self) -> u64 {
        self.batches.load(Ordering::Relaxed)
    }

    pub async fn load(&self, id: &str) -> Result<Option<GameRow>, ApiError> {
        let key = id.to_string();
        if let Some(r) = self.on_reader(move |db| db.load(&key)).await {
            return r?.map_err(load_failed);
        }
        let (reply, rx) = oneshot::channel();
        self.tx
            .send(Job::Load(id.to_string(), reply))
            .map_err(|_| gone())?;
        rx.await.map_err(|_| gone())?.map_err(load_failed)
    }

    /// Whether a game between two people in play passed through or may reach the position
    /// of this key (`analysis::position_key`).
    pub async fn live_friend_game_at(&self, key: String) -> Result<bool, ApiError> {
        let k = key.clone();
        if let Some(r) = self.on_reader(move |db| db.live_game_hides(&k)).await {
            return r?.map_err(|e| failed("database read", e));
        }
        let (reply, rx) = oneshot::channel();
        self.tx
            .send(Job::LiveFriendAt(key, reply))
            .map_err(|_| gone())?;
        rx.await
            .map_err(|_| gone())?
            .map_err(|e| failed("database read", e))
    }

    /// Creates or updates a bot identity: Err(Some(why)) when its name is another bot's.
    pub async fn register_bot(&self, info: BotInfo, at: i64) -> Result<BotRow, Option<String>> {
        let (reply, rx) = oneshot::channel();
        let fail = |_| None;
        self.tx
            .send(Job::RegisterBot(info, at, reply))
            .map_err(fail)?;
        match rx.await.map_err(|_| None)? {
            Ok(row) => Ok(row),
            Err(e @ kalah_storage::Error::NameTaken(_)) => Err(Some(e.to_string())),
            Err(e) => {
                tracing::error!("bot registration: {e}");
                Err(None)
            }
        }
    }

    /// The rated players with these ids.
    pub async fn bots(&self, ids: Vec<String>) -> Result<Vec<BotRow>, ApiError> {
        let i = ids.clone();
        if let Some(r) = self.on_reader(move |db| db.bots(&i)).await {
            return r?.map_err(|e| failed("database read", e));
        }
        let (reply, rx) = oneshot::channel();
        self.tx.send(Job::Bots(ids, reply)).map_err(|_| gone())?;
        rx.await
            .map_err(|_| gone())?
            .map_err(|e| failed("database read", e))
    }

    /// Rated players that have played, best first.
    pub async fn leaderboard(&self, limit: usize) -> Result<Vec<BotRow>, ApiError> {
        if let Some(r) = self.on_reader(move |db| db.leaderboard(limit)).await {
            return r?.map_err(|e| failed("database read", e));
        }
        let (reply, rx) = oneshot::channel();
        self.tx
            .send(Job::Leaderboard(limit, reply))
            .map_err(|_| gone())?;
        rx.await
            .map_err(|_| gone())?
            .map_err(|e| failed("database read", e))
    }

    pub async fn playing_computer_games(&self) -> Result<Vec<String>, ApiError> {
        let (reply, rx) = oneshot::channel();
        self.tx
            .send(Job::PlayingComputerGames(reply))
            .map_err(|_| gone())?;
        rx.await
            .map_err(|_| gone())?
            .map_err(|e| failed("database read", e))
    }
}

/// The answer for a failed load: a damaged game is the game's trouble (shown as such).
fn load_failed(e: kalah_storage::Error) -> ApiError {
    match e {
        kalah_storage::Error::DamagedGame { id, why } => ApiError::damaged_game(&id, why),
        e => failed("database read", e),
    }
}

fn run(
    mut db: Db,
    rx: mpsc::Receiver<Job>,
    writes: mpsc::Receiver<(Write, Reply)>,
    batches: &AtomicU64,
) {
    let mut items = Vec::new();
    let mut done = Vec::new();
    let batch_lobby = !db.is_postgres();
    // Up to the batch's cap: the writes left each have their `Wake` still queued.
    let take_writes = |items: &mut Vec<Item>, done: &mut Vec<Done>| {
        while items.len() < BATCH {
            let Ok((w, reply)) = writes.try_recv() else {
                break;
            };
            items.push(Item::Write(w));
            done.push(Done::Write(reply));
        }
    };
    while let Ok(first) = rx.recv() {
        let mut next = Some(first);
        let (mut lobby, mut guests) = (0, 0);
        // Take everything already waiting: reads at once, writes and lobby transactions
        // into the batch, game writes before anything else.
        while let Some(job) = next.take() {
            take_writes(&mut items, &mut done);
            match job {
                Job::Wake => {}
                Job::Lobby(work, games, finish) if batch_lobby => {
                    items.push(if games {
                        Item::LobbyGames(work)
                    } else {
                        Item::Lobby(work)
                    });
                    done.push(Done::Lobby(finish));
                    lobby += 1;
                }
                Job::Lobby(work, _, finish) => {
                    commit(&mut db, &mut items, &mut done, batches);
                    finish(db.lobby(work));
                }
                Job::Guest(g, reply) => {
                    items.push(Item::Guest(g));
                    done.push(Done::Write(reply));
                    guests += 1;
                }
                Job::Beside(f) => f(&mut db),
                Job::Load(id, reply) => {
                    let _ = reply.send(db.load(&id));
                }
                Job::PlayingComputerGames(reply) => {
                    let _ = reply.send(db.playing_computer_games());
                }
                Job::LiveFriendAt(key, reply) => {
                    let _ = reply.send(db.live_game_hides(&key));
                }
                Job::RegisterBot(info, at, reply) => {
                    let _ = reply.send(db.register_bot(&info, at));
                }
                Job::Bots(ids, reply) => {
                    let _ = reply.send(db.bots(&ids));
                }
                Job::Leaderboard(limit, reply) => {
                    let _ = reply.send(db.leaderboard(limit));
                }
                Job::Call(f) => {
                    commit(&mut db, &mut items, &mut done, batches);
                    f(&mut db);
                }
            }
            if items.len() < BATCH && lobby < LOBBY_BATCH && guests < GUEST_BATCH {
                next = rx.try_recv().ok();
            }
        }
        take_writes(&mut items, &mut done);
        commit(&mut db, &mut items, &mut done, batches);
    }
}

/// Commits the writes and lobby transactions waiting, in one transaction, and answers each.
fn commit(db: &mut Db, items: &mut Vec<Item>, done: &mut Vec<Done>, batches: &AtomicU64) {
    if items.is_empty() {
        return;
    }
    batches.fetch_add(1, Ordering::Relaxed);
    let results = db.apply_items(std::mem::take(items));
    for (d, r) in done.drain(..).zip(results) {
        match d {
            Done::Write(reply) => {
                let _ = reply.send(r);
            }
            Done::Lobby(finish) => finish(r),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kalah_storage::lobby::{LobbyPlayer, OfferKind};
    use kalah_storage::GameRow;
    use std::future::Future;
    use std::pin::Pin;
    use std::task::{Context, Waker};

    fn who(id: &str) -> LobbyPlayer {
        LobbyPlayer {
            id: id.into(),
            name: id.to_uppercase(),
            account: false,
        }
    }

    fn new_game(id: &str) -> Write {
        Write::Create(Box::new(GameRow::new(
            id,
            "houses=6 seeds=4",
            "<6,0,0,4,4,4,4,4,4,4,4,4,4,4,4> S",
            "friend",
            5,
        )))
    }

    type Job<'a, T> = Pin<Box<dyn Future<Output = Result<T, ApiError>> + Send + 'a>>;

    /// Polls `f` once (which sends its job to the database thread); it must wait for it.
    fn first_poll<T>(f: &mut Job<'_, T>) {
        let mut cx = Context::from_waker(Waker::noop());
        assert!(f.as_mut().poll(&mut cx).is_pending());
    }

    /// Holds the database thread (until the sender answered is used) once it is inside the
    /// blocking job, so that every job sent after waits for it, game writes too.
    fn hold_thread(db: &DbHandle) -> (Job<'_, ()>, std::sync::mpsc::Sender<()>) {
        let (hold, held) = std::sync::mpsc::channel::<()>();
        let (entered, inside) = std::sync::mpsc::channel::<()>();
        let mut blocker: Job<()> = Box::pin(db.call(move |_| {
            entered.send(()).ok();
            held.recv().ok();
            Ok(())
        }));
        first_poll(&mut blocker);
        inside.recv().unwrap();
        (blocker, hold)
    }

    /// Lobby transactions and game writes that wait together are committed as one
    /// transaction on SQLite, and each is answered only once that is committed: another
    /// connection to the file sees what a lobby transaction did when its answer arrives.
    #[tokio::test]
    async fn lobby_changes_and_game_writes_waiting_together_share_one_commit() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.db");
        let db = DbHandle::start(Db::open(&path).unwrap());
        // Hold the database thread until everything below is waiting. Each job is sent to
        // it in its future's first poll, so polling them once, in order, queues them.
        let (blocker, hold) = hold_thread(&db);
        let before = db.batches();
        let mut jobs: Vec<Job<i64>> = Vec::new();
        for i in 0..6_i64 {
            let p = who(&format!("p{i}"));
            jobs.push(Box::pin(
                db.lobby(move |l| l.add_socket("i", i, &p).map(|()| i)),
            ));
            let w = db.write(new_game(&format!("g{i}")));
            jobs.push(Box::pin(async move { w.await.map(|()| 100 + i) }));
        }
        // One that fails after a statement fails alone, its statement undone.
        let mut failing: Job<()> = Box::pin(db.lobby(|l| {
            l.add_socket("i", 99, &who("x"))?;
            Err(kalah_storage::Error::Value("refused".into()))
        }));
        for j in &mut jobs {
            first_poll(j);
        }
        first_poll(&mut failing);
        hold.send(()).unwrap();
        blocker.await.unwrap();
        let mut other = kalah_storage::Db::open(&path).unwrap();
        for j in jobs {
            // Committed when answered: a second connection to the file sees it.
            match j.await.unwrap() {
                i @ 0..100 => {
                    let name = format!("P{i}");
                    let seen = other.lobby(|l| l.online_by_name(&name)).unwrap();
                    assert_eq!(seen.map(|p| p.id), Some(format!("p{i}")));
                }
                i => {
                    let id = format!("g{}", i - 100);
                    assert!(other.load(&id).unwrap().is_some(), "{id} stored");
                }
            }
        }
        assert!(failing.await.is_err());
        assert_eq!(other.lobby(|l| l.online_by_name("X")).unwrap(), None);
        assert_eq!(db.batches() - before, 1, "one transaction for all of them");
        let sockets = db
            .lobby(|l| l.online_by_name("P5"))
            .await
            .unwrap()
            .map(|p| p.id);
        assert_eq!(sockets.as_deref(), Some("p5"));
        assert!(db
            .lobby(|l| l.all(OfferKind::Pool))
            .await
            .unwrap()
            .is_empty());
    }

    /// A game's write sent behind a queue of lobby transactions goes before all of them
    /// (every one sees the game already), and the lobby's queue is committed 16 at a time,
    /// so a move never waits for a long queue of lobby work (issue 36).
    #[tokio::test]
    async fn a_game_write_goes_before_the_lobby_queue_and_the_lobby_is_batched_by_16() {
        let dir = tempfile::tempdir().unwrap();
        let db = DbHandle::start(Db::open(&dir.path().join("games.db")).unwrap());
        let (blocker, hold) = hold_thread(&db);
        let before = db.batches();
        let mut lobby: Vec<Job<bool>> = (0..200)
            .map(|_| -> Job<bool> { Box::pin(db.lobby(|l| l.played_together("ann", "bob"))) })
            .collect();
        for j in &mut lobby {
            first_poll(j);
        }
        let mut game = GameRow::new(
            "g1",
            "houses=6 seeds=4",
            "<6,0,0,4,4,4,4,4,4,4,4,4,4,4,4> S",
            "lobby",
            5,
        );
        game.south_player = Some("ann".into());
        game.north_player = Some("bob".into());
        let mut write: Job<()> = Box::pin(db.write(Write::Create(Box::new(game))));
        first_poll(&mut write);
        hold.send(()).unwrap();
        blocker.await.unwrap();
        write.await.unwrap();
        for (i, j) in lobby.into_iter().enumerate() {
            assert!(
                j.await.unwrap(),
                "lobby transaction {i} ran before the game's write"
            );
        }
        assert_eq!(
            db.batches() - before,
            13,
            "200 lobby transactions, 16 a batch"
        );
    }

    /// Game writes, taken first, still fill a transaction only up to its cap of 512; the
    /// rest go into the next one, woken by their own `Wake`s.
    #[tokio::test]
    async fn game_writes_waiting_are_committed_512_at_a_time() {
        let dir = tempfile::tempdir().unwrap();
        let db = DbHandle::start(Db::open(&dir.path().join("games.db")).unwrap());
        let (blocker, hold) = hold_thread(&db);
        let before = db.batches();
        let mut writes: Vec<Job<()>> = (0..600)
            .map(|i| -> Job<()> { Box::pin(db.write(new_game(&format!("g{i}")))) })
            .collect();
        for w in &mut writes {
            first_poll(w);
        }
        hold.send(()).unwrap();
        blocker.await.unwrap();
        for w in writes {
            w.await.unwrap();
        }
        assert_eq!(db.batches() - before, 2, "512 and 88");
    }

    /// Once the database says it is closed, every connection to the file is, the checkpoint
    /// thread's too: SQLite removes the log when its last connection closes, so the log is
    /// gone (a restart in the same process, or a copy of the file, sees it whole).
    #[tokio::test]
    async fn closed_means_the_checkpoint_threads_connection_is_closed_too() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.db");
        let db = DbHandle::start(Db::open(&path).unwrap());
        db.write(new_game("g1")).await.unwrap();
        let log = dir.path().join("games.db-wal");
        assert!(log.exists(), "a log while the database is open");
        let closed = db.closed();
        drop(db);
        // Looked at the moment it is set (a spin, not a sleep): a thread closing its
        // connection just after would otherwise hide behind the wait.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
        while !closed.is_closed() && std::time::Instant::now() < deadline {
            std::hint::spin_loop();
        }
        assert!(closed.is_closed());
        assert!(
            !log.exists(),
            "a connection was still open when closed was set"
        );
        assert_eq!(
            Db::open(&path).unwrap().load("g1").unwrap().unwrap().id,
            "g1"
        );
    }
}
