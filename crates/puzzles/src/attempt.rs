//! One person's try at a puzzle: their moves judged against the line, the computer's replies
//! taken from it. No search, no I/O: the terminal game drives it with keys, tests with calls.

use crate::puzzle::{Puzzle, Value};
use kalah_rules::{IllegalMove, Move, Position};

/// What a move of the solver turned out to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The line's move: it is played. `solved` when it was the line's last.
    Right { solved: bool },
    /// A legal move that keeps less than the best value: it is not played. `tried` is its
    /// value, `best` the line's move and its value.
    Wrong { tried: Value, best: Value },
    /// Not a legal move here.
    Illegal(IllegalMove),
    /// The computer's reply comes first, or the puzzle is solved.
    NotYourTurn,
}

/// A try at a puzzle.
#[derive(Debug, Clone)]
pub struct Attempt {
    pub puzzle: Puzzle,
    /// Sowings of the line played so far.
    pub ply: usize,
    /// Wrong moves tried so far.
    pub mistakes: u32,
    /// The solution was asked for.
    pub shown: bool,
}

impl Attempt {
    pub fn new(puzzle: Puzzle) -> Attempt {
        Attempt {
            puzzle,
            ply: 0,
            mistakes: 0,
            shown: false,
        }
    }

    /// The position now.
    pub fn position(&self) -> Position {
        self.puzzle.position_after(self.ply)
    }

    /// Every move of the line has been played.
    pub fn is_solved(&self) -> bool {
        self.ply >= self.puzzle.line.len()
    }

    /// Solved without a wrong move and without asking for the solution: a win for the rating.
    pub fn is_clean(&self) -> bool {
        self.is_solved() && self.mistakes == 0 && !self.shown
    }

    /// True when the next move of the line is the solver's.
    pub fn solver_to_move(&self) -> bool {
        !self.is_solved() && self.position().to_move() == self.puzzle.solver()
    }

    /// The next move of the line (the answer, on the solver's turn).
    pub fn next_move(&self) -> Option<Move> {
        self.puzzle.line.get(self.ply).copied()
    }

    /// The values of the solver's move now, in house order.
    pub fn values(&self) -> Option<&[Value]> {
        if !self.solver_to_move() {
            return None;
        }
        let index = self.puzzle.line[..self.ply]
            .iter()
            .scan(self.puzzle.position, |pos, &m| {
                let mine = pos.to_move() == self.puzzle.solver();
                pos.play_unchecked(m);
                Some(mine)
            })
            .filter(|&mine| mine)
            .count();
        self.puzzle.values.get(index).map(Vec::as_slice)
    }

    /// Judges a move of the solver; the line's move is played, any other is not.
    pub fn try_move(&mut self, m: Move) -> Verdict {
        if !self.solver_to_move() {
            return Verdict::NotYourTurn;
        }
        if let Err(e) = self.position().check(m) {
            return Verdict::Illegal(e);
        }
        let expected = self.puzzle.line[self.ply];
        if m == expected {
            self.ply += 1;
            return Verdict::Right {
                solved: self.is_solved(),
            };
        }
        self.mistakes += 1;
        let values = self.values().unwrap_or_default();
        let value_of = |mv: Move| {
            values
                .iter()
                .copied()
                .find(|v| v.mv == mv)
                .unwrap_or(Value { mv, value: 0 })
        };
        Verdict::Wrong {
            tried: value_of(m),
            best: value_of(expected),
        }
    }

    /// Plays the computer's reply when it is next, and returns it.
    pub fn reply(&mut self) -> Option<Move> {
        if self.is_solved() || self.solver_to_move() {
            return None;
        }
        let m = self.puzzle.line[self.ply];
        self.ply += 1;
        Some(m)
    }

    /// Shows the answer: the solver's next move (the try no longer counts as clean).
    pub fn show(&mut self) -> Option<Move> {
        if !self.solver_to_move() {
            return None;
        }
        self.shown = true;
        self.next_move()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Puzzle;
    use crate::themes::themes_of;
    use kalah_rules::{parse_setup, Rules};

    /// South: house 6 ends in the store; then house 4 captures North's 6 seeds and ends the
    /// game. (The values are made up: only their order matters here.)
    fn puzzle() -> Puzzle {
        let position = Position::from_setup(
            Rules::standard(),
            &parse_setup("<6,18,20,0,0,0,1,0,1,0,6,0,0,0,1> S").unwrap(),
        )
        .unwrap();
        let v = |h: u8, value: i32| Value {
            mv: Move::Sow(h),
            value,
        };
        let mut p = Puzzle {
            id: Puzzle::id_of(&position),
            position,
            line: vec![Move::Sow(6), Move::Sow(4)],
            values: vec![vec![v(4, -6), v(6, 4)], vec![v(4, 4)]],
            themes: Vec::new(),
            rating: 1200,
            source: "test".into(),
        };
        p.themes = themes_of(&p);
        p.validate().unwrap();
        p
    }

    #[test]
    fn a_wrong_move_is_told_and_not_played_and_the_right_one_is() {
        let mut a = Attempt::new(puzzle());
        assert!(a.solver_to_move());
        match a.try_move(Move::Sow(4)) {
            Verdict::Wrong { tried, best } => {
                assert_eq!((tried.mv, tried.value), (Move::Sow(4), -6));
                assert_eq!((best.mv, best.value), (Move::Sow(6), 4));
            }
            v => panic!("{v:?}"),
        }
        assert_eq!(a.ply, 0);
        assert!(matches!(a.try_move(Move::Sow(1)), Verdict::Illegal(_)));
        assert_eq!(a.try_move(Move::Sow(6)), Verdict::Right { solved: false });
        // The extra turn: the solver moves again, no reply between.
        assert_eq!(a.reply(), None);
        assert_eq!(a.try_move(Move::Sow(4)), Verdict::Right { solved: true });
        assert!(a.is_solved());
        assert!(!a.is_clean(), "a mistake was made");
        assert_eq!(a.try_move(Move::Sow(5)), Verdict::NotYourTurn);
    }

    #[test]
    fn showing_the_move_spoils_a_clean_solve() {
        let mut a = Attempt::new(puzzle());
        assert_eq!(a.show(), Some(Move::Sow(6)));
        a.try_move(Move::Sow(6));
        a.try_move(Move::Sow(4));
        assert!(a.is_solved() && !a.is_clean());
    }

    #[test]
    fn the_themes_come_from_the_line() {
        use crate::Theme;
        assert_eq!(
            puzzle().themes,
            [Theme::Capture, Theme::StoreRace, Theme::Sweep]
        );
    }
}
