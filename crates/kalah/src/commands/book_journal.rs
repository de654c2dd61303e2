//! The partial file of `kalah book build --out FILE`: every entry is appended to
//! `FILE.partial` as soon as it is solved, so a build that is stopped (Ctrl-C, a reboot, a
//! killed process) resumes where it stopped instead of solving everything again. Books of
//! larger games take hours; this is what makes them buildable in several sittings.
//!
//! ```text
//! kalah-book-partial 1
//! rules standard houses=6 seeds=5 ...
//! # 12.345
//! <6,0,0,5,5,5,5,5,5,5,5,5,5,5,5> S +10 2
//! ```
//!
//! Each entry comes after a comment with the seconds its solve took. A record cut short by
//! a kill is the file's last line without its newline; it is dropped and solved again.

use crate::error::{CliError, CliResult};
use kalah_engine::book::{parse_line, BookEntry};
use kalah_rules::{Position, Rules};
use std::collections::HashMap;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

const HEADER: &str = "kalah-book-partial 1";

pub struct Journal {
    path: PathBuf,
    file: File,
}

/// What an earlier, stopped build left.
pub struct Resumed {
    /// Each position's entry and the seconds its solves took (a position solved twice counts
    /// twice: that time was spent).
    pub entries: HashMap<Position, (BookEntry, f64)>,
    /// Seconds of every solve in the file.
    pub seconds: f64,
}

impl Journal {
    /// The partial file beside `out`.
    pub fn path_for(out: &Path) -> PathBuf {
        let mut name = out.as_os_str().to_owned();
        name.push(".partial");
        PathBuf::from(name)
    }

    /// Opens (or starts) the partial file of a book of `rules` written to `out`, with what
    /// an earlier build of the same book already solved.
    pub fn open(out: &Path, rules: Rules) -> CliResult<(Journal, Resumed)> {
        let path = Self::path_for(out);
        // A failed read or write is not the user's input: exit 1.
        let cannot = |e: std::io::Error| CliError::failure(format!("{}: {e}", path.display()));
        let mut file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .map_err(cannot)?;
        // Two builds of one book would solve the same positions twice: the second waits for
        // nothing and says so.
        if let Err(e) = fs4::FileExt::try_lock(&file) {
            return Err(match e {
                fs4::TryLockError::WouldBlock => CliError::usage(format!(
                    "another `kalah book build` is writing {}: wait for it to end, or give another --out",
                    path.display()
                )),
                fs4::TryLockError::Error(e) => cannot(e),
            });
        }
        let text = std::fs::read_to_string(&path).map_err(cannot)?;
        let resumed = read(&path, whole_lines(&text), rules)?;
        if resumed.entries.is_empty() {
            // Start afresh: a file without entries holds nothing worth keeping.
            file.set_len(0).map_err(cannot)?;
            writeln!(file, "{HEADER}\nrules {rules}").map_err(cannot)?;
        } else {
            // Cut a record that a kill left half written, so the next one starts a line.
            file.set_len(whole_lines(&text).len() as u64)
                .map_err(cannot)?;
        }
        Ok((Journal { path, file }, resumed))
    }

    /// Appends one solved entry and syncs it to the disk.
    pub fn add(&mut self, pos: &Position, entry: &BookEntry, seconds: f64) -> CliResult {
        let record = format!("# {seconds:.3}\n{}\n", entry.line(pos));
        self.file
            .write_all(record.as_bytes())
            .and_then(|()| self.file.sync_data())
            .map_err(|e| CliError::failure(format!("{}: {e}", self.path.display())))
    }

    /// Removes the partial file once the book is written.
    pub fn finish(self) -> CliResult {
        std::fs::remove_file(&self.path)
            .map_err(|e| CliError::failure(format!("{}: {e}", self.path.display())))
    }
}

/// The text up to its last newline: a last line without one was cut by a kill.
fn whole_lines(text: &str) -> &str {
    &text[..text.rfind('\n').map_or(0, |i| i + 1)]
}

fn read(path: &Path, whole: &str, rules: Rules) -> CliResult<Resumed> {
    let bad = |what: String| {
        CliError::usage(format!(
            "{}: {what}; remove it to build the book from the beginning",
            path.display()
        ))
    };
    let mut lines = whole.lines().enumerate().map(|(i, l)| (i + 1, l));
    match lines.next() {
        Some((_, HEADER)) => {}
        None => {
            return Ok(Resumed {
                entries: HashMap::new(),
                seconds: 0.0,
            })
        }
        Some(_) => return Err(bad(format!("not a partial book (no `{HEADER}` line)"))),
    }
    match lines.next() {
        Some((_, l))
            if l.strip_prefix("rules ")
                .and_then(|r| r.parse::<Rules>().ok())
                == Some(rules) => {}
        Some((_, l)) => {
            return Err(bad(format!(
                "it was made for other rules ({l}), not {rules}"
            )))
        }
        None => return Err(bad("no `rules` line".into())),
    }
    let mut entries: HashMap<Position, (BookEntry, f64)> = HashMap::new();
    let mut seconds = 0.0;
    // The seconds of the record being read: its comment comes before its entry.
    let mut these = 0.0;
    for (n, line) in lines {
        if let Some(s) = line.strip_prefix("# ") {
            these = s.parse().unwrap_or(0.0);
            seconds += these;
            continue;
        }
        let (pos, entry) = parse_line(rules, line).map_err(|e| bad(format!("line {n}: {e}")))?;
        let spent = entries.get(&pos).map_or(0.0, |(_, s)| *s);
        entries.insert(pos, (entry, spent + these));
        these = 0.0;
    }
    Ok(Resumed { entries, seconds })
}
