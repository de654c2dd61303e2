//! One Kalah game in play, without I/O: the round core every door of the server goes through
//! (HTTP, WebSocket, KGP, the computer). A [`Round`] is made from one typed [`RoundSpec`];
//! each action ([`Round::play`], [`Round::resign`], [`Round::claim`], [`Round::end_off_board`],
//! [`Round::expire`]) checks seats, plies, turns and clocks and answers either a [`Step`] (the
//! round as the action leaves it, and the [`Update`] to store) or a typed [`Refusal`]. Nothing
//! here reads a clock, a socket or a database: time is always passed in, and the caller
//! stores the update before it takes the step's round as the new state.
//!
//! ```
//! use kalah_round::{Opponent, Refusal, Round, RoundSpec};
//! use kalah_rules::{BySide, Position, Rules, Side};
//!
//! let start = Position::start(Rules::standard(), Side::South);
//! let mut spec = RoundSpec::new("g1", start, Opponent::Friend, 1_000);
//! spec.joined = BySide::new(true, false);
//! let mut round = Round::new(spec);
//! // The host waits for the friend to open the game.
//! let refused = round.play(Side::South, "3".parse().unwrap(), Some(0), 1_500);
//! assert!(matches!(refused, Err(Refusal::FriendNotJoined)));
//! round.join(Side::North, 1_800);
//! let step = round.play(Side::South, "3".parse().unwrap(), Some(0), 2_000).unwrap();
//! assert_eq!(step.next.game.moves().len(), 1);
//! // South's move ended in its store: South moves again, North is refused.
//! let refused = step.next.play(Side::North, "1".parse().unwrap(), Some(1), 3_000);
//! assert!(matches!(refused, Err(Refusal::NotYourTurn { .. })));
//! ```
#![forbid(unsafe_code)]

mod round;
mod step;

pub use round::{EndKind, Ending, Opponent, Round, RoundSpec};
pub use step::{Away, Refusal, Step, Update, FRIEND_WAIT_MS};

#[cfg(test)]
mod tests;
