//! The Kalah engine protocol (KEP): a UCI-like protocol of text lines between a match runner
//! or GUI (the *runner*) and a Kalah engine, on the engine's stdin and stdout. The protocol is
//! written up for its users in `docs/engine-protocol.md`.
//!
//! This crate parses and prints lines (and reads them from any `BufRead` with a length cap,
//! [`read_line`]); it owns no pipe or process and knows no engine, so the same
//! code serves `kalah engine`, the match runner, the tests and any Rust bot. A line parses
//! into a [`Command`] (runner to engine) or a [`Reply`] (engine to runner) without looking at
//! a game: whether a position fits the rules, or a move is legal, is for the caller to check
//! against its own state.
//!
//! ```
//! use kalah_engine_protocol::{Command, Go, Reply, Start};
//! use kalah_rules::{Move, Side};
//!
//! let cmd = Command::parse("position startpos moves 3 1").unwrap().unwrap();
//! let Command::Position(p) = cmd else { panic!() };
//! assert_eq!(p.start, Start::StartPos(Side::South));
//! assert_eq!(p.moves, vec![Move::Sow(3), Move::Sow(1)]);
//!
//! let go = Go { movetime: Some(500), ..Go::default() };
//! assert_eq!(Command::Go(go).to_string(), "go movetime 500");
//!
//! let reply = Reply::parse("bestmove 4").unwrap().unwrap();
//! assert_eq!(reply, Reply::BestMove(Some(Move::Sow(4))));
//! ```
//!
//! [`session::Session`] is an engine's side of the conversation without I/O: it answers
//! the handshake, `isready` and bad lines, keeps the position and the options, and says when
//! to search, stop or quit; the engine runs the searches and writes the replies.
//!
//! Parsing never panics, whatever the input (a property test feeds it arbitrary text), and
//! printing then parsing gives back the same value.
#![forbid(unsafe_code)]

mod budget;
mod command;
mod error;
mod lines;
mod reply;
pub mod session;
mod words;

pub use budget::budget;
pub use command::{Command, Go, PositionCommand, Start};
pub use error::ParseError;
pub use lines::{read_line, Line};
pub use reply::{Depth, EngineOption, Info, OptionKind, Reply};

/// The word that opens the handshake, and that the engine's `kepok` closes.
pub const PROTOCOL: &str = "kep";
/// The protocol version this crate speaks (`kep 1`).
pub const VERSION: u32 = 1;
/// Longest line either side must accept, in bytes; longer lines are refused unread.
pub const MAX_LINE: usize = 16_384;
