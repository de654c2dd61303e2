//! The seek feed: seek changes gathered for a short interval, serialised once, and sent
//! to every socket that watches the list, one group of sockets at a time.

use super::core::Batch;
use super::core::{Event, Inner, Lobby, Pending, Text, SHARDS};
use super::out::You;
use super::spec::ConnId;
use std::sync::Arc;
use tokio::sync::broadcast;

/// Seek changes held between two feed messages; past this the next one is the whole list.
const PENDING: usize = 1024;

impl Pending {
    fn push(&mut self, added: bool, id: u64) {
        if self.whole {
            return;
        }
        if self.added.len() + self.removed.len() >= PENDING {
            *self = Pending {
                whole: true,
                ..Pending::default()
            };
            return;
        }
        if added {
            self.added.push(id);
        } else {
            self.removed.push(id);
        }
    }

    /// The next message is the whole list.
    pub(super) fn whole(&mut self) {
        *self = Pending {
            whole: true,
            ..Pending::default()
        };
    }

    fn is_empty(&self) -> bool {
        !self.whole && self.added.is_empty() && self.removed.is_empty()
    }
}

impl Inner {
    pub(super) fn change(&mut self, added: bool, id: u64) {
        self.snapshot = None;
        self.pending.push(added, id);
        self.changed.notify_one();
    }

    /// The whole list as sent, serialised once for every socket until the list changes.
    pub(super) fn snapshot(&mut self) -> Arc<Batch> {
        if let Some(s) = &self.snapshot {
            return s.clone();
        }
        let all: Vec<&super::core::Seek> = self.seeks.values().collect();
        let s = Arc::new(Batch::whole(&all));
        self.snapshot = Some(s.clone());
        s
    }

    /// The feed message of the changes since the last one, if any.
    pub(super) fn take_feed(&mut self) -> Option<Arc<Batch>> {
        if self.pending.is_empty() {
            return None;
        }
        let p = std::mem::take(&mut self.pending);
        if p.whole {
            return Some(self.snapshot());
        }
        // Seeks added and removed since the last message are left out of `added`.
        let added: Vec<_> = p.added.iter().filter_map(|id| self.seeks.get(id)).collect();
        Some(Arc::new(Batch::changed(&added, &p.removed)))
    }
}

impl Lobby {
    /// Sends the seek changes since the last call to every watching socket, as one message
    /// (the feed task calls this when [`Lobby::changes`] wakes it, at most once every
    /// [`super::ws::FEED_EVERY`]); answers whether there were any.
    ///
    /// The sockets are woken one group at a time, yielding in between: waking all of them
    /// at once would queue thousands of socket writes on the runtime's few threads ahead of
    /// everything else (a move's request waited behind the whole fan-out).
    pub async fn flush_feed(&self) -> bool {
        let Some(feed) = self.lock().take_feed() else {
            return false;
        };
        for shard in self.shards.iter() {
            if shard.receiver_count() > 0 {
                let _ = shard.send(feed.clone());
                tokio::task::yield_now().await;
            }
        }
        true
    }

    /// Notified when seek changes are waiting for [`Lobby::flush_feed`].
    pub fn changes(&self) -> std::sync::Arc<tokio::sync::Notify> {
        self.lock().changed.clone()
    }

    /// The whole seek list (`seeks`, in parts) for socket `conn` of this server.
    pub fn seeks_texts(&self, conn: ConnId) -> Vec<Text> {
        let (snapshot, me) = {
            let mut g = self.lock();
            let me = g.conns.get(&conn).map(|c| c.player.clone());
            (g.snapshot(), me.unwrap_or_default())
        };
        snapshot.texts_for(&me).collect()
    }

    /// The `hello` of socket `conn` of this server: who it is, the seek list, and the
    /// challenges waiting for its player.
    pub fn hello_texts(
        &self,
        conn: ConnId,
        you: &You,
        challenges: &[serde_json::Value],
    ) -> Vec<Text> {
        let (snapshot, me) = {
            let mut g = self.lock();
            let me = g.conns.get(&conn).map(|c| c.player.clone());
            (g.snapshot(), me.unwrap_or_default())
        };
        // The copy for this socket is made outside the lock.
        snapshot.hello(&me, you, challenges)
    }

    /// The feed of seek changes for socket `conn` (subscribe before reading
    /// [`Lobby::seeks_texts`]).
    pub fn subscribe(&self, conn: ConnId) -> broadcast::Receiver<Event> {
        self.shards[conn as usize % SHARDS].subscribe()
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::seek;
    use super::*;
    use serde_json::json;

    fn flush(l: &Lobby) -> bool {
        tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap()
            .block_on(l.flush_feed())
    }

    fn feed(l: &Lobby, rx: &mut broadcast::Receiver<Event>, player: &str) -> serde_json::Value {
        assert!(flush(l));
        let f = rx.try_recv().unwrap();
        let texts: Vec<Text> = f.texts_for(&format!("id-{player}")).collect();
        assert_eq!(texts.len(), 1);
        serde_json::from_str(texts[0].as_str()).unwrap()
    }

    #[test]
    fn seek_changes_go_out_as_one_message_per_flush() {
        let l = Lobby::new();
        let mut rx = l.subscribe(0);
        assert!(!flush(&l), "nothing changed");
        l.lock().add_seek(seek(1, "ann"));
        l.lock().add_seek(seek(2, "bob"));
        l.lock().add_seek(seek(3, "bob"));
        l.lock().remove_seek(3);
        let ann = feed(&l, &mut rx, "ann");
        assert_eq!(ann["type"], "seeks_changed");
        let ids: Vec<_> = ann["added"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["id"].clone())
            .collect();
        assert_eq!(ids, [json!(1), json!(2)], "seek 3 came and went");
        assert_eq!(
            ann["removed"],
            json!([3]),
            "a hello in between may have shown it"
        );
        assert_eq!(ann["added"][0]["mine"], true);
        assert_eq!(ann["added"][1]["mine"], false);
        assert!(rx.try_recv().is_err(), "one message for all four changes");
        l.lock().remove_seek(1);
        let cy = feed(&l, &mut rx, "cy");
        assert_eq!(cy["added"], json!([]));
        assert_eq!(cy["removed"], json!([1]));
        assert!(!flush(&l));
        // A removal of a seek not in the list (removed already) is no change, and its
        // addition arriving late (news crossing) is ignored.
        l.lock().remove_seek(1);
        l.lock().add_seek(seek(1, "ann"));
        assert!(!flush(&l));
    }

    #[test]
    fn too_many_changes_at_once_send_the_whole_list() {
        let l = Lobby::new();
        let mut rx = l.subscribe(0);
        l.lock().add_seek(seek(1, "ann"));
        for id in 2..PENDING as u64 + 2 {
            l.lock().add_seek(seek(id, "bob"));
            l.lock().remove_seek(id);
        }
        let bob = feed(&l, &mut rx, "bob");
        assert_eq!(bob["type"], "seeks");
        assert_eq!(bob["seeks"].as_array().unwrap().len(), 1);
        assert_eq!(bob["seeks"][0]["id"], 1);
        assert_eq!(bob["seeks"][0]["mine"], false);
        l.lock().add_seek(seek(5000, "ann"));
        assert_eq!(feed(&l, &mut rx, "ann")["type"], "seeks_changed");
    }

    #[test]
    fn every_group_of_sockets_gets_each_feed_message_once() {
        let l = Lobby::new();
        let mut rxs: Vec<_> = (0..2 * SHARDS as ConnId + 3)
            .map(|c| l.subscribe(c))
            .collect();
        l.lock().add_seek(seek(7, "ann"));
        assert!(flush(&l));
        for rx in &mut rxs {
            let f = rx.try_recv().expect("every socket hears the change");
            let v: serde_json::Value =
                serde_json::from_str(f.texts_for("id-bob").next().unwrap().as_str()).unwrap();
            assert_eq!(v["added"][0]["id"], 7);
            assert!(rx.try_recv().is_err(), "and only once");
        }
    }
}
