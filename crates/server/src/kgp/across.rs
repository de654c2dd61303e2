//! Bots waiting alone on two servers of one PostgreSQL database play each other.
//!
//! The lobby of the server whose name sorts lower looks, for a bot alone for half of
//! `pair_wait`, for a bot waiting on a server whose name sorts higher (so two servers never
//! grab each other's bots at once), takes its bot out of its queue and challenges that one
//! through `cluster.rs`'s hand-over, naming its bot. That server starts the game with our bot
//! as a remote player (named and rated, its seat token ours); then each server makes its own
//! bot's moves, and the other's arrive as the game's news. When no game starts, our bot goes
//! back to its place in the queue; after the game, each server requeues its own bot.

use super::cluster;
use super::game;
use super::link::Link;
use super::Bots;
use kalah_storage::{BotChallenge, Challenger, OnlineBotRow};
use std::sync::Arc;

/// Bots waiting elsewhere read at once (the longest waiting first).
const CANDIDATES: usize = 64;
/// Bots challenged for one of ours before it goes back to the queue (each busy one has just
/// been paired on its server).
const TRIES: usize = 3;

/// Pairs the first of `lonely` (bots waiting alone here, the longest waiting first) that
/// can be paired with a bot waiting on a server whose name sorts after this one's.
pub(super) async fn pair(state: &Bots, lonely: Vec<Arc<Link>>) {
    let me = state.games().instance().to_string();
    let live_since = state.games().now() - crate::games::jobs::INSTANCE_DEAD_MS;
    let key = me.clone();
    let rows = match state
        .games()
        .db()
        .read(move |db| db.bots_waiting_elsewhere(&key, live_since, CANDIDATES))
        .await
    {
        Ok(rows) => rows,
        Err(e) => {
            tracing::warn!("bots waiting on other servers not read: {}", e.message);
            return;
        }
    };
    let rows: Vec<OnlineBotRow> = rows.into_iter().filter(|r| r.instance > me).collect();
    for bot in lonely {
        // One author's copies do not meet, as in one lobby.
        let own = bot.token_hash();
        let mates: Vec<&OnlineBotRow> = rows
            .iter()
            .filter(|r| own.is_none() || r.rated_id != own)
            .take(TRIES)
            .collect();
        if mates.is_empty() {
            continue;
        }
        // Paired here, given a level or challenged meanwhile: the next search starts over.
        let Some(since) = state.hub().lobby.take_link(&bot) else {
            return;
        };
        for mate in mates {
            match challenge(state, &bot, mate).await {
                Tried::Playing => return,
                Tried::Taken => continue,
                Tried::Failed => break,
            }
        }
        state.hub().lobby.put_back(bot, since);
        return;
    }
}

enum Tried {
    /// The game started and is being played.
    Playing,
    /// That bot plays already, or left.
    Taken,
    /// No answer, or an error.
    Failed,
}

/// Challenges `mate` for `bot`; when its server starts the game, plays our side of it in the
/// background (and requeues `bot` afterwards).
async fn challenge(state: &Bots, bot: &Arc<Link>, mate: &OnlineBotRow) -> Tried {
    let (token, hash) = crate::games::Games::new_token();
    let ask = BotChallenge {
        id: crate::token::new_game_id(),
        instance: mate.instance.clone(),
        bot: mate.name.clone(),
        token_hash: hash,
        owner: None,
        board: None,
        asked_at: state.games().now(),
        link: Some(mate.link),
        from: Some(Challenger {
            name: bot.name(),
            rated_id: bot.rated_id(),
        }),
    };
    let answer = match cluster::hand_over(state, ask).await {
        Ok(a) => a,
        Err(e) => {
            tracing::info!(
                "KGP: {} not paired with {} of server {}: {}",
                bot.name(),
                mate.name,
                mate.instance,
                e.message
            );
            return Tried::Failed;
        }
    };
    let game = match answer.split_once(':') {
        Some(("game", id)) => id.to_string(),
        Some(("error", why)) => {
            tracing::warn!(
                "KGP: server {} could not start a game of {} and {}: {why}",
                mate.instance,
                mate.name,
                bot.name()
            );
            return Tried::Failed;
        }
        _ => return Tried::Taken,
    };
    let slot = match state.games().slot(&game).await {
        Ok(s) => s,
        Err(e) => {
            // Its server gives up waiting for our bot's moves, and our bot loses.
            tracing::warn!("KGP game {game}: not loaded here: {}", e.message);
            return Tried::Failed;
        }
    };
    let (state, bot, rated_id) = (state.clone(), Arc::clone(bot), mate.rated_id.clone());
    tokio::spawn(async move {
        if let Err(e) = game::play_across(&state, &slot, &bot, &token, rated_id).await {
            tracing::warn!("KGP game {game} not played here: {}", e.message);
        }
        state.requeue([bot]);
    });
    Tried::Playing
}
