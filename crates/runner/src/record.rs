//! A finished game as a game record (`docs/notation.md`) that carries everything the match
//! counted, so that a stopped match can be resumed from its records file: tags for the
//! players (by seat, `A: ...` and `B: ...`), the game's number and opening and, unless it was
//! played out, a `Termination` in words; after the moves, one comment line per move of the
//! players with the time it took and the score and depth the program gave with it, in the
//! spirit of a PGN's `{+0.31/12 0.5s}` comments:
//!
//! ```text
//! # move 1 A 3 time 12.345 score +4 depth 9
//! # move 2 B 6 time 0.412
//! ```
//!
//! Comment lines are skipped by every record reader, so the records stay plain game records.

use crate::adjudicate::Verdict;
use crate::fault::Fault;
use crate::game::{result_of, Ending, GameRecord, MoveData};
use kalah_engine::{Thinking, MAX_PLIES};
use kalah_engine_protocol::Depth;
use kalah_rules::{BySide, Game, Move, Side};
use std::fmt::Write;
use std::time::Duration;

/// What a match writes into each of its records besides the game.
pub struct RecordHead<'a> {
    /// The `Event` tag: `kalah match`, `kalah tournament`.
    pub event: &'a str,
    /// The players as written on the command line.
    pub a: &'a str,
    pub b: &'a str,
    /// More tags, after `Game` and `Opening`.
    pub tags: &'a [(String, String)],
}

/// How a game ended, in words, unless it was played to the end.
pub fn termination(ending: &Ending) -> Option<String> {
    match ending {
        Ending::Played => None,
        Ending::PlyLimit => Some(format!("stopped after {MAX_PLIES} plies, scored as a draw")),
        Ending::Adjudicated(v) => Some(format!(
            "adjudicated by the solver: value {:+} for {} to move",
            v.value, v.to_move
        )),
        Ending::Forfeit { seat, fault } => {
            Some(format!("{} {fault}", if *seat == 0 { "A" } else { "B" }))
        }
        Ending::Aborted => Some("abandoned: the match was stopped".into()),
    }
}

/// Reads [`termination`]'s words back.
fn ending_from(text: Option<&str>) -> Result<Ending, String> {
    let Some(t) = text else {
        return Ok(Ending::Played);
    };
    if t.starts_with("stopped after ") {
        return Ok(Ending::PlyLimit);
    }
    if t.starts_with("abandoned") {
        return Ok(Ending::Aborted);
    }
    if let Some(rest) = t.strip_prefix("adjudicated by the solver: value ") {
        let mut w = rest.split_whitespace();
        let value = w.next().and_then(|v| v.parse::<i32>().ok());
        let side = match (w.next(), w.next()) {
            (Some("for"), Some("South")) => Some(Side::South),
            (Some("for"), Some("North")) => Some(Side::North),
            _ => None,
        };
        if let (Some(value), Some(to_move)) = (value, side) {
            return Ok(Ending::Adjudicated(Verdict { value, to_move }));
        }
    }
    let (seat, fault) = match t.split_once(' ') {
        Some(("A", f)) => (0, f),
        Some(("B", f)) => (1, f),
        _ => return Err(format!("cannot read the Termination {t:?}")),
    };
    type Make = fn(String) -> Fault;
    let kinds: [(&str, Make); 4] = [
        ("could not start: ", Fault::Start),
        ("crashed: ", Fault::Crash),
        ("lost on time: ", Fault::Timeout),
        ("illegal move: ", Fault::Illegal),
    ];
    for (prefix, make) in kinds {
        if let Some(why) = fault.strip_prefix(prefix) {
            return Ok(Ending::Forfeit {
                seat,
                fault: make(why.to_string()),
            });
        }
    }
    Err(format!("cannot read the Termination {t:?}"))
}

/// The side A sits on at the start of game `index` (A is South in even games).
fn a_start_side(a_first: bool) -> Side {
    if a_first {
        Side::South
    } else {
        Side::North
    }
}

/// Writes game `g` as a record.
pub fn write_record(head: &RecordHead<'_>, g: &GameRecord) -> String {
    let mut game = Game::new(g.start);
    let (a, b) = (format!("A: {}", head.a), format!("B: {}", head.b));
    game.players = if g.a_first {
        BySide::new(a, b)
    } else {
        BySide::new(b, a)
    };
    game.tags.push(("Event".into(), head.event.into()));
    game.tags.push(("Game".into(), (g.index + 1).to_string()));
    if !g.opening.is_empty() {
        let opening: Vec<String> = g.opening.iter().map(Move::to_string).collect();
        game.tags.push(("Opening".into(), opening.join(" ")));
    }
    game.tags.extend(head.tags.iter().cloned());
    if let Some(t) = termination(&g.ending) {
        game.tags.push(("Termination".into(), t));
    }
    for &m in g.opening.iter().chain(&g.moves) {
        if game.play(m).is_err() {
            break;
        }
    }
    // The record format has no word for a forfeit: the loser resigns where it failed, so
    // that the result says who lost; `Termination` says why.
    if let Ending::Forfeit { seat, .. } = &g.ending {
        let a_side = if game.seats_swapped() {
            a_start_side(g.a_first).opponent()
        } else {
            a_start_side(g.a_first)
        };
        let loser = if *seat == 0 {
            a_side
        } else {
            a_side.opponent()
        };
        let _ = game.resign(loser);
    }
    let mut out = game.to_record();
    for (n, ((m, d), seat)) in g
        .moves
        .iter()
        .zip(&g.move_data)
        .zip(seats_of_moves(g))
        .enumerate()
    {
        let _ = write!(
            out,
            "# move {} {} {m} time {:.3}",
            n + 1,
            ["A", "B"][seat],
            d.took.as_secs_f64() * 1000.0
        );
        if let Some(s) = d.score {
            let _ = write!(out, " score {s:+}");
        }
        match d.depth {
            Some(Depth::Sowings(k)) => {
                let _ = write!(out, " depth {k}");
            }
            Some(Depth::End) => out.push_str(" depth end"),
            None => {}
        }
        out.push('\n');
    }
    out
}

/// The seat (0 = A, 1 = B) that played each of the players' moves.
fn seats_of_moves(g: &GameRecord) -> Vec<usize> {
    let mut pos = g.start;
    for &m in &g.opening {
        pos.play_unchecked(m);
    }
    let mut a_side = a_start_side(g.a_first);
    let mut out = Vec::with_capacity(g.moves.len());
    for &m in &g.moves {
        out.push(usize::from(pos.to_move() != a_side));
        pos.play_unchecked(m);
        if m == Move::Swap {
            a_side = a_side.opponent();
        }
    }
    out
}

/// Reads a record written by [`write_record`] back: the game as the match counted it, and
/// the record's game (for its tags).
///
/// # Errors
/// What cannot be read: the record itself, a tag or a move line.
pub fn read_record(text: &str) -> Result<(GameRecord, Game), String> {
    let game = Game::from_record(text).map_err(|e| e.to_string())?;
    let tag = |k: &str| {
        game.tags
            .iter()
            .find(|(n, _)| n == k)
            .map(|(_, v)| v.as_str())
    };
    let index = tag("Game")
        .and_then(|n| n.parse::<usize>().ok())
        .filter(|&n| n >= 1)
        .ok_or("no Game tag with the game's number")?
        - 1;
    let opening = match tag("Opening") {
        Some(o) => o
            .split_whitespace()
            .map(|m| m.parse::<Move>().map_err(|e| format!("Opening {o:?}: {e}")))
            .collect::<Result<Vec<_>, _>>()?,
        None => Vec::new(),
    };
    let all = game.moves();
    if !all.starts_with(&opening) {
        return Err("the moves do not start with the opening".into());
    }
    let moves = all[opening.len()..].to_vec();
    let mut ending = ending_from(tag("Termination"))?;
    if ending == Ending::Played && !game.position().is_over() {
        return Err("a game that is not over has no Termination".into());
    }
    if let Ending::Forfeit { .. } = ending {
        // Kept as written; the resignation is the record's way of saying it.
    } else if matches!(game.status(), kalah_rules::Status::Resigned(_)) {
        return Err("a resignation without a forfeit in Termination".into());
    }
    let mut move_data = Vec::with_capacity(moves.len());
    for line in text.lines().map(str::trim) {
        let Some(rest) = line.strip_prefix("# move ") else {
            continue;
        };
        move_data.push(read_move_line(rest).map_err(|e| format!("{line:?}: {e}"))?);
    }
    if move_data.len() != moves.len() {
        return Err(format!(
            "{} move lines for {} moves",
            move_data.len(),
            moves.len()
        ));
    }
    let a_first = index.is_multiple_of(2);
    let mut g = GameRecord {
        index,
        start: *game.start(),
        opening,
        a_first,
        moves,
        move_data,
        score_a: 0.0,
        margin_a: 0,
        ending: Ending::Played,
        thinking_a: Thinking::default(),
        thinking_b: Thinking::default(),
    };
    let seats = seats_of_moves(&g);
    for (d, &seat) in g.move_data.iter().zip(&seats) {
        let t = if seat == 0 {
            &mut g.thinking_a
        } else {
            &mut g.thinking_b
        };
        t.moves += 1;
        t.total += d.took;
        t.longest = t.longest.max(d.took);
    }
    let mut a_side = a_start_side(a_first);
    if game.seats_swapped() {
        a_side = a_side.opponent();
    }
    let mut end = *game.start();
    for &m in game.moves() {
        end.play_unchecked(m);
    }
    std::mem::swap(&mut g.ending, &mut ending);
    (g.score_a, g.margin_a) = result_of(&g.ending, &end, a_side);
    Ok((g, game))
}

/// `N A|B MOVE time MS [score V] [depth D|end]`.
fn read_move_line(rest: &str) -> Result<MoveData, String> {
    let w: Vec<&str> = rest.split_whitespace().collect();
    if w.len() < 5 || w[3] != "time" {
        return Err("expected `# move N A|B MOVE time MS ...`".into());
    }
    let ms: f64 = w[4].parse().map_err(|_| "bad time")?;
    if !(ms.is_finite() && ms >= 0.0) {
        return Err("bad time".into());
    }
    let mut d = MoveData {
        took: Duration::from_micros((ms * 1000.0).round() as u64),
        ..MoveData::default()
    };
    let mut i = 5;
    while i + 1 < w.len() {
        match w[i] {
            "score" => d.score = Some(w[i + 1].parse().map_err(|_| "bad score")?),
            "depth" if w[i + 1] == "end" => d.depth = Some(Depth::End),
            "depth" => d.depth = Some(Depth::Sowings(w[i + 1].parse().map_err(|_| "bad depth")?)),
            _ => {}
        }
        i += 2;
    }
    Ok(d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use kalah_rules::{Position, Rules};

    fn game(ending: Ending, index: usize) -> GameRecord {
        let start = Position::start(Rules::standard(), Side::South);
        let opening = vec![Move::Sow(3), Move::Sow(1)];
        let moves = vec![Move::Sow(6), Move::Sow(2), Move::Sow(5)];
        let move_data = vec![
            MoveData {
                took: Duration::from_micros(12_345),
                score: Some(4),
                depth: Some(Depth::Sowings(9)),
            },
            MoveData {
                took: Duration::from_micros(412),
                score: None,
                depth: None,
            },
            MoveData {
                took: Duration::from_micros(7_000),
                score: Some(-2),
                depth: Some(Depth::End),
            },
        ];
        let mut g = GameRecord {
            index,
            start,
            opening,
            a_first: index.is_multiple_of(2),
            moves,
            move_data,
            score_a: 0.0,
            margin_a: 0,
            ending,
            thinking_a: Thinking::default(),
            thinking_b: Thinking::default(),
        };
        let mut end = start;
        for &m in g.opening.iter().chain(&g.moves) {
            end.play_unchecked(m);
        }
        let a_side = if g.a_first { Side::South } else { Side::North };
        (g.score_a, g.margin_a) = result_of(&g.ending, &end, a_side);
        g
    }

    #[test]
    fn records_read_back_as_the_match_counted_them() {
        let head = RecordHead {
            event: "kalah match",
            a: "engine:./bot",
            b: "club",
            tags: &[("Match".into(), "seed=1".into())],
        };
        for (ending, index) in [
            (
                Ending::Forfeit {
                    seat: 1,
                    fault: Fault::Timeout("took 90 ms with 0 ms left on its clock".into()),
                },
                0,
            ),
            (
                Ending::Forfeit {
                    seat: 0,
                    fault: Fault::Illegal("7 in <6,...> N: no such house".into()),
                },
                3,
            ),
            (
                Ending::Adjudicated(Verdict {
                    value: -3,
                    to_move: Side::North,
                }),
                4,
            ),
            (Ending::PlyLimit, 7),
        ] {
            let g = game(ending, index);
            let text = write_record(&head, &g);
            assert!(text.contains(" 6 time 12.345 score +4 depth 9\n"), "{text}");
            let (back, record) = read_record(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(back.index, g.index);
            assert_eq!(back.ending, g.ending);
            assert_eq!((back.score_a, back.margin_a), (g.score_a, g.margin_a));
            assert_eq!(back.move_data, g.move_data);
            assert_eq!(
                (back.moves.clone(), back.opening.clone()),
                (g.moves.clone(), g.opening.clone())
            );
            assert_eq!(
                back.thinking_a.total + back.thinking_b.total,
                Duration::from_micros(19_757)
            );
            assert!(record.tags.contains(&("Match".into(), "seed=1".into())));
        }
    }

    #[test]
    fn a_damaged_record_is_refused() {
        let head = RecordHead {
            event: "kalah match",
            a: "a",
            b: "b",
            tags: &[],
        };
        let text = write_record(&head, &game(Ending::PlyLimit, 0));
        // Cut short in its move lines, as a write stopped by a crash leaves it.
        let cut = &text[..text.rfind("# move").unwrap()];
        assert!(read_record(cut).unwrap_err().contains("move lines"));
        let no_number = text.replace("[Game \"1\"]\n", "");
        assert!(read_record(&no_number).is_err());
    }
}
