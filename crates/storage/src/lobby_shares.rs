//! Fair shares of the lobby between networks (issue 36): each lobby socket carries the
//! network of its client (an IPv4 /24, an IPv6 /48, as the server groups them), and the
//! lobby's admission checks count the seeks and challenges made from a network's sockets, on
//! every instance. Without it, 14 addresses filled the 1,000 seeks and 10 guests from one
//! address kept a player from receiving any challenge.

use crate::lobby::Lobby;
use crate::sql::args;
use crate::Result;

/// The network of the socket `(?1, ?2)`.
const NETWORK_OF: &str = "(SELECT network FROM lobby_sockets WHERE instance = ?1 AND conn = ?2)";

impl Lobby<'_> {
    /// Records the network of socket `conn` of `instance`.
    pub fn set_socket_network(&self, instance: &str, conn: i64, network: &str) -> Result<()> {
        self.conn.execute(
            "UPDATE lobby_sockets SET network = ?3 WHERE instance = ?1 AND conn = ?2",
            args![instance, conn, network],
        )?;
        Ok(())
    }

    /// Open seeks made from sockets of the network of socket `conn` of `instance` (none when
    /// its network is not known).
    pub fn network_seeks(&self, instance: &str, conn: i64) -> Result<usize> {
        let n: i64 = self
            .conn
            .query_opt(
                &format!(
                    "SELECT count(*) FROM lobby_offers o JOIN lobby_sockets s
                       ON s.instance = o.instance AND s.conn = o.conn
                     WHERE o.kind = 'seek' AND s.network = {NETWORK_OF}"
                ),
                args![instance, conn],
            )?
            .map_or(Ok(0), |r| r.get(0))?;
        Ok(n.max(0) as usize)
    }

    /// Challenges waiting for `player` made from sockets of the network of socket `conn` of
    /// `instance`.
    pub fn network_challenges_to(&self, player: &str, instance: &str, conn: i64) -> Result<usize> {
        let n: i64 = self
            .conn
            .query_opt(
                &format!(
                    "SELECT count(*) FROM lobby_offers o JOIN lobby_sockets s
                       ON s.instance = o.instance AND s.conn = o.conn
                     WHERE o.kind = 'challenge' AND o.to_id = ?3 AND s.network = {NETWORK_OF}"
                ),
                args![instance, conn, player],
            )?
            .map_or(Ok(0), |r| r.get(0))?;
        Ok(n.max(0) as usize)
    }

    /// Whether players `a` and `b` have a game together (any game, finished or not).
    pub fn played_together(&self, a: &str, b: &str) -> Result<bool> {
        Ok(self
            .conn
            .query_opt(
                "SELECT 1 FROM games WHERE (south_player = ?1 AND north_player = ?2)
                    OR (south_player = ?2 AND north_player = ?1) LIMIT 1",
                args![a, b],
            )?
            .is_some())
    }

    /// The challenge waiting for `player` that gives up its place first when their
    /// challenges are full: one from a player they have no game with, a guest's before an
    /// account's, the newest first. Answers its id and whether it is an account's; None when
    /// every waiting challenge comes from someone they have played.
    pub fn challenge_to_crowd_out(&self, player: &str) -> Result<Option<(i64, bool)>> {
        self.conn
            .query_opt(
                "SELECT o.id, o.account FROM lobby_offers o
                 WHERE o.kind = 'challenge' AND o.to_id = ?1 AND NOT EXISTS (
                     SELECT 1 FROM games g
                     WHERE (g.south_player = o.player_id AND g.north_player = ?1)
                        OR (g.north_player = o.player_id AND g.south_player = ?1))
                 ORDER BY o.account, o.id DESC LIMIT 1",
                args![player],
            )?
            .map(|r| Ok((r.get(0)?, r.get(1)?)))
            .transpose()
    }
}

#[cfg(test)]
mod tests {
    use crate::lobby::{LobbyPlayer, Offer, OfferKind};
    use crate::Db;

    fn player(id: &str) -> LobbyPlayer {
        LobbyPlayer {
            id: id.into(),
            name: id.into(),
            account: false,
        }
    }

    fn offer(kind: OfferKind, conn: i64, who: &str, to: Option<&str>) -> Offer {
        Offer {
            id: 0,
            kind,
            instance: "i1".into(),
            conn,
            player: player(who),
            to: to.map(|t| (t.to_string(), t.to_string())),
            rules: "standard".into(),
            time_control: "3+2".into(),
            rated: false,
            rating: None,
            at: 0,
        }
    }

    #[test]
    fn seeks_and_challenges_are_counted_by_the_network_of_their_sockets() {
        let dir = tempfile::tempdir().unwrap();
        let mut db = Db::open(&dir.path().join("games.db")).unwrap();
        db.lobby(|l| {
            // Sockets 1 and 2 of one network, 3 of another, 4 of none known.
            for (conn, who, net) in [
                (1, "a", Some("10.0.0.0")),
                (2, "b", Some("10.0.0.0")),
                (3, "c", Some("10.9.0.0")),
                (4, "d", None),
            ] {
                l.add_socket("i1", conn, &player(who))?;
                if let Some(net) = net {
                    l.set_socket_network("i1", conn, net)?;
                }
            }
            l.add(&offer(OfferKind::Seek, 1, "a", None))?;
            l.add(&offer(OfferKind::Seek, 2, "b", None))?;
            l.add(&offer(OfferKind::Seek, 3, "c", None))?;
            l.add(&offer(OfferKind::Challenge, 1, "a", Some("c")))?;
            assert_eq!(l.network_seeks("i1", 2)?, 2);
            assert_eq!(l.network_seeks("i1", 3)?, 1);
            assert_eq!(l.network_seeks("i1", 4)?, 0);
            assert_eq!(l.network_challenges_to("c", "i1", 2)?, 1);
            assert_eq!(l.network_challenges_to("c", "i1", 3)?, 0);
            assert_eq!(l.network_challenges_to("a", "i1", 2)?, 0);
            Ok(())
        })
        .unwrap();
    }
}
