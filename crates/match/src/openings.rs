//! Candidate start positions for balanced opening suites, and the suite file format.
//!
//! Two ways to make candidates: FairKalah's (start from the standard position and move one or
//! two single seeds from a house to another house or a store), and the positions after a few
//! sowings from the start. The solver then keeps those whose exact value is within a margin.

use kalah_rules::{parse_setup, Move, Position, Rules, Setup, Side};
use std::collections::HashSet;

/// Format line that opens every suite file.
pub const HEADER: &str = "# kalah openings v1";

/// Every position made from the start by moving `seeds` single seeds, one at a time, from a
/// house to another house or to a store (South to move), without repeats, in a fixed order.
pub fn moved_seed_starts(rules: Rules, seeds: u32) -> Vec<Position> {
    let start = Position::start(rules, Side::South).to_setup();
    let mut level = vec![start.clone()];
    let mut seen: HashSet<String> = HashSet::new();
    let mut out = Vec::new();
    for _ in 0..seeds {
        let mut next = Vec::new();
        for setup in &level {
            for to_be in one_seed_moved(setup) {
                if seen.insert(to_be.to_string()) {
                    next.push(to_be);
                }
            }
        }
        level = next;
    }
    for setup in level {
        if let Ok(p) = Position::from_setup(rules, &setup) {
            if !p.is_over() && setup != start {
                out.push(p);
            }
        }
    }
    out
}

/// The pits of a setup as (side, house index or None for the store).
fn pits(n: usize) -> impl Iterator<Item = (Side, Option<usize>)> {
    [Side::South, Side::North]
        .into_iter()
        .flat_map(move |s| (0..n).map(move |h| (s, Some(h))).chain([(s, None)]))
}

fn one_seed_moved(setup: &Setup) -> Vec<Setup> {
    let n = setup.houses.south.len();
    let mut out = Vec::new();
    for (from_side, from) in pits(n) {
        let Some(from) = from else { continue };
        if setup.houses[from_side][from] == 0 {
            continue;
        }
        for (to_side, to) in pits(n) {
            if (to_side, to) == (from_side, Some(from)) {
                continue;
            }
            let mut s = setup.clone();
            s.houses[from_side][from] -= 1;
            match to {
                Some(h) => s.houses[to_side][h] += 1,
                None => s.stores[to_side] += 1,
            }
            out.push(s);
        }
    }
    out
}

/// Every position after exactly `sowings` sowings from the start (South first; a player's
/// extra turns count as sowings too), with the moves that reach it; positions reached twice
/// are kept once, with the first line found; finished games are left out.
pub fn sowing_starts(rules: Rules, sowings: u32) -> Vec<(Vec<Move>, Position)> {
    let mut level = vec![(Vec::new(), Position::start(rules, Side::South))];
    for _ in 0..sowings {
        let mut seen: HashSet<String> = HashSet::new();
        let mut next = Vec::new();
        for (line, pos) in &level {
            for &m in pos.legal_moves().iter() {
                if m == Move::Swap {
                    continue;
                }
                let mut p = *pos;
                p.play_unchecked(m);
                if !p.is_over() && seen.insert(p.to_string()) {
                    let mut l = line.clone();
                    l.push(m);
                    next.push((l, p));
                }
            }
        }
        level = next;
    }
    level
}

/// The positions of a suite file for `rules`. The message of an error says what to do.
pub fn read_suite(text: &str, rules: Rules) -> Result<Vec<Position>, String> {
    let mut lines = text.lines();
    if lines.next().map(str::trim_end) != Some(HEADER) {
        return Err(format!(
            "not an opening suite: its first line is not `{HEADER}` (make one with `kalah openings`)"
        ));
    }
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate().skip(1) {
        if let Some(r) = line.strip_prefix("# rules: ") {
            if r.trim() != rules.to_string() {
                return Err(format!(
                    "the suite is for the rules `{}`, not `{rules}`: give the matching rule flags",
                    r.trim()
                ));
            }
        }
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        // The position is the board and the side to move; the value and moves follow.
        let (board, rest) = line.split_at(line.find('>').map_or(line.len(), |e| e + 1));
        let side = rest.split_whitespace().next().unwrap_or("");
        let pos = parse_setup(&format!("{board} {side}"))
            .map_err(|e| e.to_string())
            .and_then(|s| Position::from_setup(rules, &s).map_err(|e| e.to_string()))
            .map_err(|e| format!("line {}: {e}", i + 1))?;
        if pos.is_over() {
            return Err(format!("line {}: the game is already over there", i + 1));
        }
        out.push(pos);
    }
    if out.is_empty() {
        return Err("the suite has no positions".into());
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moving_one_seed_of_kalah_6_4() {
        let rules: Rules = "standard".parse().unwrap();
        let starts = moved_seed_starts(rules, 1);
        // 12 houses, each to one of 13 other pits.
        assert_eq!(starts.len(), 12 * 13);
        assert!(starts
            .iter()
            .all(|p| p.total_seeds() == 48 && p.to_move() == Side::South));
        let two = moved_seed_starts(rules, 2);
        assert!(two.len() > starts.len());
        let distinct: HashSet<String> = two.iter().map(|p| p.to_string()).collect();
        assert_eq!(distinct.len(), two.len());
    }

    #[test]
    fn sowings_from_the_start() {
        let rules: Rules = "standard".parse().unwrap();
        // South's six first sowings; house 3 ends in the store, so South moves again.
        let one = sowing_starts(rules, 1);
        assert_eq!(one.len(), 6);
        for (line, pos) in &one {
            let mut p = Position::start(rules, Side::South);
            for &m in line {
                p.play(m).unwrap();
            }
            assert_eq!(&p, pos);
        }
        assert!(sowing_starts(rules, 2).len() > 6);
    }

    #[test]
    fn suites_are_read_for_their_rules_only() {
        let rules: Rules = "standard".parse().unwrap();
        let text = format!(
            "{HEADER}\n# rules: {rules}\n<6,0,0,3,5,4,4,4,4,4,4,4,4,4,4> S  +0\n<6,1,0,4,4,4,4,4,3,4,4,4,4,4,4> S  +0  3\n"
        );
        let suite = read_suite(&text, rules).unwrap();
        assert_eq!(suite.len(), 2);
        assert_eq!(suite[1].store(Side::South), 1);
        let other: Rules = "empty-capture".parse().unwrap();
        assert!(read_suite(&text, other).unwrap_err().contains("rule flags"));
        assert!(read_suite("hello", rules)
            .unwrap_err()
            .contains("kalah openings"));
        assert!(read_suite(&format!("{HEADER}\n<6,0,0,x> S  +0\n"), rules).is_err());
        assert!(read_suite(&format!("{HEADER}\n"), rules).is_err());
    }
}
