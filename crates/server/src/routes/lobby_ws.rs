//! `GET /api/lobby/ws`: a player's lobby socket. Seeks, pools and challenges are socket
//! messages rather than POSTs: the socket is authorised once, by the session cookie at the
//! handshake (which must come from this site's page: browsers always send `Origin` on a
//! WebSocket handshake), and what a player offers lives only as long as their sockets do.
//! Every page keeps a lobby socket (challenges and game starts reach the player anywhere),
//! but only a page that shows the seek list asks for its changes (`watch_seeks`).

use crate::client::ClientIp;
use crate::error::{ApiError, ApiResult};
use crate::lobby::ConnId;
use crate::lobby::{Event, Out, Player, Spec, Variant, You};
use crate::socket::Reply;
use crate::state::AppState;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::get;
use axum::Router;
use serde::Deserialize;
use std::time::Duration;
use tokio::sync::broadcast::error::{RecvError, TryRecvError};
use tokio::sync::broadcast::Receiver;

/// Largest message a client may send (the longest is a challenge: a name and a spec).
const MAX_MESSAGE: usize = 1024;
/// Messages a client may send per second, and at once; faster ones are read more slowly.
const MESSAGES_PER_SECOND: u32 = 5;
const MESSAGE_BURST: u32 = 10;
/// How often the pools are paired and old challenges expire.
pub const TICK: Duration = Duration::from_millis(500);
/// The seek changes go out to every watching socket as one message, at most once per this
/// interval: a change after a quiet spell goes out at once, and a busy lobby costs one
/// message per socket per interval rather than one per change.
pub const FEED_EVERY: Duration = Duration::from_millis(100);
/// Most feed messages written to a socket with one flush.
const BATCH: usize = 16;
/// Bytes of messages gathered before they are written to the socket (tungstenite's
/// default, 128 KiB, would be kept by every socket that was once sent that much).
const WRITE_BUFFER: usize = 16 * 1024;

pub fn router() -> Router<AppState> {
    Router::new().route("/api/lobby/ws", get(upgrade))
}

async fn upgrade(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> ApiResult<Response> {
    crate::session::same_site(&headers)?;
    let cur = crate::session::current(state.db(), &headers)
        .await?
        .ok_or_else(crate::session::no_session)?;
    let ws = crate::routes::ws::handshake(ws)?;
    let address = crate::routes::ws::address_slot(&state, ip)?;
    let player = Player {
        id: cur.player.id.clone(),
        name: cur.player.name.clone(),
        account: !cur.player.is_guest(),
    };
    let (conn, personal) = state.lobby().connect(player.clone()).await?;
    // Its network, for the lobby's fair shares (issue 36, `fair.rs`).
    if let Some(ip) = ip {
        let net = state.games().networks().share_key(ip).to_string();
        let instance = state.instance().to_string();
        let set = state
            .db()
            .lobby(move |l| l.set_socket_network(&instance, conn as i64, &net))
            .await;
        if let Err(e) = set {
            tracing::warn!("lobby socket's network not stored: {}", e.message);
        }
    }
    start_ticking(&state);
    // Written out whenever this much is waiting: with messages of at most one part of the
    // seek list, what a socket keeps for writing stays near this size.
    let ws = ws
        .max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        .write_buffer_size(WRITE_BUFFER);
    // Closed if the handshake fails after all (the closure below never runs).
    let closing = Closing(Some((state.clone(), conn, player.id.clone())));
    Ok(ws.on_upgrade(move |socket| async move {
        serve(&state, conn, player, socket, personal).await;
        closing.close().await;
        drop(address);
    }))
}

/// A lobby socket to close: now, or when dropped (from a task of its own).
struct Closing(Option<(AppState, ConnId, String)>);

impl Closing {
    async fn close(mut self) {
        if let Some((state, conn, player)) = self.0.take() {
            state.lobby().disconnect(conn, &player).await;
        }
    }
}

impl Drop for Closing {
    fn drop(&mut self) {
        if let Some((state, conn, player)) = self.0.take() {
            if let Ok(rt) = tokio::runtime::Handle::try_current() {
                rt.spawn(async move { state.lobby().disconnect(conn, &player).await });
            }
        }
    }
}

/// Starts the pairing and expiry tick of this server's lobby, once.
fn start_ticking(state: &AppState) {
    if !state.lobby().lobby().start_ticking() {
        return;
    }
    let feed = state.clone();
    tokio::spawn(async move {
        let changes = feed.lobby().lobby().changes();
        loop {
            // A change during the pause below leaves a permit: the next batch goes at once.
            changes.notified().await;
            let started = tokio::time::Instant::now();
            feed.lobby().lobby().flush_feed().await;
            tokio::time::sleep_until(started + FEED_EVERY).await;
        }
    });
    let state = state.clone();
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(TICK);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            state.lobby().tick().await;
        }
    });
}

#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum In {
    Ping,
    /// Follow the seek list (the page that shows it), or stop.
    WatchSeeks {
        on: bool,
    },
    Seek {
        rules: String,
        time_control: String,
        #[serde(default)]
        rated: bool,
    },
    CancelSeek {
        id: u64,
    },
    AcceptSeek {
        id: u64,
    },
    PoolJoin {
        rules: String,
        time_control: String,
        #[serde(default)]
        rated: bool,
    },
    PoolLeave,
    Challenge {
        to: String,
        rules: String,
        time_control: String,
        #[serde(default)]
        rated: bool,
    },
    ChallengeCancel {
        id: u64,
    },
    ChallengeAccept {
        id: u64,
    },
    ChallengeDecline {
        id: u64,
    },
}

fn spec(state: &AppState, rules: &str, tc: &str, rated: bool) -> ApiResult<Spec> {
    let variant = Variant::parse(rules).ok_or_else(|| {
        ApiError::bad_request(
            "bad_rules",
            format!("the lobby plays rules kalah-6-4 or bga-6-6, not {rules:?}"),
        )
    })?;
    let time_control = crate::routes::games::parse_time_control(state, Some(tc))?
        .expect("a time control was given");
    Ok(Spec {
        variant,
        time_control,
        rated,
    })
}

/// The player's rating in the pool of `spec` (None for a guest; an account without games
/// there has the start rating).
async fn rating(state: &AppState, player: &Player, spec: &Spec) -> ApiResult<Option<f64>> {
    if !player.account {
        return Ok(None);
    }
    let (id, pool) = (player.id.clone(), spec.pool());
    let ratings = state.db().call(move |db| db.player_ratings(&id)).await?;
    Ok(Some(
        ratings
            .iter()
            .find(|r| r.pool == pool)
            .map_or(crate::lobby::START_RATING, |r| r.rating.rating),
    ))
}

/// Does what a message asks; answers the acknowledgement to send, if any.
async fn handle(
    state: &AppState,
    conn: ConnId,
    player: &Player,
    text: &str,
    feed: &mut Option<Receiver<Event>>,
) -> ApiResult<Answer> {
    let req: In = serde_json::from_str(text).map_err(|e| {
        ApiError::bad_request(
            "bad_message",
            format!("this message is not one the lobby knows ({e}); see docs/api.md, \"Lobby\""),
        )
    })?;
    let lobby = state.lobby().lobby();
    Ok(Answer::Out(match req {
        In::Ping => Some(Out::Pong),
        In::WatchSeeks { on: true } => {
            // Subscribe before reading the list, so no change falls in between.
            *feed = Some(lobby.subscribe(conn));
            return Ok(Answer::Texts(lobby.seeks_texts(conn)));
        }
        In::WatchSeeks { on: false } => {
            *feed = None;
            None
        }
        In::Seek {
            rules,
            time_control,
            rated,
        } => {
            let s = spec(state, &rules, &time_control, rated)?;
            let r = rating(state, player, &s).await?;
            let id = state.lobby().seek(conn, s, r).await?;
            Some(Out::SeekCreated { id })
        }
        In::CancelSeek { id } => {
            state.lobby().cancel_seek(conn, id).await?;
            None
        }
        In::AcceptSeek { id } => {
            state.lobby().accept_seek(conn, id).await?;
            None
        }
        In::PoolJoin {
            rules,
            time_control,
            rated,
        } => {
            let s = spec(state, &rules, &time_control, rated)?;
            let r = rating(state, player, &s).await?;
            state.lobby().join_pool(conn, s, r).await?;
            Some(Out::Pool {
                pool: Some(s.json()),
            })
        }
        In::PoolLeave => {
            state.lobby().leave_pool(conn).await?;
            Some(Out::Pool { pool: None })
        }
        In::Challenge {
            to,
            rules,
            time_control,
            rated,
        } => {
            let s = spec(state, &rules, &time_control, rated)?;
            let r = rating(state, player, &s).await?;
            state.lobby().challenge(conn, to, s, r).await?;
            None
        }
        In::ChallengeCancel { id } => {
            state.lobby().cancel_challenge(conn, id).await?;
            None
        }
        In::ChallengeAccept { id } => {
            state.lobby().answer(conn, id, true).await?;
            None
        }
        In::ChallengeDecline { id } => {
            state.lobby().answer(conn, id, false).await?;
            None
        }
    }))
}

/// What a client's message is answered with: a message, nothing, or texts made already
/// (the seek list, shared by every socket).
enum Answer {
    Out(Option<Out>),
    Texts(Vec<crate::lobby::Text>),
}

async fn serve(
    state: &AppState,
    conn: ConnId,
    player: Player,
    socket: WebSocket,
    personal: tokio::sync::mpsc::Receiver<crate::lobby::Text>,
) {
    let challenges = match state.lobby().challenges_for(conn).await {
        Ok(c) => c,
        Err(e) => {
            tracing::warn!("lobby hello without challenges: {}", e.message);
            Vec::new()
        }
    };
    let you = You {
        name: player.name.clone(),
        account: player.account,
    };
    let hello = state.lobby().lobby().hello_texts(conn, &you, &challenges);
    drop(challenges);
    let budget = crate::socket::ReadBudget {
        per_second: MESSAGES_PER_SECOND,
        burst: MESSAGE_BURST,
    };
    let feed = LobbyFeed {
        state: state.clone(),
        conn,
        player,
        personal,
        events: None,
    };
    let hello = hello.into_iter().map(Message::Text).collect();
    crate::socket::run(state, socket, Some(budget), hello, feed).await;
}

/// A lobby socket's side of the shell: what is sent to this player alone, the seek feed
/// while the socket watches the list, and the player's requests.
struct LobbyFeed {
    state: AppState,
    conn: ConnId,
    player: Player,
    personal: tokio::sync::mpsc::Receiver<crate::lobby::Text>,
    /// The seek feed, while the socket watches the list (only the page showing it does: the
    /// feed is most of a busy lobby's traffic).
    events: Option<Receiver<Event>>,
}

enum LobbyEvent {
    Feed(Result<Event, RecvError>),
    Personal(Option<crate::lobby::Text>),
}

impl crate::socket::Feature for LobbyFeed {
    type Event = LobbyEvent;

    async fn next_event(&mut self) -> LobbyEvent {
        tokio::select! {
            ev = next_event(&mut self.events), if self.events.is_some() => LobbyEvent::Feed(ev),
            text = self.personal.recv() => LobbyEvent::Personal(text),
        }
    }

    async fn on_event(&mut self, ev: LobbyEvent) -> Reply {
        match ev {
            LobbyEvent::Personal(Some(t)) => Reply::text(t),
            LobbyEvent::Personal(None) => Reply::Close,
            LobbyEvent::Feed(ev) => {
                // With those already waiting behind it (a socket that was slow): one flush.
                let mut msgs = Vec::new();
                if !feed_texts(&self.state, self.conn, &self.player, ev, &mut msgs) {
                    return Reply::Close;
                }
                while msgs.len() < BATCH {
                    let Some(rx) = self.events.as_mut() else {
                        break;
                    };
                    let ev = match rx.try_recv() {
                        Ok(f) => Ok(f),
                        Err(TryRecvError::Lagged(n)) => Err(RecvError::Lagged(n)),
                        Err(_) => break,
                    };
                    if !feed_texts(&self.state, self.conn, &self.player, ev, &mut msgs) {
                        break;
                    }
                }
                Reply::Send(msgs)
            }
        }
    }

    async fn on_text(&mut self, text: &str) -> Reply {
        let (state, conn) = (self.state.clone(), self.conn);
        match handle(&state, conn, &self.player, text, &mut self.events).await {
            Ok(Answer::Out(Some(out))) => Reply::text(out.json()),
            Ok(Answer::Out(None)) => Reply::Nothing,
            Ok(Answer::Texts(t)) => Reply::Send(t.into_iter().map(Message::Text).collect()),
            Err(e) => Reply::text(Out::error(e.code, e.message).json()),
        }
    }
}

/// The next feed message of a socket that watches the seeks.
async fn next_event(events: &mut Option<Receiver<Event>>) -> Result<Event, RecvError> {
    match events {
        Some(e) => e.recv().await,
        None => std::future::pending().await,
    }
}

/// Adds the texts of a feed message for `player`'s socket to `msgs`: false when the feed
/// has closed.
fn feed_texts(
    state: &AppState,
    conn: ConnId,
    player: &Player,
    ev: Result<Event, RecvError>,
    msgs: &mut Vec<Message>,
) -> bool {
    match ev {
        Ok(f) => msgs.extend(f.texts_for(&player.id).map(Message::Text)),
        // Too slow to keep up: the whole list again.
        Err(RecvError::Lagged(_)) => msgs.extend(
            state
                .lobby()
                .lobby()
                .seeks_texts(conn)
                .into_iter()
                .map(Message::Text),
        ),
        Err(RecvError::Closed) => return false,
    }
    true
}
