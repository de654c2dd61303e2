use super::*;
use kalah_match::glicko::Glicko;

fn row(id: &str) -> GameRow {
    let mut g = GameRow::new(
        id,
        "houses=6 seeds=4",
        "<6,0,0,4,4,4,4,4,4,4,4,4,4,4,4> S",
        "friend",
        5,
    );
    g.south_token = "aa".into();
    g.north_token = "bb".into();
    g
}

fn mv(game: &str, ply: u32, m: &str) -> Write {
    Write::Move {
        game: game.into(),
        ply,
        mv: m.into(),
        status: "playing".into(),
        at: 9,
        position: None,
        comment: None,
    }
}

fn creates_and_loads_a_game_with_moves(mut db: Db) {
    assert_eq!(db.schema_version().unwrap(), migrations::VERSION);
    let r = db.apply(vec![
        Write::Create(Box::new(row("a"))),
        mv("a", 1, "3"),
        mv("a", 2, "6"),
    ]);
    assert!(r.iter().all(Result::is_ok), "{r:?}");
    let g = db.load("a").unwrap().unwrap();
    assert_eq!(g.moves, ["3", "6"]);
    assert_eq!(g.updated_at, 9);
    assert_eq!(g.north_token, "bb");
    assert_eq!((g.south_name, g.north_name), (None, None));
    assert!(db.load("b").unwrap().is_none());
}

fn player_names_are_stored(mut db: Db) {
    let mut g = row("k");
    g.opponent = "kgp".into();
    g.south_name = Some("alpha \"bot\"".into());
    g.north_name = Some("Computer (club)".into());
    let r = db.apply(vec![Write::Create(Box::new(g.clone()))]);
    assert!(r.iter().all(Result::is_ok), "{r:?}");
    assert_eq!(db.load("k").unwrap().unwrap(), g);
}

fn kgp_rating_ids_are_stored(mut db: Db) {
    let mut g = row("r");
    g.opponent = "kgp".into();
    g.south_name = Some("alpha".into());
    g.north_name = Some("Computer (club)".into());
    g.south_rated_id = Some("9f86d081884c7d65".into());
    g.north_rated_id = Some("level:club".into());
    let r = db.apply(vec![Write::Create(Box::new(g.clone())), mv("r", 1, "3")]);
    assert!(r.iter().all(Result::is_ok), "{r:?}");
    g.moves = vec!["3".into()];
    g.updated_at = 9;
    let loaded = db.load("r").unwrap().unwrap();
    assert_eq!(loaded, g);
    assert_eq!(loaded.north_rated_id.as_deref(), Some("level:club"));
    // A game without rated players has none.
    assert!(db.apply(vec![Write::Create(Box::new(row("u")))])[0].is_ok());
    let u = db.load("u").unwrap().unwrap();
    assert_eq!((u.south_rated_id, u.north_rated_id), (None, None));
}

fn a_failing_write_leaves_the_others_in_the_batch(mut db: Db) {
    db.apply(vec![Write::Create(Box::new(row("a")))]);
    let r = db.apply(vec![
        mv("a", 1, "3"),
        mv("a", 1, "4"),
        mv("nope", 1, "1"),
        mv("a", 2, "1"),
    ]);
    assert!(
        r[0].is_ok() && r[1].is_err() && r[2].is_err() && r[3].is_ok(),
        "{r:?}"
    );
    assert_eq!(db.load("a").unwrap().unwrap().moves, ["3", "1"]);
}

fn resign_rematch_and_joined(mut db: Db) {
    let r = db.apply(vec![
        Write::Create(Box::new(row("a"))),
        Write::Resign {
            game: "a".into(),
            side: "north".into(),
            at: 7,
        },
        Write::Rematch {
            game: "a".into(),
            new_game: "b".into(),
        },
        Write::Joined {
            game: "a".into(),
            seat: "north".into(),
            clock_at: None,
        },
    ]);
    assert!(r.iter().all(Result::is_ok), "{r:?}");
    let g = db.load("a").unwrap().unwrap();
    assert_eq!(g.status, "resigned");
    assert_eq!(g.resigned.as_deref(), Some("north"));
    assert_eq!(g.rematch.as_deref(), Some("b"));
    assert!(g.north_joined && !g.south_joined);
    assert!(db.playing_computer_games().unwrap().is_empty());
}

#[test]
fn survives_reopening_and_refuses_a_newer_schema() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.db");
    {
        let mut db = Db::open(&path).unwrap();
        let mut g = row("a");
        g.opponent = "computer".into();
        db.apply(vec![Write::Create(Box::new(g)), mv("a", 1, "3")]);
    }
    {
        let db = Db::open(&path).unwrap();
        assert_eq!(db.load("a").unwrap().unwrap().moves, ["3"]);
        assert_eq!(db.playing_computer_games().unwrap(), ["a"]);
        db.sqlite().pragma_update(None, "user_version", 99).unwrap();
    }
    assert!(matches!(
        Db::open(&path),
        Err(Error::TooNew { found: 99, .. })
    ));
}

fn file_with_games(n: usize) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.db");
    let mut db = Db::open(&path).unwrap();
    for i in 0..n {
        let id = format!("g{i:04}");
        let r = db.apply(vec![
            Write::Create(Box::new(row(&id))),
            mv(&id, 1, "3"),
            mv(&id, 2, "6"),
        ]);
        assert!(r.iter().all(Result::is_ok));
    }
    (dir, path)
}

#[test]
fn an_empty_file_is_refused_not_served_as_no_games() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.db");
    std::fs::write(&path, b"").unwrap();
    let err = Db::open(&path).err().expect("refused");
    assert!(matches!(err, Error::Empty(_)));
    assert!(
        err.to_string().contains("restore it from a backup"),
        "{err}"
    );
    // A file that is not there is a new database.
    assert!(Db::open(&dir.path().join("new.db")).is_ok());
}

#[test]
fn a_damaged_file_is_refused_with_what_to_do() {
    let (_dir, path) = file_with_games(300);
    // Random bytes over the middle of the file, as in the issue's test.
    let mut bytes = std::fs::read(&path).unwrap();
    let mid = bytes.len() / 2;
    let mut x = 12345u32;
    for b in &mut bytes[mid..mid + 4096] {
        x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
        *b = (x >> 16) as u8;
    }
    std::fs::write(&path, &bytes).unwrap();
    let damaged = match Db::open(&path) {
        Err(e @ Error::Damaged { .. }) => Some(e.to_string()),
        // If the quick check passes, a full check or the loads must still see it.
        Ok(db) => {
            let problems = db.check().unwrap();
            let loads = db
                .game_ids()
                .map(|ids| ids.iter().filter(|id| db.load(id).is_err()).count())
                .unwrap_or(1);
            (!problems.is_empty() || loads > 0 || db.game_ids().unwrap().len() != 300)
                .then(|| problems.join("; "))
        }
        Err(e) => Some(e.to_string()),
    };
    let message = damaged.expect("the damage is seen");
    assert!(!message.is_empty());
    // Garbage from the first byte on is not a database at all.
    std::fs::write(&path, vec![7u8; 8192]).unwrap();
    let err = Db::open(&path).err().expect("refused");
    assert!(err.to_string().contains("damaged"), "{err}");
}

#[test]
fn a_game_missing_moves_is_damaged_and_listed() {
    let (_dir, path) = file_with_games(3);
    let mut db = Db::open(&path).unwrap();
    db.sqlite()
        .execute("DELETE FROM moves WHERE game_id = 'g0001' AND ply = 2", [])
        .unwrap();
    db.sqlite()
        .execute(
            "UPDATE moves SET ply = 5 WHERE game_id = 'g0002' AND ply = 2",
            [],
        )
        .unwrap();
    assert!(matches!(db.load("g0000"), Ok(Some(_))));
    let e = db.load("g0001").expect_err("damaged");
    assert!(e.to_string().contains("2 moves recorded, 1 stored"), "{e}");
    assert!(matches!(db.load("g0002"), Err(Error::DamagedGame { .. })));
    let problems = db.check().unwrap();
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert!(problems[0].starts_with("game g0001"));
    // New moves keep the count.
    assert!(db.apply(vec![mv("g0000", 3, "1")])[0].is_ok());
    assert_eq!(db.load("g0000").unwrap().unwrap().moves.len(), 3);
}

#[test]
fn a_backup_while_another_connection_writes_holds_every_game() {
    let (dir, path) = file_with_games(50);
    let mut writer = Db::open(&path).unwrap();
    let reader = Db::open(&path).unwrap();
    // Moves only in the write-ahead log yet are in the copy too.
    assert!(writer.apply(vec![mv("g0007", 3, "2")])[0].is_ok());
    let dest = dir.path().join("backup.db");
    reader.backup(&dest).unwrap();
    assert!(writer.apply(vec![mv("g0007", 4, "1")])[0].is_ok());
    let copy = Db::open(&dest).unwrap();
    assert_eq!(copy.game_ids().unwrap().len(), 50);
    assert_eq!(copy.load("g0007").unwrap().unwrap().moves, ["3", "6", "2"]);
    assert!(copy.check().unwrap().is_empty());
    assert!(!dir.path().join("backup.backup-tmp").exists());
}

#[test]
fn version_1_databases_get_their_move_counts() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.db");
    {
        let conn = Connection::open(&path).unwrap();
        conn.execute_batch(migrations::FIRST).unwrap();
        conn.pragma_update(None, "user_version", 1).unwrap();
        conn.execute_batch(
            "INSERT INTO games (id, rules, start, opponent, south_token, north_token, status,
                created_at, updated_at)
             VALUES ('old', 'houses=6 seeds=4', '<6,0,0,4,4,4,4,4,4,4,4,4,4,4,4> S', 'friend',
                'a', 'b', 'playing', 1, 1);
             INSERT INTO moves VALUES ('old', 1, '3', 1), ('old', 2, '6', 1);",
        )
        .unwrap();
    }
    let db = Db::open(&path).unwrap();
    assert_eq!(db.schema_version().unwrap(), migrations::VERSION);
    assert_eq!(db.load("old").unwrap().unwrap().moves, ["3", "6"]);
    assert!(db.check().unwrap().is_empty());
}

#[test]
fn a_full_disk_is_told_apart() {
    let mut db = Db::open_in_memory().unwrap();
    // A size cap stands in for a full disk: SQLite answers both with SQLITE_FULL.
    let pages: i64 = db
        .sqlite()
        .pragma_query_value(None, "page_count", |r| r.get(0))
        .unwrap();
    db.sqlite()
        .pragma_update(None, "max_page_count", pages + 1)
        .unwrap();
    let mut full = None;
    for i in 0..1000 {
        let mut g = row(&format!("g{i}"));
        g.start = "x".repeat(2000);
        if let Err(e) = db.apply(vec![Write::Create(Box::new(g))]).remove(0) {
            full = Some(e);
            break;
        }
    }
    let e = full.expect("the cap is reached");
    assert!(e.is_disk_full(), "{e}");
    // Nothing of a failed batch is half stored, and the database goes on afterwards.
    db.sqlite()
        .pragma_update(None, "max_page_count", 1_000_000)
        .unwrap();
    assert!(db.apply(vec![Write::Create(Box::new(row("after")))])[0].is_ok());
    assert!(db.load("after").unwrap().is_some());
    assert!(!Error::NoGame("x".into()).is_disk_full());
}

fn a_rematch_is_created_with_its_link_or_not_at_all(mut db: Db) {
    db.apply(vec![Write::Create(Box::new(row("a")))]);
    let r = db.apply(vec![Write::CreateRematch {
        of: "a".into(),
        game: Box::new(row("b")),
    }]);
    assert!(r[0].is_ok());
    assert_eq!(db.load("a").unwrap().unwrap().rematch.as_deref(), Some("b"));
    assert!(db.load("b").unwrap().is_some());
    // A link to a game that is not there fails, and the new game is not stored either.
    let r = db.apply(vec![Write::CreateRematch {
        of: "nope".into(),
        game: Box::new(row("c")),
    }]);
    assert!(r[0].is_err());
    assert!(db.load("c").unwrap().is_none());
    // A seat gets a new token.
    let r = db.apply(vec![Write::SeatToken {
        game: "b".into(),
        seat: "north".into(),
        hash: "cc".into(),
    }]);
    assert!(r[0].is_ok());
    assert_eq!(db.load("b").unwrap().unwrap().north_token, "cc");
}

fn live_friend_positions_are_found_after_the_first_move(mut db: Db) {
    let mut computer = row("c");
    computer.opponent = "computer".into();
    db.apply(vec![
        Write::Create(Box::new(row("f"))),
        Write::Create(Box::new(computer)),
    ]);
    let at = |game: &str, ply, position: &str| Write::Move {
        game: game.into(),
        ply,
        mv: "1".into(),
        status: "playing".into(),
        at: 9,
        position: Some(position.into()),
        comment: None,
    };
    db.apply(vec![at("f", 1, "P1"), at("c", 1, "P2")]);
    assert!(db.live_friend_game_at("P1").unwrap());
    assert!(
        !db.live_friend_game_at("P2").unwrap(),
        "not a game between two people"
    );
    assert!(!db.live_friend_game_at("P3").unwrap());
    // Once over, the position is free to analyse.
    db.apply(vec![Write::Resign {
        game: "f".into(),
        side: "south".into(),
        at: 10,
    }]);
    assert!(!db.live_friend_game_at("P1").unwrap());
}

fn bot(id: &str, name: &str) -> BotInfo {
    BotInfo {
        id: id.into(),
        name: name.into(),
        authors: None,
        description: None,
    }
}

fn bots_register_rename_and_keep_their_names_apart(mut db: Db) {
    let a = db.register_bot(&bot("h1", "alpha"), 1).unwrap();
    assert_eq!((a.rating.rating, a.games()), (1500.0, 0));
    db.register_bot(&bot("h2", "beta"), 1).unwrap();
    assert!(matches!(
        db.register_bot(&bot("h2", "alpha"), 2),
        Err(Error::NameTaken(n)) if n == "alpha"
    ));
    // The same token may change its own name.
    assert_eq!(
        db.register_bot(&bot("h1", "gamma"), 3).unwrap().name,
        "gamma"
    );
    let names: Vec<_> = db
        .bots(&["h1".into(), "h2".into(), "nobody".into()])
        .unwrap()
        .into_iter()
        .map(|b| b.name)
        .collect();
    assert_eq!(names, ["gamma", "beta"]);
}

fn a_finished_game_and_its_rating_update_are_one_write(mut db: Db) {
    db.register_bot(&bot("h1", "alpha"), 1).unwrap();
    db.apply(vec![Write::Create(Box::new(row("g")))]);
    let finish = |game: &str, b: &str| Write::Finish {
        last: Box::new(Write::Resign {
            game: game.into(),
            side: "north".into(),
            at: 5,
        }),
        rated: RatedGame {
            a: "h1".into(),
            b: b.into(),
            score_a: 1.0,
            at: 5,
        },
    };
    // An unknown bot: neither the resignation nor any rating is stored.
    let r = db.apply(vec![finish("g", "h9")]);
    assert!(matches!(&r[0], Err(Error::NoBot(_))), "{r:?}");
    assert_eq!(db.load("g").unwrap().unwrap().status, "playing");
    assert!(db.leaderboard(10).unwrap().is_empty());
    // A level gets its row on its first game.
    let r = db.apply(vec![finish("g", "level:master")]);
    assert!(r[0].is_ok(), "{r:?}");
    assert_eq!(db.load("g").unwrap().unwrap().status, "resigned");
    let board = db.leaderboard(10).unwrap();
    assert_eq!(board.len(), 2);
    assert_eq!((board[0].name.as_str(), board[0].wins), ("alpha", 1));
    assert!(board[0].rating.rating > 1500.0 && board[0].rating.deviation < 350.0);
    assert_eq!(
        (board[1].name.as_str(), board[1].losses),
        ("level:master", 1)
    );
    let master = level_rating("level:master").unwrap();
    assert_eq!(board[1].rating, master, "a level's rating never moves");
    // The bot is rated as against a player of the level's fixed rating.
    assert_eq!(
        board[0].rating,
        Glicko::default().after_period(&[(master, 1.0)])
    );
}

fn moves_keep_their_comments(mut db: Db) {
    let mut m = mv("g", 1, "3");
    if let Write::Move { comment, .. } = &mut m {
        *comment = Some("I like 3".into());
    }
    db.apply(vec![Write::Create(Box::new(row("g"))), m, mv("g", 2, "1")]);
    let g = db.load("g").unwrap().unwrap();
    assert_eq!(g.comments, [Some("I like 3".to_string()), None]);
}

#[test]
fn version_4_databases_keep_their_games_and_get_bots() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.db");
    {
        let mut db = Db::open(&path).unwrap();
        db.apply(vec![Write::Create(Box::new(row("old"))), mv("old", 1, "3")]);
        drop(db);
        // Take it back to version 4, as an older kalah left it.
        let conn = Connection::open(&path).unwrap();
        conn.execute_batch(
            "DROP INDEX games_south_rated_id; DROP INDEX games_north_rated_id;
             DROP INDEX games_kgp_south_name; DROP INDEX games_kgp_north_name;
             ALTER TABLE games DROP COLUMN south_rated_id;
             ALTER TABLE games DROP COLUMN north_rated_id;
             DROP TABLE presence; DROP TABLE seat_left; DROP TABLE watch_games;
             DROP TABLE bots_online; DROP TABLE bot_challenges;
             DROP TABLE lobby_offers; DROP TABLE lobby_sockets;
             DROP TABLE jobs; DROP TABLE instances;
             DROP TABLE rating_history; DROP TABLE player_ratings;
             DROP INDEX games_running_clocks; ALTER TABLE games DROP COLUMN time_control;
             ALTER TABLE games DROP COLUMN rated; ALTER TABLE games DROP COLUMN clock;
             ALTER TABLE games DROP COLUMN clock_at; ALTER TABLE games DROP COLUMN ended_by;
             ALTER TABLE games DROP COLUMN ended_draw;
             DROP TABLE sessions; DROP TABLE players; DROP INDEX games_south_player;
             DROP INDEX games_north_player; ALTER TABLE games DROP COLUMN south_player;
             ALTER TABLE games DROP COLUMN north_player;
             DROP TABLE bots; ALTER TABLE moves DROP COLUMN comment;
             DROP TABLE budget_spends; DROP TABLE hidden_positions;
             DROP TABLE puzzle_attempts; DROP TABLE puzzle_ratings; PRAGMA user_version = 4;",
        )
        .unwrap();
    }
    let mut db = Db::open(&path).unwrap();
    assert_eq!(db.schema_version().unwrap(), migrations::VERSION);
    let g = db.load("old").unwrap().unwrap();
    assert_eq!((g.moves, g.comments), (vec!["3".to_string()], vec![]));
    assert!(db.check().unwrap().is_empty());
    db.register_bot(&bot("h1", "alpha"), 1).unwrap();
}

fn guest(id: &str) -> (PlayerRow, SessionRow) {
    let p = PlayerRow {
        id: id.into(),
        name: format!("Guest {id}"),
        password: None,
        created_at: 1,
    };
    (p, session(id, &format!("s-{id}"), 1))
}

fn session(player: &str, id: &str, seen: i64) -> SessionRow {
    SessionRow {
        id: id.into(),
        token_hash: format!("hash-{id}"),
        player_id: player.into(),
        agent: None,
        created_at: seen,
        seen_at: seen,
    }
}

fn a_guest_signs_up_in_place_and_names_are_unique(mut db: Db) {
    let (p, s) = guest("g1");
    db.create_guest(&p, &s).unwrap();
    let mut g = row("a");
    g.south_name = Some(p.name.clone());
    db.apply(vec![Write::Create(Box::new(g))]);
    db.set_seat_player("a", "south", "g1").unwrap();
    let account = PlayerRow {
        id: "ignored".into(),
        name: "Alice".into(),
        password: Some("$argon2id$x".into()),
        created_at: 2,
    };
    let s2 = session("g1", "s2", 2);
    assert_eq!(
        db.sign_up(Some("g1"), &account, "alice", &s2).unwrap(),
        SignUp::Done
    );
    // Same id: the game is the account's, under the account's name.
    assert_eq!(
        db.load("a").unwrap().unwrap().south_name.as_deref(),
        Some("Alice")
    );
    assert_eq!(db.account_by_name("alice").unwrap().unwrap().id, "g1");
    // The guest's old session is gone; the new one works.
    assert!(db.session("hash-s-g1", 0, 3, 0).unwrap().is_none());
    assert!(db.session("hash-s2", 0, 3, 0).unwrap().is_some());
    // The name is taken in any case; an account is not a guest any more.
    let other = PlayerRow {
        id: "p2".into(),
        ..account.clone()
    };
    assert_eq!(
        db.sign_up(None, &other, "alice", &session("p2", "s3", 3))
            .unwrap(),
        SignUp::NameTaken
    );
    assert_eq!(
        db.sign_up(Some("g1"), &account, "bob", &session("g1", "s4", 3))
            .unwrap(),
        SignUp::NotAGuest
    );
}

fn deleting_a_player_keeps_their_games_anonymised(mut db: Db) {
    let (p, s) = guest("g1");
    db.create_guest(&p, &s).unwrap();
    let mut g = row("a");
    g.north_name = Some(p.name.clone());
    db.apply(vec![Write::Create(Box::new(g))]);
    db.set_seat_player("a", "north", "g1").unwrap();
    assert_eq!(
        db.player_games("g1").unwrap(),
        [("a".to_string(), "north".to_string())]
    );
    db.delete_player("g1").unwrap();
    assert!(db.player_games("g1").unwrap().is_empty());
    let g = db.load("a").unwrap().unwrap();
    assert_eq!(g.north_name.as_deref(), Some(DELETED_NAME));
    assert_eq!(db.seat_players("a").unwrap(), (None, None));
    assert_eq!(db.player_counts().unwrap(), (0, 0));
}

fn idle_sessions_and_forgotten_guests_are_purged(mut db: Db) {
    for id in ["old", "new", "player"] {
        let (p, mut s) = guest(id);
        s.seen_at = if id == "new" { 100 } else { 10 };
        db.create_guest(&p, &s).unwrap();
    }
    db.apply(vec![Write::Create(Box::new(row("a")))]);
    db.set_seat_player("a", "south", "player").unwrap();
    // Seen before 50: two sessions go; the guest with a game stays.
    assert_eq!(db.purge_sessions(50).unwrap(), (2, 1));
    assert_eq!(db.player_counts().unwrap(), (2, 1));
    assert!(db.session("hash-s-old", 0, 200, 0).unwrap().is_none());
    // An expired session is not found even before it is purged.
    assert!(db.session("hash-s-new", 101, 200, 0).unwrap().is_none());
}

fn revoking_sessions_and_changing_the_password(mut db: Db) {
    let account = PlayerRow {
        id: "p".into(),
        name: "Bob".into(),
        password: Some("old".into()),
        created_at: 1,
    };
    db.sign_up(None, &account, "bob", &session("p", "s1", 1))
        .unwrap();
    for id in ["s2", "s3", "s4"] {
        db.add_session(&session("p", id, 2)).unwrap();
    }
    assert!(db.revoke_session("p", "s2").unwrap());
    assert!(!db.revoke_session("someone-else", "s3").unwrap());
    assert_eq!(db.sessions_of("p").unwrap().len(), 3);
    db.set_password("p", "new", "s1").unwrap();
    let left = db.sessions_of("p").unwrap();
    assert_eq!(left.len(), 1);
    assert_eq!(left[0].id, "s1");
    assert_eq!(
        db.player("p").unwrap().unwrap().password.as_deref(),
        Some("new")
    );
    // The last-seen time moves only when it is old enough.
    db.session("hash-s1", 0, 500, 0).unwrap();
    assert_eq!(db.sessions_of("p").unwrap()[0].seen_at, 1);
    db.session("hash-s1", 0, 500, 100).unwrap();
    assert_eq!(db.sessions_of("p").unwrap()[0].seen_at, 500);
}

#[test]
fn version_4_databases_keep_their_games_and_get_players() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.db");
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        for sql in [
            migrations::FIRST,
            migrations::SECOND,
            migrations::THIRD,
            migrations::FOURTH,
        ] {
            conn.execute_batch(sql).unwrap();
        }
        conn.pragma_update(None, "user_version", 4).unwrap();
        conn.execute(
            "INSERT INTO games (id, rules, start, opponent, south_token, north_token, status,
                created_at, updated_at, plies, south_name)
             VALUES ('old', 'houses=6 seeds=4', '<6,0,0,4,4,4,4,4,4,4,4,4,4,4,4> S', 'kgp',
                'aa', 'bb', 'playing', 1, 1, 1, 'bot')",
            [],
        )
        .unwrap();
        conn.execute(
            "INSERT INTO moves (game_id, ply, mv, at) VALUES ('old', 1, '3', 1)",
            [],
        )
        .unwrap();
    }
    let mut db = Db::open(&path).unwrap();
    assert_eq!(db.schema_version().unwrap(), migrations::VERSION);
    let g = db.load("old").unwrap().unwrap();
    assert_eq!(g.moves, ["3"]);
    assert_eq!(g.south_name.as_deref(), Some("bot"));
    let (p, s) = guest("g");
    db.create_guest(&p, &s).unwrap();
    assert_eq!(db.player_counts().unwrap(), (1, 1));
}

fn a_player_keeps_only_the_most_recent_sessions(mut db: Db) {
    let (p, s) = guest("g");
    db.create_guest(&p, &s).unwrap();
    for i in 0..SESSIONS_PER_PLAYER + 5 {
        db.add_session(&session("g", &format!("n{i}"), 10 + i as i64))
            .unwrap();
    }
    let left = db.sessions_of("g").unwrap();
    assert_eq!(left.len(), SESSIONS_PER_PLAYER);
    assert_eq!(
        left[0].id,
        format!("n{}", SESSIONS_PER_PLAYER + 4),
        "the newest stays"
    );
    assert!(
        left.iter().all(|s| s.id != "s-g" && s.id != "n0"),
        "the oldest went"
    );
}

fn a_clock_is_stored_with_its_move_and_running_clocks_are_listed(mut db: Db) {
    let mut g = row("t");
    g.time_control = Some("3+2".into());
    g.rated = true;
    g.clock = Some("c0".into());
    g.clock_at = Some(5);
    let mut plain = row("u");
    plain.clock = None;
    let r = db.apply(vec![
        Write::Create(Box::new(g)),
        Write::Create(Box::new(plain)),
        Write::Clocked {
            last: Box::new(mv("t", 1, "3")),
            game: "t".into(),
            clock: "c1".into(),
            at: 9,
        },
    ]);
    assert!(r.iter().all(Result::is_ok), "{r:?}");
    let t = db.load("t").unwrap().unwrap();
    assert_eq!((t.clock.as_deref(), t.clock_at), (Some("c1"), Some(9)));
    assert!(t.rated);
    assert_eq!(t.moves, ["3"]);
    let running = db.running_clocks().unwrap();
    assert_eq!(running.len(), 1);
    assert_eq!((running[0].id.as_str(), running[0].clock_at), ("t", 9));
    // A clocked move whose move fails stores no clock either.
    let r = db.apply(vec![Write::Clocked {
        last: Box::new(mv("t", 1, "4")),
        game: "t".into(),
        clock: "c2".into(),
        at: 10,
    }]);
    assert!(r[0].is_err());
    assert_eq!(db.load("t").unwrap().unwrap().clock.as_deref(), Some("c1"));
    // An ending off the board is stored once, only while the game is played.
    let end = |status: &str| Write::End {
        game: "t".into(),
        status: status.into(),
        by: "north".into(),
        draw: true,
        at: 11,
    };
    assert!(db.apply(vec![end("timeout")])[0].is_ok());
    assert!(db.apply(vec![end("aborted")])[0].is_err());
    let t = db.load("t").unwrap().unwrap();
    assert_eq!(t.status, "timeout");
    assert_eq!((t.ended_by.as_deref(), t.ended_draw), (Some("north"), true));
    assert!(db.running_clocks().unwrap().is_empty());
}

fn account(db: &mut Db, id: &str, name: &str) {
    let p = PlayerRow {
        id: id.into(),
        name: name.into(),
        password: Some("$argon2id$x".into()),
        created_at: 1,
    };
    let s = session(id, &format!("s-{id}"), 1);
    assert_eq!(
        db.sign_up(None, &p, &name.to_lowercase(), &s).unwrap(),
        SignUp::Done
    );
}

/// A game `id` between `south` and `north` (player ids), rated or not, ended by north's
/// resignation as one write with its rating update.
fn play_out(db: &mut Db, id: &str, south: &str, north: &str, rated: bool) -> Result<()> {
    db.apply(vec![Write::Create(Box::new(row(id)))]);
    db.set_seat_player(id, "south", south).unwrap();
    db.set_seat_player(id, "north", north).unwrap();
    db.set_game_rated(id, rated).unwrap();
    let finish = Write::FinishPlayers {
        last: Box::new(Write::Resign {
            game: id.into(),
            side: "north".into(),
            at: 7,
        }),
        rated: PlayersGame {
            game: id.into(),
            pool: "kalah-6-4/correspondence".into(),
            score_south: 1.0,
            at: 7,
        },
    };
    db.apply(vec![finish]).pop().unwrap()
}

fn a_rated_game_between_accounts_moves_both_ratings_in_its_last_write(mut db: Db) {
    account(&mut db, "a", "Alice");
    account(&mut db, "b", "Bob");
    play_out(&mut db, "g1", "a", "b", true).unwrap();
    assert_eq!(db.load("g1").unwrap().unwrap().status, "resigned");
    let alice = db.player_ratings("a").unwrap();
    let bob = db.player_ratings("b").unwrap();
    assert_eq!(alice.len(), 1);
    assert_eq!(
        (alice[0].pool.as_str(), alice[0].wins),
        ("kalah-6-4/correspondence", 1)
    );
    assert_eq!(bob[0].losses, 1);
    // Two new players: +-162.3, deviation 290.3 (Glicko-2 from 1500/350/0.06).
    let expected = Glicko::default().after_period(&[(Glicko::default(), 1.0)]);
    assert!((alice[0].rating.rating - expected.rating).abs() < 1e-9);
    assert!((bob[0].rating.rating - (3000.0 - expected.rating)).abs() < 1e-6);
    let changes = db.game_rating_changes("g1").unwrap();
    assert_eq!(changes.len(), 2);
    assert_eq!(changes[0].seat, "south");
    assert_eq!(changes[0].before, Glicko::default());
    assert_eq!(changes[0].after, alice[0].rating);
    let history = db
        .rating_history("b", "kalah-6-4/correspondence", 10)
        .unwrap();
    assert_eq!(history.len(), 1);
    assert_eq!(history[0].after, bob[0].rating);
    // Provisional players stay off the leaderboard.
    assert!(db
        .pool_leaderboard("kalah-6-4/correspondence", 100)
        .unwrap()
        .is_empty());
}

fn casual_games_guests_and_self_play_are_not_rated(mut db: Db) {
    account(&mut db, "a", "Alice");
    account(&mut db, "b", "Bob");
    let (p, s) = guest("gst");
    db.create_guest(&p, &s).unwrap();
    play_out(&mut db, "casual", "a", "b", false).unwrap();
    play_out(&mut db, "guest", "a", "gst", true).unwrap();
    play_out(&mut db, "self", "a", "a", true).unwrap();
    for id in ["casual", "guest", "self"] {
        assert_eq!(db.load(id).unwrap().unwrap().status, "resigned");
        assert!(db.game_rating_changes(id).unwrap().is_empty(), "{id}");
    }
    assert!(db.player_ratings("a").unwrap().is_empty());
    assert!(db.player_ratings("gst").unwrap().is_empty());
}

fn the_leaderboard_lists_settled_accounts_and_forgets_deleted_ones(mut db: Db) {
    account(&mut db, "a", "Alice");
    account(&mut db, "b", "Bob");
    // They take turns winning (south wins each game), so their deviations settle.
    let mut games = 0;
    while db
        .player_ratings("a")
        .unwrap()
        .first()
        .is_none_or(|r| r.rating.is_provisional())
    {
        let (s, n) = if games % 2 == 0 {
            ("a", "b")
        } else {
            ("b", "a")
        };
        play_out(&mut db, &format!("g{games}"), s, n, true).unwrap();
        games += 1;
        assert!(games < 100, "still provisional after {games} games");
    }
    let pool = "kalah-6-4/correspondence";
    let board = db.pool_leaderboard(pool, 100).unwrap();
    let names: Vec<&str> = board.iter().map(|r| r.name.as_str()).collect();
    eprintln!("settled after {games} games");
    assert_eq!(names.len(), 2);
    assert!(!board[0].rating.rating.is_provisional());
    assert_eq!(db.rating_history("a", pool, 5).unwrap().len(), 5);
    assert_eq!(db.recent_games("a", 3).unwrap().len(), 3);
    db.delete_player("b").unwrap();
    let board = db.pool_leaderboard(pool, 100).unwrap();
    assert_eq!(board.len(), 1);
    assert_eq!(board[0].name, "Alice");
    assert!(db.player_ratings("b").unwrap().is_empty());
    assert!(db.rating_history("b", pool, 100).unwrap().is_empty());
    // Alice's history stays; the games are still there.
    assert_eq!(db.rating_history("a", pool, 100).unwrap().len(), games);
    assert!(db.load("g0").unwrap().is_some());
}

#[test]
fn version_6_databases_keep_their_games_and_get_ratings() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.db");
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        for sql in [
            migrations::FIRST,
            migrations::SECOND,
            migrations::THIRD,
            migrations::FOURTH,
            migrations::FIFTH,
            migrations::SIXTH,
        ] {
            conn.execute_batch(sql).unwrap();
        }
        conn.pragma_update(None, "user_version", 6).unwrap();
        conn.execute(
            "INSERT INTO games (id, rules, start, opponent, south_token, north_token, status,
                created_at, updated_at, plies, south_name)
             VALUES ('old', 'houses=6 seeds=4', '<6,0,0,4,4,4,4,4,4,4,4,4,4,4,4> S', 'friend',
                'aa', 'bb', 'playing', 1, 1, 1, 'Alice')",
            [],
        )
        .unwrap();
        conn.execute(
            "INSERT INTO moves (game_id, ply, mv, at) VALUES ('old', 1, '3', 1)",
            [],
        )
        .unwrap();
    }
    let mut db = Db::open(&path).unwrap();
    assert_eq!(db.schema_version().unwrap(), migrations::VERSION);
    let g = db.load("old").unwrap().unwrap();
    assert_eq!(g.moves, ["3"]);
    assert_eq!(g.south_name.as_deref(), Some("Alice"));
    // Old games are casual.
    account(&mut db, "a", "Alice");
    account(&mut db, "b", "Bob");
    db.set_seat_player("old", "south", "a").unwrap();
    db.set_seat_player("old", "north", "b").unwrap();
    assert!(!db.recent_games("a", 10).unwrap()[0].rated);
}

/// A fresh database of the test program's PostgreSQL cluster; None when PostgreSQL tests
/// are skipped (`KALAH_SKIP_POSTGRES=1` on a machine without it).
pub(crate) fn pg_db() -> Option<Db> {
    pg_url().map(|url| Db::open_postgres(&url).unwrap())
}

/// A fresh PostgreSQL database's URL, or None when such tests are skipped here (never
/// under CI: `kalah_pgtest::available`).
pub(crate) fn pg_url() -> Option<String> {
    kalah_pgtest::available().then(|| kalah_pgtest::shared().database())
}

/// Runs each named test on a SQLite database in memory and on a PostgreSQL database.
macro_rules! on_both_backends {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $(#[test]
            fn $name() {
                super::$name(super::Db::open_in_memory().unwrap())
            })*
        }
        mod postgres {
            $(#[test]
            fn $name() {
                if let Some(db) = super::pg_db() {
                    super::$name(db)
                }
            })*
        }
    };
}

on_both_backends!(
    creates_and_loads_a_game_with_moves,
    player_names_are_stored,
    kgp_rating_ids_are_stored,
    a_failing_write_leaves_the_others_in_the_batch,
    resign_rematch_and_joined,
    a_rematch_is_created_with_its_link_or_not_at_all,
    live_friend_positions_are_found_after_the_first_move,
    bots_register_rename_and_keep_their_names_apart,
    a_finished_game_and_its_rating_update_are_one_write,
    moves_keep_their_comments,
    a_guest_signs_up_in_place_and_names_are_unique,
    deleting_a_player_keeps_their_games_anonymised,
    idle_sessions_and_forgotten_guests_are_purged,
    revoking_sessions_and_changing_the_password,
    a_player_keeps_only_the_most_recent_sessions,
    a_clock_is_stored_with_its_move_and_running_clocks_are_listed,
    a_rated_game_between_accounts_moves_both_ratings_in_its_last_write,
    casual_games_guests_and_self_play_are_not_rated,
    the_leaderboard_lists_settled_accounts_and_forgets_deleted_ones,
    an_accounts_first_try_at_a_puzzle_is_rated_and_kept_until_it_is_deleted,
);

fn an_accounts_first_try_at_a_puzzle_is_rated_and_kept_until_it_is_deleted(mut db: Db) {
    account(&mut db, "a", "Alice");
    assert_eq!(db.puzzle_rating("a").unwrap(), None);
    let plus = |by: f64| {
        move |g: Glicko| Glicko {
            rating: g.rating + by,
            deviation: g.deviation - 10.0,
            ..g
        }
    };
    // The first try starts from a new player's rating.
    let t = db
        .record_puzzle_try("a", "p1", 1400, true, 10, plus(50.0))
        .unwrap();
    assert_eq!(
        t,
        PuzzleTry::Rated {
            before: Glicko::default(),
            after: Glicko {
                rating: 1550.0,
                deviation: 340.0,
                volatility: 0.06
            }
        }
    );
    let t = db
        .record_puzzle_try("a", "p2", 1600, false, 20, plus(-30.0))
        .unwrap();
    assert!(matches!(t, PuzzleTry::Rated { before, after }
        if before.rating == 1550.0 && after.rating == 1520.0));
    // A second try at p1 changes nothing and answers the first.
    let t = db
        .record_puzzle_try("a", "p1", 1400, false, 30, plus(-500.0))
        .unwrap();
    let PuzzleTry::Repeat(first) = t else {
        panic!("{t:?}")
    };
    assert_eq!((first.at, first.solved, first.after), (10, true, 1550.0));
    let r = db.puzzle_rating("a").unwrap().unwrap();
    assert_eq!((r.rating.rating, r.solved, r.failed), (1520.0, 1, 1));
    // Newest first, a page at a time.
    let all = db.puzzle_attempts("a", 0, 10).unwrap();
    let ids: Vec<&str> = all.iter().map(|x| x.puzzle.as_str()).collect();
    assert_eq!(ids, ["p2", "p1"]);
    assert_eq!(
        all[0],
        PuzzleAttempt {
            puzzle: "p2".into(),
            at: 20,
            solved: false,
            puzzle_rating: 1600,
            before: 1550.0,
            after: 1520.0,
        }
    );
    assert_eq!(db.puzzle_attempts("a", 1, 10).unwrap()[0].puzzle, "p1");
    assert_eq!(db.puzzle_attempts("a", 0, 1).unwrap().len(), 1);
    assert!(db.puzzle_attempts("b", 0, 10).unwrap().is_empty());
    // The ids tried, for choosing the next puzzle (a repeat is one row).
    let mut tried = db.puzzles_tried("a").unwrap();
    tried.sort();
    assert_eq!(tried, ["p1", "p2"]);
    assert!(db.puzzles_tried("b").unwrap().is_empty());
    // Gone with the account.
    db.delete_player("a").unwrap();
    assert_eq!(db.puzzle_rating("a").unwrap(), None);
    assert!(db.puzzle_attempts("a", 0, 10).unwrap().is_empty());
}

#[test]
fn every_table_is_copied_by_migrate_to() {
    let db = Db::open_in_memory().unwrap();
    let Conn::Sqlite(c) = &db.conn else {
        unreachable!()
    };
    let mut stmt = c
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .unwrap();
    let mut tables: Vec<String> = stmt
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<rusqlite::Result<_>>()
        .unwrap();
    // SQLite's own (the counter of AUTOINCREMENT ids).
    tables.retain(|t| !t.starts_with("sqlite_"));
    tables.sort();
    let mut known: Vec<String> = copy::TABLES
        .iter()
        .chain(copy::NOT_COPIED)
        .map(|t| t.to_string())
        .collect();
    known.sort();
    assert_eq!(tables, known, "a table is missing from copy::TABLES");
}

/// A SQLite file with a bit of everything: games with moves and comments, an account with
/// a session and ratings, a guest, bots.
fn everything(db: &mut Db) {
    for id in ["alice", "bob"] {
        account(db, id, id);
    }
    play_out(db, "r1", "alice", "bob", true).unwrap();
    let mut g = row("c");
    g.moves = vec!["3".into()];
    g.comments = vec![Some("hi \u{1F600}".into())];
    g.clock = Some("{\"south\":1000}".into());
    g.clock_at = Some(77);
    g.time_control = Some("3+2".into());
    // Rated as the bot and the level below.
    g.south_rated_id = Some("tok".into());
    g.north_rated_id = Some("level:3".into());
    assert!(db.apply(vec![Write::Create(Box::new(g))])[0].is_ok());
    // A position the game hides from analysis while it is played, and a log-in spent.
    db.apply(vec![Write::Hidden {
        last: Box::new(Write::Joined {
            game: "c".into(),
            seat: "south".into(),
            clock_at: None,
        }),
        game: "c".into(),
        passed: "<4,4,4,4,4,0,5,5,5,5,5,1,4,4> N".into(),
        reachable: vec!["<4,4,4,4,4,0,5,5,5,5,5,1,4,4> S".into()],
    }])
    .into_iter()
    .collect::<Result<Vec<()>>>()
    .unwrap();
    let spend = crate::budgets::Spend {
        bucket: "login:alice".into(),
        most: 10,
        window_ms: 60_000,
    };
    assert_eq!(db.spend_budgets(&[spend], 10).unwrap(), None);
    let (p, s) = guest("gst");
    db.create_guest(&p, &s).unwrap();
    // A puzzle tried by an account: its rating and the try.
    db.record_puzzle_try("alice", "0ys2a5n", 1470, true, 12, |g| Glicko {
        rating: g.rating + 100.0,
        ..g
    })
    .unwrap();
    db.register_bot(&bot("tok", "botty"), 3).unwrap();
    db.apply(vec![Write::Finish {
        last: Box::new(Write::Resign {
            game: "c".into(),
            side: "north".into(),
            at: 11,
        }),
        rated: RatedGame {
            a: "tok".into(),
            b: "level:3".into(),
            score_a: 1.0,
            at: 11,
        },
    }])
    .into_iter()
    .collect::<Result<Vec<()>>>()
    .unwrap();
    // A server that ran, and the pending deadline of the game on a clock.
    db.register_instance("i1", 5, 0).unwrap();
    let job = Job {
        game: "c".into(),
        kind: JobKind::Clock,
        ply: 1,
        due_at: 100,
        lease: Some(Lease {
            by: "i1".into(),
            until: 200,
        }),
    };
    let leases = LeaseTimes {
        computer: 200,
        clock: 200,
        silent: 1_000,
    };
    assert!(db.lease_job(&job, "i1", 0, leases).unwrap().is_some());
}

#[test]
fn a_sqlite_database_is_copied_into_postgres_whole() {
    let Some(mut target) = pg_db() else { return };
    let dir = tempfile::tempdir().unwrap();
    let mut src = Db::open(&dir.path().join("games.db")).unwrap();
    everything(&mut src);
    let mut said = Vec::new();
    let report = src
        .copy_into(&mut target, false, |s| said.push(s.to_string()), |_| Ok(()))
        .unwrap();
    assert!(report.is_sound(), "{report:?}");
    assert_eq!(report.games, 2);
    assert!(report.tables.iter().all(|t| t.source > 0), "{report:?}");
    assert!(said.iter().any(|s| s == "copied games: 2 rows"), "{said:?}");
    assert_eq!(
        target.player_ratings("alice").unwrap(),
        src.player_ratings("alice").unwrap()
    );
    assert_eq!(target.leaderboard(5).unwrap(), src.leaderboard(5).unwrap());
    assert_eq!(target.jobs_of("c").unwrap(), src.jobs_of("c").unwrap());
    assert_eq!(src.jobs_of("c").unwrap().len(), 1);
    let c = target.load("c").unwrap().unwrap();
    assert_eq!(
        (c.south_rated_id.as_deref(), c.north_rated_id.as_deref()),
        (Some("tok"), Some("level:3"))
    );
    // A second copy is refused, unless told to replace; a game the checker refuses is told.
    let err = src
        .copy_into(&mut target, false, |_| {}, |_| Ok(()))
        .err()
        .unwrap();
    assert!(err.to_string().contains("--replace"), "{err}");
    let report = src
        .copy_into(
            &mut target,
            true,
            |_| {},
            |g| {
                if g.id == "c" {
                    Err("no".into())
                } else {
                    Ok(())
                }
            },
        )
        .unwrap();
    assert_eq!(report.problems, ["game c: no"]);
    assert!(report.tables.iter().all(|t| t.source == t.target));
}

/// Ends every connection of `db`'s database from another session, as a restart would.
fn cut(db: &Db) {
    let Conn::Postgres(pg) = &db.conn else {
        unreachable!()
    };
    let url = kalah_pgtest::shared().url("postgres");
    let dbname = pg.target().rsplit('/').next().unwrap().to_string();
    std::thread::spawn(move || {
        let mut c = ::postgres::Client::connect(&url, ::postgres::NoTls).unwrap();
        c.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1",
            &[&dbname],
        )
        .unwrap();
    })
    .join()
    .unwrap();
}

#[test]
fn postgres_carries_on_after_its_connection_is_cut() {
    let Some(mut db) = pg_db() else { return };
    assert!(db.apply(vec![Write::Create(Box::new(row("a")))])[0].is_ok());
    // A batch starts with BEGIN, safe to send again: it goes on a new connection.
    cut(&db);
    assert!(db.apply(vec![mv("a", 1, "3")])[0].is_ok());
    // So does a read.
    cut(&db);
    assert_eq!(db.load("a").unwrap().unwrap().moves, ["3"]);
    // Inside a transaction nothing is sent again: the statement fails, saying so.
    db.conn.batch("BEGIN").unwrap();
    cut(&db);
    let err = db
        .conn
        .execute("UPDATE games SET updated_at = 5 WHERE id = ?1", args!["a"])
        .expect_err("the connection was cut");
    assert!(err.is_unavailable(), "{err}");
    assert!(err.to_string().contains("opened again"), "{err}");
    let _ = db.conn.batch("ROLLBACK");
    // The next request reconnects; the move was stored once.
    assert!(db.apply(vec![mv("a", 2, "4")])[0].is_ok());
    assert_eq!(db.load("a").unwrap().unwrap().moves, ["3", "4"]);
}

#[test]
fn an_unreachable_postgres_is_told_clearly() {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let err = Db::open_postgres(&format!("postgres://kalah:secret@127.0.0.1:{port}/kalah"))
        .err()
        .unwrap();
    let msg = err.to_string();
    assert!(err.is_unavailable(), "{msg}");
    assert!(
        msg.contains(&format!("kalah@127.0.0.1:{port}/kalah")),
        "{msg}"
    );
    assert!(
        msg.contains("check that it is running") && !msg.contains("secret"),
        "{msg}"
    );
}

#[test]
fn a_kept_statement_is_not_compiled_again_when_its_limit_changes() {
    let db = Db::open_in_memory().unwrap();
    let c = db.sqlite();
    let sql = "SELECT id FROM sessions WHERE player_id = ?1 ORDER BY seen_at DESC LIMIT ?2";
    for limit in 1..=3 {
        c.prepare_cached(sql)
            .unwrap()
            .query_map(rusqlite::params!["p", limit], |r| r.get::<_, String>(0))
            .unwrap()
            .for_each(drop);
    }
    let again = c
        .prepare_cached(sql)
        .unwrap()
        .get_status(rusqlite::StatementStatus::RePrepare);
    assert_eq!(again, 0, "compiled again {again} times");
}
