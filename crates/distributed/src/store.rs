//! The PostgreSQL tables of distributed solving, with the synchronous `postgres` client (as
//! `kalah-storage` uses it: every caller is a plain loop on its own thread).
//!
//! - `dist_solved`: the shared table of solved positions, keyed by rules and position; each
//!   row holds bounds (`lower..=upper`, equal when exact). Writes only narrow them
//!   (`GREATEST`/`LEAST`), so a late or repeated answer never loses what is known.
//! - `dist_runs`: one row per solve (rules, root, state, the root's bounds so far).
//! - `dist_jobs`: the leaves a run wants proven, one row per position, with their window and
//!   priority. States: `queued` (offered), `leased` (a worker holds it until `lease_until`,
//!   which it renews while it works), `done` (answered, bounds in `dist_solved`, not yet read
//!   by the coordinator), `used` (read), `cancelled` (not wanted now: cut off, or beyond the
//!   jobs offered ahead).
//! - `dist_workers`: each worker's last sign of life and its totals.

use crate::tree::{Bounds, Wanted, Window};
use kalah_rules::{parse_setup, Move, Position, Rules};
use postgres::fallible_iterator::FallibleIterator;
use postgres::{Client, NoTls};
use std::collections::HashMap;
use std::fmt;
use std::time::Duration;

/// The error of a store call.
#[derive(Debug)]
pub enum Error {
    Db(postgres::Error),
    /// A stored rules or position text that does not parse.
    Bad(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Db(e) => write!(f, "PostgreSQL: {e}"),
            Error::Bad(s) => write!(f, "{s}"),
        }
    }
}

impl std::error::Error for Error {}

impl From<postgres::Error> for Error {
    fn from(e: postgres::Error) -> Error {
        Error::Db(e)
    }
}

pub type Result<T> = std::result::Result<T, Error>;

/// The channel workers hear new jobs on.
pub const JOBS_CHANNEL: &str = "dist_jobs";
/// The channel coordinators hear answers on.
pub const DONE_CHANNEL: &str = "dist_done";
/// The channel workers hear cancelled jobs on (so that they stop at once, not at their next
/// renewal).
pub const CANCEL_CHANNEL: &str = "dist_cancel";

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS dist_solved (
    rules text NOT NULL,
    position text NOT NULL,
    lower integer NOT NULL,
    upper integer NOT NULL,
    nodes bigint NOT NULL DEFAULT 0,
    seconds double precision NOT NULL DEFAULT 0,
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (rules, position)
);
CREATE TABLE IF NOT EXISTS dist_runs (
    id bigserial PRIMARY KEY,
    rules text NOT NULL,
    position text NOT NULL,
    state text NOT NULL DEFAULT 'running',
    lower integer,
    upper integer,
    leaves integer NOT NULL DEFAULT 0,
    started_at timestamptz NOT NULL DEFAULT now(),
    finished_at timestamptz
);
CREATE TABLE IF NOT EXISTS dist_jobs (
    id bigserial PRIMARY KEY,
    run bigint NOT NULL REFERENCES dist_runs (id),
    rules text NOT NULL,
    position text NOT NULL,
    alpha integer NOT NULL,
    beta integer NOT NULL,
    priority integer NOT NULL,
    state text NOT NULL DEFAULT 'queued',
    worker text,
    lease_until timestamptz,
    attempts integer NOT NULL DEFAULT 0,
    proofs integer NOT NULL DEFAULT 0,
    nodes bigint NOT NULL DEFAULT 0,
    seconds double precision NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL DEFAULT now(),
    leased_at timestamptz,
    done_at timestamptz,
    UNIQUE (run, position)
);
CREATE INDEX IF NOT EXISTS dist_jobs_open ON dist_jobs (priority, id)
    WHERE state IN ('queued', 'leased');
CREATE TABLE IF NOT EXISTS dist_roots (
    run bigint NOT NULL REFERENCES dist_runs (id),
    position text NOT NULL,
    value integer NOT NULL,
    best text,
    known boolean NOT NULL DEFAULT false,
    done_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (run, position)
);
CREATE TABLE IF NOT EXISTS dist_workers (
    name text PRIMARY KEY,
    started_at timestamptz NOT NULL DEFAULT now(),
    last_seen timestamptz NOT NULL DEFAULT now(),
    job bigint,
    jobs_done bigint NOT NULL DEFAULT 0,
    nodes bigint NOT NULL DEFAULT 0,
    busy_seconds double precision NOT NULL DEFAULT 0
);
";

/// The columns added to tables of the first version (issue 38's book runs): run only where
/// they are missing, since an `ALTER TABLE` locks its table against every worker.
const UPGRADE: &str = "
ALTER TABLE dist_solved ADD COLUMN IF NOT EXISTS best text;
ALTER TABLE dist_runs ADD COLUMN IF NOT EXISTS kind text NOT NULL DEFAULT 'solve';
ALTER TABLE dist_runs ADD COLUMN IF NOT EXISTS roots integer NOT NULL DEFAULT 1;
ALTER TABLE dist_runs ADD COLUMN IF NOT EXISTS resumed_at timestamptz;
ALTER TABLE dist_jobs ADD COLUMN IF NOT EXISTS entry boolean NOT NULL DEFAULT false;
ALTER TABLE dist_jobs ADD COLUMN IF NOT EXISTS prefer text;
ALTER TABLE dist_jobs ADD COLUMN IF NOT EXISTS prefer_until timestamptz;
";

/// A job as a worker takes it.
#[derive(Debug, Clone)]
pub struct Job {
    pub id: i64,
    pub run: i64,
    pub rules: Rules,
    pub position: Position,
    pub window: Window,
    /// How many times it was leased, this time included (more than 1: a lease ran out or it
    /// was asked again with another window).
    pub attempts: i32,
    /// The exact value and every best move are wanted (a book's entry), not bounds for the
    /// window alone.
    pub entry: bool,
}

/// A job's answer: bounds of its position's value (exact for an entry), and for an entry
/// every best move.
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    pub position: Position,
    pub bounds: Bounds,
    pub best: Option<Vec<Move>>,
    /// Seconds of proving the table holds for the position (every proof of it).
    pub seconds: f64,
}

/// A job being proven, as the coordinator sees it.
#[derive(Debug, Clone)]
pub struct Leased {
    pub position: Position,
    pub worker: String,
    /// Since it was leased.
    pub seconds: f64,
}

/// Moves as stored: `"1 4"`.
pub fn moves_text(moves: &[Move]) -> String {
    moves
        .iter()
        .map(Move::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Stored moves read back.
pub fn parse_moves(s: &str) -> Result<Vec<Move>> {
    s.split_whitespace()
        .map(|m| {
            m.parse()
                .map_err(|e| Error::Bad(format!("stored moves {s}: {e:?}")))
        })
        .collect()
}

/// What one worker did: `proofs` answers, `nodes` and `seconds` of proving in them.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Work {
    pub nodes: u64,
    pub seconds: f64,
}

/// A run as `kalah worker status` shows it.
#[derive(Debug, Clone)]
pub struct RunStatus {
    pub id: i64,
    pub rules: String,
    pub position: String,
    pub state: String,
    pub bounds: Option<Bounds>,
    pub leaves: i32,
    pub elapsed: f64,
    /// Jobs by state.
    pub jobs: HashMap<String, i64>,
    /// Answers written (every proof, repeated ones included), and in the last minute.
    pub proofs: i64,
    pub proofs_last_minute: i64,
    /// Proving time and nodes in the answers.
    pub busy_seconds: f64,
    pub nodes: i64,
    /// `solve` (one position) or `many` (several, e.g. a book's level).
    pub kind: String,
    /// Positions to solve in the run, solved so far (of them, found in the table at the
    /// start), and solved in the last ten minutes.
    pub roots: i32,
    pub roots_done: i64,
    pub roots_known: i64,
    pub roots_last_10_minutes: i64,
    /// Seconds the rate is measured over: the last ten minutes, or since the run was
    /// started or resumed when that is more recent.
    pub roots_span: f64,
}

impl RunStatus {
    /// Positions of the run solved an hour, at the rate of the last ten minutes (or since
    /// the run was started or resumed, when that is more recent).
    pub fn roots_rate(&self) -> f64 {
        self.roots_last_10_minutes as f64 * 3600.0 / self.roots_span.max(1.0)
    }

    /// Seconds until every position of the run is solved at [`RunStatus::roots_rate`].
    pub fn roots_eta(&self) -> Option<f64> {
        let r = self.roots_rate();
        let left = (self.roots as i64 - self.roots_done).max(0);
        (r > 0.0 && self.state == "running").then(|| left as f64 * 3600.0 / r)
    }

    /// Jobs still to answer: offered or being proven.
    pub fn open(&self) -> i64 {
        self.jobs.get("queued").copied().unwrap_or(0)
            + self.jobs.get("leased").copied().unwrap_or(0)
    }

    /// Answers a second, over the last minute (or since the start, when younger).
    pub fn rate(&self) -> f64 {
        let span = self.elapsed.clamp(1.0, 60.0);
        let n = if self.elapsed < 60.0 {
            self.proofs
        } else {
            self.proofs_last_minute
        };
        n as f64 / span
    }

    /// Seconds until the open jobs are answered at the present rate (a floor: answers open
    /// new jobs until the root is proven).
    pub fn eta(&self) -> Option<f64> {
        let r = self.rate();
        (r > 0.0 && self.state == "running").then(|| self.open() as f64 / r)
    }
}

/// A job's row as tests and reports read it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JobRow {
    pub state: String,
    /// Times leased.
    pub attempts: i32,
    /// Answers written.
    pub proofs: i32,
    /// The worker that last leased it.
    pub worker: Option<String>,
}

/// A worker as `kalah worker status` shows it.
#[derive(Debug, Clone)]
pub struct WorkerStatus {
    pub name: String,
    pub seconds_since_seen: f64,
    pub job: Option<i64>,
    pub jobs_done: i64,
    pub nodes: i64,
    pub busy_seconds: f64,
}

/// How the jobs of a run changed in one [`Store::sync_jobs`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Sync {
    pub queued: usize,
    pub cancelled: usize,
}

/// A connection to the distributed-solving tables.
pub struct Store {
    client: Client,
}

pub fn position_key(pos: &Position) -> String {
    pos.to_string()
}

pub fn parse_position(rules: Rules, s: &str) -> Result<Position> {
    let setup = parse_setup(s).map_err(|e| Error::Bad(format!("stored position {s}: {e}")))?;
    Position::from_setup(rules, &setup).map_err(|e| Error::Bad(format!("stored position {s}: {e}")))
}

pub fn parse_rules(s: &str) -> Result<Rules> {
    s.parse()
        .map_err(|e| Error::Bad(format!("stored rules {s}: {e}")))
}

impl Store {
    /// Connects and makes the tables when they are missing (one process at a time).
    pub fn connect(url: &str) -> Result<Store> {
        let mut client = Client::connect(url, NoTls)?;
        let mut tx = client.transaction()?;
        tx.batch_execute("SELECT pg_advisory_xact_lock(38038)")?;
        // Made and up to date: nothing to lock.
        let upgraded: bool = tx
            .query_one(
                "SELECT EXISTS (SELECT 1 FROM information_schema.columns \
                 WHERE table_schema = current_schema() AND table_name = 'dist_jobs' AND column_name = 'prefer_until')",
                &[],
            )?
            .get(0);
        if !upgraded {
            tx.batch_execute(SCHEMA)?;
            tx.batch_execute(UPGRADE)?;
        }
        tx.commit()?;
        Ok(Store { client })
    }

    /// Listens on a channel (see [`Store::wait`]).
    pub fn listen(&mut self, channel: &str) -> Result<()> {
        self.client.batch_execute(&format!("LISTEN {channel}"))?;
        Ok(())
    }

    /// Waits up to `timeout` for a notification on a channel listened to; true when one came.
    /// Every waiting notification is taken.
    pub fn wait(&mut self, timeout: Duration) -> Result<bool> {
        let mut n = self.client.notifications();
        let mut got = n.timeout_iter(timeout).next()?.is_some();
        while n.iter().next()?.is_some() {
            got = true;
        }
        Ok(got)
    }

    // ---- The table of solved positions.

    /// What the table holds of these positions.
    pub fn solved(
        &mut self,
        rules: Rules,
        positions: &[Position],
    ) -> Result<Vec<(Position, Bounds)>> {
        let keys: Vec<String> = positions.iter().map(position_key).collect();
        let rows = self.client.query(
            "SELECT position, lower, upper FROM dist_solved WHERE rules = $1 AND position = ANY($2)",
            &[&rules.to_string(), &keys],
        )?;
        rows.iter()
            .map(|r| {
                Ok((
                    parse_position(rules, r.get(0))?,
                    Bounds {
                        lower: r.get(1),
                        upper: r.get(2),
                    },
                ))
            })
            .collect()
    }

    /// What the table holds of these positions, with the best moves where an entry was
    /// solved.
    pub fn solved_full(&mut self, rules: Rules, positions: &[Position]) -> Result<Vec<Answer>> {
        let keys: Vec<String> = positions.iter().map(position_key).collect();
        let rows = self.client.query(
            "SELECT position, lower, upper, best, seconds FROM dist_solved WHERE rules = $1 AND position = ANY($2)",
            &[&rules.to_string(), &keys],
        )?;
        rows.iter()
            .map(|r| {
                Ok(Answer {
                    position: parse_position(rules, r.get(0))?,
                    bounds: Bounds {
                        lower: r.get(1),
                        upper: r.get(2),
                    },
                    best: r.get::<_, Option<&str>>(3).map(parse_moves).transpose()?,
                    seconds: r.get(4),
                })
            })
            .collect()
    }

    /// Adds facts to the table of solved positions (each narrows what is there).
    pub fn record_solved(&mut self, rules: Rules, facts: &[(Position, Bounds)]) -> Result<()> {
        let mut tx = self.client.transaction()?;
        let st = tx.prepare(UPSERT_SOLVED)?;
        let r = rules.to_string();
        for (p, b) in facts {
            tx.execute(
                &st,
                &[&r, &position_key(p), &b.lower, &b.upper, &0i64, &0f64],
            )?;
        }
        tx.commit()?;
        Ok(())
    }

    /// Adds an exact value with every best move to the table (a solved entry).
    pub fn record_entry(
        &mut self,
        rules: Rules,
        pos: &Position,
        value: i32,
        best: &[Move],
    ) -> Result<()> {
        self.client.execute(
            UPSERT_SOLVED_BEST,
            &[
                &rules.to_string(),
                &position_key(pos),
                &value,
                &value,
                &0i64,
                &0f64,
                &moves_text(best),
            ],
        )?;
        Ok(())
    }

    // ---- Runs (the coordinator).

    /// The running run of these positions under `label` (which names them: the same label
    /// resumes the run), or a new one of `kind`. Answers its id and whether it was resumed.
    pub fn open_named_run(
        &mut self,
        rules: Rules,
        label: &str,
        kind: &str,
        roots: usize,
    ) -> Result<(i64, bool)> {
        let rules = rules.to_string();
        if let Some(r) = self.client.query_opt(
            "SELECT id FROM dist_runs WHERE rules = $1 AND position = $2 AND state = 'running' \
             ORDER BY id DESC LIMIT 1",
            &[&rules, &label],
        )? {
            let id: i64 = r.get(0);
            self.client.execute(
                "UPDATE dist_runs SET roots = $2, resumed_at = now() WHERE id = $1",
                &[&id, &(roots as i32)],
            )?;
            return Ok((id, true));
        }
        let r = self.client.query_one(
            "INSERT INTO dist_runs (rules, position, kind, roots) VALUES ($1, $2, $3, $4) RETURNING id",
            &[&rules, &label, &kind, &(roots as i32)],
        )?;
        Ok((r.get(0), false))
    }

    /// Ends every running run of `rules` whose name starts with `stem` but is not `label`,
    /// as superseded, and takes its queued jobs off offer: the unfinished run of a book's
    /// sowing that a resumed build replaces (its name counts what is left), whose
    /// coordinator is gone. Jobs being proven are left to their workers, whose answers still
    /// go into the table of solved positions. Answers how many runs it ended.
    pub fn supersede_runs(&mut self, rules: Rules, stem: &str, label: &str) -> Result<u64> {
        let mut tx = self.client.transaction()?;
        let ids: Vec<i64> = tx
            .query(
                "UPDATE dist_runs SET state = 'superseded', finished_at = now() \
                 WHERE rules = $1 AND state = 'running' AND position <> $3 \
                   AND left(position, length($2)) = $2 RETURNING id",
                &[&rules.to_string(), &stem, &label],
            )?
            .iter()
            .map(|r| r.get(0))
            .collect();
        tx.execute(
            "UPDATE dist_jobs SET state = 'cancelled' WHERE run = ANY($1) AND state = 'queued'",
            &[&ids],
        )?;
        tx.commit()?;
        Ok(ids.len() as u64)
    }

    /// Notes the run's leaves (jobs it split into so far).
    pub fn run_leaves(&mut self, run: i64, leaves: usize) -> Result<()> {
        self.client.execute(
            "UPDATE dist_runs SET leaves = $2 WHERE id = $1",
            &[&run, &(leaves as i32)],
        )?;
        Ok(())
    }

    /// Notes one of the run's positions solved (`known`: found in the table at the start).
    pub fn root_done(
        &mut self,
        run: i64,
        pos: &Position,
        value: i32,
        best: Option<&[Move]>,
        known: bool,
    ) -> Result<()> {
        self.client.execute(
            "INSERT INTO dist_roots (run, position, value, best, known) VALUES ($1, $2, $3, $4, $5) \
             ON CONFLICT (run, position) DO NOTHING",
            &[&run, &position_key(pos), &value, &best.map(moves_text), &known],
        )?;
        Ok(())
    }

    /// The jobs of the run being proven now, oldest lease first.
    pub fn leased(&mut self, run: i64, rules: Rules) -> Result<Vec<Leased>> {
        let rows = self.client.query(
            "SELECT position, worker, extract(epoch FROM now() - leased_at)::float8 FROM dist_jobs \
             WHERE run = $1 AND state = 'leased' AND lease_until > now() ORDER BY leased_at",
            &[&run],
        )?;
        rows.iter()
            .map(|r| {
                Ok(Leased {
                    position: parse_position(rules, r.get(0))?,
                    worker: r.get::<_, Option<String>>(1).unwrap_or_default(),
                    seconds: r.get(2),
                })
            })
            .collect()
    }

    /// The running run of this root, or a new one. Answers its id and whether it was resumed.
    pub fn open_run(&mut self, root: &Position, leaves: usize) -> Result<(i64, bool)> {
        let rules = root.rules().to_string();
        let key = position_key(root);
        if let Some(r) = self.client.query_opt(
            "SELECT id FROM dist_runs WHERE rules = $1 AND position = $2 AND state = 'running' \
             ORDER BY id DESC LIMIT 1",
            &[&rules, &key],
        )? {
            let id: i64 = r.get(0);
            self.client.execute(
                "UPDATE dist_runs SET leaves = $2 WHERE id = $1",
                &[&id, &(leaves as i32)],
            )?;
            return Ok((id, true));
        }
        let r = self.client.query_one(
            "INSERT INTO dist_runs (rules, position, leaves) VALUES ($1, $2, $3) RETURNING id",
            &[&rules, &key, &(leaves as i32)],
        )?;
        Ok((r.get(0), false))
    }

    /// Notes the root's bounds so far; `finished` ends the run and takes its jobs off offer.
    pub fn run_progress(&mut self, run: i64, b: Bounds, finished: bool) -> Result<()> {
        let mut tx = self.client.transaction()?;
        tx.execute(
            "UPDATE dist_runs SET lower = $2, upper = $3, \
             state = CASE WHEN $4 THEN 'done' ELSE state END, \
             finished_at = CASE WHEN $4 THEN now() ELSE finished_at END WHERE id = $1",
            &[&run, &b.lower, &b.upper, &finished],
        )?;
        if finished {
            tx.execute(
                "UPDATE dist_jobs SET state = 'cancelled' WHERE run = $1 AND state IN ('queued', 'leased')",
                &[&run],
            )?;
        }
        tx.commit()?;
        Ok(())
    }

    /// Makes the run's job rows say what the tree wants: the first `ahead` wanted jobs are
    /// offered (new, or again with a new window after an answer that no longer decides it),
    /// the rest are held back, and jobs no longer wanted are cancelled (a worker proving
    /// one hears it when it renews its lease and stops). A job being proven that is still
    /// wanted is left to its worker.
    pub fn sync_jobs(
        &mut self,
        run: i64,
        rules: Rules,
        wanted: &[Wanted],
        ahead: usize,
    ) -> Result<Sync> {
        self.sync_jobs_for(run, rules, wanted, ahead, &HashMap::new(), Duration::ZERO)
    }

    /// [`Store::sync_jobs`], with jobs kept for a worker for `hold`: a job offered anew whose
    /// position is in `prefer` is taken only by that worker until then (the children of a
    /// job split off from it, which its table already knows much of), by any after.
    pub fn sync_jobs_for(
        &mut self,
        run: i64,
        rules: Rules,
        wanted: &[Wanted],
        ahead: usize,
        prefer: &HashMap<Position, String>,
        hold: Duration,
    ) -> Result<Sync> {
        let mut tx = self.client.transaction()?;
        let rows = tx.query(
            "SELECT position, alpha, beta, priority, state, entry FROM dist_jobs WHERE run = $1",
            &[&run],
        )?;
        struct Row {
            window: Window,
            priority: i32,
            state: String,
            entry: bool,
        }
        let mut have: HashMap<String, Row> = rows
            .iter()
            .map(|r| {
                (
                    r.get::<_, String>(0),
                    Row {
                        window: Window {
                            alpha: r.get(1),
                            beta: r.get(2),
                        },
                        priority: r.get(3),
                        state: r.get(4),
                        entry: r.get(5),
                    },
                )
            })
            .collect();
        let insert = tx.prepare(
            "INSERT INTO dist_jobs (run, rules, position, alpha, beta, priority, entry, prefer, prefer_until) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now() + make_interval(secs => $9))",
        )?;
        let requeue = tx.prepare(
            "UPDATE dist_jobs SET state = 'queued', alpha = $3, beta = $4, priority = $5, worker = NULL, \
                 entry = $6, prefer = coalesce($7, prefer), \
                 prefer_until = CASE WHEN $7 IS NULL THEN prefer_until ELSE now() + make_interval(secs => $8) END \
             WHERE run = $1 AND position = $2 AND state IN ('queued', 'used', 'cancelled')",
        )?;
        let hold_secs = hold.as_secs_f64();
        let hold = tx.prepare(
            "UPDATE dist_jobs SET state = 'cancelled' WHERE run = $1 AND position = $2 AND state = 'queued'",
        )?;
        let cancel = tx.prepare(
            "UPDATE dist_jobs SET state = 'cancelled' WHERE run = $1 AND position = $2 \
             AND state IN ('queued', 'leased')",
        )?;
        let rules_text = rules.to_string();
        let mut sync = Sync::default();
        for (i, w) in wanted.iter().enumerate() {
            let key = position_key(&w.position);
            let prio = w.priority as i32;
            let row = have.remove(&key);
            let preferred = prefer.get(&w.position);
            if i >= ahead {
                if row.as_ref().is_some_and(|r| r.state == "queued") {
                    tx.execute(&hold, &[&run, &key])?;
                }
                continue;
            }
            match row {
                None => {
                    tx.execute(
                        &insert,
                        &[
                            &run,
                            &rules_text,
                            &key,
                            &w.window.alpha,
                            &w.window.beta,
                            &prio,
                            &w.entry,
                            &preferred,
                            &hold_secs,
                        ],
                    )?;
                    sync.queued += 1;
                }
                Some(r) => {
                    let again = match r.state.as_str() {
                        "queued" => {
                            r.window != w.window || r.priority != prio || r.entry != w.entry
                        }
                        "used" | "cancelled" => true,
                        _ => false, // leased or done: its answer is on its way
                    };
                    if again {
                        sync.queued += tx.execute(
                            &requeue,
                            &[
                                &run,
                                &key,
                                &w.window.alpha,
                                &w.window.beta,
                                &prio,
                                &w.entry,
                                &preferred,
                                &hold_secs,
                            ],
                        )? as usize;
                    }
                }
            }
        }
        for (key, r) in have {
            if r.state == "queued" || r.state == "leased" {
                sync.cancelled += tx.execute(&cancel, &[&run, &key])? as usize;
            }
        }
        if sync.queued > 0 {
            tx.batch_execute(&format!("NOTIFY {JOBS_CHANNEL}"))?;
        }
        if sync.cancelled > 0 {
            tx.batch_execute(&format!("NOTIFY {CANCEL_CHANNEL}"))?;
        }
        tx.commit()?;
        Ok(sync)
    }

    /// The answers written since the last call: each job answered becomes `used`, and its
    /// position's bounds (all that the table knows of it) are returned.
    pub fn take_answers(&mut self, run: i64, rules: Rules) -> Result<Vec<(Position, Bounds)>> {
        Ok(self
            .take_answers_full(run, rules)?
            .into_iter()
            .map(|a| (a.position, a.bounds))
            .collect())
    }

    /// [`Store::take_answers`] with the best moves of the entries answered.
    pub fn take_answers_full(&mut self, run: i64, rules: Rules) -> Result<Vec<Answer>> {
        let rows = self.client.query(
            "WITH a AS (UPDATE dist_jobs SET state = 'used' WHERE run = $1 AND state = 'done' \
                        RETURNING rules, position) \
             SELECT a.position, s.lower, s.upper, s.best, s.seconds FROM a JOIN dist_solved s USING (rules, position)",
            &[&run],
        )?;
        rows.iter()
            .map(|r| {
                Ok(Answer {
                    position: parse_position(rules, r.get(0))?,
                    bounds: Bounds {
                        lower: r.get(1),
                        upper: r.get(2),
                    },
                    best: r.get::<_, Option<&str>>(3).map(parse_moves).transpose()?,
                    seconds: r.get(4),
                })
            })
            .collect()
    }

    // ---- Workers.

    /// Says the worker is alive (and which job it holds).
    pub fn worker_seen(&mut self, name: &str, job: Option<i64>) -> Result<()> {
        self.client.execute(
            "INSERT INTO dist_workers (name, job) VALUES ($1, $2) \
             ON CONFLICT (name) DO UPDATE SET last_seen = now(), job = $2",
            &[&name, &job],
        )?;
        Ok(())
    }

    /// Takes the first job on offer, or one whose lease ran out, for `lease`.
    pub fn claim(&mut self, worker: &str, lease: Duration) -> Result<Option<Job>> {
        let secs = lease.as_secs_f64();
        let row = self.client.query_opt(
            "WITH j AS (SELECT id FROM dist_jobs \
                        WHERE (state = 'queued' AND (prefer IS NULL OR prefer = $1 OR prefer_until < now())) \
                           OR (state = 'leased' AND lease_until < now()) \
                        ORDER BY (prefer IS NOT DISTINCT FROM $1 AND prefer_until >= now()) DESC, priority, id \
                        LIMIT 1 FOR UPDATE SKIP LOCKED) \
             UPDATE dist_jobs d SET state = 'leased', worker = $1, attempts = d.attempts + 1, \
                 lease_until = now() + make_interval(secs => $2), leased_at = now() \
             FROM j WHERE d.id = j.id \
             RETURNING d.id, d.run, d.rules, d.position, d.alpha, d.beta, d.attempts, d.entry",
            &[&worker, &secs],
        )?;
        let Some(r) = row else {
            return Ok(None);
        };
        let rules = parse_rules(r.get(2))?;
        Ok(Some(Job {
            id: r.get(0),
            run: r.get(1),
            rules,
            position: parse_position(rules, r.get(3))?,
            window: Window {
                alpha: r.get(4),
                beta: r.get(5),
            },
            attempts: r.get(6),
            entry: r.get(7),
        }))
    }

    /// Extends the lease of a job this worker holds; false when the job is no longer its
    /// (cancelled, or taken by another worker after the lease ran out): stop proving it.
    pub fn renew(&mut self, job: i64, worker: &str, lease: Duration) -> Result<bool> {
        let n = self.client.execute(
            "UPDATE dist_jobs SET lease_until = now() + make_interval(secs => $3) \
             WHERE id = $1 AND worker = $2 AND state = 'leased'",
            &[&job, &worker, &lease.as_secs_f64()],
        )?;
        Ok(n == 1)
    }

    /// Writes a job's answer: the bounds into the table of solved positions (always: they
    /// are true whoever holds the job now), then the job is done if this worker still holds
    /// it. One transaction; the coordinator hears of it.
    pub fn complete(&mut self, job: &Job, worker: &str, b: Bounds, work: Work) -> Result<()> {
        self.complete_with(job, worker, b, None, work)
    }

    /// [`Store::complete`] with the best moves of an entry (its bounds exact).
    pub fn complete_with(
        &mut self,
        job: &Job,
        worker: &str,
        b: Bounds,
        best: Option<&[Move]>,
        work: Work,
    ) -> Result<()> {
        let mut tx = self.client.transaction()?;
        tx.execute(
            UPSERT_SOLVED_BEST,
            &[
                &job.rules.to_string(),
                &position_key(&job.position),
                &b.lower,
                &b.upper,
                &(work.nodes as i64),
                &work.seconds,
                &best.map(moves_text),
            ],
        )?;
        tx.execute(
            "UPDATE dist_jobs SET state = 'done', done_at = now(), proofs = proofs + 1, \
                 nodes = nodes + $3, seconds = seconds + $4 \
             WHERE id = $1 AND worker = $2 AND state IN ('leased', 'cancelled')",
            &[&job.id, &worker, &(work.nodes as i64), &work.seconds],
        )?;
        tx.execute(
            "UPDATE dist_workers SET jobs_done = jobs_done + 1, nodes = nodes + $2, \
                 busy_seconds = busy_seconds + $3, last_seen = now(), job = NULL WHERE name = $1",
            &[&worker, &(work.nodes as i64), &work.seconds],
        )?;
        tx.batch_execute(&format!("NOTIFY {DONE_CHANNEL}"))?;
        tx.commit()?;
        Ok(())
    }

    /// Gives a job back at once (the worker stops): it is offered again.
    pub fn release(&mut self, job: i64, worker: &str) -> Result<()> {
        self.client.execute(
            "UPDATE dist_jobs SET state = 'queued', worker = NULL WHERE id = $1 AND worker = $2 AND state = 'leased'",
            &[&job, &worker],
        )?;
        Ok(())
    }

    // ---- Progress.

    /// The last `limit` runs, newest first.
    pub fn runs(&mut self, limit: i64) -> Result<Vec<RunStatus>> {
        let rows = self.client.query(
            "SELECT id, rules, position, state, lower, upper, leaves, \
                 extract(epoch FROM coalesce(finished_at, now()) - started_at)::float8, kind, roots \
             FROM dist_runs ORDER BY id DESC LIMIT $1",
            &[&limit],
        )?;
        let mut out = Vec::new();
        for r in rows {
            let id: i64 = r.get(0);
            let lower: Option<i32> = r.get(4);
            let upper: Option<i32> = r.get(5);
            let mut s = RunStatus {
                id,
                rules: r.get(1),
                position: r.get(2),
                state: r.get(3),
                bounds: lower
                    .zip(upper)
                    .map(|(lower, upper)| Bounds { lower, upper }),
                leaves: r.get(6),
                elapsed: r.get(7),
                jobs: HashMap::new(),
                proofs: 0,
                proofs_last_minute: 0,
                busy_seconds: 0.0,
                nodes: 0,
                kind: r.get(8),
                roots: r.get(9),
                roots_done: 0,
                roots_known: 0,
                roots_last_10_minutes: 0,
                roots_span: 0.0,
            };
            let t = self.client.query_one(
                "SELECT count(o.run), count(*) FILTER (WHERE o.known), \
                     count(*) FILTER (WHERE NOT o.known AND o.done_at > greatest( \
                         coalesce(r.finished_at, now()) - interval '10 minutes', \
                         coalesce(r.resumed_at, r.started_at))), \
                     extract(epoch FROM least(interval '10 minutes', \
                         coalesce(r.finished_at, now()) - coalesce(r.resumed_at, r.started_at)))::float8 \
                 FROM dist_runs r LEFT JOIN dist_roots o ON o.run = r.id \
                 WHERE r.id = $1 GROUP BY r.id",
                &[&id],
            )?;
            s.roots_done = t.get(0);
            s.roots_known = t.get(1);
            s.roots_last_10_minutes = t.get(2);
            s.roots_span = t.get(3);
            for j in self.client.query(
                "SELECT state, count(*) FROM dist_jobs WHERE run = $1 GROUP BY state",
                &[&id],
            )? {
                s.jobs.insert(j.get(0), j.get(1));
            }
            let t = self.client.query_one(
                "SELECT coalesce(sum(proofs), 0)::int8, \
                     count(*) FILTER (WHERE done_at > now() - interval '60 seconds'), \
                     coalesce(sum(seconds), 0)::float8, coalesce(sum(nodes), 0)::int8 \
                 FROM dist_jobs WHERE run = $1",
                &[&id],
            )?;
            s.proofs = t.get(0);
            s.proofs_last_minute = t.get(1);
            s.busy_seconds = t.get(2);
            s.nodes = t.get(3);
            out.push(s);
        }
        Ok(out)
    }

    /// Every worker seen, by name.
    pub fn workers(&mut self) -> Result<Vec<WorkerStatus>> {
        let rows = self.client.query(
            "SELECT name, extract(epoch FROM now() - last_seen)::float8, job, jobs_done, nodes, busy_seconds \
             FROM dist_workers ORDER BY name",
            &[],
        )?;
        Ok(rows
            .iter()
            .map(|r| WorkerStatus {
                name: r.get(0),
                seconds_since_seen: r.get(1),
                job: r.get(2),
                jobs_done: r.get(3),
                nodes: r.get(4),
                busy_seconds: r.get(5),
            })
            .collect())
    }

    /// Workers seen within `within`.
    pub fn live_workers(&mut self, within: Duration) -> Result<usize> {
        let n: i64 = self
            .client
            .query_one(
                "SELECT count(*) FROM dist_workers WHERE last_seen > now() - make_interval(secs => $1)",
                &[&within.as_secs_f64()],
            )?
            .get(0);
        Ok(n as usize)
    }

    /// A job's row, for tests and reports.
    pub fn job_row(&mut self, run: i64, pos: &Position) -> Result<Option<JobRow>> {
        Ok(self
            .client
            .query_opt(
                "SELECT state, attempts, proofs, worker FROM dist_jobs WHERE run = $1 AND position = $2",
                &[&run, &position_key(pos)],
            )?
            .map(|r| JobRow {
                state: r.get(0),
                attempts: r.get(1),
                proofs: r.get(2),
                worker: r.get(3),
            }))
    }

    /// Plain SQL, for tests and reports.
    pub fn client(&mut self) -> &mut Client {
        &mut self.client
    }
}

const UPSERT_SOLVED_BEST: &str =
    "INSERT INTO dist_solved (rules, position, lower, upper, nodes, seconds, best) \
     VALUES ($1, $2, $3, $4, $5, $6, $7) \
     ON CONFLICT (rules, position) DO UPDATE SET \
         lower = GREATEST(dist_solved.lower, EXCLUDED.lower), \
         upper = LEAST(dist_solved.upper, EXCLUDED.upper), \
         nodes = dist_solved.nodes + EXCLUDED.nodes, \
         seconds = dist_solved.seconds + EXCLUDED.seconds, \
         best = coalesce(EXCLUDED.best, dist_solved.best), \
         updated_at = now()";

const UPSERT_SOLVED: &str =
    "INSERT INTO dist_solved (rules, position, lower, upper, nodes, seconds) \
     VALUES ($1, $2, $3, $4, $5, $6) \
     ON CONFLICT (rules, position) DO UPDATE SET \
         lower = GREATEST(dist_solved.lower, EXCLUDED.lower), \
         upper = LEAST(dist_solved.upper, EXCLUDED.upper), \
         nodes = dist_solved.nodes + EXCLUDED.nodes, \
         seconds = dist_solved.seconds + EXCLUDED.seconds, \
         updated_at = now()";
