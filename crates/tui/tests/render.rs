//! Rendering into ratatui's test backend, compared with the expected screen lines.

mod common;
use common::*;
use crossterm::event::KeyCode;
use kalah_rules::{BySide, Game, Position, Side};
use kalah_tui::{draw, App, Opponent, Player, Theme};
use ratatui::backend::TestBackend;
use ratatui::style::Color;
use ratatui::Terminal;

#[test]
fn the_start_of_a_game_against_the_computer() {
    let app = game("standard", Opponent::Computer);
    let expected = [
        "+ Kalah - standard 6x4 - You vs Computer (beginner) -----++ Moves -------------+",
        "|                                                        || no moves yet       |",
        "|                                                        ||                    |",
        "|         North: Computer (beginner)                     ||                    |",
        "|          6      5      4      3      2      1          ||                    |",
        "|       +----+ +----+ +----+ +----+ +----+ +----+        ||                    |",
        "|       |  4 | |  4 | |  4 | |  4 | |  4 | |  4 |        ||                    |",
        "|       |oooo| |oooo| |oooo| |oooo| |oooo| |oooo|        ||                    |",
        "|+-N--+ +----+ +----+ +----+ +----+ +----+ +----+ +-S--+ ||                    |",
        "||  0 |                                           |  0 | ||                    |",
        "|+----+ #====# +----+ +----+ +----+ +----+ +----+ +----+ ||                    |",
        "|       #  4 # |  4 | |  4 | |  4 | |  4 | |  4 |        ||                    |",
        "|       #oooo# |oooo| |oooo| |oooo| |oooo| |oooo|        ||                    |",
        "|       #====# +----+ +----+ +----+ +----+ +----+        ||                    |",
        "|          1      2      3      4      5      6          ||                    |",
        "|       > South: You                                     ||                    |",
        "|                                                        ||                    |",
        "|  standard capture - ends when a side is empty - owners ||                    |",
        "|                    keep what is left                   ||                    |",
        "+--------------------------------------------------------++--------------------+",
        " Score: South 0 - North 0   your move (South)",
        " South (you) moves first. Choose a house: its number, or arrows and Enter.",
        "",
        " 1-6 sow  <->Enter choose  h hint  u undo  r resign  s save  ? help  q quit",
    ];
    assert_eq!(screen(&app, 80, 24), expected);
}

#[test]
fn a_capture_is_marked_and_told_in_the_status_line() {
    // South: 1 seed in house 1 sows into empty house 2, opposite North's house 5 (5 seeds).
    let rules = "standard".parse().unwrap();
    let setup = kalah_rules::parse_setup("<6,10,13,1,0,0,0,0,2,3,0,0,0,5,0> S").unwrap();
    let start = Position::from_setup(rules, &setup).unwrap();
    let game = Game::new(start);
    let people = BySide::new(Player::Person(1), Player::Person(2));
    let mut app = App::from_game(
        game,
        settings("standard", Opponent::Human),
        Some(people),
        Theme::plain(),
    );
    press(&mut app, "1");
    let lines = screen(&app, 80, 24);
    assert_eq!(
        lines[21],
        " South sows house 1 (1 seed): captures 6 seeds in house 2 and North's house 5."
    );
    assert_eq!(
        lines[20],
        " Score: South 16 - North 13   North (Player 2) to move"
    );
    // The move list shows the turn; the board shows the emptied houses and the store.
    assert!(lines[1].contains("1. S 1"), "{}", lines[1]);
    assert!(lines[9].contains("| 16 |"), "{}", lines[9]);
}

#[test]
fn the_game_over_summary() {
    let rules = "standard".parse().unwrap();
    // North to move with one seed left, next to its store: it sows it, the game ends.
    let setup = kalah_rules::parse_setup("<6,20,26,0,0,0,0,0,1,0,0,0,0,0,1> N").unwrap();
    let start = Position::from_setup(rules, &setup).unwrap();
    let mut app = App::from_game(
        Game::new(start),
        settings("standard", Opponent::Computer),
        Some(BySide::new(
            Player::Person(0),
            Player::Computer(kalah_engine::Level::Club),
        )),
        Theme::plain(),
    );
    app.settle();
    let lines = screen(&app, 80, 24);
    let text = lines.join("\n");
    assert!(text.contains("+ Game over "), "{text}");
    assert!(text.contains("| The computer wins 27 to 21."), "{text}");
    assert!(
        text.contains("| Final score: South 21, North 27."),
        "{text}"
    );
    assert!(text.contains("n new game  m rematch  s save"), "{text}");
    assert!(lines[20].contains("game over"), "{}", lines[20]);
    assert!(
        lines[23].starts_with(" n new game  m rematch"),
        "{}",
        lines[23]
    );
    // Esc closes the box and shows the final board.
    app.handle_key(key(KeyCode::Esc));
    assert!(!screen(&app, 80, 24).join("\n").contains("+ Game over "));
}

#[test]
fn the_new_game_screen() {
    let app = App::new(settings("bga", Opponent::Computer), Theme::plain());
    let lines = screen(&app, 80, 24);
    let expected_rows = [
        "|   Rules preset        bga",
        "|   Houses per side     6",
        "|   Seeds per house     4",
        "|   Capture             standard",
        "|   Game ends           mover-cannot-move",
        "|   Seeds left at end   owner takes them",
        "|   Early end           yes",
        "|   Pie rule            no",
        "|   Sow both stores     no",
        "|   Opponent            the computer",
        "|   Computer level      beginner (1/7)",
        "|   Who starts          South",
        "|   You play            South",
        "|   Animation           off",
        "| > [ Start game ]",
    ];
    for (i, row) in expected_rows.iter().enumerate() {
        let got = lines[2 + i].trim_start();
        assert!(
            got.trim_end_matches('|').trim_end() == *row,
            "line {}: {got:?} is not {row:?}",
            2 + i
        );
    }
    assert!(lines.join("\n").contains("Enter start"));
}

#[test]
fn a_tiny_terminal_gets_a_message_and_nothing_panics() {
    let app = game("standard", Opponent::Computer);
    let lines = screen(&app, 30, 10);
    assert!(lines.join(" ").contains("Terminal too small"), "{lines:?}");
    // Every screen at every size, down to nothing, draws without a panic.
    let mut apps = vec![
        game("standard", Opponent::Computer),
        game("standard houses=16 seeds=16", Opponent::Human),
        App::new(settings("standard", Opponent::Computer), Theme::plain()),
    ];
    let mut help = game("standard", Opponent::Computer);
    press(&mut help, "?");
    apps.push(help);
    let mut save = game("standard", Opponent::Computer);
    press(&mut save, "s");
    apps.push(save);
    for app in &apps {
        for w in (0..=100).step_by(7) {
            for h in 0..=30 {
                let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
                t.draw(|f| draw(f, app)).unwrap();
            }
        }
    }
}

#[test]
fn sixteen_houses_fit_80_columns_in_the_compact_board() {
    let app = game("standard houses=16 seeds=3", Opponent::Human);
    let lines = screen(&app, 80, 24);
    let text = lines.join("\n");
    assert!(!text.contains("too small"), "{text}");
    assert!(text.contains(" 16  15  14"), "{text}");
}

#[test]
fn colours_follow_the_theme() {
    let colored = App::new(
        settings("standard", Opponent::Computer),
        Theme {
            color: true,
            ascii: false,
        },
    );
    let plain = App::new(settings("standard", Opponent::Computer), Theme::plain());
    let fgs = |app: &App| {
        let mut t = Terminal::new(TestBackend::new(80, 24)).unwrap();
        t.draw(|f| draw(f, app)).unwrap();
        t.backend()
            .buffer()
            .content()
            .iter()
            .filter(|c| c.fg != Color::Reset || c.bg != Color::Reset)
            .count()
    };
    assert!(fgs(&colored) > 0);
    assert_eq!(fgs(&plain), 0, "NO_COLOR: no colour at all");
    let lines = screen(&colored, 80, 24);
    assert!(lines.join("").contains('┌'), "box drawing without --ascii");
    assert!(!screen(&plain, 80, 24).join("").contains('┌'));
}

#[test]
fn the_board_puts_your_side_at_the_bottom() {
    let mut s = settings("standard", Opponent::Computer);
    s.side = Side::North;
    s.first = kalah_tui::First::Side(Side::North);
    let mut app = App::new(s, Theme::plain());
    app.start_game();
    let lines = screen(&app, 80, 24);
    assert!(
        lines[3].contains("South: Computer (beginner)"),
        "{}",
        lines[3]
    );
    assert!(lines[15].contains("> North: You"), "{}", lines[15]);
    assert!(lines[14].contains("1      2      3"), "{}", lines[14]);
}

#[test]
fn sowing_is_shown_seed_by_seed() {
    use kalah_tui::Speed;
    use std::time::Duration;
    let (mut app, t0) = animated_game();
    press(&mut app, "3");
    let counts = |app: &App| screen(app, 80, 24)[11].clone();
    // House 3 is picked up; nothing has landed yet.
    assert_eq!(
        counts(&app),
        "|       |  4 | |  4 | |  0 | |  4 | |  4 | |  4 |        ||                    |"
    );
    let step = Duration::from_millis(Speed::Normal.step_ms());
    app.tick(t0 + step);
    assert!(counts(&app).starts_with("|       |  4 | |  4 | |  0 | |  5 | |  4 | |  4 |"));
    assert!(
        message(&app).contains("moves first"),
        "told when the seeds land"
    );
    app.tick(t0 + step * 20);
    // South moves again: the cursor stands on the nearest house with seeds.
    assert!(counts(&app).starts_with("|       |  4 | #  4 # |  0 | |  5 | |  5 | |  5 |"));
    assert!(
        screen(&app, 80, 24)[9].contains("|  1 | |"),
        "one seed in the store"
    );
    assert_eq!(
        message(&app),
        "South sows house 3 (4 seeds): last seed in the store, another turn."
    );
}

#[test]
fn the_computer_is_shown_thinking() {
    let mut s = settings("standard", Opponent::Computer);
    s.first = kalah_tui::First::Side(Side::North);
    let mut app = App::new(s, Theme::plain());
    app.start_game();
    app.tick(std::time::Instant::now());
    let lines = screen(&app, 80, 24);
    assert!(
        lines[20].starts_with(" Score: South 0 - North 0   | North (computer) is thinking"),
        "{}",
        lines[20]
    );
    app.settle();
    assert!(screen(&app, 80, 24)[20].ends_with("your move (South)"));
}

#[test]
fn a_shorter_terminal_drops_the_seed_dots_then_the_boxes() {
    let app = game("standard", Opponent::Human);
    let tall = screen(&app, 80, 24).join("\n");
    assert!(tall.contains("|oooo|"), "{tall}");
    let boxed = screen(&app, 80, 18).join("\n");
    assert!(
        !boxed.contains("oooo") && boxed.contains("|  4 |"),
        "{boxed}"
    );
    let compact = screen(&app, 80, 15).join("\n");
    assert!(
        !compact.contains("|  4 |") && compact.contains("  4   4"),
        "{compact}"
    );
}

/// Issue 16: the score and status lines follow the seeds on the board during a sowing.
#[test]
fn the_score_follows_the_animation() {
    use kalah_tui::Speed;
    use std::time::Duration;
    let (mut app, t0) = animated_game();
    // House 3's four seeds end in South's store: one seed for South, another turn.
    press(&mut app, "3");
    let status = |app: &App| screen(app, 80, 24)[20].clone();
    assert_eq!(status(&app), " Score: South 0 - North 0   sowing");
    let step = Duration::from_millis(Speed::Normal.step_ms());
    app.tick(t0 + step * 20);
    assert_eq!(
        status(&app),
        " Score: South 1 - North 0   South (Player 1) to move"
    );
}

/// Issue 16: a narrow terminal leaves whole key pairs out instead of cutting one mid-word.
#[test]
fn the_key_line_shortens_by_whole_pairs() {
    let app = game("standard", Opponent::Computer);
    let wide = screen(&app, 80, 24);
    assert!(wide[23].ends_with("s save  ? help  q quit"), "{}", wide[23]);
    for width in [60, 50, 40] {
        let lines = screen(&app, width, 20);
        let keys = lines.last().unwrap();
        assert!(keys.ends_with("? help  q quit"), "{width}: {keys:?}");
        assert!(keys.starts_with(" 1-6 sow"), "{width}: {keys:?}");
        // Every pair is whole: a key, one space, its word.
        for pair in keys.trim().split("  ") {
            assert!(
                [
                    "1-6 sow",
                    "<->Enter choose",
                    "h hint",
                    "u undo",
                    "r resign",
                    "s save",
                    "? help",
                    "q quit"
                ]
                .contains(&pair),
                "{width}: cut pair {pair:?} in {keys:?}"
            );
        }
    }
}
