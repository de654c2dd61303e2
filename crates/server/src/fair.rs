//! One engine search at a time per client address: the others of that address wait their
//! turn here, so one address with many games cannot fill the engine's queue ahead of others.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

#[derive(Default)]
pub struct Turns(Mutex<HashMap<IpAddr, Arc<Semaphore>>>);

/// An address's turn at the engine, given back on drop.
pub struct Turn {
    turns: Arc<Turns>,
    ip: IpAddr,
    gate: Arc<Semaphore>,
    permit: Option<OwnedSemaphorePermit>,
}

impl Turns {
    /// Waits until `ip` has no other search in the engine (first come, first served).
    pub async fn wait(turns: &Arc<Turns>, ip: IpAddr) -> Turn {
        let gate = {
            let mut m = turns.0.lock().expect("turns");
            Arc::clone(m.entry(ip).or_insert_with(|| Arc::new(Semaphore::new(1))))
        };
        let permit = Arc::clone(&gate)
            .acquire_owned()
            .await
            .expect("the gate is never closed");
        Turn {
            turns: Arc::clone(turns),
            ip,
            gate,
            permit: Some(permit),
        }
    }

    /// Addresses with a search running or waiting.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.0.lock().expect("turns").len()
    }
}

impl Drop for Turn {
    fn drop(&mut self) {
        let mut m = self.turns.0.lock().expect("turns");
        self.permit.take();
        // The map's copy and ours: nobody else waits, so the entry can go.
        if Arc::strong_count(&self.gate) == 2 {
            m.remove(&self.ip);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[tokio::test]
    async fn one_turn_per_address_and_the_map_empties() {
        let turns = Arc::new(Turns::default());
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        let first = Turns::wait(&turns, a).await;
        // Another address is not held up by `a`.
        let other = tokio::time::timeout(Duration::from_millis(100), Turns::wait(&turns, b)).await;
        assert!(other.is_ok());
        drop(other);
        // A second search of `a` waits until the first is done.
        let t2 = Arc::clone(&turns);
        let second = tokio::spawn(async move { Turns::wait(&t2, a).await });
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert!(!second.is_finished());
        drop(first);
        let second = tokio::time::timeout(Duration::from_secs(1), second)
            .await
            .expect("the second turn comes")
            .unwrap();
        assert_eq!(turns.len(), 1);
        drop(second);
        assert_eq!(turns.len(), 0);
    }
}
