//! `kalah tournament`: several players, round-robin or gauntlet, each pairing a paired-opening
//! match; a maximum-likelihood rating table.

use crate::args::RuleArgs;
use crate::commands::matchcmd::{parse_player, Endings, RunArgs};
use crate::error::{CliError, CliResult};
use clap::{Args, ValueEnum};
use kalah_match::{rating_table, GameResult, Summary};
use kalah_runner::{run_match, write_record, GameRecord, PlayerSpec, RecordHead};
use serde_json::json;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Mode {
    /// Every player against every other
    RoundRobin,
    /// The first player against each of the others
    Gauntlet,
}

#[derive(Debug, Args)]
pub struct TournamentArgs {
    /// Players, comma-separated: levels (beginner .. perfect), perfect:MS, depth:D, time:MS or nodes:N
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    pub players: Vec<String>,
    /// One more player, after those of --players: any player, including a program speaking
    /// the engine protocol, engine:"PROGRAM ARGS...", or a KGP program, kgp:"PROGRAM ARGS..."
    /// (repeat the flag for more)
    #[arg(long, value_name = "PLAYER")]
    pub player: Vec<String>,
    #[arg(long, value_enum, default_value_t = Mode::RoundRobin)]
    pub mode: Mode,
    /// Games of each pairing: each opening twice with colours reversed
    #[arg(long, default_value_t = 20)]
    pub games: usize,
    #[command(flatten)]
    pub run: RunArgs,
    /// Save every game as a game record (as `kalah match --records`: appended and synced as
    /// each game ends, with each move's time and score), all pairings in one FILE
    #[arg(long, value_name = "FILE")]
    pub records: Option<PathBuf>,
    /// Print one JSON object instead of text
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &TournamentArgs, rule_args: &RuleArgs) -> CliResult {
    let rules = rule_args.rules()?;
    let players: Vec<PlayerSpec> = args
        .players
        .iter()
        .chain(&args.player)
        .map(|p| parse_player(p.trim()))
        .collect::<CliResult<_>>()?;
    if !(2..=32).contains(&players.len()) {
        return Err(CliError::usage(
            "a tournament needs 2 to 32 players (--players, comma-separated, and --player)",
        ));
    }
    if args.games == 0 || args.games > 100_000 {
        return Err(CliError::usage("--games must be between 1 and 100000"));
    }
    let suite = args.run.check(rules)?;
    crate::commands::matchcmd::check_wrap(suite.as_deref(), args.games, args.run.openings_wrap)?;
    let pairings: Vec<(usize, usize)> = match args.mode {
        Mode::RoundRobin => (0..players.len())
            .flat_map(|i| (i + 1..players.len()).map(move |j| (i, j)))
            .collect(),
        Mode::Gauntlet => (1..players.len()).map(|j| (0, j)).collect(),
    };
    let mut file = match &args.records {
        Some(path) if std::fs::metadata(path).is_ok_and(|m| m.len() > 0) => {
            return Err(CliError::usage(format!(
                "{} exists: remove it or name another file",
                path.display()
            )))
        }
        Some(path) => Some(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| CliError::failure(format!("cannot write {}: {e}", path.display())))?,
        ),
        None => None,
    };
    let start = Instant::now();
    let mut results = Vec::new();
    let mut rows = Vec::new();
    for (k, &(i, j)) in pairings.iter().enumerate() {
        let config = args
            .run
            .setup(rules, players[i].clone(), players[j].clone(), args.games)?;
        let (a_name, b_name) = (players[i].name(), players[j].name());
        let tags = vec![
            ("Round".to_string(), format!("{}/{}", k + 1, pairings.len())),
            ("TimeControl".to_string(), config.time.to_string()),
        ];
        let head = RecordHead {
            event: "kalah tournament",
            a: &a_name,
            b: &b_name,
            tags: &tags,
        };
        let mut write_error = None;
        let games = run_match(&config, suite.as_deref(), |g: &GameRecord| {
            let Some(f) = file.as_mut() else { return true };
            let text = format!("{}\n", write_record(&head, g));
            match f.write_all(text.as_bytes()).and_then(|()| f.sync_data()) {
                Ok(()) => true,
                Err(e) => {
                    write_error = Some(e);
                    false
                }
            }
        });
        if let Some(e) = write_error {
            return Err(CliError::failure(format!("cannot write the records: {e}")));
        }
        let endings = Endings::count(&games);
        for (seat, who) in [(0, i), (1, j)] {
            if !endings.forfeits[seat].is_empty() {
                eprintln!(
                    "  games lost by {} through a fault: {}",
                    players[who].name(),
                    endings.forfeit_text(seat)
                );
            }
        }
        let scores: Vec<f64> = games.iter().map(|g| g.score_a).collect();
        results.extend(scores.iter().map(|&score_a| GameResult {
            a: i,
            b: j,
            score_a,
        }));
        let s = Summary::new(&scores, true);
        eprintln!(
            "[{}/{}] {} vs {}: {} - {} - {}  [{:.3}]  Elo {:+.0} ({:+.0} to {:+.0}), {:.0} s",
            k + 1,
            pairings.len(),
            players[i].name(),
            players[j].name(),
            s.wins,
            s.losses,
            s.draws,
            s.score,
            s.elo,
            s.elo_low,
            s.elo_high,
            start.elapsed().as_secs_f64()
        );
        rows.push((i, j, s));
    }
    let table = rating_table(players.len(), &results);
    if args.json {
        let pairs: Vec<_> = rows
            .iter()
            .map(|(i, j, s)| json!({"a": players[*i].name(), "b": players[*j].name(), "result": s}))
            .collect();
        let ratings: Vec<_> = table
            .iter()
            .map(|r| json!({"player": players[r.player].name(), "elo": r.elo, "error": r.error, "games": r.games, "points": r.points}))
            .collect();
        println!(
            "{}",
            json!({"rules": rules.to_string(), "mode": format!("{:?}", args.mode), "games_per_pairing": args.games, "pairings": pairs, "ratings": ratings})
        );
        return Ok(());
    }
    println!("rules: {rules}");
    println!(
        "{} pairings of {} games; ratings by maximum likelihood, mean 0, 95% interval",
        pairings.len(),
        args.games
    );
    println!(
        "{:>4}  {:<16} {:>7} {:>6} {:>6} {:>7}",
        "rank", "player", "Elo", "+/-", "games", "score"
    );
    for (rank, r) in table.iter().enumerate() {
        println!(
            "{:>4}  {:<16} {:>+7.0} {:>6.0} {:>6} {:>6.1}%",
            rank + 1,
            players[r.player].name(),
            r.elo,
            r.error,
            r.games,
            100.0 * r.points / r.games.max(1) as f64
        );
    }
    Ok(())
}
