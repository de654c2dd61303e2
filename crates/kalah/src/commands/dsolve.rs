//! `kalah dsolve`: a solve shared out to `kalah worker`s through PostgreSQL
//! (docs/distributed.md).

use crate::args::{PositionArgs, RuleArgs};
use crate::error::{CliError, CliResult};
use clap::Args;
use kalah_distributed::coordinator::{self, Options, Solved, Task};
use kalah_distributed::Split;
use kalah_engine::{Engine, Limits, NoReport};
use kalah_rules::Position;
use serde_json::json;
use std::io::IsTerminal;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Sowings of the search that guesses the root's value for the first pass.
const GUESS_DEPTH: u32 = 12;
/// Sowings of the searches that put the moves of the split tree best first.
const ORDER_DEPTH: u32 = 8;

#[derive(Debug, Args)]
pub struct DsolveArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    /// The PostgreSQL database the workers take jobs from
    #[arg(long, value_name = "URL")]
    pub database: String,
    /// Split the tree into at least this many leaves (jobs)
    #[arg(long, value_name = "N", default_value_t = 200)]
    pub leaves: usize,
    /// ... but no deeper than this many sowings
    #[arg(long, value_name = "SOWINGS", default_value_t = 64)]
    pub depth: u32,
    /// Split the line of first moves (the likely best line) 2 sowings further this many
    /// times, so that its proof is shared out too
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub deepen: u32,
    /// Jobs offered at a time [default: three per live worker, at least 4]
    #[arg(long, value_name = "N")]
    pub ahead: Option<usize>,
    /// Split a job one sowing further once it has been proven this long while a worker
    /// waits with nothing to do (0: never)
    #[arg(long, value_name = "SECS", default_value_t = 3.0)]
    pub split_after: f64,
    /// Solve every position of FILE (one a line; `#` starts a comment) in one run, each one
    /// job until a worker waits, instead of --position
    #[arg(long, value_name = "FILE", conflicts_with_all = ["position", "first"])]
    pub positions: Option<std::path::PathBuf>,
    /// With --positions: every best move too, as a book's entries
    #[arg(long, requires = "positions")]
    pub best: bool,
    /// Print one JSON object instead of text
    #[arg(long)]
    pub json: bool,
}

/// `--split-after`, checked.
pub fn split_after(secs: f64) -> CliResult<Option<Duration>> {
    if !(0.0..=86_400.0).contains(&secs) {
        return Err(CliError::usage(
            "--split-after must be between 0 and 86400 seconds",
        ));
    }
    Ok((secs > 0.0).then(|| Duration::from_secs_f64(secs)))
}

/// Sets `stop` on Ctrl-C (a second Ctrl-C ends the program at once).
pub fn stop_on_ctrl_c() -> CliResult<Arc<AtomicBool>> {
    let stop = Arc::new(AtomicBool::new(false));
    signal_hook::flag::register_conditional_shutdown(
        signal_hook::consts::SIGINT,
        130,
        Arc::clone(&stop),
    )
    .and_then(|_| signal_hook::flag::register(signal_hook::consts::SIGINT, Arc::clone(&stop)))
    .map_err(|e| CliError::failure(format!("cannot catch Ctrl-C: {e}")))?;
    Ok(stop)
}

pub fn run(args: &DsolveArgs, rule_args: &RuleArgs) -> CliResult {
    let rules = rule_args.rules()?;
    if args.leaves == 0 || args.ahead == Some(0) {
        return Err(CliError::usage("--leaves and --ahead must be at least 1"));
    }
    if let Some(file) = &args.positions {
        return run_many(args, rules, file);
    }
    let pos = args.position.resolve(rule_args, rules)?;
    let stop = Arc::new(AtomicBool::new(false));
    signal_hook::flag::register_conditional_shutdown(
        signal_hook::consts::SIGINT,
        130,
        Arc::clone(&stop),
    )
    .and_then(|_| signal_hook::flag::register(signal_hook::consts::SIGINT, Arc::clone(&stop)))
    .map_err(|e| CliError::failure(format!("cannot catch Ctrl-C: {e}")))?;
    // MTD(f)'s first guess, as the solver's own exact search takes one: a shallow search.
    let guess = Engine::new(16)
        .search(&pos, Limits::Depth(GUESS_DEPTH), &stop, &mut NoReport)
        .value;
    let opts = Options {
        split: Split {
            depth: args.depth,
            leaves: args.leaves,
        },
        ahead: args.ahead,
        poll: Duration::from_secs(1),
        guess,
        deepen: args.deepen,
        split_after: split_after(args.split_after)?,
        ..Options::default()
    };
    let show = std::io::stderr().is_terminal() && !args.json;
    let mut last = Instant::now();
    // The tree's moves best first, by a shallow search of each position.
    let mut shallow = Engine::new(16);
    let mut estimate = |p: &Position| {
        shallow
            .search(p, Limits::Depth(ORDER_DEPTH), &stop, &mut NoReport)
            .value
    };
    let out = coordinator::solve(
        &args.database,
        pos,
        opts,
        Some(&mut estimate),
        &stop,
        &mut |p| {
        if show && last.elapsed() >= Duration::from_secs(2) {
            last = Instant::now();
            eprintln!(
                "run {}: value in {}..{}, testing {}, {} answers, {} leaves wanted ({} offered), {:.0} s",
                p.run,
                p.bounds.lower,
                p.bounds.upper,
                p.window.beta,
                p.answers,
                p.wanted,
                p.offered,
                p.elapsed.as_secs_f64()
            );
        }
        },
    )
    .map_err(|e| CliError::failure(e.to_string()))?;
    if args.json {
        println!(
            "{}",
            json!({
                "rules": pos.rules().to_string(),
                "position": pos.to_string(),
                "to_move": pos.to_move().name(),
                "value": out.value,
                "run": out.run,
                "resumed": out.resumed,
                "leaves": out.leaves,
                "answers": out.answers,
                "known": out.known,
                "splits": out.splits,
                "seconds": out.elapsed.as_secs_f64(),
            })
        );
    } else {
        println!("rules: {}", pos.rules());
        println!("position: {pos}");
        println!("value: {:+} for {} (exact)", out.value, pos.to_move());
        println!(
            "run {}{}: {} leaves, {} answers from workers, {} positions known at the start, {} jobs split further, {:.3} s",
            out.run,
            if out.resumed { " (resumed)" } else { "" },
            out.leaves,
            out.answers,
            out.known,
            out.splits,
            out.elapsed.as_secs_f64()
        );
    }
    Ok(())
}

/// Reads a file of positions, one a line.
pub fn read_positions(
    file: &std::path::Path,
    rules: kalah_rules::Rules,
) -> CliResult<Vec<Position>> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| CliError::usage(format!("cannot read {}: {e}", file.display())))?;
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let setup = kalah_rules::parse_setup(line)
            .map_err(|e| CliError::usage(format!("{}:{}: {e}", file.display(), n + 1)))?;
        let pos = Position::from_setup(rules, &setup)
            .map_err(|e| CliError::usage(format!("{}:{}: {e}", file.display(), n + 1)))?;
        out.push(pos);
    }
    if out.is_empty() {
        return Err(CliError::usage(format!("{}: no positions", file.display())));
    }
    Ok(out)
}

/// A run's name from its positions: the same positions (in the same order) resume it.
pub fn label_of(what: &str, positions: &[Position]) -> String {
    // FNV-1a of the positions' text: stable between builds, unlike the std hasher.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for p in positions {
        for b in p.to_string().bytes().chain(std::iter::once(b'\n')) {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("{what}: {} positions ({h:016x})", positions.len())
}

fn run_many(args: &DsolveArgs, rules: kalah_rules::Rules, file: &std::path::Path) -> CliResult {
    let positions = read_positions(file, rules)?;
    let mut seen = std::collections::HashSet::new();
    let tasks: Vec<Task> = positions
        .iter()
        .filter(|p| seen.insert(**p))
        .map(|&position| Task {
            position,
            best: args.best,
        })
        .collect();
    let stop = stop_on_ctrl_c()?;
    let opts = Options {
        split: Split {
            depth: args.depth,
            leaves: 1,
        },
        ahead: args.ahead,
        split_after: split_after(args.split_after)?,
        ..Options::default()
    };
    let show = std::io::stderr().is_terminal() && !args.json;
    let mut last = Instant::now();
    let mut shallow = Engine::new(16);
    let mut estimate = |p: &Position| {
        shallow
            .search(p, Limits::Depth(ORDER_DEPTH), &stop, &mut NoReport)
            .value
    };
    let label = label_of(if args.best { "entries" } else { "values" }, &positions);
    let line = |s: &Solved| {
        format!(
            "{} {:+}{}{}",
            s.position,
            s.value,
            s.best.as_ref().map_or(String::new(), |b| format!(
                " {}",
                b.iter()
                    .map(|m| m.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            )),
            if s.known { " (from the table)" } else { "" }
        )
    };
    let out = coordinator::solve_many(
        &args.database,
        &tasks,
        &label,
        opts,
        Some(&mut estimate),
        &stop,
        &mut |p| {
            if show && last.elapsed() >= Duration::from_secs(2) {
                last = Instant::now();
                eprintln!(
                    "run {}: {} of {} positions solved, {} answers, {} jobs split, {:.0} s",
                    p.run,
                    p.roots_done,
                    p.roots,
                    p.answers,
                    p.splits,
                    p.elapsed.as_secs_f64()
                );
            }
        },
        &mut |s| {
            if !args.json {
                println!("{}", line(s));
            }
        },
    )
    .map_err(|e| CliError::failure(e.to_string()))?;
    if args.json {
        let solved: Vec<_> = out
            .solved
            .iter()
            .map(|s| {
                json!({
                    "position": s.position.to_string(),
                    "value": s.value,
                    "best_moves": s.best.as_ref().map(|b| b.iter().map(|m| m.to_string()).collect::<Vec<_>>()),
                    "known": s.known,
                })
            })
            .collect();
        println!(
            "{}",
            json!({
                "rules": rules.to_string(),
                "run": out.run,
                "resumed": out.resumed,
                "positions": solved,
                "answers": out.answers,
                "known": out.known,
                "splits": out.splits,
                "seconds": out.elapsed.as_secs_f64(),
            })
        );
    } else {
        println!(
            "run {}{}: {} positions, {} answers from workers, {} jobs split further, {:.3} s",
            out.run,
            if out.resumed { " (resumed)" } else { "" },
            out.solved.len(),
            out.answers,
            out.splits,
            out.elapsed.as_secs_f64()
        );
    }
    Ok(())
}
