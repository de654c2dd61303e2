//! `kalah match`: two players play a series of games, each opening twice with colours swapped;
//! wins, draws, losses, pentanomial pairs, Elo, LOS and an optional SPRT that stops early.

use crate::args::RuleArgs;
use crate::error::{CliError, CliResult};
use clap::Args;
use kalah_engine::{
    match_stats, run_match, run_match_from, GameRecord, MatchConfig, Player, Thinking, MAX_PLIES,
};
use kalah_match::openings::read_suite;
use kalah_match::{Sprt, SprtState, Summary};
use kalah_rules::{BySide, Game, Move, Position, Rules};
use serde_json::json;
use std::path::PathBuf;
use std::time::{Duration, Instant};

#[derive(Debug, Args)]
pub struct MatchArgs {
    /// Player A: a level (beginner .. perfect), depth:D, time:MS or nodes:N
    #[arg(long, value_name = "PLAYER")]
    pub a: String,
    /// Player B: a level (beginner .. perfect), depth:D, time:MS or nodes:N
    #[arg(long, value_name = "PLAYER")]
    pub b: String,
    /// Games to play: each opening twice with colours reversed (opening 1 is the start); with
    /// --sprt, the most games to play
    #[arg(long, default_value_t = 20)]
    pub games: usize,
    /// Sequential probability ratio test: stop as soon as it is decided whether A is elo0 or
    /// elo1 stronger than B, e.g. "elo0=0 elo1=10 alpha=0.05 beta=0.05" (alpha, beta default
    /// to 0.05)
    #[arg(long, value_name = "PARAMS")]
    pub sprt: Option<String>,
    #[command(flatten)]
    pub run: RunArgs,
    /// Cap the thinking time of time-limited levels (perfect) per move, in milliseconds
    #[arg(long, value_name = "MS")]
    pub level_time: Option<u64>,
    /// Save every game as a game record (docs/notation.md), all in FILE, in the order played
    #[arg(long, value_name = "FILE")]
    pub records: Option<PathBuf>,
    /// Print one JSON object instead of text
    #[arg(long)]
    pub json: bool,
    /// Print every game's moves on stderr as it ends
    #[arg(long)]
    pub verbose: bool,
}

/// Options of how games are run, shared by `match` and `tournament`.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// Start the games from the positions of an opening suite (`kalah openings`), each played
    /// twice with colours swapped, in order, again from the first when all are used
    #[arg(long, value_name = "FILE")]
    pub openings: Option<PathBuf>,
    /// Seed of the openings and of the levels' random choices
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at the same time
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    /// Transposition table of each player's engine, in MiB
    #[arg(long, value_name = "MB", default_value_t = 16)]
    pub hash: usize,
}

impl RunArgs {
    /// Checks the numbers and reads the opening suite, if any.
    pub fn check(&self, rules: Rules) -> CliResult<Option<Vec<Position>>> {
        if self.threads == 0 || self.threads > 64 {
            return Err(CliError::usage("--threads must be between 1 and 64"));
        }
        if self.hash == 0 || self.hash > 16_384 {
            return Err(CliError::usage("--hash must be between 1 and 16384 MiB"));
        }
        let Some(path) = &self.openings else {
            return Ok(None);
        };
        let suite = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read it: {e}"))
            .and_then(|t| read_suite(&t, rules))
            .map_err(|e| CliError::usage(format!("opening suite {}: {e}", path.display())))?;
        eprintln!("{} openings from {}", suite.len(), path.display());
        Ok(Some(suite))
    }

    /// The match of `a` against `b` with these options.
    pub fn config(&self, rules: Rules, a: Player, b: Player, games: usize) -> MatchConfig {
        MatchConfig {
            rules,
            a,
            b,
            games,
            seed: self.seed,
            threads: self.threads,
            table_mb: self.hash,
            max_time: None,
        }
    }
}

/// Plays a match from the suite's positions, or from random openings without one.
pub fn play(
    config: &MatchConfig,
    suite: Option<&[Position]>,
    on_game: impl FnMut(&GameRecord) -> bool,
) -> Vec<GameRecord> {
    match suite {
        Some(starts) => run_match_from(config, starts, on_game),
        None => run_match(config, on_game),
    }
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
    if args.level_time == Some(0) {
        return Err(CliError::usage("--level-time must be at least 1 ms"));
    }
    let suite = args.run.check(rules)?;
    let config = MatchConfig {
        max_time: args.level_time.map(Duration::from_millis),
        ..args.run.config(rules, a, b, args.games)
    };
    let sprt = args.sprt.as_deref().map(parse_sprt).transpose()?;
    let start = Instant::now();
    let every = (args.games / 20).max(1);
    let mut scores: Vec<Option<f64>> = vec![None; args.games];
    let mut done = 0usize;
    let on_game = |g: &GameRecord| {
        done += 1;
        scores[g.index] = Some(g.score_a);
        if args.verbose {
            eprintln!("{}", game_line(g));
        }
        // The test looks at the games from the first on without gaps (threads finish games
        // out of order), so that its pairs are whole.
        let decided = sprt
            .is_some_and(|t| t.state(&Summary::new(&played(&scores), true)) != SprtState::Continue);
        if done.is_multiple_of(every) || done == args.games || decided {
            let finished: Vec<f64> = scores.iter().flatten().copied().collect();
            eprintln!(
                "{} {}/{} games, {:.0} s",
                score_line(&Summary::new(&finished, false)),
                done,
                args.games,
                start.elapsed().as_secs_f64()
            );
        }
        !decided
    };
    let games = play(&config, suite.as_deref(), on_game);
    if let Some(path) = &args.records {
        let text: Vec<String> = games.iter().map(|g| game_record(&config, g)).collect();
        std::fs::write(path, text.join("\n")).map_err(|e| {
            CliError::usage(format!(
                "cannot write the records to {}: {e}",
                path.display()
            ))
        })?;
        eprintln!("{} game records written to {}", games.len(), path.display());
    }
    let summary = Summary::new(&played(&scores), true);
    let stats = match_stats(&games);
    let unfinished = games.iter().filter(|g| g.unfinished).count();
    let report = Report {
        config: &config,
        summary: &summary,
        sprt,
        time_a: &stats.thinking_a,
        time_b: &stats.thinking_b,
        unfinished,
    };
    if args.json {
        println!("{}", report.json());
    } else {
        report.print();
    }
    Ok(())
}

/// The scores of the games played so far from the first one on, without gaps.
fn played(scores: &[Option<f64>]) -> Vec<f64> {
    scores.iter().map_while(|s| *s).collect()
}

/// "elo0=0 elo1=10 alpha=0.05 beta=0.05", also with commas.
fn parse_sprt(text: &str) -> CliResult<Sprt> {
    let usage = |why: &str| {
        CliError::usage(format!(
            "--sprt {why}: write it as \"elo0=0 elo1=10 alpha=0.05 beta=0.05\""
        ))
    };
    let (mut elo0, mut elo1, mut alpha, mut beta) = (None, None, 0.05, 0.05);
    for part in text.split([' ', ',']).filter(|p| !p.is_empty()) {
        let (key, value) = part
            .split_once('=')
            .ok_or_else(|| usage(&format!("cannot read `{part}`")))?;
        let value: f64 = value
            .trim()
            .parse()
            .map_err(|_| usage(&format!("`{value}` is not a number")))?;
        match key.trim() {
            "elo0" => elo0 = Some(value),
            "elo1" => elo1 = Some(value),
            "alpha" => alpha = value,
            "beta" => beta = value,
            other => return Err(usage(&format!("unknown parameter `{other}`"))),
        }
    }
    let (Some(elo0), Some(elo1)) = (elo0, elo1) else {
        return Err(usage("needs elo0 and elo1"));
    };
    Sprt::new(elo0, elo1, alpha, beta).map_err(|e| CliError::usage(format!("--sprt: {e}")))
}

/// cutechess-cli's progress line: "Score of A vs B: W - L - D  [score] games".
fn score_line(s: &Summary) -> String {
    format!(
        "Score of A vs B: {} - {} - {}  [{:.3}]",
        s.wins, s.losses, s.draws, s.score
    )
}

/// One game as a record: A and B by their seats at the start, the opening in a tag.
pub fn game_record(config: &MatchConfig, g: &GameRecord) -> String {
    let mut game = Game::new(g.start);
    let (a, b) = (format!("A: {}", config.a), format!("B: {}", config.b));
    game.players = if g.a_first {
        BySide::new(a, b)
    } else {
        BySide::new(b, a)
    };
    game.tags.push(("Event".into(), "kalah match".into()));
    game.tags.push(("Game".into(), (g.index + 1).to_string()));
    if !g.opening.is_empty() {
        let opening: Vec<String> = g.opening.iter().map(Move::to_string).collect();
        game.tags.push(("Opening".into(), opening.join(" ")));
    }
    if g.unfinished {
        game.tags.push((
            "Termination".into(),
            format!("stopped after {MAX_PLIES} plies, scored as a draw"),
        ));
    }
    for &m in g.opening.iter().chain(&g.moves) {
        if game.play(m).is_err() {
            break;
        }
    }
    game.to_record()
}

fn game_line(g: &GameRecord) -> String {
    let moves: Vec<String> = g.moves.iter().map(|m| m.to_string()).collect();
    let opening: Vec<String> = g.opening.iter().map(|m| m.to_string()).collect();
    format!(
        "game {}: A {}, start {}, opening [{}], moves {}, A margin {:+}",
        g.index + 1,
        if g.a_first { "South" } else { "North" },
        g.start,
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

struct Report<'a> {
    config: &'a MatchConfig,
    summary: &'a Summary,
    sprt: Option<Sprt>,
    time_a: &'a Thinking,
    time_b: &'a Thinking,
    unfinished: usize,
}

impl Report<'_> {
    fn print(&self) {
        let (c, s) = (self.config, self.summary);
        println!("rules: {}", c.rules);
        println!("A: {}   B: {}   seed: {}", c.a, c.b, c.seed);
        println!(
            "games: {}   A wins {}, draws {}, losses {}",
            s.games, s.wins, s.draws, s.losses
        );
        println!("{} {}", score_line(s), s.games);
        println!(
            "score of A: {:.1}% ({:.1}/{})",
            100.0 * s.score,
            s.score * s.games as f64,
            s.games
        );
        println!(
            "Elo A - B: {:+.1} (95% interval {:+.1} to {:+.1}), LOS: {:.1}%, draw ratio: {:.1}%",
            s.elo,
            s.elo_low,
            s.elo_high,
            100.0 * s.los,
            100.0 * s.draws as f64 / s.games.max(1) as f64
        );
        match s.pentanomial {
            Some(p) => println!(
                "pentanomial pairs [LL, LD, DD+WL, WD, WW]: {:?} (the interval and LOS use the pairs)",
                p.0
            ),
            None => println!("an odd number of games: the interval and LOS count single games"),
        }
        if let Some(t) = self.sprt {
            let (low, high) = t.bounds();
            let llr = t.llr(s);
            let verdict = match t.state(s) {
                SprtState::AcceptH1 => "H1 was accepted (A is stronger by elo1 or more)",
                SprtState::AcceptH0 => "H0 was accepted (A is not elo1 stronger)",
                SprtState::Continue => "no decision yet: play more games",
            };
            println!(
                "SPRT (elo0 {}, elo1 {}, alpha {}, beta {}): llr {llr:.2} ({:.1}%), lbound {low:.2}, ubound {high:.2} - {verdict}",
                t.elo0,
                t.elo1,
                t.alpha,
                t.beta,
                100.0 * llr / high
            );
        }
        for (name, t) in [("A", self.time_a), ("B", self.time_b)] {
            println!(
                "time per move {name}: mean {:.1} ms, longest {:.1} ms ({} moves)",
                mean_ms(t),
                ms(t.longest),
                t.moves
            );
        }
        if self.unfinished > 0 {
            println!("unfinished games (scored as draws): {}", self.unfinished);
        }
    }

    fn json(&self) -> serde_json::Value {
        let (c, s) = (self.config, self.summary);
        let think = |t: &Thinking| json!({"moves": t.moves, "mean_ms": mean_ms(t), "longest_ms": ms(t.longest)});
        let sprt = self.sprt.map(|t| {
            let (lower, upper) = t.bounds();
            json!({
                "elo0": t.elo0, "elo1": t.elo1, "alpha": t.alpha, "beta": t.beta,
                "llr": t.llr(s), "lower": lower, "upper": upper, "state": t.state(s),
            })
        });
        json!({
            "rules": c.rules.to_string(),
            "a": c.a.to_string(),
            "b": c.b.to_string(),
            "seed": c.seed,
            "games": s.games,
            "wins": s.wins,
            "draws": s.draws,
            "losses": s.losses,
            "score": s.score,
            "elo": s.elo,
            "elo_low": s.elo_low,
            "elo_high": s.elo_high,
            "los": s.los,
            "pentanomial": s.pentanomial.map(|p| p.0),
            "sprt": sprt,
            "unfinished": self.unfinished,
            "time_a": think(self.time_a),
            "time_b": think(self.time_b),
        })
    }
}
