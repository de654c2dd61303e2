//! Sowing shown seed by seed: a move becomes a list of board pictures.

use crate::theme::Mark;
use kalah_rules::{Move, Pit, Position, Side, Sowing};

/// Index of a pit in the position's pit array (see [`Position`]'s layout).
pub fn pit_index(houses: usize, pit: Pit) -> usize {
    match pit {
        Pit::House(Side::South, h) => h as usize - 1,
        Pit::Store(Side::South) => houses,
        Pit::House(Side::North, h) => houses + h as usize,
        Pit::Store(Side::North) => 2 * houses + 1,
    }
}

/// One picture of the board: seed counts and marks, in pit-array order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Picture {
    pub pits: Vec<u16>,
    pub marks: Vec<Mark>,
    /// How many animation steps this picture stays up.
    pub hold: u32,
}

/// The marks that stay on the board after a move: where it came from, where it ended,
/// what it captured and what the end swept.
pub fn marks_after(before: &Position, sowing: &Sowing) -> Vec<Mark> {
    let n = before.rules().houses();
    let mut marks = vec![Mark::None; 2 * n + 2];
    let Move::Sow(h) = sowing.mv else {
        return marks;
    };
    marks[pit_index(n, Pit::House(sowing.mover, h))] = Mark::Origin;
    if let Some(last) = sowing.last {
        marks[pit_index(n, last)] = Mark::Last;
    }
    if let Some(c) = sowing.capture {
        let own = pit_index(n, Pit::House(sowing.mover, c.house));
        marks[own] = Mark::Captured;
        marks[2 * n - own] = Mark::Captured;
        marks[pit_index(n, Pit::Store(sowing.mover))] = Mark::Captured;
    }
    if let Some(sweep) = sowing.sweep {
        for side in Side::ALL {
            if sweep[side] > 0 {
                marks[pit_index(n, Pit::Store(side))] = Mark::Swept;
            }
        }
    }
    marks
}

/// The pictures of a move from `before` to `after`: the house emptied, each seed landing,
/// then the capture and the final sweep if any. Empty for `swap`.
pub fn pictures(before: &Position, after: &Position, sowing: &Sowing) -> Vec<Picture> {
    let Move::Sow(h) = sowing.mv else {
        return Vec::new();
    };
    let n = before.rules().houses();
    let origin = pit_index(n, Pit::House(sowing.mover, h));
    let mut pits = before.pits().to_vec();
    let mut marks = vec![Mark::None; 2 * n + 2];
    marks[origin] = Mark::Origin;
    pits[origin] = 0;
    let mut out = vec![Picture {
        pits: pits.clone(),
        marks: marks.clone(),
        hold: 1,
    }];
    let mut prev: Option<usize> = None;
    for pit in before.sowing_path(h) {
        let i = pit_index(n, pit);
        pits[i] += 1;
        if let Some(p) = prev {
            if marks[p] == Mark::Sown {
                marks[p] = if p == origin {
                    Mark::Origin
                } else {
                    Mark::None
                };
            }
        }
        marks[i] = Mark::Sown;
        prev = Some(i);
        out.push(Picture {
            pits: pits.clone(),
            marks: marks.clone(),
            hold: 1,
        });
    }
    // The last seed stays up a little longer so the eye catches where it landed.
    if let Some(last) = out.last_mut() {
        last.hold = 2;
    }
    let end_marks = marks_after(before, sowing);
    if let Some(c) = sowing.capture {
        let own = pit_index(n, Pit::House(sowing.mover, c.house));
        let store = pit_index(n, Pit::Store(sowing.mover));
        let mut taken = pits.clone();
        taken[store] += taken[own] + taken[2 * n - own];
        taken[own] = 0;
        taken[2 * n - own] = 0;
        let mut m = end_marks.clone();
        for mark in m.iter_mut().filter(|x| **x == Mark::Swept) {
            *mark = Mark::None;
        }
        out.push(Picture {
            pits: taken,
            marks: m,
            hold: 4,
        });
    }
    out.push(Picture {
        pits: after.pits().to_vec(),
        marks: end_marks,
        hold: if sowing.sweep.is_some() { 4 } else { 1 },
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use kalah_rules::Rules;

    #[test]
    fn sowing_house_three_lands_in_the_store() {
        let before = Position::start(Rules::standard(), Side::South);
        let mut after = before;
        let s = after.play(Move::Sow(3)).unwrap();
        let pics = pictures(&before, &after, &s);
        // Emptied, four seeds, final.
        assert_eq!(pics.len(), 6);
        assert_eq!(pics[0].pits[2], 0);
        assert_eq!(pics[4].pits[6], 1);
        assert_eq!(pics[4].marks[6], Mark::Sown);
        assert_eq!(pics.last().unwrap().pits, after.pits());
        assert_eq!(pics.last().unwrap().marks[6], Mark::Last);
    }

    #[test]
    fn a_capture_gets_its_own_picture() {
        let rules = Rules::standard();
        let setup = kalah_rules::parse_setup("<6,0,0,1,0,0,0,0,2,0,0,0,0,5,0> S").unwrap();
        let before = Position::from_setup(rules, &setup).unwrap();
        let mut after = before;
        let s = after.play(Move::Sow(1)).unwrap();
        assert!(s.capture.is_some());
        let pics = pictures(&before, &after, &s);
        let capture = &pics[pics.len() - 2];
        assert_eq!(capture.pits[6], 6);
        assert_eq!(capture.marks[1], Mark::Captured);
    }
}
