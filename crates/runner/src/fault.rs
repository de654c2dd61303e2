//! Why a player lost a game without playing it out. Each is recorded in words.

use std::fmt;

/// A player's fault: the game is lost by it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fault {
    /// The program could not be started.
    Start(String),
    /// The program ended, or closed its pipes.
    Crash(String),
    /// No answer in time.
    Timeout(String),
    /// A move that is not legal here, or a `bestmove` that does not parse.
    Illegal(String),
}

impl Fault {
    /// One word for counts: `start`, `crash`, `time`, `illegal`.
    pub fn kind(&self) -> &'static str {
        match self {
            Fault::Start(_) => "start",
            Fault::Crash(_) => "crash",
            Fault::Timeout(_) => "time",
            Fault::Illegal(_) => "illegal",
        }
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Start(why) => write!(f, "could not start: {why}"),
            Fault::Crash(why) => write!(f, "crashed: {why}"),
            Fault::Timeout(why) => write!(f, "lost on time: {why}"),
            Fault::Illegal(why) => write!(f, "illegal move: {why}"),
        }
    }
}
