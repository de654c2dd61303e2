//! `kalah perft`: count move sequences, the check of move generation.

use crate::args::{PositionArgs, RuleArgs};
use crate::error::{CliError, CliResult};
use clap::Args;
use kalah_rules::{divide, perft};

#[derive(Debug, Args)]
pub struct PerftArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    /// Deepest depth to count (each depth 1..D is printed)
    #[arg(long, short)]
    pub depth: u32,
    /// Also print the count at the deepest depth per first move
    #[arg(long)]
    pub divide: bool,
}

pub fn run(args: &PerftArgs, rule_args: &RuleArgs) -> CliResult {
    if args.depth > 40 {
        return Err(CliError::usage(format!(
            "--depth {} is far beyond what can be counted; use 40 or less",
            args.depth
        )));
    }
    let rules = rule_args.rules()?;
    let pos = args.position.resolve(rule_args, rules)?;
    for d in 1..=args.depth {
        println!("perft {d} {}", perft(&pos, d));
    }
    if args.divide {
        for (m, n) in divide(&pos, args.depth) {
            println!("{m}: {n}");
        }
    }
    Ok(())
}
