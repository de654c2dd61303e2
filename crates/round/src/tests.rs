//! Every refusal and every way a game ends, with no database and no runtime.

use super::*;
use kalah_engine::Level;
use kalah_online::{Expiry, TimeControl, FIRST_MOVE_MS};
use kalah_rules::{BySide, Move, Position, Preset, Rules, Side, Status};

const T0: i64 = 1_000_000;

fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

/// A game both players have opened.
fn spec(opponent: Opponent) -> RoundSpec {
    let mut s = RoundSpec::new(
        "g",
        Position::start(Rules::standard(), Side::South),
        opponent,
        T0,
    );
    s.joined = BySide::new(true, true);
    s
}

fn friend() -> Round {
    Round::new(spec(Opponent::Friend))
}

fn timed(tc: &str) -> Round {
    let mut s = spec(Opponent::Friend);
    s.time_control = Some(tc.parse::<TimeControl>().unwrap());
    Round::new(s)
}

/// Plays `moves` (each by the seat to move) at `T0`.
fn after(round: Round, moves: &[&str]) -> Round {
    moves.iter().fold(round, |r, m| {
        let seat = r.seat_to_move();
        let ply = r.game.moves().len() as u64;
        r.play(seat, mv(m), Some(ply), T0).unwrap().next
    })
}

#[test]
fn a_move_is_a_step_with_its_update_and_the_round_as_it_leaves_it() {
    let r = friend();
    let step = r.play(Side::South, mv("1"), Some(0), T0 + 5).unwrap();
    assert_eq!(r.game.moves().len(), 0, "the round itself is unchanged");
    assert_eq!(step.next.game.moves().len(), 1);
    assert_eq!(step.next.updated_at, T0 + 5);
    assert_eq!(
        step.update,
        Update::Move {
            ply: 1,
            mv: mv("1"),
            status: "playing",
            at: T0 + 5,
            clock: None,
            comment: None,
        }
    );
    assert_eq!(step.result(), None);
    assert_eq!(step.deadline(), None);
    assert!(!step.computer_due());
}

#[test]
fn a_move_in_an_ended_game_is_refused() {
    let r = friend().resign(Side::North, T0).unwrap().next;
    let e = r.play(Side::South, mv("1"), Some(0), T0).unwrap_err();
    assert!(matches!(e, Refusal::GameOver), "{e}");
    assert_eq!(e.code(), "game_over");
    assert!(matches!(r.resign(Side::South, T0), Err(Refusal::GameOver)));
    assert!(matches!(
        r.end_off_board(EndKind::Timeout, Side::South, T0),
        Err(Refusal::GameOver)
    ));
    assert!(r.expire(T0 + 10_000_000).is_none());
}

#[test]
fn a_move_answering_another_ply_is_stale() {
    let r = after(friend(), &["1"]);
    let e = r.play(Side::North, mv("1"), Some(0), T0).unwrap_err();
    assert!(matches!(e, Refusal::StalePly { given: 0, at: 1 }), "{e}");
    assert_eq!(e.code(), "stale_ply");
    assert_eq!(
        e.to_string(),
        "this move answers ply 0 but the game is at ply 1; reload the game"
    );
    // No ply given: whatever the game is at.
    assert!(r.play(Side::North, mv("1"), None, T0).is_ok());
}

#[test]
fn a_move_out_of_turn_is_refused() {
    let r = friend();
    let e = r.play(Side::North, mv("1"), Some(0), T0).unwrap_err();
    assert!(matches!(
        e,
        Refusal::NotYourTurn {
            to_move: Side::South
        }
    ));
    assert_eq!(e.code(), "not_your_turn");
    assert_eq!(
        e.to_string(),
        "it is South's turn, not yours; wait for your opponent"
    );
    // House 3 of 4 seeds ends in South's store: South moves again.
    let r = after(r, &["3"]);
    assert!(matches!(
        r.play(Side::North, mv("1"), Some(1), T0),
        Err(Refusal::NotYourTurn { .. })
    ));
    assert!(r.may_move(Side::South, Some(1)).is_ok());
}

#[test]
fn an_illegal_move_is_refused_with_the_rules_reason() {
    let r = after(friend(), &["1", "1"]);
    // South's house 1 is empty now.
    let e = r.play(Side::South, mv("1"), Some(2), T0).unwrap_err();
    assert_eq!(e.code(), "illegal_move");
    assert!(e.to_string().contains("empty"), "{e}");
    let e = r.play(Side::South, mv("7"), Some(2), T0).unwrap_err();
    assert!(e.to_string().contains("does not exist"), "{e}");
    let e = r.play(Side::South, mv("swap"), Some(2), T0).unwrap_err();
    assert!(e.to_string().contains("pie rule"), "{e}");
}

#[test]
fn a_pie_swap_moves_the_start_seats_to_the_other_sides() {
    let mut setup = Preset::Standard.setup();
    setup.pie = true;
    let mut s = spec(Opponent::Friend);
    s.start = Position::start(Rules::new(setup).unwrap(), Side::South);
    let r = after(Round::new(s), &["1", "swap"]);
    assert!(r.game.seats_swapped());
    // Start seat North now plays South, and start seat South plays North.
    assert_eq!(r.side_of_seat(Side::North), Side::South);
    assert_eq!(r.side_of_seat(Side::South), Side::North);
    let mover = r.seat_to_move();
    assert_eq!(r.side_of_seat(mover), r.game.position().to_move());
    assert!(matches!(
        r.play(mover.opponent(), mv("2"), Some(2), T0),
        Err(Refusal::NotYourTurn { .. })
    ));
    assert!(r.play(mover, mv("2"), Some(2), T0).is_ok());
    // Start seat North resigning is the side South resigning: start seat South wins.
    let step = r.resign(Side::North, T0).unwrap();
    assert_eq!(
        step.update,
        Update::Resign {
            side: Side::South,
            at: T0
        }
    );
    assert_eq!(step.result(), Some(1.0));
}

#[test]
fn a_resignation_ends_the_game_at_the_time_passed_in() {
    let step = friend().resign(Side::South, T0 + 42).unwrap();
    assert_eq!(step.next.status_name(), "resigned");
    assert_eq!(step.next.updated_at, T0 + 42);
    assert_eq!(
        step.update,
        Update::Resign {
            side: Side::South,
            at: T0 + 42
        }
    );
    assert_eq!(step.result(), Some(0.0));
}

#[test]
fn a_finished_game_has_its_result_and_refuses_more() {
    // Play greedy first legal moves until the board ends.
    let mut r = friend();
    while r.is_playing() {
        let seat = r.seat_to_move();
        let m = r.game.position().legal_moves()[0];
        let ply = r.game.moves().len() as u64;
        let step = r.play(seat, m, Some(ply), T0).unwrap();
        if !step.next.is_playing() {
            assert!(matches!(
                step.update,
                Update::Move {
                    status: "finished",
                    ..
                }
            ));
            let Status::Finished(o) = step.next.game.status() else {
                panic!("not finished")
            };
            let want = match o.winner {
                Some(Side::South) => 1.0,
                Some(Side::North) => 0.0,
                None => 0.5,
            };
            assert_eq!(step.result(), Some(want));
        }
        r = step.next;
    }
    assert!(matches!(
        r.play(Side::South, mv("1"), None, T0),
        Err(Refusal::GameOver)
    ));
}

#[test]
fn a_timed_move_charges_the_mover_and_stores_the_clock() {
    let r = timed("3+2");
    let step = r.play(Side::South, mv("1"), Some(0), T0 + 10_000).unwrap();
    // A first move is free; the increment is added.
    let Update::Move { clock: Some(c), .. } = step.update else {
        panic!("no clock stored")
    };
    assert_eq!(c.left_ms, [182_000, 180_000]);
    assert_eq!(step.next.clock_at, T0 + 10_000);
    assert_eq!(
        step.deadline(),
        Some(Expiry::Abort {
            side: Side::North,
            at_ms: T0 + 10_000 + FIRST_MOVE_MS
        })
    );
    let r = step
        .next
        .play(Side::North, mv("1"), Some(1), T0 + 10_000)
        .unwrap()
        .next;
    let step = r.play(Side::South, mv("3"), Some(2), T0 + 25_000).unwrap();
    let Update::Move { clock: Some(c), .. } = step.update else {
        panic!("no clock stored")
    };
    assert_eq!(
        c.left_ms,
        [182_000 - 15_000 + 2_000, 182_000],
        "South thought 15 s"
    );
}

#[test]
fn a_move_after_the_time_was_up_ends_the_game_on_time_instead() {
    let r = after(timed("1+0"), &["1", "1"]);
    // South's clock runs from T0 with 60 s.
    let e = r
        .play(Side::South, mv("2"), Some(2), T0 + 60_000)
        .unwrap_err();
    assert_eq!(e.code(), "time_up");
    assert!(e.to_string().starts_with("your time ran out"), "{e}");
    let Refusal::TimeUp(step) = e else {
        panic!("not time up")
    };
    assert_eq!(step.next.status_name(), "timeout");
    assert_eq!(
        step.update,
        Update::End {
            ending: Ending {
                kind: EndKind::Timeout,
                by: Side::South,
                draw: false
            },
            at: T0 + 60_000
        }
    );
    assert_eq!(step.result(), Some(0.0));
    // A moment earlier the move counts.
    assert!(r.play(Side::South, mv("2"), Some(2), T0 + 59_999).is_ok());
}

#[test]
fn a_first_move_that_does_not_come_aborts_the_game_without_a_result() {
    let r = timed("3+2");
    assert!(r.expire(T0 + FIRST_MOVE_MS - 1).is_none());
    let step = r.expire(T0 + FIRST_MOVE_MS).unwrap();
    assert_eq!(step.next.status_name(), "aborted");
    assert_eq!(step.result(), None, "an aborted game has no result");
    let e = r
        .play(Side::South, mv("1"), Some(0), T0 + FIRST_MOVE_MS)
        .unwrap_err();
    assert!(
        e.to_string().starts_with("the first move did not come"),
        "{e}"
    );
}

#[test]
fn a_flag_fall_is_a_draw_when_the_opponent_could_no_longer_win() {
    let mut s = spec(Opponent::Friend);
    // South has 24 of 48 seeds in its store: North cannot win any more.
    let setup = kalah_rules::parse_setup("<6,24,0,4,4,4,4,4,0,1,1,1,1,0,0> N").unwrap();
    s.start = Position::from_setup(Rules::standard(), &setup).unwrap();
    s.time_control = Some("1+0".parse().unwrap());
    let r = Round::new(s);
    let step = r
        .end_by_clock(
            Expiry::Flag {
                side: Side::North,
                at_ms: T0,
            },
            T0,
        )
        .unwrap();
    assert_eq!(
        step.next.ending,
        Some(Ending {
            kind: EndKind::Timeout,
            by: Side::North,
            draw: false
        }),
        "North's flag: South could still lose nothing, North can still lose"
    );
    let step = r
        .end_by_clock(
            Expiry::Flag {
                side: Side::South,
                at_ms: T0,
            },
            T0,
        )
        .unwrap();
    assert!(
        step.next.ending.unwrap().draw,
        "South's flag with half the seeds"
    );
    assert_eq!(step.result(), Some(0.5));
}

#[test]
fn a_claim_needs_a_game_between_people_on_a_clock_and_an_opponent_gone_long_enough() {
    let away = |left: i64| Away {
        present: false,
        left_at: Some(left),
    };
    assert!(matches!(
        friend().claim(Side::South, away(T0), 1_000, T0 + 5_000),
        Err(Refusal::NoClaim)
    ));
    let mut computer = spec(Opponent::Computer(Level::Club));
    computer.time_control = Some("3+2".parse().unwrap());
    computer.computer_seat = Some(Side::North);
    assert!(matches!(
        Round::new(computer).claim(Side::South, away(T0), 1_000, T0 + 5_000),
        Err(Refusal::NoClaim)
    ));
    let r = after(timed("3+2"), &["1", "1"]);
    let present = Away {
        present: true,
        left_at: Some(T0),
    };
    let e = r
        .claim(Side::South, present, 1_000, T0 + 5_000)
        .unwrap_err();
    assert_eq!(e.code(), "opponent_connected");
    let never_left = Away {
        present: false,
        left_at: None,
    };
    assert!(matches!(
        r.claim(Side::South, never_left, 1_000, T0 + 5_000),
        Err(Refusal::OpponentConnected)
    ));
    let e = r
        .claim(Side::South, away(T0), 30_000, T0 + 12_500)
        .unwrap_err();
    assert_eq!(e.code(), "too_early");
    assert_eq!(
        e.to_string(),
        "your opponent left 12 s ago; you may claim the game in 18 s if they do not come back"
    );
    let step = r.claim(Side::South, away(T0), 30_000, T0 + 30_000).unwrap();
    assert_eq!(
        step.next.ending,
        Some(Ending {
            kind: EndKind::Abandoned,
            by: Side::North,
            draw: false
        })
    );
    assert_eq!(step.next.status_name(), "abandoned");
    assert_eq!(step.result(), Some(1.0));
}

#[test]
fn the_computer_is_due_when_its_seat_is_to_move() {
    let mut s = spec(Opponent::Computer(Level::Club));
    s.computer_seat = Some(Side::North);
    let r = Round::new(s);
    assert_eq!(r.game.players.north, "Computer (club)");
    let step = r.play(Side::South, mv("1"), Some(0), T0).unwrap();
    assert!(step.computer_due());
    // Its own move goes through the same checks.
    assert!(matches!(
        step.next.play(Side::South, mv("2"), Some(1), T0),
        Err(Refusal::NotYourTurn { .. })
    ));
    assert!(!step
        .next
        .play(Side::North, mv("1"), Some(1), T0)
        .unwrap()
        .computer_due());
}

#[test]
fn comments_are_kept_by_ply_once_one_is_sent() {
    let r = friend();
    let r = r
        .play_with(Side::South, mv("1"), Some(0), None, T0)
        .unwrap()
        .next;
    assert!(r.comments.is_empty(), "no comment, none kept");
    let step = r
        .play_with(Side::North, mv("1"), Some(1), Some("hi".into()), T0)
        .unwrap();
    assert_eq!(step.next.comments, vec![None, Some("hi".to_string())]);
    assert!(matches!(step.update, Update::Move { comment: Some(ref c), .. } if c == "hi"));
}

#[test]
fn the_acting_seat_is_the_one_to_move_when_both_are_held() {
    let r = after(friend(), &["1"]);
    assert_eq!(
        r.acting_seat(BySide::new(true, true)),
        Some(Side::North),
        "North is to move"
    );
    assert_eq!(r.acting_seat(BySide::new(true, false)), Some(Side::South));
    assert_eq!(r.acting_seat(BySide::new(false, false)), None);
    assert_eq!(r.you(BySide::new(true, true)), Some(Side::North));
    assert_eq!(r.you(BySide::new(false, false)), None);
}

#[test]
fn a_restart_resumes_a_clock_stored_before_it_from_the_restart() {
    let mut r = after(timed("3+2"), &["1", "1"]);
    let before = r.clock.unwrap().left_ms(Side::South, T0 + 10_000);
    r.resume_clock_after(T0 + 3_600_000);
    assert_eq!(
        r.clock
            .unwrap()
            .left_ms(Side::South, T0 + 3_600_000 + 10_000),
        before
    );
}

#[test]
fn a_friend_games_host_waits_for_the_friend_to_open_it() {
    let mut s = spec(Opponent::Friend);
    s.joined = BySide::new(true, false);
    let mut r = Round::new(s);
    let refused = r.play(Side::South, mv("1"), Some(0), T0).unwrap_err();
    assert!(matches!(refused, Refusal::FriendNotJoined), "{refused:?}");
    assert_eq!(refused.code(), "friend_not_joined");
    assert!(refused.to_string().contains("invitation link"));
    // Not a clock to restart: the join says so.
    assert!(!r.join(Side::North, T0 + 5));
    assert!(r.play(Side::South, mv("1"), Some(0), T0 + 6).is_ok());
}

#[test]
fn a_lobby_game_named_by_the_lobby_does_not_wait() {
    let mut s = spec(Opponent::Friend);
    s.joined = BySide::new(false, false);
    s.names = BySide::new(Some("ann".to_string()), Some("bob".to_string()));
    let r = Round::new(s);
    assert!(r.play(Side::South, mv("1"), Some(0), T0).is_ok());
}

#[test]
fn a_friend_game_on_a_clock_starts_its_first_move_deadline_when_the_friend_opens_it() {
    let mut s = spec(Opponent::Friend);
    s.joined = BySide::new(true, false);
    s.time_control = Some("3+2".parse::<TimeControl>().unwrap());
    let mut r = Round::new(s);
    // The friend opens the link a minute later, past the first-move deadline counted from
    // the creation: the deadline counts from the join instead.
    let joined_at = T0 + 2 * FIRST_MOVE_MS;
    assert!(r.join(Side::North, joined_at));
    assert_eq!(r.clock_at, joined_at);
    assert!(r.expire(joined_at + FIRST_MOVE_MS - 1).is_none());
    assert!(r
        .play(Side::South, mv("1"), Some(0), joined_at + 1000)
        .is_ok());
    // Joining again (a second tab) changes nothing.
    assert!(!r.join(Side::North, joined_at + 5000));
    assert_eq!(r.clock_at, joined_at);
}

#[test]
fn a_friend_game_waiting_for_the_friend_is_not_aborted_by_the_first_move_clock() {
    let mut s = spec(Opponent::Friend);
    s.joined = BySide::new(true, false);
    s.time_control = Some("3+2".parse::<TimeControl>().unwrap());
    let r = Round::new(s);
    // The first-move deadline would fall 30 s after the creation; the friend has not come.
    assert!(r.expire(T0 + FIRST_MOVE_MS).is_none());
    assert!(r.expire(T0 + FRIEND_WAIT_MS - 1).is_none());
    assert_eq!(
        r.expiry(),
        Some(Expiry::Abort {
            side: Side::South,
            at_ms: T0 + FRIEND_WAIT_MS
        })
    );
    // A day on, the invitation has lapsed: the game is aborted without a result.
    let step = r.expire(T0 + FRIEND_WAIT_MS).unwrap();
    assert!(!step.next.is_playing());
    assert_eq!(step.result(), None);
    assert_eq!(step.deadline(), None);
}
