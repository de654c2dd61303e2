//! `kalah db migrate-to URL`: copies the SQLite database into PostgreSQL and checks the
//! copy, saying what it does and what each check found.

use crate::error::{CliError, CliResult};
use kalah_storage::{Db, Location};
use std::path::Path;

pub fn run(source: &Path, target: &Location, replace: bool) -> CliResult {
    let Location::Postgres(_) = target else {
        return Err(CliError::usage(format!(
            "{target} is not PostgreSQL: migrate-to copies into postgres://USER:PASSWORD@HOST:PORT/DATABASE"
        )));
    };
    if !source.exists() {
        return Err(CliError::usage(format!(
            "there is no game database at {}: give the server's data directory with --data, \
             or the file with --database sqlite:PATH",
            source.display()
        )));
    }
    let fail = |e: kalah_storage::Error| CliError::failure(e.to_string());
    let src = Db::open(source).map_err(fail)?;
    println!("opening {target}");
    let mut dst = Db::connect(target).map_err(fail)?;
    println!(
        "copying {} into {target} (one transaction: all or nothing)",
        source.display()
    );
    let report = src
        .copy_into(
            &mut dst,
            replace,
            |step| println!("  {step}"),
            kalah_server::check_game,
        )
        .map_err(fail)?;
    println!("checking the copy");
    for t in &report.tables {
        let verdict = if t.source == t.target {
            "ok"
        } else {
            "MISMATCH"
        };
        println!(
            "  rows in {}: {} in the source, {} in the copy: {verdict}",
            t.table, t.source, t.target
        );
    }
    for p in &report.problems {
        println!("  {p}");
    }
    println!(
        "  games compared with the source and replayed through the rules: {} of {}: {}",
        report.games - report.problems.len(),
        report.games,
        if report.problems.is_empty() {
            "ok"
        } else {
            "PROBLEMS"
        }
    );
    if !report.is_sound() {
        return Err(CliError::failure(format!(
            "the copy in {target} does not match the source (see above); the SQLite file is \
             unchanged: keep serving from it, and run `kalah db check` on it"
        )));
    }
    println!(
        "migrated {} games to {target}; start the server with --database {target}",
        report.games
    );
    Ok(())
}
