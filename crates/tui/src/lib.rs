//! Kalah in the terminal: the game behind `kalah play`.
//!
//! One [`App`] owns the state; [`App::handle_key`] maps keys to changes, [`App::tick`] moves
//! time on (the sowing animation, the computer's replies), and [`draw`] renders the state,
//! so tests drive the app with keys and render it into ratatui's `TestBackend`.
//!
//! ```
//! use kalah_tui::{App, Settings, Speed, Theme};
//! use crossterm::event::{KeyCode, KeyEvent};
//!
//! let settings = Settings { speed: Speed::Off, ..Settings::default() };
//! let mut app = App::new(settings, Theme::plain());
//! app.start_game();
//! app.handle_key(KeyEvent::from(KeyCode::Char('3'))); // South sows house 3: another turn
//! assert_eq!(app.play.as_ref().unwrap().game.moves().len(), 1);
//! ```
//!
//! The computer thinks on its own thread ([`worker`]); the screen never waits for it.
#![forbid(unsafe_code)]

pub mod anim;
pub mod app;
pub mod board;
pub mod form;
pub mod lesson;
pub mod play;
pub mod puzzle;
pub mod save;
pub mod settings;
pub mod term;
pub mod theme;
pub mod ui;
mod words;
pub mod worker;

pub use app::{App, Message, Overlay, Screen, Tone};
pub use play::Play;
pub use settings::{First, Opponent, ParseError, Player, Settings, Speed};
pub use term::run;
pub use theme::{Mark, Theme};
pub use ui::draw;
