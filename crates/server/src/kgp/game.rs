//! One freeplay game between two players, stored and published like every other game.
//!
//! The reference server's conduct: South moves first (who sits where is drawn at random); a
//! position with one legal move is played without asking; a bot gets `ID state <board>` and
//! answers with `@ID move k` as often as it likes until it yields or its time is up, then
//! `@ID stop` ends the request; the last move counts, and with no move a random legal one is
//! played for it. An illegal move, or a closed connection, loses the game. A person who
//! challenged a bot moves through the game's HTTP API, and a bot connected to another server
//! of the cluster moves there; this loop waits for those moves (they arrive as the game's
//! news) and ends the game when one does not come in time.

use super::link::{Answer, Link};
use super::Bots;
use crate::error::{ApiError, ApiResult};
use crate::games::Slot;
use crate::live::{LiveGame, Opponent};
use crate::token;
use kalah_engine::Level;
use kalah_kgp::{kgp_rules, Board, Command};
use kalah_round::{Round, RoundSpec};
use kalah_rules::{BySide, Position, Side};
use std::sync::Arc;
use std::time::Duration;

/// Time a bot on another server has for a move beyond the KGP move time: for its server to
/// hear of the position, ask it, store its move and for the news to come back. Generous, so
/// only a server that stopped (or lost its database) runs out of it.
const REMOTE_SLACK: Duration = Duration::from_secs(10);

pub enum Player {
    Bot(Arc<Link>),
    Level(Level),
    /// A person who challenged a bot from the browser, moving through the game's API.
    Human,
    /// A bot connected to another server of the cluster, which makes its moves.
    Remote {
        name: String,
        rated_id: Option<String>,
    },
}

impl Player {
    /// The name shown and stored (a person has none: the page says "you" or the side).
    fn name(&self) -> Option<String> {
        match self {
            Player::Bot(l) => Some(l.name()),
            Player::Level(l) => Some(format!("Computer ({l})")),
            Player::Human => None,
            Player::Remote { name, .. } => Some(name.clone()),
        }
    }

    /// Whether this server makes the player's moves (else they come as the game's news).
    fn moves_here(&self) -> bool {
        matches!(self, Player::Bot(_) | Player::Level(_))
    }

    fn link(&self) -> Option<&Arc<Link>> {
        match self {
            Player::Bot(l) => Some(l),
            _ => None,
        }
    }

    /// The id the player is rated under, if it is rated.
    fn rated_id(&self) -> Option<String> {
        match self {
            Player::Bot(l) => l.rated_id(),
            Player::Level(l) => Some(format!("level:{}", l.name())),
            Player::Human => None,
            Player::Remote { rated_id, .. } => rated_id.clone(),
        }
    }
}

/// Plays a whole game of `a` and `b` (sides drawn at random). Returns when it is over or
/// could not go on.
pub async fn play(state: &Bots, a: Player, b: Player) {
    if let Ok((slot, players)) = start(state, a, b, None, None).await {
        finish(state, &slot, players).await;
    }
}

/// A game a person started against a bot: the seat token is theirs.
pub struct Challenged {
    pub id: String,
    pub token: String,
    pub side: Side,
    pub game: String,
}

/// Starts a game of the person at `owner` against `bot` (a bot taken from the lobby) on
/// `board` (houses, seeds; none: drawn as for bots) and plays it in the background; the bot
/// goes back to the lobby afterwards.
pub async fn challenge(
    state: &Bots,
    bot: Arc<Link>,
    owner: Option<std::net::IpAddr>,
    board: Option<(usize, usize)>,
) -> ApiResult<Challenged> {
    let (token, hash) = crate::games::Games::new_token();
    let slot = challenge_hashed(state, bot, Player::Human, hash, owner, board).await?;
    challenged(state, &slot, token).await
}

/// What the person who started the game of `slot` with seat token `token` is answered.
pub async fn challenged(state: &Bots, slot: &Slot, token: String) -> ApiResult<Challenged> {
    let mut g = slot.game.lock().await;
    let seat = g.seats_of(&token);
    if !seat.south && !seat.north {
        return Err(ApiError::internal(
            "bot challenge",
            "the game started has no seat for the challenger",
        ));
    }
    let side = if seat.south { Side::South } else { Side::North };
    let game = crate::view::with_you(
        &crate::view::state_text(&mut g, state.games().now()),
        g.you(seat),
    );
    Ok(Challenged {
        id: g.id.clone(),
        token,
        side,
        game,
    })
}

/// [`challenge`] for `challenger` (a person, or a bot of another server) whose seat token
/// hashes to `hash` (a challenge sent through another server, which keeps the token): the
/// game, being played in the background.
pub async fn challenge_hashed(
    state: &Bots,
    bot: Arc<Link>,
    challenger: Player,
    hash: String,
    owner: Option<std::net::IpAddr>,
    board: Option<(usize, usize)>,
) -> ApiResult<Arc<Slot>> {
    let person = Some((hash, owner));
    let bot_player = Player::Bot(Arc::clone(&bot));
    let started = start(state, bot_player, challenger, person, board).await;
    let (slot, players) = match started {
        Ok(s) => s,
        Err(e) => {
            state.requeue([bot]);
            return Err(e);
        }
    };
    let (state, playing) = (state.clone(), Arc::clone(&slot));
    tokio::spawn(async move {
        finish(&state, &playing, players).await;
        state.requeue([bot]);
    });
    Ok(slot)
}

/// Creates and stores the game (sides drawn at random; the board too unless `board` says).
/// `person` is the seat token hash and address of a [`Player::Human`] or
/// [`Player::Remote`].
async fn start(
    state: &Bots,
    a: Player,
    b: Player,
    person: Option<(String, Option<std::net::IpAddr>)>,
    board: Option<(usize, usize)>,
) -> ApiResult<(Arc<Slot>, BySide<Player>)> {
    let hub = state.hub();
    let boards = &hub.config.boards;
    let (houses, seeds) =
        board.unwrap_or_else(|| boards[(token::random_u64() % boards.len() as u64) as usize]);
    let rules = kgp_rules(houses, seeds).map_err(|e| {
        tracing::error!("KGP: bad board {houses}x{seeds}");
        ApiError::internal("KGP board", e)
    })?;
    let players = if token::random_u64().is_multiple_of(2) {
        BySide::new(a, b)
    } else {
        BySide::new(b, a)
    };
    // Seats nobody holds get a token nobody knows: no browser can move for a bot.
    let mut token_hashes = BySide::from_fn(|_| token::hash(&token::new_token()));
    let mut owner = None;
    if let Some((hash, ip)) = person {
        if let Some(seat) = Side::ALL
            .into_iter()
            .find(|&s| matches!(players[s], Player::Human | Player::Remote { .. }))
        {
            token_hashes[seat] = hash;
            owner = ip;
        }
    }
    let mut spec = RoundSpec::new(
        &token::new_game_id(),
        Position::start(rules, Side::South),
        Opponent::Kgp,
        state.games().now(),
    );
    spec.computer_seat = Side::ALL
        .into_iter()
        .find(|&s| matches!(players[s], Player::Level(_)));
    spec.seat_owners = token_hashes;
    spec.joined = BySide::new(true, true);
    spec.names = BySide::from_fn(|s| players[s].name());
    spec.rated_ids = match (players.south.rated_id(), players.north.rated_id()) {
        (Some(s), Some(n)) => Some(BySide::new(s, n)),
        _ => None,
    };
    // The game's `rated` says what its end does: a game between rated players (two bots
    // with tokens, or such a bot and a level) changes their ratings.
    spec.is_rated = spec.rated_ids.is_some();
    let mut live = LiveGame::new(Round::new(spec));
    live.owner = owner;
    live.set_names();
    let id = live.id.clone();
    let slot = match state.games().create(live).await {
        Ok(s) => s,
        Err(e) => {
            for p in [&players.south, &players.north] {
                if let Some(l) = p.link() {
                    l.send(
                        &Command::new("error").text(format!("no game could start: {}", e.message)),
                    );
                }
            }
            return Err(e);
        }
    };
    tracing::info!(
        "KGP game {id}: {} (South) vs {} (North), {houses} houses of {seeds}",
        shown(&players.south),
        shown(&players.north)
    );
    seat_bots(state, &id, &players);
    Ok((slot, players))
}

fn shown(p: &Player) -> String {
    p.name().unwrap_or_else(|| "a person".to_string())
}

/// Tells this server's bots of game `id` their game and opponent.
fn seat_bots(state: &Bots, id: &str, players: &BySide<Player>) {
    for side in Side::ALL {
        if let Some(l) = players[side].link() {
            l.set_game(Some((id.to_string(), side)));
            state.hub().sync_bot(state, l);
            l.send(&Command::new("set").text("game:id").text(id));
            l.send(
                &Command::new("set")
                    .text("game:opponent")
                    .text(shown(&players[side.opponent()])),
            );
        }
    }
}

/// Plays the game of `slot`, which another server started for `bot` (waiting here) against
/// a bot connected there: `bot` sits where `token` is the seat token and its moves are made
/// here; the other bot's (rated as `rated_id`) come as the game's news.
pub async fn play_across(
    state: &Bots,
    slot: &Arc<Slot>,
    bot: &Arc<Link>,
    token: &str,
    rated_id: Option<String>,
) -> ApiResult<()> {
    let (id, players) = {
        let g = slot.game.lock().await;
        let seat = g.seats_of(token);
        let side = match (seat.south, seat.north) {
            (true, false) => Side::South,
            (false, true) => Side::North,
            _ => {
                return Err(ApiError::internal(
                    "bot pairing",
                    "the game started has no seat for our bot",
                ))
            }
        };
        let remote = Player::Remote {
            name: g.names[side.opponent()].clone().unwrap_or_default(),
            rated_id,
        };
        let here = Player::Bot(Arc::clone(bot));
        let players = if side == Side::South {
            BySide::new(here, remote)
        } else {
            BySide::new(remote, here)
        };
        // The rating ids came with the game's row, as the other server stored them: both
        // servers rate the ending they store.
        (g.id.clone(), players)
    };
    tracing::info!(
        "KGP game {id}: {} (South) vs {} (North), each moved by the server it is connected to",
        shown(&players.south),
        shown(&players.north)
    );
    seat_bots(state, &id, &players);
    finish(state, slot, players).await;
    Ok(())
}

/// Plays a started game to its end.
async fn finish(state: &Bots, slot: &Arc<Slot>, players: BySide<Player>) {
    if let Err(why) = run(state, slot, &players).await {
        let id = slot.game.lock().await.id.clone();
        tracing::warn!("KGP game {id} stopped: {why}");
    }
    tell_results(slot, &players).await;
    for p in [&players.south, &players.north] {
        if let Some(l) = p.link() {
            l.set_game(None);
            state.hub().sync_bot(state, l);
        }
    }
}

/// Tells each bot of this server how its game ended: `set game:result "win 40-32"` (its
/// result, then its seeds and the other's: the final scores of a game played out, the
/// stores of one that ended otherwise), an extension that other clients ignore as they
/// ignore every unknown option (docs/kgp.md). Nothing for a game without a result.
async fn tell_results(slot: &Arc<Slot>, players: &BySide<Player>) {
    let g = slot.game.lock().await;
    let Some(south) = g.score_south() else {
        return;
    };
    let pos = *g.game.position();
    // The seeds left in the houses count as the rules sweep them.
    let seeds = |s: Side| match g.game.status() {
        kalah_rules::Status::Finished(o) => o.scores[s],
        _ => u32::from(pos.store(s)),
    };
    for side in Side::ALL {
        let Some(l) = players[side].link() else {
            continue;
        };
        let score = if g.seat_playing(side) == Side::South {
            south
        } else {
            1.0 - south
        };
        let word = match score {
            s if s > 0.75 => "win",
            s if s < 0.25 => "loss",
            _ => "draw",
        };
        let (own, other) = (seeds(side), seeds(side.opponent()));
        l.send(
            &Command::new("set")
                .text("game:result")
                .text(format!("{word} {own}-{other}")),
        );
    }
}

/// Why a game could not go on (the database refused a write, the engine is gone).
type Stop = String;

async fn run(state: &Bots, slot: &Arc<Slot>, players: &BySide<Player>) -> Result<(), Stop> {
    let move_time = state.hub().config.move_time;
    let human_time = state.hub().config.human_move_time;
    // The ply a player moving elsewhere is waited for at, and its deadline.
    let mut waiting: Option<(usize, tokio::time::Instant)> = None;
    loop {
        // Subscribed before reading the position, so a person's move is never missed.
        let mut events = slot.events.subscribe();
        let (pos, ply) = {
            let g = slot.game.lock().await;
            if !g.is_playing() {
                return Ok(());
            }
            (*g.game.position(), g.game.moves().len())
        };
        let side = pos.to_move();
        // A bot whose connection closed loses, whoever is to move.
        for s in Side::ALL {
            if players[s].link().is_some_and(|l| l.is_closed()) {
                return resign(state, slot, s, "its connection closed").await;
            }
        }
        let legal = pos.legal_moves();
        let mut comment = None;
        let mv = if legal.len() == 1 && players[side].moves_here() {
            legal[0]
        } else {
            match &players[side] {
                Player::Human | Player::Remote { .. } => {
                    let limit = match players[side] {
                        Player::Human => human_time,
                        _ => move_time + REMOTE_SLACK,
                    };
                    let deadline = match waiting {
                        Some((p, d)) if p == ply => d,
                        _ => waiting.insert((ply, tokio::time::Instant::now() + limit)).1,
                    };
                    let bot = players[side.opponent()].link();
                    let closed = async {
                        match bot {
                            Some(l) => l.closed().await,
                            None => std::future::pending().await,
                        }
                    };
                    tokio::select! {
                        heard = tokio::time::timeout_at(deadline, events.recv()) => {
                            if heard.is_err() {
                                let why = match players[side] {
                                    Player::Human => "the person took too long".to_string(),
                                    _ => format!(
                                        "its server stored no move within {} s",
                                        limit.as_secs()
                                    ),
                                };
                                return resign(state, slot, side, &why).await;
                            }
                        }
                        _ = closed => {}
                    }
                    // A move, a resignation or a closed bot: look again.
                    continue;
                }
                Player::Level(level) => state
                    .games()
                    .engine()
                    .choose_move(*level, pos, token::random_u64(), None)
                    .await
                    .map_err(|e| e.message)?
                    .ok_or("the engine found no move")?,
                Player::Bot(link) => {
                    let answer = ask(link, &pos, side, move_time).await;
                    comment = link.take_comment();
                    match answer {
                        Answer::Gone => {
                            return resign(state, slot, side, "its connection closed").await
                        }
                        Answer::Move(None)
                            if state.hub().config.timeout == super::KgpTimeout::Loss =>
                        {
                            link.send(&Command::new("error").text(
                                "no move within the move time; you lose this game (--kgp-timeout loss)",
                            ));
                            return resign(state, slot, side, "it sent no move in time").await;
                        }
                        Answer::Move(None) => {
                            legal[(token::random_u64() % legal.len() as u64) as usize]
                        }
                        Answer::Move(Some(k)) => match kalah_kgp::host::legal_move(&pos, k) {
                            Ok(m) => m,
                            Err(e) => {
                                link.send(
                                    &Command::new("error").text(format!("{e}; you lose this game")),
                                );
                                return resign(state, slot, side, "it played an illegal move")
                                    .await;
                            }
                        },
                    }
                }
            }
        };
        let mut g = slot.game.lock().await;
        let seat = g.seat_playing(side);
        match state
            .games()
            .play_move(slot, &mut g, seat, mv, Some(ply as u64), comment)
            .await
        {
            Ok(_) => {}
            // A person resigned (or the game moved on) meanwhile: look again.
            Err(e) if e.code == "game_over" || e.code == "stale_ply" => continue,
            Err(e) => return Err(e.message),
        }
    }
}

/// Sends `state` to a bot and waits for its answer within `time`, then sends `stop`.
async fn ask(link: &Link, pos: &Position, side: Side, time: std::time::Duration) -> Answer {
    let id = link.next_id();
    link.begin(id);
    let deadline = tokio::time::Instant::now() + time;
    if !link.send(
        &Command::new("state")
            .with_id(id)
            .board(&Board::from_position(pos, side)),
    ) {
        return Answer::Gone;
    }
    let answer = link.wait(deadline).await;
    link.send(&Command::new("stop").with_id(link.next_id()).with_ref(id));
    answer
}

/// Ends the game with `side` losing.
async fn resign(state: &Bots, slot: &Arc<Slot>, side: Side, why: &str) -> Result<(), Stop> {
    let mut g = slot.game.lock().await;
    if !g.is_playing() {
        return Ok(());
    }
    tracing::info!("KGP game {}: {} loses: {why}", g.id, g.game.players[side]);
    let seat = g.seat_playing(side);
    state
        .games()
        .resign(slot, &mut g, seat)
        .await
        .map(|_| ())
        .map_err(|e| e.message)
}
