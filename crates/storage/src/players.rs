//! Players (guests and accounts) and their log-in sessions.
//!
//! A guest is a player without a user name or password; signing up gives the same row both,
//! so a guest's games become the account's. Sessions store only a hash of their token. Idle
//! sessions, and guests left with neither a session nor a game, are purged by [`Db::purge_sessions`].

use crate::{Db, Error, Result};
use rusqlite::{params, OptionalExtension};

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

fn player(r: &rusqlite::Row<'_>) -> rusqlite::Result<PlayerRow> {
    Ok(PlayerRow {
        id: r.get(0)?,
        name: r.get(1)?,
        password: r.get(2)?,
        created_at: r.get(3)?,
    })
}

fn session(r: &rusqlite::Row<'_>) -> rusqlite::Result<SessionRow> {
    Ok(SessionRow {
        id: r.get(0)?,
        token_hash: r.get(1)?,
        player_id: r.get(2)?,
        agent: r.get(3)?,
        created_at: r.get(4)?,
        seen_at: r.get(5)?,
    })
}

fn is_unique_violation(e: &rusqlite::Error) -> bool {
    matches!(e, rusqlite::Error::SqliteFailure(f, _)
        if f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE
            || f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_PRIMARYKEY)
}

const SESSION_COLUMNS: &str = "id, token_hash, player_id, agent, created_at, seen_at";

impl Db {
    /// A new guest with its first session, in one transaction.
    pub fn create_guest(&mut self, p: &PlayerRow, s: &SessionRow) -> Result<()> {
        let tx = self.conn.transaction()?;
        tx.execute(
            "INSERT INTO players (id, name, created_at) VALUES (?1, ?2, ?3)",
            params![p.id, p.name, p.created_at],
        )?;
        insert_session(&tx, s)?;
        tx.commit()?;
        Ok(())
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
        let tx = self.conn.transaction()?;
        let r = match guest {
            Some(id) => tx.execute(
                "UPDATE players SET name = ?2, name_key = ?3, password = ?4
                 WHERE id = ?1 AND password IS NULL",
                params![id, p.name, key, p.password],
            ),
            None => tx.execute(
                "INSERT INTO players (id, name, name_key, password, created_at)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
                params![p.id, p.name, key, p.password, p.created_at],
            ),
        };
        match r {
            Ok(0) => return Ok(SignUp::NotAGuest),
            Ok(_) => {}
            Err(e) if is_unique_violation(&e) => return Ok(SignUp::NameTaken),
            Err(e) => return Err(e.into()),
        }
        let id = guest.unwrap_or(&p.id);
        // The guest's games now show the account's name.
        tx.execute(
            "UPDATE games SET south_name = ?2 WHERE south_player = ?1",
            params![id, p.name],
        )?;
        tx.execute(
            "UPDATE games SET north_name = ?2 WHERE north_player = ?1",
            params![id, p.name],
        )?;
        // The guest's session is replaced by the account's new one.
        if guest.is_some() {
            tx.execute("DELETE FROM sessions WHERE player_id = ?1", [id])?;
        }
        insert_session(&tx, s)?;
        tx.commit()?;
        Ok(SignUp::Done)
    }

    /// The account whose name is `key` (lower case).
    pub fn account_by_name(&self, key: &str) -> Result<Option<PlayerRow>> {
        Ok(self
            .conn
            .prepare_cached(
                "SELECT id, name, password, created_at FROM players
                 WHERE name_key = ?1 AND password IS NOT NULL",
            )?
            .query_row([key], player)
            .optional()?)
    }

    pub fn player(&self, id: &str) -> Result<Option<PlayerRow>> {
        Ok(self
            .conn
            .prepare_cached("SELECT id, name, password, created_at FROM players WHERE id = ?1")?
            .query_row([id], player)
            .optional()?)
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
            .prepare_cached(
                "SELECT s.id, s.token_hash, s.player_id, s.agent, s.created_at, s.seen_at,
                        p.id, p.name, p.password, p.created_at
                 FROM sessions s JOIN players p ON p.id = s.player_id
                 WHERE s.token_hash = ?1 AND s.seen_at >= ?2",
            )?
            .query_row(params![hash, oldest], |r| {
                let s = session(r)?;
                let p = PlayerRow {
                    id: r.get(6)?,
                    name: r.get(7)?,
                    password: r.get(8)?,
                    created_at: r.get(9)?,
                };
                Ok((s, p))
            })
            .optional()?;
        if let Some((s, _)) = &found {
            if s.seen_at < touch_before {
                self.conn
                    .prepare_cached("UPDATE sessions SET seen_at = ?2 WHERE id = ?1")?
                    .execute(params![s.id, now])?;
            }
        }
        Ok(found)
    }

    /// Every session of a player, most recently used first.
    pub fn sessions_of(&self, player_id: &str) -> Result<Vec<SessionRow>> {
        let mut stmt = self.conn.prepare_cached(&format!(
            "SELECT {SESSION_COLUMNS} FROM sessions WHERE player_id = ?1
             ORDER BY seen_at DESC, id"
        ))?;
        let rows = stmt
            .query_map([player_id], session)?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(rows)
    }

    /// Ends the session `id` of `player_id`; false when it has no such session.
    pub fn revoke_session(&mut self, player_id: &str, id: &str) -> Result<bool> {
        Ok(self.conn.execute(
            "DELETE FROM sessions WHERE player_id = ?1 AND id = ?2",
            params![player_id, id],
        )? > 0)
    }

    /// Ends every session of `player_id` but `keep`; answers how many ended.
    pub fn revoke_other_sessions(&mut self, player_id: &str, keep: &str) -> Result<usize> {
        Ok(self.conn.execute(
            "DELETE FROM sessions WHERE player_id = ?1 AND id != ?2",
            params![player_id, keep],
        )?)
    }

    /// A new password (PHC string) for an account; every session but `keep` ends.
    pub fn set_password(&mut self, player_id: &str, password: &str, keep: &str) -> Result<()> {
        let tx = self.conn.transaction()?;
        let n = tx.execute(
            "UPDATE players SET password = ?2 WHERE id = ?1 AND password IS NOT NULL",
            params![player_id, password],
        )?;
        if n == 0 {
            return Err(Error::NoPlayer(player_id.to_string()));
        }
        tx.execute(
            "DELETE FROM sessions WHERE player_id = ?1 AND id != ?2",
            params![player_id, keep],
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Deletes a player and their sessions; their games stay, with [`DELETED_NAME`] for a
    /// name and no link to anyone.
    pub fn delete_player(&mut self, id: &str) -> Result<()> {
        let tx = self.conn.transaction()?;
        tx.execute(
            "UPDATE games SET south_name = ?2, south_player = NULL WHERE south_player = ?1",
            params![id, DELETED_NAME],
        )?;
        tx.execute(
            "UPDATE games SET north_name = ?2, north_player = NULL WHERE north_player = ?1",
            params![id, DELETED_NAME],
        )?;
        tx.execute("DELETE FROM sessions WHERE player_id = ?1", [id])?;
        tx.execute("DELETE FROM players WHERE id = ?1", [id])?;
        tx.commit()?;
        Ok(())
    }

    /// Names `player_id` as the player of start seat `seat` (`south` or `north`) of a game.
    pub fn set_seat_player(&mut self, game: &str, seat: &str, player_id: &str) -> Result<()> {
        let sql = if seat == "south" {
            "UPDATE games SET south_player = ?2 WHERE id = ?1"
        } else {
            "UPDATE games SET north_player = ?2 WHERE id = ?1"
        };
        if self.conn.execute(sql, params![game, player_id])? == 0 {
            return Err(Error::NoGame(game.to_string()));
        }
        Ok(())
    }

    /// The player ids of a game's start seats (south, north).
    pub fn seat_players(&self, game: &str) -> Result<(Option<String>, Option<String>)> {
        Ok(self
            .conn
            .prepare_cached("SELECT south_player, north_player FROM games WHERE id = ?1")?
            .query_row([game], |r| Ok((r.get(0)?, r.get(1)?)))
            .optional()?
            .unwrap_or((None, None)))
    }

    /// Every game a player sat in, with the start seat (`south` or `north`).
    pub fn player_games(&self, player_id: &str) -> Result<Vec<(String, String)>> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT id, 'south' FROM games WHERE south_player = ?1
             UNION ALL SELECT id, 'north' FROM games WHERE north_player = ?1",
        )?;
        let rows = stmt
            .query_map([player_id], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(rows)
    }

    /// Deletes sessions last seen before `oldest`, then guests left with neither a session
    /// nor a game. Answers (sessions, guests) deleted.
    pub fn purge_sessions(&mut self, oldest: i64) -> Result<(usize, usize)> {
        let tx = self.conn.transaction()?;
        let sessions = tx.execute("DELETE FROM sessions WHERE seen_at < ?1", [oldest])?;
        let guests = tx.execute(
            "DELETE FROM players WHERE password IS NULL
             AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.player_id = players.id)
             AND NOT EXISTS (SELECT 1 FROM games g WHERE g.south_player = players.id)
             AND NOT EXISTS (SELECT 1 FROM games g WHERE g.north_player = players.id)",
            [],
        )?;
        tx.commit()?;
        Ok((sessions, guests))
    }

    /// Players and sessions stored (for tests and operators).
    pub fn player_counts(&self) -> Result<(i64, i64)> {
        let players = self
            .conn
            .query_row("SELECT count(*) FROM players", [], |r| r.get(0))?;
        let sessions = self
            .conn
            .query_row("SELECT count(*) FROM sessions", [], |r| r.get(0))?;
        Ok((players, sessions))
    }
}

fn insert_session(conn: &rusqlite::Connection, s: &SessionRow) -> Result<()> {
    conn.prepare_cached(
        "INSERT INTO sessions (id, token_hash, player_id, agent, created_at, seen_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?
    .execute(params![
        s.id,
        s.token_hash,
        s.player_id,
        s.agent,
        s.created_at,
        s.seen_at
    ])?;
    // Every log-in is a session: keep the most recent few, so they cannot pile up.
    conn.prepare_cached(
        "DELETE FROM sessions WHERE player_id = ?1 AND id NOT IN (
            SELECT id FROM sessions WHERE player_id = ?1
            ORDER BY seen_at DESC, created_at DESC LIMIT ?2)",
    )?
    .execute(params![s.player_id, SESSIONS_PER_PLAYER as i64])?;
    Ok(())
}
