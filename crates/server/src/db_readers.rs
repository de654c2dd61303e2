//! Reads on PostgreSQL that do not need the writer: a few threads, each with its own
//! connection, take reads from one bounded queue, so loading games, player pages,
//! leaderboards and the Watch page's ratings never wait behind a batch of writes (or each
//! other) on the database thread.
//!
//! Why threads of our own rather than a pool crate (r2d2_postgres, deadpool-postgres): the
//! synchronous `postgres` client runs its own small runtime and cannot run on a thread of
//! tokio's (workers or blocking threads), so each connection needs a plain thread anyway;
//! a thread per connection is then the pool, and keeps the storage crate's reconnection,
//! statement cache and time limit (`pg.rs`) for every connection. SQLite keeps its one
//! database thread (its writer serialises everything anyway).

use kalah_storage::Db;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};

/// Reads waiting for a connection; more are refused (503) rather than queued without end.
const QUEUE: usize = 1024;

pub(crate) type Read = Box<dyn FnOnce(&mut Db) + Send>;

/// The readers' queue.
pub(crate) struct Readers {
    tx: mpsc::SyncSender<Read>,
}

/// Why a read was not queued.
pub(crate) enum NotQueued {
    Full,
    Gone,
}

impl Readers {
    /// One thread per connection in `conns`.
    pub(crate) fn start(conns: Vec<Db>) -> Readers {
        let (tx, rx) = mpsc::sync_channel::<Read>(QUEUE);
        let rx = Arc::new(Mutex::new(rx));
        for (i, mut db) in conns.into_iter().enumerate() {
            let rx = Arc::clone(&rx);
            std::thread::Builder::new()
                .name(format!("kalah-db-read-{i}"))
                .spawn(move || loop {
                    // The lock is held only while waiting for the next read.
                    let next = rx.lock().map(|r| r.recv());
                    match next {
                        Ok(Ok(read)) => read(&mut db),
                        _ => return,
                    }
                })
                .expect("cannot start a database reader thread");
        }
        Readers { tx }
    }

    pub(crate) fn send(&self, read: Read) -> Result<(), NotQueued> {
        self.tx.try_send(read).map_err(|e| match e {
            mpsc::TrySendError::Full(_) => NotQueued::Full,
            mpsc::TrySendError::Disconnected(_) => NotQueued::Gone,
        })
    }
}
