//! One `go`: a search on its own thread, so that the session keeps reading `stop` and
//! `isready`; it reports `info` lines and always ends with exactly one `bestmove`.

use super::out::Out;
use kalah_engine::{Engine, Level, Limits, Reporter, SearchInfo};
use kalah_engine_protocol::{budget, Depth, Go, Info, Reply};
use kalah_rules::{Move, Position};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What a search thread needs.
pub struct Job {
    pub pos: Position,
    pub go: Go,
    pub level: Option<Level>,
    pub seed: u64,
    pub out: Out,
    pub stop: Arc<AtomicBool>,
    /// Raised just before `bestmove` goes out: the runner may send the next `go` as soon as
    /// it reads it, and the session then waits the moment the thread needs to end.
    pub answered: Arc<AtomicBool>,
}

impl Job {
    /// Searches, then prints `bestmove`. A panic in the search still gets an answer (the
    /// first legal move) so that the runner is never left waiting.
    pub fn run(self, engine: &mut Engine) {
        let start = Instant::now();
        let found = catch_unwind(AssertUnwindSafe(|| self.think(engine, start)));
        let legal = self.pos.legal_moves();
        let best = match found {
            Ok(m) => m.filter(|&m| legal.contains(m)),
            Err(_) => {
                self.out
                    .send(&Reply::Info(Info::text("error: the search failed")));
                None
            }
        };
        if self.go.infinite {
            // `go infinite` answers only after `stop`, even when the value is proven.
            while !self.stop.load(Ordering::Relaxed) {
                std::thread::park_timeout(Duration::from_millis(5));
            }
        }
        self.answered.store(true, Ordering::Relaxed);
        self.out
            .send(&Reply::BestMove(best.or(legal.first().copied())));
    }

    fn think(&self, engine: &mut Engine, start: Instant) -> Option<Move> {
        let bounds = budget(&self.go, self.pos.to_move()).filter(|_| !self.go.infinite);
        let done = AtomicBool::new(false);
        std::thread::scope(|s| {
            // The hard bound holds for every kind of player (a level's own search knows only
            // its depth): a watchdog raises `stop` when it passes.
            let watchdog = bounds.map(|(_, hard)| {
                let (stop, done) = (&self.stop, &done);
                s.spawn(move || {
                    while !done.load(Ordering::Relaxed) {
                        let left = hard.saturating_sub(start.elapsed());
                        if left.is_zero() {
                            stop.store(true, Ordering::Relaxed);
                            return;
                        }
                        std::thread::park_timeout(left);
                    }
                })
            });
            let best = match self.level {
                Some(level) => level.choose_move_within(
                    engine,
                    &self.pos,
                    self.seed,
                    &self.stop,
                    bounds.map(|b| b.1),
                ),
                None => {
                    let limits = match (self.go.depth, self.go.nodes, bounds) {
                        (Some(d), _, _) => Limits::Depth(d),
                        (None, Some(n), _) => Limits::Nodes(n),
                        (None, None, Some((soft, hard))) => Limits::Time { soft, hard },
                        (None, None, None) => Limits::Exact,
                    };
                    let mut report = InfoLines {
                        out: &self.out,
                        start,
                    };
                    engine
                        .search(&self.pos, limits, &self.stop, &mut report)
                        .best
                }
            };
            done.store(true, Ordering::Relaxed);
            if let Some(w) = watchdog {
                w.thread().unpark();
            }
            best
        })
    }
}

/// Prints an `info` line after each completed iteration.
struct InfoLines<'a> {
    out: &'a Out,
    start: Instant,
}

impl Reporter for InfoLines<'_> {
    fn iteration(&mut self, i: &SearchInfo) {
        let ms = self.start.elapsed().as_millis() as u64;
        self.out.send(&Reply::Info(Info {
            depth: Some(if i.depth == u32::MAX {
                Depth::End
            } else {
                Depth::Sowings(i.depth)
            }),
            score: Some(i.value),
            exact: i.exact,
            nodes: Some(i.nodes),
            time: Some(ms),
            nps: Some(i.nodes * 1000 / ms.max(1)),
            pv: i.pv.clone(),
            string: None,
        }));
    }
}
