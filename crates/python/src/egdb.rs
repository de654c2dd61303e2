//! Endgame databases: build, load, save, probe.

use crate::game::{position_from_py, rules_from_py, Rules};
use crate::{egdb_err, interruptible, KalahError};
use kalah_egdb::{Database, Store};
use pyo3::prelude::*;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<EndgameDatabase>()?;
    m.add_function(wrap_pyfunction!(egdb_store, m)?)?;
    Ok(())
}

/// The store of the data directory that `kalah` commands share: `$KALAH_DATA/egdb` if set,
/// else `~/.local/share/kalah/egdb` on Linux (the platform's data directory elsewhere).
pub fn store_dir() -> PyResult<PathBuf> {
    let data = match std::env::var_os("KALAH_DATA").filter(|d| !d.is_empty()) {
        Some(d) => PathBuf::from(d),
        None => dirs::data_dir().map(|d| d.join("kalah")).ok_or_else(|| {
            KalahError::new_err(
                "cannot find a data directory for this user (no home directory); set KALAH_DATA to a folder",
            )
        })?,
    };
    Ok(data.join("egdb"))
}

/// The folder where endgame databases are stored (shared with the ``kalah`` command).
#[pyfunction]
fn egdb_store() -> PyResult<String> {
    Ok(store_dir()?.display().to_string())
}

/// The exact value of every position with at most ``max_seeds`` seeds in the houses, for one
/// rule variant (``docs/egdb.md``). Values are **future gains** for the side to move: the
/// final margin under perfect play minus the margin already in the stores.
///
///     >>> import kalah
///     >>> db = kalah.EndgameDatabase.build("standard", 6, store=False)
///     >>> db.probe(kalah.Position("<6,20,18,0,0,0,0,0,1,1,1,1,1,1,0> S"))
///     -4
///     >>> db.value(kalah.Position("<6,20,18,0,0,0,0,0,1,1,1,1,1,1,0> S"))
///     -2
///
/// ``build`` and ``load`` release the GIL while they work; Ctrl-C stops a build within
/// moments and raises ``KeyboardInterrupt``, storing nothing.
#[pyclass(module = "kalah", frozen)]
pub struct EndgameDatabase(pub Arc<Database>);

#[pymethods]
impl EndgameDatabase {
    /// Builds the database of ``max_seeds`` seeds for ``rules`` with ``threads`` threads
    /// (every core by default). With ``store=True`` (the default) it comes from the store of
    /// the data directory when one is there, or is built and stored there, as
    /// ``kalah egdb build -k K`` does; ``packed=True`` keeps half a byte per position.
    /// Ctrl-C (any signal whose handler raises) stops the build at its next chunk of work:
    /// the exception is raised and nothing is stored.
    #[staticmethod]
    #[pyo3(signature = (rules, max_seeds, *, threads=None, store=true, packed=false))]
    fn build(
        py: Python<'_>,
        rules: &Bound<'_, PyAny>,
        max_seeds: u32,
        threads: Option<usize>,
        store: bool,
        packed: bool,
    ) -> PyResult<EndgameDatabase> {
        let rules = rules_from_py(Some(rules))?;
        let threads = threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
            .max(1);
        let dir = if store { Some(store_dir()?) } else { None };
        // The build runs on a thread of its own while this one checks for signals; a signal
        // whose handler raises (Ctrl-C) sets `stop`, and the build returns soon after.
        let db = interruptible(
            py,
            move |stop: &AtomicBool| -> Result<Database, kalah_egdb::EgdbError> {
                match dir {
                    Some(dir) => {
                        let store = Store::new(dir);
                        let got = if packed {
                            store.get_packed(rules, max_seeds, threads, stop)
                        } else {
                            store.get(rules, max_seeds, threads, stop)
                        };
                        got.map(|(db, _)| db)
                    }
                    None => {
                        let db = Database::build(rules, max_seeds, threads, stop)?;
                        if packed {
                            db.pack()
                        } else {
                            Ok(db)
                        }
                    }
                }
            },
        )?;
        db.map(|d| EndgameDatabase(Arc::new(d))).map_err(egdb_err)
    }

    /// Loads a database file, checking its version, checksum and (when given) its rules.
    #[staticmethod]
    #[pyo3(signature = (path, rules=None))]
    fn load(
        py: Python<'_>,
        path: PathBuf,
        rules: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<EndgameDatabase> {
        let rules = match rules.filter(|r| !r.is_none()) {
            Some(r) => Some(rules_from_py(Some(r))?),
            None => None,
        };
        let db = py.detach(|| match rules {
            Some(r) => Database::load(&path, &r),
            None => Database::open(&path),
        });
        db.map(|d| EndgameDatabase(Arc::new(d)))
            .map_err(|e| egdb_err(format!("endgame database {}: {e}", path.display())))
    }

    /// Saves the database in the format of ``docs/egdb.md``.
    fn save(&self, py: Python<'_>, path: PathBuf) -> PyResult<()> {
        let db = self.0.clone();
        py.detach(move || db.save(&path)).map_err(egdb_err)
    }

    /// The future gain of the side to move in ``position``, or ``None`` when the database
    /// does not cover it (other rules, a pie stage, more seeds in the houses than
    /// ``max_seeds``, or a value a packed database keeps only as a bound).
    fn probe(&self, position: &Bound<'_, PyAny>) -> PyResult<Option<i32>> {
        let pos = position_from_py(
            position,
            Some(&Bound::new(position.py(), Rules(self.0.rules()))?.into_any()),
        )?;
        Ok(self.0.probe(&pos))
    }

    /// The exact final margin for the side to move (stores now plus the future gain), or
    /// ``None`` where ``probe`` gives ``None``.
    fn value(&self, position: &Bound<'_, PyAny>) -> PyResult<Option<i32>> {
        let pos = position_from_py(
            position,
            Some(&Bound::new(position.py(), Rules(self.0.rules()))?.into_any()),
        )?;
        let me = pos.to_move();
        Ok(self
            .0
            .probe(&pos)
            .map(|g| g + pos.store(me) as i32 - pos.store(me.opponent()) as i32))
    }

    #[getter]
    fn rules(&self) -> Rules {
        Rules(self.0.rules())
    }
    #[getter]
    fn max_seeds(&self) -> u32 {
        self.0.max_seeds()
    }
    /// Positions covered.
    #[getter]
    fn entries(&self) -> u64 {
        self.0.len()
    }
    /// Bytes of memory its values take.
    #[getter]
    fn bytes(&self) -> u64 {
        self.0.bytes()
    }
    #[getter]
    fn packed(&self) -> bool {
        self.0.is_packed()
    }
    #[getter]
    fn checksum(&self) -> u32 {
        self.0.checksum()
    }
    /// True when the database serves positions of ``rules``.
    fn covers(&self, rules: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.0.covers(&rules_from_py(Some(rules))?))
    }
    fn __len__(&self) -> usize {
        self.0.len() as usize
    }
    fn __repr__(&self) -> String {
        format!(
            "EndgameDatabase({:?}, max_seeds={}, entries={}{})",
            self.0.rules().to_string(),
            self.0.max_seeds(),
            self.0.len(),
            if self.0.is_packed() { ", packed" } else { "" }
        )
    }
}
