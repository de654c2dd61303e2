//! `kalah check-engine PROGRAM`, `kalah check-kgp HOST[:PORT]` and `kalah check-kgp --bot
//! PROGRAM`: conformance checks of an engine-protocol program, of a KGP server and of a KGP
//! bot.

use crate::error::{CliError, CliResult};
use clap::Args;
use kalah_kgp::Address;
use kalah_runner::{
    check_engine, check_kgp_bot, check_kgp_server, BotCheck, BotSource, Check, PlayerSpec,
    BOT_CHECKS,
};
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
#[command(group = clap::ArgGroup::new("what").required(true).args(["server", "bot", "listen"]))]
pub struct CheckKgpArgs {
    /// The server: HOST:PORT, HOST (port 2671) or tcp://HOST:PORT
    #[arg(value_name = "HOST[:PORT]")]
    pub server: Option<String>,
    /// Check a bot program instead of a server: kalah plays the server, starting the
    /// program with KGP_HOST and KGP_PORT naming its port ("python3 mybot.py", or
    /// fastchess-style settings "cmd=./mybot dir=bots")
    #[arg(long, value_name = "PROGRAM")]
    pub bot: Option<String>,
    /// Check a bot that connects by itself: listen on 127.0.0.1:PORT (0: any free port,
    /// printed) and wait for it
    #[arg(long, value_name = "PORT", num_args = 0..=1, default_missing_value = "0")]
    pub listen: Option<u16>,
    /// Longest wait for each game (a partner or a level) and for each position to answer
    /// (checking a server)
    #[arg(long, value_name = "SECONDS", default_value_t = 30.0)]
    pub game_wait: f64,
    /// The bot's time for each state, as a server's move time (checking a bot)
    #[arg(long, value_name = "SECONDS", default_value_t = 2.0)]
    pub move_time: f64,
    /// Longest wait for the bot to connect (checking a bot): 10 s for a program, 60 s with
    /// --listen
    #[arg(long, value_name = "SECONDS")]
    pub connect_wait: Option<f64>,
    /// Let the bot program's output through, on stderr (checking a bot)
    #[arg(long)]
    pub engine_stderr: bool,
}

pub fn run_kgp(args: &CheckKgpArgs) -> CliResult {
    if args.bot.is_some() || args.listen.is_some() {
        return run_kgp_bot(args);
    }
    let server = args.server.as_deref().unwrap_or_default();
    let addr = match Address::parse(server) {
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

/// `check-kgp --bot PROGRAM` or `--listen PORT`: kalah plays the server.
fn run_kgp_bot(args: &CheckKgpArgs) -> CliResult {
    if !(0.05..=60.0).contains(&args.move_time) {
        return Err(CliError::usage(
            "--move-time must be between 0.05 and 60 seconds",
        ));
    }
    let source = match (&args.bot, args.listen) {
        (Some(program), _) => {
            let text = if program.trim_start().starts_with("cmd=") {
                format!("{program} proto=kgp")
            } else {
                format!("kgp:{program}")
            };
            match text.parse::<PlayerSpec>() {
                Ok(PlayerSpec::Kgp(s)) => BotSource::Program(s),
                Ok(_) => return Err(CliError::usage("--bot takes a KGP program")),
                Err(e) => return Err(CliError::usage(e.to_string())),
            }
        }
        (None, Some(port)) => {
            let listener = std::net::TcpListener::bind(("127.0.0.1", port)).map_err(|e| {
                CliError::failure(format!("cannot listen on 127.0.0.1:{port}: {e}"))
            })?;
            let at = listener
                .local_addr()
                .map_err(|e| CliError::failure(e.to_string()))?;
            eprintln!(
                "kalah check-kgp: waiting for a bot on tcp://{at} (KGP_HOST=127.0.0.1 KGP_PORT={})",
                at.port()
            );
            BotSource::Listener(listener)
        }
        (None, None) => unreachable!("clap requires a server, --bot or --listen"),
    };
    let default_wait = if args.bot.is_some() { 10.0 } else { 60.0 };
    let connect_wait = args.connect_wait.unwrap_or(default_wait);
    if !(1.0..=600.0).contains(&connect_wait) {
        return Err(CliError::usage(
            "--connect-wait must be between 1 and 600 seconds",
        ));
    }
    let setup = BotCheck {
        source,
        move_time: Duration::from_secs_f64(args.move_time),
        connect_wait: Duration::from_secs_f64(connect_wait),
        stderr: args.engine_stderr,
    };
    let checks = check_kgp_bot(setup, &|s| eprintln!("{s}"));
    let result = report(&checks, "docs/kgp.md");
    if checks.len() < BOT_CHECKS {
        println!(
            "not run: the other {} checks, which need the bot's connection",
            BOT_CHECKS - checks.len()
        );
    }
    result
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
