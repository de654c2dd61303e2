//! What several instances on one PostgreSQL database share beyond the games: who has a game
//! open (`presence`, `seat_left`, for claims), the Watch list (`watch_games`), the bots
//! connected (`bots_online`) and a person's challenge to a bot connected to another instance
//! (`bot_challenges`). docs/deploy.md, "Several instances on one database", describes it.
//!
//! Every row belongs to an instance (the `instances` of `jobs.rs`) and lives only as long as
//! what it describes: a socket, a listed game, a connection, a challenge being answered. The
//! rows of an instance that died are removed by the others ([`Db::sweep_dead_instances`]).
//! A single server on SQLite keeps all of this in memory and never writes these tables.

use crate::sql::{args, Conn, Row};
use crate::{Db, Result};

/// The channel of cluster news other than games' (presence, the Watch list, challenges).
pub const CHANNEL: &str = "kalah_cluster";

/// How long a challenge's row is kept for its answer (ms); older ones are removed.
pub const CHALLENGE_KEEP_MS: i64 = 60_000;

/// A seat of a game as all instances see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SeatPresence {
    /// Some instance has a socket of this seat open.
    pub present: bool,
    /// When the seat's last socket closed on any instance (None: not since it was last
    /// present, or never seen).
    pub left_at: Option<i64>,
}

/// A bot connected to some instance, as `bots_online` holds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OnlineBotRow {
    pub instance: String,
    /// The connection's number on its instance.
    pub link: i64,
    pub name: String,
    pub authors: Option<String>,
    pub description: Option<String>,
    pub rated_id: Option<String>,
    /// The game it plays, and the seat it plays it from (`south`/`north`).
    pub game: Option<String>,
    pub seat: Option<String>,
    pub since: i64,
}

/// A challenge of a bot connected to another instance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BotChallenge {
    pub id: String,
    /// The instance holding the bot's connection.
    pub instance: String,
    pub bot: String,
    /// The person's seat token hash.
    pub token_hash: String,
    pub owner: Option<String>,
    pub board: Option<(i64, i64)>,
    pub asked_at: i64,
    /// The bot's connection (`bots_online.link`), when one is meant rather than any of
    /// that name.
    pub link: Option<i64>,
    /// The bot asking, when the challenge pairs two bots waiting alone on two instances
    /// (none: a person asks).
    pub from: Option<Challenger>,
}

/// A bot waiting on the asking instance that challenges a bot connected to another.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Challenger {
    pub name: String,
    pub rated_id: Option<String>,
}

/// What the instance of a dead one's rows needs to act on.
#[derive(Debug, Default)]
pub struct Swept {
    /// Games whose presence changed (a seat that was present only there is now away).
    pub games: Vec<String>,
    /// The games the dead instances' bots were playing, with the bot's seat.
    pub bot_games: Vec<(String, String)>,
}

const BOT_COLUMNS: &str = "instance, link, name, authors, description, rated_id, game, seat, since";

fn bot_row(r: &Row) -> Result<OnlineBotRow> {
    Ok(OnlineBotRow {
        instance: r.get(0)?,
        link: r.get(1)?,
        name: r.get(2)?,
        authors: r.get(3)?,
        description: r.get(4)?,
        rated_id: r.get(5)?,
        game: r.get(6)?,
        seat: r.get(7)?,
        since: r.get(8)?,
    })
}

impl Db {
    /// Announces `payload` on [`CHANNEL`] (PostgreSQL only; nothing on SQLite).
    pub fn cluster_notify(&self, payload: &str) -> Result<()> {
        if self.is_postgres() {
            self.conn
                .execute("SELECT pg_notify(?1, ?2)", args![CHANNEL, payload])?;
        }
        Ok(())
    }

    /// Instance `me` has its first socket of `seat` of `game` open.
    pub fn seat_opened(&mut self, me: &str, game: &str, seat: &str) -> Result<()> {
        self.conn.transaction(|c| {
            c.execute(
                "INSERT INTO presence (instance, game_id, seat) VALUES (?1, ?2, ?3)
                 ON CONFLICT (instance, game_id, seat) DO NOTHING",
                args![me, game, seat],
            )?;
            c.execute(
                "DELETE FROM seat_left WHERE game_id = ?1 AND seat = ?2",
                args![game, seat],
            )?;
            Ok(())
        })
    }

    /// Instance `me` closed its last socket of `seat` of `game` at `now`: the seat is away
    /// from then unless another instance has one open.
    pub fn seat_closed(&mut self, me: &str, game: &str, seat: &str, now: i64) -> Result<()> {
        self.conn.transaction(|c| {
            c.execute(
                "DELETE FROM presence WHERE instance = ?1 AND game_id = ?2 AND seat = ?3",
                args![me, game, seat],
            )?;
            left_if_gone(c, game, seat, now)
        })
    }

    /// Every instance's view of the seats of `game`, by seat name.
    pub fn seats_present(&self, game: &str) -> Result<[(String, SeatPresence); 2]> {
        let mut out = [
            ("south".to_string(), SeatPresence::default()),
            ("north".to_string(), SeatPresence::default()),
        ];
        let present = self.conn.query(
            "SELECT DISTINCT seat FROM presence WHERE game_id = ?1",
            args![game],
        )?;
        let left = self.conn.query(
            "SELECT seat, left_at FROM seat_left WHERE game_id = ?1",
            args![game],
        )?;
        for (name, seat) in out.iter_mut() {
            seat.present = present
                .iter()
                .any(|r| r.get::<String>(0).is_ok_and(|s| s == *name));
            for r in &left {
                if r.get::<String>(0)? == *name {
                    seat.left_at = Some(r.get(1)?);
                }
            }
        }
        Ok(out)
    }

    /// Lists or updates bot connection `link` of instance `me`.
    pub fn put_online_bot(&self, bot: &OnlineBotRow) -> Result<()> {
        self.conn.execute(
            "INSERT INTO bots_online (instance, link, name, authors, description, rated_id,
                 game, seat, since) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
             ON CONFLICT (instance, link) DO UPDATE SET name = excluded.name,
                 authors = excluded.authors, description = excluded.description,
                 rated_id = excluded.rated_id, game = excluded.game, seat = excluded.seat",
            args![
                &bot.instance,
                bot.link,
                &bot.name,
                &bot.authors,
                &bot.description,
                &bot.rated_id,
                &bot.game,
                &bot.seat,
                bot.since
            ],
        )?;
        Ok(())
    }

    /// Bot connection `link` of instance `me` closed.
    pub fn drop_online_bot(&self, me: &str, link: i64) -> Result<()> {
        self.conn.execute(
            "DELETE FROM bots_online WHERE instance = ?1 AND link = ?2",
            args![me, link],
        )?;
        Ok(())
    }

    /// The bots connected to any instance, in the order they came (at most `limit`), and
    /// how many there are.
    pub fn online_bots(&self, limit: usize) -> Result<(Vec<OnlineBotRow>, usize)> {
        let rows = self
            .conn
            .query(
                &format!(
                    "SELECT {BOT_COLUMNS} FROM bots_online ORDER BY since, instance, link
                     LIMIT ?1"
                ),
                args![limit],
            )?
            .iter()
            .map(bot_row)
            .collect::<Result<Vec<_>>>()?;
        let count = self
            .conn
            .query_opt("SELECT count(*) FROM bots_online", &[])?
            .map_or(Ok(0), |r| r.get::<i64>(0))?;
        Ok((rows, count as usize))
    }

    /// The connections of bots named `name`, waiting ones first, then in the order they
    /// came.
    pub fn online_bots_named(&self, name: &str) -> Result<Vec<OnlineBotRow>> {
        self.conn
            .query(
                &format!(
                    "SELECT {BOT_COLUMNS} FROM bots_online WHERE name = ?1
                     ORDER BY game IS NOT NULL, since, instance, link"
                ),
                args![name],
            )?
            .iter()
            .map(bot_row)
            .collect()
    }

    /// The bots waiting (playing no game) on instances other than `me` that beat at
    /// `live_since` or later, the longest waiting first (at most `limit`).
    pub fn bots_waiting_elsewhere(
        &self,
        me: &str,
        live_since: i64,
        limit: usize,
    ) -> Result<Vec<OnlineBotRow>> {
        self.conn
            .query(
                &format!(
                    "SELECT {BOT_COLUMNS} FROM bots_online
                     WHERE game IS NULL AND instance <> ?1 AND instance IN
                         (SELECT id FROM instances WHERE heartbeat_at >= ?2)
                     ORDER BY since, instance, link LIMIT ?3"
                ),
                args![me, live_since, limit],
            )?
            .iter()
            .map(bot_row)
            .collect()
    }

    /// Stores a challenge for the instance holding the bot (it is told on [`CHANNEL`]).
    pub fn ask_challenge(&self, c: &BotChallenge) -> Result<()> {
        let (houses, seeds) = c.board.unzip();
        let (from_name, from_rated_id) = match &c.from {
            Some(f) => (Some(f.name.as_str()), f.rated_id.as_deref()),
            None => (None, None),
        };
        self.conn.execute(
            "INSERT INTO bot_challenges (id, instance, bot, token_hash, owner, houses, seeds,
                 asked_at, from_name, from_rated_id, link)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
            args![
                &c.id,
                &c.instance,
                &c.bot,
                &c.token_hash,
                &c.owner,
                houses,
                seeds,
                c.asked_at,
                from_name,
                from_rated_id,
                c.link
            ],
        )?;
        Ok(())
    }

    /// The challenge `id` if it is for instance `me` and not answered yet.
    pub fn challenge_for(&self, id: &str, me: &str) -> Result<Option<BotChallenge>> {
        self.conn
            .query_opt(
                "SELECT id, instance, bot, token_hash, owner, houses, seeds, asked_at,
                     from_name, from_rated_id, link
                 FROM bot_challenges WHERE id = ?1 AND instance = ?2 AND answer IS NULL",
                args![id, me],
            )?
            .map(|r| {
                let houses: Option<i64> = r.get(5)?;
                let seeds: Option<i64> = r.get(6)?;
                let from_name: Option<String> = r.get(8)?;
                Ok(BotChallenge {
                    id: r.get(0)?,
                    instance: r.get(1)?,
                    bot: r.get(2)?,
                    token_hash: r.get(3)?,
                    owner: r.get(4)?,
                    board: houses.zip(seeds),
                    asked_at: r.get(7)?,
                    link: r.get(10)?,
                    from: match from_name {
                        Some(name) => Some(Challenger {
                            name,
                            rated_id: r.get(9)?,
                        }),
                        None => None,
                    },
                })
            })
            .transpose()
    }

    /// Answers challenge `id` (a game id, or why not).
    pub fn answer_challenge(&self, id: &str, answer: &str) -> Result<()> {
        self.conn.execute(
            "UPDATE bot_challenges SET answer = ?2 WHERE id = ?1",
            args![id, answer],
        )?;
        Ok(())
    }

    /// The answer to challenge `id`, taken (the row is removed once answered).
    pub fn take_challenge_answer(&self, id: &str) -> Result<Option<String>> {
        let answer = self
            .conn
            .query_opt(
                "DELETE FROM bot_challenges WHERE id = ?1 AND answer IS NOT NULL RETURNING answer",
                args![id],
            )?
            .map(|r| r.get(0))
            .transpose()?;
        Ok(answer)
    }

    /// Forgets challenge `id` (given up on).
    pub fn drop_challenge(&self, id: &str) -> Result<()> {
        self.conn
            .execute("DELETE FROM bot_challenges WHERE id = ?1", args![id])?;
        Ok(())
    }

    /// Stores the Watch list's entries of games listed (`Some`) or not any more (`None`):
    /// `(game, Some((rating, updated_at, entry JSON)))`, in one transaction.
    #[allow(clippy::type_complexity)]
    pub fn put_watch_entries(
        &self,
        me: &str,
        entries: &[(String, Option<(Option<f64>, i64, String)>)],
    ) -> Result<()> {
        self.conn.transaction(|c| {
            if let Conn::Postgres(_) = c {
                // A list rebuilt every second: not worth a disk sync each time.
                c.batch("SET LOCAL synchronous_commit = off")?;
            }
            for (game, entry) in entries {
                match entry {
                    Some((rating, at, json)) => c.execute(
                        "INSERT INTO watch_games (game_id, instance, rating, updated_at, entry)
                         VALUES (?1, ?2, ?3, ?4, ?5)
                         ON CONFLICT (game_id) DO UPDATE SET instance = excluded.instance,
                             rating = excluded.rating, updated_at = excluded.updated_at,
                             entry = excluded.entry",
                        args![game, me, *rating, *at, json],
                    )?,
                    None => c.execute("DELETE FROM watch_games WHERE game_id = ?1", args![game])?,
                };
            }
            Ok(())
        })
    }

    /// The Watch list of the whole cluster: the first `limit` entries (JSON texts) of games
    /// changed since `since`, rated first by rating, then the latest moved; and how many
    /// there are.
    pub fn watch_entries(&self, since: i64, limit: usize) -> Result<(Vec<String>, usize)> {
        let entries = self
            .conn
            .query(
                "SELECT entry FROM watch_games WHERE updated_at >= ?1
                 ORDER BY rating IS NULL, rating DESC, updated_at DESC, game_id LIMIT ?2",
                args![since, limit],
            )?
            .iter()
            .map(|r| r.get(0))
            .collect::<Result<Vec<String>>>()?;
        let total = self
            .conn
            .query_opt(
                "SELECT count(*) FROM watch_games WHERE updated_at >= ?1",
                args![since],
            )?
            .map_or(Ok(0), |r| r.get::<i64>(0))?;
        Ok((entries, total as usize))
    }

    /// Removes what instances other than `me` silent since `dead_before` left behind (their sockets, bots
    /// and challenges; the seats only they had open are away from `now`), Watch entries
    /// unchanged since `idle_before`, old challenges, and away times of games that ended.
    pub fn sweep_dead_instances(
        &mut self,
        me: &str,
        dead_before: i64,
        idle_before: i64,
        now: i64,
    ) -> Result<Swept> {
        self.conn.transaction(|c| {
            // `me` counts as live whatever its last heartbeat says: it is running this.
            let live = "SELECT id FROM instances WHERE heartbeat_at >= ?1";
            let gone = c.query(
                &format!(
                    "DELETE FROM presence WHERE instance <> ?2 AND instance NOT IN ({live})
                     RETURNING game_id, seat"
                ),
                args![dead_before, me],
            )?;
            let mut swept = Swept::default();
            for r in &gone {
                let (game, seat): (String, String) = (r.get(0)?, r.get(1)?);
                left_if_gone(c, &game, &seat, now)?;
                if !swept.games.contains(&game) {
                    swept.games.push(game);
                }
            }
            for r in c.query(
                &format!(
                    "DELETE FROM bots_online WHERE instance <> ?2 AND instance NOT IN ({live})
                     RETURNING game, seat"
                ),
                args![dead_before, me],
            )? {
                let (Some(game), Some(seat)) = (r.get::<Option<String>>(0)?, r.get(1)?) else {
                    continue;
                };
                // A game against a bot of another live instance is ended there (it waits
                // for the dead one's moves, and knows the players' rating ids).
                let theirs = c
                    .query_opt(
                        "SELECT 1 FROM bots_online WHERE game = ?1 AND instance <> ?2 LIMIT 1",
                        args![&game, me],
                    )?
                    .is_some();
                if !theirs {
                    swept.bot_games.push((game, seat));
                }
            }
            c.execute(
                &format!(
                    "DELETE FROM bot_challenges
                     WHERE (instance <> ?3 AND instance NOT IN ({live})) OR asked_at < ?2"
                ),
                args![dead_before, now - CHALLENGE_KEEP_MS, me],
            )?;
            c.execute(
                "DELETE FROM watch_games WHERE updated_at < ?1",
                args![idle_before],
            )?;
            c.execute(
                "DELETE FROM seat_left WHERE game_id IN
                     (SELECT id FROM games WHERE status <> 'playing')",
                &[],
            )?;
            Ok(swept)
        })
    }

    /// Removes instance `me`'s rows at once (it stops): as [`Db::sweep_dead_instances`]
    /// does for a dead one. Answers the games whose presence changed.
    pub fn leave_cluster(&mut self, me: &str, now: i64) -> Result<Vec<String>> {
        self.conn.transaction(|c| {
            let gone = c.query(
                "DELETE FROM presence WHERE instance = ?1 RETURNING game_id, seat",
                args![me],
            )?;
            let mut games = Vec::new();
            for r in &gone {
                let (game, seat): (String, String) = (r.get(0)?, r.get(1)?);
                left_if_gone(c, &game, &seat, now)?;
                if !games.contains(&game) {
                    games.push(game);
                }
            }
            c.execute("DELETE FROM bots_online WHERE instance = ?1", args![me])?;
            Ok(games)
        })
    }
}

/// Records `seat` of `game` away since `now` when no instance has a socket of it open.
fn left_if_gone(c: &crate::sql::Conn, game: &str, seat: &str, now: i64) -> Result<()> {
    let open = c
        .query_opt(
            "SELECT 1 FROM presence WHERE game_id = ?1 AND seat = ?2 LIMIT 1",
            args![game, seat],
        )?
        .is_some();
    if !open {
        c.execute(
            "INSERT INTO seat_left (game_id, seat, left_at) VALUES (?1, ?2, ?3)
             ON CONFLICT (game_id, seat) DO UPDATE SET left_at = excluded.left_at",
            args![game, seat, now],
        )?;
    }
    Ok(())
}
