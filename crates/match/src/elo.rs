//! The logistic Elo scale.

/// Elo difference that gives `score` (strictly between 0 and 1) as the expected score.
pub fn elo_from_score(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// Expected score of a player `elo` points stronger.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The standard normal distribution function.
pub(crate) fn phi(x: f64) -> f64 {
    0.5 * (1.0 + libm::erf(x / std::f64::consts::SQRT_2))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scale_round_trips() {
        for elo in [-600.0, -100.0, 0.0, 35.5, 400.0] {
            assert!((elo_from_score(score_from_elo(elo)) - elo).abs() < 1e-9);
        }
        assert!((score_from_elo(400.0) - 10.0 / 11.0).abs() < 1e-12);
        assert!((phi(1.959964) - 0.975).abs() < 1e-6);
        assert_eq!(phi(0.0), 0.5);
    }
}
