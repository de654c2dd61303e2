//! Where the database is: `sqlite:PATH` or `postgres://...`.

use std::path::PathBuf;

/// A database location as given on the command line (`--database`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Location {
    /// A SQLite file (created if missing).
    Sqlite(PathBuf),
    /// A PostgreSQL URL (`postgres://USER:PASSWORD@HOST:PORT/DATABASE`, or `postgresql://`).
    Postgres(String),
}

impl std::str::FromStr for Location {
    type Err = String;

    fn from_str(s: &str) -> Result<Location, String> {
        if s.starts_with("postgres://") || s.starts_with("postgresql://") {
            return Ok(Location::Postgres(s.to_string()));
        }
        match s.strip_prefix("sqlite:") {
            Some("") => {
                Err("sqlite: needs a file name, as in sqlite:/var/lib/kalah/games.db".into())
            }
            Some(path) => Ok(Location::Sqlite(PathBuf::from(
                path.strip_prefix("//").unwrap_or(path),
            ))),
            None => Err(format!(
                "{:?} is not a database URL: give sqlite:PATH (a file) or \
                 postgres://USER:PASSWORD@HOST:PORT/DATABASE",
                crate::pg::redact(s)
            )),
        }
    }
}

impl std::fmt::Display for Location {
    /// The location without a password.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Location::Sqlite(p) => write!(f, "sqlite:{}", p.display()),
            Location::Postgres(url) => f.write_str(&crate::pg::redact(url)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_parse_into_locations() {
        assert_eq!(
            "sqlite:/data/games.db".parse(),
            Ok(Location::Sqlite("/data/games.db".into()))
        );
        assert_eq!(
            "sqlite:games.db".parse(),
            Ok(Location::Sqlite("games.db".into()))
        );
        assert_eq!(
            "postgresql://k@db/kalah".parse(),
            Ok(Location::Postgres("postgresql://k@db/kalah".into()))
        );
        let err = "mysql://x:pw@y/z".parse::<Location>().unwrap_err();
        assert!(err.contains("sqlite:PATH") && !err.contains("pw"), "{err}");
        assert!("sqlite:".parse::<Location>().is_err());
        assert_eq!(
            Location::Postgres("postgres://k:pw@db/kalah".into()).to_string(),
            "postgres://k:***@db/kalah"
        );
    }
}
