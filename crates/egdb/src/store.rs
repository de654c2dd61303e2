//! The database store: a folder of database files, one per rule variant and size, named by
//! [`crate::default_file_name`]. Databases are built once, on first need, and loaded after.
//!
//! Builds of one file are serialised by an advisory lock on `<file>.lock`, so a second
//! process asking for the same database waits and then loads the first one's file. Files are
//! written to a temporary name and renamed (see `file::write`), so a reader never sees half a
//! file.

use crate::error::{EgdbError, FileProblem};
use crate::{check_size, default_file_name, same_values, Database, Header, Progress};
use kalah_rules::Rules;
use std::fs::{File, OpenOptions};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::thread::JoinHandle;

/// A folder of stored databases, with an optional cap on the bytes they take together.
#[derive(Debug, Clone)]
pub struct Store {
    dir: PathBuf,
    max_disk: Option<u64>,
}

/// One stored database file.
#[derive(Debug)]
pub struct Stored {
    pub path: PathBuf,
    /// Its header, or why it cannot be read.
    pub header: Result<Header, String>,
    pub bytes: u64,
}

/// Where [`Store::get`] found its database.
#[derive(Debug, PartialEq, Eq)]
pub enum Source {
    /// Loaded from this stored file.
    Loaded(PathBuf),
    /// Built and saved to this file; the stored file it replaces was refused for the reason
    /// given, if there was one.
    Built(PathBuf, Option<String>),
    /// Grown from the stored database of this many seeds (see [`Database::grow`]) and saved
    /// to this file.
    Grown(PathBuf, u32),
}

/// Where a database built by [`Store::prepare`]'s caller came from.
fn built(path: PathBuf, refused: Option<String>, below: Option<u32>) -> Source {
    match (below, refused) {
        (Some(k), None) => Source::Grown(path, k),
        (_, refused) => Source::Built(path, refused),
    }
}

/// A new database: grown from a smaller stored one if there is one, else built whole.
fn build_or_grow(
    rules: Rules,
    max_seeds: u32,
    below: Option<Box<Database>>,
    threads: usize,
    progress: &dyn Progress,
) -> Result<Database, EgdbError> {
    match below {
        Some(b) => b.grow(max_seeds, threads, progress),
        None => Database::build(rules, max_seeds, threads, progress),
    }
}

/// What [`Store::prepare`] found: a stored database, or the build lock, the path to build
/// under and why a stored file was refused.
enum Prepared {
    Loaded(Box<Database>, PathBuf),
    Build(File, PathBuf, Option<String>, Option<Box<Database>>),
}

/// A database being written by [`Store::get_saving_behind`].
#[derive(Debug)]
pub struct Saving {
    handle: Option<JoinHandle<Result<(), EgdbError>>>,
}

impl Saving {
    /// Waits for the write to end.
    ///
    /// # Errors
    /// [`EgdbError::File`] when the file could not be written (nothing is left under its name).
    pub fn wait(mut self) -> Result<(), EgdbError> {
        self.join()
    }

    fn join(&mut self) -> Result<(), EgdbError> {
        match self.handle.take().map(JoinHandle::join) {
            None => Ok(()),
            Some(Ok(result)) => result,
            Some(Err(panic)) => std::panic::resume_unwind(panic),
        }
    }
}

impl Drop for Saving {
    /// Never leaves a write behind: a process that ends keeps its database.
    fn drop(&mut self) {
        if !std::thread::panicking() {
            let _ = self.join();
        }
    }
}

impl Store {
    /// The store in `dir` (created on first write).
    pub fn new(dir: impl Into<PathBuf>) -> Store {
        Store {
            dir: dir.into(),
            max_disk: None,
        }
    }

    /// Refuses builds that would take the store above `bytes` in all.
    pub fn with_max_disk(mut self, bytes: Option<u64>) -> Store {
        self.max_disk = bytes;
        self
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The file a database for `rules` with `max_seeds` seeds is stored in.
    pub fn path_for(&self, rules: &Rules, max_seeds: u32) -> PathBuf {
        self.dir.join(default_file_name(rules, max_seeds))
    }

    /// Every `.egdb` file in the store, sorted by name (an empty list when the folder does not
    /// exist yet).
    ///
    /// # Errors
    /// When the folder exists but cannot be read.
    pub fn list(&self) -> std::io::Result<Vec<Stored>> {
        let entries = match std::fs::read_dir(&self.dir) {
            Ok(e) => e,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(e),
        };
        let mut out = Vec::new();
        for entry in entries {
            let path = entry?.path();
            if path.extension().is_none_or(|e| e != "egdb") {
                continue;
            }
            let bytes = std::fs::metadata(&path).map_or(0, |m| m.len());
            let header = Database::read_header(&path).map_err(|e| e.to_string());
            out.push(Stored {
                path,
                header,
                bytes,
            });
        }
        out.sort_by(|a, b| a.path.cmp(&b.path));
        Ok(out)
    }

    /// Bytes taken by the store's database files.
    pub fn disk_use(&self) -> u64 {
        self.list()
            .map_or(0, |l| l.iter().map(|s| s.bytes).sum::<u64>())
    }

    /// The smallest stored file, packed or exact as `packed` says, that serves `rules` with at
    /// least `max_seeds` seeds, judged by its header only.
    pub fn find(&self, rules: &Rules, max_seeds: u32, packed: bool) -> Option<PathBuf> {
        self.serving(rules, max_seeds)
            .filter(|s| s.packed == packed)
            .min_by_key(|s| s.seeds)
            .map(|s| s.path)
    }

    /// The largest stored file of at most `max_bytes` that serves `rules` with at least
    /// `max_seeds` seeds: more seeds cut a search more, and loading is cheap next to it. A
    /// packed file (half a byte per position) serves where it has more seeds than every exact
    /// one that fits.
    pub fn find_largest(&self, rules: &Rules, max_seeds: u32, max_bytes: u64) -> Option<PathBuf> {
        self.serving(rules, max_seeds)
            .filter(|s| s.bytes <= max_bytes)
            .max_by_key(|s| (s.seeds, !s.packed))
            .map(|s| s.path)
    }

    /// Stored files serving `rules` with at least `max_seeds` seeds.
    fn serving<'a>(&self, rules: &'a Rules, max_seeds: u32) -> impl Iterator<Item = Serving> + 'a {
        self.of_rules(rules).filter(move |s| s.seeds >= max_seeds)
    }

    /// Stored files of `rules` (or of rules with the same values), of any size.
    fn of_rules<'a>(&self, rules: &'a Rules) -> impl Iterator<Item = Serving> + 'a {
        self.list()
            .unwrap_or_default()
            .into_iter()
            .filter_map(move |s| {
                let h = s.header.ok()?;
                let r: Rules = h.rules.parse().ok()?;
                same_values(rules, &r).then_some(Serving {
                    seeds: h.max_seeds,
                    packed: h.is_packed(),
                    path: s.path,
                    bytes: s.bytes,
                })
            })
    }

    /// True when the store holds any database of `rules` (or of rules with the same
    /// values), of any size.
    pub fn holds_any(&self, rules: &Rules) -> bool {
        self.of_rules(rules).next().is_some()
    }

    /// Seeds of the largest stored exact database a build of `max_seeds` seeds would grow
    /// from (if it loads), for messages.
    pub fn grows_from(&self, rules: &Rules, max_seeds: u32) -> Option<u32> {
        self.smaller(rules, max_seeds).iter().map(|s| s.seeds).max()
    }

    /// Stored exact databases of `rules` with fewer than `max_seeds` seeds (none under the
    /// early-end rule).
    fn smaller(&self, rules: &Rules, max_seeds: u32) -> Vec<Serving> {
        if rules.early_end() {
            return Vec::new();
        }
        self.of_rules(rules)
            .filter(|s| !s.packed && s.seeds < max_seeds)
            .collect()
    }

    /// The largest stored exact database of `rules` with fewer than `max_seeds` seeds that
    /// loads and checks, to grow from (none under the early-end rule; see
    /// [`Database::grow`]).
    fn below(&self, rules: &Rules, max_seeds: u32) -> Option<Database> {
        let mut smaller = self.smaller(rules, max_seeds);
        smaller.sort_by_key(|s| std::cmp::Reverse(s.seeds));
        smaller
            .into_iter()
            .find_map(|s| Database::load(&s.path, rules).ok())
    }

    /// An exact database serving `rules` with at least `max_seeds` seeds: the smallest stored one
    /// that loads and checks, or else a new one built with `threads` threads and saved. A
    /// stored file that fails its checks is never used: it is rebuilt. `progress` is passed
    /// to [`Database::build`].
    ///
    /// # Errors
    /// As [`Database::build`]; [`EgdbError::DiskCap`] when the build would exceed the store's
    /// cap; [`EgdbError::File`] when the lock or the file cannot be written.
    pub fn get(
        &self,
        rules: Rules,
        max_seeds: u32,
        threads: usize,
        progress: &dyn Progress,
    ) -> Result<(Database, Source), EgdbError> {
        self.get_kind(rules, max_seeds, false, threads, progress)
    }

    /// Like [`Store::get`] for a packed database (see [`Database::pack`]), stored as
    /// [`packed_file_name`]: built exact in memory (the build's memory, not the packed
    /// size), then packed.
    ///
    /// # Errors
    /// As [`Store::get`], and [`EgdbError::Packing`] under early-end rules.
    pub fn get_packed(
        &self,
        rules: Rules,
        max_seeds: u32,
        threads: usize,
        progress: &dyn Progress,
    ) -> Result<(Database, Source), EgdbError> {
        if rules.early_end() {
            return Err(EgdbError::Packing("early-end databases cannot be packed"));
        }
        self.get_kind(rules, max_seeds, true, threads, progress)
    }

    /// Like [`Store::get`], but a database it builds is written to the store by a thread of
    /// its own while the caller goes on with it: the write (about 0.5 s for Kalah(6,4)'s 22
    /// seeds) then overlaps the search instead of delaying it. The build lock is held until
    /// the write ends; [`Saving::wait`] (or dropping the [`Saving`]) waits for it.
    ///
    /// # Errors
    /// As [`Store::get`], except that write failures come from [`Saving::wait`].
    pub fn get_saving_behind(
        &self,
        rules: Rules,
        max_seeds: u32,
        threads: usize,
        progress: &dyn Progress,
    ) -> Result<(Arc<Database>, Source, Option<Saving>), EgdbError> {
        match self.prepare(&rules, max_seeds, false)? {
            Prepared::Loaded(db, path) => Ok((Arc::new(*db), Source::Loaded(path), None)),
            Prepared::Build(lock, path, refused, below) => {
                let below_seeds = below.as_ref().map(|b| b.max_seeds());
                let db = Arc::new(build_or_grow(rules, max_seeds, below, threads, progress)?);
                let saved = Arc::clone(&db);
                let to = path.clone();
                let handle = std::thread::spawn(move || {
                    let result = saved.save(&to);
                    drop(lock);
                    result
                });
                let saving = Saving {
                    handle: Some(handle),
                };
                let source = built(path, refused, below_seeds);
                Ok((db, source, Some(saving)))
            }
        }
    }

    fn get_kind(
        &self,
        rules: Rules,
        max_seeds: u32,
        packed: bool,
        threads: usize,
        progress: &dyn Progress,
    ) -> Result<(Database, Source), EgdbError> {
        match self.prepare(&rules, max_seeds, packed)? {
            Prepared::Loaded(db, path) => Ok((*db, Source::Loaded(path))),
            Prepared::Build(lock, path, refused, below) => {
                let below_seeds = below.as_ref().map(|b| b.max_seeds());
                let mut db = build_or_grow(rules, max_seeds, below, threads, progress)?;
                if packed {
                    db = db.pack()?;
                }
                db.save(&path)?;
                drop(lock);
                Ok((db, built(path, refused, below_seeds)))
            }
        }
    }

    /// The stored database, or the lock and the path to build it under, once the disk cap
    /// allows the build.
    fn prepare(&self, rules: &Rules, max_seeds: u32, packed: bool) -> Result<Prepared, EgdbError> {
        let mut refused = None;
        if let Some(path) = self.find(rules, max_seeds, packed) {
            match Database::load(&path, rules) {
                Ok(db) => return Ok(Prepared::Loaded(Box::new(db), path)),
                Err(e) => refused = Some(e.to_string()),
            }
        }
        let path = if packed {
            self.dir.join(packed_file_name(rules, max_seeds))
        } else {
            self.path_for(rules, max_seeds)
        };
        let lock = self.lock(&path)?;
        // Another process may have built it while this one waited for the lock.
        match Database::load(&path, rules) {
            Ok(db) if db.max_seeds() >= max_seeds && db.is_packed() == packed => {
                return Ok(Prepared::Loaded(Box::new(db), path))
            }
            Ok(_) => {}
            Err(EgdbError::File {
                problem: FileProblem::Io(e),
                ..
            }) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => refused = Some(e.to_string()),
        }
        remove_leftovers(&path);
        let entries = check_size(rules, max_seeds)?;
        let bytes = if packed { entries.div_ceil(2) } else { entries };
        if let Some(cap) = self.max_disk {
            let old = std::fs::metadata(&path).map_or(0, |m| m.len());
            let after = self.disk_use() - old + bytes;
            if after > cap {
                return Err(EgdbError::DiskCap {
                    seeds: max_seeds,
                    bytes,
                    used: self.disk_use(),
                    cap,
                });
            }
        }
        let below = self.below(rules, max_seeds);
        Ok(Prepared::Build(lock, path, refused, below.map(Box::new)))
    }

    /// Takes the build lock of `path`, waiting for another process that holds it.
    fn lock(&self, path: &Path) -> Result<File, EgdbError> {
        let write = |e| EgdbError::file(path, FileProblem::Write(e));
        std::fs::create_dir_all(&self.dir).map_err(write)?;
        let mut name = path.as_os_str().to_owned();
        name.push(".lock");
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(PathBuf::from(name))
            .map_err(write)?;
        fs4::FileExt::lock(&file).map_err(write)?;
        Ok(file)
    }

    /// Deletes the stored file `name` (a file name in the store, or a path to one).
    ///
    /// # Errors
    /// When it is not a database in this store or cannot be deleted.
    pub fn remove(&self, name: &Path) -> Result<PathBuf, String> {
        let file = name.file_name().ok_or("give a database file name")?;
        let path = self.dir.join(file);
        if path.extension().is_none_or(|e| e != "egdb") || !path.is_file() {
            return Err(format!(
                "no database {} in {}; `kalah egdb list` shows what is stored",
                Path::new(file).display(),
                self.dir.display()
            ));
        }
        std::fs::remove_file(&path)
            .map_err(|e| format!("cannot delete {}: {e}", path.display()))?;
        crate::verify::forget(&path);
        let mut lock = path.as_os_str().to_owned();
        lock.push(".lock");
        let _ = std::fs::remove_file(PathBuf::from(lock));
        Ok(path)
    }
}

/// A stored file that serves a request.
struct Serving {
    seeds: u32,
    packed: bool,
    path: PathBuf,
    bytes: u64,
}

/// The store's name for a packed database: [`default_file_name`] with `-packed` before the
/// extension, e.g. `egdb-h6-standard-either-empty-owner-k26-packed.egdb`.
pub fn packed_file_name(rules: &Rules, max_seeds: u32) -> String {
    let name = default_file_name(rules, max_seeds);
    format!("{}-packed.egdb", name.trim_end_matches(".egdb"))
}

/// Deletes temporary files of `path` that a killed writer left behind; called with the build
/// lock held, so no live writer's file is among them.
fn remove_leftovers(path: &Path) {
    let (Some(dir), Some(name)) = (path.parent(), path.file_name()) else {
        return;
    };
    let mut prefix = name.to_os_string();
    prefix.push(".part-");
    let prefix = prefix.to_string_lossy().into_owned();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        if e.file_name().to_string_lossy().starts_with(&prefix) {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules() -> Rules {
        Rules::standard()
    }

    #[test]
    fn a_bigger_database_is_grown_from_the_largest_smaller_one_stored() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path());
        let empty = Rules::new(kalah_rules::RulesSetup {
            houses: 4,
            capture: kalah_rules::CaptureRule::Empty,
            ..Default::default()
        })
        .unwrap();
        for (rules, small, big) in [(rules(), 6, 10), (empty, 8, 13)] {
            store.get(rules, small - 3, 1, &|_, _| {}).unwrap();
            store.get(rules, small, 1, &|_, _| {}).unwrap();
            let (grown, s) = store.get(rules, big, 2, &|_, _| {}).unwrap();
            let Source::Grown(path, from) = s else {
                panic!("{s:?}")
            };
            assert_eq!(from, small, "{rules}");
            let whole = Database::build(rules, big, 2, &|_, _| {}).unwrap();
            assert_eq!(
                (grown.len(), grown.checksum()),
                (whole.len(), whole.checksum())
            );
            // Stored and loaded like any other.
            let (loaded, s) = store.get(rules, big, 1, &|_, _| {}).unwrap();
            assert_eq!(s, Source::Loaded(path));
            assert_eq!(loaded.checksum(), whole.checksum());
        }
        // Under early end the layout depends on the size: built whole.
        let early = Rules::new(kalah_rules::RulesSetup {
            houses: 3,
            seeds: 2,
            early_end: true,
            ..Default::default()
        })
        .unwrap();
        store.get(early, 3, 1, &|_, _| {}).unwrap();
        let (_, s) = store.get(early, 6, 1, &|_, _| {}).unwrap();
        assert!(matches!(s, Source::Built(_, None)), "{s:?}");
    }

    #[test]
    fn a_packed_file_serves_where_it_has_more_seeds_and_exact_ones_stay_exact() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path());
        let (exact, _) = store.get(rules(), 8, 1, &|_, _| {}).unwrap();
        let (packed, s) = store.get_packed(rules(), 10, 1, &|_, _| {}).unwrap();
        // Built exact from the stored 8 seeds up, then packed.
        let Source::Grown(path, 8) = s else {
            panic!("{s:?}")
        };
        assert!(packed.is_packed() && !exact.is_packed());
        assert!(path.ends_with(packed_file_name(&rules(), 10)));
        // The largest that fits: the packed 10 seeds, unless only the exact 8 fit.
        let packed_bytes = std::fs::metadata(&path).unwrap().len();
        assert_eq!(
            store.find_largest(&rules(), 1, u64::MAX),
            Some(path.clone())
        );
        let small = store.find_largest(&rules(), 1, packed_bytes - 1).unwrap();
        assert!(small.ends_with(default_file_name(&rules(), 8)));
        // An exact request never gets the packed file; a packed one loads it.
        let (db, s) = store.get(rules(), 9, 1, &|_, _| {}).unwrap();
        assert!(matches!(s, Source::Grown(_, 8)) && !db.is_packed());
        let (db, s) = store.get_packed(rules(), 9, 1, &|_, _| {}).unwrap();
        assert!(matches!(s, Source::Loaded(p) if p == path) && db.is_packed());
        // Of an exact and a packed file with as many seeds, the exact one serves.
        store.get(rules(), 10, 1, &|_, _| {}).unwrap();
        let best = store.find_largest(&rules(), 1, u64::MAX).unwrap();
        assert!(best.ends_with(default_file_name(&rules(), 10)));
        assert!(store
            .get_packed(
                "standard houses=3 seeds=2 early-end=yes".parse().unwrap(),
                4,
                1,
                &|_, _| {}
            )
            .is_err());
    }

    #[test]
    fn second_get_loads_and_a_larger_file_serves_a_smaller_need() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path());
        let (_, s) = store.get(rules(), 8, 1, &|_, _| {}).unwrap();
        assert!(matches!(s, Source::Built(_, None)));
        let (db, s) = store.get(rules(), 8, 1, &|_, _| {}).unwrap();
        assert!(matches!(s, Source::Loaded(_)));
        assert_eq!(db.max_seeds(), 8);
        let (db, s) = store.get(rules(), 5, 1, &|_, _| {}).unwrap();
        assert!(matches!(s, Source::Loaded(_)), "{s:?}");
        assert_eq!(db.max_seeds(), 8);
        let six = store.path_for(&rules(), 6);
        Database::build(rules(), 6, 1, &|_, _| {})
            .unwrap()
            .save(&six)
            .unwrap();
        let eight = store.path_for(&rules(), 8);
        assert_eq!(store.find(&rules(), 5, false), Some(six.clone()));
        assert_eq!(store.find_largest(&rules(), 5, u64::MAX), Some(eight));
        let six_bytes = std::fs::metadata(&six).unwrap().len();
        assert_eq!(store.find_largest(&rules(), 5, six_bytes), Some(six));
        assert_eq!(store.find_largest(&rules(), 7, six_bytes), None);
    }

    #[test]
    fn a_damaged_file_is_rebuilt() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path());
        let (good, _) = store.get(rules(), 7, 1, &|_, _| {}).unwrap();
        let path = store.path_for(&rules(), 7);
        // A killed writer's temporary file goes with the next build.
        let leftover = dir.path().join(format!(
            "{}.part-1-0",
            path.file_name().unwrap().to_string_lossy()
        ));
        std::fs::write(&leftover, b"half").unwrap();
        let mut bytes = std::fs::read(&path).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 0x55;
        std::fs::write(&path, &bytes).unwrap();
        let (db, s) = store.get(rules(), 7, 1, &|_, _| {}).unwrap();
        match s {
            Source::Built(_, Some(why)) => assert!(why.contains("checksum"), "{why}"),
            other => panic!("expected a rebuild, got {other:?}"),
        }
        assert_eq!(db.checksum(), good.checksum());
        assert!(!leftover.exists());
        // Truncated.
        std::fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
        let (_, s) = store.get(rules(), 7, 1, &|_, _| {}).unwrap();
        assert!(matches!(s, Source::Built(_, Some(_))), "{s:?}");
        assert!(Database::load(&path, &rules()).is_ok());
    }

    #[test]
    fn concurrent_builds_both_end_with_a_good_file() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path());
        let sums: Vec<u32> = std::thread::scope(|s| {
            let a = s.spawn(|| store.get(rules(), 10, 1, &|_, _| {}).unwrap().0.checksum());
            let b = s.spawn(|| store.get(rules(), 10, 1, &|_, _| {}).unwrap().0.checksum());
            vec![a.join().unwrap(), b.join().unwrap()]
        });
        assert_eq!(sums[0], sums[1]);
        let db = Database::load(store.path_for(&rules(), 10), &rules()).unwrap();
        assert_eq!(db.checksum(), sums[0]);
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        assert!(names.iter().all(|n| !n.contains(".part")), "{names:?}");
    }

    #[test]
    fn a_database_written_behind_is_stored_whole_and_holds_the_lock_meanwhile() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path());
        let (db, s, saving) = store.get_saving_behind(rules(), 10, 1, &|_, _| {}).unwrap();
        assert!(matches!(s, Source::Built(_, None)), "{s:?}");
        // Another process asking for it meanwhile waits for the write, then loads it.
        let (other, s) = store.get(rules(), 10, 1, &|_, _| {}).unwrap();
        assert!(matches!(s, Source::Loaded(_)), "{s:?}");
        assert_eq!(other.checksum(), db.checksum());
        saving.expect("a build writes").wait().unwrap();
        let (again, s, saving) = store.get_saving_behind(rules(), 9, 1, &|_, _| {}).unwrap();
        assert!(matches!(s, Source::Loaded(_)) && saving.is_none(), "{s:?}");
        assert_eq!(again.checksum(), db.checksum());
    }

    #[test]
    fn a_write_behind_that_fails_says_so_and_leaves_no_file() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path());
        // A folder where the file goes: the rename at the end of the write fails.
        let path = store.path_for(&rules(), 8);
        std::fs::create_dir_all(path.join("in-the-way")).unwrap();
        let (db, _, saving) = store.get_saving_behind(rules(), 8, 1, &|_, _| {}).unwrap();
        assert_eq!(db.max_seeds(), 8);
        let err = saving.expect("a build writes").wait().unwrap_err();
        assert!(err.to_string().contains(&*path.to_string_lossy()), "{err}");
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        assert!(names.iter().all(|n| !n.contains(".part")), "{names:?}");
    }

    #[test]
    fn a_stopped_build_stores_nothing_and_the_next_one_builds() {
        use std::sync::atomic::AtomicBool;
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path());
        let stop = AtomicBool::new(true);
        let err = store.get(rules(), 10, 1, &stop).unwrap_err();
        assert!(matches!(err, EgdbError::Stopped), "{err}");
        let err = store.get_saving_behind(rules(), 10, 1, &stop).unwrap_err();
        assert!(matches!(err, EgdbError::Stopped), "{err}");
        assert!(store.list().unwrap().is_empty());
        let (db, s) = store.get(rules(), 10, 1, &|_, _| {}).unwrap();
        assert!(matches!(s, Source::Built(_, None)), "{s:?}");
        assert_eq!(db.max_seeds(), 10);
    }

    #[test]
    fn a_build_over_the_disk_cap_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path()).with_max_disk(Some(1000));
        let err = store.get(rules(), 10, 1, &|_, _| {}).unwrap_err();
        assert!(err.to_string().contains("--egdb-max-disk"), "{err}");
        assert!(store.list().unwrap().is_empty());
    }
}
