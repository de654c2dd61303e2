//! The Kalah Game Protocol (KGP) side of the server: bots connect over TCP (`--kgp-addr`)
//! or a WebSocket at `/socket`, and play freeplay games against each other or against a
//! computer level, stored like every other game. `docs/kgp.md` describes it for bot authors.
//!
//! The parts: [`link`] is a connection as the rest sees it (a bounded queue out, the state
//! request being answered); [`session`] reads a connection's lines and answers them;
//! [`lobby`] pairs waiting bots (or hands one to a person's challenge); [`across`] pairs a
//! bot waiting alone with one waiting alone on another server of a cluster, through
//! [`cluster`]'s challenges; [`game`] plays one game; [`identity`] makes a bot with a token a rated player; [`tcp`] and [`ws`] are the
//! transports, thin shells around a session.

mod across;
mod cluster;
mod game;
mod identity;
pub(crate) mod link;
mod lobby;
pub(crate) mod session;
mod verify;

pub use game::Challenged;
pub use lobby::NotWaiting;

use crate::fair::{Full, Share, Shares};
use crate::games::Games;
use kalah_engine::Level;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// What the KGP side allows and plays (flags of `kalah serve`; docs/kgp.md, "Limits").
#[derive(Debug, Clone)]
pub struct KgpConfig {
    /// Time a bot has for each move; then the server sends `stop`.
    pub move_time: Duration,
    /// Boards games are played on, as (houses, seeds per house); each game takes one at
    /// random.
    pub boards: Vec<(usize, usize)>,
    /// How long a bot waits alone in the lobby before it plays a computer level.
    pub pair_wait: Duration,
    /// The levels a bot alone may meet (one at random).
    pub levels: Vec<Level>,
    /// Games against a computer level at once; more bots wait for a free one.
    pub level_games: usize,
    /// A connection that sends nothing for this long is closed (the server pings it first).
    pub idle_timeout: Duration,
    /// A line begun must end within this long, however slowly its bytes trickle in (else
    /// one byte a second would hold a connection for ever).
    pub line_timeout: Duration,
    /// Open KGP connections at once (TCP and WebSocket together).
    pub max_connections: usize,
    /// Open KGP connections from one client address.
    pub max_per_address: usize,
    /// Time a person who challenged a bot has for each move; then they lose.
    pub human_move_time: Duration,
    /// What happens to a bot that sent no move by its move time (`--kgp-timeout`).
    pub timeout: KgpTimeout,
}

/// What the server does when a bot sends no move within its move time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum KgpTimeout {
    /// A random legal move is played for it and the game goes on (as the course's server
    /// does).
    #[default]
    Random,
    /// The bot loses the game.
    Loss,
}

impl std::str::FromStr for KgpTimeout {
    type Err = String;
    fn from_str(s: &str) -> Result<KgpTimeout, String> {
        match s {
            "random" => Ok(KgpTimeout::Random),
            "loss" => Ok(KgpTimeout::Loss),
            _ => Err(format!("{s:?} is not a KGP time-out: loss or random")),
        }
    }
}

impl Default for KgpConfig {
    fn default() -> Self {
        KgpConfig {
            move_time: Duration::from_secs(5),
            boards: vec![(8, 8), (6, 4), (6, 6)],
            pair_wait: Duration::from_secs(2),
            levels: Level::ALL.to_vec(),
            level_games: 4,
            idle_timeout: Duration::from_secs(60),
            line_timeout: Duration::from_secs(10),
            max_connections: 2048,
            max_per_address: 64,
            human_move_time: Duration::from_secs(120),
            timeout: KgpTimeout::Random,
        }
    }
}

/// Lines a connection may send per second on average, and at once.
pub const LINES_PER_SECOND: f64 = 50.0;
pub const LINE_BURST: f64 = 200.0;

/// The bots feature: the KGP side's own state ([`Hub`]) over the games in play, where
/// its games are stored and published like every other game. Cheap to clone.
#[derive(Clone)]
pub struct Bots {
    hub: Arc<Hub>,
    games: Games,
}

/// A [`Bots`] that does not keep the server alive (held by the games it sits on).
#[derive(Clone)]
pub(crate) struct WeakBots {
    hub: std::sync::Weak<Hub>,
    games: crate::games::WeakGames,
}

impl WeakBots {
    pub(crate) fn upgrade(&self) -> Option<Bots> {
        Some(Bots {
            hub: self.hub.upgrade()?,
            games: self.games.upgrade()?,
        })
    }
}

impl Bots {
    pub(crate) fn weak(&self) -> WeakBots {
        WeakBots {
            hub: Arc::downgrade(&self.hub),
            games: self.games.weak(),
        }
    }

    pub fn new(config: KgpConfig, games: Games) -> Bots {
        Bots {
            hub: Arc::new(Hub::new(config, games.networks())),
            games,
        }
    }

    /// The KGP side's lobby, limits and configuration.
    pub fn hub(&self) -> &Hub {
        &self.hub
    }

    /// The games in play.
    pub fn games(&self) -> &Games {
        &self.games
    }

    /// Starts a game of a person (at `owner`) against the bot named `name`, when it waits
    /// in a lobby of the cluster, on `board` (none: one drawn at random).
    pub async fn challenge(
        &self,
        name: &str,
        owner: Option<std::net::IpAddr>,
        board: Option<(usize, usize)>,
    ) -> Result<crate::error::ApiResult<Challenged>, NotWaiting> {
        self.hub.challenge(self, name, owner, board).await
    }

    /// The bots online on every server of the cluster: the first `limit`, and how many.
    pub async fn online_everywhere(
        &self,
        limit: usize,
    ) -> crate::error::ApiResult<(Vec<OnlineBot>, usize)> {
        self.hub.online_everywhere(self, limit).await
    }

    /// Puts the bots that are still connected back in the lobby.
    pub(crate) fn requeue<const N: usize>(&self, links: [Arc<link::Link>; N]) {
        for l in links {
            if !l.is_closed() {
                self.hub.lobby.join(self, l);
            }
        }
    }

    /// Answers a bot challenge another instance handed to this one.
    pub(crate) async fn answer_challenge(&self, id: &str) {
        cluster::answer(self, id).await
    }
}

/// The shared KGP state: the lobby, the connection counts and the configuration.
pub struct Hub {
    pub config: KgpConfig,
    lobby: lobby::Lobby,
    /// Open connections per address and network, and in all (`fair.rs`).
    open: Arc<Shares>,
    /// The open connections' links by admission, for closing one for a newcomer.
    links: Arc<Links>,
    level_slots: Arc<Semaphore>,
    /// Bots that chose freeplay and are still connected (closed ones are dropped on use).
    online: std::sync::Mutex<Vec<Arc<link::Link>>>,
    /// Writes of bots to the cluster's list of bots online, one at a time.
    bot_writes: tokio::sync::Mutex<()>,
}

impl Hub {
    pub fn new(config: KgpConfig, grouping: crate::budget::Networks) -> Hub {
        let most = config.max_connections.max(1);
        let caps = crate::fair::Caps {
            per_address: config.max_per_address,
            // Two addresses' worth per network, at most a quarter of the whole.
            per_network: config
                .max_per_address
                .saturating_mul(2)
                .min(most / 4)
                .max(config.max_per_address),
            soft: most,
            hard: most + most / 4,
        };
        Hub {
            open: Shares::new(caps, grouping),
            links: Arc::new(Links {
                grouping,
                open: std::sync::Mutex::new(std::collections::BTreeMap::new()),
                next: std::sync::atomic::AtomicU64::new(0),
            }),
            level_slots: Arc::new(Semaphore::new(config.level_games)),
            lobby: lobby::Lobby::default(),
            online: std::sync::Mutex::new(Vec::new()),
            bot_writes: tokio::sync::Mutex::new(()),
            config,
        }
    }

    /// Lists a bot that chose freeplay as online and puts it in the lobby.
    pub fn enter(&self, state: &Bots, link: Arc<link::Link>) {
        {
            let mut online = self.online.lock().expect("online bots");
            online.retain(|l| !l.is_closed());
            if !online.iter().any(|l| Arc::ptr_eq(l, &link)) {
                online.push(Arc::clone(&link));
            }
        }
        self.sync_bot(state, &link);
        self.lobby.join(state, link);
    }

    /// On a cluster, brings this bot's row of the bots online up to date (in the
    /// background).
    pub(crate) fn sync_bot(&self, state: &Bots, link: &Arc<link::Link>) {
        if !state.games().clustered() {
            return;
        }
        let (state, link) = (state.clone(), Arc::clone(link));
        tokio::spawn(async move { cluster::write_bot(&state, &link).await });
    }

    fn is_online(&self, link: &Arc<link::Link>) -> bool {
        let online = self.online.lock().expect("online bots");
        online.iter().any(|l| Arc::ptr_eq(l, link))
    }

    /// Takes the bot named `name` out of this server's lobby when it waits there.
    fn take_waiting(&self, name: &str) -> Result<Arc<link::Link>, NotWaiting> {
        let online = self.online.lock().expect("online bots").clone();
        self.lobby.take(name, &online)
    }

    /// Takes this server's connection numbered `number` out of the lobby when it waits
    /// there.
    fn take_waiting_number(&self, number: u64) -> Result<Arc<link::Link>, NotWaiting> {
        let online = self.online.lock().expect("online bots").clone();
        self.lobby.take_number(number, &online)
    }

    /// Starts a game of a person (at `owner`) against the bot named `name`, when it waits
    /// in the lobby, on `board` (one of [`KgpConfig::boards`]; none: one drawn at random).
    async fn challenge(
        &self,
        state: &Bots,
        name: &str,
        owner: Option<std::net::IpAddr>,
        board: Option<(usize, usize)>,
    ) -> Result<crate::error::ApiResult<Challenged>, NotWaiting> {
        let here = match self.take_waiting(name) {
            Ok(bot) => return Ok(game::challenge(state, bot, owner, board).await),
            Err(why) => why,
        };
        if !state.games().clustered() {
            return Err(here);
        }
        // On a cluster, a bot waiting on another server is played there.
        match cluster::challenge_elsewhere(state, name, owner, board).await {
            Err(NotWaiting::Absent) => Err(here),
            other => other,
        }
    }

    /// The bots online on every server of the cluster (this one's when it runs alone): the
    /// first `limit` in the order they came, and how many there are.
    async fn online_everywhere(
        &self,
        state: &Bots,
        limit: usize,
    ) -> crate::error::ApiResult<(Vec<OnlineBot>, usize)> {
        if state.games().clustered() {
            return cluster::online(state, limit).await;
        }
        let mut bots = self.online();
        let count = bots.len();
        bots.truncate(limit);
        Ok((bots, count))
    }

    /// The bots online now, in the order they came (at most one per connection, so bounded
    /// by [`KgpConfig::max_connections`]).
    pub fn online(&self) -> Vec<OnlineBot> {
        let mut online = self.online.lock().expect("online bots");
        online.retain(|l| !l.is_closed());
        online
            .iter()
            .map(|l| {
                let info = l.info.lock().expect("link info").clone();
                OnlineBot {
                    name: l.name(),
                    authors: info.authors,
                    description: info.description,
                    rated_id: info.rated_id,
                    game: l.game(),
                }
            })
            .collect()
    }

    /// A place for one more connection from `ip`, or why not: an address or network holds
    /// at most its share; at the cap, only a network with no connection open gets one (up
    /// to a quarter more), so many networks together cannot keep a new one out. When even
    /// that is full, the oldest connection not in a game of the network holding the most is
    /// closed to make room (it waits in the lobby, or sent nothing).
    pub async fn admit(&self, ip: Option<std::net::IpAddr>) -> Result<Admission, &'static str> {
        let full = match Shares::admit(&self.open, ip) {
            Ok(share) => return Ok(self.admission(share)),
            Err(full) => full,
        };
        if full == Full::Server && self.links.close_one() {
            // The closed connection's task gives its place back as soon as it runs.
            for _ in 0..20 {
                tokio::time::sleep(std::time::Duration::from_millis(10)).await;
                if let Ok(share) = Shares::admit(&self.open, ip) {
                    return Ok(self.admission(share));
                }
            }
        }
        Err(match full {
            Full::Address => "too many bot connections from your address are open already",
            Full::Network => {
                "too many bot connections from your network (addresses near yours) are open already"
            }
            Full::Server => "the server has as many bot connections as it takes; try again later",
        })
    }

    fn admission(&self, share: Share) -> Admission {
        let id = self
            .links
            .next
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Admission {
            _share: share,
            id,
            links: Arc::clone(&self.links),
        }
    }
}

/// An open connection's address (None: in-process) and its link.
type OpenLink = (Option<std::net::IpAddr>, std::sync::Weak<link::Link>);

/// The open connections' links, by admission order, with their networks.
struct Links {
    grouping: crate::budget::Networks,
    open: std::sync::Mutex<std::collections::BTreeMap<u64, OpenLink>>,
    next: std::sync::atomic::AtomicU64,
}

impl Links {
    /// Closes the oldest connection not in a game of the network holding the most open
    /// connections; false when there is none.
    fn close_one(&self) -> bool {
        let open = self.open.lock().expect("KGP links");
        let mut held = std::collections::HashMap::new();
        for (net, _) in open.values() {
            *held.entry(*net).or_insert(0usize) += 1;
        }
        let victim = open
            .iter()
            .filter_map(|(&id, (net, link))| {
                let link = link.upgrade()?;
                (!link.is_closed() && link.game().is_none())
                    .then(|| ((held[net], std::cmp::Reverse(id)), link))
            })
            .max_by_key(|(k, _)| *k);
        match victim {
            Some((_, link)) => {
                link.send(&kalah_kgp::Command::new("error").text(
                    "the server needs this connection's place for a newcomer; reconnect later",
                ));
                link.close();
                true
            }
            None => false,
        }
    }
}

/// A bot online, as `GET /api/bots` shows it.
pub struct OnlineBot {
    pub name: String,
    pub authors: Option<String>,
    pub description: Option<String>,
    /// Its rating id, when it plays rated games.
    pub rated_id: Option<String>,
    /// The game it plays now; none while it waits in the lobby.
    pub game: Option<String>,
}

/// One admitted connection's places in the counts, given back on drop.
pub struct Admission {
    _share: Share,
    id: u64,
    links: Arc<Links>,
}

impl Admission {
    /// The connection's link, once made, so that it can be closed for a newcomer.
    pub fn attach(&self, link: &Arc<link::Link>, ip: Option<std::net::IpAddr>) {
        let net = ip.map(|ip| self.links.grouping.share_key(ip));
        self.links
            .open
            .lock()
            .expect("KGP links")
            .insert(self.id, (net, Arc::downgrade(link)));
    }
}

impl Drop for Admission {
    fn drop(&mut self) {
        self.links.open.lock().expect("KGP links").remove(&self.id);
    }
}
