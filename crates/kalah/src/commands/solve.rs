//! `kalah solve`: the exact value of a position, its best moves and a principal variation.

use crate::args::{PositionArgs, RuleArgs};
use crate::error::{CliError, CliResult};
use clap::Args;
use kalah_egdb::Database;
use kalah_engine::{BoundsInfo, Engine, Limits, NoReport, Reporter, SearchResult};
use kalah_rules::{CaptureRule, Move, Position, Rules};
use serde_json::{json, Value};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

#[derive(Debug, Args)]
pub struct SolveArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    /// Print one JSON object instead of text
    #[arg(long)]
    pub json: bool,
    /// Transposition table size in MiB [default: from the seeds in play, 256 for Kalah(6,4)]
    #[arg(long, value_name = "MB")]
    pub hash: Option<usize>,
    /// Search threads sharing the table (default: every core)
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
    /// Use an endgame database file (from `kalah egdb build`) for these rules
    #[arg(long, value_name = "FILE", conflicts_with = "egdb_seeds")]
    pub egdb: Option<PathBuf>,
    /// Build an in-memory endgame database of positions with at most K seeds in the houses
    /// first (0: none) [default: chosen from the board size]
    #[arg(long, value_name = "K")]
    pub egdb_seeds: Option<u32>,
}

/// The database a solve uses and where it came from.
struct DbInfo {
    db: Arc<Database>,
    source: String,
    seconds: f64,
}

impl DbInfo {
    fn json(&self) -> Value {
        json!({
            "source": self.source,
            "max_seeds": self.db.max_seeds(),
            "entries": self.db.len(),
            "seconds": self.seconds,
        })
    }

    fn text(&self) -> String {
        format!(
            "{} ({} seeds, {} positions, {:.3} s)",
            self.source,
            self.db.max_seeds(),
            self.db.len(),
            self.seconds
        )
    }
}

/// The database size `kalah solve` builds by default: big enough to cut the search's
/// endgames, small enough to pay for its own build (measured in docs/performance.md:
/// Kalah(6,4) is fastest with 21 seeds, and under empty capture, whose searches are about
/// half as big, with 19). Boards with fewer houses get more seeds for the same number of
/// positions, up to half the seeds in play: Kalah(5,6) takes 30 (docs/performance.md,
/// "5-house boards").
fn default_seeds(rules: &Rules, pos: &Position) -> u32 {
    let total = pos.total_seeds();
    if rules.early_end() || total < 30 {
        return 0;
    }
    let budget = match total {
        0..40 => 3_000_000,
        40..56 if rules.capture() == CaptureRule::Empty => 150_000_000,
        40..56 => 360_000_000,
        _ => 1_300_000_000,
    };
    let max = DEFAULT_MAX_SEEDS.max(total / 2);
    let mut k = 0;
    while k < max && positions(2 * rules.houses() as u64, k as u64 + 1) <= budget {
        k += 1;
    }
    k
}

/// House vectors of `m` houses with at most `k` seeds: C(k + m, m).
fn positions(m: u64, k: u64) -> u64 {
    (1..=m).fold(1u128, |acc, i| acc * (k + i) as u128 / i as u128) as u64
}

/// Largest default database, unless half the seeds in play is more.
const DEFAULT_MAX_SEEDS: u32 = 24;

fn database(args: &SolveArgs, pos: &Position, threads: usize) -> CliResult<Option<DbInfo>> {
    let rules = pos.rules();
    let t = Instant::now();
    if let Some(path) = &args.egdb {
        let db = Database::load(path, &rules)
            .map_err(|e| CliError::usage(format!("endgame database {}: {e}", path.display())))?;
        return Ok(Some(DbInfo {
            db: Arc::new(db),
            source: format!("file {}", path.display()),
            seconds: t.elapsed().as_secs_f64(),
        }));
    }
    let k = args
        .egdb_seeds
        .unwrap_or_else(|| default_seeds(&rules, pos));
    if k == 0 {
        return Ok(None);
    }
    if rules.early_end() {
        return Err(CliError::usage(
            "endgame databases do not cover early-end rules; leave out --egdb-seeds",
        ));
    }
    let db = Database::build(rules, k, threads, &|_, _| {})
        .map_err(|e| CliError::usage(format!("cannot build the endgame database: {e}")))?;
    Ok(Some(DbInfo {
        db: Arc::new(db),
        source: "built in memory".to_string(),
        seconds: t.elapsed().as_secs_f64(),
    }))
}

/// A table size that suits a game of `seeds` seeds. The table's memory is zeroed as it is
/// first touched (slowly on this kind of machine), so small games get small tables: 1 MiB up
/// to 29 seeds, doubling every 3 seeds to 128 MiB for Kalah(6,4) (standard, 3 runs each:
/// 5.55-5.70 s against 5.73-5.87 s with 64 MiB and 5.74-6.01 s with 256 MiB), then faster to
/// 8 GiB from 60 seeds, Kalah(6,5).
pub fn default_hash(seeds: u32) -> usize {
    if seeds <= 48 {
        1 << (seeds.saturating_sub(27) / 3)
    } else {
        1 << (8 + (seeds - 48) * 5 / 12).min(13)
    }
}

/// The checked engine settings shared by `solve` and `analyze`.
pub fn engine_from(hash: usize, threads: Option<usize>) -> CliResult<Engine> {
    if hash == 0 || hash > 65_536 {
        return Err(CliError::usage("--hash must be between 1 and 65536 MiB"));
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = threads.unwrap_or(cores);
    if threads == 0 || threads > 256 {
        return Err(CliError::usage("--threads must be between 1 and 256"));
    }
    Ok(Engine::with_threads(hash, threads))
}

/// Writes a line of moves as turns: one player's consecutive sowings joined by `-`, turns
/// separated by spaces.
pub fn format_line(pos: &Position, moves: &[Move]) -> String {
    let mut turns: Vec<String> = Vec::new();
    let mut p = *pos;
    let mut current = String::new();
    for &m in moves {
        let before = p.to_move();
        if p.play(m).is_err() {
            break;
        }
        if !current.is_empty() {
            current.push('-');
        }
        current.push_str(&m.to_string());
        if m == Move::Swap || p.to_move() != before || p.is_over() {
            turns.push(std::mem::take(&mut current));
        }
    }
    if !current.is_empty() {
        turns.push(current);
    }
    turns.join(" ")
}

/// Prints each proven bound of the solve to stderr.
struct Progress(kalah_rules::Side);

impl Reporter for Progress {
    fn bounds(&mut self, b: &BoundsInfo) {
        let value = if b.lower == b.upper {
            signed(b.lower)
        } else {
            format!("{} to {}", signed(b.lower), signed(b.upper))
        };
        eprintln!(
            "proven so far: {value} for {} ({:.1} s, {} nodes)",
            self.0,
            b.elapsed.as_secs_f64(),
            b.nodes
        );
    }
}

fn signed(v: i32) -> String {
    if v > 0 {
        format!("+{v}")
    } else {
        v.to_string()
    }
}

pub fn run(args: &SolveArgs, rule_args: &RuleArgs) -> CliResult {
    let rules = rule_args.rules()?;
    let pos = args.position.resolve(rule_args, rules)?;
    let start = Instant::now();
    let hash = args.hash.unwrap_or_else(|| default_hash(pos.total_seeds()));
    let mut engine = engine_from(hash, args.threads)?;
    let db = database(args, &pos, engine.threads())?;
    if let Some(d) = &db {
        engine.set_endgame(d.db.clone(), pos.rules());
    }
    // A long solve shows its proven bounds as it narrows them, on a terminal only, so that
    // scripts get clean output.
    let r: SearchResult = if std::io::stderr().is_terminal() && !args.json {
        let mut progress = Progress(pos.to_move());
        engine.search(&pos, Limits::Exact, &AtomicBool::new(false), &mut progress)
    } else {
        engine.search(&pos, Limits::Exact, &AtomicBool::new(false), &mut NoReport)
    };
    // The time includes building the database and the table.
    let secs = start.elapsed().as_secs_f64();
    let best: Vec<String> = r.best_moves.iter().map(Move::to_string).collect();
    let pv = format_line(&pos, &r.pv);
    let hit_rate = r.stats.tt_hits as f64 / (r.stats.tt_probes.max(1)) as f64;
    if args.json {
        let out = json!({
            "rules": pos.rules().to_string(),
            "position": pos.to_string(),
            "to_move": pos.to_move().name(),
            "value": r.value,
            "exact": r.exact,
            "best_moves": best,
            "pv": pv,
            "nodes": r.nodes,
            "seconds": secs,
            "nodes_per_second": (r.nodes as f64 / r.elapsed.as_secs_f64().max(1e-9)).round(),
            "threads": r.stats.threads,
            "hash_mb": hash,
            "tt_hit_rate": hit_rate,
            "search_seconds": r.elapsed.as_secs_f64(),
            "database": db.as_ref().map_or(Value::Null, DbInfo::json),
            "database_hits": r.stats.db_hits,
        });
        println!("{out}");
    } else {
        println!("rules: {}", pos.rules());
        println!("position: {pos}");
        let who = pos.to_move();
        if pos.is_over() {
            println!("game over: final margin {} for {who}", signed(r.value));
        } else {
            println!(
                "value: {} for {who} ({})",
                signed(r.value),
                if r.exact { "exact" } else { "not proven" }
            );
            println!("best moves: {}", best.join(" "));
            println!("principal variation: {pv}");
        }
        println!(
            "time: {secs:.3} s in all; search {:.3} s, {} nodes ({:.0} nodes/s, {} threads, table hits {:.1}%)",
            r.elapsed.as_secs_f64(),
            r.nodes,
            r.nodes as f64 / r.elapsed.as_secs_f64().max(1e-9),
            r.stats.threads,
            100.0 * hit_rate
        );
        println!(
            "database: {}",
            db.as_ref().map_or("none".to_string(), DbInfo::text)
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{default_hash, default_seeds};
    use kalah_rules::{CaptureRule, Position, Rules, RulesSetup, Side};

    fn seeds_for(houses: u8, seeds: u8, capture: CaptureRule) -> u32 {
        let rules = Rules::new(RulesSetup {
            houses,
            seeds,
            capture,
            ..RulesSetup::default()
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
        assert_eq!(seeds_for(6, 4, Standard), 21);
        assert_eq!(seeds_for(6, 4, Empty), 19);
        assert_eq!(seeds_for(6, 5, Standard), 24);
        assert_eq!(seeds_for(6, 6, Standard), 24);
        assert_eq!(seeds_for(4, 3, Standard), 0);
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
}
