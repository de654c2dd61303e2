use super::*;
use kalah_rules::{CaptureRule, EndRule, RulesSetup, SweepRule};
use std::collections::HashSet;

/// Every combination of the rule options, on `houses` and `seeds`.
fn all_rules(houses: u8, seeds: u8) -> Vec<Rules> {
    let mut out = Vec::new();
    for &capture in CaptureRule::ALL {
        for &end in EndRule::ALL {
            for &sweep in SweepRule::ALL {
                for early_end in [false, true] {
                    for both_stores in [false, true] {
                        for pie in [false, true] {
                            let s = RulesSetup {
                                houses,
                                seeds,
                                capture,
                                end,
                                sweep,
                                early_end,
                                pie,
                                both_stores,
                            };
                            out.push(Rules::new(s).unwrap());
                        }
                    }
                }
            }
        }
    }
    out
}

fn english() -> std::collections::HashMap<String, String> {
    text::parse(text::FILES[1].1)
}

/// Each text's id is an English message and its arguments are the message's variables.
fn check_texts(texts: &[Text], what: &str) {
    let en = english();
    for t in texts {
        let pattern = en
            .get(t.id)
            .unwrap_or_else(|| panic!("{what}: no English message {}", t.id));
        for (name, _) in &t.args {
            assert!(
                pattern.contains(&format!("${name}")),
                "{what}: {} has no ${name}: {pattern}",
                t.id
            );
        }
        let formatted = text::format(pattern, &t.args);
        assert!(
            !formatted.contains('$'),
            "{what}: {} left a variable: {formatted}",
            t.id
        );
    }
}

/// The checks every step of every lesson passes.
fn check_lesson(rules: Rules) {
    let lesson = Lesson::new(rules);
    assert!(lesson.rules.houses() >= MIN_HOUSES as usize);
    assert!(!lesson.rules.pie());
    check_texts(&lesson.intro, "intro");
    assert_eq!(
        lesson.steps.iter().map(|s| s.kind).collect::<Vec<_>>(),
        Kind::ALL
    );
    for step in &lesson.steps {
        let what = format!("{rules} step {}", step.kind.name());
        assert_eq!(step.start.to_move(), YOU, "{what}");
        assert!(!step.start.is_over(), "{what}: over at the start");
        check_texts(&[step.title.clone(), step.task.clone()], &what);
        check_texts(&step.body, &what);
        let right = step.right_moves();
        let legal: Vec<Move> = step.start.legal_moves().iter().copied().collect();
        assert!(!right.is_empty(), "{what}: no right move in {}", step.start);
        assert!(
            right.len() < legal.len(),
            "{what}: no wrong move in {}",
            step.start
        );
        for &m in &legal {
            let a = step.judge(&step.start, m).unwrap();
            assert!(!a.texts.is_empty(), "{what}: {m} says nothing");
            check_texts(&a.texts, &what);
            // The judgement is of the rules core's sowing.
            let mut after = step.start;
            assert_eq!(after.play(m).unwrap(), a.sowing);
            assert_eq!(after, a.after);
        }
        // The solution completes the step through extra turns only.
        let line = step.solution();
        assert!(!line.is_empty(), "{what}: no solution from {}", step.start);
        let mut pos = step.start;
        for (i, &m) in line.iter().enumerate() {
            let a = step.judge(&pos, m).unwrap();
            let last = i + 1 == line.len();
            assert_eq!(
                a.verdict,
                if last { Verdict::Done } else { Verdict::Again },
                "{what}: {m} of {line:?}"
            );
            pos = a.after;
        }
        match step.kind {
            Kind::Sowing | Kind::ExtraTurn => assert_eq!(line.len(), 1, "{what}"),
            Kind::Capture => {
                assert_eq!(line.len(), 1, "{what}");
                let a = step.judge(&step.start, line[0]).unwrap();
                match rules.capture() {
                    // Seeds opposite: the capture takes more than the last seed.
                    CaptureRule::Standard | CaptureRule::Empty => {
                        assert!(a.sowing.capture.is_some_and(|c| c.seeds >= 2), "{what}")
                    }
                    CaptureRule::None => assert!(a.sowing.capture.is_none(), "{what}"),
                }
            }
            Kind::End => {
                assert!(pos.is_over(), "{what}");
                assert!(
                    line.len() >= 2,
                    "{what}: the end takes a turn of extra sowings"
                );
            }
        }
    }
}

#[test]
fn every_step_has_a_right_and_a_wrong_move_in_every_rule_set() {
    for houses in [1u8, 2, 3, 4, 5, 6, 7, 8, 12, 16] {
        for seeds in [1u8, 2, 3, 4, 6, 16] {
            for rules in all_rules(houses, seeds) {
                check_lesson(rules);
            }
        }
    }
}

#[test]
fn the_presets_teach_their_own_rules() {
    for p in kalah_rules::Preset::ALL {
        let rules = Rules::preset(p);
        let lesson = Lesson::new(rules);
        assert_eq!(lesson.rules, rules, "{p:?}");
        let capture = &lesson.steps[2];
        let want = match rules.capture() {
            CaptureRule::Standard => "lesson-capture-standard",
            CaptureRule::Empty => "lesson-capture-empty",
            CaptureRule::None => "lesson-capture-none",
        };
        assert_eq!(capture.body[0].id, want);
        let end = &lesson.steps[3];
        let ids: Vec<&str> = end.body.iter().map(|t| t.id).collect();
        assert_eq!(ids.contains(&"lesson-early-end"), rules.early_end());
        // The start position of the rules is the first step's when it teaches the point.
        assert_eq!(
            lesson.steps[0].start,
            Position::start(rules, Side::South),
            "{p:?}"
        );
    }
}

#[test]
fn wrong_moves_are_explained_by_where_the_last_seed_landed() {
    let lesson = Lesson::new(Rules::standard());
    // Extra turn: houses 3..6 hold 5, 3, 1, 2.
    let step = &lesson.steps[1];
    assert_eq!(step.start.houses(Side::South), &[0, 0, 5, 3, 1, 2]);
    assert_eq!(step.right_moves(), vec![Move::Sow(4)]);
    let a = step.judge(&step.start, Move::Sow(5)).unwrap();
    assert_eq!(a.verdict, Verdict::Wrong);
    assert_eq!(a.texts[0], Text::new("lesson-landed-house").with("last", 6));
    let a = step.judge(&step.start, Move::Sow(6)).unwrap();
    assert_eq!(
        a.texts[0],
        Text::new("lesson-landed-opponent-house").with("last", 1)
    );
    // Capture: house 3's two seeds land in the empty house 5, opposite 5 seeds.
    let step = &lesson.steps[2];
    assert_eq!(step.right_moves(), vec![Move::Sow(3)]);
    let a = step.judge(&step.start, Move::Sow(3)).unwrap();
    assert_eq!(a.sowing.capture.unwrap().seeds, 6);
    let a = step.judge(&step.start, Move::Sow(2)).unwrap();
    assert_eq!(a.verdict, Verdict::Wrong);
    assert!(a.texts.contains(&Text::new("lesson-capture-not-empty")));
    // The end: house 4's three seeds first; house 5 first ends the turn with seeds left.
    let step = &lesson.steps[3];
    assert_eq!(step.right_moves(), vec![Move::Sow(4)]);
    let a = step.judge(&step.start, Move::Sow(5)).unwrap();
    assert_eq!(a.verdict, Verdict::Wrong);
    assert!(a.texts.contains(&Text::new("lesson-end-seeds-left")));
    // Every last seed in the store, four sowings; or the last two seeds from house 6, one of
    // them past the store, which also empties the side.
    let mut pos = step.start;
    for (m, want) in [
        (4, Verdict::Again),
        (6, Verdict::Again),
        (5, Verdict::Again),
        (6, Verdict::Done),
    ] {
        let a = step.judge(&pos, Move::Sow(m)).unwrap();
        assert_eq!(a.verdict, want, "house {m}");
        pos = a.after;
    }
    assert_eq!(
        step.solution(),
        vec![Move::Sow(4), Move::Sow(5), Move::Sow(6)]
    );
}

#[test]
fn the_end_step_says_where_the_seeds_left_go() {
    let mut s = Rules::standard().setup();
    for (sweep, id) in [
        (SweepRule::Owner, "lesson-end-done-owner"),
        (SweepRule::Emptier, "lesson-end-done-you"),
        (SweepRule::None, "lesson-end-done-none"),
    ] {
        s.sweep = sweep;
        let step = Step::new(Kind::End, Rules::new(s).unwrap());
        let mut pos = step.start;
        let mut last = None;
        for m in step.solution() {
            let a = step.judge(&pos, m).unwrap();
            pos = a.after;
            last = Some(a);
        }
        let a = last.unwrap();
        assert_eq!(a.verdict, Verdict::Done);
        assert_eq!(a.texts[0].id, id, "{sweep:?}");
        assert_eq!(a.texts[1].id, "lesson-end-score");
    }
}

#[test]
fn every_language_has_every_message_in_the_syntax_the_terminal_reads() {
    let en = english();
    assert!(en.len() > 40);
    for (lang, src) in text::FILES {
        let msgs = text::parse(src);
        let ids: HashSet<&String> = msgs.keys().collect();
        let want: HashSet<&String> = en.keys().collect();
        assert_eq!(ids, want, "{lang}: ids differ from English");
        for (id, pattern) in &msgs {
            assert!(!pattern.contains("->"), "{lang} {id}: a select");
            assert!(!pattern.contains("{ -"), "{lang} {id}: a term");
            // Every variable is one of the English message's.
            let english = &en[id];
            let mut rest = pattern.as_str();
            while let Some(i) = rest.find("{ $") {
                let name: String = rest[i + 3..]
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
                    .collect();
                assert!(
                    english.contains(&format!("${name}")),
                    "{lang} {id}: ${name} is not in English"
                );
                rest = &rest[i + 3..];
            }
        }
    }
}

#[test]
fn the_terminal_language_comes_from_the_locale() {
    use text::language_from;
    assert_eq!(language_from(None, Some("de_DE.UTF-8")), "de");
    assert_eq!(language_from(None, Some("nn_NO.UTF-8")), "nb");
    assert_eq!(language_from(None, Some("pt_BR.UTF-8")), "en");
    assert_eq!(language_from(Some("sv:de"), Some("en_US.UTF-8")), "sv");
    assert_eq!(language_from(Some("pt:fr"), Some("en_US.UTF-8")), "fr");
    assert_eq!(language_from(Some("de"), Some("C.UTF-8")), "en");
    assert_eq!(language_from(Some("de"), None), "en");
    let c = text::Catalog::new("xx");
    assert_eq!(c.language(), "en");
    assert_eq!(
        c.message("lesson-step", &[("step", 2), ("steps", 4)]),
        "Step 2 of 4"
    );
    assert_eq!(c.message("no-such-message", &[]), "no-such-message");
}
