//! Saving, loading and refusing damaged or mismatched database files.

use kalah_egdb::{Checked, Database, EgdbError, FileProblem, FORMAT_VERSION};
use kalah_rules::{parse_setup, Position, Rules};
use std::path::Path;

fn small(rules: &str) -> (Rules, Database) {
    let rules: Rules = rules.parse().unwrap();
    (rules, Database::build(rules, 6, 2, &|_, _| {}).unwrap())
}

fn problem(err: EgdbError, path: &Path) -> FileProblem {
    match err {
        EgdbError::File { path: p, problem } => {
            assert_eq!(p, path);
            problem
        }
        other => panic!("expected a file error, got {other}"),
    }
}

#[test]
fn save_then_load_gives_the_same_values() {
    let dir = tempfile::tempdir().unwrap();
    let (rules, db) = small("standard houses=4 capture=empty");
    let path = dir.path().join("db.egdb");
    db.save(&path).unwrap();
    let back = Database::load(&path, &rules).unwrap();
    assert_eq!(back.len(), db.len());
    assert_eq!(back.max_seeds(), 6);
    assert_eq!(back.rules(), rules);
    assert_eq!(back.checksum(), db.checksum());
    let pos =
        Position::from_setup(rules, &parse_setup("<4,3,1,1,0,2,0,0,1,0,2> N").unwrap()).unwrap();
    assert_eq!(back.probe(&pos), db.probe(&pos));
    assert!(db.probe(&pos).is_some());
    let header = Database::read_header(&path).unwrap();
    assert_eq!(header.version, FORMAT_VERSION);
    assert_eq!(header.rules, rules.to_string());
    assert_eq!(header.entries, db.len());
    assert_eq!(header.houses, 4);
    assert_eq!(header.checksum, db.checksum());
    let bytes = std::fs::metadata(&path).unwrap().len();
    assert_eq!(bytes, header.header_len as u64 + db.len());
    // A different seeds-per-house count has the same values and is accepted.
    let five: Rules = "standard houses=4 capture=empty seeds=5".parse().unwrap();
    assert!(Database::load(&path, &five).is_ok());
}

#[test]
fn other_rules_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (_, db) = small("standard houses=3");
    let path = dir.path().join("db.egdb");
    db.save(&path).unwrap();
    let other: Rules = "standard houses=3 sweep=emptier".parse().unwrap();
    let err = Database::load(&path, &other).unwrap_err();
    let msg = err.to_string();
    assert!(
        msg.contains("db.egdb") && msg.contains("sweep=emptier"),
        "{msg}"
    );
    assert!(matches!(
        problem(err, &path),
        FileProblem::RulesMismatch { .. }
    ));
}

fn damaged(edit: impl Fn(&mut Vec<u8>)) -> (tempfile::TempDir, std::path::PathBuf, Rules) {
    let dir = tempfile::tempdir().unwrap();
    let (rules, db) = small("standard houses=3 end=mover-cannot-move");
    let path = dir.path().join("db.egdb");
    db.save(&path).unwrap();
    // The build recorded its checksum: the damage below must be found all the same.
    assert!(record(&path).exists());
    let mut bytes = std::fs::read(&path).unwrap();
    edit(&mut bytes);
    std::fs::write(&path, bytes).unwrap();
    (dir, path, rules)
}

#[test]
fn a_flipped_value_byte_fails_the_checksum() {
    let (_dir, path, rules) = damaged(|b| {
        let last = b.len() - 1;
        b[last] ^= 0x10;
    });
    let err = Database::load(&path, &rules).unwrap_err();
    assert!(matches!(problem(err, &path), FileProblem::Checksum { .. }));
}

fn record(path: &Path) -> std::path::PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".ok");
    name.into()
}

#[test]
fn a_stored_file_is_mapped_and_checked_once() {
    let dir = tempfile::tempdir().unwrap();
    let (rules, db) = small("standard houses=3");
    let path = dir.path().join("db.egdb");
    db.save(&path).unwrap();
    assert_eq!(db.checked(), Checked::Built);
    assert!(!db.is_mapped());
    // The build's record lets a load map the file without reading it.
    let back = Database::load(&path, &rules).unwrap();
    assert!(back.is_mapped());
    assert_eq!(back.checked(), Checked::Recorded);
    // Without a record (a file copied in, say) a load checks every byte, and records it
    // only once the file is old enough that a later write would change its time.
    std::fs::remove_file(record(&path)).unwrap();
    assert_eq!(
        Database::load(&path, &rules).unwrap().checked(),
        Checked::Now
    );
    assert!(record(&path).exists());
    assert_eq!(
        Database::load(&path, &rules).unwrap().checked(),
        Checked::Recorded
    );
    // `open` (what `kalah egdb info` uses) always checks in full.
    assert_eq!(Database::open(&path).unwrap().checked(), Checked::Now);
}

#[test]
fn a_copied_in_file_is_checked_until_it_is_old_enough_to_record() {
    let dir = tempfile::tempdir().unwrap();
    let (rules, db) = small("standard houses=3");
    let built = dir.path().join("built.egdb");
    db.save(&built).unwrap();
    let path = dir.path().join("db.egdb");
    std::fs::write(&path, std::fs::read(&built).unwrap()).unwrap();
    // Dated a minute ahead: "just written" however slowly this test runs.
    let f = std::fs::File::options().write(true).open(&path).unwrap();
    f.set_modified(std::time::SystemTime::now() + std::time::Duration::from_secs(60))
        .unwrap();
    drop(f);
    assert_eq!(
        Database::load(&path, &rules).unwrap().checked(),
        Checked::Now
    );
    assert!(!record(&path).exists(), "recorded a file written just now");
    assert_eq!(
        Database::load(&path, &rules).unwrap().checked(),
        Checked::Now
    );
}

#[test]
fn damage_that_leaves_the_file_time_alone_is_found_by_open_only() {
    // The limit of the record: it vouches for the file as its metadata stands. Damage that
    // keeps the length and the modification time (a disk fault, or this test putting the
    // time back) is served by `load` until the next full check; `open` finds it.
    let dir = tempfile::tempdir().unwrap();
    let (rules, db) = small("standard houses=3");
    let path = dir.path().join("db.egdb");
    db.save(&path).unwrap();
    let time = std::fs::metadata(&path).unwrap().modified().unwrap();
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x10;
    std::fs::write(&path, &bytes).unwrap();
    let f = std::fs::File::options().write(true).open(&path).unwrap();
    f.set_modified(time).unwrap();
    drop(f);
    assert_eq!(
        Database::load(&path, &rules).unwrap().checked(),
        Checked::Recorded
    );
    let err = Database::open(&path).unwrap_err();
    assert!(matches!(problem(err, &path), FileProblem::Checksum { .. }));
}

#[test]
fn a_mapped_database_keeps_its_values_when_the_file_is_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let rules: Rules = "standard houses=3".parse().unwrap();
    let path = dir.path().join("db.egdb");
    let six = Database::build(rules, 6, 1, &|_, _| {}).unwrap();
    six.save(&path).unwrap();
    let mapped = Database::load(&path, &rules).unwrap();
    assert!(mapped.is_mapped());
    let probes = |db: &Database| -> Vec<Option<i8>> {
        (0..=6u16)
            .flat_map(|a| (0..=6 - a).map(move |b| ([a, 0, b], [0, b, 0])))
            .map(|(m, t)| db.probe_houses(&m, &t))
            .collect()
    };
    let before = probes(&mapped);
    assert_eq!(before, probes(&six));
    // Another process stores a larger database under the same name (through a temporary
    // file and a rename): the map still reads the file it mapped.
    let other: Rules = "standard houses=3 capture=none".parse().unwrap();
    Database::build(other, 8, 1, &|_, _| {})
        .unwrap()
        .save(&path)
        .unwrap();
    assert_eq!(probes(&mapped), before);
    assert_eq!(mapped.max_seeds(), 6);
}

#[test]
fn a_truncated_file_is_refused() {
    let (_dir, path, rules) = damaged(|b| b.truncate(b.len() - 3));
    let err = Database::load(&path, &rules).unwrap_err();
    assert!(matches!(problem(err, &path), FileProblem::Size { .. }));
    let (_dir, path, rules) = damaged(|b| b.truncate(20));
    let err = Database::load(&path, &rules).unwrap_err();
    assert!(matches!(problem(err, &path), FileProblem::BadHeader(_)));
}

#[test]
fn another_version_or_magic_is_refused() {
    let (_dir, path, rules) = damaged(|b| b[8] = 99);
    let err = Database::load(&path, &rules).unwrap_err();
    assert!(matches!(
        problem(err, &path),
        FileProblem::Version { found: 99, .. }
    ));
    let (_dir, path, rules) = damaged(|b| b[0] = b'X');
    let err = Database::load(&path, &rules).unwrap_err();
    assert!(matches!(problem(err, &path), FileProblem::NotADatabase));
}

#[test]
fn inconsistent_header_fields_are_refused() {
    // max_seeds is at offset 16: claim one more seed than the values hold.
    let (_dir, path, rules) = damaged(|b| b[16] += 1);
    let err = Database::load(&path, &rules).unwrap_err();
    assert!(matches!(problem(err, &path), FileProblem::BadHeader(_)));
}

#[test]
fn a_missing_file_names_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("none.egdb");
    let err = Database::load(&path, &Rules::standard()).unwrap_err();
    assert!(err.to_string().contains("none.egdb"), "{err}");
    assert!(matches!(problem(err, &path), FileProblem::Io(_)));
}

#[test]
fn load_or_build_reuses_a_good_file_and_replaces_a_bad_one() {
    use kalah_egdb::{Loaded, Rebuilt};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cache.egdb");
    let rules: Rules = "standard houses=3".parse().unwrap();
    let none = &|_: u64, _: u64| {};
    let (db, how) = Database::load_or_build(&path, rules, 5, 1, none).unwrap();
    assert!(matches!(how, Loaded::Built(Rebuilt::Missing)), "{how:?}");
    let (again, how) = Database::load_or_build(&path, rules, 4, 1, none).unwrap();
    assert!(matches!(how, Loaded::FromFile), "{how:?}");
    assert_eq!((again.max_seeds(), again.checksum()), (5, db.checksum()));
    let (_, how) = Database::load_or_build(&path, rules, 6, 1, none).unwrap();
    assert!(
        matches!(how, Loaded::Built(Rebuilt::FewerSeeds(5))),
        "{how:?}"
    );
    let other: Rules = "standard houses=3 capture=none".parse().unwrap();
    let (db, how) = Database::load_or_build(&path, other, 6, 1, none).unwrap();
    assert!(
        matches!(
            how,
            Loaded::Built(Rebuilt::Refused(FileProblem::RulesMismatch { .. }))
        ),
        "{how:?}"
    );
    assert!(Database::load(&path, &other).is_ok());
    assert_eq!(db.rules(), other);
}

#[test]
fn thread_count_does_not_change_the_values() {
    let rules: Rules = "empty-capture houses=4".parse().unwrap();
    let one = Database::build(rules, 9, 1, &|_, _| {}).unwrap();
    let two = Database::build(rules, 9, 2, &|_, _| {}).unwrap();
    let three = Database::build(rules, 9, 3, &|_, _| {}).unwrap();
    assert_eq!(one.checksum(), two.checksum());
    assert_eq!(one.checksum(), three.checksum());
}

#[test]
fn progress_reaches_the_total() {
    use std::sync::atomic::{AtomicU64, Ordering};
    let last = AtomicU64::new(0);
    let rules: Rules = "standard houses=3".parse().unwrap();
    let db = Database::build(rules, 8, 2, &|done, total| {
        assert!(done <= total);
        last.fetch_max(done, Ordering::Relaxed);
    })
    .unwrap();
    assert_eq!(last.load(Ordering::Relaxed), db.len());
}

#[test]
fn a_database_can_be_shared_between_threads() {
    // Four threads probe one shared database at once and each finds what one thread finds
    // alone, for every position of up to 6 seeds in the houses of 2 x 2 houses.
    let (_, db) = small("standard houses=2");
    let mut positions = Vec::new();
    for a in 0..=6u16 {
        for b in 0..=6 - a {
            for c in 0..=6 - a - b {
                for d in 0..=6 - a - b - c {
                    positions.push(([a, b], [c, d]));
                }
            }
        }
    }
    let alone: Vec<_> = positions
        .iter()
        .map(|(m, t)| db.probe_houses(m, t))
        .collect();
    assert!(alone.iter().all(Option::is_some), "all within 6 seeds");
    let db = std::sync::Arc::new(db);
    let threads: Vec<_> = (0..4)
        .map(|_| {
            let (db, positions) = (db.clone(), positions.clone());
            std::thread::spawn(move || {
                positions
                    .iter()
                    .map(|(m, t)| db.probe_houses(m, t))
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    for t in threads {
        assert_eq!(t.join().unwrap(), alone);
    }
    // Its errors cross threads too: a save failing on a worker thread is read by the caller.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("no-such-folder").join("db.egdb");
    let worker = {
        let (db, path) = (db.clone(), path.clone());
        std::thread::spawn(move || db.save(&path))
    };
    let err: EgdbError = worker.join().unwrap().unwrap_err();
    assert!(matches!(problem(err, &path), FileProblem::Write(_)));
}

#[test]
fn a_file_that_cannot_be_written_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("no-such-folder").join("db.egdb");
    let (_, db) = small("standard houses=2");
    let err = db.save(&path).unwrap_err();
    let msg = err.to_string();
    assert!(
        msg.contains("db.egdb") && msg.contains("cannot write"),
        "{msg}"
    );
    assert!(matches!(problem(err, &path), FileProblem::Write(_)));
}
