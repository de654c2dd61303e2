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

/// The computer levels' fixed ratings (docs/levels.md, "Fixed ratings"): the rating table
/// of a `kalah tournament` round-robin of the seven levels, 200 games a pair on a quiet
/// machine, shifted so that `beginner` is at 800. A level's rating is never updated by its
/// games.
pub const LEVEL_RATINGS: [(&str, f64); 7] = [
    ("beginner", 800.0),
    ("novice", 1174.0),
    ("casual", 1397.0),
    ("club", 1576.0),
    ("expert", 1685.0),
    ("master", 1786.0),
    ("perfect", 1934.0),
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

/// The rated player (a bot or a computer level's row, `level:NAME`) named `name`.
pub(crate) fn by_name(conn: &Conn, name: &str) -> Result<Option<BotRow>> {
    conn.query_opt(
        &format!("SELECT {COLUMNS} FROM bots WHERE name = ?1"),
        args![name],
    )?
    .as_ref()
    .map(bot_row)
    .transpose()
}

/// Whom a bot's page lists the games of: the games rated under `rated_id` (a bot's id or
/// `level:NAME`), and the unrated KGP games whose seat is named `name` (a rated bot's games
/// against people and unrated bots, an unrated bot's games, a level's unrated games as
/// `Computer (NAME)`). `level` says whether the player is a computer level: a level's seat is
/// the game's computer seat, a bot's is not (so a bot calling itself `Computer (club)` is
/// not the level).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GamesOf {
    pub name: String,
    pub rated_id: Option<String>,
    pub level: bool,
}

/// One game on a bot's page, seen from the bot's start seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BotGame {
    pub id: String,
    /// The bot's start seat: `south` or `north`.
    pub seat: String,
    /// The other seat's name (a bot's, `Computer (LEVEL)`; none for a person).
    pub opponent_name: Option<String>,
    /// The other seat's rating id, in a rated game.
    pub opponent_rated_id: Option<String>,
    /// The other seat's player (an account or a guest), when a person sat there.
    pub opponent_player: Option<String>,
    /// Whether the other seat was the computer (a level).
    pub opponent_level: bool,
    pub rules: String,
    pub status: String,
    pub rated: bool,
    pub created_at: i64,
    pub updated_at: i64,
}

/// A page of a bot's games starts after this game: the games created before it (its time,
/// then its id, for games created in the same millisecond).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GamesBefore {
    pub created_at: i64,
    pub id: String,
}

/// At most `limit` games of `of`, newest first, created before `before` (none: from the
/// newest). Four index walks of at most `limit` rows each (migration 14), whatever the
/// number of games stored.
pub(crate) fn games_of(
    conn: &Conn,
    of: &GamesOf,
    before: Option<&GamesBefore>,
    limit: usize,
) -> Result<Vec<BotGame>> {
    let (at, id) = before.map_or((i64::MAX, ""), |b| (b.created_at, b.id.as_str()));
    let mut games = Vec::new();
    for (seat, other) in [("south", "north"), ("north", "south")] {
        let columns = format!(
            "id, '{seat}', {other}_name, {other}_rated_id, {other}_player,
             computer_seat = '{other}', rules, status, rated, created_at, updated_at"
        );
        let page = "(created_at < ?2 OR (created_at = ?2 AND id < ?3))
             ORDER BY created_at DESC, id DESC LIMIT ?4";
        let mut queries = Vec::new();
        if let Some(rid) = &of.rated_id {
            queries.push((
                format!("SELECT {columns} FROM games WHERE {seat}_rated_id = ?1 AND {page}"),
                rid.as_str(),
            ));
        }
        // A level sits in the computer seat; a bot never does.
        let whose = if of.level {
            format!("computer_seat = '{seat}'")
        } else {
            format!("(computer_seat IS NULL OR computer_seat <> '{seat}')")
        };
        queries.push((
            format!(
                "SELECT {columns} FROM games WHERE {seat}_name = ?1 AND opponent = 'kgp'
                 AND {seat}_rated_id IS NULL AND {whose} AND {page}"
            ),
            of.name.as_str(),
        ));
        for (sql, key) in queries {
            for r in conn.query(&sql, args![key, at, id, limit])?.iter() {
                games.push(BotGame {
                    id: r.get(0)?,
                    seat: r.get(1)?,
                    opponent_name: r.get(2)?,
                    opponent_rated_id: r.get(3)?,
                    opponent_player: r.get(4)?,
                    opponent_level: r.get::<Option<bool>>(5)?.unwrap_or(false),
                    rules: r.get(6)?,
                    status: r.get(7)?,
                    rated: r.get(8)?,
                    created_at: r.get(9)?,
                    updated_at: r.get(10)?,
                });
            }
        }
    }
    games.sort_by(|a, b| (b.created_at, &b.id, &b.seat).cmp(&(a.created_at, &a.id, &a.seat)));
    games.truncate(limit);
    Ok(games)
}

/// When game `id` was created, for a page of games that starts after it.
pub(crate) fn before_game(conn: &Conn, id: &str) -> Result<Option<GamesBefore>> {
    conn.query_opt("SELECT created_at FROM games WHERE id = ?1", args![id])?
        .map(|r| {
            Ok(GamesBefore {
                created_at: r.get(0)?,
                id: id.to_string(),
            })
        })
        .transpose()
}

impl crate::Db {
    /// The rated player (bot, or a level's row `level:NAME`) named `name`, if there is one.
    pub fn bot_named(&self, name: &str) -> Result<Option<BotRow>> {
        by_name(&self.conn, name)
    }

    /// At most `limit` games of the bot `of`, newest first, created before `before`.
    pub fn bot_games(
        &self,
        of: &GamesOf,
        before: Option<&GamesBefore>,
        limit: usize,
    ) -> Result<Vec<BotGame>> {
        games_of(&self.conn, of, before, limit)
    }

    /// Where a page of games after game `id` starts; None when there is no such game.
    pub fn games_before(&self, id: &str) -> Result<Option<GamesBefore>> {
        before_game(&self.conn, id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Db, GameRow, Write};

    fn kgp(id: &str, at: i64, south: Option<&str>, north: Option<&str>) -> GameRow {
        let mut g = GameRow::new(
            id,
            "houses=6 seeds=4",
            "<6,0,0,4,4,4,4,4,4,4,4,4,4,4,4> S",
            "kgp",
            at,
        );
        g.south_name = south.map(str::to_string);
        g.north_name = north.map(str::to_string);
        g
    }

    fn ids(games: &[BotGame]) -> Vec<(&str, &str)> {
        games
            .iter()
            .map(|g| (g.id.as_str(), g.seat.as_str()))
            .collect()
    }

    fn a_bots_games_are_found_by_rating_id_and_by_name(mut db: Db) {
        let mut rated = kgp("g1", 10, Some("alpha"), Some("Computer (club)"));
        rated.south_rated_id = Some("hash-of-alpha".into());
        rated.north_rated_id = Some("level:club".into());
        rated.computer_seat = Some("north".into());
        rated.rated = true;
        let mut person = kgp("g2", 20, None, Some("alpha"));
        person.south_player = Some("p1".into());
        // A bot that calls itself as a level does is not the level.
        let impostor = kgp("g3", 30, Some("Computer (club)"), Some("zeta"));
        let mut level = kgp("g4", 40, Some("Computer (club)"), Some("zeta"));
        level.computer_seat = Some("south".into());
        // A game between people with a name at a seat is no bot's.
        let mut friend = kgp("g5", 50, Some("alpha"), None);
        friend.opponent = "friend".into();
        // Renamed since: found by its rating id.
        let mut renamed = kgp("g6", 60, Some("alpha-old"), Some("beta"));
        renamed.south_rated_id = Some("hash-of-alpha".into());
        renamed.north_rated_id = Some("hash-of-beta".into());
        let writes = [rated, person, impostor, level, friend, renamed]
            .into_iter()
            .map(|g| Write::Create(Box::new(g)))
            .collect();
        assert!(db.apply(writes).iter().all(Result::is_ok));

        let alpha = GamesOf {
            name: "alpha".into(),
            rated_id: Some("hash-of-alpha".into()),
            level: false,
        };
        let all = db.bot_games(&alpha, None, 10).unwrap();
        assert_eq!(
            ids(&all),
            [("g6", "south"), ("g2", "north"), ("g1", "south")]
        );
        let g1 = &all[2];
        assert_eq!(
            (
                g1.opponent_name.as_deref(),
                g1.opponent_rated_id.as_deref(),
                g1.opponent_level,
                g1.rated
            ),
            (Some("Computer (club)"), Some("level:club"), true, true)
        );
        assert_eq!(all[1].opponent_player.as_deref(), Some("p1"));
        assert!(!all[1].opponent_level && !all[1].rated);
        // Pages: two, then the one after the second.
        let first = db.bot_games(&alpha, None, 2).unwrap();
        assert_eq!(ids(&first), [("g6", "south"), ("g2", "north")]);
        let after = db.games_before("g2").unwrap().unwrap();
        assert_eq!(after.created_at, 20);
        let rest = db.bot_games(&alpha, Some(&after), 2).unwrap();
        assert_eq!(ids(&rest), [("g1", "south")]);
        assert_eq!(db.games_before("nothing").unwrap(), None);

        let club = GamesOf {
            name: "Computer (club)".into(),
            rated_id: Some("level:club".into()),
            level: true,
        };
        let games = db.bot_games(&club, None, 10).unwrap();
        assert_eq!(ids(&games), [("g4", "south"), ("g1", "north")]);
        let impostor = GamesOf {
            name: "Computer (club)".into(),
            rated_id: None,
            level: false,
        };
        let games = db.bot_games(&impostor, None, 10).unwrap();
        assert_eq!(ids(&games), [("g3", "south")]);
        assert!(!games[0].opponent_level);
        let nobody = GamesOf {
            name: "nobody".into(),
            rated_id: None,
            level: false,
        };
        assert!(db.bot_games(&nobody, None, 10).unwrap().is_empty());

        assert_eq!(db.bot_named("alpha").unwrap(), None);
        let info = BotInfo {
            id: "hash-of-alpha".into(),
            name: "alpha".into(),
            authors: Some("A. Uthor".into()),
            description: None,
        };
        db.register_bot(&info, 70).unwrap();
        let row = db.bot_named("alpha").unwrap().unwrap();
        assert_eq!(
            (row.id.as_str(), row.authors.as_deref()),
            ("hash-of-alpha", Some("A. Uthor"))
        );
    }

    #[test]
    fn a_bots_games_are_found_by_rating_id_and_by_name_on_sqlite() {
        a_bots_games_are_found_by_rating_id_and_by_name(Db::open_in_memory().unwrap());
    }

    #[test]
    fn a_bots_games_are_found_by_rating_id_and_by_name_on_postgres() {
        if let Some(db) = crate::tests::pg_db() {
            a_bots_games_are_found_by_rating_id_and_by_name(db);
        }
    }

    /// Each of the page's queries walks an index of migration 14, not the games table.
    #[test]
    fn a_bots_games_are_read_through_indexes() {
        let db = Db::open_in_memory().unwrap();
        let crate::sql::Conn::Sqlite(c) = &db.conn else {
            unreachable!()
        };
        for (query, index) in [
            (
                "SELECT id FROM games WHERE south_rated_id = 'x' AND
                 (created_at < 5 OR (created_at = 5 AND id < 'a'))
                 ORDER BY created_at DESC, id DESC LIMIT 20",
                "games_south_rated_id",
            ),
            (
                "SELECT id FROM games WHERE north_name = 'x' AND opponent = 'kgp'
                 AND north_rated_id IS NULL AND computer_seat = 'north' AND
                 (created_at < 5 OR (created_at = 5 AND id < 'a'))
                 ORDER BY created_at DESC, id DESC LIMIT 20",
                "games_kgp_north_name",
            ),
        ] {
            let plan: Vec<String> = c
                .prepare(&format!("EXPLAIN QUERY PLAN {query}"))
                .unwrap()
                .query_map([], |r| r.get::<_, String>(3))
                .unwrap()
                .collect::<rusqlite::Result<_>>()
                .unwrap();
            let plan = plan.join("; ");
            assert!(plan.contains(index), "{plan}");
            assert!(!plan.contains("TEMP B-TREE"), "sorted by the index: {plan}");
        }
    }
}
