//! Quick pairing: players waiting in one pool are paired by rating. A player accepts an
//! opponent within a rating range that widens the longer they wait, so nobody waits long in a
//! quiet pool and close ratings are preferred in a busy one.

/// Rating points accepted at once, then added every [`WIDEN_EVERY_MS`], up to [`MAX_RANGE`].
pub const START_RANGE: f64 = 100.0;
pub const WIDEN_BY: f64 = 50.0;
pub const WIDEN_EVERY_MS: i64 = 5_000;
/// After about a minute anyone is accepted.
pub const MAX_RANGE: f64 = 800.0;

/// A player waiting in a pool.
#[derive(Clone, Debug, PartialEq)]
pub struct Waiting<K> {
    pub key: K,
    pub rating: f64,
    pub since_ms: i64,
}

/// The rating difference a player who has waited since `since_ms` accepts at `now_ms`.
pub fn range(since_ms: i64, now_ms: i64) -> f64 {
    let steps = (now_ms - since_ms).max(0) / WIDEN_EVERY_MS;
    (START_RANGE + WIDEN_BY * steps as f64).min(MAX_RANGE)
}

/// Pairs whom it can: the longest-waiting player first, each with the closest rating that both
/// players' ranges accept. Returns index pairs into `waiting`; each index appears at most once.
pub fn pair<K>(waiting: &[Waiting<K>], now_ms: i64) -> Vec<(usize, usize)> {
    // Indices by rating, and each index's place in that order.
    let mut by_rating: Vec<usize> = (0..waiting.len()).collect();
    by_rating.sort_by(|&a, &b| waiting[a].rating.total_cmp(&waiting[b].rating));
    let mut place = vec![0; waiting.len()];
    for (p, &i) in by_rating.iter().enumerate() {
        place[i] = p;
    }
    let mut by_wait: Vec<usize> = (0..waiting.len()).collect();
    by_wait.sort_by_key(|&i| (waiting[i].since_ms, i));

    let mut taken = vec![false; waiting.len()];
    let mut pairs = Vec::new();
    for &i in &by_wait {
        if taken[i] {
            continue;
        }
        let me = &waiting[i];
        let mine = range(me.since_ms, now_ms);
        let accepts = |j: usize| {
            let d = (waiting[j].rating - me.rating).abs();
            d <= mine && d <= range(waiting[j].since_ms, now_ms)
        };
        let mut best: Option<(f64, usize)> = None;
        // Walk outwards in rating order on both sides until beyond this player's range.
        for dir in [-1isize, 1] {
            let mut p = place[i] as isize + dir;
            while p >= 0 && (p as usize) < by_rating.len() {
                let j = by_rating[p as usize];
                let d = (waiting[j].rating - me.rating).abs();
                if d > mine {
                    break;
                }
                if !taken[j] && accepts(j) {
                    if best.is_none_or(|(bd, _)| d < bd) {
                        best = Some((d, j));
                    }
                    break;
                }
                p += dir;
            }
        }
        if let Some((_, j)) = best {
            taken[i] = true;
            taken[j] = true;
            pairs.push((i, j));
        }
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn w(rating: f64, since_ms: i64) -> Waiting<u32> {
        Waiting {
            key: 0,
            rating,
            since_ms,
        }
    }

    #[test]
    fn close_ratings_pair_at_once_far_ones_after_waiting() {
        let pool = [w(1500.0, 0), w(1580.0, 0), w(1900.0, 0)];
        assert_eq!(pair(&pool, 0), vec![(0, 1)]);
        let pool = [w(1500.0, 0), w(1900.0, 0)];
        assert!(pair(&pool, 0).is_empty());
        // 400 points apart: both accept after 30 s of waiting (100 + 6 x 50).
        assert!(pair(&pool, 29_999).is_empty());
        assert_eq!(pair(&pool, 30_000), vec![(0, 1)]);
    }

    #[test]
    fn the_longest_waiting_player_gets_the_closest_rating_both_accept() {
        let pool = [w(1500.0, 10), w(1450.0, 0), w(1530.0, 5), w(1600.0, 0)];
        // 1 waited longest (with 3; index order breaks the tie): its closest is 0 (1500).
        // 3 is next: 2 (1530) is 70 away, within range.
        assert_eq!(pair(&pool, 100), vec![(1, 0), (3, 2)]);
    }

    #[test]
    fn a_newcomer_is_not_dragged_far_by_an_old_waiter() {
        // The old waiter accepts 400 points, the newcomer only 100.
        let pool = [w(1500.0, 0), w(1800.0, 30_000)];
        assert!(pair(&pool, 30_000).is_empty());
        assert_eq!(range(0, 10_000_000), MAX_RANGE);
    }

    proptest! {
        #[test]
        fn pairs_are_disjoint_and_within_both_ranges(
            pool in prop::collection::vec((1000.0f64..2500.0, 0i64..120_000), 0..60),
            now in 0i64..200_000,
        ) {
            let pool: Vec<Waiting<usize>> = pool.into_iter().enumerate()
                .map(|(key, (rating, since_ms))| Waiting { key, rating, since_ms: since_ms.min(now) })
                .collect();
            let pairs = pair(&pool, now);
            let mut seen = vec![false; pool.len()];
            for &(a, b) in &pairs {
                prop_assert!(a != b && !seen[a] && !seen[b]);
                seen[a] = true;
                seen[b] = true;
                let d = (pool[a].rating - pool[b].rating).abs();
                prop_assert!(d <= range(pool[a].since_ms, now) && d <= range(pool[b].since_ms, now));
            }
            // Nobody left over could have been paired with someone else left over.
            for a in 0..pool.len() {
                for b in a + 1..pool.len() {
                    if !seen[a] && !seen[b] {
                        let d = (pool[a].rating - pool[b].rating).abs();
                        prop_assert!(d > range(pool[a].since_ms, now) || d > range(pool[b].since_ms, now));
                    }
                }
            }
        }
    }
}
