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
                let mut notes = client.notifications();
                let mut it = notes.timeout_iter(CHECK_EVERY);
                loop {
                    match it.next() {
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
}
