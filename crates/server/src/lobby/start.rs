//! Starting a lobby game: both players seated (each seat linked to its player, so the game is
//! on both player pages and a rated game can be rated), the clock running, and each player's
//! socket told the address of their seat.

use super::news::News;
use super::{GameStart, Match, Out, Party};
use crate::error::ApiResult;
use crate::games::Games;
use crate::live::{LiveGame, Opponent};
use crate::token;
use kalah_round::{Round, RoundSpec};
use kalah_rules::{BySide, Position, Side};

/// A lobby game just stored: its id, its seat tokens by start seat, and the seat of `m.a`.
pub struct Started {
    id: String,
    tokens: BySide<String>,
    a_side: Side,
}

/// Tells each side of `m` the address of their seat in `game` (`{"type":"game", ...}`).
pub fn tell(m: &Match, game: &Started, news: &mut News) {
    for (party, side) in [(&m.a, game.a_side), (&m.b, game.a_side.opponent())] {
        let t = &game.tokens[side];
        let start = GameStart {
            id: game.id.clone(),
            side: side.name(),
            token: t.clone(),
            play_url: format!("/g/{}?seat={t}", game.id),
            opponent: other(m, party).player.name.clone(),
            rules: m.spec.variant.name(),
            time_control: m.spec.time_control.to_string(),
            rated: m.spec.rated,
        };
        news.tell(party.conn, &Out::Game(start));
    }
}

fn other<'a>(m: &'a Match, p: &Party) -> &'a Party {
    if p.conn == m.a.conn {
        &m.b
    } else {
        &m.a
    }
}

/// Refused when the server watches as many clocks as it can.
pub fn clock_room(state: &Games) -> ApiResult<()> {
    if state.clock_room() {
        Ok(())
    } else {
        Err(crate::error::ApiError::unavailable(
            "the server has as many games on a clock as it can watch; try again later",
        ))
    }
}

/// The game of `m` (the seat of `m.a` by lot), not stored yet: the lobby transaction that
/// seats its players stores it (`Games::creation`).
pub fn prepare(state: &Games, m: &Match) -> (LiveGame, Started) {
    let rules = m.spec.variant.rules();
    let a_side = if token::random_u64() & 1 == 0 {
        Side::South
    } else {
        Side::North
    };
    let start = Position::start(rules, Side::South);
    let (ta, ha) = Games::new_token();
    let (tb, hb) = Games::new_token();
    let mut tokens = BySide::new(ta.clone(), ta);
    let mut hashes = BySide::new(ha.clone(), ha);
    tokens[a_side.opponent()] = tb;
    hashes[a_side.opponent()] = hb;
    let now = state.now();
    let tc = m.spec.time_control;
    let mut names = BySide::default();
    let mut accounts = BySide::default();
    let mut players = BySide::default();
    for (p, side) in [(&m.a, a_side), (&m.b, a_side.opponent())] {
        players[side] = Some(p.player.id.clone());
        names[side] = Some(p.player.name.clone());
        if p.player.account {
            accounts[side] = Some(p.player.name.clone());
        }
    }
    let mut spec = RoundSpec::new(&token::new_game_id(), start, Opponent::Friend, now);
    spec.preset = rules.matching_preset().map(|p| p.name().to_string());
    spec.seat_owners = hashes;
    spec.names = names;
    spec.time_control = Some(tc);
    // Both seats are accounts or the lobby refused the rated match; the storage checks it
    // again when the game ends.
    spec.is_rated = m.spec.rated && m.a.player.account && m.b.player.account;
    let mut live = LiveGame::new(Round::new(spec));
    live.accounts = accounts;
    // Both seats' players go in the game's own write.
    live.players = players;
    live.set_names();
    let id = live.id.clone();
    (live, Started { id, tokens, a_side })
}
