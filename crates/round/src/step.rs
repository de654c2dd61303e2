//! The actions on a round: each answers a [`Step`] to store, or a typed [`Refusal`].

use crate::round::{EndKind, Ending, Opponent, Round};
use kalah_online::{flag_result, Clock, ClockState, Expiry, FlagResult};
use kalah_rules::{GameError, IllegalMove, Move, Side};

/// How long a timed friend game waits for the friend to open the invitation before it is
/// aborted without a result (the first-move clock starts only when both are there).
pub const FRIEND_WAIT_MS: i64 = 24 * 60 * 60 * 1000;

/// What one action did: the round as it leaves it, and what to store for it. The caller
/// stores `update` (in one transaction, with whatever else it keeps beside the game) and only
/// then takes `next` as the game's state; if the store fails, nothing happened.
#[derive(Debug, Clone)]
pub struct Step {
    pub next: Round,
    pub update: Update,
}

impl Step {
    /// The score of start seat South when this step ends a game with a result (to rate).
    pub fn result(&self) -> Option<f64> {
        if self.next.is_playing() {
            None
        } else {
            self.next.score_south()
        }
    }

    /// The clock's next deadline, while the game goes on (a timer to keep).
    pub fn deadline(&self) -> Option<Expiry> {
        self.next.expiry()
    }

    /// Whether the computer is to move after this step (its search is due).
    pub fn computer_due(&self) -> bool {
        self.next.computer_to_move()
    }
}

/// What a step changes in the stored game.
#[derive(Debug, Clone, PartialEq)]
pub enum Update {
    /// A move: the game's `ply`-th (from 1), its status after it, and the clock as the move
    /// leaves it (a timed game).
    Move {
        ply: u32,
        mv: Move,
        status: &'static str,
        at: i64,
        clock: Option<ClockState>,
        comment: Option<String>,
    },
    /// The player of `side` (a side, as it is now) resigned.
    Resign { side: Side, at: i64 },
    /// The game ended off the board.
    End { ending: Ending, at: i64 },
}

/// How long the opponent of a claimant has been away, as the sockets of every server see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Away {
    /// A socket of the opponent's seat is open somewhere.
    pub present: bool,
    /// When the opponent's last socket closed (None: not since the server started).
    pub left_at: Option<i64>,
}

/// Why an action was refused. Each has a stable `code` (the API's error codes).
#[derive(Debug, Clone, thiserror::Error)]
pub enum Refusal {
    #[error("the game is over; no more moves can be played")]
    GameOver,
    #[error("this move answers ply {given} but the game is at ply {at}; reload the game")]
    StalePly { given: u64, at: u64 },
    #[error("it is {to_move}'s turn, not yours; wait for your opponent")]
    NotYourTurn { to_move: Side },
    /// A friend game's first move before the friend opened the game.
    #[error("your friend has not opened the game yet; send them the invitation link and move once they have")]
    FriendNotJoined,
    /// The move is not legal here (the message says why).
    #[error("{0}")]
    Illegal(String),
    /// The mover's time (or first-move deadline) was up before the move came: the step ends
    /// the game by the clock, and the caller stores it before it answers the refusal.
    #[error("{}", time_up_message(.0))]
    TimeUp(Box<Step>),
    /// The clock refused the move (its own consistency check).
    #[error("{0}")]
    Clock(String),
    #[error("only a game between two people on a clock can be claimed")]
    NoClaim,
    #[error("your opponent is connected (or has not left since the server started); wait for their move")]
    OpponentConnected,
    #[error("your opponent left {} s ago; you may claim the game in {} s if they do not come back", .waited_ms / 1000, (.grace_ms - .waited_ms + 999) / 1000)]
    TooEarly { waited_ms: i64, grace_ms: i64 },
}

fn time_up_message(step: &Step) -> String {
    let what = match step.next.ending.map(|e| e.kind) {
        Some(EndKind::Aborted) => {
            "the first move did not come within its time, so the game is aborted"
        }
        _ => "your time ran out before this move arrived, so the game ended on time",
    };
    format!("{what}; reload the game to see the result")
}

impl Refusal {
    /// The API's error code.
    pub fn code(&self) -> &'static str {
        match self {
            Refusal::GameOver => "game_over",
            Refusal::StalePly { .. } => "stale_ply",
            Refusal::NotYourTurn { .. } => "not_your_turn",
            Refusal::FriendNotJoined => "friend_not_joined",
            Refusal::Illegal(_) => "illegal_move",
            Refusal::TimeUp(_) | Refusal::Clock(_) => "time_up",
            Refusal::NoClaim => "no_claim",
            Refusal::OpponentConnected => "opponent_connected",
            Refusal::TooEarly { .. } => "too_early",
        }
    }
}

impl Round {
    /// Whether the player of start seat `seat` may move now, answering ply `ply` (the number
    /// of moves they saw; None: whatever the game is at): the game goes on, the ply is the
    /// game's, and it is their turn.
    pub fn may_move(&self, seat: Side, ply: Option<u64>) -> Result<(), Refusal> {
        if !self.is_playing() {
            return Err(Refusal::GameOver);
        }
        let at = self.game.moves().len() as u64;
        if let Some(given) = ply.filter(|p| *p != at) {
            return Err(Refusal::StalePly { given, at });
        }
        let to_move = self.game.position().to_move();
        if self.side_of_seat(seat) != to_move {
            return Err(Refusal::NotYourTurn { to_move });
        }
        if self.waits_for_friend(seat) {
            return Err(Refusal::FriendNotJoined);
        }
        Ok(())
    }

    /// Whether the player of start seat `seat` waits for their friend to open the game
    /// before the first move: the host of a friend game does not play alone into a link
    /// nobody has opened. The lobby's players are named and sent to the game at once.
    pub fn waits_for_friend(&self, seat: Side) -> bool {
        let other = seat.opponent();
        self.opponent == Opponent::Friend
            && self.game.moves().is_empty()
            && !self.joined[other]
            && self.names[other].is_none()
    }

    /// The player of start seat `seat` opens the game at `now`. Answers whether that started
    /// the clock again: a friend game's first-move deadline runs from when both players are
    /// there, not from when the host made the game.
    pub fn join(&mut self, seat: Side, now: i64) -> bool {
        let waited = self.waits_for_friend(seat.opponent());
        self.joined[seat] = true;
        let Some(c) = self.clock.filter(|_| waited && self.is_playing()) else {
            return false;
        };
        self.clock = Some(Clock::start(
            c.control(),
            self.game.position().to_move(),
            now,
        ));
        self.clock_at = now;
        true
    }

    /// The player of start seat `seat` plays `mv` at `now`, answering ply `ply`: checked as
    /// [`Round::may_move`], then against the clock (a move after the time was up ends the
    /// game by the clock instead: [`Refusal::TimeUp`]) and the rules.
    pub fn play(&self, seat: Side, mv: Move, ply: Option<u64>, now: i64) -> Result<Step, Refusal> {
        self.play_with(seat, mv, ply, None, now)
    }

    /// [`Round::play`] with the comment the player sent with the move (KGP).
    pub fn play_with(
        &self,
        seat: Side,
        mv: Move,
        ply: Option<u64>,
        comment: Option<String>,
        now: i64,
    ) -> Result<Step, Refusal> {
        self.may_move(seat, ply)?;
        if let Some(step) = self.expire(now) {
            return Err(Refusal::TimeUp(Box::new(step)));
        }
        let mut next = self.clone();
        next.game.play(mv).map_err(|e| match e {
            GameError::Illegal(IllegalMove::GameOver) | GameError::Resigned => Refusal::GameOver,
            other => Refusal::Illegal(other.to_string()),
        })?;
        let passes = !next.is_playing() || next.seat_to_move() != seat;
        if let Some(c) = next.clock.as_mut() {
            c.on_move(seat, now, passes)
                .map_err(|e| Refusal::Clock(e.to_string()))?;
            next.clock_at = now;
        }
        let ply = next.game.moves().len() as u32;
        if comment.is_some() || !next.comments.is_empty() {
            next.comments.resize(ply as usize - 1, None);
            next.comments.push(comment.clone());
        }
        next.updated_at = now;
        let update = Update::Move {
            ply,
            mv,
            status: next.status_name(),
            at: now,
            clock: next.clock.map(|c| c.state()),
            comment,
        };
        Ok(Step { next, update })
    }

    /// The player of start seat `seat` resigns at `now`.
    pub fn resign(&self, seat: Side, now: i64) -> Result<Step, Refusal> {
        if !self.is_playing() {
            return Err(Refusal::GameOver);
        }
        let side = self.side_of_seat(seat);
        let mut next = self.clone();
        next.game.resign(side).map_err(|_| Refusal::GameOver)?;
        next.updated_at = now;
        Ok(Step {
            next,
            update: Update::Resign { side, at: now },
        })
    }

    /// The game ends off the board because of the player of start seat `by` (their clock,
    /// their connection): a loss, or a draw when the opponent could no longer win; an abort
    /// has no result.
    pub fn end_off_board(&self, kind: EndKind, by: Side, now: i64) -> Result<Step, Refusal> {
        if !self.is_playing() {
            return Err(Refusal::GameOver);
        }
        let draw = kind != EndKind::Aborted
            && flag_result(self.game.position(), self.side_of_seat(by)) == FlagResult::Draw;
        let ending = Ending { kind, by, draw };
        let mut next = self.clone();
        next.ending = Some(ending);
        next.updated_at = now;
        Ok(Step {
            next,
            update: Update::End { ending, at: now },
        })
    }

    /// The clock's next deadline while the game goes on: the clock's own, except while the
    /// host of a friend game waits for their friend to open it, when the first-move clock has
    /// not started and the game is aborted only [`FRIEND_WAIT_MS`] after it was made.
    pub fn expiry(&self) -> Option<Expiry> {
        let c = self.clock.filter(|_| self.is_playing())?;
        let e = c.expiry();
        // The clock counts by start seat.
        if self.waits_for_friend(e.side()) {
            return Some(Expiry::Abort {
                side: e.side(),
                at_ms: self.created_at + FRIEND_WAIT_MS,
            });
        }
        Some(e)
    }

    /// The deadline of [`Round::expiry`], if it has passed at `now`.
    pub fn expired(&self, now: i64) -> Option<Expiry> {
        self.expiry().filter(|e| now >= e.at_ms())
    }

    /// The game's end by the clock, if its time is up at `now`: an abort when a first move
    /// did not come in time (or a friend never opened the game), a flag fall otherwise.
    pub fn expire(&self, now: i64) -> Option<Step> {
        let e = self.expired(now)?;
        self.end_by_clock(e, now).ok()
    }

    /// The end a clock's expiry `e` makes (the clock job of a server that knows it is due).
    pub fn end_by_clock(&self, e: Expiry, now: i64) -> Result<Step, Refusal> {
        let kind = match e {
            Expiry::Abort { .. } => EndKind::Aborted,
            Expiry::Flag { .. } => EndKind::Timeout,
        };
        self.end_off_board(kind, e.side(), now)
    }

    /// Whether the game can be claimed at all (before asking whether the opponent is away):
    /// it goes on, between two people on a clock.
    pub fn may_claim(&self) -> Result<(), Refusal> {
        if !self.is_playing() {
            return Err(Refusal::GameOver);
        }
        if self.clock.is_none() || self.opponent != Opponent::Friend {
            return Err(Refusal::NoClaim);
        }
        Ok(())
    }

    /// The player of start seat `seat` claims the game because their opponent has been away
    /// (`away`, as every server's sockets see it) for `grace_ms`: only in a game between two
    /// people on a clock.
    pub fn claim(&self, seat: Side, away: Away, grace_ms: i64, now: i64) -> Result<Step, Refusal> {
        self.may_claim()?;
        let Some(left) = away.left_at.filter(|_| !away.present) else {
            return Err(Refusal::OpponentConnected);
        };
        let waited = now.saturating_sub(left);
        if waited < grace_ms {
            return Err(Refusal::TooEarly {
                waited_ms: waited,
                grace_ms,
            });
        }
        self.end_off_board(EndKind::Abandoned, seat.opponent(), now)
    }
}
