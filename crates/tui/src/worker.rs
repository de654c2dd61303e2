//! The computer thinks on its own thread so the screen stays responsive.
//!
//! The UI sends jobs over a channel and polls for replies. Every job carries its own stop flag,
//! so cancelling one (takeback, new game, quit) never stops the next, and an id, so a reply
//! that arrives after its job was cancelled is recognised and dropped.

use kalah_egdb::{Shelf, Store};
use kalah_engine::{book, Engine, Level, Limits, NoReport};
use kalah_rules::{Move, Position};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, OnceLock};
use std::thread;
use std::time::{Duration, Instant};

/// Transposition table size for the computer player.
const TABLE_MB: usize = 32;

/// What the computer is asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Task {
    /// Choose a move at a level; `seed` varies the choice among equal moves.
    Move { level: Level, seed: u64 },
    /// Find the best move and its value for a hint.
    Hint,
}

struct Job {
    id: u64,
    pos: Position,
    task: Task,
    stop: Arc<AtomicBool>,
}

/// The answer to a job.
#[derive(Debug, Clone)]
pub enum Answer {
    Move(Option<Move>),
    Hint {
        best: Option<Move>,
        value: i32,
        exact: bool,
        depth: u32,
    },
}

/// A reply with the id of its job.
#[derive(Debug, Clone)]
pub struct Reply {
    pub id: u64,
    pub answer: Answer,
}

/// A job under way, as the UI keeps it.
#[derive(Debug, Clone)]
pub struct Ticket {
    pub id: u64,
    pub task: Task,
    pub started: Instant,
    stop: Arc<AtomicBool>,
}

impl Ticket {
    /// Asks the search to stop; it answers soon with the best move found so far.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// The UI's handle to the thinking thread.
pub struct Worker {
    jobs: Sender<Job>,
    replies: Receiver<Reply>,
    next_id: u64,
}

impl Default for Worker {
    fn default() -> Worker {
        Worker::new()
    }
}

impl Worker {
    /// Starts the thread. It ends when the `Worker` is dropped.
    pub fn new() -> Worker {
        let (jobs, job_rx) = channel::<Job>();
        let (reply_tx, replies) = channel::<Reply>();
        thread::Builder::new()
            .name("kalah-computer".to_string())
            .spawn(move || serve(job_rx, reply_tx))
            .expect("cannot start the computer's thread");
        Worker {
            jobs,
            replies,
            next_id: 1,
        }
    }

    /// Sends a job; the reply comes through [`Worker::poll`].
    pub fn ask(&mut self, pos: Position, task: Task) -> Ticket {
        let id = self.next_id;
        self.next_id += 1;
        let stop = Arc::new(AtomicBool::new(false));
        // A send fails only if the thread is gone; the UI then sees no reply and its
        // watchdog answers with a fallback move.
        let _ = self.jobs.send(Job {
            id,
            pos,
            task,
            stop: stop.clone(),
        });
        Ticket {
            id,
            task,
            started: Instant::now(),
            stop,
        }
    }

    /// A reply if one is ready.
    pub fn poll(&self) -> Option<Reply> {
        self.replies.try_recv().ok()
    }

    /// Waits up to `timeout` for a reply (for tests and scripted play).
    pub fn wait(&self, timeout: Duration) -> Option<Reply> {
        self.replies.recv_timeout(timeout).ok()
    }
}

/// The endgame databases the computer uses, if the front end set a store.
static SHELF: OnceLock<Arc<Shelf>> = OnceLock::new();

/// Lets the computer use the endgame databases stored in `dir`, building one in the
/// background on first need (the computer plays without it meanwhile).
pub fn use_endgame_store(dir: PathBuf) {
    let _ = SHELF.set(Shelf::new(Store::new(dir), SHELF_BYTES));
}

/// Most bytes of databases held at once: two of the 21-seed size used for 6 houses.
const SHELF_BYTES: u64 = 720 << 20;

fn serve(jobs: Receiver<Job>, replies: Sender<Reply>) {
    // One table for the whole session: what it learnt on one move helps the next.
    let mut engine = Engine::new(TABLE_MB);
    while let Ok(job) = jobs.recv() {
        if job.stop.load(Ordering::Relaxed) {
            continue; // cancelled before it started
        }
        if let Some(db) = SHELF.get().and_then(|s| s.get(&job.pos.rules())) {
            engine.set_endgame(db, job.pos.rules());
        }
        let result = catch_unwind(AssertUnwindSafe(|| think(&mut engine, &job)));
        let answer = match result {
            Ok(a) => a,
            Err(_) => {
                // A bug in the search must not end the game: fall back to a legal move.
                engine = Engine::new(TABLE_MB);
                let first = job.pos.legal_moves().first().copied();
                match job.task {
                    Task::Move { .. } => Answer::Move(first),
                    Task::Hint => Answer::Hint {
                        best: first,
                        value: 0,
                        exact: false,
                        depth: 0,
                    },
                }
            }
        };
        if replies.send(Reply { id: job.id, answer }).is_err() {
            return;
        }
    }
}

fn think(engine: &mut Engine, job: &Job) -> Answer {
    match job.task {
        Task::Move { level, seed } => {
            Answer::Move(level.choose_move(engine, &job.pos, seed, &job.stop))
        }
        Task::Hint => {
            // The opening books prove at once what a search of two seconds cannot.
            if let Some(p) = book::proven(&job.pos) {
                return Answer::Hint {
                    best: p.entry.best.first().copied(),
                    value: p.entry.value,
                    exact: true,
                    depth: 0,
                };
            }
            let limits = Limits::Time {
                soft: Duration::from_millis(800),
                hard: Duration::from_millis(2000),
            };
            let r = engine.search(&job.pos, limits, &job.stop, &mut NoReport);
            Answer::Hint {
                best: r.best,
                value: r.value,
                exact: r.exact,
                depth: r.depth,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kalah_rules::Side;

    /// At the start of Kalah(6,5) a search of two seconds proves nothing; the book does.
    #[test]
    fn a_hint_in_the_opening_book_is_exact_at_once() {
        let mut w = Worker::new();
        let start = Position::start("standard houses=6 seeds=5".parse().unwrap(), Side::South);
        w.ask(start, Task::Hint);
        match w.wait(Duration::from_secs(10)) {
            Some(Reply {
                answer:
                    Answer::Hint {
                        best,
                        value,
                        exact,
                        depth,
                    },
                ..
            }) => {
                // Depth 0: from the book, not from a search.
                assert_eq!(
                    (best, value, exact, depth),
                    (Some(Move::Sow(2)), 10, true, 0)
                );
            }
            other => panic!("{other:?}"),
        }
    }
}
