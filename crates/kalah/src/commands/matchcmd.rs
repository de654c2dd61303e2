//! `kalah match`: two players play a series of games, each opening twice with colours swapped;
//! wins, draws, losses, pentanomial pairs, Elo, LOS and an optional SPRT that stops early.

use crate::args::RuleArgs;
use crate::data::{data_dir, egdb_dir};
use crate::error::{CliError, CliResult};
use clap::Args;
use kalah_egdb::{Database, Store};
use kalah_engine::{Endgame, Thinking, MAX_PLIES};
use kalah_match::openings::read_suite;
use kalah_match::{Decision, PairedResults, Sprt, SprtState, Summary};
use kalah_rules::{BySide, Game, Move, Position, Rules};
use kalah_runner::{
    run_match, AdjudicationSettings, Ending, GameRecord, KgpProgram, MatchSetup, PlayerSpec,
    Program, TimeControl,
};
use serde_json::json;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

#[derive(Debug, Args)]
pub struct MatchArgs {
    /// Player A: a level (beginner .. perfect), perfect:MS (perfect with its time capped), depth:D, time:MS, nodes:N, a program
    /// speaking the engine protocol, engine:"PROGRAM ARGS...", or a KGP program, which
    /// connects to KGP_HOST:KGP_PORT, kgp:"PROGRAM ARGS..."
    #[arg(long, value_name = "PLAYER")]
    pub a: String,
    /// Player B, as player A
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
    #[arg(long, short = 'j', visible_alias = "concurrency", default_value_t = 2)]
    pub threads: usize,
    /// Transposition table of each of our players' engines, in MiB
    #[arg(long, value_name = "MB", default_value_t = 16)]
    pub hash: usize,
    /// Time for each move, in milliseconds, for every player
    #[arg(long, value_name = "MS", conflicts_with = "tc")]
    pub movetime: Option<u64>,
    /// A clock for each player: BASE+INC in seconds (e.g. 10+0.1), the increment added after
    /// each move
    #[arg(long, value_name = "BASE+INC")]
    pub tc: Option<String>,
    /// How much longer than its time a player may take before it loses on time, in ms
    #[arg(long, value_name = "MS", default_value_t = 200)]
    pub grace: u64,
    /// Cap the thinking time of time-limited levels (perfect) per move, in milliseconds
    #[arg(long, value_name = "MS")]
    pub level_time: Option<u64>,
    /// End a game as soon as the exact solver proves its position (scored as perfect play
    /// from there; the record says so). Off by default: every game is played out
    #[arg(long)]
    pub adjudicate: bool,
    /// Our players probe the largest stored endgame database of the rules, as they do in
    /// `kalah play` and `kalah serve` (`kalah egdb build` stores one); off by default
    #[arg(long)]
    pub egdb: bool,
    /// Try to adjudicate positions with at most this many seeds left in the houses [default: a
    /// third of the seeds in play, at most 24]
    #[arg(long, value_name = "K")]
    pub adjudicate_seeds: Option<u32>,
    /// Nodes the solver may spend on proving one position for adjudication
    #[arg(long, value_name = "N", default_value_t = AdjudicationSettings::default().nodes)]
    pub adjudicate_nodes: u64,
    /// Let the programs' stderr through (it is discarded otherwise)
    #[arg(long)]
    pub engine_stderr: bool,
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

    /// The match of `a` against `b` with these options. Programs are started once here, so
    /// that one that cannot start or answer the handshake stops the match before it begins.
    pub fn setup(
        &self,
        rules: Rules,
        a: PlayerSpec,
        b: PlayerSpec,
        games: usize,
    ) -> CliResult<MatchSetup> {
        if self.level_time == Some(0) {
            return Err(CliError::usage("--level-time must be at least 1 ms"));
        }
        let time = match (self.movetime, &self.tc) {
            (Some(0), _) => return Err(CliError::usage("--movetime must be at least 1 ms")),
            (Some(ms), _) => TimeControl::PerMove(Duration::from_millis(ms)),
            (None, Some(tc)) => {
                TimeControl::parse_clock(tc).map_err(|e| CliError::usage(format!("--tc: {e}")))?
            }
            (None, None) => TimeControl::Unlimited,
        };
        for p in [&a, &b] {
            if !p.is_program() {
                continue;
            }
            if time == TimeControl::Unlimited {
                return Err(CliError::usage(
                    "a program needs a time control: give --movetime MS or --tc BASE+INC",
                ));
            }
            let failed = |f: kalah_runner::Fault| CliError::usage(format!("player {p}: {f}"));
            let name = match p {
                PlayerSpec::Program(spec) => Program::start(spec, self.engine_stderr)
                    .map_err(failed)?
                    .name
                    .clone(),
                PlayerSpec::Kgp(spec) => {
                    if !matches!(time, TimeControl::PerMove(_)) {
                        return Err(CliError::usage(format!(
                            "player {p}: KGP has no clock; give --movetime MS instead of --tc"
                        )));
                    }
                    if rules.pie() {
                        return Err(CliError::usage(format!(
                            "player {p}: KGP has no pie rule; play without it (pie=no)"
                        )));
                    }
                    KgpProgram::start(spec, self.engine_stderr)
                        .map_err(failed)?
                        .name
                        .clone()
                }
                PlayerSpec::Builtin(_) => continue,
            };
            eprintln!("player {p}: {name}");
        }
        // A third of the seeds: late enough that the players have decided the game, early
        // enough to save the long endgames (16 of Kalah(6,4)'s 48).
        let auto = (rules.total_seeds() as u32 / 3).min(AdjudicationSettings::default().max_seeds);
        let adjudication = self.adjudicate.then_some(AdjudicationSettings {
            max_seeds: self.adjudicate_seeds.unwrap_or(auto),
            nodes: self.adjudicate_nodes,
        });
        let stored = (self.adjudicate || self.egdb)
            .then(|| stored_database(&rules))
            .flatten();
        if self.egdb && stored.is_none() {
            return Err(CliError::usage(format!(
                "--egdb: no endgame database of these rules is stored; build one with `kalah egdb build` (rules {rules})"
            )));
        }
        Ok(MatchSetup {
            rules,
            a,
            b,
            games,
            seed: self.seed,
            concurrency: self.threads,
            table_mb: self.hash,
            time,
            grace: Duration::from_millis(self.grace),
            level_time: self.level_time.map(Duration::from_millis),
            endgame: adjudication.and_then(|_| stored.clone()),
            adjudication,
            engine_stderr: self.engine_stderr,
            players_endgame: if self.egdb { stored } else { None },
        })
    }
}

/// The largest stored endgame database of the rules (up to 512 MiB), for the adjudicator and
/// (`--egdb`) the players.
/// None is built: a match should not wait for one.
fn stored_database(rules: &Rules) -> Option<(Arc<dyn Endgame>, Rules)> {
    if rules.early_end() {
        return None;
    }
    let store = Store::new(egdb_dir(&data_dir().ok()?));
    let path = store.find_largest(rules, 1, 512 << 20)?;
    let db = Database::load(&path, rules).ok()?;
    eprintln!(
        "using the endgame database {} ({} seeds)",
        path.display(),
        db.max_seeds()
    );
    Some((Arc::new(db), *rules))
}

/// A player description: one of our players, `engine:PROGRAM ARGS...` or `kgp:PROGRAM ARGS...`.
pub fn parse_player(s: &str) -> CliResult<PlayerSpec> {
    s.parse()
        .map_err(|e: kalah_runner::ParseSpecError| CliError::usage(e.to_string()))
}

pub fn run(args: &MatchArgs, rule_args: &RuleArgs) -> CliResult {
    let rules = rule_args.rules()?;
    let (a, b) = (parse_player(&args.a)?, parse_player(&args.b)?);
    if args.games == 0 || args.games > 1_000_000 {
        return Err(CliError::usage("--games must be between 1 and 1000000"));
    }
    let sprt = args.sprt.as_deref().map(parse_sprt).transpose()?;
    let suite = args.run.check(rules)?;
    let config = args.run.setup(rules, a, b, args.games)?;
    let start = Instant::now();
    let every = (args.games / 20).max(1);
    let mut results = PairedResults::new(args.games, sprt);
    let on_game = |g: &GameRecord| {
        // Threads finish games out of order: a pair counts once both its games are in, and
        // the test is tried after every complete pair.
        let decided = results.add(g.index, g.score_a);
        let done = results.finished();
        if args.verbose {
            eprintln!("{}", game_line(g));
        }
        if done.is_multiple_of(every) || done == args.games || decided.is_some() {
            eprintln!(
                "{} {}/{} games, {:.0} s",
                score_line(&results.summary()),
                done,
                args.games,
                start.elapsed().as_secs_f64()
            );
        }
        if let Some(d) = decided {
            eprintln!(
                "SPRT decided on pair {} (llr {:.2}); no more games are started",
                d.pairs, d.llr
            );
        }
        results.decision().is_none()
    };
    let games = run_match(&config, suite.as_deref(), on_game);
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
    let summary = results.summary();
    let report = Report {
        config: &config,
        summary: &summary,
        sprt,
        decision: results.decision(),
        uncounted: games.len() - summary.games as usize,
        endings: Endings::count(&games),
    };
    if args.json {
        println!("{}", report.json());
    } else {
        report.print();
    }
    Ok(())
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

/// One game as a record: A and B by their seats at the start, the opening in a tag, and how
/// it ended in `Termination` when it was not played to the end.
pub fn game_record(config: &MatchSetup, g: &GameRecord) -> String {
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
    if let Some(t) = termination(g) {
        game.tags.push(("Termination".into(), t));
    }
    for &m in g.opening.iter().chain(&g.moves) {
        if game.play(m).is_err() {
            break;
        }
    }
    // The record format has no word for a forfeit: the loser resigns where it failed, so
    // that the result says who lost; `Termination` says why.
    if let Ending::Forfeit { seat, .. } = &g.ending {
        let a_side = a_side_at_end(g, &game);
        let loser = if *seat == 0 {
            a_side
        } else {
            a_side.opponent()
        };
        let _ = game.resign(loser);
    }
    game.to_record()
}

/// The side A sits on after the game's moves (a `swap` exchanges the seats).
fn a_side_at_end(g: &GameRecord, game: &Game) -> kalah_rules::Side {
    let start = if g.a_first {
        kalah_rules::Side::South
    } else {
        kalah_rules::Side::North
    };
    if game.seats_swapped() {
        start.opponent()
    } else {
        start
    }
}

/// How a game ended, in words, unless it was played to the end.
fn termination(g: &GameRecord) -> Option<String> {
    match &g.ending {
        Ending::Played => None,
        Ending::PlyLimit => Some(format!("stopped after {MAX_PLIES} plies, scored as a draw")),
        Ending::Adjudicated(v) => Some(format!(
            "adjudicated by the solver: value {:+} for {} to move",
            v.value, v.to_move
        )),
        Ending::Forfeit { seat, fault } => {
            Some(format!("{} {fault}", if *seat == 0 { "A" } else { "B" }))
        }
    }
}

fn game_line(g: &GameRecord) -> String {
    let moves: Vec<String> = g.moves.iter().map(|m| m.to_string()).collect();
    let opening: Vec<String> = g.opening.iter().map(|m| m.to_string()).collect();
    format!(
        "game {}: A {}, start {}, opening [{}], moves {}, A margin {:+}{}",
        g.index + 1,
        if g.a_first { "South" } else { "North" },
        g.start,
        opening.join(" "),
        moves.join(" "),
        g.margin_a,
        termination(g).map(|t| format!(", {t}")).unwrap_or_default()
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

/// How the games ended, and the players' thinking time.
#[derive(Default)]
pub struct Endings {
    pub unfinished: usize,
    pub adjudicated: usize,
    /// Forfeits of A and B by kind (start, crash, time, illegal).
    pub forfeits: [std::collections::BTreeMap<&'static str, usize>; 2],
    pub time_a: Thinking,
    pub time_b: Thinking,
}

impl Endings {
    pub fn count(games: &[GameRecord]) -> Endings {
        let mut e = Endings::default();
        for g in games {
            match &g.ending {
                Ending::Played => {}
                Ending::PlyLimit => e.unfinished += 1,
                Ending::Adjudicated(_) => e.adjudicated += 1,
                Ending::Forfeit { seat, fault } => {
                    *e.forfeits[*seat].entry(fault.kind()).or_default() += 1
                }
            }
            for (t, o) in [
                (&mut e.time_a, &g.thinking_a),
                (&mut e.time_b, &g.thinking_b),
            ] {
                t.moves += o.moves;
                t.total += o.total;
                t.longest = t.longest.max(o.longest);
            }
        }
        e
    }

    pub fn forfeit_text(&self, seat: usize) -> String {
        let parts: Vec<String> = self.forfeits[seat]
            .iter()
            .map(|(k, n)| format!("{k} {n}"))
            .collect();
        parts.join(", ")
    }
}

struct Report<'a> {
    config: &'a MatchSetup,
    summary: &'a Summary,
    sprt: Option<Sprt>,
    decision: Option<Decision>,
    /// Games finished but not counted: after the decision, or without their pair.
    uncounted: usize,
    endings: Endings,
}

impl Report<'_> {
    fn print(&self) {
        let (c, s) = (self.config, self.summary);
        println!("rules: {}", c.rules);
        println!("A: {}   B: {}   seed: {}", c.a, c.b, c.seed);
        println!("time control: {}", c.time);
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
            if let Some(d) = self.decision {
                println!(
                    "SPRT decided on pair {} ({} games), the first complete pair past a bound",
                    d.pairs, s.games
                );
            }
        }
        if self.uncounted > 0 {
            println!(
                "games finished but not counted (after the SPRT's decision, or without their pair): {}",
                self.uncounted
            );
        }
        let e = &self.endings;
        for (name, t) in [("A", &e.time_a), ("B", &e.time_b)] {
            println!(
                "time per move {name}: mean {:.1} ms, longest {:.1} ms ({} moves)",
                mean_ms(t),
                ms(t.longest),
                t.moves
            );
        }
        if e.unfinished > 0 {
            println!("unfinished games (scored as draws): {}", e.unfinished);
        }
        if c.adjudication.is_some() {
            println!("adjudicated by the solver: {}", e.adjudicated);
        }
        for (seat, name) in [(0, "A"), (1, "B")] {
            if !e.forfeits[seat].is_empty() {
                println!(
                    "games lost by {name} through a fault: {}",
                    e.forfeit_text(seat)
                );
            }
        }
    }

    fn json(&self) -> serde_json::Value {
        let (c, s, e) = (self.config, self.summary, &self.endings);
        let think = |t: &Thinking| json!({"moves": t.moves, "mean_ms": mean_ms(t), "longest_ms": ms(t.longest)});
        let sprt = self.sprt.map(|t| {
            let (lower, upper) = t.bounds();
            json!({
                "elo0": t.elo0, "elo1": t.elo1, "alpha": t.alpha, "beta": t.beta,
                "llr": t.llr(s), "lower": lower, "upper": upper, "state": t.state(s),
                "decided_on_pair": self.decision.map(|d| d.pairs),
            })
        });
        json!({
            "rules": c.rules.to_string(),
            "a": c.a.to_string(),
            "b": c.b.to_string(),
            "seed": c.seed,
            "time_control": c.time.to_string(),
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
            "uncounted": self.uncounted,
            "unfinished": e.unfinished,
            "adjudicated": e.adjudicated,
            "forfeits": {"a": e.forfeits[0], "b": e.forfeits[1]},
            "time_a": think(&e.time_a),
            "time_b": think(&e.time_b),
        })
    }
}
