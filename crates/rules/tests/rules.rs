//! Each rule option on hand-made positions, with expected results worked out by hand.

use kalah_rules::*;

fn pos(rules: &str, text: &str) -> Position {
    let rules: Rules = rules.parse().unwrap();
    let setup = parse_setup(text).unwrap();
    let mut s = rules.setup();
    s.houses = setup.houses.south.len() as u8;
    Position::from_setup(Rules::new(s).unwrap(), &setup).unwrap()
}

fn after(p: &Position, moves: &[&str]) -> (Position, Sowing) {
    let mut p = *p;
    let mut last = None;
    for m in moves {
        last = Some(p.play(m.parse().unwrap()).unwrap());
    }
    (p, last.unwrap())
}

#[test]
fn extra_turn_when_last_seed_in_own_store() {
    let start = Position::start(Rules::standard(), Side::South);
    let (p, s) = after(&start, &["3"]);
    assert!(s.extra_turn);
    assert_eq!(p.to_string(), "<6,1,0,4,4,0,5,5,5,4,4,4,4,4,4> S");
}

#[test]
fn standard_capture_takes_seed_and_opposite() {
    // South house 1 sows into house 2 (empty); opposite is North house 5 with 3 seeds.
    let p = pos("standard", "<6,0,0,1,0,0,0,0,1,1,1,1,1,3,1> S");
    let (q, s) = after(&p, &["1"]);
    assert_eq!(s.capture, Some(Capture { house: 2, seeds: 4 }));
    assert_eq!(q.to_string(), "<6,4,0,0,0,0,0,0,1,1,1,1,1,0,1> N");
}

#[test]
fn standard_capture_needs_seeds_opposite() {
    let p = pos("standard", "<6,0,0,1,0,0,0,0,1,1,1,1,1,0,1> S");
    let (q, s) = after(&p, &["1"]);
    assert_eq!(s.capture, None);
    assert_eq!(q.to_string(), "<6,0,0,0,1,0,0,0,1,1,1,1,1,0,1> N");
}

#[test]
fn empty_capture_takes_the_lone_seed() {
    let p = pos("empty-capture", "<6,0,0,1,0,0,0,0,1,1,1,1,1,0,1> S");
    let (q, s) = after(&p, &["1"]);
    assert_eq!(s.capture, Some(Capture { house: 2, seeds: 1 }));
    assert!(!s.ended);
    assert_eq!(q.to_string(), "<6,1,0,0,0,0,0,0,1,1,1,1,1,0,1> N");
    let p = pos("empty-capture", "<6,0,0,1,0,0,0,0,0,1,1,1,1,0,1> S");
    let (q, s) = after(&p, &["1"]);
    assert_eq!(s.capture, Some(Capture { house: 2, seeds: 1 }));
    // South's houses are now all empty: the game ends and North sweeps its 5 seeds.
    assert!(s.ended);
    assert_eq!(q.to_string(), "<6,1,5,0,0,0,0,0,0,0,0,0,0,0,0> N");
}

#[test]
fn no_capture_rule() {
    let p = pos("standard capture=none", "<6,0,0,1,0,0,0,0,1,1,1,1,1,3,1> S");
    let (q, s) = after(&p, &["1"]);
    assert_eq!(s.capture, None);
    assert_eq!(q.to_string(), "<6,0,0,0,1,0,0,0,1,1,1,1,1,3,1> N");
}

#[test]
fn laps_skip_opponent_store_and_fill_origin() {
    // 14 seeds from South house 1 on a 6-house board: a lap is 13 pits (no North store).
    let p = pos("standard", "<6,0,0,14,0,0,0,0,0,1,0,0,0,0,0> S");
    let (q, s) = after(&p, &["1"]);
    // Every pit but North's store gets one; the 14th lands in house 2, which held 1 now 2.
    assert_eq!(q.to_string(), "<6,1,0,1,2,1,1,1,1,2,1,1,1,1,1> N");
    assert_eq!(s.last, Some(Pit::House(Side::South, 2)));
}

#[test]
fn lap_back_into_emptied_origin_captures() {
    // 13 seeds: one lap of 13 pits; the last lands back in the emptied origin house 1
    // (now 1 seed), opposite North house 6 (2 + 1 seeds).
    let p = pos("standard", "<6,0,0,13,0,0,0,0,0,0,0,0,0,0,2> S");
    let (q, s) = after(&p, &["1"]);
    assert_eq!(s.capture, Some(Capture { house: 1, seeds: 4 }));
    assert_eq!(q.to_string(), "<6,5,0,0,1,1,1,1,1,1,1,1,1,1,0> N");
}

#[test]
fn both_stores_feed_opponent_store_and_end_turn() {
    // North house 6 is next to North's store... South sows 8 from house 6: store, N1..N6, N store.
    let p = pos(
        "standard both-stores=yes",
        "<6,0,0,1,0,0,0,0,8,1,1,1,1,1,1> S",
    );
    let (q, s) = after(&p, &["6"]);
    assert_eq!(s.last, Some(Pit::Store(Side::North)));
    assert!(!s.extra_turn);
    assert_eq!(q.to_string(), "<6,1,1,1,0,0,0,0,0,2,2,2,2,2,2> N");
}

#[test]
fn emptier_takes_the_rest() {
    // South's last seed goes into its store and empties South: South takes North's 6 seeds.
    let p = pos(
        "standard sweep=emptier",
        "<6,10,10,0,0,0,0,0,1,1,1,1,1,1,1> S",
    );
    let (q, s) = after(&p, &["6"]);
    assert!(s.ended);
    assert_eq!(s.sweep, Some(BySide::new(6, 0)));
    assert_eq!(q.outcome().unwrap().scores, BySide::new(17, 10));
}

#[test]
fn sweep_none_leaves_seeds_to_nobody() {
    let p = pos("standard sweep=none", "<6,10,10,0,0,0,0,0,1,1,1,1,1,1,1> S");
    let (q, _) = after(&p, &["6"]);
    assert_eq!(q.outcome().unwrap().scores, BySide::new(11, 10));
}

#[test]
fn mover_cannot_move_lets_the_game_go_on() {
    // South empties its side but North still has seeds: under mover-cannot-move North moves on.
    let p = pos("bga early-end=no", "<6,10,10,0,0,0,0,0,1,0,0,0,0,0,3> S");
    let (q, s) = after(&p, &["6"]);
    assert!(s.extra_turn);
    // South must move again but has no seeds: the game ends, North keeps its 3.
    assert!(s.ended);
    assert_eq!(q.outcome().unwrap().scores, BySide::new(11, 13));
    let p = pos("bga early-end=no", "<6,10,10,0,0,0,0,1,0,0,0,0,0,0,3> S");
    let (q, s) = after(&p, &["5"]);
    assert!(!s.ended);
    assert_eq!(q.to_move(), Side::North);
}

#[test]
fn early_end_at_more_than_half() {
    // 48 seeds in all: South reaching 25 ends the game; remaining seeds go to their owners.
    let p = pos(
        "standard early-end=yes",
        "<6,24,0,0,0,0,0,0,1,4,4,4,4,4,3> S",
    );
    let (q, s) = after(&p, &["6"]);
    assert!(s.ended);
    assert!(q.outcome().unwrap().early);
    assert_eq!(q.outcome().unwrap().scores, BySide::new(25, 23));
}

#[test]
fn pie_swap_after_first_complete_turn() {
    let start = Position::start("standard pie=yes".parse().unwrap(), Side::South);
    assert_eq!(start.pie_stage(), PieStage::FirstTurn);
    let (p, _) = after(&start, &["3"]);
    // Extra turn: still the first turn; no swap yet.
    assert_eq!(p.pie_stage(), PieStage::FirstTurn);
    assert!(!p.legal_moves().contains(Move::Swap));
    let (p, _) = after(&p, &["1"]);
    assert_eq!(p.pie_stage(), PieStage::Offer);
    assert_eq!(p.to_move(), Side::North);
    assert!(p.legal_moves().contains(Move::Swap));
    let before = p;
    let (q, s) = after(&p, &["swap"]);
    assert_eq!(s.mv, Move::Swap);
    assert_eq!(q.pits(), before.pits());
    assert_eq!(q.to_move(), Side::North);
    assert_eq!(q.pie_stage(), PieStage::Off);
    assert_eq!(q.check(Move::Swap), Err(IllegalMove::SwapNotNow));
}

#[test]
fn illegal_moves_are_refused_with_reasons() {
    let start = Position::start(Rules::standard(), Side::South);
    assert_eq!(
        start.check(Move::Sow(7)),
        Err(IllegalMove::NoSuchHouse {
            house: 7,
            houses: 6
        })
    );
    assert_eq!(start.check(Move::Swap), Err(IllegalMove::NoPieRule));
    let (p, _) = after(&start, &["3"]);
    assert_eq!(
        p.check(Move::Sow(3)),
        Err(IllegalMove::EmptyHouse { house: 3 })
    );
    let over = pos("standard", "<6,30,18,0,0,0,0,0,0,0,0,0,0,0,0> S");
    assert_eq!(over.check(Move::Sow(1)), Err(IllegalMove::GameOver));
}

#[test]
fn rules_strings_and_presets() {
    for p in Preset::ALL {
        let r = Rules::preset(p);
        assert_eq!(r.to_string().parse::<Rules>().unwrap(), r);
        assert_eq!(p.name().parse::<Preset>().unwrap(), p);
        // sheet-002 and sheet-003 share their options; either name matches.
        assert_eq!(Rules::preset(r.matching_preset().unwrap()), r);
    }
    assert!("standard houses=0".parse::<Rules>().is_err());
    assert!("standard seeds=17".parse::<Rules>().is_err());
    assert!("nonsense".parse::<Rules>().is_err());
    assert!("standard capture=maybe".parse::<Rules>().is_err());
    let r: Rules = "sheet-004".parse().unwrap();
    assert_eq!(
        (r.seeds(), r.capture(), r.sweep()),
        (6, CaptureRule::Empty, SweepRule::Emptier)
    );
}

#[test]
fn parse_errors_say_what_is_wrong() {
    let e = parse_setup("<6,0,0,4,4>  S").unwrap_err().to_string();
    assert!(e.contains("needs 15 numbers"), "{e}");
    let e = parse_setup("<6,0,0,4,4,4,4,4,4,4,4,4,4,4,4>")
        .unwrap_err()
        .to_string();
    assert!(e.contains("S or N"), "{e}");
    let e = parse_setup("<6,0,0,4,x,4,4,4,4,4,4,4,4,4,4> S")
        .unwrap_err()
        .to_string();
    assert!(e.contains("\"x\""), "{e}");
    assert!(parse_setup(" < 6, 0,0, 4,4,4,4,4,4, 4,4,4,4,4,4 >  N ").is_ok());
}

#[test]
fn record_with_resignation_and_tags() {
    let mut g = Game::new(Position::start(Rules::standard(), Side::North));
    g.players = BySide::new("Ann \"A\"".into(), "Bo\\b".into());
    g.tags.push(("Event".into(), "Club night".into()));
    g.play(Move::Sow(3)).unwrap();
    g.play(Move::Sow(1)).unwrap();
    g.resign(Side::South).unwrap();
    let text = g.to_record();
    assert!(text.contains("[Result \"South resigns\"]"));
    assert!(text.contains("3-1"));
    assert_eq!(Game::from_record(&text).unwrap(), g);
    let bad = text.replace("3-1", "3-9");
    assert!(Game::from_record(&bad)
        .unwrap_err()
        .to_string()
        .contains("house 9"));
}
