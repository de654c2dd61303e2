//! `kalah match`: two players play a series of games; wins, draws, losses and Elo.

use crate::args::RuleArgs;
use crate::error::{CliError, CliResult};
use clap::Args;
use kalah_engine::{match_stats, run_match, GameRecord, MatchConfig, MatchStats, Player, Thinking};
use serde_json::json;
use std::time::{Duration, Instant};

#[derive(Debug, Args)]
pub struct MatchArgs {
    /// Player A: a level (beginner .. perfect), depth:D, time:MS or nodes:N
    #[arg(long, value_name = "PLAYER")]
    pub a: String,
    /// Player B: a level (beginner .. perfect), depth:D, time:MS or nodes:N
    #[arg(long, value_name = "PLAYER")]
    pub b: String,
    /// Games to play: each opening twice with colours reversed (opening 1 is the start)
    #[arg(long, default_value_t = 20)]
    pub games: usize,
    /// Seed of the openings and of the levels' random choices
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at the same time
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    /// Transposition table of each player's engine, in MiB
    #[arg(long, value_name = "MB", default_value_t = 16)]
    pub hash: usize,
    /// Cap the thinking time of time-limited levels (perfect) per move, in milliseconds
    #[arg(long, value_name = "MS")]
    pub level_time: Option<u64>,
    /// Print one JSON object instead of text
    #[arg(long)]
    pub json: bool,
    /// Print every game's moves on stderr as it ends
    #[arg(long)]
    pub verbose: bool,
}

fn parse_player(s: &str) -> CliResult<Player> {
    s.parse()
        .map_err(|e: kalah_engine::ParsePlayerError| CliError::usage(e.to_string()))
}

pub fn run(args: &MatchArgs, rule_args: &RuleArgs) -> CliResult {
    let rules = rule_args.rules()?;
    let (a, b) = (parse_player(&args.a)?, parse_player(&args.b)?);
    if args.games == 0 || args.games > 1_000_000 {
        return Err(CliError::usage("--games must be between 1 and 1000000"));
    }
    if args.threads == 0 || args.threads > 64 {
        return Err(CliError::usage("--threads must be between 1 and 64"));
    }
    if args.hash == 0 || args.hash > 16_384 {
        return Err(CliError::usage("--hash must be between 1 and 16384 MiB"));
    }
    if args.level_time == Some(0) {
        return Err(CliError::usage("--level-time must be at least 1 ms"));
    }
    let config = MatchConfig {
        rules,
        a,
        b,
        games: args.games,
        seed: args.seed,
        threads: args.threads,
        table_mb: args.hash,
        max_time: args.level_time.map(Duration::from_millis),
    };
    let start = Instant::now();
    let every = (args.games / 20).max(1);
    let (mut done, mut points) = (0usize, 0.0f64);
    let games = run_match(&config, |g: &GameRecord| {
        done += 1;
        points += g.score_a;
        if args.verbose {
            eprintln!("{}", game_line(g));
        }
        if done % every == 0 || done == args.games {
            eprintln!(
                "[{done}/{}] A {points:.1} points, {:.0}%, {:.0} s",
                args.games,
                100.0 * points / done as f64,
                start.elapsed().as_secs_f64()
            );
        }
    });
    let stats = match_stats(&games);
    let unfinished = games.iter().filter(|g| g.unfinished).count();
    if args.json {
        println!("{}", stats_json(&config, &stats, unfinished));
    } else {
        print_stats(&config, &stats, unfinished);
    }
    Ok(())
}

fn game_line(g: &GameRecord) -> String {
    let moves: Vec<String> = g.moves.iter().map(|m| m.to_string()).collect();
    let opening: Vec<String> = g.opening.iter().map(|m| m.to_string()).collect();
    format!(
        "game {}: A {}, opening [{}], moves {}, A margin {:+}",
        g.index + 1,
        if g.a_first { "first" } else { "second" },
        opening.join(" "),
        moves.join(" "),
        g.margin_a
    )
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn mean_ms(t: &Thinking) -> f64 {
    if t.moves == 0 {
        0.0
    } else {
        ms(t.total) / t.moves as f64
    }
}

fn print_stats(config: &MatchConfig, s: &MatchStats, unfinished: usize) {
    println!("rules: {}", config.rules);
    println!("A: {}   B: {}   seed: {}", config.a, config.b, config.seed);
    println!(
        "games: {}   A wins {}, draws {}, losses {}",
        s.games, s.wins, s.draws, s.losses
    );
    println!(
        "score of A: {:.1}% ({:.1}/{})",
        100.0 * s.score,
        s.score * s.games as f64,
        s.games
    );
    println!(
        "Elo A - B: {:+.0} (95% interval {:+.0} to {:+.0})",
        s.elo, s.elo_low, s.elo_high
    );
    for (name, t) in [("A", &s.thinking_a), ("B", &s.thinking_b)] {
        println!(
            "time per move {name}: mean {:.1} ms, longest {:.1} ms ({} moves)",
            mean_ms(t),
            ms(t.longest),
            t.moves
        );
    }
    if unfinished > 0 {
        println!("unfinished games (scored as draws): {unfinished}");
    }
}

fn stats_json(config: &MatchConfig, s: &MatchStats, unfinished: usize) -> serde_json::Value {
    let think = |t: &Thinking| json!({"moves": t.moves, "mean_ms": mean_ms(t), "longest_ms": ms(t.longest)});
    json!({
        "rules": config.rules.to_string(),
        "a": config.a.to_string(),
        "b": config.b.to_string(),
        "seed": config.seed,
        "games": s.games,
        "wins": s.wins,
        "draws": s.draws,
        "losses": s.losses,
        "score": s.score,
        "elo": s.elo,
        "elo_low": s.elo_low,
        "elo_high": s.elo_high,
        "unfinished": unfinished,
        "time_a": think(&s.thinking_a),
        "time_b": think(&s.thinking_b),
    })
}
