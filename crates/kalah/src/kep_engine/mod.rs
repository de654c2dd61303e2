//! `kalah engine`'s side of the engine protocol (docs/engine-protocol.md). The protocol
//! state is `kalah_engine_protocol::session::Session`; this module applies the options to
//! our engine and runs each `go` on a search thread of its own.

mod out;
mod think;

pub use out::Out;

use kalah_egdb::Database;
use kalah_engine::{Engine, Level};
use kalah_engine_protocol::session::{Action, Session};
use kalah_engine_protocol::{EngineOption, Line, OptionKind};
use kalah_rules::Rules;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use think::Job;

/// Finds an endgame database for a set of rules (none when there is none to be had).
pub type DbLoader = Box<dyn Fn(&Rules) -> Option<Arc<Database>>>;

/// The settings a runner may change with `setoption`.
#[derive(Debug, Clone, Copy)]
pub struct Options {
    /// A playing level, or `None` for the engine searching by the limits of `go`.
    pub level: Option<Level>,
    pub hash: usize,
    pub threads: usize,
    /// Use a stored endgame database of the game's rules.
    pub egdb: bool,
    pub seed: u64,
}

impl Options {
    /// The options as the handshake declares them, their values now as defaults.
    fn declared(&self) -> Vec<EngineOption> {
        let spin = |name: &str, default: u64, min: i64, max: i64| EngineOption {
            name: name.into(),
            kind: OptionKind::Spin,
            default: Some(default.to_string()),
            min: Some(min),
            max: Some(max),
            vars: Vec::new(),
        };
        let mut levels = vec!["none".to_string()];
        levels.extend(Level::ALL.iter().map(|l| l.name().to_string()));
        vec![
            EngineOption {
                name: "level".into(),
                kind: OptionKind::Combo,
                default: Some(self.level.map_or("none", |l| l.name()).into()),
                min: None,
                max: None,
                vars: levels,
            },
            spin("hash", self.hash as u64, 1, 65_536),
            spin("threads", self.threads as u64, 1, 256),
            EngineOption {
                name: "egdb".into(),
                kind: OptionKind::Check,
                default: Some(self.egdb.to_string()),
                min: None,
                max: None,
                vars: Vec::new(),
            },
            spin("seed", self.seed, 0, i64::MAX),
        ]
    }
}

/// A search under way.
struct Running {
    stop: Arc<AtomicBool>,
    answered: Arc<AtomicBool>,
    handle: JoinHandle<Engine>,
}

pub struct EngineSession {
    session: Session,
    out: Out,
    opts: Options,
    /// `None` while a search holds it, or before the first search.
    engine: Option<Engine>,
    db: Option<(Rules, Option<Arc<Database>>)>,
    load_db: DbLoader,
    running: Option<Running>,
}

impl EngineSession {
    pub fn new(out: Out, opts: Options, rules: Rules, load_db: DbLoader) -> EngineSession {
        let name = format!("kalah {}", env!("CARGO_PKG_VERSION"));
        EngineSession {
            session: Session::new(&name, "the kalah authors", opts.declared(), rules),
            out,
            opts,
            engine: None,
            db: None,
            load_db,
            running: None,
        }
    }

    /// Handles one line; false after `quit`.
    pub fn handle(&mut self, line: Line) -> bool {
        self.reap(false);
        for action in self.session.handle(line, self.running.is_some()) {
            match action {
                Action::Reply(r) => self.out.send(&r),
                Action::SetOption { name, value } => self.set_option(&name, &value),
                Action::NewGame(_) => {
                    if let Some(e) = &mut self.engine {
                        e.clear();
                    }
                    self.database();
                }
                Action::Go { pos, go, game } => self.go(pos, go, game),
                Action::Stop => {
                    if let Some(r) = &self.running {
                        r.stop.store(true, Ordering::Relaxed);
                    }
                }
                Action::Quit => {
                    self.finish();
                    return false;
                }
            }
        }
        true
    }

    /// Stops a running search and waits for its answer (at the end of the input too).
    pub fn finish(&mut self) {
        if let Some(r) = &self.running {
            r.stop.store(true, Ordering::Relaxed);
        }
        self.reap(true);
    }

    /// Takes the engine back from a search that has answered (or waits for it when `wait`).
    fn reap(&mut self, wait: bool) {
        if self
            .running
            .as_ref()
            .is_some_and(|r| wait || r.answered.load(Ordering::Relaxed))
        {
            let r = self.running.take().expect("checked above");
            // A search thread that died lost its engine; a new one is made at the next go.
            self.engine = r.handle.join().ok();
        }
    }

    /// Applies an option the session checked (spins and checks are in range already).
    fn set_option(&mut self, name: &str, value: &str) {
        let number = || value.parse::<u64>().unwrap_or_default();
        match name {
            "level" if value.eq_ignore_ascii_case("none") => self.opts.level = None,
            "level" => match value.parse::<Level>() {
                Ok(l) => self.opts.level = Some(l),
                Err(e) => return self.out.send(&self.session.refuse(e)),
            },
            "hash" => {
                self.opts.hash = number() as usize;
                self.engine = None;
            }
            "threads" => {
                self.opts.threads = number() as usize;
                self.engine = None;
            }
            "egdb" => self.opts.egdb = value == "true",
            "seed" => self.opts.seed = number(),
            _ => {}
        }
        let shown = match name {
            "level" => self.opts.level.map_or("none", |l| l.name()).to_string(),
            _ => value.to_string(),
        };
        self.session.took(name, &shown);
    }

    /// The endgame database of the current rules, loaded once per rule set.
    fn database(&mut self) -> Option<Arc<Database>> {
        let rules = self.session.rules();
        if !self.opts.egdb || rules.early_end() {
            return None;
        }
        if self.db.as_ref().is_none_or(|(r, _)| *r != rules) {
            let db = (self.load_db)(&rules);
            self.db = Some((rules, db));
        }
        self.db.as_ref().and_then(|(_, db)| db.clone())
    }

    fn go(&mut self, pos: kalah_rules::Position, go: kalah_engine_protocol::Go, game: u64) {
        let db = self.database();
        let opts = self.opts;
        let mut engine = self
            .engine
            .take()
            .unwrap_or_else(|| Engine::with_threads(opts.hash, opts.threads));
        match db {
            Some(db) => engine.set_endgame(db, self.session.rules()),
            None => drop(engine.take_endgame()),
        }
        let stop = Arc::new(AtomicBool::new(false));
        let answered = Arc::new(AtomicBool::new(false));
        let job = Job {
            pos,
            go,
            level: opts.level,
            // Each game of a match gets its own choices.
            seed: opts.seed ^ game.wrapping_mul(0x9E37_79B9_7F4A_7C15),
            out: self.out.clone(),
            stop: stop.clone(),
            answered: answered.clone(),
        };
        let handle = std::thread::spawn(move || {
            job.run(&mut engine);
            engine
        });
        self.running = Some(Running {
            stop,
            answered,
            handle,
        });
    }
}
