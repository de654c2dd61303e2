//! Work that must happen exactly once in the whole cluster, also when the instance that
//! would have done it dies: a computer's move, and a clock's deadline (a flag fall, or the
//! abort of a game whose first move did not come in time). docs/deploy.md, "Several
//! instances on one database", describes the design; in short:
//!
//! - A job is a row of `jobs`, one per game and kind. It is written in the transaction of
//!   the move (or creation) that makes it due ([`crate::Write::Jobs`]), and deleted in the
//!   transaction that does it ([`crate::Write::JobDone`], or any write that ends the game),
//!   so "done" and "job gone" are one commit.
//! - An instance works a job under a lease (`leased_by`, `leased_until`); a job whose lease
//!   ran out (its instance died or gave up) is taken by the next instance that polls.
//!   PostgreSQL takes due jobs with `FOR UPDATE SKIP LOCKED`, so instances polling together
//!   never take the same row; SQLite has one writer at a time, so its `UPDATE` is atomic
//!   as it is.
//! - `instances` lists the running instances (a heartbeat each), so a cluster knows when
//!   all of it was down (clocks charge nobody for that time) and operators can see who runs.
//!
//! Times are the instances' clock times in Unix ms (their clocks must agree, as with NTP).

use crate::sql::{args, Conn, Row};
use crate::{Db, Result};

/// What a job does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum JobKind {
    /// The computer's move in a game against the computer.
    Computer,
    /// The deadline of a game's clock: a flag fall, or an abort before the first move.
    Clock,
}

impl JobKind {
    pub fn name(self) -> &'static str {
        match self {
            JobKind::Computer => "computer",
            JobKind::Clock => "clock",
        }
    }

    fn parse(s: &str) -> Option<JobKind> {
        match s {
            "computer" => Some(JobKind::Computer),
            "clock" => Some(JobKind::Clock),
            _ => None,
        }
    }
}

/// A job as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Job {
    pub game: String,
    pub kind: JobKind,
    /// The game's move count when the job was made: a job is about that position only (a
    /// move since makes a new job, and the old one cannot be done any more).
    pub ply: u32,
    /// When it is due (Unix ms).
    pub due_at: i64,
    /// The instance working it and until when (None: free).
    pub lease: Option<Lease>,
}

/// Who works a job, until when (Unix ms).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lease {
    pub by: String,
    pub until: i64,
}

/// How long an instance's lease lasts, by the kind of job, and how long an instance may be
/// silent (no heartbeat) before its leases count for nothing (ms).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LeaseTimes {
    pub computer: i64,
    pub clock: i64,
    pub silent: i64,
}

impl LeaseTimes {
    fn of(&self, kind: JobKind) -> i64 {
        match kind {
            JobKind::Computer => self.computer,
            JobKind::Clock => self.clock,
        }
    }
}

const JOB_COLUMNS: &str = "game_id, kind, ply, due_at, leased_by, leased_until";

fn job_row(r: &Row) -> Result<Job> {
    let kind: String = r.get(1)?;
    let by: Option<String> = r.get(4)?;
    let until: Option<i64> = r.get(5)?;
    Ok(Job {
        game: r.get(0)?,
        kind: JobKind::parse(&kind)
            .ok_or_else(|| crate::Error::Value(format!("job kind {kind:?}")))?,
        ply: u32::try_from(r.get::<i64>(2)?)
            .map_err(|_| crate::Error::Value("job ply out of range".into()))?,
        due_at: r.get(3)?,
        lease: by.zip(until).map(|(by, until)| Lease { by, until }),
    })
}

/// Replaces the jobs of `game` with `jobs` (inside a write's transaction).
pub(crate) fn replace(conn: &Conn, game: &str, jobs: &[Job]) -> Result<()> {
    clear(conn, game)?;
    for j in jobs {
        let (by, until) = match &j.lease {
            Some(l) => (Some(l.by.as_str()), Some(l.until)),
            None => (None, None),
        };
        conn.execute(
            "INSERT INTO jobs (game_id, kind, ply, due_at, leased_by, leased_until)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            args![&j.game, j.kind.name(), j.ply, j.due_at, by, until],
        )?;
    }
    Ok(())
}

/// Deletes every job of `game` (its end: nothing is due in a game that is over).
pub(crate) fn clear(conn: &Conn, game: &str) -> Result<()> {
    conn.execute("DELETE FROM jobs WHERE game_id = ?1", args![game])?;
    Ok(())
}

/// Deletes the job `(game, kind)` made at `ply`; [`crate::Error::JobGone`] when it is not
/// there any more (done by another instance, or a move since made a new one).
pub(crate) fn done(conn: &Conn, game: &str, kind: JobKind, ply: u32) -> Result<()> {
    let n = conn.execute(
        "DELETE FROM jobs WHERE game_id = ?1 AND kind = ?2 AND ply = ?3",
        args![game, kind.name(), ply],
    )?;
    if n == 0 {
        return Err(crate::Error::JobGone {
            game: game.to_string(),
            kind: kind.name(),
        });
    }
    Ok(())
}

impl Db {
    /// Takes up to `limit` due jobs that nobody holds a lease on (no lease, a lease that ran
    /// out, or one of an instance silent for longer than `leases.silent`: it died) for
    /// instance `me`, leasing each for its kind's time. One statement: on PostgreSQL
    /// rows another instance is taking at the same moment are skipped, not waited for.
    pub fn take_due_jobs(
        &self,
        me: &str,
        now: i64,
        leases: LeaseTimes,
        limit: usize,
    ) -> Result<Vec<Job>> {
        let lock = if self.is_postgres() {
            "FOR UPDATE SKIP LOCKED"
        } else {
            ""
        };
        self.conn
            .query(
                &format!(
                    "UPDATE jobs SET leased_by = ?1,
                        leased_until = ?2 + CASE kind WHEN 'computer' THEN CAST(?3 AS BIGINT)
                            ELSE CAST(?4 AS BIGINT) END
                     WHERE (game_id, kind) IN (
                        SELECT game_id, kind FROM jobs
                        WHERE due_at <= ?2 AND (coalesce(leased_until, 0) <= ?2
                            OR leased_by NOT IN (SELECT id FROM instances WHERE heartbeat_at > ?6))
                        ORDER BY due_at LIMIT ?5 {lock})
                     RETURNING {JOB_COLUMNS}"
                ),
                args![
                    me,
                    now,
                    leases.computer,
                    leases.clock,
                    limit,
                    now - leases.silent
                ],
            )?
            .iter()
            .map(job_row)
            .collect()
    }

    /// Takes the job `(game, kind)` for `me` if it is due at `now` and free (as for
    /// [`Db::take_due_jobs`]): the instance that holds the game does this when the deadline
    /// it keeps comes, without waiting for a poll.
    pub fn take_job(
        &self,
        game: &str,
        kind: JobKind,
        me: &str,
        now: i64,
        leases: LeaseTimes,
    ) -> Result<Option<Job>> {
        self.conn
            .query_opt(
                &format!(
                    "UPDATE jobs SET leased_by = ?3, leased_until = ?5
                     WHERE game_id = ?1 AND kind = ?2 AND due_at <= ?4
                       AND (coalesce(leased_until, 0) <= ?4
                         OR leased_by NOT IN (SELECT id FROM instances WHERE heartbeat_at > ?6))
                     RETURNING {JOB_COLUMNS}"
                ),
                args![
                    game,
                    kind.name(),
                    me,
                    now,
                    now + leases.of(kind),
                    now - leases.silent
                ],
            )?
            .map(|r| job_row(&r))
            .transpose()
    }

    /// Makes sure the job `(game, kind)` exists and leases it to `me` (the instance about to
    /// do it): stored as `job` if there was none (a database from before jobs), taken if it
    /// is free or `me`'s, refused (`None`) while another instance's lease holds.
    pub fn lease_job(
        &mut self,
        job: &Job,
        me: &str,
        now: i64,
        leases: LeaseTimes,
    ) -> Result<Option<Job>> {
        self.conn.transaction(|c| {
            c.execute(
                "INSERT INTO jobs (game_id, kind, ply, due_at) VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (game_id, kind) DO NOTHING",
                args![&job.game, job.kind.name(), job.ply, job.due_at],
            )?;
            c.query_opt(
                &format!(
                    "UPDATE jobs SET leased_by = ?3, leased_until = ?5
                     WHERE game_id = ?1 AND kind = ?2
                       AND (coalesce(leased_until, 0) <= ?4 OR leased_by = ?3
                         OR leased_by NOT IN (SELECT id FROM instances WHERE heartbeat_at > ?6))
                     RETURNING {JOB_COLUMNS}"
                ),
                args![
                    &job.game,
                    job.kind.name(),
                    me,
                    now,
                    now + leases.of(job.kind),
                    now - leases.silent
                ],
            )?
            .map(|r| job_row(&r))
            .transpose()
        })
    }

    /// Gives up `me`'s lease on the job `(game, kind)` made at `ply`, due again at `due_at`
    /// (a retry, or a deadline that turned out later): any instance may take it then.
    pub fn release_job(
        &self,
        game: &str,
        kind: JobKind,
        ply: u32,
        me: &str,
        due_at: i64,
    ) -> Result<()> {
        self.conn.execute(
            "UPDATE jobs SET leased_by = NULL, leased_until = NULL, due_at = ?5
             WHERE game_id = ?1 AND kind = ?2 AND ply = ?3 AND leased_by = ?4",
            args![game, kind.name(), ply, me, due_at],
        )?;
        Ok(())
    }

    /// Deletes the job `(game, kind)` made at `ply`, if it is still there (a job found moot:
    /// its game is over).
    pub fn drop_job(&self, game: &str, kind: JobKind, ply: u32) -> Result<()> {
        self.conn.execute(
            "DELETE FROM jobs WHERE game_id = ?1 AND kind = ?2 AND ply = ?3",
            args![game, kind.name(), ply],
        )?;
        Ok(())
    }

    /// Lengthens `me`'s lease on `(game, kind)` to `until`; false when it is not `me`'s
    /// any more (done, or taken over after it ran out).
    pub fn renew_job(&self, game: &str, kind: JobKind, me: &str, until: i64) -> Result<bool> {
        Ok(self.conn.execute(
            "UPDATE jobs SET leased_until = ?4 WHERE game_id = ?1 AND kind = ?2 AND leased_by = ?3",
            args![game, kind.name(), me, until],
        )? > 0)
    }

    /// The jobs of a game (for checks and tests).
    pub fn jobs_of(&self, game: &str) -> Result<Vec<Job>> {
        self.conn
            .query(
                &format!("SELECT {JOB_COLUMNS} FROM jobs WHERE game_id = ?1 ORDER BY kind"),
                args![game],
            )?
            .iter()
            .map(job_row)
            .collect()
    }

    /// Stores each job that is not there yet (jobs of games stored before jobs existed).
    pub fn add_missing_jobs(&mut self, jobs: &[Job]) -> Result<()> {
        self.conn.transaction(|c| {
            for j in jobs {
                c.execute(
                    "INSERT INTO jobs (game_id, kind, ply, due_at) VALUES (?1, ?2, ?3, ?4)
                     ON CONFLICT (game_id, kind) DO NOTHING",
                    args![&j.game, j.kind.name(), j.ply, j.due_at],
                )?;
            }
            Ok(())
        })
    }

    /// Records instance `id` as running since `now` (holding its lock, `liveness.rs`),
    /// forgets instances silent since `dead_before` or whose process is gone (a server
    /// restarted after `kill -9` sees its predecessor gone at once), and answers when the
    /// oldest instance still running started: the cluster has run without a break since then
    /// (clocks stored before it were stored while the whole cluster was down, and charge
    /// nobody for that time).
    pub fn register_instance(&mut self, id: &str, now: i64, dead_before: i64) -> Result<i64> {
        self.hold_instance(id)?;
        let gone = self.gone_instances(id)?;
        let since = self.conn.transaction(|c| {
            c.execute(
                "DELETE FROM instances WHERE heartbeat_at < ?1",
                args![dead_before],
            )?;
            for g in &gone {
                c.execute(
                    "UPDATE jobs SET leased_by = NULL, leased_until = NULL WHERE leased_by = ?1",
                    args![g],
                )?;
                c.execute("DELETE FROM instances WHERE id = ?1", args![g])?;
            }
            c.execute(
                "INSERT INTO instances (id, started_at, heartbeat_at) VALUES (?1, ?2, ?2)
                 ON CONFLICT (id) DO UPDATE SET started_at = ?2, heartbeat_at = ?2",
                args![id, now],
            )?;
            c.query_opt("SELECT min(started_at) FROM instances", &[])?
                .map_or(Ok(now), |r| {
                    r.get::<Option<i64>>(0).map(|t| t.unwrap_or(now))
                })
        })?;
        self.forget_locks(&gone);
        Ok(since)
    }

    /// Instance `id` is still running at `now`.
    pub fn heartbeat(&self, id: &str, now: i64) -> Result<()> {
        // Back in the list if it was dropped from it while silent (a long pause).
        self.conn.execute(
            "INSERT INTO instances (id, started_at, heartbeat_at) VALUES (?1, ?2, ?2)
             ON CONFLICT (id) DO UPDATE SET heartbeat_at = excluded.heartbeat_at",
            args![id, now],
        )?;
        Ok(())
    }

    /// Instance `id` stops (its leases are given up: the others take its jobs at once).
    pub fn remove_instance(&mut self, id: &str) -> Result<()> {
        self.conn.transaction(|c| {
            c.execute(
                "UPDATE jobs SET leased_by = NULL, leased_until = NULL WHERE leased_by = ?1",
                args![id],
            )?;
            c.execute("DELETE FROM instances WHERE id = ?1", args![id])?;
            Ok(())
        })?;
        self.release_instance(id)
    }
}
