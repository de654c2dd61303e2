//! The coordinator of a distributed solve: splits the root, reuses what the table of solved
//! positions knows, offers the wanted leaves as jobs, combines the answers up the tree until
//! the root's value is proven, and writes every position it proved back to the table. It
//! holds no state the database does not: started again on the same root, it resumes the run.
//!
//! One run may solve many positions at once ([`solve_many`]: a book's level), each with its
//! own tree, their jobs offered together in the order given, so that the workers always
//! have work while positions are left. A job that proves long while a worker waits with
//! nothing to do is split one sowing further ([`Options::split_after`]): the job is
//! cancelled, and its children are kept for a few seconds for the worker that held it,
//! whose table already holds much of their proofs.

use crate::store::{Answer, Error, Result, Store, DONE_CHANNEL};
use crate::tree::{Bounds, Mtdf, Split, Tree, Wanted, Window};
use kalah_rules::{Move, Position};
use std::collections::HashMap;
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
    /// A job proven this long while a worker has nothing to do is split one sowing further
    /// (None: never).
    pub split_after: Option<Duration>,
    /// How long the children of a split job are kept for the worker that held it.
    pub hold: Duration,
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
            split_after: Some(Duration::from_secs(3)),
            hold: Duration::from_secs(3),
        }
    }
}

/// A snapshot for progress reports.
#[derive(Debug, Clone, Copy)]
pub struct Progress {
    pub run: i64,
    /// What is proven of the first position still open, and its root's window now.
    pub bounds: Bounds,
    pub window: Window,
    /// Leaves wanted now, and offered of them.
    pub wanted: usize,
    pub offered: usize,
    /// Answers read so far.
    pub answers: usize,
    pub elapsed: Duration,
    /// Positions to solve, and solved so far.
    pub roots: usize,
    pub roots_done: usize,
    /// Jobs split further so far.
    pub splits: usize,
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
    /// Jobs split further.
    pub splits: usize,
    pub elapsed: Duration,
}

/// A position to solve in [`solve_many`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Task {
    pub position: Position,
    /// Every best move is wanted too (a book's entry), not only the value.
    pub best: bool,
}

/// A position solved.
#[derive(Debug, Clone, PartialEq)]
pub struct Solved {
    pub position: Position,
    /// Final margin for the player to move.
    pub value: i32,
    /// Every move that keeps the value, in order, when they were wanted.
    pub best: Option<Vec<Move>>,
    /// Found in the table of solved positions at the start, not proven by this run.
    pub known: bool,
    /// Seconds of proving in the answers it learnt (as the table counts them).
    pub seconds: f64,
}

/// The end of [`solve_many`].
#[derive(Debug, Clone)]
pub struct ManyOutcome {
    pub run: i64,
    pub resumed: bool,
    /// In the order of the tasks.
    pub solved: Vec<Solved>,
    /// Leaves of the trees at the start, answers read from workers, facts the table knew at
    /// the start, and jobs split further.
    pub leaves: usize,
    pub answers: usize,
    pub known: usize,
    pub splits: usize,
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
    let task = Task {
        position: root,
        best: false,
    };
    let out = run(
        url,
        &[task],
        None,
        opts,
        estimate,
        stop,
        progress,
        &mut |_| {},
    )?;
    Ok(Outcome {
        run: out.run,
        value: out.solved[0].value,
        resumed: out.resumed,
        leaves: out.leaves,
        answers: out.answers,
        known: out.known,
        splits: out.splits,
        elapsed: out.elapsed,
    })
}

/// Solves many positions of one rule set in one run named `label` (the same label takes an
/// unfinished run up again): each split as `opts.split` says (one leaf, one job, with
/// `leaves: 1`), and further only while a worker waits. `solved` hears each position as it
/// is solved (first those the table knew), in any order.
#[allow(clippy::too_many_arguments)]
pub fn solve_many(
    url: &str,
    tasks: &[Task],
    label: &str,
    opts: Options,
    estimate: Option<&mut dyn FnMut(&Position) -> i32>,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(&Progress),
    solved: &mut dyn FnMut(&Solved),
) -> Result<ManyOutcome> {
    run(
        url,
        tasks,
        Some(label),
        opts,
        estimate,
        stop,
        progress,
        solved,
    )
}

/// One position's solve inside a run.
struct Solve {
    task: Task,
    /// Seconds of proving in the answers learnt.
    seconds: f64,
    tree: Tree,
    mtdf: Option<Mtdf>,
    value: Option<i32>,
    done: Option<Solved>,
}

impl Solve {
    /// Learns an answer; true when the tree held its position.
    fn learn(&mut self, a: &Answer) -> bool {
        if self.done.is_some() {
            return false;
        }
        let held = self.tree.learn(&a.position, a.bounds);
        if held {
            self.seconds += a.seconds;
        }
        if self.task.best && a.position == self.task.position && a.bounds.is_exact() {
            if let Some(best) = &a.best {
                self.done = Some(Solved {
                    position: self.task.position,
                    value: a.bounds.lower,
                    best: Some(best.clone()),
                    known: false,
                    seconds: self.seconds,
                });
            }
        }
        held
    }

    /// Moves the solve on from what its tree knows: answers the leaves wanted now (empty once
    /// done), and the window of its root's pass.
    fn step(&mut self) -> (Vec<Wanted>, Window) {
        if self.done.is_some() {
            return (Vec::new(), Window::FULL);
        }
        let root = self.task.position;
        let bounds = self.tree.root_bounds();
        if !self.tree.is_split() {
            if bounds.is_exact() && !self.task.best {
                self.finish(bounds.lower, None);
                return (Vec::new(), Window::FULL);
            }
            // One job: the worker's own search finds the exact value (and the best moves,
            // for an entry) faster than passes of zero windows asked one by one.
            return (
                vec![Wanted {
                    position: root,
                    window: Window::FULL,
                    priority: 0,
                    entry: self.task.best,
                }],
                Window::FULL,
            );
        }
        if self.value.is_none() {
            if bounds.is_exact() {
                self.value = Some(bounds.lower);
            } else {
                let mtdf = self.mtdf.get_or_insert(Mtdf::new(0));
                if let Some(w) = mtdf.window(bounds) {
                    return (self.tree.wanted_within(w), w);
                }
                self.value = Some(self.tree.root_bounds().lower);
            }
        }
        let value = self.value.expect("the value is proven");
        if !self.task.best {
            self.finish(value, None);
            return (Vec::new(), Window::FULL);
        }
        let wanted = self.tree.best_moves_wanted(value);
        if wanted.is_empty() {
            let best = self.tree.best_moves(value);
            self.finish(value, Some(best));
        }
        (
            wanted,
            Window {
                alpha: value - 1,
                beta: value,
            },
        )
    }

    fn finish(&mut self, value: i32, best: Option<Vec<Move>>) {
        self.done = Some(Solved {
            position: self.task.position,
            value,
            best,
            known: false,
            seconds: self.seconds,
        });
    }
}

#[allow(clippy::too_many_arguments)]
fn run(
    url: &str,
    tasks: &[Task],
    label: Option<&str>,
    opts: Options,
    mut estimate: Option<&mut dyn FnMut(&Position) -> i32>,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(&Progress),
    on_solved: &mut dyn FnMut(&Solved),
) -> Result<ManyOutcome> {
    let start = Instant::now();
    let Some(first) = tasks.first() else {
        return Err(Error::Bad("no position to solve".into()));
    };
    let rules = first.position.rules();
    if tasks.iter().any(|t| t.position.rules() != rules) {
        return Err(Error::Bad(
            "the positions of one run must have one rule set".into(),
        ));
    }
    let mut store = Store::connect(url)?;
    store.listen(DONE_CHANNEL)?;
    let mut solves: Vec<Solve> = Vec::new();
    for t in tasks {
        let mut tree = Tree::new(t.position, opts.split).map_err(Error::Bad)?;
        if let Some(estimate) = estimate.as_mut() {
            if tree.is_split() {
                tree.order_children(estimate);
                // The line of first moves split further, a few sowings at a time, each
                // time ordered again: its proof is most of the work that the other jobs
                // wait for.
                for _ in 0..opts.deepen {
                    if tree.deepen_first(2) == 0 {
                        break;
                    }
                    tree.order_children(estimate);
                }
            }
        }
        solves.push(Solve {
            task: *t,
            seconds: 0.0,
            tree,
            mtdf: Some(Mtdf::new(opts.guess)),
            value: None,
            done: None,
        });
    }
    if label.is_some() {
        // Each position's own first pass starts from an estimate when it is split.
        for s in &mut solves {
            s.mtdf = None;
        }
    }
    let mut positions: Vec<Position> = solves.iter().flat_map(|s| s.tree.positions()).collect();
    positions.sort_by_key(|p| p.to_string());
    positions.dedup();
    let known = store.solved_full(rules, &positions)?;
    for a in &known {
        for s in &mut solves {
            s.learn(a);
        }
    }
    let leaves: usize = solves.iter().map(|s| s.tree.leaves().len()).sum();
    let (run, resumed) = match label {
        None => store.open_run(&first.position, leaves)?,
        Some(l) => {
            let r = store.open_named_run(rules, l, "many", tasks.len())?;
            store.run_leaves(r.0, leaves)?;
            r
        }
    };
    let mut answers = 0;
    let mut splits = 0;
    let mut live = (Instant::now(), store.live_workers(Duration::from_secs(30))?);
    let mut last_bounds = None;
    // The children of split jobs, kept for the worker that held them until then.
    let mut prefer: HashMap<Position, (String, Instant)> = HashMap::new();
    let mut reported = vec![false; solves.len()];
    // Solved at the start: from the table.
    let mut first_look = true;
    loop {
        for a in store.take_answers_full(run, rules)? {
            for s in &mut solves {
                s.learn(&a);
            }
            answers += 1;
        }
        // Each solve moves on; the wanted leaves of all, in the order of the tasks.
        let mut wanted: HashMap<Position, Wanted> = HashMap::new();
        let mut rank = 0u32;
        let mut head: Option<(Bounds, Window)> = None;
        for (i, s) in solves.iter_mut().enumerate() {
            let (w, window) = s.step();
            if let Some(done) = &mut s.done {
                if !reported[i] {
                    reported[i] = true;
                    done.known = first_look;
                    store.root_done(
                        run,
                        &done.position,
                        done.value,
                        done.best.as_deref(),
                        first_look,
                    )?;
                    if done.best.is_some() && s.tree.is_split() {
                        let best = done.best.clone().unwrap_or_default();
                        store.record_entry(rules, &done.position, done.value, &best)?;
                    }
                    on_solved(done);
                }
                continue;
            }
            if head.is_none() {
                head = Some((s.tree.root_bounds(), window));
            }
            let mut w = w;
            w.sort_by_key(|x| x.priority);
            for x in w {
                let r = rank;
                rank += 1;
                wanted
                    .entry(x.position)
                    .and_modify(|y| {
                        y.window = y.window.union(x.window);
                        y.entry |= x.entry;
                        y.priority = y.priority.min(r);
                    })
                    .or_insert(Wanted { priority: r, ..x });
            }
        }
        first_look = false;
        if solves.iter().all(|s| s.done.is_some()) {
            let mut proven = Vec::new();
            for s in &solves {
                proven.extend(s.tree.proven());
                if let Some(d) = &s.done {
                    proven.push((d.position, Bounds::exact(d.value)));
                }
            }
            store.record_solved(rules, &proven)?;
            let b = solves[0]
                .done
                .as_ref()
                .map_or(Bounds::exact(0), |d| Bounds::exact(d.value));
            store.run_progress(run, b, true)?;
            return Ok(ManyOutcome {
                run,
                resumed,
                solved: solves.into_iter().filter_map(|s| s.done).collect(),
                leaves,
                answers,
                known: known.len(),
                splits,
                elapsed: start.elapsed(),
            });
        }
        if stop.load(Ordering::Relaxed) {
            let proven: Vec<_> = solves.iter().flat_map(|s| s.tree.proven()).collect();
            store.record_solved(rules, &proven)?;
            return Err(Error::Bad(format!(
                "stopped; the run ({run}) resumes when the same solve is started again"
            )));
        }
        if live.0.elapsed() > Duration::from_secs(1) {
            live = (Instant::now(), store.live_workers(Duration::from_secs(30))?);
        }
        let ahead = opts.ahead.unwrap_or((3 * live.1).max(4));
        let mut wanted: Vec<Wanted> = wanted.into_values().collect();
        wanted.sort_by_key(|w| w.priority);
        // A long job while a worker waits with nothing to do: split it one sowing further.
        if let Some(after) = opts.split_after {
            let leased = store.leased(run, rules)?;
            if live.1 > leased.len() && wanted.len() <= leased.len() {
                if let Some(long) = leased.iter().find(|l| {
                    l.seconds >= after.as_secs_f64()
                        && solves
                            .iter()
                            .any(|s| s.done.is_none() && s.tree.is_leaf(&l.position))
                }) {
                    let mut added = 0;
                    let mut eldest = None;
                    for s in &mut solves {
                        if s.done.is_some() || !s.tree.is_leaf(&long.position) {
                            continue;
                        }
                        let root_was_leaf = !s.tree.is_split();
                        let n = match estimate.as_mut() {
                            Some(e) => s.tree.split_leaf(&long.position, &mut **e),
                            None => s.tree.split_leaf(&long.position, &mut |_| 0),
                        };
                        if n > 0 && root_was_leaf && s.mtdf.is_none() {
                            let guess = estimate.as_mut().map_or(0, |e| e(&s.task.position));
                            s.mtdf = Some(Mtdf::new(guess));
                        }
                        eldest = eldest.or_else(|| s.tree.eldest_child(&long.position));
                        added += n;
                    }
                    if added > 0 {
                        splits += 1;
                        // The first child, proven first (young brothers wait), is kept for
                        // the worker that held the job: its table knows much of it.
                        if let Some(c) = eldest {
                            prefer.insert(c, (long.worker.clone(), Instant::now() + opts.hold));
                        }
                        // Look again at once: the trees changed.
                        continue;
                    }
                }
            }
        }
        prefer.retain(|_, (_, until)| *until > Instant::now());
        let for_worker: HashMap<Position, String> =
            prefer.iter().map(|(p, (w, _))| (*p, w.clone())).collect();
        store.sync_jobs_for(run, rules, &wanted, ahead, &for_worker, opts.hold)?;
        let (bounds, window) = head.unwrap_or((Bounds::exact(0), Window::FULL));
        if label.is_none() && last_bounds != Some(bounds) {
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
            roots: solves.len(),
            roots_done: solves.iter().filter(|s| s.done.is_some()).count(),
            splits,
        });
        // Shorter looks while a split may be due.
        let poll = match opts.split_after {
            Some(a) => opts.poll.min(a / 4).max(Duration::from_millis(50)),
            None => opts.poll,
        };
        store.wait(poll)?;
    }
}
