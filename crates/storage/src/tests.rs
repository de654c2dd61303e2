use super::*;

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
    }
}

#[test]
fn creates_and_loads_a_game_with_moves() {
    let mut db = Db::open_in_memory().unwrap();
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
    assert!(db.load("b").unwrap().is_none());
}

#[test]
fn a_failing_write_leaves_the_others_in_the_batch() {
    let mut db = Db::open_in_memory().unwrap();
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

#[test]
fn resign_rematch_and_joined() {
    let mut db = Db::open_in_memory().unwrap();
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
        db.conn.pragma_update(None, "user_version", 99).unwrap();
    }
    assert!(matches!(
        Db::open(&path),
        Err(Error::TooNew { found: 99, .. })
    ));
}
