//! The small SQL layer both backends share: values, rows and the connection enum.
//!
//! Every query of the crate is written once, in the SQL both SQLite and PostgreSQL accept
//! (`?1` placeholders, `TRUE`/`FALSE`, `ON CONFLICT`), and runs on either backend through
//! [`Conn`]. Adding a storage function means writing it once against `Conn`; only the
//! schema (migrations) is written twice, once per backend.

use crate::pg::PgConn;
use crate::{Error, Result};

/// A value passed to or read from a statement.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Value {
    Null,
    Int(i64),
    Real(f64),
    Text(String),
    Bool(bool),
}

/// Builds the arguments of a statement: `args![id, ply, name]`.
macro_rules! args {
    ($($v:expr),* $(,)?) => { &[$($crate::sql::Value::from($v)),*][..] };
}
pub(crate) use args;

impl From<i64> for Value {
    fn from(v: i64) -> Value {
        Value::Int(v)
    }
}
impl From<u32> for Value {
    fn from(v: u32) -> Value {
        Value::Int(v.into())
    }
}
impl From<usize> for Value {
    fn from(v: usize) -> Value {
        Value::Int(i64::try_from(v).unwrap_or(i64::MAX))
    }
}
impl From<f64> for Value {
    fn from(v: f64) -> Value {
        Value::Real(v)
    }
}
impl From<bool> for Value {
    fn from(v: bool) -> Value {
        Value::Bool(v)
    }
}
impl From<&str> for Value {
    fn from(v: &str) -> Value {
        Value::Text(v.to_string())
    }
}
impl From<&String> for Value {
    fn from(v: &String) -> Value {
        Value::Text(v.clone())
    }
}
impl From<String> for Value {
    fn from(v: String) -> Value {
        Value::Text(v)
    }
}
impl<T: Into<Value> + Clone> From<&Option<T>> for Value {
    fn from(v: &Option<T>) -> Value {
        v.clone().map_or(Value::Null, Into::into)
    }
}
impl<T: Into<Value>> From<Option<T>> for Value {
    fn from(v: Option<T>) -> Value {
        v.map_or(Value::Null, Into::into)
    }
}
impl From<&i64> for Value {
    fn from(v: &i64) -> Value {
        Value::Int(*v)
    }
}
impl From<&u32> for Value {
    fn from(v: &u32) -> Value {
        Value::Int((*v).into())
    }
}
impl From<&f64> for Value {
    fn from(v: &f64) -> Value {
        Value::Real(*v)
    }
}
impl From<&bool> for Value {
    fn from(v: &bool) -> Value {
        Value::Bool(*v)
    }
}

/// One result row.
#[derive(Debug, Clone)]
pub(crate) struct Row(pub(crate) Vec<Value>);

impl Row {
    /// Column `i` as a `T`; a missing column or a value of another kind is an error.
    pub(crate) fn get<T: FromValue>(&self, i: usize) -> Result<T> {
        let v = self.0.get(i).unwrap_or(&Value::Null);
        T::from_value(v).ok_or_else(|| Error::Value(format!("column {i} holds {v:?}")))
    }
}

/// A Rust type a column converts to. SQLite keeps booleans as integers, PostgreSQL as
/// booleans: both read as `bool`.
pub(crate) trait FromValue: Sized {
    fn from_value(v: &Value) -> Option<Self>;
}

impl FromValue for i64 {
    fn from_value(v: &Value) -> Option<i64> {
        match v {
            Value::Int(i) => Some(*i),
            Value::Bool(b) => Some(i64::from(*b)),
            _ => None,
        }
    }
}
impl FromValue for f64 {
    fn from_value(v: &Value) -> Option<f64> {
        match v {
            Value::Real(f) => Some(*f),
            Value::Int(i) => Some(*i as f64),
            _ => None,
        }
    }
}
impl FromValue for bool {
    fn from_value(v: &Value) -> Option<bool> {
        match v {
            Value::Bool(b) => Some(*b),
            Value::Int(i) => Some(*i != 0),
            _ => None,
        }
    }
}
impl FromValue for String {
    fn from_value(v: &Value) -> Option<String> {
        match v {
            Value::Text(s) => Some(s.clone()),
            _ => None,
        }
    }
}
impl<T: FromValue> FromValue for Option<T> {
    fn from_value(v: &Value) -> Option<Option<T>> {
        match v {
            Value::Null => Some(None),
            v => T::from_value(v).map(Some),
        }
    }
}

/// The connection of a [`crate::Db`]: one of the two backends.
pub(crate) enum Conn {
    Sqlite(rusqlite::Connection),
    Postgres(Box<PgConn>),
}

impl Conn {
    /// Runs a statement; answers how many rows it changed.
    pub(crate) fn execute(&self, sql: &str, args: &[Value]) -> Result<u64> {
        match self {
            Conn::Sqlite(c) => {
                Ok(c.prepare_cached(sql)?
                    .execute(rusqlite::params_from_iter(args))? as u64)
            }
            Conn::Postgres(c) => c.execute(sql, args),
        }
    }

    /// Every row a query answers.
    pub(crate) fn query(&self, sql: &str, args: &[Value]) -> Result<Vec<Row>> {
        match self {
            Conn::Sqlite(c) => {
                let mut stmt = c.prepare_cached(sql)?;
                let n = stmt.column_count();
                let mut rows = stmt.query(rusqlite::params_from_iter(args))?;
                let mut out = Vec::new();
                while let Some(r) = rows.next()? {
                    let mut row = Vec::with_capacity(n);
                    for i in 0..n {
                        row.push(sqlite_value(r.get_ref(i)?));
                    }
                    out.push(Row(row));
                }
                Ok(out)
            }
            Conn::Postgres(c) => c.query(sql, args),
        }
    }

    /// The first row a query answers, if any.
    pub(crate) fn query_opt(&self, sql: &str, args: &[Value]) -> Result<Option<Row>> {
        Ok(self.query(sql, args)?.into_iter().next())
    }

    /// Statements without arguments (`BEGIN`, `SAVEPOINT w`, a migration).
    pub(crate) fn batch(&self, sql: &str) -> Result<()> {
        match self {
            Conn::Sqlite(c) => Ok(c.execute_batch(sql)?),
            Conn::Postgres(c) => c.batch(sql),
        }
    }

    /// Runs `f` in a transaction: committed when it succeeds, rolled back when it fails.
    pub(crate) fn transaction<T>(&self, f: impl FnOnce(&Conn) -> Result<T>) -> Result<T> {
        self.batch("BEGIN")?;
        match f(self) {
            Ok(v) => {
                if let Err(e) = self.batch("COMMIT") {
                    let _ = self.batch("ROLLBACK");
                    return Err(e);
                }
                Ok(v)
            }
            Err(e) => {
                let _ = self.batch("ROLLBACK");
                Err(e)
            }
        }
    }

    /// Whether no transaction is open (SQLite ends one by itself on some errors).
    pub(crate) fn is_autocommit(&self) -> bool {
        match self {
            Conn::Sqlite(c) => c.is_autocommit(),
            Conn::Postgres(c) => c.is_closed(),
        }
    }
}

pub(crate) fn sqlite_value(v: rusqlite::types::ValueRef<'_>) -> Value {
    use rusqlite::types::ValueRef;
    match v {
        ValueRef::Null => Value::Null,
        ValueRef::Integer(i) => Value::Int(i),
        ValueRef::Real(f) => Value::Real(f),
        ValueRef::Text(t) | ValueRef::Blob(t) => {
            Value::Text(String::from_utf8_lossy(t).into_owned())
        }
    }
}

impl rusqlite::ToSql for Value {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        use rusqlite::types::{ToSqlOutput, ValueRef};
        Ok(match self {
            Value::Null => ToSqlOutput::Borrowed(ValueRef::Null),
            Value::Int(i) => ToSqlOutput::Borrowed(ValueRef::Integer(*i)),
            Value::Real(f) => ToSqlOutput::Borrowed(ValueRef::Real(*f)),
            Value::Text(s) => ToSqlOutput::Borrowed(ValueRef::Text(s.as_bytes())),
            Value::Bool(b) => ToSqlOutput::Borrowed(ValueRef::Integer(i64::from(*b))),
        })
    }
}

#[cfg(test)]
impl crate::Db {
    /// The SQLite connection, for tests that break the file on purpose.
    pub(crate) fn sqlite(&self) -> &rusqlite::Connection {
        match &self.conn {
            Conn::Sqlite(c) => c,
            Conn::Postgres(_) => panic!("not a SQLite database"),
        }
    }
}
