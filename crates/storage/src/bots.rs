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

/// The computer levels' fixed ratings (docs/levels.md, "Fixed ratings"): `beginner` at 800,
/// each level above it by the Elo difference measured in 200 games against the level below
/// (docs/levels.md, "Measured: every level beats the one below": +387, +288, +191, +123,
/// +129, +175). A level's rating is never updated by its games.
pub const LEVEL_RATINGS: [(&str, f64); 7] = [
    ("beginner", 800.0),
    ("novice", 1187.0),
    ("casual", 1475.0),
    ("club", 1666.0),
    ("expert", 1789.0),
    ("master", 1918.0),
    ("perfect", 2093.0),
];

/// The deviation a level is rated with: small, as for a player known well.
pub const LEVEL_DEVIATION: f64 = 30.0;

/// The fixed rating of a computer level's id (`level:NAME`); None for a bot. A level not in
/// [`LEVEL_RATINGS`] is held at 1500.
pub fn level_rating(id: &str) -> Option<Glicko> {
    let name = id.strip_prefix("level:")?;
    let rating = LEVEL_RATINGS
        .iter()
        .find(|(n, _)| *n == name)
        .map_or(1500.0, |(_, r)| *r);
    Some(Glicko {
        rating,
        deviation: LEVEL_DEVIATION,
        volatility: Glicko::default().volatility,
    })
}

const COLUMNS: &str =
    "id, name, authors, description, rating, deviation, volatility, wins, draws, losses";

fn bot_row(r: &Row) -> Result<BotRow> {
    let id: String = r.get(0)?;
    let stored = Glicko {
        rating: r.get(4)?,
        deviation: r.get(5)?,
        volatility: r.get(6)?,
    };
    Ok(BotRow {
        rating: level_rating(&id).unwrap_or(stored),
        id,
        name: r.get(1)?,
        authors: r.get(2)?,
        description: r.get(3)?,
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

/// Rated players that have played, best rating first, at most `limit`. The levels are
/// ranked by their fixed ratings, whatever a database of an older version stored for them.
pub(crate) fn leaderboard(conn: &Conn, limit: usize) -> Result<Vec<BotRow>> {
    let mut rows = conn
        .query(
            &format!(
                "SELECT {COLUMNS} FROM bots WHERE wins + draws + losses > 0
                 AND id NOT LIKE 'level:%' ORDER BY rating DESC, name LIMIT ?1"
            ),
            args![limit],
        )?
        .iter()
        .map(bot_row)
        .collect::<Result<Vec<_>>>()?;
    for r in conn
        .query(
            &format!(
                "SELECT {COLUMNS} FROM bots WHERE wins + draws + losses > 0
                 AND id LIKE 'level:%'"
            ),
            args![],
        )?
        .iter()
    {
        rows.push(bot_row(r)?);
    }
    rows.sort_by(|a, b| {
        b.rating
            .rating
            .total_cmp(&a.rating.rating)
            .then_with(|| a.name.cmp(&b.name))
    });
    rows.truncate(limit);
    Ok(rows)
}

/// Updates both players' ratings and results. A computer level (`level:NAME`) gets its row
/// on its first rated game; a bot must have been registered. A level plays at its fixed
/// rating ([`level_rating`]) and keeps it: only its wins, draws and losses are counted.
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
    // `find` gives a level its fixed rating, so a bot is rated against that.
    let after = |me: &BotRow, other: &BotRow, score: f64| {
        level_rating(&me.id).unwrap_or_else(|| me.rating.after_period(&[(other.rating, score)]))
    };
    let new_a = after(&a, &b, score_a);
    let new_b = after(&b, &a, 1.0 - score_a);
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
