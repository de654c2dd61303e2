//! The Kalah Game Protocol (KGP) of the KWARC `kalah-game` project, without any I/O: lines in,
//! commands out, and back. The protocol itself is written up in `docs/kgp.md`.
//!
//! Both sides of freeplay live here too: [`client`] is a bot's protocol state (what to answer
//! to each server line), [`host`] the server's view of one `state` request; the KGP server
//! and the match runner share the host, `kalah kgp connect` runs the client.
//!
//! Parsing is lenient, as the clients found in the wild need: quoted and bare words are the
//! same, a reference may come without an ID, lines may end in CRLF or LF. Printing is strict.
//! No input makes the parser panic: every problem is an error value whose text can be sent
//! back as `error "..."`.
//!
//! ```
//! use kalah_kgp::{Board, Command};
//!
//! let c: Command = "1@4 move \"3\"".parse().unwrap();
//! assert_eq!((c.id, c.reference, c.name.as_str()), (Some(1), Some(4), "move"));
//! assert_eq!(c.arg(0).and_then(|a| a.as_int()), Some(3));
//!
//! let b: Board = "<6,0,0,4,4,4,4,4,4,4,4,4,4,4,4>".parse().unwrap();
//! assert_eq!(b.houses(), 6);
//! let state = Command::new("state").with_id(2).board(&b);
//! assert_eq!(state.to_string(), "2 state <6,0,0,4,4,4,4,4,4,4,4,4,4,4,4>");
//! ```
#![forbid(unsafe_code)]

mod address;
mod board;
pub mod client;
pub mod host;
mod line;
mod reader;

pub use address::{Address, AddressError};
pub use board::{kgp_rules, Board, BoardError};
pub use line::{Arg, Command, ParseError};
pub use reader::{LineError, LineReader};

/// Longest line either side accepts, in bytes, line end not counted.
pub const MAX_LINE: usize = 16_384;

/// The TCP port KGP servers listen on by default.
pub const DEFAULT_PORT: u16 = 2671;

/// The protocol version this crate speaks, as the server announces it (`kgp 1 0 1`).
pub const VERSION: (u32, u32, u32) = (1, 0, 1);
