//! Distributed solves on a throwaway PostgreSQL (kalah-pgtest): workers as threads, each
//! with its own engine, against the local solver's value.

use kalah_distributed::coordinator::{self, Options};
use kalah_distributed::store::{Job, Store, Work};
use kalah_distributed::worker::{self, Proven};
use kalah_distributed::{Bounds, Split};
use kalah_engine::{Engine, Limits, NoReport, Reporter, SearchInfo};
use kalah_rules::{Position, Rules, Side};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

fn database() -> Option<String> {
    if !kalah_pgtest::available() {
        return None;
    }
    Some(kalah_pgtest::shared().database())
}

fn local_value(pos: &Position) -> i32 {
    Engine::new(32)
        .search(pos, Limits::Exact, &AtomicBool::new(false), &mut NoReport)
        .value
}

/// A worker thread proving with its own engine until `stop`.
fn spawn_worker(
    url: &str,
    name: &str,
    lease: Duration,
    stop: Arc<AtomicBool>,
) -> std::thread::JoinHandle<worker::Summary> {
    spawn_worker_holding(url, name, lease, stop, false)
}

/// [`spawn_worker`]; with `hold`, each entry's search waits once it has proven its value
/// until its job is stopped ([`HoldOnceProven`]).
fn spawn_worker_holding(
    url: &str,
    name: &str,
    lease: Duration,
    stop: Arc<AtomicBool>,
    hold: bool,
) -> std::thread::JoinHandle<worker::Summary> {
    let url = url.to_string();
    let mut opts = worker::Options::new(name);
    opts.lease = lease;
    opts.poll = Duration::from_millis(200);
    std::thread::spawn(move || {
        let mut engine = Engine::new(16);
        let mut prove = |job: &Job, stop: &AtomicBool| {
            if hold && job.entry {
                // The search hears the job's stop only once it has proven the value.
                let search_stop = AtomicBool::new(false);
                let mut holding = HoldOnceProven {
                    job: stop,
                    search: &search_stop,
                };
                engine_prove_reporting(&mut engine, job, &search_stop, &mut holding)
            } else {
                engine_prove(&mut engine, job, stop)
            }
        };
        worker::run(&url, &opts, &mut prove, &stop, &mut |_| {}).expect("worker")
    })
}

/// What `kalah worker` does with a job: an entry's exact value and best moves, or a proof
/// for the job's window.
fn engine_prove(engine: &mut Engine, job: &Job, stop: &AtomicBool) -> Option<Proven> {
    engine_prove_reporting(engine, job, stop, &mut NoReport)
}

/// [`engine_prove`], an entry's search reporting to `report`.
fn engine_prove_reporting(
    engine: &mut Engine,
    job: &Job,
    stop: &AtomicBool,
    report: &mut dyn Reporter,
) -> Option<Proven> {
    if job.entry {
        // Stopped after the value was proven, the search has its first best move only:
        // `worker::run` drops it, as it drops every answer returned once the job's stop
        // flag is set.
        let r = engine.search(&job.position, Limits::Exact, stop, report);
        if !r.exact {
            return None;
        }
        let mut best = r.best_moves;
        best.sort();
        return Some(Proven {
            bounds: Bounds::exact(r.value),
            best: Some(best),
            work: Work {
                nodes: r.nodes,
                seconds: r.elapsed.as_secs_f64(),
            },
        });
    }
    let p = engine.prove(&job.position, job.window.alpha, job.window.beta, stop)?;
    Some(Proven::bounds(
        Bounds {
            lower: p.lower,
            upper: p.upper,
        },
        Work {
            nodes: p.nodes,
            seconds: p.elapsed.as_secs_f64(),
        },
    ))
}

/// Once the search has proven its value, waits (up to 20 s) until the job is stopped, and
/// only then stops the search (whose own flag is `search`): the job cancelled at the worst
/// moment, after its value was found and before its other best moves were. In a real
/// worker that moment is a matter of timing (CI's book through two workers lost best moves
/// so); here every entry job that is cancelled meets it.
struct HoldOnceProven<'a> {
    job: &'a AtomicBool,
    search: &'a AtomicBool,
}

impl Reporter for HoldOnceProven<'_> {
    fn iteration(&mut self, info: &SearchInfo) {
        if !info.exact {
            return;
        }
        let t = Instant::now();
        while !self.job.load(Ordering::Relaxed) && t.elapsed() < Duration::from_secs(20) {
            std::thread::sleep(Duration::from_millis(5));
        }
        if self.job.load(Ordering::Relaxed) {
            self.search.store(true, Ordering::Relaxed);
        }
    }
}

/// Waits until `n` workers have said they are alive.
fn wait_for_workers(url: &str, n: usize) {
    let mut store = Store::connect(url).unwrap();
    for _ in 0..600 {
        if store.live_workers(Duration::from_secs(30)).unwrap() >= n {
            return;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    panic!("the workers did not start");
}

fn opts(leaves: usize) -> Options {
    Options {
        split: Split { depth: 64, leaves },
        ahead: Some(6),
        poll: Duration::from_millis(200),
        guess: 0,
        deepen: 0,
        split_after: None,
        ..Options::default()
    }
}

#[test]
fn three_workers_prove_the_local_solvers_value_and_a_second_solve_reads_the_table() {
    let Some(url) = database() else { return };
    let rules: Rules = "standard houses=5 seeds=3".parse().unwrap();
    let root = Position::start(rules, Side::South);
    let want = local_value(&root);
    let stop = Arc::new(AtomicBool::new(false));
    let workers: Vec<_> = (0..3)
        .map(|i| {
            spawn_worker(
                &url,
                &format!("w{i}"),
                Duration::from_secs(30),
                stop.clone(),
            )
        })
        .collect();
    let out = coordinator::solve(
        &url,
        root,
        opts(80),
        None,
        &AtomicBool::new(false),
        &mut |_| {},
    )
    .expect("solve");
    stop.store(true, Ordering::Relaxed);
    let summaries: Vec<_> = workers.into_iter().map(|w| w.join().unwrap()).collect();
    assert_eq!(out.value, want);
    assert!(!out.resumed);
    assert!(out.leaves >= 80, "{} leaves", out.leaves);
    let jobs: u64 = summaries.iter().map(|s| s.jobs).sum();
    assert!(jobs > 0);
    assert!(
        summaries.iter().filter(|s| s.jobs > 0).count() >= 2,
        "the jobs went to one worker: {summaries:?}"
    );
    let mut store = Store::connect(&url).unwrap();
    assert_eq!(
        store.solved(rules, &[root]).unwrap(),
        vec![(root, Bounds::exact(want))]
    );
    // Every lease ended in an answer (proven, or read from the table), or in a stop because
    // the job was cut off meanwhile (or the workers were stopped at the end).
    let leases: i64 = store
        .client()
        .query_one("SELECT sum(attempts)::int8 FROM dist_jobs", &[])
        .unwrap()
        .get(0);
    let ended: u64 = summaries
        .iter()
        .map(|s| s.jobs + s.dropped + s.released)
        .sum();
    assert_eq!(leases as u64, ended, "{summaries:?}");
    let runs = store.runs(10).unwrap();
    assert_eq!(runs[0].state, "done");
    assert_eq!(runs[0].bounds, Some(Bounds::exact(want)));
    assert_eq!(runs[0].open(), 0);
    // The same solve again is answered from the table of solved positions, with no worker.
    let again = coordinator::solve(
        &url,
        root,
        opts(80),
        None,
        &AtomicBool::new(false),
        &mut |_| {},
    )
    .expect("second solve");
    assert_eq!(again.value, want);
    assert_eq!(again.answers, 0);
    assert!(again.known > 0);
}

#[test]
fn a_job_whose_worker_died_is_proven_again_after_its_lease_and_nothing_is_lost() {
    let Some(url) = database() else { return };
    let rules: Rules = "standard houses=4 seeds=4".parse().unwrap();
    let root = Position::start(rules, Side::South);
    let want = local_value(&root);
    let (solved_tx, solved_rx) = std::sync::mpsc::channel();
    {
        let url = url.clone();
        std::thread::spawn(move || {
            // One job offered at a time: the dead worker's job is the only one until its lease
            // runs out, so the solve cannot finish without it.
            let o = Options {
                ahead: Some(1),
                ..opts(40)
            };
            let r = coordinator::solve(&url, root, o, None, &AtomicBool::new(false), &mut |_| {});
            solved_tx
                .send(r.map(|o| o.value).map_err(|e| e.to_string()))
                .unwrap();
        });
    }
    // A worker takes the first job and dies with it: no answer, no renewal.
    let mut dead = Store::connect(&url).unwrap();
    let job = loop {
        if let Some(j) = dead.claim("dead", Duration::from_secs(2)).unwrap() {
            break j;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    drop(dead);
    let stop = Arc::new(AtomicBool::new(false));
    let workers: Vec<_> = (0..2)
        .map(|i| {
            spawn_worker(
                &url,
                &format!("live{i}"),
                Duration::from_secs(30),
                stop.clone(),
            )
        })
        .collect();
    let value = solved_rx
        .recv_timeout(Duration::from_secs(120))
        .expect("the solve finishes")
        .expect("solve");
    stop.store(true, Ordering::Relaxed);
    for w in workers {
        w.join().unwrap();
    }
    assert_eq!(value, want);
    let mut store = Store::connect(&url).unwrap();
    let row = store.job_row(job.run, &job.position).unwrap().unwrap();
    // Leased by the dead worker, then after the lease by a live one, which proved it.
    assert!(row.attempts >= 2, "{row:?}");
    assert!(row.proofs >= 1, "{row:?}");
    assert!(row.worker.unwrap().starts_with("live"));
    // Every answer is in the table of solved positions.
    let missing: i64 = store
        .client()
        .query_one(
            "SELECT count(*) FROM dist_jobs j WHERE proofs > 0 AND NOT EXISTS \
             (SELECT 1 FROM dist_solved s WHERE s.rules = j.rules AND s.position = j.position)",
            &[],
        )
        .unwrap()
        .get(0);
    assert_eq!(missing, 0);
}

#[test]
fn a_cancelled_job_stops_its_worker() {
    let Some(url) = database() else { return };
    let rules: Rules = "standard houses=4 seeds=3".parse().unwrap();
    let root = Position::start(rules, Side::South);
    let mut store = Store::connect(&url).unwrap();
    let (run, resumed) = store.open_run(&root, 1).unwrap();
    assert!(!resumed);
    let tree = kalah_distributed::Tree::new(
        root,
        Split {
            depth: 0,
            leaves: 1,
        },
    )
    .unwrap();
    store.sync_jobs(run, rules, &tree.wanted(), 4).unwrap();
    // The worker's prover waits for the stop its lease thread gives when the job goes.
    let (took_tx, took_rx) = std::sync::mpsc::channel();
    let stop = Arc::new(AtomicBool::new(false));
    let handle = {
        let (url, stop) = (url.clone(), stop.clone());
        std::thread::spawn(move || {
            let mut opts = worker::Options::new("w");
            opts.lease = Duration::from_millis(300);
            opts.poll = Duration::from_millis(100);
            let mut prove = |_: &Job, job_stop: &AtomicBool| {
                took_tx.send(()).unwrap();
                while !job_stop.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(10));
                }
                None
            };
            let mut dropped = 0;
            let s = worker::run(&url, &opts, &mut prove, &stop, &mut |e| {
                if matches!(e, worker::Event::Dropped(_)) {
                    dropped += 1;
                    stop.store(true, Ordering::Relaxed);
                }
            })
            .unwrap();
            (s, dropped)
        })
    };
    took_rx.recv_timeout(Duration::from_secs(30)).unwrap();
    let sync = store.sync_jobs(run, rules, &[], 4).unwrap();
    assert_eq!(sync.cancelled, 1);
    let (summary, dropped) = handle.join().unwrap();
    assert_eq!((summary.jobs, summary.dropped, dropped), (0, 1, 1));
    assert_eq!(
        store.job_row(run, &root).unwrap().unwrap().state,
        "cancelled"
    );
}

/// A run with one job, the start of Kalah(4,3) for any window: the store and the run.
fn one_job(url: &str) -> (Store, i64, Position) {
    let rules: Rules = "standard houses=4 seeds=3".parse().unwrap();
    let root = Position::start(rules, Side::South);
    let mut store = Store::connect(url).unwrap();
    let (run, _) = store.open_run(&root, 1).unwrap();
    let tree = kalah_distributed::Tree::new(
        root,
        Split {
            depth: 0,
            leaves: 1,
        },
    )
    .unwrap();
    store.sync_jobs(run, rules, &tree.wanted(), 4).unwrap();
    (store, run, root)
}

/// A worker whose prover, once its job's stop flag is set, answers all the same: an exact
/// value with one best move, as the engine's search stopped after it proved the value
/// does. `took` hears when it has the job.
fn spawn_answering_anyway(
    url: &str,
    stop: Arc<AtomicBool>,
    took: std::sync::mpsc::Sender<()>,
) -> std::thread::JoinHandle<worker::Summary> {
    let url = url.to_string();
    std::thread::spawn(move || {
        let mut opts = worker::Options::new("w");
        opts.lease = Duration::from_millis(300);
        opts.poll = Duration::from_millis(100);
        let mut prove = |_: &Job, job_stop: &AtomicBool| {
            took.send(()).unwrap();
            while !job_stop.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(10));
            }
            Some(Proven {
                bounds: Bounds::exact(2),
                best: Some(vec![kalah_rules::Move::Sow(1)]),
                work: Work::default(),
            })
        };
        // One job: the worker leaves once it has ended it, however.
        let stop_after_one = stop.clone();
        worker::run(&url, &opts, &mut prove, &stop, &mut |e| {
            if !matches!(e, worker::Event::Took(_)) {
                stop_after_one.store(true, Ordering::Relaxed);
            }
        })
        .unwrap()
    })
}

#[test]
fn an_answer_returned_after_its_job_was_cancelled_is_not_written() {
    let Some(url) = database() else { return };
    let (mut store, run, root) = one_job(&url);
    let (took_tx, took_rx) = std::sync::mpsc::channel();
    let worker = spawn_answering_anyway(&url, Arc::new(AtomicBool::new(false)), took_tx);
    took_rx.recv_timeout(Duration::from_secs(30)).unwrap();
    assert_eq!(
        store
            .sync_jobs(run, root.rules(), &[], 4)
            .unwrap()
            .cancelled,
        1
    );
    let summary = worker.join().unwrap();
    assert_eq!((summary.jobs, summary.dropped), (0, 1), "{summary:?}");
    assert_eq!(store.solved_full(root.rules(), &[root]).unwrap(), vec![]);
    let row = store.job_row(run, &root).unwrap().unwrap();
    assert_eq!(
        (row.state.as_str(), row.proofs),
        ("cancelled", 0),
        "{row:?}"
    );
}

#[test]
fn an_answer_returned_after_its_worker_was_stopped_is_not_written() {
    let Some(url) = database() else { return };
    let (mut store, run, root) = one_job(&url);
    let (took_tx, took_rx) = std::sync::mpsc::channel();
    let stop = Arc::new(AtomicBool::new(false));
    let worker = spawn_answering_anyway(&url, stop.clone(), took_tx);
    took_rx.recv_timeout(Duration::from_secs(30)).unwrap();
    stop.store(true, Ordering::Relaxed);
    let summary = worker.join().unwrap();
    assert_eq!((summary.jobs, summary.released), (0, 1), "{summary:?}");
    assert_eq!(store.solved_full(root.rules(), &[root]).unwrap(), vec![]);
    // Given back unproven: offered again.
    let row = store.job_row(run, &root).unwrap().unwrap();
    assert_eq!((row.state.as_str(), row.proofs), ("queued", 0), "{row:?}");
}

/// The solver's value and every best move, in order.
fn local_entry(pos: &Position) -> (i32, Vec<kalah_rules::Move>) {
    let r = Engine::new(32).search(pos, Limits::Exact, &AtomicBool::new(false), &mut NoReport);
    let mut best = r.best_moves;
    best.sort();
    (r.value, best)
}

#[test]
fn many_positions_give_the_solvers_values_and_best_moves_with_long_jobs_split() {
    let Some(url) = database() else { return };
    let rules: Rules = "standard houses=5 seeds=3".parse().unwrap();
    let mut positions = vec![Position::start(rules, Side::South)];
    positions.extend(
        kalah_engine::random_positions(rules, 3, 5, 11)
            .into_iter()
            .map(|(_, p)| p)
            .filter(|p| !p.is_over()),
    );
    let tasks: Vec<coordinator::Task> = positions
        .iter()
        .map(|&position| coordinator::Task {
            position,
            best: true,
        })
        .collect();
    let stop = Arc::new(AtomicBool::new(false));
    let workers: Vec<_> = (0..2)
        .map(|i| {
            spawn_worker(
                &url,
                &format!("m{i}"),
                Duration::from_secs(30),
                stop.clone(),
            )
        })
        .collect();
    wait_for_workers(&url, 2);
    // Split at once whenever a worker waits: the last positions are split (the tail).
    let o = Options {
        split: Split {
            depth: 64,
            leaves: 1,
        },
        split_after: Some(Duration::from_millis(1)),
        hold: Duration::from_millis(300),
        poll: Duration::from_millis(50),
        ..Options::default()
    };
    let mut heard = Vec::new();
    let mut shallow = |p: &Position| {
        Engine::new(1)
            .search(p, Limits::Depth(4), &AtomicBool::new(false), &mut NoReport)
            .value
    };
    let out = coordinator::solve_many(
        &url,
        &tasks,
        "test: many",
        o,
        Some(&mut shallow),
        &AtomicBool::new(false),
        &mut |_| {},
        &mut |s| heard.push(s.position),
    )
    .expect("solve");
    stop.store(true, Ordering::Relaxed);
    for w in workers {
        w.join().unwrap();
    }
    assert_eq!(out.solved.len(), positions.len());
    assert_eq!(heard.len(), positions.len());
    for s in &out.solved {
        let (value, best) = local_entry(&s.position);
        assert_eq!(
            (s.value, s.best.clone()),
            (value, Some(best)),
            "{}",
            s.position
        );
        assert!(!s.known);
    }
    assert!(out.splits > 0, "no job was split");
    let mut store = Store::connect(&url).unwrap();
    let runs = store.runs(1).unwrap();
    assert_eq!(runs[0].kind, "many");
    assert_eq!(runs[0].roots as usize, positions.len());
    assert_eq!(runs[0].roots_done as usize, positions.len());
    // Again: every entry from the table, best moves and all, with no worker.
    let again = coordinator::solve_many(
        &url,
        &tasks,
        "test: many, again",
        Options::default(),
        None,
        &AtomicBool::new(false),
        &mut |_| {},
        &mut |_| {},
    )
    .expect("second solve");
    assert_eq!(again.answers, 0);
    assert!(again.solved.iter().all(|s| s.known));
    assert_eq!(
        again
            .solved
            .iter()
            .map(|s| (s.value, s.best.clone()))
            .collect::<Vec<_>>(),
        out.solved
            .iter()
            .map(|s| (s.value, s.best.clone()))
            .collect::<Vec<_>>()
    );
}

#[test]
fn a_long_job_of_one_position_is_split_for_an_idle_worker() {
    let Some(url) = database() else { return };
    let rules: Rules = "standard houses=6 seeds=3".parse().unwrap();
    let root = Position::start(rules, Side::South);
    let stop = Arc::new(AtomicBool::new(false));
    let workers: Vec<_> = (0..2)
        .map(|i| {
            spawn_worker(
                &url,
                &format!("s{i}"),
                Duration::from_secs(30),
                stop.clone(),
            )
        })
        .collect();
    wait_for_workers(&url, 2);
    let o = Options {
        split: Split {
            depth: 64,
            leaves: 1,
        },
        split_after: Some(Duration::from_millis(20)),
        hold: Duration::from_millis(500),
        poll: Duration::from_millis(50),
        ..Options::default()
    };
    let out = coordinator::solve_many(
        &url,
        &[coordinator::Task {
            position: root,
            best: false,
        }],
        "test: one long",
        o,
        Some(&mut |p: &Position| {
            Engine::new(4)
                .search(p, Limits::Depth(4), &AtomicBool::new(false), &mut NoReport)
                .value
        }),
        &AtomicBool::new(false),
        &mut |_| {},
        &mut |_| {},
    )
    .expect("solve");
    stop.store(true, Ordering::Relaxed);
    let summaries: Vec<_> = workers.into_iter().map(|w| w.join().unwrap()).collect();
    assert_eq!(out.solved[0].value, local_value(&root));
    assert!(out.splits > 0, "the one job was never split");
    // Both workers had work (answered, or cut off by an answer of the other's).
    assert!(
        summaries.iter().all(|s| s.jobs + s.dropped > 0),
        "a worker had nothing: {summaries:?}"
    );
}

#[test]
fn entries_whose_jobs_are_split_once_their_values_are_proven_keep_every_best_move() {
    let Some(url) = database() else { return };
    let rules: Rules = "standard houses=6 seeds=3".parse().unwrap();
    // Entries of the 5-sowing Kalah(6,3) book with several best moves (the first is the
    // one CI's book through two workers gave as `N -2 4`).
    let positions: Vec<Position> = [
        "<6,1,0,3,3,3,3,0,4,4,3,3,3,3,3> N",
        "<6,0,2,4,0,6,4,4,3,3,3,3,0,4,0> N",
    ]
    .iter()
    .map(|s| Position::from_setup(rules, &kalah_rules::parse_setup(s).unwrap()).unwrap())
    .collect();
    let want: Vec<_> = positions.iter().map(local_entry).collect();
    assert!(want.iter().all(|(_, best)| best.len() > 1), "{want:?}");
    let stop = Arc::new(AtomicBool::new(false));
    let workers: Vec<_> = (0..2)
        .map(|i| {
            spawn_worker_holding(
                &url,
                &format!("h{i}"),
                Duration::from_secs(30),
                stop.clone(),
                true,
            )
        })
        .collect();
    wait_for_workers(&url, 2);
    // One position at a time, so that the other worker waits and the entry job is split
    // while its search holds, its value proven.
    for (pos, (value, best)) in positions.iter().zip(&want) {
        let o = Options {
            split: Split {
                depth: 64,
                leaves: 1,
            },
            split_after: Some(Duration::from_millis(1)),
            hold: Duration::from_millis(300),
            poll: Duration::from_millis(50),
            ..Options::default()
        };
        let out = coordinator::solve_many(
            &url,
            &[coordinator::Task {
                position: *pos,
                best: true,
            }],
            &format!("test: held {pos}"),
            o,
            None,
            &AtomicBool::new(false),
            &mut |_| {},
            &mut |_| {},
        )
        .expect("solve");
        assert!(out.splits >= 1, "the entry job was not split: {pos}");
        let s = &out.solved[0];
        assert_eq!(
            (s.value, s.best.clone()),
            (*value, Some(best.clone())),
            "{pos}"
        );
        // The table's entry too: what the next run, and `kalah worker`s, read.
        let mut store = Store::connect(&url).unwrap();
        let known = store.solved_full(rules, &[*pos]).unwrap();
        assert_eq!(known.len(), 1);
        assert_eq!(known[0].bounds, Bounds::exact(*value), "{pos}");
        assert_eq!(known[0].best.as_ref(), Some(best), "{pos}");
    }
    stop.store(true, Ordering::Relaxed);
    for w in workers {
        w.join().unwrap();
    }
}

/// A book build resumed in a later sitting names the rest of a sowing anew: the run of the
/// earlier sitting ends as superseded, its queued jobs off offer, while a job being proven
/// stays its worker's, and runs of other sowings or rules go on.
#[test]
fn a_resumed_sowing_supersedes_the_unfinished_run_of_an_earlier_sitting() {
    let Some(url) = database() else { return };
    let rules: Rules = "standard houses=4 seeds=3".parse().unwrap();
    let other: Rules = "empty-capture houses=4 seeds=3".parse().unwrap();
    let root = Position::start(rules, Side::South);
    let mut store = Store::connect(&url).unwrap();
    let tree = kalah_distributed::Tree::new(
        root,
        Split {
            depth: 2,
            leaves: 4,
        },
    )
    .unwrap();
    // Two jobs: the tree's first leaf and the root itself.
    let first = tree.wanted()[0].clone();
    let mut second = first.clone();
    second.position = root;
    second.priority += 1;
    let wanted = vec![first, second];
    let (old, _) = store
        .open_named_run(
            rules,
            "book of 8 sowings, ply 4: 9 positions (aa)",
            "many",
            9,
        )
        .unwrap();
    store.sync_jobs(old, rules, &wanted, wanted.len()).unwrap();
    let held = store.claim("w1", Duration::from_secs(60)).unwrap().unwrap();
    assert_eq!(held.run, old);
    let (next_ply, _) = store
        .open_named_run(
            rules,
            "book of 8 sowings, ply 5: 20 positions (bb)",
            "many",
            20,
        )
        .unwrap();
    let (other_rules, _) = store
        .open_named_run(
            other,
            "book of 8 sowings, ply 4: 9 positions (cc)",
            "many",
            9,
        )
        .unwrap();
    let label = "book of 8 sowings, ply 4: 2 positions (dd)";
    assert_eq!(
        store
            .supersede_runs(rules, "book of 8 sowings, ply 4: ", label)
            .unwrap(),
        1
    );
    let (new, resumed) = store.open_named_run(rules, label, "many", 2).unwrap();
    assert!(!resumed);
    // The new run itself is not superseded by a second look.
    assert_eq!(
        store
            .supersede_runs(rules, "book of 8 sowings, ply 4: ", label)
            .unwrap(),
        0
    );
    let state = |store: &mut Store, id: i64| {
        store
            .runs(10)
            .unwrap()
            .into_iter()
            .find(|r| r.id == id)
            .unwrap()
    };
    let o = state(&mut store, old);
    assert_eq!(o.state, "superseded");
    assert_eq!(o.jobs.get("queued"), None, "{:?}", o.jobs);
    assert_eq!(o.jobs.get("leased"), Some(&1), "{:?}", o.jobs);
    assert_eq!(
        o.jobs.get("cancelled").copied(),
        Some(wanted.len() as i64 - 1)
    );
    for id in [next_ply, other_rules, new] {
        assert_eq!(state(&mut store, id).state, "running", "run {id}");
    }
    // The job being proven is still its worker's.
    assert!(store.renew(held.id, "w1", Duration::from_secs(60)).unwrap());
}
