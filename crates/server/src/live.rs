//! A game in memory: the rules core's [`Game`] plus who sits where and the seat tokens.
//!
//! Seats are named by where the players sat at the start ("start seats"). A pie-rule swap
//! exchanges the players' sides, so the side a start seat plays now can differ.

use crate::error::ApiError;
use crate::token;
use kalah_online::{Clock, ClockState, TimeControl};
use kalah_rules::{parse_setup, BySide, Game, Move, Position, Rules, Side, Status};
use kalah_storage::GameRow;

pub use kalah_round::{EndKind, Ending, Opponent, Round};

/// A game in memory: its round (the rules of play, `kalah_round`) and what only this server
/// keeps beside it. Reads of the round's fields go through `Deref`; changes to the game in
/// play come only from the round's steps (`Games::commit`).
#[derive(Debug, Clone)]
pub struct LiveGame {
    pub round: Round,
    pub rematch: Option<String>,
    pub rematch_of: Option<String>,
    /// The rematch's tokens for this game's start seats, kept in memory only, so the second
    /// player asking for the rematch gets their seat too.
    pub rematch_tokens: BySide<Option<String>>,
    /// A computer move is being searched for this game.
    pub computer_busy: bool,
    /// The JSON text of each ply's history entry, written once (see `view::state_text`).
    pub history_text: Vec<Box<str>>,
    /// Plies as of the last state sent to the game's sockets.
    pub published_ply: usize,
    /// The address that created the game (not kept across restarts): its computer moves
    /// count against that address's share of the engine.
    pub owner: Option<std::net::IpAddr>,
    /// The account name at each start seat (None: a guest, nobody, or a deleted account),
    /// for links to player pages; read from the database when the game is loaded.
    pub accounts: BySide<Option<String>>,
    /// The player id (an account's or a signed-in guest's) at each start seat, stored with
    /// the game when it is created, in the same write.
    pub players: BySide<Option<String>>,
    /// What a rated game between people did to its players' ratings, once it is over.
    pub rating_changes: Vec<kalah_storage::RatingPoint>,
}

impl std::ops::Deref for LiveGame {
    type Target = Round;
    fn deref(&self) -> &Round {
        &self.round
    }
}

impl std::ops::DerefMut for LiveGame {
    fn deref_mut(&mut self) -> &mut Round {
        &mut self.round
    }
}

fn parse_side(s: &str) -> Option<Side> {
    s.parse().ok()
}

impl LiveGame {
    /// Rebuilds a game from its stored row, replaying the moves; a row that does not replay
    /// is a damaged game.
    pub fn from_row(row: GameRow) -> Result<LiveGame, ApiError> {
        let id = row.id.clone();
        LiveGame::replay(row).map_err(|why| ApiError::damaged_game(&id, why))
    }

    /// [`LiveGame::from_row`], with what is wrong with the row as the error.
    pub fn replay(row: GameRow) -> Result<LiveGame, String> {
        let bad = |what: &str, e: &dyn std::fmt::Display| format!("bad {what}: {e}");
        let rules: Rules = row.rules.parse().map_err(|e| bad("rules", &e))?;
        let setup = parse_setup(&row.start).map_err(|e| bad("start", &e))?;
        let start = Position::from_setup(rules, &setup).map_err(|e| bad("start", &e))?;
        let mut game = Game::new(start);
        for m in &row.moves {
            let mv: Move = m.parse().map_err(|e| bad("move", &e))?;
            game.play(mv).map_err(|e| bad("move", &e))?;
        }
        if let Some(side) = row.resigned.as_deref().and_then(parse_side) {
            game.resign(side).map_err(|e| bad("resignation", &e))?;
        }
        let time_control = row
            .time_control
            .as_deref()
            .map(str::parse::<TimeControl>)
            .transpose()
            .map_err(|e| bad("time control", &e))?;
        let clock_at = row.clock_at.unwrap_or(row.created_at);
        let clock = match (time_control, &row.clock) {
            (Some(tc), Some(text)) => {
                let st: ClockState = serde_json::from_str(text).map_err(|e| bad("clock", &e))?;
                Some(
                    Clock::resume(tc, st, clock_at)
                        .ok_or_else(|| format!("bad clock: side to move {:?}", st.to_move))?,
                )
            }
            (Some(_), None) => return Err("a game on a clock has no stored clock".into()),
            (None, _) => None,
        };
        let ending = match EndKind::parse(&row.status) {
            Some(kind) => {
                let by = row
                    .ended_by
                    .as_deref()
                    .and_then(parse_side)
                    .ok_or_else(|| {
                        format!("status {} without the seat that ended it", row.status)
                    })?;
                if !matches!(game.status(), Status::Playing) {
                    return Err(format!("status {} but the board is over", row.status));
                }
                Some(Ending {
                    kind,
                    by,
                    draw: row.ended_draw,
                })
            }
            None => None,
        };
        let opponent = match row.opponent.as_str() {
            "computer" => {
                let level = row.level.as_deref().unwrap_or("club");
                Opponent::Computer(level.parse().map_err(|e| bad("level", &e))?)
            }
            "local" => Opponent::Local,
            "kgp" => Opponent::Kgp,
            _ => Opponent::Friend,
        };
        let rated_ids = match (row.south_rated_id, row.north_rated_id) {
            (Some(s), Some(n)) => Some(BySide::new(s, n)),
            _ => None,
        };
        let round = Round {
            id: row.id,
            game,
            preset: row.preset,
            opponent,
            computer_seat: row.computer_seat.as_deref().and_then(parse_side),
            token_hashes: BySide::new(row.south_token, row.north_token),
            joined: BySide::new(row.south_joined, row.north_joined),
            created_at: row.created_at,
            updated_at: row.updated_at,
            names: BySide::new(row.south_name, row.north_name),
            comments: row.comments,
            rated: rated_ids.clone(),
            time_control,
            clock,
            clock_at,
            // A KGP game between rated players stored before its flag was set is rated too.
            is_rated: row.rated || rated_ids.is_some(),
            ending,
        };
        let mut live = LiveGame::new(round);
        live.players = BySide::new(row.south_player, row.north_player);
        live.rematch = row.rematch;
        live.rematch_of = row.rematch_of;
        live.published_ply = live.game.moves().len();
        live.set_names();
        Ok(live)
    }

    /// A game in memory around `round`, with nothing of this server's beside it yet.
    pub fn new(round: Round) -> LiveGame {
        LiveGame {
            round,
            rematch: None,
            rematch_of: None,
            rematch_tokens: BySide::default(),
            computer_busy: false,
            history_text: Vec::new(),
            published_ply: 0,
            owner: None,
            accounts: BySide::default(),
            players: BySide::default(),
            rating_changes: Vec::new(),
        }
    }

    /// The row to store for a new game.
    pub fn to_row(&self) -> GameRow {
        let mut row = GameRow::new(
            &self.id,
            &self.game.rules().to_string(),
            &self.game.start().to_string(),
            self.opponent.kind(),
            self.created_at,
        );
        row.preset = self.preset.clone();
        row.level = self.opponent.level().map(|l| l.name().to_string());
        row.computer_seat = self.computer_seat.map(|s| s.name().to_string());
        row.south_token = self.token_hashes.south.clone();
        row.north_token = self.token_hashes.north.clone();
        row.south_joined = self.joined.south;
        row.north_joined = self.joined.north;
        row.rematch_of = self.rematch_of.clone();
        row.status = self.status_name().to_string();
        row.moves = self.game.moves().iter().map(Move::to_string).collect();
        row.comments = self.comments.clone();
        row.south_name = self.names.south.clone();
        row.north_name = self.names.north.clone();
        if let Some(ids) = &self.rated {
            row.south_rated_id = Some(ids.south.clone());
            row.north_rated_id = Some(ids.north.clone());
        }
        row.time_control = self.time_control.map(|t| t.to_string());
        row.rated = self.is_rated;
        row.clock = self.clock.map(|c| clock_text(&c));
        row.clock_at = self.clock.map(|_| self.clock_at);
        row.ended_by = self.ending.map(|e| e.by.name().to_string());
        row.ended_draw = self.ending.is_some_and(|e| e.draw);
        row.south_player = self.players.south.clone();
        row.north_player = self.players.north.clone();
        row
    }

    /// The start seats a token holds (both for a local game, none for a wrong token).
    pub fn seats_of(&self, token: &str) -> BySide<bool> {
        BySide::from_fn(|seat| {
            !self.is_computer_seat(seat) && token::matches(token, &self.token_hashes[seat])
        })
    }

    /// The start seat a token acts for: the one to move if it holds both.
    pub fn seat_for(&self, token: &str) -> Result<Side, ApiError> {
        self.acting_seat(self.seats_of(token)).ok_or_else(|| {
            ApiError::forbidden(
                "wrong_token",
                "this seat token does not belong to this game; use the link you were given",
            )
        })
    }
}

/// A clock as stored (JSON of its [`ClockState`]).
pub fn clock_text(c: &Clock) -> String {
    serde_json::to_string(&c.state()).unwrap_or_default()
}
