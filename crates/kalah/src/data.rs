//! The user's data directory, where every command keeps what it stores (endgame databases,
//! the server's games): `$KALAH_DATA` if set, else the platform's data directory
//! (`~/.local/share/kalah` on Linux).

use crate::error::{CliError, CliResult};
use std::path::PathBuf;

/// The data directory (not created here).
pub fn data_dir() -> CliResult<PathBuf> {
    if let Some(dir) = std::env::var_os("KALAH_DATA").filter(|d| !d.is_empty()) {
        return Ok(PathBuf::from(dir));
    }
    dirs::data_dir().map(|d| d.join("kalah")).ok_or_else(|| {
        CliError::usage(
            "cannot find a data directory for this user (no home directory); set KALAH_DATA to a folder",
        )
    })
}

/// Where endgame databases are stored under a data directory.
pub fn egdb_dir(data: &std::path::Path) -> PathBuf {
    data.join("egdb")
}

/// Writes `text` to `path` whole or not at all (a temporary name, then a rename), so an
/// interrupted run never leaves a cut file; without a path it goes to standard output.
pub fn write_or_print(path: Option<&std::path::Path>, text: &str) -> crate::error::CliResult {
    let Some(path) = path else {
        print!("{text}");
        return Ok(());
    };
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, text)
        .and_then(|()| std::fs::rename(&tmp, path))
        .map_err(|e| crate::error::CliError::usage(format!("cannot write {}: {e}", path.display())))
}
