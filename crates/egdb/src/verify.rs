//! The record of a checked file: `<file>.ok` beside a database says that the file, as it is
//! now (device, inode, length, modification time), had values matching its checksum. A load
//! that finds a record matching the file maps it without reading every byte; any other load
//! checks the checksum in full and then writes the record.
//!
//! A write to a file sets its modification time to the time of the write, so a record is only
//! made for a file last modified at least [`MARGIN`] before its check began: then any later
//! write gives the file another modification time than the recorded one, even on file
//! systems whose timestamps are coarse (git's "racily clean" rule). A build moves its new
//! file's modification time back by [`MARGIN`] before renaming it into place, so it can
//! record the checksum it computed from the values it wrote.

use std::fs::{File, Metadata};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// How much older than a check a file's last write must be for the check to be recorded.
pub(crate) const MARGIN: Duration = Duration::from_secs(2);
/// First line of a record.
const TAG: &str = "kalah-egdb checked 1";

/// What a record says about a file.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Stamp {
    dev: u64,
    ino: u64,
    len: u64,
    mtime_ns: i128,
    checksum: u32,
}

impl Stamp {
    fn of(meta: &Metadata, checksum: u32) -> Option<Stamp> {
        let mtime = meta.modified().ok()?;
        let mtime_ns = match mtime.duration_since(SystemTime::UNIX_EPOCH) {
            Ok(d) => d.as_nanos() as i128,
            Err(e) => -(e.duration().as_nanos() as i128),
        };
        let (dev, ino) = identity(meta);
        Some(Stamp {
            dev,
            ino,
            len: meta.len(),
            mtime_ns,
            checksum,
        })
    }

    fn to_text(&self) -> String {
        format!(
            "{TAG}\ndev {}\ninode {}\nlength {}\nmtime-ns {}\nchecksum {:08x}\n",
            self.dev, self.ino, self.len, self.mtime_ns, self.checksum
        )
    }

    fn parse(text: &str) -> Option<Stamp> {
        let mut lines = text.lines();
        if lines.next()? != TAG {
            return None;
        }
        let mut field = |name: &str| {
            let line = lines.next()?;
            line.strip_prefix(name)?
                .strip_prefix(' ')
                .map(str::to_owned)
        };
        Some(Stamp {
            dev: field("dev")?.parse().ok()?,
            ino: field("inode")?.parse().ok()?,
            len: field("length")?.parse().ok()?,
            mtime_ns: field("mtime-ns")?.parse().ok()?,
            checksum: u32::from_str_radix(&field("checksum")?, 16).ok()?,
        })
    }
}

#[cfg(unix)]
fn identity(meta: &Metadata) -> (u64, u64) {
    use std::os::unix::fs::MetadataExt;
    (meta.dev(), meta.ino())
}

#[cfg(not(unix))]
fn identity(_meta: &Metadata) -> (u64, u64) {
    (0, 0)
}

/// The record's path: `<file>.ok`.
pub(crate) fn record_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".ok");
    PathBuf::from(name)
}

/// True when `path` has a record matching the open `file` (its metadata now) and the
/// header's `checksum`.
pub(crate) fn is_recorded(path: &Path, file: &File, checksum: u32) -> bool {
    let Ok(text) = std::fs::read_to_string(record_path(path)) else {
        return false;
    };
    let (Some(recorded), Ok(meta)) = (Stamp::parse(&text), file.metadata()) else {
        return false;
    };
    Stamp::of(&meta, checksum).is_some_and(|now| now == recorded)
}

/// Records that `file` (at `path`) matched `checksum` when checked from `started` on, if it
/// was last modified at least [`MARGIN`] before and has not changed since `before` (its
/// metadata when the check began). Written to a temporary name and renamed, like the
/// databases; a record that cannot be written only means the next load checks in full.
pub(crate) fn record(path: &Path, file: &File, before: &Metadata, started: SystemTime, sum: u32) {
    let (Ok(after), Some(stamp)) = (file.metadata(), Stamp::of(before, sum)) else {
        return;
    };
    let old_enough = before.modified().is_ok_and(|m| m + MARGIN <= started);
    if !old_enough || Stamp::of(&after, sum).as_ref() != Some(&stamp) {
        return;
    }
    let out = record_path(path);
    let tmp = crate::file::temp_name(path, "ok");
    let written = (|| {
        let mut f = File::create(&tmp)?;
        f.write_all(stamp.to_text().as_bytes())?;
        std::fs::rename(&tmp, &out)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
}

/// Deletes the record of `path`, if any.
pub(crate) fn forget(path: &Path) {
    let _ = std::fs::remove_file(record_path(path));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stamp_reads_back() {
        let s = Stamp {
            dev: 2049,
            ino: 1234567,
            len: 354_817_320,
            mtime_ns: -5,
            checksum: 0xe7ecc3a4,
        };
        assert_eq!(Stamp::parse(&s.to_text()), Some(s.clone()));
        assert_eq!(Stamp::parse(&s.to_text().replace("inode", "ino")), None);
        assert_eq!(Stamp::parse("something else"), None);
    }

    #[test]
    fn a_fresh_file_is_not_recorded_and_an_old_one_is() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.egdb");
        std::fs::write(&path, b"values").unwrap();
        let file = File::open(&path).unwrap();
        let meta = file.metadata().unwrap();
        // A check that began the moment the file was written (however slow this test runs).
        record(&path, &file, &meta, meta.modified().unwrap(), 7);
        assert!(
            !is_recorded(&path, &file, 7),
            "recorded a file written just now"
        );
        let past = SystemTime::now() - 2 * MARGIN;
        File::options()
            .write(true)
            .open(&path)
            .unwrap()
            .set_modified(past)
            .unwrap();
        let meta = file.metadata().unwrap();
        record(&path, &file, &meta, SystemTime::now(), 7);
        assert!(is_recorded(&path, &file, 7));
        assert!(!is_recorded(&path, &file, 8), "another checksum");
        // Any write afterwards, however soon, changes the modification time.
        std::fs::write(&path, b"valuez").unwrap();
        assert!(!is_recorded(&path, &File::open(&path).unwrap(), 7));
    }
}
