//! Playing levels for people, from a beginner to perfect play.
//!
//! The lower levels play like people: they look a few sowings ahead with a small search of
//! their own (the store margin at the horizon), sometimes overlook captures, like extra turns
//! more than they should, and pick among the moves at random with weights
//! `exp(value / temperature)`, so better moves are likelier but not certain. The upper levels
//! use the engine's search. `docs/levels.md` describes every level in words.

use crate::search::{Engine, Limits, NoReport, SearchResult};
use kalah_rules::{Move, Position};
use std::fmt;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// A named playing strength.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    Beginner,
    Novice,
    Casual,
    Club,
    Expert,
    Master,
    Perfect,
}

/// How a human-like level thinks.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Style {
    /// Sowings looked ahead (an extra turn's sowings count too).
    depth: u32,
    /// Randomness of the pick in seeds: 0 always takes the best-looking move.
    temperature: f64,
    /// Chance, per move, of overlooking every capture in the look-ahead.
    blind: f64,
    /// Seeds of value added to a move that gives an extra turn at once.
    extra_turn_bonus: f64,
}

/// What a level does with a position.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Brain {
    Human(Style),
    /// The engine's search; the pick varies only between moves proven equally good.
    Search(Limits),
}

impl Level {
    pub const ALL: [Level; 7] = [
        Level::Beginner,
        Level::Novice,
        Level::Casual,
        Level::Club,
        Level::Expert,
        Level::Master,
        Level::Perfect,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Novice => "novice",
            Level::Casual => "casual",
            Level::Club => "club",
            Level::Expert => "expert",
            Level::Master => "master",
            Level::Perfect => "perfect",
        }
    }

    /// 1-based rank on the ladder.
    pub fn rank(self) -> usize {
        self as usize + 1
    }

    /// The thinking time of the perfect level: it stops deepening after the first bound and
    /// answers with its best move so far at the second, unless the value is proven sooner.
    pub const PERFECT_TIME: (Duration, Duration) =
        (Duration::from_millis(1000), Duration::from_millis(2000));

    fn brain(self) -> Brain {
        match self {
            Level::Beginner => Brain::Human(Style {
                depth: 1,
                temperature: 2.0,
                blind: 0.5,
                extra_turn_bonus: 2.0,
            }),
            Level::Novice => Brain::Human(Style {
                depth: 2,
                temperature: 1.0,
                blind: 0.25,
                extra_turn_bonus: 1.0,
            }),
            Level::Casual => Brain::Human(Style {
                depth: 4,
                temperature: 0.6,
                blind: 0.1,
                extra_turn_bonus: 0.0,
            }),
            Level::Club => Brain::Human(Style {
                depth: 6,
                temperature: 0.3,
                blind: 0.0,
                extra_turn_bonus: 0.0,
            }),
            Level::Expert => Brain::Search(Limits::Depth(8)),
            Level::Master => Brain::Search(Limits::Depth(12)),
            Level::Perfect => Brain::Search(Limits::Time {
                soft: Self::PERFECT_TIME.0,
                hard: Self::PERFECT_TIME.1,
            }),
        }
    }

    /// Chooses a move in a position that is not over (`None` when it is). `seed` varies the
    /// choice between equally good moves and the mistakes of the lower levels; the same
    /// seed, position and level give the same move, except that time-limited search can
    /// differ with the machine's speed.
    pub fn choose_move(
        self,
        engine: &mut Engine,
        pos: &Position,
        seed: u64,
        stop: &AtomicBool,
    ) -> Option<Move> {
        self.choose_move_within(engine, pos, seed, stop, None)
    }

    /// [`Level::choose_move`] with the thinking time of time-limited levels capped at
    /// `max_time` (for quick matches between the levels).
    pub fn choose_move_within(
        self,
        engine: &mut Engine,
        pos: &Position,
        seed: u64,
        stop: &AtomicBool,
        max_time: Option<Duration>,
    ) -> Option<Move> {
        if pos.legal_moves().is_empty() {
            return None;
        }
        let mut rng = Rng::for_position(seed, pos);
        if self == Level::Perfect {
            if let Some(m) = book_move(pos, &mut rng) {
                return Some(m);
            }
        }
        match self.brain() {
            Brain::Human(style) => human_move(&style, pos, &mut rng),
            Brain::Search(limits) => {
                let limits = match (limits, max_time) {
                    (Limits::Time { soft, hard }, Some(cap)) => Limits::Time {
                        soft: soft.min(cap / 2),
                        hard: hard.min(cap),
                    },
                    (l, _) => l,
                };
                // The depth levels are defined by how deep they look: an endgame database
                // would let them see exact endings beyond it, so they play without one.
                let saved = match limits {
                    Limits::Depth(_) => engine.take_endgame(),
                    _ => None,
                };
                let m = search_move(engine, pos, limits, &mut rng, stop, Some(DEPTH_LEVEL_CAP));
                if let Some((db, rules)) = saved {
                    engine.set_endgame(db, rules);
                }
                m
            }
        }
    }
}

/// A proven best move from the shipped opening books, picked at random among the moves that
/// keep the exact value.
fn book_move(pos: &Position, rng: &mut Rng) -> Option<Move> {
    let entry = crate::book::lookup(pos)?;
    let legal = pos.legal_moves();
    let best: Vec<Move> = entry
        .best
        .into_iter()
        .filter(|&m| legal.contains(m))
        .collect();
    (!best.is_empty()).then(|| best[rng.below(best.len())])
}

/// Longest a search level thinks. The depths are chosen to answer far sooner on the common
/// boards; on much larger boards a fixed depth could take long, so the search is stopped
/// there and the best move found so far is played.
pub(crate) const DEPTH_LEVEL_CAP: Duration = Duration::from_secs(2);

/// The engine's best move, picked at random among moves proven equally good. With `cap`, the
/// search is stopped after that long.
pub(crate) fn search_move(
    engine: &mut Engine,
    pos: &Position,
    limits: Limits,
    rng: &mut Rng,
    stop: &AtomicBool,
    cap: Option<Duration>,
) -> Option<Move> {
    let r = match cap {
        Some(cap) => search_capped(engine, pos, limits, stop, cap),
        None => engine.search(pos, limits, stop, &mut NoReport),
    };
    let legal = pos.legal_moves();
    let candidates: Vec<Move> = r
        .best_moves
        .iter()
        .copied()
        .filter(|&m| legal.contains(m))
        .collect();
    if candidates.is_empty() {
        return r
            .best
            .filter(|&m| legal.contains(m))
            .or(legal.first().copied());
    }
    Some(candidates[rng.below(candidates.len())])
}

/// `engine.search`, stopped by a watchdog thread when `stop` is set or `cap` has passed.
fn search_capped(
    engine: &mut Engine,
    pos: &Position,
    limits: Limits,
    stop: &AtomicBool,
    cap: Duration,
) -> SearchResult {
    let local = AtomicBool::new(false);
    let done = AtomicBool::new(false);
    std::thread::scope(|s| {
        let watchdog = s.spawn(|| {
            let start = Instant::now();
            while !done.load(Ordering::Relaxed) {
                if stop.load(Ordering::Relaxed) || start.elapsed() >= cap {
                    local.store(true, Ordering::Relaxed);
                    return;
                }
                std::thread::park_timeout(Duration::from_millis(5));
            }
        });
        let r = engine.search(pos, limits, &local, &mut NoReport);
        done.store(true, Ordering::Relaxed);
        watchdog.thread().unpark();
        r
    })
}

/// A human-like pick: look-ahead values, then a weighted random choice.
fn human_move(style: &Style, pos: &Position, rng: &mut Rng) -> Option<Move> {
    let blind = rng.chance(style.blind);
    let moves = pos.legal_moves();
    let values: Vec<f64> = moves
        .iter()
        .map(|&m| {
            let (v, extra) = edge(pos, m, style.depth.saturating_sub(1), -INF, INF, blind);
            v as f64 + if extra { style.extra_turn_bonus } else { 0.0 }
        })
        .collect();
    let i = softmax_pick(&values, style.temperature, rng);
    moves.get(i).copied()
}

/// Index drawn with weights `exp((v - max) / temperature)`; the first best at temperature 0.
fn softmax_pick(values: &[f64], temperature: f64, rng: &mut Rng) -> usize {
    let best = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if temperature <= 0.0 {
        return values.iter().position(|&v| v == best).unwrap_or(0);
    }
    let weights: Vec<f64> = values
        .iter()
        .map(|&v| ((v - best) / temperature).exp())
        .collect();
    let total: f64 = weights.iter().sum();
    let mut x = rng.unit() * total;
    for (i, w) in weights.iter().enumerate() {
        if x < *w {
            return i;
        }
        x -= w;
    }
    values.iter().position(|&v| v == best).unwrap_or(0)
}

const INF: i32 = i32::MAX / 2;

/// Store margin for the side to move: final (after the sweep) when the game is over.
fn margin(pos: &Position) -> i32 {
    let me = pos.to_move();
    match pos.outcome() {
        Some(o) => o.scores[me] as i32 - o.scores[me.opponent()] as i32,
        None => pos.store(me) as i32 - pos.store(me.opponent()) as i32,
    }
}

/// The value of move `m` for the player to move in `pos`, looking `depth` more sowings
/// ahead, and whether the move gives an extra turn. When `blind`, captures gain nothing.
fn edge(pos: &Position, m: Move, depth: u32, alpha: i32, beta: i32, blind: bool) -> (i32, bool) {
    let mut child = *pos;
    let sowing = child.play_unchecked(m);
    // Overlooking a capture: the mover counts its seeds as not won.
    let unseen = match sowing.capture {
        Some(c) if blind => c.seeds as i32,
        _ => 0,
    };
    // A swap keeps the side to move but hands it to the other person: like a turn pass.
    let same = m != Move::Swap && child.to_move() == pos.to_move();
    let (a, b) = (alpha + unseen, beta + unseen);
    let v = if same {
        lookahead(&child, depth, a, b, blind)
    } else {
        -lookahead(&child, depth, -b, -a, blind)
    };
    (v - unseen, same)
}

/// Plain alpha-beta on the store margin, extra turns tried first.
fn lookahead(pos: &Position, depth: u32, mut alpha: i32, beta: i32, blind: bool) -> i32 {
    let moves = pos.legal_moves();
    if moves.is_empty() || depth == 0 {
        return margin(pos);
    }
    let n = pos.rules().houses() as u16;
    let mine = pos.houses(pos.to_move());
    let mut ordered: Vec<Move> = moves.to_vec();
    // House h with exactly n + 1 - h seeds ends in the store: an extra turn.
    ordered.sort_by_key(|&m| match m {
        Move::Sow(h) => u8::from(mine[h as usize - 1] % (2 * n + 1) != n + 1 - h as u16),
        Move::Swap => 1,
    });
    let mut best = -INF;
    for m in ordered {
        let (v, _) = edge(pos, m, depth - 1, alpha, beta, blind);
        best = best.max(v);
        alpha = alpha.max(v);
        if alpha >= beta {
            break;
        }
    }
    best
}

/// SplitMix64: small, fast and reproducible.
pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// A generator that differs between positions for the same seed.
    fn for_position(seed: u64, pos: &Position) -> Rng {
        let mut h = DefaultHasher::new();
        pos.hash(&mut h);
        Rng(seed ^ h.finish().rotate_left(17))
    }

    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }

    /// Uniform in 0..n (n > 0).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown level name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown level {0:?}: expected beginner, novice, casual, club, expert, master or perfect (or 1-7)")]
pub struct ParseLevelError(pub String);

impl FromStr for Level {
    type Err = ParseLevelError;
    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        let t = s.trim().to_ascii_lowercase();
        if let Ok(n) = t.parse::<usize>() {
            if (1..=Level::ALL.len()).contains(&n) {
                return Ok(Level::ALL[n - 1]);
            }
        }
        Level::ALL
            .iter()
            .copied()
            .find(|l| l.name() == t)
            .ok_or_else(|| ParseLevelError(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kalah_rules::{
        parse_setup, CaptureRule, EndRule, Preset, Rules, RulesSetup, Side, SweepRule,
    };
    use proptest::prelude::{any, prop_assert, prop_assert_eq, proptest, ProptestConfig, Strategy};

    #[test]
    fn levels_parse_by_name_and_rank() {
        for l in Level::ALL {
            assert_eq!(l.name().parse::<Level>(), Ok(l));
            assert_eq!(l.to_string().to_uppercase().parse::<Level>(), Ok(l));
            assert_eq!(l.rank().to_string().parse::<Level>(), Ok(l));
            assert_eq!(Level::ALL[l.rank() - 1], l);
        }
        assert_eq!(" Club ".parse::<Level>(), Ok(Level::Club));
        assert_eq!(Level::ALL[0], Level::Beginner);
        assert_eq!(Level::ALL[Level::ALL.len() - 1], Level::Perfect);
        for bad in ["", "0", "8", "grandmaster", "club2", "-1"] {
            assert_eq!(bad.parse::<Level>(), Err(ParseLevelError(bad.to_string())));
        }
    }

    /// Naive negamax on the store margin, written without pruning or ordering.
    fn minimax(pos: &Position, depth: u32) -> i32 {
        let moves = pos.legal_moves();
        if moves.is_empty() || depth == 0 {
            return margin(pos);
        }
        moves
            .iter()
            .map(|&m| {
                let mut c = *pos;
                c.play_unchecked(m);
                if m != Move::Swap && c.to_move() == pos.to_move() {
                    minimax(&c, depth - 1)
                } else {
                    -minimax(&c, depth - 1)
                }
            })
            .max()
            .unwrap()
    }

    fn rules_strategy() -> impl Strategy<Value = Rules> {
        (
            1u8..=4,
            1u8..=3,
            0usize..3,
            0usize..2,
            0usize..3,
            any::<[bool; 3]>(),
        )
            .prop_map(|(houses, seeds, c, e, s, [early_end, pie, both_stores])| {
                Rules::new(RulesSetup {
                    houses,
                    seeds,
                    capture: CaptureRule::ALL[c],
                    end: EndRule::ALL[e],
                    sweep: SweepRule::ALL[s],
                    early_end,
                    pie,
                    both_stores,
                })
                .unwrap()
            })
    }

    /// A position reached by `plies` random sowings (fewer if the game ends).
    fn random_position(rules: Rules, plies: usize, seed: u64) -> Position {
        let mut rng = Rng::new(seed);
        let mut pos = Position::start(rules, Side::South);
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[rng.below(moves.len())]);
        }
        pos
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        #[test]
        fn every_level_plays_a_legal_move(
            rules in rules_strategy(),
            plies in 0usize..30,
            seed in any::<u64>(),
        ) {
            let pos = random_position(rules, plies, seed);
            let stop = AtomicBool::new(false);
            let mut engine = Engine::new(1);
            for level in Level::ALL {
                let m = level.choose_move(&mut engine, &pos, seed, &stop);
                if pos.is_over() {
                    prop_assert_eq!(m, None);
                } else {
                    let m = m.expect("a move in a position that is not over");
                    prop_assert!(pos.legal_moves().contains(m), "{level}: {m} in {pos}");
                }
            }
        }

        #[test]
        fn lookahead_equals_plain_minimax(
            rules in rules_strategy(),
            plies in 0usize..20,
            seed in any::<u64>(),
            depth in 1u32..6,
        ) {
            let pos = random_position(rules, plies, seed);
            prop_assert_eq!(lookahead(&pos, depth, -INF, INF, false), minimax(&pos, depth));
        }

        #[test]
        fn same_seed_same_move(rules in rules_strategy(), plies in 0usize..20, seed in any::<u64>()) {
            let pos = random_position(rules, plies, seed);
            let stop = AtomicBool::new(false);
            for level in [Level::Beginner, Level::Novice, Level::Casual, Level::Club] {
                let a = level.choose_move(&mut Engine::new(1), &pos, seed, &stop);
                let b = level.choose_move(&mut Engine::new(1), &pos, seed, &stop);
                prop_assert_eq!(a, b);
            }
        }
    }

    #[test]
    fn levels_with_a_database_play_as_well_as_without() {
        let rules = Rules::preset(Preset::Standard);
        let db: std::sync::Arc<dyn crate::Endgame> =
            std::sync::Arc::new(kalah_egdb::Database::build(rules, 16, 2, &|_, _| {}).unwrap());
        let stop = AtomicBool::new(false);
        let mut checked = 0;
        for seed in 0..400u64 {
            let pos = random_position(rules, 20 + (seed % 30) as usize, seed);
            let left = pos.seeds_in_houses(Side::South) + pos.seeds_in_houses(Side::North);
            if pos.is_over() || left > 16 {
                continue;
            }
            checked += 1;
            let mut with = Engine::new(1);
            with.set_endgame(db.clone(), rules);
            let mut without = Engine::new(1);
            let exact = without.search(&pos, Limits::Exact, &stop, &mut NoReport);
            let by_db = with.search(&pos, Limits::Exact, &stop, &mut NoReport);
            assert_eq!(by_db.value, exact.value, "{pos}");
            // perfect with the database plays a proven best move.
            let m = Level::Perfect
                .choose_move(&mut with, &pos, seed, &stop)
                .unwrap();
            assert!(
                exact.best_moves.contains(&m),
                "{m} in {pos}: {:?}",
                exact.best_moves
            );
            // The depth levels do not see it: the same move as without.
            for level in [Level::Expert, Level::Master] {
                let a = level.choose_move(&mut with, &pos, seed, &stop);
                let b = level.choose_move(&mut Engine::new(1), &pos, seed, &stop);
                assert_eq!(a, b, "{level} in {pos}");
            }
            assert!(
                with.take_endgame().is_some(),
                "the level put the database back"
            );
        }
        assert!(checked >= 20, "only {checked} positions");
    }

    #[test]
    fn a_stopped_level_still_answers_legally() {
        let pos = Position::start(Rules::preset(Preset::Standard), Side::South);
        let stop = AtomicBool::new(true);
        for level in Level::ALL {
            let m = level.choose_move(&mut Engine::new(1), &pos, 3, &stop);
            assert!(m.is_some_and(|m| pos.legal_moves().contains(m)), "{level}");
        }
    }

    #[test]
    fn a_blind_player_does_not_count_captures() {
        // South's house 1 (one seed) lands in empty house 2, opposite North's 5 seeds.
        let rules = Rules::preset(Preset::Standard);
        let setup = parse_setup("<6,0,0,1,0,4,4,4,4,4,4,4,4,5,4> S").unwrap();
        let pos = Position::from_setup(rules, &setup).unwrap();
        let (seen, extra) = edge(&pos, Move::Sow(1), 0, -INF, INF, false);
        assert_eq!((seen, extra), (6, false));
        let (blind, _) = edge(&pos, Move::Sow(1), 0, -INF, INF, true);
        assert_eq!(blind, 0);
        // House 3 with 4 seeds ends in the store: an extra turn.
        assert_eq!(edge(&pos, Move::Sow(3), 0, -INF, INF, false), (1, true));
    }

    #[test]
    fn softmax_takes_the_best_when_the_others_are_far_worse() {
        let mut rng = Rng::new(7);
        for _ in 0..100 {
            assert_eq!(softmax_pick(&[-5000.0, 3.0, -4000.0], 1.0, &mut rng), 1);
        }
        assert_eq!(softmax_pick(&[1.0, 4.0, 4.0], 0.0, &mut rng), 1);
    }

    #[test]
    fn softmax_spreads_equal_values() {
        let mut rng = Rng::new(11);
        let mut counts = [0usize; 3];
        for _ in 0..3000 {
            counts[softmax_pick(&[2.0, 2.0, 2.0], 0.5, &mut rng)] += 1;
        }
        // Each of three equal moves about a third of the time.
        assert!(
            counts.iter().all(|&c| (800..1200).contains(&c)),
            "{counts:?}"
        );
    }
}
