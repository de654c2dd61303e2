//! The results of a paired match as its games finish, in any order (games run in parallel and
//! a slow one finishes late): pairs are counted when both of their games are in, and the
//! sequential test is tried after every complete pair, as fastchess does, so that the match
//! stops on the first pair that takes the test past a bound.

use crate::sprt::{Sprt, SprtState};
use crate::summary::Summary;
use serde::Serialize;

/// Where a sequential test stopped a match.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Decision {
    pub state: SprtState,
    /// Pairs counted: those complete when the test was decided, the deciding one last.
    pub pairs: usize,
    /// The log-likelihood ratio then.
    pub llr: f64,
}

/// Games 2k and 2k+1 are a pair (one opening, colours swapped). Scores are the first
/// player's: 1, 0.5 or 0.
#[derive(Debug, Clone)]
pub struct PairedResults {
    sprt: Option<Sprt>,
    scores: Vec<Option<f64>>,
    /// Complete pairs in the order they completed, two scores each.
    complete: Vec<f64>,
    decision: Option<Decision>,
}

impl PairedResults {
    /// A match of `games` games (an odd last game is a pair of one), tested by `sprt`.
    pub fn new(games: usize, sprt: Option<Sprt>) -> PairedResults {
        PairedResults {
            sprt,
            scores: vec![None; games],
            complete: Vec::new(),
            decision: None,
        }
    }

    /// Adds the score of game `index`. Returns the decision when this game completes the pair
    /// that decides the test; a game that comes in after the decision is kept but changes
    /// neither the decision nor [`PairedResults::summary`].
    ///
    /// # Panics
    /// When `index` is not a game of the match or was added before.
    pub fn add(&mut self, index: usize, score: f64) -> Option<Decision> {
        assert!(
            self.scores[index].replace(score).is_none(),
            "game {index} added twice"
        );
        if self.decision.is_some() {
            return None;
        }
        // A pair completes when its second game comes in (the odd last game of a match is
        // a pair of its own).
        let first = index - index % 2;
        let pair = &self.scores[first..(first + 2).min(self.scores.len())];
        if pair.iter().any(Option::is_none) {
            return None;
        }
        self.complete.extend(pair.iter().flatten());
        let sprt = self.sprt?;
        let s = Summary::new(&self.complete, true);
        let state = sprt.state(&s);
        if state == SprtState::Continue {
            return None;
        }
        let d = Decision {
            state,
            pairs: self.complete.len().div_ceil(2),
            llr: sprt.llr(&s),
        };
        self.decision = Some(d);
        Some(d)
    }

    pub fn decision(&self) -> Option<Decision> {
        self.decision
    }

    /// Games added so far, counted or not.
    pub fn finished(&self) -> usize {
        self.scores.iter().flatten().count()
    }

    /// The statistics the match reports: the complete pairs, up to the deciding one once the
    /// test is decided (an odd last game counts once it is in).
    pub fn summary(&self) -> Summary {
        Summary::new(&self.counted(), true)
    }

    /// The scores the summary counts, pair by pair in the order the pairs completed: the
    /// complete pairs (up to the deciding one once the test is decided).
    pub fn counted(&self) -> Vec<f64> {
        self.complete.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SplitMix64: a reproducible stream for the simulated matches.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        }

        fn unit(&mut self) -> f64 {
            (self.next() >> 11) as f64 / (1u64 << 53) as f64
        }
    }

    /// A match of `games` games on `workers` workers, replayed: each worker takes the next
    /// game when it is free; game times are random, with now and then a game that stalls
    /// (a slow first move) for many games' time. Returns (index, score) in the order the
    /// games finish.
    fn finishing_order(
        seed: u64,
        games: usize,
        workers: usize,
        strength: f64,
    ) -> Vec<(usize, f64)> {
        let mut rng = Rng(seed);
        let mut free_at = vec![0.0f64; workers];
        let mut done = Vec::with_capacity(games);
        for i in 0..games {
            let w = (0..workers)
                .min_by(|&a, &b| free_at[a].total_cmp(&free_at[b]))
                .unwrap();
            let mut took = 0.5 + rng.unit();
            if rng.unit() < 0.03 {
                took += 5.0 + 40.0 * rng.unit();
            }
            free_at[w] += took;
            // The first player wins with `strength`, draws a tenth of the time.
            let r = rng.unit();
            let score = if r < 0.1 {
                0.5
            } else if r < 0.1 + 0.9 * strength {
                1.0
            } else {
                0.0
            };
            done.push((free_at[w], i, score));
        }
        done.sort_by(|a, b| a.0.total_cmp(&b.0));
        done.into_iter().map(|(_, i, s)| (i, s)).collect()
    }

    /// Issue 34: the test looked only at the unbroken run of games from the first and only
    /// when a game came in, so a late game that made the run jump skipped the steps between,
    /// and a match went on past the first pair that crossed a bound. Over 20 replayed
    /// 1000-game matches on two workers, the stop must come on exactly that pair.
    #[test]
    fn the_match_stops_on_the_first_complete_pair_past_a_bound() {
        let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        let mut decided = 0;
        for seed in 1..=20u64 {
            // Alternately a stronger and a weaker first player, so both bounds are met.
            let strength = if seed % 2 == 0 { 0.65 } else { 0.38 };
            let order = finishing_order(seed, 1000, 2, strength);
            // What should happen: the test tried on the complete pairs after each pair
            // completes, in the order they complete.
            let mut pairs: Vec<[Option<f64>; 2]> = vec![[None; 2]; 500];
            let mut complete: Vec<f64> = Vec::new();
            let mut expected = None;
            for (k, &(i, s)) in order.iter().enumerate() {
                pairs[i / 2][i % 2] = Some(s);
                if let [Some(x), Some(y)] = pairs[i / 2] {
                    complete.extend([x, y]);
                    let state = sprt.state(&Summary::new(&complete, true));
                    if state != SprtState::Continue {
                        expected = Some((k, complete.len() / 2, state));
                        break;
                    }
                }
            }
            let mut results = PairedResults::new(1000, Some(sprt));
            let mut got = None;
            for (k, &(i, s)) in order.iter().enumerate() {
                if let Some(d) = results.add(i, s) {
                    assert!(got.is_none(), "seed {seed}: decided twice");
                    got = Some((k, d.pairs, d.state));
                }
            }
            assert_eq!(got, expected, "seed {seed}");
            if let Some((_, pairs, state)) = expected {
                decided += 1;
                // The games that finished after the stop change nothing.
                let d = results.decision().unwrap();
                assert_eq!((d.pairs, d.state), (pairs, state));
                let s = results.summary();
                assert_eq!(s.games as usize, 2 * pairs, "seed {seed}");
                assert_eq!(sprt.state(&s), state);
            }
        }
        // The simulated players are far enough apart for the test to decide every time.
        assert_eq!(decided, 20);
    }

    #[test]
    fn pairs_count_once_both_games_are_in() {
        let mut r = PairedResults::new(5, None);
        assert_eq!(r.add(1, 1.0), None);
        assert_eq!(r.summary().games, 0);
        r.add(3, 0.0);
        r.add(2, 0.5);
        // Pair 1 (games 2 and 3) is complete, pair 0 is not.
        assert_eq!(r.counted(), vec![0.5, 0.0]);
        r.add(0, 1.0);
        r.add(4, 1.0);
        assert_eq!(r.finished(), 5);
        let s = r.summary();
        assert_eq!((s.games, s.wins, s.draws, s.losses), (5, 3, 1, 1));
    }
}
