//! The shipped puzzle set: it reads, holds together, and a sample of it is proven again by
//! the solver (all of it: `kalah puzzles check`).

use kalah_engine::Engine;
use kalah_puzzles::{check, shipped, Attempt, Puzzle, Theme, Verdict};
use kalah_rules::Preset;
use std::collections::HashSet;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

#[test]
fn the_shipped_set_reads_and_holds_together() {
    let set = shipped();
    assert!(set.len() >= 100, "only {} puzzles shipped", set.len());
    let ids: HashSet<&str> = set.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids.len(), set.len(), "ids are unique");
    for p in set {
        p.validate().unwrap();
        assert_eq!(p.to_string().parse::<Puzzle>().unwrap(), *p, "{p}");
    }
    // Several rule sets, every theme.
    for preset in [Preset::Standard, Preset::EmptyCapture, Preset::Bga] {
        assert!(
            set.iter()
                .any(|p| p.rules().matching_preset() == Some(preset)),
            "no puzzle under {preset}"
        );
    }
    for theme in Theme::ALL {
        assert!(
            set.iter().any(|p| p.themes.contains(&theme)),
            "no puzzle about {theme}"
        );
    }
}

/// 40 puzzles spread evenly over the file (sorted by rules, so each rule set is sampled),
/// proven again; the whole set is proven by `kalah puzzles check` (docs/puzzles.md).
#[test]
fn a_sample_of_the_shipped_puzzles_is_proven_again() {
    let set = shipped();
    let start = Instant::now();
    let mut engine = Engine::new(32);
    let stop = AtomicBool::new(false);
    let mut proven = 0;
    let mut sampled = HashSet::new();
    for p in set.iter().step_by((set.len() / 40).max(1)).take(40) {
        sampled.insert(p.rules().matching_preset());
        if let Err(e) = check(&mut engine, p, &stop) {
            panic!("{e}");
        }
        proven += 1;
    }
    assert!(proven >= 8, "{proven}");
    for preset in [Preset::Standard, Preset::EmptyCapture, Preset::Bga] {
        assert!(
            sampled.contains(&Some(preset)),
            "no {preset} puzzle sampled"
        );
    }
    assert!(
        start.elapsed() < Duration::from_secs(60),
        "the sample took {:?}",
        start.elapsed()
    );
}

#[test]
fn every_shipped_line_can_be_played_through_an_attempt() {
    for p in shipped() {
        let mut a = Attempt::new(p.clone());
        while !a.is_solved() {
            if let Some(r) = a.reply() {
                assert!(p.line.contains(&r));
                continue;
            }
            let m = a.next_move().unwrap();
            assert!(matches!(a.try_move(m), Verdict::Right { .. }));
        }
        assert!(a.is_clean());
    }
}
