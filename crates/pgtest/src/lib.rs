//! A throwaway PostgreSQL cluster for tests: `initdb` in a temporary directory, listening on
//! a free loopback port only (no Unix socket), `fsync` off. One cluster serves a whole test
//! program ([`shared`]); each test takes a fresh database of it ([`Cluster::database`]).
//!
//! The cluster goes away with the test program, however it ends (tests passing, a panic, a
//! kill): a small watchdog shell waits on a pipe that only this process holds open, and when
//! the pipe closes it stops the server and removes the directory. Dropping a [`Cluster`]
//! does the same at once.
//!
//! `initdb` and `postgres` refuse to run as root: as root, they run as the `postgres` user
//! (Debian's package creates it) through `runuser`.
//!
//! When PostgreSQL is not installed, [`shared`] panics saying how to install it, unless
//! `KALAH_SKIP_POSTGRES=1` is set, in which case [`available`] is false and tests skip.
#![forbid(unsafe_code)]

use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

/// A running throwaway cluster.
pub struct Cluster {
    dir: PathBuf,
    port: u16,
    /// The watchdog's stdin: closing it stops the cluster and removes `dir`.
    watchdog_in: Option<ChildStdin>,
    watchdog: Child,
    next: AtomicUsize,
    /// `pg_ctl`, and the options the server was started with, to stop and start it again.
    pg_ctl: PathBuf,
    options: String,
}

/// The user the server runs as, when this process is root.
const RUN_AS: &str = "postgres";

/// Whether PostgreSQL tests should run: false only when it is missing and
/// `KALAH_SKIP_POSTGRES=1` says to skip them. A skip is said on stderr, loudly, and under CI
/// (`CI=true`) it is no skip: the test fails, since a test that cannot run its real
/// dependency must not pass there.
pub fn available() -> bool {
    if bin_dir().is_some() || std::env::var("KALAH_SKIP_POSTGRES").as_deref() != Ok("1") {
        return true;
    }
    let why = "PostgreSQL is not installed (no initdb on the PATH or in /usr/lib/postgresql) \
               and KALAH_SKIP_POSTGRES=1";
    if std::env::var("CI").as_deref() == Ok("true") {
        panic!("{why}, under CI=true: install Debian's postgresql (scripts/test does)");
    }
    eprintln!("SKIPPED (PostgreSQL test not run): {why}");
    false
}

/// The test program's cluster, started at the first call.
pub fn shared() -> &'static Cluster {
    static CLUSTER: OnceLock<Cluster> = OnceLock::new();
    CLUSTER.get_or_init(|| Cluster::start().unwrap_or_else(|e| panic!("{e}")))
}

/// Where `initdb`, `pg_ctl` and `postgres` are: on the PATH, or Debian's
/// `/usr/lib/postgresql/VERSION/bin` (the newest).
fn bin_dir() -> Option<PathBuf> {
    let on_path = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .find(|d| d.join("initdb").is_file() && d.join("pg_ctl").is_file())
    });
    on_path.or_else(|| {
        let mut versions: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
            .ok()?
            .flatten()
            .map(|e| e.path().join("bin"))
            .filter(|d| d.join("initdb").is_file())
            .collect();
        versions.sort_by_key(|d| {
            d.parent()
                .and_then(|v| v.file_name()?.to_str()?.parse::<u32>().ok())
                .unwrap_or(0)
        });
        versions.pop()
    })
}

fn is_root() -> bool {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("Uid:"))
                .map(|l| l.split_whitespace().nth(1) == Some("0"))
        })
        .unwrap_or(false)
}

/// A command run as the cluster's owner.
fn as_owner(program: &Path) -> Command {
    if is_root() {
        let mut c = Command::new("runuser");
        c.args(["-u", RUN_AS, "--"]).arg(program);
        c
    } else {
        Command::new(program)
    }
}

fn free_port() -> std::io::Result<u16> {
    Ok(std::net::TcpListener::bind("127.0.0.1:0")?
        .local_addr()?
        .port())
}

fn run(cmd: &mut Command, what: &str) -> Result<(), String> {
    let out = cmd
        .output()
        .map_err(|e| format!("cannot run {what}: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "{what} failed ({}): {}{}",
            out.status,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(())
}

impl Cluster {
    /// Makes and starts a new cluster.
    pub fn start() -> Result<Cluster, String> {
        let bin = bin_dir().ok_or(
            "PostgreSQL is not installed (no initdb on the PATH or in /usr/lib/postgresql/*/bin): \
             install it with `apt-get install -y postgresql`, or set KALAH_SKIP_POSTGRES=1 to skip \
             the PostgreSQL tests",
        )?;
        let dir = std::env::temp_dir().join(format!(
            "kalah-pg-{}-{}",
            std::process::id(),
            free_port().map_err(|e| e.to_string())?
        ));
        std::fs::create_dir_all(&dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        if is_root() {
            run(
                Command::new("chown").arg(format!("{RUN_AS}:")).arg(&dir),
                "chown of the cluster directory",
            )?;
        }
        let data = dir.join("data");
        let (initdb, pg_ctl) = (bin.join("initdb"), bin.join("pg_ctl"));
        // The watchdog first, so that the directory goes even if initdb fails half-way.
        let script = format!(
            "read _ignored; {owner}'{ctl}' -D '{data}' stop -m immediate >/dev/null 2>&1; rm -rf '{dir}'",
            owner = if is_root() { format!("runuser -u {RUN_AS} -- ") } else { String::new() },
            ctl = pg_ctl.display(),
            data = data.display(),
            dir = dir.display()
        );
        let mut watchdog = Command::new("sh")
            .args(["-c", &script])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start the cluster's watchdog: {e}"))?;
        let watchdog_in = watchdog.stdin.take();
        let mut cluster = Cluster {
            dir: dir.clone(),
            port: 0,
            watchdog_in,
            watchdog,
            next: AtomicUsize::new(0),
            pg_ctl: pg_ctl.clone(),
            options: String::new(),
        };
        run(
            as_owner(&initdb).arg("-D").arg(&data).args([
                "-U",
                "kalah",
                "--auth=trust",
                "-E",
                "UTF8",
                "--locale=C",
                "--no-sync",
            ]),
            "initdb",
        )?;
        // A port taken between choosing and binding makes pg_ctl fail: try a few.
        let mut last = String::new();
        for _ in 0..5 {
            let port = free_port().map_err(|e| e.to_string())?;
            let options = format!(
                "-c listen_addresses=127.0.0.1 -p {port} -c unix_socket_directories='' \
                 -c fsync=off -c synchronous_commit=off -c full_page_writes=off \
                 -c max_connections=200"
            );
            match run(
                as_owner(&pg_ctl)
                    .arg("-D")
                    .arg(&data)
                    .arg("-l")
                    .arg(dir.join("log"))
                    .args(["-w", "-t", "60", "-o", &options, "start"]),
                "pg_ctl start",
            ) {
                Ok(()) => {
                    cluster.port = port;
                    cluster.options = options;
                    return Ok(cluster);
                }
                Err(e) => {
                    let log = std::fs::read_to_string(dir.join("log")).unwrap_or_default();
                    last = format!("{e}\n{log}");
                }
            }
        }
        Err(last)
    }

    /// The loopback port the cluster listens on.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// The URL of database `name` (the superuser `kalah`, no password: trust on loopback).
    pub fn url(&self, name: &str) -> String {
        format!("postgres://kalah@127.0.0.1:{}/{name}", self.port)
    }

    /// A new empty database; answers its URL.
    pub fn database(&self) -> String {
        let n = self.next.fetch_add(1, Ordering::Relaxed);
        let name = format!("test_{n}");
        let admin = self.url("postgres");
        let sql = format!("CREATE DATABASE {name}");
        // The synchronous client runs its own runtime: not on a thread that runs one.
        std::thread::spawn(move || {
            let mut c = postgres::Client::connect(&admin, postgres::NoTls)
                .unwrap_or_else(|e| panic!("cannot connect to the test cluster: {e}"));
            c.batch_execute(&sql)
                .unwrap_or_else(|e| panic!("cannot create a test database: {e}"));
        })
        .join()
        .expect("creating a test database");
        self.url(&name)
    }

    /// Stops the server (`pg_ctl stop -m fast`: sessions are ended, as in a restart of
    /// PostgreSQL), keeping its data; [`Cluster::restart`] starts it again.
    pub fn stop(&self) -> Result<(), String> {
        run(
            as_owner(&self.pg_ctl)
                .arg("-D")
                .arg(self.dir.join("data"))
                .args(["-w", "-t", "60", "-m", "fast", "stop"]),
            "pg_ctl stop",
        )
    }

    /// Starts the stopped server again on the same port, with the same data.
    pub fn restart(&self) -> Result<(), String> {
        run(
            as_owner(&self.pg_ctl)
                .arg("-D")
                .arg(self.dir.join("data"))
                .arg("-l")
                .arg(self.dir.join("log"))
                .args(["-w", "-t", "60", "-o", &self.options, "start"]),
            "pg_ctl start",
        )
    }

    /// The cluster's directory (its server log is `log` inside).
    pub fn dir(&self) -> &Path {
        &self.dir
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        // Closing the pipe tells the watchdog to stop the server and remove the directory.
        drop(self.watchdog_in.take());
        let _ = self.watchdog.wait();
    }
}

/// Whether this test program keeps its data in PostgreSQL: when `KALAH_TEST_DATABASE` is
/// `postgres`, or when the program is the one named `postgres` (a test file
/// `tests/postgres.rs` that includes other test files to run them on PostgreSQL too), and
/// PostgreSQL is available.
pub fn on_postgres() -> bool {
    let asked = std::env::var("KALAH_TEST_DATABASE").as_deref() == Ok("postgres")
        || std::env::current_exe().ok().is_some_and(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("postgres-"))
        });
    asked && available()
}

/// The PostgreSQL URL of the test data directory `dir` when the program runs on
/// PostgreSQL ([`on_postgres`]), else None (SQLite in `dir`). The first call for a
/// directory makes a fresh database and notes its URL in the directory, so a test that
/// restarts a server on the same directory finds the same database.
pub fn database_url(dir: &Path) -> Option<String> {
    if !on_postgres() {
        return None;
    }
    let note = dir.join("postgres-url");
    if let Ok(url) = std::fs::read_to_string(&note) {
        return Some(url);
    }
    let url = shared().database();
    std::fs::write(&note, &url).expect("noting the test database");
    Some(url)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cluster_serves_databases_and_is_gone_after_drop() {
        if !available() {
            return;
        }
        let cluster = Cluster::start().unwrap();
        let dir = cluster.dir().to_path_buf();
        let url = cluster.database();
        let n: i64 = std::thread::spawn(move || {
            let mut c = postgres::Client::connect(&url, postgres::NoTls).unwrap();
            c.query_one("SELECT 6 * 7::bigint", &[]).unwrap().get(0)
        })
        .join()
        .unwrap();
        assert_eq!(n, 42);
        assert!(dir.join("data").is_dir());
        drop(cluster);
        assert!(!dir.exists(), "{} is left behind", dir.display());
    }
}
