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

    /// [`Endgame::probe`] for boards of `n <= 8` houses given as byte lanes (house `j` in bits
    /// `8j..8j + 8`, the lanes beyond `n` zero): the search's packed board probes this way.
    fn probe_lanes(&self, n: usize, me: u64, opp: u64) -> Option<i32> {
        let (mut a, mut b) = ([0u16; 8], [0u16; 8]);
        for j in 0..n {
            a[j] = (me >> (8 * j)) as u8 as u16;
            b[j] = (opp >> (8 * j)) as u8 as u16;
        }
        self.probe(&a[..n], &b[..n])
    }

    /// Bounds (lower, upper) on the future gain: equal where the value is exact. A packed
    /// database keeps some values only as a bound, which [`Endgame::probe`] answers `None`.
    fn probe_bounds(&self, me: &[u16], opp: &[u16]) -> Option<(i32, i32)> {
        self.probe(me, opp).map(|v| (v, v))
    }

    /// [`Endgame::probe_bounds`] for byte lanes (see [`Endgame::probe_lanes`]).
    fn probe_bounds_lanes(&self, n: usize, me: u64, opp: u64) -> Option<(i32, i32)> {
        self.probe_lanes(n, me, opp).map(|v| (v, v))
    }

    /// Starts loading the entry [`Endgame::probe_lanes`] would read (a hint only).
    fn prefetch_lanes(&self, _me: u64, _opp: u64) {}
}

impl Endgame for kalah_egdb::Database {
    fn max_seeds(&self) -> u32 {
        kalah_egdb::Database::max_seeds(self)
    }

    #[inline]
    fn probe(&self, me: &[u16], opp: &[u16]) -> Option<i32> {
        self.probe_houses(me, opp).map(i32::from)
    }

    #[inline]
    fn probe_lanes(&self, _n: usize, me: u64, opp: u64) -> Option<i32> {
        self.probe_lanes(me, opp).map(i32::from)
    }

    #[inline]
    fn probe_bounds(&self, me: &[u16], opp: &[u16]) -> Option<(i32, i32)> {
        self.probe_bounds_houses(me, opp)
    }

    #[inline]
    fn probe_bounds_lanes(&self, _n: usize, me: u64, opp: u64) -> Option<(i32, i32)> {
        self.probe_bounds_lanes(me, opp)
    }

    #[inline]
    fn prefetch_lanes(&self, me: u64, opp: u64) {
        self.prefetch_lanes(me, opp);
    }
}
