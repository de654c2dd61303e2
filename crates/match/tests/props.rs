//! Properties of the statistics and the suite reader on arbitrary input.

use kalah_match::openings::read_suite;
use kalah_match::{rating_table, GameResult, Summary};
use proptest::prelude::*;

fn score() -> impl Strategy<Value = f64> {
    prop_oneof![Just(0.0), Just(0.5), Just(1.0)]
}

proptest! {
    #[test]
    fn summaries_are_finite_and_ordered(scores in prop::collection::vec(score(), 0..400), paired: bool) {
        let s = Summary::new(&scores, paired);
        prop_assert_eq!(s.games as usize, scores.len());
        prop_assert_eq!(s.wins + s.draws + s.losses, s.games);
        prop_assert!(s.elo.is_finite() && s.elo_low.is_finite() && s.elo_high.is_finite());
        prop_assert!(s.elo_low <= s.elo + 1e-9 && s.elo <= s.elo_high + 1e-9);
        prop_assert!((0.0..=1.0).contains(&s.los));
    }

    #[test]
    fn ratings_are_finite_with_mean_zero(
        games in prop::collection::vec((0usize..5, 0usize..5, score()), 0..200)
    ) {
        let results: Vec<GameResult> = games.iter().map(|&(a, b, score_a)| GameResult { a, b, score_a }).collect();
        let table = rating_table(5, &results);
        prop_assert_eq!(table.len(), 5);
        prop_assert!(table.iter().all(|r| r.elo.is_finite() && r.error.is_finite() && r.error > 0.0));
        prop_assert!(table.iter().map(|r| r.elo).sum::<f64>().abs() < 1e-6);
    }

    #[test]
    fn any_text_is_read_or_refused_without_panic(text in ".{0,300}") {
        let rules = "standard".parse().unwrap();
        let _ = read_suite(&text, rules);
        let _ = read_suite(&format!("# kalah openings v1\n{text}"), rules);
    }
}
