//! Players (guests and accounts) and their log-in sessions.
//!
//! A guest is a player without a user name or password; signing up gives the same row both,
//! so a guest's games become the account's. Sessions store only a hash of their token. Idle
//! sessions, and guests left with neither a session nor a game, are purged by [`Db::purge_sessions`].

use crate::sql::{args, Conn, Row};
use crate::{Db, Error, Result};

/// Most sessions one player keeps; a new one beyond this ends the least recently used.
pub const SESSIONS_PER_PLAYER: usize = 20;

/// What a deleted player's games show in place of their name.
pub const DELETED_NAME: &str = "deleted player";

/// One player as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerRow {
    pub id: String,
    pub name: String,
    /// The PHC string of the password (Argon2id); `None` for a guest.
    pub password: Option<String>,
    pub created_at: i64,
}

impl PlayerRow {
    pub fn is_guest(&self) -> bool {
        self.password.is_none()
    }
}

/// One log-in session as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionRow {
    /// A public id, to list and revoke sessions by.
    pub id: String,
    /// SHA-256 (hex) of the session's secret token.
    pub token_hash: String,
    pub player_id: String,
    /// The browser's User-Agent when the session began, shortened.
    pub agent: Option<String>,
    pub created_at: i64,
    pub seen_at: i64,
}

/// Why a sign-up did not happen.
#[derive(Debug, PartialEq, Eq)]
pub enum SignUp {
    Done,
    /// Another account has this name (case-insensitively).
    NameTaken,
    /// The guest to upgrade is gone or is an account already.
    NotAGuest,
}

fn player(r: &Row) -> Result<PlayerRow> {
    player_at(r, 0)
}

fn player_at(r: &Row, i: usize) -> Result<PlayerRow> {
    Ok(PlayerRow {
        id: r.get(i)?,
        name: r.get(i + 1)?,
        password: r.get(i + 2)?,
        created_at: r.get(i + 3)?,
    })
}

fn session(r: &Row) -> Result<SessionRow> {
    Ok(SessionRow {
        id: r.get(0)?,
        token_hash: r.get(1)?,
        player_id: r.get(2)?,
        agent: r.get(3)?,
        created_at: r.get(4)?,
        seen_at: r.get(5)?,
    })
}

const SESSION_COLUMNS: &str = "id, token_hash, player_id, agent, created_at, seen_at";

impl Db {
    /// A new guest with its first session, in one transaction.
    pub fn create_guest(&mut self, p: &PlayerRow, s: &SessionRow) -> Result<()> {
        self.conn.transaction(|c| insert_guest(c, p, s))
    }

    /// A new account (`guest` None) with its first session, or the guest `guest` made an
    /// account in place (same id, so its games are the account's). `key` is the name as
    /// compared (lower case).
    pub fn sign_up(
        &mut self,
        guest: Option<&str>,
        p: &PlayerRow,
        key: &str,
        s: &SessionRow,
    ) -> Result<SignUp> {
        let r = self.conn.transaction(|tx| {
            let changed = match guest {
                Some(id) => tx.execute(
                    "UPDATE players SET name = ?2, name_key = ?3, password = ?4
                     WHERE id = ?1 AND password IS NULL",
                    args![id, &p.name, key, &p.password],
                )?,
                None => tx.execute(
                    "INSERT INTO players (id, name, name_key, password, created_at)
                     VALUES (?1, ?2, ?3, ?4, ?5)",
                    args![&p.id, &p.name, key, &p.password, p.created_at],
                )?,
            };
            if changed == 0 {
                return Ok(SignUp::NotAGuest);
            }
            let id = guest.unwrap_or(&p.id);
            // The guest's games now show the account's name.
            tx.execute(
                "UPDATE games SET south_name = ?2 WHERE south_player = ?1",
                args![id, &p.name],
            )?;
            tx.execute(
                "UPDATE games SET north_name = ?2 WHERE north_player = ?1",
                args![id, &p.name],
            )?;
            // The guest's session is replaced by the account's new one.
            if guest.is_some() {
                tx.execute("DELETE FROM sessions WHERE player_id = ?1", args![id])?;
            }
            insert_session(tx, s)?;
            Ok(SignUp::Done)
        });
        match r {
            Err(e) if e.is_unique_violation() => Ok(SignUp::NameTaken),
            r => r,
        }
    }

    /// The account whose name is `key` (lower case).
    pub fn account_by_name(&self, key: &str) -> Result<Option<PlayerRow>> {
        self.conn
            .query_opt(
                "SELECT id, name, password, created_at FROM players
                 WHERE name_key = ?1 AND password IS NOT NULL",
                args![key],
            )?
            .as_ref()
            .map(player)
            .transpose()
    }

    pub fn player(&self, id: &str) -> Result<Option<PlayerRow>> {
        self.conn
            .query_opt(
                "SELECT id, name, password, created_at FROM players WHERE id = ?1",
                args![id],
            )?
            .as_ref()
            .map(player)
            .transpose()
    }

    pub fn add_session(&mut self, s: &SessionRow) -> Result<()> {
        insert_session(&self.conn, s)
    }

    /// The session whose token hashes to `hash` and its player, unless it was last seen
    /// before `oldest`. Its last-seen time becomes `now` when it is older than `touch_before`
    /// (so a busy session is not written at every request).
    pub fn session(
        &mut self,
        hash: &str,
        oldest: i64,
        now: i64,
        touch_before: i64,
    ) -> Result<Option<(SessionRow, PlayerRow)>> {
        let found = self
            .conn
            .query_opt(
                "SELECT s.id, s.token_hash, s.player_id, s.agent, s.created_at, s.seen_at,
                        p.id, p.name, p.password, p.created_at
                 FROM sessions s JOIN players p ON p.id = s.player_id
                 WHERE s.token_hash = ?1 AND s.seen_at >= ?2",
                args![hash, oldest],
            )?
            .map(|r| Ok::<_, crate::Error>((session(&r)?, player_at(&r, 6)?)))
            .transpose()?;
        if let Some((s, _)) = &found {
            if s.seen_at < touch_before {
                self.conn.execute(
                    "UPDATE sessions SET seen_at = ?2 WHERE id = ?1",
                    args![&s.id, now],
                )?;
            }
        }
        Ok(found)
    }

    /// Every session of a player, most recently used first.
    pub fn sessions_of(&self, player_id: &str) -> Result<Vec<SessionRow>> {
        self.conn
            .query(
                &format!(
                    "SELECT {SESSION_COLUMNS} FROM sessions WHERE player_id = ?1
                     ORDER BY seen_at DESC, id"
                ),
                args![player_id],
            )?
            .iter()
            .map(session)
            .collect()
    }

    /// Ends the session `id` of `player_id`; false when it has no such session.
    pub fn revoke_session(&mut self, player_id: &str, id: &str) -> Result<bool> {
        Ok(self.conn.execute(
            "DELETE FROM sessions WHERE player_id = ?1 AND id = ?2",
            args![player_id, id],
        )? > 0)
    }

    /// Ends every session of `player_id` but `keep`; answers how many ended.
    pub fn revoke_other_sessions(&mut self, player_id: &str, keep: &str) -> Result<usize> {
        Ok(self.conn.execute(
            "DELETE FROM sessions WHERE player_id = ?1 AND id != ?2",
            args![player_id, keep],
        )? as usize)
    }

    /// A new password (PHC string) for an account; every session but `keep` ends.
    pub fn set_password(&mut self, player_id: &str, password: &str, keep: &str) -> Result<()> {
        self.conn.transaction(|tx| {
            let n = tx.execute(
                "UPDATE players SET password = ?2 WHERE id = ?1 AND password IS NOT NULL",
                args![player_id, password],
            )?;
            if n == 0 {
                return Err(Error::NoPlayer(player_id.to_string()));
            }
            tx.execute(
                "DELETE FROM sessions WHERE player_id = ?1 AND id != ?2",
                args![player_id, keep],
            )?;
            Ok(())
        })
    }

    /// Deletes a player and their sessions; their games stay, with [`DELETED_NAME`] for a
    /// name and no link to anyone.
    pub fn delete_player(&mut self, id: &str) -> Result<()> {
        self.conn.transaction(|tx| {
            tx.execute(
                "UPDATE games SET south_name = ?2, south_player = NULL WHERE south_player = ?1",
                args![id, DELETED_NAME],
            )?;
            tx.execute(
                "UPDATE games SET north_name = ?2, north_player = NULL WHERE north_player = ?1",
                args![id, DELETED_NAME],
            )?;
            tx.execute("DELETE FROM sessions WHERE player_id = ?1", args![id])?;
            tx.execute("DELETE FROM players WHERE id = ?1", args![id])?;
            Ok(())
        })
    }

    /// Names `player_id` as the player of start seat `seat` (`south` or `north`) of a game.
    pub fn set_seat_player(&mut self, game: &str, seat: &str, player_id: &str) -> Result<()> {
        let sql = if seat == "south" {
            "UPDATE games SET south_player = ?2 WHERE id = ?1"
        } else {
            "UPDATE games SET north_player = ?2 WHERE id = ?1"
        };
        if self.conn.execute(sql, args![game, player_id])? == 0 {
            return Err(Error::NoGame(game.to_string()));
        }
        Ok(())
    }

    /// The player ids of a game's start seats (south, north).
    pub fn seat_players(&self, game: &str) -> Result<(Option<String>, Option<String>)> {
        match self.conn.query_opt(
            "SELECT south_player, north_player FROM games WHERE id = ?1",
            args![game],
        )? {
            Some(r) => Ok((r.get(0)?, r.get(1)?)),
            None => Ok((None, None)),
        }
    }

    /// Every game a player sat in, with the start seat (`south` or `north`).
    pub fn player_games(&self, player_id: &str) -> Result<Vec<(String, String)>> {
        self.conn
            .query(
                "SELECT id, 'south' FROM games WHERE south_player = ?1
                 UNION ALL SELECT id, 'north' FROM games WHERE north_player = ?1",
                args![player_id],
            )?
            .iter()
            .map(|r| Ok((r.get(0)?, r.get(1)?)))
            .collect()
    }

    /// Deletes sessions last seen before `oldest`, then guests left with neither a session
    /// nor a game. Answers (sessions, guests) deleted.
    pub fn purge_sessions(&mut self, oldest: i64) -> Result<(usize, usize)> {
        self.conn.transaction(|tx| {
            let sessions = tx.execute("DELETE FROM sessions WHERE seen_at < ?1", args![oldest])?;
            let guests = tx.execute(
                "DELETE FROM players WHERE password IS NULL
                 AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.player_id = players.id)
                 AND NOT EXISTS (SELECT 1 FROM games g WHERE g.south_player = players.id)
                 AND NOT EXISTS (SELECT 1 FROM games g WHERE g.north_player = players.id)",
                &[],
            )?;
            Ok((sessions as usize, guests as usize))
        })
    }

    /// Players and sessions stored (for tests and operators).
    pub fn player_counts(&self) -> Result<(i64, i64)> {
        let count = |sql: &str| -> Result<i64> {
            self.conn.query_opt(sql, &[])?.map_or(Ok(0), |r| r.get(0))
        };
        Ok((
            count("SELECT count(*) FROM players")?,
            count("SELECT count(*) FROM sessions")?,
        ))
    }
}

/// A new guest and its first session (inside a transaction: [`Db::create_guest`], or a
/// batch's [`crate::Item::Guest`]).
pub(crate) fn insert_guest(c: &Conn, p: &PlayerRow, s: &SessionRow) -> Result<()> {
    c.execute(
        "INSERT INTO players (id, name, created_at) VALUES (?1, ?2, ?3)",
        args![&p.id, &p.name, p.created_at],
    )?;
    insert_session(c, s)
}

fn insert_session(conn: &Conn, s: &SessionRow) -> Result<()> {
    conn.execute(
        "INSERT INTO sessions (id, token_hash, player_id, agent, created_at, seen_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        args![
            &s.id,
            &s.token_hash,
            &s.player_id,
            &s.agent,
            s.created_at,
            s.seen_at
        ],
    )?;
    // Every log-in is a session: keep the most recent few, so they cannot pile up.
    conn.execute(
        "DELETE FROM sessions WHERE player_id = ?1 AND id NOT IN (
            SELECT id FROM sessions WHERE player_id = ?1
            ORDER BY seen_at DESC, created_at DESC LIMIT ?2)",
        args![&s.player_id, SESSIONS_PER_PLAYER],
    )?;
    Ok(())
}
