//! Games and the game record format.
//!
//! ```text
//! [Kalah "1"]
//! [Rules "houses=6 seeds=4 capture=standard end=either-empty sweep=owner early-end=no pie=no both-stores=no"]
//! [South "Alice"]
//! [North "Bob"]
//! [Start "<6,0,0,4,4,4,4,4,4,4,4,4,4,4,4> S"]
//! [Result "30-18"]
//!
//! 3-6 2 5 1 ...
//! ```
//! Tags are `[Name "value"]` lines (`\"` and `\\` escape inside values); the moves follow,
//! one turn per word, the sowings of a turn joined by `-`. `Result` is the final
//! South-North score, `South resigns`, `North resigns` or `*` for a game in progress.
//! `South` and `North` name the players seated there at the start (a pie-rule swap
//! exchanges seats later).

use crate::moves::{format_turn, parse_turn, IllegalMove, Move, Sowing};
use crate::notation::{parse_setup, ParsePositionError};
use crate::position::{Outcome, Position, PositionError};
use crate::rules::{Rules, RulesError};
use crate::side::{BySide, Side};
use std::fmt::Write;

/// How a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Playing,
    Finished(Outcome),
    /// The side that resigned.
    Resigned(Side),
}

/// A game: rules, players, start position, moves, and resignation if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    start: Position,
    position: Position,
    moves: Vec<Move>,
    resigned: Option<Side>,
    /// Player names by their seat at the start.
    pub players: BySide<String>,
    /// Other tags, kept in order.
    pub tags: Vec<(String, String)>,
}

/// Why a record could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    #[error("line {line}: bad tag {text:?}: tags look like [Name \"value\"]")]
    Tag { line: usize, text: String },
    #[error("the record has no [Rules \"...\"] tag")]
    MissingRules,
    #[error("bad Rules tag: {0}")]
    Rules(#[from] RulesError),
    #[error("bad Start tag: {0}")]
    Start(#[from] ParsePositionError),
    #[error("the Start position does not fit the rules: {0}")]
    StartRules(#[from] PositionError),
    #[error("move {number} ({text:?}): {reason}")]
    Move {
        number: usize,
        text: String,
        reason: String,
    },
    #[error("the record says the result is {stated:?} but the moves give {actual:?}")]
    Result { stated: String, actual: String },
    #[error("bad Result tag {0:?}: expected a score like 30-18, `South resigns`, `North resigns` or `*`")]
    ResultSyntax(String),
}

/// Why an action on a game was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
    #[error("the game has ended by resignation")]
    Resigned,
    #[error("there is no move to take back")]
    NothingToTakeBack,
}

impl Game {
    /// A new game from a position (usually [`Position::start`]).
    pub fn new(start: Position) -> Game {
        Game {
            start,
            position: start,
            moves: Vec::new(),
            resigned: None,
            players: BySide::new(String::new(), String::new()),
            tags: Vec::new(),
        }
    }

    pub fn rules(&self) -> Rules {
        self.start.rules()
    }
    pub fn start(&self) -> &Position {
        &self.start
    }
    pub fn position(&self) -> &Position {
        &self.position
    }
    /// Every move (each sowing and `swap`) in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    pub fn status(&self) -> Status {
        if let Some(side) = self.resigned {
            return Status::Resigned(side);
        }
        match self.position.outcome() {
            Some(o) => Status::Finished(o),
            None => Status::Playing,
        }
    }

    /// Plays a move; refused after the end or a resignation.
    pub fn play(&mut self, m: Move) -> Result<Sowing, GameError> {
        if self.resigned.is_some() {
            return Err(GameError::Resigned);
        }
        let s = self.position.play(m)?;
        self.moves.push(m);
        Ok(s)
    }

    /// `side` gives up (at any time, not only on its turn). Refused once the game is over.
    pub fn resign(&mut self, side: Side) -> Result<(), GameError> {
        if self.resigned.is_some() {
            return Err(GameError::Resigned);
        }
        if self.position.is_over() {
            return Err(GameError::Illegal(IllegalMove::GameOver));
        }
        self.resigned = Some(side);
        Ok(())
    }

    /// Takes back the last move (and a resignation with it).
    pub fn undo(&mut self) -> Result<Move, GameError> {
        let m = self.moves.pop().ok_or(GameError::NothingToTakeBack)?;
        self.resigned = None;
        self.position = self.position_after(self.moves.len());
        Ok(m)
    }

    /// The position after the first `plies` moves.
    pub fn position_after(&self, plies: usize) -> Position {
        let mut p = self.start;
        for &m in &self.moves[..plies.min(self.moves.len())] {
            p.play_unchecked(m);
        }
        p
    }

    /// True once a pie-rule `swap` was played: the player who started as South now sits North
    /// and the other way round.
    pub fn seats_swapped(&self) -> bool {
        self.moves.contains(&Move::Swap)
    }

    /// The moves grouped into turns: a turn ends when the side to move changes or after `swap`.
    pub fn turns(&self) -> Vec<(Side, Vec<Move>)> {
        let mut out: Vec<(Side, Vec<Move>)> = Vec::new();
        let mut p = self.start;
        let mut open = false;
        for &m in &self.moves {
            let mover = p.to_move();
            let s = p.play_unchecked(m);
            if open {
                out.last_mut().expect("open turn").1.push(m);
            } else {
                out.push((mover, vec![m]));
            }
            open = s.extra_turn && !s.ended;
        }
        out
    }

    /// The result tag value: `30-18`, `South resigns`, `North resigns` or `*`.
    pub fn result_text(&self) -> String {
        match self.status() {
            Status::Playing => "*".to_string(),
            Status::Resigned(side) => format!("{side} resigns"),
            Status::Finished(o) => format!("{}-{}", o.scores.south, o.scores.north),
        }
    }

    /// Writes the game record.
    pub fn to_record(&self) -> String {
        let mut out = String::new();
        let tag = |out: &mut String, k: &str, v: &str| {
            let v = v.replace('\\', "\\\\").replace('"', "\\\"");
            let _ = writeln!(out, "[{k} \"{v}\"]");
        };
        tag(&mut out, "Kalah", "1");
        tag(&mut out, "Rules", &self.rules().to_string());
        tag(&mut out, "South", &self.players.south);
        tag(&mut out, "North", &self.players.north);
        tag(&mut out, "Start", &self.start.to_string());
        for (k, v) in &self.tags {
            tag(&mut out, k, v);
        }
        tag(&mut out, "Result", &self.result_text());
        out.push('\n');
        let turns: Vec<String> = self.turns().iter().map(|(_, t)| format_turn(t)).collect();
        // Ten turns a line keeps records readable.
        for chunk in turns.chunks(10) {
            out.push_str(&chunk.join(" "));
            out.push('\n');
        }
        out
    }

    /// Reads a game record, replaying and checking every move and the stated result.
    pub fn from_record(text: &str) -> Result<Game, RecordError> {
        let mut tags: Vec<(String, String)> = Vec::new();
        let mut movetext = String::new();
        for (i, line) in text.lines().enumerate() {
            let l = line.trim();
            if l.is_empty() || l.starts_with('#') {
                continue;
            }
            if l.starts_with('[') {
                tags.push(parse_tag(l).ok_or_else(|| RecordError::Tag {
                    line: i + 1,
                    text: l.to_string(),
                })?);
            } else {
                movetext.push_str(l);
                movetext.push(' ');
            }
        }
        let get = |k: &str| tags.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone());
        let rules: Rules = get("Rules").ok_or(RecordError::MissingRules)?.parse()?;
        let start = match get("Start") {
            Some(s) => Position::from_setup(rules, &parse_setup(&s)?)?,
            None => Position::start(rules, Side::South),
        };
        let mut game = Game::new(start);
        game.players = BySide::new(
            get("South").unwrap_or_default(),
            get("North").unwrap_or_default(),
        );
        game.tags = tags
            .iter()
            .filter(|(k, _)| {
                !["Kalah", "Rules", "South", "North", "Start", "Result"].contains(&k.as_str())
            })
            .cloned()
            .collect();
        let mut number = 0;
        for word in movetext.split_whitespace() {
            let turn = parse_turn(word).map_err(|e| RecordError::Move {
                number: number + 1,
                text: word.to_string(),
                reason: e.to_string(),
            })?;
            for m in turn {
                number += 1;
                game.play(m).map_err(|e| RecordError::Move {
                    number,
                    text: word.to_string(),
                    reason: e.to_string(),
                })?;
            }
        }
        if let Some(r) = get("Result") {
            let r = r.trim();
            match r {
                "South resigns" => game.resign(Side::South).map_err(|_| result_err(r, &game))?,
                "North resigns" => game.resign(Side::North).map_err(|_| result_err(r, &game))?,
                "*" => {}
                _ if r.contains('-') => {}
                _ => return Err(RecordError::ResultSyntax(r.to_string())),
            }
            let actual = game.result_text();
            if actual != r {
                return Err(result_err(r, &game));
            }
        }
        Ok(game)
    }
}

fn result_err(stated: &str, game: &Game) -> RecordError {
    RecordError::Result {
        stated: stated.to_string(),
        actual: game.result_text(),
    }
}

fn parse_tag(l: &str) -> Option<(String, String)> {
    let inner = l.strip_prefix('[')?.strip_suffix(']')?;
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let rest = rest.trim();
    let body = rest.strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::new();
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            value.push(chars.next()?);
        } else if c == '"' {
            return None;
        } else {
            value.push(c);
        }
    }
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    Some((name.to_string(), value))
}
