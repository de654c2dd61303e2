//! Storage for the Kalah server: games and their moves, players, ratings and rated bots, in
//! one SQLite file (the default) or in PostgreSQL (for deployments that already run one).
//!
//! Both backends run the same functions: each query is written once (see `sql.rs`), only
//! the schema is written twice (`migrations.rs`, `migrations_pg.rs`, same versions). The
//! schema is migrated on open.
//!
//! SQLite runs in WAL mode with `synchronous=FULL`: a commit is on disk when [`Db::apply`]
//! returns, so an acknowledged move survives a killed process and a power cut. The server
//! batches concurrent writes into one transaction (group commit) so the cost of the sync is
//! shared. PostgreSQL gives the same promise with its default `synchronous_commit=on`.
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
#![forbid(unsafe_code)]

mod bots;
mod budgets;
pub mod checkpoint;
pub mod cluster;
mod copy;
mod jobs;
mod liveness;
pub mod lobby;
mod lobby_shares;
mod location;
mod migrations;
mod migrations_pg;
pub mod notify;
mod pg;
mod players;
mod puzzles;
mod ratings;
mod sql;

pub use budgets::Spend;
pub use copy::{CopyReport, TableCount};
pub use jobs::{Job, JobKind, Lease, LeaseTimes};
pub use location::Location;
pub use pg::{on_blocking_thread, redact as redact_url};
pub use players::{PlayerRow, SessionRow, SignUp, DELETED_NAME, SESSIONS_PER_PLAYER};

pub use bots::{
    level_rating, BotGame, BotInfo, BotRow, GamesBefore, GamesOf, RatedGame, LEVEL_DEVIATION,
    LEVEL_RATINGS,
};
pub use cluster::{BotChallenge, Challenger, OnlineBotRow, SeatPresence, Swept};
pub use puzzles::{PuzzleAttempt, PuzzleRating, PuzzleTry};
pub use ratings::{PlayedGame, PlayersGame, PoolRating, Ranked, RatingPoint};

use rusqlite::Connection;
use sql::{args, Conn, Row};
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
    #[error("PostgreSQL error: {}", pg::message(.0))]
    Postgres(#[from] postgres::Error),
    #[error("cannot reach PostgreSQL at {target} ({why}); check that it is running and that the URL's host, port, user, password and database are right")]
    Unreachable { target: String, why: String },
    #[error("lost the connection to PostgreSQL at {target} ({why}); nothing of this request was saved, and the connection is opened again at the next one")]
    ConnectionLost { target: String, why: String },
    #[error("{url} is not a database URL ({why}); give sqlite:PATH or postgres://USER:PASSWORD@HOST:PORT/DATABASE")]
    BadUrl { url: String, why: String },
    #[error("a stored value is not what the schema says: {0}")]
    Value(String),
    #[error("{0}")]
    Unsupported(String),
    /// Another writer (another server on the same database) stored this ply first.
    #[error("game {game} has a move at ply {ply} already (another server took it first); reload the game")]
    PlyTaken { game: String, ply: u32 },
    #[error("the batch of writes was not saved: {0}")]
    BatchFailed(String),
    /// The game ended meanwhile (on another server, say): nothing more can be stored for it.
    #[error(
        "game {0} is over already (it ended meanwhile, perhaps on another server); reload the game"
    )]
    GameEnded(String),
    /// The job was done meanwhile (by another server), or a move since made it moot.
    #[error("the {kind} job of game {game} is done or gone already")]
    JobGone { game: String, kind: &'static str },
    /// The seek or challenge a new game was to take is gone (taken, cancelled or expired).
    #[error("lobby offer {0} is gone already (taken, cancelled or expired)")]
    OfferGone(i64),
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

    /// The database cannot be reached right now (PostgreSQL down or restarting): worth
    /// trying again in a moment.
    pub fn is_unavailable(&self) -> bool {
        matches!(
            self,
            Error::Unreachable { .. } | Error::ConnectionLost { .. }
        )
    }

    /// A UNIQUE or PRIMARY KEY constraint refused the write, on either backend.
    pub(crate) fn is_unique_violation(&self) -> bool {
        match self {
            Error::Sqlite(rusqlite::Error::SqliteFailure(f, _)) => {
                f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE
                    || f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_PRIMARYKEY
            }
            Error::Postgres(e) => e.code() == Some(&postgres::error::SqlState::UNIQUE_VIOLATION),
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
    /// Each start seat's rating id (a bot's id in `bots`, or `level:NAME`), for a KGP game
    /// between two rated players; both or neither.
    pub south_rated_id: Option<String>,
    pub north_rated_id: Option<String>,
    /// Each start seat's player (an account's or a guest's id), when a person signed in sits
    /// there: stored with the game, in the same step, so a game is never without its players.
    pub south_player: Option<String>,
    pub north_player: Option<String>,
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
            south_rated_id: None,
            north_rated_id: None,
            south_player: None,
            north_player: None,
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
    /// The game's move count.
    pub plies: u32,
}

/// SQLite statements kept prepared per connection.
const STATEMENTS_KEPT: usize = 256;

/// One piece of work of a batch ([`Db::apply_items`]).
pub enum Item {
    /// A game's write.
    Write(Write),
    /// A lobby transaction's statements; an error undoes them alone.
    Lobby(LobbyWork),
    /// A lobby transaction that may store games ([`lobby::Lobby::store`]: a pairing and the
    /// game it starts, in one step): its batch is synced as a game's write is.
    LobbyGames(LobbyWork),
    /// A new guest with its first session ([`Db::create_guest`]).
    Guest(Box<(PlayerRow, SessionRow)>),
}

/// The statements of a lobby transaction run in a batch ([`Item::Lobby`]).
pub type LobbyWork = Box<dyn FnOnce(&lobby::Lobby) -> Result<()> + Send>;

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
    /// The player of a seat (at the start) opened the game; `clock_at` when that started a
    /// friend game's clock again (its first-move deadline runs from the join).
    Joined {
        game: String,
        seat: String,
        clock_at: Option<i64>,
    },
    /// `last` (a move of a game between two people) with the positions no one may analyse
    /// while `game` is played ([`Db::live_game_hides`]): `passed`, where the move left it, is
    /// kept until the game ends; `reachable`, the positions it may reach next, replace the
    /// ones the last move stored.
    Hidden {
        last: Box<Write>,
        game: String,
        passed: String,
        reachable: Vec<String>,
    },
    /// `last` (a move or a creation) with what is due in `game` after it: its jobs are
    /// replaced by `jobs` in the same step (`jobs.rs`).
    Jobs {
        last: Box<Write>,
        game: String,
        jobs: Vec<Job>,
    },
    /// `last`, done as the job `(game, kind)` made at `ply`, in one step: refused
    /// ([`Error::JobGone`]) when that job is not there any more, so a job is done once.
    JobDone {
        last: Box<Write>,
        game: String,
        kind: JobKind,
        ply: u32,
    },
}

/// A connection to the games database: a SQLite file or a PostgreSQL database.
pub struct Db {
    conn: Conn,
    /// The instance locks of a SQLite database (`liveness.rs`).
    held: liveness::Held,
}

const GAME_COLUMNS: &str = "id, rules, preset, start, opponent, level, computer_seat,
    south_token, north_token, south_joined, north_joined, resigned, status, rematch,
    rematch_of, created_at, updated_at, plies, position, south_name, north_name,
    time_control, rated, clock, clock_at, ended_by, ended_draw, south_rated_id, north_rated_id,
    south_player, north_player";

impl Db {
    /// Opens the database at `location`: [`Db::open`] for a SQLite file,
    /// [`Db::open_postgres`] for PostgreSQL.
    pub fn connect(location: &Location) -> Result<Db> {
        match location {
            Location::Sqlite(path) => Db::open(path),
            Location::Postgres(url) => Db::open_postgres(url),
        }
    }

    /// Connects to PostgreSQL (`postgres://USER:PASSWORD@HOST:PORT/DATABASE`), trying a few
    /// times, and brings the schema up to date.
    pub fn open_postgres(url: &str) -> Result<Db> {
        let conn = Conn::Postgres(Box::new(pg::PgConn::open(url)?));
        migrations_pg::migrate(&conn)?;
        Ok(Db {
            conn,
            held: Default::default(),
        })
    }

    /// On PostgreSQL, the name this connection signs its news with (`notify::GameNews`), so
    /// the server that stored a change knows it when the news comes back.
    pub fn news_origin(&self) -> Option<String> {
        match &self.conn {
            Conn::Postgres(pg) => Some(pg.origin.clone()),
            Conn::Sqlite(_) => None,
        }
    }

    /// One more connection to a PostgreSQL database already opened (and migrated) with
    /// [`Db::open_postgres`], for reads beside the writer.
    pub fn open_postgres_reader(url: &str) -> Result<Db> {
        Ok(Db {
            conn: Conn::Postgres(Box::new(pg::PgConn::open(url)?)),
            held: Default::default(),
        })
    }

    /// Whether this is a PostgreSQL database.
    pub fn is_postgres(&self) -> bool {
        matches!(self.conn, Conn::Postgres(_))
    }

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
    /// quick check of `open`; SQLite only), then every stored game whose moves do not match
    /// its move count: nothing when the database is sound.
    pub fn check(&self) -> Result<Vec<String>> {
        let mut problems = match &self.conn {
            Conn::Sqlite(c) => pragma_rows(c, "PRAGMA integrity_check(100)")?,
            Conn::Postgres(_) => Vec::new(),
        };
        problems.retain(|p| p != "ok");
        let rows = self.conn.query(
            "SELECT g.id, g.plies, count(m.ply), coalesce(max(m.ply), 0)
             FROM games g LEFT JOIN moves m ON m.game_id = g.id GROUP BY g.id, g.plies",
            &[],
        )?;
        for row in rows {
            let id: String = row.get(0)?;
            if let Some(why) = moves_problem(row.get(1)?, row.get(2)?, row.get(3)?) {
                problems.push(format!("game {id}: {why}"));
            }
        }
        let orphans: i64 = self
            .conn
            .query_opt(
                "SELECT count(*) FROM moves WHERE game_id NOT IN (SELECT id FROM games)",
                &[],
            )?
            .map_or(Ok(0), |r| r.get(0))?;
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
            .query_opt(
                "SELECT 1 FROM games WHERE status = 'playing' AND opponent = 'friend'
                 AND position = ?1 AND plies > 0 LIMIT 1",
                args![position],
            )?
            .is_some())
    }

    /// Whether a game between two people that is being played has passed through
    /// `position` after its first move, or may reach it next (keys as [`Write::Hidden`]
    /// stored them).
    pub fn live_game_hides(&self, position: &str) -> Result<bool> {
        Ok(self
            .conn
            .query_opt(
                "SELECT 1 FROM hidden_positions h JOIN games g ON g.id = h.game_id
                 WHERE h.position = ?1 AND g.status = 'playing' LIMIT 1",
                args![position],
            )?
            .is_some())
    }

    /// Deletes the hidden positions of games no longer played; answers how many.
    pub fn forget_hidden_positions(&self) -> Result<u64> {
        self.conn.execute(
            "DELETE FROM hidden_positions WHERE game_id IN
                (SELECT id FROM games WHERE status <> 'playing')",
            &[],
        )
    }

    /// Ids of every stored game, oldest first.
    pub fn game_ids(&self) -> Result<Vec<String>> {
        self.conn
            .query("SELECT id FROM games ORDER BY created_at, id", &[])?
            .iter()
            .map(|r| r.get(0))
            .collect()
    }

    /// Copies the whole database into `dest` with SQLite's online backup, while other
    /// connections (a running server) go on reading and writing. The copy is one
    /// self-contained file (what the write-ahead log holds is in it): written to a
    /// temporary name next to `dest`, checked, then renamed. SQLite only: back up
    /// PostgreSQL with its own tools (`pg_dump`).
    pub fn backup(&self, dest: &Path) -> Result<()> {
        let Conn::Sqlite(conn) = &self.conn else {
            return Err(Error::Unsupported(
                "this database is in PostgreSQL: back it up with pg_dump (docs/deploy.md)".into(),
            ));
        };
        let tmp = dest.with_extension("backup-tmp");
        let _ = std::fs::remove_file(&tmp);
        {
            let mut out = Connection::open(&tmp)?;
            let backup = rusqlite::backup::Backup::new(conn, &mut out)?;
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
        // The server's batches give each lobby transaction a savepoint: its sub-journal (the
        // pages as they were before it) and temporary b-trees stay in memory, not in files.
        conn.pragma_update(None, "temp_store", "MEMORY")?;
        // A kept statement's plan does not depend on the values bound to it (the query
        // planner stability guarantee): otherwise SQLite compiles it again whenever a value
        // in a LIMIT, or one compared with a partial index's condition, changes, which was a
        // tenth of the writer's time when thousands of players joined at once.
        conn.set_db_config(
            rusqlite::config::DbConfig::SQLITE_DBCONFIG_ENABLE_QPSG,
            true,
        )?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        // Every statement the server runs stays prepared (rusqlite keeps 16 by default, fewer
        // than the lobby's, the games' and the sessions' statements together: past that,
        // each was parsed again at every use).
        conn.set_prepared_statement_cache_capacity(STATEMENTS_KEPT);
        migrations::migrate(&mut conn)?;
        Ok(Db {
            conn: Conn::Sqlite(conn),
            held: Default::default(),
        })
    }

    /// Hands the copying of the write-ahead log into the database file (the checkpoint) to
    /// another connection (`Checkpointer`), so the writer's commits do not pay for it. The
    /// writer checkpoints itself only if the log passes `backstop_pages` (4 KiB each), which
    /// bounds the log should the other connection fall behind. SQLite files only.
    pub fn checkpoint_elsewhere(&self, backstop_pages: u32) -> Result<()> {
        if let Conn::Sqlite(c) = &self.conn {
            c.pragma_update(None, "wal_autocheckpoint", backstop_pages)?;
        }
        Ok(())
    }

    /// The file of a SQLite database (none in memory or on PostgreSQL).
    pub fn sqlite_path(&self) -> Option<std::path::PathBuf> {
        match &self.conn {
            Conn::Sqlite(c) => c.path().filter(|p| !p.is_empty()).map(Into::into),
            Conn::Postgres(_) => None,
        }
    }

    /// The schema version (number of migrations applied).
    pub fn schema_version(&self) -> Result<i64> {
        match &self.conn {
            Conn::Sqlite(c) => Ok(c.pragma_query_value(None, "user_version", |r| r.get(0))?),
            Conn::Postgres(_) => migrations_pg::version(&self.conn),
        }
    }

    /// Applies the writes in one transaction, each in its own savepoint so one failing write
    /// does not undo the others. Returns one result per write; if the commit itself fails,
    /// every write fails.
    pub fn apply(&mut self, writes: Vec<Write>) -> Vec<Result<()>> {
        self.apply_items(writes.into_iter().map(Item::Write).collect())
    }

    /// Applies game writes and lobby transactions in one transaction, in their order (each
    /// sees the ones before it), each in its own savepoint so one failing item does not undo
    /// the others (group commit). Returns one result per item; if the commit itself fails,
    /// every item fails. The commit is synced to disk as every game write's is
    /// (`synchronous=FULL`) when any game write (or [`Item::LobbyGames`]) is in it, and not
    /// when it holds only lobby transactions, as a lone [`Db::lobby`] transaction is not: a
    /// lobby change that rides in a batch with a game's write is synced with it.
    pub fn apply_items(&mut self, items: Vec<Item>) -> Vec<Result<()>> {
        let n = items.len();
        let lobby_only = items.iter().all(|i| matches!(i, Item::Lobby(_)));
        let relaxed = lobby_only && !self.is_postgres();
        if relaxed {
            if let Err(e) = self.conn.batch("PRAGMA synchronous = NORMAL") {
                return fail_all(n, &e);
            }
        }
        let results = apply_in_one(&self.conn, items, lobby_only);
        if relaxed {
            if let Err(e) = self.conn.batch("PRAGMA synchronous = FULL") {
                // Committed, but the next game write would not be synced: refuse all.
                return fail_all(n, &e);
            }
        }
        results
    }

    /// One game with its moves, or `None` when there is no such game.
    pub fn load(&self, id: &str) -> Result<Option<GameRow>> {
        let Some(r) = self.conn.query_opt(
            &format!("SELECT {GAME_COLUMNS} FROM games WHERE id = ?1"),
            args![id],
        )?
        else {
            return Ok(None);
        };
        let mut row = game_row(&r)?;
        let plies: i64 = r.get(17)?;
        // Only the moves the row counts: on PostgreSQL each statement reads the latest
        // commit, so a move another instance stores between the two reads would otherwise
        // make a game look damaged (its moves one more than its plies).
        let moves = self
            .conn
            .query(
                "SELECT ply, mv, comment FROM moves WHERE game_id = ?1 AND ply <= ?2 ORDER BY ply",
                args![id, plies],
            )?
            .iter()
            .map(|r| {
                Ok((
                    r.get::<i64>(0)?,
                    r.get::<String>(1)?,
                    r.get::<Option<String>>(2)?,
                ))
            })
            .collect::<Result<Vec<_>>>()?;
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
        self.conn.transaction(|c| bots::register(c, info, at))
    }

    /// Whether a rated bot goes by `name` (its name is reserved for its token's holder).
    pub fn bot_name_taken(&self, name: &str) -> Result<bool> {
        bots::name_taken(&self.conn, name)
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
        self.conn
            .query(
                "SELECT id, time_control, clock, clock_at, plies FROM games
                 WHERE status = 'playing' AND time_control IS NOT NULL AND clock IS NOT NULL",
                &[],
            )?
            .iter()
            .map(|r| {
                Ok(ClockRow {
                    id: r.get(0)?,
                    time_control: r.get(1)?,
                    clock: r.get(2)?,
                    clock_at: r.get::<Option<i64>>(3)?.unwrap_or(0),
                    plies: u32::try_from(r.get::<i64>(4)?).unwrap_or(0),
                })
            })
            .collect()
    }

    /// Ids of the games still being played against the computer (to resume after a restart).
    pub fn playing_computer_games(&self) -> Result<Vec<String>> {
        self.conn
            .query(
                "SELECT id FROM games WHERE status = 'playing' AND opponent = 'computer'",
                &[],
            )?
            .iter()
            .map(|r| r.get(0))
            .collect()
    }
}

fn game_row(r: &Row) -> Result<GameRow> {
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
        south_rated_id: r.get(27)?,
        north_rated_id: r.get(28)?,
        south_player: r.get(29)?,
        north_player: r.get(30)?,
    })
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

/// One transaction of `items` (see [`Db::apply_items`]); `lobby_only`: not synced on
/// PostgreSQL (`synchronous_commit` off, as a lone lobby transaction).
fn apply_in_one(conn: &Conn, items: Vec<Item>, lobby_only: bool) -> Vec<Result<()>> {
    let n = items.len();
    if let Err(e) = conn.batch("BEGIN") {
        return fail_all(n, &e);
    }
    if lobby_only {
        if let Conn::Postgres(_) = conn {
            if let Err(e) = conn.batch("SET LOCAL synchronous_commit = off") {
                let _ = conn.batch("ROLLBACK");
                return fail_all(n, &e);
            }
        }
    }
    let mut results = Vec::with_capacity(n);
    for item in items {
        let r = (|| -> Result<()> {
            conn.batch("SAVEPOINT w")?;
            let done = match item {
                Item::Write(w) => apply_one(conn, &w).and_then(|()| announce(conn, &w)),
                Item::Lobby(f) => f(&lobby::Lobby {
                    conn,
                    synced: !lobby_only,
                }),
                Item::LobbyGames(f) => f(&lobby::Lobby { conn, synced: true }),
                Item::Guest(g) => players::insert_guest(conn, &g.0, &g.1),
            };
            match done {
                Ok(()) => conn.batch("RELEASE w"),
                Err(e) => {
                    if !conn.is_autocommit() {
                        conn.batch("ROLLBACK TO w; RELEASE w")?;
                    }
                    Err(e)
                }
            }
        })();
        if r.is_err() && conn.is_autocommit() {
            // Some errors (a full disk, out of memory, I/O; a lost PostgreSQL connection)
            // end the whole transaction: nothing of the batch is stored, and nothing more
            // may be written outside the transaction.
            let e = r.expect_err("checked");
            let _ = conn.batch("ROLLBACK");
            return fail_all(n, &e);
        }
        results.push(r);
    }
    match conn.batch("COMMIT") {
        Ok(()) => results,
        Err(e) => {
            let _ = conn.batch("ROLLBACK");
            fail_all(n, &e)
        }
    }
}

fn fail_all(n: usize, e: &Error) -> Vec<Result<()>> {
    (0..n).map(|_| Err(copy_error(e))).collect()
}

/// The same error again, for each write of a failed batch: SQLite's code is kept (e.g. a
/// full disk) and so is the kind of a PostgreSQL failure.
fn copy_error(e: &Error) -> Error {
    match e {
        Error::Sqlite(rusqlite::Error::SqliteFailure(f, msg)) => {
            Error::Sqlite(rusqlite::Error::SqliteFailure(
                rusqlite::ffi::Error::new(f.extended_code),
                Some(format!(
                    "transaction failed: {}",
                    msg.as_deref().unwrap_or("")
                )),
            ))
        }
        Error::Sqlite(e) => Error::Sqlite(rusqlite::Error::SqliteFailure(
            rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_ERROR),
            Some(format!("transaction failed: {e}")),
        )),
        Error::Unreachable { target, why } => Error::Unreachable {
            target: target.clone(),
            why: why.clone(),
        },
        Error::ConnectionLost { target, why } => Error::ConnectionLost {
            target: target.clone(),
            why: why.clone(),
        },
        e => Error::BatchFailed(e.to_string()),
    }
}

// Lock order on PostgreSQL: every write that touches a game's jobs does so before it
// touches the game's row, so a move, a flag fall and a resignation at the same moment wait
// for each other instead of deadlocking.
fn apply_one(conn: &Conn, w: &Write) -> Result<()> {
    match w {
        Write::Hidden {
            last,
            game,
            passed,
            reachable,
        } => {
            apply_one(conn, last)?;
            hide_positions(conn, game, passed, reachable)?;
        }
        Write::Jobs { last, game, jobs } => {
            if let Write::Create(_) | Write::CreateRematch { .. } = **last {
                // A new game's jobs need its row first (and nobody else can lock it yet).
                apply_one(conn, last)?;
                jobs::replace(conn, game, jobs)?;
            } else {
                jobs::replace(conn, game, jobs)?;
                apply_one(conn, last)?;
            }
        }
        Write::JobDone {
            last,
            game,
            kind,
            ply,
        } => {
            jobs::done(conn, game, *kind, *ply)?;
            apply_one(conn, last)?;
        }
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
            update_game(conn, sql, args![game, hash], game)?
        }
        Write::Create(g) => {
            conn.execute(
                "INSERT INTO games (id, rules, preset, start, opponent, level, computer_seat,
                    south_token, north_token, south_joined, north_joined, resigned, status,
                    rematch, rematch_of, created_at, updated_at, plies, position, south_name,
                    north_name, time_control, rated, clock, clock_at, ended_by, ended_draw,
                    south_rated_id, north_rated_id, south_player, north_player)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17,
                    ?18, ?19, ?20, ?21, ?22, ?23, ?24, ?25, ?26, ?27, ?28, ?29, ?30, ?31)",
                args![
                    &g.id,
                    &g.rules,
                    &g.preset,
                    &g.start,
                    &g.opponent,
                    &g.level,
                    &g.computer_seat,
                    &g.south_token,
                    &g.north_token,
                    g.south_joined,
                    g.north_joined,
                    &g.resigned,
                    &g.status,
                    &g.rematch,
                    &g.rematch_of,
                    g.created_at,
                    g.updated_at,
                    g.moves.len(),
                    &g.position,
                    &g.south_name,
                    &g.north_name,
                    &g.time_control,
                    g.rated,
                    &g.clock,
                    &g.clock_at,
                    &g.ended_by,
                    g.ended_draw,
                    &g.south_rated_id,
                    &g.north_rated_id,
                    &g.south_player,
                    &g.north_player
                ],
            )?;
            for (i, mv) in g.moves.iter().enumerate() {
                let comment = g.comments.get(i).cloned().flatten();
                conn.execute(
                    "INSERT INTO moves (game_id, ply, mv, at, comment) VALUES (?1, ?2, ?3, ?4, ?5)",
                    args![&g.id, i + 1, mv, g.created_at, comment],
                )?;
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
            if status != "playing" {
                // Nothing is due in a game this move ends.
                jobs::clear(conn, game)?;
            }
            // The (game, ply) key serialises moves across servers on one database: a
            // second insert of a ply is refused, never stored over the first.
            conn.execute(
                "INSERT INTO moves (game_id, ply, mv, at, comment) VALUES (?1, ?2, ?3, ?4, ?5)",
                args![game, ply, mv, at, comment],
            )
            .map_err(|e| match e.is_unique_violation() {
                true => Error::PlyTaken {
                    game: game.clone(),
                    ply: *ply,
                },
                false => e,
            })?;
            // A game another server ended meanwhile (a flag fall) takes no more moves.
            update_playing(
                conn,
                "UPDATE games SET status = ?2, updated_at = ?3, plies = ?4, position = ?5
                 WHERE id = ?1 AND status = 'playing'",
                args![game, status, at, ply, position],
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
                args![game, clock, at],
                game,
            )?;
        }
        Write::End {
            game,
            status,
            by,
            draw,
            at,
        } => {
            jobs::clear(conn, game)?;
            // Once: a game that ended meanwhile (on another server) is not ended again, so
            // neither is its rating updated again (the update goes in the same step).
            update_playing(
                conn,
                "UPDATE games SET status = ?2, ended_by = ?3, ended_draw = ?4, updated_at = ?5
                 WHERE id = ?1 AND status = 'playing'",
                args![game, status, by, draw, at],
                game,
            )?
        }
        Write::Finish { last, rated } => {
            apply_one(conn, last)?;
            bots::rate(conn, rated)?;
        }
        Write::FinishPlayers { last, rated } => {
            apply_one(conn, last)?;
            ratings::rate(conn, rated)?;
        }
        Write::Resign { game, side, at } => {
            jobs::clear(conn, game)?;
            update_playing(
                conn,
                "UPDATE games SET resigned = ?2, status = 'resigned', updated_at = ?3
                 WHERE id = ?1 AND status = 'playing'",
                args![game, side, at],
                game,
            )?
        }
        Write::Rematch { game, new_game } => update_game(
            conn,
            "UPDATE games SET rematch = ?2 WHERE id = ?1",
            args![game, new_game],
            game,
        )?,
        Write::Joined {
            game,
            seat,
            clock_at,
        } => {
            let sql = if seat == "south" {
                "UPDATE games SET south_joined = TRUE, clock_at = COALESCE(?2, clock_at) WHERE id = ?1"
            } else {
                "UPDATE games SET north_joined = TRUE, clock_at = COALESCE(?2, clock_at) WHERE id = ?1"
            };
            update_game(conn, sql, args![game, clock_at], game)?
        }
    }
    Ok(())
}

/// On PostgreSQL, tells the other servers on the database of the change `w` made to a game
/// they may hold in memory, in `w`'s own transaction (and savepoint): delivered when it
/// commits, never for a write that was refused.
fn announce(conn: &Conn, w: &Write) -> Result<()> {
    let Conn::Postgres(pg) = conn else {
        return Ok(());
    };
    let Some((game, ply)) = news_of(w) else {
        return Ok(());
    };
    conn.execute(
        "SELECT pg_notify(?1, ?2)",
        args![
            notify::CHANNEL,
            notify::GameNews::payload(game, ply, &pg.origin)
        ],
    )?;
    Ok(())
}

/// Stores what a move of `game` hides from analysis (see [`Write::Hidden`]).
fn hide_positions(conn: &Conn, game: &str, passed: &str, reachable: &[String]) -> Result<()> {
    conn.execute(
        "DELETE FROM hidden_positions WHERE game_id = ?1 AND passed = FALSE",
        args![game],
    )?;
    conn.execute(
        "INSERT INTO hidden_positions (position, game_id, passed) VALUES (?1, ?2, TRUE)
         ON CONFLICT (position, game_id) DO UPDATE SET passed = TRUE",
        args![passed, game],
    )?;
    // One statement per hundred positions: on PostgreSQL each statement is a round trip.
    for chunk in reachable.chunks(100) {
        let rows: Vec<String> = (0..chunk.len())
            .map(|i| format!("(?{}, ?1, FALSE)", i + 2))
            .collect();
        let sql = format!(
            "INSERT INTO hidden_positions (position, game_id, passed) VALUES {}
             ON CONFLICT (position, game_id) DO NOTHING",
            rows.join(", ")
        );
        let mut values = vec![sql::Value::from(game)];
        values.extend(chunk.iter().map(|p| sql::Value::from(p.as_str())));
        conn.execute(&sql, &values)?;
    }
    Ok(())
}

/// The game a write changes and, for a move, its ply: None for a new game (nobody holds it).
fn news_of(w: &Write) -> Option<(&str, Option<u32>)> {
    match w {
        Write::Create(_) => None,
        Write::Move { game, ply, .. } => Some((game, Some(*ply))),
        Write::Clocked { last, .. }
        | Write::Finish { last, .. }
        | Write::FinishPlayers { last, .. }
        | Write::Jobs { last, .. }
        | Write::JobDone { last, .. }
        | Write::Hidden { last, .. } => news_of(last),
        Write::CreateRematch { of, .. } => Some((of, None)),
        Write::Resign { game, .. }
        | Write::Rematch { game, .. }
        | Write::SeatToken { game, .. }
        | Write::End { game, .. }
        | Write::Joined { game, .. } => Some((game, None)),
    }
}

/// [`update_game`] for an update that holds only while the game is being played:
/// [`Error::GameEnded`] when it exists but is over.
fn update_playing(conn: &Conn, sql: &str, args: &[sql::Value], id: &str) -> Result<()> {
    if conn.execute(sql, args)? > 0 {
        return Ok(());
    }
    match conn.query_opt("SELECT 1 FROM games WHERE id = ?1", args![id])? {
        Some(_) => Err(Error::GameEnded(id.to_string())),
        None => Err(Error::NoGame(id.to_string())),
    }
}

fn update_game(conn: &Conn, sql: &str, args: &[sql::Value], id: &str) -> Result<()> {
    if conn.execute(sql, args)? == 0 {
        return Err(Error::NoGame(id.to_string()));
    }
    Ok(())
}

#[cfg(test)]
#[macro_use]
mod tests;

#[cfg(test)]
mod jobs_tests;

#[cfg(test)]
mod cluster_tests;
#[cfg(test)]
mod lobby_tests;
