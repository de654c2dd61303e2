//! The Python module `kalah._kalah`: the rules, the engine, endgame databases and a batch
//! environment, bound with PyO3. The thin package `python/kalah` beside it re-exports these
//! and adds what is better written in Python (Gymnasium, PettingZoo and OpenSpiel
//! adapters); `python/kalah/_kalah.pyi` types every class and function.
//!
//! Errors are the library's own, with the same messages as the command line: every one is a
//! subclass of `kalah.KalahError` (itself a `ValueError`).

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

mod batch;
mod egdb;
mod engine;
mod game;

create_exception!(
    kalah,
    KalahError,
    PyValueError,
    "Base class of every error of the kalah package."
);
create_exception!(
    kalah,
    RulesError,
    KalahError,
    "Bad rules: an unknown preset or option, or a value out of range."
);
create_exception!(
    kalah,
    PositionError,
    KalahError,
    "A position string that does not parse, or does not fit the rules."
);
create_exception!(
    kalah,
    MoveError,
    KalahError,
    "A move that does not parse or cannot be played here."
);
create_exception!(
    kalah,
    RecordError,
    KalahError,
    "A game record that cannot be read."
);
create_exception!(
    kalah,
    EgdbError,
    KalahError,
    "An endgame database that cannot be built, loaded, saved or used."
);

pub(crate) fn rules_err(e: impl std::fmt::Display) -> PyErr {
    RulesError::new_err(e.to_string())
}
pub(crate) fn position_err(e: impl std::fmt::Display) -> PyErr {
    PositionError::new_err(e.to_string())
}
pub(crate) fn move_err(e: impl std::fmt::Display) -> PyErr {
    MoveError::new_err(e.to_string())
}
pub(crate) fn egdb_err(e: impl std::fmt::Display) -> PyErr {
    EgdbError::new_err(e.to_string())
}

/// Runs `work` on a thread of its own while this thread waits without the GIL, checking for
/// signals every 50 ms: Ctrl-C (or any signal handler that raises) sets the stop flag the
/// work was given, waits for it to return, and raises the handler's exception.
pub(crate) fn interruptible<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&AtomicBool) -> T + Send,
) -> PyResult<T> {
    let stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel();
        let stop = &stop;
        scope.spawn(move || {
            let _ = tx.send(work(stop));
        });
        let mut rx = rx;
        loop {
            // The receiver is not `Sync`: it goes into the GIL-free closure and comes back.
            let (got, back) = py.detach(move || (rx.recv_timeout(Duration::from_millis(50)), rx));
            rx = back;
            match got {
                Ok(v) => return Ok(v),
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(KalahError::new_err("the search thread failed"))
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
            }
            if let Err(e) = py.check_signals() {
                stop.store(true, Ordering::Relaxed);
                // The search returns soon after the flag; its answer is dropped.
                let _ = py.detach(move || rx.recv());
                return Err(e);
            }
        }
    })
}

#[pymodule]
fn _kalah(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("KalahError", py.get_type::<KalahError>())?;
    m.add("RulesError", py.get_type::<RulesError>())?;
    m.add("PositionError", py.get_type::<PositionError>())?;
    m.add("MoveError", py.get_type::<MoveError>())?;
    m.add("RecordError", py.get_type::<RecordError>())?;
    m.add("EgdbError", py.get_type::<EgdbError>())?;
    game::register(m)?;
    engine::register(m)?;
    egdb::register(m)?;
    batch::register(m)?;
    Ok(())
}
