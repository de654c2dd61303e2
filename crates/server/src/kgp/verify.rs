//! Mode `verify`: the server sends a position and a legal move (`problem`), the client
//! answers with the board after it and whether it earned another turn (`solution`), and the
//! server says `ok` or what was wrong, then sends the next problem.

use super::link::Link;
use crate::token::random_u64;
use kalah_kgp::{kgp_rules, Board, Command};
use kalah_rules::{Move, Position, Side};

pub struct Verifier {
    boards: Vec<(usize, usize)>,
    /// The open problem: its ID, the board after the move (unswept and swept: a client may
    /// or may not move the remaining seeds to the stores when the move ends the game) and
    /// whether it was a repeat move.
    open: Option<(u64, Board, Board, bool)>,
}

/// A small random generator seeded from the OS, for random positions.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n.max(1)
    }
}

impl Verifier {
    pub fn new(boards: Vec<(usize, usize)>) -> Verifier {
        Verifier { boards, open: None }
    }

    /// Sends a new problem: a position reached by random moves, South to move.
    pub fn problem(&mut self, link: &Link) {
        let mut rng = Rng(random_u64() | 1);
        let (h, s) = self.boards[rng.below(self.boards.len())];
        let Ok(rules) = kgp_rules(h, s) else { return };
        let (pos, mv) = loop {
            let mut pos = Position::start(rules, Side::South);
            for _ in 0..rng.below(40) {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                pos.play_unchecked(legal[rng.below(legal.len())]);
            }
            let legal = pos.legal_moves();
            if pos.to_move() == Side::South && !legal.is_empty() {
                break (pos, legal[rng.below(legal.len())]);
            }
        };
        let mut after = pos;
        let sowing = after.play_unchecked(mv);
        let plain = Board::from_position(&after, Side::South);
        let mut swept = plain.clone();
        if let Some(o) = after.outcome() {
            swept.own_store = o.scores.south;
            swept.other_store = o.scores.north;
            swept
                .own
                .iter_mut()
                .chain(swept.other.iter_mut())
                .for_each(|h| *h = 0);
        }
        let id = link.next_id();
        let house = match mv {
            Move::Sow(h) => h as i64,
            Move::Swap => 0,
        };
        self.open = Some((id, plain, swept, sowing.extra_turn));
        link.send(
            &Command::new("problem")
                .with_id(id)
                .board(&Board::from_position(&pos, Side::South))
                .int(house),
        );
    }

    /// Checks a `solution`, answers it and sends the next problem.
    pub fn solution(&mut self, link: &Link, c: &Command) {
        let reply = |name: &str, text: Option<String>| {
            let mut r = Command::new(name);
            r.reference = c.id;
            if let Some(t) = text {
                r = r.text(t);
            }
            link.send(&r);
        };
        let Some((id, plain, swept, repeat)) = self.open.take() else {
            return reply("error", Some("there is no open problem".into()));
        };
        if c.reference.is_some_and(|r| r != id) {
            self.open = Some((id, plain, swept, repeat));
            return reply("error", Some(format!("the open problem is {id}")));
        }
        let board = c.arg(0).map(|a| a.as_board());
        let said_repeat = c.arg(1).and_then(|a| a.as_int()).map(|r| r != 0);
        match (board, said_repeat) {
            (Some(Ok(b)), Some(r)) if (b == plain || b == swept) && r == repeat => {
                reply("ok", None)
            }
            (Some(Ok(b)), Some(_)) if b != plain && b != swept => {
                reply("error", Some(format!("expected the board {plain}")))
            }
            (Some(Ok(_)), Some(_)) if repeat => reply("error", Some("it was a repeat move".into())),
            (Some(Ok(_)), Some(_)) => reply("error", Some("it was not a repeat move".into())),
            (Some(Err(e)), _) => reply("error", Some(e.to_string())),
            _ => reply(
                "error",
                Some("solution needs the board after the move and 1 or 0 for a repeat move".into()),
            ),
        }
        self.problem(link);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn right_and_wrong_solutions() {
        let (link, mut rx) = Link::new();
        let mut v = Verifier::new(vec![(6, 4)]);
        for _ in 0..20 {
            v.problem(&link);
            let line = rx.recv().await.unwrap();
            let p: Command = line.parse().unwrap();
            assert_eq!(p.name, "problem");
            let (id, plain, _, repeat) = v.open.clone().unwrap();
            assert_eq!(p.id, Some(id));
            let good: Command = format!("1@{id} solution {plain} {}", repeat as u8)
                .parse()
                .unwrap();
            v.solution(&link, &good);
            assert_eq!(
                rx.recv().await.unwrap(),
                "1 ok\r\n".replace("1 ok", "@1 ok")
            );
            rx.recv().await.unwrap(); // the next problem
            let (id, plain, _, repeat) = v.open.clone().unwrap();
            let bad: Command = format!("3@{id} solution {plain} {}", !repeat as u8)
                .parse()
                .unwrap();
            v.solution(&link, &bad);
            assert!(rx.recv().await.unwrap().starts_with("@3 error"));
            rx.recv().await.unwrap();
            v.open = None;
        }
    }
}
