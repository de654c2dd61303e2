//! A match: games on several workers at once, each worker with its own seats (and so its own
//! program processes) and its own adjudicator.

use crate::adjudicate::{AdjudicationSettings, Adjudicator};
use crate::game::{play_game, Ending, GameRecord, GameRules, Seat};
use crate::spec::PlayerSpec;
use crate::time::TimeControl;
use kalah_engine::{openings, Endgame};
use kalah_rules::{Move, Position, Rules, Side};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::Arc;
use std::time::Duration;

/// Everything about a match.
#[derive(Clone)]
pub struct MatchSetup {
    pub rules: Rules,
    pub a: PlayerSpec,
    pub b: PlayerSpec,
    pub games: usize,
    pub seed: u64,
    /// Games played at the same time.
    pub concurrency: usize,
    /// Transposition table of each of our players, in MiB.
    pub table_mb: usize,
    pub time: TimeControl,
    pub grace: Duration,
    /// Caps the time-limited levels per move (`--level-time`).
    pub level_time: Option<Duration>,
    /// `None`: no adjudication.
    pub adjudication: Option<AdjudicationSettings>,
    /// An endgame database for the adjudicator, with the rules it was built for.
    pub endgame: Option<(Arc<dyn Endgame>, Rules)>,
    /// Let the programs' stderr through (else it is discarded).
    pub engine_stderr: bool,
    /// An endgame database our players probe (`--egdb`), as in `kalah play` and `kalah serve`.
    pub players_endgame: Option<(Arc<dyn Endgame>, Rules)>,
    /// Set to stop the match at once (Ctrl-C): no game starts, the games being played are
    /// abandoned before their next move and not reported.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Games not to play (by index): those of a resumed match that were played before.
    pub skip: Arc<std::collections::BTreeSet<usize>>,
    /// `--debug`: every line to and from the programs.
    pub log: Option<Arc<crate::log::TrafficLog>>,
}

/// Where game `i` starts: the rules' start after a random opening, or a suite's position.
enum Starts<'a> {
    Random(Vec<Vec<Move>>),
    Suite(&'a [Position]),
}

impl Starts<'_> {
    fn get(&self, rules: Rules, i: usize) -> (Position, &[Move]) {
        match self {
            Starts::Random(o) => (Position::start(rules, Side::South), &o[i / 2]),
            Starts::Suite(s) => (s[(i / 2) % s.len()], &[]),
        }
    }
}

/// Plays the match: game `2k` and `2k + 1` start from opening `k` (the start, then random
/// openings reproducible from the seed) or from `suite[k % len]`, A South then North.
/// `on_game` sees each game as it ends and returns false to stop early: no game starts after
/// that, and the games already started are finished (and seen by `on_game`). With
/// `setup.cancel` set the games being played are abandoned instead. Games in `setup.skip` are
/// not played. Returns the games played, in index order.
pub fn run_match(
    setup: &MatchSetup,
    suite: Option<&[Position]>,
    mut on_game: impl FnMut(&GameRecord) -> bool,
) -> Vec<GameRecord> {
    let starts = match suite {
        Some(s) => {
            assert!(!s.is_empty(), "an opening suite has positions");
            Starts::Suite(s)
        }
        None => Starts::Random(openings(setup.rules, setup.games.div_ceil(2), setup.seed)),
    };
    let rules = GameRules {
        time: setup.time,
        grace: setup.grace,
        level_time: setup.level_time,
        table_mb: setup.table_mb,
        seed: setup.seed,
        engine_stderr: setup.engine_stderr,
        players_endgame: setup.players_endgame.clone(),
        cancel: setup.cancel.clone(),
        log: setup.log.clone(),
    };
    let next = AtomicUsize::new(0);
    let end = AtomicUsize::new(setup.games);
    let (tx, rx) = mpsc::channel();
    let mut out: Vec<GameRecord> = Vec::with_capacity(setup.games);
    std::thread::scope(|scope| {
        for _ in 0..setup.concurrency.clamp(1, setup.games.max(1)) {
            let tx = tx.clone();
            let (next, end, starts, rules) = (&next, &end, &starts, &rules);
            scope.spawn(move || {
                // Seats and adjudicator live as long as the worker: programs are started
                // once and told `newgame` for each game.
                let mut seats = [Seat::new(&setup.a), Seat::new(&setup.b)];
                let mut adjudicator = setup
                    .adjudication
                    .map(|s| Adjudicator::new(s, setup.endgame.clone()));
                loop {
                    if rules
                        .cancel
                        .as_ref()
                        .is_some_and(|c| c.load(Ordering::SeqCst))
                    {
                        break;
                    }
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    if i >= end.load(Ordering::SeqCst) {
                        break;
                    }
                    if setup.skip.contains(&i) {
                        continue;
                    }
                    let (start, opening) = starts.get(setup.rules, i);
                    let g = play_game(rules, &mut seats, adjudicator.as_mut(), i, start, opening);
                    if g.ending == Ending::Aborted {
                        break;
                    }
                    if tx.send(g).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for g in rx {
            if !on_game(&g) {
                // Every game handed out so far has an index below `next`: end there.
                end.fetch_min(next.load(Ordering::SeqCst), Ordering::SeqCst);
            }
            out.push(g);
        }
    });
    out.sort_by_key(|g| g.index);
    out
}
