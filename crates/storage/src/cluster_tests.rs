//! The tables instances share besides games, on both backends: a seat's presence across
//! instances, a dead instance's rows swept, bots online and a challenge's answer.

use super::*;
use crate::tests::pg_db;

fn seat(db: &Db, game: &str, name: &str) -> SeatPresence {
    let all = db.seats_present(game).unwrap();
    all.iter().find(|(n, _)| n == name).unwrap().1
}

fn a_seat_is_present_while_any_instance_has_it_open(mut db: Db) {
    for (i, t) in [("a", 0), ("b", 0)] {
        db.register_instance(i, t, i64::MIN).unwrap();
    }
    db.seat_opened("a", "g", "north").unwrap();
    db.seat_opened("b", "g", "north").unwrap();
    db.seat_closed("a", "g", "north", 10).unwrap();
    assert_eq!(
        seat(&db, "g", "north"),
        SeatPresence {
            present: true,
            left_at: None
        },
        "still open on b"
    );
    db.seat_closed("b", "g", "north", 20).unwrap();
    assert_eq!(seat(&db, "g", "north").left_at, Some(20));
    assert!(!seat(&db, "g", "north").present);
    // Back on a: present again, the away time forgotten.
    db.seat_opened("a", "g", "north").unwrap();
    assert_eq!(
        seat(&db, "g", "north"),
        SeatPresence {
            present: true,
            left_at: None
        }
    );
    assert_eq!(seat(&db, "g", "south"), SeatPresence::default());
}

fn a_dead_instances_rows_are_swept_by_the_living(mut db: Db) {
    db.register_instance("a", 0, i64::MIN).unwrap();
    db.register_instance("b", 0, i64::MIN).unwrap();
    db.seat_opened("a", "g", "south").unwrap();
    db.seat_opened("b", "g", "north").unwrap();
    let bot = OnlineBotRow {
        instance: "a".into(),
        link: 7,
        name: "zeta".into(),
        authors: None,
        description: None,
        rated_id: None,
        game: Some("k".into()),
        seat: Some("north".into()),
        since: 0,
    };
    db.put_online_bot(&bot).unwrap();
    db.put_watch_entries("a", &[("w".into(), Some((None, 0, "{}".into())))])
        .unwrap();
    // b beats at 5000; a is silent since 0: dead by 8000 before 9000.
    db.heartbeat("b", 5_000).unwrap();
    let swept = db.sweep_dead_instances("b", 1_000, -1, 9_000).unwrap();
    assert_eq!(swept.games, ["g"]);
    assert_eq!(swept.bot_games, [("k".to_string(), "north".to_string())]);
    assert_eq!(seat(&db, "g", "south").left_at, Some(9_000));
    assert!(seat(&db, "g", "north").present, "b's row stays");
    assert_eq!(db.online_bots(10).unwrap().1, 0);
    assert_eq!(db.watch_entries(-1, 10).unwrap().1, 1, "not idle yet");
    // Swept once: nothing more the second time; idle entries go.
    let again = db.sweep_dead_instances("b", 1_000, 1, 9_000).unwrap();
    assert!(again.games.is_empty() && again.bot_games.is_empty());
    assert_eq!(db.watch_entries(-1, 10).unwrap().1, 0);
    // An instance never sweeps itself, whatever its heartbeat says.
    db.seat_opened("b", "h", "south").unwrap();
    let own = db.sweep_dead_instances("b", 100_000, -1, 9_000).unwrap();
    assert!(own.games.is_empty());
}

fn bots_online_and_a_challenges_answer(db: Db) {
    for (link, name, game) in [(1, "x", None), (2, "x", Some("g")), (3, "y", None)] {
        db.put_online_bot(&OnlineBotRow {
            instance: "a".into(),
            link,
            name: name.into(),
            authors: Some("me".into()),
            description: None,
            rated_id: None,
            game: game.map(String::from),
            seat: game.map(|_| "south".to_string()),
            since: link,
        })
        .unwrap();
    }
    let (rows, count) = db.online_bots(2).unwrap();
    assert_eq!(count, 3);
    assert_eq!(rows.iter().map(|r| r.link).collect::<Vec<_>>(), [1, 2]);
    let named = db.online_bots_named("x").unwrap();
    assert_eq!(named[0].game, None, "waiting first");
    db.drop_online_bot("a", 1).unwrap();
    assert_eq!(db.online_bots(10).unwrap().1, 2);

    let c = BotChallenge {
        id: "c1".into(),
        instance: "a".into(),
        bot: "y".into(),
        token_hash: "h".into(),
        owner: None,
        board: Some((6, 4)),
        asked_at: 0,
        link: None,
        from: None,
    };
    db.ask_challenge(&c).unwrap();
    assert_eq!(db.challenge_for("c1", "b").unwrap(), None, "not b's");
    assert_eq!(db.challenge_for("c1", "a").unwrap(), Some(c.clone()));
    assert_eq!(
        db.take_challenge_answer("c1").unwrap(),
        None,
        "not answered"
    );
    db.answer_challenge("c1", "game:g2").unwrap();
    assert_eq!(db.challenge_for("c1", "a").unwrap(), None, "answered");
    assert_eq!(
        db.take_challenge_answer("c1").unwrap().as_deref(),
        Some("game:g2")
    );
    assert_eq!(db.take_challenge_answer("c1").unwrap(), None, "taken once");

    // A bot's challenge keeps the bot's name and rating id.
    let from_bot = BotChallenge {
        id: "c2".into(),
        board: None,
        link: Some(3),
        from: Some(Challenger {
            name: "p".into(),
            rated_id: Some("hp".into()),
        }),
        ..c
    };
    db.ask_challenge(&from_bot).unwrap();
    assert_eq!(db.challenge_for("c2", "a").unwrap(), Some(from_bot));
}

fn bot(instance: &str, link: i64, game: Option<&str>, since: i64) -> OnlineBotRow {
    OnlineBotRow {
        instance: instance.into(),
        link,
        name: format!("{instance}{link}"),
        authors: None,
        description: None,
        rated_id: None,
        game: game.map(String::from),
        seat: game.map(|_| "south".to_string()),
        since,
    }
}

fn bots_waiting_on_other_live_instances(mut db: Db) {
    for i in ["a", "b", "c"] {
        db.register_instance(i, 0, i64::MIN).unwrap();
    }
    db.heartbeat("a", 5_000).unwrap();
    db.heartbeat("b", 5_000).unwrap();
    for row in [
        bot("a", 1, None, 1),
        bot("b", 2, Some("g"), 1),
        bot("b", 3, None, 3),
        bot("b", 4, None, 2),
        bot("c", 5, None, 0),
    ] {
        db.put_online_bot(&row).unwrap();
    }
    // Not a's own, not playing, not on c (silent since 0), the longest waiting first.
    let rows = db.bots_waiting_elsewhere("a", 1_000, 10).unwrap();
    assert_eq!(rows.iter().map(|r| r.link).collect::<Vec<_>>(), [4, 3]);
    assert_eq!(db.bots_waiting_elsewhere("a", 1_000, 1).unwrap().len(), 1);
}

fn a_bot_game_across_instances_is_left_to_the_live_bots_instance(mut db: Db) {
    for i in ["a", "b", "c"] {
        db.register_instance(i, 0, i64::MIN).unwrap();
    }
    db.heartbeat("b", 5_000).unwrap();
    db.heartbeat("c", 5_000).unwrap();
    // a's bots play: one against b's bot, one against a person.
    db.put_online_bot(&bot("a", 1, Some("across"), 0)).unwrap();
    db.put_online_bot(&bot("b", 2, Some("across"), 0)).unwrap();
    db.put_online_bot(&bot("a", 3, Some("person"), 0)).unwrap();
    // c sweeps a: b ends the game across (its own loop), c the other.
    let swept = db.sweep_dead_instances("c", 1_000, -1, 9_000).unwrap();
    assert_eq!(
        swept.bot_games,
        [("person".to_string(), "south".to_string())]
    );
    // Had b swept it, b would end both.
    db.put_online_bot(&bot("a", 1, Some("across"), 0)).unwrap();
    db.put_online_bot(&bot("a", 3, Some("person"), 0)).unwrap();
    let mut swept = db.sweep_dead_instances("b", 1_000, -1, 9_000).unwrap();
    swept.bot_games.sort();
    assert_eq!(
        swept.bot_games,
        [
            ("across".to_string(), "south".to_string()),
            ("person".to_string(), "south".to_string())
        ]
    );
}

on_both_backends!(
    a_seat_is_present_while_any_instance_has_it_open,
    a_dead_instances_rows_are_swept_by_the_living,
    bots_online_and_a_challenges_answer,
    bots_waiting_on_other_live_instances,
    a_bot_game_across_instances_is_left_to_the_live_bots_instance,
);
