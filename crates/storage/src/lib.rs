//! Storage for the Kalah server: games and their moves, and rated bots, in one SQLite file.
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
//! db.apply(vec![Write::Move { game: "g1".into(), ply: 1, mv: "3".into(), status: "playing".into(), at: 1, position: None, comment: None }]);
//! assert_eq!(db.load("g1").unwrap().unwrap().moves, vec!["3".to_string()]);
//! ```

mod bots;
mod migrations;
mod players;
mod ratings;

pub use players::{PlayerRow, SessionRow, SignUp, DELETED_NAME, SESSIONS_PER_PLAYER};

pub use bots::{BotInfo, BotRow, RatedGame};
pub use ratings::{PlayedGame, PlayersGame, PoolRating, Ranked, RatingPoint};

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
    #[error("no account {0:?}")]
    NoPlayer(String),
    #[error("the database file {0} exists but is empty (0 bytes), so every stored game would be missing; if that is what you want, delete it (and any {0}-wal file) and start again; otherwise restore it from a backup (docs/server.md, \"Backup and restore\")")]
    Empty(String),
    #[error("the database file {path} is damaged ({problems}); restore it from a backup (docs/server.md, \"Backup and restore\"); `kalah db check` lists what is wrong")]
    Damaged { path: String, problems: String },
    #[error("the name {0:?} belongs to another bot (another token); choose another name")]
    NameTaken(String),
    #[error("no bot {0:?}")]
    NoBot(String),
    #[error("stored game {id} is damaged: {why}")]
    DamagedGame { id: String, why: String },
}

impl Error {
    /// SQLite's "database or disk is full" (also when a write of a batch failed for it).
    pub fn is_disk_full(&self) -> bool {
        match self {
            Error::Sqlite(rusqlite::Error::SqliteFailure(f, msg)) => {
                f.code == rusqlite::ErrorCode::DiskFull
                    || msg
                        .as_deref()
                        .is_some_and(|m| m.contains("database or disk is full"))
            }
            _ => false,
        }
    }
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
    /// `computer`, `friend`, `local` or `kgp` (two KGP players, bots or a computer level).
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
    /// The comment the player sent with each move, if any (as long as `moves`, or empty).
    pub comments: Vec<Option<String>>,
    /// The current position as [`Write::Move`] describes it, when the writer keeps one.
    pub position: Option<String>,
    /// Each start seat's player name, when the players gave one (KGP bots).
    pub south_name: Option<String>,
    pub north_name: Option<String>,
    /// The time control (`3+2`, `3d`), for a game on a clock.
    pub time_control: Option<String>,
    /// Whether the game counts for ratings.
    pub rated: bool,
    /// The clock as of the last acknowledged move (JSON), and when it was stored.
    pub clock: Option<String>,
    pub clock_at: Option<i64>,
    /// For a game `aborted`, lost on time (`timeout`) or `abandoned`: the start seat whose
    /// clock or connection ended it, and whether the result is a draw.
    pub ended_by: Option<String>,
    pub ended_draw: bool,
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
            comments: Vec::new(),
            position: None,
            south_name: None,
            north_name: None,
            time_control: None,
            rated: false,
            clock: None,
            clock_at: None,
            ended_by: None,
            ended_draw: false,
        }
    }
}

/// A running clock as stored: enough to know its deadline without loading the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClockRow {
    pub id: String,
    pub time_control: String,
    pub clock: String,
    pub clock_at: i64,
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
        /// The position after it, in the form the writer looks up with
        /// [`Db::live_friend_game_at`] (None: not kept).
        position: Option<String>,
        /// What the player said with the move (KGP `info:comment`).
        comment: Option<String>,
    },
    /// The write that ends a game (a move or a resignation) and the rating update of its
    /// players, in one step: never one without the other.
    Finish {
        last: Box<Write>,
        rated: RatedGame,
    },
    /// The write that ends a game between people and, when the game is rated and both
    /// start seats are accounts, their rating update, in one step.
    FinishPlayers {
        last: Box<Write>,
        rated: PlayersGame,
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
    /// A rematch game and the link to it from `of`, in one step: never one without the other.
    CreateRematch {
        of: String,
        game: Box<GameRow>,
    },
    /// A new token (its hash) for a seat (at the start) of a game.
    SeatToken {
        game: String,
        seat: String,
        hash: String,
    },
    /// `last` (a move), with the clock as it leaves the game (JSON) stored in the same step.
    Clocked {
        last: Box<Write>,
        game: String,
        clock: String,
        at: i64,
    },
    /// A game ends off the board: `status` `aborted`, `timeout` or `abandoned`, because of
    /// start seat `by`; `draw` when neither player wins.
    End {
        game: String,
        status: String,
        by: String,
        draw: bool,
        at: i64,
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
    /// Opens (creating if needed) the database file, checks it (`PRAGMA quick_check`) and
    /// brings its schema up to date. An existing empty file or a damaged one is refused: it
    /// would otherwise be served as a server without games.
    pub fn open(path: &Path) -> Result<Db> {
        if std::fs::metadata(path).is_ok_and(|m| m.len() == 0) {
            return Err(Error::Empty(path.display().to_string()));
        }
        let conn = Connection::open(path)?;
        let problems = quick_check(&conn).map_err(|e| Error::Damaged {
            path: path.display().to_string(),
            problems: e.to_string(),
        })?;
        if !problems.is_empty() {
            return Err(Error::Damaged {
                path: path.display().to_string(),
                problems: problems.join("; "),
            });
        }
        Db::setup(conn)
    }

    /// Every problem `PRAGMA integrity_check` finds (slower and more thorough than the
    /// quick check of `open`), then every stored game whose moves do not match its move
    /// count: nothing when the database is sound.
    pub fn check(&self) -> Result<Vec<String>> {
        let mut problems = pragma_rows(&self.conn, "PRAGMA integrity_check(100)")?;
        problems.retain(|p| p != "ok");
        let mut stmt = self.conn.prepare(
            "SELECT g.id, g.plies, count(m.ply), coalesce(max(m.ply), 0)
             FROM games g LEFT JOIN moves m ON m.game_id = g.id GROUP BY g.id",
        )?;
        let rows = stmt.query_map([], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, i64>(1)?,
                r.get::<_, i64>(2)?,
                r.get::<_, i64>(3)?,
            ))
        })?;
        for row in rows {
            let (id, plies, count, max) = row?;
            if let Some(why) = moves_problem(plies, count, max) {
                problems.push(format!("game {id}: {why}"));
            }
        }
        let orphans: i64 = self.conn.query_row(
            "SELECT count(*) FROM moves WHERE game_id NOT IN (SELECT id FROM games)",
            [],
            |r| r.get(0),
        )?;
        if orphans > 0 {
            problems.push(format!("{orphans} moves belong to no stored game"));
        }
        Ok(problems)
    }

    /// Whether a game between two people is being played at `position` after at least one
    /// move (positions as [`Write::Move`] stored them).
    pub fn live_friend_game_at(&self, position: &str) -> Result<bool> {
        Ok(self
            .conn
            .prepare_cached(
                "SELECT 1 FROM games WHERE status = 'playing' AND opponent = 'friend'
                 AND position = ?1 AND plies > 0 LIMIT 1",
            )?
            .exists([position])?)
    }

    /// Ids of every stored game, oldest first.
    pub fn game_ids(&self) -> Result<Vec<String>> {
        let mut stmt = self
            .conn
            .prepare("SELECT id FROM games ORDER BY created_at, id")?;
        let ids = stmt
            .query_map([], |r| r.get(0))?
            .collect::<rusqlite::Result<Vec<String>>>()?;
        Ok(ids)
    }

    /// Copies the whole database into `dest` with SQLite's online backup, while other
    /// connections (a running server) go on reading and writing. The copy is one
    /// self-contained file (what the write-ahead log holds is in it): written to a
    /// temporary name next to `dest`, checked, then renamed.
    pub fn backup(&self, dest: &Path) -> Result<()> {
        let tmp = dest.with_extension("backup-tmp");
        let _ = std::fs::remove_file(&tmp);
        {
            let mut out = Connection::open(&tmp)?;
            let backup = rusqlite::backup::Backup::new(&self.conn, &mut out)?;
            backup.run_to_completion(256, std::time::Duration::from_millis(5), None)?;
        }
        let copy = Connection::open(&tmp)?;
        let problems = quick_check(&copy)?;
        drop(copy);
        if !problems.is_empty() {
            let _ = std::fs::remove_file(&tmp);
            return Err(Error::Damaged {
                path: tmp.display().to_string(),
                problems: problems.join("; "),
            });
        }
        std::fs::rename(&tmp, dest).map_err(|e| {
            Error::Sqlite(rusqlite::Error::SqliteFailure(
                rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_CANTOPEN),
                Some(format!(
                    "cannot rename the backup to {}: {e}",
                    dest.display()
                )),
            ))
        })?;
        Ok(())
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
            if let Err(Error::Sqlite(e)) = &r {
                if tx.is_autocommit() {
                    // Some errors (a full disk, out of memory, I/O) make SQLite roll back the
                    // whole transaction: nothing of the batch is stored, and nothing more may
                    // be written outside the transaction.
                    return fail_all(n, e);
                }
            }
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
                        rematch_of, created_at, updated_at, plies, position, south_name,
                        north_name, time_control, rated, clock, clock_at, ended_by, ended_draw
                 FROM games WHERE id = ?1",
            )?
            .query_row([id], |r| {
                Ok((
                    GameRow {
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
                        comments: Vec::new(),
                        position: r.get(18)?,
                        south_name: r.get(19)?,
                        north_name: r.get(20)?,
                        time_control: r.get(21)?,
                        rated: r.get(22)?,
                        clock: r.get(23)?,
                        clock_at: r.get(24)?,
                        ended_by: r.get(25)?,
                        ended_draw: r.get(26)?,
                    },
                    r.get::<_, i64>(17)?,
                ))
            })
            .optional()?;
        let Some((mut row, plies)) = row else {
            return Ok(None);
        };
        let mut stmt = self
            .conn
            .prepare_cached("SELECT ply, mv, comment FROM moves WHERE game_id = ?1 ORDER BY ply")?;
        let moves = stmt
            .query_map([id], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, Option<String>>(2)?,
                ))
            })?
            .collect::<rusqlite::Result<Vec<(i64, String, Option<String>)>>>()?;
        let max = moves.last().map_or(0, |m| m.0);
        if let Some(why) = moves_problem(plies, moves.len() as i64, max) {
            return Err(Error::DamagedGame {
                id: id.to_string(),
                why,
            });
        }
        if moves.iter().any(|m| m.2.is_some()) {
            row.comments = moves.iter().map(|m| m.2.clone()).collect();
        }
        row.moves = moves.into_iter().map(|m| m.1).collect();
        Ok(Some(row))
    }

    /// Creates a bot or updates its name, authors and description; [`Error::NameTaken`]
    /// when another bot has the name.
    pub fn register_bot(&mut self, info: &BotInfo, at: i64) -> Result<BotRow> {
        let tx = self.conn.transaction()?;
        let row = bots::register(&tx, info, at)?;
        tx.commit()?;
        Ok(row)
    }

    /// The rated players with these ids (those that exist).
    pub fn bots(&self, ids: &[String]) -> Result<Vec<BotRow>> {
        let mut rows = Vec::new();
        for id in ids {
            rows.extend(bots::find(&self.conn, id)?);
        }
        Ok(rows)
    }

    /// Rated players that have played, best rating first, at most `limit`.
    pub fn leaderboard(&self, limit: usize) -> Result<Vec<BotRow>> {
        bots::leaderboard(&self.conn, limit)
    }

    /// The clocks of every game on a clock still being played (a few small columns each, not
    /// the games), so the server knows their deadlines after a restart.
    pub fn running_clocks(&self) -> Result<Vec<ClockRow>> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT id, time_control, clock, clock_at FROM games
             WHERE status = 'playing' AND time_control IS NOT NULL AND clock IS NOT NULL",
        )?;
        let rows = stmt
            .query_map([], |r| {
                Ok(ClockRow {
                    id: r.get(0)?,
                    time_control: r.get(1)?,
                    clock: r.get(2)?,
                    clock_at: r.get::<_, Option<i64>>(3)?.unwrap_or(0),
                })
            })?
            .collect::<rusqlite::Result<Vec<ClockRow>>>()?;
        Ok(rows)
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

/// Why a game's stored moves (`count` rows, the last numbered `max`) do not fit its stored
/// move count `plies`, if they do not.
fn moves_problem(plies: i64, count: i64, max: i64) -> Option<String> {
    if count != plies {
        Some(format!("{plies} moves recorded, {count} stored"))
    } else if max != count {
        Some(format!("its {count} moves are not numbered 1 to {count}"))
    } else {
        None
    }
}

fn pragma_rows(conn: &Connection, sql: &str) -> rusqlite::Result<Vec<String>> {
    let mut stmt = conn.prepare(sql)?;
    let rows = stmt.query_map([], |r| r.get::<_, String>(0))?;
    rows.collect()
}

/// What `PRAGMA quick_check` finds wrong (nothing when the file is sound). A file that is
/// not a database at all is one problem.
fn quick_check(conn: &Connection) -> rusqlite::Result<Vec<String>> {
    let mut problems = pragma_rows(conn, "PRAGMA quick_check(20)")?;
    problems.retain(|p| p != "ok");
    Ok(problems)
}

fn fail_all(n: usize, e: &rusqlite::Error) -> Vec<Result<()>> {
    // Keep SQLite's code (e.g. a full disk) for the callers.
    let code = match e {
        rusqlite::Error::SqliteFailure(f, _) => f.extended_code,
        _ => rusqlite::ffi::SQLITE_ERROR,
    };
    (0..n)
        .map(|_| {
            Err(Error::Sqlite(rusqlite::Error::SqliteFailure(
                rusqlite::ffi::Error::new(code),
                Some(format!("transaction failed: {e}")),
            )))
        })
        .collect()
}

fn apply_one(conn: &Connection, w: &Write) -> Result<()> {
    match w {
        Write::CreateRematch { of, game } => {
            apply_one(conn, &Write::Create(game.clone()))?;
            apply_one(
                conn,
                &Write::Rematch {
                    game: of.clone(),
                    new_game: game.id.clone(),
                },
            )?;
        }
        Write::SeatToken { game, seat, hash } => {
            let sql = if seat == "south" {
                "UPDATE games SET south_token = ?2 WHERE id = ?1"
            } else {
                "UPDATE games SET north_token = ?2 WHERE id = ?1"
            };
            update_game(conn, sql, params![game, hash], game)?
        }
        Write::Create(g) => {
            conn.prepare_cached(
                "INSERT INTO games (id, rules, preset, start, opponent, level, computer_seat,
                    south_token, north_token, south_joined, north_joined, resigned, status,
                    rematch, rematch_of, created_at, updated_at, plies, position, south_name,
                    north_name, time_control, rated, clock, clock_at, ended_by, ended_draw)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17,
                    ?18, ?19, ?20, ?21, ?22, ?23, ?24, ?25, ?26, ?27)",
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
                g.updated_at,
                g.moves.len() as i64,
                g.position,
                g.south_name,
                g.north_name,
                g.time_control,
                g.rated,
                g.clock,
                g.clock_at,
                g.ended_by,
                g.ended_draw
            ])?;
            let mut stmt = conn.prepare_cached(
                "INSERT INTO moves (game_id, ply, mv, at, comment) VALUES (?1, ?2, ?3, ?4, ?5)",
            )?;
            for (i, mv) in g.moves.iter().enumerate() {
                let comment = g.comments.get(i).cloned().flatten();
                stmt.execute(params![g.id, i as i64 + 1, mv, g.created_at, comment])?;
            }
        }
        Write::Move {
            game,
            ply,
            mv,
            status,
            at,
            position,
            comment,
        } => {
            conn.prepare_cached(
                "INSERT INTO moves (game_id, ply, mv, at, comment) VALUES (?1, ?2, ?3, ?4, ?5)",
            )?
            .execute(params![game, ply, mv, at, comment])?;
            update_game(
                conn,
                "UPDATE games SET status = ?2, updated_at = ?3, plies = ?4, position = ?5
                 WHERE id = ?1",
                params![game, status, at, ply, position],
                game,
            )?;
        }
        Write::Clocked {
            last,
            game,
            clock,
            at,
        } => {
            apply_one(conn, last)?;
            update_game(
                conn,
                "UPDATE games SET clock = ?2, clock_at = ?3 WHERE id = ?1",
                params![game, clock, at],
                game,
            )?;
        }
        Write::End {
            game,
            status,
            by,
            draw,
            at,
        } => update_game(
            conn,
            "UPDATE games SET status = ?2, ended_by = ?3, ended_draw = ?4, updated_at = ?5
             WHERE id = ?1 AND status = 'playing'",
            params![game, status, by, draw, at],
            game,
        )?,
        Write::Finish { last, rated } => {
            apply_one(conn, last)?;
            bots::rate(conn, rated)?;
        }
        Write::FinishPlayers { last, rated } => {
            apply_one(conn, last)?;
            ratings::rate(conn, rated)?;
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
