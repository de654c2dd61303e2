//! Budgets kept in the database, so that every instance on it spends from the same ones: the
//! log-ins and sign-ups that protect accounts (issue 36: behind nginx, three instances allowed
//! three times one's budget). A bucket holds at most `most` spends in the last `window_ms`;
//! the spends are rows, deleted as they age out of their window.

use crate::sql::{args, Conn};
use crate::{Db, Result};

/// One bucket to spend from: its name (e.g. `login:a:192.0.2.7`), how many spends it holds
/// and over how long.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spend {
    pub bucket: String,
    pub most: u32,
    pub window_ms: i64,
}

impl Db {
    /// Spends one from every bucket of `spends` at `now` (Unix ms) if each has room; else
    /// spends nothing and answers which bucket (its index) is full, the one with the longest
    /// wait, and how many ms until it has room again. On PostgreSQL
    /// the buckets are locked for the transaction, so instances counting the same bucket at
    /// once cannot both take its last place.
    pub fn spend_budgets(&self, spends: &[Spend], now: i64) -> Result<Option<(usize, i64)>> {
        self.conn.transaction(|c| {
            let mut wait: Option<(usize, i64)> = None;
            for (i, s) in spends.iter().enumerate() {
                if matches!(c, Conn::Postgres(_)) {
                    c.execute(
                        "SELECT pg_advisory_xact_lock(hashtext(?1))",
                        args![&s.bucket],
                    )?;
                }
                let since = now - s.window_ms;
                c.execute(
                    "DELETE FROM budget_spends WHERE bucket = ?1 AND at <= ?2",
                    args![&s.bucket, since],
                )?;
                let row = c.query_opt(
                    "SELECT count(*), min(at) FROM budget_spends WHERE bucket = ?1",
                    args![&s.bucket],
                )?;
                let (n, oldest): (i64, Option<i64>) = match row {
                    Some(r) => (r.get(0)?, r.get(1)?),
                    None => (0, None),
                };
                if n >= i64::from(s.most) {
                    let back = oldest.map_or(1, |o| (o + s.window_ms - now).max(1));
                    if wait.is_none_or(|(_, w)| back > w) {
                        wait = Some((i, back));
                    }
                }
            }
            if wait.is_none() {
                for s in spends {
                    c.execute(
                        "INSERT INTO budget_spends (bucket, at) VALUES (?1, ?2)",
                        args![&s.bucket, now],
                    )?;
                }
            }
            Ok(wait)
        })
    }

    /// Deletes spends made before `before` (Unix ms), whatever their bucket; answers how many.
    pub fn forget_spends(&self, before: i64) -> Result<u64> {
        self.conn
            .execute("DELETE FROM budget_spends WHERE at < ?1", args![before])
    }
}

#[cfg(test)]
mod tests {
    use super::Spend;
    use crate::Db;

    fn spend(bucket: &str, most: u32) -> Spend {
        Spend {
            bucket: bucket.into(),
            most,
            window_ms: 60_000,
        }
    }

    #[test]
    fn a_bucket_holds_its_spends_for_its_window_and_every_connection_sees_them() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.db");
        let a = Db::open(&path).unwrap();
        let b = Db::open(&path).unwrap();
        let both = [spend("login:a:1", 3), spend("login:n:1", 4)];
        for i in 0..3 {
            // Two connections (as two instances) spend from the same buckets.
            let db = if i % 2 == 0 { &a } else { &b };
            assert_eq!(db.spend_budgets(&both, 1_000 + i).unwrap(), None);
        }
        // The address's bucket is full: nothing is spent, not even from the network's.
        assert_eq!(b.spend_budgets(&both, 2_000).unwrap(), Some((0, 59_000)));
        // Another address of the network has one left there.
        let other = [spend("login:a:2", 3), spend("login:n:1", 4)];
        assert_eq!(a.spend_budgets(&other, 2_000).unwrap(), None);
        assert_eq!(b.spend_budgets(&other, 2_001).unwrap(), Some((1, 58_999)));
        // A window later the first spends have aged out.
        assert_eq!(a.spend_budgets(&both, 61_001).unwrap(), None);
        assert_eq!(a.forget_spends(61_001).unwrap(), 4);
    }
}
