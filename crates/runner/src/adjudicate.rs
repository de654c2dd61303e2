//! Ending a game early when its result is proven: the exact solver (with an endgame database
//! when one is given) searches the position within a small node budget, and a proven value
//! ends the game as if both sides played perfectly from there.

use kalah_engine::{Endgame, Engine, Limits, NoReport};
use kalah_rules::{Position, Rules, Side};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// When and how hard to try.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AdjudicationSettings {
    /// Try only with at most this many seeds left in the houses.
    pub max_seeds: u32,
    /// Nodes the solver may spend on one position.
    pub nodes: u64,
}

impl Default for AdjudicationSettings {
    fn default() -> Self {
        AdjudicationSettings {
            max_seeds: 24,
            nodes: 20_000,
        }
    }
}

/// A proven result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Verdict {
    /// Final margin for `to_move` with perfect play.
    pub value: i32,
    pub to_move: Side,
}

/// One per worker: a small engine of its own.
pub struct Adjudicator {
    engine: Engine,
    settings: AdjudicationSettings,
}

impl Adjudicator {
    pub fn new(settings: AdjudicationSettings, db: Option<(Arc<dyn Endgame>, Rules)>) -> Self {
        let mut engine = Engine::new(4);
        if let Some((db, rules)) = db {
            engine.set_endgame(db, rules);
        }
        Adjudicator { engine, settings }
    }

    /// The exact value of `pos`, when it is proven within the budget. `None` for a finished
    /// game (it has its own result) and for positions with many seeds left.
    pub fn verdict(&mut self, pos: &Position) -> Option<Verdict> {
        if pos.is_over() {
            return None;
        }
        let left: u32 = Side::ALL.iter().map(|&s| pos.seeds_in_houses(s)).sum();
        if left > self.settings.max_seeds {
            return None;
        }
        let stop = AtomicBool::new(false);
        let r = self.engine.search(
            pos,
            Limits::Nodes(self.settings.nodes),
            &stop,
            &mut NoReport,
        );
        r.exact.then_some(Verdict {
            value: r.value,
            to_move: pos.to_move(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kalah_rules::parse_setup;

    fn pos(text: &str) -> Position {
        Position::from_setup(Rules::standard(), &parse_setup(text).unwrap()).unwrap()
    }

    #[test]
    fn a_late_position_is_proven_and_an_early_one_is_left_alone() {
        let mut a = Adjudicator::new(AdjudicationSettings::default(), None);
        let late = pos("<6,20,16,0,3,0,1,0,2,1,0,2,0,3,0> S");
        let exact =
            Engine::new(4).search(&late, Limits::Exact, &AtomicBool::new(false), &mut NoReport);
        assert!(exact.exact);
        assert_eq!(
            a.verdict(&late),
            Some(Verdict {
                value: exact.value,
                to_move: Side::South
            })
        );
        let start = Position::start(Rules::standard(), Side::South);
        assert_eq!(a.verdict(&start), None);
        let over = pos("<6,25,23,0,0,0,0,0,0,0,0,0,0,0,0> N");
        assert!(over.is_over());
        assert_eq!(a.verdict(&over), None);
    }
}
