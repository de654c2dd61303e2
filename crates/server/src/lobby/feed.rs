//! The seek feed: seek changes gathered for a short interval, serialised once, and sent
//! to every socket that watches the list, one group of sockets at a time.

use super::core::{Event, Feed, Inner, Lobby, Pending, Seek, Text, SHARDS};
use super::out::Out;
use super::spec::ConnId;
use serde_json::Value;
use std::collections::HashSet;
use tokio::sync::broadcast;

/// Seek changes held between two feed messages; past this the next one is the whole list.
const PENDING: usize = 1024;

impl Feed {
    /// The message for a socket of `player`.
    pub fn text_for(&self, player: &str) -> Text {
        self.owners.get(player).unwrap_or(&self.shared).clone()
    }
}

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
        self.pending.push(added, id);
        self.changed.notify_one();
    }

    /// The feed message of the changes since the last one, if any.
    pub(super) fn take_feed(&mut self) -> Option<Feed> {
        if self.pending.is_empty() {
            return None;
        }
        let p = std::mem::take(&mut self.pending);
        // Seeks added and removed since the last message are left out of `added`.
        let added: Vec<&Seek> = if p.whole {
            self.seeks.values().collect()
        } else {
            p.added.iter().filter_map(|id| self.seeks.get(id)).collect()
        };
        let text = |owner: Option<&str>| {
            let list: Vec<Value> = added
                .iter()
                .map(|s| s.json(Some(s.owner.player.id.as_str()) == owner))
                .collect();
            if p.whole {
                Out::Seeks { seeks: list }.text()
            } else {
                Out::SeeksChanged {
                    added: list,
                    removed: p.removed.clone(),
                }
                .text()
            }
        };
        let owners: HashSet<&str> = added.iter().map(|s| s.owner.player.id.as_str()).collect();
        Some(Feed {
            shared: text(None),
            owners: owners
                .into_iter()
                .map(|o| (o.to_string(), text(Some(o))))
                .collect(),
        })
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
        let feed = std::sync::Arc::new(feed);
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

    /// The feed of seek changes for socket `conn` (subscribe before reading
    /// [`Lobby::seeks`]).
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

    fn feed(l: &Lobby, rx: &mut broadcast::Receiver<Event>, player: &str) -> Value {
        assert!(flush(l));
        let f = rx.try_recv().unwrap();
        serde_json::from_str(f.text_for(&format!("id-{player}")).as_str()).unwrap()
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
            let v: Value = serde_json::from_str(f.text_for("id-bob").as_str()).unwrap();
            assert_eq!(v["added"][0]["id"], 7);
            assert!(rx.try_recv().is_err(), "and only once");
        }
    }
}
