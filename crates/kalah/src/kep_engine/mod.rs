//! `kalah engine`'s side of the engine protocol (docs/engine-protocol.md): a session that
//! takes one line at a time, keeps the rules, position and options, and runs each `go` on a
//! search thread of its own.

mod out;
mod think;

pub use out::Out;

use kalah_egdb::Database;
use kalah_engine::{Engine, Level};
use kalah_engine_protocol::{
    Command, EngineOption, Info, Line, OptionKind, PositionCommand, Reply, Start,
};
use kalah_rules::{Position, Rules, Side};
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

/// A search under way.
struct Running {
    stop: Arc<AtomicBool>,
    answered: Arc<AtomicBool>,
    handle: JoinHandle<Engine>,
}

pub struct Session {
    out: Out,
    opts: Options,
    rules: Rules,
    /// The position of the last `position` command, or why it was refused.
    position: Result<Position, String>,
    /// `None` while a search holds it, or before the first search.
    engine: Option<Engine>,
    db: Option<(Rules, Option<Arc<Database>>)>,
    load_db: DbLoader,
    running: Option<Running>,
    games: u64,
}

impl Session {
    pub fn new(out: Out, opts: Options, rules: Rules, load_db: DbLoader) -> Session {
        Session {
            out,
            opts,
            rules,
            position: Ok(Position::start(rules, Side::South)),
            engine: None,
            db: None,
            load_db,
            running: None,
            games: 0,
        }
    }

    /// Handles one line; false after `quit`.
    pub fn handle(&mut self, line: Line) -> bool {
        self.reap(false);
        let text = match line {
            Line::Text(t) => t,
            Line::TooLong(n) => {
                self.error(format!("a line of {n} bytes is too long; ignored"));
                return true;
            }
        };
        let cmd = match Command::parse(&text) {
            Ok(Some(cmd)) => cmd,
            Ok(None) => return true,
            Err(e) => {
                self.error(format!("{e}; ignored"));
                return true;
            }
        };
        match cmd {
            Command::Kep(_) => self.handshake(),
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::NewGame(rules) => self.new_game(rules),
            Command::IsReady => self.out.send(&Reply::ReadyOk),
            Command::Position(p) => self.position = self.build(&p),
            Command::Go(go) => self.go(go),
            Command::Stop => {
                if let Some(r) = &self.running {
                    r.stop.store(true, Ordering::Relaxed);
                }
            }
            Command::Quit => {
                self.finish();
                return false;
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

    fn error(&self, text: String) {
        self.out
            .send(&Reply::Info(Info::text(format!("error: {text}"))));
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

    fn handshake(&self) {
        let send = |r: Reply| self.out.send(&r);
        send(Reply::IdName(format!(
            "kalah {}",
            env!("CARGO_PKG_VERSION")
        )));
        send(Reply::IdAuthor("the kalah authors".into()));
        let mut levels = vec!["none".to_string()];
        levels.extend(Level::ALL.iter().map(|l| l.name().to_string()));
        let level = self.opts.level.map_or("none", |l| l.name());
        let spin = |name: &str, default: u64, min: i64, max: i64| EngineOption {
            name: name.into(),
            kind: OptionKind::Spin,
            default: Some(default.to_string()),
            min: Some(min),
            max: Some(max),
            vars: Vec::new(),
        };
        send(Reply::Option(EngineOption {
            name: "level".into(),
            kind: OptionKind::Combo,
            default: Some(level.into()),
            min: None,
            max: None,
            vars: levels,
        }));
        send(Reply::Option(spin(
            "hash",
            self.opts.hash as u64,
            1,
            65_536,
        )));
        send(Reply::Option(spin(
            "threads",
            self.opts.threads as u64,
            1,
            256,
        )));
        send(Reply::Option(EngineOption {
            name: "egdb".into(),
            kind: OptionKind::Check,
            default: Some(self.opts.egdb.to_string()),
            min: None,
            max: None,
            vars: Vec::new(),
        }));
        send(Reply::Option(spin("seed", self.opts.seed, 0, i64::MAX)));
        send(Reply::KepOk);
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        if self.running.is_some() {
            return self.error("a search is running: send stop first; option not set".into());
        }
        let value = value.unwrap_or("").trim();
        let number = |min: u64, max: u64| {
            value
                .parse::<u64>()
                .ok()
                .filter(|v| (min..=max).contains(v))
                .ok_or_else(|| format!("option {name} takes a whole number {min} to {max}"))
        };
        let result = match name.to_ascii_lowercase().as_str() {
            "level" if value.eq_ignore_ascii_case("none") => {
                self.opts.level = None;
                Ok(())
            }
            "level" => value
                .parse()
                .map(|l| self.opts.level = Some(l))
                .map_err(|e: kalah_engine::ParseLevelError| e.to_string()),
            "hash" => number(1, 65_536).map(|v| {
                self.opts.hash = v as usize;
                self.engine = None;
            }),
            "threads" => number(1, 256).map(|v| {
                self.opts.threads = v as usize;
                self.engine = None;
            }),
            "egdb" => match value {
                "true" | "false" => {
                    self.opts.egdb = value == "true";
                    Ok(())
                }
                _ => Err("option egdb takes true or false".into()),
            },
            "seed" => number(0, i64::MAX as u64).map(|v| self.opts.seed = v),
            _ => Err(format!(
                "unknown option {name:?}: the options are level, hash, threads, egdb and seed"
            )),
        };
        if let Err(e) = result {
            self.error(e);
        }
    }

    fn new_game(&mut self, rules: Rules) {
        if self.running.is_some() {
            return self.error("a search is running: send stop first; newgame ignored".into());
        }
        self.rules = rules;
        self.position = Ok(Position::start(rules, Side::South));
        self.games += 1;
        if let Some(e) = &mut self.engine {
            e.clear();
        }
        self.database();
    }

    /// The endgame database of the current rules, loaded once per rule set.
    fn database(&mut self) -> Option<Arc<Database>> {
        if !self.opts.egdb || self.rules.early_end() {
            return None;
        }
        if self.db.as_ref().is_none_or(|(r, _)| *r != self.rules) {
            let db = (self.load_db)(&self.rules);
            self.db = Some((self.rules, db));
        }
        self.db.as_ref().and_then(|(_, db)| db.clone())
    }

    fn build(&self, p: &PositionCommand) -> Result<Position, String> {
        let result = self.try_build(p);
        if let Err(e) = &result {
            self.error(format!("{e}; no position until a good `position` command"));
        }
        result
    }

    fn try_build(&self, p: &PositionCommand) -> Result<Position, String> {
        let mut pos = match &p.start {
            Start::StartPos(side) => Position::start(self.rules, *side),
            Start::Board(setup) => {
                Position::from_setup(self.rules, setup).map_err(|e| e.to_string())?
            }
        };
        for (i, &m) in p.moves.iter().enumerate() {
            pos.play(m)
                .map_err(|e| format!("move {} ({m}) is illegal: {e}", i + 1))?;
        }
        Ok(pos)
    }

    fn go(&mut self, go: kalah_engine_protocol::Go) {
        if self.running.is_some() {
            return self.error("a search is running: send stop first; go ignored".into());
        }
        let pos = match &self.position {
            Ok(p) => *p,
            Err(why) => return self.error(format!("no position to search ({why})")),
        };
        let db = self.database();
        let opts = self.opts;
        let mut engine = self
            .engine
            .take()
            .unwrap_or_else(|| Engine::with_threads(opts.hash, opts.threads));
        match db {
            Some(db) => engine.set_endgame(db, self.rules),
            None => drop(engine.take_endgame()),
        }
        let stop = Arc::new(AtomicBool::new(false));
        let answered = Arc::new(AtomicBool::new(false));
        let job = Job {
            pos,
            go,
            level: opts.level,
            // Each game of a match gets its own choices.
            seed: opts.seed ^ self.games.wrapping_mul(0x9E37_79B9_7F4A_7C15),
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
