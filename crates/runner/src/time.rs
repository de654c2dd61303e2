//! Time controls and the clocks of one game.

use kalah_engine_protocol::Go;
use kalah_rules::Side;
use std::time::Duration;

/// How much time the players get.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeControl {
    /// No limit from the runner: our players play by their own definitions. Programs need a
    /// time control.
    Unlimited,
    /// This long for each move; nothing carries over.
    PerMove(Duration),
    /// A clock per player: `base` at the start, `inc` added after each of its moves.
    Clock { base: Duration, inc: Duration },
}

/// A time control that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("bad time control {0:?}: write BASE+INC in seconds, e.g. 10+0.1 or 60")]
pub struct ParseTimeError(pub String);

impl TimeControl {
    /// Reads `BASE[+INC]` in seconds (cutechess-cli's form), e.g. `10+0.1`.
    pub fn parse_clock(s: &str) -> Result<TimeControl, ParseTimeError> {
        let bad = || ParseTimeError(s.to_string());
        let (base, inc) = s.trim().split_once('+').unwrap_or((s.trim(), "0"));
        let secs = |t: &str| {
            t.trim()
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite() && (0.0..=86_400.0).contains(v))
                .map(Duration::from_secs_f64)
        };
        let (base, inc) = (secs(base).ok_or_else(bad)?, secs(inc).ok_or_else(bad)?);
        if base.is_zero() {
            return Err(bad());
        }
        Ok(TimeControl::Clock { base, inc })
    }
}

impl std::fmt::Display for TimeControl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TimeControl::Unlimited => f.write_str("none"),
            TimeControl::PerMove(t) => write!(f, "{} ms a move", t.as_millis()),
            TimeControl::Clock { base, inc } => {
                write!(f, "{}+{} s", base.as_secs_f64(), inc.as_secs_f64())
            }
        }
    }
}

/// The clocks of one game, by seat (0 = A, 1 = B).
#[derive(Debug, Clone, Copy)]
pub struct Clocks {
    control: TimeControl,
    left: [Duration; 2],
}

impl Clocks {
    pub fn new(control: TimeControl) -> Clocks {
        let base = match control {
            TimeControl::Clock { base, .. } => base,
            _ => Duration::ZERO,
        };
        Clocks {
            control,
            left: [base; 2],
        }
    }

    /// The most time `seat` may take for its next move (before any grace), if limited.
    pub fn limit(&self, seat: usize) -> Option<Duration> {
        match self.control {
            TimeControl::Unlimited => None,
            TimeControl::PerMove(t) => Some(t),
            TimeControl::Clock { .. } => Some(self.left[seat]),
        }
    }

    /// The `go` for `seat` sitting on `side`: the move time, or both clocks by side.
    pub fn go(&self, seat: usize, side: Side) -> Go {
        let ms = |d: Duration| d.as_millis() as u64;
        match self.control {
            TimeControl::Unlimited => Go::default(),
            TimeControl::PerMove(t) => Go {
                movetime: Some(ms(t)),
                ..Go::default()
            },
            TimeControl::Clock { inc, .. } => {
                let (mine, theirs) = (self.left[seat], self.left[1 - seat]);
                let (s, n) = match side {
                    Side::South => (mine, theirs),
                    Side::North => (theirs, mine),
                };
                Go {
                    stime: Some(ms(s)),
                    ntime: Some(ms(n)),
                    sinc: Some(ms(inc)),
                    ninc: Some(ms(inc)),
                    ..Go::default()
                }
            }
        }
    }

    /// Charges `seat` for a move that took `used`, then adds the increment.
    pub fn charge(&mut self, seat: usize, used: Duration) {
        if let TimeControl::Clock { inc, .. } = self.control {
            self.left[seat] = self.left[seat].saturating_sub(used) + inc;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_text() {
        assert_eq!(
            TimeControl::parse_clock("10+0.1").unwrap(),
            TimeControl::Clock {
                base: Duration::from_secs(10),
                inc: Duration::from_millis(100)
            }
        );
        assert_eq!(
            TimeControl::parse_clock("60").unwrap(),
            TimeControl::Clock {
                base: Duration::from_secs(60),
                inc: Duration::ZERO
            }
        );
        for bad in ["", "0", "x+1", "10+", "-1+0", "1e9"] {
            assert!(TimeControl::parse_clock(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn clocks_run_down_and_get_the_increment() {
        let mut c = Clocks::new(TimeControl::parse_clock("1+0.1").unwrap());
        c.charge(0, Duration::from_millis(300));
        assert_eq!(c.limit(0), Some(Duration::from_millis(800)));
        assert_eq!(c.limit(1), Some(Duration::from_secs(1)));
        // A sits North: its clock is ntime.
        let go = c.go(0, Side::North);
        assert_eq!(
            (go.ntime, go.stime, go.ninc),
            (Some(800), Some(1000), Some(100))
        );
        c.charge(1, Duration::from_secs(5));
        assert_eq!(c.limit(1), Some(Duration::from_millis(100)));
        let per_move = Clocks::new(TimeControl::PerMove(Duration::from_millis(50)));
        assert_eq!(per_move.go(1, Side::South).movetime, Some(50));
        assert_eq!(Clocks::new(TimeControl::Unlimited).limit(0), None);
    }
}
