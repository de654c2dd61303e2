//! Puzzles in the terminal: the shipped set, one position at a time. The person plays the
//! whole line; the computer's replies are the line's (no search), a wrong move is not played
//! and is told in a sentence, and the next puzzle is a little harder after a clean solve and a
//! little easier after a miss.

use crate::app::{App, Message, Screen, Tone};
use crate::play::Play;
use crate::settings::Player;
use crossterm::event::{KeyCode, KeyEvent};
use kalah_engine::Level;
use kalah_puzzles::{Attempt, Puzzle, Value, Verdict};
use kalah_rules::{BySide, Game, Move, Rules};
use std::collections::HashSet;

/// The first puzzle's rating, and how far the next moves after a clean solve or a miss.
const START_RATING: i32 = 1200;
const STEP: i32 = 100;

/// Puzzles in play: the one on the board and how the session goes.
#[derive(Debug, Clone)]
pub struct PuzzleRun {
    pub attempt: Attempt,
    /// Puzzles solved without a mistake, and puzzles tried, this session.
    pub clean: u32,
    pub tried: u32,
    /// The rating the next puzzle is chosen near.
    pub target: i32,
    seen: HashSet<String>,
    /// The current puzzle has been counted in `clean`/`tried`.
    counted: bool,
}

/// The puzzles under `rules` (any rules if none is under them), not yet `seen`, nearest to
/// `target`: one of the ten nearest, by `random`.
pub fn pick<'a>(
    set: &'a [Puzzle],
    rules: Rules,
    target: i32,
    seen: &HashSet<String>,
    random: u64,
) -> Option<&'a Puzzle> {
    let same: Vec<&Puzzle> = set.iter().filter(|p| p.rules() == rules).collect();
    let pool: Vec<&Puzzle> = if same.is_empty() {
        set.iter().collect()
    } else {
        same
    };
    let mut fresh: Vec<&Puzzle> = pool
        .iter()
        .copied()
        .filter(|p| !seen.contains(&p.id))
        .collect();
    if fresh.is_empty() {
        fresh = pool;
    }
    fresh.sort_by_key(|p| ((i32::from(p.rating) - target).abs(), p.id.clone()));
    fresh.truncate(10);
    if fresh.is_empty() {
        return None;
    }
    Some(fresh[(random % fresh.len() as u64) as usize])
}

/// "finish 6 ahead", "draw", "finish 2 behind": a final margin in words.
pub fn margin_words(value: i32) -> String {
    match value {
        0 => "draw".to_string(),
        v if v > 0 => format!("finish {v} ahead"),
        v => format!("finish {} behind", -v),
    }
}

/// The sentence for a wrong move.
pub fn wrong_text(tried: Value, best: Value) -> String {
    format!(
        "Not house {}: with it you {}, where the best move lets you {}. Try again (h shows the move).",
        tried.mv,
        margin_words(tried.value),
        margin_words(best.value)
    )
}

impl App {
    /// Starts puzzles: the one with id `id`, or one chosen near the session's rating under the
    /// rules of the settings. Refuses an unknown id.
    pub fn start_puzzle(&mut self, id: Option<&str>) -> Result<(), String> {
        let set = kalah_puzzles::shipped();
        let puzzle = match id {
            Some(id) => kalah_puzzles::by_id(id.trim())
                .ok_or_else(|| format!("There is no puzzle {:?}.", id.trim()))?,
            None => {
                let (target, seen) = match &self.puzzle {
                    Some(run) => (run.target, run.seen.clone()),
                    None => (START_RATING, HashSet::new()),
                };
                let r = self.random();
                pick(set, self.settings.rules, target, &seen, r)
                    .ok_or_else(|| "No puzzles are shipped with this program.".to_string())?
            }
        };
        let mut run = self.puzzle.take().unwrap_or(PuzzleRun {
            attempt: Attempt::new(puzzle.clone()),
            clean: 0,
            tried: 0,
            target: START_RATING,
            seen: HashSet::new(),
            counted: false,
        });
        run.attempt = Attempt::new(puzzle.clone());
        run.counted = false;
        run.seen.insert(puzzle.id.clone());
        self.show_puzzle(run);
        Ok(())
    }

    /// Puts the run's puzzle on the board from its start.
    fn show_puzzle(&mut self, mut run: PuzzleRun) {
        if let Some(old) = &mut self.play {
            old.cancel_thinking();
        }
        run.attempt = Attempt::new(run.attempt.puzzle.clone());
        let p = &run.attempt.puzzle;
        let solver = p.solver();
        let people = BySide::from_fn(|s| {
            if s == solver {
                Player::Person(0)
            } else {
                Player::Computer(Level::Perfect)
            }
        });
        let mut game = Game::new(p.position);
        game.players = BySide::from_fn(|s| people[s].name());
        let names = BySide::from_fn(|s| {
            if s == solver {
                "You".to_string()
            } else {
                "Computer".to_string()
            }
        });
        let play = Play::new(game, people, names, self.settings.speed);
        let text = format!(
            "Puzzle {} (rating {}): you play {solver}. Find the only move that keeps the best result: you can {}.",
            p.id,
            p.rating,
            margin_words(p.value())
        );
        self.play = Some(play);
        self.screen = Screen::Game;
        self.overlay = None;
        self.puzzle = Some(run);
        self.message = Some(Message {
            text,
            tone: Tone::Info,
        });
    }

    /// The puzzle's keys; true when the key was one of them.
    pub(crate) fn puzzle_key(&mut self, key: KeyEvent) -> bool {
        let Some(run) = &mut self.puzzle else {
            return false;
        };
        match key.code {
            KeyCode::Char('n') => {
                if let Err(e) = self.start_puzzle(None) {
                    self.message = Some(Message {
                        text: e,
                        tone: Tone::Error,
                    });
                }
            }
            KeyCode::Char('t') => {
                let run = run.clone();
                self.show_puzzle(run);
            }
            KeyCode::Char('h') => match run.attempt.show() {
                Some(Move::Sow(h)) => {
                    if let Some(play) = &mut self.play {
                        play.hint = Some(Move::Sow(h));
                        play.cursor = h;
                    }
                    self.message = Some(Message {
                        text: format!("The move is house {h} (marked on the board)."),
                        tone: Tone::Info,
                    });
                }
                _ => {
                    self.message = Some(Message {
                        text: "Nothing to show: wait for the computer, or n for the next puzzle."
                            .to_string(),
                        tone: Tone::Error,
                    })
                }
            },
            KeyCode::Esc => {
                self.puzzle = None;
                self.play = None;
                self.form = crate::form::Form::new(&self.settings);
                self.screen = Screen::NewGame;
                self.message = None;
            }
            KeyCode::Char('u' | 'r' | 'm' | 'p' | 's') | KeyCode::Backspace => {
                self.message = Some(Message {
                    text: "In a puzzle: sow a house, h shows the move, t tries again, n next puzzle, Esc leaves."
                        .to_string(),
                    tone: Tone::Error,
                });
            }
            _ => return false,
        }
        true
    }

    /// Judges a legal move of the person in a puzzle: the line's move is played (and the
    /// computer's reply readied), any other is told and not played.
    pub(crate) fn puzzle_move(&mut self, m: Move) {
        let Some(run) = &mut self.puzzle else {
            return;
        };
        match run.attempt.try_move(m) {
            Verdict::Right { solved } => {
                let text = if solved {
                    let clean = run.attempt.is_clean();
                    if !run.counted {
                        run.counted = true;
                        run.tried += 1;
                        if clean {
                            run.clean += 1;
                            run.target += STEP;
                        } else {
                            run.target -= STEP;
                        }
                    }
                    let themes: Vec<&str> = run
                        .attempt
                        .puzzle
                        .themes
                        .iter()
                        .map(|t| t.words())
                        .collect();
                    let about = if themes.is_empty() {
                        String::new()
                    } else {
                        format!(" It was about {}.", themes.join(" and "))
                    };
                    format!(
                        "{} You keep the best result.{about} Solved {} of {} cleanly. n next puzzle, t try again.",
                        if clean { "Solved!" } else { "Solved, with help." },
                        run.clean,
                        run.tried
                    )
                } else {
                    "Right: the only move that keeps the best result.".to_string()
                };
                self.apply(m);
                if let Some(play) = &mut self.play {
                    let target = match &mut play.animation {
                        Some(a) => &mut a.message,
                        None => self.message.get_or_insert(Message {
                            text: String::new(),
                            tone: Tone::Info,
                        }),
                    };
                    target.text = format!("{text} {}", target.text).trim().to_string();
                    target.tone = Tone::Good;
                }
            }
            Verdict::Wrong { tried, best } => {
                if !run.counted {
                    run.counted = true;
                    run.tried += 1;
                    run.target -= STEP;
                }
                self.message = Some(Message {
                    text: wrong_text(tried, best),
                    tone: Tone::Error,
                });
            }
            Verdict::Illegal(_) | Verdict::NotYourTurn => {
                self.message = Some(Message {
                    text: if run.attempt.is_solved() {
                        "Solved: n for the next puzzle, t to try it again.".to_string()
                    } else {
                        "Wait for the computer's reply.".to_string()
                    },
                    tone: Tone::Error,
                });
            }
        }
    }

    /// Readies the computer's reply from the line when it is next (the app plays it after the
    /// sowing on the board has been shown, as it plays the computer's moves in a game).
    pub(crate) fn puzzle_reply(&mut self) {
        let (Some(run), Some(play)) = (&mut self.puzzle, &mut self.play) else {
            return;
        };
        if let Some(m) = run.attempt.reply() {
            play.ready = Some((m, self.now));
        }
    }

    /// The puzzle's title: its id, rating and rules.
    pub fn puzzle_title(&self) -> Option<String> {
        let run = self.puzzle.as_ref()?;
        let p = &run.attempt.puzzle;
        let d = self.theme.dot();
        let rules = p
            .rules()
            .matching_preset()
            .map_or("custom".to_string(), |r| r.name().to_string());
        Some(format!(" Puzzle {}{d}rating {}{d}{rules} ", p.id, p.rating))
    }
}
