//! `kalah dsolve`: a solve shared out to `kalah worker`s through PostgreSQL
//! (docs/distributed.md).

use crate::args::{PositionArgs, RuleArgs};
use crate::error::{CliError, CliResult};
use clap::Args;
use kalah_distributed::coordinator::{self, Options};
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
    /// Print one JSON object instead of text
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &DsolveArgs, rule_args: &RuleArgs) -> CliResult {
    let rules = rule_args.rules()?;
    let pos = args.position.resolve(rule_args, rules)?;
    if args.leaves == 0 || args.ahead == Some(0) {
        return Err(CliError::usage("--leaves and --ahead must be at least 1"));
    }
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
                "seconds": out.elapsed.as_secs_f64(),
            })
        );
    } else {
        println!("rules: {}", pos.rules());
        println!("position: {pos}");
        println!("value: {:+} for {} (exact)", out.value, pos.to_move());
        println!(
            "run {}{}: {} leaves, {} answers from workers, {} positions known at the start, {:.3} s",
            out.run,
            if out.resumed { " (resumed)" } else { "" },
            out.leaves,
            out.answers,
            out.known,
            out.elapsed.as_secs_f64()
        );
    }
    Ok(())
}
