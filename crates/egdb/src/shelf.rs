//! The databases a long-running program (the terminal game, the server) keeps at hand: one per
//! rule variant, loaded from the store or built there in the background on first need, so
//! that nobody ever waits for a build. Held databases are capped in bytes; the least recently
//! asked for is let go first.

use crate::sizing::level_seeds;
use crate::{entries, same_values, Database, Store};
use kalah_rules::Rules;
use std::sync::{Arc, Mutex};

/// Databases per rule variant, loaded or built in the background.
pub struct Shelf {
    store: Store,
    max_bytes: u64,
    slots: Mutex<Slots>,
}

#[derive(Default)]
struct Slots {
    list: Vec<Slot>,
    tick: u64,
}

struct Slot {
    rules: Rules,
    state: State,
    used: u64,
}

enum State {
    Busy,
    Ready(Arc<Database>),
    /// Building or loading failed; not tried again in this process.
    Failed,
}

impl Shelf {
    /// A shelf over `store`, holding at most `max_bytes` of databases at once.
    pub fn new(store: Store, max_bytes: u64) -> Arc<Shelf> {
        Arc::new(Shelf {
            store,
            max_bytes,
            slots: Mutex::new(Slots::default()),
        })
    }

    /// The database for `rules` if it is ready. Otherwise starts loading or building it on a
    /// background thread (once) and returns `None`: the caller plays without it meanwhile.
    pub fn get(self: &Arc<Self>, rules: &Rules) -> Option<Arc<Database>> {
        let k = level_seeds(rules);
        if k == 0 {
            return None;
        }
        let mut slots = self.slots.lock().unwrap_or_else(|p| p.into_inner());
        slots.tick += 1;
        let tick = slots.tick;
        if let Some(slot) = slots.list.iter_mut().find(|s| same_values(&s.rules, rules)) {
            slot.used = tick;
            return match &slot.state {
                State::Ready(db) => Some(db.clone()),
                State::Busy | State::Failed => None,
            };
        }
        if entries(rules, k) > self.max_bytes {
            return None;
        }
        slots.list.push(Slot {
            rules: *rules,
            state: State::Busy,
            used: tick,
        });
        drop(slots);
        let shelf = Arc::clone(self);
        let rules = *rules;
        let started = std::thread::Builder::new()
            .name("kalah-egdb".into())
            .spawn(move || shelf.fill(rules, k));
        if started.is_err() {
            self.set(&rules, State::Failed);
        }
        None
    }

    /// Loads or builds (on one thread, to leave the cores to the games) and shelves.
    fn fill(&self, rules: Rules, k: u32) {
        match self.store.get(rules, k, 1, &|_, _| {}) {
            Ok((db, _)) => {
                // A database just built sits in this process's own memory; once stored, its
                // mapped copy is the file's page cache, which the kernel can take back.
                let db = if db.is_mapped() {
                    db
                } else {
                    match self.store.get(rules, k, 1, &|_, _| {}) {
                        Ok((mapped, _)) if mapped.is_mapped() => mapped,
                        _ => db,
                    }
                };
                self.set(&rules, State::Ready(Arc::new(db)));
            }
            Err(e) => {
                eprintln!("kalah: no endgame database for {rules}: {e}");
                self.set(&rules, State::Failed);
            }
        }
    }

    fn set(&self, rules: &Rules, state: State) {
        let mut slots = self.slots.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(slot) = slots.list.iter_mut().find(|s| same_values(&s.rules, rules)) {
            slot.state = state;
        }
        // Let the least recently asked-for databases go while over the cap.
        loop {
            let held: u64 = slots
                .list
                .iter()
                .map(|s| match &s.state {
                    State::Ready(db) => db.len(),
                    _ => 0,
                })
                .sum();
            if held <= self.max_bytes {
                break;
            }
            let oldest = slots
                .list
                .iter()
                .enumerate()
                .filter(|(_, s)| matches!(s.state, State::Ready(_)))
                .min_by_key(|(_, s)| s.used)
                .map(|(i, _)| i);
            match oldest {
                Some(i) => {
                    slots.list.remove(i);
                }
                None => break,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kalah_rules::RulesSetup;
    use std::time::{Duration, Instant};

    fn small(houses: u8, seeds: u8) -> Rules {
        Rules::new(RulesSetup {
            houses,
            seeds,
            ..Default::default()
        })
        .unwrap()
    }

    fn wait(shelf: &Arc<Shelf>, rules: &Rules) -> Arc<Database> {
        let t = Instant::now();
        loop {
            if let Some(db) = shelf.get(rules) {
                return db;
            }
            assert!(
                t.elapsed() < Duration::from_secs(60),
                "no database after 60 s"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    #[test]
    fn the_first_ask_returns_at_once_and_the_database_follows() {
        let dir = tempfile::tempdir().unwrap();
        let shelf = Shelf::new(Store::new(dir.path()), 1 << 30);
        let rules = small(3, 3);
        assert_eq!(level_seeds(&rules), 18);
        let db = wait(&shelf, &rules);
        assert_eq!(db.max_seeds(), 18);
        // Stored: a new shelf loads it.
        let again = Shelf::new(Store::new(dir.path()), 1 << 30);
        let loaded = wait(&again, &rules);
        assert_eq!(loaded.checksum(), db.checksum());
        // Mapped, so the shelf holds page cache, not memory of its own: also the database it
        // has just built, once stored.
        assert!(loaded.is_mapped() && db.is_mapped());
    }

    #[test]
    fn the_cap_lets_the_oldest_go() {
        let dir = tempfile::tempdir().unwrap();
        let a = small(3, 3);
        let b = small(2, 3);
        let size = entries(&a, level_seeds(&a));
        let shelf = Shelf::new(
            Store::new(dir.path()),
            size + entries(&b, level_seeds(&b)) - 1,
        );
        wait(&shelf, &a);
        wait(&shelf, &b);
        let held = shelf.slots.lock().unwrap().list.len();
        assert_eq!(held, 1);
    }

    #[test]
    fn early_end_rules_get_none() {
        let rules = Rules::new(RulesSetup {
            early_end: true,
            ..Default::default()
        })
        .unwrap();
        let dir = tempfile::tempdir().unwrap();
        let shelf = Shelf::new(Store::new(dir.path()), 1 << 30);
        assert_eq!(level_seeds(&rules), 0);
        assert!(shelf.get(&rules).is_none());
    }
}
