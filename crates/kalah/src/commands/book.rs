//! `kalah book`: exact opening books for the `perfect` level, made and checked with the solver.

use crate::args::RuleArgs;
use crate::commands::book_journal::Journal;
use crate::commands::solve::{engine_from, engine_threads};
use crate::endgame::{plan, StoreArgs};
use crate::error::{CliError, CliResult};
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use kalah_engine::book::{self, Book, BookEntry};
use kalah_engine::{Engine, Limits, NoReport};
use kalah_rules::{Position, Side};
use std::collections::{HashMap, HashSet};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

#[derive(Debug, Args)]
pub struct BookArgs {
    #[command(subcommand)]
    pub command: BookCommand,
}

#[derive(Debug, Subcommand)]
pub enum BookCommand {
    /// Solve every position `perfect` can meet in the first plies (its own moves proven best,
    /// the opponent's any) and write the book
    Build(BuildArgs),
    /// Read a book file and solve its entries again: exits with 1 if one differs
    Check(CheckArgs),
    /// The books built into this program
    List,
}

#[derive(Debug, Args)]
pub struct BuildArgs {
    /// Positions up to this many sowings from the start
    #[arg(long, value_name = "N")]
    pub plies: u32,
    /// Write the book to FILE instead of standard output
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Search threads (default: every core)
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
    /// Solve through `kalah worker`s on this PostgreSQL database (docs/distributed.md): each
    /// ply's positions are one run of jobs, the entries written to the partial file as the
    /// workers answer them
    #[arg(long, value_name = "URL")]
    pub database: Option<String>,
    /// With --database: split a job one sowing further once it has been proven this long
    /// while a worker waits with nothing to do (0: never)
    #[arg(long, value_name = "SECS", default_value_t = 3.0)]
    pub split_after: f64,
    /// Print the positions still to solve of the first ply that has any (one a line, as
    /// `kalah dsolve --positions` reads them) and stop, solving nothing
    #[arg(long)]
    pub list_unsolved: bool,
    #[command(flatten)]
    pub store: StoreArgs,
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The book file; `builtin` checks the books built into this program
    pub file: String,
    /// Solve only every K-th entry (1: all)
    #[arg(long, value_name = "K", default_value_t = 1)]
    pub every: usize,
    /// Search threads (default: every core)
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
    #[command(flatten)]
    pub store: StoreArgs,
}

pub fn run(args: &BookArgs, rule_args: &RuleArgs) -> CliResult {
    match &args.command {
        BookCommand::Build(a) => build(a, rule_args),
        BookCommand::Check(a) => check(a),
        BookCommand::List => {
            for (name, text) in book::builtin_files() {
                let b = Book::parse(text)
                    .map_err(|e| CliError::usage(format!("built-in book {name}: {e}")))?;
                println!("{name}: {} positions, rules {}", b.len(), b.rules());
                for c in text.lines().filter_map(|l| l.strip_prefix("# ")) {
                    println!("  {c}");
                }
            }
            Ok(())
        }
    }
}

/// Exact value and every best move of `pos`.
fn solve(engine: &mut Engine, pos: &Position) -> CliResult<BookEntry> {
    let r = engine.search(pos, Limits::Exact, &AtomicBool::new(false), &mut NoReport);
    if !r.exact || r.best_moves.is_empty() {
        return Err(CliError::usage(format!("{pos} was not proven")));
    }
    let mut best = r.best_moves;
    best.sort();
    Ok(BookEntry {
        value: r.value,
        best,
    })
}

fn solver(pos: &Position, threads: Option<usize>, store: &StoreArgs) -> CliResult<Engine> {
    let threads = engine_threads(threads)?;
    let plan = plan(pos, None, None, None, store, threads, false)?;
    let mut engine = engine_from(&plan, Some(threads))?;
    if let Some(d) = &plan.db {
        engine.set_endgame(d.db.clone(), pos.rules());
    }
    Ok(engine)
}

fn bar(what: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let b = ProgressBar::new_spinner();
    b.set_style(
        ProgressStyle::with_template(&format!("{{spinner}} {what} {{pos}} {{msg}} {{elapsed}}"))
            .expect("template"),
    );
    b
}

fn build(args: &BuildArgs, rule_args: &RuleArgs) -> CliResult {
    let rules = rule_args.rules()?;
    if rules.pie() {
        return Err(CliError::usage(
            "books are made without the pie rule: leave out --pie",
        ));
    }
    if !(1..=16).contains(&args.plies) {
        return Err(CliError::usage("--plies must be between 1 and 16"));
    }
    let start = Position::start(rules, Side::South);
    let mut book = Book::new(rules);
    // Entries an earlier, stopped build solved: taken as the walk reaches them again.
    // With the seconds their solves took: a book cut shorter than the stopped build counts
    // only its own entries' time.
    let mut known: HashMap<Position, (BookEntry, f64)> = HashMap::new();
    let mut journal = None;
    let mut solving = 0.0;
    // Entries taken from the partial file rather than solved by this run.
    let mut taken = 0;
    if let Some(out) = &args.out {
        let (j, resumed) = Journal::open(out, rules)?;
        if !resumed.entries.is_empty() {
            eprintln!(
                "resuming: {} positions already solved in {} ({:.0} s)",
                resumed.entries.len(),
                Journal::path_for(out).display(),
                resumed.seconds
            );
        }
        known.extend(resumed.entries);
        journal = Some(j);
    }
    // Solves on this machine, or through the workers of a database.
    let mut engine = match &args.database {
        None if !args.list_unsolved => Some(solver(&start, args.threads, &args.store)?),
        _ => None,
    };
    let split_after = crate::commands::dsolve::split_after(args.split_after)?;
    let stop = match &args.database {
        Some(_) => Some(crate::commands::dsolve::stop_on_ctrl_c()?),
        None => None,
    };
    let progress = bar("positions solved");
    // Positions met with `perfect` on each side: its own moves only the proven best ones.
    // Ply by ply, so that a build stopped early has every shallower position solved.
    let mut frontier = vec![(start, Side::South), (start, Side::North)];
    let mut seen: HashSet<(Position, Side)> = frontier.iter().copied().collect();
    for ply in 0..args.plies {
        // The positions of this ply where `perfect` moves: from the partial file, or solved.
        let mut need = Vec::new();
        for &(pos, side) in &frontier {
            if pos.is_over() || pos.to_move() != side || book.get(&pos).is_some() {
                continue;
            }
            if let Some((e, secs)) = known.remove(&pos) {
                solving += secs;
                taken += 1;
                book.insert(pos, e);
            } else if !need.contains(&pos) {
                need.push(pos);
            }
        }
        if args.list_unsolved && !need.is_empty() {
            eprintln!("ply {ply}: {} positions to solve", need.len());
            for p in &need {
                println!("{p}");
            }
            return Ok(());
        }
        let mut add = |book: &mut Book, pos: Position, e: BookEntry, secs: f64| -> CliResult {
            solving += secs;
            if let Some(j) = &mut journal {
                j.add(&pos, &e, secs)?;
            }
            book.insert(pos, e.clone());
            progress.set_position(book.len() as u64);
            if !progress.is_hidden() {
                progress.set_message(format!("(ply {ply})"));
            } else if book.len().is_multiple_of(100) || secs >= 5.0 {
                // Long solves are worth a line each in a log.
                eprintln!(
                    "{} positions solved, {solving:.0} s (ply {ply}: {pos} {:+} in {secs:.1} s)",
                    book.len(),
                    e.value
                );
            }
            Ok(())
        };
        match (&mut engine, &args.database) {
            (Some(engine), _) => {
                for pos in need {
                    let began = Instant::now();
                    let e = solve(engine, &pos)?;
                    add(&mut book, pos, e, began.elapsed().as_secs_f64())?;
                }
            }
            (None, Some(url)) if !need.is_empty() => {
                let stop = stop.as_deref().expect("a stop flag with --database");
                distributed(
                    url,
                    ply,
                    args.plies,
                    &need,
                    split_after,
                    stop,
                    &mut |pos, e, secs| add(&mut book, pos, e, secs),
                )?;
            }
            _ => {}
        }
        let mut next_ply = Vec::new();
        for (pos, side) in frontier {
            if pos.is_over() {
                continue;
            }
            let moves: Vec<_> = if pos.to_move() == side {
                book.get(&pos).map(|e| e.best.clone()).unwrap_or_default()
            } else {
                pos.legal_moves().iter().copied().collect()
            };
            for m in moves {
                let mut next = pos;
                next.play_unchecked(m);
                if seen.insert((next, side)) {
                    next_ply.push((next, side));
                }
            }
        }
        frontier = next_ply;
    }
    progress.finish_and_clear();
    if args.list_unsolved {
        eprintln!("every position of the book is solved");
        return Ok(());
    }
    // The command goes into the book's comments: without the database's password.
    let command: Vec<String> = std::env::args()
        .skip(1)
        .map(|a| match a.split_once('=') {
            Some((opt, url)) if opt.starts_with("--") && url.contains("://") => {
                format!("{opt}={}", kalah_storage::redact_url(url))
            }
            _ if a.contains("://") => kalah_storage::redact_url(&a),
            _ => a,
        })
        .collect();
    let mut comments = vec![
        format!("rules: {rules}"),
        format!(
            "positions `perfect` can meet in the first {} sowings from the start, on either side: its own moves the proven best, the opponent's any",
            args.plies
        ),
        format!(
            "made with: kalah {} {}",
            env!("CARGO_PKG_VERSION"),
            command.join(" ")
        ),
        format!(
            // With a resumed build, the seconds of every sitting's solves.
            "{} positions, each solved exactly with every best move, {solving:.0} s",
            book.len()
        ),
        "entry: position, exact value for the side to move, every move that keeps it".into(),
    ];
    if taken > 0 {
        // Those solves may have had other settings (threads, memory): only the values count.
        comments.insert(
            4,
            format!("{taken} of them taken from a partial file: solves of an earlier build for these rules"),
        );
    }
    let text = book.to_text(&comments);
    crate::data::write_or_print(args.out.as_deref(), &text)?;
    if let Some(j) = journal {
        j.finish()?;
    }
    if let Some(path) = &args.out {
        eprintln!(
            "{} positions written to {} ({solving:.0} s)",
            book.len(),
            path.display()
        );
    }
    Ok(())
}

/// The name of a book build's run for one ply (before its count of positions).
fn sowing_name(plies: u32, ply: u32) -> String {
    format!("book of {plies} sowings, ply {ply}")
}

/// Solves one ply's positions through the workers of the database at `url`, one run per
/// ply, each entry handed to `add` (with the seconds of proving in its jobs) as it comes.
#[allow(clippy::too_many_arguments)]
fn distributed(
    url: &str,
    ply: u32,
    plies: u32,
    need: &[Position],
    split_after: Option<std::time::Duration>,
    stop: &AtomicBool,
    add: &mut dyn FnMut(Position, BookEntry, f64) -> CliResult,
) -> CliResult {
    use kalah_distributed::coordinator::{self, Options, Task};
    let tasks: Vec<Task> = need
        .iter()
        .map(|&position| Task {
            position,
            best: true,
        })
        .collect();
    let label = crate::commands::dsolve::label_of(&sowing_name(plies, ply), need);
    eprintln!(
        "ply {ply}: {} positions to solve through the workers ({label})",
        need.len()
    );
    // A resumed build names this sowing by what is left of it, and every earlier sowing is
    // complete: runs of an earlier sitting for these sowings would stay "running" with jobs
    // nobody waits for.
    let rules = need.first().map(|p| p.rules());
    if let Some(rules) = rules {
        let ended = kalah_distributed::store::Store::connect(url)
            .and_then(|mut s| {
                let mut ended = 0;
                for k in 0..=ply {
                    // `label_of` names a run "NAME: N positions (HASH)".
                    let stem = format!("{}: ", sowing_name(plies, k));
                    ended += s.supersede_runs(rules, &stem, &label)?;
                }
                Ok(ended)
            })
            .map_err(|e| CliError::failure(e.to_string()))?;
        if ended > 0 {
            eprintln!(
                "{ended} unfinished run(s) of an earlier sitting of this build ended as \
                 superseded (`kalah worker status` lists them so)"
            );
        }
    }
    let opts = Options {
        split: kalah_distributed::Split {
            depth: 64,
            leaves: 1,
        },
        split_after,
        ..Options::default()
    };
    let mut shallow = Engine::new(16);
    let mut estimate = |p: &Position| {
        shallow
            .search(p, Limits::Depth(8), stop, &mut NoReport)
            .value
    };
    let mut failed: Option<CliError> = None;
    coordinator::solve_many(
        url,
        &tasks,
        &label,
        opts,
        Some(&mut estimate),
        stop,
        &mut |_| {},
        &mut |s| {
            if failed.is_some() {
                return;
            }
            let Some(best) = s.best.clone().filter(|b| !b.is_empty()) else {
                failed = Some(CliError::failure(format!(
                    "{} came back without best moves",
                    s.position
                )));
                return;
            };
            if let Err(e) = add(
                s.position,
                BookEntry {
                    value: s.value,
                    best,
                },
                s.seconds,
            ) {
                failed = Some(e);
            }
        },
    )
    .map_err(|e| CliError::failure(e.to_string()))?;
    match failed {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

fn check(args: &CheckArgs) -> CliResult {
    if args.every == 0 {
        return Err(CliError::usage("--every must be 1 or more"));
    }
    let books: Vec<(String, Book)> = if args.file == "builtin" {
        book::builtin_files()
            .iter()
            .map(|(name, text)| {
                Book::parse(text)
                    .map(|b| (name.to_string(), b))
                    .map_err(|e| CliError::usage(format!("built-in book {name}: {e}")))
            })
            .collect::<CliResult<_>>()?
    } else {
        let text = std::fs::read_to_string(&args.file)
            .map_err(|e| CliError::usage(format!("cannot read {}: {e}", args.file)))?;
        let b = Book::parse(&text).map_err(|e| CliError::usage(format!("{}: {e}", args.file)))?;
        vec![(args.file.clone(), b)]
    };
    let mut wrong = 0usize;
    for (name, b) in &books {
        let mut entries: Vec<(&Position, &BookEntry)> = b.entries().collect();
        entries.sort_by_key(|(p, _)| p.to_string());
        let start = Position::start(b.rules(), Side::South);
        let mut engine = solver(&start, args.threads, &args.store)?;
        let t = Instant::now();
        let mut solved = 0usize;
        for (pos, want) in entries.into_iter().step_by(args.every) {
            let got = solve(&mut engine, pos)?;
            solved += 1;
            if &got != want {
                wrong += 1;
                println!(
                    "{name}: {pos}: the book says {:+} {:?}, the solver {:+} {:?}",
                    want.value, want.best, got.value, got.best
                );
            }
        }
        println!(
            "{name}: {solved} of {} positions solved again, {:.0} s",
            b.len(),
            t.elapsed().as_secs_f64()
        );
    }
    if wrong > 0 {
        return Err(CliError::failure(format!(
            "{wrong} entries differ from the solver"
        )));
    }
    println!("every entry checked agrees with the solver");
    Ok(())
}
