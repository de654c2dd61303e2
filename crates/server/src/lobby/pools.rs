//! Quick pairing: players wait in a pool per rules, time control and rated flag. A player
//! is paired as they arrive with a waiting player of close rating (`shared.rs`,
//! `join_pool`); the pairing tick pairs the others by rating as their ranges widen
//! (`kalah_online::pairing`).

use kalah_online::pairing::{self, Waiting};
use kalah_storage::lobby::Offer;

/// Players waiting in one pool, on all servers together: a bound on memory, not on
/// throughput (a player who finds a close rating is paired as they arrive and never waits).
/// Each waiting place is a row of about 200 bytes and holds its lobby socket (each server
/// has at most `MAX_SOCKETS`); the tick reads and pairs the waiting places every 0.5 s.
pub const POOL_SIZE: usize = 20_000;
/// The rating of a player who has none in a pool (Glicko-2's start).
pub const START_RATING: f64 = 1500.0;

/// The pairs the pools of `places` make at `now`: indexes into `places`, each at most once;
/// the first of a pair is the longer-waiting one.
pub(super) fn pairs(places: &[Offer], now: i64) -> Vec<(usize, usize)> {
    let mut pools: std::collections::HashMap<(&str, &str, bool), Vec<usize>> =
        std::collections::HashMap::new();
    for (i, p) in places.iter().enumerate() {
        pools
            .entry((p.rules.as_str(), p.time_control.as_str(), p.rated))
            .or_default()
            .push(i);
    }
    let mut out = Vec::new();
    for members in pools.values() {
        let list: Vec<Waiting<usize>> = members
            .iter()
            .map(|&i| Waiting {
                key: i,
                rating: places[i].rating.unwrap_or(START_RATING),
                since_ms: places[i].at,
            })
            .collect();
        out.extend(
            pairing::pair(&list, now)
                .into_iter()
                .map(|(i, j)| (members[i], members[j])),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use kalah_storage::lobby::{LobbyPlayer, OfferKind};

    fn place(id: i64, tc: &str, rating: f64) -> Offer {
        Offer {
            id,
            kind: OfferKind::Pool,
            instance: "i".into(),
            conn: id,
            player: LobbyPlayer {
                id: format!("p{id}"),
                name: format!("p{id}"),
                account: false,
            },
            to: None,
            rules: "kalah-6-4".into(),
            time_control: tc.into(),
            rated: false,
            rating: Some(rating),
            at: 0,
        }
    }

    #[test]
    fn only_places_of_one_pool_are_paired() {
        let places = [
            place(1, "3+2", 1500.0),
            place(2, "5+3", 1500.0),
            place(3, "3+2", 1510.0),
        ];
        let p = pairs(&places, 0);
        assert_eq!(p.len(), 1);
        let (a, b) = p[0];
        let mut ids = [places[a].id, places[b].id];
        ids.sort();
        assert_eq!(ids, [1, 3]);
    }
}
