//! A bot with `auth:token` is a rated identity: the token's hash is its id, its name is
//! kept with it. A bot without a token, or whose name belongs to another token, plays
//! unrated (and is told why).

use super::link::Link;
use super::Bots;
use crate::clock::now_ms;
use kalah_kgp::Command;
use kalah_storage::BotInfo;

/// Registers the bot's token and name, if it sent a token; sets its rating id on success.
/// A bot without a token may not take a rated bot's name: it plays as "NAME (unrated)", so a
/// challenge to the rated bot never reaches it.
pub async fn register(state: &Bots, link: &Link) {
    let info = link.info.lock().expect("link info").clone();
    let Some(id) = info.token_hash else {
        let Some(name) = info.name else { return };
        let key = name.clone();
        let taken = state
            .games()
            .db()
            .read(move |db| db.bot_name_taken(&key))
            .await
            // Unknown is treated as taken: an impostor is worse than a renamed bot.
            .unwrap_or(true);
        if taken {
            let unrated = format!("{name} (unrated)");
            link.send(&Command::new("error").text(format!(
                "the name {name:?} belongs to a rated bot: send its auth:token to play as it, or choose another info:name; this connection plays as {unrated:?}"
            )));
            link.info.lock().expect("link info").name = Some(unrated);
        }
        return;
    };
    // A bot without a name gets one from its token's hash (never the token itself).
    let name = info.name.unwrap_or_else(|| format!("bot-{}", &id[..8]));
    if name.starts_with("level:") {
        link.send(&Command::new("error").text(
            "names starting with \"level:\" are the computer levels'; choose another info:name (this connection plays unrated)",
        ));
        return;
    }
    let bot = BotInfo {
        id: id.clone(),
        name,
        authors: info.authors,
        description: info.description,
    };
    match state.games().db().register_bot(bot, now_ms()).await {
        Ok(row) => {
            let mut info = link.info.lock().expect("link info");
            info.name = Some(row.name);
            info.rated_id = Some(id);
        }
        Err(Some(why)) => {
            link.send(
                &Command::new("error").text(format!("{why} (this connection plays unrated)")),
            );
        }
        Err(None) => {
            link.send(&Command::new("error").text(
                "the server could not store your bot's identity; this connection plays unrated",
            ));
        }
    }
}
