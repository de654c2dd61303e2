//! The engine pool: a few threads, each with its own [`Engine`], run searches away from the
//! async runtime. Async code sends a job and awaits a one-shot reply, so a thinking computer
//! never holds up the runtime or the other games.

use crate::budget::Networks;
use crate::error::ApiError;
use crate::fair::Queue;
use kalah_egdb::{Shelf, Store};
use kalah_engine::{Engine, Level, Limits, MoveValue, NoReport, SearchResult};
use kalah_rules::{Move, Position};
use std::net::IpAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;
use tokio::sync::oneshot;

type Job = Box<dyn FnOnce(&mut Engine) + Send>;

/// Transposition table size per engine thread.
const TABLE_MB: usize = 32;
/// An engine thread with no job for this long gives its table's memory back.
const IDLE_RELEASE: Duration = Duration::from_secs(10);

/// The endgame databases the engine threads use, once the server set its store.
static SHELF: OnceLock<Arc<Shelf>> = OnceLock::new();

/// Lets the engine threads use the endgame databases stored in `dir`; a database missing
/// there is built in the background on first need, and the engine plays without it meanwhile.
/// Their sizes are the levels' of `kalah_egdb::sizing`, the policy of the command line and
/// Python too; the shelf holds two variants of the largest size at once.
pub fn use_endgame_store(dir: PathBuf) {
    let bytes = kalah_egdb::sizing::shelf_bytes(2);
    let _ = SHELF.set(Shelf::new(Store::new(dir), bytes));
}

/// Gives `engine` the database for `pos`'s rules if it is ready (never waits for one).
fn with_endgame(engine: &mut Engine, pos: &Position) {
    if let Some(db) = SHELF.get().and_then(|s| s.get(&pos.rules())) {
        engine.set_endgame(db, pos.rules());
    }
}

/// The stub of the engine threads. Searches take turns through a fair queue
/// ([`crate::fair::Queue`]): at most one per thread is handed to the threads, the next going
/// to the network that has had the fewest turns lately, and each search is shortened as the
/// queue grows.
#[derive(Clone)]
pub struct EnginePool {
    tx: mpsc::Sender<Job>,
    queue: Arc<Queue>,
}

/// Analysis of one position: values for the side to move.
#[derive(Debug, Clone)]
pub struct Analysis {
    pub search: SearchResult,
    pub moves: Vec<MoveValue>,
}

fn gone() -> ApiError {
    ApiError::unavailable("the engine is not running; try again in a moment")
}

/// Longest a level may think before it is told to stop and play its best move so far.
pub fn level_cap(level: Level) -> Duration {
    Duration::from_millis(match level {
        Level::Beginner | Level::Novice | Level::Casual => 1000,
        Level::Club | Level::Expert => 2000,
        Level::Master => 2500,
        Level::Perfect => 4000,
    })
}

/// Searches yield the cores to the threads that answer requests: a search only takes longer,
/// a request waiting behind it would make every player wait.
fn lower_priority(nice: i32) {
    #[cfg(target_os = "linux")]
    // SAFETY: plain system calls on the calling thread, no memory passed.
    unsafe {
        let tid = libc::syscall(libc::SYS_gettid) as libc::id_t;
        if libc::setpriority(libc::PRIO_PROCESS, tid, nice) != 0 {
            tracing::debug!("could not lower an engine thread's priority");
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = nice;
}

impl EnginePool {
    /// Starts `threads` engine threads at niceness `nice` (Linux; higher yields more), their
    /// turns shared out between the networks of `grouping`.
    pub fn start(threads: usize, nice: i32, grouping: Networks) -> EnginePool {
        let (tx, rx) = mpsc::channel::<Job>();
        let rx = Arc::new(Mutex::new(rx));
        for i in 0..threads.max(1) {
            let rx = Arc::clone(&rx);
            std::thread::Builder::new()
                .name(format!("kalah-engine-{i}"))
                .spawn(move || {
                    lower_priority(nice);
                    let mut engine = Engine::new(TABLE_MB);
                    let mut holds_memory = false;
                    loop {
                        // The waiting thread holds the lock; a timeout lets the others
                        // take their turn at waiting, and so at giving memory back.
                        let job = match rx.lock() {
                            Ok(guard) => guard.recv_timeout(IDLE_RELEASE),
                            Err(_) => return,
                        };
                        match job {
                            // Idle: the table's pages go back to the system until the next
                            // search, so memory returns to its baseline after a flood.
                            Err(RecvTimeoutError::Timeout) => {
                                if holds_memory {
                                    engine.release_memory();
                                    holds_memory = false;
                                }
                            }
                            // A panicking search must not take the thread down with it.
                            Ok(job) => {
                                holds_memory = true;
                                let r =
                                    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                                        job(&mut engine)
                                    }));
                                if r.is_err() {
                                    tracing::error!("an engine job panicked");
                                    engine = Engine::new(TABLE_MB);
                                }
                            }
                            Err(RecvTimeoutError::Disconnected) => return,
                        }
                    }
                })
                .expect("cannot start an engine thread");
        }
        EnginePool {
            tx,
            queue: Queue::new(threads.max(1), grouping),
        }
    }

    /// Searches running and waiting for their turn.
    pub fn busy(&self) -> (usize, usize) {
        self.queue.busy()
    }

    /// Runs `f` on an engine thread. `started` is told when it begins (after queueing).
    async fn run<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Engine) -> T + Send + 'static,
        started: oneshot::Sender<()>,
    ) -> Result<T, ApiError> {
        let (reply, rx) = oneshot::channel();
        let job: Job = Box::new(move |engine| {
            let _ = started.send(());
            let _ = reply.send(f(engine));
        });
        self.tx.send(job).map_err(|_| gone())?;
        rx.await.map_err(|_| gone())
    }

    /// Runs `f` with a stop flag raised `cap` after the job starts on its thread.
    async fn run_capped<T: Send + 'static>(
        &self,
        cap: Duration,
        f: impl FnOnce(&mut Engine, &AtomicBool) -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let (started, started_rx) = oneshot::channel();
        let fut = self.run(move |e| f(e, &flag), started);
        tokio::pin!(fut);
        tokio::select! {
            r = &mut fut => return r,
            _ = started_rx => {}
        }
        tokio::select! {
            r = &mut fut => r,
            _ = tokio::time::sleep(cap) => {
                stop.store(true, Ordering::Relaxed);
                fut.await
            }
        }
    }

    /// The computer's move at `level`, for a game of `who` (its creator's address; None: the
    /// server's own, a bot's level game), within the level's time cap, shortened when many
    /// wait (a shallower search rather than a refusal).
    pub async fn choose_move(
        &self,
        level: Level,
        pos: Position,
        seed: u64,
        who: Option<IpAddr>,
    ) -> Result<Option<Move>, ApiError> {
        let _turn = Queue::turn(&self.queue, who).await;
        let cap = self.queue.time_for(level_cap(level));
        self.run_capped(cap, move |e, stop| {
            with_endgame(e, &pos);
            level
                .choose_move(e, &pos, seed, stop)
                .or_else(|| pos.legal_moves().first().copied())
        })
        .await
    }

    /// The value of the position and of every move for `who`, in about `time` in all
    /// (shortened when many wait).
    pub async fn analyze(
        &self,
        pos: Position,
        time: Duration,
        who: Option<IpAddr>,
    ) -> Result<Analysis, ApiError> {
        let _turn = Queue::turn(&self.queue, who).await;
        let time = self.queue.time_for(time);
        let hard = time + time / 2 + Duration::from_millis(100);
        self.run_capped(hard, move |e, stop| {
            with_endgame(e, &pos);
            let half = time / 2;
            let search = e.search(
                &pos,
                Limits::Time {
                    soft: half / 2,
                    hard: half,
                },
                stop,
                &mut NoReport,
            );
            let n = pos.legal_moves().len().max(1) as u32;
            let each = half / n;
            let moves = e.analyze(
                &pos,
                Limits::Time {
                    soft: each / 2,
                    hard: each,
                },
                stop,
            );
            Analysis { search, moves }
        })
        .await
    }
}
