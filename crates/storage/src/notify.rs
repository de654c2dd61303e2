//! News between servers on one PostgreSQL database (`LISTEN`/`NOTIFY`): every stored change
//! of a game (a move, a resignation, an ending, a rematch...) is announced on the channel
//! [`CHANNEL`] in the transaction that stores it, so it is delivered exactly when it
//! commits; each server listens and brings the games it holds in memory up to date.

use postgres::fallible_iterator::FallibleIterator;
use postgres::NoTls;
use std::time::Duration;

/// The channel of stored changes of games.
pub const CHANNEL: &str = "kalah_games";

/// How often the listener looks whether it is still wanted while nothing arrives.
const CHECK_EVERY: Duration = Duration::from_secs(1);

/// How long [`listen`] waits for its first `LISTEN`.
const FIRST_WAIT: Duration = Duration::from_secs(5);

/// How long the listener waits before connecting again after losing its connection.
const RECONNECT_AFTER: Duration = Duration::from_secs(1);

/// A stored change of a game, by some server (this one too): a move (`ply` is its number),
/// or any other change (a resignation, an ending, a rematch, a seat joined or given a new
/// token: `ply` is None).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameNews {
    pub game: String,
    pub ply: Option<u32>,
    /// The [`crate::Db::news_origin`] of the server that stored it, so a server knows its
    /// own news without looking at the game.
    pub origin: String,
}

impl GameNews {
    /// The notification's payload: `GAME PLY ORIGIN`, PLY `-` for a change other than a move.
    pub(crate) fn payload(game: &str, ply: Option<u32>, origin: &str) -> String {
        match ply {
            Some(p) => format!("{game} {p} {origin}"),
            None => format!("{game} - {origin}"),
        }
    }

    fn parse(payload: &str) -> Option<GameNews> {
        let mut parts = payload.split(' ');
        let (game, ply, origin) = (parts.next()?, parts.next()?, parts.next()?);
        if game.is_empty() || origin.is_empty() || parts.next().is_some() {
            return None;
        }
        Some(GameNews {
            game: game.to_string(),
            ply: match ply {
                "-" => None,
                p => Some(p.parse().ok()?),
            },
            origin: origin.to_string(),
        })
    }
}

/// A name for one open database, different from every other server's (random, with the
/// process id): the origin of its news.
pub(crate) fn new_origin() -> String {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    format!("{:x}-{:016x}", std::process::id(), h.finish())
}

/// Listens for stored changes of games on the PostgreSQL database at `url`, on a thread of
/// its own, handing each to `on_news`; stops once `wanted` answers false (checked every
/// second). Returns once it listens (or, when PostgreSQL cannot be reached, after
/// `FIRST_WAIT`, going on trying in the background), so no change stored after the
/// server started is missed. A lost connection is opened again after a second, then
/// `on_reconnect` is called: news sent meanwhile was missed, so what is held in memory may
/// be behind.
pub fn listen(
    url: &str,
    wanted: impl Fn() -> bool + Send + 'static,
    mut on_news: impl FnMut(GameNews) + Send + 'static,
    on_reconnect: impl FnMut() + Send + 'static,
) -> crate::Result<()> {
    let on_payload = move |p: &str| {
        if let Some(news) = GameNews::parse(p) {
            on_news(news);
        }
    };
    listen_on(
        url,
        CHANNEL,
        "other servers' changes of games",
        wanted,
        on_payload,
        on_reconnect,
    )
}

/// Listens on `channel` as [`listen`] does, handing each payload as sent to `on_payload`
/// (`what` names the news in messages).
pub fn listen_on(
    url: &str,
    channel: &'static str,
    what: &'static str,
    wanted: impl Fn() -> bool + Send + 'static,
    mut on_payload: impl FnMut(&str) + Send + 'static,
    mut on_reconnect: impl FnMut() + Send + 'static,
) -> crate::Result<()> {
    let config: postgres::Config = url.parse().map_err(|e| crate::Error::BadUrl {
        url: crate::pg::redact(url),
        why: format!("{e}"),
    })?;
    let (listening, first) = std::sync::mpsc::channel();
    std::thread::Builder::new()
        .name(format!("listen-{channel}"))
        .spawn(move || {
            let target = crate::pg::describe(&config);
            // Said once per outage, not once a second.
            let quiet = std::cell::Cell::new(false);
            let warn = |why: &str| {
                if !quiet.replace(true) {
                    eprintln!("kalah: cannot listen for {what} at {target} ({why}); trying again every second");
                }
            };
            let mut connected_before = false;
            while wanted() {
                let mut client = match config.connect(NoTls) {
                    Ok(c) => c,
                    Err(e) => {
                        warn(&crate::pg::message(&e));
                        std::thread::sleep(RECONNECT_AFTER);
                        continue;
                    }
                };
                if let Err(e) = client.batch_execute(&format!("LISTEN {channel}")) {
                    warn(&crate::pg::message(&e));
                    std::thread::sleep(RECONNECT_AFTER);
                    continue;
                }
                if quiet.replace(false) {
                    eprintln!("kalah: listening for {what} at {target} again");
                }
                if std::mem::replace(&mut connected_before, true) {
                    on_reconnect();
                } else {
                    let _ = listening.send(());
                }
                loop {
                    // A fresh wait each time: the crate's TimeoutIter does not restart its
                    // timer after a timeout, so a reused one answers "nothing" at once
                    // forever after the first quiet second (a busy loop that reads nothing).
                    let next = client.notifications().timeout_iter(CHECK_EVERY).next();
                    match next {
                        Ok(Some(n)) => on_payload(n.payload()),
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
    let _ = first.recv_timeout(FIRST_WAIT);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payloads_parse_back() {
        for ply in [Some(17), None] {
            let p = GameNews::payload("abc_DEF-123", ply, "4d2-00ff");
            assert_eq!(
                GameNews::parse(&p),
                Some(GameNews {
                    game: "abc_DEF-123".into(),
                    ply,
                    origin: "4d2-00ff".into()
                })
            );
        }
        for bad in ["abc", "abc 3", "abc x o", "abc 3 o extra", " 3 o", "abc 3 "] {
            assert_eq!(GameNews::parse(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn origins_differ() {
        assert_ne!(new_origin(), new_origin());
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
        listen(
            &url,
            move || alive.strong_count() > 0,
            move |n| {
                let _ = tx.send(n);
            },
            || {},
        )
        .unwrap();
        let notify = |ply: u32| {
            let url = url.clone();
            std::thread::spawn(move || {
                let mut c = postgres::Client::connect(&url, NoTls).unwrap();
                let payload = GameNews::payload("g", Some(ply), "elsewhere");
                c.execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &payload])
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
        assert_eq!(first.and_then(|n| n.ply), Some(1));
        std::thread::sleep(CHECK_EVERY * 3);
        notify(2);
        let later = rx.recv_timeout(Duration::from_secs(20));
        assert_eq!(
            later.ok().and_then(|n| n.ply),
            Some(2),
            "news after a quiet spell"
        );
        drop(keep);
    }
}
