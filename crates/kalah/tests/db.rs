//! `kalah db check` and `kalah db backup` through the real binary.

use kalah_storage::{Db, GameRow, Write};
use std::path::Path;
use std::process::{Command, Output};

fn kalah(data: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kalah"))
        .args(args)
        .arg("--data")
        .arg(data)
        .output()
        .expect("run kalah")
}

fn game(db: &mut Db, id: &str, moves: &[&str]) {
    let mut row = GameRow::new(
        id,
        "houses=6 seeds=4 capture=standard end=either-empty sweep=owner early-end=no pie=no both-stores=no",
        "<6,0,0,4,4,4,4,4,4,4,4,4,4,4,4> S",
        "friend",
        1,
    );
    row.south_token = "a".into();
    row.north_token = "b".into();
    let mut writes = vec![Write::Create(Box::new(row))];
    for (i, m) in moves.iter().enumerate() {
        writes.push(Write::Move {
            game: id.into(),
            ply: i as u32 + 1,
            mv: m.to_string(),
            status: "playing".into(),
            at: 2,
            position: None,
            comment: None,
        });
    }
    assert!(db.apply(writes).iter().all(Result::is_ok));
}

#[test]
fn check_and_backup_a_server_database() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir(&data).unwrap();
    let mut db = Db::open(&data.join("games.db")).unwrap();
    game(&mut db, "good1", &["3", "6"]);
    game(&mut db, "good2", &["1"]);

    let out = kalah(&data, &["db", "check"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("2 games, all sound"));

    // A backup while this connection stays open, as a running server's would.
    let copy = dir.path().join("copy.db");
    let out = kalah(&data, &["db", "backup", copy.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("backed up 2 games"));
    let restored = Db::open(&copy).unwrap();
    assert_eq!(restored.load("good1").unwrap().unwrap().moves, ["3", "6"]);

    // A game whose moves do not replay is reported, and the exit code says so.
    game(&mut db, "bad", &["3", "9"]);
    let out = kalah(&data, &["db", "check"]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("game bad:"), "{stdout}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("1 problem in 3 games"));

    // Backing up onto the database itself is refused.
    let out = kalah(
        &data,
        &["db", "backup", data.join("games.db").to_str().unwrap()],
    );
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn an_empty_database_file_is_refused_by_check_and_serve() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("games.db"), b"").unwrap();
    let out = kalah(dir.path(), &["db", "check"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("exists but is empty"), "{err}");
    let out = Command::new(env!("CARGO_BIN_EXE_kalah"))
        .args(["serve", "--addr", "127.0.0.1:0", "--data"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("exists but is empty") && err.contains("restore"),
        "{err}"
    );
}
