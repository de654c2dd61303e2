//! The `kalah` command: wires the library crates together.
#![forbid(unsafe_code)]
// Doc comments of the arguments are clap's terminal help, where `<data>` is no HTML tag and
// `[:PORT]` no link.
#![allow(rustdoc::invalid_html_tags, rustdoc::broken_intra_doc_links)]

mod args;
mod commands;
mod data;
mod endgame;
mod error;
mod hints;
mod kep_engine;

use args::RuleArgs;
use clap::error::ErrorKind;
use clap::{Parser, Subcommand};
use commands::{
    analyze, apply, bench, book, check, db, dsolve, egdb, engine, kgp, matchcmd, openings, perft,
    play, puzzles, rules, serve, solve, tournament, worker,
};
use error::CliResult;
use std::process::ExitCode;

/// Kalah (Kalaha, Mancala): every rule variant, exact notations, and tools for players,
/// analysts and bot authors.
///
/// Positions are written <n,S,N,s1,...,sn,n1,...,nn> X: houses per side, the South and North
/// stores, South's then North's houses each in their own sowing order, and X = S or N to move.
/// Moves are house numbers 1..n from the mover's left (n is next to the mover's store), `swap`
/// under the pie rule, and a turn's sowings joined by `-` (1-2). See docs/notation.md.
#[derive(Debug, Parser)]
#[command(name = "kalah", version, propagate_version = true)]
struct Cli {
    #[command(flatten)]
    rules: RuleArgs,
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Show the rules of a preset in words, with every option and preset
    Rules(rules::RulesArgs),
    /// Draw a position with house numbers
    Show(rules::ShowArgs),
    /// Play moves and print the resulting position (or JSON with --json)
    Apply(apply::ApplyArgs),
    /// Count move sequences of each depth (a check of move generation)
    Perft(perft::PerftArgs),
    /// Benchmarks
    Bench(bench::BenchArgs),
    /// Endgame databases: build one for a rule variant, or check a file
    Egdb(egdb::EgdbArgs),
    /// Our engine on stdin/stdout, speaking the engine protocol (docs/engine-protocol.md)
    Engine(engine::EngineArgs),
    /// Two players (levels or engine limits) play a series of games: score and Elo
    Match(matchcmd::MatchArgs),
    /// Balanced start positions for match suites, proven with the solver
    Openings(openings::OpeningsArgs),
    /// Exact opening books for the perfect level: build, check, list the built-in ones
    Book(book::BookArgs),
    /// Several players, round-robin or gauntlet: a rating table
    Tournament(tournament::TournamentArgs),
    /// Walk an engine-protocol program through the protocol's corners and say what fails
    CheckEngine(check::CheckEngineArgs),
    /// Walk a KGP server (HOST) or bot program (--bot) through the protocol's corners and say what fails
    CheckKgp(check::CheckKgpArgs),
    /// Exact value of a position (default: the start), best moves and a principal variation
    Solve(solve::SolveArgs),
    /// The value of every legal move for the side to move, exact where proven in time
    Analyze(analyze::AnalyzeArgs),
    /// A solve shared out to `kalah worker`s through PostgreSQL (docs/distributed.md)
    Dsolve(dsolve::DsolveArgs),
    /// Prove the jobs of distributed solves from PostgreSQL; `worker status`: their progress
    Worker(worker::WorkerArgs),
    /// Play Kalah in the terminal: against the computer, a friend, or watch a demo
    Play(play::PlayArgs),
    /// Puzzles proven by the solver: generate a set, check one, show a puzzle
    Puzzles(puzzles::PuzzlesArgs),
    /// Serve the browser game: the page, its JSON API and WebSockets, games kept in --data
    Serve(Box<serve::ServeArgs>),
    /// The server's game database: check it, back it up
    Db(db::DbArgs),
    /// The Kalah Game Protocol: play on a KGP server as a bot (docs/kgp.md)
    Kgp(kgp::KgpArgs),
}

fn run(cli: &Cli) -> CliResult {
    match &cli.command {
        Command::Rules(a) => rules::run_rules(a, &cli.rules),
        Command::Show(a) => rules::run_show(a, &cli.rules),
        Command::Apply(a) => apply::run(a, &cli.rules),
        Command::Perft(a) => perft::run(a, &cli.rules),
        Command::Bench(a) => bench::run(a, &cli.rules),
        Command::Egdb(a) => egdb::run(a, &cli.rules),
        Command::Engine(a) => engine::run(a, &cli.rules),
        Command::Match(a) => matchcmd::run(a, &cli.rules),
        Command::Openings(a) => openings::run(a, &cli.rules),
        Command::Book(a) => book::run(a, &cli.rules),
        Command::Tournament(a) => tournament::run(a, &cli.rules),
        Command::CheckEngine(a) => check::run(a),
        Command::CheckKgp(a) => check::run_kgp(a),
        Command::Db(a) => db::run(a),
        Command::Kgp(a) => kgp::run(a),
        Command::Solve(a) => solve::run(a, &cli.rules),
        Command::Analyze(a) => analyze::run(a, &cli.rules),
        Command::Dsolve(a) => dsolve::run(a, &cli.rules),
        Command::Worker(a) => worker::run(a),
        Command::Play(a) => play::run(a, &cli.rules),
        Command::Puzzles(a) => puzzles::run(a, &cli.rules),
        Command::Serve(a) => serve::run(a),
    }
}

/// Clap's message without the usage block, on one line.
fn one_line(text: &str) -> String {
    let mut parts = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.starts_with("Usage:") || line.starts_with("For more information") {
            break;
        }
        if !line.is_empty() {
            parts.push(line.trim_start_matches("error: "));
        }
    }
    format!("{} (see kalah --help)", parts.join(" "))
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version.
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            // Plain `kalah`: the help, not an error message; still a failure for scripts.
            print!("{}", e.render());
            return ExitCode::from(2);
        }
        Err(e) => {
            let hint = hints::near_miss(&e)
                .map(|h| format!("; {h}"))
                .unwrap_or_default();
            eprintln!("error: {}{hint}", one_line(&e.render().to_string()));
            return ExitCode::from(2);
        }
    };
    match run(&cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(e.code)
        }
    }
}
