//! Matches between two players (levels or fixed search limits), and their statistics.
//!
//! Game `2k` and `2k + 1` start from the same opening `k` with the colours reversed: in the
//! even game player A moves first (South), in the odd one player B does. Opening 0 is the
//! start position; the others are short random sowing sequences, reproducible from the
//! match seed.

use crate::level::{search_move, Level, Rng};
use crate::search::{Engine, Limits};
use kalah_rules::{Move, Position, Rules, Side};
use std::collections::HashSet;
use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

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
}

/// A player description that is not a level, `depth:D`, `time:MS` or `nodes:N`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("bad player {0:?}: expected a level (beginner, novice, casual, club, expert, master, perfect), depth:D, time:MS or nodes:N")]
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

/// What to play.
#[derive(Debug, Clone)]
pub struct MatchConfig {
    pub rules: Rules,
    pub a: Player,
    pub b: Player,
    pub games: usize,
    pub seed: u64,
    /// Games played at the same time.
    pub threads: usize,
    /// Transposition table of each player's engine, in MiB.
    pub table_mb: usize,
    /// Caps the thinking time of time-limited levels.
    pub max_time: Option<Duration>,
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

impl Thinking {
    fn add(&mut self, t: Duration) {
        self.moves += 1;
        self.total += t;
        self.longest = self.longest.max(t);
    }

    fn merge(&mut self, o: &Thinking) {
        self.moves += o.moves;
        self.total += o.total;
        self.longest = self.longest.max(o.longest);
    }
}

/// One finished game.
#[derive(Debug, Clone)]
pub struct GameRecord {
    pub index: usize,
    /// The position the game started from (the rules' start, or a suite's position).
    pub start: Position,
    /// The opening's sowings from `start`, played before the players take over.
    pub opening: Vec<Move>,
    /// True when A sat South at the start.
    pub a_first: bool,
    /// The players' moves after the opening.
    pub moves: Vec<Move>,
    /// 1 for an A win, 0.5 for a draw, 0 for a loss.
    pub score_a: f64,
    /// A's final store minus B's.
    pub margin_a: i32,
    /// Stopped at [`MAX_PLIES`] and scored as a draw.
    pub unfinished: bool,
    pub thinking_a: Thinking,
    pub thinking_b: Thinking,
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
        let mut pos = Position::start(rules, Side::South);
        let len = 2 + rng.below(3);
        let mut seq = Vec::new();
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

fn mix(a: u64, b: u64) -> u64 {
    let mut r = Rng::new(a ^ b.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    r.next_u64()
}

/// Plays game `index` of the match from `opening`.
pub fn play_game(config: &MatchConfig, index: usize, opening: &[Move]) -> GameRecord {
    let mut pos = Position::start(config.rules, Side::South);
    for &m in opening {
        pos.play_unchecked(m);
    }
    let mut g = play_game_from(config, index, pos);
    g.opening = opening.to_vec();
    g.start = Position::start(config.rules, Side::South);
    g
}

/// Plays game `index` of the match from the position `start`: A sits South in even games
/// (moving first when South is to move), North in odd ones.
pub fn play_game_from(config: &MatchConfig, index: usize, start: Position) -> GameRecord {
    let stop = AtomicBool::new(false);
    let a_first = index & 1 == 0;
    // The side where A sits; a swap moves each person to the other side.
    let mut a_side = if a_first { Side::South } else { Side::North };
    let mut pos = start;
    let mut engines = [Engine::new(config.table_mb), Engine::new(config.table_mb)];
    let mut thinking = [Thinking::default(), Thinking::default()];
    let mut moves = Vec::new();
    let game_seed = mix(config.seed, index as u64);
    while !pos.is_over() && moves.len() < MAX_PLIES {
        let who = usize::from(pos.to_move() != a_side);
        let player = if who == 0 { config.a } else { config.b };
        let seed = mix(game_seed, moves.len() as u64);
        let t = Instant::now();
        let m = player.choose_move(&mut engines[who], &pos, seed, &stop, config.max_time);
        thinking[who].add(t.elapsed());
        // A player always answers while the game is not over; stop safely if not.
        let Some(m) = m.filter(|&m| pos.check(m).is_ok()) else {
            break;
        };
        pos.play_unchecked(m);
        if m == Move::Swap {
            a_side = a_side.opponent();
        }
        moves.push(m);
    }
    let (margin_a, unfinished) = match pos.outcome() {
        Some(o) => (
            o.scores[a_side] as i32 - o.scores[a_side.opponent()] as i32,
            false,
        ),
        None => (0, true),
    };
    GameRecord {
        index,
        start,
        opening: Vec::new(),
        a_first,
        moves,
        score_a: match margin_a.signum() {
            1 => 1.0,
            0 => 0.5,
            _ => 0.0,
        },
        margin_a,
        unfinished,
        thinking_a: thinking[0],
        thinking_b: thinking[1],
    }
}

/// Plays the match on `config.threads` threads; `on_game` sees each game as it ends and
/// returns false to stop early (games already started are finished, and so is the pair of
/// the last one, so that the games played are exactly the first k, paired when k is even).
/// Returns the games in index order.
pub fn run_match(
    config: &MatchConfig,
    on_game: impl FnMut(&GameRecord) -> bool,
) -> Vec<GameRecord> {
    let openings = openings(config.rules, config.games.div_ceil(2), config.seed);
    run_games(config, |i| play_game(config, i, &openings[i / 2]), on_game)
}

/// [`run_match`] from the positions of an opening suite instead of random openings: game
/// `2k` and `2k + 1` start from `starts[k % starts.len()]`, A sitting South, then North.
pub fn run_match_from(
    config: &MatchConfig,
    starts: &[Position],
    on_game: impl FnMut(&GameRecord) -> bool,
) -> Vec<GameRecord> {
    assert!(!starts.is_empty(), "an opening suite has positions");
    run_games(
        config,
        |i| play_game_from(config, i, starts[(i / 2) % starts.len()]),
        on_game,
    )
}

fn run_games(
    config: &MatchConfig,
    play: impl Fn(usize) -> GameRecord + Sync,
    mut on_game: impl FnMut(&GameRecord) -> bool,
) -> Vec<GameRecord> {
    let next = AtomicUsize::new(0);
    let end = AtomicUsize::new(config.games);
    let (tx, rx) = mpsc::channel();
    let mut out: Vec<GameRecord> = Vec::with_capacity(config.games);
    std::thread::scope(|scope| {
        for _ in 0..config.threads.clamp(1, config.games.max(1)) {
            let tx = tx.clone();
            let (next, end, play) = (&next, &end, &play);
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                if i >= end.load(Ordering::SeqCst) {
                    break;
                }
                if tx.send(play(i)).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        for g in rx {
            if !on_game(&g) {
                // Every game handed out so far has an index below `next`: end there, rounded
                // up to complete the last pair.
                let handed = next.load(Ordering::SeqCst).min(config.games);
                end.fetch_min(
                    handed.next_multiple_of(2).min(config.games),
                    Ordering::SeqCst,
                );
            }
            out.push(g);
        }
    });
    out.sort_by_key(|g| g.index);
    out
}

/// Wins, draws and losses of A, the score and the Elo difference A minus B.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MatchStats {
    pub games: usize,
    pub wins: usize,
    pub draws: usize,
    pub losses: usize,
    /// A's mean score per game, 0..1.
    pub score: f64,
    pub elo: f64,
    /// 95% confidence interval of `elo`.
    pub elo_low: f64,
    pub elo_high: f64,
    pub thinking_a: Thinking,
    pub thinking_b: Thinking,
}

/// Logistic Elo difference for an expected score `p` in (0, 1).
pub fn elo_from_score(p: f64) -> f64 {
    -400.0 * (1.0 / p - 1.0).log10()
}

/// Statistics of a match.
///
/// The interval is the score plus or minus 1.96 standard errors, from the variance of the
/// per-game scores, turned into Elo. A score of 0% or 100% has no finite Elo, so the score
/// and its bounds are clamped to [1/(2n), 1 - 1/(2n)] (as if half a game had gone the other
/// way), and when every game had the same result the variance of that clamped score is used.
pub fn match_stats(games: &[GameRecord]) -> MatchStats {
    let scores: Vec<f64> = games.iter().map(|g| g.score_a).collect();
    let (score, elo, elo_low, elo_high) = score_and_elo(&scores);
    let mut thinking_a = Thinking::default();
    let mut thinking_b = Thinking::default();
    for g in games {
        thinking_a.merge(&g.thinking_a);
        thinking_b.merge(&g.thinking_b);
    }
    MatchStats {
        games: games.len(),
        wins: scores.iter().filter(|&&s| s == 1.0).count(),
        draws: scores.iter().filter(|&&s| s == 0.5).count(),
        losses: scores.iter().filter(|&&s| s == 0.0).count(),
        score,
        elo,
        elo_low,
        elo_high,
        thinking_a,
        thinking_b,
    }
}

/// Mean score, Elo, and the Elo interval of per-game scores (each 0, 0.5 or 1).
pub fn score_and_elo(scores: &[f64]) -> (f64, f64, f64, f64) {
    if scores.is_empty() {
        return (0.5, 0.0, 0.0, 0.0);
    }
    let n = scores.len() as f64;
    let mean = scores.iter().sum::<f64>() / n;
    let eps = 0.5 / n;
    let clamp = |p: f64| p.clamp(eps, 1.0 - eps);
    let p = clamp(mean);
    let var = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / n;
    let var = if var > 0.0 { var } else { p * (1.0 - p) };
    let half = 1.96 * (var / n).sqrt();
    (
        mean,
        elo_from_score(p),
        elo_from_score(clamp(mean - half)),
        elo_from_score(clamp(mean + half)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use kalah_rules::Preset;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 0.05
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
        ] {
            assert_eq!(text.parse::<Player>(), Ok(p), "{text}");
            assert_eq!(p.to_string().parse::<Player>(), Ok(p));
        }
        for bad in [
            "", "depth:0", "depth:x", "depth:", "time:0", "nodes:-3", "speed:4", "pro",
        ] {
            assert_eq!(
                bad.parse::<Player>(),
                Err(ParsePlayerError(bad.to_string()))
            );
        }
    }

    #[test]
    fn elo_of_scores() {
        assert_eq!(elo_from_score(0.5), 0.0);
        // 3:1 odds: 400 * log10(3).
        assert!(close(elo_from_score(0.75), 190.85));
        assert!(close(elo_from_score(0.25), -190.85));
    }

    fn scores(wins: usize, draws: usize, losses: usize) -> Vec<f64> {
        let mut v = vec![1.0; wins];
        v.extend(vec![0.5; draws]);
        v.extend(vec![0.0; losses]);
        v
    }

    #[test]
    fn elo_interval_by_hand() {
        // 60 wins, 20 draws, 20 losses: score 0.7; per-game variance
        // (60 * 0.09 + 20 * 0.04 + 20 * 0.49) / 100 = 0.16, standard error 0.04,
        // interval 0.7 -/+ 0.0784 = 0.6216 .. 0.7784.
        let (s, elo, low, high) = score_and_elo(&scores(60, 20, 20));
        assert!((s - 0.7).abs() < 1e-12);
        assert!(close(elo, 147.19), "{elo}");
        assert!(close(low, 86.23), "{low}");
        assert!(close(high, 218.25), "{high}");
        // The mirror image.
        let (s, elo, low, high) = score_and_elo(&scores(20, 20, 60));
        assert!((s - 0.3).abs() < 1e-12);
        assert!(close(elo, -147.19) && close(low, -218.25) && close(high, -86.23));
    }

    #[test]
    fn elo_clamped_at_all_wins() {
        // 10 wins of 10: score clamped to 0.95 (Elo 400 * log10(19) = 511.5); variance
        // 0.95 * 0.05 = 0.0475, half-width 1.96 * sqrt(0.00475) = 0.1351, lower 0.8649.
        let (s, elo, low, high) = score_and_elo(&scores(10, 0, 0));
        assert_eq!(s, 1.0);
        assert!(close(elo, 511.5) && close(high, 511.5), "{elo} {high}");
        assert!(close(low, 322.5), "{low}");
        let (_, elo, low, high) = score_and_elo(&scores(0, 0, 10));
        assert!(close(elo, -511.5) && close(low, -511.5) && close(high, -322.5));
    }

    #[test]
    fn even_match_is_zero_elo() {
        let (s, elo, low, high) = score_and_elo(&scores(5, 10, 5));
        assert_eq!((s, elo), (0.5, 0.0));
        assert!(low < 0.0 && high > 0.0 && close(low, -high));
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

    fn config(rules: Rules, a: Player, b: Player, games: usize) -> MatchConfig {
        MatchConfig {
            rules,
            a,
            b,
            games,
            seed: 5,
            threads: 2,
            table_mb: 1,
            max_time: Some(Duration::from_millis(50)),
        }
    }

    /// Replays a game and scores it for A, following A through swaps.
    fn replay_margin(rules: Rules, g: &GameRecord) -> i32 {
        let mut pos = Position::start(rules, Side::South);
        for &m in &g.opening {
            pos.play(m).unwrap();
        }
        let mut a = if g.a_first { Side::South } else { Side::North };
        for &m in &g.moves {
            pos.play(m).unwrap();
            if m == Move::Swap {
                a = a.opponent();
            }
        }
        let o = pos.outcome().expect("a finished game");
        o.scores[a] as i32 - o.scores[a.opponent()] as i32
    }

    #[test]
    fn games_are_legal_alternate_colours_and_score_through_swaps() {
        let rules: Rules = "standard houses=4 seeds=3 pie=yes".parse().unwrap();
        let c = config(rules, Player::Level(Level::Club), Player::Depth(3), 12);
        let games = run_match(&c, |_| true);
        assert_eq!(games.len(), 12);
        for (i, g) in games.iter().enumerate() {
            assert_eq!(g.index, i);
            assert_eq!(g.a_first, i % 2 == 0);
            assert!(!g.unfinished);
            assert_eq!(g.margin_a, replay_margin(rules, g));
            assert_eq!(
                g.score_a,
                [0.0, 0.5, 1.0][(g.margin_a.signum() + 1) as usize]
            );
        }
        // Both colours of an opening start from the same sowings.
        assert_eq!(games[2].opening, games[3].opening);
        let s = match_stats(&games);
        assert_eq!(s.wins + s.draws + s.losses, 12);
        assert_eq!(
            s.thinking_a.moves + s.thinking_b.moves,
            games.iter().map(|g| g.moves.len() as u32).sum::<u32>()
        );
    }

    #[test]
    fn the_same_seed_plays_the_same_games() {
        let rules = Rules::preset(Preset::Standard);
        let c = config(
            rules,
            Player::Level(Level::Beginner),
            Player::Level(Level::Novice),
            6,
        );
        let one: Vec<_> = run_match(&c, |_| true)
            .into_iter()
            .map(|g| g.moves)
            .collect();
        let two: Vec<_> = run_match(&c, |_| true)
            .into_iter()
            .map(|g| g.moves)
            .collect();
        assert_eq!(one, two);
    }

    #[test]
    fn stopping_early_keeps_whole_pairs_from_the_start() {
        let rules: Rules = "standard houses=4 seeds=3".parse().unwrap();
        for threads in [1, 3] {
            let mut c = config(rules, Player::Depth(1), Player::Depth(2), 40);
            c.threads = threads;
            let mut seen = 0;
            let games = run_match(&c, |_| {
                seen += 1;
                seen < 5
            });
            assert!(games.len() >= 5 && games.len() < 40, "{}", games.len());
            assert!(games.len().is_multiple_of(2));
            assert!(games.iter().enumerate().all(|(i, g)| g.index == i));
        }
    }
}
