//! Budgets per client address and per network: token buckets (the `governor` crate) for what
//! costs the server work — creating games, moves, analysis, record parsing and WebSocket
//! connects. A client over its budget gets 429 with `Retry-After`; others are not slowed.
//! Each request spends from its address's bucket and from its network's (IPv4 /24, IPv6 /64
//! and /48, see [`Networks`]), so an attacker with many addresses in one network (a small
//! botnet in one range, or one IPv6 /64, which holds 2^64 addresses) gets a network's share,
//! not one address's share per address.

use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use serde_json::json;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::str::FromStr;
use std::time::Duration;

/// What a request spends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Create,
    Move,
    Analysis,
    Parse,
    Socket,
    /// KGP connections (TCP and WebSocket).
    Kgp,
    /// The lists of bots online and the leaderboard (pages poll them).
    Bots,
    /// Log-ins, and the calls that check a password (change it, delete the account).
    Login,
    /// New accounts.
    Signup,
    /// Player pages, the leaderboards of people and the Watch list (their own bucket, at the rate of
    /// `--bots-rate`).
    Players,
}

impl Kind {
    const ALL: [Kind; 10] = [
        Kind::Create,
        Kind::Move,
        Kind::Analysis,
        Kind::Parse,
        Kind::Socket,
        Kind::Kgp,
        Kind::Bots,
        Kind::Login,
        Kind::Signup,
        Kind::Players,
    ];

    /// The budget a request spends from, by its method and path.
    pub fn of(method: &Method, path: &str) -> Option<Kind> {
        let parts: Vec<&str> = path.trim_end_matches('/').split('/').collect();
        match (method.as_str(), parts.as_slice()) {
            ("POST", ["", "api", "games"])
            | ("POST", ["", "api", "games", _, "rematch"])
            | ("POST", ["", "api", "bots", _, "challenge"]) => Some(Kind::Create),
            ("GET", ["", "api", "bots"]) | ("GET", ["", "api", "bots", "leaderboard"]) => {
                Some(Kind::Bots)
            }
            ("GET", ["", "api", "players", _]) | ("GET", ["", "api", "leaderboard"]) => {
                Some(Kind::Players)
            }
            ("POST", ["", "api", "games", _, "moves" | "resign"]) => Some(Kind::Move),
            ("POST", ["", "api", "analyze"]) | ("GET", ["", "api", "games", _, "analysis"]) => {
                Some(Kind::Analysis)
            }
            ("POST", ["", "api", "records", "parse"]) => Some(Kind::Parse),
            // The Watch page (routes::watch).
            ("GET", ["", "api", "watch", "ws"]) => Some(Kind::Socket),
            ("GET", ["", "api", "watch"]) => Some(Kind::Players),
            ("GET", ["", "api", "games", _, "ws"]) | ("GET", ["", "api", "lobby", "ws"]) => {
                Some(Kind::Socket)
            }
            ("GET", ["", "socket"]) => Some(Kind::Kgp),
            // A new guest is a row in the database, like a new game.
            ("POST", ["", "api", "session", "guest"]) => Some(Kind::Create),
            ("POST", ["", "api", "session", "login" | "password" | "delete"]) => Some(Kind::Login),
            ("POST", ["", "api", "session", "signup"]) => Some(Kind::Signup),
            _ => None,
        }
    }

    fn what(self) -> &'static str {
        match self {
            Kind::Create => "new games",
            Kind::Move => "moves",
            Kind::Analysis => "analyses",
            Kind::Parse => "record imports",
            Kind::Socket => "live connections",
            Kind::Kgp => "bot connections",
            Kind::Bots => "bot list requests",
            Kind::Login => "log-in attempts",
            Kind::Signup => "new accounts",
            Kind::Players => "player page, leaderboard and Watch list requests",
        }
    }
}

/// A budget: `count` per `per`, all of which may be spent at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rate {
    pub count: u32,
    pub per: Duration,
}

impl FromStr for Rate {
    type Err = String;

    /// `20/min`, `10/s`, `300/h`.
    fn from_str(s: &str) -> Result<Rate, String> {
        let bad = || format!("{s:?} is not a rate: write e.g. 20/min, 10/s or 300/h");
        let (n, unit) = s.trim().split_once('/').ok_or_else(bad)?;
        let count: u32 = n.trim().parse().map_err(|_| bad())?;
        let per = match unit.trim() {
            "s" | "sec" | "second" => Duration::from_secs(1),
            "min" | "minute" => Duration::from_secs(60),
            "h" | "hour" => Duration::from_secs(3600),
            _ => return Err(bad()),
        };
        if count == 0 || count > 1_000_000 {
            return Err(format!("{s:?}: the count must be between 1 and 1000000"));
        }
        Ok(Rate { count, per })
    }
}

impl std::fmt::Display for Rate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let unit = match self.per.as_secs() {
            1 => "s",
            60 => "min",
            _ => "h",
        };
        write!(f, "{}/{unit}", self.count)
    }
}

/// The budgets of every kind (flags of `kalah serve`).
#[derive(Debug, Clone, Copy)]
pub struct Rates {
    pub create: Rate,
    pub moves: Rate,
    pub analysis: Rate,
    pub parse: Rate,
    pub sockets: Rate,
    /// KGP connections opened.
    pub kgp: Rate,
    /// Requests for the bots online and the leaderboard.
    pub bots: Rate,
    /// Log-ins (and password checks) per address.
    pub login: Rate,
    /// Accounts created per address (sign-up says whether a name is taken, so this also
    /// bounds how fast names can be probed).
    pub signup: Rate,
}

impl Default for Rates {
    fn default() -> Self {
        let r = |count, secs| Rate {
            count,
            per: Duration::from_secs(secs),
        };
        Rates {
            create: r(30, 60),
            moves: r(20, 1),
            analysis: r(60, 60),
            parse: r(30, 60),
            sockets: r(60, 60),
            kgp: r(60, 60),
            bots: r(300, 60),
            login: r(10, 60),
            signup: r(10, 3600),
        }
    }
}

impl Rates {
    fn get(&self, kind: Kind) -> Rate {
        match kind {
            Kind::Create => self.create,
            Kind::Move => self.moves,
            Kind::Analysis => self.analysis,
            Kind::Parse => self.parse,
            Kind::Socket => self.sockets,
            Kind::Kgp => self.kgp,
            Kind::Bots => self.bots,
            Kind::Login => self.login,
            Kind::Signup => self.signup,
            Kind::Players => self.bots,
        }
    }
}

/// How addresses are grouped into networks, and how much more than one address a network
/// may spend (`kalah serve --network-share`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Networks {
    /// Prefix length of an IPv4 network (24: 256 addresses).
    pub v4_prefix: u8,
    /// Prefix lengths of an IPv6 network and of the wider one around it (64 and 48: an end
    /// site usually gets a /48, a LAN a /64).
    pub v6_prefix: u8,
    pub v6_wide_prefix: u8,
    /// A network's budget is this many addresses' (the wider IPv6 one: this squared).
    pub share: u32,
}

impl Default for Networks {
    fn default() -> Networks {
        Networks {
            v4_prefix: 24,
            v6_prefix: 64,
            v6_wide_prefix: 48,
            share: 8,
        }
    }
}

impl Networks {
    /// The network whose holders share one share of a scarce resource (`fair.rs`): an IPv4
    /// address's /24 (`v4_prefix`), an IPv6 address's /48 (`v6_wide_prefix`), so that one
    /// site, however many /64s it has, is one network.
    pub fn share_key(&self, ip: IpAddr) -> IpAddr {
        let [narrow, wide] = self.of(ip);
        wide.or(narrow).unwrap_or(ip)
    }

    /// The networks `ip` belongs to, narrowest first: its /24 (IPv4), or its /64 and /48.
    fn of(&self, ip: IpAddr) -> [Option<IpAddr>; 2] {
        match ip {
            IpAddr::V4(a) => [Some(IpAddr::V4(mask_v4(a, self.v4_prefix))), None],
            IpAddr::V6(a) => match a.to_ipv4_mapped() {
                Some(v4) => [Some(IpAddr::V4(mask_v4(v4, self.v4_prefix))), None],
                None => [
                    Some(IpAddr::V6(mask_v6(a, self.v6_prefix))),
                    Some(IpAddr::V6(mask_v6(a, self.v6_wide_prefix))),
                ],
            },
        }
    }
}

fn mask_v4(a: std::net::Ipv4Addr, prefix: u8) -> std::net::Ipv4Addr {
    let bits = u32::from(a);
    let keep = u32::MAX
        .checked_shl(32 - u32::from(prefix.min(32)))
        .unwrap_or(0);
    std::net::Ipv4Addr::from(bits & keep)
}

fn mask_v6(a: std::net::Ipv6Addr, prefix: u8) -> std::net::Ipv6Addr {
    let bits = u128::from(a);
    let keep = u128::MAX
        .checked_shl(128 - u32::from(prefix.min(128)))
        .unwrap_or(0);
    std::net::Ipv6Addr::from(bits & keep)
}

/// Who a refused request spent too much as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Whose {
    Address,
    Network,
}

fn limiter(rate: Rate, times: u32) -> DefaultKeyedRateLimiter<IpAddr> {
    let count = rate.count.saturating_mul(times.max(1));
    let burst = NonZeroU32::new(count).expect("a rate above 0");
    let quota = Quota::with_period(rate.per / count)
        .expect("a period above 0")
        .allow_burst(burst);
    RateLimiter::keyed(quota)
}

/// The limiters, one per kind, keyed by client address, and per network.
pub struct Budgets {
    rates: Rates,
    limiters: Vec<DefaultKeyedRateLimiter<IpAddr>>,
    /// Per kind: the narrow networks' (IPv4 /24, IPv6 /64) and the wide ones' (IPv6 /48).
    networks: Vec<[DefaultKeyedRateLimiter<IpAddr>; 2]>,
    grouping: Networks,
}

impl Budgets {
    pub fn new(rates: &Rates) -> Budgets {
        Budgets::with_networks(rates, Networks::default())
    }

    pub fn with_networks(rates: &Rates, grouping: Networks) -> Budgets {
        let share = grouping.share;
        let limiters = Kind::ALL
            .iter()
            .map(|&k| limiter(rates.get(k), 1))
            .collect();
        let networks = Kind::ALL
            .iter()
            .map(|&k| {
                let rate = rates.get(k);
                [
                    limiter(rate, share),
                    limiter(rate, share.saturating_mul(share)),
                ]
            })
            .collect();
        Budgets {
            rates: *rates,
            limiters,
            networks,
            grouping,
        }
    }

    /// Spends one from `ip`'s budget of `kind` and from its networks', or says when to come
    /// back.
    pub fn spend(&self, kind: Kind, ip: IpAddr) -> Result<(), Refused> {
        let refuse = |whose, not_until: governor::NotUntil<_>| Refused {
            kind,
            whose,
            wait: not_until.wait_time_from(DefaultClock::default().now()),
        };
        self.limiters[kind as usize]
            .check_key(&ip)
            .map_err(|n| refuse(Whose::Address, n))?;
        let nets = &self.networks[kind as usize];
        for (net, limiter) in self.grouping.of(ip).iter().zip(nets) {
            if let Some(net) = net {
                limiter
                    .check_key(net)
                    .map_err(|n| refuse(Whose::Network, n))?;
            }
        }
        Ok(())
    }

    /// The buckets a request of `kind` from `ip` spends from in the database, shared by every
    /// instance on it (log-ins and sign-ups, the budgets that protect accounts), address first;
    /// None for the kinds kept in this process's memory.
    pub fn shared(&self, kind: Kind, ip: IpAddr) -> Option<Vec<kalah_storage::Spend>> {
        let name = match kind {
            Kind::Login => "login",
            Kind::Signup => "signup",
            _ => return None,
        };
        let rate = self.rates.get(kind);
        let share = self.grouping.share;
        let bucket = |whose: &str, key: IpAddr, times: u32| kalah_storage::Spend {
            bucket: format!("{name}:{whose}:{key}"),
            most: rate.count.saturating_mul(times),
            window_ms: rate.per.as_millis() as i64,
        };
        let mut spends = vec![bucket("a", ip, 1)];
        let [narrow, wide] = self.grouping.of(ip);
        if let Some(n) = narrow {
            spends.push(bucket("n", n, share));
        }
        if let Some(w) = wide {
            spends.push(bucket("w", w, share.saturating_mul(share)));
        }
        Some(spends)
    }

    /// The refusal of a request of `kind` whose bucket `index` of [`Budgets::shared`] is full
    /// for `wait_ms` more.
    pub fn refused_shared(kind: Kind, index: usize, wait_ms: i64) -> Refused {
        Refused {
            kind,
            whose: if index == 0 {
                Whose::Address
            } else {
                Whose::Network
            },
            wait: Duration::from_millis(wait_ms.max(0) as u64),
        }
    }

    /// Forgets addresses whose buckets are full again, so the maps stay as small as the set
    /// of recent clients.
    pub fn forget_idle(&self) {
        let nets = self.networks.iter().flatten();
        for l in self.limiters.iter().chain(nets) {
            l.retain_recent();
            l.shrink_to_fit();
        }
    }

    /// Addresses and networks remembered, over all kinds.
    pub fn len(&self) -> usize {
        let nets = self.networks.iter().flatten();
        self.limiters.iter().chain(nets).map(|l| l.len()).sum()
    }
}

/// A request over its budget: 429 with `Retry-After`.
#[derive(Debug)]
pub struct Refused {
    kind: Kind,
    whose: Whose,
    wait: Duration,
}

/// Longest a refusal is held back before it is sent.
const MOST_DELAY: Duration = Duration::from_secs(1);

impl Refused {
    /// How long to hold the refusal back: a client that ignores `Retry-After` and asks again
    /// at once would otherwise spend the server's CPU on thousands of cheap refusals a second;
    /// held back, it waits (up to its connection cap) while costing nothing.
    pub fn delay(&self) -> Duration {
        self.wait.min(MOST_DELAY)
    }

    fn secs(&self) -> u64 {
        self.wait.as_secs_f64().ceil().max(1.0) as u64
    }

    /// What the client is told.
    pub fn message(&self) -> String {
        let whose = match self.whose {
            Whose::Address => "your address",
            Whose::Network => "your network (addresses near yours share a budget)",
        };
        format!(
            "too many {} from {whose}; try again in {} s",
            self.kind.what(),
            self.secs()
        )
    }
}

impl IntoResponse for Refused {
    fn into_response(self) -> Response {
        let secs = self.secs();
        let body = json!({
            "error": self.message(),
            "code": "rate_limited",
        });
        let mut r = (StatusCode::TOO_MANY_REQUESTS, axum::Json(body)).into_response();
        r.headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from(secs));
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_map_to_budgets() {
        let (get, post) = (Method::GET, Method::POST);
        assert_eq!(Kind::of(&post, "/api/games"), Some(Kind::Create));
        assert_eq!(
            Kind::of(&post, "/api/games/abc/rematch"),
            Some(Kind::Create)
        );
        assert_eq!(Kind::of(&post, "/api/games/abc/moves"), Some(Kind::Move));
        assert_eq!(
            Kind::of(&get, "/api/games/abc/analysis"),
            Some(Kind::Analysis)
        );
        assert_eq!(Kind::of(&post, "/api/analyze"), Some(Kind::Analysis));
        assert_eq!(Kind::of(&post, "/api/records/parse"), Some(Kind::Parse));
        assert_eq!(Kind::of(&get, "/api/games/abc/ws"), Some(Kind::Socket));
        assert_eq!(Kind::of(&get, "/socket"), Some(Kind::Kgp));
        assert_eq!(Kind::of(&get, "/api/lobby/ws"), Some(Kind::Socket));
        assert_eq!(Kind::of(&get, "/api/players/alice"), Some(Kind::Players));
        assert_eq!(Kind::of(&get, "/api/leaderboard"), Some(Kind::Players));
        assert_eq!(Kind::of(&post, "/api/bots/x/challenge"), Some(Kind::Create));
        assert_eq!(Kind::of(&get, "/api/bots"), Some(Kind::Bots));
        assert_eq!(Kind::of(&get, "/api/bots/leaderboard"), Some(Kind::Bots));
        assert_eq!(Kind::of(&post, "/api/session/guest"), Some(Kind::Create));
        assert_eq!(Kind::of(&post, "/api/session/login"), Some(Kind::Login));
        assert_eq!(Kind::of(&post, "/api/session/password"), Some(Kind::Login));
        assert_eq!(Kind::of(&post, "/api/session/signup"), Some(Kind::Signup));
        assert_eq!(Kind::of(&get, "/api/session"), None);
        assert_eq!(Kind::of(&get, "/api/games/abc"), None);
        assert_eq!(Kind::of(&get, "/"), None);
    }

    #[test]
    fn many_addresses_of_one_network_share_its_budget() {
        let rates = Rates {
            create: Rate {
                count: 2,
                per: Duration::from_secs(3600),
            },
            ..Rates::default()
        };
        let b = Budgets::new(&rates);
        // 64 addresses of one /24, each within its own budget: the network's 16 and no more.
        let mut served = 0;
        for host in 1..=64u8 {
            let ip: IpAddr = format!("10.1.2.{host}").parse().unwrap();
            for _ in 0..2 {
                served += usize::from(b.spend(Kind::Create, ip).is_ok());
            }
        }
        assert_eq!(served, 16, "8 addresses' worth");
        let refused = b
            .spend(Kind::Create, "10.1.2.200".parse().unwrap())
            .unwrap_err();
        assert!(
            refused.message().contains("your network"),
            "{}",
            refused.message()
        );
        // The next /24 is another network.
        assert!(b.spend(Kind::Create, "10.1.3.1".parse().unwrap()).is_ok());
        // IPv6: one /64 holds 2^64 addresses, and gets one network's share.
        let mut served = 0;
        for host in 1..=64u16 {
            let ip: IpAddr = format!("2001:db8:1:2::{host:x}").parse().unwrap();
            served += usize::from(b.spend(Kind::Create, ip).is_ok());
        }
        assert_eq!(served, 16);
        // Each /64 of one /48 has its share, and the /48 as a whole 64 addresses' worth.
        let mut served = 0;
        for net in 0..40u16 {
            for host in 1..=20u16 {
                let ip: IpAddr = format!("2001:db8:7:{net:x}::{host:x}").parse().unwrap();
                served += usize::from(b.spend(Kind::Create, ip).is_ok());
            }
        }
        assert_eq!(served, 128, "the /48's 64 addresses' worth");
        // An IPv4 address written as IPv6 is in its IPv4 network.
        let mapped: IpAddr = "::ffff:10.1.2.77".parse().unwrap();
        assert!(b.spend(Kind::Create, mapped).is_err());
    }

    #[test]
    fn networks_are_masked_by_prefix() {
        let n = Networks::default();
        let ip: IpAddr = "192.168.7.201".parse().unwrap();
        assert_eq!(n.of(ip), [Some("192.168.7.0".parse().unwrap()), None]);
        let ip: IpAddr = "2001:db8:aa:bb:1:2:3:4".parse().unwrap();
        assert_eq!(
            n.of(ip),
            [
                Some("2001:db8:aa:bb::".parse().unwrap()),
                Some("2001:db8:aa::".parse().unwrap())
            ]
        );
        let wide = Networks { v4_prefix: 16, ..n };
        assert_eq!(
            wide.of("10.9.8.7".parse().unwrap())[0],
            Some("10.9.0.0".parse().unwrap())
        );
    }

    #[test]
    fn rates_parse_and_print() {
        assert_eq!("20/min".parse::<Rate>().unwrap().to_string(), "20/min");
        assert_eq!("10/s".parse::<Rate>().unwrap().per, Duration::from_secs(1));
        for bad in ["20", "0/s", "x/min", "5/day"] {
            assert!(bad.parse::<Rate>().is_err(), "{bad}");
        }
    }

    #[test]
    fn a_budget_is_per_address_and_refills() {
        let rates = Rates {
            create: Rate {
                count: 3,
                per: Duration::from_secs(3600),
            },
            ..Rates::default()
        };
        let b = Budgets::new(&rates);
        let (a, c): (IpAddr, IpAddr) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        for _ in 0..3 {
            assert!(b.spend(Kind::Create, a).is_ok());
        }
        let refused = b.spend(Kind::Create, a).unwrap_err();
        assert!(refused.wait > Duration::from_secs(60));
        assert_eq!(refused.delay(), MOST_DELAY, "held back at most a second");
        assert!(
            b.spend(Kind::Create, c).is_ok(),
            "another address has its own budget"
        );
        assert!(
            b.spend(Kind::Move, a).is_ok(),
            "other kinds have their own budget"
        );
        let r = refused.into_response();
        assert_eq!(r.status(), StatusCode::TOO_MANY_REQUESTS);
        assert!(
            r.headers()[header::RETRY_AFTER]
                .to_str()
                .unwrap()
                .parse::<u64>()
                .unwrap()
                > 60
        );
    }
}
