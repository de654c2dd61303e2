//! `kalah puzzles`: find puzzles in games and prove them (generate), prove a puzzle file again
//! (check), show one (show). The puzzles themselves are `kalah_puzzles`'.

use crate::args::RuleArgs;
use crate::commands::solve::format_line;
use crate::endgame::{plan, StoreArgs};
use crate::error::{CliError, CliResult};
use clap::{Args, Subcommand};
use kalah_engine::{draw, random_positions, Engine, Level};
use kalah_puzzles::{check, find, parse_file, rate, write_file, Criteria, Puzzle, Stopped};
use kalah_rules::{Game, Move, PieStage, Position, Rules, Side};
use kalah_storage::{Db, Location, LEVEL_RATINGS};
use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

#[derive(Debug, Args)]
pub struct PuzzlesArgs {
    #[command(subcommand)]
    pub command: PuzzlesCommand,
}

#[derive(Debug, Subcommand)]
pub enum PuzzlesCommand {
    /// Find puzzles in games (the levels' own, game records, a server's database), prove each
    /// with the solver and write a puzzle file
    Generate(GenerateArgs),
    /// Prove every puzzle of a file again with the solver (default: the shipped set)
    Check(CheckArgs),
    /// Show a puzzle: the board, the value of every move and the line
    Show(ShowArgs),
}

#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// The puzzle file to write
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Keep the puzzles already in --out (of any rules) and add the new ones
    #[arg(long)]
    pub merge: bool,
    /// Stop after this many new puzzles
    #[arg(long, value_name = "N", default_value_t = 100)]
    pub count: usize,
    /// Stop after this many minutes (what is proven by then is written)
    #[arg(long, value_name = "MINUTES")]
    pub minutes: Option<f64>,
    /// Take positions with at most this many seeds left in the houses
    #[arg(long, value_name = "K", default_value_t = 28)]
    pub max_seeds: u32,
    /// Take positions with at least this many seeds left in the houses
    #[arg(long, value_name = "K", default_value_t = 8)]
    pub min_seeds: u32,
    /// Each of the solver's moves beats the next best move by at least this many seeds
    #[arg(long, value_name = "SEEDS", default_value_t = 2)]
    pub min_gap: i32,
    /// The line stops after this many of the solver's moves
    #[arg(long, value_name = "N", default_value_t = 6)]
    pub max_moves: usize,
    /// Legal moves at the start, at least
    #[arg(long, value_name = "N", default_value_t = 3)]
    pub min_moves: usize,
    /// The best value at the start (final margin for the solver), at least
    #[arg(long, value_name = "SEEDS", default_value_t = -2, allow_negative_numbers = true)]
    pub min_value: i32,
    /// Puzzles taken from one game at most
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub per_game: usize,
    /// Give up on a position not proven in this many seconds
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    pub seconds: f64,
    /// Tries of each level on a new puzzle, for its starting rating
    #[arg(long, value_name = "N", default_value_t = 4)]
    pub trials: u32,
    /// Varies the levels' games: the same seed gives the same games
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Game records (as `kalah play` saves them) to take positions from, before the levels' games
    #[arg(long, value_name = "FILE", num_args = 1..)]
    pub records: Vec<PathBuf>,
    /// A server's database (sqlite:PATH or postgres://...) whose stored games give positions,
    /// before the levels' games
    #[arg(long, value_name = "URL")]
    pub database: Option<String>,
    /// Only the records and stored games: no games of the levels
    #[arg(long)]
    pub no_self_play: bool,
    /// Search threads, each proving its own positions (default: every core)
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
    /// Use an endgame database of at least K seeds in the houses (0: none): the largest stored
    /// one that fits --max-memory, else one of K seeds built
    #[arg(long, value_name = "K", default_value_t = 0)]
    pub egdb_seeds: u32,
    #[command(flatten)]
    pub store: StoreArgs,
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The puzzle file (default: the set shipped with the program)
    pub file: Option<PathBuf>,
    /// Prove only N puzzles drawn at random
    #[arg(long, value_name = "N")]
    pub sample: Option<usize>,
    /// The draw of --sample
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Search threads, each proving its own puzzles (default: every core)
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
    /// Use an endgame database of at most K seeds for each rule set (0: none)
    #[arg(long, value_name = "K", default_value_t = 0)]
    pub egdb_seeds: u32,
    #[command(flatten)]
    pub store: StoreArgs,
}

#[derive(Debug, Args)]
pub struct ShowArgs {
    /// The puzzle's id
    pub id: String,
    /// The puzzle file (default: the set shipped with the program)
    #[arg(long, value_name = "FILE")]
    pub file: Option<PathBuf>,
}

pub fn run(args: &PuzzlesArgs, rule_args: &RuleArgs) -> CliResult {
    match &args.command {
        PuzzlesCommand::Generate(a) => generate(a, rule_args),
        PuzzlesCommand::Check(a) => run_check(a),
        PuzzlesCommand::Show(a) => show(a),
    }
}

/// The puzzles of `file`, or the shipped set.
fn read_set(file: Option<&Path>) -> CliResult<Vec<Puzzle>> {
    match file {
        None => Ok(kalah_puzzles::shipped().to_vec()),
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| CliError::usage(format!("cannot read {}: {e}", path.display())))?;
            parse_file(&text).map_err(|e| CliError::usage(format!("{}: {e}", path.display())))
        }
    }
}

/// A new engine of `hash` MiB with the endgame database of `seeds` seeds for `rules` (none
/// for 0), loaded from the store or built.
fn engine_with_db(
    rules: Rules,
    seeds: u32,
    store: &StoreArgs,
) -> CliResult<(Option<Arc<kalah_egdb::Database>>, usize)> {
    if seeds == 0 {
        return Ok((None, 64));
    }
    let pos = Position::start(rules, Side::South);
    let plan = plan(&pos, None, Some(seeds), None, store, 1, false)?;
    let hash = plan.hash_mib.clamp(16, 256);
    Ok((plan.db.map(|d| d.db.clone()), hash))
}

fn new_engine(db: &Option<Arc<kalah_egdb::Database>>, rules: Rules, hash: usize) -> Engine {
    let mut e = Engine::with_room(hash, hash.max(256), 1);
    if let Some(db) = db {
        e.set_endgame(db.clone(), rules);
    }
    e
}

fn thread_count(threads: Option<usize>) -> CliResult<usize> {
    crate::commands::solve::engine_threads(threads)
}

/// Runs `f` with a stop flag that becomes true after `budget`.
fn within<T>(budget: Duration, f: impl FnOnce(&AtomicBool) -> T) -> T {
    let stop = Arc::new(AtomicBool::new(false));
    let (done, finished) = mpsc::channel::<()>();
    let watch = {
        let stop = Arc::clone(&stop);
        std::thread::spawn(move || {
            if finished.recv_timeout(budget) == Err(mpsc::RecvTimeoutError::Timeout) {
                stop.store(true, Ordering::Relaxed);
            }
        })
    };
    let out = f(&stop);
    let _ = done.send(());
    let _ = watch.join();
    out
}

/// A game to take positions from.
struct Source {
    label: String,
    positions: Vec<Position>,
}

/// The level pairs whose games give positions: people's levels against each other and against
/// the search levels, so that the positions are of the kind people reach.
const PAIRS: [(Level, Level); 8] = [
    (Level::Casual, Level::Club),
    (Level::Club, Level::Expert),
    (Level::Novice, Level::Casual),
    (Level::Expert, Level::Master),
    (Level::Beginner, Level::Club),
    (Level::Club, Level::Master),
    (Level::Casual, Level::Expert),
    (Level::Club, Level::Club),
];

/// Game `index` of the levels: a pair of [`PAIRS`], sides alternating, from 2 to 4 random
/// sowings from the start.
fn level_game(rules: Rules, index: u64, seed: u64, engine: &mut Engine) -> Source {
    let (a, b) = PAIRS[(index as usize) % PAIRS.len()];
    let (south, north) = if (index / PAIRS.len() as u64).is_multiple_of(2) {
        (a, b)
    } else {
        (b, a)
    };
    let game_seed = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(index);
    let opening = 2 + (index % 3) as usize;
    let mut pos = random_positions(rules, opening, 1, game_seed)
        .into_iter()
        .next()
        .map_or(Position::start(rules, Side::South), |(_, p)| p);
    let stop = AtomicBool::new(false);
    let mut positions = vec![pos];
    let mut ply = 0u64;
    while !pos.is_over() && positions.len() < 400 {
        let level = if pos.to_move() == Side::South {
            south
        } else {
            north
        };
        let Some(m) = level.choose_move(engine, &pos, game_seed ^ ply, &stop) else {
            break;
        };
        pos.play_unchecked(m);
        positions.push(pos);
        ply += 1;
    }
    Source {
        label: format!("levels {south} v {north}"),
        positions,
    }
}

/// The positions of a game.
fn game_positions(game: &Game) -> Vec<Position> {
    (0..=game.moves().len())
        .map(|i| game.position_after(i))
        .collect()
}

/// Games of records and of a database, under `rules` only.
fn stored_games(args: &GenerateArgs, rules: Rules) -> CliResult<Vec<Source>> {
    let mut out = Vec::new();
    for path in &args.records {
        let text = std::fs::read_to_string(path)
            .map_err(|e| CliError::usage(format!("cannot read {}: {e}", path.display())))?;
        let game = Game::from_record(&text)
            .map_err(|e| CliError::usage(format!("{}: {e}", path.display())))?;
        if same_rules(game.rules(), rules) {
            out.push(Source {
                label: format!(
                    "record {}",
                    path.file_name().map_or(String::new(), |n| n
                        .to_string_lossy()
                        .replace(['\t', '\n'], " "))
                ),
                positions: game_positions(&game),
            });
        }
    }
    if let Some(url) = &args.database {
        let location: Location = url.parse().map_err(CliError::usage)?;
        let db = Db::connect(&location)
            .map_err(|e| CliError::failure(format!("database {location}: {e}")))?;
        let ids = db
            .game_ids()
            .map_err(|e| CliError::failure(format!("database {location}: {e}")))?;
        for id in ids {
            let Ok(Some(row)) = db.load(&id) else {
                continue;
            };
            let Some(game) = replay(&row.rules, &row.start, &row.moves) else {
                continue;
            };
            if same_rules(game.rules(), rules) {
                out.push(Source {
                    label: format!("game {id}"),
                    positions: game_positions(&game),
                });
            }
        }
    }
    Ok(out)
}

/// A stored game replayed; `None` if it does not replay.
fn replay(rules: &str, start: &str, moves: &[String]) -> Option<Game> {
    let rules: Rules = rules.parse().ok()?;
    let setup = kalah_rules::parse_setup(start).ok()?;
    let mut game = Game::new(Position::from_setup(rules, &setup).ok()?);
    for m in moves {
        game.play(m.parse::<Move>().ok()?).ok()?;
    }
    Some(game)
}

/// The same rules except for the pie rule, which positions after the first turn do not need.
fn same_rules(a: Rules, b: Rules) -> bool {
    let (mut x, mut y) = (a.setup(), b.setup());
    x.pie = false;
    y.pie = false;
    x == y
}

/// The rules name a puzzle file's comment gives: the preset or the full list.
fn rules_name(rules: Rules) -> String {
    rules
        .matching_preset()
        .map_or_else(|| rules.to_string(), |p| p.name().to_string())
}

/// What the generator's workers share.
struct Shared {
    rules: Rules,
    criteria: Criteria,
    budget: Duration,
    deadline: Option<Instant>,
    count: usize,
    stored: Vec<Source>,
    next_game: AtomicUsize,
    seen: Mutex<HashSet<String>>,
    found: Mutex<Vec<Puzzle>>,
    proven: AtomicUsize,
    given_up: AtomicUsize,
    games: AtomicUsize,
}

impl Shared {
    fn done(&self) -> bool {
        self.found.lock().map_or(true, |f| f.len() >= self.count)
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

fn generate(args: &GenerateArgs, rule_args: &RuleArgs) -> CliResult {
    let rules = rule_args.rules()?;
    if rules.pie() {
        return Err(CliError::usage(
            "puzzles are made without the pie rule: leave out --pie",
        ));
    }
    if args.min_gap < 1 || args.max_moves == 0 || args.per_game == 0 {
        return Err(CliError::usage(
            "--min-gap, --max-moves and --per-game must be at least 1",
        ));
    }
    if !(args.seconds > 0.0 && args.seconds <= 86_400.0) {
        return Err(CliError::usage("--seconds must be above 0"));
    }
    let threads = thread_count(args.threads)?;
    let mut kept: Vec<Puzzle> = Vec::new();
    if args.merge && args.out.exists() {
        kept = read_set(Some(&args.out))?;
    }
    let stored = stored_games(args, rules)?;
    if args.no_self_play && stored.is_empty() {
        return Err(CliError::usage(
            "--no-self-play needs --records or --database with games under these rules",
        ));
    }
    let (db, hash) = engine_with_db(rules, args.egdb_seeds, &args.store)?;
    let shared = Shared {
        rules,
        criteria: Criteria {
            min_gap: args.min_gap,
            max_solver_moves: args.max_moves,
            min_moves: args.min_moves,
            min_value: args.min_value,
        },
        budget: Duration::from_secs_f64(args.seconds),
        deadline: args
            .minutes
            .map(|m| Instant::now() + Duration::from_secs_f64(m.max(0.0) * 60.0)),
        count: args.count,
        stored,
        next_game: AtomicUsize::new(0),
        seen: Mutex::new(kept.iter().map(|p| p.id.clone()).collect()),
        found: Mutex::new(Vec::new()),
        proven: AtomicUsize::new(0),
        given_up: AtomicUsize::new(0),
        games: AtomicUsize::new(0),
    };
    let start = Instant::now();
    let last_written = AtomicUsize::new(0);
    let write_out = |final_write: bool| -> CliResult {
        let found = shared.found.lock().map(|f| f.clone()).unwrap_or_default();
        let n = found.len();
        if !final_write && n < last_written.load(Ordering::Relaxed) + 25 {
            return Ok(());
        }
        last_written.store(n, Ordering::Relaxed);
        let mut all = kept.clone();
        all.extend(found);
        all.sort_by(|a, b| (rules_name(a.rules()), &a.id).cmp(&(rules_name(b.rules()), &b.id)));
        let mut per_rules: BTreeMap<String, usize> = BTreeMap::new();
        for p in &all {
            *per_rules.entry(rules_name(p.rules())).or_default() += 1;
        }
        let counts: Vec<String> = per_rules.iter().map(|(r, n)| format!("{r} {n}")).collect();
        let comments = vec![
            format!("{} puzzles: {}", all.len(), counts.join(", ")),
            "Made by `kalah puzzles generate` (docs/puzzles.md); proven again by `kalah puzzles check FILE`.".to_string(),
            "values: each solver's move a group house:final margin for the mover, exact.".to_string(),
        ];
        crate::data::write_or_print(Some(&args.out), &write_file(&all, &comments))
    };
    let failure: Mutex<Option<CliError>> = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut engine = new_engine(&db, rules, hash);
                let mut levels = Engine::new(16);
                let mut rater = Engine::new(16);
                while !shared.done() {
                    let index = shared.next_game.fetch_add(1, Ordering::Relaxed);
                    let own;
                    let source = match shared.stored.get(index) {
                        Some(s) => s,
                        None if args.no_self_play => break,
                        None => {
                            own = level_game(
                                shared.rules,
                                (index - shared.stored.len()) as u64,
                                args.seed,
                                &mut levels,
                            );
                            &own
                        }
                    };
                    shared.games.fetch_add(1, Ordering::Relaxed);
                    prove_game(&shared, source, args, &mut engine, &mut rater);
                    let _ = write_out(false).map_err(|e| {
                        if let Ok(mut f) = failure.lock() {
                            f.get_or_insert(e);
                        }
                    });
                    report(&shared, start);
                }
            });
        }
    });
    if let Some(e) = failure.lock().ok().and_then(|mut f| f.take()) {
        return Err(e);
    }
    write_out(true)?;
    let n = shared.found.lock().map_or(0, |f| f.len());
    eprintln!(
        "{n} new puzzles under {} ({} games, {} positions proven, {} given up after {} s), written to {} in {:.0} s",
        rules_name(rules),
        shared.games.load(Ordering::Relaxed),
        shared.proven.load(Ordering::Relaxed),
        shared.given_up.load(Ordering::Relaxed),
        args.seconds,
        args.out.display(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

fn report(shared: &Shared, start: Instant) {
    let n = shared.found.lock().map_or(0, |f| f.len());
    let games = shared.games.load(Ordering::Relaxed);
    if games.is_multiple_of(10) {
        eprintln!(
            "{n} puzzles from {games} games ({} positions proven, {} given up), {:.0} s",
            shared.proven.load(Ordering::Relaxed),
            shared.given_up.load(Ordering::Relaxed),
            start.elapsed().as_secs_f64()
        );
    }
}

/// Proves positions of one game, in random order, until it gave `per_game` puzzles.
fn prove_game(
    shared: &Shared,
    source: &Source,
    args: &GenerateArgs,
    engine: &mut Engine,
    rater: &mut Engine,
) {
    let candidates: Vec<Position> = source
        .positions
        .iter()
        .copied()
        .filter(|p| {
            let left = kalah_egdb::sizing::seeds_left(p);
            !p.is_over()
                && p.pie_stage() == PieStage::Off
                && p.legal_moves().len() >= 2
                && (args.min_seeds..=args.max_seeds).contains(&left)
        })
        .collect();
    let mut taken = 0;
    let n = candidates.len();
    let tries = (args.per_game * 4).min(n);
    let order = draw(
        candidates,
        tries,
        args.seed ^ (n as u64) ^ source.positions.len() as u64,
    );
    let levels: Vec<(Level, f64)> = LEVEL_RATINGS
        .iter()
        .filter_map(|(name, r)| Some((name.parse::<Level>().ok()?, *r)))
        .filter(|(l, _)| *l != Level::Perfect)
        .collect();
    for pos in order {
        if taken >= args.per_game || shared.done() {
            break;
        }
        let id = Puzzle::id_of(&pos);
        if shared.seen.lock().map_or(true, |s| s.contains(&id)) {
            continue;
        }
        let found = within(shared.budget, |stop| {
            find(engine, &pos, &shared.criteria, stop)
        });
        match found {
            Err(Stopped) => {
                shared.given_up.fetch_add(1, Ordering::Relaxed);
                // A search stopped midway leaves bounds of no use to the next position.
                engine.clear();
            }
            Ok(None) => {
                shared.proven.fetch_add(1, Ordering::Relaxed);
            }
            Ok(Some(mut p)) => {
                shared.proven.fetch_add(1, Ordering::Relaxed);
                p.rating = rate(rater, &p, &levels, args.trials, &AtomicBool::new(false));
                p.source = source.label.clone();
                let fresh = shared.seen.lock().is_ok_and(|mut s| s.insert(p.id.clone()));
                if fresh {
                    if let Ok(mut f) = shared.found.lock() {
                        if f.len() < shared.count {
                            f.push(p);
                            taken += 1;
                        }
                    }
                }
            }
        }
    }
}

fn run_check(args: &CheckArgs) -> CliResult {
    let mut set = read_set(args.file.as_deref())?;
    let what = args
        .file
        .as_ref()
        .map_or("the shipped set".to_string(), |p| p.display().to_string());
    if set.is_empty() {
        return Err(CliError::usage(format!("{what} has no puzzles")));
    }
    if let Some(n) = args.sample {
        set = draw(set, n, args.seed);
    }
    let threads = thread_count(args.threads)?;
    let start = Instant::now();
    let mut by_rules: BTreeMap<String, Vec<Puzzle>> = BTreeMap::new();
    for p in set {
        by_rules.entry(rules_name(p.rules())).or_default().push(p);
    }
    let mut failures: Vec<String> = Vec::new();
    let mut counts: Vec<String> = Vec::new();
    let mut total = 0;
    for (name, puzzles) in &by_rules {
        let rules = puzzles[0].rules();
        let (db, hash) = engine_with_db(rules, args.egdb_seeds, &args.store)?;
        let next = AtomicUsize::new(0);
        let bad: Mutex<Vec<String>> = Mutex::new(Vec::new());
        std::thread::scope(|scope| {
            for _ in 0..threads.min(puzzles.len()) {
                scope.spawn(|| {
                    let mut engine = new_engine(&db, rules, hash);
                    let stop = AtomicBool::new(false);
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(p) = puzzles.get(i) else {
                            break;
                        };
                        if let Err(e) = check(&mut engine, p, &stop) {
                            if let Ok(mut b) = bad.lock() {
                                b.push(e.to_string());
                            }
                        }
                    }
                });
            }
        });
        failures.extend(bad.into_inner().unwrap_or_default());
        counts.push(format!("{name} {}", puzzles.len()));
        total += puzzles.len();
    }
    let secs = start.elapsed().as_secs_f64();
    if !failures.is_empty() {
        failures.sort();
        for f in &failures {
            eprintln!("FAIL {f}");
        }
        return Err(CliError::failure(format!(
            "{} of {total} puzzles of {what} failed their proof",
            failures.len()
        )));
    }
    println!(
        "ok: {total} puzzles of {what} proven again ({}) in {secs:.1} s",
        counts.join(", ")
    );
    Ok(())
}

fn show(args: &ShowArgs) -> CliResult {
    let set = read_set(args.file.as_deref())?;
    let Some(p) = set.iter().find(|p| p.id == args.id.trim()) else {
        return Err(CliError::usage(format!("no puzzle {:?}", args.id)));
    };
    println!("puzzle {}  rules: {}", p.id, rules_name(p.rules()));
    println!("{} to move: {}", p.solver(), p.position);
    print!("{}", kalah_rules::draw(&p.position));
    let values: Vec<String> = p.values[0]
        .iter()
        .map(|v| format!("{} {:+}", v.mv, v.value))
        .collect();
    println!("values: {}", values.join(", "));
    println!("line: {}", format_line(&p.position, &p.line));
    let themes: Vec<&str> = p.themes.iter().map(|t| t.name()).collect();
    println!(
        "themes: {}",
        if themes.is_empty() {
            "-".to_string()
        } else {
            themes.join(", ")
        }
    );
    println!("rating: {}  source: {}", p.rating, p.source);
    Ok(())
}
