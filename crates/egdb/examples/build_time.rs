//! Build-time table: `cargo run --release -p kalah-egdb --example build_time -- [RULES] K.. [--threads N]`.
//! Prints K, positions, bytes and seconds for each K, and checks one known value.

use kalah_egdb::Database;
use kalah_rules::Rules;
use std::time::Instant;

fn main() {
    let mut rules = Rules::standard();
    let mut threads = 2;
    let mut ks = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        if a == "--threads" {
            threads = args
                .next()
                .and_then(|t| t.parse().ok())
                .expect("--threads N");
        } else if let Ok(k) = a.parse::<u32>() {
            ks.push(k);
        } else {
            rules = a.parse().expect("rules string");
        }
    }
    println!("rules: {rules}, threads: {threads}");
    println!("| K | positions | bytes | seconds |");
    println!("|---|---|---|---|");
    for k in ks {
        let t = Instant::now();
        let db = Database::build(rules, k, threads, &|_, _| {}).expect("build");
        let secs = t.elapsed().as_secs_f64();
        // One seed next to the store against one seed far away: take the extra turn, the
        // game ends with the opponent sweeping its seed: future gain 0.
        let mut mine = vec![0u16; rules.houses()];
        let mut theirs = vec![0u16; rules.houses()];
        mine[rules.houses() - 1] = 1;
        theirs[0] = 1;
        assert_eq!(db.probe_houses(&mine, &theirs), Some(0));
        println!("| {k} | {} | {} | {secs:.2} |", db.len(), db.len());
    }
}
