//! The JSON the API answers with: rules, sowing history and the game state.

use crate::clock::rfc3339;
use crate::live::LiveGame;
use kalah_rules::{Game, Move, PieStage, Pit, Position, Rules, Side, Sowing, Status};
use serde_json::{json, Value};

pub fn rules_json(rules: Rules, preset: Option<&str>) -> Value {
    let preset = preset
        .map(str::to_string)
        .or_else(|| rules.matching_preset().map(|p| p.name().to_string()));
    json!({
        "text": rules.to_string(),
        "preset": preset,
        "houses": rules.houses(),
        "seeds": rules.seeds(),
        "capture": rules.capture().name(),
        "end": rules.end().name(),
        "sweep": rules.sweep().name(),
        "early_end": rules.early_end(),
        "pie": rules.pie(),
        "both_stores": rules.both_stores(),
    })
}

fn pit_json(p: Pit) -> Value {
    match p {
        Pit::House(side, h) => json!({"side": side.name(), "house": h}),
        Pit::Store(side) => json!({"side": side.name(), "store": true}),
    }
}

/// One sowing's events, in the shape `kalah apply --json` prints, plus `ply` and the
/// position after it.
pub fn sowing_json(ply: usize, before: &Position, s: &Sowing, after: &Position) -> Value {
    let sown: Vec<Value> = match s.mv {
        Move::Sow(h) => before.sowing_path(h).into_iter().map(pit_json).collect(),
        Move::Swap => Vec::new(),
    };
    json!({
        "ply": ply,
        "mover": s.mover.name(),
        "move": s.mv.to_string(),
        "position": after.to_string(),
        "seeds": s.seeds,
        "sown": sown,
        "last": s.last.map(pit_json),
        "extra_turn": s.extra_turn,
        "capture": s.capture.map(|c| json!({"house": c.house, "seeds": c.seeds})),
        "sweep": s.sweep.map(|w| json!({"south": w.south, "north": w.north})),
        "ended": s.ended,
    })
}

pub fn history_json(game: &Game) -> Vec<Value> {
    let mut pos = *game.start();
    let mut out = Vec::with_capacity(game.moves().len());
    for (i, &m) in game.moves().iter().enumerate() {
        let before = pos;
        let s = pos.play_unchecked(m);
        out.push(sowing_json(i + 1, &before, &s, &pos));
    }
    out
}

pub fn pie_name(p: PieStage) -> &'static str {
    match p {
        PieStage::Off => "off",
        PieStage::FirstTurn => "first",
        PieStage::Offer => "offer",
    }
}

pub fn status_json(game: &Game) -> (&'static str, Value) {
    let pos = game.position();
    match game.status() {
        Status::Playing => ("playing", Value::Null),
        Status::Finished(o) => {
            let winner = o.winner.map_or("draw", Side::name);
            let reason = if o.early { "early-end" } else { "end" };
            (
                "finished",
                json!({"south": o.scores.south, "north": o.scores.north, "winner": winner,
                       "reason": reason, "resigned": null}),
            )
        }
        Status::Resigned(side) => (
            "resigned",
            json!({"south": pos.store(Side::South), "north": pos.store(Side::North),
                   "winner": side.opponent().name(), "reason": "resign", "resigned": side.name()}),
        ),
    }
}

fn moves_json(game: &Game) -> (Vec<String>, Vec<String>) {
    let moves = game.moves().iter().map(Move::to_string).collect();
    let turns = game
        .turns()
        .iter()
        .map(|(_, t)| kalah_rules::format_turn(t))
        .collect();
    (moves, turns)
}

/// Everything about a record or game that does not depend on the server's seats.
pub fn game_json(game: &Game) -> serde_json::Map<String, Value> {
    let mut m = game_json_without_history(game);
    m.insert("history".into(), json!(history_json(game)));
    m
}

fn game_json_without_history(game: &Game) -> serde_json::Map<String, Value> {
    let pos = game.position();
    let (moves, turns) = moves_json(game);
    let (status, result) = status_json(game);
    let legal: Vec<String> = if status == "playing" {
        pos.legal_moves().iter().map(Move::to_string).collect()
    } else {
        Vec::new()
    };
    let mut m = serde_json::Map::new();
    m.insert("start_position".into(), json!(game.start().to_string()));
    m.insert("position".into(), json!(pos.to_string()));
    m.insert("to_move".into(), json!(pos.to_move().name()));
    m.insert("ply".into(), json!(game.moves().len()));
    m.insert("moves".into(), json!(moves));
    m.insert("turns".into(), json!(turns));
    m.insert("legal_moves".into(), json!(legal));
    m.insert("pie".into(), json!(pie_name(pos.pie_stage())));
    m.insert("status".into(), json!(status));
    m.insert("result".into(), result);
    m
}

/// The public state of a game (never tokens) as JSON text. The history, the bulk of it, is
/// kept as text per ply in the game and only the new plies are written.
pub fn state_text(g: &mut LiveGame, now: i64) -> String {
    game_text(g, 0, now)
}

/// [`state_text`] with the history from ply `from` + 1 on only: what a WebSocket client that
/// has the first `from` plies needs. Clocks are shown as of `now` (the server's time).
pub fn game_text(g: &mut LiveGame, from: usize, now: i64) -> String {
    // Through `round` so the borrow of its moves is apart from the history cache.
    let moves = g.round.game.moves();
    if g.history_text.len() > moves.len() {
        g.history_text.clear();
    }
    let done = g.history_text.len();
    let mut pos = g.round.game.position_after(done);
    for (i, &m) in moves.iter().enumerate().skip(done) {
        let before = pos;
        let s = pos.play_unchecked(m);
        let mut entry = sowing_json(i + 1, &before, &s, &pos);
        if let Some(c) = g.round.comments.get(i).cloned().flatten() {
            entry["comment"] = json!(c);
        }
        g.history_text.push(entry.to_string().into());
    }
    let head = Value::Object(state_map(g, now)).to_string();
    let entries = &g.history_text[from.min(g.history_text.len())..];
    let mut out =
        String::with_capacity(head.len() + entries.iter().map(|h| h.len() + 1).sum::<usize>() + 16);
    out.push_str(&head[..head.len() - 1]);
    out.push_str(",\"history\":[");
    for (i, h) in entries.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(h);
    }
    out.push_str("]}");
    out
}

/// Both players' time left by the side they play now, as of `at` (the server's time), the
/// side whose clock runs, and for a first move the time left to make it before the game is
/// aborted.
fn clock_json(g: &LiveGame, now: i64) -> Value {
    let Some(c) = g.clock else {
        return Value::Null;
    };
    let playing = g.is_playing();
    // An ended game's clocks stop when it ended.
    let at = if playing { now } else { g.updated_at };
    let left = |side: Side| c.left_ms(g.seat_playing(side), at);
    let seat = c.to_move();
    let side = g.side_of_seat(seat);
    let running = (playing && c.running(seat)).then(|| side.name());
    // No first-move countdown while a friend game's host waits for the friend (the game
    // waits for them much longer: `Round::expiry`).
    let first_move = match g.expiry() {
        Some(kalah_online::Expiry::Abort { at_ms, .. }) if !g.waits_for_friend(seat) => {
            json!({"side": side.name(), "left_ms": (at_ms - now).max(0)})
        }
        _ => Value::Null,
    };
    json!({
        "south": left(Side::South),
        "north": left(Side::North),
        "running": running,
        "first_move": first_move,
        "at": now,
    })
}

/// Status and result of a game that ended off the board.
fn ending_json(g: &LiveGame, e: crate::live::Ending) -> Value {
    let pos = g.game.position();
    let by = g.side_of_seat(e.by);
    let (winner, reason) = match e.kind {
        crate::live::EndKind::Aborted => (Value::Null, "abort"),
        crate::live::EndKind::Timeout => (json!(""), "time"),
        crate::live::EndKind::Abandoned => (json!(""), "abandoned"),
    };
    let winner = match winner {
        Value::Null => Value::Null,
        _ if e.draw => json!("draw"),
        _ => json!(by.opponent().name()),
    };
    json!({"south": pos.store(Side::South), "north": pos.store(Side::North),
           "winner": winner, "reason": reason, "resigned": null, "by": by.name()})
}

fn state_map(g: &LiveGame, now: i64) -> serde_json::Map<String, Value> {
    let mut m = serde_json::Map::new();
    m.insert("id".into(), json!(g.id));
    m.insert(
        "rules".into(),
        rules_json(g.game.rules(), g.preset.as_deref()),
    );
    m.insert("opponent".into(), json!(g.opponent.kind()));
    m.insert("level".into(), json!(g.opponent.level().map(|l| l.name())));
    let seat = |side: Side| {
        let start_seat = g.seat_playing(side);
        let computer = g.is_computer_seat(start_seat);
        let kind = match g.opponent {
            // A KGP game's level plays through the KGP lobby, not the server's computer.
            crate::live::Opponent::Kgp if g.computer_seat == Some(start_seat) => "computer",
            // A person who challenged a bot from the browser has no name of their own.
            crate::live::Opponent::Kgp if g.names[start_seat].is_none() => "human",
            crate::live::Opponent::Kgp => "bot",
            _ if computer => "computer",
            _ => "human",
        };
        json!({
            "kind": kind,
            "joined": computer || g.joined[start_seat],
        })
    };
    m.insert(
        "seats".into(),
        json!({"south": seat(Side::South), "north": seat(Side::North)}),
    );
    m.insert(
        "players".into(),
        json!({"south": g.game.players.south, "north": g.game.players.north}),
    );
    // Account names (for links to player pages) and rating changes, by the side each
    // start seat's player plays now.
    let by_side = |f: &dyn Fn(Side) -> Value| json!({"south": f(g.seat_playing(Side::South)), "north": f(g.seat_playing(Side::North))});
    m.insert("accounts".into(), by_side(&|seat| json!(g.accounts[seat])));
    if !g.rating_changes.is_empty() {
        let change = |seat: Side| {
            g.rating_changes
                .iter()
                .find(|c| c.seat == seat.name())
                .map_or(Value::Null, |c| {
                    json!({
                        "pool": c.pool,
                        "before": rating_json(&c.before),
                        "after": rating_json(&c.after),
                        "change": ((c.after.rating - c.before.rating) * 10.0).round() / 10.0,
                    })
                })
        };
        m.insert("ratings".into(), by_side(&change));
    }
    m.extend(game_json_without_history(&g.game));
    if let Some(e) = g.ending {
        m.insert("status".into(), json!(e.kind.status()));
        m.insert("result".into(), ending_json(g, e));
        m.insert("legal_moves".into(), json!([]));
    }
    m.insert(
        "time_control".into(),
        json!(g.time_control.map(|t| t.to_string())),
    );
    m.insert("rated".into(), json!(g.is_rated));
    m.insert("clock".into(), clock_json(g, now));
    m.insert("thinking".into(), json!(g.computer_to_move()));
    m.insert("rematch".into(), json!(g.rematch));
    m.insert("rematch_of".into(), json!(g.rematch_of));
    m.insert("created_at".into(), json!(rfc3339(g.created_at)));
    m.insert("updated_at".into(), json!(rfc3339(g.updated_at)));
    m
}

/// A rating as the API shows it: rounded to a tenth, with its provisional flag.
pub fn rating_json(r: &kalah_match::glicko::Glicko) -> Value {
    let round = |x: f64| (x * 10.0).round() / 10.0;
    json!({
        "rating": round(r.rating),
        "deviation": round(r.deviation),
        "provisional": r.is_provisional(),
    })
}

/// The game JSON text with `"you"` (the side the viewer plays now, or null) put first.
pub fn with_you(game: &str, you: Option<Side>) -> String {
    let you = match you {
        Some(s) => format!("\"{}\"", s.name()),
        None => "null".to_string(),
    };
    match game.strip_prefix('{') {
        Some(rest) if rest.trim_start().starts_with('}') => format!("{{\"you\":{you}}}"),
        Some(rest) => format!("{{\"you\":{you},{rest}"),
        None => game.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn with_you_puts_the_viewer_first() {
        assert_eq!(
            with_you(r#"{"a":1}"#, Some(Side::North)),
            r#"{"you":"north","a":1}"#
        );
        assert_eq!(with_you("{}", None), r#"{"you":null}"#);
        let v: Value = serde_json::from_str(&with_you(r#"{"ply":3}"#, Some(Side::South))).unwrap();
        assert_eq!(v["ply"], 3);
    }
}
