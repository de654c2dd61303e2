//! The API in-process: every route, right and wrong, on a temporary data directory.

mod common;

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use common::{seat_of, TestApp};
use serde_json::{json, Value};

fn friend() -> Value {
    json!({"opponent": {"kind": "friend"}, "side": "south", "first": "south"})
}

#[tokio::test]
async fn creates_a_friend_game_with_two_secret_seats() {
    let t = TestApp::new();
    let (id, token, v) = t.create(friend()).await;
    assert_eq!(v["side"], "south");
    assert_eq!(v["play_url"], format!("/g/{id}?seat={token}"));
    assert_eq!(v["watch_url"], format!("/g/{id}"));
    let invite = seat_of(&v["invite_url"]);
    assert_ne!(invite, token);
    assert!(token.len() >= 22, "at least 128 bits");
    let g = &v["game"];
    assert_eq!(g["you"], "south");
    assert_eq!(g["opponent"], "friend");
    assert_eq!(g["status"], "playing");
    assert_eq!(g["to_move"], "south");
    assert_eq!(g["ply"], 0);
    assert_eq!(g["rules"]["preset"], "standard");
    assert_eq!(
        g["seats"]["south"],
        json!({"kind": "human", "joined": true})
    );
    assert_eq!(
        g["seats"]["north"],
        json!({"kind": "human", "joined": false})
    );
    // The public state never carries tokens.
    let (status, public) = t.get(&format!("/api/games/{id}")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(!public.to_string().contains(&token) && !public.to_string().contains(&invite));
    assert_eq!(public["you"], Value::Null);
    // With a token, `you` names the seat.
    let (_, mine) = t
        .call(
            Method::GET,
            &format!("/api/games/{id}"),
            Some(&invite),
            None,
        )
        .await;
    assert_eq!(mine["you"], "north");
}

#[tokio::test]
async fn moves_need_the_right_token_the_right_turn_a_legal_move_and_the_current_ply() {
    let t = TestApp::new();
    let (id, south, v) = t.create(friend()).await;
    let north = seat_of(&v["invite_url"]);
    let path = format!("/api/games/{id}/moves");

    let (s, e) = t.post(&path, None, json!({"move": "1", "ply": 0})).await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::UNAUTHORIZED, Some("no_token"))
    );
    let (s, e) = t.play(&id, "not-a-token", "1", 0).await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::FORBIDDEN, Some("wrong_token"))
    );
    let (s, e) = t.play(&id, &north, "1", 0).await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::FORBIDDEN, Some("not_your_turn"))
    );
    // The host waits for the friend to open the game.
    let (s, e) = t.play(&id, &south, "1", 0).await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::CONFLICT, Some("friend_not_joined"))
    );
    assert!(
        e["error"].as_str().unwrap().contains("invitation link"),
        "{e}"
    );
    assert_eq!(
        t.open_game(&id, &north).await["seats"]["north"]["joined"],
        true
    );
    let (s, e) = t.play(&id, &south, "7", 0).await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("illegal_move"))
    );
    assert!(e["error"].as_str().unwrap().contains("house 7"));
    let (s, e) = t.play(&id, &south, "banana", 0).await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("bad_move"))
    );

    // 3 ends in the store: South moves again.
    let (s, g) = t.play(&id, &south, "3", 0).await;
    assert_eq!(s, StatusCode::OK, "{g}");
    assert_eq!(g["ply"], 1);
    assert_eq!(g["to_move"], "south");
    assert_eq!(g["position"], "<6,1,0,4,4,0,5,5,5,4,4,4,4,4,4> S");
    assert_eq!(g["history"][0]["extra_turn"], true);
    assert_eq!(g["history"][0]["sown"].as_array().unwrap().len(), 4);
    // The same click again is stale.
    let (s, e) = t.play(&id, &south, "3", 0).await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::CONFLICT, Some("stale_ply"))
    );
    let (s, e) = t.play(&id, &south, "1", 5).await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::CONFLICT, Some("stale_ply"))
    );
    let (s, e) = t.play(&id, &south, "3", 1).await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("illegal_move")),
        "{e}"
    );
    let (s, g) = t.play(&id, &south, "6", 1).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(g["to_move"], "north");
    assert_eq!(g["turns"], json!(["3-6"]));
    let (s, g) = t.play(&id, &north, "1", 2).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(g["you"], "north");
    assert_eq!(g["seats"]["north"]["joined"], true);
    // A move without ply is accepted too (no stale check).
    let (s, _) = t.post(&path, Some(&south), json!({"move": 1})).await;
    assert_eq!(s, StatusCode::OK);
}

#[tokio::test]
async fn unknown_games_and_bad_bodies_are_clear_errors() {
    let t = TestApp::new();
    let (s, e) = t.get("/api/games/nosuchgame12").await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::NOT_FOUND, Some("no_such_game"))
    );
    assert!(e["error"].as_str().unwrap().contains("nosuchgame12"));
    let (s, _) = t.play("nosuchgame12", "x", "1", 0).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    let (s, _) = t.get("/api/games/nosuchgame12/record").await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    let (s, e) = t.get("/api/nothing").await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::NOT_FOUND, Some("not_found"))
    );
    let (s, e) = t.get("/api/games").await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::METHOD_NOT_ALLOWED, Some("method_not_allowed"))
    );

    let send = |body: String, ct: Option<&str>| {
        let mut b = Request::builder().method(Method::POST).uri("/api/games");
        if let Some(ct) = ct {
            b = b.header(header::CONTENT_TYPE, ct);
        }
        b.body(Body::from(body)).unwrap()
    };
    let json_ct = Some("application/json");
    let (s, text, _) = t.raw(send("{\"opponent\": ".into(), json_ct)).await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{text}");
    assert!(text.contains("bad_json"));
    let (s, text, _) = t.raw(send("[1,2]".into(), json_ct)).await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{text}");
    let (s, text, _) = t
        .raw(send("{\"opponent\":{\"kind\":\"robot\"}}".into(), json_ct))
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{text}");
    let (s, text, _) = t.raw(send(friend().to_string(), None)).await;
    assert_eq!(s, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{text}");
    let big = format!(
        "{{\"opponent\":{{\"kind\":\"friend\"}},\"pad\":\"{}\"}}",
        "x".repeat(100_000)
    );
    let (s, text, _) = t.raw(send(big, json_ct)).await;
    assert_eq!(s, StatusCode::PAYLOAD_TOO_LARGE, "{text}");
    assert!(text.contains("too_large"));

    // Rules are checked by the rules core, and its message is passed on.
    let (s, e) = t
        .post(
            "/api/games",
            None,
            json!({"opponent": {"kind": "local"}, "rules": {"seeds": 40}}),
        )
        .await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("bad_rules"))
    );
    assert!(e["error"].as_str().unwrap().contains("seeds"), "{e}");
    let (s, e) = t
        .post(
            "/api/games",
            None,
            json!({"opponent": {"kind": "local"}, "rules": {"preset": "chess"}}),
        )
        .await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("bad_rules"))
    );
    let (s, e) = t
        .post(
            "/api/games",
            None,
            json!({"opponent": {"kind": "computer", "level": "god"}}),
        )
        .await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("bad_level"))
    );
    let (s, e) = t
        .post(
            "/api/games",
            None,
            json!({"opponent": {"kind": "friend"}, "side": "east"}),
        )
        .await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("bad_request"))
    );
}

#[tokio::test]
async fn a_local_game_moves_both_sides_with_one_token_and_takes_every_rule_option() {
    let t = TestApp::new();
    let rules = json!({"preset": "bga", "houses": 4, "seeds": 3, "capture": "empty", "end": "mover-cannot-move",
                       "sweep": "emptier", "early_end": true, "pie": true, "both_stores": true});
    let (id, token, v) = t
        .create(json!({"opponent": {"kind": "local"}, "rules": rules, "first": "north"}))
        .await;
    assert!(v["invite_url"].is_null());
    let r = &v["game"]["rules"];
    assert_eq!(
        (r["houses"].as_u64(), r["seeds"].as_u64()),
        (Some(4), Some(3))
    );
    assert_eq!(r["text"], "houses=4 seeds=3 capture=empty end=mover-cannot-move sweep=emptier early-end=yes pie=yes both-stores=yes");
    assert_eq!(r["preset"], Value::Null);
    assert_eq!(v["game"]["to_move"], "north");
    let mut ply = 0;
    // Play whatever is legal until the end: one token serves both sides.
    loop {
        let (_, g) = t.get(&format!("/api/games/{id}")).await;
        if g["status"] != "playing" {
            assert_eq!(g["status"], "finished");
            assert!(g["result"]["winner"].is_string());
            break;
        }
        let mv = g["legal_moves"][0].as_str().unwrap().to_string();
        let (s, g2) = t.play(&id, &token, &mv, ply).await;
        assert_eq!(s, StatusCode::OK, "{g2}");
        ply += 1;
    }
}

#[tokio::test]
async fn the_computer_answers_and_moves_first_when_it_has_south() {
    let t = TestApp::new();
    // The creator plays North and South moves first: the computer starts.
    let (id, token, v) = t
        .create(json!({"opponent": {"kind": "computer", "level": "beginner"}, "side": "north", "first": "south"}))
        .await;
    assert_eq!(v["game"]["level"], "beginner");
    assert_eq!(v["game"]["seats"]["south"]["kind"], "computer");
    let g = t
        .wait_for(&id, |g| g["to_move"] == "north" && g["thinking"] == false)
        .await;
    assert!(g["ply"].as_u64().unwrap() >= 1);
    // Our move, then the computer answers.
    let ply = g["ply"].as_u64().unwrap();
    let mv = g["legal_moves"][0].as_str().unwrap().to_string();
    let (s, g) = t.play(&id, &token, &mv, ply).await;
    assert_eq!(s, StatusCode::OK);
    if g["status"] == "playing" && g["to_move"] == "south" {
        assert_eq!(g["thinking"], true);
        let g = t
            .wait_for(&id, |g| {
                g["ply"].as_u64().unwrap() > ply + 1 || g["status"] != "playing"
            })
            .await;
        assert_eq!(g["history"][ply as usize + 1]["mover"], "south");
    }
    // The computer's seat cannot be played with the creator's token.
    let (_, g) = t.get(&format!("/api/games/{id}")).await;
    if g["to_move"] == "south" && g["status"] == "playing" {
        let (s, _) = t.play(&id, &token, "1", g["ply"].as_u64().unwrap()).await;
        assert_eq!(s, StatusCode::FORBIDDEN);
    }
}

#[tokio::test]
async fn resign_then_rematch_with_sides_swapped() {
    let t = TestApp::new();
    let (id, south, v) = t.create(friend()).await;
    let north = seat_of(&v["invite_url"]);
    let (s, e) = t
        .post(&format!("/api/games/{id}/rematch"), Some(&south), json!({}))
        .await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::CONFLICT, Some("still_playing"))
    );
    let (s, g) = t
        .post(&format!("/api/games/{id}/resign"), Some(&north), json!({}))
        .await;
    assert_eq!(s, StatusCode::OK, "{g}");
    assert_eq!(g["status"], "resigned");
    assert_eq!(g["result"]["resigned"], "north");
    assert_eq!(g["result"]["winner"], "south");
    assert_eq!(g["result"]["reason"], "resign");
    let (s, e) = t.play(&id, &south, "1", 0).await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::CONFLICT, Some("game_over"))
    );
    let (s, _) = t
        .post(&format!("/api/games/{id}/resign"), Some(&south), json!({}))
        .await;
    assert_eq!(s, StatusCode::CONFLICT);

    let (s, r) = t
        .post(&format!("/api/games/{id}/rematch"), Some(&north), json!({}))
        .await;
    assert_eq!(s, StatusCode::CREATED, "{r}");
    let new_id = r["id"].as_str().unwrap().to_string();
    assert_eq!(r["side"], "south", "North's player now plays South");
    assert_eq!(r["game"]["rematch_of"], id.as_str());
    assert_eq!(r["game"]["to_move"], "south", "the same side starts");
    let other = seat_of(&r["invite_url"]);
    let (_, old) = t.get(&format!("/api/games/{id}")).await;
    assert_eq!(old["rematch"], new_id.as_str());
    // The other player asks too and gets the same game with their seat.
    let (s, r2) = t
        .post(&format!("/api/games/{id}/rematch"), Some(&south), json!({}))
        .await;
    assert_eq!(s, StatusCode::OK, "{r2}");
    assert_eq!(r2["id"], new_id.as_str());
    assert_eq!(r2["token"], other.as_str());
    assert_eq!(r2["side"], "north");
    t.open_game(&new_id, &other).await;
    // The new tokens work in the new game; the old ones do not.
    let (s, _) = t.play(&new_id, &south, "1", 0).await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    let token = r["token"].as_str().unwrap();
    let (s, _) = t.play(&new_id, token, "1", 0).await;
    assert_eq!(s, StatusCode::OK);
}

#[tokio::test]
async fn the_pie_swap_exchanges_seats() {
    let t = TestApp::new();
    let (id, south, v) = t
        .create(json!({"opponent": {"kind": "friend"}, "rules": {"pie": true}, "side": "south", "first": "south"}))
        .await;
    let north = seat_of(&v["invite_url"]);
    t.open_game(&id, &north).await;
    assert_eq!(v["game"]["pie"], "first");
    let (s, g) = t.play(&id, &south, "1", 0).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(g["pie"], "offer");
    assert!(g["legal_moves"]
        .as_array()
        .unwrap()
        .contains(&json!("swap")));
    let (s, g) = t.play(&id, &north, "swap", 1).await;
    assert_eq!(s, StatusCode::OK, "{g}");
    assert_eq!(g["you"], "south", "the swapper took over South");
    assert_eq!(g["to_move"], "north");
    // North is now the first player's side: South's original token moves it.
    let (s, _) = t.play(&id, &north, "1", 2).await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    let (s, g) = t.play(&id, &south, "1", 2).await;
    assert_eq!(s, StatusCode::OK, "{g}");
    assert_eq!(g["you"], "north");
    let (_, g) = t
        .call(Method::GET, &format!("/api/games/{id}"), Some(&north), None)
        .await;
    assert_eq!(g["you"], "south");
    // A swap later is illegal.
    let (s, _) = t.play(&id, &north, "swap", 3).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn record_export_and_parse_give_the_game_back() {
    let t = TestApp::new();
    let (id, token, _) = t
        .create(json!({"opponent": {"kind": "local"}, "first": "south"}))
        .await;
    for (i, m) in ["3", "6", "1"].iter().enumerate() {
        assert_eq!(t.play(&id, &token, m, i as u64).await.0, StatusCode::OK);
    }
    let req = Request::get(format!("/api/games/{id}/record"))
        .body(Body::empty())
        .unwrap();
    let (s, record, headers) = t.raw(req).await;
    assert_eq!(s, StatusCode::OK);
    assert!(headers[header::CONTENT_TYPE]
        .to_str()
        .unwrap()
        .starts_with("text/plain"));
    assert!(record.contains("[Rules \"houses=6 seeds=4"), "{record}");
    assert!(record.contains("3-6 1"), "{record}");
    let (s, parsed) = t
        .post("/api/records/parse", None, json!({"record": record}))
        .await;
    assert_eq!(s, StatusCode::OK, "{parsed}");
    assert_eq!(parsed["moves"], json!(["3", "6", "1"]));
    let (_, g) = t.get(&format!("/api/games/{id}")).await;
    assert_eq!(parsed["position"], g["position"]);
    assert_eq!(parsed["history"], g["history"]);
    let (s, e) = t
        .post(
            "/api/records/parse",
            None,
            json!({"record": "[Kalah \"1\"]\n3 3"}),
        )
        .await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("bad_record"))
    );
}

#[tokio::test]
async fn analysis_for_players_and_finished_games_only() {
    let t = TestApp::new();
    let small = json!({"houses": 3, "seeds": 2});
    let (id, token, _) = t
        .create(json!({"opponent": {"kind": "local"}, "rules": small, "first": "south"}))
        .await;
    let path = format!("/api/games/{id}/analysis?time_ms=300");
    let (s, _) = t.get(&path).await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    let (s, a) = t.call(Method::GET, &path, Some(&token), None).await;
    assert_eq!(s, StatusCode::OK, "{a}");
    assert!(a["value"].is_i64() && a["exact"].is_boolean(), "{a}");
    assert_eq!(a["best_moves"].as_array().unwrap().len().min(1), 1, "{a}");
    assert_eq!(a["moves"].as_array().unwrap().len(), 3);
    // Who plays each move of the best line (issue 16), the side to move first.
    let pv = a["pv"].as_array().unwrap();
    let movers = a["pv_movers"].as_array().unwrap();
    assert!(!pv.is_empty() && movers.len() == pv.len(), "{a}");
    assert_eq!(movers[0], "south", "{a}");

    let (fid, ftoken, _) = t.create(friend()).await;
    let (s, e) = t
        .call(
            Method::GET,
            &format!("/api/games/{fid}/analysis"),
            Some(&ftoken),
            None,
        )
        .await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::FORBIDDEN, Some("no_hints"))
    );
    t.post(
        &format!("/api/games/{fid}/resign"),
        Some(&ftoken),
        json!({}),
    )
    .await;
    let (s, _) = t
        .get(&format!("/api/games/{fid}/analysis?time_ms=100"))
        .await;
    assert_eq!(s, StatusCode::OK);

    let (s, a) = t
        .post("/api/analyze", None, json!({"rules": {"preset": "standard"}, "position": "<3,0,0,2,2,2,2,2,2> S", "time_ms": 200}))
        .await;
    assert_eq!(s, StatusCode::OK, "{a}");
    assert_eq!(a["position"], "<3,0,0,2,2,2,2,2,2> S");
    let (s, e) = t
        .post("/api/analyze", None, json!({"position": "<nonsense>"}))
        .await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("bad_position"))
    );
}

/// A search of 100 ms proves nothing at the start of Kalah(6,5) (the solver takes minutes);
/// the shipped opening book does.
#[tokio::test]
async fn the_opening_books_make_analysis_exact_at_once() {
    let t = TestApp::new();
    let (s, a) = t
        .post("/api/analyze", None, json!({"rules": {"seeds": 5}, "position": "<6,0,0,5,5,5,5,5,5,5,5,5,5,5,5> S", "time_ms": 100}))
        .await;
    assert_eq!(s, StatusCode::OK, "{a}");
    assert_eq!(
        (&a["value"], &a["exact"]),
        (&json!(10), &json!(true)),
        "{a}"
    );
    assert_eq!(a["best_moves"], json!(["2"]), "{a}");
    // The books have every best move.
    assert_eq!(a["best_moves_complete"], true, "{a}");
    assert_eq!(a["pv"][0], "2", "{a}");
    // Every first move leads to a book position: all six values are proven, best first.
    let moves = a["moves"].as_array().unwrap();
    let values: Vec<(&str, i64)> = moves
        .iter()
        .map(|m| (m["move"].as_str().unwrap(), m["value"].as_i64().unwrap()))
        .collect();
    assert!(moves.iter().all(|m| m["exact"] == true), "{a}");
    assert_eq!(values[0], ("2", 10), "{a}");
    assert!(values[1..].iter().all(|&(_, v)| v < 10), "{a}");
}

#[tokio::test]
async fn meta_lists_presets_levels_and_languages() {
    let t = TestApp::new();
    let (s, m) = t.get("/api/meta").await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(m["presets"].as_array().unwrap().len(), 6);
    assert_eq!(m["presets"][0]["name"], "standard");
    assert_eq!(m["levels"][0], json!({"name": "beginner", "rank": 1}));
    assert_eq!(m["languages"].as_array().unwrap().len(), 14);
}

#[tokio::test]
async fn two_moves_for_the_same_ply_are_never_both_accepted() {
    let t = TestApp::new();
    let (id, token, _) = t
        .create(json!({"opponent": {"kind": "local"}, "first": "south"}))
        .await;
    let tasks: Vec<_> = ["1", "2", "4", "5"]
        .iter()
        .map(|m| {
            let app = t.app.clone();
            let (id, token, m) = (id.clone(), token.clone(), m.to_string());
            tokio::spawn(async move {
                use tower::ServiceExt;
                let req = Request::post(format!("/api/games/{id}/moves"))
                    .header(header::AUTHORIZATION, format!("Bearer {token}"))
                    .header(header::CONTENT_TYPE, "application/json")
                    .body(Body::from(json!({"move": m, "ply": 0}).to_string()))
                    .unwrap();
                app.oneshot(req).await.unwrap().status()
            })
        })
        .collect();
    let mut ok = 0;
    for task in tasks {
        match task.await.unwrap() {
            StatusCode::OK => ok += 1,
            s => assert_eq!(s, StatusCode::CONFLICT),
        }
    }
    assert_eq!(ok, 1);
    let (_, g) = t.get(&format!("/api/games/{id}")).await;
    assert_eq!(g["ply"], 1);
}

#[tokio::test]
async fn games_survive_reopening_the_data_directory() {
    let t = TestApp::new();
    let (id, south, v) = t.create(friend()).await;
    let north = seat_of(&v["invite_url"]);
    t.open_game(&id, &north).await;
    t.play(&id, &south, "1", 0).await;
    t.play(&id, &north, "2", 1).await;
    let (_, before) = t.get(&format!("/api/games/{id}")).await;
    let TestApp { dir, state, app } = t;
    drop((state, app));
    let t = TestApp::open(dir);
    let (s, after) = t.get(&format!("/api/games/{id}")).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(after["position"], before["position"]);
    assert_eq!(after["moves"], json!(["1", "2"]));
    // Tokens were stored (hashed) and still work.
    let (s, _) = t.play(&id, &south, "2", 2).await;
    assert_eq!(s, StatusCode::OK);
}

#[tokio::test]
async fn pages_and_assets_come_from_the_embedded_web_folder() {
    let t = TestApp::new();
    let web = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("web");
    for path in [
        "/",
        "/g/abc",
        "/analysis",
        "/rules/standard",
        "/learn",
        "/puzzles",
    ] {
        let (s, text, headers) = t.raw(Request::get(path).body(Body::empty()).unwrap()).await;
        if web.join("index.html").exists() {
            assert_eq!(s, StatusCode::OK, "{path}");
            assert!(headers[header::CONTENT_TYPE]
                .to_str()
                .unwrap()
                .starts_with("text/html"));
            assert!(
                text.contains("<html") || text.contains("<!doctype") || text.contains("<!DOCTYPE")
            );
        } else {
            assert_eq!(s, StatusCode::NOT_FOUND, "{path}");
        }
    }
    let (s, text, _) = t
        .raw(
            Request::get("/assets/no/such.js")
                .body(Body::empty())
                .unwrap(),
        )
        .await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert!(text.contains("no_such_file"));
    // A path that is no text at all: the same JSON error, not axum's plain text.
    let (s, text, headers) = t
        .raw(Request::get("/assets/%FF%FE").body(Body::empty()).unwrap())
        .await;
    assert!(s.is_client_error(), "{s}");
    assert!(
        headers[header::CONTENT_TYPE]
            .to_str()
            .unwrap()
            .starts_with("application/json"),
        "{headers:?}"
    );
    let e: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert!(e["error"].as_str().unwrap().len() > 10, "{e}");
    if web.join("style.css").exists() {
        let (s, _, headers) = t
            .raw(
                Request::get("/assets/style.css")
                    .body(Body::empty())
                    .unwrap(),
            )
            .await;
        assert_eq!(s, StatusCode::OK);
        assert!(headers[header::CONTENT_TYPE]
            .to_str()
            .unwrap()
            .starts_with("text/css"));
        let etag = headers[header::ETAG].clone();
        let req = Request::get("/assets/style.css")
            .header(header::IF_NONE_MATCH, etag)
            .body(Body::empty())
            .unwrap();
        assert_eq!(t.raw(req).await.0, StatusCode::NOT_MODIFIED);
    }
}

/// Follows `solution` through a step's tree of moves (`again` nodes carry the next moves).
fn solved(step: &Value) -> &Value {
    let mut node = step;
    for m in step["solution"].as_array().unwrap() {
        node = &node["moves"][m.as_str().unwrap()];
    }
    node
}

#[tokio::test]
async fn the_first_lesson_comes_in_the_rules_asked_for() {
    let t = TestApp::new();
    let (s, v) = t.get("/api/lesson").await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["rules"]["preset"], "standard");
    let kinds: Vec<&str> = v["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["sowing", "extra-turn", "capture", "end"]);
    for step in v["steps"].as_array().unwrap() {
        assert_eq!(solved(step)["verdict"], "done", "{}", step["kind"]);
        assert!(step["task"]["id"].as_str().unwrap().starts_with("lesson-"));
        // Every legal move of the start is there, judged, with its sowing.
        let moves = step["moves"].as_object().unwrap();
        assert!(
            moves.values().any(|m| m["verdict"] == "wrong"),
            "{}",
            step["kind"]
        );
        assert!(moves.values().all(|m| m["sowing"]["position"].is_string()));
    }

    let (s, v) = t.get("/api/lesson?preset=bga").await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["rules"]["preset"], "bga");
    assert_eq!(v["rules"]["end"], "mover-cannot-move");

    // Custom rules; fewer than three houses are taught on three, and the lesson says so.
    let (s, v) = t
        .get("/api/lesson?houses=5&seeds=3&capture=none&sweep=emptier")
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["rules"]["houses"], 5);
    assert_eq!(v["rules"]["preset"], Value::Null);
    assert_eq!(v["steps"][2]["body"][0]["id"], "lesson-capture-none");
    let (s, v) = t.get("/api/lesson?houses=2&pie=true").await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["rules"]["houses"], 3);
    assert_eq!(v["rules"]["pie"], false);
    assert_eq!(v["intro"][1]["id"], "lesson-note-houses");
    assert_eq!(v["intro"][1]["args"]["houses"], 2);

    for bad in ["/api/lesson?preset=nope", "/api/lesson?capture=sideways"] {
        let (s, e) = t.get(bad).await;
        assert_eq!(
            (s, e["code"].as_str()),
            (StatusCode::BAD_REQUEST, Some("bad_rules")),
            "{bad}: {e}"
        );
    }
}

#[tokio::test]
async fn idle_games_leave_memory_and_come_back_from_the_database() {
    let t = TestApp::new();
    let (id, token, _) = t
        .create(json!({"opponent": {"kind": "local"}, "first": "south"}))
        .await;
    t.play(&id, &token, "1", 0).await;
    assert_eq!(t.state.games_in_memory(), 1);
    assert_eq!(t.state.evict_idle(60_000), 0, "recently used");
    assert_eq!(t.state.evict_idle(0), 1);
    assert_eq!(t.state.games_in_memory(), 0);
    let (s, g) = t.play(&id, &token, "2", 1).await;
    assert_eq!(s, StatusCode::OK, "{g}");
    assert_eq!(g["moves"], json!(["1", "2"]));
}

#[tokio::test]
async fn every_rejection_is_the_json_error_and_unknown_pages_are_the_page() {
    let app = TestApp::new();
    let (_, g) = app
        .call(Method::POST, "/api/games", None, Some(friend()))
        .await;
    let id = g["id"].as_str().unwrap();
    let get = |path: String| {
        Request::builder()
            .uri(path)
            .body(axum::body::Body::empty())
            .unwrap()
    };
    for (path, status, code) in [
        (
            format!("/api/games/{id}/analysis?time_ms=abc"),
            400,
            "bad_request",
        ),
        (format!("/api/games/{id}/ws"), 400, "not_websocket"),
        ("/api/games/nope/ws".to_string(), 404, "no_such_game"),
        ("/api/%FF%FE".to_string(), 404, "not_found"),
        ("/api/nothing".to_string(), 404, "not_found"),
    ] {
        let (s, body, headers) = app.raw(get(path.clone())).await;
        assert_eq!(s.as_u16(), status, "{path}: {body}");
        assert!(
            headers[header::CONTENT_TYPE]
                .to_str()
                .unwrap()
                .starts_with("application/json"),
            "{path}"
        );
        let v: Value = serde_json::from_str(&body).unwrap_or_else(|_| panic!("{path}: {body}"));
        assert_eq!(v["code"], code, "{path}");
        assert!(!v["error"].as_str().unwrap().is_empty());
    }
    // Page addresses the page does not know: the page itself, with 404.
    for path in ["/index.html", "/g/", "/no/such/page"] {
        let (s, body, headers) = app.raw(get(path.to_string())).await;
        assert_eq!(s, StatusCode::NOT_FOUND, "{path}");
        assert!(headers[header::CONTENT_TYPE]
            .to_str()
            .unwrap()
            .starts_with("text/html"));
        assert!(body.contains("<!doctype html>"), "{path}");
    }
    for path in ["/rules", "/rules/", "/analysis/", "/rules/bga"] {
        assert_eq!(
            app.raw(get(path.to_string())).await.0,
            StatusCode::OK,
            "{path}"
        );
    }
}

#[tokio::test]
async fn the_second_player_gets_their_rematch_seat_after_a_restart() {
    let t = TestApp::new();
    let (id, south, v) = t.create(friend()).await;
    let north = seat_of(&v["invite_url"]);
    t.post(&format!("/api/games/{id}/resign"), Some(&north), json!({}))
        .await;
    let (s, r) = t
        .post(&format!("/api/games/{id}/rematch"), Some(&south), json!({}))
        .await;
    assert_eq!(s, StatusCode::CREATED, "{r}");
    let new_id = r["id"].as_str().unwrap().to_string();
    // The server restarts before the other player has opened the rematch.
    let TestApp { dir, state, app } = t;
    drop((state, app));
    let t = TestApp::open(dir);
    let (_, old) = t.get(&format!("/api/games/{id}")).await;
    assert_eq!(old["rematch"], new_id.as_str(), "the link survived");
    let (s, r2) = t
        .post(&format!("/api/games/{id}/rematch"), Some(&north), json!({}))
        .await;
    assert_eq!(s, StatusCode::OK, "{r2}");
    assert_eq!(r2["id"], new_id.as_str());
    assert_eq!(
        r2["side"], "south",
        "North's player plays South in the rematch"
    );
    let token = r2["token"].as_str().unwrap();
    // Their new token moves for them (South starts), and holds after another restart.
    let (s, _) = t.play(&new_id, token, "1", 0).await;
    assert_eq!(s, StatusCode::OK);
    let TestApp { dir, state, app } = t;
    drop((state, app));
    let t = TestApp::open(dir);
    let (_, g) = t.get(&format!("/api/games/{new_id}")).await;
    assert_eq!(g["ply"], 1);
    // The first player's token still works too.
    let first = r["token"].as_str().unwrap();
    let to_move = g["to_move"].as_str().unwrap();
    let mover = if to_move == "north" { first } else { token };
    let mv = g["legal_moves"][0].as_str().unwrap();
    let (s, e) = t.play(&new_id, mover, mv, 1).await;
    assert_eq!(s, StatusCode::OK, "{e}");
    // Once their seat is opened, asking again cannot hand the seat to someone else.
    let (s, e) = t
        .post(&format!("/api/games/{id}/rematch"), Some(&north), json!({}))
        .await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::CONFLICT, Some("rematch_exists"))
    );
}

#[tokio::test]
async fn the_position_of_a_game_between_two_people_is_not_analysed_while_it_is_played() {
    let t = TestApp::new();
    let (id, south, v) = t.create(friend()).await;
    let north = seat_of(&v["invite_url"]);
    t.open_game(&id, &north).await;
    t.play(&id, &south, "1", 0).await;
    let (_, g) = t.play(&id, &north, "1", 1).await;
    let position = g["position"].as_str().unwrap().to_string();
    let analyze = |position: String| json!({"rules": {"preset": "standard"}, "position": position, "time_ms": 50});
    let (s, e) = t
        .post("/api/analyze", None, analyze(position.clone()))
        .await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::FORBIDDEN, Some("no_hints")),
        "{e}"
    );
    // The same position pasted from the other side of the board is the same position.
    let setup = kalah_rules::parse_setup(&position).unwrap();
    let mut flipped = setup.clone();
    std::mem::swap(&mut flipped.stores.south, &mut flipped.stores.north);
    std::mem::swap(&mut flipped.houses.south, &mut flipped.houses.north);
    flipped.to_move = setup.to_move.opponent();
    let (s, _) = t
        .post("/api/analyze", None, analyze(flipped.to_string()))
        .await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    // The start position, and positions of no game in play, are free.
    let (s, _) = t
        .post(
            "/api/analyze",
            None,
            analyze("<6,0,0,4,4,4,4,4,4,4,4,4,4,4,4> S".into()),
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    // Once the game is over, its position may be analysed.
    t.post(&format!("/api/games/{id}/resign"), Some(&north), json!({}))
        .await;
    let (s, a) = t.post("/api/analyze", None, analyze(position)).await;
    assert_eq!(s, StatusCode::OK, "{a}");
}

/// Issue 36: the rule held only for the position as stored; a store changed by one seed,
/// `early_end` added, the rules spelt another way, or the position after the next move were
/// analysed.
#[tokio::test]
async fn no_spelling_or_next_move_of_a_live_game_between_people_is_analysed() {
    let t = TestApp::new();
    let (id, south, v) = t.create(friend()).await;
    let north = seat_of(&v["invite_url"]);
    // The friend opens the game (the host's first move may wait for it).
    let (s, _) = t
        .call(
            axum::http::Method::GET,
            &format!("/api/games/{id}"),
            Some(&north),
            None,
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(t.play(&id, &south, "1", 0).await.0, StatusCode::OK);
    let (s, g) = t.play(&id, &north, "1", 1).await;
    assert_eq!(s, StatusCode::OK, "{g}");
    let position = g["position"].as_str().unwrap().to_string();
    let setup = kalah_rules::parse_setup(&position).unwrap();
    let ask = |rules: serde_json::Value, position: String| json!({"rules": rules, "position": position, "time_ms": 50});
    let refused = |(s, e): (StatusCode, serde_json::Value)| {
        assert_eq!(
            (s, e["code"].as_str()),
            (StatusCode::FORBIDDEN, Some("no_hints")),
            "{e}"
        );
    };
    // A seed more in a store.
    let mut stores = setup.clone();
    stores.stores.south += 1;
    refused(
        t.post(
            "/api/analyze",
            None,
            ask(json!({"preset": "standard"}), stores.to_string()),
        )
        .await,
    );
    // early_end added, and the rules as options instead of the preset's name.
    refused(
        t.post(
            "/api/analyze",
            None,
            ask(
                json!({"preset": "standard", "early_end": true}),
                position.clone(),
            ),
        )
        .await,
    );
    refused(
        t.post(
            "/api/analyze",
            None,
            ask(json!({"houses": 6, "seeds": 4}), position.clone()),
        )
        .await,
    );
    // The position after the next move, and after the answer to it.
    let rules: kalah_rules::Rules = "standard".parse().unwrap();
    let now = kalah_rules::Position::from_setup(rules, &setup).unwrap();
    let mv = now.legal_moves()[0];
    let mut next = now;
    next.play(mv).unwrap();
    refused(
        t.post(
            "/api/analyze",
            None,
            ask(json!({"preset": "standard"}), next.to_string()),
        )
        .await,
    );
    let mut answer = next;
    let reply = *answer.legal_moves().last().unwrap();
    answer.play(reply).unwrap();
    refused(
        t.post(
            "/api/analyze",
            None,
            ask(json!({"preset": "standard"}), answer.to_string()),
        )
        .await,
    );
    // The position the game passed through is refused after the next move is played.
    let mover = if g["to_move"] == "south" {
        &south
    } else {
        &north
    };
    let (s, _) = t.play(&id, mover, &mv.to_string(), 2).await;
    assert_eq!(s, StatusCode::OK);
    refused(
        t.post(
            "/api/analyze",
            None,
            ask(json!({"preset": "standard"}), position.clone()),
        )
        .await,
    );
    // Once the game is over, all of them are free.
    t.post(&format!("/api/games/{id}/resign"), Some(&north), json!({}))
        .await;
    let (s, a) = t
        .post(
            "/api/analyze",
            None,
            ask(json!({"preset": "standard"}), next.to_string()),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{a}");
}
