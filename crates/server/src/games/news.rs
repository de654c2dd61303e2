//! News of changes other servers on the same PostgreSQL database stored (`notify.rs` in the
//! storage crate): a game this server holds in memory is reloaded and its sockets get the
//! new state, as if the change had been made here.

use super::{Event, Games, Slot};
use kalah_rules::BySide;
use kalah_storage::notify::GameNews;
use std::sync::atomic::Ordering;
use std::sync::Arc;

impl Games {
    /// Hears of the changes every server on the PostgreSQL database at `url` stores, and
    /// brings the games this one holds in memory up to date. Does nothing outside a tokio
    /// runtime.
    pub(crate) fn listen_for_changes(&self, url: &str) -> Result<(), kalah_storage::Error> {
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return Ok(());
        };
        let alive = Arc::downgrade(&self.0);
        let on_news = {
            let (weak, runtime) = (alive.clone(), runtime.clone());
            move |news: GameNews| {
                let Some(state) = weak.upgrade().map(Games) else {
                    return;
                };
                // This server's own change is in its memory already: dismissed here, on the
                // listening thread, without touching the game (a task holding the game
                // while the change's own request finishes would keep it from eviction).
                if state.0.origin.as_deref() == Some(news.origin.as_str()) {
                    return;
                }
                runtime.spawn(async move { state.catch_up(&news).await });
            }
        };
        let on_reconnect = {
            let weak = alive.clone();
            move || {
                if let Some(state) = weak.upgrade().map(Games) {
                    runtime.spawn(async move { state.reload_all().await });
                }
            }
        };
        kalah_storage::notify::listen(url, move || alive.strong_count() > 0, on_news, on_reconnect)
    }

    /// Reloads the game of `news` if it is in memory (and, for a move, behind it).
    async fn catch_up(&self, news: &GameNews) {
        let behind = |s: &Slot| {
            news.ply
                .is_none_or(|p| s.published_plies.load(Ordering::Relaxed) < p as usize)
        };
        let slot = match self.0.games.lock().expect("games lock").get(&news.game) {
            Some(s) if behind(s) => Arc::clone(s),
            _ => return,
        };
        self.reload_news(&slot, news.ply).await;
    }

    /// Reloads every game in memory: news sent while the listener was cut off was missed.
    async fn reload_all(&self) {
        let slots: Vec<Arc<Slot>> = self
            .0
            .games
            .lock()
            .expect("games lock")
            .values()
            .cloned()
            .collect();
        tracing::info!(
            "reloading {} games after listening again for other servers' changes",
            slots.len()
        );
        for slot in slots {
            self.reload_news(&slot, None).await;
        }
    }

    /// Reloads the game of `slot` unless it has move `ply` already; a rematch it gained is
    /// announced to its sockets as the server that made it does (without seat tokens: a
    /// player asks this server for their seat).
    async fn reload_news(&self, slot: &Slot, ply: Option<u32>) {
        let mut g = slot.game.lock().await;
        if ply.is_some_and(|p| g.game.moves().len() >= p as usize) {
            return;
        }
        let rematch = g.rematch.clone();
        if let Err(e) = self.reload(slot, &mut g).await {
            tracing::warn!(
                "cannot reload game {} after another server's change: {}",
                g.id,
                e.message
            );
            return;
        }
        if let Some(id) = g.rematch.clone().filter(|_| g.rematch != rematch) {
            let _ = slot.events.send(Event::Rematch {
                id,
                tokens: BySide::default(),
            });
        }
    }
}
