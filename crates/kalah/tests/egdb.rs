//! `kalah egdb build|list|remove|info` and the database store of `kalah solve` through the
//! real binary, each test with its own data directory.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn kalah(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kalah"))
        .current_dir(dir)
        .env("KALAH_DATA", dir.join("data"))
        .args(args)
        .output()
        .expect("the kalah binary runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A fresh directory under the system's temporary directory.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kalah-egdb-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn build_then_info() {
    let dir = temp_dir("build");
    let out = kalah(
        &dir,
        &[
            "egdb",
            "build",
            "--houses",
            "4",
            "--capture",
            "empty",
            "-k",
            "6",
            "--out",
            "t.egdb",
            "--threads",
            "2",
        ],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).starts_with("wrote t.egdb: 3003 entries"));
    let info = kalah(&dir, &["egdb", "info", "t.egdb"]);
    assert!(info.status.success(), "{}", text(&info.stderr));
    let shown = text(&info.stdout);
    assert!(shown.contains("rules: houses=4 seeds=4 capture=empty end=either-empty sweep=owner early-end=no pie=no both-stores=no"), "{shown}");
    assert!(shown.contains("max seeds: 6"), "{shown}");
    assert!(shown.contains("entries: 3003"), "{shown}");
    assert!(shown.contains(" OK"), "{shown}");

    // A damaged value byte: info names the file and the checksum.
    let path = dir.join("t.egdb");
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&path, bytes).unwrap();
    let bad = kalah(&dir, &["egdb", "info", "t.egdb"]);
    assert_eq!(bad.status.code(), Some(2));
    let err = text(&bad.stderr);
    assert!(
        err.starts_with("error: ") && err.contains("t.egdb") && err.contains("checksum"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn default_file_name_comes_from_the_rules() {
    let dir = temp_dir("name");
    let out = kalah(
        &dir,
        &[
            "egdb", "build", "--houses", "3", "--sweep", "emptier", "-k", "4",
        ],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let store = dir.join("data").join("egdb");
    assert!(store
        .join("egdb-h3-standard-either-empty-emptier-k4.egdb")
        .is_file());
    // Under early end the seeds per house set the game's total, so they are in the name.
    let out = kalah(
        &dir,
        &[
            "--rules", "bga", "--houses", "2", "egdb", "build", "-k", "3",
        ],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let name = "egdb-h2-standard-mover-cannot-move-owner-early-end-s4-k3.egdb";
    let info = kalah(&dir, &["egdb", "info", store.join(name).to_str().unwrap()]);
    assert!(info.status.success(), "{}", text(&info.stderr));
    // 35 house vectors (C(7, 4)) times 4 store splits.
    let shown = text(&info.stdout);
    assert!(shown.contains("entries: 140"), "{shown}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn unsupported_requests_are_one_line_errors() {
    let dir = temp_dir("errors");
    for (args, says) in [
        (
            &["--houses", "16", "egdb", "build", "-k", "60"][..],
            "choose fewer seeds",
        ),
        (&["egdb", "build", "-k", "300"][..], "at most 127"),
        (
            &["egdb", "build", "-k", "4", "--threads", "0"][..],
            "--threads",
        ),
        (&["egdb", "info", "missing.egdb"][..], "missing.egdb"),
    ] {
        let out = kalah(&dir, args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = text(&out.stderr);
        assert!(
            err.starts_with("error: ") && err.contains(says),
            "{args:?}: {err}"
        );
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    }
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        0,
        "nothing written"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

fn solve_json(dir: &Path, extra: &[&str]) -> serde_json::Value {
    // Kalah(4,4) with capture=empty: 32 seeds, so `solve` wants a database by default.
    let mut args = vec!["--houses", "4", "solve", "--json", "--threads", "1"];
    args.extend_from_slice(extra);
    let out = kalah(dir, &args);
    assert!(out.status.success(), "{}", text(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

fn source(v: &serde_json::Value) -> String {
    v["database"]["source"]
        .as_str()
        .unwrap_or("none")
        .to_string()
}

#[test]
fn a_database_that_cannot_be_stored_only_warns() {
    let dir = temp_dir("unstored");
    let first = solve_json(&dir, &[]);
    let name = source(&first).rsplit('/').next().unwrap().to_string();
    let _ = std::fs::remove_dir_all(dir.join("data"));
    // A folder where the file goes: the write beside the search fails at its rename.
    let egdb = dir.join("data").join("egdb");
    std::fs::create_dir_all(egdb.join(&name).join("in-the-way")).unwrap();
    let args = ["--houses", "4", "solve", "--json", "--threads", "1"];
    let out = kalah(&dir, &args);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(
        err.contains("warning: the endgame database was not stored")
            && err.contains("the next solve builds it again"),
        "{err}"
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["value"], first["value"]);
    let names: Vec<_> = std::fs::read_dir(&egdb)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert!(names.iter().all(|n| !n.contains(".part")), "{names:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_second_solve_loads_what_the_first_stored() {
    let dir = temp_dir("second");
    let first = solve_json(&dir, &[]);
    assert!(source(&first).starts_with("built and stored"), "{first}");
    let second = solve_json(&dir, &[]);
    assert!(source(&second).starts_with("loaded"), "{second}");
    // Mapped, and not read: the build recorded its checksum beside the file.
    assert_eq!(first["database"]["mapped"], false, "{first}");
    assert_eq!(first["database"]["checked"], "built", "{first}");
    assert_eq!(second["database"]["mapped"], true, "{second}");
    assert_eq!(second["database"]["checked"], "recorded", "{second}");
    assert_eq!(first["value"], second["value"]);
    assert_eq!(first["best_moves"], second["best_moves"]);
    // Without the store nothing is read or written.
    let mem = solve_json(&dir, &["--no-egdb-store"]);
    assert_eq!(source(&mem), "built in memory");
    assert_eq!(mem["value"], first["value"]);

    // list shows it, remove deletes it.
    let listed = text(&kalah(&dir, &["egdb", "list"]).stdout);
    assert!(listed.contains("1 databases"), "{listed}");
    let name = listed
        .split_whitespace()
        .find(|w| w.ends_with(".egdb"))
        .unwrap()
        .to_string();
    let record = dir.join("data").join("egdb").join(format!("{name}.ok"));
    assert!(record.exists());
    let out = kalah(&dir, &["egdb", "remove", &name]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let listed = text(&kalah(&dir, &["egdb", "list"]).stdout);
    assert!(listed.contains("no databases stored"), "{listed}");
    assert!(!record.exists(), "the record goes with the file");
    let out = kalah(&dir, &["egdb", "remove", &name]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("kalah egdb list"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Kalah(6,4) standard wants 22 seeds, but with nothing stored a first solve builds 21 (as
/// fast as before the store existed); once it has answered, it grows the stored file by the
/// 22nd seed's level in a process of its own, in the background, and the next solve loads
/// it. With the growth turned off (`KALAH_BACKGROUND_GROWTH=0`), the next solve does not
/// grow it on its own path either: the 21-seed file serves it.
#[test]
fn a_first_kalah_6_4_solve_builds_a_seed_less_and_it_grows_in_the_background() {
    let dir = temp_dir("grow");
    let solve_in = |dir: &Path, extra: &[&str], growth: &str| {
        let pos = ["--position", "<6,5,5,4,4,3,3,3,3,3,3,3,3,3,3> S"];
        let out = Command::new(env!("CARGO_BIN_EXE_kalah"))
            .current_dir(dir)
            .env("KALAH_DATA", dir.join("data"))
            .env("KALAH_BACKGROUND_GROWTH", growth)
            .args([&["solve", "--json"], extra, &pos[..]].concat())
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", text(&out.stderr));
        serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()
    };
    let solve = || solve_in(&dir, &[], "1");
    let first = solve();
    assert!(source(&first).starts_with("built and stored"), "{first}");
    assert_eq!(first["database"]["max_seeds"], 21);
    // The growth stores the 22-seed file under its build lock: wait for it.
    let grown = dir
        .join("data")
        .join("egdb")
        .join("egdb-h6-standard-either-empty-owner-k22.egdb");
    let waited = std::time::Instant::now();
    while !grown.exists() {
        assert!(
            waited.elapsed() < std::time::Duration::from_secs(300),
            "no 22-seed database grown in the background"
        );
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    let second = solve();
    assert!(source(&second).starts_with("loaded"), "{second}");
    assert_eq!(second["database"]["max_seeds"], 22);
    let third = solve();
    assert!(source(&third).starts_with("loaded"), "{third}");
    assert_eq!(third["database"]["max_seeds"], 22);
    // The same best moves, in whichever order the threads found them.
    let best = |v: &serde_json::Value| {
        let mut m: Vec<String> = v["best_moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().to_string())
            .collect();
        m.sort();
        m
    };
    for v in [&second, &third] {
        assert_eq!(v["value"], first["value"]);
        assert_eq!(best(v), best(&first));
    }
    // Grown or built whole, the same bytes.
    let out = kalah(&dir, &["egdb", "build", "-k", "22", "--out", "whole.egdb"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let checksum = |o: &Output| {
        let t = text(&o.stdout);
        t[t.find("checksum ").unwrap()..][..17].to_string()
    };
    let stored = kalah(&dir, &["egdb", "build", "-k", "22"]);
    assert!(
        text(&stored.stdout).starts_with("already stored"),
        "{}",
        text(&stored.stdout)
    );
    assert_eq!(checksum(&out), checksum(&stored));
    let _ = std::fs::remove_dir_all(&dir);
    // A size asked for is not lowered, even with nothing stored.
    let dir = temp_dir("grow-explicit");
    let v = solve_in(&dir, &["--egdb-seeds", "20"], "1");
    assert_eq!(v["database"]["max_seeds"], 20, "{v}");
    let _ = std::fs::remove_dir_all(&dir);
    // Without the growth in the background, the stored 21 seeds serve the next solves.
    let dir = temp_dir("grow-off");
    for _ in 0..2 {
        let v = solve_in(&dir, &[], "0");
        assert_eq!(v["database"]["max_seeds"], 21, "{v}");
    }
    assert!(!dir
        .join("data")
        .join("egdb")
        .join("egdb-h6-standard-either-empty-owner-k22.egdb")
        .exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn egdb_build_says_it_grows_a_stored_database() {
    let dir = temp_dir("grow-build");
    let out = kalah(&dir, &["--houses", "4", "egdb", "build", "-k", "8"]);
    assert!(
        text(&out.stderr).starts_with("building "),
        "{}",
        text(&out.stderr)
    );
    let out = kalah(&dir, &["--houses", "4", "egdb", "build", "-k", "10"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr)
            .starts_with("growing the stored 8-seed database to 43758 entries (10 seeds"),
        "{}",
        text(&out.stderr)
    );
    assert!(
        text(&out.stdout).contains("10 seeds, grown from the stored 8-seed database"),
        "{}",
        text(&out.stdout)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_damaged_stored_file_is_reported_and_rebuilt() {
    let dir = temp_dir("damaged");
    let first = solve_json(&dir, &[]);
    let store = dir.join("data").join("egdb");
    let file = std::fs::read_dir(&store)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "egdb"))
        .unwrap();
    let bytes = std::fs::read(&file).unwrap();
    std::fs::write(&file, &bytes[..bytes.len() - 10]).unwrap();
    let out = kalah(
        &dir,
        &["--houses", "4", "solve", "--json", "--threads", "1"],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(
        err.contains("damaged endgame database") && err.contains("truncated"),
        "{err}"
    );
    let again: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(source(&again).contains("stored"), "{again}");
    assert_eq!(again["value"], first["value"]);
    assert_eq!(std::fs::read(&file).unwrap(), bytes);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn concurrent_processes_both_end_with_a_good_file() {
    let dir = temp_dir("concurrent");
    let args = [
        "--houses",
        "5",
        "egdb",
        "build",
        "-k",
        "16",
        "--threads",
        "1",
    ];
    let spawn = || {
        Command::new(env!("CARGO_BIN_EXE_kalah"))
            .current_dir(&dir)
            .env("KALAH_DATA", dir.join("data"))
            .args(args)
            .output()
            .unwrap()
    };
    let (a, b) = std::thread::scope(|s| {
        let a = s.spawn(spawn);
        let b = s.spawn(spawn);
        (a.join().unwrap(), b.join().unwrap())
    });
    for out in [&a, &b] {
        assert!(out.status.success(), "{}", text(&out.stderr));
    }
    let said = text(&a.stdout) + &text(&b.stdout);
    // One built it, the other waited for the lock and loaded it.
    assert!(
        said.contains("already stored") && said.contains("stored "),
        "{said}"
    );
    let store = dir.join("data").join("egdb");
    let names: Vec<String> = std::fs::read_dir(&store)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert!(names.iter().all(|n| !n.contains(".part")), "{names:?}");
    let file = store.join("egdb-h5-standard-either-empty-owner-k16.egdb");
    let info = kalah(&dir, &["egdb", "info", file.to_str().unwrap()]);
    assert!(info.status.success(), "{}", text(&info.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_build_over_the_disk_cap_says_how_to_raise_it() {
    let dir = temp_dir("cap");
    let out = kalah(
        &dir,
        &[
            "--houses",
            "5",
            "egdb",
            "build",
            "-k",
            "16",
            "--egdb-max-disk",
            "1",
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("--egdb-max-disk") && err.contains("kalah egdb remove"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Without -k the build takes the size `kalah solve` would build for the rules; where solve
/// builds none, it asks for -k.
#[test]
fn build_without_k_takes_the_solve_default() {
    let dir = temp_dir("default-k");
    let out = kalah(&dir, &["--seeds", "3", "egdb", "build"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains("12 seeds: the size `kalah solve` builds"),
        "{err}"
    );
    assert!(dir
        .join("data/egdb/egdb-h6-standard-either-empty-owner-k12.egdb")
        .exists());
    let out = kalah(&dir, &["--houses", "4", "--seeds", "2", "egdb", "build"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("give the size with -k K"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_stored_packed_database_serves_solve_with_the_same_answer() {
    let dir = temp_dir("packed");
    let exact = solve_json(&dir, &[]);
    assert_eq!(exact["database"]["packed"], false, "{exact}");
    let rules = ["--houses", "4"];
    let out = kalah(
        &dir,
        &[&rules[..], &["egdb", "build", "-k", "22", "--packed"]].concat(),
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(said.starts_with("stored "), "{said}");
    assert!(said.contains("-k22-packed.egdb: "), "{said}");
    assert!(said.contains("22 seeds, packed (4 bits each)"), "{said}");
    // From the exact database the solve stored.
    let from = exact["database"]["max_seeds"].as_u64().unwrap();
    assert!(
        text(&out.stderr).starts_with(&format!("growing the stored {from}-seed database to ")),
        "{}",
        text(&out.stderr)
    );
    // Asked again: loaded, and it says so before it loads.
    let again = kalah(
        &dir,
        &[&rules[..], &["egdb", "build", "-k", "22", "--packed"]].concat(),
    );
    assert!(again.status.success(), "{}", text(&again.stderr));
    assert!(text(&again.stdout).starts_with("already stored "));
    assert!(
        text(&again.stderr).starts_with("loading the stored "),
        "{}",
        text(&again.stderr)
    );
    let listed = text(&kalah(&dir, &["egdb", "list"]).stdout);
    assert!(listed.contains("22 seeds packed"), "{listed}");
    let path = dir
        .join("data")
        .join("egdb")
        .join("egdb-h4-standard-either-empty-owner-k22-packed.egdb");
    let info = text(&kalah(&dir, &["egdb", "info", path.to_str().unwrap()]).stdout);
    assert!(info.contains("format version: 2"), "{info}");
    assert!(info.contains("packed: 4 bits per position"), "{info}");
    assert!(info.contains(" OK"), "{info}");

    // The larger packed file now serves, with the same value and best moves.
    let packed = solve_json(&dir, &[]);
    assert_eq!(packed["database"]["packed"], true, "{packed}");
    assert_eq!(packed["database"]["max_seeds"], 22, "{packed}");
    assert_eq!(packed["value"], exact["value"]);
    assert_eq!(packed["best_moves"], exact["best_moves"]);

    let out = kalah(
        &dir,
        &["--early-end", "egdb", "build", "-k", "6", "--packed"],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("leave out --packed"),
        "{}",
        text(&out.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Ctrl-C during `kalah egdb build` stops the build at once: exit 130, a message, and no
/// database file in the store (only the build lock), so the next build starts afresh.
#[test]
fn ctrl_c_stops_a_build_and_stores_nothing() {
    use std::io::{BufRead, BufReader};
    use std::time::{Duration, Instant};
    let dir = temp_dir("ctrl-c");
    let mut child = Command::new(env!("CARGO_BIN_EXE_kalah"))
        .current_dir(&dir)
        .env("KALAH_DATA", dir.join("data"))
        .args(["egdb", "build", "-k", "20", "--threads", "2"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the kalah binary runs");
    let mut err = BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    err.read_line(&mut line).unwrap();
    assert!(line.starts_with("building "), "{line}");
    std::thread::sleep(Duration::from_millis(300));
    let sent = Instant::now();
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let status = child.wait().unwrap();
    let took = sent.elapsed();
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut err, &mut rest).unwrap();
    assert_eq!(status.code(), Some(130), "{rest}");
    assert!(took < Duration::from_secs(3), "{took:?} to stop");
    assert!(
        rest.contains("stopped by Ctrl-C: no database was written"),
        "{rest}"
    );
    let names: Vec<String> = std::fs::read_dir(dir.join("data/egdb"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert!(names.iter().all(|n| n.ends_with(".lock")), "{names:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
