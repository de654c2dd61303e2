//! Solves a start position and prints the value, nodes and time: a quick check of the
//! solver without the command line. `cargo run --release -p kalah-engine --example solve --
//! "standard houses=6 seeds=4" [threads] [hash MiB] [egdb seeds] [--one-best]`; `KALAH_POS`
//! sets another position (notation of `docs/notation.md`); `--one-best` (anywhere) proves the
//! value and one best move only, as `kalah solve --one-best`.
use kalah_engine::{BoundsInfo, Engine, Limits, Reporter, SearchInfo};
use kalah_rules::{Position, Rules, Side};
use std::sync::atomic::AtomicBool;

fn main() {
    let mut args: Vec<String> = std::env::args().collect();
    let one_best = args.iter().any(|a| a == "--one-best");
    args.retain(|a| a != "--one-best");
    let rules: Rules = args
        .get(1)
        .map_or("standard", String::as_str)
        .parse()
        .expect("rules");
    let threads = args.get(2).map_or(1, |t| t.parse().expect("threads"));
    let hash = args.get(3).map_or(512, |t| t.parse().expect("hash"));
    let pos = match std::env::var("KALAH_POS") {
        Ok(text) => {
            Position::from_setup(rules, &kalah_rules::parse_setup(&text).expect("position"))
                .expect("position")
        }
        Err(_) => Position::start(rules, Side::South),
    };
    let k: u32 = args.get(4).map_or(0, |t| t.parse().expect("egdb seeds"));
    let mut engine = Engine::with_threads(hash, threads);
    engine.set_one_best(one_best);
    if k > 0 {
        let t = std::time::Instant::now();
        let db = kalah_egdb::Database::build(rules, k, threads, &|_, _| {}).expect("egdb");
        println!(
            "egdb {k} seeds: {} entries in {:.3} s",
            db.len(),
            t.elapsed().as_secs_f64()
        );
        engine.set_endgame(std::sync::Arc::new(db), rules);
    }
    let r = engine.search(&pos, Limits::Exact, &AtomicBool::new(false), &mut Print);
    println!(
        "value {} exact {} best {:?} nodes {} (value {}: {} expanded; expanded in all {}) secs {:.3} hits {:.3} db {}",
        r.value,
        r.exact,
        r.best_moves,
        r.nodes,
        r.stats.value_nodes,
        r.stats.value_expanded,
        r.stats.expanded,
        r.elapsed.as_secs_f64(),
        r.stats.tt_hits as f64 / r.stats.tt_probes.max(1) as f64,
        r.stats.db_hits
    );
}

struct Print;
impl Reporter for Print {
    fn bounds(&mut self, b: &BoundsInfo) {
        if std::env::var("KALAH_VERBOSE").is_ok() {
            println!(
                "bounds {}..{} nodes {} secs {:.3}",
                b.lower,
                b.upper,
                b.nodes,
                b.elapsed.as_secs_f64()
            );
        }
    }
    fn iteration(&mut self, i: &SearchInfo) {
        if std::env::var("KALAH_VERBOSE").is_ok() {
            println!(
                "depth {} value {} exact {} nodes {} secs {:.3}",
                i.depth,
                i.value,
                i.exact,
                i.nodes,
                i.elapsed.as_secs_f64()
            );
        }
    }
}
