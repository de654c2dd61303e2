//! `kalah match`: two players play a series of games, each opening twice with colours swapped;
//! wins, draws, losses, pentanomial pairs, Elo, LOS and an optional SPRT that stops early.

use crate::args::RuleArgs;
use crate::data::{data_dir, egdb_dir};
use crate::error::{CliError, CliResult};
use clap::Args;
use kalah_egdb::{Database, Store};
use kalah_engine::{Endgame, Thinking};
use kalah_match::openings::read_suite;
use kalah_match::{Decision, PairedResults, Sprt, SprtState, Summary};
use kalah_rules::{Position, Rules};
use kalah_runner::{
    read_record, run_match, termination, write_record, AdjudicationSettings, Ending, GameRecord,
    KgpProgram, MatchSetup, PlayerSpec, Program, RecordHead, TimeControl, TrafficLog,
};
use serde_json::json;
use signal_hook::consts::SIGINT;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
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
    /// Save every game as a game record (docs/notation.md) with each move's time and score,
    /// appended to FILE and synced to disk as each game ends
    #[arg(long, value_name = "FILE")]
    pub records: Option<PathBuf>,
    /// Continue a stopped match (Ctrl-C, a crash) from its records FILE: the games in it
    /// count as played, the others are played and appended to it. Give the match's options
    /// again
    #[arg(long, value_name = "FILE")]
    pub resume: Option<PathBuf>,
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
    /// twice with colours swapped, in order
    #[arg(long, value_name = "FILE")]
    pub openings: Option<PathBuf>,
    /// Order of the suite's positions: as in the file, or shuffled by --seed (fastchess's
    /// order=sequential|random)
    #[arg(long, value_enum, value_name = "ORDER", default_value_t = OpeningOrder::Sequential, requires = "openings")]
    pub openings_order: OpeningOrder,
    /// Start at the suite's N-th position (from 1, after shuffling; fastchess's start=N)
    #[arg(long, value_name = "N", default_value_t = 1, requires = "openings")]
    pub openings_start: usize,
    /// Start the suite over when the games need more positions than it has (refused without
    /// this: the pairs from repeated positions are not independent)
    #[arg(long, requires = "openings")]
    pub openings_wrap: bool,
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
    /// Largest stored endgame database that --egdb and --adjudicate load, in MiB (as `kalah
    /// engine`'s option): the file is mapped once and shared by every game
    #[arg(long, value_name = "MB", default_value_t = 512)]
    pub egdb_max_memory: u64,
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
    /// Write every line between the runner and the programs to FILE, with the time and the
    /// program (fastchess's -log engine=true)
    #[arg(long, value_name = "FILE")]
    pub debug: Option<PathBuf>,
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
        let mut suite = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read it: {e}"))
            .and_then(|t| read_suite(&t, rules))
            .map_err(|e| CliError::usage(format!("opening suite {}: {e}", path.display())))?;
        if self.openings_start == 0 || self.openings_start > suite.len() {
            return Err(CliError::usage(format!(
                "--openings-start must be between 1 and {} (the suite's positions)",
                suite.len()
            )));
        }
        if self.openings_order == OpeningOrder::Random {
            shuffle(&mut suite, self.seed);
        }
        suite.rotate_left(self.openings_start - 1);
        eprintln!(
            "{} openings from {} ({}, from position {})",
            suite.len(),
            path.display(),
            match self.openings_order {
                OpeningOrder::Sequential => "in order",
                OpeningOrder::Random => "shuffled",
            },
            self.openings_start
        );
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
            let own = p.own_time().unwrap_or(time);
            if own == TimeControl::Unlimited {
                return Err(CliError::usage(
                    "a program needs a time control: give --movetime MS or --tc BASE+INC (or its own tc= or st=)",
                ));
            }
            let failed = |f: kalah_runner::Fault| CliError::usage(format!("player {p}: {f}"));
            let name = match p {
                PlayerSpec::Program(spec) => Program::start(spec, self.engine_stderr)
                    .map_err(failed)?
                    .name
                    .clone(),
                PlayerSpec::Kgp(spec) => {
                    if !matches!(own, TimeControl::PerMove(_)) {
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
        let log = match &self.debug {
            Some(path) => Some(Arc::new(TrafficLog::new(
                std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(path)
                    .map_err(|e| {
                        CliError::usage(format!("--debug: cannot write {}: {e}", path.display()))
                    })?,
            ))),
            None => None,
        };
        // A third of the seeds: late enough that the players have decided the game, early
        // enough to save the long endgames (16 of Kalah(6,4)'s 48).
        let auto = (rules.total_seeds() as u32 / 3).min(AdjudicationSettings::default().max_seeds);
        let adjudication = self.adjudicate.then_some(AdjudicationSettings {
            max_seeds: self.adjudicate_seeds.unwrap_or(auto),
            nodes: self.adjudicate_nodes,
        });
        let stored = (self.adjudicate || self.egdb)
            .then(|| stored_database(&rules, self.egdb_max_memory.saturating_mul(1 << 20)))
            .flatten();
        if self.egdb && stored.is_none() {
            return Err(CliError::usage(format!(
                "--egdb: no endgame database of these rules of at most {} MiB is stored; build one with `kalah egdb build`, or allow a larger one with --egdb-max-memory (rules {rules})",
                self.egdb_max_memory
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
            cancel: None,
            skip: Arc::default(),
            log,
        })
    }
}

/// The order of an opening suite's positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum OpeningOrder {
    Sequential,
    Random,
}

/// A Fisher-Yates shuffle driven by SplitMix64 from `seed`: the same order for the same seed
/// on every machine and version.
fn shuffle<T>(items: &mut [T], seed: u64) {
    let mut state = seed;
    let mut next = || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    for i in (1..items.len()).rev() {
        let j = (next() % (i as u64 + 1)) as usize;
        items.swap(i, j);
    }
}

/// Refuses a match that needs more openings than the suite has, unless `allow`
/// (`--openings-wrap`): it would start the suite over, and the pairs from repeated positions
/// are not independent. With `allow`, a warning says so.
pub fn check_wrap(suite: Option<&[Position]>, games: usize, allow: bool) -> CliResult {
    let Some(s) = suite else {
        return Ok(());
    };
    let pairs = games.div_ceil(2);
    if pairs <= s.len() {
        return Ok(());
    }
    let what = format!(
        "{games} games need {pairs} openings but the suite has {}",
        s.len()
    );
    if !allow {
        return Err(CliError::usage(format!(
            "{what}: use a bigger suite or fewer --games, or --openings-wrap to start it over (each position then plays about {:.1} times)",
            pairs as f64 / s.len() as f64
        )));
    }
    eprintln!(
        "warning: {what}: it starts over and each position is played about {:.1} times",
        pairs as f64 / s.len() as f64
    );
    Ok(())
}

/// The largest stored endgame database of the rules (up to `max_bytes`), for the adjudicator and
/// (`--egdb`) the players.
/// None is built: a match should not wait for one.
fn stored_database(rules: &Rules, max_bytes: u64) -> Option<(Arc<dyn Endgame>, Rules)> {
    if rules.early_end() {
        return None;
    }
    let store = Store::new(egdb_dir(&data_dir().ok()?));
    let path = store.find_largest(rules, 1, max_bytes)?;
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
    let records_path = match (&args.records, &args.resume) {
        (Some(r), Some(f)) if r != f => {
            return Err(CliError::usage(
                "--resume FILE appends to FILE: leave out --records or give the same file",
            ))
        }
        (r, f) => f.as_ref().or(r.as_ref()).cloned(),
    };
    if let Some(path) = args.records.as_ref().filter(|_| args.resume.is_none()) {
        if std::fs::metadata(path).is_ok_and(|m| m.len() > 0) {
            return Err(CliError::usage(format!(
                "{} exists: continue that match with --resume {0}, or remove it",
                path.display()
            )));
        }
    }
    let suite = args.run.check(rules)?;
    check_wrap(suite.as_deref(), args.games, args.run.openings_wrap)?;
    let mut config = args.run.setup(rules, a, b, args.games)?;
    let tags = vec![
        (
            "Match".to_string(),
            fingerprint(&config, &args.run, args.sprt.as_deref()),
        ),
        ("TimeControl".to_string(), config.time.to_string()),
    ];
    let (a_text, b_text) = (config.a.name(), config.b.name());
    let head = RecordHead {
        event: "kalah match",
        a: &a_text,
        b: &b_text,
        tags: &tags,
    };
    let mut results = PairedResults::new(args.games, sprt);
    let earlier = match &args.resume {
        Some(path) => resume_from(path, &tags[0].1, args.games)?,
        None => Vec::new(),
    };
    for g in &earlier {
        results.add(g.index, g.score_a);
    }
    if !earlier.is_empty() {
        eprintln!(
            "resuming: {} games played before, {} to play",
            earlier.len(),
            if results.decision().is_some() {
                0
            } else {
                args.games - earlier.len()
            }
        );
    }
    let mut file = records_path
        .as_ref()
        .map(|p| {
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(p)
                .map_err(|e| CliError::failure(format!("cannot write {}: {e}", p.display())))
        })
        .transpose()?;
    config.skip = Arc::new(earlier.iter().map(|g| g.index).collect());
    let cancel = Arc::new(AtomicBool::new(false));
    // Ctrl-C once: stop, print the summary, keep the records. Twice: exit at once.
    for register in [
        |c: &Arc<AtomicBool>| {
            signal_hook::flag::register_conditional_shutdown(SIGINT, 130, Arc::clone(c))
        },
        |c: &Arc<AtomicBool>| signal_hook::flag::register(SIGINT, Arc::clone(c)),
    ] {
        register(&cancel).map_err(|e| CliError::failure(format!("cannot catch Ctrl-C: {e}")))?;
    }
    config.cancel = Some(Arc::clone(&cancel));
    let decided_before = results.decision().is_some();
    let start = Instant::now();
    let every = (args.games / 20).max(1);
    let mut write_error = None;
    let on_game = |g: &GameRecord| {
        if let Some(f) = file.as_mut() {
            // Appended and on disk before the game counts: a crash loses at most the games
            // being played.
            let text = format!("{}\n", write_record(&head, g));
            if let Err(e) = f.write_all(text.as_bytes()).and_then(|()| f.sync_data()) {
                write_error = Some(e);
                cancel.store(true, Ordering::SeqCst);
                return false;
            }
        }
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
    let played = if decided_before {
        Vec::new()
    } else {
        run_match(&config, suite.as_deref(), on_game)
    };
    if let Some(e) = write_error {
        return Err(CliError::failure(format!(
            "cannot write the records to {}: {e}",
            records_path.unwrap_or_default().display()
        )));
    }
    let stopped = cancel.load(Ordering::SeqCst);
    let mut games = earlier;
    games.extend(played);
    if let Some(path) = &records_path {
        eprintln!("{} game records in {}", games.len(), path.display());
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
    if stopped {
        let how = match &records_path {
            Some(p) => format!("continue it with --resume {}", p.display()),
            None => "without --records it cannot be resumed".into(),
        };
        return Err(CliError {
            message: format!(
                "stopped by Ctrl-C after {} of {} games; {how}",
                games.len(),
                args.games
            ),
            code: 130,
        });
    }
    Ok(())
}

/// What makes two runs the same match: a resumed one must have it.
fn fingerprint(c: &MatchSetup, run: &RunArgs, sprt: Option<&str>) -> String {
    let mut parts = vec![
        format!("rules={}", c.rules),
        format!("a={}", c.a),
        format!("b={}", c.b),
        format!("games={}", c.games),
        format!("seed={}", c.seed),
        format!("time={}", c.time),
    ];
    if let Some(o) = &run.openings {
        parts.push(format!(
            "openings={} order={:?} start={}",
            o.display(),
            run.openings_order,
            run.openings_start
        ));
    }
    if let Some(a) = c.adjudication {
        parts.push(format!("adjudicate={}/{}", a.max_seeds, a.nodes));
    }
    if let Some(t) = sprt {
        parts.push(format!("sprt={}", t.trim()));
    }
    parts.join("; ")
}

/// The games of a stopped match from its records file. A last record cut short (the match
/// was killed while writing it) is cut off the file.
fn resume_from(
    path: &std::path::Path,
    fingerprint: &str,
    games: usize,
) -> CliResult<Vec<GameRecord>> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::usage(format!("--resume {}: {e}", path.display())))?;
    // Records start at their `[Kalah` line.
    let mut starts: Vec<usize> = text
        .match_indices("[Kalah ")
        .map(|(i, _)| i)
        .filter(|&i| i == 0 || text[..i].ends_with('\n'))
        .collect();
    starts.push(text.len());
    let mut out: Vec<GameRecord> = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    for (k, w) in starts.windows(2).enumerate() {
        let record = &text[w[0]..w[1]];
        let last = k + 2 == starts.len();
        let read = read_record(record).and_then(|(g, game)| {
            let tag = game.tags.iter().find(|(n, _)| n == "Match").map(|(_, v)| v.as_str());
            if tag != Some(fingerprint) {
                return Err(format!(
                    "it is a record of another match: {:?}; this match is {fingerprint:?} (give the same options as before)",
                    tag.unwrap_or("no Match tag")
                ));
            }
            if g.index >= games || !seen.insert(g.index) {
                return Err(format!("game {} is not a game of this match or is there twice", g.index + 1));
            }
            Ok(g)
        });
        match read {
            Ok(g) => out.push(g),
            Err(e) if last && record_cut_short(record) => {
                eprintln!(
                    "warning: the last record in {} is cut short ({e}); it is removed and its game played again",
                    path.display()
                );
                let f = std::fs::OpenOptions::new()
                    .write(true)
                    .open(path)
                    .and_then(|f| f.set_len(w[0] as u64).and_then(|()| f.sync_all()));
                f.map_err(|e| CliError::failure(format!("cannot cut {}: {e}", path.display())))?;
            }
            Err(e) => {
                return Err(CliError::usage(format!(
                    "--resume {}: record {} (from byte {}): {e}",
                    path.display(),
                    k + 1,
                    w[0]
                )))
            }
        }
    }
    Ok(out)
}

/// A record ends with a blank line once written whole.
fn record_cut_short(record: &str) -> bool {
    !record.ends_with("\n\n")
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

/// cutechess-cli's progress line: "Score of A vs B: W - L - D  score games".
fn score_line(s: &Summary) -> String {
    format!(
        "Score of A vs B: {} - {} - {}  [{:.3}]",
        s.wins, s.losses, s.draws, s.score
    )
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
        termination(&g.ending)
            .map(|t| format!(", {t}"))
            .unwrap_or_default()
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
                Ending::Aborted => {}
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
        println!("A: {}   B: {}   seed: {}", c.a.name(), c.b.name(), c.seed);
        println!("time control: {}", c.time);
        for (name, p) in [("A", &c.a), ("B", &c.b)] {
            if let Some(t) = p.own_time() {
                println!("time control of {name}: {t} (its own)");
            }
        }
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
            "a": c.a.name(),
            "b": c.b.name(),
            "time_control_a": c.a.own_time().unwrap_or(c.time).to_string(),
            "time_control_b": c.b.own_time().unwrap_or(c.time).to_string(),
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
