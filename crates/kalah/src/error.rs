//! The one error type of the command line: a message for the user and an exit code.

use std::fmt;

/// A user-facing error: printed as one line `error: ...`, then the process exits with `code`.
#[derive(Debug)]
pub struct CliError {
    pub message: String,
    pub code: u8,
}

impl CliError {
    /// Bad input from the user: exit code 2.
    pub fn usage(message: impl Into<String>) -> CliError {
        CliError {
            message: message.into(),
            code: 2,
        }
    }

    /// A failure that is not the user's input (I/O and the like): exit code 1.
    pub fn failure(message: impl Into<String>) -> CliError {
        CliError {
            message: message.into(),
            code: 1,
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

pub type CliResult<T = ()> = Result<T, CliError>;
