//! What a build tells its caller and asks of it: how far it is, and whether to stop.
//!
//! The builder does no I/O and catches no signals: it calls [`Progress::progress`] now and
//! then and asks [`Progress::stop`] between chunks of work (a row of a split, a tile, a band of
//! a transpose: well under a millisecond each on Kalah(6,4)). A caller that wants Ctrl-C to stop
//! a build sets a flag from its signal handler (or its Python signal check) and passes it.

use std::sync::atomic::{AtomicBool, Ordering};

/// The caller's side of a build: a progress report and a stop request.
///
/// Every `Fn(done, total)` closure is one (it never asks to stop), so is an [`AtomicBool`]
/// (a stop flag with no report), and [`Stoppable`] joins a report and a flag:
///
/// ```
/// use kalah_egdb::{Database, EgdbError, Stoppable};
/// use kalah_rules::Rules;
/// use std::sync::atomic::AtomicBool;
///
/// let stop = AtomicBool::new(true); // set, say, by a Ctrl-C handler
/// let got = Database::build(Rules::standard(), 10, 2, &stop);
/// assert!(matches!(got, Err(EgdbError::Stopped)));
/// let report = |done: u64, total: u64| assert!(done <= total);
/// let stop = AtomicBool::new(false);
/// let db = Database::build(Rules::standard(), 6, 2, &Stoppable::new(report, &stop)).unwrap();
/// assert_eq!(db.max_seeds(), 6);
/// ```
pub trait Progress: Sync {
    /// `done` of `total` positions settled so far; called now and then from the build threads.
    fn progress(&self, done: u64, total: u64);

    /// Asked between chunks of work from the build threads: `true` makes the build stop
    /// soon and answer [`crate::EgdbError::Stopped`], keeping and writing nothing.
    fn stop(&self) -> bool {
        false
    }
}

impl<F: Fn(u64, u64) + Sync> Progress for F {
    fn progress(&self, done: u64, total: u64) {
        self(done, total)
    }
}

/// A stop flag alone: no report.
impl Progress for AtomicBool {
    fn progress(&self, _done: u64, _total: u64) {}

    fn stop(&self) -> bool {
        self.load(Ordering::Relaxed)
    }
}

/// A progress report `P` and a stop flag.
#[derive(Debug)]
pub struct Stoppable<'a, P> {
    pub progress: P,
    pub stop: &'a AtomicBool,
}

impl<'a, P: Progress> Stoppable<'a, P> {
    pub fn new(progress: P, stop: &'a AtomicBool) -> Stoppable<'a, P> {
        Stoppable { progress, stop }
    }
}

impl<P: Progress> Progress for Stoppable<'_, P> {
    fn progress(&self, done: u64, total: u64) {
        self.progress.progress(done, total)
    }

    fn stop(&self) -> bool {
        self.stop.load(Ordering::Relaxed) || self.progress.stop()
    }
}
