//! Whether the process of a listed instance still runs, known at once rather than after its
//! heartbeat falls silent: each instance holds a lock that its operating system (SQLite) or
//! its database connection (PostgreSQL) gives up the moment the process dies, `kill -9`
//! included. A server restarted within a second so sees its predecessor gone, and charges
//! nobody's clock for the time between (docs/deploy.md, "Several instances on one database").
//!
//! - PostgreSQL: a session-level advisory lock `(INSTANCE_LOCKS, hashtext(id))` on the
//!   connection that registered the instance, taken again when that connection is reopened.
//!   An instance is alive while some session holds its lock (`pg_locks`).
//! - SQLite: an exclusive `flock` on `<database>-instances/<id>.lock`, held by an open file.
//!   An instance is alive while its file is locked. A database in memory has no files: its
//!   instances are judged by their heartbeats alone.

use crate::sql::{args, Conn};
use crate::{Db, Result};
use std::collections::HashMap;
use std::fs::File;
use std::path::PathBuf;

/// The first key of the instances' advisory locks (the second is a hash of the instance's
/// id); apart from the players' (`lobby::PLAYER_LOCKS`) and the migrations' one-key lock.
pub(crate) const INSTANCE_LOCKS: i32 = 0x6b69;

/// The instance locks a SQLite connection holds, by instance id.
#[derive(Default)]
pub(crate) struct Held {
    files: HashMap<String, File>,
}

fn lock_dir(conn: &rusqlite::Connection) -> Option<PathBuf> {
    let path = conn.path().filter(|p| !p.is_empty())?;
    Some(PathBuf::from(format!("{path}-instances")))
}

/// A file name for an instance id (ids are the server's own: digits, letters and `-`).
fn lock_file(dir: &std::path::Path, id: &str) -> PathBuf {
    let safe: String = id
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    dir.join(format!("{safe}.lock"))
}

impl Db {
    /// Takes instance `id`'s lock for as long as this connection lives (or until
    /// [`Db::remove_instance`]). Best effort: an instance whose lock could not be taken (a
    /// lock file that cannot be written) is judged by its heartbeat alone, as before locks.
    pub(crate) fn hold_instance(&mut self, id: &str) -> Result<()> {
        match &self.conn {
            Conn::Postgres(pg) => pg.hold_session_lock(INSTANCE_LOCKS, id),
            Conn::Sqlite(c) => {
                let Some(dir) = lock_dir(c) else {
                    return Ok(());
                };
                if self.held.files.contains_key(id) {
                    return Ok(());
                }
                let file = std::fs::create_dir_all(&dir).and_then(|()| {
                    File::options()
                        .create(true)
                        .truncate(false)
                        .write(true)
                        .open(lock_file(&dir, id))
                });
                if let Ok(file) = file {
                    if file.try_lock().is_ok() {
                        self.held.files.insert(id.to_string(), file);
                    }
                }
                Ok(())
            }
        }
    }

    /// Removes the lock files of instances found gone (and no longer listed).
    pub(crate) fn forget_locks(&self, gone: &[String]) {
        if let Conn::Sqlite(c) = &self.conn {
            if let Some(dir) = lock_dir(c) {
                for id in gone {
                    let _ = std::fs::remove_file(lock_file(&dir, id));
                }
            }
        }
    }

    /// Gives instance `id`'s lock up.
    pub(crate) fn release_instance(&mut self, id: &str) -> Result<()> {
        match &self.conn {
            Conn::Postgres(pg) => pg.release_session_lock(INSTANCE_LOCKS, id),
            Conn::Sqlite(c) => {
                if self.held.files.remove(id).is_some() {
                    if let Some(dir) = lock_dir(c) {
                        let _ = std::fs::remove_file(lock_file(&dir, id));
                    }
                }
                Ok(())
            }
        }
    }

    /// The listed instances other than `me` whose process is gone: no session or open file
    /// holds their lock any more.
    pub(crate) fn gone_instances(&self, me: &str) -> Result<Vec<String>> {
        match &self.conn {
            Conn::Postgres(_) => {
                // Two-key advisory locks show as classid = key 1, objid = key 2, objsubid 2.
                let rows = self.conn.query(
                    &format!(
                        "SELECT id FROM instances i WHERE id <> ?1 AND NOT EXISTS (
                             SELECT 1 FROM pg_locks l
                              WHERE l.locktype = 'advisory' AND l.objsubid = 2 AND l.granted
                                AND l.classid = ({INSTANCE_LOCKS})::oid
                                AND l.objid = hashtext(i.id)::oid)"
                    ),
                    args![me],
                )?;
                rows.iter().map(|r| r.get::<String>(0)).collect()
            }
            Conn::Sqlite(c) => {
                let Some(dir) = lock_dir(c) else {
                    return Ok(Vec::new());
                };
                let ids = self
                    .conn
                    .query("SELECT id FROM instances WHERE id <> ?1", args![me])?;
                let mut gone = Vec::new();
                for r in ids {
                    let id = r.get::<String>(0)?;
                    if self.held.files.contains_key(&id) {
                        continue;
                    }
                    let path = lock_file(&dir, &id);
                    // Locked and unlocked at once: nobody held it. No file: the instance
                    // never held one (a server older than locks), so its heartbeat decides.
                    let free = File::options()
                        .write(true)
                        .open(&path)
                        .is_ok_and(|f| f.try_lock().is_ok());
                    if free {
                        gone.push(id);
                    }
                }
                Ok(gone)
            }
        }
    }
}
