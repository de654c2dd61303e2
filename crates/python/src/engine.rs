//! The engine: solve, search, analyze, and the playing levels.
//!
//! `solve` and `analyze` choose their endgame database and table by the sizing policy
//! `kalah solve` and `kalah analyze` use (`kalah_egdb::sizing`), and share the command
//! line's store of databases in the data directory, so a database one of them built serves
//! the other.

use crate::egdb::{store_dir, EndgameDatabase};
use crate::game::{move_to_py, position_from_py, side_name, Position};
use crate::{egdb_err, interruptible, KalahError};
use kalah_egdb::sizing::{
    self, buildable, db_room, default_seeds, first_builds_less, DEFAULT_MAX_MEMORY_MIB,
    MAX_HASH_MIB, MIB,
};
use kalah_egdb::{build_memory, entries, Database, Saving, Source, Store};
use kalah_engine::{book, Engine, Level, Limits, NoReport};
use kalah_rules::{Move, Rules, Side};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<SearchResult>()?;
    m.add_class::<MoveValue>()?;
    m.add_class::<Player>()?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(search, m)?)?;
    m.add_function(wrap_pyfunction!(analyze, m)?)?;
    m.add_function(wrap_pyfunction!(choose_move, m)?)?;
    m.add(
        "LEVELS",
        Level::ALL.iter().map(|l| l.name()).collect::<Vec<_>>(),
    )?;
    Ok(())
}

/// What a search gets: its table and its database.
struct Plan {
    hash_mib: usize,
    max_hash_mib: usize,
    db: Option<Arc<Database>>,
    source: Option<String>,
    /// A database just built, still being written to the store beside the search.
    saving: Option<Saving>,
}

/// The search options shared by `solve`, `search` and `analyze`.
struct Setup {
    egdb: Option<Arc<Database>>,
    egdb_seeds: Option<u32>,
    hash_mb: Option<usize>,
    max_memory_mb: u64,
    store: bool,
    threads: usize,
}

fn egdb_arg(obj: Option<&Bound<'_, PyAny>>, rules: &Rules) -> PyResult<Option<Arc<Database>>> {
    let Some(o) = obj.filter(|o| !o.is_none()) else {
        return Ok(None);
    };
    if let Ok(db) = o.cast::<EndgameDatabase>() {
        return Ok(Some(db.get().0.clone()));
    }
    let path: std::path::PathBuf = o
        .extract()
        .map_err(|_| PyTypeError::new_err("egdb is a kalah.EndgameDatabase or a file path"))?;
    Database::load(&path, rules)
        .map(|d| Some(Arc::new(d)))
        .map_err(|e| egdb_err(format!("endgame database {}: {e}", path.display())))
}

fn threads_arg(threads: Option<usize>, default_all: bool) -> PyResult<usize> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let t = threads.unwrap_or(if default_all { cores } else { 1 });
    if t == 0 || t > 256 {
        return Err(KalahError::new_err("threads must be between 1 and 256"));
    }
    Ok(t)
}

/// Chooses the database and the table as `kalah solve` does. A database it builds stops
/// when `stop` goes up (Ctrl-C).
fn plan(pos: &kalah_rules::Position, s: &Setup, stop: &AtomicBool) -> PyResult<Plan> {
    let rules = pos.rules();
    if !(16..=1 << 20).contains(&s.max_memory_mb) {
        return Err(KalahError::new_err(
            "max_memory_mb must be between 16 and 1048576 MiB",
        ));
    }
    let cap = s.max_memory_mb * MIB;
    let (db, source, saving) = if let Some(db) = &s.egdb {
        if !db.covers(&rules) {
            return Err(egdb_err(format!(
                "the endgame database is for the rules {}, not {rules}",
                db.rules()
            )));
        }
        (Some(db.clone()), Some("given".to_string()), None)
    } else {
        let wanted = s.egdb_seeds.unwrap_or_else(|| default_seeds(&rules, pos));
        if wanted > 0 && rules.early_end() {
            return Err(egdb_err(
                "endgame databases do not cover early-end rules; leave out egdb_seeds",
            ));
        }
        let store = if s.store {
            Some(Store::new(store_dir()?))
        } else {
            None
        };
        get_database(
            &rules,
            wanted,
            s.egdb_seeds.is_some(),
            s.egdb_seeds.is_none() && first_builds_less(&rules, pos),
            store.as_ref(),
            cap,
            s.threads,
            stop,
        )?
    };
    let db_bytes = db.as_ref().map_or(0, |d| d.bytes());
    if s.hash_mb.is_some_and(|h| h == 0 || h > MAX_HASH_MIB) {
        return Err(KalahError::new_err(
            "hash_mb must be between 1 and 65536 MiB",
        ));
    }
    let table = sizing::table(pos, cap, db_bytes, s.hash_mb).map_err(|e| {
        KalahError::new_err(format!(
            "hash_mb {} MiB and a {} MiB endgame database exceed max_memory_mb {} MiB; raise max_memory_mb or lower hash_mb",
            e.hash_mib, e.db_mib, s.max_memory_mb
        ))
    })?;
    Ok(Plan {
        hash_mib: table.hash_mib,
        max_hash_mib: table.max_hash_mib,
        db,
        source,
        saving,
    })
}

type Got = (Option<Arc<Database>>, Option<String>, Option<Saving>);

/// As `kalah solve`: the largest stored database that fits, else one built (and stored);
/// a build stops when `stop` goes up.
#[allow(clippy::too_many_arguments)]
fn get_database(
    rules: &Rules,
    wanted: u32,
    explicit: bool,
    first_less: bool,
    store: Option<&Store>,
    cap: u64,
    threads: usize,
    stop: &AtomicBool,
) -> PyResult<Got> {
    if wanted == 0 {
        return Ok((None, None, None));
    }
    let room = db_room(cap);
    if let Some(store) = store {
        if let Some(path) = store.find_largest(rules, wanted, room) {
            match Database::load(&path, rules) {
                Ok(db) => {
                    return Ok((
                        Some(Arc::new(db)),
                        Some(format!("loaded {}", path.display())),
                        None,
                    ))
                }
                Err(_) => {
                    let _ = store.remove(&path);
                }
            }
        }
    }
    let mut k = wanted;
    if first_less && store.is_some_and(|s| !s.holds_any(rules)) {
        k -= 1;
    }
    while k > 0 && !buildable(rules, k, cap) {
        if explicit {
            return Err(egdb_err(format!(
                "an endgame database of {k} seeds needs about {} MiB to build and {} MiB to keep beside the table, more than max_memory_mb allows; raise max_memory_mb or ask for fewer seeds",
                build_memory(rules, k).div_ceil(MIB),
                (entries(rules, k) + entries(rules, k) / 7).div_ceil(MIB)
            )));
        }
        k -= 1;
    }
    if k == 0 {
        return Ok((None, None, None));
    }
    match store {
        Some(store) => {
            let (db, source, saving) = store
                .get_saving_behind(*rules, k, threads, stop)
                .map_err(|e| egdb_err(format!("endgame database: {e}")))?;
            let text = match source {
                Source::Loaded(p) => format!("loaded {}", p.display()),
                Source::Built(p, _) => format!("built and stored {}", p.display()),
                Source::Grown(p, k) => format!(
                    "grown from the stored {k}-seed database and stored {}",
                    p.display()
                ),
            };
            Ok((Some(db), Some(text), saving))
        }
        None => {
            let db = Database::build(*rules, k, threads, stop)
                .map_err(|e| egdb_err(format!("cannot build the endgame database: {e}")))?;
            Ok((Some(Arc::new(db)), Some("built in memory".into()), None))
        }
    }
}

/// Writes a line of moves as turns, as `kalah solve` prints its principal variation.
fn format_line(pos: &kalah_rules::Position, moves: &[Move]) -> String {
    let mut turns: Vec<String> = Vec::new();
    let mut p = *pos;
    let mut current = String::new();
    for &m in moves {
        let before = p.to_move();
        if p.play(m).is_err() {
            break;
        }
        if !current.is_empty() {
            current.push('-');
        }
        current.push_str(&m.to_string());
        if m == Move::Swap || p.to_move() != before || p.is_over() {
            turns.push(std::mem::take(&mut current));
        }
    }
    if !current.is_empty() {
        turns.push(current);
    }
    turns.join(" ")
}

fn limits_arg(
    time: Option<f64>,
    depth: Option<u32>,
    nodes: Option<u64>,
    exact: bool,
) -> PyResult<Option<Limits>> {
    let given = time.is_some() as u8 + depth.is_some() as u8 + nodes.is_some() as u8 + exact as u8;
    if given > 1 {
        return Err(PyTypeError::new_err(
            "give one limit: time=, depth=, nodes= or exact=True",
        ));
    }
    if let Some(t) = time {
        if !(t.is_finite() && t > 0.0 && t <= 86_400.0) {
            return Err(KalahError::new_err(
                "time must be a number of seconds above 0 and at most 86400",
            ));
        }
        let hard = Duration::from_secs_f64(t);
        return Ok(Some(Limits::Time {
            soft: hard / 2,
            hard,
        }));
    }
    if let Some(d) = depth {
        if d == 0 {
            return Err(KalahError::new_err("depth must be at least 1"));
        }
        return Ok(Some(Limits::Depth(d)));
    }
    if let Some(n) = nodes {
        return Ok(Some(Limits::Nodes(n.max(1))));
    }
    Ok(exact.then_some(Limits::Exact))
}

/// The answer of ``solve`` or ``search``. Values are final margins in seeds for the side to
/// move (its final store minus the opponent's)::
///
///     >>> import kalah
///     >>> r = kalah.solve(rules="standard houses=3 seeds=2")
///     >>> r.value, r.exact, r.to_move, r.best in r.best_moves
///     (4, True, 'south', True)
#[pyclass(module = "kalah", frozen, get_all)]
pub struct SearchResult {
    /// The position searched, as a string.
    position: String,
    to_move: &'static str,
    value: i32,
    /// True when ``value`` is proven.
    exact: bool,
    /// The best move, or ``None`` when the game is over.
    best: Option<Py<PyAny>>,
    /// Every move proven best (an exact solve), else the best found.
    best_moves: Vec<Py<PyAny>>,
    /// Principal variation, move by move.
    pv: Vec<Py<PyAny>>,
    /// The principal variation as turns (``"3-1 4 ..."``), as ``kalah solve`` prints it.
    pv_line: String,
    depth: u32,
    nodes: u64,
    /// Seconds in all, the database and the table included.
    seconds: f64,
    search_seconds: f64,
    threads: usize,
    hash_mb: usize,
    /// The table's size at the end (it may grow on a hard search).
    table_mb: usize,
    /// Where the endgame database came from (``"loaded ..."``, ``"built and stored ..."``,
    /// ``"built in memory"``, ``"given"``), or ``None``.
    database: Option<String>,
    database_seeds: Option<u32>,
}

#[pymethods]
impl SearchResult {
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "SearchResult(value={}, exact={}, best_moves={}, pv_line={:?}, nodes={}, seconds={:.3})",
            self.value,
            if self.exact { "True" } else { "False" },
            pyo3::types::PyList::new(py, self.best_moves.iter().map(|m| m.bind(py)))?.repr()?,
            self.pv_line,
            self.nodes,
            self.seconds
        ))
    }
}

fn moves_py(py: Python<'_>, ms: &[Move]) -> PyResult<Vec<Py<PyAny>>> {
    ms.iter()
        .map(|&m| move_to_py(py, m).map(Bound::unbind))
        .collect()
}

#[allow(clippy::too_many_arguments)]
fn run_search(
    py: Python<'_>,
    position: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
    limits: Limits,
    threads: usize,
    hash_mb: Option<usize>,
    egdb: Option<&Bound<'_, PyAny>>,
    egdb_seeds: Option<u32>,
    max_memory_mb: u64,
    store: bool,
) -> PyResult<SearchResult> {
    let pos = position_from_py(position, rules)?;
    let start = Instant::now();
    let setup = Setup {
        egdb: egdb_arg(egdb, &pos.rules())?,
        egdb_seeds,
        hash_mb,
        max_memory_mb,
        store,
        threads,
    };
    let (r, plan, table_mb) = interruptible(py, |stop: &AtomicBool| -> PyResult<_> {
        let plan = plan(&pos, &setup, stop)?;
        let mut engine = Engine::with_room(plan.hash_mib, plan.max_hash_mib, threads);
        if let Some(db) = &plan.db {
            engine.set_endgame(db.clone(), pos.rules());
        }
        let r = engine.search(&pos, limits, stop, &mut NoReport);
        Ok((r, plan, engine.table_bytes() >> 20))
    })??;
    let secs = start.elapsed().as_secs_f64();
    let mut plan = plan;
    if let Some(s) = plan.saving.take() {
        // The answer never depends on the write; a failure only means a rebuild next time.
        let _ = py.detach(|| s.wait());
    }
    Ok(SearchResult {
        position: pos.to_string(),
        to_move: side_name(pos.to_move()),
        value: r.value,
        exact: r.exact,
        best: r
            .best
            .map(|m| move_to_py(py, m).map(Bound::unbind))
            .transpose()?,
        best_moves: moves_py(py, &r.best_moves)?,
        pv: moves_py(py, &r.pv)?,
        pv_line: format_line(&pos, &r.pv),
        depth: r.depth,
        nodes: r.nodes,
        seconds: secs,
        search_seconds: r.elapsed.as_secs_f64(),
        threads: r.stats.threads,
        hash_mb: plan.hash_mib,
        table_mb,
        database_seeds: plan.db.as_ref().map(|d| d.max_seeds()),
        database: plan.source,
    })
}

/// The exact value of a position, its best moves and a principal variation, like
/// ``kalah solve``: the same endgame database (from the store in the data directory, or
/// built and stored there) and table sizes, every core by default.
///
/// ``position`` is a ``Position`` or a position string (read with ``rules``). The search
/// releases the GIL; Ctrl-C stops it and raises ``KeyboardInterrupt``::
///
///     >>> import kalah
///     >>> r = kalah.solve("<6,0,0,0,0,0,1,2,3,0,0,0,0,0,4> S")
///     >>> r.value, r.exact, r.best_moves, r.pv_line
///     (8, True, [5, 4], '5-4 6')
#[pyfunction]
#[pyo3(signature = (position=None, rules=None, *, threads=None, hash_mb=None, egdb=None, egdb_seeds=None, max_memory_mb=DEFAULT_MAX_MEMORY_MIB, store=true))]
#[allow(clippy::too_many_arguments)]
fn solve(
    py: Python<'_>,
    position: Option<&Bound<'_, PyAny>>,
    rules: Option<&Bound<'_, PyAny>>,
    threads: Option<usize>,
    hash_mb: Option<usize>,
    egdb: Option<&Bound<'_, PyAny>>,
    egdb_seeds: Option<u32>,
    max_memory_mb: u64,
    store: bool,
) -> PyResult<SearchResult> {
    let start_pos;
    let position = match position {
        Some(p) if !p.is_none() => p.clone(),
        _ => {
            start_pos = Bound::new(
                py,
                Position(kalah_rules::Position::start(
                    crate::game::rules_from_py(rules)?,
                    Side::South,
                )),
            )?
            .into_any();
            start_pos
        }
    };
    run_search(
        py,
        &position,
        rules,
        Limits::Exact,
        threads_arg(threads, true)?,
        hash_mb,
        egdb,
        egdb_seeds,
        max_memory_mb,
        store,
    )
}

/// A search within one limit: ``time`` (seconds; deepening stops at half of it),
/// ``depth`` (sowings), ``nodes``, or ``exact=True`` (as ``solve``). One thread by default;
/// an endgame database only with ``egdb=`` or ``egdb_seeds=`` (or ``exact=True``, as
/// ``solve``).
/// Releases the GIL; Ctrl-C stops it::
///
///     >>> import kalah
///     >>> r = kalah.search(kalah.Position(), depth=6)
///     >>> r.exact, r.depth, r.best in kalah.Position().legal_moves()
///     (False, 6, True)
#[pyfunction]
#[pyo3(signature = (position, rules=None, *, time=None, depth=None, nodes=None, exact=false, threads=None, hash_mb=None, egdb=None, egdb_seeds=None, max_memory_mb=DEFAULT_MAX_MEMORY_MIB, store=true))]
#[allow(clippy::too_many_arguments)]
fn search(
    py: Python<'_>,
    position: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
    time: Option<f64>,
    depth: Option<u32>,
    nodes: Option<u64>,
    exact: bool,
    threads: Option<usize>,
    hash_mb: Option<usize>,
    egdb: Option<&Bound<'_, PyAny>>,
    egdb_seeds: Option<u32>,
    max_memory_mb: u64,
    store: bool,
) -> PyResult<SearchResult> {
    let limits = limits_arg(time, depth, nodes, exact)?.ok_or_else(|| {
        PyTypeError::new_err("give one limit: time=, depth=, nodes= or exact=True")
    })?;
    // A limited search gets a database only when asked: building one would dwarf it.
    let egdb_seeds = match (limits, egdb_seeds, egdb) {
        (Limits::Exact, s, _) => s,
        (_, None, None) => Some(0),
        (_, s, _) => s,
    };
    run_search(
        py,
        position,
        rules,
        limits,
        threads_arg(threads, false)?,
        hash_mb,
        egdb,
        egdb_seeds,
        max_memory_mb,
        store,
    )
}

/// The value of one move for the side to move: a final margin, exact or an estimate::
///
///     >>> import kalah
///     >>> values = kalah.analyze(kalah.Position(rules="standard seeds=6"), depth=2)
///     >>> len(values), values[0].move in range(1, 7), values[0].exact, values[0].book
///     (6, True, False, False)
#[pyclass(module = "kalah", frozen, get_all)]
pub struct MoveValue {
    r#move: Py<PyAny>,
    value: i32,
    exact: bool,
    /// True when the value comes from the shipped opening books.
    book: bool,
}

#[pymethods]
impl MoveValue {
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "MoveValue(move={}, value={}, exact={}, book={})",
            self.r#move.bind(py).repr()?,
            self.value,
            if self.exact { "True" } else { "False" },
            if self.book { "True" } else { "False" }
        ))
    }
}

/// The value of every legal move, best first, like ``kalah analyze``: within ``time``
/// seconds (5 by default), ``depth`` sowings, ``nodes``, or ``exact=True``. Values not proven
/// within the limit are estimates (``exact`` False); where the shipped opening books prove
/// a value it is used (``book`` True). Releases the GIL; Ctrl-C stops it::
///
///     >>> import kalah
///     >>> [(v.move, v.value, v.exact) for v in kalah.analyze("<6,0,0,0,0,0,1,2,3,0,0,0,0,0,4> S", exact=True)]
///     [(4, 8, True), (5, 8, True), (6, -4, True)]
#[pyfunction]
#[pyo3(signature = (position, rules=None, *, time=None, depth=None, nodes=None, exact=false, hash_mb=None, egdb=None, egdb_seeds=None, max_memory_mb=DEFAULT_MAX_MEMORY_MIB, store=true, book=true))]
#[allow(clippy::too_many_arguments)]
fn analyze(
    py: Python<'_>,
    position: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
    time: Option<f64>,
    depth: Option<u32>,
    nodes: Option<u64>,
    exact: bool,
    hash_mb: Option<usize>,
    egdb: Option<&Bound<'_, PyAny>>,
    egdb_seeds: Option<u32>,
    max_memory_mb: u64,
    store: bool,
    book: bool,
) -> PyResult<Vec<MoveValue>> {
    let pos = position_from_py(position, rules)?;
    if pos.is_over() {
        return Err(KalahError::new_err(format!(
            "the game is over in {pos}: there are no moves to analyze"
        )));
    }
    let limits = limits_arg(time, depth, nodes, exact)?.unwrap_or(Limits::Time {
        soft: Duration::from_millis(2500),
        hard: Duration::from_secs(5),
    });
    let setup = Setup {
        egdb: egdb_arg(egdb, &pos.rules())?,
        egdb_seeds,
        hash_mb,
        max_memory_mb,
        store,
        threads: threads_arg(None, true)?,
    };
    let (values, from_book) = interruptible(py, |stop: &AtomicBool| -> PyResult<_> {
        let plan = plan(&pos, &setup, stop)?;
        let mut engine = Engine::with_room(plan.hash_mib, plan.max_hash_mib, 1);
        if let Some(db) = &plan.db {
            engine.set_endgame(db.clone(), pos.rules());
        }
        let mut values = engine.analyze(&pos, limits, stop);
        let from_book = match book::proven(&pos).filter(|_| book) {
            Some(p) => p.settle(&mut values),
            None => vec![false; values.len()],
        };
        if let Some(s) = plan.saving {
            let _ = s.wait();
        }
        Ok((values, from_book))
    })??;
    values
        .iter()
        .zip(from_book)
        .map(|(v, b)| {
            Ok(MoveValue {
                r#move: move_to_py(py, v.mv)?.unbind(),
                value: v.value,
                exact: v.exact,
                book: b,
            })
        })
        .collect()
}

fn level_arg(name: &str) -> PyResult<Level> {
    name.parse::<Level>()
        .map_err(|e| KalahError::new_err(e.to_string()))
}

/// A playing level (``kalah.LEVELS``: beginner, novice, casual, club, expert, master,
/// perfect) with its own engine, for playing many moves::
///
///     >>> import kalah
///     >>> p = kalah.Player("master", seed=1)
///     >>> p.choose(kalah.Position()) in range(1, 7)
///     True
///
/// The same seed, position and level give the same move (except for the time-limited
/// ``perfect``, which also uses the shipped opening books). Searching levels release the
/// GIL and stop on Ctrl-C.
#[pyclass(module = "kalah")]
pub struct Player {
    level: Level,
    seed: u64,
    max_time: Option<Duration>,
    engine: Engine,
}

#[pymethods]
impl Player {
    #[new]
    #[pyo3(signature = (level="master", *, seed=0, hash_mb=16, max_time=None))]
    fn new(level: &str, seed: u64, hash_mb: usize, max_time: Option<f64>) -> PyResult<Player> {
        if hash_mb == 0 || hash_mb > MAX_HASH_MIB {
            return Err(KalahError::new_err(
                "hash_mb must be between 1 and 65536 MiB",
            ));
        }
        let max_time = match max_time {
            Some(t) if !(t.is_finite() && t > 0.0) => {
                return Err(KalahError::new_err(
                    "max_time must be a number of seconds above 0",
                ))
            }
            t => t.map(Duration::from_secs_f64),
        };
        Ok(Player {
            level: level_arg(level)?,
            seed,
            max_time,
            engine: Engine::new(hash_mb),
        })
    }
    #[getter]
    fn level(&self) -> &'static str {
        self.level.name()
    }
    /// The level's move in ``position`` (``None`` when the game is over). ``seed`` overrides
    /// the player's seed for this move.
    #[pyo3(signature = (position, seed=None))]
    fn choose<'py>(
        &mut self,
        py: Python<'py>,
        position: &Bound<'py, PyAny>,
        seed: Option<u64>,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        let pos = position_from_py(position, None)?;
        let (level, seed, max_time) = (self.level, seed.unwrap_or(self.seed), self.max_time);
        let m = if level >= Level::Expert {
            let engine = &mut self.engine;
            interruptible(py, |stop: &AtomicBool| {
                level.choose_move_within(engine, &pos, seed, stop, max_time)
            })?
        } else {
            level.choose_move_within(
                &mut self.engine,
                &pos,
                seed,
                &AtomicBool::new(false),
                max_time,
            )
        };
        m.map(|m| move_to_py(py, m)).transpose()
    }
    fn __repr__(&self) -> String {
        format!("Player({:?}, seed={})", self.level.name(), self.seed)
    }
}

/// One move of a playing level (a fresh engine each call; keep a ``Player`` for many).
#[pyfunction]
#[pyo3(signature = (position, level="master", seed=0))]
fn choose_move<'py>(
    py: Python<'py>,
    position: &Bound<'py, PyAny>,
    level: &str,
    seed: u64,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    let mut p = Player::new(level, seed, 16, None)?;
    p.choose(py, position, None)
}
