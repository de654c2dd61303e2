//! Glicko-2 ratings of people (accounts), one per rating pool (a rules family and a time
//! category, named like `kalah-6-4/blitz`), and one history row per rated game and player.
//!
//! A rating period is one game, as for the bots (`kalah_match::glicko`). A game counts only
//! when it is flagged rated (`games.rated`) and both start seats are accounts: that is
//! checked here, in the transaction that stores the game's last write, so a finished rated
//! game is never stored without its rating update.

use crate::sql::{args, Conn, Row};
use crate::{Db, Result};
use kalah_match::glicko::Glicko;

/// The end of a game between people: the pool it counts in, if it is rated, and the score
/// of the player of the start seat south (1, 0.5 or 0).
#[derive(Debug, Clone, PartialEq)]
pub struct PlayersGame {
    pub game: String,
    pub pool: String,
    pub score_south: f64,
    pub at: i64,
}

/// A player's rating in one pool.
#[derive(Debug, Clone, PartialEq)]
pub struct PoolRating {
    pub pool: String,
    pub rating: Glicko,
    pub wins: i64,
    pub draws: i64,
    pub losses: i64,
}

impl PoolRating {
    pub fn games(&self) -> i64 {
        self.wins + self.draws + self.losses
    }
}

/// One rated game of one player: the rating before and after it.
#[derive(Debug, Clone, PartialEq)]
pub struct RatingPoint {
    pub game: String,
    pub pool: String,
    /// The player's start seat (`south` or `north`).
    pub seat: String,
    pub at: i64,
    pub before: Glicko,
    pub after: Glicko,
}

/// An account on a pool's leaderboard.
#[derive(Debug, Clone, PartialEq)]
pub struct Ranked {
    pub name: String,
    pub rating: PoolRating,
}

/// A game a player sat in, for their page.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayedGame {
    pub id: String,
    /// The player's start seat.
    pub seat: String,
    pub opponent_kind: String,
    /// The name at the other start seat, when one is stored.
    pub opponent_name: Option<String>,
    /// The other start seat's player id, when it is a player (to link to their page).
    pub opponent_player: Option<String>,
    pub rules: String,
    pub status: String,
    pub rated: bool,
    pub created_at: i64,
    pub updated_at: i64,
}

fn pool_rating(r: &Row, first: usize) -> Result<PoolRating> {
    Ok(PoolRating {
        pool: r.get(first)?,
        rating: Glicko {
            rating: r.get(first + 1)?,
            deviation: r.get(first + 2)?,
            volatility: r.get(first + 3)?,
        },
        wins: r.get(first + 4)?,
        draws: r.get(first + 5)?,
        losses: r.get(first + 6)?,
    })
}

const POOL_COLUMNS: &str = "pool, rating, deviation, volatility, wins, draws, losses";

fn find(conn: &Conn, player: &str, pool: &str) -> Result<Glicko> {
    match conn.query_opt(
        "SELECT rating, deviation, volatility FROM player_ratings
         WHERE player_id = ?1 AND pool = ?2",
        args![player, pool],
    )? {
        Some(r) => Ok(Glicko {
            rating: r.get(0)?,
            deviation: r.get(1)?,
            volatility: r.get(2)?,
        }),
        None => Ok(Glicko::default()),
    }
}

/// Rates the game if it is flagged rated and both start seats are (distinct) accounts;
/// does nothing otherwise. Runs inside the transaction of the game's last write.
pub(crate) fn rate(conn: &Conn, g: &PlayersGame) -> Result<()> {
    let seats = conn
        .query_opt(
            "SELECT south_player, north_player, rated FROM games WHERE id = ?1",
            args![&g.game],
        )?
        .map(|r| {
            Ok::<_, crate::Error>((
                r.get::<Option<String>>(0)?,
                r.get::<Option<String>>(1)?,
                r.get::<bool>(2)?,
            ))
        })
        .transpose()?;
    let Some((Some(south), Some(north), true)) = seats else {
        return Ok(());
    };
    let accounts: i64 = conn
        .query_opt(
            "SELECT count(*) FROM players WHERE id IN (?1, ?2) AND password IS NOT NULL",
            args![&south, &north],
        )?
        .map_or(Ok(0), |r| r.get(0))?;
    if south == north || accounts != 2 {
        return Ok(());
    }
    let score = g.score_south.clamp(0.0, 1.0);
    let (a, b) = (find(conn, &south, &g.pool)?, find(conn, &north, &g.pool)?);
    let new_a = a.after_period(&[(b, score)]);
    let new_b = b.after_period(&[(a, 1.0 - score)]);
    for (id, seat, before, after, s) in [
        (&south, "south", a, new_a, score),
        (&north, "north", b, new_b, 1.0 - score),
    ] {
        let (w, d, l): (i64, i64, i64) = if s > 0.5 {
            (1, 0, 0)
        } else if s < 0.5 {
            (0, 0, 1)
        } else {
            (0, 1, 0)
        };
        conn.execute(
            "INSERT INTO player_ratings (player_id, pool, rating, deviation, volatility, wins,
                draws, losses, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
             ON CONFLICT(player_id, pool) DO UPDATE SET rating = excluded.rating,
                deviation = excluded.deviation, volatility = excluded.volatility,
                wins = player_ratings.wins + excluded.wins,
                draws = player_ratings.draws + excluded.draws,
                losses = player_ratings.losses + excluded.losses,
                updated_at = excluded.updated_at",
            args![
                id,
                &g.pool,
                after.rating,
                after.deviation,
                after.volatility,
                w,
                d,
                l,
                g.at
            ],
        )?;
        conn.execute(
            "INSERT INTO rating_history (game_id, player_id, seat, pool, at, before_rating,
                before_deviation, before_volatility, after_rating, after_deviation,
                after_volatility) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
            args![
                &g.game,
                id,
                seat,
                &g.pool,
                g.at,
                before.rating,
                before.deviation,
                before.volatility,
                after.rating,
                after.deviation,
                after.volatility
            ],
        )?;
    }
    Ok(())
}

fn point(r: &Row) -> Result<RatingPoint> {
    let g = |i: usize| -> Result<Glicko> {
        Ok(Glicko {
            rating: r.get(i)?,
            deviation: r.get(i + 1)?,
            volatility: r.get(i + 2)?,
        })
    };
    Ok(RatingPoint {
        game: r.get(0)?,
        pool: r.get(1)?,
        seat: r.get(2)?,
        at: r.get(3)?,
        before: g(4)?,
        after: g(7)?,
    })
}

const POINT_COLUMNS: &str = "game_id, pool, seat, at, before_rating, before_deviation,
    before_volatility, after_rating, after_deviation, after_volatility";

impl Db {
    /// Marks a game rated or casual. The clocks branch sets the flag at creation; until
    /// then this is how tests (and operators) mark one.
    pub fn set_game_rated(&mut self, game: &str, rated: bool) -> Result<()> {
        if self.conn.execute(
            "UPDATE games SET rated = ?2 WHERE id = ?1",
            args![game, rated],
        )? == 0
        {
            return Err(crate::Error::NoGame(game.to_string()));
        }
        Ok(())
    }

    /// A player's ratings, one per pool they played rated games in, by pool name.
    pub fn player_ratings(&self, player: &str) -> Result<Vec<PoolRating>> {
        self.conn
            .query(
                &format!(
                    "SELECT {POOL_COLUMNS} FROM player_ratings WHERE player_id = ?1 ORDER BY pool"
                ),
                args![player],
            )?
            .iter()
            .map(|r| pool_rating(r, 0))
            .collect()
    }

    /// The last `limit` rated games of a player in a pool, oldest first.
    pub fn rating_history(
        &self,
        player: &str,
        pool: &str,
        limit: usize,
    ) -> Result<Vec<RatingPoint>> {
        self.conn
            .query(
                &format!(
                    "SELECT * FROM (SELECT {POINT_COLUMNS} FROM rating_history
                        WHERE player_id = ?1 AND pool = ?2 ORDER BY at DESC, game_id DESC
                        LIMIT ?3) AS recent
                     ORDER BY at, game_id"
                ),
                args![player, pool, limit],
            )?
            .iter()
            .map(point)
            .collect()
    }

    /// The rating changes a game made (none for an unrated game), south first.
    pub fn game_rating_changes(&self, game: &str) -> Result<Vec<RatingPoint>> {
        self.conn
            .query(
                &format!(
                    "SELECT {POINT_COLUMNS} FROM rating_history WHERE game_id = ?1
                     ORDER BY seat DESC"
                ),
                args![game],
            )?
            .iter()
            .map(point)
            .collect()
    }

    /// Accounts whose rating in `pool` is no longer provisional, best first, at most `limit`.
    pub fn pool_leaderboard(&self, pool: &str, limit: usize) -> Result<Vec<Ranked>> {
        self.conn
            .query(
                "SELECT p.name, r.pool, r.rating, r.deviation, r.volatility, r.wins, r.draws,
                        r.losses
                 FROM player_ratings r JOIN players p ON p.id = r.player_id
                 WHERE r.pool = ?1 AND r.deviation <= ?2 AND p.password IS NOT NULL
                 ORDER BY r.rating DESC, p.name_key LIMIT ?3",
                args![pool, kalah_match::glicko::PROVISIONAL_DEVIATION, limit],
            )?
            .iter()
            .map(|r| {
                Ok(Ranked {
                    name: r.get(0)?,
                    rating: pool_rating(r, 1)?,
                })
            })
            .collect()
    }

    /// The last `limit` games a player sat in, most recently changed first.
    pub fn recent_games(&self, player: &str, limit: usize) -> Result<Vec<PlayedGame>> {
        self.conn
            .query(
                "SELECT id, 'south', opponent, north_name, north_player, rules, status, rated,
                        created_at, updated_at
                 FROM games WHERE south_player = ?1
                 UNION ALL
                 SELECT id, 'north', opponent, south_name, south_player, rules, status, rated,
                        created_at, updated_at
                 FROM games WHERE north_player = ?1
                 ORDER BY 10 DESC, 1 LIMIT ?2",
                args![player, limit],
            )?
            .iter()
            .map(|r| {
                Ok(PlayedGame {
                    id: r.get(0)?,
                    seat: r.get(1)?,
                    opponent_kind: r.get(2)?,
                    opponent_name: r.get(3)?,
                    opponent_player: r.get(4)?,
                    rules: r.get(5)?,
                    status: r.get(6)?,
                    rated: r.get(7)?,
                    created_at: r.get(8)?,
                    updated_at: r.get(9)?,
                })
            })
            .collect()
    }

    /// The account names at a game's start seats (south, north; None for an empty seat, a
    /// guest or a deleted account), for links to their pages.
    pub fn seat_accounts(&self, game: &str) -> Result<(Option<String>, Option<String>)> {
        let name = |seat: &str| -> Result<Option<String>> {
            let sql = format!(
                "SELECT p.name FROM games g JOIN players p ON p.id = g.{seat}_player
                 WHERE g.id = ?1 AND p.password IS NOT NULL"
            );
            self.conn
                .query_opt(&sql, args![game])?
                .map(|r| r.get(0))
                .transpose()
        };
        Ok((name("south")?, name("north")?))
    }
}
