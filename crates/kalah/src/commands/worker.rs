//! `kalah worker`: proves the jobs of distributed solves (docs/distributed.md), and
//! `kalah worker status`: their progress.

use crate::endgame::{plan, StoreArgs};
use crate::error::{CliError, CliResult};
use clap::{Args, Subcommand};
use kalah_distributed::store::{Job, Store, Work};
use kalah_distributed::worker::{self, Event};
use kalah_distributed::Bounds;
use kalah_engine::Engine;
use serde_json::json;
use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct WorkerArgs {
    #[command(subcommand)]
    pub command: Option<WorkerCommand>,
    /// The PostgreSQL database of the jobs, e.g. postgres://user:password@host/kalah
    #[arg(long, value_name = "URL")]
    pub database: Option<String>,
    /// This worker's name in the job table [default: HOST-PID]
    #[arg(long, value_name = "NAME")]
    pub name: Option<String>,
    /// Seconds a job stays this worker's without a renewal (renewed every third of it); a
    /// worker that dies gives its job back after this long
    #[arg(long, value_name = "SECS", default_value_t = 60.0)]
    pub lease: f64,
    /// Leave after this many seconds without a job [default: wait for jobs for ever]
    #[arg(long, value_name = "SECS")]
    pub idle_exit: Option<f64>,
    /// Transposition table size in MiB [default: from the seeds left, within --max-memory]
    #[arg(long, value_name = "MB")]
    pub hash: Option<usize>,
    /// Use an endgame database of positions with at most K seeds in the houses (0: none)
    /// [default: chosen from the seeds left of the first job]
    #[arg(long, value_name = "K")]
    pub egdb_seeds: Option<u32>,
    /// Print a line for every job
    #[arg(long, short)]
    pub verbose: bool,
    #[command(flatten)]
    pub store: StoreArgs,
}

#[derive(Debug, Subcommand)]
pub enum WorkerCommand {
    /// The progress of distributed solves: positions proven, rate, time left; the workers
    Status(StatusArgs),
}

#[derive(Debug, Args)]
pub struct StatusArgs {
    /// The PostgreSQL database of the jobs
    #[arg(long, value_name = "URL")]
    pub database: String,
    /// Runs shown, newest first
    #[arg(long, value_name = "N", default_value_t = 5)]
    pub runs: i64,
    /// Print one JSON object instead of text
    #[arg(long)]
    pub json: bool,
}

fn db_error(e: kalah_distributed::store::Error) -> CliError {
    CliError::failure(e.to_string())
}

fn host_name() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .or_else(|_| std::fs::read_to_string("/etc/hostname"))
        .map(|s| s.trim().to_string())
        .ok()
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "host".into())
}

fn seconds(what: &str, s: f64) -> CliResult<Duration> {
    if !(0.05..=86_400.0).contains(&s) {
        return Err(CliError::usage(format!(
            "{what} must be between 0.05 and 86400 seconds"
        )));
    }
    Ok(Duration::from_secs_f64(s))
}

pub fn run(args: &WorkerArgs) -> CliResult {
    if let Some(WorkerCommand::Status(s)) = &args.command {
        return status(s);
    }
    let url = args
        .database
        .as_deref()
        .ok_or_else(|| CliError::usage("kalah worker needs --database URL"))?;
    let name = args
        .name
        .clone()
        .unwrap_or_else(|| format!("{}-{}", host_name(), std::process::id()));
    let mut opts = worker::Options::new(name.clone());
    opts.lease = seconds("--lease", args.lease)?;
    opts.idle_exit = args
        .idle_exit
        .map(|s| seconds("--idle-exit", s))
        .transpose()?;
    let stop = Arc::new(AtomicBool::new(false));
    for sig in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
        signal_hook::flag::register_conditional_shutdown(sig, 130, Arc::clone(&stop))
            .and_then(|_| signal_hook::flag::register(sig, Arc::clone(&stop)))
            .map_err(|e| CliError::failure(format!("cannot catch signals: {e}")))?;
    }
    // One engine per rule set, with the databases the local store has (or builds).
    let mut engines: HashMap<String, Engine> = HashMap::new();
    let mut setup_error: Option<CliError> = None;
    let mut prove = |job: &Job, stop: &AtomicBool| -> Option<(Bounds, Work)> {
        let key = job.rules.to_string();
        if !engines.contains_key(&key) {
            let made = plan(
                &job.position,
                None,
                args.egdb_seeds,
                args.hash,
                &args.store,
                1,
                true,
            )
            .and_then(|p| {
                let mut e = crate::commands::solve::engine_from(&p, Some(1))?;
                if let Some(d) = &p.db {
                    e.set_endgame(d.db.clone(), job.rules);
                }
                Ok(e)
            });
            match made {
                Ok(e) => {
                    engines.insert(key.clone(), e);
                }
                Err(e) => {
                    setup_error = Some(e);
                    return None;
                }
            }
        }
        let engine = engines.get_mut(&key)?;
        let p = engine.prove(&job.position, job.window.alpha, job.window.beta, stop)?;
        Some((
            Bounds {
                lower: p.lower,
                upper: p.upper,
            },
            Work {
                nodes: p.nodes,
                seconds: p.elapsed.as_secs_f64(),
            },
        ))
    };
    let verbose = args.verbose;
    eprintln!("worker {name}: waiting for jobs (Ctrl-C to stop)");
    let summary = worker::run(url, &opts, &mut prove, &stop, &mut |e| {
        if !verbose {
            return;
        }
        match e {
            Event::Took(j) => eprintln!(
                "job {} (run {}): {} window {}..{}{}",
                j.id,
                j.run,
                j.position,
                j.window.alpha,
                j.window.beta,
                if j.attempts > 1 {
                    format!(", attempt {}", j.attempts)
                } else {
                    String::new()
                }
            ),
            Event::Answered(j, b, w) => eprintln!(
                "job {}: {}..{} ({} nodes, {:.3} s)",
                j.id, b.lower, b.upper, w.nodes, w.seconds
            ),
            Event::Known(j, b) => {
                eprintln!("job {}: {}..{} from the table", j.id, b.lower, b.upper)
            }
            Event::Dropped(j) => eprintln!("job {}: cancelled", j.id),
        }
    })
    .map_err(db_error)?;
    if let Some(e) = setup_error {
        return Err(e);
    }
    eprintln!(
        "worker {name}: {} jobs ({} from the table, {} cancelled), {} nodes, {:.1} s proving",
        summary.jobs, summary.known, summary.dropped, summary.work.nodes, summary.work.seconds
    );
    Ok(())
}

fn hms(s: f64) -> String {
    let s = s.max(0.0).round() as u64;
    if s >= 3600 {
        format!("{}h{:02}m{:02}s", s / 3600, s / 60 % 60, s % 60)
    } else if s >= 60 {
        format!("{}m{:02}s", s / 60, s % 60)
    } else {
        format!("{s}s")
    }
}

fn status(args: &StatusArgs) -> CliResult {
    let mut store = Store::connect(&args.database).map_err(db_error)?;
    let runs = store.runs(args.runs).map_err(db_error)?;
    let workers = store.workers().map_err(db_error)?;
    if args.json {
        let runs: Vec<_> = runs
            .iter()
            .map(|r| {
                json!({
                    "run": r.id,
                    "rules": r.rules,
                    "position": r.position,
                    "state": r.state,
                    "lower": r.bounds.map(|b| b.lower),
                    "upper": r.bounds.map(|b| b.upper),
                    "leaves": r.leaves,
                    "jobs": r.jobs,
                    "proofs": r.proofs,
                    "proofs_last_minute": r.proofs_last_minute,
                    "rate": r.rate(),
                    "eta_seconds": r.eta(),
                    "busy_seconds": r.busy_seconds,
                    "nodes": r.nodes,
                    "elapsed_seconds": r.elapsed,
                })
            })
            .collect();
        let workers: Vec<_> = workers
            .iter()
            .map(|w| {
                json!({
                    "name": w.name,
                    "seconds_since_seen": w.seconds_since_seen,
                    "job": w.job,
                    "jobs_done": w.jobs_done,
                    "nodes": w.nodes,
                    "busy_seconds": w.busy_seconds,
                })
            })
            .collect();
        println!("{}", json!({"runs": runs, "workers": workers}));
        return Ok(());
    }
    if runs.is_empty() {
        println!("no distributed solves yet");
    }
    for r in &runs {
        let value = match r.bounds {
            Some(b) if b.lower == b.upper => format!("value {}", b.lower),
            Some(b) => format!("value in {}..{}", b.lower, b.upper),
            None => "value unknown".into(),
        };
        println!(
            "run {} ({}): {} {} [{}]",
            r.id, r.state, r.position, value, r.rules
        );
        let job = |s: &str| r.jobs.get(s).copied().unwrap_or(0);
        println!(
            "  {} leaves; jobs: {} queued, {} being proven, {} answered, {} held back or cut off",
            r.leaves,
            job("queued"),
            job("leased"),
            job("done") + job("used"),
            job("cancelled")
        );
        let eta = r.eta().map_or("-".to_string(), |s| {
            format!("{} (for the jobs open now)", hms(s))
        });
        println!(
            "  {} positions proven ({} nodes, {:.1} s of proving), {:.2} a second; {} elapsed; time left: {eta}",
            r.proofs,
            r.nodes,
            r.busy_seconds,
            r.rate(),
            hms(r.elapsed)
        );
    }
    let live: Vec<_> = workers
        .iter()
        .filter(|w| w.seconds_since_seen < 120.0)
        .collect();
    println!(
        "workers: {} seen in the last 2 minutes ({} ever)",
        live.len(),
        workers.len()
    );
    for w in live {
        println!(
            "  {}: {} jobs, {:.1} s proving, {}; seen {} ago",
            w.name,
            w.jobs_done,
            w.busy_seconds,
            w.job.map_or("idle".to_string(), |j| format!("on job {j}")),
            hms(w.seconds_since_seen)
        );
    }
    Ok(())
}
