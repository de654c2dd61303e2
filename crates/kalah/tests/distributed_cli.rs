//! `kalah dsolve` with real `kalah worker` processes on a throwaway PostgreSQL: three workers
//! give the local solver's value, and a worker killed with SIGKILL in the middle of a job
//! loses nothing: its job is proven by another worker after the lease, every answer it wrote
//! stays in the table of solved positions, and the value is right.

use kalah_distributed::store::Store;
use kalah_distributed::Bounds;
use kalah_rules::{Position, Side};
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

const RULES: [&str; 4] = ["--houses", "6", "--seeds", "3"];

fn kalah(data: &Path) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_kalah"));
    c.env("KALAH_DATA", data);
    c
}

fn local_value(data: &Path) -> i64 {
    let out = kalah(data)
        .args(RULES)
        .args([
            "solve",
            "--json",
            "--egdb-seeds",
            "0",
            "--no-egdb-store",
            "--threads",
            "1",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    v["value"].as_i64().unwrap()
}

fn worker(data: &Path, url: &str, name: &str, lease: &str) -> Child {
    kalah(data)
        .args([
            "worker",
            "--database",
            url,
            "--name",
            name,
            "--lease",
            lease,
        ])
        .args([
            "--idle-exit",
            "3",
            "--egdb-seeds",
            "0",
            "--no-egdb-store",
            "--verbose",
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

fn dsolve(data: &Path, url: &str, ahead: &str) -> Child {
    kalah(data)
        .args(RULES)
        .args([
            "dsolve",
            "--database",
            url,
            "--json",
            "--leaves",
            "40",
            "--ahead",
            ahead,
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

fn answer(child: Child) -> i64 {
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "dsolve failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    v["value"].as_i64().unwrap()
}

fn signal(child: &Child, sig: &str) {
    let ok = Command::new("kill")
        .args([sig, &child.id().to_string()])
        .status()
        .unwrap()
        .success();
    assert!(ok, "kill {sig}");
}

#[test]
fn three_worker_processes_give_the_local_solvers_value() {
    if !kalah_pgtest::available() {
        return;
    }
    let url = kalah_pgtest::shared().database();
    let data = tempfile::tempdir().unwrap();
    let want = local_value(data.path());
    let workers: Vec<Child> = (0..3)
        .map(|i| worker(data.path(), &url, &format!("w{i}"), "30"))
        .collect();
    let got = answer(dsolve(data.path(), &url, "6"));
    assert_eq!(got, want);
    for mut w in workers {
        assert!(w.wait().unwrap().success());
    }
    let status = kalah(data.path())
        .args(["worker", "status", "--database", &url])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&status.stdout);
    assert!(text.contains("(done)"), "{text}");
    assert!(text.contains("jobs answered"), "{text}");
    assert!(text.contains("w0:") && text.contains("w2:"), "{text}");
}

#[test]
fn a_worker_killed_mid_job_loses_nothing() {
    if !kalah_pgtest::available() {
        return;
    }
    let url = kalah_pgtest::shared().database();
    let data = tempfile::tempdir().unwrap();
    let want = local_value(data.path());
    // One job on offer at a time: the killed worker's job holds the solve up until its
    // lease (2 s) runs out.
    let solve = dsolve(data.path(), &url, "1");
    let mut a = worker(data.path(), &url, "A", "2");
    let (tx, rx) = mpsc::channel::<String>();
    let stderr = a.stderr.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines() {
            if tx.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    let mut store = Store::connect(&url).unwrap();
    let mut log = Vec::new();
    let start = Instant::now();
    // Freeze A just after it takes a job; if the job is still leased to it, kill it there.
    let killed_job = loop {
        assert!(start.elapsed() < Duration::from_secs(60), "{log:?}");
        let Ok(line) = rx.recv_timeout(Duration::from_secs(30)) else {
            panic!("worker A is silent: {log:?}");
        };
        log.push(line.clone());
        let Some(id) = line
            .strip_prefix("job ")
            .filter(|l| l.contains("(run"))
            .and_then(|l| l.split_whitespace().next())
            .and_then(|n| n.parse::<i64>().ok())
        else {
            continue;
        };
        signal(&a, "-STOP");
        let row = store
            .client()
            .query_one("SELECT state, worker FROM dist_jobs WHERE id = $1", &[&id])
            .unwrap();
        let (state, who): (String, Option<String>) = (row.get(0), row.get(1));
        if state == "leased" && who.as_deref() == Some("A") {
            signal(&a, "-KILL");
            break id;
        }
        signal(&a, "-CONT");
    };
    a.wait().unwrap();
    while let Ok(line) = rx.recv_timeout(Duration::from_millis(200)) {
        log.push(line);
    }
    let mut b = worker(data.path(), &url, "B", "30");
    assert_eq!(answer(solve), want);
    assert!(b.wait().unwrap().success());
    // The killed job was leased again after A's lease and proven by B.
    let row = store
        .client()
        .query_one(
            "SELECT attempts, proofs, worker, state FROM dist_jobs WHERE id = $1",
            &[&killed_job],
        )
        .unwrap();
    let (attempts, proofs, who): (i32, i32, Option<String>) = (row.get(0), row.get(1), row.get(2));
    assert!(attempts >= 2, "job {killed_job}: {attempts} leases");
    assert!(proofs >= 1, "job {killed_job}: {proofs} proofs");
    assert_eq!(who.as_deref(), Some("B"));
    // Every answer A wrote before it was killed is in the table of solved positions.
    let answered: Vec<(String, Bounds)> = {
        let mut out = Vec::new();
        let rows = store
            .client()
            .query(
                "SELECT j.position, s.lower, s.upper FROM dist_jobs j JOIN dist_solved s \
                 USING (rules, position) WHERE j.proofs > 0",
                &[],
            )
            .unwrap();
        for r in rows {
            out.push((
                r.get(0),
                Bounds {
                    lower: r.get(1),
                    upper: r.get(2),
                },
            ));
        }
        out
    };
    let a_answers = log
        .iter()
        .filter(|l| l.starts_with("job ") && !l.contains("(run") && !l.contains("cancelled"))
        .count();
    let a_jobs: i64 = store
        .client()
        .query_one("SELECT jobs_done FROM dist_workers WHERE name = 'A'", &[])
        .unwrap()
        .get(0);
    assert_eq!(a_jobs as usize, a_answers, "{log:?}");
    let missing: i64 = store
        .client()
        .query_one(
            "SELECT count(*) FROM dist_jobs j WHERE proofs > 0 AND NOT EXISTS \
             (SELECT 1 FROM dist_solved s WHERE s.rules = j.rules AND s.position = j.position)",
            &[],
        )
        .unwrap()
        .get(0);
    assert_eq!(missing, 0);
    assert!(!answered.is_empty());
    // The root's value is in the table too.
    let rules = "standard houses=6 seeds=3".parse().unwrap();
    let root = Position::start(rules, Side::South);
    assert_eq!(
        store.solved(rules, &[root]).unwrap(),
        vec![(root, Bounds::exact(want as i32))]
    );
}

/// The entries of a book file, without its comments.
fn entries(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines: Vec<String> = text
        .lines()
        .filter(|l| l.starts_with('<'))
        .map(str::to_string)
        .collect();
    lines.sort();
    lines
}

/// GET `path` from the status page at `addr`: the whole answer.
fn get(addr: &str, path: &str) -> String {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    write!(s, "GET {path} HTTP/1.1\r\nHost: {addr}\r\n\r\n").unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    out
}

#[test]
fn a_book_built_by_two_worker_processes_is_the_local_book_and_its_page_shows_it() {
    if !kalah_pgtest::available() {
        return;
    }
    let url = kalah_pgtest::shared().database();
    let data = tempfile::tempdir().unwrap();
    let book = |out: &Path, extra: &[&str]| {
        let o = kalah(data.path())
            .args(RULES)
            .args(["book", "build", "--plies", "5", "--threads", "1", "--out"])
            .arg(out)
            .args(extra)
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        String::from_utf8_lossy(&o.stderr).to_string()
    };
    let local = data.path().join("local.book");
    book(&local, &[]);
    let workers: Vec<Child> = (0..2)
        .map(|i| worker(data.path(), &url, &format!("b{i}"), "30"))
        .collect();
    let shared = data.path().join("shared.book");
    // The test cluster trusts loopback, so a password in the URL is not checked: it must
    // not reach the book's comments.
    let with_password = url.replacen("kalah@", "kalah:secret@", 1);
    assert_ne!(with_password, url);
    let log = book(
        &shared,
        &["--database", &with_password, "--split-after", "0.05"],
    );
    assert!(
        log.contains("positions to solve through the workers"),
        "{log}"
    );
    assert_eq!(entries(&shared), entries(&local));
    let text = std::fs::read_to_string(&shared).unwrap();
    assert!(!text.contains("secret"), "{text}");
    assert!(
        text.contains("--database postgres://kalah:***@127.0.0.1:"),
        "{text}"
    );
    for mut w in workers {
        assert!(w.wait().unwrap().success());
    }
    // A run for each ply that had positions to solve, each with its positions counted.
    let status = kalah(data.path())
        .args([
            "worker",
            "status",
            "--database",
            &url,
            "--json",
            "--runs",
            "50",
        ])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&status.stdout).unwrap();
    let books: Vec<&serde_json::Value> = v["runs"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| {
            r["position"]
                .as_str()
                .unwrap()
                .starts_with("book of 5 sowings")
        })
        .collect();
    assert!(!books.is_empty(), "{v}");
    for r in &books {
        assert_eq!(r["state"], "done", "{r}");
        assert_eq!(r["positions"], r["positions_solved"], "{r}");
    }
    // The page: served on a port of its own, the same runs as HTML and JSON.
    let mut page = kalah(data.path())
        .args([
            "worker",
            "status",
            "--database",
            &url,
            "--serve",
            "127.0.0.1:0",
        ])
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(page.stderr.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    let addr = first
        .split("http://")
        .nth(1)
        .and_then(|a| a.split('/').next())
        .unwrap_or_else(|| panic!("no address in {first:?}"))
        .to_string();
    let html = get(&addr, "/");
    assert!(html.starts_with("HTTP/1.1 200"), "{html}");
    assert!(
        html.contains("<progress") && html.contains("positions:"),
        "{html}"
    );
    let json = get(&addr, "/status.json");
    assert!(json.contains("\"positions_solved\""), "{json}");
    assert!(get(&addr, "/nothing").starts_with("HTTP/1.1 404"));
    page.kill().unwrap();
    page.wait().unwrap();
}

/// The runs an earlier sitting of a book build left "running" (its coordinator killed), of
/// the sowing it resumes and of those before it, end as superseded when the build goes on;
/// a run of another build or another solve is left alone.
#[test]
fn a_resumed_book_build_ends_the_runs_its_earlier_sitting_left_unfinished() {
    if !kalah_pgtest::available() {
        return;
    }
    let url = kalah_pgtest::shared().database();
    let data = tempfile::tempdir().unwrap();
    let rules: kalah_rules::Rules = "standard houses=6 seeds=3".parse().unwrap();
    let mut store = Store::connect(&url).unwrap();
    let mut stale = Vec::new();
    for label in [
        "book of 3 sowings, ply 0: 1 positions (0000000000000001)",
        "book of 3 sowings, ply 1: 9 positions (0000000000000002)",
    ] {
        stale.push(store.open_named_run(rules, label, "many", 9).unwrap().0);
    }
    let mut kept = Vec::new();
    for label in [
        "book of 4 sowings, ply 1: 9 positions (0000000000000003)",
        "entries: 9 positions (0000000000000004)",
    ] {
        kept.push(store.open_named_run(rules, label, "many", 9).unwrap().0);
    }
    let mut w = worker(data.path(), &url, "r0", "30");
    let out = kalah(data.path())
        .args(RULES)
        .args(["book", "build", "--plies", "3", "--threads", "1", "--out"])
        .arg(data.path().join("b.book"))
        .args(["--database", &url])
        .output()
        .unwrap();
    let log = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{log}");
    assert!(
        log.contains("1 unfinished run(s) of an earlier sitting of this build ended as superseded"),
        "{log}"
    );
    // The worker leaves on its own once idle.
    assert!(w.wait().unwrap().success());
    let state: std::collections::HashMap<i64, String> = store
        .runs(50)
        .unwrap()
        .into_iter()
        .map(|r| (r.id, r.state))
        .collect();
    for id in stale {
        assert_eq!(state[&id], "superseded", "run {id}: {state:?}");
    }
    for id in kept {
        assert_eq!(state[&id], "running", "run {id}: {state:?}");
    }
    let done = state.values().filter(|s| *s == "done").count();
    assert_eq!(done, 3, "a run for each of the 3 sowings: {state:?}");
}
