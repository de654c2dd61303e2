//! Saving game records, and the date and time for default file names.

use kalah_rules::Game;
use std::io::Write;
use std::time::{SystemTime, UNIX_EPOCH};

/// Year, month, day, hour, minute, second in UTC.
fn now_utc() -> (i64, u32, u32, u32, u32, u32) {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0);
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    let (y, m, d) = civil_from_days(days);
    (
        y,
        m,
        d,
        (rem / 3600) as u32,
        (rem % 3600 / 60) as u32,
        (rem % 60) as u32,
    )
}

/// Days since 1970-01-01 to a calendar date (Howard Hinnant's algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

/// Today's date as `YYYY.MM.DD` (UTC), for the record's Date tag.
pub fn today() -> String {
    let (y, m, d, ..) = now_utc();
    format!("{y:04}.{m:02}.{d:02}")
}

/// `kalah-YYYYMMDD-HHMMSS.kgr` for now (UTC).
pub fn default_file_name() -> String {
    let (y, mo, d, h, mi, s) = now_utc();
    format!("kalah-{y:04}{mo:02}{d:02}-{h:02}{mi:02}{s:02}.kgr")
}

/// Writes the game record to `path`. An existing file is kept unless `overwrite`.
/// The error is one line for the status line.
pub fn write(path: &str, game: &Game, overwrite: bool) -> Result<(), String> {
    if path.is_empty() {
        return Err("Type a file name first.".to_string());
    }
    let mut options = std::fs::OpenOptions::new();
    options.write(true);
    if overwrite {
        options.create(true).truncate(true);
    } else {
        options.create_new(true);
    }
    let mut file = options.open(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::AlreadyExists => {
            format!("{path} exists already: choose another name.")
        }
        _ => format!("Cannot write {path}: {e}."),
    })?;
    file.write_all(game.to_record().as_bytes())
        .map_err(|e| format!("Cannot write {path}: {e}."))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(20_454), (2026, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        let name = default_file_name();
        assert!(name.starts_with("kalah-") && name.ends_with(".kgr") && name.len() == 25);
    }
}
