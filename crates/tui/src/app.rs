//! The application state and what each key does to it.
//!
//! One [`App`] owns everything on screen. [`App::handle_key`] maps a key to a change,
//! [`App::tick`] moves time on (animation, the computer's replies), and drawing
//! ([`crate::ui::draw`]) only reads the state.

use crate::anim;
use crate::form::{Form, Row};
use crate::play::{Animation, Play};
use crate::settings::{First, Opponent, Player, Settings};
use crate::theme::{Mark, Theme};
use crate::words::{describe, hint_text, illegal_text, review_text};
use crate::worker::{Answer, Task, Worker};
use crossterm::event::{
    KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use kalah_rules::{BySide, Game, GameError, Move, Position, Side, Status};
use ratatui::layout::Rect;
use std::time::{Duration, Instant};

/// After this long the computer is told to stop and play its best move so far.
pub const THINK_LIMIT: Duration = Duration::from_secs(5);
/// If a stopped search still has not answered, a legal move is played for it.
const THINK_GIVE_UP: Duration = Duration::from_secs(12);

/// Which screen is up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Screen {
    NewGame,
    Game,
    /// The first lesson (`crate::lesson`).
    Lesson,
}

/// A box drawn over the screen that takes the keys while it is up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Overlay {
    Help,
    ConfirmResign,
    ConfirmQuit,
    /// The save prompt: the file name being typed and the last error.
    Save {
        name: String,
        error: Option<String>,
    },
}

/// How a status message looks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    Info,
    Good,
    Error,
}

/// The message in the status line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    pub text: String,
    pub tone: Tone,
}

impl Message {
    fn info(text: impl Into<String>) -> Message {
        Message {
            text: text.into(),
            tone: Tone::Info,
        }
    }
    fn good(text: impl Into<String>) -> Message {
        Message {
            text: text.into(),
            tone: Tone::Good,
        }
    }
    fn error(text: impl Into<String>) -> Message {
        Message {
            text: text.into(),
            tone: Tone::Error,
        }
    }
}

/// The whole application.
pub struct App {
    pub settings: Settings,
    pub theme: Theme,
    pub screen: Screen,
    pub form: Form,
    pub play: Option<Play>,
    pub overlay: Option<Overlay>,
    pub message: Option<Message>,
    /// Puzzles in play (`kalah play --puzzle`, or p on the new-game screen).
    pub puzzle: Option<crate::puzzle::PuzzleRun>,
    /// The first lesson, while it is up (`kalah play --lesson`, or L on the new-game screen).
    pub lesson: Option<crate::lesson::LessonPlay>,
    worker: Worker,
    /// The time of the last tick; drawing uses it for the spinner.
    pub now: Instant,
    quit: bool,
    rng: u64,
}

impl App {
    /// An app showing the new-game screen filled in from `settings`.
    pub fn new(settings: Settings, theme: Theme) -> App {
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0x9e37_79b9);
        App {
            settings,
            theme,
            screen: Screen::NewGame,
            form: Form::new(&settings),
            play: None,
            overlay: None,
            message: None,
            puzzle: None,
            lesson: None,
            worker: Worker::new(),
            now: Instant::now(),
            quit: false,
            rng: seed | 1,
        }
    }

    /// Seeds the random choices (the lot, the computer's pick among equal moves); for tests.
    pub fn with_seed(mut self, seed: u64) -> App {
        self.rng = seed | 1;
        self
    }

    /// An app that continues (or reviews) a game read from a record.
    ///
    /// Players named `Computer (level)` are played by the computer; other names are people.
    /// With `people` given, those play instead (by seat at the start).
    pub fn from_game(
        game: Game,
        settings: Settings,
        people: Option<BySide<Player>>,
        theme: Theme,
    ) -> App {
        let mut app = App::new(settings, theme);
        let people = people.unwrap_or_else(|| {
            let p = BySide::from_fn(|s| Player::from_name(&game.players[s]));
            if !p.south.is_computer() && !p.north.is_computer() {
                BySide::new(Player::Person(1), Player::Person(2))
            } else {
                p
            }
        });
        let names = BySide::from_fn(|s| {
            let recorded = game.players[s].trim();
            if recorded.is_empty() {
                people[s].name()
            } else {
                recorded.to_string()
            }
        });
        let moves = game.moves().len();
        let over = game.status() != Status::Playing;
        app.settings.rules = game.rules();
        app.form = Form::new(&app.settings);
        app.play = Some(Play::new(game, people, names, settings.speed));
        app.screen = Screen::Game;
        app.message = Some(if over {
            Message::info(format!(
                "Loaded a finished game of {moves} moves: v reviews them."
            ))
        } else {
            Message::info(format!("Loaded the game after {moves} moves: play on."))
        });
        app
    }

    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// True while something on screen moves by itself (sowing, the thinking spinner), so the
    /// screen needs frequent redraws.
    pub fn busy(&self) -> bool {
        if self.lesson.as_ref().is_some_and(|l| l.animation.is_some()) {
            return true;
        }
        self.play
            .as_ref()
            .is_some_and(|p| p.animation.is_some() || p.thinking.is_some() || p.ready.is_some())
            || self.play.as_ref().is_some_and(|p| {
                !p.is_over() && !p.paused && p.player(p.position().to_move()).is_computer()
            })
    }

    pub(crate) fn random(&mut self) -> u64 {
        // xorshift64*: enough for the lot and for varying the computer's choice.
        self.rng ^= self.rng >> 12;
        self.rng ^= self.rng << 25;
        self.rng ^= self.rng >> 27;
        self.rng.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// Starts a game with the current settings.
    pub fn start_game(&mut self) {
        self.begin(self.settings.people());
    }

    fn begin(&mut self, people: BySide<Player>) {
        if let Some(old) = &mut self.play {
            old.cancel_thinking();
        }
        self.puzzle = None;
        let s = self.settings;
        let (first, by_lot) = match s.first {
            First::Side(side) => (side, false),
            First::Lot => {
                let side = if self.random() & 1 == 0 {
                    Side::South
                } else {
                    Side::North
                };
                (side, true)
            }
        };
        let mut game = Game::new(Position::start(s.rules, first));
        game.players = BySide::from_fn(|side| people[side].name());
        game.tags.push(("Date".to_string(), crate::save::today()));
        let names = BySide::from_fn(|side| people[side].name());
        let play = Play::new(game, people, names, s.speed);
        let starter = play.who(first);
        let mut text = if by_lot {
            format!("By lot, {starter} moves first.")
        } else {
            format!("{starter} moves first.")
        };
        if play.is_demo() {
            text.push_str(" Space pauses the demo.");
        } else if play.player(first).is_computer() {
            text.push_str(" The computer is thinking.");
        } else {
            text.push_str(" Choose a house: its number, or arrows and Enter.");
        }
        self.play = Some(play);
        self.screen = Screen::Game;
        self.overlay = None;
        self.message = Some(Message::info(text));
    }

    /// A new game with the same rules and the people's seats swapped.
    pub fn rematch(&mut self) {
        let Some(play) = &self.play else {
            return;
        };
        let people = BySide::new(play.people.north, play.people.south);
        if self.settings.opponent == Opponent::Computer {
            self.settings.side = self.settings.side.opponent();
        }
        self.settings.rules = play.game.rules();
        self.form = Form::new(&self.settings);
        self.begin(people);
    }

    /// Maps a key to a change of state.
    pub fn handle_key(&mut self, key: KeyEvent) {
        if key.kind == KeyEventKind::Release {
            return;
        }
        if key.modifiers.contains(KeyModifiers::CONTROL)
            && matches!(key.code, KeyCode::Char('c') | KeyCode::Char('q'))
        {
            self.quit_now();
            return;
        }
        if self.overlay.is_some() {
            self.overlay_key(key);
            return;
        }
        match self.screen {
            Screen::NewGame => self.form_key(key),
            Screen::Game => self.game_key(key),
            Screen::Lesson => self.lesson_key(key),
        }
    }

    /// A click on a house of the side to move sows it (the screen is `area`).
    pub fn handle_mouse(&mut self, event: MouseEvent, area: Rect) {
        if self.screen == Screen::Lesson && self.overlay.is_none() {
            self.lesson_mouse(event, area);
            return;
        }
        if event.kind != MouseEventKind::Down(MouseButton::Left)
            || self.overlay.is_some()
            || self.screen != Screen::Game
        {
            return;
        }
        let Some(play) = &self.play else {
            return;
        };
        let Ok(layout) = crate::ui::game_layout(area, play.game.rules().houses()) else {
            return;
        };
        let b = layout.board;
        let inside = event.column >= b.x
            && event.row >= b.y
            && event.column < b.x + b.width
            && event.row < b.y + b.height;
        if !inside {
            return;
        }
        let hit = crate::board::hit(
            play.game.rules().houses(),
            layout.shape,
            play.bottom(),
            event.column - b.x,
            event.row - b.y,
        );
        let Some((side, house)) = hit else {
            return;
        };
        if play.review.is_some() {
            return;
        }
        let to_move = play.position().to_move();
        if side != to_move && !play.is_over() && !play.player(to_move).is_computer() {
            self.message = Some(Message::error(format!(
                "That is {side}'s house: {to_move} is to move."
            )));
            return;
        }
        if let Some(p) = &mut self.play {
            if p.animation.is_some() {
                self.finish_animation();
            }
        }
        if let Some(p) = &mut self.play {
            if p.person_to_move() {
                p.cursor = house;
            }
        }
        self.try_move(Move::Sow(house));
    }

    pub(crate) fn quit_now(&mut self) {
        if let Some(p) = &mut self.play {
            p.cancel_thinking();
        }
        self.quit = true;
    }

    fn overlay_key(&mut self, key: KeyEvent) {
        let Some(overlay) = self.overlay.take() else {
            return;
        };
        match overlay {
            Overlay::Help => {} // any key closes it
            Overlay::ConfirmResign => match key.code {
                KeyCode::Char('y') | KeyCode::Char('Y') => self.resign(),
                _ => self.message = Some(Message::info("Play on.")),
            },
            Overlay::ConfirmQuit => match key.code {
                KeyCode::Char('y') | KeyCode::Char('Y') | KeyCode::Char('q') => self.quit_now(),
                KeyCode::Char('s') => self.open_save(),
                _ => {}
            },
            Overlay::Save { mut name, error } => match key.code {
                KeyCode::Esc => self.message = Some(Message::info("Not saved.")),
                KeyCode::Enter => self.save(name),
                KeyCode::Backspace => {
                    name.pop();
                    self.overlay = Some(Overlay::Save { name, error });
                }
                KeyCode::Char(c) if !c.is_control() && name.chars().count() < 200 => {
                    name.push(c);
                    self.overlay = Some(Overlay::Save { name, error });
                }
                _ => self.overlay = Some(Overlay::Save { name, error }),
            },
        }
    }

    fn form_key(&mut self, key: KeyEvent) {
        match key.code {
            KeyCode::Up | KeyCode::BackTab | KeyCode::Char('k') => self.form.move_focus(-1),
            KeyCode::Down | KeyCode::Tab | KeyCode::Char('j') => self.form.move_focus(1),
            KeyCode::Left | KeyCode::Char('-') | KeyCode::Char('h') => self.form.change(-1),
            KeyCode::Right | KeyCode::Char('+') | KeyCode::Char('l') | KeyCode::Char(' ') => {
                self.form.change(1)
            }
            KeyCode::Enter => match self.form.settings() {
                Ok(s) => {
                    self.settings = s;
                    self.start_game();
                }
                Err(e) => self.message = Some(Message::error(e)),
            },
            KeyCode::Esc => {
                if self.play.is_some() {
                    self.screen = Screen::Game;
                } else {
                    self.quit_now();
                }
            }
            KeyCode::Char('q') => self.quit_now(),
            KeyCode::Char('?') | KeyCode::F(1) => self.overlay = Some(Overlay::Help),
            KeyCode::Char('p') => {
                if let Err(e) = self.form.settings().map(|s| self.settings = s) {
                    self.message = Some(Message::error(e));
                } else if let Err(e) = self.start_puzzle(None) {
                    self.message = Some(Message::error(e));
                }
                return;
            }
            // The first lesson, in the rules on the form.
            KeyCode::Char('L') => match self.form.settings() {
                Ok(s) => {
                    self.settings = s;
                    self.start_lesson();
                    return;
                }
                Err(e) => self.message = Some(Message::error(e)),
            },
            _ => {
                self.message = Some(Message::error(
                    "Use ↑↓ to choose a line, ←→ to change it, Enter to start, p for puzzles, L for the lesson.",
                ))
            }
        }
        if self.screen == Screen::NewGame && self.form.row() != Row::Start {
            self.message = None;
        }
    }

    fn game_key(&mut self, key: KeyEvent) {
        if self.puzzle_key(key) {
            return;
        }
        let Some(play) = &mut self.play else {
            self.screen = Screen::NewGame;
            return;
        };
        // Keys that work at any time.
        match key.code {
            KeyCode::Char('?') | KeyCode::F(1) => {
                self.overlay = Some(Overlay::Help);
                return;
            }
            KeyCode::Char('q') => {
                let unsaved = !play.is_over() && !play.game.moves().is_empty();
                if unsaved && play.saved_to.is_none() && !play.is_demo() {
                    self.overlay = Some(Overlay::ConfirmQuit);
                } else {
                    self.quit_now();
                }
                return;
            }
            KeyCode::Char('n') => {
                self.form = Form::new(&self.settings);
                self.screen = Screen::NewGame;
                self.message = None;
                return;
            }
            KeyCode::Char('s') => {
                self.open_save();
                return;
            }
            KeyCode::Char('a') => {
                play.speed = play.speed.next();
                self.settings.speed = play.speed;
                self.message = Some(Message::info(format!("Animation: {}.", play.speed)));
                return;
            }
            KeyCode::Char('v') => {
                self.toggle_review();
                return;
            }
            _ => {}
        }
        if play.review.is_some() {
            self.review_key(key);
            return;
        }
        let is_move_key = matches!(
            key.code,
            KeyCode::Char('0'..='9') | KeyCode::Enter | KeyCode::Char('p') | KeyCode::Char('h')
        );
        if is_move_key && play.animation.is_some() {
            self.finish_animation();
        }
        match key.code {
            KeyCode::Char(c @ '0'..='9') => {
                let house = if c == '0' { 10 } else { c as u8 - b'0' };
                self.try_move(Move::Sow(house));
            }
            KeyCode::Enter => {
                let house = self.play.as_ref().map_or(1, |p| p.cursor);
                self.try_move(Move::Sow(house));
            }
            KeyCode::Char(' ') => self.space(),
            KeyCode::Left => self.move_cursor(-1),
            KeyCode::Right => self.move_cursor(1),
            KeyCode::Char('p') => self.try_move(Move::Swap),
            KeyCode::Char('h') => self.ask_hint(),
            KeyCode::Char('u') | KeyCode::Backspace => self.take_back(),
            KeyCode::Char('r') => self.ask_resign(),
            KeyCode::Char('m') => {
                if self.play.as_ref().is_some_and(Play::is_over) {
                    self.rematch();
                } else {
                    self.message = Some(Message::error(
                        "Rematch comes when the game is over; n starts a new game.",
                    ));
                }
            }
            KeyCode::Esc => {
                if let Some(p) = &mut self.play {
                    if p.is_over() && !p.summary_hidden {
                        p.summary_hidden = true;
                        return;
                    }
                }
                self.message = Some(Message::info("Press q to quit, ? for help."));
            }
            KeyCode::Up | KeyCode::Down => {}
            KeyCode::Char(c) => {
                self.message = Some(Message::error(format!(
                    "The key {c} does nothing here: ? shows the keys."
                )))
            }
            _ => {}
        }
    }

    fn space(&mut self) {
        let Some(play) = &mut self.play else {
            return;
        };
        if play.is_demo() {
            play.paused = !play.paused;
            self.message = Some(Message::info(if play.paused {
                "Demo paused: space goes on."
            } else {
                "Demo goes on."
            }));
        } else if play.animation.is_some() {
            self.finish_animation();
        } else {
            let house = play.cursor;
            self.try_move(Move::Sow(house));
        }
    }

    fn review_key(&mut self, key: KeyEvent) {
        let Some(play) = &mut self.play else {
            return;
        };
        let last = play.game.moves().len();
        let ply = play.review.unwrap_or(last);
        let ply = match key.code {
            KeyCode::Left | KeyCode::Char('h') => ply.saturating_sub(1),
            KeyCode::Right | KeyCode::Char('l') | KeyCode::Char(' ') => (ply + 1).min(last),
            KeyCode::Home => 0,
            KeyCode::End => last,
            KeyCode::Esc => {
                self.toggle_review();
                return;
            }
            _ => {
                self.message = Some(Message::error(
                    "Reviewing: ←→ step, Home/End jump, Esc or v goes back to the game.",
                ));
                return;
            }
        };
        play.review = Some(ply);
        self.message = Some(Message::info(review_text(play, ply)));
    }

    fn toggle_review(&mut self) {
        let Some(play) = &mut self.play else {
            return;
        };
        if play.review.take().is_some() {
            self.message = Some(Message::info("Back to the game."));
            return;
        }
        if play.game.moves().is_empty() {
            self.message = Some(Message::error("No moves to review yet."));
            return;
        }
        if let Some(a) = play.animation.take() {
            // Seeds land at once: the review shows whole moves.
            self.message = Some(a.message);
        }
        let ply = play.game.moves().len();
        play.review = Some(ply);
        self.message = Some(Message::info(review_text(play, ply)));
    }

    fn move_cursor(&mut self, step: i32) {
        let Some(play) = &mut self.play else {
            return;
        };
        if !play.person_to_move() {
            return;
        }
        let pos = *play.position();
        let side = pos.to_move();
        // On the top row house numbers run right to left.
        let step = if side == play.bottom() { step } else { -step };
        let n = pos.rules().houses() as i32;
        let mut h = play.cursor as i32;
        loop {
            h += step;
            if h < 1 || h > n {
                return;
            }
            if pos.house(side, h as u8).unwrap_or(0) > 0 {
                play.cursor = h as u8;
                return;
            }
        }
    }

    /// Plays a person's move, or says in one short line why not.
    fn try_move(&mut self, m: Move) {
        let Some(play) = &self.play else {
            return;
        };
        let pos = *play.position();
        let refuse = if play.is_over() {
            Some("The game is over: n new game, m rematch, v review.".to_string())
        } else if play.is_demo() {
            Some("This is a demo: the computer plays both sides (space pauses).".to_string())
        } else if play.player(pos.to_move()).is_computer() {
            Some("Wait: it is the computer's turn.".to_string())
        } else {
            match pos.check(m) {
                Ok(()) => None,
                Err(e) => Some(illegal_text(e, &pos)),
            }
        };
        if let Some(text) = refuse {
            self.message = Some(Message::error(text));
            return;
        }
        if self.puzzle.is_some() {
            self.puzzle_move(m);
            return;
        }
        self.apply(m);
    }

    /// Plays a legal move and starts showing it.
    pub(crate) fn apply(&mut self, m: Move) {
        let Some(play) = &mut self.play else {
            return;
        };
        if play.thinking.as_ref().is_some_and(|t| t.task == Task::Hint) {
            // A hint for the position before this move would be stale.
            play.cancel_thinking();
        }
        let before = *play.position();
        let who = play.mover_words(before.to_move());
        let sowing = match play.game.play(m) {
            Ok(s) => s,
            Err(e) => {
                self.message = Some(Message::error(e.to_string()));
                return;
            }
        };
        let after = *play.position();
        play.hint = None;
        play.summary_hidden = false;
        play.marks = anim::marks_after(&before, &sowing);
        if let Move::Sow(h) = m {
            if !play.player(before.to_move()).is_computer() {
                play.cursor = h;
            }
        }
        let text = describe(play, &who, &before, &sowing);
        let message = if sowing.ended {
            Message::good(text)
        } else {
            Message::info(text)
        };
        let step = play.speed.step_ms();
        if step == 0 || m == Move::Swap {
            self.message = Some(message);
        } else {
            let pictures = anim::pictures(&before, &after, &sowing);
            let hold = pictures.first().map_or(1, |p| p.hold) as u64;
            play.animation = Some(Animation {
                next_at: self.now + Duration::from_millis(step * hold),
                pictures,
                index: 0,
                message,
            });
        }
        if m == Move::Swap {
            // The person now chooses on the other side of the board.
            play.cursor = 1;
        }
        play.fix_cursor();
    }

    fn finish_animation(&mut self) {
        if let Some(play) = &mut self.play {
            if let Some(a) = play.animation.take() {
                self.message = Some(a.message);
            }
        }
    }

    fn ask_hint(&mut self) {
        let Some(play) = &mut self.play else {
            return;
        };
        if !play.person_to_move() {
            self.message = Some(Message::error(if play.is_over() {
                "The game is over: no hints needed."
            } else {
                "Hints come on your turn."
            }));
            return;
        }
        if play.thinking.is_some() {
            return;
        }
        play.thinking = Some(self.worker.ask(*play.position(), Task::Hint));
        self.message = Some(Message::info("Looking for the best move..."));
    }

    fn ask_resign(&mut self) {
        let Some(play) = &self.play else {
            return;
        };
        if play.is_over() {
            self.message = Some(Message::error("The game is already over."));
        } else if play.is_demo() {
            self.message = Some(Message::error("Nobody can resign a demo: n starts a game."));
        } else {
            self.overlay = Some(Overlay::ConfirmResign);
        }
    }

    fn resign(&mut self) {
        let Some(play) = &mut self.play else {
            return;
        };
        let side = play
            .person_side()
            .unwrap_or_else(|| play.position().to_move());
        play.cancel_thinking();
        play.animation = None;
        match play.game.resign(side) {
            Ok(()) => {
                play.summary_hidden = false;
                self.message = Some(Message::good(format!("{} resigns.", play.who(side))));
            }
            Err(e) => self.message = Some(Message::error(e.to_string())),
        }
    }

    /// Takes back the last move of a person (and the computer's answers after it).
    fn take_back(&mut self) {
        let Some(play) = &mut self.play else {
            return;
        };
        if play.is_demo() {
            self.message = Some(Message::error("Takeback is for games with a person."));
            return;
        }
        if matches!(play.game.status(), Status::Resigned(_)) {
            self.message = Some(Message::error(
                "The game ended by resignation: n new game, m rematch.",
            ));
            return;
        }
        let movers = play.movers();
        let Some(target) = movers.iter().rposition(|p| !p.is_computer()) else {
            self.message = Some(Message::error("Nothing to take back."));
            return;
        };
        play.cancel_thinking();
        play.animation = None;
        let mut taken = Vec::new();
        while play.game.moves().len() > target {
            match play.game.undo() {
                Ok(m) => taken.push(m),
                Err(GameError::NothingToTakeBack) | Err(_) => break,
            }
        }
        taken.reverse();
        play.hint = None;
        play.marks = vec![Mark::None; play.marks.len()];
        play.summary_hidden = false;
        if let Some(Move::Sow(h)) = taken.first() {
            play.cursor = *h;
        }
        play.fix_cursor();
        let list: Vec<String> = taken.iter().map(Move::to_string).collect();
        self.message = Some(Message::info(format!(
            "Took back {}: {} to move.",
            list.join(", "),
            play.who(play.position().to_move())
        )));
    }

    fn open_save(&mut self) {
        let Some(play) = &self.play else {
            self.message = Some(Message::error("There is no game to save."));
            return;
        };
        let name = play
            .saved_to
            .clone()
            .unwrap_or_else(crate::save::default_file_name);
        self.overlay = Some(Overlay::Save { name, error: None });
    }

    fn save(&mut self, name: String) {
        let Some(play) = &mut self.play else {
            return;
        };
        let path = name.trim().to_string();
        let overwrite = play.saved_to.as_deref() == Some(path.as_str());
        match crate::save::write(&path, &play.game, overwrite) {
            Ok(()) => {
                play.saved_to = Some(path.clone());
                self.message = Some(Message::good(format!("Saved the game to {path}.")));
            }
            Err(e) => {
                self.overlay = Some(Overlay::Save {
                    name,
                    error: Some(e),
                })
            }
        }
    }

    /// Moves time on: advances the animation, takes the computer's replies and starts it
    /// thinking when its turn comes.
    pub fn tick(&mut self, now: Instant) {
        self.now = now;
        self.advance_lesson(now);
        self.advance_animation(now);
        self.take_replies(now);
        self.start_computer();
    }

    fn advance_animation(&mut self, now: Instant) {
        let Some(play) = &mut self.play else {
            return;
        };
        let step = play.speed.step_ms();
        let Some(a) = &mut play.animation else {
            return;
        };
        while now >= a.next_at {
            a.index += 1;
            if a.index >= a.pictures.len() || step == 0 {
                let done = play.animation.take().expect("animation is running");
                self.message = Some(done.message);
                return;
            }
            let hold = a.pictures[a.index].hold as u64;
            a.next_at += Duration::from_millis(step * hold);
        }
    }

    fn take_replies(&mut self, now: Instant) {
        while let Some(reply) = self.worker.poll() {
            self.take_reply(reply, now);
        }
        let Some(play) = &mut self.play else {
            return;
        };
        if let Some(t) = &play.thinking {
            // Real time, not the tick's: `settle` ticks far into the future.
            let waited = t.started.elapsed();
            if waited > THINK_GIVE_UP {
                // The search did not stop when told: play a legal move for it.
                if let Some(&m) = play.position().legal_moves().first() {
                    let task = t.task;
                    play.thinking = None;
                    if matches!(task, Task::Move { .. }) {
                        play.ready = Some((m, now));
                    }
                }
            } else if waited > THINK_LIMIT {
                t.stop();
            }
        }
        let Some((m, at)) = play.ready else {
            return;
        };
        let pause = Duration::from_millis(play.speed.step_ms() * 3);
        // The game waits while the new-game screen is up.
        let on_screen = self.screen == Screen::Game;
        if on_screen
            && play.animation.is_none()
            && play.review.is_none()
            && !play.paused
            && now >= at + pause
        {
            play.ready = None;
            self.apply(m);
        }
    }

    fn take_reply(&mut self, reply: crate::worker::Reply, now: Instant) {
        let Some(play) = &mut self.play else {
            return;
        };
        let Some(t) = &play.thinking else {
            return;
        };
        if t.id != reply.id {
            return; // an answer to a cancelled question
        }
        let started = t.started;
        play.thinking = None;
        match reply.answer {
            Answer::Move(m) => {
                let legal = play.position().legal_moves();
                let m = m
                    .filter(|&m| legal.contains(m))
                    .or_else(|| legal.first().copied());
                if let Some(m) = m {
                    // Time spent thinking counts towards the pause before the move shows.
                    play.ready = Some((m, started.min(now)));
                }
            }
            Answer::Hint {
                best,
                value,
                exact,
                depth,
            } => {
                play.hint = best;
                self.message = Some(Message::good(hint_text(best, value, exact, depth)));
            }
        }
    }

    fn start_computer(&mut self) {
        let Some(play) = &self.play else {
            return;
        };
        if play.is_over()
            || play.thinking.is_some()
            || play.ready.is_some()
            || play.review.is_some()
            || play.paused
            || self.screen != Screen::Game
        {
            return;
        }
        if self.puzzle.is_some() {
            self.puzzle_reply();
            return;
        }
        let pos = *play.position();
        let Player::Computer(level) = play.player(pos.to_move()) else {
            return;
        };
        let seed = self.random();
        let ticket = self.worker.ask(pos, Task::Move { level, seed });
        if let Some(play) = &mut self.play {
            play.thinking = Some(ticket);
        }
    }

    /// Runs until a person is to move or the game is over, without animation: the
    /// computer's moves are waited for. For tests and scripted play.
    pub fn settle(&mut self) {
        for _ in 0..10_000 {
            if self.screen != Screen::Game {
                return;
            }
            self.finish_animation();
            let far = Instant::now() + Duration::from_secs(3600);
            self.tick(far);
            let Some(play) = &self.play else {
                return;
            };
            if play.animation.is_some() {
                continue;
            }
            if play.thinking.is_none() && play.ready.is_none() {
                if play.is_over() || play.review.is_some() || play.paused {
                    return;
                }
                if !play.player(play.position().to_move()).is_computer() {
                    return;
                }
                continue;
            }
            if play.thinking.is_some() {
                if let Some(reply) = self.worker.wait(Duration::from_secs(60)) {
                    self.take_reply(reply, far);
                }
            }
        }
    }

    /// The pit under the cursor, when a person is choosing a move.
    pub fn cursor_pit(&self) -> Option<usize> {
        let play = self.play.as_ref()?;
        if !play.person_to_move() {
            return None;
        }
        let side = play.position().to_move();
        Some(anim::pit_index(
            play.position().rules().houses(),
            kalah_rules::Pit::House(side, play.cursor),
        ))
    }
}
