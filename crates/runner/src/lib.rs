//! Matches between Kalah players that bot authors can trust: our levels and external programs
//! speaking the engine protocol (`docs/engine-protocol.md`) or the Kalah Game Protocol
//! (`docs/kgp.md`, through a loopback port the runner opens), several games at once, per-move
//! time or a clock, and every way a program can fail handled and recorded: a program that
//! cannot start, crashes, answers late or plays an illegal move loses that game, its process
//! is killed and reaped, and the record says why. Games whose result the solver proves within
//! a small budget are adjudicated. The statistics are `kalah-match`'s; the command line is
//! `kalah match` and `kalah tournament`.
//!
//! The runner lives apart from the engine crate because it starts processes and reads pipes,
//! which neither the engine nor the protocol crate should know about.

mod adjudicate;
mod check;
mod check_kgp;
mod check_kgp_bot;
mod fault;
mod game;
mod kgp;
mod log;
mod program;
mod record;
mod run;
mod spec;
mod time;

pub use adjudicate::{AdjudicationSettings, Adjudicator, Verdict};
pub use check::{check_engine, Check};
pub use check_kgp::{check_kgp_server, GAME_WAIT};
pub use check_kgp_bot::{check_kgp_bot, BotCheck, BotSource, BOT_CHECKS};
pub use fault::Fault;
pub use game::{play_game, Ending, GameRecord, GameRules, MoveData, Seat};
pub use kgp::{KgpProgram, CONNECT_TIMEOUT};
pub use log::TrafficLog;
pub use program::{Answer, Program, Watch, HANDSHAKE_TIMEOUT, NEWGAME_TIMEOUT, SYNC_TIMEOUT};
pub use record::{read_record, termination, write_record, RecordHead};
pub use run::{run_match, MatchSetup};
pub use spec::{ParseSpecError, PlayerSpec, ProgramSpec};
pub use time::{Clocks, ParseTimeError, TimeControl};
