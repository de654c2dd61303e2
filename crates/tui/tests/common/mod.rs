//! Helpers shared by the tests: keys, settings and rendering into a test backend.

#![allow(dead_code)]

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use kalah_engine::Level;
use kalah_rules::{Rules, Side};
use kalah_tui::{draw, App, First, Opponent, Settings, Speed, Theme};
use ratatui::backend::TestBackend;
use ratatui::Terminal;

pub fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

pub fn press(app: &mut App, keys: &str) {
    for c in keys.chars() {
        app.handle_key(key(KeyCode::Char(c)));
    }
}

pub fn settings(rules: &str, opponent: Opponent) -> Settings {
    Settings {
        rules: rules.parse::<Rules>().expect("rules"),
        opponent,
        level: Level::Beginner,
        first: First::Side(Side::South),
        side: Side::South,
        speed: Speed::Off,
    }
}

/// A started game without animation, drawn in plain ASCII without colour.
pub fn game(rules: &str, opponent: Opponent) -> App {
    let mut app = App::new(settings(rules, opponent), Theme::plain()).with_seed(7);
    app.start_game();
    app
}

/// A started two-person game with the sowing animation at normal speed, and its clock's start.
pub fn animated_game() -> (App, std::time::Instant) {
    let mut s = settings("standard", Opponent::Human);
    s.speed = Speed::Normal;
    let mut app = App::new(s, Theme::plain());
    app.start_game();
    let t0 = std::time::Instant::now();
    app.tick(t0);
    (app, t0)
}

/// The screen's lines as plain text.
pub fn screen(app: &App, width: u16, height: u16) -> Vec<String> {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("terminal");
    terminal.draw(|f| draw(f, app)).expect("draw");
    let buf = terminal.backend().buffer();
    (0..height)
        .map(|y| {
            (0..width)
                .map(|x| buf[(x, y)].symbol())
                .collect::<String>()
                .trim_end()
                .to_string()
        })
        .collect()
}

pub fn message(app: &App) -> String {
    app.message
        .as_ref()
        .map(|m| m.text.clone())
        .unwrap_or_default()
}
