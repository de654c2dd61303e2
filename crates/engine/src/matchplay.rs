//! The players of a match that live in this crate: levels or fixed search limits. The match
//! itself (games, clocks, programs, adjudication) is `kalah-runner`'s.

use crate::level::{search_move, Level, Rng};
use crate::search::{Engine, Limits};
use kalah_rules::{Move, Position, Rules, Side};
use std::collections::HashSet;
use std::fmt;
use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// One side of a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Player {
    Level(Level),
    /// The engine searching this many sowings deep.
    Depth(u32),
    /// The engine with this much time per move (it stops deepening after half of it).
    Time(Duration),
    /// The engine searching about this many nodes per move.
    Nodes(u64),
    /// `perfect` with its time per move capped at this (written `perfect:MS`): it stops
    /// deepening after half of it. `perfect:1000` is `perfect` with half its usual time.
    PerfectWithin(Duration),
}

/// A player description that is not a level, `depth:D`, `time:MS` or `nodes:N`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("bad player {0:?}: expected a level (beginner, novice, casual, club, expert, master, perfect), perfect:MS, depth:D, time:MS or nodes:N")]
pub struct ParsePlayerError(pub String);

impl FromStr for Player {
    type Err = ParsePlayerError;
    fn from_str(s: &str) -> Result<Player, ParsePlayerError> {
        let bad = || ParsePlayerError(s.to_string());
        let t = s.trim().to_ascii_lowercase();
        let Some((kind, n)) = t.split_once(':') else {
            return t.parse().map(Player::Level).map_err(|_| bad());
        };
        let n: u64 = n.trim().parse().map_err(|_| bad())?;
        match kind.trim() {
            "depth" if (1..=200).contains(&n) => Ok(Player::Depth(n as u32)),
            "time" if (1..=3_600_000).contains(&n) => Ok(Player::Time(Duration::from_millis(n))),
            "nodes" if n >= 1 => Ok(Player::Nodes(n)),
            "perfect" if (1..=3_600_000).contains(&n) => {
                Ok(Player::PerfectWithin(Duration::from_millis(n)))
            }
            _ => Err(bad()),
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Level(l) => write!(f, "{l}"),
            Player::Depth(d) => write!(f, "depth:{d}"),
            Player::Time(t) => write!(f, "time:{}", t.as_millis()),
            Player::Nodes(n) => write!(f, "nodes:{n}"),
            Player::PerfectWithin(t) => write!(f, "perfect:{}", t.as_millis()),
        }
    }
}

impl Player {
    /// Chooses a move (`None` when the game is over). `max_time` caps time-limited levels.
    pub fn choose_move(
        &self,
        engine: &mut Engine,
        pos: &Position,
        seed: u64,
        stop: &AtomicBool,
        max_time: Option<Duration>,
    ) -> Option<Move> {
        let limits = match *self {
            Player::Level(l) => return l.choose_move_within(engine, pos, seed, stop, max_time),
            Player::PerfectWithin(t) => {
                let cap = max_time.map_or(t, |m| m.min(t));
                return Level::Perfect.choose_move_within(engine, pos, seed, stop, Some(cap));
            }
            Player::Depth(d) => Limits::Depth(d),
            Player::Time(t) => Limits::Time {
                soft: t / 2,
                hard: t,
            },
            Player::Nodes(n) => Limits::Nodes(n),
        };
        if pos.legal_moves().is_empty() {
            return None;
        }
        search_move(engine, pos, limits, &mut Rng::new(seed), stop, None)
    }
}

/// Longest game played before it is scored as a draw (no real game comes near it).
pub const MAX_PLIES: usize = 5_000;

/// Thinking time of one player in one game.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Thinking {
    pub moves: u32,
    pub total: Duration,
    pub longest: Duration,
}

/// `count` openings: the start position, then distinct random sequences of 2 to 4 sowings
/// (no `swap`; the players decide that) that do not end the game.
pub fn openings(rules: Rules, count: usize, seed: u64) -> Vec<Vec<Move>> {
    let mut out = vec![Vec::new()];
    let mut seen: HashSet<Vec<Move>> = HashSet::new();
    let mut rng = Rng::new(seed ^ 0x6F70_656E_696E_6773);
    let mut tries = 0;
    while out.len() < count {
        tries += 1;
        let len = 2 + rng.below(3);
        let (seq, pos) = random_line(rules, len, &mut rng);
        // Tiny boards have few openings: allow repeats once distinct ones are hard to find.
        let fresh = tries > 50 * count || seen.insert(seq.clone());
        if !pos.is_over() && fresh {
            out.push(seq);
        }
        if tries > 100 * count {
            out.push(Vec::new());
        }
    }
    out.truncate(count);
    out
}

/// Up to `len` random sowings from the start (no `swap`), each legal one equally likely; fewer
/// when the game ends first.
fn random_line(rules: Rules, len: usize, rng: &mut Rng) -> (Vec<Move>, Position) {
    let mut pos = Position::start(rules, Side::South);
    let mut seq = Vec::with_capacity(len);
    for _ in 0..len {
        let moves: Vec<Move> = pos
            .legal_moves()
            .iter()
            .copied()
            .filter(|&m| m != Move::Swap)
            .collect();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len())];
        pos.play_unchecked(m);
        seq.push(m);
    }
    (seq, pos)
}

/// `count` distinct positions after exactly `sowings` random sowings from the start (South
/// first; extra turns count as sowings), with the moves that reach them; finished games are
/// left out. The same `seed` gives the same positions. Gives fewer than `count` when that
/// many distinct positions are not found in `count * 20` tries.
pub fn random_positions(
    rules: Rules,
    sowings: usize,
    count: usize,
    seed: u64,
) -> Vec<(Vec<Move>, Position)> {
    let mut rng = Rng::new(seed);
    let mut seen: HashSet<Position> = HashSet::new();
    let mut out = Vec::new();
    for _ in 0..count.saturating_mul(20) {
        if out.len() == count {
            break;
        }
        let (line, pos) = random_line(rules, sowings, &mut rng);
        if line.len() == sowings && !pos.is_over() && seen.insert(pos) {
            out.push((line, pos));
        }
    }
    out
}

/// `count` of `items` drawn at random without repeats, in the order drawn (all of them,
/// shuffled, when there are fewer). The same `seed` gives the same draw.
pub fn draw<T>(mut items: Vec<T>, count: usize, seed: u64) -> Vec<T> {
    let mut rng = Rng::new(seed);
    // A partial Fisher-Yates shuffle: the first `count` places are the draw.
    let n = items.len();
    for i in 0..count.min(n) {
        let j = i + rng.below(n - i);
        items.swap(i, j);
    }
    items.truncate(count);
    items
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sampled_sowings_are_reproducible_and_reachable() {
        let rules: Rules = "bga".parse().unwrap();
        let a = random_positions(rules, 10, 30, 7);
        assert_eq!(a.len(), 30);
        assert_eq!(a, random_positions(rules, 10, 30, 7));
        assert_ne!(a, random_positions(rules, 10, 30, 8));
        let distinct: HashSet<String> = a.iter().map(|(_, p)| p.to_string()).collect();
        assert_eq!(distinct.len(), 30);
        for (line, pos) in &a {
            assert_eq!(line.len(), 10);
            let mut p = Position::start(rules, Side::South);
            for &m in line {
                p.play(m).unwrap();
            }
            assert_eq!(&p, pos);
            assert!(!pos.is_over());
        }
        // Only six positions exist after one sowing: asking for more gives those six.
        assert_eq!(random_positions(rules, 1, 50, 1).len(), 6);
    }

    #[test]
    fn a_sample_draws_without_repeats() {
        let items: Vec<u32> = (0..100).collect();
        let s = draw(items.clone(), 10, 3);
        assert_eq!(s.len(), 10);
        let distinct: HashSet<u32> = s.iter().copied().collect();
        assert_eq!(distinct.len(), 10);
        assert_eq!(s, draw(items.clone(), 10, 3));
        assert_eq!(draw(items, 500, 3).len(), 100);
    }

    #[test]
    fn players_parse_and_print() {
        for (text, p) in [
            ("club", Player::Level(Level::Club)),
            ("7", Player::Level(Level::Perfect)),
            ("depth:5", Player::Depth(5)),
            ("Depth: 12", Player::Depth(12)),
            ("time:250", Player::Time(Duration::from_millis(250))),
            ("nodes:100000", Player::Nodes(100_000)),
            (
                "perfect:1000",
                Player::PerfectWithin(Duration::from_millis(1000)),
            ),
        ] {
            assert_eq!(text.parse::<Player>(), Ok(p), "{text}");
            assert_eq!(p.to_string().parse::<Player>(), Ok(p));
        }
        for bad in [
            "",
            "depth:0",
            "depth:x",
            "depth:",
            "time:0",
            "nodes:-3",
            "speed:4",
            "pro",
            "perfect:0",
            "club:100",
        ] {
            assert_eq!(
                bad.parse::<Player>(),
                Err(ParsePlayerError(bad.to_string()))
            );
        }
    }

    #[test]
    fn openings_are_reproducible_distinct_and_playable() {
        let rules = Rules::standard();
        let a = openings(rules, 50, 3);
        assert_eq!(a, openings(rules, 50, 3));
        assert_ne!(a, openings(rules, 50, 4));
        assert_eq!(a.len(), 50);
        assert!(a[0].is_empty());
        let distinct: HashSet<_> = a.iter().collect();
        assert_eq!(distinct.len(), 50);
        for seq in &a[1..] {
            assert!((2..=4).contains(&seq.len()));
            let mut pos = Position::start(rules, Side::South);
            for &m in seq {
                assert_ne!(m, Move::Swap);
                pos.play(m).unwrap();
            }
            assert!(!pos.is_over());
        }
        // A tiny board cannot have 50 distinct openings, but still gets 50.
        let tiny: Rules = "standard houses=1 seeds=1".parse().unwrap();
        assert_eq!(openings(tiny, 50, 1).len(), 50);
    }
}
