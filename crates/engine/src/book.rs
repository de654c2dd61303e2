//! Opening books: the proven best moves of the first plies of common variants, so that the
//! `perfect` level plays exactly from the first move where the game is solved.
//!
//! A book is a text file made by `kalah book build`:
//!
//! ```text
//! kalah-book 1
//! # comments: how it was made
//! rules standard houses=6 seeds=4 ...
//! <6,0,0,4,4,4,4,4,4,4,4,4,4,4,4> S +8 3
//! ...
//! end 1234 crc32=0a1b2c3d
//! ```
//!
//! Each entry is a position, its exact value for the side to move and every move that keeps
//! that value (comma-separated). The `end` line counts the entries and carries a CRC-32 of the
//! entry lines, so a damaged or cut file is refused rather than trusted.

use crate::MoveValue;
use kalah_rules::{parse_setup, BySide, Move, Position, Rules, Setup, Side};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::OnceLock;

/// First line of every book file.
pub const BOOK_HEADER: &str = "kalah-book 1";

/// One position's exact facts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookEntry {
    /// Final margin for the side to move with best play.
    pub value: i32,
    /// Every move that keeps that value.
    pub best: Vec<Move>,
}

/// Why a book file was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BookError {
    #[error("not an opening book: the first line must be `{BOOK_HEADER}` (make one with `kalah book build`)")]
    Header,
    #[error("line {line}: {what}")]
    Line { line: usize, what: String },
    #[error("the book has no `rules` line before its entries")]
    NoRules,
    #[error("the book ends without its `end` line: it was cut short; build it again")]
    NoEnd,
    #[error("the book is damaged: {what}; build it again with `kalah book build`")]
    Damaged { what: String },
}

/// An opening book for one rule set.
#[derive(Debug, Clone)]
pub struct Book {
    rules: Rules,
    entries: HashMap<Position, BookEntry>,
}

impl Book {
    /// An empty book for `rules`.
    pub fn new(rules: Rules) -> Book {
        Book {
            rules,
            entries: HashMap::new(),
        }
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn insert(&mut self, pos: Position, entry: BookEntry) {
        self.entries.insert(pos, entry);
    }

    /// Every entry, in no particular order.
    pub fn entries(&self) -> impl Iterator<Item = (&Position, &BookEntry)> {
        self.entries.iter()
    }

    /// The entry of `pos`, also when the position is the book's with the sides swapped (a
    /// game where North moves first).
    pub fn get(&self, pos: &Position) -> Option<BookEntry> {
        if pos.rules() != self.rules {
            return None;
        }
        if let Some(e) = self.entries.get(pos) {
            return Some(e.clone());
        }
        let mirrored = mirror(pos)?;
        self.entries.get(&mirrored).cloned()
    }

    /// The book as text, entries sorted by their position string so that the same book is
    /// always the same file. `comments` go after the header, one `#` line each.
    pub fn to_text(&self, comments: &[String]) -> String {
        let mut lines: Vec<String> = self.entries.iter().map(|(pos, e)| e.line(pos)).collect();
        lines.sort();
        let mut crc = crc32fast::Hasher::new();
        for l in &lines {
            crc.update(l.as_bytes());
            crc.update(b"\n");
        }
        let mut out = String::new();
        let _ = writeln!(out, "{BOOK_HEADER}");
        for c in comments {
            let _ = writeln!(out, "# {c}");
        }
        let _ = writeln!(out, "rules {}", self.rules);
        for l in &lines {
            out.push_str(l);
            out.push('\n');
        }
        let _ = writeln!(out, "end {} crc32={:08x}", lines.len(), crc.finalize());
        out
    }

    /// Reads a book file, checking every entry against the rules and the `end` line's count
    /// and checksum.
    pub fn parse(text: &str) -> Result<Book, BookError> {
        let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
        match lines.next() {
            Some((_, l)) if l.trim_end() == BOOK_HEADER => {}
            _ => return Err(BookError::Header),
        }
        let mut book: Option<Book> = None;
        let mut crc = crc32fast::Hasher::new();
        let mut count = 0usize;
        for (n, raw) in lines {
            let line = raw.trim_end();
            let bad = |what: String| BookError::Line { line: n, what };
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if let Some(r) = line.strip_prefix("rules ") {
                if book.is_some() {
                    return Err(bad("a second `rules` line".into()));
                }
                let rules: Rules = r.parse().map_err(|e| bad(format!("bad rules: {e}")))?;
                book = Some(Book::new(rules));
                continue;
            }
            let b = book.as_mut().ok_or(BookError::NoRules)?;
            if let Some(end) = line.strip_prefix("end ") {
                return check_end(b, end, count, crc.finalize()).map(|()| book.unwrap());
            }
            let (pos, entry) = parse_line(b.rules, line).map_err(bad)?;
            crc.update(line.as_bytes());
            crc.update(b"\n");
            count += 1;
            if b.entries.insert(pos, entry).is_some() {
                return Err(bad(format!("{pos} appears twice")));
            }
        }
        Err(if book.is_none() {
            BookError::NoRules
        } else {
            BookError::NoEnd
        })
    }
}

impl BookEntry {
    /// The entry's line in a book file: `<position> <side> <value> <moves>`.
    pub fn line(&self, pos: &Position) -> String {
        let moves: Vec<String> = self.best.iter().map(Move::to_string).collect();
        format!("{pos} {:+} {}", self.value, moves.join(","))
    }
}

/// Reads one entry line of a book of `rules`, checking the position and its moves. The
/// position string holds one space, so the line is split from the right.
pub fn parse_line(rules: Rules, line: &str) -> Result<(Position, BookEntry), String> {
    let mut parts = line.rsplitn(3, ' ');
    let (Some(moves), Some(value), Some(pos)) = (parts.next(), parts.next(), parts.next()) else {
        return Err(format!(
            "expected `<position> <side> <value> <moves>`, got {line:?}"
        ));
    };
    let setup = parse_setup(pos).map_err(|e| e.to_string())?;
    let pos = Position::from_setup(rules, &setup).map_err(|e| e.to_string())?;
    let value: i32 = value
        .parse()
        .map_err(|_| format!("bad value {value:?}: expected a whole number such as +8"))?;
    if value.unsigned_abs() > pos.total_seeds() {
        return Err(format!(
            "value {value} is beyond the {} seeds in play",
            pos.total_seeds()
        ));
    }
    let best = moves
        .split(',')
        .map(|m| m.parse::<Move>().map_err(|e| e.to_string()))
        .collect::<Result<Vec<Move>, String>>()?;
    if pos.is_over() {
        return Err(format!("{pos} is a finished game"));
    }
    if let Some(m) = best.iter().find(|&&m| pos.check(m).is_err()) {
        return Err(format!("{m} is not a legal move in {pos}"));
    }
    Ok((pos, BookEntry { value, best }))
}

fn check_end(book: &Book, end: &str, count: usize, crc: u32) -> Result<(), BookError> {
    let damaged = |what: String| BookError::Damaged { what };
    let mut words = end.split_whitespace();
    let said: usize = words
        .next()
        .and_then(|w| w.parse().ok())
        .ok_or_else(|| damaged(format!("bad end line {end:?}")))?;
    let sum = words
        .next()
        .and_then(|w| w.strip_prefix("crc32="))
        .and_then(|h| u32::from_str_radix(h, 16).ok())
        .ok_or_else(|| damaged(format!("bad end line {end:?}")))?;
    if said != count || book.entries.len() != count {
        return Err(damaged(format!(
            "the end line says {said} entries, the file has {count}"
        )));
    }
    if sum != crc {
        return Err(damaged(format!(
            "checksum {crc:08x} of the entries, the end line says {sum:08x}"
        )));
    }
    Ok(())
}

/// The position with the sides swapped (South's houses and store become North's), if it is
/// a position of the same rules.
fn mirror(pos: &Position) -> Option<Position> {
    let s = pos.to_setup();
    let swapped = Setup {
        stores: BySide {
            south: s.stores.north,
            north: s.stores.south,
        },
        houses: BySide {
            south: s.houses.north,
            north: s.houses.south,
        },
        to_move: s.to_move.opponent(),
        pie: s.pie,
    };
    Position::from_setup(pos.rules(), &swapped).ok()
}

/// The books that ship with the program, by file name.
const BUILTIN: &[(&str, &str)] = &[
    (
        "kalah-6-3-standard.book",
        include_str!("../../../books/kalah-6-3-standard.book"),
    ),
    (
        "kalah-6-3-empty-capture.book",
        include_str!("../../../books/kalah-6-3-empty-capture.book"),
    ),
    (
        "kalah-6-4-standard.book",
        include_str!("../../../books/kalah-6-4-standard.book"),
    ),
    (
        "kalah-6-4-empty-capture.book",
        include_str!("../../../books/kalah-6-4-empty-capture.book"),
    ),
    (
        "kalah-6-5-standard.book",
        include_str!("../../../books/kalah-6-5-standard.book"),
    ),
    (
        "kalah-6-5-empty-capture.book",
        include_str!("../../../books/kalah-6-5-empty-capture.book"),
    ),
];

/// The shipped books, read once. A shipped book that does not read is left out (the tests
/// read every one, so this does not happen in a release).
pub fn builtin() -> &'static [Book] {
    static BOOKS: OnceLock<Vec<Book>> = OnceLock::new();
    BOOKS.get_or_init(|| {
        BUILTIN
            .iter()
            .filter_map(|(_, text)| Book::parse(text).ok())
            .collect()
    })
}

/// The shipped book's entry for `pos`, if a book covers its rules and the position.
pub fn lookup(pos: &Position) -> Option<BookEntry> {
    builtin()
        .iter()
        .find(|b| b.rules == pos.rules())
        .and_then(|b| b.get(pos))
}

/// What the shipped books prove about a position (see [`proven`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Proven {
    /// The position's exact value and every best move.
    pub entry: BookEntry,
    /// Every move whose value the books prove, for the side to move, best first: the best
    /// moves, and the others that lead to a book position or end the game.
    pub moves: Vec<(Move, i32)>,
    /// A line of best moves, as far as the books follow it.
    pub line: Vec<Move>,
}

impl Proven {
    /// Gives each move of `values` that the books prove its exact value (a value the search
    /// proved stays), then sorts them best first; true where a value came from the books.
    pub fn settle(&self, values: &mut [MoveValue]) -> Vec<bool> {
        let mut marked: Vec<(MoveValue, bool)> = values
            .iter()
            .map(|&v| match self.moves.iter().find(|(m, _)| *m == v.mv) {
                Some(&(_, value)) if !v.exact => (
                    MoveValue {
                        value,
                        exact: true,
                        ..v
                    },
                    true,
                ),
                _ => (v, false),
            })
            .collect();
        marked.sort_by_key(|(v, _)| std::cmp::Reverse(v.value));
        for (slot, (v, _)) in values.iter_mut().zip(&marked) {
            *slot = *v;
        }
        marked.into_iter().map(|(_, b)| b).collect()
    }
}

/// What the shipped books prove about `pos`, for hints and analysis: exact at once where a
/// search of a second or two proves nothing (the start of Kalah(6,5) took 17 minutes).
pub fn proven(pos: &Position) -> Option<Proven> {
    let entry = lookup(pos)?;
    let me = pos.to_move();
    let mut moves: Vec<(Move, i32)> = pos
        .legal_moves()
        .iter()
        .filter_map(|&m| {
            if entry.best.contains(&m) {
                return Some((m, entry.value));
            }
            let mut next = *pos;
            next.play_unchecked(m);
            worth(&next, me).map(|v| (m, v))
        })
        .collect();
    moves.sort_by_key(|&(_, v)| std::cmp::Reverse(v));
    let mut line = Vec::new();
    let mut at = *pos;
    while let Some(e) = lookup(&at) {
        // Book entries are always of games under way; the cap is only a guard.
        if line.len() >= 64 {
            break;
        }
        line.push(e.best[0]);
        at.play_unchecked(e.best[0]);
    }
    Some(Proven { entry, moves, line })
}

/// The value of `pos` for `side`, where the game is over or the books know it.
fn worth(pos: &Position, side: Side) -> Option<i32> {
    if let Some(o) = pos.outcome() {
        return Some(o.scores[side] as i32 - o.scores[side.opponent()] as i32);
    }
    let v = lookup(pos)?.value;
    Some(if pos.to_move() == side { v } else { -v })
}

/// The shipped books' file names and texts (for `kalah book list` and the tests).
pub fn builtin_files() -> &'static [(&'static str, &'static str)] {
    BUILTIN
}

#[cfg(test)]
mod tests {
    use super::*;
    use kalah_rules::Side;

    fn small() -> Book {
        let rules: Rules = "standard houses=3 seeds=2".parse().unwrap();
        let start = Position::start(rules, Side::South);
        let mut b = Book::new(rules);
        b.insert(
            start,
            BookEntry {
                value: 2,
                best: vec![Move::Sow(2)],
            },
        );
        b
    }

    #[test]
    fn a_book_reads_back_what_it_wrote() {
        let b = small();
        let text = b.to_text(&["made in a test".into()]);
        let back = Book::parse(&text).unwrap();
        assert_eq!(back.len(), 1);
        let start = Position::start(b.rules(), Side::South);
        assert_eq!(back.get(&start), b.get(&start));
    }

    #[test]
    fn a_changed_value_or_cut_file_is_refused() {
        let text = small().to_text(&[]);
        let changed = text.replace(" +2 ", " +1 ");
        assert_ne!(changed, text);
        assert!(matches!(
            Book::parse(&changed),
            Err(BookError::Damaged { .. })
        ));
        let cut: String = text.lines().take(3).map(|l| format!("{l}\n")).collect();
        assert_eq!(Book::parse(&cut).unwrap_err(), BookError::NoEnd);
        assert_eq!(Book::parse("hello\n").unwrap_err(), BookError::Header);
        let illegal = text.replace(" 2\n", " 9\n");
        assert!(matches!(
            Book::parse(&illegal),
            Err(BookError::Line { line: 3, .. })
        ));
    }

    #[test]
    fn north_first_games_find_the_mirrored_entry() {
        let b = small();
        let north_first = Position::start(b.rules(), Side::North);
        assert_eq!(b.get(&north_first).unwrap().best, vec![Move::Sow(2)]);
    }

    /// Where `side` moves next after `pos` (the opponent to move), over every reply of the
    /// opponent and its extra turns: positions with `side` to move, and finished games.
    fn replies(pos: &Position, side: Side, out: &mut Vec<Position>) {
        for &m in pos.legal_moves().iter() {
            let mut next = *pos;
            next.play_unchecked(m);
            if next.is_over() || next.to_move() == side {
                out.push(next);
            } else {
                replies(&next, side, out);
            }
        }
    }

    /// The value the book or the game's end gives `pos` for `side`, if it knows it.
    fn known(book: &Book, pos: &Position, side: Side) -> Option<i32> {
        if let Some(o) = pos.outcome() {
            return Some(o.scores[side] as i32 - o.scores[side.opponent()] as i32);
        }
        assert_eq!(pos.to_move(), side);
        book.get(pos).map(|e| e.value)
    }

    /// Checks that `book` is a consistent game tree: after each best move, a position where
    /// the mover moves again keeps the value, and after the opponent's every reply the value
    /// is at least the entry's, and exactly it for some reply when all are known; a move that
    /// is not among the best leads where the book knows a smaller value, if it knows one.
    /// Returns how many values it compared and how many entries had every reply known.
    fn consistency(book: &Book) -> Result<(usize, usize), String> {
        let (mut checked, mut exact) = (0, 0);
        for (pos, e) in book.entries() {
            let side = pos.to_move();
            for &m in pos.legal_moves().iter().filter(|m| !e.best.contains(m)) {
                let mut next = *pos;
                next.play_unchecked(m);
                let worth = if next.is_over() || next.to_move() == side {
                    known(book, &next, side)
                } else {
                    known(book, &next, side.opponent()).map(|v| -v)
                };
                match worth {
                    Some(v) if v >= e.value => {
                        return Err(format!(
                            "{pos} {:+}: {m}, not a best move, keeps {v:+}",
                            e.value
                        ))
                    }
                    Some(_) => checked += 1,
                    None => {}
                }
            }
            for &m in &e.best {
                let mut next = *pos;
                next.play_unchecked(m);
                if next.is_over() || next.to_move() == side {
                    if let Some(v) = known(book, &next, side) {
                        if v != e.value {
                            return Err(format!("{pos} {:+} {m}: then {v:+}", e.value));
                        }
                        checked += 1;
                    }
                    continue;
                }
                let mut after = Vec::new();
                replies(&next, side, &mut after);
                let values: Vec<Option<i32>> = after.iter().map(|p| known(book, p, side)).collect();
                for (p, v) in after.iter().zip(&values) {
                    match v {
                        Some(v) if *v < e.value => {
                            return Err(format!("{pos} {:+} {m}: {p} is worth {v:+}", e.value))
                        }
                        Some(_) => checked += 1,
                        None => {}
                    }
                }
                if values.iter().all(Option::is_some) {
                    let least = values.iter().flatten().min().copied();
                    if least != Some(e.value) {
                        return Err(format!("{pos} {:+} {m}: best reply {least:?}", e.value));
                    }
                    exact += 1;
                }
            }
        }
        Ok((checked, exact))
    }

    /// The shipped books are consistent game trees, so a wrong value or best move shows even
    /// in a book whose positions take too long to solve in a test (Kalah(6,5)).
    #[test]
    fn every_shipped_book_is_consistent_along_its_best_moves() {
        for (name, text) in builtin_files() {
            let book = Book::parse(text).unwrap();
            let (checked, exact) = consistency(&book).unwrap_or_else(|e| panic!("{name}: {e}"));
            // Entries near the book's depth have their replies outside it.
            assert!(
                checked > book.len() / 2 && exact >= book.len() / 40,
                "{name}: only {checked} values and {exact} entries with every reply checked"
            );
        }
    }

    /// The check finds a value changed by one.
    #[test]
    fn a_changed_value_breaks_the_consistency() {
        let (_, text) = builtin_files()[0];
        let book = Book::parse(text).unwrap();
        let mut found = 0;
        for (pos, e) in book.entries() {
            let mut changed = book.clone();
            let mut wrong = e.clone();
            wrong.value += 1;
            changed.insert(*pos, wrong);
            if consistency(&changed).is_err() {
                found += 1;
            }
            if found == 20 {
                break;
            }
        }
        assert_eq!(found, 20);
    }

    /// The check finds a best move left out of an entry.
    #[test]
    fn a_best_move_left_out_breaks_the_consistency() {
        let (_, text) = builtin_files()[0];
        let book = Book::parse(text).unwrap();
        let (mut tried, mut found) = (0, 0);
        for (pos, e) in book.entries().filter(|(_, e)| e.best.len() > 1) {
            let mut changed = book.clone();
            let mut wrong = e.clone();
            wrong.best.pop();
            changed.insert(*pos, wrong);
            tried += 1;
            if let Err(why) = consistency(&changed) {
                assert!(why.contains("not a best move"), "{why}");
                found += 1;
            }
        }
        // Where the move leads outside the book, nothing shows; 41 of 201 lead inside.
        assert!(found >= 20, "{found} of {tried}");
    }

    #[test]
    fn the_books_prove_values_and_a_line_of_best_moves() {
        for (name, text) in builtin_files() {
            let book = Book::parse(text).unwrap();
            for first in [Side::South, Side::North] {
                let start = Position::start(book.rules(), first);
                let p = proven(&start).unwrap_or_else(|| panic!("{name}: no start"));
                assert_eq!(p.entry, book.get(&start).unwrap());
                // Best moves first, with the value; every other proven move is worse.
                let (best, rest) = p.moves.split_at(p.entry.best.len());
                assert!(best
                    .iter()
                    .all(|(m, v)| p.entry.best.contains(m) && *v == p.entry.value));
                assert!(
                    rest.iter().all(|(_, v)| *v < p.entry.value),
                    "{name}: {rest:?}"
                );
                // The line: each move the best of its position, every position in the book.
                assert!(!p.line.is_empty());
                let mut at = start;
                for m in &p.line {
                    assert!(book.get(&at).unwrap().best.contains(m), "{name}: {at} {m}");
                    at.play_unchecked(*m);
                }
                assert!(
                    book.get(&at).is_none(),
                    "{name}: the line stops early at {at}"
                );
            }
        }
        let three: Rules = "standard houses=6 seeds=3".parse().unwrap();
        let start = Position::start(three, Side::South);
        // Some moves other than the best ones lead into the book.
        assert!(proven(&start).unwrap().moves.len() > proven(&start).unwrap().entry.best.len());
        assert!(proven(&Position::start(
            "standard houses=6 seeds=9".parse().unwrap(),
            Side::South
        ))
        .is_none());
    }

    #[test]
    fn every_shipped_book_reads() {
        for (name, text) in builtin_files() {
            let b = Book::parse(text).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(!b.is_empty(), "{name} is empty");
        }
        assert_eq!(builtin().len(), builtin_files().len());
    }
}
