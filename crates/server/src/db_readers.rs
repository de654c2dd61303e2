//! Reads on PostgreSQL that do not need the writer: a pool of connections (`deadpool`),
//! each read run with one of them on a tokio blocking thread, so loading games, player
//! pages, leaderboards and the Watch page's ratings never wait behind a batch of writes (or
//! each other) on the database thread. SQLite keeps its one database thread (its writer
//! serialises everything anyway).
//!
//! The pooled connections are the storage crate's (`pg.rs`): each keeps its statement
//! cache and time limit, and reopens itself at its next statement when PostgreSQL closed it
//! (a restart), trying at most every half second while the database is down. So the pool
//! keeps a closed connection rather than dropping it: a new one would first wait through
//! its own connection attempts (about 3 s) when the database is down.

use deadpool::managed::{self, Metrics, Pool, PoolError, RecycleResult};
use kalah_storage::Db;
use std::sync::Mutex;
use std::time::Duration;

/// Reads waiting for a connection; more are refused (503) rather than queued without end.
const QUEUE: usize = 1024;
/// How long a read waits for a free connection before it is refused (503): the default
/// statement time limit, so only stuck connections make reads wait that long.
const WAIT: Duration = Duration::from_secs(30);

/// The pool of read connections.
pub(crate) struct Readers {
    pool: Pool<Connections>,
}

/// Why a read did not run.
pub(crate) enum NotRun {
    /// Every connection is busy and too many reads wait already, or waited too long.
    Busy,
    /// The server is shutting down.
    Gone,
}

struct Connections {
    url: String,
    /// The connections opened at start, handed to the pool before any new one is opened.
    opened: Mutex<Vec<Db>>,
}

impl managed::Manager for Connections {
    type Type = Db;
    type Error = kalah_storage::Error;

    async fn create(&self) -> kalah_storage::Result<Db> {
        let opened = self.opened.lock().unwrap_or_else(|e| e.into_inner()).pop();
        if let Some(db) = opened {
            return Ok(db);
        }
        let url = self.url.clone();
        let open = move || kalah_storage::on_blocking_thread(|| Db::open_postgres_reader(&url));
        match tokio::task::spawn_blocking(open).await {
            Ok(r) => r,
            Err(e) if e.is_panic() => std::panic::resume_unwind(e.into_panic()),
            Err(_) => Err(kalah_storage::Error::Unsupported(
                "the server is shutting down".into(),
            )),
        }
    }

    async fn recycle(&self, _: &mut Db, _: &Metrics) -> RecycleResult<kalah_storage::Error> {
        // Closed or not, a connection is kept: see the module's comment.
        Ok(())
    }
}

impl Readers {
    /// A pool of the connections `conns` (opened at start, their number the pool's size);
    /// `url` opens another should one ever be missing.
    pub(crate) fn start(url: &str, conns: Vec<Db>) -> Readers {
        let size = conns.len();
        let manager = Connections {
            url: url.to_string(),
            opened: Mutex::new(conns),
        };
        let pool = Pool::builder(manager)
            .max_size(size)
            .wait_timeout(Some(WAIT))
            .runtime(deadpool::Runtime::Tokio1)
            .build()
            .expect("a pool with a runtime for its wait limit");
        Readers { pool }
    }

    /// Runs `read` with a connection of the pool on a blocking thread: its result, or why
    /// it did not run. The connection returns to the pool when `read` is done, also when
    /// the caller stopped waiting for it.
    pub(crate) async fn run<T: Send + 'static>(
        &self,
        read: impl FnOnce(&Db) -> kalah_storage::Result<T> + Send + 'static,
    ) -> Result<kalah_storage::Result<T>, NotRun> {
        if self.pool.status().waiting >= QUEUE {
            return Err(NotRun::Busy);
        }
        let db = match self.pool.get().await {
            Ok(db) => db,
            Err(PoolError::Timeout(_)) => return Err(NotRun::Busy),
            Err(PoolError::Backend(e)) => return Ok(Err(e)),
            Err(_) => return Err(NotRun::Gone),
        };
        let work = move || kalah_storage::on_blocking_thread(|| read(&db));
        match tokio::task::spawn_blocking(work).await {
            Ok(r) => Ok(r),
            Err(e) if e.is_panic() => std::panic::resume_unwind(e.into_panic()),
            Err(_) => Err(NotRun::Gone),
        }
    }
}
