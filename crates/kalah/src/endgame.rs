//! How `solve` and `analyze` get their endgame database and size their table: from the seeds
//! left in the houses, within a memory cap, loading from the store in the data directory what
//! an earlier run built.

use crate::data::{data_dir, egdb_dir};
use crate::error::{CliError, CliResult};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use kalah_egdb::{
    build_memory, check_size, entries, packed_build_memory, Database, Saving, Source, Store,
};
use kalah_rules::{CaptureRule, Position, Rules, Side};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

const MIB: u64 = 1 << 20;
/// Default `--max-memory`: table and database together, so that a default solve stays under
/// 2 GiB of resident memory with the program's own few MB.
pub const DEFAULT_MAX_MEMORY_MIB: u64 = 1792;
/// Largest default database, unless half the seeds in play is more.
const DEFAULT_MAX_SEEDS: u32 = 24;
/// The largest table, in MiB: the most `--hash` takes and a default table grows to.
pub const MAX_HASH_MIB: usize = 65_536;

/// Options of the database store and the memory cap, shared by `solve` and `analyze`.
#[derive(Debug, Clone, Args)]
pub struct StoreArgs {
    /// Most memory for the table and the endgame database together, in MiB
    #[arg(long, value_name = "MB", default_value_t = DEFAULT_MAX_MEMORY_MIB)]
    pub max_memory: u64,
    /// Neither load nor save endgame databases in the data directory: build in memory only
    #[arg(long)]
    pub no_egdb_store: bool,
    /// Refuse to store a new endgame database that would take the store above this many MiB
    #[arg(long, value_name = "MB")]
    pub egdb_max_disk: Option<u64>,
}

impl StoreArgs {
    /// The store in the data directory, unless `--no-egdb-store`.
    pub fn store(&self) -> CliResult<Option<Store>> {
        if self.no_egdb_store {
            return Ok(None);
        }
        Ok(Some(open_store(self.egdb_max_disk)?))
    }

    fn cap_bytes(&self) -> CliResult<u64> {
        if !(16..=1 << 20).contains(&self.max_memory) {
            return Err(CliError::usage(
                "--max-memory must be between 16 and 1048576 MiB",
            ));
        }
        Ok(self.max_memory * MIB)
    }
}

/// The store of the user's data directory, capped at `max_disk_mib` if given.
pub fn open_store(max_disk_mib: Option<u64>) -> CliResult<Store> {
    let dir = egdb_dir(&data_dir()?);
    Ok(Store::new(dir).with_max_disk(max_disk_mib.map(|m| m.saturating_mul(MIB))))
}

/// Seeds left in the houses of `pos`: the size of what is left to search.
pub fn seeds_left(pos: &Position) -> u32 {
    pos.total_seeds() - pos.store(Side::South) as u32 - pos.store(Side::North) as u32
}

/// The database size worth having for a position: big enough to cut the search's endgames,
/// small enough to pay for its own build, never more than the seeds left, and none when
/// under 30 seeds are left (the search alone is quick there). Kalah(6,4) standard takes 22
/// seeds: about a tenth more work than 21 cold, a third fewer nodes every time the stored
/// file serves again (docs/performance.md, session 14); under empty capture 19. Boards with
/// fewer houses get more seeds for the same number of positions, up to half the seeds in
/// play: Kalah(5,6) takes 30 (docs/performance.md, "5-house boards").
pub fn default_seeds(rules: &Rules, pos: &Position) -> u32 {
    let left = seeds_left(pos);
    if rules.early_end() || left < 30 {
        return 0;
    }
    let budget = match pos.total_seeds() {
        0..40 => 3_000_000,
        40..56 if rules.capture() == CaptureRule::Empty => 150_000_000,
        40..56 => 550_000_000,
        _ => 1_300_000_000,
    };
    let max = DEFAULT_MAX_SEEDS.max(pos.total_seeds() / 2).min(left);
    let mut k = 0;
    while k < max && entries(rules, k + 1) <= budget {
        k += 1;
    }
    k
}

/// True when a first solve of these rules, with nothing stored, should build one seed less
/// than [`default_seeds`]: where the database costs more than the search, as in Kalah(6,4)
/// standard from the start (the 22nd seed's level takes about 1.6 s to build and saves about
/// 1.2 s of search, docs/performance.md, session 23). The next solve grows the stored
/// database by that seed, which costs no more than that level.
pub fn first_builds_less(rules: &Rules, pos: &Position) -> bool {
    rules.houses() >= 6
        && rules.capture() == CaptureRule::Standard
        && (40..56).contains(&pos.total_seeds())
}

/// A table size that suits `seeds` seeds left in the houses. The table's memory is zeroed as
/// it is first touched (slowly on this kind of machine), so small searches get small tables:
/// 1 MiB up to 29 seeds, doubling every 3 seeds to 128 MiB at 48 (Kalah(6,4) from the start:
/// 5.55-5.70 s against 5.73-5.87 s with 64 MiB and 5.74-6.01 s with 256 MiB), then faster to
/// 8 GiB from 60 seeds; the memory cap comes on top.
pub fn default_hash(seeds: u32) -> usize {
    if seeds <= 48 {
        1 << (seeds.saturating_sub(27) / 3)
    } else {
        1 << (8 + (seeds - 48) * 5 / 12).min(13)
    }
}

/// The database a search uses and where it came from.
pub struct DbInfo {
    pub db: Arc<Database>,
    pub source: String,
    pub seconds: f64,
    /// The write to the store of a database just built, going on beside the search; held
    /// only for its `Drop`.
    #[allow(dead_code)]
    pub writing: Writing,
}

/// A database still being written to the store. Dropped at the end of the command, it waits
/// for the write, and warns if it failed: the answer never depends on it.
#[derive(Default)]
pub struct Writing(Option<Saving>);

impl Drop for Writing {
    fn drop(&mut self) {
        if let Some(Err(e)) = self.0.take().map(Saving::wait) {
            eprintln!(
                "warning: the endgame database was not stored ({e}); the next solve builds it again"
            );
        }
    }
}

/// What a search gets: its table size and its database.
pub struct Plan {
    pub hash_mib: usize,
    /// The most the table may grow to when a search proves hard: what the cap leaves for a
    /// default size, `hash_mib` itself for an explicit `--hash`.
    pub max_hash_mib: usize,
    pub db: Option<DbInfo>,
    /// The default table size when the memory cap cut it to `hash_mib`, on boards of 6 houses
    /// or more (on 5 the table's size hardly matters: docs/performance.md, session 13).
    pub cut_from_mib: Option<usize>,
    /// Seeds of a packed database that would fit the cap and cover more than the database
    /// chosen, when none is stored (see [`Plan::packed_note`]).
    pub packed_seeds: Option<u32>,
}

impl Plan {
    /// A note for the user when the cap cut the table of a big search: at 60 seeds left the
    /// table's size decides (Kalah(6,5) from the start: over 27 min with 512 MiB, 22.7 min
    /// with 8 GiB, docs/performance.md, session 18).
    pub fn cut_note(&self, max_memory: u64) -> Option<String> {
        let wanted = self.cut_from_mib.filter(|&w| w >= 4 * self.hash_mib)?;
        let db = self.db.as_ref().map_or(0, |d| d.db.bytes().div_ceil(MIB));
        Some(format!(
            "note: --max-memory {max_memory} leaves this search a {} MiB table where {wanted} MiB would suit it; long solves are much faster with more, e.g. --max-memory {}",
            self.hash_mib,
            wanted as u64 + db
        ))
    }
}

impl Plan {
    /// A note pointing to a packed database that covers more seeds within the same cap: at
    /// 51 seeds left, 26 packed seeds take a third of the time of 24 exact ones
    /// (docs/performance.md, session 20).
    pub fn packed_note(&self, max_memory: u64) -> Option<String> {
        let k = self.packed_seeds?;
        let have = self.db.as_ref().map_or(0, |d| d.db.max_seeds());
        let rules = self.db.as_ref()?.db.rules();
        Some(format!(
            "note: a packed endgame database would make long searches faster: `kalah egdb build -k {k} --packed` with the same rule flags (once; about {} MiB of memory while it builds, {} MiB on disk) lets searches within --max-memory {max_memory} use {k} seeds instead of {have}",
            packed_build_memory(&rules, k).div_ceil(MIB),
            entries(&rules, k).div_ceil(2).div_ceil(MIB),
        ))
    }
}

/// The most seeds of a packed database within `room` bytes, when that is at least two more
/// than `have` (the gain is about a third of the nodes per seed at 51 seeds left).
fn packed_fit(rules: &Rules, have: u32, left: u32, room: u64) -> Option<u32> {
    let mut k = have;
    while k < left.min(kalah_egdb::MAX_DB_SEEDS)
        && check_size(rules, k + 1).is_ok_and(|n| n.div_ceil(2) <= room)
    {
        k += 1;
    }
    (k >= have + 2).then_some(k)
}

/// Chooses the database and the table for `pos` within `--max-memory`: an explicit file, or
/// the largest stored database that fits and serves the position's default size, or a new one built
/// (and stored unless `--no-egdb-store`); then the table in what memory is left.
pub fn plan(
    pos: &Position,
    file: Option<&PathBuf>,
    seeds: Option<u32>,
    hash: Option<usize>,
    store_args: &StoreArgs,
    threads: usize,
    quiet: bool,
) -> CliResult<Plan> {
    let rules = pos.rules();
    let cap = store_args.cap_bytes()?;
    let t = Instant::now();
    let db = if let Some(path) = file {
        let db = Database::load(path, &rules)
            .map_err(|e| CliError::usage(format!("endgame database {}: {e}", path.display())))?;
        Some(DbInfo {
            db: Arc::new(db),
            source: format!("file {}", path.display()),
            seconds: t.elapsed().as_secs_f64(),
            writing: Writing::default(),
        })
    } else {
        let wanted = seeds.unwrap_or_else(|| default_seeds(&rules, pos));
        if wanted > 0 && rules.early_end() {
            return Err(CliError::usage(
                "endgame databases do not cover early-end rules; leave out --egdb-seeds",
            ));
        }
        let store = store_args.store()?;
        get_database(
            &rules,
            wanted,
            seeds.is_some(),
            seeds.is_none() && first_builds_less(&rules, pos),
            store.as_ref(),
            cap,
            threads,
            quiet,
        )?
    };
    let db_bytes = db.as_ref().map_or(0, |d| d.db.bytes());
    // Only where the default chose an exact database: a long search of a big board.
    let packed_seeds = match &db {
        Some(d) if file.is_none() && seeds.is_none() && !d.db.is_packed() => {
            packed_fit(&rules, d.db.max_seeds(), seeds_left(pos), db_room(cap))
        }
        _ => None,
    };
    let left = cap.saturating_sub(db_bytes);
    let mut cut_from_mib = None;
    let fit = 1usize << (left / MIB).max(1).ilog2();
    let hash_mib = match hash {
        Some(h) if h as u64 * MIB > left => {
            return Err(CliError::usage(format!(
                "--hash {h} MiB and a {} MiB endgame database exceed --max-memory {} MiB; raise --max-memory or lower --hash",
                db_bytes / MIB,
                store_args.max_memory
            )))
        }
        Some(h) => h,
        None => {
            let wanted = default_hash(seeds_left(pos));
            if wanted > fit && rules.houses() >= 6 {
                cut_from_mib = Some(wanted);
            }
            wanted.min(fit)
        }
    };
    Ok(Plan {
        hash_mib,
        max_hash_mib: if hash.is_some() {
            hash_mib
        } else {
            fit.min(MAX_HASH_MIB)
        },
        db,
        cut_from_mib,
        packed_seeds,
    })
}

/// The database of at least `wanted` seeds (none for 0), within `cap` bytes of memory: loaded
/// from the store, or built (grown from a smaller stored one if there is one). A default size
/// is lowered to fit the cap; an explicit one that does not fit is refused. With
/// `first_less`, a store without any database of the rules gets one seed less for now.
#[allow(clippy::too_many_arguments)]
fn get_database(
    rules: &Rules,
    wanted: u32,
    explicit: bool,
    first_less: bool,
    store: Option<&Store>,
    cap: u64,
    threads: usize,
    quiet: bool,
) -> CliResult<Option<DbInfo>> {
    if wanted == 0 {
        return Ok(None);
    }
    let t = Instant::now();
    let room = db_room(cap);
    if let Some(store) = store {
        // The largest stored database that fits: warm, more seeds cut the search more
        // (docs/performance.md). A file that fails its checks falls through to a rebuild.
        if let Some(path) = store.find_largest(rules, wanted, room) {
            match Database::load(&path, rules) {
                Ok(db) => {
                    return Ok(Some(DbInfo {
                        db: Arc::new(db),
                        source: format!("loaded {}", path.display()),
                        seconds: t.elapsed().as_secs_f64(),
                        writing: Writing::default(),
                    }))
                }
                // Never trusted: it goes, and the size wanted is built below.
                Err(e) => {
                    let _ = store.remove(&path);
                    eprintln!("warning: removed a damaged endgame database: {e}");
                }
            }
        }
    }
    let mut k = wanted;
    if first_less && store.is_some_and(|s| !s.holds_any(rules)) {
        k -= 1;
    }
    while k > 0 && !buildable(rules, k, cap) {
        if explicit {
            return Err(CliError::usage(format!(
                "an endgame database of {k} seeds needs about {} MiB to build and {} MiB to keep beside the table, more than --max-memory allows; raise --max-memory or ask for fewer seeds",
                build_memory(rules, k).div_ceil(MIB),
                (entries(rules, k) + entries(rules, k) / 7).div_ceil(MIB)
            )));
        }
        k -= 1;
    }
    if k == 0 {
        return Ok(None);
    }
    let bar = build_bar(rules, k, quiet);
    let progress = |done: u64, total: u64| {
        if let Some(b) = &bar {
            b.set_length(total);
            b.set_position(done);
        }
    };
    let (db, source, writing) = match store {
        Some(store) => {
            let (db, source, saving) = store
                .get_saving_behind(*rules, k, threads, &progress)
                .map_err(|e| CliError::usage(format!("endgame database: {e}")))?;
            let text = match source {
                Source::Loaded(p) => format!("loaded {}", p.display()),
                Source::Built(p, None) => format!("built and stored {}", p.display()),
                Source::Grown(p, k) => {
                    format!(
                        "grown from the stored {k}-seed database and stored {}",
                        p.display()
                    )
                }
                Source::Built(p, Some(why)) => {
                    eprintln!("warning: rebuilt a damaged endgame database: {why}");
                    format!("rebuilt and stored {}", p.display())
                }
            };
            (db, text, Writing(saving))
        }
        None => {
            let db = Database::build(*rules, k, threads, &progress)
                .map_err(|e| CliError::usage(format!("cannot build the endgame database: {e}")))?;
            (
                Arc::new(db),
                "built in memory".to_string(),
                Writing::default(),
            )
        }
    };
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    Ok(Some(DbInfo {
        db,
        source,
        seconds: t.elapsed().as_secs_f64(),
        writing,
    }))
}

/// The most a database may take of a memory cap: at least 1/8 is left to the table.
fn db_room(cap: u64) -> u64 {
    cap - cap / 8
}

/// True when a database of `k` seeds can be built and then used within `cap` bytes. The
/// build may take the whole cap (the table is made after it), part of its transposed copy on
/// top of the values (docs/egdb.md).
fn buildable(rules: &Rules, k: u32, cap: u64) -> bool {
    build_memory(rules, k) <= cap && entries(rules, k) <= db_room(cap)
}

/// A progress bar on stderr for a database build, on a terminal only.
pub fn build_bar(rules: &Rules, k: u32, quiet: bool) -> Option<ProgressBar> {
    if quiet || !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = ProgressBar::new(0);
    bar.set_style(
        ProgressStyle::with_template(
            "{msg} {elapsed_precise} [{bar:30}] {percent:>3}% {human_pos}/{human_len} positions, {eta} left",
        )
        .expect("a valid progress template")
        .progress_chars("=> "),
    );
    bar.set_message(format!(
        "building the endgame database of {k} seeds, {} houses:",
        rules.houses()
    ));
    bar.enable_steady_tick(std::time::Duration::from_millis(200));
    Some(bar)
}

#[cfg(test)]
mod tests {
    use super::*;
    use kalah_rules::parse_setup;

    fn seeds_for(houses: u8, seeds: u8, capture: CaptureRule) -> u32 {
        let rules = Rules::new(kalah_rules::RulesSetup {
            houses,
            seeds,
            capture,
            ..Default::default()
        })
        .unwrap();
        default_seeds(&rules, &Position::start(rules, Side::South))
    }

    #[test]
    fn database_sizes_follow_the_board() {
        use CaptureRule::{Empty, Standard};
        assert_eq!(seeds_for(4, 6, Empty), 24);
        assert_eq!(seeds_for(5, 5, Empty), 24);
        assert_eq!(seeds_for(5, 6, Empty), 30);
        assert_eq!(seeds_for(6, 3, Standard), 12);
        assert_eq!(seeds_for(6, 4, Standard), 22);
        assert_eq!(seeds_for(6, 4, Empty), 19);
        assert_eq!(seeds_for(6, 5, Standard), 24);
        assert_eq!(seeds_for(6, 6, Standard), 24);
        assert_eq!(seeds_for(4, 3, Standard), 0);
    }

    #[test]
    fn the_default_cap_builds_24_seeds_on_6_houses() {
        let rules: Rules = "standard".parse().unwrap();
        let cap = DEFAULT_MAX_MEMORY_MIB * MIB;
        // 1,194 MiB of values and 490 MiB of the build's transposed copy.
        assert!(buildable(&rules, 24, cap));
        assert!(!buildable(&rules, 25, cap));
        assert!(!buildable(&rules, 24, 1600 * MIB));
        assert!(buildable(&rules, 23, 1600 * MIB));
    }

    #[test]
    fn a_packed_database_of_26_seeds_fits_the_default_cap_on_6_houses() {
        let rules: Rules = "standard".parse().unwrap();
        let room = db_room(DEFAULT_MAX_MEMORY_MIB * MIB);
        // 1,291 MiB packed; 27 seeds would take 1,865 MiB.
        assert_eq!(packed_fit(&rules, 24, 51, room), Some(26));
        assert_eq!(packed_fit(&rules, 25, 51, room), None);
        assert_eq!(packed_fit(&rules, 22, 23, room), None);
        assert_eq!(packed_fit(&rules, 22, 24, room), Some(24));
        // The exact values beside the packed copy: 3,881 MiB peak measured (session 20).
        assert_eq!(packed_build_memory(&rules, 26).div_ceil(MIB), 3874);
    }

    #[test]
    fn table_sizes_grow_with_the_seeds() {
        assert_eq!(default_hash(12), 1);
        assert_eq!(default_hash(36), 8);
        assert_eq!(default_hash(48), 128);
        assert_eq!(default_hash(49), 256);
        assert_eq!(default_hash(60), 8192);
        assert_eq!(default_hash(200), 8192);
        for s in 1..200 {
            assert!(default_hash(s) <= default_hash(s + 1));
        }
    }

    fn kalah66(setup: &str) -> Position {
        let rules = Rules::new(kalah_rules::RulesSetup {
            seeds: 6,
            ..Default::default()
        })
        .unwrap();
        Position::from_setup(rules, &parse_setup(setup).unwrap()).unwrap()
    }

    #[test]
    fn a_late_position_of_a_big_game_gets_a_small_table_and_no_database() {
        // Kalah(6,6) with 10 seeds left in the houses.
        let pos = kalah66("<6,30,32,0,0,0,1,2,2,0,0,3,0,1,1> S");
        let args = memory_only(DEFAULT_MAX_MEMORY_MIB);
        let plan = plan(&pos, None, None, None, &args, 1, true).unwrap();
        assert_eq!(plan.hash_mib, 1);
        // It may grow to what the cap leaves, should the search prove hard.
        assert_eq!(plan.max_hash_mib, 1024);
        assert!(plan.db.is_none());
        assert_eq!(plan.cut_note(DEFAULT_MAX_MEMORY_MIB), None);
    }

    #[test]
    fn the_table_fits_the_memory_cap() {
        let pos = kalah66("<6,0,0,6,6,6,6,6,6,6,6,6,6,6,6> S");
        assert_eq!(default_hash(seeds_left(&pos)), 8192);
        let args = memory_only(100);
        let plan = plan(&pos, None, Some(0), None, &args, 1, true).unwrap();
        assert_eq!(plan.hash_mib, 64);
        assert_eq!(plan.max_hash_mib, 64);
        assert_eq!(plan.cut_from_mib, Some(8192));
        let note = plan.cut_note(100).unwrap();
        assert!(
            note.contains("64 MiB table") && note.contains("--max-memory 8192"),
            "{note}"
        );
        let err = plan_err(&pos, &args);
        assert!(err.contains("--max-memory"), "{err}");
    }

    #[test]
    fn an_explicit_table_size_does_not_grow() {
        let pos = kalah66("<6,30,32,0,0,0,1,2,2,0,0,3,0,1,1> S");
        let args = memory_only(DEFAULT_MAX_MEMORY_MIB);
        let plan = plan(&pos, None, None, Some(8), &args, 1, true).unwrap();
        assert_eq!((plan.hash_mib, plan.max_hash_mib), (8, 8));
    }

    /// Store arguments that keep databases in memory, under a cap of `max_memory` MiB.
    fn memory_only(max_memory: u64) -> StoreArgs {
        StoreArgs {
            max_memory,
            no_egdb_store: true,
            egdb_max_disk: None,
        }
    }

    fn plan_err(pos: &Position, args: &StoreArgs) -> String {
        match plan(pos, None, Some(0), Some(512), args, 1, true) {
            Err(e) => e.message,
            Ok(_) => panic!("a 512 MiB table fitted a 100 MiB cap"),
        }
    }
}
