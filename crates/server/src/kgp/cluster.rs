//! Bots across the servers of one PostgreSQL database: each server lists the bots connected
//! to it in `bots_online` (`GET /api/bots` reads them all), and a person's challenge to a bot
//! connected to another server is handed to that server (`bot_challenges`, told on the
//! cluster channel), which starts and plays the game as if the challenge had come to it: it
//! holds the bot's connection. The person's moves reach it as any game's news does. A bot
//! waiting alone here challenges a bot waiting alone on another server the same way
//! (`across.rs`).

use super::game::{self, Challenged, Player};
use super::link::Link;
use super::Bots;
use super::{NotWaiting, OnlineBot};
use crate::error::{ApiError, ApiResult};
use kalah_storage::{BotChallenge, OnlineBotRow};
use std::sync::Arc;
use std::time::Duration;

/// How long a server waits for another to start a challenged bot's game.
const ANSWER_WAIT: Duration = Duration::from_secs(5);
/// How often it looks for the answer meanwhile.
const ANSWER_POLL: Duration = Duration::from_millis(25);

/// Writes `link` as it is now to `bots_online`: listed while it is connected and in
/// freeplay, removed once it closed. One write at a time per server, each reading the
/// link's state when it runs, so the last write always tells the latest state.
pub(super) async fn write_bot(state: &Bots, link: &Arc<Link>) {
    let hub = state.hub();
    let _turn = hub.bot_writes.lock().await;
    let me = state.games().instance().to_string();
    let number = link.number as i64;
    let row = (!link.is_closed() && hub.is_online(link)).then(|| {
        let info = link.info.lock().expect("link info").clone();
        let seat = link.seat();
        OnlineBotRow {
            instance: me.clone(),
            link: number,
            name: link.name(),
            authors: info.authors,
            description: info.description,
            rated_id: info.rated_id,
            game: seat.as_ref().map(|(g, _)| g.clone()),
            seat: seat.map(|(_, s)| s.name().to_string()),
            since: state.games().now(),
        }
    });
    let written = state
        .games()
        .db()
        .call(move |db| match row {
            Some(r) => db.put_online_bot(&r),
            None => db.drop_online_bot(&me, number),
        })
        .await;
    if let Err(e) = written {
        tracing::warn!(
            "bot {:?} not updated among the bots online: {}",
            link.name(),
            e.message
        );
    }
}

/// The bots connected to any server (the first `limit`), and how many there are.
pub(super) async fn online(state: &Bots, limit: usize) -> ApiResult<(Vec<OnlineBot>, usize)> {
    let (rows, count) = state
        .games()
        .db()
        .call(move |db| db.online_bots(limit))
        .await?;
    let bots = rows
        .into_iter()
        .map(|r| OnlineBot {
            name: r.name,
            authors: r.authors,
            description: r.description,
            rated_id: r.rated_id,
            game: r.game,
        })
        .collect();
    Ok((bots, count))
}

/// Hands a challenge of the bot named `name` to the server its waiting connection is on
/// (not this one) and waits for the game it starts.
pub(super) async fn challenge_elsewhere(
    state: &Bots,
    name: &str,
    owner: Option<std::net::IpAddr>,
    board: Option<(usize, usize)>,
) -> Result<ApiResult<Challenged>, NotWaiting> {
    let me = state.games().instance().to_string();
    let key = name.to_string();
    let rows = match state
        .games()
        .db()
        .call(move |db| db.online_bots_named(&key))
        .await
    {
        Ok(r) => r,
        Err(e) => return Ok(Err(e)),
    };
    let rows: Vec<OnlineBotRow> = rows.into_iter().filter(|r| r.instance != me).collect();
    if rows.is_empty() {
        return Err(NotWaiting::Absent);
    }
    let Some(waiting) = rows.iter().find(|r| r.game.is_none()) else {
        return Err(NotWaiting::Busy);
    };
    let (token, hash) = crate::games::Games::new_token();
    let ask = BotChallenge {
        id: crate::token::new_game_id(),
        instance: waiting.instance.clone(),
        bot: name.to_string(),
        token_hash: hash,
        owner: owner.map(|ip| ip.to_string()),
        board: board.map(|(h, s)| (h as i64, s as i64)),
        asked_at: state.games().now(),
        link: None,
        from: None,
    };
    let answer = match hand_over(state, ask).await {
        Ok(a) => a,
        Err(e) => return Ok(Err(e)),
    };
    match answer.split_once(':') {
        Some(("game", game)) => {
            let slot = match state.games().slot(game).await {
                Ok(s) => s,
                Err(e) => return Ok(Err(e)),
            };
            Ok(game::challenged(state, &slot, token).await)
        }
        Some(("error", why)) => Ok(Err(ApiError::unavailable(format!(
            "the bot's game could not start: {why}"
        )))),
        _ if answer == "absent" => Err(NotWaiting::Absent),
        _ => Err(NotWaiting::Busy),
    }
}

/// Stores challenge `ask`, tells its instance, and waits for its answer: `game:ID`,
/// `error:WHY`, `busy` or `absent` (503 when none comes in time).
pub(super) async fn hand_over(state: &Bots, ask: BotChallenge) -> ApiResult<String> {
    let id = ask.id.clone();
    let payload = format!("c {} {}", ask.id, ask.instance);
    state
        .games()
        .db()
        .call(move |db| {
            db.ask_challenge(&ask)?;
            db.cluster_notify(&payload)
        })
        .await?;
    let deadline = tokio::time::Instant::now() + ANSWER_WAIT;
    loop {
        let key = id.clone();
        match state
            .games()
            .db()
            .call(move |db| db.take_challenge_answer(&key))
            .await?
        {
            Some(a) => return Ok(a),
            None if tokio::time::Instant::now() < deadline => tokio::time::sleep(ANSWER_POLL).await,
            None => {
                let key = id.clone();
                let _ = state
                    .games()
                    .db()
                    .call(move |db| db.drop_challenge(&key))
                    .await;
                return Err(ApiError::unavailable(
                    "the server the bot is connected to did not answer in time; try again",
                ));
            }
        }
    }
}

/// Answers challenge `id` if it is for a bot connected here: starts the game, or says why
/// not.
pub(crate) async fn answer(state: &Bots, id: &str) {
    let (key, me) = (id.to_string(), state.games().instance().to_string());
    let asked = match state
        .games()
        .db()
        .call(move |db| db.challenge_for(&key, &me))
        .await
    {
        Ok(Some(c)) => c,
        Ok(None) => return,
        Err(e) => {
            tracing::warn!("challenge {id} not read: {}", e.message);
            return;
        }
    };
    let hub = state.hub();
    let board = asked
        .board
        .map(|(h, s)| (h.max(0) as usize, s.max(0) as usize))
        .filter(|b| hub.config.boards.contains(b));
    let owner = asked.owner.as_deref().and_then(|ip| ip.parse().ok());
    let answer = if asked.board.is_some() && board.is_none() {
        "error:this server does not play bots on that board".to_string()
    } else {
        let taken = match asked.link {
            Some(n) => hub.take_waiting_number(n as u64),
            None => hub.take_waiting(&asked.bot),
        };
        let challenger = match asked.from {
            Some(bot) => Player::Remote {
                name: bot.name,
                rated_id: bot.rated_id,
            },
            None => Player::Human,
        };
        match taken {
            Err(NotWaiting::Busy) => "busy".to_string(),
            Err(NotWaiting::Absent) => "absent".to_string(),
            Ok(bot) => {
                let hash = asked.token_hash;
                match game::challenge_hashed(state, bot, challenger, hash, owner, board).await {
                    Ok(slot) => format!("game:{}", slot.game.lock().await.id),
                    Err(e) => format!("error:{}", e.message),
                }
            }
        }
    };
    let key = asked.id.clone();
    if let Err(e) = state
        .games()
        .db()
        .call(move |db| db.answer_challenge(&key, &answer))
        .await
    {
        tracing::warn!("challenge {id} not answered: {}", e.message);
    }
}
