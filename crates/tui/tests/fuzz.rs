//! Nothing a person types breaks the game: random keys, with time moving on and the screen
//! drawn at random sizes, in every kind of game.

mod common;
use common::*;
use crossterm::event::KeyCode;
use kalah_tui::{draw, App, Opponent, Speed, Theme};
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use std::time::{Duration, Instant};

struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }
}

const KEYS: [KeyCode; 16] = [
    KeyCode::Left,
    KeyCode::Right,
    KeyCode::Up,
    KeyCode::Down,
    KeyCode::Enter,
    KeyCode::Esc,
    KeyCode::Backspace,
    KeyCode::Home,
    KeyCode::End,
    KeyCode::Tab,
    KeyCode::BackTab,
    KeyCode::Delete,
    KeyCode::F(1),
    KeyCode::F(5),
    KeyCode::PageUp,
    KeyCode::Insert,
];
// No `s`: a save would write files into the working directory.
const CHARS: &str = "0123456789pumrhvanq?y -+jklz/é";

#[test]
fn random_keys_never_break_it() {
    let rules = [
        "standard",
        "bga pie=yes",
        "sheet-004 houses=3 seeds=2",
        "standard houses=1 seeds=1",
        "empty-capture both-stores=yes",
    ];
    let mut rng = Lcg(2024);
    let mut changes = 0;
    for (round, r) in rules.iter().enumerate() {
        for opponent in [Opponent::Human, Opponent::Computer, Opponent::Demo] {
            let mut s = settings(r, opponent);
            s.speed = if round % 2 == 0 {
                Speed::Fast
            } else {
                Speed::Off
            };
            let mut app = App::new(s, Theme::default()).with_seed(round as u64);
            app.start_game();
            let mut now = Instant::now();
            let mut last = 0;
            for step in 0..600 {
                let k = rng.next() as usize;
                if k.is_multiple_of(3) {
                    app.handle_key(key(KEYS[k / 3 % KEYS.len()]));
                } else {
                    let c = CHARS.chars().nth(k / 3 % CHARS.chars().count()).unwrap();
                    // Leaving would end the run; everything else goes in.
                    if c != 'q' {
                        app.handle_key(key(KeyCode::Char(c)));
                    }
                }
                now += Duration::from_millis(rng.next() % 120);
                app.tick(now);
                let len = app.play.as_ref().map_or(0, |p| p.game.moves().len());
                if len != last {
                    changes += 1;
                    last = len;
                }
                if step % 25 == 0 {
                    let w = (rng.next() % 120) as u16;
                    let h = (rng.next() % 40) as u16;
                    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
                    t.draw(|f| draw(f, &app)).unwrap();
                }
                if app.play.as_ref().is_some_and(|p| p.is_over()) && step % 7 == 0 {
                    press(&mut app, "m");
                }
            }
            // The game is still consistent: its record reads back.
            if let Some(play) = &app.play {
                let text = play.game.to_record();
                kalah_rules::Game::from_record(&text).expect("record reads back");
            }
        }
    }
    // The keys did play games, not just bounce off.
    assert!(changes > 200, "only {changes} changes of the move list");
}
