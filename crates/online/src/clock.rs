//! Both players' clocks, charged per move from the server's times. The server's clock is the
//! truth: clients only display what it last said, counted down.
//!
//! A player's clock runs from their first move on; until then they have a first-move deadline
//! (30 s in real time, the turn's time in correspondence), and missing it aborts the game. A
//! turn is a player's moves until the other player is to move (a chain of extra moves is one
//! turn): the increment is added, or the correspondence time renewed, when the turn passes.

use crate::control::TimeControl;
use kalah_rules::Side;
use serde::{Deserialize, Serialize};

/// Time for each player's first move in a real-time game.
pub const FIRST_MOVE_MS: i64 = 30_000;

/// What happens when the player to move does not move in time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expiry {
    /// The player has not made their first move: the game is aborted, unrated.
    Abort { side: Side, at_ms: i64 },
    /// The player's time runs out (see [`crate::flag_result`]).
    Flag { side: Side, at_ms: i64 },
}

impl Expiry {
    pub fn at_ms(self) -> i64 {
        match self {
            Expiry::Abort { at_ms, .. } | Expiry::Flag { at_ms, .. } => at_ms,
        }
    }

    pub fn side(self) -> Side {
        match self {
            Expiry::Abort { side, .. } | Expiry::Flag { side, .. } => side,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    #[error("it is not this player's turn on the clock")]
    NotYourTurn,
    /// The move came at or after the expiry: the game ends by it instead.
    #[error("the move came after the time was up")]
    TooLate(Expiry),
}

/// What is stored with each acknowledged move; enough to resume the clocks after a restart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockState {
    /// Milliseconds left for South and North when the turn started.
    pub left_ms: [i64; 2],
    /// Whose turn it is: "S" or "N".
    pub to_move: char,
    /// Whether South and North have made their first move.
    pub moved: [bool; 2],
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    left_ms: [i64; 2],
    to_move: Side,
    moved: [bool; 2],
    /// When the current turn (or the part of it since the last move) started.
    since_ms: i64,
}

impl Clock {
    /// A new game's clocks; `first` is to move from `now_ms`.
    pub fn start(control: TimeControl, first: Side, now_ms: i64) -> Clock {
        let t = control.initial_ms();
        Clock {
            control,
            left_ms: [t, t],
            to_move: first,
            moved: [false; 2],
            since_ms: now_ms,
        }
    }

    /// Clocks from a stored state, the turn starting again at `now_ms`: the time the server
    /// was down is charged to nobody.
    pub fn resume(control: TimeControl, state: ClockState, now_ms: i64) -> Option<Clock> {
        let to_move = match state.to_move {
            'S' => Side::South,
            'N' => Side::North,
            _ => return None,
        };
        Some(Clock {
            control,
            left_ms: state.left_ms,
            to_move,
            moved: state.moved,
            since_ms: now_ms,
        })
    }

    pub fn state(&self) -> ClockState {
        ClockState {
            left_ms: self.left_ms,
            to_move: self.to_move.letter(),
            moved: self.moved,
        }
    }

    pub fn control(&self) -> TimeControl {
        self.control
    }

    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// Whether `side`'s clock is running at all (it has made its first move).
    pub fn running(&self, side: Side) -> bool {
        self.moved[side.index()]
    }

    /// The time `side` has left at `now_ms` (never below 0). Before a player's first move it is
    /// their full time: the first-move deadline runs instead ([`Clock::expiry`]).
    pub fn left_ms(&self, side: Side, now_ms: i64) -> i64 {
        let left = self.left_ms[side.index()];
        if side == self.to_move && self.moved[side.index()] {
            (left - (now_ms - self.since_ms).max(0)).max(0)
        } else {
            left
        }
    }

    /// When the game ends if the player to move does not move.
    pub fn expiry(&self) -> Expiry {
        let side = self.to_move;
        if self.moved[side.index()] {
            Expiry::Flag {
                side,
                at_ms: self.since_ms + self.left_ms[side.index()],
            }
        } else {
            let deadline = match self.control {
                TimeControl::RealTime { .. } => FIRST_MOVE_MS,
                TimeControl::Correspondence { .. } => self.control.initial_ms(),
            };
            Expiry::Abort {
                side,
                at_ms: self.since_ms + deadline,
            }
        }
    }

    /// The expiry if it has come by `now_ms`.
    pub fn expired(&self, now_ms: i64) -> Option<Expiry> {
        let e = self.expiry();
        (now_ms >= e.at_ms()).then_some(e)
    }

    /// Charges a move by `side` made at `now_ms`. `turn_passes` is false when the move earned
    /// an extra move (or ended the game, so nothing more is added).
    pub fn on_move(&mut self, side: Side, now_ms: i64, turn_passes: bool) -> Result<(), MoveError> {
        if side != self.to_move {
            return Err(MoveError::NotYourTurn);
        }
        if let Some(e) = self.expired(now_ms) {
            return Err(MoveError::TooLate(e));
        }
        let i = side.index();
        if self.moved[i] {
            self.left_ms[i] -= (now_ms - self.since_ms).max(0);
        }
        self.moved[i] = true;
        if turn_passes {
            let other = side.opponent();
            match self.control {
                TimeControl::RealTime { increment_s, .. } => {
                    self.left_ms[i] += i64::from(increment_s) * 1000;
                }
                TimeControl::Correspondence { .. } => {
                    self.left_ms[other.index()] = self.control.initial_ms();
                }
            }
            self.to_move = other;
        }
        self.since_ms = now_ms;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn tc(s: &str) -> TimeControl {
        s.parse().unwrap()
    }

    #[test]
    fn a_game_that_nobody_starts_is_aborted_after_30_s() {
        let c = Clock::start(tc("3+2"), Side::South, 1_000);
        assert_eq!(c.expired(30_999), None);
        assert_eq!(
            c.expired(31_000),
            Some(Expiry::Abort {
                side: Side::South,
                at_ms: 31_000
            })
        );
        // The first move does not use the player's clock.
        let mut c = c;
        c.on_move(Side::South, 25_000, true).unwrap();
        assert_eq!(c.left_ms(Side::South, 25_000), 182_000);
        // North has its own 30 s for its first move, from South's move.
        assert_eq!(
            c.expiry(),
            Expiry::Abort {
                side: Side::North,
                at_ms: 55_000
            }
        );
    }

    #[test]
    fn time_is_charged_per_turn_with_the_increment_when_the_turn_passes() {
        let mut c = Clock::start(tc("1+1"), Side::South, 0);
        c.on_move(Side::South, 1_000, true).unwrap();
        c.on_move(Side::North, 2_000, true).unwrap();
        // South thinks 10 s, earns an extra move, thinks 5 s more, then the turn passes.
        c.on_move(Side::South, 12_000, false).unwrap();
        assert_eq!(c.to_move(), Side::South);
        assert_eq!(c.left_ms(Side::South, 12_000), 61_000 - 10_000);
        c.on_move(Side::South, 17_000, true).unwrap();
        assert_eq!(c.left_ms(Side::South, 17_000), 61_000 - 15_000 + 1_000);
        // North's clock runs now, South's is still.
        assert_eq!(c.left_ms(Side::North, 20_000), 61_000 - 3_000);
        assert_eq!(c.left_ms(Side::South, 99_000), 47_000);
        assert_eq!(
            c.expiry(),
            Expiry::Flag {
                side: Side::North,
                at_ms: 17_000 + 61_000
            }
        );
    }

    #[test]
    fn a_move_at_the_flag_is_too_late_and_never_charged() {
        let mut c = Clock::start(tc("1+0"), Side::South, 0);
        c.on_move(Side::South, 0, true).unwrap();
        c.on_move(Side::North, 0, true).unwrap();
        let before = c;
        let late = c.on_move(Side::South, 60_000, true).unwrap_err();
        assert_eq!(
            late,
            MoveError::TooLate(Expiry::Flag {
                side: Side::South,
                at_ms: 60_000
            })
        );
        assert_eq!(c, before);
        assert_eq!(c.left_ms(Side::South, 70_000), 0);
        assert_eq!(c.on_move(Side::North, 1, true), Err(MoveError::NotYourTurn));
    }

    #[test]
    fn correspondence_renews_the_time_of_every_turn() {
        let mut c = Clock::start(tc("1d"), Side::South, 0);
        let day = 86_400_000;
        assert_eq!(c.expiry().at_ms(), day);
        c.on_move(Side::South, day - 5, true).unwrap();
        c.on_move(Side::North, day - 5 + day / 2, true).unwrap();
        c.on_move(Side::South, 2 * day, true).unwrap();
        assert_eq!(c.left_ms(Side::North, 2 * day), day);
        assert_eq!(
            c.expiry(),
            Expiry::Flag {
                side: Side::North,
                at_ms: 3 * day
            }
        );
    }

    #[test]
    fn a_restart_charges_nobody_for_the_time_it_was_down() {
        let mut c = Clock::start(tc("3+2"), Side::South, 0);
        c.on_move(Side::South, 1_000, true).unwrap();
        c.on_move(Side::North, 2_000, true).unwrap();
        c.on_move(Side::South, 12_000, true).unwrap();
        let stored = c.state();
        let json = serde_json::to_string(&stored).unwrap();
        // Down from 12 s to 100 s; North's turn starts again at 100 s.
        let back: ClockState = serde_json::from_str(&json).unwrap();
        let r = Clock::resume(tc("3+2"), back, 100_000).unwrap();
        assert_eq!(
            r.left_ms(Side::North, 100_000),
            c.left_ms(Side::North, 12_000)
        );
        assert_eq!(
            r.left_ms(Side::South, 100_000),
            c.left_ms(Side::South, 12_000)
        );
        assert_eq!(r.expiry().at_ms(), 100_000 + c.left_ms(Side::North, 12_000));
        let bad = ClockState {
            to_move: 'X',
            ..stored
        };
        assert!(Clock::resume(tc("3+2"), bad, 0).is_none());
    }

    proptest! {
        /// Whatever the moves, the time left is the start, less what was spent on the clock,
        /// plus the increments of the turns that passed; and no move after the expiry counts.
        #[test]
        fn time_left_adds_up(steps in prop::collection::vec((0i64..40_000, any::<bool>()), 1..60)) {
            let mut c = Clock::start(tc("2+3"), Side::South, 0);
            let mut now = 0;
            let mut spent = [0i64; 2];
            let mut passes = [0i64; 2];
            let mut moved = [false; 2];
            for (think, passes_turn) in steps {
                let side = c.to_move();
                let expiry = c.expiry();
                now += think;
                match c.on_move(side, now, passes_turn) {
                    Ok(()) => {
                        prop_assert!(now < expiry.at_ms());
                        if moved[side.index()] { spent[side.index()] += think; }
                        moved[side.index()] = true;
                        if passes_turn { passes[side.index()] += 1; }
                    }
                    Err(MoveError::TooLate(e)) => {
                        prop_assert_eq!(e, expiry);
                        prop_assert!(now >= expiry.at_ms());
                        break;
                    }
                    Err(e) => prop_assert!(false, "{e}"),
                }
                for s in Side::ALL {
                    let i = s.index();
                    prop_assert_eq!(c.left_ms(s, now), 120_000 - spent[i] + 3_000 * passes[i]);
                }
            }
        }
    }
}
