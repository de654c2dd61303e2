//! The host's side of freeplay: one `state` request and the bot's answers to it. The KGP
//! server (`kalah serve`) and the match runner (`kalah match`) both keep their requests here,
//! so a bot's `move` and `yield` count the same way on either.

use crate::line::Command;
use kalah_rules::{Move, Position};
use std::fmt;

/// One open `ID state <board>` request: the last move the bot sent for it, and whether it
/// yielded.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Request {
    id: u64,
    best: Option<i64>,
    yielded: bool,
    /// A move came right after a yield that had none: the answer is complete.
    closed: bool,
}

/// What a line of the bot meant for the open request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Heard {
    /// `move k` for this request (not yet checked against the position).
    Move(i64),
    /// `yield` for this request.
    Yield,
    /// A `move` without a house number.
    NoHouse,
    /// Something else: another request's answer, or a command the caller handles.
    Other,
}

impl Request {
    pub fn new(id: u64) -> Request {
        Request {
            id,
            ..Request::default()
        }
    }

    /// The ID of the `state` line.
    pub fn id(&self) -> u64 {
        self.id
    }

    /// Takes one command of the bot. A `move` or `yield` counts when it names this request,
    /// or names none (lenient, as old clients write `move 3`). The last move counts until
    /// the bot yields; moves after the yield are ignored, except the first move after a
    /// yield that came with none (a known client race: the yield overtook its move).
    pub fn hear(&mut self, c: &Command) -> Heard {
        let ours = c.reference.is_none_or(|r| r == self.id);
        match c.name.as_str() {
            "move" if ours => match c.arg(0).and_then(|a| a.as_int()) {
                Some(k) => {
                    if !self.closed && (!self.yielded || self.best.is_none()) {
                        self.best = Some(k);
                        self.closed = self.yielded;
                    }
                    Heard::Move(k)
                }
                None => Heard::NoHouse,
            },
            "yield" if ours => {
                self.yielded = true;
                Heard::Yield
            }
            _ => Heard::Other,
        }
    }

    /// The house of the move that counts so far.
    pub fn best(&self) -> Option<i64> {
        self.best
    }

    /// The bot yielded (with or without a move).
    pub fn yielded(&self) -> bool {
        self.yielded
    }

    /// The bot yielded and a move is in hand: nothing it sends can change the answer.
    pub fn complete(&self) -> bool {
        self.yielded && self.best.is_some()
    }

    /// The `stop` that ends this request, with the host's own ID `id`.
    pub fn stop(&self, id: u64) -> Command {
        Command::new("stop").with_id(id).with_ref(self.id)
    }
}

/// A `move k` that is not a legal move in the position asked about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IllegalMove {
    pub house: i64,
    /// The legal houses, as the bot counts them.
    pub legal: Vec<u8>,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let legal: Vec<String> = self.legal.iter().map(u8::to_string).collect();
        write!(
            f,
            "move {} is not legal here (houses with seeds: {})",
            self.house,
            legal.join(", ")
        )
    }
}

impl std::error::Error for IllegalMove {}

/// House `k` of the player to move in `pos` as a legal move (KGP numbers the mover's houses
/// from 1, whichever side it sits on).
///
/// # Errors
/// [`IllegalMove`] when `k` is not a house of the board or the house is empty.
pub fn legal_move(pos: &Position, k: i64) -> Result<Move, IllegalMove> {
    let mv = u8::try_from(k).ok().filter(|&h| h >= 1).map(Move::Sow);
    match mv {
        Some(m) if pos.check(m).is_ok() => Ok(m),
        _ => Err(IllegalMove {
            house: k,
            legal: pos
                .legal_moves()
                .iter()
                .filter_map(|m| match m {
                    Move::Sow(h) => Some(*h),
                    Move::Swap => None,
                })
                .collect(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::kgp_rules;
    use kalah_rules::Side;

    fn line(s: &str) -> Command {
        s.parse().unwrap()
    }

    #[test]
    fn the_last_move_counts_until_the_yield() {
        let mut r = Request::new(4);
        assert_eq!(r.hear(&line("1@4 move 1")), Heard::Move(1));
        assert_eq!(r.hear(&line("3@2 move 5")), Heard::Other, "another request");
        r.hear(&line("5@4 move 2"));
        assert!(!r.yielded());
        assert_eq!(r.hear(&line("7@4 yield")), Heard::Yield);
        r.hear(&line("9@4 move 6"));
        assert_eq!(r.best(), Some(2), "a move after the yield is ignored");
        assert!(r.complete());
        assert_eq!(r.stop(6).to_string(), "6@4 stop");
    }

    #[test]
    fn a_move_that_follows_a_bare_yield_completes_the_answer() {
        let mut r = Request::new(8);
        r.hear(&line("@8 yield"));
        assert!(r.yielded() && !r.complete());
        r.hear(&line("@8 move 3"));
        r.hear(&line("@8 move 4"));
        assert_eq!(r.best(), Some(3));
        assert!(r.complete());
    }

    #[test]
    fn moves_without_a_reference_count_and_bad_ones_are_told_apart() {
        let mut r = Request::new(2);
        assert_eq!(r.hear(&line("move 5")), Heard::Move(5));
        assert_eq!(r.best(), Some(5));
        assert_eq!(r.hear(&line("@2 move")), Heard::NoHouse);
        assert_eq!(r.hear(&line("ping")), Heard::Other);
    }

    #[test]
    fn legal_moves_are_houses_with_seeds() {
        let pos = Position::start(kgp_rules(3, 1).unwrap(), Side::South);
        assert_eq!(legal_move(&pos, 2), Ok(Move::Sow(2)));
        let e = legal_move(&pos, 4).unwrap_err();
        assert_eq!(
            e.to_string(),
            "move 4 is not legal here (houses with seeds: 1, 2, 3)"
        );
        assert!(legal_move(&pos, 0).is_err());
        assert!(legal_move(&pos, -1).is_err());
        assert!(legal_move(&pos, 1 << 40).is_err());
    }
}
