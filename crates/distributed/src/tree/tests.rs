use super::*;
use kalah_engine::{random_positions, Engine, Limits, NoReport};
use kalah_rules::{Rules, Side};
use std::sync::atomic::AtomicBool;

fn rules(s: &str) -> Rules {
    s.parse().unwrap()
}

fn exact(engine: &mut Engine, pos: &Position) -> i32 {
    engine
        .search(pos, Limits::Exact, &AtomicBool::new(false), &mut NoReport)
        .value
}

/// Plays the coordinator with an engine for workers: answers every wanted leaf with a
/// windowed proof (or its exact value), one round of jobs at a time, at most `ahead` jobs a
/// round; answers the root's value and how many proofs it took.
fn drive(tree: &mut Tree, windowed: bool, ahead: usize) -> (i32, usize) {
    let mut engine = Engine::new(16);
    let stop = AtomicBool::new(false);
    let mut proofs = 0;
    while tree.value().is_none() {
        let wanted = tree.wanted();
        assert!(!wanted.is_empty(), "undecided root with nothing wanted");
        for w in wanted.into_iter().take(ahead) {
            let b = if windowed {
                let p = engine
                    .prove(&w.position, w.window.alpha, w.window.beta, &stop)
                    .unwrap();
                Bounds {
                    lower: p.lower,
                    upper: p.upper,
                }
            } else {
                Bounds::exact(exact(&mut engine, &w.position))
            };
            assert!(b.decides(w.window));
            assert!(tree.learn(&w.position, b));
            proofs += 1;
        }
    }
    (tree.value().unwrap(), proofs)
}

#[test]
fn bounds_and_windows() {
    let b = Bounds {
        lower: -2,
        upper: 5,
    };
    assert_eq!(
        b.flip(),
        Bounds {
            lower: -5,
            upper: 2
        }
    );
    assert!(!b.decides(Window { alpha: -3, beta: 6 }));
    assert!(b.decides(Window { alpha: 5, beta: 9 }));
    assert!(b.decides(Window {
        alpha: -9,
        beta: -2
    }));
    assert!(Bounds::exact(3).decides(Window::FULL));
    let w = Window { alpha: 1, beta: 4 };
    assert_eq!(
        w.flip(),
        Window {
            alpha: -4,
            beta: -1
        }
    );
    assert!(w.union(Window { alpha: 2, beta: 7 }).covers(w));
    assert!(!w.covers(Window { alpha: 0, beta: 2 }));
    assert_eq!(
        b.meet(Bounds { lower: 0, upper: 9 }),
        Bounds { lower: 0, upper: 5 }
    );
}

#[test]
fn a_position_bounds_itself_by_the_seeds_left() {
    let pos = Position::start(rules("standard houses=4 seeds=3"), Side::South);
    assert_eq!(
        Bounds::of(&pos),
        Bounds {
            lower: -24,
            upper: 24
        }
    );
}

#[test]
fn the_split_stops_at_its_depth_or_leaf_count() {
    let pos = Position::start(rules("standard houses=6 seeds=3"), Side::South);
    let t = Tree::new(
        pos,
        Split {
            depth: 1,
            leaves: 1000,
        },
    )
    .unwrap();
    assert_eq!(t.leaves().len(), 6);
    let t = Tree::new(
        pos,
        Split {
            depth: 20,
            leaves: 100,
        },
    )
    .unwrap();
    assert!(t.leaves().len() >= 100, "{}", t.leaves().len());
    assert!(t.leaves().len() < 200, "{}", t.leaves().len());
    let t = Tree::new(
        pos,
        Split {
            depth: 0,
            leaves: 100,
        },
    )
    .unwrap();
    assert_eq!(t.leaves(), vec![pos]);
    assert_eq!(t.wanted().len(), 1);
    assert_eq!(t.wanted()[0].window, Window::FULL);
}

#[test]
fn exact_leaf_values_combine_to_the_solvers_value() {
    let r = rules("standard houses=4 seeds=3");
    let mut engine = Engine::new(16);
    let mut positions = vec![Position::start(r, Side::South)];
    positions.extend(random_positions(r, 3, 6, 1).into_iter().map(|(_, p)| p));
    for pos in positions {
        let v = exact(&mut engine, &pos);
        for leaves in [1, 5, 30, 200] {
            let mut t = Tree::new(pos, Split { depth: 30, leaves }).unwrap();
            let (got, _) = drive(&mut t, false, usize::MAX);
            assert_eq!(got, v, "{pos} split to {leaves} leaves");
        }
    }
}

#[test]
fn windowed_leaf_proofs_combine_to_the_solvers_value() {
    for (r, sowings) in [
        ("standard houses=4 seeds=3", 2),
        ("empty-capture houses=5 seeds=3", 4),
    ] {
        let r = rules(r);
        let mut engine = Engine::new(16);
        for (_, pos) in random_positions(r, sowings, 3, 7) {
            let v = exact(&mut engine, &pos);
            for (leaves, ahead) in [(20, usize::MAX), (60, 1), (60, 4)] {
                let mut t = Tree::new(pos, Split { depth: 30, leaves }).unwrap();
                let (got, _) = drive(&mut t, true, ahead);
                assert_eq!(got, v, "{pos}: {leaves} leaves, {ahead} ahead");
            }
        }
    }
}

#[test]
fn answers_in_order_cut_off_leaves_that_no_longer_matter() {
    let pos = Position::start(rules("standard houses=4 seeds=3"), Side::South);
    let mut t = Tree::new(
        pos,
        Split {
            depth: 30,
            leaves: 100,
        },
    )
    .unwrap();
    let all = t.leaves().len();
    let (_, one_at_a_time) = drive(&mut t, true, 1);
    assert!(
        one_at_a_time < all,
        "{one_at_a_time} proofs one at a time, {all} leaves"
    );
}

#[test]
fn a_known_inner_position_takes_its_leaves_off_the_list() {
    let r = rules("standard houses=4 seeds=3");
    let pos = Position::start(r, Side::South);
    let mut t = Tree::new(
        pos,
        Split {
            depth: 2,
            leaves: 1000,
        },
    )
    .unwrap();
    let mut child = pos;
    child.play_unchecked(pos.legal_moves()[0]);
    let under: Vec<Position> = child
        .legal_moves()
        .iter()
        .map(|&m| {
            let mut p = child;
            p.play_unchecked(m);
            p
        })
        .collect();
    // Young brothers wait: the first leaf of the first move is all that is wanted at first.
    let before = t.wanted();
    assert_eq!(before.len(), 1);
    assert_eq!(before[0].position, under[0]);
    let v = exact(&mut Engine::new(16), &child);
    assert!(t.learn(&child, Bounds::exact(v)));
    let after = t.wanted();
    assert!(!after.is_empty());
    assert!(after
        .iter()
        .all(|w| w.position != child && !under.contains(&w.position)));
    // A position the tree does not hold is not learnt.
    assert!(!t.learn(&Position::start(r, Side::North), Bounds::exact(0)));
}

#[test]
fn a_bound_that_no_longer_answers_its_window_is_asked_again() {
    // A leaf that failed low for one window is wanted again, with a wider window, when the
    // window its place needs moves below the bound.
    let pos = Position::start(rules("standard houses=4 seeds=3"), Side::South);
    let mut t = Tree::new(
        pos,
        Split {
            depth: 0,
            leaves: 1,
        },
    )
    .unwrap();
    t.learn(
        &pos,
        Bounds {
            lower: -24,
            upper: 3,
        },
    );
    let w = t.wanted();
    assert_eq!(w.len(), 1);
    assert_eq!(w[0].window, Window::FULL);
    t.learn(&pos, Bounds::exact(2));
    assert_eq!(t.value(), Some(2));
    assert!(t.wanted().is_empty());
}

#[test]
fn the_pie_rule_is_refused() {
    let pos = Position::start(rules("standard houses=4 seeds=3 pie=yes"), Side::South);
    let mut p = pos;
    p.play_unchecked(pos.legal_moves()[0]);
    if p.pie_stage() != PieStage::Off {
        assert!(Tree::new(
            p,
            Split {
                depth: 2,
                leaves: 10
            }
        )
        .is_err());
    }
}

#[test]
fn proven_inner_positions_are_reported() {
    let r = rules("standard houses=4 seeds=3");
    let pos = Position::start(r, Side::South);
    let v = exact(&mut Engine::new(16), &pos);
    let mut t = Tree::new(
        pos,
        Split {
            depth: 30,
            leaves: 40,
        },
    )
    .unwrap();
    drive(&mut t, false, usize::MAX);
    let proven = t.proven();
    assert!(proven.contains(&(pos, Bounds::exact(v))));
}

#[test]
fn a_six_house_split_agrees_with_the_solver() {
    let pos = Position::start(rules("standard houses=6 seeds=2"), Side::South);
    let v = exact(&mut Engine::new(16), &pos);
    let mut t = Tree::new(
        pos,
        Split {
            depth: 30,
            leaves: 40,
        },
    )
    .unwrap();
    assert_eq!(drive(&mut t, true, 3).0, v);
}

/// As [`drive`], by MTD(f) passes from `guess`.
fn drive_mtdf(tree: &mut Tree, guess: i32, ahead: usize) -> (i32, usize) {
    let mut engine = Engine::new(16);
    let stop = AtomicBool::new(false);
    let mut mtdf = Mtdf::new(guess);
    let mut proofs = 0;
    while let Some(w) = mtdf.window(tree.root_bounds()) {
        assert_eq!(w.beta, w.alpha + 1);
        let wanted = tree.wanted_within(w);
        assert!(!wanted.is_empty(), "an undecided pass with nothing wanted");
        for j in wanted.into_iter().take(ahead) {
            assert_eq!(j.window.beta, j.window.alpha + 1, "a leaf of a zero window");
            let p = engine
                .prove(&j.position, j.window.alpha, j.window.beta, &stop)
                .unwrap();
            tree.learn(
                &j.position,
                Bounds {
                    lower: p.lower,
                    upper: p.upper,
                },
            );
            proofs += 1;
        }
    }
    (tree.value().unwrap(), proofs)
}

#[test]
fn mtdf_passes_of_zero_windows_give_the_solvers_value() {
    for (r, sowings) in [
        ("standard houses=4 seeds=3", 2),
        ("empty-capture houses=5 seeds=3", 4),
    ] {
        let r = rules(r);
        let mut engine = Engine::new(16);
        for (_, pos) in random_positions(r, sowings, 3, 11) {
            let v = exact(&mut engine, &pos);
            for (guess, ahead) in [(0, usize::MAX), (v, 3), (v + 5, 1), (-30, 8)] {
                let mut t = Tree::new(
                    pos,
                    Split {
                        depth: 30,
                        leaves: 50,
                    },
                )
                .unwrap();
                assert_eq!(drive_mtdf(&mut t, guess, ahead).0, v, "{pos} from {guess}");
            }
        }
    }
}

#[test]
fn mtdf_moves_its_test_to_the_bound_proven() {
    let mut m = Mtdf::new(3);
    let b = Bounds {
        lower: -10,
        upper: 10,
    };
    assert_eq!(m.window(b), Some(Window { alpha: 2, beta: 3 }));
    // Failed high at 5: the next pass asks for 6.
    let b = Bounds {
        lower: 5,
        upper: 10,
    };
    assert_eq!(m.window(b), Some(Window { alpha: 5, beta: 6 }));
    // Failed low at 5: the value is 5.
    assert_eq!(m.window(Bounds::exact(5)), None);
    let mut m = Mtdf::new(20);
    assert_eq!(
        m.window(Bounds { lower: 0, upper: 7 }),
        Some(Window { alpha: 6, beta: 7 })
    );
}

#[test]
fn children_are_ordered_best_first_by_the_estimate() {
    let r = rules("standard houses=4 seeds=3");
    let pos = Position::start(r, Side::South);
    let mut engine = Engine::new(16);
    let v = exact(&mut engine, &pos);
    let mut t = Tree::new(
        pos,
        Split {
            depth: 30,
            leaves: 60,
        },
    )
    .unwrap();
    // The estimate: each position's exact value. The first child is then a best move.
    let mut values: HashMap<Position, i32> = HashMap::new();
    t.order_children(&mut |p| *values.entry(*p).or_insert_with(|| exact(&mut engine, p)));
    let first = &t.nodes[t.nodes[0].children[0]];
    let seen = if first.flip {
        -values[&first.pos]
    } else {
        values[&first.pos]
    };
    assert_eq!(seen, v, "the first child is a best move");
    let (got, proofs) = drive_mtdf(&mut t, v, 1);
    assert_eq!(got, v);
    assert!(
        proofs < t.leaves().len(),
        "{proofs} proofs of {} leaves",
        t.leaves().len()
    );
}

#[test]
fn a_deepened_first_line_gives_the_same_value() {
    let r = rules("standard houses=5 seeds=3");
    let mut engine = Engine::new(16);
    for (_, pos) in random_positions(r, 2, 3, 5) {
        let v = exact(&mut engine, &pos);
        let mut t = Tree::new(
            pos,
            Split {
                depth: 30,
                leaves: 20,
            },
        )
        .unwrap();
        let before = t.leaves().len();
        let mut values: HashMap<Position, i32> = HashMap::new();
        t.order_children(&mut |p| *values.entry(*p).or_insert_with(|| exact(&mut engine, p)));
        for _ in 0..3 {
            t.deepen_first(2);
            t.order_children(&mut |p| *values.entry(*p).or_insert_with(|| exact(&mut engine, p)));
        }
        assert!(t.leaves().len() > before);
        assert_eq!(drive_mtdf(&mut t, 0, 4).0, v, "{pos}");
    }
}

/// Every best move of `pos` by the solver, in order.
fn solver_best(engine: &mut Engine, pos: &Position) -> (i32, Vec<kalah_rules::Move>) {
    let r = engine.search(pos, Limits::Exact, &AtomicBool::new(false), &mut NoReport);
    let mut best = r.best_moves;
    best.sort();
    (r.value, best)
}

#[test]
fn leaves_split_as_they_are_proven_give_the_value_and_every_best_move() {
    let r = rules("standard houses=5 seeds=3");
    let mut engine = Engine::new(16);
    let mut positions = vec![Position::start(r, Side::South)];
    positions.extend(random_positions(r, 4, 8, 3).into_iter().map(|(_, p)| p));
    let stop = AtomicBool::new(false);
    for pos in positions {
        if pos.is_over() {
            continue;
        }
        let (value, best) = solver_best(&mut engine, &pos);
        // A one-leaf tree whose wanted leaf is split once at every round, as a coordinator
        // splits jobs that prove long, until the root's value and best moves are proven.
        let mut t = Tree::new(
            pos,
            Split {
                depth: 0,
                leaves: 1,
            },
        )
        .unwrap();
        assert!(t.split_leaf(&pos, &mut |p: &Position| exact(&mut Engine::new(1), p)) > 0);
        assert!(t.is_split() && !t.is_leaf(&pos));
        let mut mtdf = Mtdf::new(0);
        let mut rounds = 0;
        let got = loop {
            rounds += 1;
            assert!(rounds < 10_000, "{pos}: no end");
            let (wanted, done) = match mtdf.window(t.root_bounds()) {
                Some(w) => (t.wanted_within(w), None),
                None => {
                    let v = t.root_bounds().lower;
                    let w = t.best_moves_wanted(v);
                    let d = w.is_empty().then(|| (v, t.best_moves(v)));
                    (w, d)
                }
            };
            if let Some(d) = done {
                break d;
            }
            assert!(!wanted.is_empty());
            let first = &wanted[0];
            if rounds % 3 == 1 && t.split_leaf(&first.position, &mut |_: &Position| 0) > 0 {
                continue;
            }
            let p = engine
                .prove(
                    &first.position,
                    first.window.alpha,
                    first.window.beta,
                    &stop,
                )
                .unwrap();
            t.learn(
                &first.position,
                Bounds {
                    lower: p.lower,
                    upper: p.upper,
                },
            );
        };
        assert_eq!(got, (value, best), "{pos}");
    }
}

#[test]
fn a_split_of_a_position_not_a_leaf_adds_nothing() {
    let pos = Position::start(rules("standard houses=4 seeds=3"), Side::South);
    let mut t = Tree::new(
        pos,
        Split {
            depth: 1,
            leaves: 100,
        },
    )
    .unwrap();
    assert_eq!(t.split_leaf(&pos, &mut |_: &Position| 0), 0);
    let leaf = t.leaves()[0];
    let before = t.len();
    let added = t.split_leaf(&leaf, &mut |_: &Position| 0);
    assert_eq!(t.len(), before + added);
    assert!(added > 0 && !t.is_leaf(&leaf));
    assert_eq!(t.root_moves().len(), 4);
}
