//! `kalah check-engine PROGRAM`: a conformance check of an engine-protocol program.

use crate::error::{CliError, CliResult};
use clap::Args;
use kalah_runner::{check_engine, PlayerSpec};

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
    let checks = check_engine(&spec, args.engine_stderr);
    let mut failed = 0;
    for c in &checks {
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
            "{failed} of {} checks failed (docs/engine-protocol.md)",
            checks.len()
        )));
    }
    println!("all {} checks passed", checks.len());
    Ok(())
}
