//! The shared lobby on both backends: offers taken once (also by an acceptance), orphans
//! swept once, a dead instance's lobby removed once, pool places never paired by two.

use super::lobby::{LobbyPlayer, Offer, OfferKind};
use super::*;
use crate::tests::pg_db;

fn who(id: &str) -> LobbyPlayer {
    LobbyPlayer {
        id: id.into(),
        name: id.to_uppercase(),
        account: true,
    }
}

fn offer(kind: OfferKind, instance: &str, conn: i64, player: &str) -> Offer {
    Offer {
        id: 0,
        kind,
        instance: instance.into(),
        conn,
        player: who(player),
        to: None,
        rules: "kalah-6-4".into(),
        time_control: "3+2".into(),
        rated: false,
        rating: Some(1500.0),
        at: 0,
    }
}

fn add(db: &mut Db, o: &Offer) -> i64 {
    db.lobby(|l| l.add(o)).unwrap()
}

fn socket(db: &mut Db, instance: &str, conn: i64, player: &str) {
    db.lobby(|l| l.add_socket(instance, conn, &who(player)))
        .unwrap();
}

fn new_game(id: &str) -> Write {
    Write::Create(Box::new(GameRow::new(
        id,
        "houses=6 seeds=4",
        "<6,0,0,4,4,4,4,4,4,4,4,4,4,4,4> S",
        "friend",
        5,
    )))
}

/// Two acceptances of one seek, each taking the acceptor's pool place, then the seek, and
/// storing its game in one lobby transaction: the first starts its game, the second is
/// refused and undone (its game not stored, its acceptor's pool place kept).
fn a_seek_starts_one_game(mut db: Db) {
    socket(&mut db, "i", 1, "ann");
    socket(&mut db, "i", 2, "bob");
    let seek = add(&mut db, &offer(OfferKind::Seek, "i", 1, "ann"));
    add(&mut db, &offer(OfferKind::Pool, "i", 2, "bob"));
    let accept = |g: &'static str, by: &'static str| -> Item {
        Item::LobbyGames(Box::new(move |l| {
            l.take_of(OfferKind::Pool, by)?;
            l.take_accepted(seek)?;
            l.store(&new_game(g))
        }))
    };
    let r = db.apply_items(vec![accept("g1", "cat"), accept("g2", "bob")]);
    assert!(r[0].is_ok(), "{:?}", r[0]);
    assert!(matches!(r[1], Err(Error::OfferGone(id)) if id == seek));
    assert!(db.load("g1").unwrap().is_some());
    assert!(
        db.load("g2").unwrap().is_none(),
        "the refused game is not stored"
    );
    assert_eq!(db.lobby(|l| l.take(seek)).unwrap(), None);
    assert_eq!(db.lobby(|l| l.of(OfferKind::Pool, "bob")).unwrap().len(), 1);
}

fn offers_go_with_their_socket_or_player(mut db: Db) {
    socket(&mut db, "i", 1, "ann");
    socket(&mut db, "i", 2, "ann");
    socket(&mut db, "i", 3, "bob");
    let seek = add(&mut db, &offer(OfferKind::Seek, "i", 1, "ann"));
    add(&mut db, &offer(OfferKind::Pool, "i", 1, "ann"));
    let mut ch = offer(OfferKind::Challenge, "i", 3, "bob");
    ch.to = Some(("ann".into(), "ANN".into()));
    let ch = add(&mut db, &ch);
    assert_eq!(
        db.lobby(|l| l.online_by_name(" Ann ")).unwrap(),
        Some(who("ann"))
    );
    // Ann's first tab closes: her pool place goes (it was that tab's), her seek stays.
    let o = db
        .lobby(|l| {
            l.remove_socket("i", 1)?;
            l.take_orphans(Some("ann"))
        })
        .unwrap();
    assert_eq!(o.left.len(), 1);
    assert_eq!(o.left[0].kind, OfferKind::Pool);
    assert!(o.withdrawn.is_empty() && o.declined.is_empty());
    // Her last tab: her seek goes, and the challenge to her is declined.
    let o = db
        .lobby(|l| {
            l.remove_socket("i", 2)?;
            l.take_orphans(Some("ann"))
        })
        .unwrap();
    assert_eq!(o.left.iter().map(|s| s.id).collect::<Vec<_>>(), [seek]);
    assert_eq!(o.declined.iter().map(|c| c.id).collect::<Vec<_>>(), [ch]);
    assert!(db.lobby(|l| l.online_by_name("ann")).unwrap().is_none());
    let o = db.lobby(|l| l.take_orphans(None)).unwrap();
    assert!(o.left.is_empty() && o.withdrawn.is_empty() && o.declined.is_empty());
}

fn challenges_expire_once(mut db: Db) {
    socket(&mut db, "i", 1, "ann");
    socket(&mut db, "i", 2, "bob");
    let mut ch = offer(OfferKind::Challenge, "i", 1, "ann");
    ch.to = Some(("bob".into(), "BOB".into()));
    ch.at = 60_000;
    let id = add(&mut db, &ch);
    assert_eq!(db.lobby(|l| l.challenges_to("bob")).unwrap()[0].id, id);
    assert!(db.lobby(|l| l.take_expired(59_999)).unwrap().is_empty());
    assert_eq!(db.lobby(|l| l.take_expired(60_000)).unwrap()[0].id, id);
    assert!(db.lobby(|l| l.take_expired(60_000)).unwrap().is_empty());
}

/// A full list of challenges gives up a stranger's first: a guest's before an account's, the
/// newest first, never one from a player with a game against the challenged.
fn challenges_crowd_out_strangers_first(mut db: Db) {
    let challenge = |db: &mut Db, from: &str, account: bool| {
        let mut ch = offer(OfferKind::Challenge, "i", 1, from);
        ch.player.account = account;
        ch.to = Some(("tom".into(), "TOM".into()));
        add(db, &ch)
    };
    let mut game = GameRow::new(
        "g1",
        "houses=6 seeds=4",
        "<6,0,0,4,4,4,4,4,4,4,4,4,4,4,4> S",
        "lobby",
        5,
    );
    game.south_player = Some("pal".into());
    game.north_player = Some("tom".into());
    assert!(db.apply(vec![Write::Create(Box::new(game))])[0].is_ok());
    let pal = challenge(&mut db, "pal", false);
    let old_guest = challenge(&mut db, "gus", false);
    let account = challenge(&mut db, "ann", true);
    let new_guest = challenge(&mut db, "gil", false);
    let mut played = |a: &str, b: &str| db.lobby(|l| l.played_together(a, b)).unwrap();
    assert!(played("pal", "tom") && played("tom", "pal"));
    assert!(!played("gus", "tom") && !played("pal", "ann"));
    let mut order = Vec::new();
    while let Some((id, is_account)) = db.lobby(|l| l.challenge_to_crowd_out("tom")).unwrap() {
        order.push((id, is_account));
        db.lobby(|l| l.take(id)).unwrap();
    }
    assert_eq!(
        order,
        [(new_guest, false), (old_guest, false), (account, true)]
    );
    let left = db.lobby(|l| l.challenges_to("tom")).unwrap();
    assert_eq!(left.iter().map(|c| c.id).collect::<Vec<_>>(), [pal]);
}

/// A player arriving in a pool takes the waiting place with the closest rating within the
/// range, of the same pool and another player, the longest-waiting of equals; each once.
fn an_arrival_takes_the_closest_waiting_place(mut db: Db) {
    let place = |player: &str, rating: f64, at: i64, tc: &str| {
        let mut o = offer(OfferKind::Pool, "i", 1, player);
        o.rating = Some(rating);
        o.at = at;
        o.time_control = tc.into();
        o
    };
    let far = add(&mut db, &place("ann", 1390.0, 0, "3+2"));
    let other_pool = add(&mut db, &place("bob", 1500.0, 0, "5+3"));
    let late = add(&mut db, &place("cy", 1530.0, 20, "3+2"));
    let early = add(&mut db, &place("dan", 1470.0, 10, "3+2"));
    let me = place("eve", 1500.0, 30, "3+2");
    let take = |db: &mut Db| db.lobby(|l| l.take_partner(&me, 100.0)).unwrap();
    // dan and cy are both 30 away: dan waited longer.
    assert_eq!(take(&mut db).map(|o| o.id), Some(early));
    assert_eq!(take(&mut db).map(|o| o.id), Some(late));
    // ann is 110 away; bob is in another pool.
    assert_eq!(take(&mut db), None);
    let ann = place("ann", 1400.0, 40, "3+2");
    assert_eq!(
        db.lobby(|l| l.take_partner(&ann, 100.0)).unwrap(),
        None,
        "not paired with oneself"
    );
    let ids: Vec<i64> = db
        .lobby(|l| l.pool_to_pair())
        .unwrap()
        .iter()
        .map(|o| o.id)
        .collect();
    assert_eq!(ids, [far, other_pool]);
}

on_both_backends!(
    a_seek_starts_one_game,
    offers_go_with_their_socket_or_player,
    challenges_expire_once,
    challenges_crowd_out_strangers_first,
    an_arrival_takes_the_closest_waiting_place,
    a_batch_of_pairings_commits_together,
    a_pairing_stores_its_game_in_its_own_transaction,
);

/// Instance `a` dies (its heartbeat stops at 0); `b` and `c` sweep at 20 s, one after the
/// other: `a`'s seek, pool place and challenge are removed by the first, and only once.
fn a_dead_instances_lobby_is_swept_once(open: impl Fn() -> Db) {
    let (mut b, mut c) = (open(), open());
    b.register_instance("a", 0, i64::MIN).unwrap();
    b.register_instance("b", 0, i64::MIN).unwrap();
    b.heartbeat("b", 20_000).unwrap();
    b.heartbeat("c", 20_000).unwrap();
    socket(&mut b, "a", 1, "ann");
    socket(&mut b, "b", 1, "bob");
    let seek = add(&mut b, &offer(OfferKind::Seek, "a", 1, "ann"));
    add(&mut b, &offer(OfferKind::Pool, "a", 1, "ann"));
    let mut ch = offer(OfferKind::Challenge, "a", 1, "ann");
    ch.to = Some(("bob".into(), "BOB".into()));
    add(&mut b, &ch);
    let kept = add(&mut b, &offer(OfferKind::Seek, "b", 1, "bob"));
    let sweep = |db: &mut Db, me: &str| {
        db.lobby(|l| {
            let gone = l.drop_dead_sockets(me, 20_000 - 8_000)?;
            l.take_orphans(None).map(|o| (gone, o))
        })
        .unwrap()
    };
    let (gone, o) = sweep(&mut b, "b");
    assert_eq!(gone, 1);
    assert_eq!(o.left.len(), 2, "a's seek and pool place");
    assert!(o.left.iter().any(|s| s.id == seek));
    assert_eq!(o.withdrawn.len(), 1);
    let (gone, o) = sweep(&mut c, "c");
    assert_eq!(gone, 0);
    assert!(o.left.is_empty() && o.withdrawn.is_empty() && o.declined.is_empty());
    let all = c.lobby(|l| l.all(OfferKind::Seek)).unwrap();
    assert_eq!(all.iter().map(|s| s.id).collect::<Vec<_>>(), [kept]);
}

#[test]
fn a_dead_instances_lobby_is_swept_once_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.db");
    a_dead_instances_lobby_is_swept_once(|| Db::open(&path).unwrap());
}

#[test]
fn a_dead_instances_lobby_is_swept_once_on_postgres() {
    if kalah_pgtest::available() {
        let url = kalah_pgtest::shared().database();
        a_dead_instances_lobby_is_swept_once(|| Db::open_postgres(&url).unwrap());
    }
}

/// While one instance pairs the pool (its places locked), another sees none of them.
#[test]
fn two_instances_never_pair_the_same_places_on_postgres() {
    if !kalah_pgtest::available() {
        return;
    }
    let url = kalah_pgtest::shared().database();
    let (mut a, mut b) = (
        Db::open_postgres(&url).unwrap(),
        Db::open_postgres(&url).unwrap(),
    );
    for (i, p) in ["ann", "bob"].iter().enumerate() {
        add(&mut a, &offer(OfferKind::Pool, "a", i as i64, p));
    }
    let (locked_tx, locked_rx) = std::sync::mpsc::channel();
    let (done_tx, done_rx) = std::sync::mpsc::channel::<()>();
    let other = std::thread::spawn(move || {
        locked_rx.recv().unwrap();
        let seen = b.lobby(|l| l.pool_to_pair()).unwrap().len();
        done_tx.send(()).unwrap();
        seen
    });
    let paired = a
        .lobby(|l| {
            let places = l.pool_to_pair()?;
            locked_tx.send(()).unwrap();
            done_rx.recv().unwrap();
            for p in &places {
                l.take(p.id)?;
            }
            Ok(places.len())
        })
        .unwrap();
    assert_eq!((paired, other.join().unwrap()), (2, 0));
}

/// Adds a seek of `player` unless they have 3 open, as the server does, under their lock;
/// `between` runs after the count, before the insert. Answers whether it was added.
fn seek_within_cap(db: &mut Db, player: &str, between: impl FnOnce()) -> Result<bool> {
    db.lobby(|l| {
        l.lock_player(player)?;
        if l.of(OfferKind::Seek, player)?.len() >= 3 {
            return Ok(false);
        }
        between();
        l.add(&offer(OfferKind::Seek, "a", 1, player))?;
        Ok(true)
    })
}

/// Whether a transaction of this database waits for a player's lock.
fn waits_for_a_player_lock(db: &Db) -> bool {
    let Conn::Postgres(_) = &db.conn else {
        return false;
    };
    let sql = format!(
        "SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted
           AND classid = {} AND objsubid = 2
           AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
        super::lobby::PLAYER_LOCKS
    );
    db.conn.query_opt(&sql, &[]).unwrap().is_some()
}

/// Ann has 2 seeks; two connections add her 3rd and 4th at once: the second counts after
/// the first has inserted (or, on SQLite, cannot write over it), so she ends with 3.
fn a_players_third_and_fourth_seek_at_once_end_with_three(open: impl Fn() -> Db) {
    let (mut a, mut b, mut watcher) = (open(), open(), open());
    socket(&mut a, "a", 1, "ann");
    for _ in 0..2 {
        assert!(seek_within_cap(&mut a, "ann", || {}).unwrap());
    }
    let (go_tx, go_rx) = std::sync::mpsc::channel::<()>();
    let (counted_tx, counted_rx) = std::sync::mpsc::channel::<()>();
    let other = std::thread::spawn(move || {
        go_rx.recv().unwrap();
        seek_within_cap(&mut b, "ann", move || counted_tx.send(()).unwrap())
    });
    let first = seek_within_cap(&mut a, "ann", || {
        go_tx.send(()).unwrap();
        // Until the other has counted too (nothing kept it out), or waits for our lock.
        while counted_rx.try_recv().is_err() && !waits_for_a_player_lock(&watcher) {
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
    });
    let second = other.join().unwrap();
    let seeks = watcher.lobby(|l| l.of(OfferKind::Seek, "ann")).unwrap();
    assert_eq!(seeks.len(), 3, "{first:?} {second:?}");
    // One was added; the other refused by the cap (SQLite: or failed to write).
    assert!(matches!(
        (&first, &second),
        (Ok(true), Ok(false) | Err(_)) | (Ok(false) | Err(_), Ok(true))
    ));
    if let Conn::Postgres(_) = &watcher.conn {
        assert_eq!((first.unwrap(), second.unwrap()), (true, false));
    }
}

#[test]
fn a_players_third_and_fourth_seek_at_once_end_with_three_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.db");
    a_players_third_and_fourth_seek_at_once_end_with_three(|| Db::open(&path).unwrap());
}

#[test]
fn a_players_third_and_fourth_seek_at_once_end_with_three_on_postgres() {
    if kalah_pgtest::available() {
        let url = kalah_pgtest::shared().database();
        a_players_third_and_fourth_seek_at_once_end_with_three(|| Db::open_postgres(&url).unwrap());
    }
}

/// The lobby's transactions skip the disk sync; the game writes after them do not.
#[test]
fn game_writes_stay_synced_after_a_lobby_change() {
    let dir = tempfile::tempdir().unwrap();
    let mut db = Db::open(&dir.path().join("games.db")).unwrap();
    let full = |db: &Db| -> i64 {
        db.sqlite()
            .pragma_query_value(None, "synchronous", |r| r.get(0))
            .unwrap()
    };
    assert_eq!(full(&db), 2);
    socket(&mut db, "i", 1, "ann");
    assert_eq!(full(&db), 2, "FULL again after the lobby's commit");
    assert!(db.lobby(|l| l.take(1_000)).unwrap().is_none());
    assert_eq!(full(&db), 2);
}

/// A batch of lobby transactions and game writes ([`Db::apply_items`]): each sees the ones
/// before it, one that fails undoes only itself, and a game's write in the batch is stored
/// with the lobby changes around it.
fn a_batch_of_pairings_commits_together(mut db: Db) {
    socket(&mut db, "i", 1, "ann");
    socket(&mut db, "i", 2, "bob");
    let place = |conn, p: &str| -> Item {
        let o = offer(OfferKind::Pool, "i", conn, p);
        Item::Lobby(Box::new(move |l| l.add(&o).map(|_| ())))
    };
    // Bob's arrival takes Ann's place, which the item before it added.
    let pair: Item = Item::Lobby(Box::new(|l| {
        let me = offer(OfferKind::Pool, "i", 2, "bob");
        match l.take_partner(&me, 100.0)? {
            Some(o) if o.player.id == "ann" => Ok(()),
            other => Err(Error::Value(format!("no partner for bob: {other:?}"))),
        }
    }));
    // A failing transaction after a statement: that statement is undone, nothing else.
    let failing: Item = Item::Lobby(Box::new(|l| {
        l.add(&offer(OfferKind::Seek, "i", 1, "ann"))?;
        Err(Error::Value("refused".into()))
    }));
    let r = db.apply_items(vec![
        place(1, "ann"),
        pair,
        Item::Write(new_game("g1")),
        failing,
        place(1, "ann"),
    ]);
    assert_eq!(r.len(), 5);
    for (i, r) in r.iter().enumerate() {
        assert_eq!(r.is_ok(), i != 3, "item {i}: {r:?}");
    }
    assert!(db.load("g1").unwrap().is_some());
    assert!(db.lobby(|l| l.all(OfferKind::Seek)).unwrap().is_empty());
    let pool = db.lobby(|l| l.all(OfferKind::Pool)).unwrap();
    assert_eq!(pool.len(), 1, "{pool:?}");
    assert_eq!(pool[0].player.id, "ann");
}

/// A pairing takes the waiting place and stores the game it starts in one transaction
/// ([`Lobby::store`] in an [`Item::LobbyGames`]): both are committed, or neither. A lobby
/// transaction that is not synced cannot store a game on SQLite.
fn a_pairing_stores_its_game_in_its_own_transaction(mut db: Db) {
    socket(&mut db, "i", 1, "ann");
    socket(&mut db, "i", 2, "bob");
    add(&mut db, &offer(OfferKind::Pool, "i", 1, "ann"));
    let pairing = |game: &'static str, fail: bool| -> Item {
        Item::LobbyGames(Box::new(move |l| {
            let me = offer(OfferKind::Pool, "i", 2, "bob");
            let Some(_) = l.take_partner(&me, 100.0)? else {
                return Err(Error::Value("no partner".into()));
            };
            l.store(&new_game(game))?;
            if fail {
                return Err(Error::Value("refused".into()));
            }
            Ok(())
        }))
    };
    let r = db.apply_items(vec![pairing("g1", true)]);
    assert!(r[0].is_err());
    assert!(db.load("g1").unwrap().is_none(), "undone with its pairing");
    assert_eq!(db.lobby(|l| l.all(OfferKind::Pool)).unwrap().len(), 1);
    let r = db.apply_items(vec![pairing("g2", false)]);
    assert!(r[0].is_ok(), "{:?}", r[0]);
    assert!(db.load("g2").unwrap().is_some());
    assert!(db.lobby(|l| l.all(OfferKind::Pool)).unwrap().is_empty());
    let lone = db.lobby(|l| l.store(&new_game("g3")));
    assert_eq!(lone.is_ok(), db.is_postgres(), "{lone:?}");
    let batched = db.apply_items(vec![Item::Lobby(Box::new(|l| l.store(&new_game("g4"))))]);
    assert_eq!(batched[0].is_ok(), db.is_postgres(), "{:?}", batched[0]);
    assert_eq!(db.load("g4").unwrap().is_some(), db.is_postgres());
}

/// A batch of lobby transactions alone is not synced, as a lone lobby transaction is not; a
/// batch with a game's write is, and so are the writes after either.
#[test]
fn a_batch_is_synced_when_it_holds_a_game_write() {
    let dir = tempfile::tempdir().unwrap();
    let mut db = Db::open(&dir.path().join("games.db")).unwrap();
    let sync_in_batch = |db: &mut Db, with_write: bool| -> i64 {
        let seen = std::sync::Arc::new(std::sync::Mutex::new(-1));
        let s = seen.clone();
        let mut items: Vec<Item> = vec![Item::Lobby(Box::new(move |l| {
            *s.lock().unwrap() = match l.conn {
                Conn::Sqlite(c) => c.pragma_query_value(None, "synchronous", |r| r.get(0))?,
                Conn::Postgres(_) => unreachable!(),
            };
            Ok(())
        }))];
        if with_write {
            items.insert(0, Item::Write(new_game("g")));
        }
        assert!(db.apply_items(items).iter().all(|r| r.is_ok()));
        let v = *seen.lock().unwrap();
        v
    };
    let full = |db: &Db| -> i64 {
        db.sqlite()
            .pragma_query_value(None, "synchronous", |r| r.get(0))
            .unwrap()
    };
    assert_eq!(sync_in_batch(&mut db, false), 1, "NORMAL for lobby alone");
    assert_eq!(full(&db), 2, "FULL again after it");
    assert_eq!(sync_in_batch(&mut db, true), 2, "FULL with a game's write");
    assert_eq!(full(&db), 2);
    // A lobby transaction that may store a game is synced alone.
    let seen = std::sync::Arc::new(std::sync::Mutex::new(-1));
    let s = seen.clone();
    let games: Item = Item::LobbyGames(Box::new(move |l| {
        *s.lock().unwrap() = match l.conn {
            Conn::Sqlite(c) => c.pragma_query_value(None, "synchronous", |r| r.get(0))?,
            Conn::Postgres(_) => unreachable!(),
        };
        Ok(())
    }));
    assert!(db.apply_items(vec![games]).iter().all(|r| r.is_ok()));
    assert_eq!(
        *seen.lock().unwrap(),
        2,
        "FULL for a pairing that stores a game"
    );
}
