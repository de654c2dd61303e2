//! Copying a SQLite database's write-ahead log into its file (the checkpoint) on a connection
//! of its own, so the writer's commits do not wait for it (see `Db::checkpoint_elsewhere`).

use crate::Result;
use rusqlite::Connection;
use std::path::Path;

/// A connection that only checkpoints.
pub struct Checkpointer {
    conn: Connection,
}

impl Checkpointer {
    /// Opens the database file of an open `Db` (its schema is already in place).
    pub fn open(path: &Path) -> Result<Checkpointer> {
        let conn = Connection::open(path)?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        Ok(Checkpointer { conn })
    }

    /// Copies what it can of the log without waiting for readers or the writer (`PASSIVE`):
    /// the pages in the log and the pages copied so far.
    pub fn run(&self) -> Result<(i64, i64)> {
        Ok(self
            .conn
            .query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |r| {
                Ok((r.get(1)?, r.get(2)?))
            })?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Db;

    #[test]
    fn copies_the_writers_log_into_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.db");
        let db = crate::Db::open(&path).unwrap();
        db.checkpoint_elsewhere(100_000).unwrap();
        let c = Checkpointer::open(&path).unwrap();
        let w = db.sqlite();
        w.execute_batch("CREATE TABLE t(k INTEGER)").unwrap();
        for i in 0..1_500 {
            // One commit a row: 1,500 pages in the log, past SQLite's own 1,000.
            w.execute("INSERT INTO t(k) VALUES (?1)", [i]).unwrap();
        }
        let (log, copied) = c.run().unwrap();
        // The writer did not checkpoint by itself (its log was never reset); the checkpointer
        // copied every page of it.
        assert!(log >= 1_500, "the writer's log holds {log} pages");
        assert_eq!(copied, log);
        assert_eq!(Db::sqlite_path(&db).as_deref(), Some(path.as_path()));
    }
}
