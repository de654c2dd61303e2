//! `kalah book` through the real binary, and the shipped books against the solver.

use kalah_engine::book::{builtin_files, Book};
use kalah_engine::{Engine, Level, Limits, NoReport};
use kalah_rules::{Position, Side};
use std::process::{Command, Output};
use std::sync::atomic::AtomicBool;

fn kalah(data: &std::path::Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kalah"))
        .env("KALAH_DATA", data)
        .args(args)
        .output()
        .expect("run kalah")
}

fn ok(out: &Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn a_built_book_checks_and_a_damaged_one_is_refused() {
    let data = tempfile::tempdir().unwrap();
    let file = data.path().join("small.book");
    let f = file.to_str().unwrap();
    ok(&kalah(
        data.path(),
        &[
            "--houses", "4", "--seeds", "3", "book", "build", "--plies", "5", "--out", f,
        ],
    ));
    let text = std::fs::read_to_string(&file).unwrap();
    let book = Book::parse(&text).unwrap();
    assert!(book.len() > 5, "{text}");
    // Every entry is what the solver says, checked by the program itself.
    let checked = ok(&kalah(data.path(), &["book", "check", f]));
    assert!(checked.contains("agrees with the solver"), "{checked}");

    // A value changed by hand: refused before anything is solved.
    let line = text.lines().find(|l| l.starts_with('<')).unwrap();
    let (head, tail) = line.rsplit_once(' ').unwrap();
    let (pos, value) = head.rsplit_once(' ').unwrap();
    let other: i32 = value.parse::<i32>().unwrap() + 2;
    let damaged = text.replace(line, &format!("{pos} {other:+} {tail}"));
    std::fs::write(&file, damaged).unwrap();
    let out = kalah(data.path(), &["book", "check", f]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("damaged"), "{err}");
    assert!(!err.contains("panicked"), "{err}");

    // A file cut short, and one that is not a book at all.
    let cut: String = text.lines().take(12).map(|l| format!("{l}\n")).collect();
    std::fs::write(&file, cut).unwrap();
    let err =
        String::from_utf8_lossy(&kalah(data.path(), &["book", "check", f]).stderr).into_owned();
    assert!(err.contains("cut short"), "{err}");
    std::fs::write(&file, "<4,0,0,3,3,3,3,3,3,3,3> S +1 2\n").unwrap();
    let err =
        String::from_utf8_lossy(&kalah(data.path(), &["book", "check", f]).stderr).into_owned();
    assert!(err.contains("not an opening book"), "{err}");
}

/// A build that was stopped resumes from `FILE.partial`: what it holds is not solved again
/// (an entry changed there by hand comes out unchanged), a record cut by the kill is dropped,
/// the book is the same as one built in one go, and the partial file is gone at the end.
#[test]
fn a_stopped_build_resumes_from_its_partial_file() {
    let data = tempfile::tempdir().unwrap();
    let build = |out: &std::path::Path, seeds: &str| {
        kalah(
            data.path(),
            &[
                "--houses",
                "4",
                "--seeds",
                seeds,
                "book",
                "build",
                "--plies",
                "6",
                "--out",
                out.to_str().unwrap(),
            ],
        )
    };
    let whole = data.path().join("whole.book");
    ok(&build(&whole, "3"));
    let text = std::fs::read_to_string(&whole).unwrap();
    let rules = text.lines().find(|l| l.starts_with("rules ")).unwrap();
    let entries: Vec<&str> = text.lines().filter(|l| l.starts_with('<')).collect();
    assert!(entries.len() > 30, "{text}");

    // What a stopped build leaves: a header, 20 records, and a record cut mid-line. The
    // first entry's value is changed, so a second solve of it would show.
    let (head, moves) = entries[0].rsplit_once(' ').unwrap();
    let (pos, value) = head.rsplit_once(' ').unwrap();
    let changed = format!("{pos} {:+} {moves}", value.parse::<i32>().unwrap() + 2);
    let mut partial = format!("kalah-book-partial 1\n{rules}\n# 1.5\n{changed}\n");
    for e in &entries[1..20] {
        partial += &format!("# 1.5\n{e}\n");
    }
    partial += "# 2.0\n<4,0,0,3,";
    let resumed = data.path().join("resumed.book");
    let partial_path = data.path().join("resumed.book.partial");
    std::fs::write(&partial_path, partial).unwrap();
    let out = build(&resumed, "3");
    ok(&out);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("resuming: 20 positions already solved"),
        "{err}"
    );
    assert!(!partial_path.exists());
    let again = std::fs::read_to_string(&resumed).unwrap();
    let again: Vec<&str> = again.lines().filter(|l| l.starts_with('<')).collect();
    let want: Vec<&str> = std::iter::once(changed.as_str())
        .chain(entries[1..].iter().copied())
        .collect();
    let sorted = |mut v: Vec<&str>| {
        v.sort();
        v.into_iter().map(String::from).collect::<Vec<_>>()
    };
    assert_eq!(sorted(again), sorted(want));

    // A partial file of other rules is refused with what to do.
    std::fs::write(
        &partial_path,
        format!("kalah-book-partial 1\n{rules}\n# 1.0\n{}\n", entries[1]),
    )
    .unwrap();
    let out = build(&resumed, "4");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("other rules") && err.contains("remove it"),
        "{err}"
    );
    assert!(partial_path.exists(), "a refused partial file is kept");

    // A second build of the same book while one runs: refused at once.
    let held = std::fs::OpenOptions::new()
        .append(true)
        .open(&partial_path)
        .unwrap();
    fs4::FileExt::lock(&held).unwrap();
    let out = build(&resumed, "3");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("another `kalah book build` is writing"),
        "{err}"
    );
}

#[test]
fn a_shorter_book_is_cut_from_a_deeper_partial_file_without_solving() {
    let data = tempfile::tempdir().unwrap();
    let build = |out: &std::path::Path, plies: &str| {
        ok(&kalah(
            data.path(),
            &[
                "--houses",
                "4",
                "--seeds",
                "3",
                "book",
                "build",
                "--plies",
                plies,
                "--out",
                out.to_str().unwrap(),
            ],
        ));
        std::fs::read_to_string(out).unwrap()
    };
    let entries = |text: &str| {
        let mut v: Vec<String> = text
            .lines()
            .filter(|l| l.starts_with('<'))
            .map(String::from)
            .collect();
        v.sort();
        v
    };
    let deep = build(&data.path().join("deep.book"), "6");
    let short = build(&data.path().join("short.book"), "3");
    let rules = deep.lines().find(|l| l.starts_with("rules ")).unwrap();
    // The deep build's entries as a stopped build's records of 2 s each, the first one twice.
    let deep = entries(&deep);
    let mut partial = format!("kalah-book-partial 1\n{rules}\n");
    for e in std::iter::once(&deep[0]).chain(&deep) {
        partial += &format!("# 2\n{e}\n");
    }
    let cut = data.path().join("cut.book");
    std::fs::write(data.path().join("cut.book.partial"), partial).unwrap();
    let text = build(&cut, "3");
    assert_eq!(entries(&text), entries(&short));
    // Its time is that of its own entries' solves, a position solved twice counting twice.
    let n = entries(&short).len();
    let twice = entries(&short).contains(&deep[0]) as usize;
    let want = format!(
        "# {n} positions, each solved exactly with every best move, {} s",
        2 * (n + twice)
    );
    assert!(text.lines().any(|l| l == want), "{want}\n{text}");
    let taken = format!(
        "# {n} of them taken from a partial file: solves of an earlier build for these rules"
    );
    assert!(text.lines().any(|l| l == taken), "{taken}\n{text}");
}

fn solve(engine: &mut Engine, pos: &Position) -> (i32, Vec<kalah_rules::Move>) {
    let r = engine.search(pos, Limits::Exact, &AtomicBool::new(false), &mut NoReport);
    assert!(r.exact, "{pos} not proven");
    let mut best = r.best_moves;
    best.sort();
    (r.value, best)
}

/// The shipped books agree with the solver: every 40th entry of each, and the start.
#[test]
fn shipped_books_hold_the_solvers_values_and_best_moves() {
    for (name, text) in builtin_files() {
        let book = Book::parse(text).unwrap();
        if book.rules().seeds() >= 5 {
            // Minutes per entry even with a database (a ply-7 Kalah(6,5) entry: 540 M nodes,
            // 202 s without one); the engine's consistency test covers these books.
            continue;
        }
        let mut entries: Vec<_> = book.entries().collect();
        // The positions with the fewest seeds left in the houses solve fastest; the start
        // is checked by `perfect` below.
        entries.sort_by_key(|(p, _)| {
            (
                p.seeds_in_houses(Side::South) + p.seeds_in_houses(Side::North),
                p.to_string(),
            )
        });
        let small = book.rules().seeds() <= 3;
        let sample: Vec<_> = if small {
            entries.iter().step_by(40).collect()
        } else {
            entries.iter().take(4).collect()
        };
        let mut engine = Engine::new(64);
        for (pos, want) in sample {
            let (value, best) = solve(&mut engine, pos);
            assert_eq!((value, &best), (want.value, &want.best), "{name}: {pos}");
        }
    }
}

/// `perfect` plays a book move from the first move, for either side moving first, and in the
/// earliest positions of each book: with a 1 ms cap no search can prove these, so a move
/// outside the best ones in any of them would show the book unused.
#[test]
fn perfect_opens_from_the_book() {
    let think = |pos: &Position, seed: u64| {
        let mut engine = Engine::new(1);
        Level::Perfect
            .choose_move_within(
                &mut engine,
                pos,
                seed,
                &AtomicBool::new(false),
                Some(std::time::Duration::from_millis(1)),
            )
            .unwrap()
    };
    for (name, text) in builtin_files() {
        let book = Book::parse(text).unwrap();
        for first in [Side::South, Side::North] {
            let start = Position::start(book.rules(), first);
            let want = book
                .get(&start)
                .unwrap_or_else(|| panic!("{name}: no start"));
            for seed in 0..4 {
                let m = think(&start, seed);
                assert!(want.best.contains(&m), "{name}: {m} not in {:?}", want.best);
            }
        }
        let mut early: Vec<_> = book.entries().collect();
        early.sort_by_key(|(p, _)| {
            (
                std::cmp::Reverse(p.seeds_in_houses(Side::South) + p.seeds_in_houses(Side::North)),
                p.to_string(),
            )
        });
        for (pos, want) in early.into_iter().take(30) {
            let m = think(pos, 7);
            assert!(
                want.best.contains(&m),
                "{name}: {pos}: {m} not in {:?}",
                want.best
            );
        }
    }
}
