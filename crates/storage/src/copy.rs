//! `kalah db migrate-to`: copies a SQLite database into PostgreSQL in one transaction, then
//! checks the copy (rows per table, and every game loaded from both sides and compared).

use crate::sql::{Conn, Value};
use crate::{Db, Error, Result};

/// Every table, parents before children (the order rows can be inserted in). A migration
/// that adds a table adds it here; a test checks that none is missing.
pub(crate) const TABLES: &[&str] = &[
    "players",
    "games",
    "moves",
    "jobs",
    "instances",
    "sessions",
    "bots",
    "player_ratings",
    "rating_history",
    "puzzle_ratings",
    "puzzle_attempts",
    // Positions of games still playing that no analysis may reveal, and the log-in and
    // sign-up budgets: both keep protecting after a move to PostgreSQL.
    "hidden_positions",
    "budget_spends",
];

/// Tables not copied: what running instances share about themselves (`cluster.rs`, never
/// written on SQLite) and the lobby, which lives only as long as its sockets; both are
/// meaningless once the servers stopped (a test checks every table is in one list or the
/// other).
#[cfg(test)]
pub(crate) const NOT_COPIED: &[&str] = &[
    "presence",
    "seat_left",
    "watch_games",
    "bots_online",
    "bot_challenges",
    "lobby_sockets",
    "lobby_offers",
];

/// Rows per statement when copying.
const CHUNK: usize = 200;

/// One table's rows in the source and in the copy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableCount {
    pub table: String,
    pub source: i64,
    pub target: i64,
}

/// What a copy found.
#[derive(Debug, Clone, Default)]
pub struct CopyReport {
    pub tables: Vec<TableCount>,
    /// Games loaded from the copy.
    pub games: usize,
    /// Each game that differs from its source, or that the checker refused, with why.
    pub problems: Vec<String>,
}

impl CopyReport {
    pub fn is_sound(&self) -> bool {
        self.problems.is_empty() && self.tables.iter().all(|t| t.source == t.target)
    }
}

impl Db {
    /// Rows in each table, in `TABLES` order.
    pub fn table_counts(&self) -> Result<Vec<(String, i64)>> {
        TABLES
            .iter()
            .map(|t| {
                let n = self
                    .conn
                    .query_opt(&format!("SELECT count(*) FROM {t}"), &[])?
                    .map_or(Ok(0), |r| r.get(0))?;
                Ok((t.to_string(), n))
            })
            .collect()
    }

    /// Copies this (SQLite) database into `target` (PostgreSQL) in one transaction. A
    /// target with rows is refused unless `replace`, which empties it first (in the same
    /// transaction). `progress` hears about each table. Then checks the copy: rows per
    /// table, and each game loaded from both databases, compared and given to `check_game`
    /// (which replays its moves through the rules).
    pub fn copy_into(
        &self,
        target: &mut Db,
        replace: bool,
        mut progress: impl FnMut(&str),
        mut check_game: impl FnMut(crate::GameRow) -> std::result::Result<(), String>,
    ) -> Result<CopyReport> {
        let Conn::Sqlite(src) = &self.conn else {
            return Err(Error::Unsupported(
                "the database to copy from must be a SQLite file".into(),
            ));
        };
        if !target.is_postgres() {
            return Err(Error::Unsupported(
                "the database to copy into must be PostgreSQL (postgres://...)".into(),
            ));
        }
        let existing: i64 = target.table_counts()?.iter().map(|t| t.1).sum();
        if existing > 0 && !replace {
            return Err(Error::Unsupported(format!(
                "the target database already holds {existing} rows; copy into an empty \
                 database, or add --replace to delete what it holds first"
            )));
        }
        target.conn.transaction(|dst| {
            if existing > 0 {
                progress(&format!("deleting the {existing} rows the target held"));
                dst.batch(&format!("TRUNCATE {} CASCADE", TABLES.join(", ")))?;
            }
            for table in TABLES {
                let n = copy_table(src, dst, table)?;
                progress(&format!("copied {table}: {n} rows"));
            }
            Ok(())
        })?;
        let mut report = CopyReport::default();
        let counts = self.table_counts()?.into_iter().zip(target.table_counts()?);
        for ((table, source), (_, copied)) in counts {
            report.tables.push(TableCount {
                table,
                source,
                target: copied,
            });
        }
        for id in self.game_ids()? {
            let (a, b) = (self.load(&id), target.load(&id));
            report.games += 1;
            match (a, b) {
                (Ok(Some(a)), Ok(Some(b))) if a == b => {
                    if let Err(why) = check_game(b) {
                        report.problems.push(format!("game {id}: {why}"));
                    }
                }
                (Ok(Some(_)), Ok(Some(_))) => report
                    .problems
                    .push(format!("game {id}: the copy differs from the source")),
                (_, Ok(None)) => report.problems.push(format!("game {id}: not copied")),
                (Err(e), _) | (_, Err(e)) => report.problems.push(format!("game {id}: {e}")),
                (Ok(None), _) => {}
            }
        }
        Ok(report)
    }
}

/// Copies one table, streaming its rows in chunks; answers how many.
fn copy_table(src: &rusqlite::Connection, dst: &Conn, table: &str) -> Result<u64> {
    let mut stmt = src.prepare(&format!("SELECT * FROM {table}"))?;
    let columns: Vec<String> = stmt.column_names().map(|c| c.to_string()).collect();
    let width = columns.len();
    let mut rows = stmt.query([])?;
    let mut chunk: Vec<Value> = Vec::with_capacity(CHUNK * width);
    let mut copied = 0;
    let flush = |chunk: &mut Vec<Value>| -> Result<u64> {
        if chunk.is_empty() {
            return Ok(0);
        }
        let n = chunk.len() / width;
        let values = (0..n)
            .map(|r| {
                let row = (0..width)
                    .map(|c| format!("?{}", r * width + c + 1))
                    .collect::<Vec<_>>()
                    .join(", ");
                format!("({row})")
            })
            .collect::<Vec<_>>()
            .join(", ");
        let sql = format!(
            "INSERT INTO {table} ({}) VALUES {values}",
            columns.join(", ")
        );
        dst.execute(&sql, chunk)?;
        chunk.clear();
        Ok(n as u64)
    };
    while let Some(r) = rows.next()? {
        for i in 0..width {
            chunk.push(crate::sql::sqlite_value(r.get_ref(i)?));
        }
        if chunk.len() >= CHUNK * width {
            copied += flush(&mut chunk)?;
        }
    }
    copied += flush(&mut chunk)?;
    Ok(copied)
}
