//! `kalah egdb build|list|remove|info`: endgame databases on disk, by default in the store of
//! the data directory.

use crate::args::RuleArgs;
use crate::endgame::{build_bar, default_seeds, open_store};
use crate::error::{CliError, CliResult};
use clap::{Args, Subcommand};
use kalah_egdb::{check_size, Database, EgdbError, Source, Stoppable};
use kalah_rules::{Position, Side};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

#[derive(Debug, Args)]
pub struct EgdbArgs {
    #[command(subcommand)]
    pub what: EgdbWhat,
}

#[derive(Debug, Subcommand)]
pub enum EgdbWhat {
    /// Build the exact values of every position with at most K seeds in the houses and save
    /// them (rule flags choose the variant)
    Build {
        /// Most seeds left in the houses (both sides together), 0-127 [default: the size
        /// `kalah solve` builds for the start of these rules, e.g. 21 for Kalah(6,4)]
        #[arg(long, short = 'k', value_name = "K")]
        max_seeds: Option<u32>,
        /// Output file [default: the store, <data>/egdb/egdb-h<houses>-<capture>-<end>-<sweep>[-both-stores][-early-end-s<seeds>]-k<K>.egdb]
        #[arg(long, short, value_name = "FILE")]
        out: Option<PathBuf>,
        /// Refuse to store it if the store would then take more than this many MiB
        #[arg(long, value_name = "MB", conflicts_with = "out")]
        egdb_max_disk: Option<u64>,
        /// Build threads (default: every core)
        #[arg(long, value_name = "N")]
        threads: Option<usize>,
        /// Store half a byte per position: about two more seeds in the same memory, with
        /// values far from a level's usual ones kept as bounds (the search still proves them).
        /// The build itself takes the memory of the exact database
        #[arg(long)]
        packed: bool,
    },
    /// List the stored databases with their sizes and the total disk use
    List,
    /// Delete a stored database (a file name from `kalah egdb list`)
    Remove {
        /// The database's file name
        name: PathBuf,
    },
    /// Print a database file's header and check its values against the checksum
    Info {
        /// The database file
        file: PathBuf,
    },
}

pub fn run(args: &EgdbArgs, rule_args: &RuleArgs) -> CliResult {
    match &args.what {
        EgdbWhat::Build {
            max_seeds,
            out,
            egdb_max_disk,
            threads,
            packed,
        } => build(
            rule_args,
            *max_seeds,
            out.clone(),
            *egdb_max_disk,
            *threads,
            *packed,
        ),
        EgdbWhat::List => list(),
        EgdbWhat::Remove { name } => remove(name),
        EgdbWhat::Info { file } => info(file),
    }
}

/// Bad requests and unusable input files are the user's to fix (exit 2).
fn usage(e: EgdbError) -> CliError {
    CliError::usage(e.to_string())
}

fn build(
    rule_args: &RuleArgs,
    max_seeds: Option<u32>,
    out: Option<PathBuf>,
    max_disk: Option<u64>,
    threads: Option<usize>,
    packed: bool,
) -> CliResult {
    let rules = rule_args.rules()?;
    if packed && rules.early_end() {
        return Err(usage(EgdbError::Packing(
            "early-end databases cannot be packed; leave out --packed",
        )));
    }
    let max_seeds = match max_seeds {
        Some(k) => k,
        None => match default_seeds(&rules, &Position::start(rules, Side::South)) {
            0 => {
                return Err(CliError::usage(format!(
                    "`kalah solve` needs no database for {rules} (too few seeds, or early end); give the size with -k K"
                )))
            }
            k => {
                eprintln!("{k} seeds: the size `kalah solve` builds for these rules (-k K chooses another)");
                k
            }
        },
    };
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = threads.unwrap_or(cores);
    if threads == 0 || threads > 256 {
        return Err(CliError::usage("--threads must be between 1 and 256"));
    }
    let positions = check_size(&rules, max_seeds).map_err(usage)?;
    let store = match out {
        Some(_) => None,
        None => Some(open_store(max_disk)?),
    };
    // A stored one is checked as it loads, and built again only if damaged.
    let stored = store
        .as_ref()
        .is_some_and(|s| s.find(&rules, max_seeds, packed).is_some());
    let from = store.as_ref().and_then(|s| s.grows_from(&rules, max_seeds));
    let doing = match (stored, from) {
        (true, _) => "loading the stored".to_string(),
        (false, Some(k)) => format!("growing the stored {k}-seed database to"),
        (false, None) => "building".to_string(),
    };
    let kind = match (packed, stored) {
        (false, _) => "",
        (true, true) => ", packed",
        (true, false) => ", then packed",
    };
    eprintln!(
        "{doing} {positions} entries ({max_seeds} seeds, {} houses per side{kind}) for {rules}",
        rules.houses(),
    );
    let bar = build_bar(&rules, max_seeds, false);
    let progress = |done: u64, total: u64| {
        if let Some(b) = &bar {
            b.set_length(total);
            b.set_position(done);
        }
    };
    // Ctrl-C once: the build stops at its next chunk of work and nothing is written. Twice:
    // exit at once (a file being written then stays under its temporary name only).
    let stop = Arc::new(AtomicBool::new(false));
    for register in [
        |c: &Arc<AtomicBool>| {
            signal_hook::flag::register_conditional_shutdown(
                signal_hook::consts::SIGINT,
                130,
                Arc::clone(c),
            )
        },
        |c: &Arc<AtomicBool>| {
            signal_hook::flag::register(signal_hook::consts::SIGINT, Arc::clone(c))
        },
    ] {
        register(&stop).map_err(|e| CliError::failure(format!("cannot catch Ctrl-C: {e}")))?;
    }
    let progress = Stoppable::new(progress, &stop);
    let stopped = |e: EgdbError| match e {
        EgdbError::Stopped => {
            if let Some(b) = &bar {
                b.abandon();
            }
            CliError {
                message: "stopped by Ctrl-C: no database was written".to_string(),
                code: 130,
            }
        }
        EgdbError::File { .. } => CliError::failure(e.to_string()),
        e => usage(e),
    };
    let start = Instant::now();
    let mut grown = None;
    let (db, path, what) = match (out, store) {
        (Some(path), _) => {
            let mut db = Database::build(rules, max_seeds, threads, &progress).map_err(stopped)?;
            if packed {
                db = db.pack().map_err(usage)?;
            }
            // A failed write is not the user's input: exit 1.
            db.save(&path)
                .map_err(|e| CliError::failure(e.to_string()))?;
            (db, path, "wrote")
        }
        (None, store) => {
            let store = store.expect("opened above when there is no --out");
            let got = if packed {
                store.get_packed(rules, max_seeds, threads, &progress)
            } else {
                store.get(rules, max_seeds, threads, &progress)
            };
            let (db, source) = got.map_err(stopped)?;
            match source {
                Source::Loaded(p) => (db, p, "already stored"),
                Source::Built(p, _) => (db, p, "stored"),
                Source::Grown(p, k) => {
                    grown = Some(k);
                    (db, p, "stored")
                }
            }
        }
    };
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{what} {}: {} entries, {} seeds{}{}, checksum {:08x}, {secs:.2} s with {threads} threads",
        path.display(),
        db.len(),
        db.max_seeds(),
        if db.is_packed() {
            ", packed (4 bits each)"
        } else {
            ""
        },
        grown.map_or(String::new(), |k| format!(
            ", grown from the stored {k}-seed database"
        )),
        db.checksum()
    );
    Ok(())
}

fn list() -> CliResult {
    let store = open_store(None)?;
    let list = store
        .list()
        .map_err(|e| CliError::failure(format!("cannot read {}: {e}", store.dir().display())))?;
    println!("store: {}", store.dir().display());
    if list.is_empty() {
        println!("no databases stored; `kalah solve` stores them as it needs them, `kalah egdb build` on demand");
        return Ok(());
    }
    let mut total = 0;
    for s in &list {
        total += s.bytes;
        let name = s.path.file_name().unwrap_or_default().to_string_lossy();
        match &s.header {
            Ok(h) => println!(
                "  {name}  {}  {} seeds{}  {}",
                human_bytes(s.bytes),
                h.max_seeds,
                if h.is_packed() { " packed" } else { "" },
                h.rules
            ),
            Err(e) => println!("  {name}  {}  unreadable: {e}", human_bytes(s.bytes)),
        }
    }
    println!("{} databases, {} in all", list.len(), human_bytes(total));
    Ok(())
}

fn remove(name: &std::path::Path) -> CliResult {
    let store = open_store(None)?;
    let path = store.remove(name).map_err(CliError::usage)?;
    println!("removed {}", path.display());
    Ok(())
}

fn human_bytes(b: u64) -> String {
    indicatif::HumanBytes(b).to_string()
}

fn info(file: &PathBuf) -> CliResult {
    let header = Database::read_header(file).map_err(usage)?;
    println!("file: {}", file.display());
    println!("format version: {}", header.version);
    println!("rules: {}", header.rules);
    println!("houses per side: {}", header.houses);
    println!("max seeds: {}", header.max_seeds);
    println!("entries: {}", header.entries);
    if header.is_packed() {
        println!(
            "packed: 4 bits per position; exact values per level (seeds: lowest..highest, step):"
        );
        for (k, w) in header.windows.iter().enumerate() {
            let k = k as i32;
            let lo = (w.lo as i32).max(-k);
            let hi = (w.lo as i32 + 13 * w.step as i32).min(k);
            println!("  {k}: {lo}..{hi}, {}", w.step);
        }
    }
    let size = std::fs::metadata(file).map_or(0, |m| m.len());
    println!("size: {size} bytes (header {} bytes)", header.header_len);
    Database::open(file).map_err(usage)?;
    println!("checksum: {:08x} OK", header.checksum);
    Ok(())
}
