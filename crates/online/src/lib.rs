//! Online play without I/O. Everything here takes the time as an argument (Unix
//! milliseconds), so the server, its tests and a restart all drive the same code: the server
//! passes the wall clock, tests pass whatever instant they need, nothing sleeps.
//!
//! - [`TimeControl`]: real time with increment (`3+2`) or correspondence (`3d`), and the
//!   time category that names a rating pool.
//! - [`Clock`]: both players' time, charged per move, with the first-move deadlines that
//!   abort a game nobody started.
//! - [`flag_result`]: who wins when a clock runs out.
//! - [`pairing`]: quick pairing of waiting players by rating.
#![forbid(unsafe_code)]

mod clock;
mod control;
mod flag;
pub mod pairing;

pub use clock::{Clock, ClockState, Expiry, MoveError, FIRST_MOVE_MS};
pub use control::{Category, ParseTimeControlError, TimeControl};
pub use flag::{flag_result, FlagResult};
