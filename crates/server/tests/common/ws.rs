//! Game sockets of a server serving on a loopback port.

use futures_util::StreamExt;
use serde_json::Value;
use std::time::Duration;

pub type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// The next JSON text message of a socket, within 5 s.
pub async fn next_json(ws: &mut Socket) -> Value {
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(5), ws.next())
            .await
            .expect("a message within 5 s")
            .expect("the socket is open")
            .unwrap();
        if let tokio_tungstenite::tungstenite::Message::Text(t) = msg {
            return serde_json::from_str(&t).unwrap();
        }
    }
}

/// Reads a socket's messages until one satisfies `want` (within 5 s), and answers it.
pub async fn until(ws: &mut Socket, what: &str, want: impl Fn(&Value) -> bool) -> Value {
    let mut seen = Vec::new();
    let found = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            let m = next_json(ws).await;
            if want(&m) {
                return m;
            }
            seen.push(m);
        }
    })
    .await;
    found.unwrap_or_else(|_| panic!("no message with {what} within 5 s; saw {seen:?}"))
}

/// A game socket on server `addr`, of the seat of `token` (None: a spectator), once it has
/// the game's state.
pub async fn socket(addr: &str, id: &str, token: Option<&str>) -> Socket {
    let seat = token.map_or(String::new(), |t| format!("?token={t}"));
    let (mut ws, _) =
        tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{id}/ws{seat}"))
            .await
            .unwrap();
    let first = next_json(&mut ws).await;
    assert_eq!(first["type"], "state", "{first}");
    ws
}
