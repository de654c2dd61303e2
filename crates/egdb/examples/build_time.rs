//! Build-time table: `cargo run --release -p kalah-egdb --example build_time -- [RULES] K..
//! [--threads N] [--save DIR]`. Prints K, positions, bytes and seconds for each K, checks one
//! known value, and times `probe_houses` on pseudo-random positions of the database. With
//! `--save` it also stores each database in DIR (as `kalah egdb build` would) and times that.

use kalah_egdb::Database;
use kalah_rules::Rules;
use std::time::Instant;

fn main() {
    let mut rules = Rules::standard();
    let mut threads = 2;
    let mut ks = Vec::new();
    let mut save = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        if a == "--threads" {
            threads = args
                .next()
                .and_then(|t| t.parse().ok())
                .expect("--threads N");
        } else if a == "--save" {
            save = Some(std::path::PathBuf::from(args.next().expect("--save DIR")));
        } else if let Ok(k) = a.parse::<u32>() {
            ks.push(k);
        } else {
            rules = a.parse().expect("rules string");
        }
    }
    println!("rules: {rules}, threads: {threads}");
    println!("| K | positions | bytes | seconds | save | probe |");
    println!("|---|---|---|---|---|---|");
    for k in ks {
        let t = Instant::now();
        let db = Database::build(rules, k, threads, &|_, _| {}).expect("build");
        let secs = t.elapsed().as_secs_f64();
        let saved = save.as_ref().map_or("-".to_string(), |dir| {
            let t = Instant::now();
            db.save(dir.join(kalah_egdb::default_file_name(&rules, k)))
                .expect("save");
            format!("{:.2} s", t.elapsed().as_secs_f64())
        });
        // One seed next to the store against one seed far away: take the extra turn, the
        // game ends with the opponent sweeping its seed: future gain 0.
        let mut mine = vec![0u16; rules.houses()];
        let mut theirs = vec![0u16; rules.houses()];
        mine[rules.houses() - 1] = 1;
        theirs[0] = 1;
        // The stores hold the rest of the seeds, evenly (only early-end rules look at them).
        let rest = (rules.total_seeds() as u16).saturating_sub(2) / 2;
        assert_eq!(db.probe_stores(&mine, &theirs, rest, rest), Some(0));
        let probe_ns = time_probes(&db, &rules, k);
        println!(
            "| {k} | {} | {} | {secs:.2} | {saved} | {probe_ns:.1} ns/probe |",
            db.len(),
            db.len()
        );
    }
}

/// Mean time of `probe_houses` over pseudo-random positions with `k` seeds (generated
/// beforehand, so only the probes are timed).
fn time_probes(db: &Database, rules: &Rules, k: u32) -> f64 {
    let n = rules.houses();
    let rest = (rules.total_seeds() as u16).saturating_sub(k as u16);
    let (mine_store, their_store) = (rest / 2, rest - rest / 2);
    const POSITIONS: usize = 200_000;
    const ROUNDS: usize = 10;
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let mut cells = vec![0u16; POSITIONS * 2 * n];
    for p in cells.chunks_mut(2 * n) {
        for _ in 0..k {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            p[(x >> 32) as usize % (2 * n)] += 1;
        }
    }
    let mut sum = 0i64;
    let t = Instant::now();
    for _ in 0..ROUNDS {
        for p in cells.chunks(2 * n) {
            sum += db
                .probe_stores(&p[..n], &p[n..], mine_store, their_store)
                .unwrap() as i64;
        }
    }
    let ns = t.elapsed().as_nanos() as f64 / (POSITIONS * ROUNDS) as f64;
    std::hint::black_box(sum);
    ns
}
