//! `kalah engine`: our engine speaking the engine protocol (docs/engine-protocol.md) on stdin
//! and stdout, at a level or searching by the limits of each `go`.

use crate::args::RuleArgs;
use crate::data::{data_dir, egdb_dir};
use crate::error::{CliError, CliResult};
use crate::kep_engine::{DbLoader, EngineSession, Options, Out};
use clap::Args;
use kalah_egdb::{Database, Store};
use kalah_engine::Level;
use kalah_engine_protocol::{read_line, MAX_LINE};
use std::io::BufReader;
use std::sync::Arc;

#[derive(Debug, Args)]
pub struct EngineArgs {
    /// Play at this level (beginner .. perfect, or 1-7); without it the engine searches by the
    /// limits of each `go` (option `level`)
    #[arg(long, value_name = "LEVEL")]
    pub level: Option<String>,
    /// Transposition table in MiB (option `hash`)
    #[arg(long, value_name = "MB", default_value_t = 16)]
    pub hash: usize,
    /// Search threads (option `threads`)
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub threads: usize,
    /// Play without the stored endgame databases (option `egdb`)
    #[arg(long)]
    pub no_egdb: bool,
    /// Largest stored endgame database to load, in MiB
    #[arg(long, value_name = "MB", default_value_t = 512)]
    pub egdb_max_memory: u64,
    /// Seed of the levels' random choices (option `seed`)
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

pub fn run(args: &EngineArgs, rule_args: &RuleArgs) -> CliResult {
    let rules = rule_args.rules()?;
    let level = args
        .level
        .as_deref()
        .map(|l| {
            l.parse::<Level>()
                .map_err(|e| CliError::usage(e.to_string()))
        })
        .transpose()?;
    if !(1..=65_536).contains(&args.hash) {
        return Err(CliError::usage("--hash must be between 1 and 65536 MiB"));
    }
    if !(1..=256).contains(&args.threads) {
        return Err(CliError::usage("--threads must be between 1 and 256"));
    }
    let opts = Options {
        level,
        hash: args.hash,
        threads: args.threads,
        egdb: !args.no_egdb,
        seed: args.seed,
    };
    let store = data_dir().ok().map(|d| Store::new(egdb_dir(&d)));
    let max_bytes = args.egdb_max_memory.saturating_mul(1 << 20);
    let load_db: DbLoader = Box::new(move |rules| {
        // Only what is stored: building a database in the middle of a game would spend the
        // clock (and the opponent's CPU) on it. `kalah egdb build` makes one beforehand.
        let path = store.as_ref()?.find_largest(rules, 1, max_bytes)?;
        Database::load(path, rules).ok().map(Arc::new)
    });
    let mut session =
        EngineSession::new(Out::new(Box::new(std::io::stdout())), opts, rules, load_db);
    let mut input = BufReader::new(std::io::stdin().lock());
    loop {
        match read_line(&mut input, MAX_LINE) {
            Ok(Some(line)) => {
                if !session.handle(line) {
                    return Ok(());
                }
            }
            // The end of the input is a quit: answer a running search, then exit.
            Ok(None) | Err(_) => {
                session.finish();
                return Ok(());
            }
        }
    }
}
