//! One freeplay game between two players, stored and published like every other game.
//!
//! The reference server's conduct: South moves first (who sits where is drawn at random); a
//! position with one legal move is played without asking; a bot gets `ID state <board>` and
//! answers with `@ID move k` as often as it likes until it yields or its time is up, then
//! `@ID stop` ends the request; the last move counts, and with no move a random legal one is
//! played for it. An illegal move, or a closed connection, loses the game.

use super::link::{Answer, Link};
use crate::clock::now_ms;
use crate::live::{LiveGame, Opponent};
use crate::state::{AppState, Slot};
use crate::token;
use kalah_engine::Level;
use kalah_kgp::{kgp_rules, Board, Command};
use kalah_rules::{BySide, Game, Move, Position, Side};
use std::sync::Arc;

pub enum Player {
    Bot(Arc<Link>),
    Level(Level),
}

impl Player {
    fn name(&self) -> String {
        match self {
            Player::Bot(l) => l.name(),
            Player::Level(l) => format!("Computer ({l})"),
        }
    }

    fn link(&self) -> Option<&Arc<Link>> {
        match self {
            Player::Bot(l) => Some(l),
            Player::Level(_) => None,
        }
    }
}

/// Plays a whole game of `a` and `b` (sides drawn at random). Returns when it is over or
/// could not go on.
pub async fn play(state: &AppState, a: Player, b: Player) {
    let hub = state.kgp();
    let boards = &hub.config.boards;
    let (houses, seeds) = boards[(token::random_u64() % boards.len() as u64) as usize];
    let Ok(rules) = kgp_rules(houses, seeds) else {
        tracing::error!("KGP: bad board {houses}x{seeds}");
        return;
    };
    let players = if token::random_u64().is_multiple_of(2) {
        BySide::new(a, b)
    } else {
        BySide::new(b, a)
    };
    let now = now_ms();
    let mut live = LiveGame {
        id: token::new_game_id(),
        game: Game::new(Position::start(rules, Side::South)),
        preset: None,
        opponent: Opponent::Kgp,
        computer_seat: Side::ALL
            .into_iter()
            .find(|&s| matches!(players[s], Player::Level(_))),
        // Seats nobody holds: no browser can move for a bot.
        token_hashes: BySide::from_fn(|_| token::hash(&token::new_token())),
        joined: BySide::new(true, true),
        rematch: None,
        rematch_of: None,
        rematch_tokens: BySide::default(),
        created_at: now,
        updated_at: now,
        computer_busy: false,
        history_text: Vec::new(),
        published_ply: 0,
        owner: None,
        names: BySide::from_fn(|s| Some(players[s].name())),
    };
    live.set_names();
    let id = live.id.clone();
    let slot = match state.create(live).await {
        Ok(s) => s,
        Err(e) => {
            for p in [&players.south, &players.north] {
                if let Some(l) = p.link() {
                    l.send(
                        &Command::new("error").text(format!("no game could start: {}", e.message)),
                    );
                }
            }
            return;
        }
    };
    tracing::info!(
        "KGP game {id}: {} (South) vs {} (North), {houses} houses of {seeds}",
        players.south.name(),
        players.north.name()
    );
    for side in Side::ALL {
        if let Some(l) = players[side].link() {
            l.send(&Command::new("set").text("game:id").text(id.as_str()));
            l.send(
                &Command::new("set")
                    .text("game:opponent")
                    .text(players[side.opponent()].name()),
            );
        }
    }
    if let Err(why) = run(state, &slot, &players).await {
        tracing::warn!("KGP game {id} stopped: {why}");
    }
}

/// Why a game could not go on (the database refused a write, the engine is gone).
type Stop = String;

async fn run(state: &AppState, slot: &Arc<Slot>, players: &BySide<Player>) -> Result<(), Stop> {
    let move_time = state.kgp().config.move_time;
    loop {
        let pos = {
            let g = slot.game.lock().await;
            if !g.is_playing() {
                return Ok(());
            }
            *g.game.position()
        };
        let side = pos.to_move();
        // A bot whose connection closed loses, whoever is to move.
        for s in Side::ALL {
            if players[s].link().is_some_and(|l| l.is_closed()) {
                return resign(state, slot, s, "its connection closed").await;
            }
        }
        let legal = pos.legal_moves();
        let mv = if legal.len() == 1 {
            legal[0]
        } else {
            match &players[side] {
                Player::Level(level) => state
                    .engine()
                    .choose_move(*level, pos, token::random_u64())
                    .await
                    .map_err(|e| e.message)?
                    .ok_or("the engine found no move")?,
                Player::Bot(link) => match ask(link, &pos, side, move_time).await {
                    Answer::Gone => {
                        return resign(state, slot, side, "its connection closed").await
                    }
                    Answer::Move(None) => {
                        legal[(token::random_u64() % legal.len() as u64) as usize]
                    }
                    Answer::Move(Some(k)) => {
                        let mv = u8::try_from(k).ok().filter(|&h| h >= 1).map(Move::Sow);
                        match mv.filter(|&m| pos.check(m).is_ok()) {
                            Some(m) => m,
                            None => {
                                link.send(&Command::new("error").text(format!(
                                    "move {k} is not legal here (houses with seeds: {}); you lose this game",
                                    legal.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(", ")
                                )));
                                return resign(state, slot, side, "it played an illegal move")
                                    .await;
                            }
                        }
                    }
                },
            }
        };
        let mut g = slot.game.lock().await;
        state
            .commit_move(slot, &mut g, mv)
            .await
            .map_err(|e| e.message)?;
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
async fn resign(state: &AppState, slot: &Arc<Slot>, side: Side, why: &str) -> Result<(), Stop> {
    let mut g = slot.game.lock().await;
    tracing::info!("KGP game {}: {} loses: {why}", g.id, g.game.players[side]);
    state
        .resign(slot, &mut g, side)
        .await
        .map(|_| ())
        .map_err(|e| e.message)
}
