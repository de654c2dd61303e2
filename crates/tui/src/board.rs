//! The board as lines of text: houses with numbers and seed counts, both stores, and marks.
//!
//! The person's side is at the bottom, houses 1..n from left to right and the store on the
//! right; the other side is on top, seen from across the table (house n on the left), with
//! its store on the left. Sowing runs counter-clockwise.

use crate::theme::{Mark, Theme};
use kalah_rules::{BySide, Side};
use ratatui::style::Style;
use ratatui::text::{Line, Span};

/// What the board shows.
#[derive(Debug, Clone)]
pub struct BoardView<'a> {
    pub houses: usize,
    /// Seed counts in pit-array order (South houses, South store, North houses, North store).
    pub pits: &'a [u16],
    pub marks: &'a [Mark],
    /// The side drawn at the bottom.
    pub bottom: Side,
    /// The pit under the cursor, if a person is choosing a move.
    pub cursor: Option<usize>,
    /// Player names by side.
    pub names: BySide<String>,
    /// The side to move, if the game is on.
    pub to_move: Option<Side>,
}

/// Width of the board with boxed houses.
pub fn full_width(houses: usize) -> u16 {
    (13 + 7 * houses) as u16
}
/// Height of the board with boxed houses.
pub const FULL_HEIGHT: u16 = 11;
/// Height of the boxed board whose houses also show their seeds as dots.
pub const TALL_HEIGHT: u16 = 13;

/// How the board is drawn, from the roomiest to the smallest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// Boxed houses with the count and the seeds as dots.
    Tall,
    /// Boxed houses with the count.
    Boxed,
    /// Counts in rows, no boxes.
    Compact,
}

impl Shape {
    /// Width and height of the board in this shape.
    pub fn size(self, houses: usize) -> (u16, u16) {
        match self {
            Shape::Tall => (full_width(houses), TALL_HEIGHT),
            Shape::Boxed => (full_width(houses), FULL_HEIGHT),
            Shape::Compact => (compact_width(houses), COMPACT_HEIGHT),
        }
    }

    /// Rows of a house box, borders included.
    fn box_rows(self) -> usize {
        if self == Shape::Tall {
            4
        } else {
            3
        }
    }
}

/// Seeds as dots in at most four columns: braille cells of up to eight dots each,
/// or `o` per seed in ASCII. Larger counts end in `+`.
pub fn glyphs(count: u16, ascii: bool) -> String {
    let count = count as usize;
    if ascii {
        return if count <= 4 {
            "o".repeat(count)
        } else {
            "ooo+".to_string()
        };
    }
    if count > 32 {
        return "\u{28ff}\u{28ff}\u{28ff}+".to_string();
    }
    // Dots fill a cell column by column, top to bottom.
    const ORDER: [u32; 8] = [0x01, 0x02, 0x04, 0x40, 0x08, 0x10, 0x20, 0x80];
    let mut out = String::new();
    let mut left = count;
    while left > 0 {
        let n = left.min(8);
        let bits: u32 = ORDER[..n].iter().sum();
        out.push(char::from_u32(0x2800 + bits).unwrap_or('+'));
        left -= n;
    }
    out
}
/// Width of the compact board.
pub fn compact_width(houses: usize) -> u16 {
    (10 + 4 * houses) as u16
}
/// Height of the compact board.
pub const COMPACT_HEIGHT: u16 = 7;

/// `text` in `width` columns, centred; an odd space goes to the left, so one-digit and
/// two-digit numbers share their last column.
fn center(text: &str, width: usize) -> String {
    let len = text.chars().count();
    let left = (width + 1).saturating_sub(len) / 2;
    let right = width.saturating_sub(len + left);
    format!("{}{text}{}", " ".repeat(left), " ".repeat(right))
}

/// A grid of one-column characters with styles, turned into lines at the end.
struct Grid {
    cells: Vec<Vec<(char, Style)>>,
}

impl Grid {
    fn new(width: usize, height: usize) -> Grid {
        Grid {
            cells: vec![vec![(' ', Style::new()); width]; height],
        }
    }

    fn put(&mut self, row: usize, col: usize, text: &str, style: Style) {
        let Some(r) = self.cells.get_mut(row) else {
            return;
        };
        for (k, ch) in text.chars().enumerate() {
            if let Some(c) = r.get_mut(col + k) {
                *c = (ch, style);
            }
        }
    }

    fn lines(self) -> Vec<Line<'static>> {
        self.cells
            .into_iter()
            .map(|row| {
                let mut spans: Vec<Span<'static>> = Vec::new();
                let mut text = String::new();
                let mut style = Style::new();
                for (ch, st) in row {
                    if st != style && !text.is_empty() {
                        spans.push(Span::styled(std::mem::take(&mut text), style));
                    }
                    style = st;
                    text.push(ch);
                }
                if !text.is_empty() {
                    spans.push(Span::styled(text, style));
                }
                Line::from(spans)
            })
            .collect()
    }
}

impl BoardView<'_> {
    fn house_index(&self, side: Side, house: usize) -> usize {
        match side {
            Side::South => house - 1,
            Side::North => self.houses + house,
        }
    }
    fn store_index(&self, side: Side) -> usize {
        match side {
            Side::South => self.houses,
            Side::North => 2 * self.houses + 1,
        }
    }
    /// The house shown at position `i` (0 = left) of a row.
    fn house_at(&self, side: Side, i: usize) -> usize {
        if side == self.bottom {
            i + 1
        } else {
            self.houses - i
        }
    }
    fn mark(&self, pit: usize) -> Mark {
        self.marks.get(pit).copied().unwrap_or_default()
    }
    fn count(&self, pit: usize) -> u16 {
        self.pits.get(pit).copied().unwrap_or(0)
    }
    fn label(&self, side: Side, theme: &Theme) -> (String, Style) {
        let on_move = self.to_move == Some(side);
        let arrow = match (on_move, theme.ascii) {
            (false, _) => "  ",
            (true, true) => "> ",
            (true, false) => "» ",
        };
        let text = format!("{arrow}{side}: {}", self.names[side]);
        let style = if on_move {
            theme.to_move()
        } else {
            theme.info()
        };
        (text, style)
    }
}

/// The board's lines in a shape.
pub fn lines(view: &BoardView<'_>, theme: &Theme, shape: Shape) -> Vec<Line<'static>> {
    match shape {
        Shape::Compact => compact(view, theme),
        _ => full(view, theme, shape),
    }
}

fn full(v: &BoardView<'_>, theme: &Theme, shape: Shape) -> Vec<Line<'static>> {
    let n = v.houses;
    let top = v.bottom.opponent();
    let (_, height) = shape.size(n);
    let mut g = Grid::new(full_width(n) as usize, height as usize);
    let col = |i: usize| 7 + 7 * i;
    // A 6-wide box: top border, the count, the seeds as dots in a tall house, bottom border.
    let boxed = |g: &mut Grid, row: usize, c: usize, pit: usize, letter: Option<char>| {
        let rows = if letter.is_some() {
            3
        } else {
            shape.box_rows()
        };
        let thick = v.cursor == Some(pit);
        let b = theme.box_chars(thick);
        let frame_style = if thick { theme.selected() } else { theme.dim() };
        let mark_style = theme.mark(v.mark(pit));
        let mut top_border = format!("{}{}{}", b.tl, b.h.repeat(4), b.tr);
        if let Some(l) = letter {
            top_border = format!("{}{}{l}{}{}", b.tl, b.h, b.h.repeat(2), b.tr);
        }
        g.put(row, c, &top_border, frame_style);
        for r in row + 1..row + rows - 1 {
            g.put(r, c, b.v, frame_style);
            g.put(r, c + 5, b.v, frame_style);
        }
        let count_style = if letter.is_some() && v.mark(pit) == Mark::None {
            theme.store()
        } else {
            mark_style
        };
        g.put(
            row + 1,
            c + 1,
            &center(&v.count(pit).to_string(), 4),
            count_style,
        );
        if rows == 4 {
            let dots = center(&glyphs(v.count(pit), theme.ascii), 4);
            let style = if v.mark(pit) == Mark::None {
                theme.dim()
            } else {
                mark_style
            };
            g.put(row + 2, c + 1, &dots, style);
        }
        g.put(
            row + rows - 1,
            c,
            &format!("{}{}{}", b.bl, b.h.repeat(4), b.br),
            frame_style,
        );
    };
    let number = |g: &mut Grid, row: usize, c: usize, house: usize, pit: usize| {
        let style = if v.cursor == Some(pit) {
            theme.selected()
        } else {
            theme.dim()
        };
        g.put(row, c + 1, &center(&house.to_string(), 4), style);
    };
    // Rows: label, numbers, top houses, stores (sharing border rows), bottom houses, numbers,
    // label.
    let h = shape.box_rows();
    let (store_row, bottom_row) = (1 + h, 3 + h);
    let (label, style) = v.label(top, theme);
    g.put(0, 7, &label, style);
    let (label, style) = v.label(v.bottom, theme);
    g.put(2 + 2 * h + 2, 7, &label, style);
    for i in 0..n {
        let hs = v.house_at(top, i);
        let pit = v.house_index(top, hs);
        number(&mut g, 1, col(i), hs, pit);
        boxed(&mut g, 2, col(i), pit, None);
        let hs = v.house_at(v.bottom, i);
        let pit = v.house_index(v.bottom, hs);
        boxed(&mut g, bottom_row, col(i), pit, None);
        number(&mut g, bottom_row + h, col(i), hs, pit);
    }
    boxed(&mut g, store_row, 0, v.store_index(top), Some(top.letter()));
    boxed(
        &mut g,
        store_row,
        col(n),
        v.store_index(v.bottom),
        Some(v.bottom.letter()),
    );
    g.lines()
}

fn compact(v: &BoardView<'_>, theme: &Theme) -> Vec<Line<'static>> {
    let n = v.houses;
    let top = v.bottom.opponent();
    let mut g = Grid::new(compact_width(n) as usize, COMPACT_HEIGHT as usize);
    let col = |i: usize| 5 + 4 * i;
    let cell = |g: &mut Grid, row: usize, c: usize, pit: usize| {
        let style = if v.cursor == Some(pit) {
            theme.selected()
        } else {
            theme.mark(v.mark(pit))
        };
        g.put(row, c, &format!("{:>3}", v.count(pit)), style);
    };
    let number = |g: &mut Grid, row: usize, c: usize, house: usize, pit: usize| {
        let (text, style) = if v.cursor == Some(pit) {
            (format!("*{house}"), theme.selected())
        } else {
            (house.to_string(), theme.dim())
        };
        g.put(row, c, &format!("{text:>3}"), style);
    };
    let (label, style) = v.label(top, theme);
    g.put(0, 1, &label, style);
    let (label, style) = v.label(v.bottom, theme);
    g.put(6, 1, &label, style);
    for i in 0..n {
        let h = v.house_at(top, i);
        let pit = v.house_index(top, h);
        number(&mut g, 1, col(i), h, pit);
        cell(&mut g, 2, col(i), pit);
        let h = v.house_at(v.bottom, i);
        let pit = v.house_index(v.bottom, h);
        cell(&mut g, 4, col(i), pit);
        number(&mut g, 5, col(i), h, pit);
    }
    let store = |g: &mut Grid, c: usize, side: Side| {
        let pit = v.store_index(side);
        let style = match v.mark(pit) {
            Mark::None => theme.store(),
            m => theme.mark(m),
        };
        g.put(
            3,
            c,
            &format!("{}{:>3}", side.letter(), v.count(pit)),
            style,
        );
    };
    store(&mut g, 0, top);
    store(&mut g, col(n) + 1, v.bottom);
    g.lines()
}

/// The house at a point of the board (relative to its top-left corner), if any:
/// a click on a house's box, count or number.
pub fn hit(houses: usize, shape: Shape, bottom: Side, x: u16, y: u16) -> Option<(Side, u8)> {
    let (x, y) = (x as usize, y as usize);
    let h = shape.box_rows();
    let (first_col, step, width, top_rows, bottom_rows) = match shape {
        Shape::Compact => (5, 4, 4, 1..=2, 4..=5),
        _ => (7, 7, 6, 1..=1 + h, 3 + h..=3 + 2 * h),
    };
    let side = if top_rows.contains(&y) {
        bottom.opponent()
    } else if bottom_rows.contains(&y) {
        bottom
    } else {
        return None;
    };
    let i = x.checked_sub(first_col)?;
    if i % step >= width || i / step >= houses {
        return None;
    }
    let i = i / step;
    let house = if side == bottom { i + 1 } else { houses - i };
    Some((side, house as u8))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clicks_find_houses() {
        // Full board: South's house 1 box starts at column 7, rows 6-8; North's house 6 on top.
        assert_eq!(
            hit(6, Shape::Boxed, Side::South, 7, 7),
            Some((Side::South, 1))
        );
        assert_eq!(
            hit(6, Shape::Boxed, Side::South, 12, 9),
            Some((Side::South, 1))
        );
        assert_eq!(hit(6, Shape::Boxed, Side::South, 13, 7), None); // the gap between boxes
        assert_eq!(
            hit(6, Shape::Boxed, Side::South, 7, 3),
            Some((Side::North, 6))
        );
        assert_eq!(
            hit(6, Shape::Boxed, Side::South, 47, 3),
            Some((Side::North, 1))
        );
        assert_eq!(hit(6, Shape::Boxed, Side::South, 49, 3), None); // the right store
        assert_eq!(hit(6, Shape::Boxed, Side::South, 2, 5), None); // the left store
        assert_eq!(
            hit(6, Shape::Compact, Side::North, 5, 4),
            Some((Side::North, 1))
        );
        assert_eq!(
            hit(6, Shape::Compact, Side::North, 5, 2),
            Some((Side::South, 6))
        );
        // Tall houses: South's from row 7 to 11 (numbers), North's from 1 to 5.
        assert_eq!(
            hit(6, Shape::Tall, Side::South, 7, 11),
            Some((Side::South, 1))
        );
        assert_eq!(
            hit(6, Shape::Tall, Side::South, 7, 5),
            Some((Side::North, 6))
        );
        assert_eq!(hit(6, Shape::Tall, Side::South, 7, 6), None);
    }

    #[test]
    fn seeds_as_dots() {
        assert_eq!(glyphs(0, false), "");
        assert_eq!(glyphs(4, false), "\u{2847}");
        assert_eq!(glyphs(8, false), "\u{28ff}");
        assert_eq!(glyphs(10, false), "\u{28ff}\u{2803}");
        assert_eq!(glyphs(33, false).chars().count(), 4);
        assert_eq!(glyphs(3, true), "ooo");
        assert_eq!(glyphs(9, true), "ooo+");
    }
}
