//! What the servers on one PostgreSQL database share besides the games (storage's
//! `cluster.rs`): which seats of a game have a socket open on any server (for the presence
//! messages and claims), the Watch list, the bots online and challenges to them. Changes are
//! told on the cluster channel: `p GAME ORIGIN` (a seat's presence), `w ORIGIN` (Watch
//! entries), `c ID INSTANCE` (a challenge for a bot on INSTANCE). A single server on SQLite
//! keeps all of it in memory, as before.

use super::{Event, Games, Slot};
use crate::error::ApiResult;
use kalah_rules::{BySide, Side};
use kalah_storage::cluster::CHANNEL;
use std::sync::atomic::Ordering;
use std::sync::Arc;

/// A seat as every server sees it: a socket open somewhere, or since when it has none
/// (None: not seen leaving since the server started).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seat {
    pub present: bool,
    pub left_at: Option<i64>,
}

impl Games {
    /// Whether this server shares its database with others (PostgreSQL).
    pub fn clustered(&self) -> bool {
        self.0.origin.is_some()
    }

    /// The seats of the game of `slot` (by start seat): on a cluster from every server's
    /// sockets, alone from this server's.
    pub(crate) async fn seats(&self, slot: &Slot, id: &str) -> ApiResult<BySide<Seat>> {
        let here = BySide::from_fn(|s| {
            let left = slot.left_at[s].load(Ordering::SeqCst);
            Seat {
                present: slot.seat_sockets[s].load(Ordering::SeqCst) > 0,
                left_at: (left != i64::MIN).then_some(left),
            }
        });
        if !self.clustered() {
            return Ok(here);
        }
        let key = id.to_string();
        let all = self.0.db.read(move |db| db.seats_present(&key)).await?;
        Ok(BySide::from_fn(|s| {
            let row = all
                .iter()
                .find(|(name, _)| name == s.name())
                .map(|(_, p)| *p)
                .unwrap_or_default();
            Seat {
                present: here[s].present || row.present,
                // The database's time is the latest close on any server; this server's own
                // may not be written yet.
                left_at: row.left_at.max(here[s].left_at),
            }
        }))
    }

    /// On a cluster, writes whether this server has a socket of `seat` of game `id` open
    /// (as it is when the write runs, so the last write of a seat tells its latest state)
    /// and tells the others.
    pub(crate) async fn write_seat(&self, slot: &Slot, id: &str, seat: Side) {
        if !self.clustered() {
            return;
        }
        let _turn = slot.presence_writes.lock().await;
        let open = slot.seat_sockets[seat].load(Ordering::SeqCst) > 0;
        let (me, key, now) = (self.0.instance.clone(), id.to_string(), self.now());
        let payload = format!("p {id} {}", self.0.origin.as_deref().unwrap_or_default());
        let written = self
            .0
            .db
            .call(move |db| {
                if open {
                    db.seat_opened(&me, &key, seat.name())?;
                } else {
                    db.seat_closed(&me, &key, seat.name(), now)?;
                }
                db.cluster_notify(&payload)
            })
            .await;
        if let Err(e) = written {
            tracing::warn!("game {id}: presence not shared: {}", e.message);
        }
    }

    /// The Watch list: on a cluster every server's games, read from the database once per
    /// change (this server's entries are written first); alone, this server's index.
    pub async fn watch_list(&self) -> crate::watch::List {
        let watch = &self.0.watch;
        if !self.clustered() {
            return watch.list();
        }
        let key = watch.versions();
        if let Some(l) = watch.cluster_cached(key) {
            return l;
        }
        let _turn = self.0.watch_reads.lock().await;
        if let Some(l) = watch.cluster_cached(key) {
            return l;
        }
        self.write_watch().await;
        let since = self.now() - crate::watch::IDLE_MS;
        let read = self
            .0
            .db
            .read(move |db| db.watch_entries(since, crate::watch::LIST_LEN))
            .await;
        match read {
            Ok((entries, total)) => watch.set_cluster_list(key, &entries, total),
            Err(e) => {
                tracing::warn!("Watch list not read: {}", e.message);
                // This server's own games, rather than nothing.
                watch.list()
            }
        }
    }

    /// Writes the Watch entries this server changed, and tells the others.
    async fn write_watch(&self) {
        let dirty = self.0.watch.take_dirty();
        if dirty.is_empty() {
            return;
        }
        let ids: Vec<String> = dirty.iter().map(|(id, _)| id.clone()).collect();
        let me = self.0.instance.clone();
        let payload = format!("w {}", self.0.origin.as_deref().unwrap_or_default());
        // On a read connection: the writer's thread is kept for the games' writes, which
        // would otherwise wait behind a few hundred entries every second.
        let written = self
            .0
            .db
            .read(move |db| {
                db.put_watch_entries(&me, &dirty)?;
                db.cluster_notify(&payload)
            })
            .await;
        if let Err(e) = written {
            tracing::warn!("Watch entries not shared: {}", e.message);
            self.0.watch.redo(ids);
        }
    }

    /// Publishes the cluster's Watch list after each change (this server's or another's),
    /// at most once per [`crate::watch::EVERY`], for as long as it runs.
    pub(super) async fn publish_cluster_lists(&self) {
        let mut changed = self.0.watch.changes();
        loop {
            if changed.changed().await.is_err() {
                return;
            }
            changed.mark_unchanged();
            if self
                .0
                .watch_sockets
                .load(std::sync::atomic::Ordering::Relaxed)
                > 0
            {
                let list = self.watch_list().await;
                self.0.watch.publish(list);
            } else {
                // Nobody watches here: share this server's entries, but read no list (a
                // new Watch socket or a `GET` reads its own).
                self.write_watch().await;
            }
            tokio::time::sleep(crate::watch::EVERY).await;
        }
    }

    /// Removes what servers that stopped beating left behind (their sockets' presence, their
    /// bots), ends the bots' games they were playing (the bot's connection is gone with its
    /// server: it loses, as when its connection closes), and tidies old rows. The heartbeat
    /// calls it; tests call it after moving the time on. Answers the games whose presence
    /// changed.
    pub async fn sweep_cluster(&self) -> usize {
        if !self.clustered() {
            return 0;
        }
        let now = self.now();
        let dead_before = now - super::jobs::INSTANCE_DEAD_MS;
        let idle_before = now - crate::watch::IDLE_MS;
        let me = self.0.instance.clone();
        let swept = self
            .0
            .db
            .call(move |db| db.sweep_dead_instances(&me, dead_before, idle_before, now))
            .await;
        let swept = match swept {
            Ok(s) => s,
            Err(e) => {
                tracing::warn!("dead servers' rows not swept: {}", e.message);
                return 0;
            }
        };
        let origin = self.0.origin.clone().unwrap_or_default();
        for game in &swept.games {
            let payload = format!("p {game} {origin}");
            let _ = self.0.db.call(move |db| db.cluster_notify(&payload)).await;
            self.presence_changed(game);
        }
        for (game, seat) in swept.bot_games {
            let Some(seat) = Side::ALL.into_iter().find(|s| s.name() == seat) else {
                continue;
            };
            self.end_orphaned_bot_game(&game, seat).await;
        }
        swept.games.len()
    }

    /// Ends a bot's game whose server died: the bot at `seat` loses.
    async fn end_orphaned_bot_game(&self, id: &str, seat: Side) {
        let slot = match self.slot(id).await {
            Ok(s) => s,
            Err(e) => {
                tracing::warn!(
                    "game {id}: not ended after its bot's server died: {}",
                    e.message
                );
                return;
            }
        };
        let mut g = slot.game.lock().await;
        if !g.is_playing() {
            return;
        }
        tracing::info!(
            "KGP game {id}: {} loses: the server holding its connection died",
            g.game.players[seat]
        );
        if let Err(e) = self.resign(&slot, &mut g, seat).await {
            tracing::warn!(
                "game {id}: not ended after its bot's server died: {}",
                e.message
            );
        }
    }

    /// This server stops: its sockets' presence and its bots leave the shared tables at once.
    pub(super) async fn leave_cluster(&self) {
        if !self.clustered() {
            return;
        }
        let (me, now) = (self.0.instance.clone(), self.now());
        let origin = self.0.origin.clone().unwrap_or_default();
        let left = self
            .0
            .db
            .call(move |db| {
                let games = db.leave_cluster(&me, now)?;
                for g in &games {
                    db.cluster_notify(&format!("p {g} {origin}"))?;
                }
                Ok(())
            })
            .await;
        if let Err(e) = left {
            tracing::warn!("this server's presence not removed: {}", e.message);
        }
    }

    /// The sockets of game `id` here are told its presence changed.
    fn presence_changed(&self, id: &str) {
        let slot = self.0.games.lock().expect("games lock").get(id).cloned();
        if let Some(slot) = slot {
            let _ = slot.events.send(Event::Presence);
        }
    }

    /// Hears the cluster channel (see the module's comment). Does nothing outside a tokio
    /// runtime.
    pub(crate) fn listen_to_cluster(&self, url: &str) -> Result<(), kalah_storage::Error> {
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return Ok(());
        };
        let alive = Arc::downgrade(&self.0);
        let on_payload = {
            let weak = alive.clone();
            let runtime = runtime.clone();
            move |payload: &str| {
                let Some(state) = weak.upgrade().map(Games) else {
                    return;
                };
                let own = state.0.origin.as_deref().unwrap_or_default();
                let parts: Vec<&str> = payload.split(' ').collect();
                match parts.as_slice() {
                    ["p", game, origin] if *origin != own => state.presence_changed(game),
                    ["w", origin] if *origin != own => state.0.watch.remote_changed(),
                    ["c", id, instance] if *instance == state.0.instance => {
                        if let Some(answer) = state.0.on_bot_challenge.get() {
                            runtime.spawn(answer(id.to_string()));
                        }
                    }
                    _ => {}
                }
            }
        };
        let on_reconnect = {
            let weak = alive.clone();
            move || {
                if let Some(state) = weak.upgrade().map(Games) {
                    // News missed meanwhile: read the list again, resend presence.
                    state.0.watch.remote_changed();
                    let slots: Vec<Arc<Slot>> = state
                        .0
                        .games
                        .lock()
                        .expect("games lock")
                        .values()
                        .cloned()
                        .collect();
                    for s in slots {
                        let _ = s.events.send(Event::Presence);
                    }
                }
            }
        };
        kalah_storage::notify::listen_on(
            url,
            CHANNEL,
            "other servers' presence, Watch list and challenges",
            move || alive.strong_count() > 0,
            on_payload,
            on_reconnect,
        )
    }
}
