//! Endgame databases as the search sees them: exact future gains of positions with few seeds
//! left in the houses.

/// A source of exact values for positions with at most [`Endgame::max_seeds`] seeds in the
/// houses, for one set of rules (without early end, where stores do not matter).
pub trait Endgame: Send + Sync {
    /// The largest number of seeds in all houses the database covers.
    fn max_seeds(&self) -> u32;

    /// The exact future gain for the side to move (its final margin minus its store margin
    /// now), given its houses and the opponent's, each in its own sowing order. `None` when
    /// the position is not covered.
    fn probe(&self, me: &[u16], opp: &[u16]) -> Option<i32>;
}

impl Endgame for kalah_egdb::Database {
    fn max_seeds(&self) -> u32 {
        kalah_egdb::Database::max_seeds(self)
    }

    #[inline]
    fn probe(&self, me: &[u16], opp: &[u16]) -> Option<i32> {
        self.probe_houses(me, opp).map(i32::from)
    }
}
