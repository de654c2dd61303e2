//! `kalah analyze`: the value of every legal move for the side to move.

use crate::args::{PositionArgs, RuleArgs};
use crate::commands::solve::{engine_from, engine_threads};
use crate::endgame::{plan, StoreArgs};
use crate::error::{CliError, CliResult};
use clap::Args;
use kalah_engine::{book, Limits};
use serde_json::json;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

#[derive(Debug, Args)]
pub struct AnalyzeArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    /// Print one JSON object instead of text
    #[arg(long)]
    pub json: bool,
    /// Thinking time in seconds (fractions allowed); values not proven by then are estimates
    #[arg(long, value_name = "SECONDS", default_value_t = 5.0)]
    pub time: f64,
    /// Transposition table size in MiB [default: from the seeds left, within --max-memory]
    #[arg(long, value_name = "MB")]
    pub hash: Option<usize>,
    /// Use an endgame database of at least K seeds in the houses (0: none): the largest stored
    /// one that fits --max-memory, else one of K seeds built; --egdb FILE for exactly one
    /// [default: chosen from the seeds left]
    #[arg(long, value_name = "K")]
    pub egdb_seeds: Option<u32>,
    #[command(flatten)]
    pub store: StoreArgs,
}

pub fn run(args: &AnalyzeArgs, rule_args: &RuleArgs) -> CliResult {
    if !(args.time.is_finite() && args.time > 0.0 && args.time <= 86_400.0) {
        return Err(CliError::usage(
            "--time must be a number of seconds above 0 and at most 86400",
        ));
    }
    let rules = rule_args.rules()?;
    let pos = args.position.resolve(rule_args, rules)?;
    if pos.is_over() {
        return Err(CliError::usage(format!(
            "the game is over in {pos}: there are no moves to analyze"
        )));
    }
    let plan = plan(
        &pos,
        None,
        args.egdb_seeds,
        args.hash,
        &args.store,
        engine_threads(None)?,
        args.json,
    )?;
    let mut engine = engine_from(&plan, Some(1))?;
    if let Some(d) = &plan.db {
        engine.set_endgame(d.db.clone(), pos.rules());
    }
    let soft = Duration::from_secs_f64(args.time);
    let limits = Limits::Time {
        soft: soft / 2,
        hard: soft,
    };
    let t = Instant::now();
    let mut values = engine.analyze(&pos, limits, &AtomicBool::new(false));
    // Where the search ran out of time, the shipped opening books may still prove a value.
    let from_book = match book::proven(&pos) {
        Some(p) => p.settle(&mut values),
        None => vec![false; values.len()],
    };
    let secs = t.elapsed().as_secs_f64();
    if args.json {
        let moves: Vec<_> = values
            .iter()
            .zip(&from_book)
            .map(|(v, b)| json!({"move": v.mv.to_string(), "value": v.value, "exact": v.exact, "book": b}))
            .collect();
        let out = json!({
            "rules": pos.rules().to_string(),
            "position": pos.to_string(),
            "to_move": pos.to_move().name(),
            "moves": moves,
            "seconds": secs,
        });
        println!("{out}");
    } else {
        println!("rules: {}", pos.rules());
        println!("position: {pos}");
        println!(
            "values for {} (final margin, own store minus the opponent's):",
            pos.to_move()
        );
        for (v, &from_book) in values.iter().zip(&from_book) {
            let value = if v.value > 0 {
                format!("+{}", v.value)
            } else {
                v.value.to_string()
            };
            println!(
                "  {:>4}  {:>4}  {}",
                v.mv.to_string(),
                value,
                match (v.exact, from_book) {
                    (true, true) => "exact (opening book)",
                    (true, false) => "exact",
                    _ => "estimate",
                }
            );
        }
        println!("time: {secs:.3} s");
    }
    Ok(())
}
