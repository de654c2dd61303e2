//! One connection's conversation: the handshake, `set` options, the mode, and the answers
//! to the server's requests. Transports feed it bytes or frames; it never touches a socket.

use super::link::{Link, MAX_COMMENT, MAX_INFO};
use super::verify::Verifier;
use super::Bots;
use super::{LINES_PER_SECOND, LINE_BURST};
use futures_util::{Stream, StreamExt};
use kalah_kgp::{Command, LineError, LineReader};
use std::sync::Arc;
use std::time::Duration;
use tokio::time::Instant;

/// What a transport read.
pub enum Chunk {
    /// Bytes of a stream (TCP): lines end in LF or CRLF.
    Bytes(Vec<u8>),
    /// A WebSocket text frame: one line or several.
    Frame(String),
}

enum Stage {
    /// Waiting for `mode`.
    Hello,
    Freeplay,
    Verify(Verifier),
}

/// A token bucket of lines, so one connection cannot make the server parse without end.
struct Bucket {
    level: f64,
    at: Instant,
}

impl Bucket {
    fn take(&mut self) -> bool {
        let now = Instant::now();
        let refill = now.duration_since(self.at).as_secs_f64() * LINES_PER_SECOND;
        self.level = (self.level + refill).min(LINE_BURST);
        self.at = now;
        if self.level < 1.0 {
            return false;
        }
        self.level -= 1.0;
        true
    }
}

struct Session {
    state: Bots,
    link: Arc<Link>,
    stage: Stage,
    heard: Instant,
    pinged: bool,
    bucket: Bucket,
}

/// Serves one connection until it closes: says hello, then reads `source` and answers.
pub async fn run(state: Bots, link: Arc<Link>, mut source: impl Stream<Item = Chunk> + Unpin) {
    let (major, minor, patch) = kalah_kgp::VERSION;
    link.send(&Command::new("kgp").int(major).int(minor).int(patch));
    let idle = state.hub().config.idle_timeout;
    let line_timeout = state.hub().config.line_timeout;
    // When the line now unfinished began.
    let mut line_since: Option<Instant> = None;
    let mut s = Session {
        state,
        link: Arc::clone(&link),
        stage: Stage::Hello,
        heard: Instant::now(),
        pinged: false,
        bucket: Bucket {
            level: LINE_BURST,
            at: Instant::now(),
        },
    };
    let mut reader = LineReader::new();
    let every =
        (idle.min(line_timeout) / 4).clamp(Duration::from_millis(50), Duration::from_secs(5));
    let mut tick = tokio::time::interval(every);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            chunk = source.next() => {
                let Some(chunk) = chunk else { break };
                s.heard = Instant::now();
                s.pinged = false;
                let mut lines = Vec::new();
                match &chunk {
                    Chunk::Bytes(b) => reader.push(b, |l| lines.push(l.map(str::to_string))),
                    Chunk::Frame(f) => reader.push_frame(f, |l| lines.push(l.map(str::to_string))),
                }
                for l in lines {
                    if link.is_closed() {
                        break;
                    }
                    s.on_line(l.as_deref().map_err(Clone::clone));
                }
                line_since = match line_since {
                    _ if !reader.unfinished() => None,
                    Some(t) => Some(t),
                    None => Some(Instant::now()),
                };
            }
            _ = tick.tick() => {
                let quiet = s.heard.elapsed();
                if line_since.is_some_and(|t| t.elapsed() >= line_timeout) {
                    let why = format!(
                        "a line must end (LF) within {} s of its first byte; closing",
                        line_timeout.as_secs_f64()
                    );
                    s.goodbye(None, &why);
                } else if quiet >= idle {
                    s.goodbye(None, &format!("nothing was heard from you for {} s; closing", idle.as_secs()));
                } else if quiet >= idle / 2 && !s.pinged {
                    // Answering `pong` is enough to stay connected.
                    s.pinged = true;
                    link.send(&Command::new("ping").with_id(link.next_id()));
                }
            }
            _ = link.closed() => break,
        }
        if link.is_closed() {
            break;
        }
    }
    link.close();
    s.state.hub().sync_bot(&s.state, &link);
}

impl Session {
    fn error(&self, reference: Option<u64>, text: &str) {
        let mut c = Command::new("error").text(text);
        c.reference = reference;
        self.link.send(&c);
    }

    /// Says why, then `goodbye`, and closes.
    fn goodbye(&self, reference: Option<u64>, why: &str) {
        self.error(reference, why);
        self.link.send(&Command::new("goodbye"));
        self.link.close();
    }

    fn on_line(&mut self, line: Result<&str, LineError>) {
        if !self.bucket.take() {
            let why = format!(
                "too many lines: at most {LINES_PER_SECOND} a second (bursts of {LINE_BURST}); closing"
            );
            self.goodbye(None, &why);
            return;
        }
        let line = match line {
            Ok(l) => l,
            Err(e) => return self.error(None, &e.to_string()),
        };
        match Command::parse_line(line) {
            Ok(Some(c)) => self.on_command(c),
            Ok(None) => {}
            Err(e) => self.error(None, &e.to_string()),
        }
    }

    fn on_command(&mut self, c: Command) {
        let text = |i: usize| c.arg(i).and_then(|a| a.as_text()).map(str::to_string);
        match c.name.as_str() {
            "mode" => self.mode(&c, text(0)),
            "set" => match (text(0), c.arg(1)) {
                (Some(key), Some(value)) => {
                    let value = match value.as_text() {
                        Some(t) => t.to_string(),
                        None => value.as_board().map(|b| b.to_string()).unwrap_or_default(),
                    };
                    self.set(&key, value);
                }
                _ => self.error(
                    c.id,
                    "set needs an option and a value: set info:name \"my bot\"",
                ),
            },
            "move" => match c.arg(0).and_then(|a| a.as_int()) {
                Some(_) => self.link.record(&c),
                None => self.error(c.id, "move needs a house number: @ID move 3"),
            },
            "yield" => self.link.record(&c),
            "ping" => {
                let mut pong = Command::new("pong");
                pong.reference = c.id;
                self.link.send(&pong);
            }
            // Heard: that is all a pong is for. The others need no answer.
            "pong" | "ok" | "error" => {}
            "goodbye" => self.link.close(),
            "solution" => match &mut self.stage {
                Stage::Verify(v) => v.solution(&self.link, &c),
                _ => self.error(c.id, "solution answers a problem of mode verify"),
            },
            other => {
                let other = other.chars().take(20).collect::<String>();
                self.error(c.id, &format!("unknown command {other:?}"))
            }
        }
    }

    fn mode(&mut self, c: &Command, mode: Option<String>) {
        if !matches!(self.stage, Stage::Hello) {
            return self.error(c.id, "the mode was chosen already");
        }
        match mode.as_deref() {
            Some("freeplay") => {
                self.stage = Stage::Freeplay;
                let mut ok = Command::new("ok");
                ok.reference = c.id;
                self.link.send(&ok);
                let (state, link) = (self.state.clone(), Arc::clone(&self.link));
                tokio::spawn(async move {
                    super::identity::register(&state, &link).await;
                    state.hub().enter(&state, link);
                });
            }
            Some("verify") => {
                let mut ok = Command::new("ok");
                ok.reference = c.id;
                self.link.send(&ok);
                let mut v = Verifier::new(self.state.hub().config.boards.clone());
                v.problem(&self.link);
                self.stage = Stage::Verify(v);
            }
            Some(m) => {
                let m = m.chars().take(20).collect::<String>();
                self.goodbye(
                    c.id,
                    &format!("unsupported mode {m:?}: this server offers freeplay and verify"),
                )
            }
            None => self.goodbye(c.id, "mode needs a name: mode freeplay"),
        }
    }

    fn set(&mut self, key: &str, value: String) {
        let short = |v: String| -> Option<String> {
            let v: String = v
                .chars()
                .filter(|c| !c.is_control())
                .take(MAX_INFO)
                .collect();
            (!v.trim().is_empty()).then(|| v.trim().to_string())
        };
        let mut info = self.link.info.lock().expect("link info");
        match key {
            // The name is stored with the rating: it cannot drift from it mid-connection.
            "info:name" if info.rated_id.is_some() => {
                drop(info);
                self.error(
                    None,
                    "a rated bot keeps the name it had when it chose its mode; reconnect to change it",
                );
            }
            "info:name" => info.name = short(value),
            "info:authors" | "info:author" => info.authors = short(value),
            "info:description" => info.description = short(value),
            "auth:token" if !value.is_empty() => {
                info.token_hash = Some(crate::token::hash(&value));
            }
            "info:comment" => {
                drop(info);
                let comment: String = value
                    .chars()
                    .filter(|c| !c.is_control())
                    .take(MAX_COMMENT)
                    .collect();
                if !comment.trim().is_empty() {
                    self.link.record_comment(comment.trim().to_string());
                }
            }
            // Unknown options are ignored, as the protocol says.
            _ => {}
        }
    }
}
