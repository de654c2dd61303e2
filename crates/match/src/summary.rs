//! Win/draw/loss and pentanomial counts, Elo with its 95% interval, and the likelihood of
//! superiority of one player over another.

use crate::elo::{elo_from_score, phi};
use serde::Serialize;

/// Normal quantile of 97.5%: a two-sided 95% interval.
const Z95: f64 = 1.959_963_984_540_054;

/// Counts of game pairs (one opening, colours swapped) by the pair's points for the first
/// player: 0, 0.5, 1, 1.5 and 2 — in chess testing's words LL, LD, DD+WL, WD and WW.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Pentanomial(pub [u64; 5]);

impl Pentanomial {
    pub fn pairs(&self) -> u64 {
        self.0.iter().sum()
    }
}

/// What a series of games says about the first player against the second.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Summary {
    pub games: u64,
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    /// Mean score per game, 0 to 1.
    pub score: f64,
    /// Present when every game belongs to a pair; the interval, LOS and SPRT then use the
    /// pairs' variance, which is smaller than the games' when the openings are unbalanced.
    pub pentanomial: Option<Pentanomial>,
    /// Elo difference and its 95% interval. A score of 0 or 1 is moved half a game inward, so
    /// that the figures stay finite.
    pub elo: f64,
    pub elo_low: f64,
    pub elo_high: f64,
    /// Likelihood of superiority: the probability that the first player is the stronger.
    pub los: f64,
    /// Units the statistics count (pairs or games), the mean score per unit and its variance:
    /// what a sequential test needs.
    #[serde(skip)]
    pub(crate) units: u64,
    #[serde(skip)]
    pub(crate) variance: f64,
}

impl Summary {
    /// Statistics of `scores` (the first player's score of each game, 0, 0.5 or 1, in the
    /// order played). With `paired`, games 2k and 2k+1 are one opening with colours swapped;
    /// an odd game at the end makes the whole series count as single games.
    pub fn new(scores: &[f64], paired: bool) -> Summary {
        let games = scores.len() as u64;
        let count = |v: f64| scores.iter().filter(|&&s| s == v).count() as u64;
        let (wins, draws, losses) = (count(1.0), count(0.5), count(0.0));
        let pentanomial = (paired && games > 0 && games.is_multiple_of(2)).then(|| {
            let mut p = Pentanomial::default();
            for pair in scores.chunks(2) {
                let points = ((pair[0] + pair[1]) * 2.0).round().clamp(0.0, 4.0);
                p.0[points as usize] += 1;
            }
            p
        });
        // One unit is a pair (its score halved) or a game.
        let units: Vec<f64> = match pentanomial {
            Some(_) => scores.chunks(2).map(|p| (p[0] + p[1]) / 2.0).collect(),
            None => scores.to_vec(),
        };
        let n = units.len().max(1) as f64;
        let score = if scores.is_empty() {
            0.5
        } else {
            scores.iter().sum::<f64>() / scores.len() as f64
        };
        let eps = 0.5 / (games.max(1) as f64);
        let clamp = |p: f64| p.clamp(eps, 1.0 - eps);
        let mut variance = units.iter().map(|u| (u - score).powi(2)).sum::<f64>() / n;
        if variance <= 0.0 {
            // All units equal: no spread measured yet. A Bernoulli spread at the clamped score
            // keeps the interval honest instead of zero.
            let p = clamp(score);
            variance = p * (1.0 - p) / if pentanomial.is_some() { 2.0 } else { 1.0 };
        }
        let stderr = (variance / n).sqrt();
        Summary {
            games,
            wins,
            draws,
            losses,
            score,
            pentanomial,
            elo: elo_from_score(clamp(score)),
            elo_low: elo_from_score(clamp(score - Z95 * stderr)),
            elo_high: elo_from_score(clamp(score + Z95 * stderr)),
            los: if games == 0 {
                0.5
            } else {
                phi((score - 0.5) / stderr)
            },
            units: units.len() as u64,
            variance,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_pairs() {
        let s = Summary::new(&[1.0, 0.0, 1.0, 0.5, 0.5, 0.5, 1.0, 1.0], true);
        assert_eq!((s.games, s.wins, s.draws, s.losses), (8, 4, 3, 1));
        assert_eq!(s.pentanomial, Some(Pentanomial([0, 0, 2, 1, 1])));
        assert!((s.score - 5.5 / 8.0).abs() < 1e-12);
        assert!(s.elo > 0.0 && s.elo_low < s.elo && s.elo < s.elo_high);
        assert!(s.los > 0.5 && s.los < 1.0);
        // An odd game count cannot be paired.
        assert_eq!(Summary::new(&[1.0, 0.0, 1.0], true).pentanomial, None);
    }

    #[test]
    fn pairs_that_split_by_colour_say_little() {
        // Most openings won by whoever has the better side, a few won twice by each player:
        // an even match, and the pairs show it with a narrower interval than the games.
        let mut scores: Vec<f64> = [1.0, 0.0].repeat(90);
        scores.extend([1.0; 10]);
        scores.extend([0.0; 10]);
        let paired = Summary::new(&scores, true);
        assert_eq!(paired.pentanomial, Some(Pentanomial([5, 0, 90, 0, 5])));
        assert_eq!(paired.los, 0.5);
        assert!((paired.variance - 0.025).abs() < 1e-12);
        let single = Summary::new(&scores, false);
        assert!((single.variance - 0.25).abs() < 1e-12);
        assert!(single.elo_high - single.elo_low > 2.0 * (paired.elo_high - paired.elo_low));
    }

    #[test]
    fn known_interval() {
        // 60 wins, 20 draws, 20 losses unpaired: score 0.7, variance 0.16 per game.
        let mut scores = vec![1.0; 60];
        scores.extend([0.5; 20]);
        scores.extend([0.0; 20]);
        let s = Summary::new(&scores, false);
        assert!((s.variance - 0.16).abs() < 1e-12);
        let half = Z95 * (0.16f64 / 100.0).sqrt();
        assert!((s.elo_low - elo_from_score(0.7 - half)).abs() < 1e-9);
        assert!((s.elo - 147.19).abs() < 0.01);
        assert!((s.los - phi(0.2 / 0.04)).abs() < 1e-12);
    }

    #[test]
    fn perfect_scores_stay_finite() {
        let s = Summary::new(&[1.0; 10], true);
        assert!(s.elo.is_finite() && s.elo_low.is_finite() && s.elo_high.is_finite());
        assert!(s.los > 0.99);
        let empty = Summary::new(&[], true);
        assert_eq!((empty.games, empty.elo, empty.los), (0, 0.0, 0.5));
    }
}
