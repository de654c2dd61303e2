//! The round's state and what can be asked of it without changing it.
//!
//! Seats are named by where the players sat at the start ("start seats"). A pie-rule swap
//! exchanges the players' sides, so the side a start seat plays now can differ; clocks,
//! tokens and ratings stay with the start seats.

use kalah_engine::Level;
use kalah_online::{Clock, TimeControl};
use kalah_rules::{BySide, Game, Position, Side, Status};

/// Who the players are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Opponent {
    /// A person against the computer at a level.
    Computer(Level),
    /// Two people, each with a seat of their own.
    Friend,
    /// Two people on one screen: one token holds both seats.
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

    /// The kind a stored status names, if it is an ending off the board.
    pub fn parse(status: &str) -> Option<EndKind> {
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

/// Everything a new round is made from. [`RoundSpec::new`] gives an untimed, unrated game
/// with nobody joined; set the rest by field.
#[derive(Debug, Clone)]
pub struct RoundSpec {
    pub id: String,
    pub start: Position,
    pub opponent: Opponent,
    /// The computer's start seat, in a game against the computer.
    pub computer_seat: Option<Side>,
    /// Each start seat's owner: the hash of its seat token (the round only compares seats;
    /// the door that reads a token hashes it).
    pub seat_owners: BySide<String>,
    /// Which start seats have opened the game.
    pub joined: BySide<bool>,
    /// Each start seat's player name, when the players named themselves (KGP, accounts).
    pub names: BySide<Option<String>>,
    /// The rules preset the game was created with, if any (shown, not used).
    pub preset: Option<String>,
    /// The rating ids of the players of the start seats, in a game between rated bots (or
    /// such a bot and a computer level of the KGP lobby).
    pub rated_ids: Option<BySide<String>>,
    pub time_control: Option<TimeControl>,
    /// Whether a game between people counts for their ratings.
    pub is_rated: bool,
    /// When the game is created (Unix ms): the first mover's first-move deadline runs from
    /// here.
    pub now: i64,
}

impl RoundSpec {
    pub fn new(id: &str, start: Position, opponent: Opponent, now: i64) -> RoundSpec {
        RoundSpec {
            id: id.to_string(),
            start,
            opponent,
            computer_seat: None,
            seat_owners: BySide::default(),
            joined: BySide::new(false, false),
            names: BySide::default(),
            preset: None,
            rated_ids: None,
            time_control: None,
            is_rated: false,
            now,
        }
    }
}

/// One game in play (or over).
#[derive(Debug, Clone)]
pub struct Round {
    pub id: String,
    pub game: Game,
    pub preset: Option<String>,
    pub opponent: Opponent,
    /// The computer's start seat.
    pub computer_seat: Option<Side>,
    /// SHA-256 of each start seat's token.
    pub token_hashes: BySide<String>,
    pub joined: BySide<bool>,
    pub created_at: i64,
    pub updated_at: i64,
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
    /// Whether the game counts for ratings: asked for by its creator (an account), or a KGP
    /// game between rated players (`rated`).
    pub is_rated: bool,
    /// How the game ended off the board, if it did.
    pub ending: Option<Ending>,
}

impl Round {
    /// A new game: the one place a round is made from its parts. A timed game's first
    /// mover's first-move deadline runs from `spec.now`.
    pub fn new(spec: RoundSpec) -> Round {
        let clock = spec
            .time_control
            .map(|tc| Clock::start(tc, spec.start.to_move(), spec.now));
        let mut round = Round {
            id: spec.id,
            game: Game::new(spec.start),
            preset: spec.preset,
            opponent: spec.opponent,
            computer_seat: spec.computer_seat,
            token_hashes: spec.seat_owners,
            joined: spec.joined,
            created_at: spec.now,
            updated_at: spec.now,
            names: spec.names,
            comments: Vec::new(),
            rated: spec.rated_ids,
            time_control: spec.time_control,
            clock,
            clock_at: spec.now,
            is_rated: spec.is_rated,
            ending: None,
        };
        round.set_names();
        round
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
        self.is_playing() && self.is_computer_seat(self.seat_to_move())
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

    /// The start seat a holder of `held` start seats acts for: the one to move if it holds
    /// both; None when it holds none.
    pub fn acting_seat(&self, held: BySide<bool>) -> Option<Side> {
        let mover = self.seat_to_move();
        if held[mover] {
            Some(mover)
        } else if held.south {
            Some(Side::South)
        } else if held.north {
            Some(Side::North)
        } else {
            None
        }
    }

    /// The score of the player of start seat South (1 a win, 0.5 a draw, 0 a loss) once the
    /// game is over with a result; None while it is played, and for an aborted game (no
    /// result). The one place a result becomes a rating score.
    pub fn score_south(&self) -> Option<f64> {
        if let Some(e) = self.ending {
            return match e.kind {
                EndKind::Aborted => None,
                _ if e.draw => Some(0.5),
                _ if e.by == Side::South => Some(0.0),
                _ => Some(1.0),
            };
        }
        // The winner is a side; the players are named by start seat.
        let side = self.side_of_seat(Side::South);
        match self.game.status() {
            Status::Playing => None,
            Status::Finished(o) => Some(match o.winner {
                Some(w) if w == side => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            }),
            Status::Resigned(r) => Some(if r == side { 0.0 } else { 1.0 }),
        }
    }
}
