//! Errors: what was asked that cannot be built, and which file broke in what way.

use std::path::PathBuf;

/// Why a database could not be built, saved or loaded.
#[derive(Debug, thiserror::Error)]
pub enum EgdbError {
    /// More seeds than a value byte can hold.
    #[error("an endgame database holds at most {max} seeds, got {got}; choose a smaller number")]
    TooManySeeds { got: u32, max: u32 },
    /// The table would not fit in memory.
    #[error("an endgame database of {seeds} seeds for {houses} houses per side would hold {entries} positions of one byte each, more than the {limit}-byte limit; choose fewer seeds")]
    TooLarge {
        seeds: u32,
        houses: usize,
        entries: String,
        limit: u64,
    },
    /// The store's disk cap leaves no room for the build.
    #[error("an endgame database of {seeds} seeds takes {bytes} bytes, but the store already holds {used} bytes of its {cap}-byte cap; raise the cap with --egdb-max-disk, remove databases with `kalah egdb remove`, or ask for fewer seeds")]
    DiskCap {
        seeds: u32,
        bytes: u64,
        used: u64,
        cap: u64,
    },
    /// The database cannot be packed.
    #[error("cannot pack this endgame database: {0}")]
    Packing(&'static str),
    /// The database cannot be grown to more seeds (see `Database::grow`).
    #[error("cannot grow this endgame database: {0}")]
    Growing(&'static str),
    /// The caller asked the build to stop (see [`crate::Progress::stop`]): nothing was kept
    /// or written.
    #[error("the endgame database build was stopped before it ended; nothing was written")]
    Stopped,
    /// A file could not be written or read, or its content is wrong.
    #[error("endgame database {path}: {problem}")]
    File { path: PathBuf, problem: FileProblem },
}

/// What is wrong with a database file.
#[derive(Debug, thiserror::Error)]
pub enum FileProblem {
    #[error("cannot read it: {0}")]
    Io(#[from] std::io::Error),
    #[error("cannot write it: {0}; check that its folder exists and can be written to")]
    Write(std::io::Error),
    #[error("not an endgame database file (bad magic bytes)")]
    NotADatabase,
    #[error("file format version {found}, but this program reads version {expected}; rebuild it with `kalah egdb build`")]
    Version { found: u32, expected: u32 },
    #[error("damaged header: {0}; rebuild it with `kalah egdb build`")]
    BadHeader(String),
    #[error("the file is {found} bytes long but its header says {expected}; it is truncated or damaged, rebuild it with `kalah egdb build`")]
    Size { found: u64, expected: u64 },
    #[error("built for other rules: the file has `{file}`, wanted `{wanted}`; build one for these rules with `kalah egdb build`")]
    RulesMismatch { file: String, wanted: String },
    #[error("checksum mismatch (stored {stored:08x}, computed {computed:08x}): the values are damaged; rebuild it with `kalah egdb build`")]
    Checksum { stored: u32, computed: u32 },
}

impl EgdbError {
    pub(crate) fn file(path: impl Into<PathBuf>, problem: impl Into<FileProblem>) -> EgdbError {
        EgdbError::File {
            path: path.into(),
            problem: problem.into(),
        }
    }
}
