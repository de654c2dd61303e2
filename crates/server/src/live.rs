//! A game in memory: the rules core's [`Game`] plus who sits where and the seat tokens.
//!
//! Seats are named by where the players sat at the start ("start seats"). A pie-rule swap
//! exchanges the players' sides, so the side a start seat plays now can differ.

use crate::error::ApiError;
use crate::token;
use kalah_engine::Level;
use kalah_online::{Clock, ClockState, TimeControl};
use kalah_rules::{parse_setup, BySide, Game, Move, Position, Rules, Side, Status};
use kalah_storage::GameRow;

/// How a game ended off the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EndKind {
    /// Nobody made their first move in time: no result, never rated.
    Aborted,
    /// A clock ran out (a flag fall).
    Timeout,
    /// The opponent claimed the game after a player's connection was gone for the grace
    /// period.
    Abandoned,
}

impl EndKind {
    /// The game's `status` (in the database and the JSON).
    pub fn status(self) -> &'static str {
        match self {
            EndKind::Aborted => "aborted",
            EndKind::Timeout => "timeout",
            EndKind::Abandoned => "abandoned",
        }
    }

    fn parse(status: &str) -> Option<EndKind> {
        [EndKind::Aborted, EndKind::Timeout, EndKind::Abandoned]
            .into_iter()
            .find(|k| k.status() == status)
    }
}

/// The end of a game off the board: the start seat whose clock or connection ended it, and
/// whether that is a draw (the opponent could not have won any more) rather than a loss.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ending {
    pub kind: EndKind,
    pub by: Side,
    pub draw: bool,
}

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
    /// with tokens, or such a bot and a computer level of the KGP lobby); stored with the
    /// game, so any server that ends it rates it.
    pub rated: Option<BySide<String>>,
    /// The time control of a game on a clock.
    pub time_control: Option<TimeControl>,
    /// The clock, by start seat (the pie rule's swap does not swap clocks).
    pub clock: Option<Clock>,
    /// When the clock was last stored (the last acknowledged move, or the creation).
    pub clock_at: i64,
    /// Whether the game counts for ratings (asked for by its creator, an account).
    pub is_rated: bool,
    /// How the game ended off the board, if it did.
    pub ending: Option<Ending>,
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
            rated: match (row.south_rated_id, row.north_rated_id) {
                (Some(s), Some(n)) => Some(BySide::new(s, n)),
                _ => None,
            },
            time_control,
            clock,
            clock_at,
            is_rated: row.rated,
            ending,
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
        row
    }

    /// After a restart at `started_at`, a clock stored before it runs from `started_at`:
    /// nobody is charged for the time the server was down.
    pub fn resume_clock_after(&mut self, started_at: i64) {
        if let (Some(c), true) = (self.clock, self.clock_at < started_at) {
            self.clock = Clock::resume(c.control(), c.state(), started_at);
        }
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
        if let Some(e) = self.ending {
            return e.kind.status();
        }
        match self.game.status() {
            Status::Playing => "playing",
            Status::Finished(_) => "finished",
            Status::Resigned(_) => "resigned",
        }
    }

    pub fn is_playing(&self) -> bool {
        self.ending.is_none() && matches!(self.game.status(), Status::Playing)
    }

    /// The clock's start seat to move: the player now playing the side to move.
    pub fn seat_to_move(&self) -> Side {
        self.seat_playing(self.game.position().to_move())
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

/// A clock as stored (JSON of its [`ClockState`]).
pub fn clock_text(c: &Clock) -> String {
    serde_json::to_string(&c.state()).unwrap_or_default()
}
