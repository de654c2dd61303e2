//! `kalah serve` drains on SIGTERM: `/readyz` reports it, every WebSocket gets a 1012
//! ("service restart") close frame with a reason to reconnect, not a dropped connection,
//! and the process exits 0 within its bound.

mod common;

use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tungstenite::protocol::frame::coding::CloseCode;
use tungstenite::Message;

/// A running `kalah serve`, killed when dropped.
struct Server {
    child: Child,
    addr: String,
    _data: tempfile::TempDir,
}

impl Server {
    fn start() -> Server {
        let data = tempfile::tempdir().unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_kalah"))
            .args(["serve", "--addr", "127.0.0.1:0", "--data"])
            .arg(data.path())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start kalah serve");
        let addr = common::serve_addr(&mut child);
        Server {
            child,
            addr,
            _data: data,
        }
    }

    /// A request; answers the status and the JSON answer.
    fn call(&self, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
        let (status, _, json) = self.call_with_headers(method, path, body);
        (status, json)
    }

    /// [`Server::call`], with the answer's header lines too.
    fn call_with_headers(
        &self,
        method: &str,
        path: &str,
        body: Option<Value>,
    ) -> (u16, String, Value) {
        let mut s = TcpStream::connect(&self.addr).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        let body = body.map(|b| b.to_string()).unwrap_or_default();
        write!(
            s,
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            self.addr,
            body.len()
        )
        .unwrap();
        let mut text = String::new();
        s.read_to_string(&mut text).unwrap();
        let status = text[9..12].parse().unwrap();
        let (head, json) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
        let json = serde_json::from_str(json).unwrap_or(Value::Null);
        (status, head.to_string(), json)
    }

    fn socket(&self, path: &str) -> tungstenite::WebSocket<TcpStream> {
        self.socket_with_cookie(path, None)
    }

    fn socket_with_cookie(
        &self,
        path: &str,
        cookie: Option<&str>,
    ) -> tungstenite::WebSocket<TcpStream> {
        use tungstenite::client::IntoClientRequest;
        let tcp = TcpStream::connect(&self.addr).unwrap();
        tcp.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
        let mut req = format!("ws://{}{path}", self.addr)
            .into_client_request()
            .unwrap();
        if let Some(c) = cookie {
            req.headers_mut().insert("cookie", c.parse().unwrap());
        }
        let (ws, _) =
            tungstenite::client(req, tcp).unwrap_or_else(|e| panic!("cannot open {path}: {e}"));
        ws
    }

    /// A guest session's cookie (`name=value`).
    fn guest(&self) -> String {
        let (status, head, g) = self.call_with_headers("POST", "/api/session/guest", None);
        assert!(status == 200 || status == 201, "{status} {g}");
        head.lines()
            .find_map(|l| {
                let (name, value) = l.split_once(':')?;
                name.eq_ignore_ascii_case("set-cookie")
                    .then(|| value.trim().split(';').next().unwrap_or("").to_string())
            })
            .unwrap_or_else(|| panic!("no cookie in {head}"))
    }

    fn terminate(&self) {
        let ok = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .unwrap()
            .success();
        assert!(ok, "kill -TERM failed");
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Reads until the close frame; answers its code and reason.
fn close_of(ws: &mut tungstenite::WebSocket<TcpStream>) -> (CloseCode, String) {
    loop {
        match ws.read() {
            Ok(Message::Close(Some(f))) => return (f.code, f.reason.to_string()),
            Ok(Message::Close(None)) => panic!("a close frame without a code"),
            Ok(_) => continue,
            Err(e) => panic!("the socket ended without a close frame: {e}"),
        }
    }
}

#[test]
fn sigterm_closes_sockets_with_1012_and_exits_0() {
    let mut server = Server::start();
    let (status, h) = server.call("GET", "/healthz", None);
    assert_eq!(status, 200, "{h}");
    let (status, r) = server.call("GET", "/readyz", None);
    assert_eq!((status, r["status"].as_str()), (200, Some("ready")), "{r}");

    let (status, created) = server.call(
        "POST",
        "/api/games",
        Some(json!({"opponent": {"kind": "friend"}, "side": "south", "first": "south"})),
    );
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();
    let mut game = server.socket(&format!("/api/games/{id}/ws?token={token}"));
    let mut watch = server.socket("/api/watch/ws");
    let cookie = server.guest();
    let mut lobby = server.socket_with_cookie("/api/lobby/ws", Some(&cookie));
    let mut kgp = server.socket("/socket");
    // Every socket is being served: its first message came.
    for ws in [&mut game, &mut watch, &mut lobby, &mut kgp] {
        assert!(matches!(ws.read().unwrap(), Message::Text(_)));
    }

    let sent = Instant::now();
    server.terminate();
    for ws in [&mut game, &mut watch, &mut lobby, &mut kgp] {
        let (code, reason) = close_of(ws);
        assert_eq!(code, CloseCode::Restart, "close code 1012");
        assert!(reason.contains("reconnect"), "{reason}");
    }
    let deadline = sent + Duration::from_secs(15);
    let status = loop {
        if let Some(s) = server.child.try_wait().unwrap() {
            break s;
        }
        assert!(
            Instant::now() < deadline,
            "still running 15 s after SIGTERM"
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(status.success(), "exit status {status}");
    // The sockets' clients answered the close, so the drain did not wait out its bound.
    assert!(
        sent.elapsed() < Duration::from_secs(5),
        "exit took {:?}",
        sent.elapsed()
    );
}
