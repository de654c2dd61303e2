//! The job table on both backends: taken once, taken over after a lease, done once, gone
//! with the game's end or the next move.

use super::*;
// On both backends, as the other storage tests (tests.rs's macro calls `super::pg_db`).
use crate::tests::pg_db;

const LEASES: LeaseTimes = LeaseTimes {
    computer: 30_000,
    clock: 10_000,
    silent: 1_000_000,
};

/// Lists instances that beat at time 0 (alive while `LEASES.silent` has not passed).
fn alive(db: &mut Db, names: &[&str]) {
    for name in names {
        db.register_instance(name, 0, i64::MIN).unwrap();
    }
}

fn game(db: &mut Db, id: &str) {
    let g = GameRow::new(
        id,
        "houses=6 seeds=4",
        "<6,0,0,4,4,4,4,4,4,4,4,4,4,4,4> S",
        "friend",
        5,
    );
    assert!(db.apply(vec![Write::Create(Box::new(g))])[0].is_ok());
}

fn mv(game: &str, ply: u32, status: &str) -> Write {
    Write::Move {
        game: game.into(),
        ply,
        mv: "1".into(),
        status: status.into(),
        at: 9,
        position: None,
        comment: None,
    }
}

fn job(game: &str, kind: JobKind, ply: u32, due_at: i64, lease: Option<(&str, i64)>) -> Job {
    Job {
        game: game.into(),
        kind,
        ply,
        due_at,
        lease: lease.map(|(by, until)| Lease {
            by: by.into(),
            until,
        }),
    }
}

/// A move of ply 1 in `id` that leaves a computer move leased to `a` and a clock due at 100.
fn move_with_jobs(id: &str) -> Write {
    Write::Jobs {
        last: Box::new(mv(id, 1, "playing")),
        game: id.into(),
        jobs: vec![
            job(id, JobKind::Computer, 1, 50, Some(("a", 1_000))),
            job(id, JobKind::Clock, 1, 100, None),
        ],
    }
}

fn jobs_are_taken_once_and_taken_over_when_their_lease_ran_out(mut db: Db) {
    alive(&mut db, &["a", "b", "c", "d"]);
    game(&mut db, "g");
    assert!(db.apply(vec![move_with_jobs("g")])[0].is_ok());
    assert_eq!(db.jobs_of("g").unwrap().len(), 2);
    // The computer's move is leased to a; the clock is not due yet.
    assert_eq!(db.take_due_jobs("b", 99, LEASES, 10).unwrap(), vec![]);
    let taken = db.take_due_jobs("b", 100, LEASES, 10).unwrap();
    assert_eq!(
        taken,
        vec![job("g", JobKind::Clock, 1, 100, Some(("b", 10_100)))]
    );
    assert_eq!(db.take_due_jobs("c", 100, LEASES, 10).unwrap(), vec![]);
    assert_eq!(
        db.take_job("g", JobKind::Clock, "c", 200, LEASES).unwrap(),
        None
    );
    // a's lease runs out at 1,000: c takes the computer's move over.
    assert_eq!(db.take_due_jobs("c", 999, LEASES, 10).unwrap(), vec![]);
    let taken = db.take_due_jobs("c", 1_000, LEASES, 10).unwrap();
    assert_eq!(
        taken,
        vec![job("g", JobKind::Computer, 1, 50, Some(("c", 31_000)))]
    );
    // Given back, due later: free for anyone then.
    db.release_job("g", JobKind::Clock, 1, "b", 20_000).unwrap();
    assert_eq!(
        db.take_job("g", JobKind::Clock, "c", 19_999, LEASES)
            .unwrap(),
        None
    );
    let j = db
        .take_job("g", JobKind::Clock, "c", 20_000, LEASES)
        .unwrap()
        .unwrap();
    assert_eq!(j.lease.unwrap().by, "c");
    assert!(db.renew_job("g", JobKind::Computer, "c", 60_000).unwrap());
    assert!(!db.renew_job("g", JobKind::Computer, "a", 60_000).unwrap());
    // At most `limit` a poll.
    for i in 0..5 {
        let id = format!("m{i}");
        game(&mut db, &id);
        assert!(db.apply(vec![move_with_jobs(&id)])[0].is_ok());
    }
    assert_eq!(db.take_due_jobs("d", 100, LEASES, 3).unwrap().len(), 3);
    assert_eq!(db.take_due_jobs("d", 100, LEASES, 3).unwrap().len(), 2);
}

/// An instance silent for `silent` (killed, say) loses its leases at once, long before they
/// run out; while it beats, they hold.
fn a_silent_instance_loses_its_leases(mut db: Db) {
    let leases = LeaseTimes {
        silent: 5_000,
        ..LEASES
    };
    db.register_instance("a", 0, i64::MIN).unwrap();
    db.register_instance("b", 0, i64::MIN).unwrap();
    game(&mut db, "g");
    let w = Write::Jobs {
        last: Box::new(mv("g", 1, "playing")),
        game: "g".into(),
        jobs: vec![
            job("g", JobKind::Computer, 1, 50, Some(("a", 100_000))),
            job("g", JobKind::Clock, 1, 100, None),
        ],
    };
    assert!(db.apply(vec![w])[0].is_ok());
    assert_eq!(db.take_due_jobs("b", 99, leases, 10).unwrap(), vec![]);
    db.heartbeat("a", 4_000).unwrap();
    db.heartbeat("b", 9_000).unwrap();
    let computer = job("g", JobKind::Computer, 1, 50, None);
    assert_eq!(db.lease_job(&computer, "b", 8_999, leases).unwrap(), None);
    let taken = db
        .lease_job(&computer, "b", 9_000, leases)
        .unwrap()
        .unwrap();
    assert_eq!(taken.lease.unwrap().by, "b");
    // The clock's job, leased to b, holds while b beats; a beats no more.
    let clock = db
        .take_job("g", JobKind::Clock, "b", 9_000, leases)
        .unwrap()
        .unwrap();
    assert_eq!(clock.lease.unwrap().until, 19_000);
    assert_eq!(db.take_due_jobs("a", 13_999, leases, 10).unwrap(), vec![]);
    let over = db.take_due_jobs("c", 14_000, leases, 10).unwrap();
    assert_eq!(over.len(), 2, "{over:?}");
}

fn a_job_is_done_once_and_an_ended_game_takes_nothing_more(mut db: Db) {
    game(&mut db, "g");
    assert!(db.apply(vec![move_with_jobs("g")])[0].is_ok());
    let end = || Write::End {
        game: "g".into(),
        status: "timeout".into(),
        by: "south".into(),
        draw: false,
        at: 100,
    };
    let done = |ply| Write::JobDone {
        last: Box::new(end()),
        game: "g".into(),
        kind: JobKind::Clock,
        ply,
    };
    // A job of another ply (a move came since) is not there: nothing is stored.
    let r = db.apply(vec![done(0)]);
    assert!(matches!(r[0], Err(Error::JobGone { .. })), "{r:?}");
    assert_eq!(db.load("g").unwrap().unwrap().status, "playing");
    assert!(db.apply(vec![done(1)])[0].is_ok());
    assert_eq!(db.load("g").unwrap().unwrap().status, "timeout");
    // The end took every job of the game with it.
    assert_eq!(db.jobs_of("g").unwrap(), vec![]);
    let r = db.apply(vec![done(1), end(), mv("g", 2, "playing")]);
    assert!(matches!(r[0], Err(Error::JobGone { .. })), "{r:?}");
    assert!(matches!(r[1], Err(Error::GameEnded(_))), "{r:?}");
    assert!(matches!(r[2], Err(Error::GameEnded(_))), "{r:?}");
    let r = db.apply(vec![Write::Resign {
        game: "g".into(),
        side: "north".into(),
        at: 101,
    }]);
    assert!(matches!(r[0], Err(Error::GameEnded(_))), "{r:?}");
    let g = db.load("g").unwrap().unwrap();
    assert_eq!(
        (g.status.as_str(), g.resigned, g.moves.len()),
        ("timeout", None, 1)
    );
}

fn the_next_move_replaces_the_jobs_and_the_last_one_clears_them(mut db: Db) {
    game(&mut db, "g");
    assert!(db.apply(vec![move_with_jobs("g")])[0].is_ok());
    let next = Write::Jobs {
        last: Box::new(mv("g", 2, "playing")),
        game: "g".into(),
        jobs: vec![job("g", JobKind::Clock, 2, 500, None)],
    };
    assert!(db.apply(vec![next])[0].is_ok());
    assert_eq!(
        db.jobs_of("g").unwrap(),
        vec![job("g", JobKind::Clock, 2, 500, None)]
    );
    // A refused move leaves the jobs as they were.
    let again = Write::Jobs {
        last: Box::new(mv("g", 2, "playing")),
        game: "g".into(),
        jobs: vec![],
    };
    assert!(matches!(
        db.apply(vec![again])[0],
        Err(Error::PlyTaken { .. })
    ));
    assert_eq!(db.jobs_of("g").unwrap().len(), 1);
    assert!(db.apply(vec![mv("g", 3, "finished")])[0].is_ok());
    assert_eq!(db.jobs_of("g").unwrap(), vec![]);
}

fn instances_register_and_the_cluster_knows_since_when_it_runs(mut db: Db) {
    assert_eq!(db.register_instance("a", 1_000, 0).unwrap(), 1_000);
    assert_eq!(db.register_instance("b", 5_000, 0).unwrap(), 1_000);
    db.heartbeat("b", 90_000).unwrap();
    // a fell silent long ago: forgotten when c starts.
    assert_eq!(db.register_instance("c", 100_000, 40_000).unwrap(), 5_000);
    // b stops, giving its leases up.
    game(&mut db, "g");
    assert!(db.apply(vec![move_with_jobs("g")])[0].is_ok());
    db.take_job("g", JobKind::Clock, "b", 100, LEASES)
        .unwrap()
        .unwrap();
    db.remove_instance("b").unwrap();
    // Ordered by kind: the clock's job first.
    assert_eq!(db.jobs_of("g").unwrap()[0].lease, None);
    assert_eq!(db.register_instance("d", 200_000, 0).unwrap(), 100_000);
}

on_both_backends!(
    jobs_are_taken_once_and_taken_over_when_their_lease_ran_out,
    a_silent_instance_loses_its_leases,
    a_job_is_done_once_and_an_ended_game_takes_nothing_more,
    the_next_move_replaces_the_jobs_and_the_last_one_clears_them,
    instances_register_and_the_cluster_knows_since_when_it_runs,
);

/// Two connections polling at the same moment never take the same job (PostgreSQL's
/// `SKIP LOCKED`, SQLite's single writer).
fn polls_never_share_a_job(open: impl Fn() -> Db) {
    let mut db = open();
    alive(&mut db, &["p", "q", "r"]);
    for i in 0..40 {
        let id = format!("g{i}");
        game(&mut db, &id);
        let w = Write::Jobs {
            last: Box::new(mv(&id, 1, "playing")),
            game: id.clone(),
            jobs: vec![job(&id, JobKind::Clock, 1, 10, None)],
        };
        assert!(db.apply(vec![w])[0].is_ok());
    }
    let pollers: Vec<_> = ["p", "q", "r"]
        .into_iter()
        .map(|me| {
            let db = open();
            std::thread::spawn(move || {
                let mut mine = Vec::new();
                loop {
                    let got = db.take_due_jobs(me, 100, LEASES, 3).unwrap();
                    if got.is_empty() {
                        return mine;
                    }
                    mine.extend(got.into_iter().map(|j| j.game));
                }
            })
        })
        .collect();
    let mut all: Vec<String> = pollers
        .into_iter()
        .flat_map(|p| p.join().unwrap())
        .collect();
    all.sort();
    let n = all.len();
    all.dedup();
    assert_eq!((n, all.len()), (40, 40));
}

#[test]
fn polls_never_share_a_job_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.db");
    polls_never_share_a_job(|| Db::open(&path).unwrap());
}

#[test]
fn polls_never_share_a_job_on_postgres() {
    if kalah_pgtest::available() {
        let url = kalah_pgtest::shared().database();
        polls_never_share_a_job(|| Db::open_postgres(&url).unwrap());
    }
}

/// Waits until `db` sees instance `id`'s process gone (a closed PostgreSQL connection gives
/// its locks up a moment after the client let go).
fn until_gone(db: &Db, me: &str, id: &str) {
    let start = std::time::Instant::now();
    while !db.gone_instances(me).unwrap().iter().any(|g| g == id) {
        assert!(
            start.elapsed() < std::time::Duration::from_secs(10),
            "instance {id} still looks alive 10 s after its connection closed"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// An instance whose process died (its connection closed without a word, as with `kill -9`)
/// is gone at once for the next to start, while its heartbeat is still fresh; one whose
/// process runs stays, and so does the time since when the cluster has run.
fn a_dead_process_is_gone_at_once_while_its_heartbeat_is_fresh(open: impl Fn() -> Db) {
    let mut a = open();
    assert_eq!(a.register_instance("a", 1_000, 0).unwrap(), 1_000);
    let mut b = open();
    assert_eq!(b.register_instance("b", 2_000, 0).unwrap(), 1_000);
    game(&mut b, "g");
    assert!(b.apply(vec![move_with_jobs("g")])[0].is_ok());
    b.take_job("g", JobKind::Clock, "b", 2_000, LEASES)
        .unwrap()
        .unwrap();
    // b dies 1 s after its last heartbeat: nothing says so but its connection.
    drop(b);
    let mut c = open();
    until_gone(&c, "c", "b");
    assert!(!c.gone_instances("c").unwrap().contains(&"a".to_string()));
    // a still runs, so the cluster has run since a started; b's lease is free at once.
    assert_eq!(c.register_instance("c", 3_000, 0).unwrap(), 1_000);
    assert_eq!(c.jobs_of("g").unwrap()[0].lease, None);
    // Every process dies; the next one to start runs alone from its own start.
    drop((a, c));
    let d = open();
    until_gone(&d, "d", "a");
    until_gone(&d, "d", "c");
    let mut d = d;
    assert_eq!(d.register_instance("d", 4_000, 0).unwrap(), 4_000);
    // One that stops cleanly gives its lock up with its row.
    let mut e = open();
    assert_eq!(e.register_instance("e", 5_000, 0).unwrap(), 4_000);
    d.remove_instance("d").unwrap();
    assert_eq!(e.register_instance("e", 6_000, 0).unwrap(), 6_000);
}

#[test]
fn a_dead_process_is_gone_at_once_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.db");
    a_dead_process_is_gone_at_once_while_its_heartbeat_is_fresh(|| Db::open(&path).unwrap());
}

#[test]
fn a_dead_process_is_gone_at_once_on_postgres() {
    if let Some(url) = crate::tests::pg_url() {
        a_dead_process_is_gone_at_once_while_its_heartbeat_is_fresh(|| {
            Db::open_postgres(&url).unwrap()
        });
    }
}
