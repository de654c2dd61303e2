//! `kalah worker`: proves the jobs of distributed solves (docs/distributed.md), and
//! `kalah worker status`: their progress.

use crate::endgame::{plan, StoreArgs};
use crate::error::{CliError, CliResult};
use clap::{Args, Subcommand};
use kalah_distributed::store::{Job, RunStatus, Store, Work, WorkerStatus};
use kalah_distributed::worker::{self, Event, Proven};
use kalah_distributed::Bounds;
use kalah_engine::{Engine, Limits, NoReport, SearchResult};
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
    /// Use an endgame database of at least K seeds in the houses (0: none): the largest stored
    /// one that fits --max-memory, else one of K seeds built [default: chosen from the seeds
    /// left of the first job]
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
    /// Serve the status as a web page at this address (e.g. 127.0.0.1:8038), and as JSON
    /// at /status.json, until stopped
    #[arg(long, value_name = "ADDR")]
    pub serve: Option<String>,
    /// Seconds between the page's reloads
    #[arg(long, value_name = "SECS", default_value_t = 5)]
    pub refresh: u64,
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
    let mut prove = |job: &Job, stop: &AtomicBool| -> Option<Proven> {
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
        if job.entry {
            // A book's entry: the exact value and every best move, as `kalah book build`
            // solves it. A search stopped part way is not written: `worker::run` drops
            // every answer returned once the job's stop flag is set.
            let r = engine.search(&job.position, Limits::Exact, stop, &mut NoReport);
            return entry_answer(r);
        }
        let p = engine.prove(&job.position, job.window.alpha, job.window.beta, stop)?;
        Some(Proven::bounds(
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

/// The answer to an entry job from an exact search of its position: none unless the value
/// is exact. A search stopped after it proved the value is `exact` with its first best
/// move only; `worker::run` does not write it, since the job's stop flag was set
/// ([`worker::answer_to_write`]).
fn entry_answer(r: SearchResult) -> Option<Proven> {
    if !r.exact {
        return None;
    }
    let mut best = r.best_moves;
    best.sort();
    Some(Proven {
        bounds: Bounds::exact(r.value),
        best: Some(best),
        work: Work {
            nodes: r.nodes,
            seconds: r.elapsed.as_secs_f64(),
        },
    })
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
    if let Some(addr) = &args.serve {
        return serve(args, addr);
    }
    let mut store = Store::connect(&args.database).map_err(db_error)?;
    let (runs, workers) = snapshot(&mut store, args.runs)?;
    if args.json {
        println!("{}", status_json(&runs, &workers));
    } else {
        print!("{}", status_text(&runs, &workers));
    }
    Ok(())
}

fn snapshot(store: &mut Store, runs: i64) -> CliResult<(Vec<RunStatus>, Vec<WorkerStatus>)> {
    Ok((
        store.runs(runs).map_err(db_error)?,
        store.workers().map_err(db_error)?,
    ))
}

fn status_json(runs: &[RunStatus], workers: &[WorkerStatus]) -> serde_json::Value {
    let runs: Vec<_> = runs
        .iter()
        .map(|r| {
            json!({
                "run": r.id,
                "kind": r.kind,
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
                "positions": r.roots,
                "positions_solved": r.roots_done,
                "positions_from_table": r.roots_known,
                "positions_an_hour": r.roots_rate(),
                "positions_eta_seconds": r.roots_eta(),
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
    json!({"runs": runs, "workers": workers})
}

/// One run as lines of text (the same lines make the page).
fn run_lines(r: &RunStatus) -> Vec<String> {
    let mut out = Vec::new();
    if r.kind == "many" {
        out.push(format!(
            "run {} ({}): {} [{}]",
            r.id, r.state, r.position, r.rules
        ));
        let eta = r.roots_eta().map_or("-".to_string(), hms);
        out.push(format!(
            "  positions: {} of {} solved ({} from the table), {:.1} an hour; time left: {eta}",
            r.roots_done,
            r.roots,
            r.roots_known,
            r.roots_rate()
        ));
    } else {
        let value = match r.bounds {
            Some(b) if b.lower == b.upper => format!("value {}", b.lower),
            Some(b) => format!("value in {}..{}", b.lower, b.upper),
            None => "value unknown".into(),
        };
        out.push(format!(
            "run {} ({}): {} {} [{}]",
            r.id, r.state, r.position, value, r.rules
        ));
    }
    let job = |s: &str| r.jobs.get(s).copied().unwrap_or(0);
    out.push(format!(
        "  {} leaves; jobs: {} queued, {} being proven, {} answered, {} held back or cut off",
        r.leaves,
        job("queued"),
        job("leased"),
        job("done") + job("used"),
        job("cancelled")
    ));
    let eta = r.eta().map_or("-".to_string(), |s| {
        format!("{} (for the jobs open now)", hms(s))
    });
    out.push(format!(
        "  {} jobs answered ({} nodes, {:.1} s of proving), {:.2} a second; {} elapsed; time left: {eta}",
        r.proofs,
        r.nodes,
        r.busy_seconds,
        r.rate(),
        hms(r.elapsed)
    ));
    out
}

fn worker_lines(workers: &[WorkerStatus]) -> Vec<String> {
    let live: Vec<_> = workers
        .iter()
        .filter(|w| w.seconds_since_seen < 120.0)
        .collect();
    let mut out = vec![format!(
        "workers: {} seen in the last 2 minutes ({} ever)",
        live.len(),
        workers.len()
    )];
    for w in live {
        out.push(format!(
            "  {}: {} jobs, {:.1} s proving, {}; seen {} ago",
            w.name,
            w.jobs_done,
            w.busy_seconds,
            w.job.map_or("idle".to_string(), |j| format!("on job {j}")),
            hms(w.seconds_since_seen)
        ));
    }
    out
}

fn status_text(runs: &[RunStatus], workers: &[WorkerStatus]) -> String {
    let mut out = String::new();
    if runs.is_empty() {
        out.push_str("no distributed solves yet\n");
    }
    for line in runs.iter().flat_map(run_lines).chain(worker_lines(workers)) {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The page: the status as text, with a bar for each run's positions, reloaded every
/// `refresh` seconds by the browser (no script).
fn status_html(runs: &[RunStatus], workers: &[WorkerStatus], refresh: u64) -> String {
    let mut body = String::new();
    for r in runs {
        let lines = run_lines(r);
        body.push_str(&format!("<section><h2>{}</h2>", escape(&lines[0])));
        if r.kind == "many" && r.roots > 0 {
            body.push_str(&format!(
                "<progress max=\"{}\" value=\"{}\"></progress> ",
                r.roots, r.roots_done
            ));
        }
        body.push_str("<pre>");
        for l in &lines[1..] {
            body.push_str(&escape(l.trim_start()));
            body.push('\n');
        }
        body.push_str("</pre></section>");
    }
    if runs.is_empty() {
        body.push_str("<p>No distributed solves yet.</p>");
    }
    body.push_str("<section><pre>");
    for l in worker_lines(workers) {
        body.push_str(&escape(&l));
        body.push('\n');
    }
    body.push_str("</pre></section>");
    format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta http-equiv=\"refresh\" content=\"{refresh}\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>kalah worker status</title>\
         <style>body{{font-family:sans-serif;margin:1em auto;max-width:60em;padding:0 1em}}\
         h2{{font-size:1em;word-break:break-all}}pre{{white-space:pre-wrap}}progress{{width:100%}}</style>\
         </head><body><h1>Distributed solves</h1>\
         <p>Reloads every {refresh} s; <a href=\"/status.json\">JSON</a>.</p>{body}</body></html>\n"
    )
}

/// Serves the page (and `/status.json`) at `addr` until stopped: one connection at a time,
/// a fresh look at the database for each request.
fn serve(args: &StatusArgs, addr: &str) -> CliResult {
    use std::io::{BufRead, BufReader, Write};
    let listener = std::net::TcpListener::bind(addr)
        .map_err(|e| CliError::usage(format!("cannot listen on {addr}: {e}")))?;
    let local = listener
        .local_addr()
        .map_err(|e| CliError::failure(e.to_string()))?;
    eprintln!(
        "serving the status of {} runs at http://{local}/ (Ctrl-C to stop)",
        args.runs
    );
    let mut store = Store::connect(&args.database).map_err(db_error)?;
    for conn in listener.incoming() {
        let Ok(mut conn) = conn else { continue };
        let _ = conn.set_read_timeout(Some(Duration::from_secs(5)));
        let mut request = String::new();
        {
            let mut reader = BufReader::new(&conn);
            if reader.read_line(&mut request).is_err() {
                continue;
            }
            // The headers, unread otherwise.
            let mut line = String::new();
            while reader.read_line(&mut line).is_ok_and(|n| n > 2) {
                line.clear();
            }
        }
        let path = request.split_whitespace().nth(1).unwrap_or("/");
        let (status, kind, body) = match snapshot(&mut store, args.runs) {
            Err(e) => ("500 Internal Server Error", "text/plain", e.message),
            Ok((runs, workers)) => match path {
                "/" | "/index.html" => (
                    "200 OK",
                    "text/html; charset=utf-8",
                    status_html(&runs, &workers, args.refresh),
                ),
                "/status.json" => (
                    "200 OK",
                    "application/json",
                    status_json(&runs, &workers).to_string(),
                ),
                _ => ("404 Not Found", "text/plain", "not found\n".to_string()),
            },
        };
        let _ = write!(
            conn,
            "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n{body}",
            body.len()
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use kalah_engine::{Reporter, SearchInfo};
    use kalah_rules::{parse_setup, Move, Position, Rules, RulesSetup};
    use std::sync::atomic::Ordering;

    /// Sets the stop flag once an iteration proves the value: a job cancelled (split further,
    /// its lease lost, the worker stopped) after its value was found but before the search
    /// looked at every other move for the best ones.
    struct StopOnceProven<'a>(&'a AtomicBool);

    impl Reporter for StopOnceProven<'_> {
        fn iteration(&mut self, info: &SearchInfo) {
            if info.exact {
                self.0.store(true, Ordering::Relaxed);
            }
        }
    }

    /// A Kalah(6,3) position of the 5-sowing book whose entry is `N -2 4,5,6` (three best
    /// moves); CI's book through two workers had `N -2 4`.
    fn three_best_moves() -> Position {
        let rules = Rules::new(RulesSetup {
            houses: 6,
            seeds: 3,
            ..Default::default()
        })
        .unwrap();
        let setup = parse_setup("<6,1,0,3,3,3,3,0,4,4,3,3,3,3,3> N").unwrap();
        Position::from_setup(rules, &setup).unwrap()
    }

    #[test]
    fn an_entry_search_run_to_its_end_answers_every_best_move() {
        let never = AtomicBool::new(false);
        let r = Engine::new(16).search(&three_best_moves(), Limits::Exact, &never, &mut NoReport);
        let p = worker::answer_to_write(entry_answer(r), &never).expect("an answer");
        assert_eq!(p.bounds, Bounds::exact(-2));
        assert_eq!(p.best, Some(vec![Move::Sow(4), Move::Sow(5), Move::Sow(6)]));
    }

    #[test]
    fn an_entry_search_stopped_after_its_value_was_proven_gives_no_answer() {
        let stop = AtomicBool::new(false);
        let r = Engine::new(16).search(
            &three_best_moves(),
            Limits::Exact,
            &stop,
            &mut StopOnceProven(&stop),
        );
        // What the engine gives then: the value, exact, with the first best move only.
        assert!(stop.load(Ordering::Relaxed));
        assert!(r.exact, "{r:?}");
        assert_eq!(r.value, -2);
        assert!(r.best_moves.len() < 3, "{r:?}");
        // Not an entry's answer: written, it would be the entry's best moves (CI's book
        // through two workers had `N -2 4` for `N -2 4,5,6`). The worker's loop drops it.
        assert_eq!(worker::answer_to_write(entry_answer(r), &stop), None);
    }
}
