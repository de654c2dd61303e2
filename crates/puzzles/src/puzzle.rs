//! A puzzle, its line and how it is written in a puzzle file.

use crate::themes::{themes_of, Theme};
use kalah_rules::{parse_setup, Move, Position, Rules, Side, Sowing};
use std::fmt;
use std::fmt::Write as _;
use std::str::FromStr;

/// The value of one legal move for the player to move: the final margin (own store minus the
/// opponent's at the end of the game) with best play after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Value {
    pub mv: Move,
    pub value: i32,
}

/// A puzzle: a position where exactly one move keeps the best result, and the forced line that
/// follows it.
///
/// The solver is the side to move at the start. The line alternates between the solver's moves,
/// each the only one that keeps the best value, and the computer's replies, each a best move for
/// the computer; it always ends with a solver's move. A solver's move that earns an extra turn
/// is followed by another solver's move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    /// Seven characters from the rules and the position (see [`Puzzle::id_of`]).
    pub id: String,
    /// The position to solve (with its rules).
    pub position: Position,
    /// The sowings of the line, the solver's and the replies, in order.
    pub line: Vec<Move>,
    /// For each of the solver's moves of the line, in order: the value of every legal move, in
    /// house order.
    pub values: Vec<Vec<Value>>,
    /// Themes found from the line ([`themes_of`]).
    pub themes: Vec<Theme>,
    /// The puzzle's starting Glicko-2 rating (how strong a player solves it half the time).
    pub rating: u16,
    /// Where the position comes from, in a few words without tabs (`levels club v expert`).
    pub source: String,
}

/// One sowing of a puzzle's line, replayed.
#[derive(Debug, Clone, Copy)]
pub struct Step<'a> {
    /// The position before the sowing.
    pub before: Position,
    pub mv: Move,
    pub sowing: Sowing,
    /// The values of every legal move, for a solver's move; `None` for a reply.
    pub values: Option<&'a [Value]>,
}

impl Step<'_> {
    /// True for a solver's move, false for the computer's reply.
    pub fn by_solver(&self) -> bool {
        self.values.is_some()
    }
}

/// Why a puzzle (or a line of a puzzle file) does not hold together.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleError {
    #[error("line {line}: {what}")]
    Syntax { line: usize, what: String },
    #[error("puzzle {id}: {what}")]
    Invalid { id: String, what: String },
}

impl Puzzle {
    /// The side that solves the puzzle.
    pub fn solver(&self) -> Side {
        self.position.to_move()
    }

    pub fn rules(&self) -> Rules {
        self.position.rules()
    }

    /// The best value at the start, for the solver.
    pub fn value(&self) -> i32 {
        self.values
            .first()
            .and_then(|v| v.iter().map(|v| v.value).max())
            .unwrap_or(0)
    }

    /// The solver's moves of the line.
    pub fn solution(&self) -> Vec<Move> {
        self.steps().filter(Step::by_solver).map(|s| s.mv).collect()
    }

    /// The line replayed, sowing by sowing. Stops early (silently) at an illegal move; a puzzle
    /// that [`Puzzle::validate`] accepted has none.
    pub fn steps(&self) -> impl Iterator<Item = Step<'_>> + '_ {
        let solver = self.solver();
        let mut pos = self.position;
        let mut solver_moves = 0;
        self.line.iter().map_while(move |&mv| {
            let before = pos;
            let sowing = pos.play(mv).ok()?;
            let values = if before.to_move() == solver {
                solver_moves += 1;
                Some(self.values.get(solver_moves - 1)?.as_slice())
            } else {
                None
            };
            Some(Step {
                before,
                mv,
                sowing,
                values,
            })
        })
    }

    /// The position after the first `plies` sowings of the line.
    pub fn position_after(&self, plies: usize) -> Position {
        let mut pos = self.position;
        for &m in self.line.iter().take(plies) {
            if pos.play(m).is_err() {
                break;
            }
        }
        pos
    }

    /// The puzzle's id: seven characters of base 32 (digits and lower-case letters without
    /// i, l, o, u) from an FNV-1a hash of the rules and the position, so the same position under
    /// the same rules always gets the same id.
    pub fn id_of(position: &Position) -> String {
        const ALPHABET: &[u8; 32] = b"0123456789abcdefghjkmnpqrstvwxyz";
        let text = format!("{}|{}", position.rules(), position);
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in text.bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        (0..7)
            .map(|i| ALPHABET[((h >> (5 * i)) & 31) as usize] as char)
            .collect()
    }

    /// Checks that the puzzle holds together without searching: the id, the line's moves
    /// legal, one list of values per solver's move with the line's move its only best, the
    /// line ending with a solver's move, and the themes those of the line. (The values
    /// themselves are the solver's to prove: [`crate::check`].)
    pub fn validate(&self) -> Result<(), PuzzleError> {
        let bad = |what: String| PuzzleError::Invalid {
            id: self.id.clone(),
            what,
        };
        if self.id != Puzzle::id_of(&self.position) {
            return Err(bad(format!(
                "the id should be {} for this position",
                Puzzle::id_of(&self.position)
            )));
        }
        if self.position.is_over() {
            return Err(bad("the game is over at the start".into()));
        }
        let mut pos = self.position;
        let mut solver_moves = 0;
        let mut last_by_solver = false;
        for (i, &m) in self.line.iter().enumerate() {
            let by_solver = pos.to_move() == self.solver();
            if by_solver {
                let Some(values) = self.values.get(solver_moves) else {
                    return Err(bad(format!("no values for the solver's move {}", i + 1)));
                };
                unique_best(&pos, values, m).map_err(|e| bad(format!("move {}: {e}", i + 1)))?;
                solver_moves += 1;
            }
            if pos.play(m).is_err() {
                return Err(bad(format!("move {} ({m}) is not legal", i + 1)));
            }
            last_by_solver = by_solver;
        }
        if !last_by_solver {
            return Err(bad("the line does not end with a solver's move".into()));
        }
        if solver_moves != self.values.len() {
            return Err(bad(format!(
                "{} lists of values for {solver_moves} solver's moves",
                self.values.len()
            )));
        }
        let found = themes_of(self);
        if found != self.themes {
            return Err(bad(format!(
                "themes {} where the line has {}",
                theme_list(&self.themes),
                theme_list(&found)
            )));
        }
        if self.source.contains(['\t', '\n']) {
            return Err(bad("the source has a tab or a line break".into()));
        }
        Ok(())
    }
}

/// Checks that `values` cover exactly the legal moves of `pos` and that `m` alone has the best
/// value.
pub(crate) fn unique_best(pos: &Position, values: &[Value], m: Move) -> Result<(), String> {
    let legal = pos.legal_moves();
    if values.len() != legal.len() || legal.iter().any(|&l| !values.iter().any(|v| v.mv == l)) {
        return Err(format!(
            "the values list {} where the legal moves are {}",
            values
                .iter()
                .map(|v| v.mv.to_string())
                .collect::<Vec<_>>()
                .join(","),
            legal
                .iter()
                .map(Move::to_string)
                .collect::<Vec<_>>()
                .join(",")
        ));
    }
    let Some(mine) = values.iter().find(|v| v.mv == m) else {
        return Err(format!("{m} has no value"));
    };
    if let Some(other) = values.iter().find(|v| v.mv != m && v.value >= mine.value) {
        return Err(format!(
            "{} ({:+}) is as good as {m} ({:+})",
            other.mv, other.value, mine.value
        ));
    }
    Ok(())
}

fn theme_list(themes: &[Theme]) -> String {
    if themes.is_empty() {
        return "-".into();
    }
    themes
        .iter()
        .map(|t| t.name())
        .collect::<Vec<_>>()
        .join(",")
}

/// The header of a puzzle file: its first line, then the column names.
pub const HEADER: &str = "# kalah puzzles 1";
const COLUMNS: &str = "# id\trules\tposition\tline\tvalues\tthemes\trating\tsource";

impl fmt::Display for Puzzle {
    /// One line of a puzzle file, tab-separated: id, rules (a preset's name when the rules are
    /// one), position, the line's sowings joined by spaces, the values (each solver's move a
    /// group `house:value,...` in house order, groups joined by spaces), the themes joined by
    /// commas (`-` for none), the rating and the source.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rules = self.rules();
        let rules = match rules.matching_preset() {
            Some(p) => p.name().to_string(),
            None => rules.to_string(),
        };
        let line: Vec<String> = self.line.iter().map(Move::to_string).collect();
        let values: Vec<String> = self
            .values
            .iter()
            .map(|group| {
                group
                    .iter()
                    .map(|v| format!("{}:{:+}", v.mv, v.value))
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect();
        write!(
            f,
            "{}\t{rules}\t{}\t{}\t{}\t{}\t{}\t{}",
            self.id,
            self.position,
            line.join(" "),
            values.join(" "),
            theme_list(&self.themes),
            self.rating,
            self.source
        )
    }
}

impl FromStr for Puzzle {
    type Err = PuzzleError;
    /// Reads one line written by [`fmt::Display`] (line number 1 in errors), checked with
    /// [`Puzzle::validate`].
    fn from_str(s: &str) -> Result<Puzzle, PuzzleError> {
        parse_line(s, 1)
    }
}

fn parse_line(text: &str, line: usize) -> Result<Puzzle, PuzzleError> {
    let err = |what: String| PuzzleError::Syntax { line, what };
    let fields: Vec<&str> = text.trim_end_matches(['\r', '\n']).split('\t').collect();
    let [id, rules, position, moves, values, themes, rating, source] = fields[..] else {
        return Err(err(format!(
            "expected 8 tab-separated fields, found {}",
            fields.len()
        )));
    };
    let rules: Rules = rules
        .parse()
        .map_err(|e| err(format!("rules {rules:?}: {e}")))?;
    let setup = parse_setup(position).map_err(|e| err(format!("position: {e}")))?;
    let position =
        Position::from_setup(rules, &setup).map_err(|e| err(format!("position: {e}")))?;
    let line_moves = moves
        .split_whitespace()
        .map(|m| m.parse::<Move>().map_err(|e| err(e.to_string())))
        .collect::<Result<Vec<_>, _>>()?;
    let values = values
        .split_whitespace()
        .map(|group| {
            group
                .split(',')
                .map(|pair| {
                    let (m, v) = pair
                        .split_once(':')
                        .ok_or_else(|| err(format!("value {pair:?}: expected house:value")))?;
                    Ok(Value {
                        mv: m
                            .parse()
                            .map_err(|e: kalah_rules::ParseMoveError| err(e.to_string()))?,
                        value: v
                            .trim_start_matches('+')
                            .parse()
                            .map_err(|_| err(format!("value {pair:?}: not a number")))?,
                    })
                })
                .collect::<Result<Vec<_>, _>>()
        })
        .collect::<Result<Vec<_>, _>>()?;
    let themes = if themes == "-" {
        Vec::new()
    } else {
        themes
            .split(',')
            .map(|t| t.parse::<Theme>().map_err(|e| err(e.to_string())))
            .collect::<Result<Vec<_>, _>>()?
    };
    let rating = rating
        .parse()
        .map_err(|_| err(format!("rating {rating:?}: not a whole number")))?;
    let puzzle = Puzzle {
        id: id.to_string(),
        position,
        line: line_moves,
        values,
        themes,
        rating,
        source: source.to_string(),
    };
    puzzle.validate()?;
    Ok(puzzle)
}

/// Reads a puzzle file: `#` lines and blank lines are skipped, every other line is a puzzle.
/// Ids must be unique.
pub fn parse_file(text: &str) -> Result<Vec<Puzzle>, PuzzleError> {
    let mut out: Vec<Puzzle> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let p = parse_line(line, i + 1)?;
        if !seen.insert(p.id.clone()) {
            return Err(PuzzleError::Syntax {
                line: i + 1,
                what: format!("puzzle {} appears twice", p.id),
            });
        }
        out.push(p);
    }
    Ok(out)
}

/// Writes a puzzle file: the header, `comments` as `#` lines, the column names, then one line
/// per puzzle.
pub fn write_file(puzzles: &[Puzzle], comments: &[String]) -> String {
    let mut text = String::new();
    let _ = writeln!(text, "{HEADER}");
    for c in comments {
        let _ = writeln!(text, "# {c}");
    }
    let _ = writeln!(text, "{COLUMNS}");
    for p in puzzles {
        let _ = writeln!(text, "{p}");
    }
    text
}
