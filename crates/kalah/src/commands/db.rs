//! `kalah db`: check and back up the server's game database, and copy it into PostgreSQL.

use crate::error::{CliError, CliResult};
use clap::{Args, Subcommand};
use kalah_storage::{Db, Location};
use std::path::{Path, PathBuf};

#[derive(Debug, Args)]
pub struct DbArgs {
    /// The server's data directory, as given to `kalah serve --data`
    /// [default: $KALAH_DATA, else the platform data directory, ~/.local/share/kalah on Linux]
    #[arg(long, value_name = "DIR", global = true)]
    pub data: Option<PathBuf>,
    /// The database, as given to `kalah serve --database` (sqlite:PATH or postgres://...)
    /// [default: $KALAH_DATABASE, else games.db in the data directory]
    #[arg(long, value_name = "URL", global = true)]
    pub database: Option<Location>,
    #[command(subcommand)]
    pub command: DbCommand,
}

#[derive(Debug, Subcommand)]
pub enum DbCommand {
    /// Check the whole database file and replay every stored game; exits with 1 if anything
    /// is wrong (safe while the server runs)
    Check,
    /// Copy the database into FILE with SQLite's online backup (safe while the server runs);
    /// the copy is one self-contained file: restore by stopping the server and putting it in
    /// place of games.db
    Backup {
        /// Where to write the copy; an existing file is replaced only by a complete copy
        file: PathBuf,
    },
    /// Copy the SQLite database into PostgreSQL (URL: postgres://USER:PASSWORD@HOST:PORT/DB;
    /// or $KALAH_DATABASE when URL is left out), in one transaction, then check the copy:
    /// rows per table, and every game compared with its source and replayed through the
    /// rules. Stop the server first, so no game moves during the copy
    MigrateTo {
        /// The PostgreSQL database to fill (its schema is created)
        url: Option<String>,
        /// Delete what the target database holds first (otherwise a non-empty target is
        /// refused)
        #[arg(long)]
        replace: bool,
    },
}

pub fn run(args: &DbArgs) -> CliResult {
    let data = match &args.data {
        Some(d) => d.clone(),
        None => crate::data::data_dir()?,
    };
    let from_env = match std::env::var("KALAH_DATABASE") {
        Ok(url) if !url.is_empty() => Some(
            url.parse::<Location>()
                .map_err(|e| CliError::usage(format!("KALAH_DATABASE: {e}")))?,
        ),
        _ => None,
    };
    if let DbCommand::MigrateTo { url, replace } = &args.command {
        // The source is the SQLite file; the target the URL (or $KALAH_DATABASE).
        let source = match &args.database {
            Some(Location::Sqlite(p)) => p.clone(),
            Some(Location::Postgres(_)) => {
                return Err(CliError::usage(
                    "migrate-to copies a SQLite file: give it with --database sqlite:PATH or --data DIR",
                ))
            }
            None => data.join("games.db"),
        };
        let target = match url {
            Some(u) => u.parse::<Location>().map_err(CliError::usage)?,
            None => from_env.ok_or_else(|| {
                CliError::usage("give the PostgreSQL URL: kalah db migrate-to postgres://USER:PASSWORD@HOST:PORT/DATABASE")
            })?,
        };
        return crate::commands::migrate::run(&source, &target, *replace);
    }
    let location = match args.database.clone().or(from_env) {
        Some(l) => l,
        None => Location::Sqlite(data.join("games.db")),
    };
    if let Location::Sqlite(path) = &location {
        if !path.exists() {
            return Err(CliError::usage(format!(
                "there is no game database at {}: give the server's data directory with --data, \
                 or its database with --database",
                path.display()
            )));
        }
    }
    let db = Db::connect(&location).map_err(|e| CliError::failure(e.to_string()))?;
    match (&args.command, &location) {
        (DbCommand::Check, _) => check(&db, &location.to_string()),
        (DbCommand::Backup { file }, Location::Sqlite(path)) => backup(&db, path, file),
        (DbCommand::Backup { .. }, Location::Postgres(_)) => Err(CliError::usage(
            "back up a PostgreSQL database with pg_dump (docs/deploy.md, \"PostgreSQL\")",
        )),
        (DbCommand::MigrateTo { .. }, _) => unreachable!("handled above"),
    }
}

fn check(db: &Db, name: &str) -> CliResult {
    let fail = |e: kalah_storage::Error| CliError::failure(e.to_string());
    let mut problems = db.check().map_err(fail)?;
    let ids = db.game_ids().map_err(fail)?;
    for id in &ids {
        match db.load(id) {
            Ok(Some(row)) => {
                if let Err(why) = kalah_server::check_game(row) {
                    problems.push(format!("game {id}: {why}"));
                }
            }
            Ok(None) => problems.push(format!("game {id}: listed but not loadable")),
            // Already listed by the check above.
            Err(kalah_storage::Error::DamagedGame { .. }) => {}
            Err(e) => problems.push(format!("game {id}: {e}")),
        }
    }
    if problems.is_empty() {
        println!("{name}: {} games, all sound", ids.len());
        return Ok(());
    }
    for p in &problems {
        println!("{p}");
    }
    Err(CliError::failure(format!(
        "{name}: {} {} in {} games; restore from a backup (docs/server.md, \"Backup and restore\")",
        problems.len(),
        if problems.len() == 1 {
            "problem"
        } else {
            "problems"
        },
        ids.len()
    )))
}

fn backup(db: &Db, path: &Path, file: &Path) -> CliResult {
    if file.canonicalize().ok() == path.canonicalize().ok() {
        return Err(CliError::usage(
            "the backup must go to another file than games.db",
        ));
    }
    db.backup(file)
        .map_err(|e| CliError::failure(e.to_string()))?;
    let games = db.game_ids().map_or(0, |ids| ids.len());
    let size = std::fs::metadata(file).map_or(0, |m| m.len());
    println!(
        "backed up {games} games from {} to {} ({:.1} MB)",
        path.display(),
        file.display(),
        size as f64 / 1e6
    );
    Ok(())
}
