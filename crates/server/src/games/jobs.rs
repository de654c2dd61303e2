//! The server's side of the job table (`kalah_storage::Job`): computer moves and clock
//! deadlines done exactly once among all servers on one database, and taken over when the
//! server doing them dies (docs/deploy.md, "Several instances on one database").
//!
//! The server that stores a move does what it made due itself, at once: the computer's
//! reply is leased to it in the move's transaction, and a clock's deadline is a timer it
//! keeps (`Deadlines`), which takes the job when it fires. Every server also polls the
//! table once a second (one statement) for jobs due and free: those of a server that died
//! (its lease ran out) or of games no server holds.

use super::{Games, Slot};
use crate::db::{GAME_ENDED, JOB_GONE, PLY_TAKEN};
use crate::error::{ApiError, ApiResult};
use crate::live::LiveGame;
use kalah_storage::{Job, JobKind, Lease, LeaseTimes, Write};
use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// A computer move's lease: far longer than a search (2 s at most) plus the wait for the
/// engine; renewed while the move is still being worked on.
pub const COMPUTER_LEASE_MS: i64 = 30_000;
/// A clock job's lease: the time to load a game and store its end.
pub const CLOCK_LEASE_MS: i64 = 10_000;
/// How often each server looks for jobs due and free.
const POLL: Duration = Duration::from_secs(1);
/// Most jobs taken by one poll (the rest wait for the next).
const TAKE_AT_ONCE: usize = 32;
/// How often a server says it still runs.
const HEARTBEAT: Duration = Duration::from_secs(2);
/// A server silent this long counts as dead: its leases count for nothing, so a server
/// killed with `kill -9` (or restarted after a crash) has its work taken over after this
/// rather than after its leases.
pub const INSTANCE_DEAD_MS: i64 = 8_000;

// A dead server's work is taken over sooner than its leases would run out.
const _: () = assert!(INSTANCE_DEAD_MS < COMPUTER_LEASE_MS && INSTANCE_DEAD_MS < CLOCK_LEASE_MS);
/// A job that failed is due again this much later.
const RETRY_MS: i64 = 2_000;

fn leases() -> LeaseTimes {
    LeaseTimes {
        computer: COMPUTER_LEASE_MS,
        clock: CLOCK_LEASE_MS,
        silent: INSTANCE_DEAD_MS,
    }
}

/// Lists server `instance` in `db` as running since `now`, and answers since when the
/// cluster has run without a break: clocks stored before then resume from then, so nobody
/// is charged for time when no server ran (when this one cannot be listed: from `now`).
pub(super) fn register(db: &mut kalah_storage::Db, instance: &str, now: i64) -> i64 {
    match db.register_instance(instance, now, now - INSTANCE_DEAD_MS) {
        Ok(since) => since,
        Err(e) => {
            // Its heartbeat lists it later.
            tracing::error!("this server is not listed among the instances: {e}");
            now
        }
    }
}

/// A name for this server among those on its database: its process id and a random part.
pub(super) fn instance_name() -> String {
    format!(
        "{}-{:08x}",
        std::process::id(),
        crate::token::random_u64() as u32
    )
}

/// The computer jobs this server is working and when each one's lease ends, and whether the
/// poll runs.
#[derive(Default)]
pub(super) struct Worker {
    computer: Mutex<HashMap<String, i64>>,
    running: std::sync::atomic::AtomicBool,
}

impl Worker {
    pub(super) fn working(&self, game: &str, now: i64) {
        let mut m = self.computer.lock().expect("jobs lock");
        m.insert(game.to_string(), now + COMPUTER_LEASE_MS);
    }

    pub(super) fn done(&self, game: &str) {
        self.computer.lock().expect("jobs lock").remove(game);
    }

    /// The games whose lease ends within half a lease from `now`, marked renewed.
    fn to_renew(&self, now: i64) -> Vec<String> {
        let mut m = self.computer.lock().expect("jobs lock");
        m.iter_mut()
            .filter(|(_, until)| **until - now < COMPUTER_LEASE_MS / 2)
            .map(|(game, until)| {
                *until = now + COMPUTER_LEASE_MS;
                game.clone()
            })
            .collect()
    }
}

impl Games {
    /// The name of this server in the job table.
    pub fn instance(&self) -> &str {
        &self.0.instance
    }

    /// What tells when this server's database connection is closed, once every handle of
    /// it is dropped (tests that restart a server in-process wait for it, as a real restart
    /// waits for the old process to end).
    pub fn database_closed(&self) -> crate::db::Closed {
        self.0.db.closed()
    }

    /// `write`, with the game's jobs replaced by what is due in `g` (the game as the write
    /// leaves it): the computer's move, leased to this server, and the clock's deadline.
    pub(super) fn with_jobs(&self, write: Write, g: &kalah_round::Round, now: i64) -> Write {
        let mut jobs = Vec::new();
        if g.is_playing() {
            let ply = g.game.moves().len() as u32;
            if g.computer_to_move() {
                jobs.push(Job {
                    game: g.id.clone(),
                    kind: JobKind::Computer,
                    ply,
                    due_at: now,
                    lease: Some(Lease {
                        by: self.0.instance.clone(),
                        until: now + COMPUTER_LEASE_MS,
                    }),
                });
            }
            if let Some(e) = g.expiry() {
                jobs.push(self.clock_job(&g.id, ply, e.at_ms()));
            }
        }
        Write::Jobs {
            last: Box::new(write),
            game: g.id.clone(),
            jobs,
        }
    }

    /// The job of a running clock's next deadline, due at `due_at`.
    pub(super) fn clock_job(&self, game: &str, ply: u32, due_at: i64) -> Job {
        Job {
            game: game.to_string(),
            kind: JobKind::Clock,
            ply,
            due_at,
            lease: None,
        }
    }

    /// Starts the heartbeat and the poll, once (call inside a tokio runtime).
    pub(super) async fn start_jobs(&self) {
        if self.0.jobs.running.swap(true, Ordering::SeqCst) {
            return;
        }
        let weak = Arc::downgrade(&self.0);
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(HEARTBEAT);
            loop {
                tick.tick().await;
                let Some(shared) = weak.upgrade() else { return };
                let state = Games(shared);
                let (me, now) = (state.0.instance.clone(), state.now());
                if let Err(e) = state.0.db.call(move |db| db.heartbeat(&me, now)).await {
                    tracing::warn!("heartbeat not stored: {}", e.message);
                }
                state.sweep_cluster().await;
            }
        });
        let weak = Arc::downgrade(&self.0);
        tokio::spawn(async move {
            loop {
                // First a pause: the jobs of a server that just started wait for its clocks
                // to be read (and its clients to come back) rather than racing them. Not
                // woken by a test's manual time: tests call `work_jobs` themselves.
                tokio::time::sleep(POLL).await;
                let Some(shared) = weak.upgrade() else { return };
                let state = Games(shared);
                state.work_jobs().await;
                state.renew_leases().await;
            }
        });
    }

    /// Takes the jobs due and free (at most a pollful) and does them; answers how many
    /// games it ended or started a computer move in. The poll calls this each second;
    /// tests call it after moving the time on.
    pub async fn work_jobs(&self) -> usize {
        let (me, now) = (self.0.instance.clone(), self.now());
        let taken = self
            .0
            .db
            .call(move |db| db.take_due_jobs(&me, now, leases(), TAKE_AT_ONCE))
            .await;
        let jobs = match taken {
            Ok(j) => j,
            Err(e) => {
                tracing::warn!("jobs not read: {}", e.message);
                return 0;
            }
        };
        let mut done = 0;
        for job in jobs {
            let did = match job.kind {
                JobKind::Clock => self.do_clock_job(job).await,
                JobKind::Computer => self.do_computer_job(job).await,
            };
            done += usize::from(did);
        }
        done
    }

    /// Lengthens the leases of computer moves this server still works on.
    async fn renew_leases(&self) {
        let now = self.now();
        for game in self.0.jobs.to_renew(now) {
            let me = self.0.instance.clone();
            let until = now + COMPUTER_LEASE_MS;
            let id = game.clone();
            let renewed = self
                .0
                .db
                .call(move |db| db.renew_job(&id, JobKind::Computer, &me, until))
                .await;
            if let Err(e) = renewed {
                tracing::warn!(
                    "game {game}: computer move's lease not renewed: {}",
                    e.message
                );
            }
        }
    }

    /// Takes game `id`'s clock job if it is due and free, and does it: true when the game
    /// ended.
    pub(super) async fn take_clock_job(&self, id: &str) -> bool {
        let (me, now) = (self.0.instance.clone(), self.now());
        let key = id.to_string();
        let taken = self
            .0
            .db
            .call(move |db| db.take_job(&key, JobKind::Clock, &me, now, leases()))
            .await;
        match taken {
            Ok(Some(job)) => self.do_clock_job(job).await,
            Ok(None) => false,
            Err(e) => {
                tracing::error!("game {id}: clock not checked: {}", e.message);
                // Tried again a second later rather than forgotten.
                self.0.deadlines.set(id, self.now() + 1000);
                false
            }
        }
    }

    /// Game `id` in memory, at least as far as ply `ply` (reloaded when behind: the move that
    /// made the job was stored by another server).
    async fn game_at(&self, id: &str, ply: u32) -> ApiResult<Arc<Slot>> {
        let slot = self.slot(id).await?;
        let mut g = slot.game.lock().await;
        if g.game.moves().len() < ply as usize {
            self.reload(&slot, &mut g).await?;
        }
        drop(g);
        Ok(slot)
    }

    /// Ends the game of a clock job this server holds if its clock has really run out, once
    /// (the job is deleted in the same step); otherwise gives the job back, due when the
    /// clock says. True when the game ended.
    async fn do_clock_job(&self, job: Job) -> bool {
        let slot = match self.game_at(&job.game, job.ply).await {
            Ok(s) => s,
            Err(e) => {
                tracing::error!("game {}: clock not checked: {}", job.game, e.message);
                self.give_back(&job, self.now() + RETRY_MS).await;
                return false;
            }
        };
        let mut g = slot.game.lock().await;
        if !g.is_playing() || g.game.moves().len() != job.ply as usize {
            // Moot: the game is over, or has moved on (its write replaced the job).
            let (id, ply) = (job.game.clone(), job.ply);
            let _ = self
                .0
                .db
                .call(move |db| db.drop_job(&id, JobKind::Clock, ply))
                .await;
            return false;
        }
        match g.expired(self.now()) {
            Some(e) => match self.end_by_clock_job(&slot, &mut g, e, Some(job.ply)).await {
                Ok(_) => true,
                Err(err) if err.code == JOB_GONE || err.code == GAME_ENDED => false,
                Err(err) => {
                    tracing::error!("game {}: clock end not stored: {}", job.game, err.message);
                    self.give_back(&job, self.now() + RETRY_MS).await;
                    false
                }
            },
            None => {
                // Not up by this server's clock (it resumed after a break when no server
                // ran): due again when it is.
                // (Or a friend game waits for the friend, longer than its first-move clock.)
                let at = g.expiry().map_or(self.now() + RETRY_MS, |e| e.at_ms());
                self.watch_clock(&g);
                drop(g);
                self.give_back(&job, at).await;
                false
            }
        }
    }

    /// Starts the computer move of a job this server took over (its lease had run out).
    async fn do_computer_job(&self, job: Job) -> bool {
        let slot = match self.game_at(&job.game, job.ply).await {
            Ok(s) => s,
            Err(e) => {
                tracing::error!(
                    "game {}: computer move not started: {}",
                    job.game,
                    e.message
                );
                self.give_back(&job, self.now() + RETRY_MS).await;
                return false;
            }
        };
        let mut g = slot.game.lock().await;
        if !g.computer_to_move() || g.game.moves().len() != job.ply as usize {
            let (id, ply) = (job.game.clone(), job.ply);
            let _ = self
                .0
                .db
                .call(move |db| db.drop_job(&id, JobKind::Computer, ply))
                .await;
            return false;
        }
        if g.computer_busy {
            // Started already (by the load of the game just now).
            return true;
        }
        tracing::info!("game {}: computer move taken over", job.game);
        self.start_computer(&slot, &mut g, None, true);
        true
    }

    /// Leases the game's computer job to this server (storing it if the game is from before
    /// jobs): false while another server holds it.
    pub(super) async fn lease_computer(&self, slot: &Arc<Slot>) -> bool {
        let (id, ply) = {
            let g = slot.game.lock().await;
            (g.id.clone(), g.game.moves().len() as u32)
        };
        let (me, now) = (self.0.instance.clone(), self.now());
        let job = Job {
            game: id.clone(),
            kind: JobKind::Computer,
            ply,
            due_at: now,
            lease: None,
        };
        let leased = self
            .0
            .db
            .call(move |db| db.lease_job(&job, &me, now, leases()))
            .await;
        match leased {
            Ok(Some(job)) => {
                let mut g = slot.game.lock().await;
                if g.game.moves().len() < job.ply as usize {
                    if let Err(e) = self.reload(slot, &mut g).await {
                        tracing::warn!("cannot reload game {id}: {}", e.message);
                    }
                }
                true
            }
            Ok(None) => false,
            Err(e) => {
                tracing::error!("game {id}: computer move not started: {}", e.message);
                false
            }
        }
    }

    /// Gives back the computer job of `g` after a failure, due again a little later.
    pub(super) async fn give_back_computer(&self, g: &LiveGame) {
        let job = Job {
            game: g.id.clone(),
            kind: JobKind::Computer,
            ply: g.game.moves().len() as u32,
            due_at: 0,
            lease: None,
        };
        self.give_back(&job, self.now() + RETRY_MS).await;
    }

    /// Gives up this server's lease on `job`, due again at `at`.
    async fn give_back(&self, job: &Job, at: i64) {
        let (id, kind, ply, me) = (job.game.clone(), job.kind, job.ply, self.0.instance.clone());
        let given = self
            .0
            .db
            .call(move |db| db.release_job(&id, kind, ply, &me, at))
            .await;
        if let Err(e) = given {
            // Its lease runs out by itself.
            tracing::warn!("game {}: job not given back: {}", job.game, e.message);
        }
    }

    /// After a write refused because another server got there first (a ply taken, the game
    /// ended, the job done), brings the game in memory up to what is stored.
    pub(super) async fn reload_after(&self, slot: &Slot, g: &mut LiveGame, e: &ApiError) {
        if e.code == PLY_TAKEN || e.code == GAME_ENDED || e.code == JOB_GONE {
            if let Err(r) = self.reload(slot, g).await {
                tracing::warn!("cannot reload game {}: {}", g.id, r.message);
            }
        }
    }

    /// This server stops: its leases are given up, so the others take its jobs at their
    /// next poll rather than when the leases run out.
    pub async fn stop_jobs(&self) {
        self.leave_cluster().await;
        let me = self.0.instance.clone();
        if let Err(e) = self.0.db.call(move |db| db.remove_instance(&me)).await {
            tracing::warn!("could not give up this server's jobs: {}", e.message);
        }
    }
}
