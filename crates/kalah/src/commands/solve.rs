//! `kalah solve`: the exact value of a position, its best moves and a principal variation.

use crate::args::{PositionArgs, RuleArgs};
use crate::endgame::{plan_with, DbInfo, Plan, StoreArgs, MAX_HASH_MIB};
use crate::error::{CliError, CliResult};
use clap::Args;
use kalah_egdb::Checked;
use kalah_engine::{BoundsInfo, Engine, Limits, NoReport, Reporter, SearchResult};
use kalah_rules::{Move, Position};
use serde_json::{json, Value};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

#[derive(Debug, Args)]
pub struct SolveArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    /// Print one JSON object instead of text
    #[arg(long)]
    pub json: bool,
    /// Transposition table size in MiB [default: from the seeds left, within --max-memory]
    #[arg(long, value_name = "MB")]
    pub hash: Option<usize>,
    /// Search threads sharing the table (default: every core)
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
    /// Use an endgame database file (from `kalah egdb build`) for these rules
    #[arg(long, value_name = "FILE", conflicts_with = "egdb_seeds")]
    pub egdb: Option<PathBuf>,
    /// Use an endgame database of at least K seeds in the houses (0: none): the largest stored
    /// one that fits --max-memory, else one of K seeds built; --egdb FILE for exactly one
    /// [default: chosen from the seeds left]
    #[arg(long, value_name = "K")]
    pub egdb_seeds: Option<u32>,
    /// Prove the value and one best move only, not every move that keeps the value (about
    /// half the nodes of a 5-house solve)
    #[arg(long)]
    pub one_best: bool,
    #[command(flatten)]
    pub store: StoreArgs,
}

/// Solves at least this long end with a note on a larger packed database, where one fits:
/// a build of several GiB is worth suggesting only to whoever waits minutes, not seconds.
const LONG_SOLVE_SECS: f64 = 60.0;

fn db_json(d: &DbInfo) -> Value {
    json!({
        "source": d.source,
        "max_seeds": d.db.max_seeds(),
        "entries": d.db.len(),
        "packed": d.db.is_packed(),
        "seconds": d.seconds,
        "mapped": d.db.is_mapped(),
        "checked": checked_name(d.db.checked()),
    })
}

/// How the database's checksum was vouched for, in the JSON output.
fn checked_name(c: Checked) -> &'static str {
    match c {
        Checked::Built => "built",
        Checked::Now => "now",
        Checked::Recorded => "recorded",
    }
}

fn db_text(d: &DbInfo) -> String {
    format!(
        "{} ({} seeds, {} positions{}, {:.3} s)",
        d.source,
        d.db.max_seeds(),
        d.db.len(),
        if d.db.is_packed() { ", packed" } else { "" },
        d.seconds
    )
}

/// The checked engine settings shared by `solve` and `analyze`: the plan's table, with room
/// to grow up to the plan's most.
pub fn engine_from(plan: &Plan, threads: Option<usize>) -> CliResult<Engine> {
    let hash = plan.hash_mib;
    if hash == 0 || hash > MAX_HASH_MIB {
        return Err(CliError::usage("--hash must be between 1 and 65536 MiB"));
    }
    Ok(Engine::with_room(
        hash,
        plan.max_hash_mib,
        engine_threads(threads)?,
    ))
}

/// `--threads`, checked; every core by default.
pub fn engine_threads(threads: Option<usize>) -> CliResult<usize> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = threads.unwrap_or(cores);
    if threads == 0 || threads > 256 {
        return Err(CliError::usage("--threads must be between 1 and 256"));
    }
    Ok(threads)
}

/// Writes a line of moves as turns: one player's consecutive sowings joined by `-`, turns
/// separated by spaces.
pub fn format_line(pos: &Position, moves: &[Move]) -> String {
    let mut turns: Vec<String> = Vec::new();
    let mut p = *pos;
    let mut current = String::new();
    for &m in moves {
        let before = p.to_move();
        if p.play(m).is_err() {
            break;
        }
        if !current.is_empty() {
            current.push('-');
        }
        current.push_str(&m.to_string());
        if m == Move::Swap || p.to_move() != before || p.is_over() {
            turns.push(std::mem::take(&mut current));
        }
    }
    if !current.is_empty() {
        turns.push(current);
    }
    turns.join(" ")
}

/// Shows that a solve is under way (a spinner with the time so far, on a terminal) and
/// prints each proven bound above it, so a long solve is never silent.
struct Progress {
    side: kalah_rules::Side,
    spinner: indicatif::ProgressBar,
}

impl Progress {
    fn new(side: kalah_rules::Side) -> Progress {
        let spinner = indicatif::ProgressBar::new_spinner();
        spinner.set_style(
            indicatif::ProgressStyle::with_template("{spinner} searching, {elapsed} so far {msg}")
                .expect("a valid progress template"),
        );
        spinner.enable_steady_tick(std::time::Duration::from_millis(250));
        Progress { side, spinner }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.spinner.finish_and_clear();
    }
}

impl Reporter for Progress {
    fn bounds(&mut self, b: &BoundsInfo) {
        let value = if b.lower == b.upper {
            signed(b.lower)
        } else {
            format!("{} to {}", signed(b.lower), signed(b.upper))
        };
        self.spinner.println(format!(
            "proven so far: {value} for {} ({:.1} s, {} nodes)",
            self.side,
            b.elapsed.as_secs_f64(),
            b.nodes
        ));
        self.spinner
            .set_message(format!("(proven so far: {value})"));
    }
}

/// The table a solve starts with, and how far it may grow.
fn table_text(mib: usize, max_mib: usize) -> String {
    if max_mib > mib {
        format!("{mib} MiB table (it grows up to {max_mib} MiB if the search proves hard)")
    } else {
        format!("{mib} MiB table")
    }
}

fn signed(v: i32) -> String {
    if v > 0 {
        format!("+{v}")
    } else {
        v.to_string()
    }
}

pub fn run(args: &SolveArgs, rule_args: &RuleArgs) -> CliResult {
    let rules = rule_args.rules()?;
    let pos = args.position.resolve(rule_args, rules)?;
    let start = Instant::now();
    let threads = engine_threads(args.threads)?;
    let plan = plan_with(
        &pos,
        args.egdb.as_ref(),
        args.egdb_seeds,
        args.hash,
        &args.store,
        threads,
        args.json,
        true,
    )?;
    if !args.json {
        if let Some(note) = plan.cut_note(args.store.max_memory) {
            eprintln!("{note}");
        }
    }
    let packed_note = plan.packed_note(args.store.max_memory);
    let grow = plan.grow.clone();
    let mut engine = engine_from(&plan, Some(threads))?;
    engine.set_one_best(args.one_best);
    let (hash, db) = (plan.hash_mib, plan.db);
    if let Some(d) = &db {
        engine.set_endgame(d.db.clone(), pos.rules());
    }
    // A long solve shows its proven bounds as it narrows them, on a terminal only, so that
    // scripts get clean output.
    let r: SearchResult = if std::io::stderr().is_terminal() && !args.json {
        eprintln!(
            "solving with a {}; database: {}",
            table_text(hash, plan.max_hash_mib),
            db.as_ref().map_or("none".to_string(), db_text)
        );
        let mut progress = Progress::new(pos.to_move());
        engine.search(&pos, Limits::Exact, &AtomicBool::new(false), &mut progress)
    } else {
        engine.search(&pos, Limits::Exact, &AtomicBool::new(false), &mut NoReport)
    };
    // The time includes building the database and the table.
    let secs = start.elapsed().as_secs_f64();
    let best: Vec<String> = r.best_moves.iter().map(Move::to_string).collect();
    let pv = format_line(&pos, &r.pv);
    let hit_rate = r.stats.tt_hits as f64 / (r.stats.tt_probes.max(1)) as f64;
    let table_mib = engine.table_bytes() >> 20;
    if args.json {
        let out = json!({
            "rules": pos.rules().to_string(),
            "position": pos.to_string(),
            "to_move": pos.to_move().name(),
            "value": r.value,
            "exact": r.exact,
            "best_moves": best,
            "all_best": r.all_best,
            "pv": pv,
            "nodes": r.nodes,
            "expanded": r.stats.expanded,
            "value_nodes": r.stats.value_nodes,
            "value_expanded": r.stats.value_expanded,
            "seconds": secs,
            "nodes_per_second": (r.nodes as f64 / r.elapsed.as_secs_f64().max(1e-9)).round(),
            "threads": r.stats.threads,
            "hash_mb": hash,
            "hash_max_mb": plan.max_hash_mib,
            "hash_final_mb": table_mib,
            "tt_hit_rate": hit_rate,
            "search_seconds": r.elapsed.as_secs_f64(),
            "database": db.as_ref().map_or(Value::Null, db_json),
            "database_hits": r.stats.db_hits,
        });
        println!("{out}");
    } else {
        println!("rules: {}", pos.rules());
        println!("position: {pos}");
        let who = pos.to_move();
        if pos.is_over() {
            println!("game over: final margin {} for {who}", signed(r.value));
        } else {
            println!(
                "value: {} for {who} ({})",
                signed(r.value),
                if r.exact { "exact" } else { "not proven" }
            );
            if r.all_best || !r.exact {
                println!("best moves: {}", best.join(" "));
            } else {
                println!(
                    "best move: {} (only one proven: others may be as good)",
                    best.join(" ")
                );
            }
            println!("principal variation: {pv}");
        }
        println!(
            "time: {secs:.3} s in all; search {:.3} s, {} nodes ({:.0} nodes/s, {} threads, table hits {:.1}%)",
            r.elapsed.as_secs_f64(),
            r.nodes,
            r.nodes as f64 / r.elapsed.as_secs_f64().max(1e-9),
            r.stats.threads,
            100.0 * hit_rate
        );
        if table_mib != hash {
            println!("table: grew from {hash} to {table_mib} MiB");
        }
        println!(
            "database: {}",
            db.as_ref().map_or("none".to_string(), db_text)
        );
        // Only after a search long enough for the database to matter.
        if let Some(note) = packed_note.filter(|_| secs >= LONG_SOLVE_SECS) {
            eprintln!("{note}");
        }
    }
    // The answer is out: the database grows for the next solve, off this one's path, once
    // the file this one built (if any) is stored.
    drop(db);
    if let Some(g) = grow {
        if g.start() && !args.json {
            eprintln!(
                "growing the stored endgame database to {} seeds in the background, for the next solve",
                g.seeds
            );
        }
    }
    Ok(())
}
