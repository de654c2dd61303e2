//! News between servers on one PostgreSQL database (`LISTEN`/`NOTIFY`): every stored move
//! is announced on the channel [`MOVES`] as `GAME PLY`, delivered when its transaction
//! commits; each server listens and brings the games it holds in memory up to date.

use postgres::fallible_iterator::FallibleIterator;
use postgres::NoTls;
use std::time::Duration;

/// The channel of stored moves.
pub const MOVES: &str = "kalah_moves";

/// How often the listener looks whether it is still wanted while nothing arrives.
const CHECK_EVERY: Duration = Duration::from_secs(1);

/// How long the listener waits before connecting again after losing its connection.
const RECONNECT_AFTER: Duration = Duration::from_secs(1);

/// A move stored by some server (this one too).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveNews {
    pub game: String,
    pub ply: u32,
}

impl MoveNews {
    /// The notification's payload.
    pub(crate) fn payload(game: &str, ply: u32) -> String {
        format!("{game} {ply}")
    }

    fn parse(payload: &str) -> Option<MoveNews> {
        let (game, ply) = payload.split_once(' ')?;
        Some(MoveNews {
            game: game.to_string(),
            ply: ply.parse().ok()?,
        })
    }
}

/// Listens for stored moves on the PostgreSQL database at `url`, on a thread of its own,
/// handing each to `on_move`; stops once `wanted` answers false (checked every second).
/// A lost connection is opened again after a second; moves stored meanwhile are not
/// announced (a server that missed one learns of it at its next move there: the ply is
/// refused and the game reloaded).
pub fn listen_moves(
    url: &str,
    wanted: impl Fn() -> bool + Send + 'static,
    mut on_move: impl FnMut(MoveNews) + Send + 'static,
) -> crate::Result<()> {
    let config: postgres::Config = url.parse().map_err(|e| crate::Error::BadUrl {
        url: crate::pg::redact(url),
        why: format!("{e}"),
    })?;
    std::thread::Builder::new()
        .name("kalah-listen".into())
        .spawn(move || {
            let target = crate::pg::describe(&config);
            // Said once per outage, not once a second.
            let quiet = std::cell::Cell::new(false);
            let warn = |why: &str| {
                if !quiet.replace(true) {
                    eprintln!("kalah: cannot listen for other servers' moves at {target} ({why}); trying again every second");
                }
            };
            while wanted() {
                let mut client = match config.connect(NoTls) {
                    Ok(c) => c,
                    Err(e) => {
                        warn(&crate::pg::message(&e));
                        std::thread::sleep(RECONNECT_AFTER);
                        continue;
                    }
                };
                if let Err(e) = client.batch_execute(&format!("LISTEN {MOVES}")) {
                    warn(&crate::pg::message(&e));
                    std::thread::sleep(RECONNECT_AFTER);
                    continue;
                }
                quiet.set(false);
                loop {
                    // A fresh wait each time: the crate's TimeoutIter does not restart its
                    // timer after a timeout, so a reused one answers "nothing" at once
                    // forever after the first quiet second (a busy loop that reads nothing).
                    let next = client.notifications().timeout_iter(CHECK_EVERY).next();
                    match next {
                        Ok(Some(n)) => {
                            if let Some(news) = MoveNews::parse(n.payload()) {
                                on_move(news);
                            }
                        }
                        Ok(None) if wanted() => {}
                        Ok(None) => return,
                        Err(e) => {
                            warn(&crate::pg::message(&e));
                            break;
                        }
                    }
                }
                std::thread::sleep(RECONNECT_AFTER);
            }
        })
        .map_err(|e| crate::Error::Unsupported(format!("cannot start a thread: {e}")))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payloads_parse_back() {
        let p = MoveNews::payload("abc_DEF-123", 17);
        assert_eq!(
            MoveNews::parse(&p),
            Some(MoveNews {
                game: "abc_DEF-123".into(),
                ply: 17
            })
        );
        assert_eq!(MoveNews::parse("abc"), None);
        assert_eq!(MoveNews::parse("abc x"), None);
    }

    /// Regression (found by the cluster benchmark): after a quiet spell longer than
    /// [`CHECK_EVERY`] the listener spun without reading, and no move reached it again.
    #[test]
    fn news_after_a_quiet_spell_still_arrives() {
        if !kalah_pgtest::available() {
            return;
        }
        let url = kalah_pgtest::shared().database();
        let (tx, rx) = std::sync::mpsc::channel();
        let keep = std::sync::Arc::new(());
        let alive = std::sync::Arc::downgrade(&keep);
        listen_moves(
            &url,
            move || alive.strong_count() > 0,
            move |n| {
                let _ = tx.send(n);
            },
        )
        .unwrap();
        let notify = |ply: u32| {
            let url = url.clone();
            std::thread::spawn(move || {
                let mut c = postgres::Client::connect(&url, NoTls).unwrap();
                let payload = MoveNews::payload("g", ply);
                c.execute("SELECT pg_notify($1, $2)", &[&MOVES, &payload])
                    .unwrap();
            })
            .join()
            .unwrap();
        };
        // Until the first news arrives the listener may still be connecting: say it again.
        let first = (0..20).find_map(|_| {
            notify(1);
            rx.recv_timeout(Duration::from_millis(500)).ok()
        });
        assert_eq!(first.map(|n| n.ply), Some(1));
        std::thread::sleep(CHECK_EVERY * 3);
        notify(2);
        let later = rx.recv_timeout(Duration::from_secs(20));
        assert_eq!(
            later.map(|n| n.ply).ok(),
            Some(2),
            "news after a quiet spell"
        );
        drop(keep);
    }
}
