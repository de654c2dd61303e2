//! `kalah egdb build|info`: endgame databases on disk.

use crate::args::RuleArgs;
use crate::error::{CliError, CliResult};
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use kalah_egdb::{check_size, default_file_name, Database, EgdbError};
use std::path::PathBuf;
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
        /// Most seeds left in the houses (both sides together), 0-127
        #[arg(long, short = 'k', value_name = "K")]
        max_seeds: u32,
        /// Output file [default: egdb-h<houses>-<capture>-<end>-<sweep>[-both-stores][-early-end-s<seeds>]-k<K>.egdb]
        #[arg(long, short, value_name = "FILE")]
        out: Option<PathBuf>,
        /// Build threads (default: every core)
        #[arg(long, value_name = "N")]
        threads: Option<usize>,
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
            threads,
        } => build(rule_args, *max_seeds, out.clone(), *threads),
        EgdbWhat::Info { file } => info(file),
    }
}

/// Bad requests and unusable input files are the user's to fix (exit 2).
fn usage(e: EgdbError) -> CliError {
    CliError::usage(e.to_string())
}

fn build(
    rule_args: &RuleArgs,
    max_seeds: u32,
    out: Option<PathBuf>,
    threads: Option<usize>,
) -> CliResult {
    let rules = rule_args.rules()?;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = threads.unwrap_or(cores);
    if threads == 0 || threads > 256 {
        return Err(CliError::usage("--threads must be between 1 and 256"));
    }
    let positions = check_size(&rules, max_seeds).map_err(usage)?;
    let path = out.unwrap_or_else(|| PathBuf::from(default_file_name(&rules, max_seeds)));
    eprintln!(
        "building {positions} entries ({max_seeds} seeds, {} houses per side) for {rules}",
        rules.houses()
    );
    let bar = ProgressBar::new(0);
    bar.set_style(
        ProgressStyle::with_template(
            "{elapsed_precise} [{bar:40}] {percent:>3}% {human_pos}/{human_len} positions, {eta} left",
        )
        .expect("a valid progress template")
        .progress_chars("=> "),
    );
    let start = Instant::now();
    let db = Database::build(rules, max_seeds, threads, &|done, total| {
        bar.set_length(total);
        bar.set_position(done);
    });
    bar.finish_and_clear();
    let db = db.map_err(usage)?;
    let secs = start.elapsed().as_secs_f64();
    // A failed write is not the user's input: exit 1.
    db.save(&path)
        .map_err(|e| CliError::failure(e.to_string()))?;
    println!(
        "wrote {}: {} entries, {} seeds, checksum {:08x}, built in {secs:.2} s with {threads} threads",
        path.display(),
        db.len(),
        db.max_seeds(),
        db.checksum()
    );
    Ok(())
}

fn info(file: &PathBuf) -> CliResult {
    let header = Database::read_header(file).map_err(usage)?;
    println!("file: {}", file.display());
    println!("format version: {}", header.version);
    println!("rules: {}", header.rules);
    println!("houses per side: {}", header.houses);
    println!("max seeds: {}", header.max_seeds);
    println!("entries: {}", header.entries);
    let size = std::fs::metadata(file).map_or(0, |m| m.len());
    println!("size: {size} bytes (header {} bytes)", header.header_len);
    Database::open(file).map_err(usage)?;
    println!("checksum: {:08x} OK", header.checksum);
    Ok(())
}
