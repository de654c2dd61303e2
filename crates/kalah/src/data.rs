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
