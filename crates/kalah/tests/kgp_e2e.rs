//! `kalah kgp connect` against `kalah serve --kgp-addr`, both the real binary: our engine
//! plays whole games over TCP and over the WebSocket, and they are stored under its name.
//! A client pointed at a closed port says so and fails.

use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod kgp_server;
use kgp_server::{serve, Proc, Server};

impl Server {
    fn get(&self, path: &str) -> Value {
        let mut s = TcpStream::connect(&self.http).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        write!(
            s,
            "GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut text = String::new();
        s.read_to_string(&mut text).unwrap();
        let body = text.split("\r\n\r\n").nth(1).unwrap_or("");
        serde_json::from_str(body).unwrap_or(Value::Null)
    }
}

/// Runs `kalah kgp connect URL --name NAME`; returns the process and the game id it reports
/// on stderr first.
fn connect(url: &str, name: &str) -> (Proc, String) {
    let (child, games) = connect_with(url, name, &["--level", "perfect", "--time", "0.3"]);
    let id = games
        .recv_timeout(Duration::from_secs(30))
        .expect("kalah kgp connect reports a game within 30 s");
    (child, id)
}

/// Runs `kalah kgp connect URL --name NAME EXTRA...`; returns the process and the ids of the
/// games it reports on stderr, as they start.
fn connect_with(
    url: &str,
    name: &str,
    extra: &[&str],
) -> (Proc, std::sync::mpsc::Receiver<String>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kalah"))
        .args(["kgp", "connect", url, "--name", name])
        .args(extra)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start kalah kgp connect");
    let err = BufReader::new(child.stderr.take().unwrap());
    let child = Proc(child);
    let (tx, rx) = std::sync::mpsc::channel();
    // Reads stderr to its end, so the client never writes into a closed pipe.
    std::thread::spawn(move || {
        for line in err.lines().map_while(Result::ok) {
            if let Some(rest) = line.strip_prefix("kalah: game ") {
                let _ = tx.send(rest.split(' ').next().unwrap_or("").to_string());
            }
        }
    });
    (child, rx)
}

fn finished(server: &Server, id: &str) -> Value {
    let start = Instant::now();
    loop {
        let g = server.get(&format!("/api/games/{id}"));
        if g["status"].is_string() && g["status"] != "playing" {
            return g;
        }
        assert!(
            start.elapsed() < Duration::from_secs(90),
            "game {id} did not end: {g}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn our_engine_plays_whole_games_over_tcp_and_websocket() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(dir.path());
    let (tcp_bot, tcp_game) = connect(&format!("tcp://{}", server.kgp), "kalah-tcp");
    let (ws_bot, ws_game) = connect(&format!("ws://{}/socket", server.http), "kalah-ws");
    for (id, name) in [(&tcp_game, "kalah-tcp"), (&ws_game, "kalah-ws")] {
        let g = finished(&server, id);
        assert_eq!(g["status"], "finished", "{g}");
        assert_eq!(g["opponent"], "kgp");
        let side = if g["players"]["south"] == name {
            "south"
        } else {
            "north"
        };
        assert_eq!(g["players"][side], name, "{g}");
        // The perfect level against the beginner: it does not lose.
        assert_ne!(
            g["result"]["winner"],
            if side == "south" { "north" } else { "south" },
            "{g}"
        );
    }
    drop((tcp_bot, ws_bot));
}

#[test]
fn an_unreachable_server_is_a_clear_failure() {
    // A port that was free a moment ago: nothing listens there.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let out = Command::new(env!("CARGO_BIN_EXE_kalah"))
        .args(["kgp", "connect", &format!("127.0.0.1:{port}")])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cannot connect to 127.0.0.1:"), "{err}");
    assert!(err.contains("is a KGP server running there?"), "{err}");
}

#[test]
fn the_bridge_plays_whole_games_with_an_engine_protocol_program() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(dir.path());
    let engine = format!("{} engine", env!("CARGO_BIN_EXE_kalah"));
    let (bot, games) = connect_with(
        &format!("tcp://{}", server.kgp),
        "bridge",
        &["--engine", &engine, "--time", "0.1"],
    );
    // Two games one after the other: the first is over when the second starts.
    for _ in 0..2 {
        let id = games
            .recv_timeout(Duration::from_secs(60))
            .expect("the bridge reports a game");
        let g = finished(&server, &id);
        assert_eq!(g["status"], "finished", "{g}");
        let side = if g["players"]["south"] == "bridge" {
            "south"
        } else {
            "north"
        };
        assert_eq!(g["players"][side], "bridge", "{g}");
        // `kalah engine` at 100 ms a move against the beginner: it does not lose.
        assert_ne!(
            g["result"]["winner"],
            if side == "south" { "north" } else { "south" },
            "{g}"
        );
    }
    drop(bot);
}

#[test]
fn kgp_host_and_port_name_the_server_and_a_missing_engine_is_a_clear_failure() {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let run = |env: &[(&str, &str)], args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_kalah"))
            .args(["kgp", "connect"])
            .args(args)
            .env_remove("KGP_HOST")
            .env_remove("KGP_PORT")
            .envs(env.iter().copied())
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let port = port.to_string();
    let (code, err) = run(&[("KGP_HOST", "127.0.0.1"), ("KGP_PORT", &port)], &[]);
    assert_eq!(code, Some(1));
    assert!(
        err.contains(&format!("cannot connect to 127.0.0.1:{port}")),
        "{err}"
    );
    let (code, err) = run(&[("KGP_HOST", "127.0.0.1"), ("KGP_PORT", "http")], &[]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("KGP_PORT=\"http\" is not a port number"),
        "{err}"
    );
    let (code, err) = run(
        &[],
        &[&format!("127.0.0.1:{port}"), "--engine", "/no/such/engine"],
    );
    assert_eq!(code, Some(1));
    assert!(
        err.contains("the engine \"/no/such/engine\" could not start"),
        "{err}"
    );
}
