//! How much endgame database and table a search gets within a memory budget. One policy for
//! every caller: `kalah solve` and `analyze`, Python's `kalah.solve`, `search` and `analyze`,
//! and the levels of the server and the terminal game ([`level_seeds`], [`shelf_bytes`]).
//! The reasons for the numbers are measurements in docs/performance.md.

use crate::{build_memory, check_size, entries};
use kalah_rules::{CaptureRule, Position, Rules, Side};

pub const MIB: u64 = 1 << 20;
/// The default memory budget of a solve: table and database together, so that a default
/// solve stays under 2 GiB of resident memory with the program's own few MB.
pub const DEFAULT_MAX_MEMORY_MIB: u64 = 1792;
/// The largest table, in MiB: the most an explicit size takes and a default table grows to.
pub const MAX_HASH_MIB: usize = 65_536;
/// Largest default database of a solve, unless half the seeds in play is more.
const DEFAULT_MAX_SEEDS: u32 = 24;
/// Largest database the levels use for a game (entries): Kalah(6,4) gets 21 seeds (355 MB),
/// the fastest for one cold solve. A stored larger file serves the levels too.
const LEVEL_BUDGET: u64 = 360_000_000;

/// Seeds left in the houses of `pos`: the size of what is left to search.
pub fn seeds_left(pos: &Position) -> u32 {
    pos.total_seeds() - pos.store(Side::South) as u32 - pos.store(Side::North) as u32
}

/// The database size worth having for a solve of `pos`: big enough to cut the search's
/// endgames, small enough to pay for its own build, never more than the seeds left, and none
/// when under 30 seeds are left (the search alone is quick there). Kalah(6,4) standard takes
/// 22 seeds (session 14); under empty capture 19. Boards with fewer houses get more seeds for
/// the same number of positions, up to half the seeds in play: Kalah(5,6) takes 30.
pub fn default_seeds(rules: &Rules, pos: &Position) -> u32 {
    let left = seeds_left(pos);
    if rules.early_end() || left < 30 {
        return 0;
    }
    let budget = match pos.total_seeds() {
        0..40 => 3_000_000,
        40..56 if rules.capture() == CaptureRule::Empty => 150_000_000,
        40..56 => 550_000_000,
        _ => 1_300_000_000,
    };
    let max = DEFAULT_MAX_SEEDS.max(pos.total_seeds() / 2).min(left);
    let mut k = 0;
    while k < max && entries(rules, k + 1) <= budget {
        k += 1;
    }
    k
}

/// True when a first solve, with nothing stored, should build one seed less than
/// [`default_seeds`]: where the database costs more than the search, as in Kalah(6,4)
/// standard from the start (session 23). The next solve grows the stored one by that seed.
pub fn first_builds_less(rules: &Rules, pos: &Position) -> bool {
    rules.houses() >= 6
        && rules.capture() == CaptureRule::Standard
        && (40..56).contains(&pos.total_seeds())
}

/// A table size in MiB that suits `seeds` seeds left. The table's memory is zeroed as it is
/// first touched, so small searches get small tables: 1 MiB up to 29 seeds, doubling every 3
/// seeds to 128 MiB at 48, then faster to 8 GiB from 60 seeds; the budget comes on top.
pub fn default_hash(seeds: u32) -> usize {
    if seeds <= 48 {
        1 << (seeds.saturating_sub(27) / 3)
    } else {
        1 << (8 + (seeds - 48) * 5 / 12).min(13)
    }
}

/// The most a database may take of a budget of `cap` bytes: at least 1/8 is left to the
/// table.
pub fn db_room(cap: u64) -> u64 {
    cap - cap / 8
}

/// True when a database of `k` seeds can be built and then used within `cap` bytes. The
/// build may take the whole budget (the table is made after it).
pub fn buildable(rules: &Rules, k: u32, cap: u64) -> bool {
    build_memory(rules, k) <= cap && entries(rules, k) <= db_room(cap)
}

/// The most seeds of a packed database within `room` bytes, when that is at least two more
/// than `have` (the gain is about a third of the nodes per seed at 51 seeds left).
pub fn packed_fit(rules: &Rules, have: u32, left: u32, room: u64) -> Option<u32> {
    let mut k = have;
    while k < left.min(crate::MAX_DB_SEEDS)
        && check_size(rules, k + 1).is_ok_and(|n| n.div_ceil(2) <= room)
    {
        k += 1;
    }
    (k >= have + 2).then_some(k)
}

/// The database size the levels use for `rules`: every seed of the game if that fits the
/// level budget, else as many as fit; none under early end (databases do not cover it).
pub fn level_seeds(rules: &Rules) -> u32 {
    if rules.early_end() {
        return 0;
    }
    let total = (2 * rules.houses() * rules.seeds()) as u32;
    let mut k = 0;
    while k < total && entries(rules, k + 1) <= LEVEL_BUDGET {
        k += 1;
    }
    k
}

/// Bytes a shelf needs to hold the level databases of `variants` rule variants of the
/// largest size the levels use (Kalah(6,4)'s 21 seeds: 355 MB each).
pub fn shelf_bytes(variants: u64) -> u64 {
    variants * LEVEL_BUDGET
}

/// The table a search gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Table {
    pub hash_mib: usize,
    /// The most the table may grow to when a search proves hard: what the budget leaves for
    /// a default size, `hash_mib` itself for an explicit size.
    pub max_hash_mib: usize,
    /// The default size when the budget cut it to `hash_mib`, on boards of 6 houses or more
    /// (on 5 the table's size hardly matters: session 13).
    pub cut_from_mib: Option<usize>,
}

/// An explicit table size that does not fit beside the database.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooBig {
    pub hash_mib: usize,
    pub db_mib: u64,
}

/// The table for a search of `pos` within `cap` bytes, beside a database of `db_bytes`:
/// `hash_mib` if given, else [`default_hash`] of the seeds left cut to the largest power of
/// two that fits.
///
/// # Errors
/// [`TooBig`] when an explicit `hash_mib` does not fit.
pub fn table(
    pos: &Position,
    cap: u64,
    db_bytes: u64,
    hash_mib: Option<usize>,
) -> Result<Table, TooBig> {
    let left = cap.saturating_sub(db_bytes);
    let fit = 1usize << (left / MIB).max(1).ilog2();
    match hash_mib {
        Some(h) if h as u64 * MIB > left => Err(TooBig {
            hash_mib: h,
            db_mib: db_bytes / MIB,
        }),
        Some(h) => Ok(Table {
            hash_mib: h,
            max_hash_mib: h,
            cut_from_mib: None,
        }),
        None => {
            let wanted = default_hash(seeds_left(pos));
            let cut = wanted > fit && pos.rules().houses() >= 6;
            Ok(Table {
                hash_mib: wanted.min(fit),
                max_hash_mib: fit.min(MAX_HASH_MIB),
                cut_from_mib: cut.then_some(wanted),
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::packed_build_memory;
    use kalah_rules::{parse_setup, RulesSetup};

    fn seeds_for(houses: u8, seeds: u8, capture: CaptureRule) -> u32 {
        let rules = Rules::new(RulesSetup {
            houses,
            seeds,
            capture,
            ..Default::default()
        })
        .unwrap();
        default_seeds(&rules, &Position::start(rules, Side::South))
    }

    #[test]
    fn database_sizes_follow_the_board() {
        use CaptureRule::{Empty, Standard};
        assert_eq!(seeds_for(4, 6, Empty), 24);
        assert_eq!(seeds_for(5, 5, Empty), 24);
        assert_eq!(seeds_for(5, 6, Empty), 30);
        assert_eq!(seeds_for(6, 3, Standard), 12);
        assert_eq!(seeds_for(6, 4, Standard), 22);
        assert_eq!(seeds_for(6, 4, Empty), 19);
        assert_eq!(seeds_for(6, 5, Standard), 24);
        assert_eq!(seeds_for(6, 6, Standard), 24);
        assert_eq!(seeds_for(4, 3, Standard), 0);
    }

    #[test]
    fn the_default_budget_builds_24_seeds_on_6_houses() {
        let rules: Rules = "standard".parse().unwrap();
        let cap = DEFAULT_MAX_MEMORY_MIB * MIB;
        // 1,194 MiB of values and 490 MiB of the build's transposed copy.
        assert!(buildable(&rules, 24, cap));
        assert!(!buildable(&rules, 25, cap));
        assert!(!buildable(&rules, 24, 1600 * MIB));
        assert!(buildable(&rules, 23, 1600 * MIB));
    }

    #[test]
    fn a_packed_database_of_26_seeds_fits_the_default_budget_on_6_houses() {
        let rules: Rules = "standard".parse().unwrap();
        let room = db_room(DEFAULT_MAX_MEMORY_MIB * MIB);
        // 1,291 MiB packed; 27 seeds would take 1,865 MiB.
        assert_eq!(packed_fit(&rules, 24, 51, room), Some(26));
        assert_eq!(packed_fit(&rules, 25, 51, room), None);
        assert_eq!(packed_fit(&rules, 22, 23, room), None);
        assert_eq!(packed_fit(&rules, 22, 24, room), Some(24));
        assert_eq!(packed_build_memory(&rules, 26).div_ceil(MIB), 3874);
    }

    #[test]
    fn table_sizes_grow_with_the_seeds() {
        assert_eq!(default_hash(12), 1);
        assert_eq!(default_hash(36), 8);
        assert_eq!(default_hash(48), 128);
        assert_eq!(default_hash(49), 256);
        assert_eq!(default_hash(60), 8192);
        assert_eq!(default_hash(200), 8192);
        for s in 1..200 {
            assert!(default_hash(s) <= default_hash(s + 1));
        }
    }

    fn kalah66(setup: &str) -> Position {
        let rules = Rules::new(RulesSetup {
            seeds: 6,
            ..Default::default()
        })
        .unwrap();
        Position::from_setup(rules, &parse_setup(setup).unwrap()).unwrap()
    }

    #[test]
    fn the_table_fits_the_budget_and_an_explicit_one_does_not_grow() {
        let late = kalah66("<6,30,32,0,0,0,1,2,2,0,0,3,0,1,1> S");
        let cap = DEFAULT_MAX_MEMORY_MIB * MIB;
        let t = table(&late, cap, 0, None).unwrap();
        assert_eq!(
            (t.hash_mib, t.max_hash_mib, t.cut_from_mib),
            (1, 1024, None)
        );
        let t = table(&late, cap, 0, Some(8)).unwrap();
        assert_eq!((t.hash_mib, t.max_hash_mib), (8, 8));

        let start = kalah66("<6,0,0,6,6,6,6,6,6,6,6,6,6,6,6> S");
        let t = table(&start, 100 * MIB, 0, None).unwrap();
        assert_eq!(
            (t.hash_mib, t.max_hash_mib, t.cut_from_mib),
            (64, 64, Some(8192))
        );
        // A database takes its share first.
        let t = table(&start, 100 * MIB, 40 * MIB, None).unwrap();
        assert_eq!(t.hash_mib, 32);
        assert_eq!(
            table(&start, 100 * MIB, 40 * MIB, Some(64)),
            Err(TooBig {
                hash_mib: 64,
                db_mib: 40
            })
        );
    }

    #[test]
    fn levels_get_every_seed_of_small_games_and_shelves_hold_two_of_the_largest() {
        let small = Rules::new(RulesSetup {
            houses: 3,
            seeds: 3,
            ..Default::default()
        })
        .unwrap();
        assert_eq!(level_seeds(&small), 18);
        let standard: Rules = "standard".parse().unwrap();
        assert_eq!(level_seeds(&standard), 21);
        assert!(shelf_bytes(2) >= 2 * entries(&standard, 21));
        let early = Rules::new(RulesSetup {
            early_end: true,
            ..Default::default()
        })
        .unwrap();
        assert_eq!(level_seeds(&early), 0);
    }
}
