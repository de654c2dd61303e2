//! The first lesson in the terminal (issue 37): played through by keys in several rule sets,
//! a wrong move explained and retried, the words in the terminal's language, the screen at
//! 80x24 and smaller.

mod common;
use common::*;
use crossterm::event::KeyCode;
use kalah_lesson::text::Catalog;
use kalah_lesson::{Kind, Lesson, Verdict};
use kalah_rules::{Move, Rules};
use kalah_tui::lesson::Phase;
use kalah_tui::{App, Opponent, Screen, Theme};

fn lesson_app(rules: &str, language: &str) -> App {
    let mut app = App::new(settings(rules, Opponent::Computer), Theme::plain()).with_seed(3);
    app.start_lesson_in(Catalog::new(language));
    app
}

fn phase(app: &App) -> Phase {
    app.lesson.as_ref().unwrap().phase
}

fn feedback(app: &App) -> String {
    app.lesson.as_ref().unwrap().feedback.join(" ")
}

fn digit(m: Move) -> String {
    match m {
        Move::Sow(10) => "0".to_string(),
        Move::Sow(h) => h.to_string(),
        Move::Swap => unreachable!(),
    }
}

/// Plays the lesson through by keys: in each step a wrong move first (explained, then Enter
/// starts the step again at its position), then the solution; Enter after each step.
fn play_through(app: &mut App, rules: Rules) {
    let lesson = Lesson::new(rules);
    for (i, step) in lesson.steps.iter().enumerate() {
        let l = app.lesson.as_ref().unwrap();
        assert_eq!(l.step, i);
        assert_eq!(l.position, step.start, "step {i} starts at its position");
        let wrong = step
            .start
            .legal_moves()
            .iter()
            .copied()
            .find(|&m| step.judge(&step.start, m).unwrap().verdict == Verdict::Wrong)
            .unwrap();
        press(app, &digit(wrong));
        assert_eq!(phase(app), Phase::Wrong, "{}", feedback(app));
        let mut after = step.start;
        after.play(wrong).unwrap();
        assert_eq!(app.lesson.as_ref().unwrap().position, after);
        app.handle_key(key(KeyCode::Enter));
        assert_eq!(phase(app), Phase::Play);
        assert_eq!(app.lesson.as_ref().unwrap().position, step.start);
        for m in step.solution() {
            assert_eq!(phase(app), Phase::Play, "{}", feedback(app));
            press(app, &digit(m));
        }
        assert_eq!(phase(app), Phase::Done, "{}", feedback(app));
        app.handle_key(key(KeyCode::Enter));
    }
    assert_eq!(phase(app), Phase::Complete);
}

#[test]
fn the_lesson_is_played_through_by_keys_in_several_rule_sets() {
    for rules in [
        "standard",
        "bga",
        "sheet-004",
        "standard capture=none sweep=emptier houses=5 seeds=3",
        "empty-capture both-stores=yes early-end=yes",
    ] {
        let mut app = lesson_app(rules, "en");
        assert_eq!(app.screen, Screen::Lesson);
        play_through(&mut app, rules.parse().unwrap());
        // Enter at the end starts a game against the computer in the lesson's rules.
        app.handle_key(key(KeyCode::Enter));
        assert_eq!(app.screen, Screen::Game, "{rules}");
        assert!(app.lesson.is_none());
        let play = app.play.as_ref().unwrap();
        assert_eq!(play.game.rules(), rules.parse::<Rules>().unwrap());
    }
}

#[test]
fn a_wrong_move_is_explained_and_the_step_starts_again() {
    let mut app = lesson_app("standard", "en");
    // Sowing: house 1's four seeds stay on the player's side.
    press(&mut app, "1");
    assert_eq!(phase(&app), Phase::Wrong);
    let said = feedback(&app);
    assert!(said.starts_with("Not quite"), "{said}");
    assert!(
        said.contains("Your last seed landed in your house 5."),
        "{said}"
    );
    assert!(said.contains("Press Enter to try again."), "{said}");
    let text = screen(&app, 80, 24).join("\n");
    assert!(
        text.contains("Your last seed landed in your house 5."),
        "{text}"
    );
    // A house instead of Enter also starts again, and plays.
    press(&mut app, "6");
    assert_eq!(phase(&app), Phase::Done, "{}", feedback(&app));
    assert!(feedback(&app).contains("Press Enter for the next step."));
    // An empty house is refused in words, nothing played.
    app.handle_key(key(KeyCode::Enter));
    let l = app.lesson.as_ref().unwrap();
    assert_eq!(l.lesson.steps[l.step].kind, Kind::ExtraTurn);
    press(&mut app, "1");
    assert_eq!(phase(&app), Phase::Play);
    assert_eq!(
        feedback(&app),
        "House 1 is empty: choose a house with seeds."
    );
    // Arrows and Enter: the cursor stands on a house with seeds.
    app.handle_key(key(KeyCode::Right));
    app.handle_key(key(KeyCode::Enter));
    assert_ne!(phase(&app), Phase::Play);
    // r starts the step again; Esc leaves for the new-game screen.
    press(&mut app, "r");
    assert_eq!(phase(&app), Phase::Play);
    app.handle_key(key(KeyCode::Esc));
    assert_eq!(app.screen, Screen::NewGame);
    assert!(app.lesson.is_none());
}

#[test]
fn the_new_game_screen_opens_the_lesson_in_its_rules() {
    let mut app = App::new(settings("bga", Opponent::Computer), Theme::plain());
    assert_eq!(app.screen, Screen::NewGame);
    assert!(screen(&app, 80, 24).join("\n").contains("L lesson"));
    press(&mut app, "L");
    assert_eq!(app.screen, Screen::Lesson);
    assert_eq!(
        app.lesson.as_ref().unwrap().lesson.rules,
        "bga".parse::<Rules>().unwrap()
    );
}

#[test]
fn the_screen_is_in_the_lessons_language_and_fits_80_by_24() {
    let mut app = lesson_app("standard", "de");
    let text = screen(&app, 80, 24).join("\n");
    assert!(
        text.contains("Erste Lektion · Schritt 1 von 4: Verteilen"),
        "{text}"
    );
    assert!(text.contains("Du"), "{text}");
    assert!(text.contains("Gegner"), "{text}");
    assert!(text.contains("verteilen"), "{text}");
    for english in ["South", "North", "house", "store", "seeds", "Step", "sow "] {
        assert!(!text.contains(english), "{english} in:\n{text}");
    }
    press(&mut app, "1");
    let text = screen(&app, 80, 24).join("\n");
    assert!(text.contains("Noch nicht ganz"), "{text}");
    assert!(
        text.contains("Dein letzter Stein ist in deiner Mulde 5 gelandet."),
        "{text}"
    );
    // Every step of every preset fits 80x24 in every language, and a smaller terminal says
    // what it needs instead of drawing a cut board.
    for lang in ["en", "de", "fi", "ru"] {
        for rules in ["standard", "bga", "sheet-004"] {
            let mut app = lesson_app(rules, lang);
            for _ in 0..4 {
                let text = screen(&app, 80, 24).join("\n");
                let l = app.lesson.as_ref().unwrap();
                let task = l.catalog.text(&l.lesson.steps[l.step].task);
                let first = task.split_whitespace().next().unwrap();
                assert!(text.contains(first), "{lang} {rules}:\n{text}");
                let you = l.word("lesson-you");
                assert!(text.contains(&you), "{lang} {rules}: {you}\n{text}");
                let step = l.step;
                let solution = l.lesson.steps[step].solution();
                for m in solution {
                    press(&mut app, &digit(m));
                }
                app.handle_key(key(KeyCode::Enter));
            }
        }
    }
    let small = screen(&lesson_app("standard", "en"), 40, 10).join("\n");
    assert!(small.contains("First lesson"), "{small}");
}
