//! Position analysis on the engine pool: the value of the position and of every move.

use crate::error::ApiResult;
use crate::state::AppState;
use kalah_rules::{Move, Position};
use serde_json::{json, Value};
use std::time::Duration;

/// Default and largest thinking time of one analysis.
pub const DEFAULT_MS: u64 = 1000;
pub const MAX_MS: u64 = 5000;

pub async fn run(state: &AppState, pos: Position, time_ms: Option<u64>) -> ApiResult<Value> {
    let ms = time_ms.unwrap_or(DEFAULT_MS).clamp(50, MAX_MS);
    let (engine, _permit) = state.analysis()?;
    let a = engine.analyze(pos, Duration::from_millis(ms)).await?;
    let words = |ms: &[Move]| ms.iter().map(Move::to_string).collect::<Vec<_>>();
    let moves: Vec<Value> = a
        .moves
        .iter()
        .map(|m| json!({"move": m.mv.to_string(), "value": m.value, "exact": m.exact}))
        .collect();
    // Who plays each move of the line (extra turns let one side play several in a row).
    let mut walk = pos;
    let pv_movers: Vec<&str> = a
        .search
        .pv
        .iter()
        .map_while(|&m| {
            let side = walk.to_move().name();
            walk.play(m).ok().map(|_| side)
        })
        .collect();
    Ok(json!({
        "position": pos.to_string(),
        "to_move": pos.to_move().name(),
        "value": a.search.value,
        "exact": a.search.exact,
        "depth": a.search.depth,
        "best_moves": words(&a.search.best_moves),
        "pv": words(&a.search.pv),
        "pv_movers": pv_movers,
        "moves": moves,
    }))
}
