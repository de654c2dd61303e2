//! How `solve` and `analyze` get their endgame database and size their table: the sizes are
//! `kalah_egdb::sizing`'s (the policy Python and the server share); this module loads from
//! the store in the data directory what an earlier run built, builds, and talks to the user.

use crate::data::{data_dir, egdb_dir};
use crate::error::{CliError, CliResult};
use clap::Args;
use indicatif::{HumanCount, HumanDuration, ProgressBar, ProgressState, ProgressStyle};
use kalah_egdb::sizing::{
    self, buildable, db_room, first_builds_less, packed_fit, seeds_left, MIB,
};
pub use kalah_egdb::sizing::{default_seeds, DEFAULT_MAX_MEMORY_MIB, MAX_HASH_MIB};
use kalah_egdb::{build_memory, entries, packed_build_memory, Database, Saving, Source, Store};
use kalah_rules::{Position, Rules};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

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
    /// The database this search should have had, one seed larger than the one it got: grown
    /// in the background once the command has answered ([`Growth::start`]).
    pub grow: Option<Growth>,
}

/// A stored database to grow by a seed, off the user's path.
#[derive(Debug, Clone)]
pub struct Growth {
    pub rules: Rules,
    pub seeds: u32,
    pub max_disk: Option<u64>,
}

impl Growth {
    /// Grows the stored database to the size this search wanted, in a process of its own at
    /// the lowest priority that outlives this command: `kalah egdb build -k K` with these
    /// rules, which grows the stored file by its last level and stores it under its build
    /// lock. The next solve loads it, instead of growing it first (session 23 had the second
    /// Kalah(6,4) solve of a fresh store take 4.3 s where the third took 2.2 s). Nothing
    /// happens when another process holds the lock (a growth already under way), or when
    /// `KALAH_BACKGROUND_GROWTH=0`. Answers whether a growth was started.
    pub fn start(&self) -> bool {
        let g = self;
        if std::env::var("KALAH_BACKGROUND_GROWTH").is_ok_and(|v| v == "0" || v == "no") {
            return false;
        }
        let Ok(store) = open_store(g.max_disk) else {
            return false;
        };
        // Taken by a build under way: that one stores it.
        let mut lock = store.path_for(&g.rules, g.seeds).into_os_string();
        lock.push(".lock");
        if let Ok(f) = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&lock)
        {
            if fs4::FileExt::try_lock(&f).is_err() {
                return false;
            }
        }
        let Ok(exe) = std::env::current_exe() else {
            return false;
        };
        let mut args: Vec<String> = rule_flags(&g.rules);
        args.extend([
            "egdb".into(),
            "build".into(),
            "-k".into(),
            g.seeds.to_string(),
        ]);
        if let Some(m) = g.max_disk {
            args.extend(["--egdb-max-disk".into(), m.to_string()]);
        }
        let quiet = |c: &mut std::process::Command| {
            c.stdin(std::process::Stdio::null())
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null());
        };
        let mut niced = std::process::Command::new("nice");
        niced.args(["-n", "19"]).arg(&exe).args(&args);
        quiet(&mut niced);
        if niced.spawn().is_ok() {
            return true;
        }
        let mut plain = std::process::Command::new(&exe);
        plain.args(&args);
        quiet(&mut plain);
        plain.spawn().is_ok()
    }
}

/// The command-line flags that give `rules`.
pub fn rule_flags(rules: &Rules) -> Vec<String> {
    use kalah_rules::{CaptureRule, EndRule, SweepRule};
    let yes_no = |b: bool| if b { "yes" } else { "no" };
    vec![
        format!("--houses={}", rules.houses()),
        format!("--seeds={}", rules.seeds()),
        format!(
            "--capture={}",
            match rules.capture() {
                CaptureRule::Standard => "standard",
                CaptureRule::Empty => "empty",
                CaptureRule::None => "none",
            }
        ),
        format!(
            "--end={}",
            match rules.end() {
                EndRule::EitherEmpty => "either-empty",
                EndRule::MoverCannotMove => "mover-cannot-move",
            }
        ),
        format!(
            "--sweep={}",
            match rules.sweep() {
                SweepRule::Owner => "owner",
                SweepRule::Emptier => "emptier",
                SweepRule::None => "none",
            }
        ),
        format!("--early-end={}", yes_no(rules.early_end())),
        format!("--pie={}", yes_no(rules.pie())),
        format!("--both-stores={}", yes_no(rules.both_stores())),
    ]
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
    plan_with(pos, file, seeds, hash, store_args, threads, quiet, false)
}

/// [`plan`] for a user's command that answers and ends (`solve`, `analyze`): with
/// `grow_later`, a stored database one seed short of the default size serves this search
/// as it is, and [`Plan::grow`] says what to grow in the background afterwards
/// ([`Growth::start`]); without, it is grown first, as a long build wants.
#[allow(clippy::too_many_arguments)]
pub fn plan_with(
    pos: &Position,
    file: Option<&PathBuf>,
    seeds: Option<u32>,
    hash: Option<usize>,
    store_args: &StoreArgs,
    threads: usize,
    quiet: bool,
    grow_later: bool,
) -> CliResult<Plan> {
    let rules = pos.rules();
    let cap = store_args.cap_bytes()?;
    let t = Instant::now();
    let mut grow = None;
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
        let (db, later) = get_database(
            &rules,
            wanted,
            seeds.is_some(),
            seeds.is_none() && first_builds_less(&rules, pos),
            grow_later,
            store.as_ref(),
            cap,
            threads,
            quiet,
        )?;
        grow = later.filter(|_| grow_later).map(|seeds| Growth {
            rules,
            seeds,
            max_disk: store_args.egdb_max_disk,
        });
        db
    };
    let db_bytes = db.as_ref().map_or(0, |d| d.db.bytes());
    // Only where the default chose an exact database: a long search of a big board.
    let packed_seeds = match &db {
        Some(d) if file.is_none() && seeds.is_none() && !d.db.is_packed() => {
            packed_fit(&rules, d.db.max_seeds(), seeds_left(pos), db_room(cap))
        }
        _ => None,
    };
    let table = sizing::table(pos, cap, db_bytes, hash).map_err(|e| {
        CliError::usage(format!(
            "--hash {} MiB and a {} MiB endgame database exceed --max-memory {} MiB; raise --max-memory or lower --hash",
            e.hash_mib, e.db_mib, store_args.max_memory
        ))
    })?;
    Ok(Plan {
        hash_mib: table.hash_mib,
        max_hash_mib: table.max_hash_mib,
        db,
        cut_from_mib: table.cut_from_mib,
        packed_seeds,
        grow,
    })
}

/// The database of at least `wanted` seeds (none for 0), within `cap` bytes of memory: loaded
/// from the store, or built (grown from a smaller stored one if there is one). A default size
/// is lowered to fit the cap; an explicit one that does not fit is refused. With
/// `first_less`, a store without any database of the rules gets one seed less for now. A
/// default size one seed larger than the largest stored database is not grown now: the
/// stored one serves this search, and the seeds to grow it to are answered beside it (grown
/// in the background after the command, [`Growth::start`]), as they are after a
/// first build of one seed less.
#[allow(clippy::too_many_arguments)]
fn get_database(
    rules: &Rules,
    wanted: u32,
    explicit: bool,
    first_less: bool,
    grow_later: bool,
    store: Option<&Store>,
    cap: u64,
    threads: usize,
    quiet: bool,
) -> CliResult<(Option<DbInfo>, Option<u32>)> {
    if wanted == 0 {
        return Ok((None, None));
    }
    let t = Instant::now();
    let room = db_room(cap);
    if let Some(store) = store {
        // The largest stored database that fits: warm, more seeds cut the search more
        // (docs/performance.md). A file that fails its checks falls through to a rebuild.
        // Short of the size wanted by a seed, by default, the stored one serves now and
        // grows later.
        let found = store.find_largest(rules, wanted, room).map(|p| (p, None));
        let found = found.or_else(|| {
            let grows = grow_later && !explicit && wanted > 1 && buildable(rules, wanted, cap);
            grows
                .then(|| store.find_largest(rules, wanted - 1, room))
                .flatten()
                .map(|p| (p, Some(wanted)))
        });
        if let Some((path, later)) = found {
            match Database::load(&path, rules) {
                Ok(db) => {
                    let later = later.filter(|_| db.max_seeds() < wanted);
                    return Ok((
                        Some(DbInfo {
                            db: Arc::new(db),
                            source: format!("loaded {}", path.display()),
                            seconds: t.elapsed().as_secs_f64(),
                            writing: Writing::default(),
                        }),
                        later,
                    ));
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
    let mut later = None;
    if first_less && store.is_some_and(|s| !s.holds_any(rules)) {
        k -= 1;
        later = Some(wanted);
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
        return Ok((None, None));
    }
    let later = later.filter(|&w| buildable(rules, w, cap));
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
    Ok((
        Some(DbInfo {
            db,
            source,
            seconds: t.elapsed().as_secs_f64(),
            writing,
        }),
        later,
    ))
}

/// A progress bar on stderr for a database build, on a terminal only.
pub fn build_bar(rules: &Rules, k: u32, quiet: bool) -> Option<ProgressBar> {
    if quiet || !std::io::stderr().is_terminal() {
        return None;
    }
    // No length until the build has counted its positions: no "100% 0/0" at the start, and
    // no estimate of the time left from its first second (indicatif says "10w").
    let bar = ProgressBar::no_length();
    bar.set_style(
        ProgressStyle::with_template("{msg} {elapsed_precise} [{bar:30}] {done}{left}")
            .expect("a valid progress template")
            .with_key("done", |s: &ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = match s.len() {
                    None | Some(0) => write!(w, "counting the positions"),
                    Some(len) => write!(
                        w,
                        "{:>3}% {}/{} positions",
                        (s.fraction() * 100.0) as u32,
                        HumanCount(s.pos()),
                        HumanCount(len)
                    ),
                };
            })
            .with_key("left", |s: &ProgressState, w: &mut dyn std::fmt::Write| {
                if s.pos() > 0 && s.elapsed().as_secs() >= 3 {
                    let _ = write!(w, ", {} left", HumanDuration(s.eta()));
                }
            })
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
    use kalah_egdb::sizing::default_hash;
    use kalah_rules::parse_setup;

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
