//! Puzzles in the terminal: the shipped set played with keys, the computer's replies from the
//! line, wrong moves told and not played.

mod common;
use common::*;
use crossterm::event::KeyCode;
use kalah_puzzles::{shipped, Puzzle};
use kalah_rules::Move;
use kalah_tui::{App, Opponent, Screen, Theme};

/// A shipped puzzle whose line has a reply of the computer in it.
fn with_a_reply() -> &'static Puzzle {
    shipped()
        .iter()
        .find(|p| p.steps().any(|s| !s.by_solver()))
        .expect("a puzzle with a reply")
}

fn house_key(m: Move) -> char {
    match m {
        Move::Sow(h) => char::from(b'0' + h % 10),
        Move::Swap => 'p',
    }
}

fn puzzle_app(id: &str) -> App {
    let mut app = App::new(settings("standard", Opponent::Computer), Theme::plain()).with_seed(3);
    app.start_puzzle(Some(id)).unwrap();
    app
}

#[test]
fn a_puzzle_is_played_through_with_the_computers_replies_from_the_line() {
    let p = with_a_reply();
    let mut app = puzzle_app(&p.id);
    let text = app.message.clone().unwrap().text;
    assert!(text.contains(&format!("Puzzle {}", p.id)), "{text}");
    let screen_text = screen(&app, 80, 24).join("\n");
    assert!(
        screen_text.contains(&format!("Puzzle {}", p.id)),
        "{screen_text}"
    );
    assert!(screen_text.contains("h show move"), "{screen_text}");
    // A wrong move first: told, not played.
    let first = p.line[0];
    let wrong = p.values[0].iter().find(|v| v.mv != first).unwrap();
    press(&mut app, &house_key(wrong.mv).to_string());
    let msg = app.message.clone().unwrap().text;
    assert!(msg.starts_with(&format!("Not house {}", wrong.mv)), "{msg}");
    assert!(app.play.as_ref().unwrap().game.moves().is_empty());
    // Then the line: the solver's moves by key, the replies by the app.
    for step in p.steps().filter(|s| s.by_solver()) {
        app.settle();
        let played = app.play.as_ref().unwrap().game.moves().len();
        assert_eq!(
            app.play.as_ref().unwrap().position(),
            &step.before,
            "after {played} moves: {:?}, line {:?}",
            app.play.as_ref().unwrap().game.moves(),
            p.line
        );
        press(&mut app, &house_key(step.mv).to_string());
    }
    app.settle();
    assert_eq!(app.play.as_ref().unwrap().game.moves(), p.line.as_slice());
    let msg = app.message.clone().unwrap().text;
    assert!(msg.contains("Solved, with help."), "{msg}");
    assert!(msg.contains("Solved 0 of 1 cleanly"), "{msg}");
    // t tries again from the start; a clean solve counts.
    press(&mut app, "t");
    assert!(app.play.as_ref().unwrap().game.moves().is_empty());
    for step in p.steps().filter(|s| s.by_solver()) {
        app.settle();
        press(&mut app, &house_key(step.mv).to_string());
    }
    app.settle();
    let msg = app.message.clone().unwrap().text;
    assert!(msg.contains("Solved!"), "{msg}");
}

#[test]
fn h_shows_the_move_n_brings_another_puzzle_and_esc_leaves() {
    let p = &shipped()[0];
    let mut app = puzzle_app(&p.id);
    press(&mut app, "h");
    let msg = app.message.clone().unwrap().text;
    assert!(msg.contains(&format!("house {}", p.line[0])), "{msg}");
    press(&mut app, "n");
    let next = app.puzzle.as_ref().unwrap().attempt.puzzle.id.clone();
    assert_ne!(next, p.id);
    app.handle_key(key(KeyCode::Esc));
    assert_eq!(app.screen, Screen::NewGame);
    assert!(app.puzzle.is_none());
}

#[test]
fn p_on_the_new_game_screen_starts_a_puzzle_under_its_rules() {
    let mut app = App::new(settings("bga", Opponent::Computer), Theme::plain());
    press(&mut app, "p");
    assert_eq!(app.screen, Screen::Game);
    let run = app.puzzle.as_ref().expect("a puzzle");
    assert_eq!(run.attempt.puzzle.rules(), "bga".parse().unwrap());
    // A new game leaves puzzles.
    app.handle_key(key(KeyCode::Esc));
    app.handle_key(key(KeyCode::Enter));
    assert!(app.puzzle.is_none());
    assert_eq!(app.screen, Screen::Game);
}

#[test]
fn an_unknown_puzzle_id_is_refused() {
    let mut app = App::new(settings("standard", Opponent::Computer), Theme::plain());
    assert!(app
        .start_puzzle(Some("nosuch1"))
        .unwrap_err()
        .contains("nosuch1"));
}

#[test]
fn the_puzzle_screen_names_the_puzzle_and_its_keys() {
    let p = &shipped()[0];
    let app = puzzle_app(&p.id);
    let lines = screen(&app, 80, 24);
    assert!(lines[0].contains(&format!("Puzzle {} - rating {}", p.id, p.rating)));
    assert!(lines
        .iter()
        .any(|l| l.contains("t retry  n next  Esc leave")));
}
