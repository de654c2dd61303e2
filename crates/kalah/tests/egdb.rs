//! `kalah egdb build` and `kalah egdb info` through the real binary.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn kalah(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kalah"))
        .current_dir(dir)
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
    assert!(dir
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
    let info = kalah(&dir, &["egdb", "info", name]);
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
