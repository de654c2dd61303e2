//! What keys do: `App::handle_key` on games without animation.

mod common;
use common::*;
use crossterm::event::KeyCode;
use kalah_rules::{Game, Move, Side, Status};
use kalah_tui::{App, Opponent, Overlay, Player, Screen, Theme};

fn moves(app: &App) -> Vec<Move> {
    app.play.as_ref().unwrap().game.moves().to_vec()
}

#[test]
fn illegal_choices_are_refused_with_a_short_message() {
    let mut app = game("standard", Opponent::Human);
    press(&mut app, "9");
    assert_eq!(message(&app), "There is no house 9: houses are 1 to 6.");
    press(&mut app, "3"); // four seeds from house 3: the last lands in the store
    assert_eq!(moves(&app), vec![Move::Sow(3)]);
    press(&mut app, "3");
    assert_eq!(
        message(&app),
        "House 3 is empty: choose a house with seeds."
    );
    press(&mut app, "z");
    assert!(
        message(&app).contains("? shows the keys"),
        "{}",
        message(&app)
    );
    press(&mut app, "p");
    assert!(message(&app).contains("pie rule"), "{}", message(&app));
    assert_eq!(moves(&app), vec![Move::Sow(3)]);
}

#[test]
fn arrows_skip_empty_houses_and_enter_sows() {
    let mut app = game("standard", Opponent::Human);
    press(&mut app, "1"); // South: house 1 to houses 2-5, North to move
    press(&mut app, "1"); // North: house 1
    assert_eq!(app.play.as_ref().unwrap().position().to_move(), Side::South);
    // South's house 1 is empty: the cursor stands on a house with seeds.
    assert_ne!(app.play.as_ref().unwrap().cursor, 1);
    app.handle_key(key(KeyCode::Right));
    let cursor = app.play.as_ref().unwrap().cursor;
    app.handle_key(key(KeyCode::Enter));
    assert_eq!(moves(&app).last(), Some(&Move::Sow(cursor)));
}

#[test]
fn takeback_against_the_computer_returns_to_your_move() {
    let mut app = game("standard", Opponent::Computer);
    press(&mut app, "1");
    app.settle();
    let before = moves(&app).len();
    assert!(before >= 2, "the computer answered");
    press(&mut app, "u");
    assert!(moves(&app).is_empty(), "{:?}", moves(&app));
    assert!(
        message(&app).starts_with("Took back 1"),
        "{}",
        message(&app)
    );
    let play = app.play.as_ref().unwrap();
    assert_eq!(play.position().to_move(), Side::South);
    assert!(play.person_to_move());
    // Nothing left to take back.
    press(&mut app, "u");
    assert_eq!(message(&app), "Nothing to take back.");
}

#[test]
fn pie_swap_exchanges_the_seats() {
    let mut app = game("standard pie=yes", Opponent::Human);
    press(&mut app, "p");
    assert_eq!(
        message(&app),
        "Swapping comes after the first player's first turn."
    );
    press(&mut app, "1");
    assert!(message(&app).contains("p swaps seats"), "{}", message(&app));
    press(&mut app, "p");
    let play = app.play.as_ref().unwrap();
    assert_eq!(play.game.moves(), &[Move::Sow(1), Move::Swap]);
    assert_eq!(play.player(Side::South), Player::Person(2));
    assert_eq!(play.player(Side::North), Player::Person(1));
    // The first player, now seated North, moves next.
    assert_eq!(play.position().to_move(), Side::North);
    assert!(message(&app).contains("takes the pie"), "{}", message(&app));
    press(&mut app, "p");
    assert_eq!(message(&app), "The chance to swap has passed.");
}

#[test]
fn the_computer_answers_the_pie_offer_by_its_search() {
    let mut app = game("standard pie=yes", Opponent::Computer);
    press(&mut app, "6");
    app.settle();
    let play = app.play.as_ref().unwrap();
    let m = play.game.moves();
    assert!(m.len() >= 2);
    assert!(play.person_to_move() || play.is_over());
}

#[test]
fn resign_asks_first() {
    let mut app = game("standard", Opponent::Computer);
    press(&mut app, "r");
    assert_eq!(app.overlay, Some(Overlay::ConfirmResign));
    press(&mut app, "n");
    assert_eq!(app.overlay, None);
    assert_eq!(app.play.as_ref().unwrap().game.status(), Status::Playing);
    press(&mut app, "ry");
    let play = app.play.as_ref().unwrap();
    assert_eq!(play.game.status(), Status::Resigned(Side::South));
    assert_eq!(
        kalah_tui::ui::summary_lines(play)[0],
        "You resign: the computer wins."
    );
    press(&mut app, "3");
    assert!(message(&app).starts_with("The game is over"));
}

#[test]
fn hint_shows_the_best_move_and_its_value() {
    let mut app = game("standard houses=3 seeds=2", Opponent::Computer);
    press(&mut app, "h");
    app.settle();
    let text = message(&app);
    assert!(text.starts_with("Hint: sow house"), "{text}");
    assert!(text.contains("(exact)"), "a tiny board is solved: {text}");
}

#[test]
fn a_demo_plays_itself_to_the_end_and_a_rematch_swaps_seats() {
    let mut app = game("standard houses=4 seeds=3", Opponent::Demo);
    app.settle();
    assert!(app.play.as_ref().unwrap().is_over());

    let mut app = game("standard houses=3 seeds=2", Opponent::Computer);
    while !app.play.as_ref().unwrap().is_over() {
        let play = app.play.as_ref().unwrap();
        let m = play.position().legal_moves()[0];
        press(&mut app, &m.to_string());
        app.settle();
    }
    press(&mut app, "m");
    let play = app.play.as_ref().unwrap();
    assert_eq!(play.player(Side::North), Player::Person(0));
    assert!(play.player(Side::South).is_computer());
}

#[test]
fn review_steps_through_the_moves() {
    let mut app = game("standard", Opponent::Human);
    press(&mut app, "31");
    press(&mut app, "v");
    assert_eq!(app.play.as_ref().unwrap().review, Some(2));
    app.handle_key(key(KeyCode::Left));
    assert_eq!(app.play.as_ref().unwrap().review, Some(1));
    press(&mut app, "4");
    assert!(message(&app).starts_with("Reviewing"), "{}", message(&app));
    app.handle_key(key(KeyCode::Esc));
    assert_eq!(app.play.as_ref().unwrap().review, None);
    press(&mut app, "4");
    assert_eq!(moves(&app).len(), 3);
}

#[test]
fn save_writes_a_record_that_loads_back() {
    let path = std::env::temp_dir().join(format!("kalah-tui-save-{}.kgr", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let mut app = game("bga", Opponent::Human);
    press(&mut app, "31");
    press(&mut app, "s");
    let Some(Overlay::Save { name, .. }) = &app.overlay else {
        panic!("no save prompt");
    };
    assert!(name.starts_with("kalah-") && name.ends_with(".kgr"));
    for _ in 0..name.len() {
        app.handle_key(key(KeyCode::Backspace));
    }
    press(&mut app, path.to_str().unwrap());
    app.handle_key(key(KeyCode::Enter));
    assert_eq!(app.overlay, None, "{:?}", app.overlay);
    let text = std::fs::read_to_string(&path).unwrap();
    let game = Game::from_record(&text).unwrap();
    assert_eq!(game.moves(), &[Move::Sow(3), Move::Sow(1)]);
    assert_eq!(game.players.south, "Player 1");

    // Saving again to another existing file is refused, not overwritten.
    let mut other = App::from_game(
        game,
        settings("standard", Opponent::Human),
        None,
        Theme::plain(),
    );
    assert_eq!(other.screen, Screen::Game);
    press(&mut other, "s");
    for _ in 0..40 {
        other.handle_key(key(KeyCode::Backspace));
    }
    press(&mut other, path.to_str().unwrap());
    other.handle_key(key(KeyCode::Enter));
    let Some(Overlay::Save { error: Some(e), .. }) = &other.overlay else {
        panic!("expected an error, got {:?}", other.overlay);
    };
    assert!(e.contains("exists already"), "{e}");
    let _ = std::fs::remove_file(&path);
}

#[test]
fn the_new_game_screen_sets_every_option() {
    let mut app = App::new(settings("standard", Opponent::Computer), Theme::plain());
    assert_eq!(app.screen, Screen::NewGame);
    // From "Start game" up to "Pie rule" (8 lines up), and switch it on.
    for _ in 0..7 {
        app.handle_key(key(KeyCode::Up));
    }
    assert_eq!(app.form.row(), kalah_tui::form::Row::Pie);
    app.handle_key(key(KeyCode::Right));
    // Seeds, five lines up from the pie rule.
    for _ in 0..5 {
        app.handle_key(key(KeyCode::Up));
    }
    assert_eq!(app.form.row(), kalah_tui::form::Row::Seeds);
    app.handle_key(key(KeyCode::Right));
    app.handle_key(key(KeyCode::Enter));
    assert_eq!(app.screen, Screen::Game);
    let rules = app.play.as_ref().unwrap().game.rules();
    assert!(rules.pie());
    assert_eq!(rules.seeds(), 5);
    // n goes back to the form; Esc returns to the game.
    press(&mut app, "n");
    assert_eq!(app.screen, Screen::NewGame);
    app.handle_key(key(KeyCode::Esc));
    assert_eq!(app.screen, Screen::Game);
}

#[test]
fn quitting_an_unsaved_game_asks_first() {
    let mut app = game("standard", Opponent::Human);
    press(&mut app, "q");
    assert!(app.should_quit(), "nothing played yet: quit at once");
    let mut app = game("standard", Opponent::Human);
    press(&mut app, "3q");
    assert_eq!(app.overlay, Some(Overlay::ConfirmQuit));
    app.handle_key(key(KeyCode::Esc));
    assert!(!app.should_quit());
    press(&mut app, "qy");
    assert!(app.should_quit());
}

#[test]
fn a_click_on_a_house_sows_it() {
    use crossterm::event::{KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
    use ratatui::layout::Rect;
    let click = |column, row| MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column,
        row,
        modifiers: KeyModifiers::NONE,
    };
    let screen = Rect::new(0, 0, 80, 24);
    let mut app = game("standard", Opponent::Human);
    // On an 80x24 screen South's house 2 is drawn at columns 15-20, rows 10-12.
    app.handle_mouse(click(17, 11), screen);
    assert_eq!(moves(&app), vec![Move::Sow(2)]);
    // North is to move: a click on South's houses is refused.
    app.handle_mouse(click(17, 11), screen);
    assert_eq!(message(&app), "That is South's house: North is to move.");
    // Outside the board nothing happens.
    app.handle_mouse(click(70, 3), screen);
    assert_eq!(moves(&app).len(), 1);
    // North's house 1 is top right: columns 43-48, rows 6-8 (numbers on row 5).
    app.handle_mouse(click(45, 7), screen);
    assert_eq!(moves(&app), vec![Move::Sow(2), Move::Sow(1)]);
}

#[test]
fn a_move_cancels_a_hint_under_way() {
    let mut app = game("standard", Opponent::Human);
    press(&mut app, "h1");
    app.settle();
    let play = app.play.as_ref().unwrap();
    assert!(play.thinking.is_none());
    assert_eq!(play.hint, None);
    assert!(
        message(&app).starts_with("South sows house 1"),
        "{}",
        message(&app)
    );
}

#[test]
fn the_computer_waits_while_the_new_game_screen_is_up() {
    let mut s = settings("standard", Opponent::Computer);
    s.first = kalah_tui::First::Side(Side::North);
    let mut app = App::new(s, Theme::plain());
    app.start_game();
    press(&mut app, "n");
    for _ in 0..20 {
        app.tick(std::time::Instant::now());
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert!(moves(&app).is_empty());
    app.handle_key(key(KeyCode::Esc));
    app.settle();
    assert!(
        !moves(&app).is_empty(),
        "back in the game the computer moves"
    );
}

#[test]
fn moves_against_the_computer_are_told_as_you_and_the_computer() {
    let mut app = game("standard", Opponent::Computer);
    // House 1 of the start: four seeds, no extra turn; the computer answers.
    press(&mut app, "1");
    let mine = message(&app);
    assert!(mine.starts_with("You sow house 1 (4 seeds)"), "{mine}");
    app.settle();
    let theirs = message(&app);
    assert!(theirs.starts_with("The computer sows house"), "{theirs}");
    assert!(!theirs.contains("North"), "{theirs}");
}

#[test]
fn the_help_tells_the_rules_in_words() {
    let mut app = game("standard", Opponent::Computer);
    press(&mut app, "?");
    let text = screen(&app, 80, 24).join("\n");
    assert!(text.contains("standard, 6 houses of 4 seeds"), "{text}");
    assert!(text.contains("owners keep"), "{text}");
    assert!(!text.contains("houses=6"), "no raw rules string: {text}");
}
