//! `kalah db`: check and back up the server's game database.

use crate::error::{CliError, CliResult};
use clap::{Args, Subcommand};
use kalah_storage::Db;
use std::path::{Path, PathBuf};

#[derive(Debug, Args)]
pub struct DbArgs {
    /// The server's data directory, as given to `kalah serve --data`
    /// [default: $KALAH_DATA, else the platform data directory, ~/.local/share/kalah on Linux]
    #[arg(long, value_name = "DIR", global = true)]
    pub data: Option<PathBuf>,
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
}

pub fn run(args: &DbArgs) -> CliResult {
    let data = match &args.data {
        Some(d) => d.clone(),
        None => crate::data::data_dir()?,
    };
    let path = data.join("games.db");
    if !path.exists() {
        return Err(CliError::usage(format!(
            "there is no game database at {}: give the server's data directory with --data",
            path.display()
        )));
    }
    let db = Db::open(&path).map_err(|e| CliError::failure(e.to_string()))?;
    match &args.command {
        DbCommand::Check => check(&db, &path),
        DbCommand::Backup { file } => backup(&db, &path, file),
    }
}

fn check(db: &Db, path: &Path) -> CliResult {
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
        println!("{}: {} games, all sound", path.display(), ids.len());
        return Ok(());
    }
    for p in &problems {
        println!("{p}");
    }
    Err(CliError::failure(format!(
        "{}: {} {} in {} games; restore from a backup (docs/server.md, \"Backup and restore\")",
        path.display(),
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
