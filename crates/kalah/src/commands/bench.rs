//! `kalah bench playouts`: the move-generation benchmark; `kalah bench search`: the engine's
//! signature (fixed positions, fixed depth, a deterministic node count).

use crate::args::RuleArgs;
use crate::error::{CliError, CliResult};
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
    /// Search fixed positions of Kalah(6,4) to a fixed depth on one thread: the node count is
    /// the engine's signature (it changes only when the search changes), plus nodes/s
    Search {
        /// Depth in sowings
        #[arg(long, default_value_t = 16)]
        depth: u32,
        /// Transposition table per position, in MiB
        #[arg(long, value_name = "MB", default_value_t = 16)]
        hash: usize,
    },
    /// Each level's average loss in seeds per move against the exact value, on positions
    /// from games (every move's value proven by the solver)
    Levels(crate::commands::bench_levels::LevelsArgs),
}

/// Positions of the search benchmark: Kalah(6,4) with standard and empty capture, each from
/// the start and after 4, 10 and 20 sowings of a fixed move pattern.
fn bench_positions() -> Vec<kalah_rules::Position> {
    use kalah_rules::{Position, Preset, Rules, Side};
    let mut out = Vec::new();
    for preset in [Preset::Standard, Preset::EmptyCapture] {
        for plies in [0usize, 4, 10, 20] {
            let mut pos = Position::start(Rules::preset(preset), Side::South);
            for ply in 0..plies {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.play_unchecked(moves[(ply * 7 + 3) % moves.len()]);
            }
            out.push(pos);
        }
    }
    out
}

fn bench_search(depth: u32, hash: usize) -> CliResult {
    use kalah_engine::{Engine, Limits, NoReport};
    use std::sync::atomic::AtomicBool;
    if depth == 0 || depth > 60 {
        return Err(CliError::usage("--depth must be between 1 and 60"));
    }
    if hash == 0 || hash > 65_536 {
        return Err(CliError::usage("--hash must be between 1 and 65536 MiB"));
    }
    let mut total = 0u64;
    let mut secs = 0.0;
    for pos in bench_positions() {
        let mut engine = Engine::new(hash);
        let r = engine.search(
            &pos,
            Limits::Depth(depth),
            &AtomicBool::new(false),
            &mut NoReport,
        );
        total += r.nodes;
        secs += r.elapsed.as_secs_f64();
        let best = r.best.map_or("-".to_string(), |m| m.to_string());
        println!(
            "{pos}  {}  value {:+} best {best} nodes {}",
            pos.rules().matching_preset().map_or("custom", |p| p.name()),
            r.value,
            r.nodes
        );
    }
    println!("depth: {depth}");
    println!("nodes: {total}");
    println!("seconds: {secs:.3}");
    println!(
        "nodes per second: {:.0}",
        total as f64 / f64::max(secs, 1e-9)
    );
    Ok(())
}

pub fn run(args: &BenchArgs, rule_args: &RuleArgs) -> CliResult {
    match &args.what {
        BenchWhat::Search { depth, hash } => bench_search(*depth, *hash)?,
        BenchWhat::Levels(a) => crate::commands::bench_levels::run(a, rule_args.rules()?)?,
        BenchWhat::Playouts { games } => {
            let rules = rule_args.rules()?;
            let t = Instant::now();
            let games = *games;
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
