//! KGP end to end on 127.0.0.1: bots over TCP and over the WebSocket play whole games, stored
//! like every other game; a bot that sends nothing gets random moves, one that sends an
//! illegal move or disconnects loses; hostile lines get `error` answers.
//!
//! The test client reproduces the quirks of the Python library `kgp.py`: it quotes every
//! word, numbers its commands 1, 3, 5, ... and references a `state` as `ID@REF`.

mod common;

use futures_util::{SinkExt, StreamExt};
use kalah_kgp::{Board, Command};
use kalah_server::{AppState, KgpConfig, Policy};
use serde_json::Value;
use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;
use tower::ServiceExt;

struct Server {
    _dir: tempfile::TempDir,
    state: AppState,
    tcp: SocketAddr,
    http: SocketAddr,
    tasks: Vec<tokio::task::JoinHandle<()>>,
}

impl Drop for Server {
    fn drop(&mut self) {
        for t in &self.tasks {
            t.abort();
        }
    }
}

fn config() -> KgpConfig {
    KgpConfig {
        move_time: Duration::from_millis(300),
        boards: vec![(6, 4)],
        pair_wait: Duration::from_millis(200),
        levels: vec![kalah_engine::Level::Beginner],
        ..KgpConfig::default()
    }
}

async fn start(kgp: KgpConfig) -> Server {
    let dir = tempfile::tempdir().unwrap();
    let policy = Policy {
        kgp,
        ..Policy::default()
    };
    let state = common::open_state(dir.path(), &policy);
    let k = kalah_server::listen("127.0.0.1:0".parse().unwrap()).unwrap();
    let h = kalah_server::listen("127.0.0.1:0".parse().unwrap()).unwrap();
    let (tcp, http) = (k.local_addr().unwrap(), h.local_addr().unwrap());
    let s1 = state.clone();
    let s2 = state.clone();
    let tasks = vec![
        tokio::spawn(async move {
            kalah_server::serve_kgp(k, s1, std::future::pending()).await;
        }),
        tokio::spawn(async move {
            kalah_server::serve(h, s2, std::future::pending())
                .await
                .unwrap();
        }),
    ];
    Server {
        _dir: dir,
        state,
        tcp,
        http,
        tasks,
    }
}

/// GET `path` in-process: the status and the body.
async fn get(state: &AppState, path: &str) -> (u16, String) {
    let req = axum::http::Request::get(path)
        .body(axum::body::Body::empty())
        .unwrap();
    let res = kalah_server::app(state.clone()).oneshot(req).await.unwrap();
    let status = res.status().as_u16();
    let bytes = http_body_util::BodyExt::collect(res.into_body())
        .await
        .unwrap()
        .to_bytes();
    (status, String::from_utf8_lossy(&bytes).into_owned())
}

impl Server {
    async fn game(&self, id: &str) -> Value {
        let (_, body) = get(&self.state, &format!("/api/games/{id}")).await;
        serde_json::from_str(&body).unwrap()
    }

    /// The game once it is over (within 60 s).
    async fn finished(&self, id: &str) -> Value {
        for _ in 0..1200 {
            let g = self.game(id).await;
            if g["status"] != "playing" && g["status"].is_string() {
                return g;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("game {id} did not end within 60 s: {}", self.game(id).await);
    }
}

/// A line transport: TCP, or a WebSocket with one line per frame.
enum Conn {
    Tcp(
        BufReader<tokio::net::tcp::OwnedReadHalf>,
        tokio::net::tcp::OwnedWriteHalf,
    ),
    Ws(Box<tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>>),
}

impl Conn {
    async fn tcp(addr: SocketAddr) -> Conn {
        let (r, w) = TcpStream::connect(addr).await.unwrap().into_split();
        Conn::Tcp(BufReader::new(r), w)
    }

    async fn ws(addr: SocketAddr) -> Conn {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/socket"))
            .await
            .unwrap();
        Conn::Ws(Box::new(ws))
    }

    async fn send(&mut self, line: &str) {
        match self {
            Conn::Tcp(_, w) => {
                let _ = w.write_all(format!("{line}\r\n").as_bytes()).await;
            }
            Conn::Ws(ws) => {
                let _ = ws.send(Message::Text(line.to_string().into())).await;
            }
        }
    }

    async fn send_raw(&mut self, bytes: &[u8]) {
        if let Conn::Tcp(_, w) = self {
            w.write_all(bytes).await.unwrap();
        }
    }

    /// The next line, or `None` when the connection closed (or nothing came within 10 s).
    async fn recv(&mut self) -> Option<String> {
        let next = async {
            match self {
                Conn::Tcp(r, _) => {
                    let mut s = String::new();
                    match r.read_line(&mut s).await {
                        Ok(0) | Err(_) => None,
                        Ok(_) => {
                            assert!(s.ends_with("\r\n"), "server lines end in CRLF: {s:?}");
                            Some(s.trim_end().to_string())
                        }
                    }
                }
                Conn::Ws(ws) => loop {
                    match ws.next().await {
                        Some(Ok(Message::Text(t))) => break Some(t.to_string()),
                        Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break None,
                        Some(Ok(_)) => continue,
                    }
                },
            }
        };
        tokio::time::timeout(Duration::from_secs(10), next)
            .await
            .ok()
            .flatten()
    }

    async fn command(&mut self) -> Option<Command> {
        let l = self.recv().await?;
        Some(
            l.parse()
                .unwrap_or_else(|e| panic!("server sent {l:?}: {e}")),
        )
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Style {
    /// Random legal moves, several per request (the last counts), then `yield`.
    Random,
    /// Says nothing after `mode`, not even `pong`.
    Silent,
    /// Answers every request with house 99.
    Illegal,
    /// Answers the first request, then drops the connection.
    Quitter,
    /// Yields at once without a move (the Java library's race).
    YieldOnly,
}

/// What a bot saw.
#[derive(Debug, Default)]
struct Seen {
    game: Option<String>,
    states: usize,
    errors: Vec<String>,
}

/// Plays as a kgp.py-like bot named `name` until the connection closes; reports the game id
/// on `ids` when the server names it.
async fn bot(mut c: Conn, name: &str, style: Style, ids: mpsc::UnboundedSender<String>) -> Seen {
    let mut seen = Seen::default();
    let mut idn = 1u64;
    let mut rng = 0x9E37_79B9_7F4A_7C15u64 ^ name.len() as u64;
    while let Some(cmd) = c.command().await {
        match cmd.name.as_str() {
            "kgp" => {
                assert_eq!(cmd.to_string(), "kgp 1 0 1");
                say(&mut c, &mut idn, format!(" set \"info:name\" \"{name}\"")).await;
                say(&mut c, &mut idn, " set \"info:authors\" \"tests\"".into()).await;
                say(&mut c, &mut idn, " set \"x:unknown\" \"ignored\"".into()).await;
                say(&mut c, &mut idn, " mode \"freeplay\"".into()).await;
            }
            "set" => {
                let key = cmd.arg(0).and_then(|a| a.as_text()).unwrap_or("");
                if key == "game:id" {
                    let id = cmd.arg(1).unwrap().as_text().unwrap().to_string();
                    seen.game = Some(id.clone());
                    let _ = ids.send(id);
                }
            }
            "state" => {
                seen.states += 1;
                let id = cmd.id.expect("a state has an ID");
                let board = cmd.arg(0).unwrap().as_board().unwrap();
                let pos = board.to_position(board.rules().unwrap()).unwrap();
                let legal = pos.legal_moves();
                assert!(
                    legal.len() > 1,
                    "one legal move is played for the bot: {board}"
                );
                match style {
                    Style::Silent => {}
                    Style::Illegal => say(&mut c, &mut idn, format!("@{id} move 99")).await,
                    Style::YieldOnly => say(&mut c, &mut idn, format!("@{id} yield")).await,
                    Style::Random | Style::Quitter => {
                        for _ in 0..3 {
                            rng ^= rng << 13;
                            rng ^= rng >> 7;
                            rng ^= rng << 17;
                            let m = legal[(rng % legal.len() as u64) as usize];
                            say(&mut c, &mut idn, format!("@{id} move \"{m}\"")).await;
                        }
                        say(&mut c, &mut idn, format!("@{id} yield")).await;
                        if style == Style::Quitter {
                            return seen;
                        }
                    }
                }
            }
            "ping" if style != Style::Silent => {
                let r = cmd.id.map(|i| format!("@{i}")).unwrap_or_default();
                say(&mut c, &mut idn, format!("{r} pong")).await;
            }
            "error" => seen.errors.push(
                cmd.arg(0)
                    .and_then(|a| a.as_text())
                    .unwrap_or("")
                    .to_string(),
            ),
            "goodbye" => break,
            _ => {}
        }
    }
    seen
}

/// Sends `line` with kgp.py's next odd ID in front.
async fn say(c: &mut Conn, idn: &mut u64, line: String) {
    let l = format!("{idn}{line}");
    *idn += 2;
    c.send(&l).await
}

fn spawn_bot(
    c: Conn,
    name: &'static str,
    style: Style,
) -> (
    tokio::task::JoinHandle<Seen>,
    mpsc::UnboundedReceiver<String>,
) {
    let (tx, rx) = mpsc::unbounded_channel();
    (tokio::spawn(bot(c, name, style, tx)), rx)
}

async fn first_game(rx: &mut mpsc::UnboundedReceiver<String>) -> String {
    tokio::time::timeout(Duration::from_secs(20), rx.recv())
        .await
        .expect("a game within 20 s")
        .unwrap()
}

fn side_of(g: &Value, name: &str) -> &'static str {
    if g["players"]["south"] == name {
        "south"
    } else {
        assert_eq!(g["players"]["north"], name, "{g}");
        "north"
    }
}

#[tokio::test]
async fn two_bots_play_a_whole_game_over_tcp_and_it_is_stored() {
    let s = start(KgpConfig {
        level_games: 0,
        ..config()
    })
    .await;
    let (a, mut ra) = spawn_bot(Conn::tcp(s.tcp).await, "alpha", Style::Random);
    let (b, mut rb) = spawn_bot(Conn::tcp(s.tcp).await, "beta", Style::Random);
    let id = first_game(&mut ra).await;
    assert_eq!(first_game(&mut rb).await, id, "the two bots meet");
    let g = s.finished(&id).await;
    assert_eq!(g["status"], "finished", "{g}");
    assert_eq!(g["opponent"], "kgp");
    assert_eq!(g["rules"]["houses"], 6);
    assert_eq!(g["rules"]["early_end"], true);
    side_of(&g, "alpha");
    side_of(&g, "beta");
    assert_eq!(g["seats"]["south"]["kind"], "bot");
    assert!(g["ply"].as_u64().unwrap() > 5);
    // The stored game replays like any other, after a restart too: its record names the bots.
    let fresh = common::open_state(s._dir.path(), &kalah_server::Policy::default());
    let (status, record) = get(&fresh, &format!("/api/games/{id}/record")).await;
    assert_eq!(status, 200, "{record}");
    assert!(
        record.contains("alpha") && record.contains("beta"),
        "{record}"
    );
    let (_, again) = get(&fresh, &format!("/api/games/{id}")).await;
    let again: Value = serde_json::from_str(&again).unwrap();
    assert_eq!(again["moves"], g["moves"]);
    assert_eq!(again["players"], g["players"]);
    a.abort();
    b.abort();
}

#[tokio::test]
async fn a_bot_over_the_websocket_plays_a_level_when_alone() {
    let s = start(config()).await;
    let (a, mut ra) = spawn_bot(Conn::ws(s.http).await, "wsbot", Style::Random);
    let id = first_game(&mut ra).await;
    let g = s.finished(&id).await;
    assert_eq!(g["status"], "finished", "{g}");
    let bot = side_of(&g, "wsbot");
    let level = if bot == "south" { "north" } else { "south" };
    assert_eq!(g["players"][level], "Computer (beginner)");
    assert_eq!(g["seats"][level]["kind"], "computer");
    a.abort();
}

#[tokio::test]
async fn a_silent_bot_gets_random_moves() {
    let s = start(KgpConfig {
        move_time: Duration::from_millis(100),
        ..config()
    })
    .await;
    let (a, mut ra) = spawn_bot(Conn::tcp(s.tcp).await, "mute", Style::Silent);
    let id = first_game(&mut ra).await;
    let g = s.finished(&id).await;
    assert_eq!(
        g["status"], "finished",
        "random moves carry the game to its end: {g}"
    );
    drop(s);
    let seen = a.await.unwrap();
    assert!(seen.states >= 1, "the bot was asked and said nothing");
}

#[tokio::test]
async fn a_yield_without_a_move_gets_a_random_move_at_once() {
    // A move time far longer than the test: only the yield can end each request in time.
    let s = start(KgpConfig {
        move_time: Duration::from_secs(60),
        ..config()
    })
    .await;
    let (a, mut ra) = spawn_bot(Conn::tcp(s.tcp).await, "racer", Style::YieldOnly);
    let id = first_game(&mut ra).await;
    let g = s.finished(&id).await;
    assert_eq!(g["status"], "finished", "{g}");
    a.abort();
}

#[tokio::test]
async fn an_illegal_move_loses() {
    let s = start(config()).await;
    let (a, mut ra) = spawn_bot(Conn::tcp(s.tcp).await, "cheat", Style::Illegal);
    let id = first_game(&mut ra).await;
    let g = s.finished(&id).await;
    assert_eq!(g["status"], "resigned", "{g}");
    assert_eq!(g["result"]["resigned"], side_of(&g, "cheat"));
    drop(s);
    let seen = a.await.unwrap();
    assert!(
        seen.errors.iter().any(|e| e.contains("you lose this game")),
        "{:?}",
        seen.errors
    );
}

#[tokio::test]
async fn an_illegal_move_is_explained_to_the_bot() {
    let s = start(KgpConfig {
        pair_wait: Duration::from_secs(3600),
        ..config()
    })
    .await;
    // Two cheats meet; the first to move loses at once and is told so.
    let (a, mut ra) = spawn_bot(Conn::tcp(s.tcp).await, "cheat1", Style::Illegal);
    let (b, _rb) = spawn_bot(Conn::tcp(s.tcp).await, "cheat2", Style::Illegal);
    let id = first_game(&mut ra).await;
    let g = s.finished(&id).await;
    assert_eq!(g["status"], "resigned", "{g}");
    assert_eq!(g["ply"], 0);
    let loser = g["players"][g["result"]["resigned"].as_str().unwrap()]
        .as_str()
        .unwrap()
        .to_string();
    // Closing the connections ends both bots; the loser heard why.
    drop(s);
    let (sa, sb) = (a.await.unwrap(), b.await.unwrap());
    let told = if loser == "cheat1" { sa } else { sb };
    assert!(
        told.errors
            .iter()
            .any(|e| e.contains("move 99 is not legal")),
        "{:?}",
        told.errors
    );
}

#[tokio::test]
async fn a_bot_that_disconnects_mid_game_loses() {
    let s = start(KgpConfig {
        pair_wait: Duration::from_secs(3600),
        ..config()
    })
    .await;
    let (a, mut ra) = spawn_bot(Conn::tcp(s.tcp).await, "steady", Style::Random);
    let (b, _rb) = spawn_bot(Conn::tcp(s.tcp).await, "quitter", Style::Quitter);
    let id = first_game(&mut ra).await;
    let g = s.finished(&id).await;
    assert_eq!(g["status"], "resigned", "{g}");
    assert_eq!(g["result"]["resigned"], side_of(&g, "quitter"));
    assert!(b.await.unwrap().states >= 1);
    a.abort();
}

#[tokio::test]
async fn hostile_lines_get_errors_and_the_connection_goes_on() {
    let s = start(config()).await;
    let mut c = Conn::tcp(s.tcp).await;
    assert_eq!(c.recv().await.unwrap(), "kgp 1 0 1");
    let long = vec![b'x'; 100_000];
    c.send_raw(&long).await;
    c.send_raw(b"\r\n\xff\xfe\x00\r\nset \"info:name\r\nstate <6,0,0\r\nfrob 1\r\n3 ping\r\n")
        .await;
    let mut errors = Vec::new();
    loop {
        let l = c.recv().await.expect("the connection stays open");
        if l.starts_with("@3 pong") {
            break;
        }
        errors.push(l);
    }
    assert_eq!(errors.len(), 5, "{errors:?}");
    assert!(errors[0].contains("longer than 16384"), "{errors:?}");
    assert!(errors[1].contains("not UTF-8"), "{errors:?}");
    assert!(errors[2].contains("closing double quote"), "{errors:?}");
    assert!(errors[3].contains("closing '>'"), "{errors:?}");
    assert!(
        errors[4].contains("unknown command \\\"frob\\\""),
        "{errors:?}"
    );
    // An unknown mode is an error and the end.
    c.send("5 mode tournament").await;
    assert!(c
        .recv()
        .await
        .unwrap()
        .starts_with("@5 error \"unsupported mode"));
    assert_eq!(c.recv().await.unwrap(), "goodbye");
    assert_eq!(c.recv().await, None);
}

#[tokio::test]
async fn verify_mode_checks_solutions() {
    let s = start(config()).await;
    let mut c = Conn::ws(s.http).await;
    assert_eq!(c.recv().await.unwrap(), "kgp 1 0 1");
    c.send("1 mode verify").await;
    assert_eq!(c.recv().await.unwrap(), "@1 ok");
    let rules = kalah_kgp::kgp_rules(6, 4).unwrap();
    for i in 0..10u64 {
        let p = c.command().await.unwrap();
        assert_eq!(p.name, "problem");
        let board = p.arg(0).unwrap().as_board().unwrap();
        let house = p.arg(1).unwrap().as_int().unwrap() as u8;
        let mut pos = board.to_position(rules).unwrap();
        let sowing = pos.play(kalah_rules::Move::Sow(house)).unwrap();
        let after = Board::from_position(&pos, kalah_rules::Side::South);
        // Every other answer says the wrong thing about the extra turn.
        let repeat = sowing.extra_turn ^ (i % 2 == 1);
        let my = 3 + 2 * i;
        c.send(&format!(
            "{my}@{} solution {after} {}",
            p.id.unwrap(),
            repeat as u8
        ))
        .await;
        let answer = c.recv().await.unwrap();
        if i % 2 == 0 {
            assert_eq!(answer, format!("@{my} ok"));
        } else {
            assert!(answer.starts_with(&format!("@{my} error")), "{answer}");
        }
    }
}

#[tokio::test]
async fn connections_per_address_are_capped() {
    let s = start(KgpConfig {
        max_per_address: 2,
        ..config()
    })
    .await;
    let mut a = Conn::tcp(s.tcp).await;
    let mut b = Conn::tcp(s.tcp).await;
    assert_eq!(a.recv().await.unwrap(), "kgp 1 0 1");
    assert_eq!(b.recv().await.unwrap(), "kgp 1 0 1");
    let mut c = Conn::tcp(s.tcp).await;
    let refused = c.recv().await.unwrap();
    assert!(refused.contains("too many bot connections"), "{refused}");
    assert_eq!(c.recv().await.unwrap(), "goodbye");
    drop(a);
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut d = Conn::tcp(s.tcp).await;
    assert_eq!(d.recv().await.unwrap(), "kgp 1 0 1");
}

#[tokio::test]
async fn a_silent_connection_is_pinged_then_closed() {
    let s = start(KgpConfig {
        idle_timeout: Duration::from_millis(600),
        ..config()
    })
    .await;
    let mut c = Conn::tcp(s.tcp).await;
    assert_eq!(c.recv().await.unwrap(), "kgp 1 0 1");
    let ping = c.command().await.unwrap();
    assert_eq!(ping.name, "ping");
    let e = c.recv().await.unwrap();
    assert!(e.contains("nothing was heard from you"), "{e}");
    assert_eq!(c.recv().await.unwrap(), "goodbye");
    assert_eq!(c.recv().await, None);
}

#[tokio::test]
async fn a_line_trickled_in_byte_by_byte_is_cut_off() {
    let s = start(KgpConfig {
        line_timeout: Duration::from_millis(400),
        ..config()
    })
    .await;
    let mut c = Conn::tcp(s.tcp).await;
    assert_eq!(c.recv().await.unwrap(), "kgp 1 0 1");
    // One byte every 100 ms, never a line end: the connection is busy, not idle. Trickle
    // for 1.8 s (the server may close before: then writing fails, and that is the point).
    if let Conn::Tcp(_, w) = &mut c {
        for b in b"mode freeplay mode".iter() {
            if w.write_all(&[*b]).await.is_err() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
    let e = c.recv().await.expect("told why");
    assert!(e.contains("a line must end"), "{e}");
    assert_eq!(c.recv().await.unwrap(), "goodbye");
    assert_eq!(c.recv().await, None);
}
