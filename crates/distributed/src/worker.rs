//! A worker's loop: take a job (`FOR UPDATE SKIP LOCKED`, with a lease), prove it with the
//! prover the caller gives (its local databases and solver), keep the lease alive from a
//! second connection while proving, and write the answer back. A job cancelled meanwhile
//! (cut off) stops the proof; a worker killed with `kill -9` stops renewing, and its job is
//! offered again when the lease runs out, while every answer it wrote stays.

use crate::store::{Job, Result, Store, Work, CANCEL_CHANNEL, JOBS_CHANNEL};
use crate::tree::Bounds;
use kalah_rules::Move;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// How a worker runs.
#[derive(Debug, Clone)]
pub struct Options {
    /// Its name in the job table (unique among the workers: host and process id by default).
    pub name: String,
    /// How long a job stays this worker's without a renewal; renewed every third of it (and
    /// at least every second, which is also how the worker hears that a job was cancelled).
    pub lease: Duration,
    /// Leave after this long without a job (None: wait for jobs for ever).
    pub idle_exit: Option<Duration>,
    /// Longest wait between looks at the job table when idle (new jobs wake it earlier).
    pub poll: Duration,
}

impl Options {
    pub fn new(name: impl Into<String>) -> Options {
        Options {
            name: name.into(),
            lease: Duration::from_secs(60),
            idle_exit: None,
            poll: Duration::from_secs(2),
        }
    }
}

/// What a worker did before it left.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Summary {
    /// Answers written.
    pub jobs: u64,
    /// Of them, answered from the table of solved positions without proving.
    pub known: u64,
    /// Jobs stopped because they were cancelled or taken over.
    pub dropped: u64,
    /// Jobs given back unproven when the worker was stopped.
    pub released: u64,
    pub work: Work,
}

/// What the worker reports as it goes.
#[derive(Debug, Clone)]
pub enum Event<'a> {
    Took(&'a Job),
    Answered(&'a Job, Bounds, Work),
    Known(&'a Job, Bounds),
    Dropped(&'a Job),
}

/// What a prover found: bounds that decide the job's window (for an entry, the exact value
/// with every best move), and the work it took.
#[derive(Debug, Clone, PartialEq)]
pub struct Proven {
    pub bounds: Bounds,
    pub best: Option<Vec<Move>>,
    pub work: Work,
}

impl Proven {
    /// Bounds for a window.
    pub fn bounds(bounds: Bounds, work: Work) -> Proven {
        Proven {
            bounds,
            best: None,
            work,
        }
    }
}

/// Proves a job's position for its window (for an entry job, [`Job::entry`], its exact
/// value and every best move), or `None` when `stop` became true first. An answer returned
/// once `stop` is set is never written ([`answer_to_write`]), so a prover need not tell a
/// complete answer from one cut short.
pub type Prover<'a> = dyn FnMut(&Job, &AtomicBool) -> Option<Proven> + 'a;

/// What [`run`] writes of a prover's answer: nothing once the job's stop flag is set (the
/// job cancelled, e.g. split further, its lease lost, or the worker stopped), as for a
/// prover that answered `None`. A search stopped part way may still look complete:
/// `kalah_engine`'s search stopped after it proved the value says `exact` with the first
/// best move only, and written that would be the entry's every best move (a book built by
/// workers lost best moves so). The flag is only ever set, so a flag still clear when the
/// prover has returned was clear for the whole proof.
pub fn answer_to_write(answer: Option<Proven>, job_stop: &AtomicBool) -> Option<Proven> {
    answer.filter(|_| !job_stop.load(Ordering::Relaxed))
}

/// Runs the worker until `stop` (or `idle_exit`).
pub fn run(
    url: &str,
    opts: &Options,
    prover: &mut Prover,
    stop: &AtomicBool,
    report: &mut dyn FnMut(Event),
) -> Result<Summary> {
    let mut store = Store::connect(url)?;
    let mut beat = Store::connect(url)?;
    store.listen(JOBS_CHANNEL)?;
    beat.listen(CANCEL_CHANNEL)?;
    store.worker_seen(&opts.name, None)?;
    let mut summary = Summary::default();
    let mut idle_since = Instant::now();
    let mut seen = Instant::now();
    while !stop.load(Ordering::Relaxed) {
        let Some(job) = store.claim(&opts.name, opts.lease)? else {
            if opts.idle_exit.is_some_and(|d| idle_since.elapsed() >= d) {
                break;
            }
            if seen.elapsed() >= opts.lease / 3 {
                store.worker_seen(&opts.name, None)?;
                seen = Instant::now();
            }
            store.wait(opts.poll)?;
            continue;
        };
        report(Event::Took(&job));
        store.worker_seen(&opts.name, Some(job.id))?;
        seen = Instant::now();
        // An answer already in the table (from another run, or a worker whose lease ran
        // out after it wrote) needs no proof.
        let known = store
            .solved_full(job.rules, &[job.position])?
            .into_iter()
            .next()
            .filter(|a| {
                if job.entry {
                    a.bounds.is_exact() && a.best.is_some()
                } else {
                    a.bounds.decides(job.window)
                }
            });
        if let Some(a) = known {
            let b = a.bounds;
            store.complete_with(&job, &opts.name, b, a.best.as_deref(), Work::default())?;
            summary.jobs += 1;
            summary.known += 1;
            report(Event::Known(&job, b));
            idle_since = Instant::now();
            continue;
        }
        let job_stop = AtomicBool::new(false);
        // Set when the job stopped being this worker's (cancelled or taken over).
        let lost = AtomicBool::new(false);
        let (done_tx, done_rx) = mpsc::channel::<()>();
        let (answer, beat_result) = std::thread::scope(|scope| {
            let (job_stop, lost, beat, job) = (&job_stop, &lost, &mut beat, &job);
            let beating = scope.spawn(move || -> Result<()> {
                // Renewing is also how a cancelled job is heard of: at least every second.
                let every = (opts.lease / 3)
                    .min(Duration::from_secs(1))
                    .max(Duration::from_millis(50));
                let step = Duration::from_millis(50).min(every);
                let mut last = Instant::now();
                loop {
                    match done_rx.try_recv() {
                        Ok(()) | Err(mpsc::TryRecvError::Disconnected) => return Ok(()),
                        Err(mpsc::TryRecvError::Empty) => {}
                    }
                    // A job cancelled somewhere: look at once whether it is this one.
                    let cancelled = beat.wait(step)?;
                    if stop.load(Ordering::Relaxed) {
                        job_stop.store(true, Ordering::Relaxed);
                    }
                    if cancelled || last.elapsed() >= every {
                        last = Instant::now();
                        let mine = beat.renew(job.id, &opts.name, opts.lease);
                        beat.worker_seen(&opts.name, Some(job.id))?;
                        if !mine? {
                            lost.store(true, Ordering::Relaxed);
                            job_stop.store(true, Ordering::Relaxed);
                        }
                    }
                }
            });
            let answer = answer_to_write(prover(job, job_stop), job_stop);
            let _ = done_tx.send(());
            (answer, beating.join())
        });
        match beat_result {
            Ok(r) => r?,
            Err(_) => return Err(crate::store::Error::Bad("the lease thread panicked".into())),
        }
        idle_since = Instant::now();
        match answer {
            Some(Proven {
                bounds: b,
                best,
                work,
            }) => {
                store.complete_with(&job, &opts.name, b, best.as_deref(), work)?;
                summary.jobs += 1;
                summary.work.nodes += work.nodes;
                summary.work.seconds += work.seconds;
                report(Event::Answered(&job, b, work));
            }
            None if !lost.load(Ordering::Relaxed) => {
                // Stopped by the caller: the job is offered again at once.
                store.release(job.id, &opts.name)?;
                summary.released += 1;
            }
            None => {
                summary.dropped += 1;
                report(Event::Dropped(&job));
            }
        }
    }
    store.worker_seen(&opts.name, None)?;
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exact_one_best_move() -> Proven {
        Proven {
            bounds: Bounds::exact(-2),
            best: Some(vec![Move::Sow(4)]),
            work: Work::default(),
        }
    }

    #[test]
    fn an_answer_returned_before_the_stop_flag_is_written() {
        let clear = AtomicBool::new(false);
        assert_eq!(
            answer_to_write(Some(exact_one_best_move()), &clear),
            Some(exact_one_best_move())
        );
        assert_eq!(answer_to_write(None, &clear), None);
    }

    #[test]
    fn an_answer_returned_after_the_stop_flag_is_not_written() {
        let set = AtomicBool::new(true);
        assert_eq!(answer_to_write(Some(exact_one_best_move()), &set), None);
    }
}
