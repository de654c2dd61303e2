//! One game between two seats (A and B), from a start position to its end, a proven result
//! or a player's fault.

use crate::adjudicate::{Adjudicator, Verdict};
use crate::fault::Fault;
use crate::kgp::KgpProgram;
use crate::log::TrafficLog;
use crate::program::{Program, Watch};
use crate::spec::{PlayerSpec, ProgramSpec};
use crate::time::{Clocks, TimeControl};
use kalah_engine::{Endgame, Engine, Player, Thinking, MAX_PLIES};
use kalah_engine_protocol::Depth;
use kalah_rules::{BySide, Move, Position, Rules, Side};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ending {
    /// Played to the end of the game.
    Played,
    /// Stopped at [`MAX_PLIES`] and scored as a draw.
    PlyLimit,
    /// Stopped where the solver proved the result.
    Adjudicated(Verdict),
    /// Lost by seat 0 (A) or 1 (B) through its fault.
    Forfeit { seat: usize, fault: Fault },
    /// Abandoned unfinished because the match was stopped (Ctrl-C): not a result.
    Aborted,
}

/// What the runner measured and the player said about one of its moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MoveData {
    /// From `go` (or `state`) to the answer, in whole microseconds.
    pub took: Duration,
    /// The score of the program's last `info` with one: the final margin it expected for
    /// itself, in seeds.
    pub score: Option<i32>,
    /// The depth of that `info`.
    pub depth: Option<Depth>,
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
    /// One for each of `moves`.
    pub move_data: Vec<MoveData>,
    /// 1 for an A win, 0.5 for a draw, 0 for a loss.
    pub score_a: f64,
    /// A's final store minus B's (0 for a forfeit).
    pub margin_a: i32,
    pub ending: Ending,
    pub thinking_a: Thinking,
    pub thinking_b: Thinking,
}

/// What the game loop needs to know about the match.
pub struct GameRules {
    pub time: TimeControl,
    /// Extra time a player may take beyond its limit before it loses on time.
    pub grace: Duration,
    /// Caps the time-limited levels per move without a time control (`--level-time`).
    pub level_time: Option<Duration>,
    pub table_mb: usize,
    pub seed: u64,
    pub engine_stderr: bool,
    /// An endgame database our players probe, as in `kalah play` and `kalah serve`.
    pub players_endgame: Option<(Arc<dyn Endgame>, Rules)>,
    /// Set to stop the match: the game is abandoned ([`Ending::Aborted`]) before its next
    /// move, and a program thinking is sent `stop`.
    pub cancel: Option<Arc<AtomicBool>>,
    /// `--debug`: every line to and from the programs.
    pub log: Option<Arc<TrafficLog>>,
}

/// A seat of a worker: our player, or a program kept running from game to game.
pub enum Seat {
    Builtin(Player),
    Program {
        spec: ProgramSpec,
        running: Option<Program>,
    },
    Kgp {
        spec: ProgramSpec,
        running: Option<KgpProgram>,
    },
}

impl Seat {
    pub fn new(spec: &PlayerSpec) -> Seat {
        match spec {
            PlayerSpec::Builtin(p) => Seat::Builtin(*p),
            PlayerSpec::Program(s) => Seat::Program {
                spec: s.clone(),
                running: None,
            },
            PlayerSpec::Kgp(s) => Seat::Kgp {
                spec: s.clone(),
                running: None,
            },
        }
    }

    /// The seat's time control: its own (`tc=`, `st=`), else the match's.
    fn time(&self, default: TimeControl) -> TimeControl {
        match self {
            Seat::Program { spec, .. } | Seat::Kgp { spec, .. } => spec.time.unwrap_or(default),
            Seat::Builtin(_) => default,
        }
    }

    /// Gets a program ready for game `index`, starting it (again) if needed.
    fn prepare(&mut self, pos: &Position, index: usize, g: &GameRules) -> Result<(), Fault> {
        match self {
            Seat::Builtin(_) => Ok(()),
            Seat::Program { spec, running } => {
                if spec.restart {
                    *running = None;
                }
                let program = match running {
                    Some(p) => p,
                    None => {
                        running.insert(Program::start_logged(spec, g.engine_stderr, g.log.clone())?)
                    }
                };
                let result = program.new_game(pos.rules());
                if result.is_err() {
                    *running = None;
                }
                result
            }
            Seat::Kgp { spec, running } => {
                if pos.rules().pie() {
                    return Err(Fault::Start("KGP has no pie rule: play pie=no".into()));
                }
                if spec.restart {
                    *running = None;
                }
                let program = match running {
                    Some(p) => p,
                    None => running.insert(KgpProgram::start_logged(
                        spec,
                        g.engine_stderr,
                        g.log.clone(),
                    )?),
                };
                let result = program.new_game(pos.rules(), index);
                if result.is_err() {
                    *running = None;
                }
                result
            }
        }
    }
}

/// SplitMix64 of two numbers: the per-game and per-move seeds of our players.
fn mix(a: u64, b: u64) -> u64 {
    let mut z = (a ^ b.wrapping_mul(0x9E37_79B9_7F4A_7C15)).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Plays game `index` from `start` after `opening`: A sits South in even games, North in odd
/// ones.
pub fn play_game(
    g: &GameRules,
    seats: &mut [Seat; 2],
    mut adjudicator: Option<&mut Adjudicator>,
    index: usize,
    start: Position,
    opening: &[Move],
) -> GameRecord {
    let a_first = index & 1 == 0;
    let mut a_side = if a_first { Side::South } else { Side::North };
    let mut pos = start;
    for &m in opening {
        pos.play_unchecked(m);
    }
    let mut history: Vec<Move> = opening.to_vec();
    let mut moves = Vec::new();
    let mut move_data = Vec::new();
    let mut thinking = [Thinking::default(), Thinking::default()];
    let mut engines: [Option<Engine>; 2] = [None, None];
    let mut clocks = Clocks::with_odds([seats[0].time(g.time), seats[1].time(g.time)], g.grace);
    let game_seed = mix(g.seed, index as u64);
    let mut ending = None;
    for (seat, s) in seats.iter_mut().enumerate() {
        if let Err(fault) = s.prepare(&pos, index, g) {
            ending = Some(Ending::Forfeit { seat, fault });
            break;
        }
    }
    let ending = loop {
        if let Some(e) = ending {
            break e;
        }
        if g.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed)) {
            break Ending::Aborted;
        }
        if pos.is_over() {
            break Ending::Played;
        }
        if moves.len() >= MAX_PLIES {
            break Ending::PlyLimit;
        }
        if let Some(v) = adjudicator.as_mut().and_then(|a| a.verdict(&pos)) {
            break Ending::Adjudicated(v);
        }
        let seat = usize::from(pos.to_move() != a_side);
        // With a clock, the grace left after earlier overruns.
        let wait = clocks.wait(seat);
        let (limit, grace) = (wait.map(|w| w.0), wait.map_or(g.grace, |w| w.1));
        let answer = match &mut seats[seat] {
            Seat::Builtin(player) => {
                let engine = engines[seat].get_or_insert_with(|| {
                    let mut e = Engine::new(g.table_mb);
                    if let Some((db, rules)) = &g.players_endgame {
                        e.set_endgame(Arc::clone(db), *rules);
                    }
                    e
                });
                let seed = mix(game_seed, moves.len() as u64);
                let go = clocks.go(seat, pos.to_move());
                builtin_move(*player, engine, &pos, seed, &go, g.level_time)
                    .map(|(m, t)| (m, t, None, None))
            }
            Seat::Program { running, spec } => {
                let program = running.as_mut().expect("prepared for the game");
                let mut go = clocks.go(seat, pos.to_move());
                (go.depth, go.nodes) = (spec.depth, spec.nodes);
                let never = AtomicBool::new(false);
                let watch = Watch {
                    stop: g.cancel.as_deref().unwrap_or(&never),
                    on_info: &mut |_| {},
                };
                let r = program.think_with(&start, &history, go, limit, grace, Some(watch));
                // A program that failed is not trusted with another game: a new one is
                // started for the next (an illegal move leaves it in a known state).
                if matches!(r, Err(Fault::Crash(_) | Fault::Timeout(_))) {
                    *running = None;
                }
                r.map(|a| {
                    let info = a.info.unwrap_or_default();
                    (a.best, a.took, info.score, info.depth)
                })
            }
            Seat::Kgp { running, .. } => {
                let program = running.as_mut().expect("prepared for the game");
                let r = program.think(&pos, limit, grace);
                if matches!(r, Err(Fault::Crash(_) | Fault::Timeout(_))) {
                    *running = None;
                }
                r.map(|(m, t)| (m, t, None, None))
            }
        };
        let (m, took, score, depth) = match answer {
            // Whole microseconds: what the records keep, so a resumed match counts the same.
            Ok((m, t, score, depth)) => {
                (m, Duration::from_micros(t.as_micros() as u64), score, depth)
            }
            Err(fault) => {
                ending = Some(Ending::Forfeit { seat, fault });
                continue;
            }
        };
        if let Err(why) = clocks.charge(seat, took) {
            ending = Some(Ending::Forfeit {
                seat,
                fault: Fault::Timeout(why),
            });
            continue;
        }
        if let Err(e) = pos.check(m) {
            let fault = Fault::Illegal(format!("{m} in {pos}: {e}"));
            ending = Some(Ending::Forfeit { seat, fault });
            continue;
        }
        pos.play_unchecked(m);
        if m == Move::Swap {
            a_side = a_side.opponent();
        }
        history.push(m);
        moves.push(m);
        move_data.push(MoveData { took, score, depth });
        // Accepted moves only, as the records keep them.
        thinking[seat].moves += 1;
        thinking[seat].total += took;
        thinking[seat].longest = thinking[seat].longest.max(took);
    };
    let (score_a, margin_a) = result_of(&ending, &pos, a_side);
    if ending != Ending::Aborted {
        tell_results(seats, &pos, a_side, score_a);
    }
    GameRecord {
        index,
        start,
        opening: opening.to_vec(),
        a_first,
        moves,
        move_data,
        score_a,
        margin_a,
        ending,
        thinking_a: thinking[0],
        thinking_b: thinking[1],
    }
}

/// Tells each KGP program still connected how its game ended (`set game:result`, as the
/// server does): its result and the seeds of both sides, its own first. A program that can
/// no longer be told is started again for its next game.
fn tell_results(seats: &mut [Seat; 2], pos: &Position, a_side: Side, score_a: f64) {
    let seeds = pos.outcome().map_or_else(
        || BySide::from_fn(|s| u32::from(pos.store(s))),
        |o| o.scores,
    );
    for (seat, s) in seats.iter_mut().enumerate() {
        if let Seat::Kgp { running, .. } = s {
            let Some(program) = running.as_mut() else {
                continue;
            };
            let (side, score) = if seat == 0 {
                (a_side, score_a)
            } else {
                (a_side.opponent(), 1.0 - score_a)
            };
            if program
                .tell_result(score, seeds[side], seeds[side.opponent()])
                .is_err()
            {
                *running = None;
            }
        }
    }
}

/// A's score (1, 0.5 or 0) and final margin in a game that ended so in `pos` with A on
/// `a_side`. A forfeit has margin 0; an aborted game counts as a draw (it is not counted).
pub(crate) fn result_of(ending: &Ending, pos: &Position, a_side: Side) -> (f64, i32) {
    let margin_a = match ending {
        Ending::Played => pos.outcome().map_or(0, |o| {
            o.scores[a_side] as i32 - o.scores[a_side.opponent()] as i32
        }),
        Ending::Adjudicated(v) if v.to_move == a_side => v.value,
        Ending::Adjudicated(v) => -v.value,
        Ending::PlyLimit | Ending::Forfeit { .. } | Ending::Aborted => 0,
    };
    let score_a = match ending {
        Ending::Forfeit { seat: 0, .. } => 0.0,
        Ending::Forfeit { .. } => 1.0,
        _ => match margin_a.signum() {
            1 => 1.0,
            0 => 0.5,
            _ => 0.0,
        },
    };
    (score_a, margin_a)
}

/// Our player's move under the time control: the time-limited players get at most the time
/// a program would (the same time manager as `kalah engine`), and a watchdog stops any
/// search at that bound.
fn builtin_move(
    player: Player,
    engine: &mut Engine,
    pos: &Position,
    seed: u64,
    go: &kalah_engine_protocol::Go,
    level_time: Option<Duration>,
) -> Result<(Move, Duration), Fault> {
    let start = Instant::now();
    let hard = kalah_engine_protocol::budget(go, pos.to_move()).map(|(_, h)| h);
    let cap = match (hard, level_time) {
        (Some(h), Some(l)) => Some(h.min(l)),
        (h, l) => h.or(l),
    };
    let player = match (player, hard) {
        (Player::Time(t), Some(h)) => Player::Time(t.min(h)),
        (p, _) => p,
    };
    let stop = AtomicBool::new(false);
    let done = AtomicBool::new(false);
    let m = std::thread::scope(|s| {
        let watchdog = hard.map(|h| {
            let (stop, done) = (&stop, &done);
            s.spawn(move || {
                while !done.load(Ordering::Relaxed) {
                    let left = h.saturating_sub(start.elapsed());
                    if left.is_zero() {
                        stop.store(true, Ordering::Relaxed);
                        return;
                    }
                    std::thread::park_timeout(left);
                }
            })
        });
        let m = player.choose_move(engine, pos, seed, &stop, cap);
        done.store(true, Ordering::Relaxed);
        if let Some(w) = watchdog {
            w.thread().unpark();
        }
        m
    });
    // Our players always answer while the game is not over.
    let m = m.ok_or_else(|| Fault::Illegal(format!("no move in {pos}")))?;
    Ok((m, start.elapsed()))
}
