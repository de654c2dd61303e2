//! The lobby's state and rules, without sockets: who is connected, the open seeks, the
//! pools of quick pairing and the challenges. Time comes in as a value (Unix ms).

use crate::error::ApiError;
use axum::http::StatusCode;
use kalah_online::pairing::{self, Waiting};
use kalah_online::TimeControl;
use kalah_rules::{Preset, Rules};
use serde_json::{json, Value};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;

/// A message's text: cloned for each socket by reference count, never copied.
pub type Text = axum::extract::ws::Utf8Bytes;
use tokio::sync::{broadcast, mpsc};

/// A lobby connection (one socket).
pub type ConnId = u64;

/// Lobby sockets of the whole server.
pub const MAX_SOCKETS: usize = 10_000;
/// Lobby sockets of one player (their tabs).
pub const SOCKETS_PER_PLAYER: usize = 8;
/// Open seeks of one player, and of everyone.
pub const SEEKS_PER_PLAYER: usize = 3;
pub const MAX_SEEKS: usize = 1_000;
/// Players waiting in one pool.
pub const POOL_SIZE: usize = 2_000;
/// Challenges a player has sent and are unanswered, and that wait for one player.
pub const CHALLENGES_SENT: usize = 3;
pub const CHALLENGES_RECEIVED: usize = 10;
/// A challenge not answered within this long expires.
pub const CHALLENGE_TTL_MS: i64 = 60_000;
/// Personal messages queued for one socket; more are dropped (its client stopped reading).
pub const QUEUE: usize = 64;
/// Feed messages buffered for slow sockets (they then get the whole list).
const EVENTS: usize = 64;
/// The watching sockets are split into this many groups, each with its own channel, and a
/// feed message goes to one group at a time (see [`Lobby::flush_feed`]).
const SHARDS: usize = 64;
/// Seek changes held between two feed messages; past this the next one is the whole list.
const PENDING: usize = 1024;
/// The rating of a player who has none in a pool (Glicko-2's start).
pub const START_RATING: f64 = 1500.0;

/// The rules a lobby game can be played by: the two rating families of the common games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Variant {
    /// Standard Kalah(6,4).
    Kalah64,
    /// Board Game Arena's rules with 6 seeds a house.
    Bga66,
}

impl Variant {
    pub const ALL: [Variant; 2] = [Variant::Kalah64, Variant::Bga66];

    /// The name on the wire, which is also the rating family's name.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Kalah64 => "kalah-6-4",
            Variant::Bga66 => "bga-6-6",
        }
    }

    pub fn parse(text: &str) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.name() == text.trim())
    }

    pub fn rules(self) -> Rules {
        match self {
            Variant::Kalah64 => Rules::standard(),
            Variant::Bga66 => {
                let mut s = Preset::Bga.setup();
                s.seeds = 6;
                Rules::new(s).expect("Board Game Arena's rules with 6 seeds are valid")
            }
        }
    }
}

/// What a seek, a pool or a challenge asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Spec {
    pub variant: Variant,
    pub time_control: TimeControl,
    pub rated: bool,
}

impl Spec {
    /// The rating pool it counts in (`kalah-6-4/blitz`).
    pub fn pool(&self) -> String {
        format!(
            "{}/{}",
            self.variant.name(),
            self.time_control.category().name()
        )
    }

    fn json(&self) -> Value {
        json!({
            "rules": self.variant.name(),
            "time_control": self.time_control.to_string(),
            "rated": self.rated,
        })
    }
}

/// A person in the lobby (a guest or an account), from their session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    pub id: String,
    pub name: String,
    pub account: bool,
}

/// One side of a match: the player and the socket that gets the game's address.
#[derive(Debug, Clone)]
pub struct Party {
    pub conn: ConnId,
    pub player: Player,
}

/// Two players to seat at a new game.
#[derive(Debug, Clone)]
pub struct Match {
    pub spec: Spec,
    /// The seek's creator, the challenger, or the longer-waiting player of a pool.
    pub a: Party,
    pub b: Party,
}

/// What every lobby socket hears: the seek changes of one short interval, serialised once
/// and shared by every socket (the cost of a busy feed is one message per socket per
/// interval, not one per change).
#[derive(Debug)]
pub struct Feed {
    /// The message for sockets of players with no seek in it.
    pub shared: Text,
    /// The message for the sockets of each player with a seek in it (their own marked
    /// `mine`), by player id.
    pub owners: HashMap<String, Text>,
}

pub type Event = std::sync::Arc<Feed>;

impl Feed {
    /// The message for a socket of `player`.
    pub fn text_for(&self, player: &str) -> Text {
        self.owners.get(player).unwrap_or(&self.shared).clone()
    }
}

/// Seek changes since the last feed message.
#[derive(Default)]
struct Pending {
    added: Vec<u64>,
    removed: Vec<u64>,
    /// Too many changes to list: send the whole list.
    whole: bool,
}

impl Pending {
    fn push(&mut self, added: bool, id: u64) {
        if self.whole {
            return;
        }
        if self.added.len() + self.removed.len() >= PENDING {
            *self = Pending {
                whole: true,
                ..Pending::default()
            };
            return;
        }
        if added {
            self.added.push(id);
        } else {
            self.removed.push(id);
        }
    }

    fn is_empty(&self) -> bool {
        !self.whole && self.added.is_empty() && self.removed.is_empty()
    }
}

struct Seek {
    id: u64,
    owner: Party,
    spec: Spec,
    rating: Option<f64>,
}

impl Seek {
    fn json(&self, mine: bool) -> Value {
        let mut v = self.spec.json();
        v["id"] = json!(self.id);
        v["name"] = json!(self.owner.player.name);
        v["account"] = json!(self.owner.player.account);
        v["rating"] = json!(self.rating.map(f64::round));
        v["mine"] = json!(mine);
        v
    }
}

struct Challenge {
    id: u64,
    from: Party,
    to: String,
    spec: Spec,
    rating: Option<f64>,
    expires_at: i64,
}

impl Challenge {
    fn json(&self, now: i64) -> Value {
        let mut v = self.spec.json();
        v["id"] = json!(self.id);
        v["from"] = json!(self.from.player.name);
        v["rating"] = json!(self.rating.map(f64::round));
        v["expires_in_ms"] = json!((self.expires_at - now).max(0));
        v
    }
}

struct Waiter {
    party: Party,
    rating: f64,
    since: i64,
}

struct Conn {
    player: String,
    tx: mpsc::Sender<Text>,
}

#[derive(Default)]
struct Inner {
    conns: HashMap<ConnId, Conn>,
    /// Each connected player, and their sockets.
    players: HashMap<String, (Player, HashSet<ConnId>)>,
    /// Player ids by lower-case name, for challenges.
    by_name: HashMap<String, String>,
    seeks: BTreeMap<u64, Seek>,
    pools: HashMap<(Variant, TimeControl, bool), Vec<Waiter>>,
    /// Which pool each waiting player is in.
    waiting: HashMap<String, (Variant, TimeControl, bool)>,
    challenges: BTreeMap<u64, Challenge>,
    next_id: u64,
    pending: Pending,
    /// Wakes the feed task when a change is pending.
    changed: std::sync::Arc<tokio::sync::Notify>,
}

/// The lobby of one server.
pub struct Lobby {
    inner: Mutex<Inner>,
    /// The feed's channels, one per group of sockets (by connection id).
    shards: Box<[broadcast::Sender<Event>]>,
    next_conn: AtomicU64,
    ticking: AtomicBool,
}

impl Default for Lobby {
    fn default() -> Self {
        Lobby::new()
    }
}

fn refuse(code: &'static str, message: impl Into<String>) -> ApiError {
    ApiError::new(StatusCode::CONFLICT, code, message)
}

fn msg(v: Value) -> Text {
    Text::from(v.to_string())
}

impl Inner {
    fn send(&self, conn: ConnId, text: &Text) {
        if let Some(c) = self.conns.get(&conn) {
            // A full queue means a socket that stopped reading; its task closes it.
            let _ = c.tx.try_send(text.clone());
        }
    }

    fn send_player(&self, player: &str, text: &Text) {
        if let Some((_, conns)) = self.players.get(player) {
            for &c in conns {
                self.send(c, text);
            }
        }
    }

    fn party(&self, conn: ConnId) -> Result<Party, ApiError> {
        let c = self
            .conns
            .get(&conn)
            .ok_or_else(|| refuse("not_in_lobby", "this socket has left the lobby; reconnect"))?;
        let (player, _) = &self.players[&c.player];
        Ok(Party {
            conn,
            player: player.clone(),
        })
    }

    fn next_id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    /// A removal is always listed, even of a seek added since the last feed message: a
    /// socket that connected in between saw it in its hello.
    fn remove_seek(&mut self, id: u64) -> Option<Seek> {
        let s = self.seeks.remove(&id)?;
        self.change(false, id);
        Some(s)
    }

    fn change(&mut self, added: bool, id: u64) {
        self.pending.push(added, id);
        self.changed.notify_one();
    }

    /// The feed message of the changes since the last one, if any.
    fn take_feed(&mut self) -> Option<Feed> {
        if self.pending.is_empty() {
            return None;
        }
        let p = std::mem::take(&mut self.pending);
        // Seeks added and removed since the last message are left out of `added`.
        let added: Vec<&Seek> = if p.whole {
            self.seeks.values().collect()
        } else {
            p.added.iter().filter_map(|id| self.seeks.get(id)).collect()
        };
        let text = |owner: Option<&str>| {
            let list: Vec<Value> = added
                .iter()
                .map(|s| s.json(Some(s.owner.player.id.as_str()) == owner))
                .collect();
            if p.whole {
                msg(json!({"type": "seeks", "seeks": list}))
            } else {
                msg(json!({"type": "seeks_changed", "added": list, "removed": p.removed}))
            }
        };
        let owners: HashSet<&str> = added.iter().map(|s| s.owner.player.id.as_str()).collect();
        Some(Feed {
            shared: text(None),
            owners: owners
                .into_iter()
                .map(|o| (o.to_string(), text(Some(o))))
                .collect(),
        })
    }

    fn remove_seeks_of(&mut self, player: &str) {
        let ids: Vec<u64> = self
            .seeks
            .values()
            .filter(|s| s.owner.player.id == player)
            .map(|s| s.id)
            .collect();
        for id in ids {
            self.remove_seek(id);
        }
    }

    fn leave_pool(&mut self, player: &str) -> bool {
        let Some(key) = self.waiting.remove(player) else {
            return false;
        };
        if let Some(pool) = self.pools.get_mut(&key) {
            pool.retain(|w| w.party.player.id != player);
            if pool.is_empty() {
                self.pools.remove(&key);
            }
        }
        true
    }

    /// Ends a challenge and tells both sides why (`challenge_declined`, `_expired`, ...).
    fn end_challenge(&mut self, id: u64, kind: &str) -> Option<Challenge> {
        let c = self.challenges.remove(&id)?;
        let text = msg(
            json!({"type": kind, "id": id, "from": c.from.player.name, "to": self.name_of(&c.to)}),
        );
        self.send(c.from.conn, &text);
        self.send_player(&c.to, &text);
        Some(c)
    }

    fn name_of(&self, player: &str) -> Option<String> {
        self.players.get(player).map(|(p, _)| p.name.clone())
    }

    /// Two players about to play leave every seek and pool.
    fn seat(&mut self, m: &Match) {
        for p in [&m.a, &m.b] {
            self.remove_seeks_of(&p.player.id);
            if self.leave_pool(&p.player.id) {
                self.send(p.conn, &msg(json!({"type": "pool", "pool": null})));
            }
        }
    }
}

impl Lobby {
    pub fn new() -> Lobby {
        Lobby {
            inner: Mutex::new(Inner::default()),
            shards: (0..SHARDS).map(|_| broadcast::channel(EVENTS).0).collect(),
            next_conn: AtomicU64::new(1),
            ticking: AtomicBool::new(false),
        }
    }

    /// True the first time only: the caller starts the pairing tick.
    pub fn start_ticking(&self) -> bool {
        !self.ticking.swap(true, Ordering::SeqCst)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().expect("lobby lock")
    }

    /// Sends the seek changes since the last call to every watching socket, as one message
    /// (the feed task calls this when [`Lobby::changes`] wakes it, at most once every
    /// [`super::ws::FEED_EVERY`]); answers whether there were any.
    ///
    /// The sockets are woken one group at a time, yielding in between: waking all of them
    /// at once would queue thousands of socket writes on the runtime's few threads ahead of
    /// everything else (a move's request waited behind the whole fan-out).
    pub async fn flush_feed(&self) -> bool {
        let Some(feed) = self.lock().take_feed() else {
            return false;
        };
        let feed = std::sync::Arc::new(feed);
        for shard in self.shards.iter() {
            if shard.receiver_count() > 0 {
                let _ = shard.send(feed.clone());
                tokio::task::yield_now().await;
            }
        }
        true
    }

    /// Notified when seek changes are waiting for [`Lobby::flush_feed`].
    pub fn changes(&self) -> std::sync::Arc<tokio::sync::Notify> {
        self.lock().changed.clone()
    }

    /// The feed of seek changes for socket `conn` (subscribe before reading
    /// [`Lobby::seeks`]).
    pub fn subscribe(&self, conn: ConnId) -> broadcast::Receiver<Event> {
        self.shards[conn as usize % SHARDS].subscribe()
    }

    /// Lobby sockets open.
    pub fn sockets(&self) -> usize {
        self.lock().conns.len()
    }

    /// A new socket of `player`; its personal messages arrive on the receiver.
    pub fn connect(&self, player: Player) -> Result<(ConnId, mpsc::Receiver<Text>), ApiError> {
        let mut g = self.lock();
        if g.conns.len() >= MAX_SOCKETS {
            return Err(ApiError::unavailable(
                "the lobby is full; try again in a minute",
            ));
        }
        let open = g.players.get(&player.id).map_or(0, |(_, c)| c.len());
        if open >= SOCKETS_PER_PLAYER {
            return Err(ApiError::too_many(format!(
                "you have the lobby open in {SOCKETS_PER_PLAYER} tabs already; close some and try again"
            )));
        }
        let id = self.next_conn.fetch_add(1, Ordering::Relaxed);
        let (tx, rx) = mpsc::channel(QUEUE);
        g.conns.insert(
            id,
            Conn {
                player: player.id.clone(),
                tx,
            },
        );
        g.by_name
            .insert(player.name.to_lowercase(), player.id.clone());
        // The newest socket's name counts (a guest who signed up in another tab).
        let entry = g
            .players
            .entry(player.id.clone())
            .or_insert_with(|| (player.clone(), HashSet::new()));
        entry.0 = player;
        entry.1.insert(id);
        Ok((id, rx))
    }

    /// A socket closed. The player's pool place goes with the socket that took it; their
    /// seeks and challenges go with their last socket.
    pub fn disconnect(&self, conn: ConnId) {
        let mut g = self.lock();
        let Some(c) = g.conns.remove(&conn) else {
            return;
        };
        let pid = c.player;
        if g.waiting
            .get(&pid)
            .and_then(|k| g.pools.get(k))
            .is_some_and(|pool| pool.iter().any(|w| w.party.conn == conn))
        {
            g.leave_pool(&pid);
        }
        let last = match g.players.get_mut(&pid) {
            Some((_, conns)) => {
                conns.remove(&conn);
                conns.is_empty()
            }
            None => true,
        };
        // Challenges sent from this socket are withdrawn (the answer would reach nobody).
        let sent: Vec<u64> = g
            .challenges
            .values()
            .filter(|ch| ch.from.conn == conn)
            .map(|ch| ch.id)
            .collect();
        for id in sent {
            g.end_challenge(id, "challenge_cancelled");
        }
        if !last {
            return;
        }
        g.remove_seeks_of(&pid);
        let received: Vec<u64> = g
            .challenges
            .values()
            .filter(|ch| ch.to == pid)
            .map(|ch| ch.id)
            .collect();
        for id in received {
            g.end_challenge(id, "challenge_declined");
        }
        if let Some((p, _)) = g.players.remove(&pid) {
            let key = p.name.to_lowercase();
            if g.by_name.get(&key) == Some(&pid) {
                g.by_name.remove(&key);
            }
        }
    }

    /// The open seeks as `conn`'s player sees them, oldest first.
    pub fn seeks(&self, conn: ConnId) -> Vec<Value> {
        let g = self.lock();
        let me = g.conns.get(&conn).map(|c| c.player.as_str()).unwrap_or("");
        g.seeks
            .values()
            .map(|s| s.json(s.owner.player.id == me))
            .collect()
    }

    /// Challenges waiting for `conn`'s player.
    pub fn challenges_for(&self, conn: ConnId, now: i64) -> Vec<Value> {
        let g = self.lock();
        let me = g.conns.get(&conn).map(|c| c.player.as_str()).unwrap_or("");
        g.challenges
            .values()
            .filter(|c| c.to == me)
            .map(|c| c.json(now))
            .collect()
    }

    /// Sends a personal message to one socket.
    pub fn send(&self, conn: ConnId, text: Text) {
        self.lock().send(conn, &text);
    }

    /// Opens a seek of `conn`'s player (`rating`: theirs in the seek's pool).
    pub fn seek(&self, conn: ConnId, spec: Spec, rating: Option<f64>) -> Result<u64, ApiError> {
        let mut g = self.lock();
        let owner = g.party(conn)?;
        if spec.rated && !owner.player.account {
            return Err(account_needed());
        }
        let mine = g
            .seeks
            .values()
            .filter(|s| s.owner.player.id == owner.player.id)
            .count();
        if mine >= SEEKS_PER_PLAYER {
            return Err(ApiError::too_many(format!(
                "you have {SEEKS_PER_PLAYER} open seeks already; cancel one first"
            )));
        }
        if g.seeks.len() >= MAX_SEEKS {
            return Err(ApiError::unavailable(
                "the lobby has as many seeks as it can show; accept one, or try again later",
            ));
        }
        let id = g.next_id();
        let s = Seek {
            id,
            owner,
            spec,
            rating,
        };
        g.seeks.insert(id, s);
        g.change(true, id);
        Ok(id)
    }

    /// Cancels one of `conn`'s player's seeks.
    pub fn cancel_seek(&self, conn: ConnId, id: u64) -> Result<(), ApiError> {
        let mut g = self.lock();
        let me = g.party(conn)?;
        match g.seeks.get(&id) {
            Some(s) if s.owner.player.id == me.player.id => {
                g.remove_seek(id);
                Ok(())
            }
            Some(_) => Err(ApiError::forbidden(
                "not_yours",
                "this seek is another player's; you can only cancel your own",
            )),
            None => Err(seek_gone()),
        }
    }

    /// Accepts a seek: it leaves the lobby at once (nobody else can take it) and both
    /// players leave their other seeks and pools.
    pub fn accept_seek(&self, conn: ConnId, id: u64) -> Result<Match, ApiError> {
        let mut g = self.lock();
        let me = g.party(conn)?;
        let s = g.seeks.get(&id).ok_or_else(seek_gone)?;
        if s.owner.player.id == me.player.id {
            return Err(refuse(
                "own_seek",
                "this is your own seek; wait for someone else to accept it, or cancel it",
            ));
        }
        if s.spec.rated && !me.player.account {
            return Err(account_needed());
        }
        let s = g.remove_seek(id).expect("checked above");
        let m = Match {
            spec: s.spec,
            a: s.owner,
            b: me,
        };
        g.seat(&m);
        Ok(m)
    }

    /// Puts `conn`'s player in the pool of `spec` (out of any other pool).
    pub fn join_pool(
        &self,
        conn: ConnId,
        spec: Spec,
        rating: Option<f64>,
        now: i64,
    ) -> Result<(), ApiError> {
        let mut g = self.lock();
        let me = g.party(conn)?;
        if spec.rated && !me.player.account {
            return Err(account_needed());
        }
        g.leave_pool(&me.player.id);
        let key = (spec.variant, spec.time_control, spec.rated);
        let pool = g.pools.entry(key).or_default();
        if pool.len() >= POOL_SIZE {
            return Err(ApiError::unavailable(
                "this pool is full; try another time control or open a seek",
            ));
        }
        pool.push(Waiter {
            party: me.clone(),
            rating: rating.unwrap_or(START_RATING),
            since: now,
        });
        g.waiting.insert(me.player.id, key);
        Ok(())
    }

    /// Takes `conn`'s player out of their pool; false if they were in none.
    pub fn leave_pool(&self, conn: ConnId) -> Result<bool, ApiError> {
        let mut g = self.lock();
        let me = g.party(conn)?;
        Ok(g.leave_pool(&me.player.id))
    }

    /// Players waiting in all pools.
    pub fn waiting(&self) -> usize {
        self.lock().waiting.len()
    }

    /// Pairs whom the pools can pair at `now` (by rating, see `kalah_online::pairing`).
    pub fn pair(&self, now: i64) -> Vec<Match> {
        let mut g = self.lock();
        let keys: Vec<_> = g.pools.keys().copied().collect();
        let mut out = Vec::new();
        for key in keys {
            let pool = g.pools.get(&key).expect("a key just read");
            let list: Vec<Waiting<usize>> = pool
                .iter()
                .enumerate()
                .map(|(i, w)| Waiting {
                    key: i,
                    rating: w.rating,
                    since_ms: w.since,
                })
                .collect();
            let pairs = pairing::pair(&list, now);
            for (i, j) in pairs {
                let (a, b) = (&pool[i], &pool[j]);
                out.push(Match {
                    spec: Spec {
                        variant: key.0,
                        time_control: key.1,
                        rated: key.2,
                    },
                    a: a.party.clone(),
                    b: b.party.clone(),
                });
            }
        }
        for m in &out {
            g.seat(m);
        }
        out
    }

    /// Sends a challenge from `conn`'s player to the player named `to`, who must have the
    /// site open (a lobby socket).
    pub fn challenge(
        &self,
        conn: ConnId,
        to: &str,
        spec: Spec,
        rating: Option<f64>,
        now: i64,
    ) -> Result<u64, ApiError> {
        let mut g = self.lock();
        let me = g.party(conn)?;
        let target = g
            .by_name
            .get(&to.trim().to_lowercase())
            .cloned()
            .ok_or_else(|| {
                refuse(
                    "not_online",
                    format!("{to} is not on the site now; a challenge reaches only players who have a page of the site open"),
                )
            })?;
        if target == me.player.id {
            return Err(refuse("own_challenge", "you cannot challenge yourself"));
        }
        let (to_name, to_account) = {
            let (p, _) = &g.players[&target];
            (p.name.clone(), p.account)
        };
        if spec.rated && !(me.player.account && to_account) {
            return Err(ApiError::forbidden(
                "account_needed",
                "rated games are between two accounts; send a casual challenge, or sign up (both of you)",
            ));
        }
        let sent = g
            .challenges
            .values()
            .filter(|c| c.from.player.id == me.player.id)
            .count();
        if sent >= CHALLENGES_SENT {
            return Err(ApiError::too_many(format!(
                "you have {CHALLENGES_SENT} challenges waiting for an answer; wait for them or cancel one"
            )));
        }
        if g.challenges.values().filter(|c| c.to == target).count() >= CHALLENGES_RECEIVED {
            return Err(ApiError::too_many(format!(
                "{to} has {CHALLENGES_RECEIVED} challenges to answer already; try again later"
            )));
        }
        if g.challenges
            .values()
            .any(|c| c.from.player.id == me.player.id && c.to == target)
        {
            return Err(refuse(
                "already_challenged",
                format!("you have challenged {to} already; wait for the answer"),
            ));
        }
        let id = g.next_id();
        let c = Challenge {
            id,
            from: me,
            to: target.clone(),
            spec,
            rating,
            expires_at: now + CHALLENGE_TTL_MS,
        };
        let sent = msg(json!({"type": "challenge_sent", "id": id, "to": to_name,
                              "expires_in_ms": CHALLENGE_TTL_MS}));
        let received = msg(json!({"type": "challenge", "challenge": c.json(now)}));
        g.send(conn, &sent);
        g.send_player(&target, &received);
        g.challenges.insert(id, c);
        Ok(id)
    }

    /// The challenged player accepts or declines.
    pub fn answer(&self, conn: ConnId, id: u64, accept: bool) -> Result<Option<Match>, ApiError> {
        let mut g = self.lock();
        let me = g.party(conn)?;
        match g.challenges.get(&id) {
            Some(c) if c.to == me.player.id => {}
            _ => return Err(challenge_gone()),
        }
        if !accept {
            g.end_challenge(id, "challenge_declined");
            return Ok(None);
        }
        let c = g
            .end_challenge(id, "challenge_accepted")
            .expect("checked above");
        let m = Match {
            spec: c.spec,
            a: c.from,
            b: me,
        };
        g.seat(&m);
        Ok(Some(m))
    }

    /// The challenger withdraws a challenge.
    pub fn cancel_challenge(&self, conn: ConnId, id: u64) -> Result<(), ApiError> {
        let mut g = self.lock();
        let me = g.party(conn)?;
        match g.challenges.get(&id) {
            Some(c) if c.from.player.id == me.player.id => {
                g.end_challenge(id, "challenge_cancelled");
                Ok(())
            }
            _ => Err(challenge_gone()),
        }
    }

    /// Ends the challenges unanswered at `now`; answers how many.
    pub fn expire(&self, now: i64) -> usize {
        let mut g = self.lock();
        let old: Vec<u64> = g
            .challenges
            .values()
            .filter(|c| c.expires_at <= now)
            .map(|c| c.id)
            .collect();
        for &id in &old {
            g.end_challenge(id, "challenge_expired");
        }
        old.len()
    }
}

fn account_needed() -> ApiError {
    ApiError::forbidden(
        "account_needed",
        "rated games are between accounts; sign up or log in, or choose a casual game",
    )
}

fn seek_gone() -> ApiError {
    refuse(
        "seek_gone",
        "this seek is no longer open (taken, cancelled, or its player left); choose another",
    )
}

fn challenge_gone() -> ApiError {
    refuse(
        "challenge_gone",
        "this challenge is no longer open (answered, withdrawn or expired)",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(name: &str, account: bool) -> Player {
        Player {
            id: format!("id-{name}"),
            name: name.into(),
            account,
        }
    }

    fn spec(rated: bool) -> Spec {
        Spec {
            variant: Variant::Kalah64,
            time_control: "3+2".parse().unwrap(),
            rated,
        }
    }

    fn drain(rx: &mut mpsc::Receiver<Text>) -> Vec<Value> {
        let mut out = Vec::new();
        while let Ok(t) = rx.try_recv() {
            out.push(serde_json::from_str(t.as_str()).unwrap());
        }
        out
    }

    #[test]
    fn a_seek_goes_with_its_owners_last_socket() {
        let l = Lobby::new();
        let (a1, _r1) = l.connect(player("ann", false)).unwrap();
        let (a2, _r2) = l.connect(player("ann", false)).unwrap();
        let (b, _rb) = l.connect(player("bob", false)).unwrap();
        l.seek(a1, spec(false), None).unwrap();
        assert_eq!(l.seeks(b).len(), 1);
        assert_eq!(l.seeks(a2)[0]["mine"], true);
        assert_eq!(l.seeks(b)[0]["mine"], false);
        l.disconnect(a1);
        assert_eq!(l.seeks(b).len(), 1, "another tab of ann is open");
        l.disconnect(a2);
        assert!(l.seeks(b).is_empty());
    }

    #[test]
    fn caps_and_rated_rules_hold() {
        let l = Lobby::new();
        let (g, _rg) = l.connect(player("guest", false)).unwrap();
        let (a, _ra) = l.connect(player("acc", true)).unwrap();
        assert_eq!(
            l.seek(g, spec(true), None).unwrap_err().code,
            "account_needed"
        );
        for _ in 0..SEEKS_PER_PLAYER {
            l.seek(a, spec(true), Some(1600.0)).unwrap();
        }
        assert_eq!(
            l.seek(a, spec(true), None).unwrap_err().status,
            StatusCode::TOO_MANY_REQUESTS
        );
        let id = l.seeks(g)[0]["id"].as_u64().unwrap();
        assert_eq!(l.accept_seek(g, id).unwrap_err().code, "account_needed");
        assert_eq!(l.accept_seek(a, id).unwrap_err().code, "own_seek");
        let mut rxs = Vec::new();
        for _ in 0..SOCKETS_PER_PLAYER - 1 {
            rxs.push(l.connect(player("acc", true)).unwrap());
        }
        assert!(l.connect(player("acc", true)).is_err());
    }

    #[test]
    fn accepting_seats_both_and_clears_their_other_seeks() {
        let l = Lobby::new();
        let (a, _ra) = l.connect(player("ann", true)).unwrap();
        let (b, _rb) = l.connect(player("bob", true)).unwrap();
        let first = l.seek(a, spec(true), None).unwrap();
        l.seek(a, spec(false), None).unwrap();
        l.seek(b, spec(false), None).unwrap();
        let m = l.accept_seek(b, first).unwrap();
        assert_eq!((m.a.conn, m.b.conn), (a, b));
        assert!(m.spec.rated);
        assert!(l.seeks(a).is_empty());
        assert_eq!(l.accept_seek(b, first).unwrap_err().code, "seek_gone");
    }

    #[test]
    fn pools_pair_close_ratings_and_forget_a_closed_socket() {
        let l = Lobby::new();
        let (a, _ra) = l.connect(player("ann", false)).unwrap();
        let (b, _rb) = l.connect(player("bob", false)).unwrap();
        let (c, _rc) = l.connect(player("cy", false)).unwrap();
        l.join_pool(a, spec(false), None, 0).unwrap();
        assert!(l.pair(0).is_empty(), "alone in the pool");
        l.join_pool(c, spec(false), None, 0).unwrap();
        l.disconnect(c);
        assert!(l.pair(0).is_empty(), "cy left");
        l.join_pool(b, spec(false), None, 0).unwrap();
        let m = l.pair(0);
        assert_eq!(m.len(), 1);
        assert_eq!((m[0].a.conn, m[0].b.conn), (a, b));
        assert_eq!(l.waiting(), 0);
    }

    fn flush(l: &Lobby) -> bool {
        tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap()
            .block_on(l.flush_feed())
    }

    fn feed(l: &Lobby, rx: &mut broadcast::Receiver<Event>, player: &str) -> Value {
        assert!(flush(l));
        let f = rx.try_recv().unwrap();
        serde_json::from_str(f.text_for(&format!("id-{player}")).as_str()).unwrap()
    }

    #[test]
    fn seek_changes_go_out_as_one_message_per_flush() {
        let l = Lobby::new();
        let mut rx = l.subscribe(0);
        let (a, _ra) = l.connect(player("ann", false)).unwrap();
        let (b, _rb) = l.connect(player("bob", false)).unwrap();
        assert!(!flush(&l), "nothing changed");
        let s1 = l.seek(a, spec(false), None).unwrap();
        let s2 = l.seek(b, spec(false), None).unwrap();
        let s3 = l.seek(b, spec(false), None).unwrap();
        l.cancel_seek(b, s3).unwrap();
        let ann = feed(&l, &mut rx, "ann");
        assert_eq!(ann["type"], "seeks_changed");
        let ids: Vec<_> = ann["added"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["id"].clone())
            .collect();
        assert_eq!(ids, [json!(s1), json!(s2)], "s3 came and went");
        assert_eq!(
            ann["removed"],
            json!([s3]),
            "a hello in between may have shown it"
        );
        assert_eq!(ann["added"][0]["mine"], true);
        assert_eq!(ann["added"][1]["mine"], false);
        assert!(rx.try_recv().is_err(), "one message for all four changes");
        // Another flush of the same changes with the other owner's view.
        l.cancel_seek(a, s1).unwrap();
        let cy = feed(&l, &mut rx, "cy");
        assert_eq!(cy["added"], json!([]));
        assert_eq!(cy["removed"], json!([s1]));
        assert!(!flush(&l));
    }

    #[test]
    fn too_many_changes_at_once_send_the_whole_list() {
        let l = Lobby::new();
        let mut rx = l.subscribe(0);
        let (a, _ra) = l.connect(player("ann", false)).unwrap();
        let (b, _rb) = l.connect(player("bob", false)).unwrap();
        let kept = l.seek(a, spec(false), None).unwrap();
        for _ in 0..PENDING {
            let id = l.seek(b, spec(false), None).unwrap();
            l.cancel_seek(b, id).unwrap();
        }
        let bob = feed(&l, &mut rx, "bob");
        assert_eq!(bob["type"], "seeks");
        assert_eq!(bob["seeks"], json!([l.seeks(b)[0]]));
        assert_eq!(bob["seeks"][0]["id"], kept);
        assert_eq!(bob["seeks"][0]["mine"], false);
        assert_eq!(feed_after_seek(&l, &mut rx, a)["type"], "seeks_changed");
    }

    #[test]
    fn every_group_of_sockets_gets_each_feed_message_once() {
        let l = Lobby::new();
        let (a, _ra) = l.connect(player("ann", false)).unwrap();
        let mut rxs: Vec<_> = (0..2 * SHARDS as ConnId + 3)
            .map(|c| l.subscribe(c))
            .collect();
        let id = l.seek(a, spec(false), None).unwrap();
        assert!(flush(&l));
        for rx in &mut rxs {
            let f = rx.try_recv().expect("every socket hears the change");
            let v: Value = serde_json::from_str(f.text_for("id-bob").as_str()).unwrap();
            assert_eq!(v["added"][0]["id"], id);
            assert!(rx.try_recv().is_err(), "and only once");
        }
    }

    fn feed_after_seek(l: &Lobby, rx: &mut broadcast::Receiver<Event>, conn: ConnId) -> Value {
        l.seek(conn, spec(false), None).unwrap();
        feed(l, rx, "ann")
    }

    #[test]
    fn challenges_are_answered_or_expire() {
        let l = Lobby::new();
        let (a, mut ra) = l.connect(player("ann", true)).unwrap();
        let (b, mut rb) = l.connect(player("Bob", false)).unwrap();
        assert_eq!(
            l.challenge(a, "nobody", spec(false), None, 0)
                .unwrap_err()
                .code,
            "not_online"
        );
        assert_eq!(
            l.challenge(a, "bob", spec(true), None, 0).unwrap_err().code,
            "account_needed"
        );
        let id = l.challenge(a, "bob", spec(false), None, 0).unwrap();
        assert_eq!(drain(&mut rb)[0]["type"], "challenge");
        assert_eq!(drain(&mut ra)[0]["type"], "challenge_sent");
        assert_eq!(l.answer(a, id, true).unwrap_err().code, "challenge_gone");
        assert!(l.answer(b, id, false).unwrap().is_none());
        assert_eq!(drain(&mut ra)[0]["type"], "challenge_declined");
        let id = l.challenge(a, "bob", spec(false), None, 0).unwrap();
        assert_eq!(l.expire(CHALLENGE_TTL_MS - 1), 0);
        assert_eq!(l.expire(CHALLENGE_TTL_MS), 1);
        assert_eq!(drain(&mut ra).last().unwrap()["type"], "challenge_expired");
        assert_eq!(l.answer(b, id, true).unwrap_err().code, "challenge_gone");
        let id = l.challenge(a, "bob", spec(false), None, 0).unwrap();
        let m = l.answer(b, id, true).unwrap().unwrap();
        assert_eq!((m.a.conn, m.b.conn), (a, b));
    }
}
