//! An engine-protocol program as the runner sees it: started in a process group of its own,
//! read by a thread that hands over its lines, waited for with deadlines, and killed and
//! reaped when it is dropped, so that nothing it started outlives it.

use crate::fault::Fault;
use crate::log::TrafficLog;
use crate::spec::ProgramSpec;
use kalah_engine_protocol::{read_line, Command, Go, Info, Line, Reply, MAX_LINE};
use kalah_rules::{Move, Position, Rules};
use std::io::{BufReader, Write};
use std::process::{Child, ChildStdin, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Longest wait for `kepok` after `kep`.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);
/// Longest wait for `readyok` after `newgame` (an engine may load a database there).
pub const NEWGAME_TIMEOUT: Duration = Duration::from_secs(30);
/// Longest wait for `readyok` before each move.
pub const SYNC_TIMEOUT: Duration = Duration::from_secs(5);
/// Lines of output held for the runner before the program has to wait.
const BACKLOG: usize = 1024;

/// A running program.
pub struct Program {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Line>,
    /// `--debug`: the traffic log and how it names this program.
    log: Option<(Arc<TrafficLog>, String)>,
    /// `id name`, or the program's file name.
    pub name: String,
}

/// How often a watched search looks at its stop flag.
const WATCH_POLL: Duration = Duration::from_millis(10);

/// Who follows a search as it runs: `on_info` sees each `info` line; setting `stop` sends
/// `stop` to the program, which then has to answer at once.
pub struct Watch<'a> {
    pub stop: &'a AtomicBool,
    pub on_info: &'a mut dyn FnMut(&Info),
}

/// A move and what the program said about it.
#[derive(Debug, Clone)]
pub struct Answer {
    pub best: Move,
    pub took: Duration,
    /// The last `info` line with a score, if any.
    pub info: Option<Info>,
}

impl Program {
    /// Starts the program and goes through the handshake.
    ///
    /// # Errors
    /// [`Fault::Start`] when it cannot be started; a fault of the handshake otherwise.
    pub fn start(spec: &ProgramSpec, stderr: bool) -> Result<Program, Fault> {
        Program::start_logged(spec, stderr, None)
    }

    /// As [`Program::start`], with every line to and from the program in `log`.
    pub fn start_logged(
        spec: &ProgramSpec,
        stderr: bool,
        log: Option<Arc<TrafficLog>>,
    ) -> Result<Program, Fault> {
        let mut cmd = command(spec);
        cmd.stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(if stderr {
                Stdio::inherit()
            } else {
                Stdio::null()
            });
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            // Its own group: a timeout kills the program and whatever it started.
            cmd.process_group(0);
        }
        let mut child = cmd
            .spawn()
            .map_err(|e| Fault::Start(format!("cannot start {:?}: {e}", spec.argv[0])))?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let name = std::path::Path::new(&spec.argv[0])
            .file_name()
            .map_or(spec.argv[0].clone(), |n| n.to_string_lossy().into_owned());
        let log = log.map(|l| {
            let who = format!("{}#{}", spec.name.as_deref().unwrap_or(&name), child.id());
            (l, who)
        });
        let (tx, lines) = sync_channel(BACKLOG);
        let reader_log = log.clone();
        std::thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            while let Ok(Some(line)) = read_line(&mut r, MAX_LINE) {
                if let Some((l, who)) = &reader_log {
                    match &line {
                        Line::Text(t) => l.line(who, false, t),
                        Line::TooLong(n) => {
                            l.line(who, false, &format!("(a line of {n} bytes, too long)"))
                        }
                    }
                }
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        let mut p = Program {
            child,
            stdin,
            lines,
            log,
            name,
        };
        p.send(&Command::Kep(Some(kalah_engine_protocol::VERSION)))?;
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        let mut declared = Vec::new();
        loop {
            match p.next(deadline, "kepok after kep")? {
                Reply::KepOk => break,
                Reply::IdName(n) if !n.is_empty() => p.name = n,
                Reply::Option(o) => declared.push(o.name),
                _ => {}
            }
        }
        // `option.NAME=VALUE`: a name the program did not declare is a mistake in the
        // match's settings, said before any game.
        for (name, value) in &spec.options {
            if !declared.iter().any(|d| d.eq_ignore_ascii_case(name)) {
                return Err(Fault::Start(format!(
                    "it has no option {name:?}; its options: {}",
                    if declared.is_empty() {
                        "none".to_string()
                    } else {
                        declared.join(", ")
                    }
                )));
            }
            p.send(&Command::SetOption {
                name: name.clone(),
                value: Some(value.clone()),
            })?;
        }
        Ok(p)
    }

    /// Sends one line as it is (a conformance check's way to send what a runner would not).
    ///
    /// # Errors
    /// A crash fault when the program no longer reads.
    pub fn send_raw(&mut self, line: &str) -> Result<(), Fault> {
        if let Some((l, who)) = &self.log {
            l.line(who, true, line);
        }
        if writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .is_err()
        {
            return Err(self.crashed());
        }
        Ok(())
    }

    /// The next line of the program by `deadline`, as it is; `Ok(None)` when none came.
    ///
    /// # Errors
    /// A crash fault when the program closed its output.
    pub fn read_raw(&mut self, deadline: Instant) -> Result<Option<String>, Fault> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(Line::Text(t)) => Ok(Some(t)),
            Ok(Line::TooLong(n)) => Ok(Some(format!("(a line of {n} bytes, too long)"))),
            Err(RecvTimeoutError::Timeout) => Ok(None),
            Err(RecvTimeoutError::Disconnected) => Err(self.crashed()),
        }
    }

    /// True when the program has exited within `within`.
    pub fn exits_within(&mut self, within: Duration) -> bool {
        let end = Instant::now() + within;
        loop {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return true;
            }
            if Instant::now() >= end {
                return false;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// The process id of the program (its process group's too).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Starts a game: `newgame` with the rules, then waits for `readyok`.
    pub fn new_game(&mut self, rules: Rules) -> Result<(), Fault> {
        self.send(&Command::NewGame(rules))?;
        self.sync(NEWGAME_TIMEOUT)
    }

    /// Asks for a move in the position reached by `moves` from `start`, within `limit` plus
    /// `grace` when limited.
    pub fn think(
        &mut self,
        start: &Position,
        moves: &[Move],
        go: Go,
        limit: Option<Duration>,
        grace: Duration,
    ) -> Result<Answer, Fault> {
        self.think_with(start, moves, go, limit, grace, None)
    }

    /// As [`Program::think`], and with `watch` its `info` lines are seen as they come and
    /// its search can be stopped early.
    pub fn think_with(
        &mut self,
        start: &Position,
        moves: &[Move],
        go: Go,
        limit: Option<Duration>,
        grace: Duration,
        mut watch: Option<Watch<'_>>,
    ) -> Result<Answer, Fault> {
        // `isready` first: whatever a program still had to say about an earlier move is read
        // and dropped here, not taken for this move's answer.
        self.sync(SYNC_TIMEOUT)?;
        self.send(&Command::Position(kalah_engine_protocol::PositionCommand {
            start: kalah_engine_protocol::Start::Board(start.to_setup()),
            moves: moves.to_vec(),
        }))?;
        self.send(&Command::Go(go))?;
        let asked = Instant::now();
        let allowed = limit.map(|l| l + grace);
        // Unlimited: a program still has to answer within a day.
        let deadline = asked + allowed.unwrap_or(Duration::from_secs(86_400));
        let mut info = None;
        let mut stop_sent = false;
        loop {
            // Watched: wake up now and then to see whether to stop.
            let wait = match &watch {
                Some(_) if !stop_sent => deadline.min(Instant::now() + WATCH_POLL),
                _ => deadline,
            };
            let reply = match self.next(wait, "bestmove") {
                Err(Fault::Timeout(_)) if Instant::now() < deadline => {
                    if watch
                        .as_ref()
                        .is_some_and(|w| w.stop.load(Ordering::Relaxed))
                    {
                        self.send(&Command::Stop)?;
                        stop_sent = true;
                    }
                    continue;
                }
                r => r.map_err(|f| match (f, limit) {
                    (Fault::Timeout(_), Some(l)) => Fault::Timeout(format!(
                        "no bestmove within {} ms ({} ms and {} ms of grace)",
                        (l + grace).as_millis(),
                        l.as_millis(),
                        grace.as_millis()
                    )),
                    (f, _) => f,
                })?,
            };
            match reply {
                Reply::BestMove(Some(m)) => {
                    return Ok(Answer {
                        best: m,
                        took: asked.elapsed(),
                        info,
                    })
                }
                Reply::BestMove(None) => {
                    return Err(Fault::Illegal(
                        "bestmove none in a position with moves".into(),
                    ))
                }
                Reply::Info(i) => {
                    if let Some(w) = &mut watch {
                        (w.on_info)(&i);
                    }
                    if i.score.is_some() {
                        info = Some(i);
                    }
                }
                _ => {}
            }
        }
    }

    fn sync(&mut self, within: Duration) -> Result<(), Fault> {
        self.send(&Command::IsReady)?;
        let deadline = Instant::now() + within;
        while self.next(deadline, "readyok after isready")? != Reply::ReadyOk {}
        Ok(())
    }

    fn send(&mut self, cmd: &Command) -> Result<(), Fault> {
        let line = format!("{cmd}\n");
        if let Some((l, who)) = &self.log {
            l.line(who, true, &line);
        }
        if self
            .stdin
            .write_all(line.as_bytes())
            .and_then(|()| self.stdin.flush())
            .is_err()
        {
            return Err(self.crashed());
        }
        Ok(())
    }

    /// The next reply that parses; lines that do not are skipped (an engine's chatter never
    /// loses a game, only a bad `bestmove` does).
    fn next(&mut self, deadline: Instant, what: &'static str) -> Result<Reply, Fault> {
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(Line::Text(t)) => match Reply::parse(&t) {
                    Ok(Some(r)) => return Ok(r),
                    Ok(None) => {}
                    Err(e) if t.trim_start().starts_with("bestmove") => {
                        return Err(Fault::Illegal(format!("{t:?}: {e}")))
                    }
                    Err(_) => {}
                },
                Ok(Line::TooLong(_)) => {}
                Err(RecvTimeoutError::Timeout) => {
                    return Err(Fault::Timeout(format!("no {what} in time")))
                }
                Err(RecvTimeoutError::Disconnected) => return Err(self.crashed()),
            }
        }
    }

    /// Why the program stopped talking: its exit status if it has one by now.
    fn crashed(&mut self) -> Fault {
        crash_fault(&mut self.child, "closed its output")
    }
}

impl Drop for Program {
    fn drop(&mut self) {
        // Polite first: `quit`, a moment to go; then the group is killed and reaped.
        let stdin = &mut self.stdin;
        let log = &self.log;
        end_process(&mut self.child, || {
            if let Some((l, who)) = log {
                l.line(who, true, "quit");
            }
            let _ = stdin.write_all(b"quit\n");
            let _ = stdin.flush();
        });
    }
}

/// The program of `spec`, in its working directory (`dir=`; a relative program path with a
/// `/` in it is taken from there, as fastchess does).
pub(crate) fn command(spec: &ProgramSpec) -> std::process::Command {
    let program = match &spec.dir {
        Some(dir) if spec.argv[0].contains('/') && !spec.argv[0].starts_with('/') => {
            dir.join(&spec.argv[0]).into_os_string()
        }
        _ => spec.argv[0].clone().into(),
    };
    let mut cmd = std::process::Command::new(program);
    cmd.args(&spec.argv[1..]);
    if let Some(dir) = &spec.dir {
        cmd.current_dir(dir);
    }
    cmd
}

/// Why a program stopped talking: its exit status if it has one within 200 ms, else `what`.
pub(crate) fn crash_fault(child: &mut Child, what: &str) -> Fault {
    let end = Instant::now() + Duration::from_millis(200);
    while Instant::now() < end {
        if let Ok(Some(status)) = child.try_wait() {
            return Fault::Crash(format!("exited ({status})"));
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    Fault::Crash(what.into())
}

/// Ends a program: `goodbye` is called while it still runs, it gets 100 ms to go, then its
/// whole process group is killed and it is reaped, whatever state it is in.
pub(crate) fn end_process(child: &mut Child, goodbye: impl FnOnce()) {
    if matches!(child.try_wait(), Ok(None)) {
        goodbye();
        let end = Instant::now() + Duration::from_millis(100);
        while Instant::now() < end && matches!(child.try_wait(), Ok(None)) {
            std::thread::sleep(Duration::from_millis(2));
        }
    }
    // The group id is the child's pid (process_group(0) at the start). Even when the child is
    // already reaped the id is not handed out again while a member of its group lives, so
    // this reaches only what the program started; with no member left, the id could only
    // name another group if the kernel's pids wrapped round in these milliseconds.
    #[cfg(unix)]
    // SAFETY: kill(2) takes plain integers and touches no memory of ours.
    unsafe {
        libc::kill(-(child.id() as i32), libc::SIGKILL);
    }
    let _ = child.kill();
    let _ = child.wait();
}
