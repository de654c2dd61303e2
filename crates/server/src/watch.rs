//! The index of games being played, for the Watch page: one small entry per game, updated
//! when a game is published (created, moved, ended), best-rated first.
//!
//! Listed: games between people (friend games and games of the lobby) once both players are
//! in or a move was played, and games of the KGP server's bots. Not listed: games against
//! the computer and one-screen games, which are practice for one person; many of them at
//! once would bury the games between players.
//!
//! The index is bounded ([`MAX_ENTRIES`]), and a game with no change for [`IDLE_MS`] leaves
//! it (a correspondence game comes back with its next move). Readers get the first
//! [`LIST_LEN`] entries as one JSON text, built once per change, not once per reader.

use crate::live::{LiveGame, Opponent};
use kalah_rules::{BySide, Side};
use serde_json::{json, Value};
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// Most games in the index; a game starting when it is full is not listed.
pub const MAX_ENTRIES: usize = 10_000;

/// Most games in a list sent to a reader.
pub const LIST_LEN: usize = 50;

/// A game unchanged this long (ms) leaves the index.
pub const IDLE_MS: i64 = 30 * 60 * 1000;

/// One game on the list.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    pub id: String,
    /// `people` or `bots`.
    pub kind: &'static str,
    pub rules: String,
    pub preset: Option<String>,
    pub time_control: Option<String>,
    pub rated: bool,
    /// By side as played now.
    pub players: BySide<String>,
    /// Who plays each side (by side as played now), for the list's names: a person, the
    /// computer (at its level) or a bot, with the name the player has, if any.
    pub seats: BySide<Seat>,
    pub accounts: BySide<Option<String>>,
    pub stores: BySide<u16>,
    pub ply: usize,
    pub to_move: Side,
    /// The pie rule's swap happened: start seat south plays north.
    pub swapped: bool,
    pub updated_at: i64,
}

/// One side's player on the list.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Seat {
    /// `human`, `computer` or `bot`.
    pub kind: &'static str,
    /// The player's own name (an account, a guest of the lobby, a bot); None for a person who
    /// has none (an invitation's friend, a person challenging a bot).
    pub name: Option<String>,
    /// The computer's level, for `computer`.
    pub level: Option<String>,
}

impl Seat {
    /// The player of start seat `seat` of `g`.
    fn of(g: &LiveGame, seat: Side) -> Seat {
        if g.computer_seat == Some(seat) {
            // The server's computer has its level; a level of the KGP lobby is named
            // "Computer (LEVEL)" (kgp/game.rs) and rated as `level:LEVEL`.
            let level = g
                .opponent
                .level()
                .map(|l| l.name().to_string())
                .or_else(|| {
                    g.names[seat]
                        .as_deref()
                        .and_then(|n| n.strip_prefix("Computer ("))
                        .and_then(|n| n.strip_suffix(')'))
                        .map(str::to_string)
                });
            return Seat {
                kind: "computer",
                name: None,
                level,
            };
        }
        let kind = match g.opponent {
            Opponent::Kgp if g.names[seat].is_some() => "bot",
            _ => "human",
        };
        Seat {
            kind,
            name: g.names[seat].clone().or_else(|| g.accounts[seat].clone()),
            level: None,
        }
    }

    fn json(&self) -> Value {
        json!({"kind": self.kind, "name": self.name, "level": self.level})
    }
}

impl Entry {
    /// The entry of `g`, or None when `g` is not listed (over, or not a listed kind).
    pub fn of(g: &LiveGame) -> Option<Entry> {
        if !g.is_playing() {
            return None;
        }
        let ply = g.game.moves().len();
        let kind = match g.opponent {
            Opponent::Friend if ply > 0 || (g.joined.south && g.joined.north) => "people",
            Opponent::Kgp => "bots",
            _ => return None,
        };
        let pos = g.game.position();
        Some(Entry {
            id: g.id.clone(),
            kind,
            rules: g.game.rules().to_string(),
            preset: g.preset.clone(),
            time_control: g.time_control.map(|t| t.to_string()),
            rated: g.is_rated || g.rated.is_some(),
            players: BySide::from_fn(|side| g.game.players[side].clone()),
            seats: BySide::from_fn(|side| Seat::of(g, g.seat_playing(side))),
            accounts: BySide::from_fn(|side| g.accounts[g.seat_playing(side)].clone()),
            stores: BySide::from_fn(|side| pos.store(side)),
            ply,
            to_move: pos.to_move(),
            swapped: g.game.seats_swapped(),
            updated_at: g.updated_at,
        })
    }
}

/// The ratings of a game's players by start seat, read from the database: people's in the
/// game's pool (`pool`), bots' (`bots`: their rating ids) in the bots' table. None for a
/// guest or someone without a rating there.
pub fn read_ratings(
    db: &kalah_storage::Db,
    game: &str,
    pool: &str,
    opponent: Opponent,
    bots: Option<BySide<String>>,
) -> kalah_storage::Result<BySide<Option<f64>>> {
    if opponent == Opponent::Kgp {
        let Some(ids) = bots else {
            return Ok(BySide::default());
        };
        let rows = db.bots(&[ids.south.clone(), ids.north.clone()])?;
        let of = |id: &str| rows.iter().find(|r| r.id == id).map(|r| r.rating.rating);
        return Ok(BySide::new(of(&ids.south), of(&ids.north)));
    }
    let (south, north) = db.seat_players(game)?;
    let rating = |player: Option<String>| -> kalah_storage::Result<Option<f64>> {
        let Some(p) = player else { return Ok(None) };
        Ok(db
            .player_ratings(&p)?
            .into_iter()
            .find(|r| r.pool == pool)
            .map(|r| r.rating.rating))
    };
    Ok(BySide::new(rating(south)?, rating(north)?))
}

/// An entry and its players' ratings (by start seat; None: unrated, a guest, or not read
/// yet).
#[derive(Debug, Clone)]
struct Listed {
    entry: Entry,
    ratings: BySide<Option<f64>>,
}

impl Listed {
    /// The game's rating: the mean of its players' known ratings.
    fn rating(&self) -> Option<f64> {
        let known: Vec<f64> = [self.ratings.south, self.ratings.north]
            .into_iter()
            .flatten()
            .collect();
        (!known.is_empty()).then(|| known.iter().sum::<f64>() / known.len() as f64)
    }

    fn json(&self) -> Value {
        let e = &self.entry;
        let seat = |s: Side| if e.swapped { s.opponent() } else { s };
        let by_side =
            |f: &dyn Fn(Side) -> Value| json!({"south": f(Side::South), "north": f(Side::North)});
        let round = |r: Option<f64>| r.map(|r| r.round() as i64);
        json!({
            "id": e.id,
            "kind": e.kind,
            "rules": e.rules,
            "preset": e.preset,
            "time_control": e.time_control,
            "rated": e.rated,
            "rating": round(self.rating()),
            "players": by_side(&|s| json!(e.players[s])),
            "seats": by_side(&|s| e.seats[s].json()),
            "accounts": by_side(&|s| json!(e.accounts[s])),
            "ratings": by_side(&|s| json!(round(self.ratings[seat(s)]))),
            "stores": by_side(&|s| json!(e.stores[s])),
            "ply": e.ply,
            "to_move": e.to_move.name(),
        })
    }
}

/// Rated first by rating (best first), then the rest, most recently moved first.
fn order(a: &Listed, b: &Listed) -> std::cmp::Ordering {
    match (a.rating(), b.rating()) {
        (Some(x), Some(y)) => y.total_cmp(&x),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => std::cmp::Ordering::Equal,
    }
    .then(b.entry.updated_at.cmp(&a.entry.updated_at))
    .then(a.entry.id.cmp(&b.entry.id))
}

#[derive(Default)]
struct Inner {
    games: HashMap<String, Listed>,
    /// On a cluster: games changed since their entries were last written to the database.
    dirty: HashSet<String>,
    mirrored: bool,
    /// Bumped on every change of the list.
    version: u64,
    /// The list as JSON, as of a version.
    cached: Option<(u64, Arc<str>)>,
}

impl Inner {
    /// Notes `id` for the next write to the database (on a cluster). Bounded: beyond twice
    /// the index's size an id is not noted (its entry is written with its next change).
    fn mark(&mut self, id: &str) {
        if self.mirrored && self.dirty.len() < 2 * MAX_ENTRIES {
            self.dirty.insert(id.to_string());
        }
    }
}

/// An entry as the database keeps it: the game's rating, when it last changed, and its
/// JSON; None for a game no longer listed.
pub type Stored = Option<(Option<f64>, i64, String)>;

/// What changed for a game, for the caller to act on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    /// A game not listed before: its players' ratings are to be read.
    Added,
    Updated,
    Removed,
    /// Nothing (not listed before or after, or the index is full).
    None,
}

/// A list as sent to readers: the index version it is of, and its JSON text.
pub type List = (u64, Arc<str>);

/// The index; cheap to share, one lock held for a few map operations.
pub struct Index {
    inner: Mutex<Inner>,
    changed: tokio::sync::watch::Sender<u64>,
    /// The list, rebuilt by [`Index::publish_lists`] at most once per [`EVERY`] (so the work
    /// does not grow with the number of readers).
    lists: tokio::sync::watch::Sender<List>,
    /// On a cluster: bumped when another server wrote its entries.
    remote: AtomicU64,
    /// On a cluster: the list read from the database, and the (local, remote) versions it
    /// is of.
    cluster_list: Mutex<Option<((u64, u64), List)>>,
    /// Lists read from the database so far (their versions).
    builds: AtomicU64,
}

/// Least time between two lists published to readers.
pub const EVERY: std::time::Duration = std::time::Duration::from_secs(1);

impl Default for Index {
    fn default() -> Index {
        Index {
            inner: Mutex::default(),
            changed: tokio::sync::watch::channel(0).0,
            lists: tokio::sync::watch::channel((0, Arc::from(r#"{"games":[],"total":0}"#))).0,
            remote: AtomicU64::new(0),
            cluster_list: Mutex::new(None),
            builds: AtomicU64::new(0),
        }
    }
}

impl Index {
    /// Takes the game's state as it is now.
    pub fn update(&self, g: &LiveGame) -> Change {
        self.put(&g.id, Entry::of(g))
    }

    /// Lists `entry` under `id`, or takes `id` off the list (None).
    pub fn put(&self, id: &str, entry: Option<Entry>) -> Change {
        let mut inner = self.inner.lock().expect("watch lock");
        let full = inner.games.len() >= MAX_ENTRIES;
        let change = match entry {
            Some(entry) => match inner.games.get_mut(id) {
                Some(listed) if listed.entry == entry => return Change::None,
                Some(listed) => {
                    listed.entry = entry;
                    Change::Updated
                }
                None if full => return Change::None,
                None => {
                    let ratings = BySide::default();
                    inner
                        .games
                        .insert(id.to_string(), Listed { entry, ratings });
                    Change::Added
                }
            },
            None => match inner.games.remove(id) {
                Some(_) => Change::Removed,
                None => return Change::None,
            },
        };
        inner.mark(id);
        self.bump(&mut inner);
        change
    }

    /// Sets the players' ratings (by start seat) of a listed game.
    pub fn set_ratings(&self, id: &str, ratings: BySide<Option<f64>>) {
        let mut inner = self.inner.lock().expect("watch lock");
        match inner.games.get_mut(id) {
            Some(listed) if listed.ratings != ratings => listed.ratings = ratings,
            _ => return,
        }
        inner.mark(id);
        self.bump(&mut inner);
    }

    /// Drops games unchanged since before `now - IDLE_MS`; answers how many.
    pub fn prune(&self, now: i64) -> usize {
        let mut inner = self.inner.lock().expect("watch lock");
        let before = inner.games.len();
        let idle: Vec<String> = inner
            .games
            .iter()
            .filter(|(_, l)| now - l.entry.updated_at >= IDLE_MS)
            .map(|(id, _)| id.clone())
            .collect();
        for id in &idle {
            inner.games.remove(id);
            inner.mark(id);
        }
        let gone = before - inner.games.len();
        if gone > 0 {
            self.bump(&mut inner);
        }
        gone
    }

    fn bump(&self, inner: &mut Inner) {
        inner.version += 1;
        inner.cached = None;
        self.changed.send_replace(inner.version);
    }

    pub fn len(&self) -> usize {
        self.inner.lock().expect("watch lock").games.len()
    }

    /// The first [`LIST_LEN`] games, best-rated first, as the JSON object
    /// `{"games": [...], "total": N}`, and the version it is of.
    pub fn list(&self) -> (u64, Arc<str>) {
        let mut inner = self.inner.lock().expect("watch lock");
        if let Some((v, text)) = &inner.cached {
            return (*v, Arc::clone(text));
        }
        let mut all: Vec<&Listed> = inner.games.values().collect();
        let n = all.len().min(LIST_LEN);
        if n > 0 {
            all.select_nth_unstable_by(n - 1, |a, b| order(a, b));
        }
        let mut top = all[..n].to_vec();
        top.sort_by(|a, b| order(a, b));
        let games: Vec<Value> = top.iter().map(|l| l.json()).collect();
        let text: Arc<str> = json!({"games": games, "total": inner.games.len()})
            .to_string()
            .into();
        let version = inner.version;
        inner.cached = Some((version, Arc::clone(&text)));
        (version, text)
    }

    /// Keeps note of changed entries for [`Index::take_dirty`] (a server of a cluster).
    pub fn mirror(&self) {
        self.inner.lock().expect("watch lock").mirrored = true;
    }

    /// The entries changed since the last call, as they are now.
    pub fn take_dirty(&self) -> Vec<(String, Stored)> {
        let mut inner = self.inner.lock().expect("watch lock");
        let dirty = std::mem::take(&mut inner.dirty);
        dirty
            .into_iter()
            .map(|id| {
                let stored = inner
                    .games
                    .get(&id)
                    .map(|l| (l.rating(), l.entry.updated_at, l.json().to_string()));
                (id, stored)
            })
            .collect()
    }

    /// Puts entries back that could not be written.
    pub fn redo(&self, ids: impl IntoIterator<Item = String>) {
        let mut inner = self.inner.lock().expect("watch lock");
        for id in ids {
            inner.mark(&id);
        }
    }

    /// Another server of the cluster changed its entries: the list is to be read again.
    pub fn remote_changed(&self) {
        self.remote.fetch_add(1, Ordering::SeqCst);
        self.changed.send_modify(|_| ());
    }

    /// The (local, remote) versions a cluster's list is read for.
    pub fn versions(&self) -> (u64, u64) {
        let local = self.inner.lock().expect("watch lock").version;
        (local, self.remote.load(Ordering::SeqCst))
    }

    /// The cluster's list last read, if it is of versions `key`.
    pub fn cluster_cached(&self, key: (u64, u64)) -> Option<List> {
        let cached = self.cluster_list.lock().expect("watch lock");
        cached
            .as_ref()
            .filter(|(k, _)| *k == key)
            .map(|(_, l)| l.clone())
    }

    /// Keeps the cluster's list read from `entries` (JSON texts, best first) for versions
    /// `key`, and answers it.
    pub fn set_cluster_list(&self, key: (u64, u64), entries: &[String], total: usize) -> List {
        let text: Arc<str> =
            format!("{{\"games\":[{}],\"total\":{total}}}", entries.join(",")).into();
        let list = (self.builds.fetch_add(1, Ordering::SeqCst) + 1, text);
        *self.cluster_list.lock().expect("watch lock") = Some((key, list.clone()));
        list
    }

    /// Wakes on each change (local or, on a cluster, another server's).
    pub fn changes(&self) -> tokio::sync::watch::Receiver<u64> {
        self.changed.subscribe()
    }

    /// Hands `list` to the Watch sockets.
    pub fn publish(&self, list: List) {
        self.lists.send_replace(list);
    }

    /// The published lists: the latest at once, then each new one.
    pub fn lists(&self) -> tokio::sync::watch::Receiver<List> {
        self.lists.subscribe()
    }

    /// Publishes the list after each change, at most once per [`EVERY`] (changes in between
    /// go out together), for as long as it runs.
    pub async fn publish_lists(&self) {
        let mut changed = self.changed.subscribe();
        loop {
            if changed.changed().await.is_err() {
                return;
            }
            changed.mark_unchanged();
            self.lists.send_replace(self.list());
            tokio::time::sleep(EVERY).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(id: &str, updated_at: i64) -> Entry {
        Entry {
            id: id.into(),
            kind: "people",
            rules: "kalah(6,4)".into(),
            preset: None,
            time_control: None,
            rated: false,
            players: BySide::new("a".into(), "b".into()),
            seats: BySide::default(),
            accounts: BySide::default(),
            stores: BySide::default(),
            ply: 1,
            to_move: Side::South,
            swapped: false,
            updated_at,
        }
    }

    fn ids(index: &Index) -> Vec<String> {
        let (_, text) = index.list();
        let v: Value = serde_json::from_str(&text).unwrap();
        v["games"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["id"].as_str().unwrap().to_string())
            .collect()
    }

    #[test]
    fn rated_games_come_first_best_first_then_the_latest_moved() {
        let index = Index::default();
        for (id, at) in [("old", 1), ("new", 5), ("low", 2), ("high", 3), ("half", 4)] {
            assert_eq!(index.put(id, Some(entry(id, at))), Change::Added);
        }
        index.set_ratings("low", BySide::new(Some(1400.0), Some(1500.0)));
        index.set_ratings("high", BySide::new(Some(1900.0), Some(1700.0)));
        // One rated player (the other a guest): the mean of what is known.
        index.set_ratings("half", BySide::new(None, Some(1600.0)));
        assert_eq!(ids(&index), ["high", "half", "low", "new", "old"]);
        let (_, text) = index.list();
        let v: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["games"][0]["rating"], 1800);
        assert_eq!(v["games"][1]["ratings"]["south"], Value::Null);
        assert_eq!(v["total"], 5);
    }

    #[test]
    fn changes_bump_the_version_and_same_states_do_not() {
        let index = Index::default();
        let (v0, _) = index.list();
        index.put("g", Some(entry("g", 1)));
        let (v1, _) = index.list();
        assert!(v1 > v0);
        assert_eq!(index.put("g", Some(entry("g", 1))), Change::None);
        assert_eq!(
            index.list().0,
            v1,
            "an unchanged game does not wake readers"
        );
        let mut moved = entry("g", 2);
        moved.stores.south = 3;
        assert_eq!(index.put("g", Some(moved)), Change::Updated);
        assert!(ids(&index) == ["g"] && index.list().0 > v1);
        assert_eq!(index.put("g", None), Change::Removed);
        assert!(ids(&index).is_empty());
        assert_eq!(index.put("g", None), Change::None);
    }

    /// A game of `opponent` kind on the standard board after `moves`, as loaded from its row.
    fn game(opponent: &str, moves: &[&str], joined: bool) -> LiveGame {
        let rules = kalah_rules::Rules::standard();
        let start = kalah_rules::Position::start(rules, Side::South);
        let mut row =
            kalah_storage::GameRow::new("g", &rules.to_string(), &start.to_string(), opponent, 0);
        row.moves = moves.iter().map(|m| m.to_string()).collect();
        row.south_joined = joined;
        row.north_joined = joined;
        if opponent == "computer" {
            row.level = Some("beginner".into());
            row.computer_seat = Some("north".into());
        }
        LiveGame::replay(row).unwrap()
    }

    #[test]
    fn games_between_people_and_bots_are_listed_practice_is_not() {
        // People: once a move is played or both are in.
        assert_eq!(Entry::of(&game("friend", &[], false)), None);
        assert_eq!(
            Entry::of(&game("friend", &[], true)).unwrap().kind,
            "people"
        );
        let e = Entry::of(&game("friend", &["3"], false)).unwrap();
        assert_eq!((e.ply, e.stores.south, e.to_move), (1, 1, Side::South));
        // Bots, from the start.
        assert_eq!(Entry::of(&game("kgp", &[], false)).unwrap().kind, "bots");
        // The computer and one screen: never.
        assert_eq!(Entry::of(&game("computer", &["3"], true)), None);
        assert_eq!(Entry::of(&game("local", &["3"], true)), None);
        // An ended game: not listed.
        let mut over = game("friend", &["3"], true);
        over.game.resign(Side::South).unwrap();
        assert_eq!(Entry::of(&over), None);
    }

    /// Issue 37: the list names who plays, not "South player" and "North player".
    #[test]
    fn seats_say_who_plays() {
        let mut bot = game("kgp", &["3"], true);
        bot.names = BySide::new(Some("Computer (club)".into()), Some("Ada".into()));
        bot.computer_seat = Some(Side::South);
        let e = Entry::of(&bot).unwrap();
        assert_eq!(
            (e.seats.south.kind, e.seats.south.level.as_deref()),
            ("computer", Some("club"))
        );
        assert_eq!(
            (e.seats.north.kind, e.seats.north.name.as_deref()),
            ("bot", Some("Ada"))
        );
        let mut person = game("kgp", &["3"], true);
        person.names = BySide::new(None, Some("Ada".into()));
        let e = Entry::of(&person).unwrap();
        assert_eq!(
            (e.seats.south.kind, e.seats.south.name.as_deref()),
            ("human", None)
        );
        // The lobby's guests by their names; an invitation's friend has none.
        let mut lobby = game("friend", &["3"], true);
        lobby.names = BySide::new(Some("Guest 12".into()), None);
        let e = Entry::of(&lobby).unwrap();
        assert_eq!(e.seats.south.name.as_deref(), Some("Guest 12"));
        assert_eq!(
            (e.seats.north.kind, e.seats.north.name.as_deref()),
            ("human", None)
        );
        let v = Listed {
            entry: e,
            ratings: BySide::default(),
        }
        .json();
        assert_eq!(v["seats"]["south"]["name"], "Guest 12");
    }

    #[test]
    fn the_index_and_its_list_are_bounded() {
        let index = Index::default();
        for i in 0..MAX_ENTRIES + 5 {
            index.put(&format!("g{i}"), Some(entry(&format!("g{i}"), i as i64)));
        }
        assert_eq!(index.len(), MAX_ENTRIES);
        assert_eq!(ids(&index).len(), LIST_LEN);
        // The latest moved first among unrated games.
        assert_eq!(ids(&index)[0], format!("g{}", MAX_ENTRIES - 1));
        // Idle games leave.
        assert_eq!(index.prune(IDLE_MS + 10), 11);
        assert_eq!(index.len(), MAX_ENTRIES - 11);
    }
}
