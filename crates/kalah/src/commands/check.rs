//! `kalah check-engine PROGRAM` and `kalah check-kgp HOST[:PORT]`: conformance checks of an
//! engine-protocol program and of a KGP server.

use crate::error::{CliError, CliResult};
use clap::Args;
use kalah_kgp::Address;
use kalah_runner::{check_engine, check_kgp_server, Check, PlayerSpec};
use std::time::Duration;

#[derive(Debug, Args)]
pub struct CheckEngineArgs {
    /// The program and its arguments, as one string ("./mybot --fast"), or fastchess-style
    /// settings ("cmd=./mybot dir=bots option.hash=64")
    #[arg(value_name = "PROGRAM")]
    pub program: String,
    /// Let the program's stderr through
    #[arg(long)]
    pub engine_stderr: bool,
}

pub fn run(args: &CheckEngineArgs) -> CliResult {
    let text = if args.program.trim_start().starts_with("cmd=") {
        args.program.clone()
    } else {
        format!("engine:{}", args.program)
    };
    let spec = match text.parse::<PlayerSpec>() {
        Ok(PlayerSpec::Program(s)) => s,
        Ok(_) => {
            return Err(CliError::usage(
                "check-engine checks engine-protocol programs",
            ))
        }
        Err(e) => return Err(CliError::usage(e.to_string())),
    };
    report(
        &check_engine(&spec, args.engine_stderr),
        "docs/engine-protocol.md",
    )
}

#[derive(Debug, Args)]
pub struct CheckKgpArgs {
    /// The server: HOST:PORT, HOST (port 2671) or tcp://HOST:PORT
    #[arg(value_name = "HOST[:PORT]")]
    pub server: String,
    /// Longest wait for each game (a partner or a level) and for each position to answer
    #[arg(long, value_name = "SECONDS", default_value_t = 30.0)]
    pub game_wait: f64,
}

pub fn run_kgp(args: &CheckKgpArgs) -> CliResult {
    let addr = match Address::parse(&args.server) {
        Ok(Address::Tcp(a)) => a,
        Ok(Address::Ws(_)) => {
            return Err(CliError::usage(
                "check-kgp speaks KGP over TCP: give the server's HOST:PORT (its --kgp-addr)",
            ))
        }
        Err(e) => return Err(CliError::usage(e.to_string())),
    };
    if !(1.0..=600.0).contains(&args.game_wait) {
        return Err(CliError::usage(
            "--game-wait must be between 1 and 600 seconds",
        ));
    }
    let wait = Duration::from_secs_f64(args.game_wait);
    report(&check_kgp_server(&addr, wait), "docs/kgp.md")
}

/// Prints each check; a failure of any makes the exit status 1.
fn report(checks: &[Check], doc: &str) -> CliResult {
    let mut failed = 0;
    for c in checks {
        match &c.result {
            Ok(what) => println!("ok    {}: {what}", c.name),
            Err(why) => {
                failed += 1;
                println!("FAIL  {}: {why}", c.name);
            }
        }
    }
    if failed > 0 {
        return Err(CliError::failure(format!(
            "{failed} of {} checks failed ({doc} says what is expected)",
            checks.len()
        )));
    }
    println!("all {} checks passed", checks.len());
    Ok(())
}
