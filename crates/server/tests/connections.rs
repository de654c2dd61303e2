//! The connection layer over real sockets on 127.0.0.1: a cap per client address, and
//! connections that send nothing (or stop half-way through their headers) are closed.

mod common;

use kalah_server::ConnLimits;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

async fn start(limits: ConnLimits) -> (String, tempfile::TempDir, tokio::task::JoinHandle<()>) {
    let dir = tempfile::tempdir().unwrap();
    let state = common::open_state(dir.path(), &kalah_server::Policy::default());
    let listener = kalah_server::listen("127.0.0.1:0".parse().unwrap()).unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    let task = tokio::spawn(async move {
        kalah_server::serve_with(listener, state, limits, std::future::pending())
            .await
            .unwrap();
    });
    (addr, dir, task)
}

/// Waits until the server closes `s` (read returns 0 or an error), at most `within`.
async fn closed_within(s: &mut TcpStream, within: Duration) -> bool {
    let mut buf = [0u8; 4096];
    let end = Instant::now() + within;
    loop {
        match tokio::time::timeout_at(end.into(), s.read(&mut buf)).await {
            Ok(Ok(0)) | Ok(Err(_)) => return true,
            Ok(Ok(_)) => continue,
            Err(_) => return false,
        }
    }
}

async fn get_meta(addr: &str) -> String {
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(b"GET /api/meta HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).await.unwrap();
    out
}

#[tokio::test]
async fn one_address_cannot_hold_more_than_its_share() {
    let limits = ConnLimits {
        max_per_address: 3,
        header_timeout: Duration::from_secs(30),
        ..ConnLimits::default()
    };
    let (addr, _dir, task) = start(limits).await;
    let mut held = Vec::new();
    for _ in 0..3 {
        held.push(TcpStream::connect(&addr).await.unwrap());
    }
    let mut fourth = TcpStream::connect(&addr).await.unwrap();
    assert!(closed_within(&mut fourth, Duration::from_secs(10)).await);
    // The held ones are still open; once one goes, a new connection is served.
    assert!(!closed_within(&mut held[0], Duration::from_millis(200)).await);
    held.pop();
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert!(get_meta(&addr).await.starts_with("HTTP/1.1 200"));
    task.abort();
}

#[tokio::test]
async fn a_trusted_proxy_is_not_held_to_one_address_share() {
    // Behind a reverse proxy every client arrives from the proxy's address.
    let limits = ConnLimits {
        max_per_address: 3,
        proxies: vec!["127.0.0.1".parse().unwrap()],
        header_timeout: Duration::from_secs(30),
        ..ConnLimits::default()
    };
    let (addr, _dir, task) = start(limits).await;
    let mut held = Vec::new();
    for _ in 0..6 {
        held.push(TcpStream::connect(&addr).await.unwrap());
    }
    assert!(get_meta(&addr).await.starts_with("HTTP/1.1 200"));
    assert!(!closed_within(&mut held[5], Duration::from_millis(200)).await);
    task.abort();
}

#[tokio::test]
async fn silent_and_slow_connections_are_closed() {
    let limits = ConnLimits {
        header_timeout: Duration::from_secs(1),
        ..ConnLimits::default()
    };
    let (addr, _dir, task) = start(limits).await;
    let mut silent = TcpStream::connect(&addr).await.unwrap();
    let mut slow = TcpStream::connect(&addr).await.unwrap();
    slow.write_all(b"GET /api/meta HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    assert!(closed_within(&mut silent, Duration::from_secs(10)).await);
    assert!(closed_within(&mut slow, Duration::from_secs(10)).await);
    // Meanwhile, and after, honest requests are answered.
    assert!(get_meta(&addr).await.starts_with("HTTP/1.1 200"));
    task.abort();
}

#[tokio::test]
async fn budgets_are_per_address_with_retry_after() {
    let (addr, _dir, task) = start(ConnLimits::default()).await;
    let from = |ip: &str| {
        reqwest::Client::builder()
            .local_address(ip.parse::<std::net::IpAddr>().unwrap())
            .build()
            .unwrap()
    };
    let (greedy, honest) = (from("127.0.0.2"), from("127.0.0.3"));
    let create = |c: &reqwest::Client| {
        c.post(format!("http://{addr}/api/games"))
            .json(&serde_json::json!({"opponent": {"kind": "friend"}}))
            .send()
    };
    // The default budget: 30 new games a minute from one address.
    for i in 0..kalah_server::Rates::default().create.count {
        assert_eq!(create(&greedy).await.unwrap().status(), 201, "game {i}");
    }
    let refused = create(&greedy).await.unwrap();
    assert_eq!(refused.status(), 429);
    let wait: u64 = refused.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=2).contains(&wait), "{wait}");
    let body: serde_json::Value = refused.json().await.unwrap();
    assert_eq!(body["code"], "rate_limited");
    assert!(body["error"].as_str().unwrap().contains("try again in"));
    // Someone else is not slowed, and reading games costs nothing.
    assert_eq!(create(&honest).await.unwrap().status(), 201);
    let meta = greedy
        .get(format!("http://{addr}/api/meta"))
        .send()
        .await
        .unwrap();
    assert_eq!(meta.status(), 200);
    task.abort();
}

#[tokio::test]
async fn a_newcomer_takes_the_place_of_the_oldest_silent_connection() {
    let limits = ConnLimits {
        max_connections: 4,
        header_timeout: Duration::from_secs(30),
        ..ConnLimits::default()
    };
    let (addr, _dir, task) = start(limits).await;
    let mut held = Vec::new();
    for _ in 0..4 {
        held.push(TcpStream::connect(&addr).await.unwrap());
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // Every place is taken by a connection that said nothing: the newcomer is still served,
    // and the oldest silent one is the one closed.
    assert!(get_meta(&addr).await.starts_with("HTTP/1.1 200"));
    assert!(closed_within(&mut held[0], Duration::from_secs(5)).await);
    assert!(!closed_within(&mut held[3], Duration::from_millis(200)).await);
    task.abort();
}

/// A connection from the local address `from`.
async fn connect_from(from: &str, addr: &str) -> TcpStream {
    let s = tokio::net::TcpSocket::new_v4().unwrap();
    s.bind(format!("{from}:0").parse().unwrap()).unwrap();
    s.connect(addr.parse().unwrap()).await.unwrap()
}

/// Issue 36: hyper's header deadline holds for the whole head, however it trickles in: a
/// byte every 200 ms does not keep the connection open past it.
#[tokio::test]
async fn a_request_head_trickled_in_is_cut_off_at_the_deadline() {
    let limits = ConnLimits {
        header_timeout: Duration::from_secs(1),
        ..ConnLimits::default()
    };
    let (addr, _dir, task) = start(limits).await;
    let mut s = TcpStream::connect(&addr).await.unwrap();
    let started = Instant::now();
    s.write_all(b"GET /api/meta HTTP/1.1\r\nX-Slow: ")
        .await
        .unwrap();
    let trickle = async {
        loop {
            tokio::time::sleep(Duration::from_millis(200)).await;
            if s.write_all(b"a").await.is_err() {
                return;
            }
        }
    };
    // Written until the server closes; the writes fail soon after.
    let _ = tokio::time::timeout(Duration::from_secs(6), trickle).await;
    let elapsed = started.elapsed();
    assert!(
        elapsed < Duration::from_secs(4),
        "the trickle went on for {elapsed:?}"
    );
    // And a keep-alive connection left idle after its answer is closed after as long.
    let mut k = TcpStream::connect(&addr).await.unwrap();
    k.write_all(b"GET /api/meta HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    let mut buf = [0u8; 16];
    k.read_exact(&mut buf).await.unwrap();
    assert!(buf.starts_with(b"HTTP/1.1 200"));
    assert!(closed_within(&mut k, Duration::from_secs(4)).await);
    task.abort();
}

/// Issue 36: at the cap, a newcomer takes the place of the oldest idle connection of the
/// network holding the most: connections with a head trickling in and keep-alive
/// connections between requests give way too, not only silent ones, and a network cannot
/// hold more than its share.
#[tokio::test]
async fn at_the_cap_the_biggest_networks_oldest_idle_connection_gives_way() {
    let limits = ConnLimits {
        max_connections: 5,
        max_per_network: 3,
        header_timeout: Duration::from_secs(30),
        ..ConnLimits::default()
    };
    let (addr, _dir, task) = start(limits).await;
    // Network 127.1.0.0/24: three connections sending a head a byte at a time.
    let mut a = Vec::new();
    for i in 0..3 {
        let mut s = connect_from(&format!("127.1.0.{}", i + 2), &addr).await;
        s.write_all(b"GET /api/meta HTTP/1.1\r\nX-Slow: a")
            .await
            .unwrap();
        a.push(s);
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
    // A fourth of that network is over its share.
    let mut over = connect_from("127.1.0.9", &addr).await;
    assert!(closed_within(&mut over, Duration::from_secs(5)).await);
    // Network 127.2.0.0/24: a keep-alive connection that asked once and waits, and a silent
    // one. Every place is taken now.
    let mut keep = connect_from("127.2.0.2", &addr).await;
    keep.write_all(b"GET /api/meta HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    let mut buf = [0u8; 16];
    keep.read_exact(&mut buf).await.unwrap();
    let mut silent = connect_from("127.2.0.3", &addr).await;
    tokio::time::sleep(Duration::from_millis(100)).await;
    // A newcomer from a third network is served: the oldest of the biggest network goes.
    let mut c = connect_from("127.3.0.2", &addr).await;
    c.write_all(b"GET /api/meta HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let mut out = String::new();
    c.read_to_string(&mut out).await.unwrap();
    assert!(out.starts_with("HTTP/1.1 200"), "{out}");
    assert!(closed_within(&mut a[0], Duration::from_secs(5)).await);
    assert!(!closed_within(&mut a[2], Duration::from_millis(200)).await);
    assert!(!closed_within(&mut keep, Duration::from_millis(200)).await);
    assert!(!closed_within(&mut silent, Duration::from_millis(200)).await);
    task.abort();
}

#[tokio::test]
async fn a_request_head_over_64_kib_is_refused_with_the_json_error() {
    let (addr, _dir, task) = start(ConnLimits::default()).await;
    let mut s = TcpStream::connect(&addr).await.unwrap();
    let path = "a".repeat(100 * 1024);
    // The server may answer and close before the whole head is sent.
    let _ = s
        .write_all(format!("GET /{path} HTTP/1.1\r\nHost: x\r\n\r\n").as_bytes())
        .await;
    let mut out = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(5), s.read_to_end(&mut out)).await;
    let out = String::from_utf8_lossy(&out);
    let (head, body) = out.split_once("\r\n\r\n").expect("an answer");
    assert!(head.starts_with("HTTP/1.1 431 "), "{head}");
    let v: serde_json::Value = serde_json::from_str(body).expect("a JSON body");
    assert_eq!(v["code"], "head_too_large", "{body}");
    // The server goes on answering others.
    assert!(get_meta(&addr).await.starts_with("HTTP/1.1 200"));
    task.abort();
}
