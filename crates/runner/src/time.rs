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
///
/// A clock runs down by the time each move took and gets the increment after it. It may run
/// below zero by at most the grace, which covers the pipe and the machine's scheduling: the
/// grace is one allowance for the whole game, not a fresh one for every move, so a player
/// that keeps overrunning its clock loses on time (as in fastchess and cutechess-cli, where
/// the clock is not refilled either).
#[derive(Debug, Clone, Copy)]
pub struct Clocks {
    /// By seat: each player may have its own (time odds).
    controls: [TimeControl; 2],
    grace: Duration,
    /// Nanoseconds left on each clock; below zero (down to minus the grace) after an overrun.
    left: [i128; 2],
}

fn nanos(d: Duration) -> i128 {
    d.as_nanos() as i128
}

fn duration(ns: i128) -> Duration {
    Duration::from_nanos(ns.clamp(0, u64::MAX as i128) as u64)
}

impl Clocks {
    /// Clocks of two players with the same time control.
    pub fn new(control: TimeControl, grace: Duration) -> Clocks {
        Clocks::with_odds([control; 2], grace)
    }

    /// Clocks of players with their own time controls, by seat.
    pub fn with_odds(controls: [TimeControl; 2], grace: Duration) -> Clocks {
        let base = |c: TimeControl| match c {
            TimeControl::Clock { base, .. } => nanos(base),
            _ => 0,
        };
        Clocks {
            controls,
            grace,
            left: [base(controls[0]), base(controls[1])],
        }
    }

    /// The time `seat` is told it has for its next move: the move time, or its clock (zero
    /// when it has overrun), if limited.
    pub fn limit(&self, seat: usize) -> Option<Duration> {
        match self.controls[seat] {
            TimeControl::Unlimited => None,
            TimeControl::PerMove(t) => Some(t),
            TimeControl::Clock { .. } => Some(duration(self.left[seat])),
        }
    }

    /// How long the runner waits for the next move of `seat`: [`Clocks::limit`] and the grace
    /// still left on top of it. With a clock the grace shrinks by every overrun.
    pub fn wait(&self, seat: usize) -> Option<(Duration, Duration)> {
        let limit = self.limit(seat)?;
        let grace = match self.controls[seat] {
            // A clock below zero has used that much of the grace.
            TimeControl::Clock { .. } => duration(nanos(self.grace) + self.left[seat].min(0)),
            _ => self.grace,
        };
        Some((limit, grace))
    }

    /// The `go` for `seat` sitting on `side`: the move time, or both clocks by side (the
    /// opponent's only when it has a clock too).
    pub fn go(&self, seat: usize, side: Side) -> Go {
        let ms = |d: Duration| d.as_millis() as u64;
        let clock = |s: usize| match self.controls[s] {
            TimeControl::Clock { inc, .. } => Some((ms(duration(self.left[s])), ms(inc))),
            _ => None,
        };
        match self.controls[seat] {
            TimeControl::Unlimited => Go::default(),
            TimeControl::PerMove(t) => Go {
                movetime: Some(ms(t)),
                ..Go::default()
            },
            TimeControl::Clock { .. } => {
                let (mine, theirs) = (clock(seat), clock(1 - seat));
                let (s, n) = match side {
                    Side::South => (mine, theirs),
                    Side::North => (theirs, mine),
                };
                Go {
                    stime: s.map(|c| c.0),
                    ntime: n.map(|c| c.0),
                    sinc: s.map(|c| c.1),
                    ninc: n.map(|c| c.1),
                    ..Go::default()
                }
            }
        }
    }

    /// Charges `seat` for a move that took `used`, then adds the increment.
    ///
    /// # Errors
    /// The words of the time loss when the move took longer than [`Clocks::wait`] allowed.
    pub fn charge(&mut self, seat: usize, used: Duration) -> Result<(), String> {
        let Some((limit, grace)) = self.wait(seat) else {
            return Ok(());
        };
        if used > limit + grace {
            return Err(match self.controls[seat] {
                TimeControl::Clock { .. } => format!(
                    "took {} ms with {} ms left on its clock and {} ms of grace",
                    used.as_millis(),
                    limit.as_millis(),
                    grace.as_millis()
                ),
                _ => format!(
                    "took {} ms, {} ms allowed and {} ms of grace",
                    used.as_millis(),
                    limit.as_millis(),
                    grace.as_millis()
                ),
            });
        }
        if let TimeControl::Clock { inc, .. } = self.controls[seat] {
            // No floor at zero: an overrun stays on the clock and eats into the grace.
            self.left[seat] = self.left[seat] - nanos(used) + nanos(inc);
        }
        Ok(())
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

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn clocks_run_down_and_get_the_increment() {
        let mut c = Clocks::new(TimeControl::parse_clock("1+0.1").unwrap(), ms(200));
        c.charge(0, Duration::from_millis(300)).unwrap();
        assert_eq!(c.limit(0), Some(Duration::from_millis(800)));
        assert_eq!(c.limit(1), Some(Duration::from_secs(1)));
        // A sits North: its clock is ntime.
        let go = c.go(0, Side::North);
        assert_eq!(
            (go.ntime, go.stime, go.ninc),
            (Some(800), Some(1000), Some(100))
        );
        // Five seconds on a one-second clock: lost on time.
        assert!(c.charge(1, Duration::from_secs(5)).is_err());
        let per_move = Clocks::new(TimeControl::PerMove(Duration::from_millis(50)), ms(200));
        assert_eq!(per_move.go(1, Side::South).movetime, Some(50));
        assert_eq!(Clocks::new(TimeControl::Unlimited, ms(200)).limit(0), None);
    }

    /// Issue 34: the clock stopped at 0 and every move got a fresh grace, so a player that
    /// thought 120 ms too long on every move never lost on time.
    #[test]
    fn an_overrun_stays_on_the_clock_and_the_next_one_loses() {
        let mut c = Clocks::new(TimeControl::parse_clock("1+0").unwrap(), ms(200));
        // 120 ms over its second: within the grace.
        c.charge(0, ms(1120)).unwrap();
        // The clock shows zero, and only 80 ms of grace are left.
        assert_eq!(c.go(0, Side::South).stime, Some(0));
        assert_eq!(c.wait(0), Some((Duration::ZERO, ms(80))));
        // The next move of 120 ms loses on time.
        let lost = c.charge(0, ms(120)).unwrap_err();
        assert!(lost.contains("took 120 ms"), "{lost}");
        // The other clock is untouched, and per-move time has nothing to carry over.
        assert_eq!(c.wait(1), Some((ms(1000), ms(200))));
        let mut m = Clocks::new(TimeControl::PerMove(ms(100)), ms(200));
        m.charge(0, ms(250)).unwrap();
        assert_eq!(m.wait(0), Some((ms(100), ms(200))));
        assert!(m.charge(0, ms(301)).is_err());
    }

    #[test]
    fn time_odds() {
        let odds = [
            TimeControl::parse_clock("2+0.1").unwrap(),
            TimeControl::parse_clock("1+0.05").unwrap(),
        ];
        let mut c = Clocks::with_odds(odds, ms(100));
        assert_eq!((c.limit(0), c.limit(1)), (Some(ms(2000)), Some(ms(1000))));
        c.charge(1, ms(400)).unwrap();
        // B sits South: its clock is stime with its increment, A's is ntime with A's.
        let go = c.go(1, Side::South);
        assert_eq!(
            (go.stime, go.sinc, go.ntime, go.ninc),
            (Some(650), Some(50), Some(2000), Some(100))
        );
        // Against a per-move player only the player's own clock is sent.
        let mixed = Clocks::with_odds([odds[0], TimeControl::PerMove(ms(30))], ms(100));
        let go = mixed.go(0, Side::North);
        assert_eq!((go.ntime, go.stime), (Some(2000), None));
        assert_eq!(mixed.go(1, Side::South).movetime, Some(30));
    }
}
