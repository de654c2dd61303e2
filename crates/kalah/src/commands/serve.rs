//! `kalah serve`: the browser game's server.

use crate::error::{CliError, CliResult};
use clap::Args;
use kalah_server::{Caps, ConnLimits, KgpConfig, Networks, Policy, Rate, Rates};
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::time::Duration;

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Address to listen on (port 0 picks a free port)
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// Data directory for the games and endgame databases (created on first start)
    /// [default: $KALAH_DATA, else the platform data directory, ~/.local/share/kalah on Linux]
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
    /// Where the games, players and ratings are: sqlite:PATH (a file, created on first
    /// start) or postgres://USER:PASSWORD@HOST:PORT/DATABASE (see docs/deploy.md)
    /// [default: $KALAH_DATABASE (which keeps a password out of the process list), else
    /// sqlite:games.db in the data directory]
    #[arg(long, value_name = "URL")]
    pub database: Option<kalah_storage::Location>,
    /// PostgreSQL only: connections for reads (games, player pages, leaderboards), beside
    /// the writer's and the listener's, so each instance holds N + 2 (count them against
    /// the server's max_connections; docs/deploy.md); 0 runs reads on the writer's
    #[arg(long, value_name = "N", default_value_t = kalah_server::DB_READERS)]
    pub db_connections: usize,
    /// Most open HTTP connections at once (lowered to fit the open-file limit)
    #[arg(long, value_name = "N", default_value_t = ConnLimits::default().max_connections)]
    pub max_connections: usize,
    /// Most open HTTP connections from one client address
    #[arg(long, value_name = "N", default_value_t = ConnLimits::default().max_per_address)]
    pub max_connections_per_address: usize,
    /// Most open HTTP connections from one network, an IPv4 /24 or IPv6 /48
    #[arg(long, value_name = "N", default_value_t = ConnLimits::default().max_per_network)]
    pub max_connections_per_network: usize,
    /// Seconds a client has to send a request's headers; idle keep-alive connections close
    /// after as long
    #[arg(long, value_name = "SECONDS", default_value_t = ConnLimits::default().header_timeout.as_secs())]
    pub header_timeout: u64,
    /// Budget of new games (and rematches) per client address, e.g. 30/min
    #[arg(long, value_name = "RATE", default_value_t = Rates::default().create)]
    pub create_rate: Rate,
    /// Budget of moves and resignations per client address, e.g. 20/s
    #[arg(long, value_name = "RATE", default_value_t = Rates::default().moves)]
    pub move_rate: Rate,
    /// Budget of analyses and hints per client address, e.g. 60/min
    #[arg(long, value_name = "RATE", default_value_t = Rates::default().analysis)]
    pub analysis_rate: Rate,
    /// Budget of game-record imports per client address, e.g. 30/min
    #[arg(long, value_name = "RATE", default_value_t = Rates::default().parse)]
    pub parse_rate: Rate,
    /// Budget of WebSocket connections opened per client address, e.g. 60/min
    #[arg(long, value_name = "RATE", default_value_t = Rates::default().sockets)]
    pub socket_rate: Rate,
    /// Budget of log-ins (and password changes and account deletions) per client address,
    /// e.g. 10/min
    #[arg(long, value_name = "RATE", default_value_t = Rates::default().login)]
    pub login_rate: Rate,
    /// Budget of new accounts per client address, e.g. 10/h (sign-up tells whether a name is
    /// taken, so this also bounds how fast names can be probed)
    #[arg(long, value_name = "RATE", default_value_t = Rates::default().signup)]
    pub signup_rate: Rate,
    /// A network's budgets are this many addresses' (1: a network is held to one address's);
    /// networks are IPv4 /24s and IPv6 /64s, and IPv6 /48s get this squared
    #[arg(long, value_name = "N", default_value_t = Networks::default().share, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub network_share: u32,
    /// Prefix length of an IPv4 network for the budgets (24: 256 addresses)
    #[arg(long, value_name = "BITS", default_value_t = Networks::default().v4_prefix, value_parser = clap::value_parser!(u8).range(8..=32))]
    pub ipv4_network_prefix: u8,
    /// Prefix length of an IPv6 network for the budgets (64: one LAN)
    #[arg(long, value_name = "BITS", default_value_t = Networks::default().v6_prefix, value_parser = clap::value_parser!(u8).range(16..=128))]
    pub ipv6_network_prefix: u8,
    /// Send the session cookie without `Secure`, for serving over plain HTTP on a LAN
    /// (browsers keep secure cookies for http://localhost and 127.0.0.1 anyway; never use
    /// this on the Internet)
    #[arg(long)]
    pub insecure_cookies: bool,
    /// Also offer the short time control `0+5` (5 s a move after a free first move), for
    /// browser tests of flag falls; never on a real server
    #[arg(long, hide = true)]
    pub test_time_controls: bool,
    /// How long (seconds) a player must be gone before the opponent may claim the game,
    /// instead of 60, for browser tests of claims; never on a real server
    #[arg(long, hide = true, value_name = "SECONDS")]
    pub test_claim_grace: Option<u64>,
    /// A reverse proxy in front of the server (repeat for several): for its requests the client
    /// address comes from X-Forwarded-For; from anyone else that header is ignored
    #[arg(long, value_name = "IP")]
    pub trust_proxy: Vec<IpAddr>,
    /// Most analyses and hints running or waiting at once (more: 503)
    #[arg(long, value_name = "N", default_value_t = Caps::default().analyses)]
    pub max_analyses: usize,
    /// Most analyses and hints running or waiting for one client address (more: 429)
    #[arg(long, value_name = "N", default_value_t = Caps::default().analyses_per_address)]
    pub max_analyses_per_address: usize,
    /// Most analyses and hints running or waiting for one network, an IPv4 /24 or IPv6 /48
    /// (more: 429)
    #[arg(long, value_name = "N", default_value_t = Caps::default().analyses_per_network)]
    pub max_analyses_per_network: usize,
    /// Computer moves queued or thinking past which only a network with none may start a
    /// computer game (others: 503); searches are shortened as more wait
    #[arg(long, value_name = "N", default_value_t = Caps::default().computer_moves)]
    pub max_computer_moves: usize,
    /// Most computer moves queued or thinking for the games one network created, an IPv4 /24
    /// or IPv6 /48 (429)
    #[arg(long, value_name = "N", default_value_t = Caps::default().computer_moves_per_network)]
    pub max_computer_moves_per_network: usize,
    /// Most computer moves queued or thinking for the games one address created (429)
    #[arg(long, value_name = "N", default_value_t = Caps::default().computer_moves_per_address)]
    pub max_computer_moves_per_address: usize,
    /// Most WebSockets (players and spectators) of one game (503)
    #[arg(long, value_name = "N", default_value_t = Caps::default().sockets_per_game)]
    pub max_sockets_per_game: usize,
    /// Most WebSockets from one client address (429)
    #[arg(long, value_name = "N", default_value_t = Caps::default().sockets_per_address)]
    pub max_sockets_per_address: usize,
    /// Seconds a game may stay unused before it leaves memory (it is reloaded on next use)
    #[arg(long, value_name = "SECONDS", default_value_t = Caps::default().idle_game.as_secs())]
    pub idle_game_timeout: u64,
    /// Serve the Kalah Game Protocol for bots over TCP on this address (the usual port is
    /// 2671); off unless given. Bots can always use the WebSocket at /socket on --addr
    #[arg(long, value_name = "ADDR")]
    pub kgp_addr: Option<SocketAddr>,
    /// Seconds a bot has for each move before the server sends `stop`
    #[arg(long, value_name = "SECONDS", default_value_t = KgpConfig::default().move_time.as_secs_f64())]
    pub kgp_move_time: f64,
    /// What happens to a bot that sends no move within its move time: `random` (a random
    /// legal move is played for it and the game goes on, as the course's server does) or
    /// `loss` (it loses the game)
    #[arg(long, value_name = "loss|random", default_value = "random")]
    pub kgp_timeout: kalah_server::KgpTimeout,
    /// A board bot games are played on, as HOUSESxSEEDS (repeat for several; each game draws
    /// one) [default: 8x8, 6x4 and 6x6]
    #[arg(long, value_name = "HxS", value_parser = parse_board)]
    pub kgp_board: Vec<(usize, usize)>,
    /// Seconds a person who challenged a bot has for each move; then the person loses
    #[arg(long, value_name = "SECONDS", default_value_t = KgpConfig::default().human_move_time.as_secs_f64())]
    pub kgp_person_move_time: f64,
    /// Seconds a bot waits alone for another bot before it plays a computer level
    #[arg(long, value_name = "SECONDS", default_value_t = KgpConfig::default().pair_wait.as_secs_f64())]
    pub kgp_pair_wait: f64,
    /// Computer levels a bot alone may meet, comma separated [default: every level]
    #[arg(long, value_name = "LEVELS", value_delimiter = ',')]
    pub kgp_levels: Vec<kalah_engine::Level>,
    /// Bot games against a computer level at once (0: bots only play each other)
    #[arg(long, value_name = "N", default_value_t = KgpConfig::default().level_games)]
    pub kgp_level_games: usize,
    /// Seconds of silence after which a bot connection is closed (it is pinged halfway)
    #[arg(long, value_name = "SECONDS", default_value_t = KgpConfig::default().idle_timeout.as_secs())]
    pub kgp_idle_timeout: u64,
    /// Seconds within which a bot's line must end once begun (against slow trickles)
    #[arg(long, value_name = "SECONDS", default_value_t = KgpConfig::default().line_timeout.as_secs())]
    pub kgp_line_timeout: u64,
    /// Most open bot connections at once (TCP and WebSocket together)
    #[arg(long, value_name = "N", default_value_t = KgpConfig::default().max_connections)]
    pub kgp_max_connections: usize,
    /// Most open bot connections from one client address
    #[arg(long, value_name = "N", default_value_t = KgpConfig::default().max_per_address)]
    pub kgp_max_connections_per_address: usize,
    /// Budget of bot connections opened per client address, e.g. 60/min
    #[arg(long, value_name = "RATE", default_value_t = Rates::default().kgp)]
    pub kgp_connect_rate: Rate,
    /// Budget of requests for the bots online and the leaderboard per client address, e.g.
    /// 300/min
    #[arg(long, value_name = "RATE", default_value_t = Rates::default().bots)]
    pub bots_rate: Rate,
}

/// `8x8` or `6,4`: houses and seeds per house, within what the server plays.
fn parse_board(s: &str) -> Result<(usize, usize), String> {
    let (h, n) = s
        .split_once(['x', ','])
        .ok_or_else(|| format!("{s:?} is not a board: write HOUSESxSEEDS, e.g. 6x4"))?;
    let h: usize = h
        .trim()
        .parse()
        .map_err(|_| format!("bad houses in {s:?}"))?;
    let n: usize = n
        .trim()
        .parse()
        .map_err(|_| format!("bad seeds in {s:?}"))?;
    if !(1..=12).contains(&h) || !(1..=12).contains(&n) {
        return Err(format!("{s:?}: houses and seeds must be 1 to 12"));
    }
    Ok((h, n))
}

/// Seconds as a duration, within `min..=max`.
fn seconds(flag: &str, v: f64, min: f64, max: f64) -> Result<Duration, CliError> {
    if !(min..=max).contains(&v) {
        return Err(CliError::usage(format!(
            "{flag} must be between {min} and {max} seconds"
        )));
    }
    Ok(Duration::from_secs_f64(v))
}

/// `--database`, else `$KALAH_DATABASE`, else None (the data directory's file).
fn database(args: &ServeArgs) -> Result<Option<kalah_storage::Location>, CliError> {
    if let Some(db) = &args.database {
        return Ok(Some(db.clone()));
    }
    match std::env::var("KALAH_DATABASE") {
        Ok(url) if !url.is_empty() => url
            .parse()
            .map(Some)
            .map_err(|e| CliError::usage(format!("KALAH_DATABASE: {e}"))),
        _ => Ok(None),
    }
}

fn kgp_config(args: &ServeArgs) -> Result<KgpConfig, CliError> {
    let d = KgpConfig::default();
    if args.kgp_max_connections == 0 || args.kgp_max_connections_per_address == 0 {
        return Err(CliError::usage(
            "--kgp-max-connections and --kgp-max-connections-per-address must be at least 1",
        ));
    }
    Ok(KgpConfig {
        move_time: seconds("--kgp-move-time", args.kgp_move_time, 0.05, 600.0)?,
        boards: if args.kgp_board.is_empty() {
            d.boards
        } else {
            args.kgp_board.clone()
        },
        pair_wait: seconds("--kgp-pair-wait", args.kgp_pair_wait, 0.0, 3600.0)?,
        levels: if args.kgp_levels.is_empty() {
            d.levels
        } else {
            args.kgp_levels.clone()
        },
        level_games: args.kgp_level_games,
        idle_timeout: seconds(
            "--kgp-idle-timeout",
            args.kgp_idle_timeout as f64,
            5.0,
            3600.0,
        )?,
        line_timeout: seconds(
            "--kgp-line-timeout",
            args.kgp_line_timeout as f64,
            1.0,
            600.0,
        )?,
        max_connections: args.kgp_max_connections,
        max_per_address: args.kgp_max_connections_per_address,
        human_move_time: seconds(
            "--kgp-person-move-time",
            args.kgp_person_move_time,
            5.0,
            3600.0,
        )?,
        timeout: args.kgp_timeout,
    })
}

pub fn run(args: &ServeArgs) -> CliResult {
    if args.max_connections == 0
        || args.max_connections_per_address == 0
        || args.max_connections_per_network == 0
    {
        return Err(CliError::usage(
            "--max-connections, --max-connections-per-address and --max-connections-per-network must be at least 1",
        ));
    }
    if args.db_connections > 64 {
        return Err(CliError::usage(
            "--db-connections must be at most 64 (each is a PostgreSQL connection; 0 runs reads on the writer's)",
        ));
    }
    if !(1..=3600).contains(&args.header_timeout) {
        return Err(CliError::usage(
            "--header-timeout must be between 1 and 3600 seconds",
        ));
    }
    let counts = [
        ("--max-analyses", args.max_analyses),
        ("--max-analyses-per-address", args.max_analyses_per_address),
        ("--max-analyses-per-network", args.max_analyses_per_network),
        ("--max-computer-moves", args.max_computer_moves),
        (
            "--max-computer-moves-per-network",
            args.max_computer_moves_per_network,
        ),
        (
            "--max-computer-moves-per-address",
            args.max_computer_moves_per_address,
        ),
        ("--max-sockets-per-game", args.max_sockets_per_game),
        ("--max-sockets-per-address", args.max_sockets_per_address),
    ];
    for (flag, n) in counts {
        if n == 0 {
            return Err(CliError::usage(format!("{flag} must be at least 1")));
        }
    }
    if !(10..=86_400).contains(&args.idle_game_timeout) {
        return Err(CliError::usage(
            "--idle-game-timeout must be between 10 and 86400 seconds",
        ));
    }
    let kgp = kgp_config(args)?;
    let networks = Networks {
        v4_prefix: args.ipv4_network_prefix,
        v6_prefix: args.ipv6_network_prefix,
        v6_wide_prefix: args.ipv6_network_prefix.saturating_sub(16).max(16),
        share: args.network_share,
    };
    kalah_server::init_tracing();
    kalah_server::run(kalah_server::Config {
        addr: args.addr,
        data: match &args.data {
            Some(d) => d.clone(),
            None => crate::data::data_dir()?,
        },
        database: database(args)?,
        conn: ConnLimits {
            max_connections: args.max_connections,
            max_per_address: args.max_connections_per_address,
            max_per_network: args.max_connections_per_network,
            networks,
            proxies: args.trust_proxy.clone(),
            header_timeout: Duration::from_secs(args.header_timeout),
        },
        policy: Policy {
            rates: Rates {
                create: args.create_rate,
                moves: args.move_rate,
                analysis: args.analysis_rate,
                parse: args.parse_rate,
                sockets: args.socket_rate,
                kgp: args.kgp_connect_rate,
                bots: args.bots_rate,
                login: args.login_rate,
                signup: args.signup_rate,
            },
            networks,
            insecure_cookies: args.insecure_cookies,
            manual_time: None,
            test_time_controls: args.test_time_controls,
            claim_grace: args.test_claim_grace.map(Duration::from_secs),
            db_readers: Some(args.db_connections),
            trusted_proxies: args.trust_proxy.clone(),
            caps: Caps {
                analyses: args.max_analyses,
                analyses_per_address: args.max_analyses_per_address,
                analyses_per_network: args.max_analyses_per_network,
                computer_moves: args.max_computer_moves,
                computer_moves_per_address: args.max_computer_moves_per_address,
                computer_moves_per_network: args.max_computer_moves_per_network,
                sockets_per_game: args.max_sockets_per_game,
                sockets_per_address: args.max_sockets_per_address,
                idle_game: Duration::from_secs(args.idle_game_timeout),
            },
            kgp,
        },
        kgp_addr: args.kgp_addr,
    })
    .map_err(|e| CliError::failure(e.to_string()))
}
