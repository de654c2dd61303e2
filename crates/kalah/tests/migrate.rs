//! `kalah db migrate-to` through the real binary: a SQLite data directory copied into a
//! throwaway PostgreSQL cluster, each check reported, a second copy refused unless told,
//! and `kalah serve --database` serving the copied games.

use kalah_storage::{Db, GameRow, Write};
use std::io::{BufRead, BufReader, Read, Write as _};
use std::path::Path;
use std::process::{Command, Output, Stdio};

fn kalah(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kalah"))
        .args(args)
        .env_remove("KALAH_DATABASE")
        .output()
        .expect("run kalah")
}

fn text(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
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

/// GET `path` from the server at `addr`; answers the whole response.
fn http_get(addr: &str, path: &str) -> String {
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    out
}

fn serve_and_get(data: &Path, url: &str, path: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kalah"))
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--database",
            url,
            "--data",
        ])
        .arg(data)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let answer = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .map(|addr| http_get(addr, path));
    let _ = child.kill();
    let _ = child.wait();
    answer.unwrap_or_else(|| panic!("no address in {line:?}"))
}

#[test]
fn a_data_directory_is_migrated_to_postgres_checked_and_served() {
    if !kalah_pgtest::available() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir(&data).unwrap();
    {
        let mut db = Db::open(&data.join("games.db")).unwrap();
        game(&mut db, "good1", &["3", "6"]);
        game(&mut db, "good2", &["1"]);
    }
    let url = kalah_pgtest::shared().database();
    let d = data.to_str().unwrap();

    let out = kalah(&["db", "migrate-to", &url, "--data", d]);
    let said = text(&out);
    assert!(out.status.success(), "{said}");
    for line in [
        "copied games: 2 rows",
        "rows in games: 2 in the source, 2 in the copy: ok",
        "rows in moves: 3 in the source, 3 in the copy: ok",
        "replayed through the rules: 2 of 2: ok",
        "migrated 2 games",
    ] {
        assert!(said.contains(line), "{line:?} missing from:\n{said}");
    }

    // A second copy would overwrite: refused, saying how to do it anyway.
    let out = kalah(&["db", "migrate-to", &url, "--data", d]);
    assert!(!out.status.success());
    assert!(text(&out).contains("--replace"), "{}", text(&out));
    let out = kalah(&["db", "migrate-to", &url, "--replace", "--data", d]);
    assert!(out.status.success(), "{}", text(&out));

    // The copy passes `kalah db check` and is served.
    let out = kalah(&["db", "--database", &url, "check"]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(text(&out).contains("2 games, all sound"), "{}", text(&out));
    let answer = serve_and_get(&data, &url, "/api/games/good1");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains("\"ply\":2"), "{answer}");

    // Not a database URL, and no SQLite file to copy: told what to give.
    let out = kalah(&["db", "migrate-to", "mysql://x/y", "--data", d]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    assert!(text(&out).contains("postgres://"), "{}", text(&out));
    let empty = dir.path().join("empty");
    let out = kalah(&["db", "migrate-to", &url, "--data", empty.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(text(&out).contains("no game database"), "{}", text(&out));
}
