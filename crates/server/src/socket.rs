//! One socket shell for every WebSocket (a game's, the Watch list's, the lobby's, and KGP's):
//! the ping and the silence limit, the read budget, the send deadline with one flush per
//! batch, and the drain. A feature says what its events become and how it answers a client's text;
//! the shell does the rest, over any transport (a WebSocket, or a channel pair in tests).

use crate::state::AppState;
use axum::extract::ws::Message;
use futures_util::{Sink, SinkExt, Stream, StreamExt};
use std::future::Future;
use std::num::NonZeroU32;
use std::time::Duration;

/// How often the server pings a socket, to notice dead connections.
pub const PING_EVERY: Duration = Duration::from_secs(20);

/// A socket from which nothing (not even a pong) came for this long is closed.
pub const SILENCE_LIMIT: Duration = Duration::from_secs(60);

/// Messages the client does not take within this long (its connection or its reading is
/// stuck) close the socket: nothing piles up for a slow reader.
pub const SEND_LIMIT: Duration = Duration::from_secs(10);

/// How fast a client may send: messages per second and at once. A client that sends faster
/// is read more slowly, not answered faster.
#[derive(Debug, Clone, Copy)]
pub struct ReadBudget {
    pub per_second: u32,
    pub burst: u32,
}

/// What a feature sends for an event or a client's message.
pub enum Reply {
    /// These messages, written with one flush.
    Send(Vec<Message>),
    /// Nothing.
    Nothing,
    /// Close the socket (the feature has ended: its game or list is gone).
    Close,
    /// Close the socket with a close frame (the client is told it is over, as KGP's
    /// `goodbye` is followed by one).
    End,
}

impl Reply {
    pub fn one(m: Message) -> Reply {
        Reply::Send(vec![m])
    }

    pub fn text(t: impl Into<axum::extract::ws::Utf8Bytes>) -> Reply {
        Reply::one(Message::Text(t.into()))
    }
}

/// A feature's side of a socket.
pub trait Feature: Send {
    type Event: Send;
    /// Waits for the feature's next event (pending for ever when it has none to give). Must
    /// be cancel-safe: the shell drops it when something else comes first.
    fn next_event(&mut self) -> impl Future<Output = Self::Event> + Send;
    /// What an event sends.
    fn on_event(&mut self, ev: Self::Event) -> impl Future<Output = Reply> + Send;
    /// The answer to a client's text message.
    fn on_text(&mut self, text: &str) -> impl Future<Output = Reply> + Send;
    /// The answer to a client's binary message (ignored unless the feature reads them).
    fn on_binary(&mut self, _bytes: &[u8]) -> impl Future<Output = Reply> + Send {
        std::future::ready(Reply::Nothing)
    }
}

/// Serves `socket` for `feature` until either side ends it or the server drains: sends
/// `first`, then what the feature's events and the client's messages make.
pub async fn run<S, E, F>(
    state: &AppState,
    socket: S,
    budget: Option<ReadBudget>,
    first: Vec<Message>,
    mut feature: F,
) where
    S: Stream<Item = Result<Message, E>> + Sink<Message> + Unpin + Send,
    F: Feature,
{
    let (mut tx, mut rx) = socket.split();
    if send(&mut tx, first).await.is_err() {
        return;
    }
    let mut ping = tokio::time::interval(PING_EVERY);
    ping.tick().await;
    let mut heard = tokio::time::Instant::now();
    let reading = budget.map(|b| {
        let quota = governor::Quota::per_second(NonZeroU32::new(b.per_second).expect("> 0"))
            .allow_burst(NonZeroU32::new(b.burst).expect("> 0"));
        governor::RateLimiter::direct_with_clock(quota, clock())
    });
    let _open = state.drain().socket();
    let mut draining = std::pin::pin!(state.drain().started());
    loop {
        let reply = tokio::select! {
            _ = &mut draining => {
                let _ = send(&mut tx, vec![crate::drain::close_message()]).await;
                return;
            }
            ev = feature.next_event() => feature.on_event(ev).await,
            msg = rx.next() => {
                heard = tokio::time::Instant::now();
                match msg {
                    Some(Ok(Message::Text(t))) => {
                        if let Some(r) = &reading {
                            r.until_ready().await;
                        }
                        feature.on_text(&t).await
                    }
                    Some(Ok(Message::Binary(b))) => {
                        if let Some(r) = &reading {
                            r.until_ready().await;
                        }
                        feature.on_binary(&b).await
                    }
                    // Answer a close so the client sees a clean 1000, not a dropped connection.
                    Some(Ok(Message::Close(_))) => {
                        let _ = tx.close().await;
                        return;
                    }
                    None | Some(Err(_)) => return,
                    Some(Ok(_)) => continue,
                }
            }
            _ = ping.tick() => {
                if heard.elapsed() > SILENCE_LIMIT {
                    tracing::debug!("closing a silent WebSocket");
                    return;
                }
                Reply::one(Message::Ping(Default::default()))
            }
        };
        match reply {
            Reply::Send(msgs) => {
                if send(&mut tx, msgs).await.is_err() {
                    return;
                }
            }
            Reply::Nothing => {}
            Reply::Close => return,
            Reply::End => {
                let _ = tokio::time::timeout(Duration::from_secs(1), tx.close()).await;
                return;
            }
        }
    }
}

/// The clock of every socket's read budget, made once: making one reads the processor's
/// features (`cpuid`), which in a virtual machine is a trip to the hypervisor. Made per socket,
/// it was 5 % of the server's time in a profile of 8,000 players joining within 10 s.
fn clock() -> governor::clock::DefaultClock {
    static CLOCK: std::sync::OnceLock<governor::clock::DefaultClock> = std::sync::OnceLock::new();
    CLOCK.get_or_init(Default::default).clone()
}

/// Writes `msgs` with one flush within [`SEND_LIMIT`].
async fn send<T: Sink<Message> + Unpin>(tx: &mut T, msgs: Vec<Message>) -> Result<(), ()> {
    let write = async {
        for m in msgs {
            tx.feed(m).await?;
        }
        tx.flush().await
    };
    match tokio::time::timeout(SEND_LIMIT, write).await {
        Ok(Ok(())) => Ok(()),
        _ => Err(()),
    }
}
