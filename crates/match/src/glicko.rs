//! Glicko-2 ratings of players and bots (Glickman's system, through the `skillratings` crate):
//! a rating, its deviation (how uncertain it is) and a volatility, updated once per rating
//! period from the period's games.

use serde::{Deserialize, Serialize};
use skillratings::glicko2::{glicko2_rating_period, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

/// A player's Glicko-2 rating.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Glicko {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

/// A rating stays provisional while its deviation is above this (lichess's threshold).
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// Glickman's suggested system constant (tau); 0.3 to 1.2 are reasonable.
pub const TAU: f64 = 0.5;

impl Default for Glicko {
    /// A new player: 1500, deviation 350, volatility 0.06.
    fn default() -> Self {
        Glicko {
            rating: 1500.0,
            deviation: 350.0,
            volatility: 0.06,
        }
    }
}

impl Glicko {
    pub fn is_provisional(&self) -> bool {
        self.deviation > PROVISIONAL_DEVIATION
    }

    /// The rating after one rating period with `games`: each opponent's rating (as it was at
    /// the start of the period) and this player's score, 1, 0.5 or 0. No games only widens
    /// the deviation.
    pub fn after_period(&self, games: &[(Glicko, f64)]) -> Glicko {
        let results: Vec<(Glicko2Rating, Outcomes)> = games
            .iter()
            .map(|(o, score)| {
                let outcome = if *score > 0.5 {
                    Outcomes::WIN
                } else if *score < 0.5 {
                    Outcomes::LOSS
                } else {
                    Outcomes::DRAW
                };
                (o.to_lib(), outcome)
            })
            .collect();
        let config = Glicko2Config {
            tau: TAU,
            ..Glicko2Config::new()
        };
        Glicko::from_lib(glicko2_rating_period(&self.to_lib(), &results, &config))
    }

    fn to_lib(self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    fn from_lib(r: Glicko2Rating) -> Glicko {
        Glicko {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(rating: f64, deviation: f64) -> Glicko {
        Glicko {
            rating,
            deviation,
            volatility: 0.06,
        }
    }

    #[test]
    fn glickmans_worked_example() {
        // "Example of the Glicko-2 system" (Glickman, 2013): a 1500 / 200 player beats a
        // 1400 / 30 player and loses to 1550 / 100 and 1700 / 300, with tau 0.5: the paper
        // gives 1464.06, 151.52 and 0.05999.
        let p = g(1500.0, 200.0).after_period(&[
            (g(1400.0, 30.0), 1.0),
            (g(1550.0, 100.0), 0.0),
            (g(1700.0, 300.0), 0.0),
        ]);
        assert!((p.rating - 1464.06).abs() < 0.01, "{p:?}");
        assert!((p.deviation - 151.52).abs() < 0.01, "{p:?}");
        assert!((p.volatility - 0.05999).abs() < 0.00001, "{p:?}");
    }

    #[test]
    fn new_players_are_provisional_until_they_have_played() {
        let mut p = Glicko::default();
        assert!(p.is_provisional());
        for _ in 0..20 {
            p = p.after_period(&[(g(1500.0, 60.0), 0.5)]);
        }
        assert!(!p.is_provisional());
        assert!((p.rating - 1500.0).abs() < 1.0);
        // A period without games makes the rating less certain, never more.
        assert!(p.after_period(&[]).deviation > p.deviation);
    }
}
