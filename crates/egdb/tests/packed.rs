//! Packed databases (four bits per position): every bound holds the exact value, exact
//! entries agree with the byte database, and the file round-trips.

use kalah_egdb::{Database, EgdbError, PACKED_VERSION};
use kalah_rules::Rules;

/// Every pair of house vectors of `n` houses with at most `k` seeds in all.
fn positions(n: usize, k: u16) -> Vec<(Vec<u16>, Vec<u16>)> {
    fn vectors(n: usize, max: u16, out: &mut Vec<Vec<u16>>, cur: &mut Vec<u16>) {
        if cur.len() == n {
            out.push(cur.clone());
            return;
        }
        let used: u16 = cur.iter().sum();
        for s in 0..=max - used {
            cur.push(s);
            vectors(n, max, out, cur);
            cur.pop();
        }
    }
    let mut all = Vec::new();
    vectors(n, k, &mut all, &mut Vec::new());
    let mut out = Vec::new();
    for a in &all {
        let left = k - a.iter().sum::<u16>();
        for b in all.iter().filter(|b| b.iter().sum::<u16>() <= left) {
            out.push((a.clone(), b.clone()));
        }
    }
    out
}

fn lanes(v: &[u16]) -> u64 {
    v.iter()
        .enumerate()
        .map(|(j, &s)| (s as u64) << (8 * j))
        .sum()
}

/// Checks `packed` against `db` on every position; returns how many hold only a bound.
fn check(db: &Database, packed: &Database, n: usize, k: u16) -> usize {
    let mut bounded = 0;
    for (a, b) in positions(n, k) {
        let v = db.probe_houses(&a, &b).unwrap() as i32;
        let (lo, hi) = packed.probe_bounds_houses(&a, &b).unwrap();
        assert!(lo <= v && v <= hi, "{a:?} {b:?}: {v} not in {lo}..{hi}");
        assert_eq!(
            packed.probe_bounds_lanes(lanes(&a), lanes(&b)),
            Some((lo, hi))
        );
        let seeds = (a.iter().sum::<u16>() + b.iter().sum::<u16>()) as i32;
        assert!(
            -seeds <= lo && hi <= seeds,
            "{lo}..{hi} beyond {seeds} seeds"
        );
        if lo == hi {
            assert_eq!(packed.probe_houses(&a, &b), Some(v as i8));
            assert_eq!(packed.probe_lanes(lanes(&a), lanes(&b)), Some(v as i8));
        } else {
            bounded += 1;
            assert_eq!(packed.probe_houses(&a, &b), None);
            assert_eq!(packed.probe_lanes(lanes(&a), lanes(&b)), None);
        }
    }
    bounded
}

#[test]
fn bounds_hold_every_value_and_exact_entries_agree() {
    for rules in [
        "standard houses=3",
        "standard houses=3 capture=empty sweep=none",
    ] {
        let rules: Rules = rules.parse().unwrap();
        let db = Database::build(rules, 20, 2, &|_, _| {}).unwrap();
        let packed = db.pack().unwrap();
        assert!(packed.is_packed() && !db.is_packed());
        assert_eq!(packed.len(), db.len());
        assert_eq!(packed.bytes(), db.len().div_ceil(2));
        let bounded = check(&db, &packed, 3, 20);
        // 20 seeds hold more values than a window: some positions keep only a bound.
        assert!(bounded > 0, "{rules}: no bound to test");
        assert!(
            bounded * 10 < db.len() as usize,
            "{rules}: {bounded} bounds"
        );
    }
}

#[test]
fn a_packed_file_round_trips_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let rules: Rules = "standard houses=3".parse().unwrap();
    let db = Database::build(rules, 18, 2, &|_, _| {}).unwrap();
    let packed = db.pack().unwrap();
    let path = dir.path().join("packed.egdb");
    packed.save(&path).unwrap();
    let header = Database::read_header(&path).unwrap();
    assert_eq!(header.version, PACKED_VERSION);
    assert_eq!(header.windows.len(), 19);
    let size = std::fs::metadata(&path).unwrap().len();
    assert_eq!(size, header.header_len as u64 + db.len().div_ceil(2));
    let back = Database::open(&path).unwrap();
    assert!(back.is_packed());
    assert_eq!(back.checksum(), packed.checksum());
    check(&db, &back, 3, 18);
    assert!(matches!(back.pack(), Err(EgdbError::Packing(_))));
}

#[test]
fn early_end_databases_are_not_packed() {
    let rules: Rules = "standard houses=3 seeds=2 early-end=yes".parse().unwrap();
    let db = Database::build(rules, 6, 1, &|_, _| {}).unwrap();
    assert!(matches!(db.pack(), Err(EgdbError::Packing(_))));
}
