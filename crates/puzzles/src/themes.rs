//! Themes, found from a puzzle's line.

use crate::puzzle::Puzzle;
use std::fmt;
use std::str::FromStr;

/// What a puzzle is about. Each is read off the line alone (no search), so the same line always
/// has the same themes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// The solver captures (at least one seed from the opposite house).
    Capture,
    /// The solver earns two or more extra turns in a row in one turn.
    ExtraTurns,
    /// The solver's store passes half of all seeds during the line: the game is won there.
    StoreRace,
    /// The game ends in the line and the seeds left in the houses are swept into a store.
    Sweep,
    /// The computer's best reply captures from the solver: the solver's only move gives seeds
    /// away.
    Sacrifice,
}

impl Theme {
    pub const ALL: [Theme; 5] = [
        Theme::Capture,
        Theme::ExtraTurns,
        Theme::StoreRace,
        Theme::Sweep,
        Theme::Sacrifice,
    ];

    /// The name in puzzle files and the API.
    pub const fn name(self) -> &'static str {
        match self {
            Theme::Capture => "capture",
            Theme::ExtraTurns => "extra-turns",
            Theme::StoreRace => "store-race",
            Theme::Sweep => "sweep",
            Theme::Sacrifice => "sacrifice",
        }
    }

    /// A few words for a person (English).
    pub const fn words(self) -> &'static str {
        match self {
            Theme::Capture => "a capture",
            Theme::ExtraTurns => "a chain of extra turns",
            Theme::StoreRace => "the race to half the seeds",
            Theme::Sweep => "the end and the sweep",
            Theme::Sacrifice => "a sacrifice",
        }
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A theme name that is not one of [`Theme::ALL`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown theme {0:?}: expected capture, extra-turns, store-race, sweep or sacrifice")]
pub struct ParseThemeError(pub String);

impl FromStr for Theme {
    type Err = ParseThemeError;
    fn from_str(s: &str) -> Result<Theme, ParseThemeError> {
        Theme::ALL
            .into_iter()
            .find(|t| t.name() == s.trim())
            .ok_or_else(|| ParseThemeError(s.to_string()))
    }
}

/// The themes of a puzzle's line, in [`Theme::ALL`]'s order.
pub fn themes_of(puzzle: &Puzzle) -> Vec<Theme> {
    let solver = puzzle.solver();
    let half = puzzle.position.total_seeds() / 2;
    let mut found = [false; Theme::ALL.len()];
    let mut mark = |t: Theme| found[t as usize] = true;
    let mut chain = 0;
    for step in puzzle.steps() {
        let s = &step.sowing;
        let captured = s.capture.is_some_and(|c| c.seeds >= 2);
        if step.by_solver() {
            if captured {
                mark(Theme::Capture);
            }
            chain = if s.extra_turn { chain + 1 } else { 0 };
            if chain >= 2 {
                mark(Theme::ExtraTurns);
            }
            let mut after = step.before;
            after.play_unchecked(step.mv);
            let store = |p: &kalah_rules::Position| match p.outcome() {
                Some(o) => o.scores[solver],
                None => u32::from(p.store(solver)),
            };
            if u32::from(step.before.store(solver)) <= half && store(&after) > half {
                mark(Theme::StoreRace);
            }
        } else {
            chain = 0;
            if captured {
                mark(Theme::Sacrifice);
            }
        }
        if s.sweep.is_some_and(|w| w.south + w.north > 0) {
            mark(Theme::Sweep);
        }
    }
    Theme::ALL
        .into_iter()
        .filter(|&t| found[t as usize])
        .collect()
}
