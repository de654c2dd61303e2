//! The sentences of the status line: what a move did, why a key was refused, hints.

use crate::play::Play;
use crate::settings::Player;
use kalah_rules::{IllegalMove, Move, PieStage, Position, Sowing};

/// One short line on why a move is refused.
pub(crate) fn illegal_text(e: IllegalMove, pos: &Position) -> String {
    match e {
        IllegalMove::GameOver => "The game is over.".to_string(),
        IllegalMove::NoSuchHouse { house, houses } => {
            format!("There is no house {house}: houses are 1 to {houses}.")
        }
        IllegalMove::EmptyHouse { house } => {
            format!("House {house} is empty: choose a house with seeds.")
        }
        IllegalMove::NoPieRule => "Swapping (p) needs the pie rule, which is off.".to_string(),
        IllegalMove::SwapNotNow => {
            if pos.pie_stage() == PieStage::FirstTurn {
                "Swapping comes after the first player's first turn.".to_string()
            } else {
                "The chance to swap has passed.".to_string()
            }
        }
    }
}

/// The status line after a move: what it did, in words (`who`: "You sow", "South sows").
pub(crate) fn describe(play: &Play, who: &str, before: &Position, s: &Sowing) -> String {
    let n = before.rules().houses() as u8;
    let mut text = match s.mv {
        Move::Swap => {
            // The mover takes over the other seat; the other player now moves from here.
            let taker = play.player(s.mover.opponent());
            let seat = s.mover.opponent();
            return match taker {
                Player::Person(0) => format!("You take the pie: you now play {seat}."),
                Player::Computer(_) if play.person_side().is_some() => {
                    format!(
                        "The computer takes the pie: it now plays {seat}, you play {}.",
                        s.mover
                    )
                }
                _ => format!("{} takes the pie and now plays {seat}.", play.name(seat)),
            };
        }
        Move::Sow(h) => {
            let seeds = if s.seeds == 1 { "seed" } else { "seeds" };
            format!("{who} house {h} ({} {seeds})", s.seeds)
        }
    };
    if s.extra_turn && s.ended {
        text.push_str(": last seed in the store");
    } else if s.extra_turn {
        text.push_str(": last seed in the store, another turn");
    } else if let Some(c) = s.capture {
        let opposite = n + 1 - c.house;
        text.push_str(&format!(
            ": captures {} seeds in house {} and {}'s house {opposite}",
            c.seeds,
            c.house,
            s.mover.opponent()
        ));
    } else if let Some(kalah_rules::Pit::Store(side)) = s.last {
        if side != s.mover {
            text.push_str(&format!(": last seed in {side}'s store"));
        }
    }
    text.push('.');
    if s.ended {
        text.push_str(" Game over");
        if let Some(sweep) = s.sweep {
            if sweep.south + sweep.north > 0 {
                text.push_str(&format!(
                    ": the seeds left go South +{}, North +{}",
                    sweep.south, sweep.north
                ));
            }
        }
        text.push('.');
    } else if s.mv != Move::Swap && play.game.position().pie_stage() == PieStage::Offer {
        let side = play.game.position().to_move();
        if !play.player(side).is_computer() {
            text.push_str(" Pie rule: p swaps seats, or sow a house.");
        }
    }
    text
}

pub(crate) fn hint_text(best: Option<Move>, value: i32, exact: bool, depth: u32) -> String {
    let Some(m) = best else {
        return "No move to hint: the game is over.".to_string();
    };
    let what = match m {
        Move::Sow(h) => format!("sow house {h}"),
        Move::Swap => "swap seats (p)".to_string(),
    };
    let margin = match value {
        0 => "a draw".to_string(),
        v if v > 0 => format!("you finish {v} ahead"),
        v => format!("you finish {} behind", -v),
    };
    if exact {
        format!("Hint: {what}. With best play {margin} (exact).")
    } else {
        format!("Hint: {what}. Estimate: {margin} (searched {depth} sowings deep).")
    }
}

pub(crate) fn review_text(play: &Play, ply: usize) -> String {
    let total = play.game.moves().len();
    if ply == 0 {
        return format!("Review: the start, move 0 of {total}. ←→ step, Esc back.");
    }
    let m = play.game.moves()[ply - 1];
    let mover = play.game.position_after(ply - 1).to_move();
    format!("Review: move {ply} of {total}, {mover} {m}. ←→ step, Esc back.")
}
