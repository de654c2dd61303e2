//! The sequential probability ratio test of chess engine testing: H0 "the first player is
//! `elo0` stronger", H1 "it is `elo1` stronger", error rates `alpha` and `beta`. The
//! log-likelihood ratio uses the normal approximation of the mean score per unit (game or
//! pair), as fishtest's GSPRT does.

use crate::elo::score_from_elo;
use crate::summary::Summary;
use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// Where a test stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SprtState {
    Continue,
    /// H0 accepted: not `elo1` stronger.
    AcceptH0,
    /// H1 accepted: at least `elo0` stronger.
    AcceptH1,
}

impl Sprt {
    /// Checks the parameters; the message says what is wrong.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, String> {
        if !(elo0.is_finite() && elo1.is_finite()) || elo0 >= elo1 {
            return Err("SPRT needs elo0 < elo1, e.g. elo0=0 elo1=10".into());
        }
        if elo0.abs() > 1000.0 || elo1.abs() > 1000.0 {
            return Err("SPRT Elo bounds must be within -1000 to 1000".into());
        }
        for (name, v) in [("alpha", alpha), ("beta", beta)] {
            if !(v > 0.0 && v < 0.5) {
                return Err(format!(
                    "SPRT {name} must be above 0 and below 0.5, e.g. 0.05"
                ));
            }
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The bounds of the log-likelihood ratio: below the first H0 is accepted, above the
    /// second H1.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 after the games of `s`.
    pub fn llr(&self, s: &Summary) -> f64 {
        if s.units == 0 {
            return 0.0;
        }
        let (s0, s1) = (score_from_elo(self.elo0), score_from_elo(self.elo1));
        s.units as f64 * (s1 - s0) * (2.0 * s.score - s0 - s1) / (2.0 * s.variance)
    }

    pub fn state(&self, s: &Summary) -> SprtState {
        let llr = self.llr(s);
        let (low, high) = self.bounds();
        if llr >= high {
            SprtState::AcceptH1
        } else if llr <= low {
            SprtState::AcceptH0
        } else {
            SprtState::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameters_are_checked() {
        assert!(Sprt::new(0.0, 10.0, 0.05, 0.05).is_ok());
        assert!(Sprt::new(10.0, 0.0, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.0, 10.0, 0.0, 0.05).is_err());
        assert!(Sprt::new(0.0, f64::NAN, 0.05, 0.05).is_err());
        let (low, high) = Sprt::new(0.0, 5.0, 0.05, 0.05).unwrap().bounds();
        assert!((low + 2.944).abs() < 0.001 && (high - 2.944).abs() < 0.001);
    }

    #[test]
    fn a_clearly_stronger_player_passes_and_a_weaker_fails() {
        let t = Sprt::new(0.0, 20.0, 0.05, 0.05).unwrap();
        // Pairs of a player about 100 Elo stronger: WW, WD, WL in turn.
        let strong: Vec<f64> = [1.0, 1.0, 1.0, 0.5, 1.0, 0.0].repeat(20);
        assert_eq!(t.state(&Summary::new(&strong, true)), SprtState::AcceptH1);
        let weak: Vec<f64> = strong.iter().map(|s| 1.0 - s).collect();
        assert_eq!(t.state(&Summary::new(&weak, true)), SprtState::AcceptH0);
        // Two games say nothing yet.
        assert_eq!(
            t.state(&Summary::new(&[1.0, 0.0], true)),
            SprtState::Continue
        );
    }

    #[test]
    fn llr_is_zero_halfway_between_the_hypotheses() {
        let t = Sprt::new(-20.0, 20.0, 0.05, 0.05).unwrap();
        let even: Vec<f64> = [1.0, 0.0, 0.5, 0.5].repeat(10);
        assert!(t.llr(&Summary::new(&even, true)).abs() < 1e-12);
    }
}
