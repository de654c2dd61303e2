//! A game in memory: the rules core's [`Game`] plus who sits where and the seat tokens.
//!
//! Seats are named by where the players sat at the start ("start seats"). A pie-rule swap
//! exchanges the players' sides, so the side a start seat plays now can differ.

use crate::error::ApiError;
use crate::token;
use kalah_engine::Level;
use kalah_rules::{parse_setup, BySide, Game, Move, Position, Rules, Side, Status};
use kalah_storage::GameRow;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Opponent {
    Computer(Level),
    Friend,
    Local,
    /// Two KGP players (bots, or a bot and a computer level the KGP lobby runs): nobody in
    /// the browser holds a seat; the players' names are stored with the game.
    Kgp,
}

impl Opponent {
    pub fn kind(self) -> &'static str {
        match self {
            Opponent::Computer(_) => "computer",
            Opponent::Friend => "friend",
            Opponent::Local => "local",
            Opponent::Kgp => "kgp",
        }
    }

    pub fn level(self) -> Option<Level> {
        match self {
            Opponent::Computer(l) => Some(l),
            _ => None,
        }
    }
}

#[derive(Debug, Clone)]
pub struct LiveGame {
    pub id: String,
    pub game: Game,
    pub preset: Option<String>,
    pub opponent: Opponent,
    /// The computer's start seat.
    pub computer_seat: Option<Side>,
    /// SHA-256 of each start seat's token.
    pub token_hashes: BySide<String>,
    pub joined: BySide<bool>,
    pub rematch: Option<String>,
    pub rematch_of: Option<String>,
    /// The rematch's tokens for this game's start seats, kept in memory only, so the second
    /// player asking for the rematch gets their seat too.
    pub rematch_tokens: BySide<Option<String>>,
    pub created_at: i64,
    pub updated_at: i64,
    /// A computer move is being searched for this game.
    pub computer_busy: bool,
    /// The JSON text of each ply's history entry, written once (see `view::state_text`).
    pub history_text: Vec<Box<str>>,
    /// Plies as of the last state sent to the game's sockets.
    pub published_ply: usize,
    /// The address that created the game (not kept across restarts): its computer moves
    /// count against that address's share of the engine.
    pub owner: Option<std::net::IpAddr>,
    /// Each start seat's player name, when the players named themselves (KGP).
    pub names: BySide<Option<String>>,
    /// The comment sent with each move, if any (KGP `info:comment`); empty when none was.
    pub comments: Vec<Option<String>>,
    /// The rating ids of the players of the start seats, when the game is rated (two bots
    /// with tokens, or such a bot and a computer level of the KGP lobby); in memory only.
    pub rated: Option<BySide<String>>,
    /// The account name at each start seat (None: a guest, nobody, or a deleted account),
    /// for links to player pages; read from the database when the game is loaded.
    pub accounts: BySide<Option<String>>,
    /// What a rated game between people did to its players' ratings, once it is over.
    pub rating_changes: Vec<kalah_storage::RatingPoint>,
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
        let opponent = match row.opponent.as_str() {
            "computer" => {
                let level = row.level.as_deref().unwrap_or("club");
                Opponent::Computer(level.parse().map_err(|e| bad("level", &e))?)
            }
            "local" => Opponent::Local,
            "kgp" => Opponent::Kgp,
            _ => Opponent::Friend,
        };
        let mut live = LiveGame {
            id: row.id,
            game,
            preset: row.preset,
            opponent,
            computer_seat: row.computer_seat.as_deref().and_then(parse_side),
            token_hashes: BySide::new(row.south_token, row.north_token),
            joined: BySide::new(row.south_joined, row.north_joined),
            rematch: row.rematch,
            rematch_of: row.rematch_of,
            rematch_tokens: BySide::default(),
            created_at: row.created_at,
            updated_at: row.updated_at,
            computer_busy: false,
            history_text: Vec::new(),
            published_ply: 0,
            owner: None,
            names: BySide::new(row.south_name, row.north_name),
            comments: row.comments,
            rated: None,
            accounts: BySide::default(),
            rating_changes: Vec::new(),
        };
        live.published_ply = live.game.moves().len();
        live.set_names();
        Ok(live)
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
        row
    }

    /// Player names for the record.
    pub fn set_names(&mut self) {
        let name = |seat: Side| match (&self.names[seat], self.opponent) {
            (Some(n), _) => n.clone(),
            (None, Opponent::Computer(l)) if self.computer_seat == Some(seat) => {
                format!("Computer ({l})")
            }
            (None, Opponent::Local) => "Local player".to_string(),
            _ => format!("Player {}", seat.name()),
        };
        self.game.players = BySide::from_fn(name);
    }

    pub fn status_name(&self) -> &'static str {
        match self.game.status() {
            Status::Playing => "playing",
            Status::Finished(_) => "finished",
            Status::Resigned(_) => "resigned",
        }
    }

    pub fn is_playing(&self) -> bool {
        matches!(self.game.status(), Status::Playing)
    }

    /// The start seat of the player now playing `side`.
    pub fn seat_playing(&self, side: Side) -> Side {
        if self.game.seats_swapped() {
            side.opponent()
        } else {
            side
        }
    }

    /// The side the player of start seat `seat` plays now.
    pub fn side_of_seat(&self, seat: Side) -> Side {
        self.seat_playing(seat)
    }

    pub fn is_computer_seat(&self, seat: Side) -> bool {
        matches!(self.opponent, Opponent::Computer(_)) && self.computer_seat == Some(seat)
    }

    /// True when the game goes on and the computer is to move.
    pub fn computer_to_move(&self) -> bool {
        self.is_playing()
            && self.is_computer_seat(self.seat_playing(self.game.position().to_move()))
    }

    /// The start seats a token holds (both for a local game, none for a wrong token).
    pub fn seats_of(&self, token: &str) -> BySide<bool> {
        BySide::from_fn(|seat| {
            !self.is_computer_seat(seat) && token::matches(token, &self.token_hashes[seat])
        })
    }

    /// The side a viewer holding `held` start seats plays now: the side to move when they
    /// hold both (one screen), none for a spectator.
    pub fn you(&self, held: BySide<bool>) -> Option<Side> {
        match (held.south, held.north) {
            (true, true) => Some(self.game.position().to_move()),
            (true, false) => Some(self.side_of_seat(Side::South)),
            (false, true) => Some(self.side_of_seat(Side::North)),
            (false, false) => None,
        }
    }

    /// The start seat a token acts for: the one to move if it holds both.
    pub fn seat_for(&self, token: &str) -> Result<Side, ApiError> {
        let held = self.seats_of(token);
        let mover = self.seat_playing(self.game.position().to_move());
        if held[mover] {
            Ok(mover)
        } else if held.south {
            Ok(Side::South)
        } else if held.north {
            Ok(Side::North)
        } else {
            Err(ApiError::forbidden(
                "wrong_token",
                "this seat token does not belong to this game; use the link you were given",
            ))
        }
    }
}
