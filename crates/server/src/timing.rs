//! The time of game clocks and the queue of their deadlines.
//!
//! Clocks read [`Time`], the system's clock, or in tests a time that only moves when told
//! (so no test sleeps). One task keeps [`Deadlines`]: each running clock's next flag fall or
//! first-move abort, one entry per game, so the server ends those games on its own.

use std::collections::{BTreeSet, HashMap};
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Mutex;
use tokio::sync::Notify;

/// Most games on a running clock the server keeps deadlines for; more timed games are
/// refused (503) until some end. Each entry is a few dozen bytes.
pub const MAX_CLOCKS: usize = 100_000;

/// How long a player's game sockets must all have been closed before the opponent may claim
/// the game (docs/api.md, "Clocks").
pub const GRACE_MS: i64 = 60_000;

/// The clocks' time in Unix milliseconds.
#[derive(Debug)]
pub struct Time {
    /// A time set by tests (`None`: the system's clock).
    manual: Option<AtomicI64>,
}

impl Time {
    pub fn system() -> Time {
        Time { manual: None }
    }

    /// A time that starts at `start_ms` and moves only with [`Time::advance`].
    pub fn manual(start_ms: i64) -> Time {
        Time {
            manual: Some(AtomicI64::new(start_ms)),
        }
    }

    pub fn now(&self) -> i64 {
        match &self.manual {
            Some(t) => t.load(Ordering::SeqCst),
            None => crate::clock::now_ms(),
        }
    }

    /// Moves a manual time on by `ms`; false (and nothing changes) for the system's time.
    pub fn advance(&self, ms: i64) -> bool {
        match &self.manual {
            Some(t) => {
                t.fetch_add(ms, Ordering::SeqCst);
                true
            }
            None => false,
        }
    }
}

#[derive(Default)]
struct Queue {
    by_time: BTreeSet<(i64, String)>,
    by_game: HashMap<String, i64>,
}

/// Each running clock's next deadline (Unix ms), at most one per game.
#[derive(Default)]
pub struct Deadlines {
    queue: Mutex<Queue>,
    /// Told when a deadline comes earlier than the one the task sleeps for, or time moves.
    pub wake: Notify,
}

impl Deadlines {
    /// Sets game `id`'s deadline; false when [`MAX_CLOCKS`] other games have one.
    pub fn set(&self, id: &str, at_ms: i64) -> bool {
        let mut q = self.queue.lock().expect("deadlines lock");
        match q.by_game.get(id).copied() {
            Some(old) => {
                q.by_time.remove(&(old, id.to_string()));
            }
            None if q.by_game.len() >= MAX_CLOCKS => return false,
            None => {}
        }
        let first = q.by_time.first().is_none_or(|(t, _)| at_ms < *t);
        q.by_game.insert(id.to_string(), at_ms);
        q.by_time.insert((at_ms, id.to_string()));
        drop(q);
        if first {
            self.wake.notify_one();
        }
        true
    }

    /// Whether there is room for one more game's deadline.
    pub fn has_room(&self) -> bool {
        self.queue.lock().expect("deadlines lock").by_game.len() < MAX_CLOCKS
    }

    pub fn remove(&self, id: &str) {
        let mut q = self.queue.lock().expect("deadlines lock");
        if let Some(at) = q.by_game.remove(id) {
            q.by_time.remove(&(at, id.to_string()));
        }
    }

    /// Takes out the games whose deadline is at or before `now_ms`.
    pub fn due(&self, now_ms: i64) -> Vec<String> {
        let mut q = self.queue.lock().expect("deadlines lock");
        let mut out = Vec::new();
        while let Some((at, _)) = q.by_time.first() {
            if *at > now_ms {
                break;
            }
            let (_, id) = q.by_time.pop_first().expect("first exists");
            q.by_game.remove(&id);
            out.push(id);
        }
        out
    }

    /// The earliest deadline.
    pub fn next(&self) -> Option<i64> {
        let q = self.queue.lock().expect("deadlines lock");
        q.by_time.first().map(|(t, _)| *t)
    }

    pub fn len(&self) -> usize {
        self.queue.lock().expect("deadlines lock").by_game.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deadlines_come_out_in_order_one_per_game() {
        let d = Deadlines::default();
        assert!(d.set("a", 30));
        assert!(d.set("b", 10));
        assert!(d.set("a", 20));
        assert_eq!(d.len(), 2);
        assert_eq!(d.next(), Some(10));
        assert_eq!(d.due(9), Vec::<String>::new());
        assert_eq!(d.due(25), vec!["b".to_string(), "a".to_string()]);
        assert_eq!(d.len(), 0);
        d.set("c", 5);
        d.remove("c");
        assert_eq!(d.next(), None);
    }

    #[test]
    fn a_manual_time_moves_only_when_told() {
        let t = Time::manual(1_000);
        assert!(t.advance(500));
        assert_eq!(t.now(), 1_500);
        assert!(!Time::system().advance(5));
    }
}
