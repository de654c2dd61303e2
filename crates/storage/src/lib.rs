//! Storage for the Kalah server: games and their moves in one SQLite file.
//!
//! The schema is migrated on open (`PRAGMA user_version` counts the applied migrations).
//! The database runs in WAL mode with `synchronous=FULL`: a commit is on disk when
//! [`Db::apply`] returns, so an acknowledged move survives a killed process and a power cut.
//! The server batches concurrent writes into one transaction (group commit) so the cost of
//! the sync is shared.
//!
//! ```
//! use kalah_storage::{Db, GameRow, Write};
//!
//! let mut db = Db::open_in_memory().unwrap();
//! let game = GameRow::new("g1", "houses=6 seeds=4", "<6,0,0,4,4,4,4,4,4,4,4,4,4,4,4> S", "local", 0);
//! db.apply(vec![Write::Create(Box::new(game))]).into_iter().collect::<Result<Vec<()>, _>>().unwrap();
//! db.apply(vec![Write::Move { game: "g1".into(), ply: 1, mv: "3".into(), status: "playing".into(), at: 1 }]);
//! assert_eq!(db.load("g1").unwrap().unwrap().moves, vec!["3".to_string()]);
//! ```

mod migrations;

use rusqlite::{params, Connection, OptionalExtension};
use std::path::Path;

/// What went wrong in the database.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("database error: {0}")]
    Sqlite(#[from] rusqlite::Error),
    #[error("the database has schema version {found}, newer than this program knows ({known}); use a newer kalah")]
    TooNew { found: i64, known: i64 },
    #[error("no game {0:?}")]
    NoGame(String),
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

/// One game as stored. Sides are the seats at the start of the game (a pie-rule swap is
/// part of the moves, not of this row). Times are Unix milliseconds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRow {
    pub id: String,
    /// The rules string (`houses=6 seeds=4 ...`).
    pub rules: String,
    /// The preset the game was created from, if any.
    pub preset: Option<String>,
    /// The start position string.
    pub start: String,
    /// `computer`, `friend` or `local`.
    pub opponent: String,
    pub level: Option<String>,
    /// The computer's seat at the start (`south` or `north`), for computer games.
    pub computer_seat: Option<String>,
    /// SHA-256 (hex) of each seat's token; both the same for a local game.
    pub south_token: String,
    pub north_token: String,
    pub south_joined: bool,
    pub north_joined: bool,
    /// The side that resigned.
    pub resigned: Option<String>,
    /// `playing`, `finished` or `resigned`.
    pub status: String,
    pub rematch: Option<String>,
    pub rematch_of: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
    /// The moves in order (`3`, `swap`, ...).
    pub moves: Vec<String>,
}

impl GameRow {
    /// A new game row with no moves, empty tokens and nobody joined.
    pub fn new(id: &str, rules: &str, start: &str, opponent: &str, now: i64) -> GameRow {
        GameRow {
            id: id.to_string(),
            rules: rules.to_string(),
            preset: None,
            start: start.to_string(),
            opponent: opponent.to_string(),
            level: None,
            computer_seat: None,
            south_token: String::new(),
            north_token: String::new(),
            south_joined: false,
            north_joined: false,
            resigned: None,
            status: "playing".to_string(),
            rematch: None,
            rematch_of: None,
            created_at: now,
            updated_at: now,
            moves: Vec::new(),
        }
    }
}

/// A change to the database.
#[derive(Debug, Clone)]
pub enum Write {
    /// A new game (its `moves` are stored too).
    Create(Box<GameRow>),
    /// Move number `ply` (1-based); refused if that ply is already stored.
    Move {
        game: String,
        ply: u32,
        mv: String,
        status: String,
        at: i64,
    },
    Resign {
        game: String,
        side: String,
        at: i64,
    },
    Rematch {
        game: String,
        new_game: String,
    },
    /// The player of a seat (at the start) opened the game.
    Joined {
        game: String,
        seat: String,
    },
}

/// A connection to the games database.
pub struct Db {
    conn: Connection,
}

impl Db {
    /// Opens (creating if needed) the database file and brings its schema up to date.
    pub fn open(path: &Path) -> Result<Db> {
        let conn = Connection::open(path)?;
        Db::setup(conn)
    }

    /// A private database in memory, for tests.
    pub fn open_in_memory() -> Result<Db> {
        Db::setup(Connection::open_in_memory()?)
    }

    fn setup(mut conn: Connection) -> Result<Db> {
        // WAL: readers never block the writer and a commit is one append.
        // synchronous=FULL: the WAL is synced at every commit, so acknowledged moves survive
        // a power cut too; group commit in the server keeps that affordable.
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        migrations::migrate(&mut conn)?;
        Ok(Db { conn })
    }

    /// The schema version (number of migrations applied).
    pub fn schema_version(&self) -> Result<i64> {
        Ok(self
            .conn
            .pragma_query_value(None, "user_version", |r| r.get(0))?)
    }

    /// Applies the writes in one transaction, each in its own savepoint so one failing write
    /// does not undo the others. Returns one result per write; if the commit itself fails,
    /// every write fails.
    pub fn apply(&mut self, writes: Vec<Write>) -> Vec<Result<()>> {
        let n = writes.len();
        let mut tx = match self.conn.transaction() {
            Ok(tx) => tx,
            Err(e) => return fail_all(n, &e),
        };
        let mut results = Vec::with_capacity(n);
        for w in &writes {
            let r = (|| -> Result<()> {
                let sp = tx.savepoint()?;
                apply_one(&sp, w)?;
                sp.commit()?;
                Ok(())
            })();
            results.push(r);
        }
        match tx.commit() {
            Ok(()) => results,
            Err(e) => fail_all(n, &e),
        }
    }

    /// One game with its moves, or `None` when there is no such game.
    pub fn load(&self, id: &str) -> Result<Option<GameRow>> {
        let row = self
            .conn
            .prepare_cached(
                "SELECT id, rules, preset, start, opponent, level, computer_seat, south_token,
                        north_token, south_joined, north_joined, resigned, status, rematch,
                        rematch_of, created_at, updated_at
                 FROM games WHERE id = ?1",
            )?
            .query_row([id], |r| {
                Ok(GameRow {
                    id: r.get(0)?,
                    rules: r.get(1)?,
                    preset: r.get(2)?,
                    start: r.get(3)?,
                    opponent: r.get(4)?,
                    level: r.get(5)?,
                    computer_seat: r.get(6)?,
                    south_token: r.get(7)?,
                    north_token: r.get(8)?,
                    south_joined: r.get(9)?,
                    north_joined: r.get(10)?,
                    resigned: r.get(11)?,
                    status: r.get(12)?,
                    rematch: r.get(13)?,
                    rematch_of: r.get(14)?,
                    created_at: r.get(15)?,
                    updated_at: r.get(16)?,
                    moves: Vec::new(),
                })
            })
            .optional()?;
        let Some(mut row) = row else {
            return Ok(None);
        };
        let mut stmt = self
            .conn
            .prepare_cached("SELECT mv FROM moves WHERE game_id = ?1 ORDER BY ply")?;
        row.moves = stmt
            .query_map([id], |r| r.get(0))?
            .collect::<rusqlite::Result<Vec<String>>>()?;
        Ok(Some(row))
    }

    /// Ids of the games still being played against the computer (to resume after a restart).
    pub fn playing_computer_games(&self) -> Result<Vec<String>> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT id FROM games WHERE status = 'playing' AND opponent = 'computer'",
        )?;
        let ids = stmt
            .query_map([], |r| r.get(0))?
            .collect::<rusqlite::Result<Vec<String>>>()?;
        Ok(ids)
    }
}

fn fail_all(n: usize, e: &rusqlite::Error) -> Vec<Result<()>> {
    (0..n)
        .map(|_| {
            Err(Error::Sqlite(rusqlite::Error::SqliteFailure(
                rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_ERROR),
                Some(format!("transaction failed: {e}")),
            )))
        })
        .collect()
}

fn apply_one(conn: &Connection, w: &Write) -> Result<()> {
    match w {
        Write::Create(g) => {
            conn.prepare_cached(
                "INSERT INTO games (id, rules, preset, start, opponent, level, computer_seat,
                    south_token, north_token, south_joined, north_joined, resigned, status,
                    rematch, rematch_of, created_at, updated_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)",
            )?
            .execute(params![
                g.id,
                g.rules,
                g.preset,
                g.start,
                g.opponent,
                g.level,
                g.computer_seat,
                g.south_token,
                g.north_token,
                g.south_joined,
                g.north_joined,
                g.resigned,
                g.status,
                g.rematch,
                g.rematch_of,
                g.created_at,
                g.updated_at
            ])?;
            let mut stmt = conn.prepare_cached(
                "INSERT INTO moves (game_id, ply, mv, at) VALUES (?1, ?2, ?3, ?4)",
            )?;
            for (i, mv) in g.moves.iter().enumerate() {
                stmt.execute(params![g.id, i as i64 + 1, mv, g.created_at])?;
            }
        }
        Write::Move {
            game,
            ply,
            mv,
            status,
            at,
        } => {
            conn.prepare_cached(
                "INSERT INTO moves (game_id, ply, mv, at) VALUES (?1, ?2, ?3, ?4)",
            )?
            .execute(params![game, ply, mv, at])?;
            update_game(
                conn,
                "UPDATE games SET status = ?2, updated_at = ?3 WHERE id = ?1",
                params![game, status, at],
                game,
            )?;
        }
        Write::Resign { game, side, at } => update_game(
            conn,
            "UPDATE games SET resigned = ?2, status = 'resigned', updated_at = ?3 WHERE id = ?1",
            params![game, side, at],
            game,
        )?,
        Write::Rematch { game, new_game } => update_game(
            conn,
            "UPDATE games SET rematch = ?2 WHERE id = ?1",
            params![game, new_game],
            game,
        )?,
        Write::Joined { game, seat } => {
            let sql = if seat == "south" {
                "UPDATE games SET south_joined = 1 WHERE id = ?1"
            } else {
                "UPDATE games SET north_joined = 1 WHERE id = ?1"
            };
            update_game(conn, sql, params![game], game)?
        }
    }
    Ok(())
}

fn update_game(conn: &Connection, sql: &str, p: impl rusqlite::Params, id: &str) -> Result<()> {
    if conn.prepare_cached(sql)?.execute(p)? == 0 {
        return Err(Error::NoGame(id.to_string()));
    }
    Ok(())
}

#[cfg(test)]
mod tests;
