//! Fair shares of the server's scarce resources between networks: the engine's searches
//! (computer moves and hints), KGP and HTTP connection places.
//!
//! Two pieces, used by each resource:
//!
//! - [`Shares`] admits holders (a game with a computer move pending, a hint running or
//!   waiting, an open connection): each address and each network (an IPv4 /24, an IPv6 /48;
//!   see [`Networks::share_key`]) holds at most its share, and past the soft cap only a
//!   *newcomer*, a network holding nothing yet, is admitted, up to a hard cap kept for memory.
//!   So an attacker with many addresses in one network gets one network's share, and one with
//!   many networks still cannot keep a new network out.
//! - [`Queue`] hands out the engine's threads: start-time fair queueing by network, so the
//!   next search goes to the network that has had the fewest turns lately (a newcomer goes
//!   first), and [`Queue::time_for`] shortens each search as the queue grows, so that a turn
//!   comes round within [`ROUND`] however many networks wait: under pressure the computer
//!   answers with a shallower search before anyone is refused.

use crate::budget::Networks;
use std::collections::{BTreeMap, HashMap};
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::oneshot;

/// How long a full round of the engine's queue should take: every waiting network's search
/// once, over the engine's threads. Searches are shortened to fit.
pub const ROUND: Duration = Duration::from_millis(1500);
/// The shortest search the queue shortens to.
pub const SHORTEST: Duration = Duration::from_millis(20);

/// Open seeks made from one network's lobby sockets (eight addresses' worth).
pub const SEEKS_PER_NETWORK: usize = 24;
/// Seeks past the lobby's cap for networks with none open.
pub const NEWCOMER_SEEKS: usize = 100;
/// Challenges waiting for one player from one network's sockets.
pub const CHALLENGES_PER_NETWORK: usize = 2;
/// Challenges waiting for one player past their cap, for networks with none there.
pub const NEWCOMER_CHALLENGES: usize = 40;

/// The refusal of a seek when the player's network has its share open.
pub fn network_seeks_full() -> crate::error::ApiError {
    crate::error::ApiError::too_many(format!(
        "{SEEKS_PER_NETWORK} seeks from your network (addresses near yours) are open already; \
         accept one, or try again later"
    ))
}

/// The refusal of a challenge to `to` when the player's network has its share waiting there.
pub fn network_challenges_full(to: &str) -> crate::error::ApiError {
    crate::error::ApiError::too_many(format!(
        "{to} has {CHALLENGES_PER_NETWORK} challenges from your network (addresses near \
         yours) to answer already; try again later"
    ))
}

/// The caps of one resource.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Caps {
    /// Held by one address.
    pub per_address: usize,
    /// Held by one network.
    pub per_network: usize,
    /// Held in all before only newcomers are admitted.
    pub soft: usize,
    /// Held in all, newcomers too (memory).
    pub hard: usize,
}

/// Why a holder was not admitted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Full {
    /// Its address holds its share.
    Address,
    /// Its network holds its share.
    Network,
    /// The resource is past its soft cap and the network holds some already, or past its
    /// hard cap.
    Server,
}

#[derive(Default)]
struct Counts {
    total: usize,
    addresses: HashMap<IpAddr, usize>,
    networks: HashMap<IpAddr, usize>,
}

fn up(m: &mut HashMap<IpAddr, usize>, k: IpAddr) {
    *m.entry(k).or_insert(0) += 1;
}

fn down(m: &mut HashMap<IpAddr, usize>, k: IpAddr) {
    if let Some(n) = m.get_mut(&k) {
        *n -= 1;
        if *n == 0 {
            m.remove(&k);
        }
    }
}

/// Holders of one resource per address and per network (see the module's docs).
pub struct Shares {
    counts: Mutex<Counts>,
    caps: Caps,
    grouping: Networks,
}

/// One holder's place in [`Shares`], given back on drop.
pub struct Share {
    shares: Arc<Shares>,
    ip: Option<IpAddr>,
}

impl Shares {
    pub fn new(caps: Caps, grouping: Networks) -> Arc<Shares> {
        Arc::new(Shares {
            counts: Mutex::new(Counts::default()),
            caps,
            grouping,
        })
    }

    pub fn caps(&self) -> Caps {
        self.caps
    }

    /// A place for a holder from `ip` (None: a caller of this process, which only the hard
    /// cap holds back). `newcomer_only` past the soft cap; see the module's docs.
    pub fn admit(shares: &Arc<Shares>, ip: Option<IpAddr>) -> Result<Share, Full> {
        let caps = shares.caps;
        let mut c = shares.counts.lock().expect("shares");
        if c.total >= caps.hard {
            return Err(Full::Server);
        }
        if let Some(ip) = ip {
            let net = shares.grouping.share_key(ip);
            if c.addresses.get(&ip).copied().unwrap_or(0) >= caps.per_address {
                return Err(Full::Address);
            }
            let held = c.networks.get(&net).copied().unwrap_or(0);
            if held >= caps.per_network {
                return Err(Full::Network);
            }
            if c.total >= caps.soft && held > 0 {
                return Err(Full::Server);
            }
            up(&mut c.addresses, ip);
            up(&mut c.networks, net);
        } else if c.total >= caps.soft {
            return Err(Full::Server);
        }
        c.total += 1;
        Ok(Share {
            shares: Arc::clone(shares),
            ip,
        })
    }

    /// A place that is never refused: for a holder admitted before whose need comes again
    /// (a game's next computer move), counted so that newcomers are judged against it.
    pub fn hold(shares: &Arc<Shares>, ip: Option<IpAddr>) -> Share {
        let mut c = shares.counts.lock().expect("shares");
        if let Some(ip) = ip {
            up(&mut c.addresses, ip);
            up(&mut c.networks, shares.grouping.share_key(ip));
        }
        c.total += 1;
        Share {
            shares: Arc::clone(shares),
            ip,
        }
    }

    /// Holders in all.
    #[cfg(test)]
    pub fn total(&self) -> usize {
        self.counts.lock().expect("shares").total
    }

    /// Holders of `ip`'s network.
    #[cfg(test)]
    pub fn of_network(&self, ip: IpAddr) -> usize {
        let net = self.grouping.share_key(ip);
        let c = self.counts.lock().expect("shares");
        c.networks.get(&net).copied().unwrap_or(0)
    }

    /// Addresses and networks remembered (they leave with their last holder).
    #[cfg(test)]
    fn remembered(&self) -> usize {
        let c = self.counts.lock().expect("shares");
        c.addresses.len() + c.networks.len()
    }
}

impl Drop for Share {
    fn drop(&mut self) {
        let mut c = self.shares.counts.lock().expect("shares");
        c.total -= 1;
        if let Some(ip) = self.ip {
            let net = self.shares.grouping.share_key(ip);
            down(&mut c.addresses, ip);
            down(&mut c.networks, net);
        }
    }
}

/// A network's place in the queue: the virtual time of its next turn, and its turns queued
/// or running (it is forgotten when it has none).
struct Net {
    next: u64,
    holding: usize,
}

#[derive(Default)]
struct QueueInner {
    /// Turns running.
    running: usize,
    /// The virtual time: the start tag of the last turn given.
    now: u64,
    seq: u64,
    nets: HashMap<IpAddr, Net>,
    /// Waiting turns by start tag, then arrival.
    waiting: BTreeMap<(u64, u64), oneshot::Sender<()>>,
}

/// The engine's turns, handed out fairly between networks (see the module's docs).
pub struct Queue {
    inner: Mutex<QueueInner>,
    /// Turns at once: the engine's threads.
    slots: usize,
    grouping: Networks,
}

/// A turn at the engine, given back on drop (the next one goes out then).
pub struct Turn {
    queue: Arc<Queue>,
    net: Option<IpAddr>,
    /// Still in the queue (dropped before its turn came).
    waiting: Option<(u64, u64)>,
}

impl Queue {
    pub fn new(slots: usize, grouping: Networks) -> Arc<Queue> {
        Arc::new(Queue {
            inner: Mutex::new(QueueInner::default()),
            slots: slots.max(1),
            grouping,
        })
    }

    /// Waits for a turn of `ip`'s network (None: the server's own, a network of its own).
    pub async fn turn(queue: &Arc<Queue>, ip: Option<IpAddr>) -> Turn {
        let net = ip.map(|ip| queue.grouping.share_key(ip));
        let rx = {
            let mut q = queue.inner.lock().expect("engine queue");
            let now = q.now;
            let entry = q.nets.entry(net.unwrap_or(UNSPECIFIED)).or_insert(Net {
                next: now,
                holding: 0,
            });
            // A network that had no turn for a while starts at the present, not with credit
            // for the past; one that keeps asking falls behind the others by a turn each time.
            let tag = entry.next.max(now);
            entry.next = tag + 1;
            entry.holding += 1;
            if q.running < queue.slots && q.waiting.is_empty() {
                q.running += 1;
                q.now = tag;
                None
            } else {
                let (tx, rx) = oneshot::channel();
                q.seq += 1;
                let key = (tag, q.seq);
                q.waiting.insert(key, tx);
                Some((key, rx))
            }
        };
        let mut turn = Turn {
            queue: Arc::clone(queue),
            net,
            waiting: None,
        };
        if let Some((key, rx)) = rx {
            turn.waiting = Some(key);
            // The sender is only dropped after it was sent to, or with the queue.
            let _ = rx.await;
            turn.waiting = None;
        }
        turn
    }

    /// How long a search of at most `cap` may take now: when others wait for a turn,
    /// shortened so that every turn running or waiting gets one within [`ROUND`] (never
    /// under [`SHORTEST`]); with no one waiting, the whole `cap`.
    pub fn time_for(&self, cap: Duration) -> Duration {
        let q = self.inner.lock().expect("engine queue");
        if q.waiting.is_empty() {
            return cap;
        }
        let busy = (q.running + q.waiting.len()) as u32;
        let share = ROUND * self.slots as u32 / busy.max(1);
        cap.min(share.max(SHORTEST))
    }

    /// Turns running and waiting.
    pub fn busy(&self) -> (usize, usize) {
        let q = self.inner.lock().expect("engine queue");
        (q.running, q.waiting.len())
    }
}

/// The network of the server's own searches (no client address).
const UNSPECIFIED: IpAddr = IpAddr::V6(std::net::Ipv6Addr::UNSPECIFIED);

impl Drop for Turn {
    fn drop(&mut self) {
        let mut q = self.queue.inner.lock().expect("engine queue");
        let net = self.net.unwrap_or(UNSPECIFIED);
        if let Some(n) = q.nets.get_mut(&net) {
            n.holding -= 1;
            if n.holding == 0 {
                q.nets.remove(&net);
            }
        }
        // Given up before its turn: out of the queue. If the turn had just been given (the
        // sender fired, the wake not yet seen), it is given on below.
        if let Some(key) = self.waiting.take() {
            if q.waiting.remove(&key).is_some() {
                return;
            }
        }
        q.running -= 1;
        // The next turn: the smallest start tag whose waiter is still there.
        while q.running < self.queue.slots {
            let Some(((tag, _), tx)) = q.waiting.pop_first() else {
                break;
            };
            if tx.send(()).is_ok() {
                q.running += 1;
                q.now = q.now.max(tag);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    fn caps() -> Caps {
        Caps {
            per_address: 2,
            per_network: 3,
            soft: 4,
            hard: 6,
        }
    }

    #[test]
    fn shares_bound_addresses_networks_and_keep_room_for_newcomers() {
        let s = Shares::new(caps(), Networks::default());
        let a = Shares::admit(&s, Some(ip("10.0.0.1"))).unwrap();
        let _a2 = Shares::admit(&s, Some(ip("10.0.0.1"))).unwrap();
        assert_eq!(
            Shares::admit(&s, Some(ip("10.0.0.1"))).err(),
            Some(Full::Address)
        );
        let _b = Shares::admit(&s, Some(ip("10.0.0.2"))).unwrap();
        // Three from 10.0.0.0/24: a fourth address of it is held to the network's share.
        assert_eq!(
            Shares::admit(&s, Some(ip("10.0.0.3"))).err(),
            Some(Full::Network)
        );
        let _c = Shares::admit(&s, Some(ip("10.0.1.1"))).unwrap();
        // Past the soft cap (4): a network holding one already waits, a newcomer comes in.
        assert_eq!(
            Shares::admit(&s, Some(ip("10.0.1.2"))).err(),
            Some(Full::Server)
        );
        let _d = Shares::admit(&s, Some(ip("10.0.2.1"))).unwrap();
        let _e = Shares::admit(&s, Some(ip("10.0.3.1"))).unwrap();
        // The hard cap holds newcomers too.
        assert_eq!(
            Shares::admit(&s, Some(ip("10.0.4.1"))).err(),
            Some(Full::Server)
        );
        drop(a);
        assert_eq!(s.total(), 5);
        assert_eq!(s.of_network(ip("10.0.0.9")), 2);
        // IPv6: one /48 is one network, whatever its /64s.
        let s6 = Shares::new(caps(), Networks::default());
        let held: Vec<_> = (0..3)
            .map(|i| Shares::admit(&s6, Some(ip(&format!("2001:db8:0:{i}::1")))).unwrap())
            .collect();
        assert_eq!(
            Shares::admit(&s6, Some(ip("2001:db8:0:9::1"))).err(),
            Some(Full::Network)
        );
        drop(held);
        assert_eq!(s6.remembered(), 0);
    }

    /// Many networks keep the engine busy; a newcomer's search still starts next, and each
    /// search is shortened so that a round fits in [`ROUND`].
    #[tokio::test]
    async fn a_newcomer_goes_first_and_searches_shorten_under_pressure() {
        let q = Queue::new(1, Networks::default());
        let first = Queue::turn(&q, Some(ip("10.1.0.1"))).await;
        // Sixty-four attacking networks, each asking again as soon as it is served.
        let order = Arc::new(Mutex::new(Vec::new()));
        let mut tasks = Vec::new();
        for i in 0..64 {
            let (q, order) = (Arc::clone(&q), Arc::clone(&order));
            tasks.push(tokio::spawn(async move {
                for _ in 0..3 {
                    let t = Queue::turn(&q, Some(ip(&format!("10.2.{i}.1")))).await;
                    order.lock().unwrap().push(format!("a{i}"));
                    tokio::time::sleep(Duration::from_millis(2)).await;
                    drop(t);
                }
            }));
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert_eq!(q.busy(), (1, 64));
        assert_eq!(q.time_for(Duration::from_secs(4)), ROUND / 65);
        // The same network asking again waits behind every other network.
        let q2 = Arc::clone(&q);
        let again = tokio::spawn(async move {
            let _t = Queue::turn(&q2, Some(ip("10.1.0.2"))).await;
        });
        tokio::time::sleep(Duration::from_millis(20)).await;
        drop(first);
        // The honest newcomer asks after the attackers' first round started.
        tokio::time::sleep(Duration::from_millis(20)).await;
        let asked = order.lock().unwrap().len();
        let honest = Queue::turn(&q, Some(ip("192.0.2.7"))).await;
        let served = order.lock().unwrap().len() - asked;
        // It waited for at most one round of the others (64 networks and 10.1.0.0/24's
        // second turn), never for a network's turn after that.
        assert!(served <= 65, "{served} turns before the newcomer's");
        assert!(asked < 64 * 3, "the attackers were still asking");
        drop(honest);
        for t in tasks {
            t.await.unwrap();
        }
        again.await.unwrap();
        assert_eq!(q.busy(), (0, 0));
        assert!(q.inner.lock().unwrap().nets.is_empty());
        assert_eq!(q.time_for(Duration::from_secs(4)), Duration::from_secs(4));
        assert_eq!(
            q.time_for(Duration::from_millis(5)),
            Duration::from_millis(5)
        );
    }
}
