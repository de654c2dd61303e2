//! What the public API accepts: boards and records a person could play. Anything larger is
//! refused before any work is done, so one request cannot buy seconds of CPU or gigabytes
//! of answer (docs/server.md, "Limits").

use crate::error::{ApiError, ApiResult};
use axum::http::StatusCode;
use kalah_rules::{Rules, Setup};

/// Most houses a side may have.
pub const MAX_HOUSES: usize = 12;
/// Most seeds per house at the start.
pub const MAX_SEEDS: usize = 12;
/// Longest record text accepted by `POST /api/records/parse`.
pub const MAX_RECORD_BYTES: usize = 16 * 1024;
/// Most moves in a record.
pub const MAX_PLIES: usize = 2000;

fn too_big(message: String) -> ApiError {
    ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "too_large", message)
}

/// Refuses rules beyond [`MAX_HOUSES`] houses or [`MAX_SEEDS`] seeds per house.
pub fn check_rules(rules: Rules) -> ApiResult<()> {
    if rules.houses() > MAX_HOUSES || rules.seeds() > MAX_SEEDS {
        return Err(too_big(format!(
            "this server plays at most {MAX_HOUSES} houses and {MAX_SEEDS} seeds per house \
             (asked: {} houses, {} seeds); choose smaller rules",
            rules.houses(),
            rules.seeds()
        )));
    }
    Ok(())
}

/// Refuses a position with more houses or seeds than the largest allowed game can hold.
pub fn check_setup(setup: &Setup) -> ApiResult<()> {
    let houses = setup.houses.south.len().max(setup.houses.north.len());
    let seeds: u64 = [&setup.houses.south, &setup.houses.north]
        .iter()
        .flat_map(|h| h.iter())
        .map(|&n| n as u64)
        .chain([setup.stores.south as u64, setup.stores.north as u64])
        .sum();
    let most = (2 * MAX_HOUSES * MAX_SEEDS) as u64;
    if houses > MAX_HOUSES || seeds > most {
        return Err(too_big(format!(
            "this server analyses positions of at most {MAX_HOUSES} houses a side and {most} \
             seeds in all (asked: {houses} houses, {seeds} seeds)"
        )));
    }
    Ok(())
}

/// Checks a record's size, move count and rules before it is replayed. Tags are read
/// loosely here; the full parser still checks everything afterwards.
pub fn check_record(text: &str) -> ApiResult<()> {
    if text.len() > MAX_RECORD_BYTES {
        return Err(too_big(format!(
            "records may be at most {MAX_RECORD_BYTES} bytes (this one is {}); \
             a whole game of the largest rules fits easily",
            text.len()
        )));
    }
    let mut plies = 0;
    for line in text.lines().map(str::trim) {
        if line.starts_with('#') {
            continue;
        }
        if let Some(tag) = line.strip_prefix('[') {
            let (name, rest) = tag.split_once(char::is_whitespace).unwrap_or((tag, ""));
            let value = rest.trim().trim_end_matches(']').trim().trim_matches('"');
            match name {
                "Rules" => {
                    if let Ok(rules) = value.parse::<Rules>() {
                        check_rules(rules)?;
                    }
                }
                "Start" => {
                    if let Ok(setup) = kalah_rules::parse_setup(value) {
                        check_setup(&setup)?;
                    }
                }
                _ => {}
            }
        } else {
            plies += line.split_whitespace().count();
        }
    }
    if plies > MAX_PLIES {
        return Err(too_big(format!(
            "records may hold at most {MAX_PLIES} moves (this one has about {plies})"
        )));
    }
    Ok(())
}
