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
    let mut engine = solver(&start, args.threads, &args.store)?;
    let progress = bar("positions solved");
    // Positions met with `perfect` on each side: its own moves only the proven best ones.
    // Ply by ply, so that a build stopped early has every shallower position solved.
    let mut frontier = vec![(start, Side::South), (start, Side::North)];
    let mut seen: HashSet<(Position, Side)> = frontier.iter().copied().collect();
    for ply in 0..args.plies {
        let mut next_ply = Vec::new();
        for (pos, side) in frontier {
            if pos.is_over() {
                continue;
            }
            let moves = if pos.to_move() == side {
                let entry = if let Some(e) = book.get(&pos) {
                    e
                } else if let Some((e, secs)) = known.remove(&pos) {
                    solving += secs;
                    taken += 1;
                    book.insert(pos, e.clone());
                    e
                } else {
                    let began = Instant::now();
                    let e = solve(&mut engine, &pos)?;
                    let secs = began.elapsed().as_secs_f64();
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
                    e
                };
                entry.best
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
    let command: Vec<String> = std::env::args().skip(1).collect();
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
