//! The coordinator of a distributed solve: splits the root, reuses what the table of solved
//! positions knows, offers the wanted leaves as jobs, combines the answers up the tree until
//! the root's value is proven, and writes every position it proved back to the table. It
//! holds no state the database does not: started again on the same root, it resumes the run.

use crate::store::{Error, Result, Store, DONE_CHANNEL};
use crate::tree::{Bounds, Mtdf, Split, Tree, Window};
use kalah_rules::Position;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How a solve is coordinated.
#[derive(Debug, Clone, Copy)]
pub struct Options {
    pub split: Split,
    /// Jobs offered at a time (None: three per live worker, at least 4). Fewer offered means
    /// narrower windows for the later jobs (more cut-offs), more means more work in parallel.
    pub ahead: Option<usize>,
    /// Longest wait for answers between looks (an answer wakes it earlier).
    pub poll: Duration,
    /// An estimate of the root's value: the first pass asks whether the value is at least
    /// this (see [`Mtdf`]).
    pub guess: i32,
    /// Times the line of first moves is split two sowings further (with an estimate only).
    pub deepen: u32,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            split: Split {
                depth: 64,
                leaves: 200,
            },
            ahead: None,
            poll: Duration::from_secs(1),
            guess: 0,
            deepen: 0,
        }
    }
}

/// A snapshot for progress reports.
#[derive(Debug, Clone, Copy)]
pub struct Progress {
    pub run: i64,
    pub bounds: Bounds,
    /// The root's window of the present pass.
    pub window: Window,
    /// Leaves wanted now, and offered of them.
    pub wanted: usize,
    pub offered: usize,
    /// Answers read so far.
    pub answers: usize,
    pub elapsed: Duration,
}

/// The end of a solve.
#[derive(Debug, Clone, Copy)]
pub struct Outcome {
    pub run: i64,
    pub value: i32,
    /// True when an unfinished run of this root was taken up again.
    pub resumed: bool,
    pub leaves: usize,
    /// Answers read from workers, and positions the table knew at the start.
    pub answers: usize,
    pub known: usize,
    pub elapsed: Duration,
}

/// Solves `root` with the workers of the database at `url`. `estimate`, when given, guesses
/// a position's value for its player to move (a shallow search) to put the tree's moves
/// best first ([`Tree::order_children`]).
pub fn solve(
    url: &str,
    root: Position,
    opts: Options,
    estimate: Option<&mut dyn FnMut(&Position) -> i32>,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Outcome> {
    let start = Instant::now();
    let rules = root.rules();
    let mut store = Store::connect(url)?;
    store.listen(DONE_CHANNEL)?;
    let mut tree = Tree::new(root, opts.split).map_err(Error::Bad)?;
    if let Some(estimate) = estimate {
        tree.order_children(estimate);
        // The line of first moves split further, a few sowings at a time, each time
        // ordered again: its proof is most of the work that the other jobs wait for.
        for _ in 0..opts.deepen {
            if tree.deepen_first(2) == 0 {
                break;
            }
            tree.order_children(estimate);
        }
    }
    let known = store.solved(rules, &tree.positions())?;
    for (p, b) in &known {
        tree.learn(p, *b);
    }
    let leaves = tree.leaves().len();
    let (run, resumed) = store.open_run(&root, leaves)?;
    let mut answers = 0;
    let mut live = (Instant::now(), store.live_workers(Duration::from_secs(30))?);
    let mut last_bounds = None;
    let mut mtdf = Mtdf::new(opts.guess);
    loop {
        for (p, b) in store.take_answers(run, rules)? {
            tree.learn(&p, b);
            answers += 1;
        }
        let bounds = tree.root_bounds();
        let Some(window) = mtdf.window(bounds) else {
            let value = bounds.lower;
            let mut proven = tree.proven();
            proven.push((root, Bounds::exact(value)));
            store.record_solved(rules, &proven)?;
            store.run_progress(run, bounds, true)?;
            return Ok(Outcome {
                run,
                value,
                resumed,
                leaves,
                answers,
                known: known.len(),
                elapsed: start.elapsed(),
            });
        };
        if stop.load(Ordering::Relaxed) {
            store.record_solved(rules, &tree.proven())?;
            return Err(Error::Bad(format!(
                "stopped; the run ({run}) resumes when the same solve is started again"
            )));
        }
        if live.0.elapsed() > Duration::from_secs(5) {
            live = (Instant::now(), store.live_workers(Duration::from_secs(30))?);
        }
        let ahead = opts.ahead.unwrap_or((3 * live.1).max(4));
        let wanted = tree.wanted_within(window);
        store.sync_jobs(run, rules, &wanted, ahead)?;
        if last_bounds != Some(bounds) {
            store.run_progress(run, bounds, false)?;
            last_bounds = Some(bounds);
        }
        progress(&Progress {
            run,
            bounds,
            window,
            wanted: wanted.len(),
            offered: wanted.len().min(ahead),
            answers,
            elapsed: start.elapsed(),
        });
        store.wait(opts.poll)?;
    }
}
