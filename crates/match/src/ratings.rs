//! A maximum-likelihood rating table for several players (the Bradley-Terry model on the
//! logistic Elo scale, a draw counting half a win), fitted with the minorise-maximise
//! iteration. Each player also gets one virtual draw against a player rated 0, so that a
//! player who won or lost every game still gets a finite rating (as BayesElo's prior does).

use serde::Serialize;

/// One game between players `a` and `b` (indices) and `a`'s score: 1, 0.5 or 0.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Result {
    pub a: usize,
    pub b: usize,
    pub score_a: f64,
}

/// A player's row of the table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Rating {
    pub player: usize,
    /// Elo, with the players' mean at 0.
    pub elo: f64,
    /// Half the width of the approximate 95% interval.
    pub error: f64,
    pub games: u64,
    /// Points scored (wins and half the draws).
    pub points: f64,
}

const ITERATIONS: usize = 10_000;
const TOLERANCE: f64 = 1e-10;

/// Ratings of `players` players from `results`, strongest first. Results naming a player
/// outside `0..players`, or a player against itself, are ignored.
pub fn rating_table(players: usize, results: &[Result]) -> Vec<Rating> {
    let mut games = vec![vec![0u64; players]; players];
    let mut points = vec![0.0f64; players];
    let mut played = vec![0u64; players];
    for r in results {
        if r.a >= players || r.b >= players || r.a == r.b {
            continue;
        }
        let s = r.score_a.clamp(0.0, 1.0);
        games[r.a][r.b] += 1;
        games[r.b][r.a] += 1;
        points[r.a] += s;
        points[r.b] += 1.0 - s;
        played[r.a] += 1;
        played[r.b] += 1;
    }
    // Strengths gamma = 10^(elo / 400); the virtual opponent has gamma 1.
    let mut gamma = vec![1.0f64; players];
    for _ in 0..ITERATIONS {
        let mut change = 0.0f64;
        for i in 0..players {
            let mut denominator = 1.0 / (gamma[i] + 1.0);
            for j in 0..players {
                if games[i][j] > 0 {
                    denominator += games[i][j] as f64 / (gamma[i] + gamma[j]);
                }
            }
            let next = (points[i] + 0.5) / denominator;
            change = change.max((next / gamma[i]).ln().abs());
            gamma[i] = next;
        }
        if change < TOLERANCE {
            break;
        }
    }
    let scale = 400.0 / std::f64::consts::LN_10;
    let elo: Vec<f64> = gamma.iter().map(|g| scale * g.ln()).collect();
    let mean = elo.iter().sum::<f64>() / players.max(1) as f64;
    let mut table: Vec<Rating> = (0..players)
        .map(|i| {
            // Fisher information of the rating, the virtual game included.
            let mut info = expected(gamma[i], 1.0);
            for j in 0..players {
                info += games[i][j] as f64 * expected(gamma[i], gamma[j]);
            }
            Rating {
                player: i,
                elo: elo[i] - mean,
                error: 1.96 * scale / info.sqrt(),
                games: played[i],
                points: points[i],
            }
        })
        .collect();
    table.sort_by(|x, y| y.elo.total_cmp(&x.elo));
    table
}

/// p (1 - p) for the expected score p of strength `a` against `b`.
fn expected(a: f64, b: f64) -> f64 {
    let p = a / (a + b);
    p * (1.0 - p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::elo::score_from_elo;

    fn games(a: usize, b: usize, wins: usize, draws: usize, losses: usize) -> Vec<Result> {
        let mut v = Vec::new();
        for (n, s) in [(wins, 1.0), (draws, 0.5), (losses, 0.0)] {
            v.extend(std::iter::repeat_n(Result { a, b, score_a: s }, n));
        }
        v
    }

    #[test]
    fn two_players_match_the_score() {
        // 750 of 1000 points: about 191 Elo apart (a little less: the virtual draws pull in).
        let t = rating_table(2, &games(0, 1, 700, 100, 200));
        assert_eq!(t[0].player, 0);
        let gap = t[0].elo - t[1].elo;
        assert!((gap - 190.8).abs() < 3.0, "{gap}");
        assert!((score_from_elo(gap) - 0.75).abs() < 0.01);
        assert!(t[0].error > 0.0 && t[0].error < 40.0);
        assert_eq!((t[0].games, t[0].points), (1000, 750.0));
    }

    #[test]
    fn three_players_order_and_finite_extremes() {
        let mut r = games(0, 1, 30, 10, 10);
        r.extend(games(1, 2, 30, 10, 10));
        r.extend(games(0, 2, 50, 0, 0));
        let t = rating_table(3, &r);
        let order: Vec<usize> = t.iter().map(|x| x.player).collect();
        assert_eq!(order, vec![0, 1, 2]);
        assert!(t.iter().all(|x| x.elo.is_finite()));
        assert!(t.iter().map(|x| x.elo).sum::<f64>().abs() < 1e-6);
    }

    #[test]
    fn bad_results_are_ignored() {
        let r = [
            Result {
                a: 0,
                b: 0,
                score_a: 1.0,
            },
            Result {
                a: 0,
                b: 7,
                score_a: 1.0,
            },
        ];
        let t = rating_table(2, &r);
        assert!(t.iter().all(|x| x.elo.abs() < 1e-9 && x.games == 0));
    }
}
