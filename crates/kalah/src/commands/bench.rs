//! `kalah bench playouts`: the move-generation benchmark.

use crate::args::RuleArgs;
use crate::error::CliResult;
use clap::{Args, Subcommand};
use kalah_rules::playouts;
use std::time::Instant;

#[derive(Debug, Args)]
pub struct BenchArgs {
    #[command(subcommand)]
    pub what: BenchWhat,
}

#[derive(Debug, Subcommand)]
pub enum BenchWhat {
    /// Random playouts from the start (xorshift64 moves); prints games, moves, mean margin, moves/s
    Playouts {
        /// Games to play
        #[arg(long, default_value_t = 1_000_000)]
        games: u64,
    },
}

pub fn run(args: &BenchArgs, rule_args: &RuleArgs) -> CliResult {
    match args.what {
        BenchWhat::Playouts { games } => {
            let rules = rule_args.rules()?;
            let t = Instant::now();
            let stats = playouts(rules, games);
            let secs = t.elapsed().as_secs_f64();
            let mean = if games == 0 {
                0.0
            } else {
                stats.margin_sum as f64 / games as f64
            };
            println!("rules: {rules}");
            println!("games: {}", stats.games);
            println!("moves: {}", stats.moves);
            println!("mean margin (South - North): {mean:.4}");
            println!("seconds: {secs:.3}");
            println!(
                "moves per second: {:.0}",
                stats.moves as f64 / secs.max(1e-9)
            );
        }
    }
    Ok(())
}
