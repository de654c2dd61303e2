//! `kalah openings`: balanced start positions for match suites, proven with the solver.

use crate::args::RuleArgs;
use crate::commands::solve::{engine_from, engine_threads, format_line};
use crate::endgame::{plan, StoreArgs};
use crate::error::{CliError, CliResult};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use kalah_engine::{
    draw, random_positions, BoundsInfo, Engine, Limits, NoReport, Reporter, SearchResult,
};
use kalah_match::openings::{moved_seed_starts, sowing_starts, HEADER};
use kalah_rules::{Move, Position, Rules};
use std::fmt::Write as _;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

#[derive(Debug, Args)]
pub struct OpeningsArgs {
    /// Candidates made from the start position by moving K single seeds to another house or a
    /// store (FairKalah's method)
    #[arg(
        long,
        value_name = "K",
        conflicts_with = "sowings",
        required_unless_present = "sowings"
    )]
    pub moved: Option<u32>,
    /// Candidates after N sowings from the start position
    #[arg(long, value_name = "N")]
    pub sowings: Option<u32>,
    /// Keep positions whose exact value for South (to move) is within ±M
    #[arg(long, value_name = "M", default_value_t = 0)]
    pub margin: u32,
    /// Solve at most this many candidates (in their fixed order)
    #[arg(long, value_name = "N", conflicts_with = "sample")]
    pub limit: Option<usize>,
    /// Draw N candidates at random instead of taking them all; with --sowings, N random
    /// games of that many sowings (then --sowings may go up to 80)
    #[arg(long, value_name = "N")]
    pub sample: Option<usize>,
    /// The draw of --sample: the same seed gives the same candidates
    #[arg(long, value_name = "S", default_value_t = 1, requires = "sample")]
    pub seed: u64,
    /// Solve only candidates whose value by a quick 12-sowing search is within ±E (a guess
    /// that saves the long solves of clearly unbalanced ones; kept positions are still proven)
    #[arg(long, value_name = "E")]
    pub prefilter: Option<u32>,
    /// Give up on a candidate not proven in this many seconds (it is left out and counted)
    #[arg(long, value_name = "SECONDS")]
    pub max_seconds: Option<f64>,
    /// Write the suite to FILE instead of standard output
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Search threads (default: every core)
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
    #[command(flatten)]
    pub store: StoreArgs,
}

struct Candidate {
    line: Option<Vec<Move>>,
    pos: Position,
}

pub fn run(args: &OpeningsArgs, rule_args: &RuleArgs) -> CliResult {
    let rules = rule_args.rules()?;
    if rules.pie() {
        return Err(CliError::usage(
            "opening suites are made without the pie rule: leave out --pie",
        ));
    }
    if args.sample == Some(0) {
        return Err(CliError::usage("--sample must be at least 1"));
    }
    let budget = match args.max_seconds {
        Some(t) if !(t > 0.0 && t <= 1e6) => {
            return Err(CliError::usage(
                "--max-seconds must be a number of seconds above 0",
            ))
        }
        t => t.map(Duration::from_secs_f64),
    };
    let (mut method, mut candidates) = candidates(args, rules)?;
    if let Some(n) = args.sample {
        if args.sowings.is_none() {
            candidates = draw(candidates, n, args.seed);
        }
        let _ = write!(method, ", {n} drawn at random with seed {}", args.seed);
    }
    if let Some(limit) = args.limit {
        candidates.truncate(limit);
    }
    if candidates.is_empty() {
        return Err(CliError::usage("no candidate positions for these rules"));
    }
    let threads = engine_threads(args.threads)?;
    // One database and one table for all candidates: they have the same seeds.
    let plan = plan(
        &candidates[0].pos,
        None,
        None,
        None,
        &args.store,
        threads,
        false,
    )?;
    let mut engine = engine_from(&plan, Some(threads))?;
    // The prefilter's shallow searches get their own small table: their entries would be
    // poor first tries for the exact proofs (docs/performance.md, session 13).
    let mut guesser = args.prefilter.map(|_| Engine::with_threads(16, threads));
    if let Some(d) = &plan.db {
        engine.set_endgame(d.db.clone(), rules);
        if let Some(g) = guesser.as_mut() {
            g.set_endgame(d.db.clone(), rules);
        }
    }
    let terminal = std::io::stderr().is_terminal();
    let bar = if terminal {
        let b = ProgressBar::new(candidates.len() as u64);
        b.set_style(
            ProgressStyle::with_template(
                "solving {pos}/{len} candidates [{bar:30}] {msg} {elapsed}, {eta} left",
            )
            .expect("template")
            .progress_chars("=> "),
        );
        b
    } else {
        ProgressBar::hidden()
    };
    let start = Instant::now();
    let mut body = String::new();
    let (mut kept, mut filtered, mut unproven, mut outside) = (0usize, 0usize, 0usize, 0usize);
    for c in &candidates {
        let guessed_out = match (guesser.as_mut(), args.prefilter) {
            (Some(g), Some(e)) => {
                let r = g.search(
                    &c.pos,
                    Limits::Depth(12),
                    &AtomicBool::new(false),
                    &mut NoReport,
                );
                r.value.unsigned_abs() > e
            }
            _ => false,
        };
        if guessed_out {
            filtered += 1;
        } else {
            match solve_within(&mut engine, &c.pos, budget, args.margin) {
                Err(()) => outside += 1,
                Ok(r) if !r.exact => {
                    if budget.is_none() {
                        return Err(CliError::usage(format!("{} was not proven", c.pos)));
                    }
                    unproven += 1;
                }
                Ok(r) if r.value.unsigned_abs() <= args.margin => {
                    kept += 1;
                    let _ = write!(body, "{}  {:+}", c.pos, r.value);
                    if let Some(line) = &c.line {
                        let start = Position::start(rules, kalah_rules::Side::South);
                        let _ = write!(body, "  {}", format_line(&start, line));
                    }
                    body.push('\n');
                }
                Ok(_) => outside += 1,
            }
        }
        bar.inc(1);
        bar.set_message(format!("{kept} balanced"));
        let done = bar.position() as usize;
        if !terminal && (done * 10 / candidates.len()) != ((done - 1) * 10 / candidates.len()) {
            // Logs get a line every tenth of the candidates instead of the bar.
            eprintln!(
                "solved {done}/{} candidates, {kept} kept, {:.0} s",
                candidates.len(),
                start.elapsed().as_secs_f64()
            );
        }
    }
    bar.finish_and_clear();
    let secs = start.elapsed().as_secs_f64();
    if kept == 0 {
        return Err(CliError::usage(format!(
            "none of the {} candidates was kept ({filtered} left out by the guess, {outside} \
             proven outside ±{}, {unproven} not proven in time): nothing written; try more candidates (--sample), a wider --margin, \
             --prefilter or more --max-seconds",
            candidates.len(),
            args.margin
        )));
    }
    let command: Vec<String> = std::env::args().skip(1).collect();
    let mut text = String::new();
    let _ = writeln!(text, "{HEADER}");
    let _ = writeln!(text, "# rules: {rules}");
    let _ = writeln!(text, "# method: {method}");
    let _ = writeln!(
        text,
        "# kept: exact value for the side to move within ±{}",
        args.margin
    );
    let _ = writeln!(
        text,
        "# made with: kalah {} {}",
        env!("CARGO_PKG_VERSION"),
        command.join(" ")
    );
    let mut counts = format!("# candidates: {}", candidates.len());
    if let Some(e) = args.prefilter {
        let _ = write!(
            counts,
            ", left out by the 12-sowing guess (beyond ±{e}): {filtered}"
        );
    }
    if let Some(t) = args.max_seconds {
        let _ = write!(counts, ", not proven within {t} s: {unproven}");
    }
    let _ = write!(
        counts,
        ", proven outside the margin: {outside}, kept: {kept}, solving: {secs:.0} s"
    );
    let _ = writeln!(text, "{counts}");
    let _ = writeln!(
        text,
        "# position  value{}",
        if args.sowings.is_some() {
            "  sowings from the start"
        } else {
            ""
        }
    );
    text.push_str(&body);
    crate::data::write_or_print(args.out.as_deref(), &text)?;
    if let Some(path) = &args.out {
        eprintln!(
            "{kept} of {} candidates kept, written to {} ({secs:.0} s)",
            candidates.len(),
            path.display()
        );
    }
    Ok(())
}

/// The candidates of the method the arguments ask for, and the method in words.
fn candidates(args: &OpeningsArgs, rules: Rules) -> CliResult<(String, Vec<Candidate>)> {
    Ok(match (args.moved, args.sowings, args.sample) {
        (Some(k @ 1..=2), _, _) => (
            format!("moved seeds {k} (FairKalah's method: single seeds moved from the start to another house or a store)"),
            moved_seed_starts(rules, k)
                .into_iter()
                .map(|pos| Candidate { line: None, pos })
                .collect(),
        ),
        (Some(_), _, _) => return Err(CliError::usage("--moved must be 1 or 2")),
        (None, Some(n @ 1..=80), Some(count)) => (
            format!("sowings {n} (positions after {n} random sowings from the start, each legal sowing equally likely)"),
            random_positions(rules, n as usize, count, args.seed)
                .into_iter()
                .map(|(line, pos)| Candidate { line: Some(line), pos })
                .collect(),
        ),
        (None, Some(_), Some(_)) => {
            return Err(CliError::usage("--sowings must be between 1 and 80"))
        }
        (None, Some(n @ 1..=8), None) => (
            format!("sowings {n} (positions after {n} sowings from the start)"),
            sowing_starts(rules, n)
                .into_iter()
                .map(|(line, pos)| Candidate { line: Some(line), pos })
                .collect(),
        ),
        (None, Some(_), None) => {
            return Err(CliError::usage(
                "--sowings must be between 1 and 8 (up to 80 with --sample N)",
            ))
        }
        (None, None, _) => return Err(CliError::usage("give --moved K or --sowings N")),
    })
}

/// An exact search of `pos`, given up after `budget` (the result then is not exact) or as
/// soon as its proven bounds put the value outside ±`margin` (then `Err(())`: no need to know
/// how far outside).
fn solve_within(
    engine: &mut Engine,
    pos: &Position,
    budget: Option<Duration>,
    margin: u32,
) -> Result<SearchResult, ()> {
    let stop = Arc::new(AtomicBool::new(false));
    let mut outside = Outside {
        margin: margin as i32,
        stop: Arc::clone(&stop),
        seen: false,
    };
    let (done, finished) = mpsc::channel::<()>();
    let watch = budget.map(|budget| {
        let stop = Arc::clone(&stop);
        std::thread::spawn(move || {
            if finished.recv_timeout(budget) == Err(mpsc::RecvTimeoutError::Timeout) {
                stop.store(true, Ordering::Relaxed);
            }
        })
    });
    let r = engine.search(pos, Limits::Exact, &stop, &mut outside);
    let _ = done.send(());
    if let Some(w) = watch {
        let _ = w.join();
    }
    if outside.seen && !r.exact {
        Err(())
    } else {
        Ok(r)
    }
}

/// Stops a solve once a proven bound lies outside the margin.
struct Outside {
    margin: i32,
    stop: Arc<AtomicBool>,
    seen: bool,
}

impl Reporter for Outside {
    fn bounds(&mut self, info: &BoundsInfo) {
        if info.lower > self.margin || info.upper < -self.margin {
            self.seen = true;
            self.stop.store(true, Ordering::Relaxed);
        }
    }
}
