//! A time manager: how long to think for a `go`, as a soft bound (start no new iteration after
//! it) and a hard one (stop at once), from the move time or the clock. `kalah engine` and the
//! match runner's built-in players use it; any engine may manage its time its own way.

use crate::Go;
use kalah_rules::Side;
use std::time::Duration;

/// The time bounds of one search for `side` to move, or `None` when `go` gave no time.
pub fn budget(go: &Go, side: Side) -> Option<(Duration, Duration)> {
    let ms = Duration::from_millis;
    if let Some(t) = go.movetime {
        // Answer a little before the time is up: the answer still has to cross the pipe.
        let hard = t.saturating_sub((t / 10).min(20)).max(1);
        return Some((ms(hard / 2), ms(hard)));
    }
    let (left, inc) = go.clock(side)?;
    // Keep a reserve, spend about a 30th of the clock and most of the increment, and never
    // more than a quarter of what is left on one move.
    let reserve = (left / 10).min(50);
    let usable = left.saturating_sub(reserve).max(1);
    let soft = (left / 30 + inc * 3 / 4).clamp(1, usable);
    let hard = (soft * 3).min(usable / 4 + inc).clamp(soft, usable);
    Some((ms(soft), ms(hard)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go(f: impl FnOnce(&mut Go)) -> Go {
        let mut g = Go::default();
        f(&mut g);
        g
    }

    #[test]
    fn a_move_time_is_met_with_a_margin() {
        let (soft, hard) = budget(&go(|g| g.movetime = Some(1000)), Side::South).unwrap();
        assert_eq!(hard, Duration::from_millis(980));
        assert_eq!(soft, Duration::from_millis(490));
        let (_, hard) = budget(&go(|g| g.movetime = Some(1)), Side::South).unwrap();
        assert_eq!(hard, Duration::from_millis(1));
    }

    #[test]
    fn the_clock_of_the_side_to_move_counts() {
        let g = go(|g| {
            g.stime = Some(60_000);
            g.ntime = Some(3_000);
            g.sinc = Some(0);
            g.ninc = Some(100);
        });
        let (s_soft, s_hard) = budget(&g, Side::South).unwrap();
        let (n_soft, n_hard) = budget(&g, Side::North).unwrap();
        assert_eq!(s_soft, Duration::from_millis(2000));
        assert!(s_hard >= s_soft && s_hard <= Duration::from_millis(15_000));
        assert!(n_soft < s_soft && n_hard <= Duration::from_millis(3_000));
        assert_eq!(budget(&Go::default(), Side::South), None);
    }

    #[test]
    fn never_more_than_the_clock_holds() {
        for left in [1, 2, 10, 50, 100, 999, 5_000, 100_000] {
            for inc in [0, 10, 1000] {
                let g = go(|g| {
                    g.stime = Some(left);
                    g.sinc = Some(inc);
                });
                let (soft, hard) = budget(&g, Side::South).unwrap();
                assert!(soft <= hard, "{left} {inc}");
                assert!(hard <= Duration::from_millis(left.max(1)), "{left} {inc}");
            }
        }
    }
}
