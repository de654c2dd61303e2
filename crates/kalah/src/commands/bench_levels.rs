//! `kalah bench levels`: each level's average loss in seeds per move against the exact value,
//! on positions from games, every move's value proven by the solver.

use crate::commands::solve::{engine_from, engine_threads};
use crate::endgame::{plan, StoreArgs};
use crate::error::{CliError, CliResult};
use clap::Args;
use kalah_engine::{Engine, Level, Limits};
use kalah_rules::{Move, Position, Rules, Side};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

#[derive(Debug, Args)]
pub struct LevelsArgs {
    /// Positions to judge
    #[arg(long, value_name = "N", default_value_t = 200)]
    pub positions: usize,
    /// Sowings from the start, as LO-HI: each position is taken at a ply drawn in this range
    #[arg(long, value_name = "LO-HI", default_value = "2-40")]
    pub plies: String,
    /// Seed of the games and of the levels' choices (the same seed gives the same positions)
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Cap on a time-limited level's thinking per move, in ms (default: the level's own time)
    #[arg(long, value_name = "MS")]
    pub level_time: Option<u64>,
    /// Threads for the exact solver (the levels think on one thread, as in `kalah serve`)
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
    #[command(flatten)]
    pub store: StoreArgs,
}

/// One level's tally.
#[derive(Default, Clone)]
struct Tally {
    moves: usize,
    loss: u64,
    best: usize,
    worst: u32,
    think: Duration,
}

/// SplitMix64: a fixed, documented sequence for the positions.
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn parse_range(s: &str) -> CliResult<(u32, u32)> {
    let bad = || CliError::usage(format!("--plies {s:?}: expected LO-HI such as 2-40"));
    let (lo, hi) = s.split_once('-').ok_or_else(bad)?;
    let (lo, hi): (u32, u32) = (
        lo.parse().map_err(|_| bad())?,
        hi.parse().map_err(|_| bad())?,
    );
    if lo > hi || hi > 400 {
        return Err(bad());
    }
    Ok((lo, hi))
}

/// Positions from games between the human-like levels (club and casual, by turns), each
/// stopped at a ply drawn from the range; finished games are drawn again.
fn positions(rules: Rules, n: usize, (lo, hi): (u32, u32), seed: u64) -> Vec<Position> {
    let mut rng = seed;
    let mut out = Vec::with_capacity(n);
    let mut engine = Engine::new(1);
    let stop = AtomicBool::new(false);
    let mut tries = 0;
    while out.len() < n && tries < n * 20 {
        tries += 1;
        let target = lo + (next(&mut rng) % u64::from(hi - lo + 1)) as u32;
        let mut pos = Position::start(rules, Side::South);
        for ply in 0..target {
            let level = if ply % 2 == 0 {
                Level::Club
            } else {
                Level::Casual
            };
            match level.choose_move(&mut engine, &pos, next(&mut rng), &stop) {
                Some(m) => {
                    pos.play_unchecked(m);
                }
                None => break,
            }
        }
        if !pos.is_over() {
            out.push(pos);
        }
    }
    out
}

pub fn run(args: &LevelsArgs, rules: Rules) -> CliResult {
    if args.positions == 0 || args.positions > 100_000 {
        return Err(CliError::usage("--positions must be between 1 and 100000"));
    }
    let range = parse_range(&args.plies)?;
    let start = Position::start(rules, Side::South);
    let threads = engine_threads(args.threads)?;
    let plan = plan(&start, None, None, None, &args.store, threads, false)?;
    let mut solver = engine_from(&plan, Some(threads))?;
    // The levels as the front ends run them: one thread, a table kept across moves, the
    // endgame database for the levels that use one.
    let mut player = Engine::new(32);
    if let Some(d) = &plan.db {
        solver.set_endgame(d.db.clone(), rules);
        player.set_endgame(d.db.clone(), rules);
    }
    let stop = AtomicBool::new(false);
    let cap = args.level_time.map(Duration::from_millis);
    let t = Instant::now();
    let list = positions(rules, args.positions, range, args.seed);
    let mut tallies = vec![Tally::default(); Level::ALL.len()];
    let mut rng = args.seed ^ 0x5EED;
    for (i, pos) in list.iter().enumerate() {
        let values = solver.analyze(pos, Limits::Exact, &stop);
        if values.iter().any(|v| !v.exact) || values.is_empty() {
            return Err(CliError::usage(format!("{pos} was not proven")));
        }
        let best = values.iter().map(|v| v.value).max().unwrap_or(0);
        let value_of = |m: Move| values.iter().find(|v| v.mv == m).map(|v| v.value);
        for (level, tally) in Level::ALL.iter().zip(tallies.iter_mut()) {
            let think = Instant::now();
            let m = level
                .choose_move_within(&mut player, pos, next(&mut rng), &stop, cap)
                .ok_or_else(|| CliError::usage(format!("{level} found no move in {pos}")))?;
            tally.think += think.elapsed();
            let v = value_of(m).ok_or_else(|| {
                CliError::usage(format!("{level} played {m}, not legal in {pos}"))
            })?;
            let loss = (best - v) as u32;
            if loss > 0 && *level == Level::Perfect {
                // Where the top level falls short is what there is to improve: say where.
                eprintln!("perfect lost {loss} in {pos}: played {m}, value {v}, best {best}");
            }
            tally.moves += 1;
            tally.loss += u64::from(loss);
            tally.best += usize::from(loss == 0);
            tally.worst = tally.worst.max(loss);
        }
        if (i + 1) % 50 == 0 {
            eprintln!(
                "{} of {} positions judged, {:.0} s",
                i + 1,
                list.len(),
                t.elapsed().as_secs_f64()
            );
        }
    }
    println!("rules: {rules}");
    println!(
        "positions: {} from club-casual games, {}-{} sowings in, seed {}",
        list.len(),
        range.0,
        range.1,
        args.seed
    );
    println!("| level | moves | mean loss (seeds/move) | best move played | worst loss | mean think (ms) |");
    println!("| --- | ---: | ---: | ---: | ---: | ---: |");
    for (level, tally) in Level::ALL.iter().zip(&tallies) {
        let n = tally.moves.max(1) as f64;
        println!(
            "| {level} | {} | {:.3} | {:.1}% | {} | {:.1} |",
            tally.moves,
            tally.loss as f64 / n,
            100.0 * tally.best as f64 / n,
            tally.worst,
            tally.think.as_secs_f64() * 1000.0 / n
        );
    }
    println!("seconds: {:.0}", t.elapsed().as_secs_f64());
    Ok(())
}
