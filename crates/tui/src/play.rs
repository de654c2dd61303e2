//! One game on screen: the record, who plays each seat, the animation and the computer's
//! work under way.

use crate::anim::{self, Picture};
use crate::app::Message;
use crate::settings::{Player, Speed};
use crate::theme::Mark;
use crate::worker::Ticket;
use kalah_rules::{BySide, Game, Move, Position, Side, Status};
use std::time::Instant;

/// A sowing being shown seed by seed.
#[derive(Debug, Clone)]
pub struct Animation {
    pub pictures: Vec<Picture>,
    pub index: usize,
    pub(crate) next_at: Instant,
    /// Told in the status line once the seeds have landed.
    pub(crate) message: Message,
}

/// One game in progress or finished.
#[derive(Debug)]
pub struct Play {
    pub game: Game,
    /// Who sits at each seat at the start (a pie-rule swap exchanges them later).
    pub people: BySide<Player>,
    /// Names by seat at the start.
    pub names: BySide<String>,
    pub speed: Speed,
    /// The house under the cursor (of the side a person is choosing for).
    pub cursor: u8,
    pub animation: Option<Animation>,
    /// Marks left by the last move.
    pub marks: Vec<Mark>,
    /// The computer (or a hint search) at work.
    pub thinking: Option<Ticket>,
    /// The computer's move, waiting for an animation to end.
    pub(crate) ready: Option<(Move, Instant)>,
    pub hint: Option<Move>,
    /// The ply shown while reviewing the moves.
    pub review: Option<usize>,
    pub paused: bool,
    pub saved_to: Option<String>,
    /// The game-over box was closed with Esc.
    pub summary_hidden: bool,
}

impl Play {
    pub(crate) fn new(
        game: Game,
        people: BySide<Player>,
        names: BySide<String>,
        speed: Speed,
    ) -> Play {
        let n = game.rules().houses();
        let mut play = Play {
            game,
            people,
            names,
            speed,
            cursor: 1,
            animation: None,
            marks: vec![Mark::None; 2 * n + 2],
            thinking: None,
            ready: None,
            hint: None,
            review: None,
            paused: false,
            saved_to: None,
            summary_hidden: false,
        };
        play.fix_cursor();
        play
    }

    fn seat(&self, side: Side) -> Side {
        if self.game.seats_swapped() {
            side.opponent()
        } else {
            side
        }
    }

    /// Who plays a side now.
    pub fn player(&self, side: Side) -> Player {
        self.people[self.seat(side)]
    }

    /// The name of who plays a side now.
    pub fn name(&self, side: Side) -> &str {
        &self.names[self.seat(side)]
    }

    /// The side with a short word for who plays it: "South (you)", "North (computer)",
    /// "North (Player 2)".
    pub fn who(&self, side: Side) -> String {
        match self.player(side) {
            Player::Person(0) => format!("{side} (you)"),
            Player::Computer(_) => format!("{side} (computer)"),
            Player::Person(_) => format!("{side} ({})", self.name(side)),
        }
    }

    /// Who sows, as the status line names them: "You sow", "The computer sows" in a game
    /// against the computer; the side ("South sows") when people share the keyboard.
    pub fn mover_words(&self, side: Side) -> String {
        if self.person_side().is_none() {
            return format!("{side} sows");
        }
        match self.player(side) {
            Player::Computer(_) => "The computer sows".to_string(),
            _ => "You sow".to_string(),
        }
    }

    pub fn position(&self) -> &Position {
        self.game.position()
    }

    pub fn is_over(&self) -> bool {
        self.game.status() != Status::Playing
    }

    /// The side the person at the keyboard plays, if exactly one side is a person's.
    pub fn person_side(&self) -> Option<Side> {
        let people: Vec<Side> = Side::ALL
            .into_iter()
            .filter(|&s| !self.player(s).is_computer())
            .collect();
        match people.as_slice() {
            [one] => Some(*one),
            _ => None,
        }
    }

    /// The side drawn at the bottom: the person's side against the computer, else South.
    pub fn bottom(&self) -> Side {
        self.person_side().unwrap_or(Side::South)
    }

    pub fn is_demo(&self) -> bool {
        Side::ALL.iter().all(|&s| self.player(s).is_computer())
    }

    /// True when a person chooses the next move and nothing is under way.
    pub fn person_to_move(&self) -> bool {
        !self.is_over()
            && self.review.is_none()
            && self.animation.is_none()
            && !self.player(self.position().to_move()).is_computer()
    }

    /// Puts the cursor on a house with seeds of the side to move.
    pub(crate) fn fix_cursor(&mut self) {
        let pos = *self.position();
        let side = pos.to_move();
        let n = pos.rules().houses() as u8;
        self.cursor = self.cursor.clamp(1, n.max(1));
        if pos.house(side, self.cursor).unwrap_or(0) > 0 {
            return;
        }
        // The nearest house with seeds.
        let best = (1..=n)
            .filter(|&h| pos.house(side, h).unwrap_or(0) > 0)
            .min_by_key(|&h| (h as i32 - self.cursor as i32).abs());
        if let Some(h) = best {
            self.cursor = h;
        }
    }

    pub(crate) fn cancel_thinking(&mut self) {
        if let Some(t) = self.thinking.take() {
            t.stop();
        }
        self.ready = None;
    }

    /// The mover of each move, as the person or computer who made it.
    pub(crate) fn movers(&self) -> Vec<Player> {
        let mut pos = *self.game.start();
        let mut swapped = false;
        let mut out = Vec::new();
        for &m in self.game.moves() {
            let side = pos.to_move();
            let seat = if swapped { side.opponent() } else { side };
            out.push(self.people[seat]);
            if m == Move::Swap {
                swapped = true;
            }
            pos.play_unchecked(m);
        }
        out
    }
}

/// The board picture to draw: counts and marks, from the animation, the review or the game.
pub fn board_picture(play: &Play) -> (Vec<u16>, Vec<Mark>) {
    if let Some(a) = &play.animation {
        if let Some(p) = a.pictures.get(a.index) {
            return (p.pits.clone(), p.marks.clone());
        }
    }
    if let Some(ply) = play.review {
        let pos = play.game.position_after(ply);
        let marks = if ply == 0 {
            vec![Mark::None; pos.pits().len()]
        } else {
            let mut before = play.game.position_after(ply - 1);
            let m = play.game.moves()[ply - 1];
            let b = before;
            match before.play(m) {
                Ok(s) => anim::marks_after(&b, &s),
                Err(_) => vec![Mark::None; pos.pits().len()],
            }
        };
        return (pos.pits().to_vec(), marks);
    }
    let pos = play.position();
    let mut marks = play.marks.clone();
    if let Some(Move::Sow(h)) = play.hint {
        let i = anim::pit_index(
            pos.rules().houses(),
            kalah_rules::Pit::House(pos.to_move(), h),
        );
        if let Some(m) = marks.get_mut(i) {
            *m = Mark::Hint;
        }
    }
    (pos.pits().to_vec(), marks)
}
