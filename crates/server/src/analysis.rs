//! Position analysis on the engine pool: the value of the position and of every move.

use crate::budget::Networks;
use crate::caps::Caps;
use crate::engine::Analysis;
use crate::engine::EnginePool;
use crate::error::ApiError;
use crate::error::ApiResult;
use crate::fair::{Full, Share, Shares};
use kalah_engine::book::{self, Proven};
use kalah_rules::{Move, Position, Rules, Side};
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;

/// Default and largest thinking time of one analysis.
pub const DEFAULT_MS: u64 = 1000;
pub const MAX_MS: u64 = 5000;

/// The same position for analysis, however it is written: the rules without what changes
/// no move's value relative to another (the seeds per house at the start, which the board
/// gives anyway, and `early_end`, which only ends the game sooner), then the houses seen from
/// the side to move (as if it were South) and the pie stage, without the stores (seeds in a
/// store never move again: they change the score, not the best move). A game between two
/// people stores the keys of the positions it passed through and may reach next
/// ([`reachable_keys`]), so that `POST /api/analyze` can refuse any of them, also pasted from
/// the other side, with another preset spelling, a store changed or `early_end` added.
pub fn position_key(pos: &Position) -> String {
    let mut setup = pos.to_setup();
    if setup.to_move == Side::North {
        std::mem::swap(&mut setup.houses.south, &mut setup.houses.north);
    }
    let mut rules = pos.rules().setup();
    rules.early_end = false;
    rules.seeds = 1;
    let rules = Rules::new(rules).unwrap_or(pos.rules());
    let row = |h: &[u32]| h.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
    format!(
        "{rules} {}/{} {:?}",
        row(&setup.houses.south),
        row(&setup.houses.north),
        setup.pie
    )
}

/// Sowings looked ahead for [`reachable_keys`]: the next move and the answer to it (an extra
/// turn counts as a sowing).
pub const AHEAD: usize = 2;
/// Most positions [`reachable_keys`] answers (the nearest first).
pub const MOST_AHEAD: usize = 200;

/// The keys of the positions `pos` may reach within [`AHEAD`] sowings, at most
/// [`MOST_AHEAD`] of them, nearest first (without `pos`'s own).
pub fn reachable_keys(pos: &Position) -> Vec<String> {
    let mut seen = std::collections::HashSet::new();
    let mut keys = Vec::new();
    let mut frontier = vec![*pos];
    for _ in 0..AHEAD {
        let mut next = Vec::new();
        for p in &frontier {
            if p.outcome().is_some() {
                continue;
            }
            for &mv in p.legal_moves().iter() {
                let mut q = *p;
                if q.play(mv).is_err() {
                    continue;
                }
                let key = position_key(&q);
                if seen.insert(key.clone()) {
                    if keys.len() == MOST_AHEAD {
                        return keys;
                    }
                    keys.push(key);
                    next.push(q);
                }
            }
        }
        frontier = next;
    }
    keys
}

/// The analyses feature: its own engine threads, so analyses never delay a computer's move,
/// and how many may run or wait, shared fairly between addresses and networks (`fair.rs`).
pub struct Analyses {
    engine: EnginePool,
    /// Analyses running or waiting, per address and per network, and in all.
    shares: Arc<Shares>,
}

impl Analyses {
    pub fn new(engine: EnginePool, caps: &Caps, grouping: Networks) -> Analyses {
        Analyses {
            engine,
            shares: Shares::new(caps.analysis_shares(), grouping),
        }
    }

    /// The analysis engine and a place among the analyses: 429 when the address or its
    /// network has its share running or waiting, 503 when the server is past its cap and the
    /// network has one already (a network with none is still served).
    pub fn turn(&self, ip: Option<std::net::IpAddr>) -> ApiResult<(&EnginePool, Share)> {
        let caps = self.shares.caps();
        let share = Shares::admit(&self.shares, ip).map_err(|full| match full {
            Full::Address => ApiError::too_many(format!(
                "{} analyses from your address are running already; wait for them, then ask again",
                caps.per_address
            )),
            Full::Network => ApiError::too_many(format!(
                "{} analyses from your network are running already (addresses near yours \
                 share a part of the engine); wait for them, then ask again",
                caps.per_network
            )),
            Full::Server => ApiError::unavailable(
                "the server is busy analysing other positions; try again in a few seconds",
            ),
        })?;
        Ok((&self.engine, share))
    }
}

pub async fn run(
    analyses: &Analyses,
    ip: Option<std::net::IpAddr>,
    pos: Position,
    time_ms: Option<u64>,
) -> ApiResult<Value> {
    let ms = time_ms.unwrap_or(DEFAULT_MS).clamp(50, MAX_MS);
    let (engine, _turn) = analyses.turn(ip)?;
    let a = engine.analyze(pos, Duration::from_millis(ms), ip).await?;
    Ok(answer(&pos, a, book::proven(&pos).as_ref()))
}

/// The answer to an analysis of `pos`: the search and move values `a`, with what the opening
/// books prove of it (`book`).
fn answer(pos: &Position, mut a: Analysis, book: Option<&Proven>) -> Value {
    let pos = *pos;
    if let Some(p) = book {
        with_book(&mut a, p);
    }
    let complete = agree(&mut a.search, &a.moves);
    let words = |ms: &[Move]| ms.iter().map(Move::to_string).collect::<Vec<_>>();
    let moves: Vec<Value> = a
        .moves
        .iter()
        .map(|m| json!({"move": m.mv.to_string(), "value": m.value, "exact": m.exact}))
        .collect();
    // Who plays each move of the line (extra turns let one side play several in a row).
    let mut walk = pos;
    let pv_movers: Vec<&str> = a
        .search
        .pv
        .iter()
        .map_while(|&m| {
            let side = walk.to_move().name();
            walk.play(m).ok().map(|_| side)
        })
        .collect();
    json!({
        "position": pos.to_string(),
        "to_move": pos.to_move().name(),
        "value": a.search.value,
        "exact": a.search.exact,
        "depth": a.search.depth,
        "best_moves": words(&a.search.best_moves),
        // False when time ran out before every move was checked: other moves may be as good.
        "best_moves_complete": complete,
        "pv": words(&a.search.pv),
        "pv_movers": pv_movers,
        "moves": moves,
    })
}

/// Makes the answer's value and best moves say what its move values say, so that a hint's
/// sentence never contradicts the numbers on the houses. Proven (`exact`): the best moves are
/// the moves proven to reach the proven value (by the search or by their own values). An
/// estimate: the value is the best move's estimate and the best moves are the moves of that
/// estimate (the page says it is an estimate). Answers whether the best moves are every best
/// move: proven, and every other move checked (by the search's best-move pass, which a
/// deadline may cut short after the value is proven, or by proven values of every move).
fn agree(s: &mut kalah_engine::SearchResult, moves: &[kalah_engine::MoveValue]) -> bool {
    if moves.is_empty() {
        return s.exact && s.all_best;
    }
    if s.exact {
        let best: Vec<Move> = moves
            .iter()
            .filter(|m| (m.exact && m.value == s.value) || s.best_moves.contains(&m.mv))
            .map(|m| m.mv)
            .collect();
        if !best.is_empty() {
            s.best_moves = best;
        }
        return s.all_best || moves.iter().all(|m| m.exact);
    }
    let best = moves.iter().map(|m| m.value).max().unwrap_or(s.value);
    s.value = best;
    s.best_moves = moves
        .iter()
        .filter(|m| m.value == best)
        .map(|m| m.mv)
        .collect();
    if s.best.is_none_or(|m| !s.best_moves.contains(&m)) {
        s.best = s.best_moves.first().copied();
    }
    false
}

/// Where the opening books prove more than a search of a second or two: the exact value, every
/// best move and the value of every move the books know.
fn with_book(a: &mut Analysis, p: &Proven) {
    let s = &mut a.search;
    s.value = p.entry.value;
    s.exact = true;
    s.best_moves = p.entry.best.clone();
    s.all_best = true;
    if s.best.is_none_or(|m| !p.entry.best.contains(&m)) {
        s.best = p.entry.best.first().copied();
    }
    if s.pv.first().is_none_or(|m| !p.entry.best.contains(m)) {
        s.pv = p.line.clone();
    }
    p.settle(&mut a.moves);
}

#[cfg(test)]
mod tests {
    use super::{agree, answer, position_key};
    use crate::engine::Analysis;
    use kalah_engine::{Engine, Limits, MoveValue, NoReport, Reporter, SearchInfo, SearchResult};
    use kalah_rules::Move;
    use std::sync::atomic::{AtomicBool, Ordering};

    fn mv(house: u8, value: i32, exact: bool) -> MoveValue {
        MoveValue {
            mv: Move::Sow(house),
            value,
            exact,
        }
    }

    /// Issue 37: "Best: house 1 ... about 3 ahead" beside +1 on house 1 and +1 on house 2.
    #[test]
    fn an_estimate_says_what_the_move_values_say() {
        let mut s = SearchResult {
            best: Some(Move::Sow(1)),
            best_moves: vec![Move::Sow(1)],
            all_best: false,
            value: 3,
            exact: false,
            depth: 4,
            pv: vec![],
            nodes: 0,
            elapsed: std::time::Duration::ZERO,
            stats: Default::default(),
        };
        let complete = agree(
            &mut s,
            &[mv(1, 1, false), mv(2, 1, false), mv(3, -2, false)],
        );
        assert!(!complete);
        assert_eq!((s.value, s.exact), (1, false));
        assert_eq!(s.best_moves, [Move::Sow(1), Move::Sow(2)]);
        assert_eq!(s.best, Some(Move::Sow(1)));
    }

    #[test]
    fn a_proven_value_names_only_proven_moves() {
        let mut s = SearchResult {
            best: Some(Move::Sow(2)),
            best_moves: vec![Move::Sow(2)],
            all_best: false,
            value: 0,
            exact: true,
            depth: 4,
            pv: vec![],
            nodes: 0,
            elapsed: std::time::Duration::ZERO,
            stats: Default::default(),
        };
        // Every move proven: every best move is known, though the search's pass was cut.
        assert!(agree(
            &mut s,
            &[mv(1, -2, true), mv(2, 0, true), mv(3, 0, true)]
        ));
        assert_eq!((s.value, s.exact), (0, true));
        assert_eq!(s.best_moves, [Move::Sow(2), Move::Sow(3)]);
    }

    /// Sets the stop flag once an iteration proves the value: the analysis's deadline falling
    /// after the value was proven, while the search checks the other moves for best ones.
    struct StopOnceProven<'a>(&'a AtomicBool);

    impl Reporter for StopOnceProven<'_> {
        fn iteration(&mut self, info: &SearchInfo) {
            if info.exact {
                self.0.store(true, Ordering::Relaxed);
            }
        }
    }

    #[test]
    fn a_search_cut_in_its_best_move_pass_says_its_best_moves_are_not_all() {
        let rules: Rules = "standard houses=6 seeds=3".parse().unwrap();
        let pos = Position::from_setup(
            rules,
            &parse_setup("<6,1,0,3,3,3,3,0,4,4,3,3,3,3,3> N").unwrap(),
        )
        .unwrap();
        let every = [Move::Sow(4), Move::Sow(5), Move::Sow(6)];
        let mut engine = Engine::new(16);
        let stop = AtomicBool::new(false);
        let search = engine.search(&pos, Limits::Exact, &stop, &mut StopOnceProven(&stop));
        assert!(search.exact && search.best_moves.len() < 3, "{search:?}");
        // Move values of a short search: estimates, not every one proven.
        let moves = engine.analyze(&pos, Limits::Depth(2), &AtomicBool::new(false));
        assert!(moves.iter().any(|m| !m.exact), "{moves:?}");
        let json = answer(&pos, Analysis { search, moves }, None);
        assert_eq!(
            (json["value"].as_i64(), json["exact"].as_bool()),
            (Some(-2), Some(true))
        );
        let best: Vec<&str> = json["best_moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect();
        assert!(
            best.iter()
                .all(|m| every.iter().any(|e| e.to_string() == *m)),
            "{json}"
        );
        // Fewer than every best move, so not said to be all of them.
        assert!(best.len() < 3, "{json}");
        assert_eq!(json["best_moves_complete"], false, "{json}");
        // Run to its end, the same search knows every best move.
        let never = AtomicBool::new(false);
        let search = Engine::new(16).search(&pos, Limits::Exact, &never, &mut NoReport);
        let moves = engine.analyze(&pos, Limits::Depth(2), &never);
        let json = answer(&pos, Analysis { search, moves }, None);
        let mut best: Vec<&str> = json["best_moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect();
        best.sort();
        assert_eq!(best, ["4", "5", "6"], "{json}");
        assert_eq!(json["best_moves_complete"], true, "{json}");
    }
    use kalah_rules::{parse_setup, Position, Rules};

    #[test]
    fn a_position_has_one_key_from_either_side() {
        let rules: Rules = "standard".parse().unwrap();
        let pos = |s: &str| Position::from_setup(rules, &parse_setup(s).unwrap()).unwrap();
        let south = pos("<6,3,1,0,5,5,5,5,4,4,4,4,4,4,0> S");
        let north = pos("<6,1,3,4,4,4,4,4,0,0,5,5,5,5,4> N");
        assert_eq!(position_key(&south), position_key(&north));
        assert_ne!(
            position_key(&south),
            position_key(&pos("<6,1,3,4,4,4,4,4,0,0,5,5,5,5,4> S"))
        );
        // Issue 36: a store changed, early_end added, the seeds of the start changed: the
        // same key.
        assert_eq!(
            position_key(&south),
            position_key(&pos("<6,9,1,0,5,5,5,5,4,4,4,4,4,4,0> S"))
        );
        for spelling in ["standard early-end=yes", "houses=6 seeds=5"] {
            let other: Rules = spelling.parse().unwrap();
            let p = Position::from_setup(
                other,
                &parse_setup("<6,3,1,0,5,5,5,5,4,4,4,4,4,4,0> S").unwrap(),
            )
            .unwrap();
            assert_eq!(position_key(&south), position_key(&p), "{spelling}");
        }
    }

    #[test]
    fn the_positions_ahead_are_the_next_move_and_the_answer() {
        let rules: Rules = "standard".parse().unwrap();
        let start = Position::start(rules, kalah_rules::Side::South);
        let keys = super::reachable_keys(&start);
        let mut after = start;
        after.play(Move::Sow(1)).unwrap();
        let mut answer = after;
        let reply = answer.legal_moves()[0];
        answer.play(reply).unwrap();
        assert!(keys.contains(&position_key(&after)));
        assert!(keys.contains(&position_key(&answer)));
        assert!(!keys.contains(&position_key(&start)));
        assert!(keys.len() <= super::MOST_AHEAD);
    }
}
