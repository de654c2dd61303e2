//! `kalah openings`: balanced start positions for match suites, proven with the solver.

use crate::args::RuleArgs;
use crate::commands::solve::{engine_from, engine_threads, format_line};
use crate::endgame::{plan, StoreArgs};
use crate::error::{CliError, CliResult};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use kalah_engine::{Limits, NoReport};
use kalah_match::openings::{moved_seed_starts, sowing_starts, HEADER};
use kalah_rules::{Move, Position};
use std::fmt::Write as _;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

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
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,
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
    let (method, mut candidates): (String, Vec<Candidate>) = match (args.moved, args.sowings) {
        (Some(k @ 1..=2), _) => (
            format!("moved seeds {k} (FairKalah's method: single seeds moved from the start to another house or a store)"),
            moved_seed_starts(rules, k)
                .into_iter()
                .map(|pos| Candidate { line: None, pos })
                .collect(),
        ),
        (Some(_), _) => return Err(CliError::usage("--moved must be 1 or 2")),
        (None, Some(n @ 1..=8)) => (
            format!("sowings {n} (positions after {n} sowings from the start)"),
            sowing_starts(rules, n)
                .into_iter()
                .map(|(line, pos)| Candidate { line: Some(line), pos })
                .collect(),
        ),
        (None, Some(_)) => return Err(CliError::usage("--sowings must be between 1 and 8")),
        (None, None) => return Err(CliError::usage("give --moved K or --sowings N")),
    };
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
    let mut engine = engine_from(plan.hash_mib, Some(threads))?;
    if let Some(d) = &plan.db {
        engine.set_endgame(d.db.clone(), rules);
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
    let mut kept = 0usize;
    for c in &candidates {
        let r = engine.search(
            &c.pos,
            Limits::Exact,
            &AtomicBool::new(false),
            &mut NoReport,
        );
        if !r.exact {
            return Err(CliError::usage(format!("{} was not proven", c.pos)));
        }
        if r.value.unsigned_abs() <= args.margin {
            kept += 1;
            let _ = write!(body, "{}  {:+}", c.pos, r.value);
            if let Some(line) = &c.line {
                let _ = write!(
                    body,
                    "  {}",
                    format_line(&Position::start(rules, kalah_rules::Side::South), line)
                );
            }
            body.push('\n');
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
    let command: Vec<String> = std::env::args().skip(1).collect();
    let mut text = String::new();
    let _ = writeln!(text, "{HEADER}");
    let _ = writeln!(text, "# rules: {rules}");
    let _ = writeln!(text, "# method: {method}");
    let _ = writeln!(
        text,
        "# kept: exact value for South, to move, within ±{}",
        args.margin
    );
    let _ = writeln!(
        text,
        "# made with: kalah {} {}",
        env!("CARGO_PKG_VERSION"),
        command.join(" ")
    );
    let _ = writeln!(
        text,
        "# candidates: {}, kept: {kept}, solving: {secs:.0} s",
        candidates.len()
    );
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
