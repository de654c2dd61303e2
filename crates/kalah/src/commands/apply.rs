//! `kalah apply`: play moves and print the resulting position.

use crate::args::{PositionArgs, RuleArgs};
use crate::error::{CliError, CliResult};
use clap::Args;
use kalah_rules::{parse_turn, Side};
use serde_json::{json, Value};

#[derive(Debug, Args)]
pub struct ApplyArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    /// Print one JSON object with the position, scores and every sowing's events
    #[arg(long)]
    pub json: bool,
    /// Moves: house numbers 1..n from the mover's left, `swap`, or a turn joined by `-` (1-2)
    #[arg(value_name = "MOVE")]
    pub moves: Vec<String>,
}

pub fn run(args: &ApplyArgs, rule_args: &RuleArgs) -> CliResult {
    let rules = rule_args.rules()?;
    let mut pos = args.position.resolve(rule_args, rules)?;
    let mut events = Vec::new();
    let mut number = 0;
    for word in &args.moves {
        let turn = parse_turn(word).map_err(|e| CliError::usage(e.to_string()))?;
        for m in turn {
            number += 1;
            let before = pos;
            let s = pos
                .play(m)
                .map_err(|e| CliError::usage(format!("move {number} ({m}) in {before}: {e}")))?;
            if args.json {
                events.push(kalah_server::sowing_json(number, &before, &s, &pos));
            }
        }
    }
    let outcome = pos.outcome();
    let scores = match outcome {
        Some(o) => (o.scores.south, o.scores.north),
        None => (pos.store(Side::South) as u32, pos.store(Side::North) as u32),
    };
    if args.json {
        let winner = match outcome {
            None => Value::Null,
            Some(o) => match o.winner {
                Some(s) => json!(s.name()),
                None => json!("draw"),
            },
        };
        let out = json!({
            "position": pos.to_string(),
            "rules": pos.rules().to_string(),
            "to_move": pos.to_move().name(),
            "over": outcome.is_some(),
            "south_score": scores.0,
            "north_score": scores.1,
            "winner": winner,
            "legal_moves": pos.legal_moves().iter().map(|m| m.to_string()).collect::<Vec<_>>(),
            "sowings": events,
        });
        println!("{out}");
    } else {
        println!("{pos}");
    }
    Ok(())
}
