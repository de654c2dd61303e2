//! Kalah endgame databases: the exact value of every position with at most K seeds left in
//! the houses, for one rule variant.
//!
//! A value is the **future gain** of the player to move: the final margin that player reaches
//! under perfect play (own store minus the opponent's at the end) minus the margin already in
//! the stores. Without the early-end rule it depends only on the houses, so the database
//! indexes house vectors, mover first; under the early-end rule it also indexes the split of
//! the stores (see `docs/egdb.md`).
//!
//! ```
//! use kalah_egdb::Database;
//! use kalah_rules::{parse_setup, Position, Rules};
//!
//! let rules = Rules::standard();
//! let db = Database::build(rules, 6, 2, &|_done, _total| {}).unwrap();
//! // South has one seed next to the store: sowing it gains a seed and an extra turn, and then
//! // South's side is empty, so North sweeps its own 5 seeds: South's future gain is 1 - 5.
//! let pos = Position::from_setup(rules, &parse_setup("<6,20,18,0,0,0,0,0,1,1,1,1,1,1,0> S").unwrap()).unwrap();
//! assert_eq!(db.probe(&pos), Some(-4));
//! assert_eq!(db.probe_houses(&[0, 0, 0, 0, 0, 1], &[1, 1, 1, 1, 1, 0]), Some(-4));
//! ```
//!
//! Databases are saved in the format of `docs/egdb.md` and loaded back with a check of the
//! version, the rules and a checksum:
//! ```no_run
//! # use kalah_egdb::Database;
//! # use kalah_rules::Rules;
//! let rules = Rules::standard();
//! let db = Database::build(rules, 14, 2, &|_, _| {})?;
//! db.save("standard-14.egdb")?;
//! let again = Database::load("standard-14.egdb", &rules)?;
//! assert_eq!(again.len(), db.len());
//! # Ok::<(), kalah_egdb::EgdbError>(())
//! ```

mod build;
#[cfg(target_os = "linux")]
mod direct;
mod error;
mod file;
mod index;
mod mem;
mod nibble;
mod progress;
mod shelf;
pub mod sizing;
mod sow;
mod store;
mod values;
mod verify;

pub use error::{EgdbError, FileProblem};
pub use file::{Header, FORMAT_VERSION, MAGIC, PACKED_VERSION};
pub use nibble::Window;
pub use progress::{Progress, Stoppable};
pub use shelf::Shelf;
pub use sizing::level_seeds;
pub use store::{packed_file_name, Saving, Source, Store, Stored};

use build::Stores;
use index::{count_upto, Indexer};
use kalah_rules::{PieStage, Position, Rules};
use std::fs::File;
use std::path::Path;
use std::time::SystemTime;
use values::Values;

/// Most seeds a database can cover: every value must fit in one signed byte.
pub const MAX_DB_SEEDS: u32 = 127;
/// Largest database built or loaded, in bytes (one byte per position).
pub const MAX_DB_BYTES: u64 = 8 << 30;

/// The exact values of every position with at most `max_seeds` seeds in the houses.
pub struct Database {
    rules: Rules,
    max_seeds: u32,
    ix: Indexer,
    stores: Stores,
    values: Values,
    /// Positions covered (one byte each, or half a byte each when packed).
    entries: u64,
    /// Each level's window when packed (see [`Database::pack`]), else empty.
    windows: Vec<Window>,
    checksum: u32,
    checked: Checked,
}

/// How a database's values are known to match their checksum.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Checked {
    /// Built in this process.
    Built,
    /// Stored, and checked in full when loaded.
    Now,
    /// Stored, checked by an earlier load or by the build that wrote it, and unchanged since
    /// by the record beside it (`<file>.ok`, see `docs/egdb.md`): mapped without reading it.
    Recorded,
}

/// Where [`Database::load_or_build`] got its database.
#[derive(Debug)]
pub enum Loaded {
    FromFile,
    /// Built and saved, for the reason given.
    Built(Rebuilt),
}

/// Why [`Database::load_or_build`] built a new database.
#[derive(Debug)]
pub enum Rebuilt {
    /// There was no file.
    Missing,
    /// The file covers fewer seeds than asked for (this many).
    FewerSeeds(u32),
    /// The file was refused: damaged, another version, or other rules.
    Refused(FileProblem),
}

impl std::fmt::Debug for Database {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Database")
            .field("rules", &self.rules.to_string())
            .field("max_seeds", &self.max_seeds)
            .field("entries", &self.entries)
            .field("packed", &self.is_packed())
            .field("checksum", &format_args!("{:08x}", self.checksum))
            .field("mapped", &self.values.is_mapped())
            .field("checked", &self.checked)
            .finish()
    }
}

/// True when positions under `a` and `b` have the same values: every option but the pie rule
/// (a database only answers positions after the pie stage) and, without the early-end rule,
/// the seeds per house (they only shape the start position; under the early-end rule they
/// set the total that decides when a store holds more than half) must agree.
pub fn same_values(a: &Rules, b: &Rules) -> bool {
    let (a, b) = (a.setup(), b.setup());
    a.houses == b.houses
        && a.capture == b.capture
        && a.end == b.end
        && a.sweep == b.sweep
        && a.early_end == b.early_end
        && a.both_stores == b.both_stores
        && (!a.early_end || a.seeds == b.seeds)
}

/// Entries (bytes) of a database for `rules` and `max_seeds` seeds (saturating): one per
/// house vector, times `max_seeds + 1` store splits under the early-end rule.
pub fn entries(rules: &Rules, max_seeds: u32) -> u64 {
    let vectors = count_upto(rules.houses(), max_seeds as usize);
    if rules.early_end() {
        vectors.saturating_mul(max_seeds as u64 + 1)
    } else {
        vectors
    }
}

/// The most memory (bytes) building a database for `rules` and `max_seeds` seeds takes: the
/// values and the part of the build's transposed copy it touches; `u64::MAX` for a size
/// [`check_size`] refuses.
pub fn build_memory(rules: &Rules, max_seeds: u32) -> u64 {
    match check_size(rules, max_seeds) {
        Ok(_) => build::peak_bytes(rules, max_seeds as usize),
        Err(_) => u64::MAX,
    }
}

/// Seeds in a house vector.
#[inline]
fn seeds<T: Copy + Into<u32>>(v: &[T]) -> u32 {
    v.iter().map(|&x| x.into()).sum()
}

/// The most memory (bytes) building a packed database takes: the exact build, then its values
/// beside the packed copy.
pub fn packed_build_memory(rules: &Rules, max_seeds: u32) -> u64 {
    let exact = build_memory(rules, max_seeds);
    let values = entries(rules, max_seeds);
    exact.max(values.saturating_add(values.div_ceil(2)))
}

/// The file name `kalah egdb build` uses when no `--out` is given, e.g.
/// `egdb-h6-standard-either-empty-owner-k14.egdb`. The pie rule and, without early end, the
/// seeds per house are left out because the values do not depend on them; under early end the
/// name ends `-early-end-s<seeds>-k<K>`.
pub fn default_file_name(rules: &Rules, max_seeds: u32) -> String {
    let both = if rules.both_stores() {
        "-both-stores"
    } else {
        ""
    };
    let early = if rules.early_end() {
        format!("-early-end-s{}", rules.seeds())
    } else {
        String::new()
    };
    format!(
        "egdb-h{}-{}-{}-{}{both}{early}-k{max_seeds}.egdb",
        rules.houses(),
        rules.capture(),
        rules.end(),
        rules.sweep(),
    )
}

/// Checks that a database for `rules` and `max_seeds` can be built; returns its number of
/// entries (one byte each).
///
/// # Errors
/// As [`Database::build`].
pub fn check_size(rules: &Rules, max_seeds: u32) -> Result<u64, EgdbError> {
    if max_seeds > MAX_DB_SEEDS {
        return Err(EgdbError::TooManySeeds {
            got: max_seeds,
            max: MAX_DB_SEEDS,
        });
    }
    let n = entries(rules, max_seeds);
    if n > MAX_DB_BYTES {
        return Err(EgdbError::TooLarge {
            seeds: max_seeds,
            houses: rules.houses(),
            entries: if n == u64::MAX {
                "more than 2^64".to_string()
            } else {
                n.to_string()
            },
            limit: MAX_DB_BYTES,
        });
    }
    Ok(n)
}

impl Database {
    /// Builds the database in memory with `threads` threads (at least one).
    /// `progress` is told now and then from the build threads the number of positions
    /// settled so far (a `Fn(done, total)` closure will do), and asked between chunks of work
    /// whether to stop (see [`Progress`]).
    ///
    /// # Errors
    /// More than [`MAX_DB_SEEDS`] seeds, or a table above [`MAX_DB_BYTES`] bytes;
    /// [`EgdbError::Stopped`] when `progress` asked the build to stop.
    pub fn build(
        rules: Rules,
        max_seeds: u32,
        threads: usize,
        progress: &dyn Progress,
    ) -> Result<Database, EgdbError> {
        check_size(&rules, max_seeds)?;
        let ix = Indexer::new(rules.houses(), max_seeds as usize);
        let values = build::build_values(&rules, &ix, max_seeds as usize, threads, progress, &[])?;
        let checksum = crc32fast::hash(&values);
        Ok(Database {
            rules,
            max_seeds,
            ix,
            stores: Stores::new(&rules, max_seeds as usize),
            entries: values.len() as u64,
            values: Values::Built(values),
            windows: Vec::new(),
            checksum,
            checked: Checked::Built,
        })
    }

    /// The database of `max_seeds` seeds for the same rules, grown from this one: only the
    /// levels above this one's are built (the 22nd seed of Kalah(6,4) alone takes about 40%
    /// of the whole build). Gives the same values as [`Database::build`].
    ///
    /// # Errors
    /// As [`Database::build`]; [`EgdbError::Growing`] for a packed or early-end database (an
    /// early-end database's layout depends on its size) or when `max_seeds` is not larger.
    pub fn grow(
        &self,
        max_seeds: u32,
        threads: usize,
        progress: &dyn Progress,
    ) -> Result<Database, EgdbError> {
        if self.is_packed() || self.stores.slots != 1 || max_seeds <= self.max_seeds {
            return Err(EgdbError::Growing(if self.is_packed() {
                "a packed database cannot be grown"
            } else if self.stores.slots != 1 {
                "an early-end database cannot be grown"
            } else {
                "a database grows only to more seeds"
            }));
        }
        check_size(&self.rules, max_seeds)?;
        let ix = Indexer::new(self.rules.houses(), max_seeds as usize);
        let values = build::build_values(
            &self.rules,
            &ix,
            max_seeds as usize,
            threads,
            progress,
            &self.values,
        )?;
        let checksum = crc32fast::hash(&values);
        Ok(Database {
            rules: self.rules,
            max_seeds,
            ix,
            stores: Stores::new(&self.rules, max_seeds as usize),
            entries: values.len() as u64,
            values: Values::Built(values),
            windows: Vec::new(),
            checksum,
            checked: Checked::Built,
        })
    }

    /// A packed copy: four bits per position, 14 exact values per level and bounds beyond
    /// them (see `docs/egdb.md`, "Packed databases"). Exact probes answer `None` where the
    /// copy holds only a bound; [`Database::probe_bounds_lanes`] gives the bound.
    ///
    /// # Errors
    /// [`EgdbError::Packing`] for an early-end database (its values also depend on the
    /// stores) or one already packed.
    pub fn pack(&self) -> Result<Database, EgdbError> {
        if self.stores.slots != 1 || self.is_packed() {
            return Err(EgdbError::Packing(if self.is_packed() {
                "the database is packed already"
            } else {
                "early-end databases cannot be packed"
            }));
        }
        let (values, windows) = nibble::pack(&self.values, &self.ix, self.max_seeds);
        Ok(Database {
            rules: self.rules,
            max_seeds: self.max_seeds,
            ix: Indexer::new(self.rules.houses(), self.max_seeds as usize),
            stores: Stores::new(&self.rules, self.max_seeds as usize),
            checksum: crc32fast::hash(&values),
            entries: self.entries,
            values: Values::Built(values),
            windows,
            checked: Checked::Built,
        })
    }

    /// True when the values are packed four bits per position (see [`Database::pack`]).
    pub fn is_packed(&self) -> bool {
        !self.windows.is_empty()
    }

    /// The bounds (lower, upper) of entry `r`, equal where it is exact; `level` gives its
    /// seeds (only a packed database needs them).
    #[inline]
    fn bounds_at(&self, r: u64, level: impl FnOnce() -> u32) -> (i32, i32) {
        if self.windows.is_empty() {
            let v = self.values[r as usize] as i8 as i32;
            return (v, v);
        }
        let k = level();
        self.windows[k as usize].bounds(nibble::code_at(&self.values, r), k)
    }

    /// The exact value of entry `r`, if stored exactly (see [`Database::bounds_at`]).
    #[inline]
    fn exact_at(&self, r: u64, level: impl FnOnce() -> u32) -> Option<i8> {
        let (lo, hi) = self.bounds_at(r, level);
        (lo == hi).then_some(lo as i8)
    }

    /// The bounds (lower, upper) on the future gain of a lane position (see
    /// [`Database::probe_lanes`]): equal where the value is exact, which is always the case
    /// unless the database is packed.
    #[inline]
    pub fn probe_bounds_lanes(&self, mine: u64, theirs: u64) -> Option<(i32, i32)> {
        let r = self.lane_index(mine, theirs)?;
        Some(self.bounds_at(r, || nibble::lane_seeds(mine, theirs)))
    }

    /// [`Database::probe_bounds_lanes`] for house slices (see [`Database::probe_houses`]).
    #[inline]
    pub fn probe_bounds_houses(&self, mine: &[u16], theirs: &[u16]) -> Option<(i32, i32)> {
        if self.stores.slots != 1 {
            return None;
        }
        let r = self.ix.rank(mine, theirs)?;
        Some(self.bounds_at(r, || seeds(mine) + seeds(theirs)))
    }

    /// The future gain of the player to move (final margin minus the current store
    /// difference, both for that player), or `None` when the database does not cover the
    /// position: other rules (see [`same_values`]), a pie stage other than
    /// [`PieStage::Off`], or more than [`Database::max_seeds`] seeds in the houses (and, under
    /// the early-end rule, a total of seeds other than the rules' start total).
    #[inline]
    pub fn probe(&self, pos: &Position) -> Option<i32> {
        if pos.pie_stage() != PieStage::Off || !same_values(&pos.rules(), &self.rules) {
            return None;
        }
        let me = pos.to_move();
        let (mine, theirs) = (pos.houses(me), pos.houses(me.opponent()));
        if self.stores.slots == 1 {
            return self.probe_houses(mine, theirs).map(i32::from);
        }
        self.probe_stores(mine, theirs, pos.store(me), pos.store(me.opponent()))
            .map(i32::from)
    }

    /// The future gain of the player to move given the houses of that player (`mine`) and
    /// of the opponent (`theirs`), each in its own sowing order (house 1 first). `None` when
    /// they hold more than [`Database::max_seeds`] seeds or do not have the database's
    /// number of houses, and always for an early-end database (use
    /// [`Database::probe_stores`]). The caller makes sure the rules match.
    #[inline]
    pub fn probe_houses(&self, mine: &[u16], theirs: &[u16]) -> Option<i8> {
        if self.stores.slots != 1 {
            return None;
        }
        let r = self.ix.rank(mine, theirs)?;
        self.exact_at(r, || seeds(mine) + seeds(theirs))
    }

    /// Like [`Database::probe_houses`] for byte-sized house counts.
    #[inline]
    pub fn probe_houses_u8(&self, mine: &[u8], theirs: &[u8]) -> Option<i8> {
        if self.stores.slots != 1 {
            return None;
        }
        let r = self.ix.rank(mine, theirs)?;
        self.exact_at(r, || seeds(mine) + seeds(theirs))
    }

    /// Like [`Database::probe_houses`] for boards of up to 8 houses given as byte lanes: house
    /// `j` (sowing order) in bits `8j..8j + 8`, the lanes beyond the last house zero.
    #[inline]
    pub fn probe_lanes(&self, mine: u64, theirs: u64) -> Option<i8> {
        let r = self.lane_index(mine, theirs)?;
        self.exact_at(r, || nibble::lane_seeds(mine, theirs))
    }

    /// The entry of a lane position (see [`Database::probe_lanes`]), if covered.
    #[inline]
    fn lane_index(&self, mine: u64, theirs: u64) -> Option<u64> {
        if self.stores.slots != 1 || self.rules.houses() > 8 {
            return None;
        }
        self.ix.rank_lanes(mine, theirs)
    }

    /// Starts loading the entry [`Database::probe_lanes`] would read: a hint for callers that
    /// probe several positions and can do other work meanwhile.
    #[inline]
    pub fn prefetch_lanes(&self, mine: u64, theirs: u64) {
        if let Some(r) = self.lane_index(mine, theirs) {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: prefetching is a hint only; the pointer is inside `values`.
            unsafe {
                let at = if self.windows.is_empty() { r } else { r >> 1 };
                let p = self.values.as_ptr().add(at as usize) as *const i8;
                std::arch::x86_64::_mm_prefetch(p, std::arch::x86_64::_MM_HINT_T0);
            }
        }
    }

    /// Like [`Database::probe_houses`], for any database: the stores are ignored without the
    /// early-end rule; under it they must add up with the houses to the rules' start total
    /// (else `None`), and a position where a store holds more than half of all seeds is over
    /// (each side takes its own houses).
    #[inline]
    pub fn probe_stores(
        &self,
        mine: &[u16],
        theirs: &[u16],
        my_store: u16,
        their_store: u16,
    ) -> Option<i8> {
        let r = self.ix.rank(mine, theirs)?;
        if self.stores.slots == 1 {
            return self.exact_at(r, || seeds(mine) + seeds(theirs));
        }
        let a: i32 = mine.iter().map(|&x| x as i32).sum();
        let b: i32 = theirs.iter().map(|&x| x as i32).sum();
        let (s, o, total) = (my_store as i32, their_store as i32, self.stores.total);
        if a + b + s + o != total {
            return None;
        }
        if 2 * s > total || 2 * o > total {
            return Some((a - b) as i8);
        }
        let slot = self.stores.slot(a + b, s)?;
        Some(self.values[(r * self.stores.slots + slot) as usize] as i8)
    }

    /// True when the database answers positions under `rules` (see [`same_values`]).
    pub fn covers(&self, rules: &Rules) -> bool {
        same_values(rules, &self.rules)
    }

    /// Most seeds in the houses of a covered position.
    pub fn max_seeds(&self) -> u32 {
        self.max_seeds
    }

    /// The rules the database was built for.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Number of positions covered.
    pub fn len(&self) -> u64 {
        self.entries
    }

    /// Bytes of values: one per position, or one per two when packed. What the database
    /// takes in memory.
    pub fn bytes(&self) -> u64 {
        self.values.len() as u64
    }

    /// Never true: even `max_seeds = 0` holds the empty board.
    pub fn is_empty(&self) -> bool {
        self.entries == 0
    }

    /// CRC-32 (IEEE) of the value bytes, as stored in the file header.
    pub fn checksum(&self) -> u32 {
        self.checksum
    }

    /// How the values are known to match the checksum.
    pub fn checked(&self) -> Checked {
        self.checked
    }

    /// True when the values are a memory map of the stored file (page cache, shared and
    /// reclaimable), false when they were built in this process.
    pub fn is_mapped(&self) -> bool {
        self.values.is_mapped()
    }

    /// The header [`Database::save`] writes.
    pub fn header(&self) -> Header {
        let h = Header::new(&self.rules, self.max_seeds, self.len(), self.checksum);
        if self.is_packed() {
            h.packed(&self.windows)
        } else {
            h
        }
    }

    /// Writes the database to `path` (through a temporary `path.part-*`, renamed when complete).
    ///
    /// # Errors
    /// [`EgdbError::File`] when the file cannot be written.
    pub fn save(&self, path: impl AsRef<Path>) -> Result<(), EgdbError> {
        file::write(path.as_ref(), &self.header(), &self.values)
    }

    /// Maps a database for `rules`, refusing one built for rules with other values
    /// (see [`same_values`]). The header and the length are always checked; the checksum is
    /// checked in full (reading every page) unless the record beside the file says that it
    /// was checked before and the file has not changed since ([`Checked::Recorded`]).
    ///
    /// # Errors
    /// [`EgdbError::File`] naming the file and what is wrong: unreadable, not a database,
    /// another format version, other rules, a damaged header, a wrong length or a checksum
    /// mismatch.
    pub fn load(path: impl AsRef<Path>, rules: &Rules) -> Result<Database, EgdbError> {
        Database::read(path.as_ref(), Some(rules), true)
    }

    /// Maps a database whatever its rules, checking its header and its checksum in full
    /// (whatever a record says).
    ///
    /// # Errors
    /// As [`Database::load`], without the rules check.
    pub fn open(path: impl AsRef<Path>) -> Result<Database, EgdbError> {
        Database::read(path.as_ref(), None, false)
    }

    /// Loads the database at `path` if it serves `rules` with at least `max_seeds` seeds;
    /// otherwise builds one with `max_seeds` seeds and saves it there, replacing a missing,
    /// damaged, outdated or mismatched file. Tells which of the two happened.
    ///
    /// # Errors
    /// As [`Database::build`], a file that exists but cannot be read (permissions and the
    /// like: it is left alone), or [`EgdbError::File`] when the new file cannot be written.
    pub fn load_or_build(
        path: impl AsRef<Path>,
        rules: Rules,
        max_seeds: u32,
        threads: usize,
        progress: &dyn Progress,
    ) -> Result<(Database, Loaded), EgdbError> {
        let path = path.as_ref();
        let reason = match Database::load(path, &rules) {
            Ok(db) if db.max_seeds >= max_seeds => return Ok((db, Loaded::FromFile)),
            Ok(db) => Rebuilt::FewerSeeds(db.max_seeds),
            Err(EgdbError::File {
                problem: FileProblem::Io(e),
                ..
            }) if e.kind() == std::io::ErrorKind::NotFound => Rebuilt::Missing,
            Err(
                e @ EgdbError::File {
                    problem: FileProblem::Io(_),
                    ..
                },
            ) => return Err(e),
            Err(EgdbError::File { problem, .. }) => Rebuilt::Refused(problem),
            Err(e) => return Err(e),
        };
        let db = Database::build(rules, max_seeds, threads, progress)?;
        db.save(path)?;
        Ok((db, Loaded::Built(reason)))
    }

    /// Reads only the header of a database file.
    ///
    /// # Errors
    /// [`EgdbError::File`] when the file cannot be read or does not start with a valid header.
    pub fn read_header(path: impl AsRef<Path>) -> Result<Header, EgdbError> {
        let path = path.as_ref();
        let mut f = File::open(path).map_err(|e| EgdbError::file(path, e))?;
        Header::read(&mut f).map_err(|e| EgdbError::file(path, e))
    }

    fn read(path: &Path, wanted: Option<&Rules>, trust: bool) -> Result<Database, EgdbError> {
        let fail = |p: FileProblem| EgdbError::file(path, p);
        let mut f = File::open(path).map_err(|e| fail(e.into()))?;
        let header = Header::read(&mut f).map_err(fail)?;
        let rules: Rules = header
            .rules
            .parse()
            .map_err(|e| fail(FileProblem::BadHeader(format!("rules string: {e}"))))?;
        if let Some(w) = wanted {
            if !same_values(w, &rules) {
                return Err(fail(FileProblem::RulesMismatch {
                    file: header.rules.clone(),
                    wanted: w.to_string(),
                }));
            }
        }
        if header.houses as usize != rules.houses() {
            return Err(fail(FileProblem::BadHeader(format!(
                "{} houses in the header but {} in its rules",
                header.houses,
                rules.houses()
            ))));
        }
        let expected = check_size(&rules, header.max_seeds)
            .map_err(|e| fail(FileProblem::BadHeader(e.to_string())))?;
        if header.entries != expected {
            return Err(fail(FileProblem::BadHeader(format!(
                "{} entries, but {} seeds on {} houses under these rules need {expected}",
                header.entries, header.max_seeds, header.houses
            ))));
        }
        let before = f.metadata().map_err(|e| fail(e.into()))?;
        let started = SystemTime::now();
        let values = file::map_values(&f, &header).map_err(fail)?;
        let checked = if trust && verify::is_recorded(path, &f, header.checksum) {
            Checked::Recorded
        } else {
            file::check_values(&f, &values, &header).map_err(fail)?;
            verify::record(path, &f, &before, started, header.checksum);
            Checked::Now
        };
        if header.is_packed() && rules.early_end() {
            return Err(fail(FileProblem::BadHeader(
                "a packed database under early-end rules".into(),
            )));
        }
        Ok(Database {
            rules,
            max_seeds: header.max_seeds,
            ix: Indexer::new(rules.houses(), header.max_seeds as usize),
            stores: Stores::new(&rules, header.max_seeds as usize),
            values,
            entries: header.entries,
            windows: header.windows,
            checksum: header.checksum,
            checked,
        })
    }
}
