//! `kalah rules` and `kalah show`.

use crate::args::{PositionArgs, RuleArgs};
use crate::error::CliResult;
use clap::Args;
use kalah_rules::{draw, CaptureRule, EndRule, Preset, Side, SweepRule};

#[derive(Debug, Args)]
pub struct RulesArgs {
    /// Preset to describe (default: standard, or --rules)
    pub preset: Option<String>,
}

pub fn run_rules(args: &RulesArgs, rule_args: &RuleArgs) -> CliResult {
    let rules = rule_args.rules_from(args.preset.as_deref())?;
    match rules.matching_preset() {
        Some(p) => println!("Rules: {} ({})", p, p.summary()),
        None => println!("Rules: custom"),
    }
    println!("  {rules}\n");
    print!("{}", rules.describe());
    println!("\nPresets:");
    for p in Preset::ALL {
        println!("  {:<14} {}", p.name(), p.summary());
    }
    println!("\nOptions (flags override the preset):");
    println!("  --houses N        houses per side, 1-16");
    println!("  --seeds N         seeds per house, 1-16");
    let names = |v: Vec<&str>| v.join("|");
    println!(
        "  --capture X       {}",
        names(CaptureRule::ALL.iter().map(|c| c.name()).collect())
    );
    println!(
        "  --end X           {}",
        names(EndRule::ALL.iter().map(|c| c.name()).collect())
    );
    println!(
        "  --sweep X         {}",
        names(SweepRule::ALL.iter().map(|c| c.name()).collect())
    );
    println!("  --early-end[=yes|no], --pie[=yes|no], --both-stores[=yes|no]");
    Ok(())
}

#[derive(Debug, Args)]
pub struct ShowArgs {
    #[command(flatten)]
    pub position: PositionArgs,
}

pub fn run_show(args: &ShowArgs, rule_args: &RuleArgs) -> CliResult {
    let rules = rule_args.rules()?;
    let pos = args.position.resolve(rule_args, rules)?;
    print!("{}", draw(&pos));
    println!("Position: {pos}");
    match pos.outcome() {
        Some(o) => {
            let who = match o.winner {
                Some(s) => format!("{s} wins"),
                None => "draw".to_string(),
            };
            println!(
                "Game over: South {} - North {}, {who}",
                o.scores[Side::South],
                o.scores[Side::North]
            );
        }
        None => {
            let moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
            println!(
                "{} to move; legal moves: {}",
                pos.to_move(),
                moves.join(" ")
            );
        }
    }
    Ok(())
}
