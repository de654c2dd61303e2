//! Why a line could not be read. The messages are written for a bot author reading the
//! engine's `info string error: ...` line or the runner's log.

use kalah_rules::{ParsePositionError, RulesError};

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    #[error("line of {0} bytes is longer than the {max} allowed", max = crate::MAX_LINE)]
    TooLong(usize),
    #[error("unknown command {0:?}")]
    Unknown(String),
    #[error("`{command}` needs {what}")]
    Missing {
        command: &'static str,
        what: &'static str,
    },
    #[error("`{command}`: unexpected {word:?}")]
    Unexpected { command: &'static str, word: String },
    #[error("`{key}` needs a whole number, got {value:?}")]
    Number { key: &'static str, value: String },
    #[error("`newgame`: {0}")]
    Rules(#[from] RulesError),
    #[error("`position`: {0}")]
    Position(#[from] ParsePositionError),
    #[error(
        "bad move {0:?}: expected a house number 1..n counted from the mover's left, or `swap`"
    )]
    Move(String),
}
