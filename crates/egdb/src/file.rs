//! The file format (see docs/egdb.md): a little-endian header, then one byte per position.

use crate::error::{EgdbError, FileProblem};
use crate::nibble::Window;
use crate::values::Values;
use crate::verify;
use kalah_rules::Rules;
use std::fs::File;
use std::io::{BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::SystemTime;

/// The first eight bytes of every database file.
pub const MAGIC: [u8; 8] = *b"KALAHEGD";
/// The format version of a byte per position, which this library writes and reads.
pub const FORMAT_VERSION: u32 = 1;
/// The format version of a packed database (four bits per position, see `nibble`): the
/// header also holds each level's window.
pub const PACKED_VERSION: u32 = 2;
/// Bytes of the fixed part of the header, before the rules string.
const FIXED: usize = 40;
/// Longest header accepted; real ones are under 200 bytes.
const MAX_HEADER: u32 = 4096;

/// The header of a database file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Header {
    pub version: u32,
    /// Bytes before the values (a multiple of 8).
    pub header_len: u32,
    pub max_seeds: u32,
    pub houses: u32,
    pub entries: u64,
    /// CRC-32 (IEEE) of the value bytes.
    pub checksum: u32,
    /// The rules the database was built for, in the `Rules` display form.
    pub rules: String,
    /// Each level's window of a packed database (version 2), empty for a byte per position.
    pub windows: Vec<Window>,
}

impl Header {
    pub(crate) fn new(rules: &Rules, max_seeds: u32, entries: u64, checksum: u32) -> Header {
        let text = rules.to_string();
        let header_len = (FIXED + text.len()).next_multiple_of(8) as u32;
        Header {
            version: FORMAT_VERSION,
            header_len,
            max_seeds,
            houses: rules.houses() as u32,
            entries,
            checksum,
            rules: text,
            windows: Vec::new(),
        }
    }

    /// The header of a packed database with these windows.
    pub(crate) fn packed(mut self, windows: &[Window]) -> Header {
        self.version = PACKED_VERSION;
        self.windows = windows.to_vec();
        self.header_len = (FIXED + self.rules.len() + 2 * windows.len()).next_multiple_of(8) as u32;
        self
    }

    /// True for a packed database (version 2).
    pub fn is_packed(&self) -> bool {
        self.version == PACKED_VERSION
    }

    /// Bytes of values after the header: one per entry, or one per two when packed.
    pub fn value_bytes(&self) -> u64 {
        if self.is_packed() {
            self.entries.div_ceil(2)
        } else {
            self.entries
        }
    }

    fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.header_len as usize);
        out.extend_from_slice(&MAGIC);
        out.extend_from_slice(&self.version.to_le_bytes());
        out.extend_from_slice(&self.header_len.to_le_bytes());
        out.extend_from_slice(&self.max_seeds.to_le_bytes());
        out.extend_from_slice(&self.houses.to_le_bytes());
        out.extend_from_slice(&self.entries.to_le_bytes());
        out.extend_from_slice(&self.checksum.to_le_bytes());
        out.extend_from_slice(&(self.rules.len() as u32).to_le_bytes());
        out.extend_from_slice(self.rules.as_bytes());
        for w in &self.windows {
            out.push(w.lo as u8);
            out.push(w.step);
        }
        out.resize(self.header_len as usize, 0);
        out
    }

    /// Reads and checks the header; leaves `file` at the first value byte.
    pub(crate) fn read(file: &mut File) -> Result<Header, FileProblem> {
        let mut fixed = [0u8; FIXED];
        read_all(file, &mut fixed)?;
        if fixed[..8] != MAGIC {
            return Err(FileProblem::NotADatabase);
        }
        let u32_at = |i: usize| u32::from_le_bytes(fixed[i..i + 4].try_into().unwrap());
        let version = u32_at(8);
        if version != FORMAT_VERSION && version != PACKED_VERSION {
            return Err(FileProblem::Version {
                found: version,
                expected: FORMAT_VERSION,
            });
        }
        let header_len = u32_at(12);
        let rules_len = u32_at(36);
        if header_len > MAX_HEADER || (FIXED as u32 + rules_len) > header_len {
            return Err(FileProblem::BadHeader(format!(
                "header length {header_len} with a {rules_len}-byte rules string"
            )));
        }
        let mut rest = vec![0u8; header_len as usize - FIXED];
        read_all(file, &mut rest)?;
        let rules = String::from_utf8(rest[..rules_len as usize].to_vec())
            .map_err(|_| FileProblem::BadHeader("the rules string is not UTF-8".into()))?;
        let max_seeds = u32_at(16);
        let mut windows = Vec::new();
        if version == PACKED_VERSION {
            let at = rules_len as usize;
            let need = 2 * (max_seeds as usize + 1);
            let Some(bytes) = rest.get(at..at + need) else {
                return Err(FileProblem::BadHeader(format!(
                    "a packed header of {header_len} bytes cannot hold {} windows",
                    max_seeds + 1
                )));
            };
            for pair in bytes.chunks(2) {
                if pair[1] != 1 && pair[1] != 2 {
                    return Err(FileProblem::BadHeader(format!(
                        "a window step of {}",
                        pair[1]
                    )));
                }
                windows.push(Window {
                    lo: pair[0] as i8,
                    step: pair[1],
                });
            }
        }
        Ok(Header {
            version,
            header_len,
            max_seeds,
            houses: u32_at(20),
            entries: u64::from_le_bytes(fixed[24..32].try_into().unwrap()),
            checksum: u32_at(32),
            rules,
            windows,
        })
    }
}

fn read_all(file: &mut File, buf: &mut [u8]) -> Result<(), FileProblem> {
    file.read_exact(buf).map_err(|e| {
        if e.kind() == std::io::ErrorKind::UnexpectedEof {
            FileProblem::BadHeader("the file ends inside the header".into())
        } else {
            FileProblem::Io(e)
        }
    })
}

/// A temporary name beside `path`: `<path>.part-<tag><pid>-<n>`, one per process and call,
/// so two writers never share one (a build deletes those of killed writers).
pub(crate) fn temp_name(path: &Path, tag: &str) -> PathBuf {
    static CALLS: AtomicU64 = AtomicU64::new(0);
    let call = CALLS.fetch_add(1, Ordering::Relaxed);
    let mut name = path.as_os_str().to_owned();
    name.push(format!(".part-{tag}{}-{call}", std::process::id()));
    PathBuf::from(name)
}

/// Writes header and values to `path` through a temporary file, so a failed write never
/// leaves a damaged database under the final name, and a process that has the old file
/// mapped keeps reading the old file. Records the header's checksum as checked (see
/// `verify`): it was computed from the values written.
pub(crate) fn write(path: &Path, header: &Header, values: &[u8]) -> Result<(), EgdbError> {
    let tmp = temp_name(path, "");
    let result = (|| {
        let head = header.to_bytes();
        let file = match write_direct(&tmp, &head, values)? {
            Some(file) => file,
            None => {
                let mut w = BufWriter::new(File::create(&tmp)?);
                w.write_all(&head)?;
                w.write_all(values)?;
                w.into_inner().map_err(|e| e.into_error())?
            }
        };
        // Old enough to be recorded at once: any later write gives it another time.
        file.set_modified(SystemTime::now() - verify::MARGIN)?;
        file.sync_all()?;
        std::fs::rename(&tmp, path)?;
        // Read back through a map in large pages, not from written small ones (a plain
        // write leaves the file in the page cache).
        crate::values::drop_cached(&file);
        Ok(file)
    })();
    match result {
        Ok(file) => {
            if let Ok(meta) = file.metadata() {
                verify::record(path, &file, &meta, SystemTime::now(), header.checksum);
            }
            Ok(())
        }
        Err(e) => {
            let _ = std::fs::remove_file(&tmp);
            Err(EgdbError::file(path, FileProblem::Write(e)))
        }
    }
}

/// Writes the file past the page cache where the system allows (see `direct`).
#[cfg(target_os = "linux")]
fn write_direct(path: &Path, head: &[u8], values: &[u8]) -> std::io::Result<Option<File>> {
    crate::direct::create(path, head, values)
}

#[cfg(not(target_os = "linux"))]
fn write_direct(_path: &Path, _head: &[u8], _values: &[u8]) -> std::io::Result<Option<File>> {
    Ok(None)
}

/// Maps the values after a header, checking the file's length.
pub(crate) fn map_values(file: &File, header: &Header) -> Result<Values, FileProblem> {
    let found = file.metadata()?.len();
    let expected = header.header_len as u64 + header.value_bytes();
    if found != expected {
        return Err(FileProblem::Size { found, expected });
    }
    let len = usize::try_from(header.value_bytes())
        .map_err(|_| FileProblem::BadHeader("too many entries for this machine".into()))?;
    Ok(Values::map(file, header.header_len as u64, len)?)
}

/// Checks mapped values against the header's checksum, reading every page of `file` back
/// from disk into large pages (see `values::drop_cached`).
pub(crate) fn check_values(file: &File, values: &[u8], header: &Header) -> Result<(), FileProblem> {
    crate::values::drop_cached(file);
    let computed = crc32fast::hash(values);
    if computed != header.checksum {
        return Err(FileProblem::Checksum {
            stored: header.checksum,
            computed,
        });
    }
    Ok(())
}
