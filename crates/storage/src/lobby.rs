//! The lobby shared by every instance on one database: who has a lobby socket open
//! (`lobby_sockets`), and the offers they made (`lobby_offers`): open seeks, places in a
//! quick-pairing pool and challenges. docs/deploy.md, "Several instances on one database",
//! describes the design; in short:
//!
//! - A socket is a row keyed by its instance and its number there; an offer names the socket
//!   that made it. An offer whose socket (a pool place, a challenge sent) or whose player's
//!   last socket (a seek, a challenge received) is gone is an orphan, and whoever sweeps
//!   first deletes it: on the instance where the socket closed at once, and after an
//!   instance died (no heartbeat) on the next survivor's sweep. A `DELETE ... RETURNING`
//!   answers each row to one deleter only, so each removal is announced once.
//! - Taking an offer (accepting a seek or a challenge) deletes it in the lobby transaction
//!   that stores the new game ([`Lobby::take_accepted`], [`Lobby::store`]), refused when it
//!   is gone: two accepts of one seek on two instances start one game.
//! - Pairing takes the pool's rows `FOR UPDATE SKIP LOCKED` on PostgreSQL (SQLite has one
//!   writer), so an instance never pairs a row another one is pairing.
//! - A per-player cap (open seeks, challenges sent or received) is a count and then an
//!   insert in one transaction that first takes the player's lock ([`Lobby::lock_player`]):
//!   on PostgreSQL two instances' transactions for one player take turns, so the second
//!   counts the first's offer; SQLite has one writer.
//! - The server announces each change on the channel [`CHANNEL`] in its transaction
//!   ([`Lobby::notify`]); every instance keeps the seek list in memory from those.

use crate::sql::{args, Conn, Row};
use crate::{Db, Result};

/// The channel of lobby changes.
pub const CHANNEL: &str = "kalah_lobby";

/// The first key of the players' advisory locks (the second is a hash of the player's id);
/// two-key advisory locks never meet the one-key lock of the migrations.
pub(crate) const PLAYER_LOCKS: i32 = 0x6b6c;

/// What an offer is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OfferKind {
    Seek,
    Pool,
    Challenge,
}

impl OfferKind {
    pub fn name(self) -> &'static str {
        match self {
            OfferKind::Seek => "seek",
            OfferKind::Pool => "pool",
            OfferKind::Challenge => "challenge",
        }
    }

    fn parse(s: &str) -> Option<OfferKind> {
        [OfferKind::Seek, OfferKind::Pool, OfferKind::Challenge]
            .into_iter()
            .find(|k| k.name() == s)
    }
}

/// A person with a lobby socket open.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LobbyPlayer {
    pub id: String,
    pub name: String,
    pub account: bool,
}

/// A seek, a pool place or a challenge, as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct Offer {
    /// Given by the database (0 before it is stored).
    pub id: i64,
    pub kind: OfferKind,
    /// The socket that made it: its instance and its number there.
    pub instance: String,
    pub conn: i64,
    pub player: LobbyPlayer,
    /// A challenge's challenged player: id and name.
    pub to: Option<(String, String)>,
    pub rules: String,
    pub time_control: String,
    pub rated: bool,
    pub rating: Option<f64>,
    /// A seek's creation, a pool place's start, a challenge's expiry (Unix ms).
    pub at: i64,
}

const OFFER_COLUMNS: &str = "id, kind, instance, conn, player_id, name, account, to_id, to_name,
    rules, time_control, rated, rating, at";

fn offer_row(r: &Row) -> Result<Offer> {
    let kind: String = r.get(1)?;
    let to_id: Option<String> = r.get(7)?;
    let to_name: Option<String> = r.get(8)?;
    Ok(Offer {
        id: r.get(0)?,
        kind: OfferKind::parse(&kind)
            .ok_or_else(|| crate::Error::Value(format!("offer kind {kind:?}")))?,
        instance: r.get(2)?,
        conn: r.get(3)?,
        player: LobbyPlayer {
            id: r.get(4)?,
            name: r.get(5)?,
            account: r.get(6)?,
        },
        to: to_id.zip(to_name),
        rules: r.get(9)?,
        time_control: r.get(10)?,
        rated: r.get(11)?,
        rating: r.get(12)?,
        at: r.get(13)?,
    })
}

fn offers(rows: Vec<Row>) -> Result<Vec<Offer>> {
    rows.iter().map(offer_row).collect()
}

/// Orphans found by a sweep, by why they went.
#[derive(Debug, Default)]
pub struct Orphans {
    /// Seeks and pool places whose socket or player left.
    pub left: Vec<Offer>,
    /// Challenges whose challenger's socket closed: withdrawn.
    pub withdrawn: Vec<Offer>,
    /// Challenges whose challenged player left: declined.
    pub declined: Vec<Offer>,
}

/// The lobby's statements inside one transaction ([`Db::lobby`]).
pub struct Lobby<'a> {
    pub(crate) conn: &'a Conn,
    /// Whether the commit is synced to disk as a game's write is (SQLite; on PostgreSQL
    /// [`Lobby::store`] makes it so).
    pub(crate) synced: bool,
}

impl Lobby<'_> {
    /// Stores a game's write in this transaction (a pairing and the game it starts, so
    /// that both commit at once), synced to disk as every game's write is: refused on
    /// SQLite in a transaction that is not ([`crate::Item::Lobby`] of lobby work alone, or
    /// [`Db::lobby`]; use [`crate::Item::LobbyGames`]).
    pub fn store(&self, w: &crate::Write) -> Result<()> {
        match self.conn {
            Conn::Postgres(_) => self.conn.batch("SET LOCAL synchronous_commit = on")?,
            Conn::Sqlite(_) if !self.stores_games() => {
                return Err(crate::Error::Value(
                    "a game stored in a lobby transaction that is not synced to disk".into(),
                ))
            }
            Conn::Sqlite(_) => {}
        }
        crate::apply_one(self.conn, w)?;
        crate::announce(self.conn, w)
    }

    /// Whether [`Lobby::store`] may store games in this transaction.
    pub fn stores_games(&self) -> bool {
        self.synced || matches!(self.conn, Conn::Postgres(_))
    }

    /// Lists socket `conn` of `instance` as `player`'s.
    pub fn add_socket(&self, instance: &str, conn: i64, player: &LobbyPlayer) -> Result<()> {
        self.conn.execute(
            "INSERT INTO lobby_sockets (instance, conn, player_id, name, name_key, account)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            args![
                instance,
                conn,
                &player.id,
                &player.name,
                player.name.to_lowercase(),
                player.account
            ],
        )?;
        Ok(())
    }

    /// Removes socket `conn` of `instance`; the player's id if it was listed.
    pub fn remove_socket(&self, instance: &str, conn: i64) -> Result<Option<String>> {
        self.conn
            .query_opt(
                "DELETE FROM lobby_sockets WHERE instance = ?1 AND conn = ?2 RETURNING player_id",
                args![instance, conn],
            )?
            .map(|r| r.get(0))
            .transpose()
    }

    /// The player with a socket open whose name is `name` (any case), the newest socket's.
    pub fn online_by_name(&self, name: &str) -> Result<Option<LobbyPlayer>> {
        self.conn
            .query_opt(
                "SELECT player_id, name, account FROM lobby_sockets WHERE name_key = ?1
                 ORDER BY conn DESC LIMIT 1",
                args![name.trim().to_lowercase()],
            )?
            .map(|r| {
                Ok(LobbyPlayer {
                    id: r.get(0)?,
                    name: r.get(1)?,
                    account: r.get(2)?,
                })
            })
            .transpose()
    }

    /// Holds `player`'s lock until the transaction ends, so that counting their offers and
    /// adding one is one step among all instances (PostgreSQL: a transaction-scoped advisory
    /// lock; another transaction for the player waits for this one to end). Nothing on
    /// SQLite, whose one writer serialises the lobby's transactions. A transaction that
    /// locks two players locks them in the order of their ids, so two never wait for each
    /// other.
    pub fn lock_player(&self, player: &str) -> Result<()> {
        if let Conn::Postgres(_) = self.conn {
            self.conn.execute(
                &format!("SELECT pg_advisory_xact_lock({PLAYER_LOCKS}, hashtext(?1))"),
                args![player],
            )?;
        }
        Ok(())
    }

    /// Stores `offer`; answers its id.
    pub fn add(&self, offer: &Offer) -> Result<i64> {
        let (to_id, to_name) = match &offer.to {
            Some((i, n)) => (Some(i.as_str()), Some(n.as_str())),
            None => (None, None),
        };
        let row = self.conn.query_opt(
            "INSERT INTO lobby_offers (kind, instance, conn, player_id, name, account, to_id,
                to_name, rules, time_control, rated, rating, at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13) RETURNING id",
            args![
                offer.kind.name(),
                &offer.instance,
                offer.conn,
                &offer.player.id,
                &offer.player.name,
                offer.player.account,
                to_id,
                to_name,
                &offer.rules,
                &offer.time_control,
                offer.rated,
                offer.rating,
                offer.at
            ],
        )?;
        row.ok_or_else(|| crate::Error::Value("no id for a new offer".into()))?
            .get(0)
    }

    /// The offer `id`, if it is still there.
    pub fn get(&self, id: i64) -> Result<Option<Offer>> {
        self.conn
            .query_opt(
                &format!("SELECT {OFFER_COLUMNS} FROM lobby_offers WHERE id = ?1"),
                args![id],
            )?
            .map(|r| offer_row(&r))
            .transpose()
    }

    /// Every offer of a kind, oldest first.
    pub fn all(&self, kind: OfferKind) -> Result<Vec<Offer>> {
        offers(self.conn.query(
            &format!("SELECT {OFFER_COLUMNS} FROM lobby_offers WHERE kind = ?1 ORDER BY id"),
            args![kind.name()],
        )?)
    }

    /// The offers of one kind made by `player`.
    pub fn of(&self, kind: OfferKind, player: &str) -> Result<Vec<Offer>> {
        offers(self.conn.query(
            &format!(
                "SELECT {OFFER_COLUMNS} FROM lobby_offers WHERE kind = ?1 AND player_id = ?2
                 ORDER BY id"
            ),
            args![kind.name(), player],
        )?)
    }

    /// The challenges waiting for `player`.
    pub fn challenges_to(&self, player: &str) -> Result<Vec<Offer>> {
        offers(self.conn.query(
            &format!(
                "SELECT {OFFER_COLUMNS} FROM lobby_offers WHERE kind = 'challenge' AND to_id = ?1
                 ORDER BY id"
            ),
            args![player],
        )?)
    }

    /// How many offers of a kind there are.
    pub fn count(&self, kind: OfferKind) -> Result<usize> {
        let n: i64 = self
            .conn
            .query_opt(
                "SELECT count(*) FROM lobby_offers WHERE kind = ?1",
                args![kind.name()],
            )?
            .map_or(Ok(0), |r| r.get(0))?;
        Ok(n.max(0) as usize)
    }

    /// How many offers there are like `o`: of its kind, rules, time control and rated flag
    /// (the places of one pool).
    pub fn count_like(&self, o: &Offer) -> Result<usize> {
        let n: i64 = self
            .conn
            .query_opt(
                "SELECT count(*) FROM lobby_offers
                 WHERE kind = ?1 AND rules = ?2 AND time_control = ?3 AND rated = ?4",
                args![o.kind.name(), &o.rules, &o.time_control, o.rated],
            )?
            .map_or(Ok(0), |r| r.get(0))?;
        Ok(n.max(0) as usize)
    }

    /// Deletes the offer `id`, answering it (None: gone already).
    pub fn take(&self, id: i64) -> Result<Option<Offer>> {
        self.conn
            .query_opt(
                &format!("DELETE FROM lobby_offers WHERE id = ?1 RETURNING {OFFER_COLUMNS}"),
                args![id],
            )?
            .map(|r| offer_row(&r))
            .transpose()
    }

    /// Takes (deletes and answers) offer `id` for the game that accepts it, stored in this
    /// transaction ([`Lobby::store`]): refused with [`crate::Error::OfferGone`] when it is
    /// gone, and the error undoes the transaction, so an offer starts one game (on
    /// PostgreSQL a second taker waits for the first's commit, then finds it gone).
    pub fn take_accepted(&self, id: i64) -> Result<Offer> {
        self.take(id)?.ok_or(crate::Error::OfferGone(id))
    }

    /// Deletes `player`'s offers of one kind, answering them.
    pub fn take_of(&self, kind: OfferKind, player: &str) -> Result<Vec<Offer>> {
        offers(self.conn.query(
            &format!(
                "DELETE FROM lobby_offers WHERE kind = ?1 AND player_id = ?2
                 RETURNING {OFFER_COLUMNS}"
            ),
            args![kind.name(), player],
        )?)
    }

    /// The pool places free to pair: on PostgreSQL locked for this transaction, skipping
    /// those another instance is pairing right now.
    pub fn pool_to_pair(&self) -> Result<Vec<Offer>> {
        let lock = match self.conn {
            Conn::Postgres(_) => "FOR UPDATE SKIP LOCKED",
            Conn::Sqlite(_) => "",
        };
        offers(self.conn.query(
            &format!(
                "SELECT {OFFER_COLUMNS} FROM lobby_offers WHERE kind = 'pool' ORDER BY id {lock}"
            ),
            &[],
        )?)
    }

    /// Takes (deletes and answers) the place of another player in the pool of `o` (its
    /// rules, time control and rated flag) whose rating is closest to `o`'s and at most
    /// `range` from it, the longest-waiting of equals: pairing as a player arrives. On
    /// PostgreSQL places another instance is pairing are skipped.
    pub fn take_partner(&self, o: &Offer, range: f64) -> Result<Option<Offer>> {
        let lock = match self.conn {
            Conn::Postgres(_) => "FOR UPDATE SKIP LOCKED",
            Conn::Sqlite(_) => "",
        };
        let rating = o.rating.unwrap_or_default();
        self.conn
            .query_opt(
                &format!(
                    "DELETE FROM lobby_offers WHERE id = (
                        SELECT id FROM lobby_offers
                        WHERE kind = 'pool' AND rules = ?1 AND time_control = ?2
                            AND rated = ?3 AND player_id <> ?4
                            AND rating >= ?5 AND rating <= ?6
                        ORDER BY abs(rating - ?7), at, id LIMIT 1 {lock})
                     RETURNING {OFFER_COLUMNS}"
                ),
                args![
                    &o.rules,
                    &o.time_control,
                    o.rated,
                    &o.player.id,
                    rating - range,
                    rating + range,
                    rating
                ],
            )?
            .map(|r| offer_row(&r))
            .transpose()
    }

    /// Deletes the challenges that expired by `now`, answering them.
    pub fn take_expired(&self, now: i64) -> Result<Vec<Offer>> {
        offers(self.conn.query(
            &format!(
                "DELETE FROM lobby_offers WHERE kind = 'challenge' AND at <= ?1
                 RETURNING {OFFER_COLUMNS}"
            ),
            args![now],
        )?)
    }

    /// Deletes the sockets of instances other than `me` with no heartbeat since
    /// `alive_since` (they died, or stopped); answers how many.
    pub fn drop_dead_sockets(&self, me: &str, alive_since: i64) -> Result<u64> {
        self.conn.execute(
            "DELETE FROM lobby_sockets WHERE instance <> ?1
               AND instance NOT IN (SELECT id FROM instances WHERE heartbeat_at >= ?2)",
            args![me, alive_since],
        )
    }

    /// Deletes the offers left without their socket or player (of `player` only, or of
    /// everyone), answering them by why they went.
    pub fn take_orphans(&self, player: Option<&str>) -> Result<Orphans> {
        let (only, who) = match player {
            Some(p) => ("AND o.player_id = ?1", p),
            None => ("AND ?1 = ?1", ""),
        };
        let socket_gone = "NOT EXISTS (SELECT 1 FROM lobby_sockets s
            WHERE s.instance = o.instance AND s.conn = o.conn)";
        let player_gone = |col: &str| {
            format!("NOT EXISTS (SELECT 1 FROM lobby_sockets s WHERE s.player_id = o.{col})")
        };
        let take = |cond: String| -> Result<Vec<Offer>> {
            offers(self.conn.query(
                &format!(
                    "DELETE FROM lobby_offers WHERE id IN (SELECT o.id FROM lobby_offers o
                     WHERE {cond} {only}) RETURNING {OFFER_COLUMNS}"
                ),
                args![who],
            )?)
        };
        let mut left = take(format!("o.kind = 'pool' AND {socket_gone}"))?;
        left.extend(take(format!(
            "o.kind = 'seek' AND {}",
            player_gone("player_id")
        ))?);
        let withdrawn = take(format!("o.kind = 'challenge' AND {socket_gone}"))?;
        let declined = match player {
            // The challenges *to* a player who left.
            Some(p) => offers(self.conn.query(
                &format!(
                    "DELETE FROM lobby_offers WHERE kind = 'challenge' AND to_id = ?1
                       AND NOT EXISTS (SELECT 1 FROM lobby_sockets s WHERE s.player_id = ?1)
                     RETURNING {OFFER_COLUMNS}"
                ),
                args![p],
            )?)?,
            None => take(format!("o.kind = 'challenge' AND {}", player_gone("to_id")))?,
        };
        Ok(Orphans {
            left,
            withdrawn,
            declined,
        })
    }

    /// Tells every instance listening on [`CHANNEL`] `payload` when this transaction
    /// commits (PostgreSQL; nothing on SQLite, where one instance is all).
    pub fn notify(&self, payload: &str) -> Result<()> {
        if let Conn::Postgres(_) = self.conn {
            self.conn
                .execute("SELECT pg_notify(?1, ?2)", args![CHANNEL, payload])?;
        }
        Ok(())
    }
}

impl Db {
    /// Runs `f` with the lobby's statements in one transaction. It is not synced to disk
    /// at its commit (SQLite `synchronous=NORMAL` for it, PostgreSQL `synchronous_commit`
    /// off): the lobby dies with its sockets anyway, so a crash may lose its last changes,
    /// and one disk sync per seek would queue the moves behind the lobby. A transaction
    /// that stores a game ([`Lobby::store`]) is synced as every game's write is.
    pub fn lobby<T>(&mut self, f: impl FnOnce(&Lobby) -> Result<T>) -> Result<T> {
        match &self.conn {
            Conn::Sqlite(_) => {
                self.conn.batch("PRAGMA synchronous = NORMAL")?;
                let out = self.conn.transaction(|c| {
                    f(&Lobby {
                        conn: c,
                        synced: false,
                    })
                });
                let back = self.conn.batch("PRAGMA synchronous = FULL");
                let out = out?;
                back?;
                Ok(out)
            }
            Conn::Postgres(_) => self.conn.transaction(|c| {
                c.batch("SET LOCAL synchronous_commit = off")?;
                f(&Lobby {
                    conn: c,
                    synced: false,
                })
            }),
        }
    }

    /// Forgets the whole lobby (a single SQLite instance starting: nothing of its lobby
    /// outlives it, as its sockets did not).
    pub fn clear_lobby(&mut self) -> Result<()> {
        self.conn.transaction(|c| {
            c.execute("DELETE FROM lobby_offers", &[])?;
            c.execute("DELETE FROM lobby_sockets", &[])?;
            Ok(())
        })
    }
}
