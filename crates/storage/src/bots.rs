//! Bots with an identity (a token, kept as its hash) and the computer levels they meet, with
//! their Glicko-2 ratings (`kalah_match::glicko`, one game a rating period, as lichess does)
//! and their wins, draws and losses.

use crate::sql::{args, Conn, Row};
use crate::{Error, Result};
use kalah_match::glicko::Glicko;

/// A rated player as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct BotRow {
    /// SHA-256 (hex) of the bot's token, or `level:NAME` for a computer level. Never shown.
    pub id: String,
    pub name: String,
    pub authors: Option<String>,
    pub description: Option<String>,
    pub rating: Glicko,
    pub wins: i64,
    pub draws: i64,
    pub losses: i64,
}

impl BotRow {
    pub fn games(&self) -> i64 {
        self.wins + self.draws + self.losses
    }
}

/// What a bot says about itself when it connects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BotInfo {
    pub id: String,
    pub name: String,
    pub authors: Option<String>,
    pub description: Option<String>,
}

/// A finished game between two rated players: their ids and the first one's score (1, 0.5
/// or 0).
#[derive(Debug, Clone, PartialEq)]
pub struct RatedGame {
    pub a: String,
    pub b: String,
    pub score_a: f64,
    pub at: i64,
}

const COLUMNS: &str =
    "id, name, authors, description, rating, deviation, volatility, wins, draws, losses";

fn bot_row(r: &Row) -> Result<BotRow> {
    Ok(BotRow {
        id: r.get(0)?,
        name: r.get(1)?,
        authors: r.get(2)?,
        description: r.get(3)?,
        rating: Glicko {
            rating: r.get(4)?,
            deviation: r.get(5)?,
            volatility: r.get(6)?,
        },
        wins: r.get(7)?,
        draws: r.get(8)?,
        losses: r.get(9)?,
    })
}

/// Creates the bot or updates what it says about itself; its name must not be another
/// bot's ([`Error::NameTaken`]).
pub(crate) fn register(conn: &Conn, info: &BotInfo, at: i64) -> Result<BotRow> {
    conn.execute(
        "INSERT INTO bots (id, name, authors, description, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?5)
         ON CONFLICT(id) DO UPDATE SET name = excluded.name, authors = excluded.authors,
            description = excluded.description, updated_at = excluded.updated_at",
        args![&info.id, &info.name, &info.authors, &info.description, at],
    )
    .map_err(|e| {
        if e.is_unique_violation() {
            Error::NameTaken(info.name.clone())
        } else {
            e
        }
    })?;
    find(conn, &info.id)?.ok_or_else(|| Error::NoBot(info.id.clone()))
}

/// Whether a rated bot (not a computer level) goes by `name`.
pub(crate) fn name_taken(conn: &Conn, name: &str) -> Result<bool> {
    Ok(conn
        .query_opt("SELECT 1 FROM bots WHERE name = ?1", args![name])?
        .is_some())
}

pub(crate) fn find(conn: &Conn, id: &str) -> Result<Option<BotRow>> {
    conn.query_opt(
        &format!("SELECT {COLUMNS} FROM bots WHERE id = ?1"),
        args![id],
    )?
    .as_ref()
    .map(bot_row)
    .transpose()
}

/// Rated players that have played, best rating first, at most `limit`.
pub(crate) fn leaderboard(conn: &Conn, limit: usize) -> Result<Vec<BotRow>> {
    conn.query(
        &format!(
            "SELECT {COLUMNS} FROM bots WHERE wins + draws + losses > 0
             ORDER BY rating DESC, name LIMIT ?1"
        ),
        args![limit],
    )?
    .iter()
    .map(bot_row)
    .collect()
}

/// Updates both players' ratings and results. A computer level (`level:NAME`) gets its row
/// on its first rated game; a bot must have been registered.
pub(crate) fn rate(conn: &Conn, game: &RatedGame) -> Result<()> {
    if game.a == game.b {
        return Ok(());
    }
    for id in [&game.a, &game.b] {
        if let Some(name) = id.strip_prefix("level:") {
            conn.execute(
                "INSERT INTO bots (id, name, created_at, updated_at) VALUES (?1, ?2, ?3, ?3)
                 ON CONFLICT DO NOTHING",
                args![id, format!("level:{name}"), game.at],
            )?;
        }
    }
    let a = find(conn, &game.a)?.ok_or_else(|| Error::NoBot(game.a.clone()))?;
    let b = find(conn, &game.b)?.ok_or_else(|| Error::NoBot(game.b.clone()))?;
    let score_a = game.score_a.clamp(0.0, 1.0);
    let new_a = a.rating.after_period(&[(b.rating, score_a)]);
    let new_b = b.rating.after_period(&[(a.rating, 1.0 - score_a)]);
    for (row, new, score) in [(&a, new_a, score_a), (&b, new_b, 1.0 - score_a)] {
        let (w, d, l): (i64, i64, i64) = if score > 0.5 {
            (1, 0, 0)
        } else if score < 0.5 {
            (0, 0, 1)
        } else {
            (0, 1, 0)
        };
        conn.execute(
            "UPDATE bots SET rating = ?2, deviation = ?3, volatility = ?4, wins = wins + ?5,
                draws = draws + ?6, losses = losses + ?7, updated_at = ?8 WHERE id = ?1",
            args![
                &row.id,
                new.rating,
                new.deviation,
                new.volatility,
                w,
                d,
                l,
                game.at
            ],
        )?;
    }
    Ok(())
}
