//! The freeplay lobby: bots that asked for a game wait here. Two waiting bots play each
//! other; on a cluster, a bot alone for half of [`KgpConfig::pair_wait`](super::KgpConfig)
//! may be paired with a bot waiting alone on another server (`across.rs`); a bot alone for
//! all of it plays a computer level when one of the level games is free. After a game, the
//! bots that are still connected come back here.

use super::game::{self, Player};
use super::link::Link;
use super::Bots;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::Notify;
use tokio::time::Instant;

#[derive(Default)]
pub struct Lobby {
    waiting: Mutex<VecDeque<(Arc<Link>, Instant)>>,
    arrived: Notify,
    started: AtomicBool,
    /// A search for a bot waiting on another server runs (one at a time).
    searching: Arc<AtomicBool>,
}

impl Lobby {
    /// Puts a bot in the queue (starting the pairing task on first use).
    pub fn join(&self, state: &Bots, link: Arc<Link>) {
        if !self.started.swap(true, Ordering::AcqRel) {
            let state = state.clone();
            tokio::spawn(async move { pair_forever(state).await });
        }
        self.waiting
            .lock()
            .expect("lobby")
            .push_back((link, Instant::now()));
        self.arrived.notify_one();
    }
}

/// Why a bot cannot be challenged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotWaiting {
    /// It is connected but not in the lobby (playing, or about to).
    Busy,
    /// No bot of that name is connected.
    Absent,
}

impl Lobby {
    /// Takes the first waiting bot named `name` out of the queue, for a game with a person.
    pub fn take(&self, name: &str, online: &[Arc<Link>]) -> Result<Arc<Link>, NotWaiting> {
        let mut w = self.waiting.lock().expect("lobby");
        if let Some(i) = w
            .iter()
            .position(|(l, _)| !l.is_closed() && l.name() == name)
        {
            return Ok(w.remove(i).expect("index in range").0);
        }
        if online.iter().any(|l| !l.is_closed() && l.name() == name) {
            Err(NotWaiting::Busy)
        } else {
            Err(NotWaiting::Absent)
        }
    }

    /// Takes the connection numbered `number` out of the queue, for a game with a bot of
    /// another server.
    pub fn take_number(&self, number: u64, online: &[Arc<Link>]) -> Result<Arc<Link>, NotWaiting> {
        let mut w = self.waiting.lock().expect("lobby");
        if let Some(i) = w
            .iter()
            .position(|(l, _)| !l.is_closed() && l.number == number)
        {
            return Ok(w.remove(i).expect("index in range").0);
        }
        if online.iter().any(|l| !l.is_closed() && l.number == number) {
            Err(NotWaiting::Busy)
        } else {
            Err(NotWaiting::Absent)
        }
    }

    /// Takes `link` out of the queue if it still waits there; answers since when it waited.
    pub fn take_link(&self, link: &Arc<Link>) -> Option<Instant> {
        let mut w = self.waiting.lock().expect("lobby");
        let i = w.iter().position(|(l, _)| Arc::ptr_eq(l, link))?;
        w.remove(i).map(|(_, since)| since)
    }

    /// Puts `link` back in the queue as waiting since `since` (its place kept).
    pub fn put_back(&self, link: Arc<Link>, since: Instant) {
        if link.is_closed() {
            return;
        }
        let mut w = self.waiting.lock().expect("lobby");
        let i = w.partition_point(|(_, s)| *s <= since);
        w.insert(i, (link, since));
        drop(w);
        self.arrived.notify_one();
    }
}

/// Pairs waiting bots for as long as the runtime runs.
async fn pair_forever(state: Bots) {
    let hub = state.hub();
    let wait = hub.config.pair_wait;
    let tick = (wait / 4).clamp(Duration::from_millis(10), Duration::from_millis(500));
    // At most one search of the other servers' bots a tick, however often bots arrive.
    let mut searched = Instant::now();
    loop {
        tokio::select! {
            _ = hub.lobby.arrived.notified() => {}
            _ = tokio::time::sleep(tick) => {}
        }
        let mut pairs = Vec::new();
        let mut alone = None;
        let mut lonely = Vec::new();
        {
            let mut w = hub.lobby.waiting.lock().expect("lobby");
            w.retain(|(l, _)| !l.is_closed());
            // First come, first paired; two bots with the same token do not meet (they are
            // most likely one author's copies), they wait for others or a level.
            let mut i = 0;
            while i < w.len() {
                let mate = (i + 1..w.len()).find(|&j| {
                    let (a, b) = (w[i].0.token_hash(), w[j].0.token_hash());
                    a.is_none() || a != b
                });
                match mate {
                    Some(j) => {
                        let b = w.remove(j).expect("index in range").0;
                        let a = w.remove(i).expect("index in range").0;
                        pairs.push((a, b));
                    }
                    None => i += 1,
                }
            }
            if let Some((_, since)) = w.front() {
                if since.elapsed() >= wait && !hub.config.levels.is_empty() {
                    if let Ok(permit) = Arc::clone(&hub.level_slots).try_acquire_owned() {
                        let link = w.pop_front().expect("a front").0;
                        alone = Some((link, permit));
                    }
                }
            }
            // Alone here for half the wait: maybe a bot of another server is too. No query
            // on a single server, and one search at a time.
            let due = searched.elapsed() >= tick && !hub.lobby.searching.load(Ordering::Acquire);
            if state.games().clustered() && due {
                lonely = w
                    .iter()
                    .filter(|(_, since)| since.elapsed() >= wait / 2)
                    .map(|(l, _)| Arc::clone(l))
                    .collect();
            }
        }
        if !lonely.is_empty() && !hub.lobby.searching.swap(true, Ordering::AcqRel) {
            searched = Instant::now();
            let (state, searching) = (state.clone(), Searching(Arc::clone(&hub.lobby.searching)));
            tokio::spawn(async move {
                super::across::pair(&state, lonely).await;
                drop(searching);
            });
        }
        for (a, b) in pairs {
            let state = state.clone();
            tokio::spawn(async move {
                game::play(
                    &state,
                    Player::Bot(Arc::clone(&a)),
                    Player::Bot(Arc::clone(&b)),
                )
                .await;
                state.requeue([a, b]);
            });
        }
        if let Some((link, permit)) = alone {
            let levels = &hub.config.levels;
            let level = levels[(crate::token::random_u64() % levels.len() as u64) as usize];
            let state = state.clone();
            tokio::spawn(async move {
                game::play(&state, Player::Bot(Arc::clone(&link)), Player::Level(level)).await;
                drop(permit);
                state.requeue([link]);
            });
        }
    }
}

/// Clears the lobby's `searching` flag when the search ends, however it ends.
struct Searching(Arc<AtomicBool>);

impl Drop for Searching {
    fn drop(&mut self) {
        self.0.store(false, Ordering::Release);
    }
}
