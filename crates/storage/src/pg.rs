//! The PostgreSQL backend: one connection with the synchronous `postgres` client.
//!
//! Why this client: the server already runs the database on one dedicated thread that it
//! calls with closures (the `DbHandle` actor, which batches writes into one transaction),
//! so a blocking client fits it as rusqlite does, and every storage function stays one
//! plain function for both backends. Reads beside the writer run on a few more such
//! connections, kept in a pool (the server's `db_readers.rs`, `deadpool`) and used on
//! tokio's blocking threads inside [`on_blocking_thread`].
//!
//! The connection is opened again when it was lost (PostgreSQL restarted, a network cut):
//! a statement that is safe to send twice (preparing one, a `SELECT`, a `BEGIN`) reconnects
//! and is sent once more; any other that met the dead connection fails with
//! [`Error::ConnectionLost`], and the next one reconnects, trying a few times before it
//! answers [`Error::Unreachable`]. While the database stays unreachable, each statement
//! tries once, at most every [`DOWN_RETRY`], so requests are refused at once rather than
//! queued behind the waits. Every statement has a time limit (`statement_timeout`, 30 s
//! unless the URL sets one).

use crate::sql::{Row, Value};
use crate::{Error, Result};
use postgres::types::{IsNull, ToSql, Type};
use postgres::{Client, NoTls, Statement};
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::time::Duration;

/// The statement time limit when the URL sets none.
const STATEMENT_TIMEOUT: &str = "30s";
/// Most prepared statements kept per connection (the crate's queries are a fixed set).
const STATEMENT_CACHE: usize = 512;
/// The waits between connection attempts.
const RETRY: [Duration; 4] = [
    Duration::ZERO,
    Duration::from_millis(250),
    Duration::from_secs(1),
    Duration::from_secs(2),
];

/// While the database is unreachable, how often a statement tries to connect again.
const DOWN_RETRY: Duration = Duration::from_millis(500);

pub(crate) struct PgConn {
    config: postgres::Config,
    client: RefCell<Option<Client>>,
    statements: RefCell<HashMap<String, Statement>>,
    /// Whether a transaction is open: a lost connection is not reopened in the middle of one.
    in_tx: Cell<bool>,
    /// When the last attempts to connect all failed, and why: the database is down.
    down: RefCell<Option<(std::time::Instant, String)>>,
    /// The origin of the news this connection sends (see `notify.rs`).
    pub(crate) origin: String,
    /// The session-level advisory locks this connection holds (key 1, the text hashed into
    /// key 2): taken again on a new connection after the old one was lost.
    session_locks: RefCell<Vec<(i32, String)>>,
}

/// Where a URL points, without its password: for messages.
pub(crate) fn describe(config: &postgres::Config) -> String {
    let host = config
        .get_hosts()
        .iter()
        .map(|h| match h {
            postgres::config::Host::Tcp(h) => h.clone(),
            postgres::config::Host::Unix(p) => p.display().to_string(),
        })
        .collect::<Vec<_>>()
        .join(",");
    let port = config.get_ports().first().map_or(5432, |p| *p);
    format!(
        "{}@{}:{}/{}",
        config.get_user().unwrap_or("(no user)"),
        if host.is_empty() { "localhost" } else { &host },
        port,
        config.get_dbname().unwrap_or("(default database)")
    )
}

impl PgConn {
    /// Connects (trying a few times) to the database at `url` (`postgres://...`).
    pub(crate) fn open(url: &str) -> Result<PgConn> {
        let mut config: postgres::Config = url.parse().map_err(|e| Error::BadUrl {
            url: redact(url),
            why: format!("{e}"),
        })?;
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(Duration::from_secs(5));
        }
        if config.get_application_name().is_none() {
            config.application_name("kalah");
        }
        let conn = PgConn {
            config,
            client: RefCell::new(None),
            statements: RefCell::new(HashMap::new()),
            in_tx: Cell::new(false),
            down: RefCell::new(None),
            origin: crate::notify::new_origin(),
            session_locks: RefCell::new(Vec::new()),
        };
        conn.connected()?;
        Ok(conn)
    }

    /// Where this connection points (no password).
    pub(crate) fn target(&self) -> String {
        describe(&self.config)
    }

    pub(crate) fn is_closed(&self) -> bool {
        self.client.borrow().as_ref().is_none_or(|c| c.is_closed())
    }

    /// Makes sure a live connection is open, reconnecting when the last one was lost.
    fn connected(&self) -> Result<()> {
        if !self.is_closed() {
            return Ok(());
        }
        if self.in_tx.get() {
            return Err(Error::ConnectionLost {
                target: self.target(),
                why: "the connection closed during a transaction".into(),
            });
        }
        self.statements.borrow_mut().clear();
        close(self.client.borrow_mut().take());
        // Down already: one attempt now and then, no waits; at once when another connection
        // of this process got through since (the database is back).
        let tries: &[Duration] = match &*self.down.borrow() {
            Some((at, why)) if at.elapsed() < DOWN_RETRY && !connected_since(*at) => {
                return Err(Error::Unreachable {
                    target: self.target(),
                    why: why.clone(),
                })
            }
            Some(_) => &[Duration::ZERO],
            None => &RETRY,
        };
        let mut last = String::new();
        for wait in tries {
            std::thread::sleep(*wait);
            match connect(&self.config) {
                Ok(mut client) => {
                    for (key, text) in self.session_locks.borrow().iter() {
                        // Best effort: a lock not taken again only makes the instance look
                        // gone to the others, who then charge no clock for a break.
                        let _ = try_session_lock(&mut client, *key, text);
                    }
                    *self.client.borrow_mut() = Some(client);
                    *self.down.borrow_mut() = None;
                    *LAST_CONNECTED.lock().unwrap_or_else(|e| e.into_inner()) =
                        Some(std::time::Instant::now());
                    return Ok(());
                }
                Err(e) => last = e,
            }
        }
        *self.down.borrow_mut() = Some((std::time::Instant::now(), last.clone()));
        Err(Error::Unreachable {
            target: self.target(),
            why: last,
        })
    }

    /// Runs `f` on the live client; a failure that closed the connection becomes
    /// [`Error::ConnectionLost`], except that `f`, when `again` says it is safe to send
    /// twice and no transaction is open, runs once more on a new connection (the first a
    /// statement meets after PostgreSQL restarted is the old, dead one).
    fn with<T: Send>(
        &self,
        again: bool,
        f: impl Fn(&mut Client) -> Result<T, postgres::Error> + Send + Sync,
    ) -> Result<T> {
        match self.with_once(&f) {
            Err(Error::ConnectionLost { .. }) if again && !self.in_tx.get() => self.with_once(&f),
            r => r,
        }
    }

    fn with_once<T: Send>(
        &self,
        f: &(impl Fn(&mut Client) -> Result<T, postgres::Error> + Send + Sync),
    ) -> Result<T> {
        self.connected()?;
        let mut guard = self.client.borrow_mut();
        let client = guard.as_mut().expect("connected");
        match off_runtime(|| f(client)) {
            Ok(v) => Ok(v),
            Err(e) if client.is_closed() || is_lost(&e) => {
                // Dropped now, so the next statement opens a new connection (where the
                // statements prepared on this one do not exist).
                close(guard.take());
                self.statements.borrow_mut().clear();
                Err(Error::ConnectionLost {
                    target: describe(&self.config),
                    why: message(&e),
                })
            }
            Err(e) => Err(Error::Postgres(e)),
        }
    }

    fn statement(&self, sql: &str) -> Result<Statement> {
        // A connection found closed is replaced (and the cache emptied) before the cache is
        // read, so no statement of a dead connection is used on a new one.
        self.connected()?;
        if let Some(s) = self.statements.borrow().get(sql) {
            return Ok(s.clone());
        }
        let text = placeholders(sql);
        let stmt = self.with(true, |c| c.prepare(&text))?;
        let mut cache = self.statements.borrow_mut();
        if cache.len() >= STATEMENT_CACHE {
            cache.clear();
        }
        cache.insert(sql.to_string(), stmt.clone());
        Ok(stmt)
    }

    pub(crate) fn execute(&self, sql: &str, args: &[Value]) -> Result<u64> {
        let stmt = self.statement(sql)?;
        let params: Vec<&(dyn ToSql + Sync)> = args.iter().map(|a| a as _).collect();
        self.with(false, |c| c.execute(&stmt, &params))
    }

    pub(crate) fn query(&self, sql: &str, args: &[Value]) -> Result<Vec<Row>> {
        let params: Vec<&(dyn ToSql + Sync)> = args.iter().map(|a| a as _).collect();
        // A read is sent again on a new connection; the statement is prepared on it anew.
        let read = sql
            .trim_start()
            .get(..6)
            .is_some_and(|w| w.eq_ignore_ascii_case("select"));
        let rows = match self.statement(sql) {
            Ok(stmt) => match self.with(false, |c| c.query(&stmt, &params)) {
                Err(Error::ConnectionLost { .. }) if read && !self.in_tx.get() => {
                    let stmt = self.statement(sql)?;
                    self.with(false, |c| c.query(&stmt, &params))?
                }
                r => r?,
            },
            Err(e) => return Err(e),
        };
        rows.iter().map(row).collect()
    }

    pub(crate) fn batch(&self, sql: &str) -> Result<()> {
        let r = self.with(sql == "BEGIN", |c| c.batch_execute(sql));
        match sql {
            "BEGIN" if r.is_ok() => self.in_tx.set(true),
            "COMMIT" | "ROLLBACK" => self.in_tx.set(false),
            _ => {}
        }
        if self.is_closed() {
            self.in_tx.set(false);
        }
        r
    }
}

impl PgConn {
    /// Takes the session-level advisory lock `(key, hashtext(text))` for as long as this
    /// connection lives, and again on every new connection that replaces a lost one.
    pub(crate) fn hold_session_lock(&self, key: i32, text: &str) -> Result<()> {
        let text = text.to_string();
        // Not taken only when another session holds it: the same instance id twice.
        self.with(true, |c| try_session_lock(c, key, &text))?;
        let mut held = self.session_locks.borrow_mut();
        if !held.iter().any(|(k, t)| *k == key && *t == text) {
            held.push((key, text));
        }
        Ok(())
    }

    /// Gives the lock of [`PgConn::hold_session_lock`] up.
    pub(crate) fn release_session_lock(&self, key: i32, text: &str) -> Result<()> {
        self.session_locks
            .borrow_mut()
            .retain(|(k, t)| !(*k == key && t == text));
        let text = text.to_string();
        self.with(true, |c| {
            c.execute(
                "SELECT pg_advisory_unlock($1, hashtext($2))",
                &[&key, &text],
            )
        })?;
        Ok(())
    }
}

fn try_session_lock(c: &mut Client, key: i32, text: &str) -> Result<bool, postgres::Error> {
    c.query_one(
        "SELECT pg_try_advisory_lock($1, hashtext($2))",
        &[&key, &text],
    )
    .map(|r| r.get(0))
}

impl Drop for PgConn {
    fn drop(&mut self) {
        close(self.client.get_mut().take());
    }
}

/// When a connection of this process last got through: a connection that found the
/// database down tries again at once after that, not only after [`DOWN_RETRY`]. (Of any
/// database: at worst one attempt too early.)
static LAST_CONNECTED: std::sync::Mutex<Option<std::time::Instant>> = std::sync::Mutex::new(None);

fn connected_since(at: std::time::Instant) -> bool {
    LAST_CONNECTED
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .is_some_and(|last| last > at)
}

/// Closes a connection (which blocks on the client's runtime: see [`off_runtime`]).
fn close(client: Option<Client>) {
    if let Some(c) = client {
        off_runtime(move || drop(c));
    }
}

/// One connection, with the session settings kalah relies on.
fn connect(config: &postgres::Config) -> Result<Client, String> {
    off_runtime(|| {
        let mut client = config.connect(NoTls).map_err(|e| message(&e))?;
        let timeout = client
            .query_one("SHOW statement_timeout", &[])
            .map_err(|e| message(&e))?
            .get::<_, String>(0);
        if timeout == "0" {
            client
                .batch_execute(&format!("SET statement_timeout = '{STATEMENT_TIMEOUT}'"))
                .map_err(|e| message(&e))?;
        }
        Ok(client)
    })
}

/// Runs `f` where the synchronous client can work: it runs its own small runtime, which
/// cannot start on a thread that already runs one (an async test, or the server opening its
/// database at start), so there `f` runs on a short-lived thread. The server's database
/// thread runs none, and tokio's blocking threads may block (see [`on_blocking_thread`]), so
/// their calls run in place.
fn off_runtime<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    if MAY_BLOCK.get() || tokio::runtime::Handle::try_current().is_err() {
        return f();
    }
    std::thread::scope(|s| match s.spawn(f).join() {
        Ok(v) => v,
        Err(panic) => std::panic::resume_unwind(panic),
    })
}

thread_local! {
    /// Whether this thread may block although it knows a tokio runtime: see [`on_blocking_thread`].
    static MAY_BLOCK: Cell<bool> = const { Cell::new(false) };
}

/// Runs `f`, which uses PostgreSQL connections, on this thread, which must be one that may
/// block: one of tokio's blocking threads (`spawn_blocking`), never a worker. There the
/// synchronous client can run its runtime in place (tokio forbids that only on workers);
/// without this it would start a thread of its own for every statement.
pub fn on_blocking_thread<T>(f: impl FnOnce() -> T) -> T {
    struct Reset(bool);
    impl Drop for Reset {
        fn drop(&mut self) {
            MAY_BLOCK.set(self.0);
        }
    }
    let _reset = Reset(MAY_BLOCK.replace(true));
    f()
}

/// Whether the error ended the connection: closed, or the server going away (a shutdown,
/// a restart, an administrator ending the session).
fn is_lost(e: &postgres::Error) -> bool {
    use postgres::error::SqlState;
    e.is_closed()
        || e.as_db_error().is_some_and(|db| {
            matches!(db.severity(), "FATAL" | "PANIC")
                || [
                    SqlState::ADMIN_SHUTDOWN,
                    SqlState::CRASH_SHUTDOWN,
                    SqlState::CANNOT_CONNECT_NOW,
                ]
                .contains(db.code())
        })
}

/// What went wrong, with the server's own message when it sent one.
pub(crate) fn message(e: &postgres::Error) -> String {
    if let Some(db) = e.as_db_error() {
        return format!("{}: {}", db.severity(), db.message());
    }
    match std::error::Error::source(e) {
        Some(source) => format!("{e}: {source}"),
        None => e.to_string(),
    }
}

/// `?1` placeholders (the crate's SQL) as PostgreSQL's `$1`.
fn placeholders(sql: &str) -> String {
    let mut out = String::with_capacity(sql.len());
    let mut chars = sql.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '?' && chars.peek().is_some_and(|d| d.is_ascii_digit()) {
            out.push('$');
        } else {
            out.push(c);
        }
    }
    out
}

/// The URL without its password, for messages and files.
pub fn redact(url: &str) -> String {
    // postgres://user:password@host/...
    if let Some((scheme, rest)) = url.split_once("://") {
        if let Some((auth, host)) = rest.split_once('@') {
            if let Some((user, _)) = auth.split_once(':') {
                return format!("{scheme}://{user}:***@{host}");
            }
        }
    }
    url.to_string()
}

fn row(r: &postgres::Row) -> Result<Row> {
    let mut values = Vec::with_capacity(r.len());
    for (i, col) in r.columns().iter().enumerate() {
        let ty = col.type_();
        let v = if *ty == Type::INT8 {
            r.try_get::<_, Option<i64>>(i)?.map(Value::Int)
        } else if *ty == Type::INT4 {
            r.try_get::<_, Option<i32>>(i)?
                .map(|v| Value::Int(v.into()))
        } else if *ty == Type::INT2 {
            r.try_get::<_, Option<i16>>(i)?
                .map(|v| Value::Int(v.into()))
        } else if *ty == Type::FLOAT8 {
            r.try_get::<_, Option<f64>>(i)?.map(Value::Real)
        } else if *ty == Type::FLOAT4 {
            r.try_get::<_, Option<f32>>(i)?
                .map(|v| Value::Real(v.into()))
        } else if *ty == Type::BOOL {
            r.try_get::<_, Option<bool>>(i)?.map(Value::Bool)
        } else {
            r.try_get::<_, Option<String>>(i)?.map(Value::Text)
        };
        values.push(v.unwrap_or(Value::Null));
    }
    Ok(Row(values))
}

type BoxError = Box<dyn std::error::Error + Sync + Send>;

impl ToSql for Value {
    /// Converts to the parameter's type as PostgreSQL inferred it, so the one SQL text
    /// serves both backends (an integer into a `BOOLEAN` column, a NULL into anything).
    fn to_sql(&self, ty: &Type, out: &mut bytes::BytesMut) -> Result<IsNull, BoxError> {
        match self {
            Value::Null => Ok(IsNull::Yes),
            Value::Int(i) if *ty == Type::INT8 => i.to_sql(ty, out),
            Value::Int(i) if *ty == Type::INT4 => i32::try_from(*i)?.to_sql(ty, out),
            Value::Int(i) if *ty == Type::INT2 => i16::try_from(*i)?.to_sql(ty, out),
            Value::Int(i) if *ty == Type::BOOL => (*i != 0).to_sql(ty, out),
            Value::Int(i) if *ty == Type::FLOAT8 => (*i as f64).to_sql(ty, out),
            Value::Bool(b) if *ty == Type::BOOL => b.to_sql(ty, out),
            Value::Bool(b) if *ty == Type::INT8 => i64::from(*b).to_sql(ty, out),
            Value::Real(f) if *ty == Type::FLOAT8 => f.to_sql(ty, out),
            Value::Real(f) if *ty == Type::FLOAT4 => (*f as f32).to_sql(ty, out),
            Value::Text(s) => s.as_str().to_sql(ty, out),
            v => Err(format!("cannot store {v:?} as {ty}").into()),
        }
    }

    fn accepts(_: &Type) -> bool {
        true
    }

    fn to_sql_checked(&self, ty: &Type, out: &mut bytes::BytesMut) -> Result<IsNull, BoxError> {
        self.to_sql(ty, out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_become_dollars() {
        assert_eq!(
            placeholders("SELECT ?1, ?12 FROM t WHERE a = ?2"),
            "SELECT $1, $12 FROM t WHERE a = $2"
        );
    }

    /// tokio lets a blocking thread run the client's runtime in place (it would panic if not).
    #[test]
    fn statements_run_in_place_on_a_blocking_thread() {
        let Some(db) = crate::tests::pg_db() else {
            return;
        };
        let rt = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        let (in_place, found) = rt.block_on(async move {
            tokio::task::spawn_blocking(move || {
                on_blocking_thread(|| (MAY_BLOCK.get(), db.load("no such game")))
            })
            .await
            .unwrap()
        });
        assert!(in_place);
        assert_eq!(found.unwrap(), None);
        assert!(!MAY_BLOCK.get(), "only inside on_blocking_thread");
    }

    #[test]
    fn passwords_are_not_shown() {
        assert_eq!(
            redact("postgres://kalah:secret@db.example:5432/kalah"),
            "postgres://kalah:***@db.example:5432/kalah"
        );
        assert_eq!(
            redact("postgres://kalah@db/kalah"),
            "postgres://kalah@db/kalah"
        );
    }
}
