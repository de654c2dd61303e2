//! Limits that keep one client from taking the server down: sizes refused before any work,
//! and the security headers of every answer.

mod common;

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use common::TestApp;
use serde_json::json;

#[tokio::test]
async fn rules_beyond_twelve_houses_or_seeds_are_refused_with_413() {
    let t = TestApp::new();
    for rules in [json!({"houses": 13}), json!({"seeds": 13})] {
        let (s, e) = t
            .post(
                "/api/games",
                None,
                json!({"opponent": {"kind": "local"}, "rules": rules}),
            )
            .await;
        assert_eq!(s, StatusCode::PAYLOAD_TOO_LARGE, "{e}");
        assert_eq!(e["code"], "too_large");
        assert!(e["error"].as_str().unwrap().contains("at most 12"), "{e}");
    }
    // The largest allowed rules are fine.
    let (s, e) = t
        .post(
            "/api/games",
            None,
            json!({"opponent": {"kind": "local"}, "rules": {"houses": 12, "seeds": 12}}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{e}");
}

#[tokio::test]
async fn analysis_of_a_giant_position_is_refused() {
    let t = TestApp::new();
    let (s, e) = t
        .post(
            "/api/analyze",
            None,
            json!({"position": "<6,0,0,5000,5000,5000,5000,5000,5000,4,4,4,4,4,4> S"}),
        )
        .await;
    assert_eq!(s, StatusCode::PAYLOAD_TOO_LARGE, "{e}");
    assert_eq!(e["code"], "too_large");
}

#[tokio::test]
async fn records_too_long_too_many_moves_or_too_big_a_board_are_refused() {
    let t = TestApp::new();
    let long = format!("[Rules \"houses=6 seeds=4\"]\n{}", "1 ".repeat(9000));
    let many = format!("[Rules \"houses=6 seeds=4\"]\n{}", "1 ".repeat(2001));
    let wide = "[Rules \"houses=16 seeds=4\"]\n1\n".to_string();
    for (record, says) in [(long, "bytes"), (many, "moves"), (wide, "houses")] {
        let (s, e) = t
            .post("/api/records/parse", None, json!({"record": record}))
            .await;
        assert_eq!(s, StatusCode::PAYLOAD_TOO_LARGE, "{e}");
        assert_eq!(e["code"], "too_large");
        assert!(e["error"].as_str().unwrap().contains(says), "{e}");
    }
}

#[tokio::test]
async fn every_answer_forbids_framing_and_foreign_scripts() {
    let t = TestApp::new();
    for path in ["/", "/api/meta", "/no/such/thing"] {
        let (_, _, h) = t.raw(Request::get(path).body(Body::empty()).unwrap()).await;
        let csp = h[header::CONTENT_SECURITY_POLICY].to_str().unwrap();
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        assert!(csp.contains("script-src 'self'"), "{path}: {csp}");
        assert_eq!(h[header::X_FRAME_OPTIONS], "DENY", "{path}");
        assert_eq!(h[header::X_CONTENT_TYPE_OPTIONS], "nosniff", "{path}");
    }
}

#[tokio::test]
async fn new_computer_games_are_refused_while_the_engine_queue_is_full() {
    let t = TestApp::new();
    // The largest board at the strongest level thinks until its cap (seconds), so every
    // game created below still has its computer move pending when the next one comes.
    let game = json!({
        "opponent": {"kind": "computer", "level": "perfect"},
        "side": "north", "first": "south",
        "rules": {"houses": 12, "seeds": 12},
    });
    let mut refused = None;
    for i in 0..20 {
        let (s, e) = t.post("/api/games", None, game.clone()).await;
        if s != StatusCode::CREATED {
            refused = Some((i, s, e));
            break;
        }
    }
    let (i, s, e) = refused.expect("the queue never filled");
    assert_eq!(s, StatusCode::SERVICE_UNAVAILABLE, "{e}");
    assert_eq!(e["code"], "unavailable");
    assert!(e["error"].as_str().unwrap().contains("busy"), "{e}");
    assert_eq!(i, 8, "refused after the queue's 8 moves");
    // A game with a friend needs no engine and is still welcome.
    let (s, _) = t
        .post("/api/games", None, json!({"opponent": {"kind": "local"}}))
        .await;
    assert_eq!(s, StatusCode::CREATED);
}

#[tokio::test]
async fn one_address_holds_at_most_two_pending_computer_moves() {
    let t = TestApp::new();
    let game = json!({
        "opponent": {"kind": "computer", "level": "perfect"},
        "side": "north", "first": "south",
        "rules": {"houses": 12, "seeds": 12},
    });
    let from = |ip: &str| {
        let mut req = Request::post("/api/games")
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(game.to_string()))
            .unwrap();
        let addr: std::net::SocketAddr = format!("{ip}:40000").parse().unwrap();
        req.extensions_mut()
            .insert(axum::extract::ConnectInfo(addr));
        req
    };
    // Eight at once, as a script would send them: two get through, however they interleave.
    let answers = futures_util::future::join_all((0..8).map(|_| t.raw(from("10.0.0.1")))).await;
    let created = answers
        .iter()
        .filter(|a| a.0 == StatusCode::CREATED)
        .count();
    assert_eq!(
        created,
        2,
        "{:?}",
        answers.iter().map(|a| a.0).collect::<Vec<_>>()
    );
    let (s, body, _) = t.raw(from("10.0.0.1")).await;
    assert_eq!(s, StatusCode::TOO_MANY_REQUESTS, "{body}");
    let e: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(e["code"], "too_many");
    assert!(
        e["error"].as_str().unwrap().contains("still thinking"),
        "{e}"
    );
    // Another address still gets the engine.
    let (s, body, _) = t.raw(from("10.0.0.2")).await;
    assert_eq!(s, StatusCode::CREATED, "{body}");
}

#[tokio::test]
async fn one_address_runs_at_most_two_analyses_at_once() {
    let t = TestApp::new();
    let body = json!({
        "rules": {"houses": 12, "seeds": 12},
        "position": "<12,20,18,12,11,10,9,8,7,12,11,10,9,8,7,12,11,10,9,8,7,12,11,10,9,8,7> S",
        "time_ms": 1000,
    });
    let from = |ip: &str| {
        let mut req = Request::post("/api/analyze")
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(body.to_string()))
            .unwrap();
        let addr: std::net::SocketAddr = format!("{ip}:40000").parse().unwrap();
        req.extensions_mut()
            .insert(axum::extract::ConnectInfo(addr));
        req
    };
    let answers = futures_util::future::join_all(
        (0..3)
            .map(|_| t.raw(from("10.0.0.1")))
            .chain([t.raw(from("10.0.0.2"))]),
    )
    .await;
    let statuses: Vec<_> = answers.iter().map(|a| a.0).collect();
    let ok = statuses.iter().filter(|s| **s == StatusCode::OK).count();
    let refused: Vec<_> = answers
        .iter()
        .filter(|a| a.0 == StatusCode::TOO_MANY_REQUESTS)
        .collect();
    assert_eq!((ok, refused.len()), (3, 1), "{statuses:?}");
    assert!(
        refused[0].1.contains("analyses from your address"),
        "{}",
        refused[0].1
    );
    assert_eq!(
        statuses[3],
        StatusCode::OK,
        "another address is not held up"
    );
}

/// Issue 36: four addresses kept everyone else from starting a game against the computer.
/// Now a network holds at most 4 pending computer moves, and past the server's 8 only a
/// network with none pending may start one: a newcomer is always served.
#[tokio::test]
async fn computer_games_are_shared_between_networks_and_a_newcomer_is_served() {
    let t = TestApp::new();
    let game = json!({
        "opponent": {"kind": "computer", "level": "perfect"},
        "side": "north", "first": "south",
        "rules": {"houses": 12, "seeds": 12},
    });
    let from = |ip: &str| {
        let mut req = Request::post("/api/games")
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(game.to_string()))
            .unwrap();
        let addr: std::net::SocketAddr = format!("{ip}:40000").parse().unwrap();
        req.extensions_mut()
            .insert(axum::extract::ConnectInfo(addr));
        req
    };
    let status = |(s, body, _): (StatusCode, String, _)| {
        let e: serde_json::Value = serde_json::from_str(&body).unwrap_or_default();
        (s, e["error"].as_str().unwrap_or_default().to_string())
    };
    for ip in ["10.5.0.1", "10.5.0.1", "10.5.0.2", "10.5.0.2"] {
        assert_eq!(status(t.raw(from(ip)).await).0, StatusCode::CREATED, "{ip}");
    }
    // A third address of 10.5.0.0/24: the network has its share.
    let (s, e) = status(t.raw(from("10.5.0.3")).await);
    assert_eq!(s, StatusCode::TOO_MANY_REQUESTS, "{e}");
    assert!(e.contains("your network"), "{e}");
    for ip in ["10.6.0.1", "10.6.0.1", "10.7.0.1", "10.7.0.1"] {
        assert_eq!(status(t.raw(from(ip)).await).0, StatusCode::CREATED, "{ip}");
    }
    // Eight pending: a network with some waits...
    let (s, e) = status(t.raw(from("10.6.0.2")).await);
    assert_eq!(s, StatusCode::SERVICE_UNAVAILABLE, "{e}");
    // ... and a newcomer is served.
    let (s, e) = status(t.raw(from("192.0.2.7")).await);
    assert_eq!(s, StatusCode::CREATED, "{e}");
}
