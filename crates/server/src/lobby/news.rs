//! The lobby's news between servers: what one lobby change means for everyone's memory
//! (seeks added and removed) and sockets (personal messages), sent on PostgreSQL's channel
//! `kalah_lobby` in the change's transaction and applied by every server, the one that
//! made it too.

use super::core::Seek;
use super::core::{Lobby, Text};
use super::out::Out;
use super::spec::ConnId;
use kalah_storage::lobby::Offer;
use serde::{Deserialize, Serialize};

/// PostgreSQL's limit on a notification's payload is 8000 bytes.
const PAYLOAD_MAX: usize = 7900;

#[derive(Debug, Default, Serialize, Deserialize)]
pub struct News {
    /// The server that made the change (it has applied it already).
    #[serde(default)]
    pub origin: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub added: Vec<AddedSeek>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub removed: Vec<u64>,
    /// Personal messages to one socket.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub to_conn: Vec<(ConnId, String)>,
    /// Personal messages to every socket of a player.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub to_player: Vec<(String, String)>,
    /// Read the seek list again (news too long for one notification).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub resync: bool,
}

/// A seek added: the stored offer, as much as the list shows.
#[derive(Debug, Serialize, Deserialize)]
pub struct AddedSeek {
    id: i64,
    conn: i64,
    player: String,
    name: String,
    account: bool,
    rules: String,
    time_control: String,
    rated: bool,
    rating: Option<f64>,
}

impl AddedSeek {
    fn offer(&self) -> Offer {
        Offer {
            id: self.id,
            kind: kalah_storage::lobby::OfferKind::Seek,
            instance: String::new(),
            conn: self.conn,
            player: kalah_storage::lobby::LobbyPlayer {
                id: self.player.clone(),
                name: self.name.clone(),
                account: self.account,
            },
            to: None,
            rules: self.rules.clone(),
            time_control: self.time_control.clone(),
            rated: self.rated,
            rating: self.rating,
            at: 0,
        }
    }
}

impl News {
    pub fn is_empty(&self) -> bool {
        self.added.is_empty()
            && self.removed.is_empty()
            && self.to_conn.is_empty()
            && self.to_player.is_empty()
            && !self.resync
    }

    pub fn add_seek(&mut self, o: &Offer) {
        self.added.push(AddedSeek {
            id: o.id,
            conn: o.conn,
            player: o.player.id.clone(),
            name: o.player.name.clone(),
            account: o.player.account,
            rules: o.rules.clone(),
            time_control: o.time_control.clone(),
            rated: o.rated,
            rating: o.rating,
        });
    }

    pub fn tell(&mut self, conn: ConnId, out: &Out) {
        self.to_conn.push((conn, out.json()));
    }

    pub fn tell_player(&mut self, player: &str, out: &Out) {
        self.to_player.push((player.to_string(), out.json()));
    }

    /// The notifications that carry it, from server `origin`: one, or when too long for one
    /// a resync and each personal message alone.
    pub fn payloads(&mut self, origin: &str) -> Vec<String> {
        self.origin = origin.to_string();
        let one = serde_json::to_string(self).expect("news serialise");
        if one.len() <= PAYLOAD_MAX {
            return vec![one];
        }
        let mut out = vec![serde_json::json!({"origin": origin, "resync": true}).to_string()];
        for (c, t) in &self.to_conn {
            out.push(serde_json::json!({"origin": origin, "to_conn": [[c, t]]}).to_string());
        }
        for (p, t) in &self.to_player {
            out.push(serde_json::json!({"origin": origin, "to_player": [[p, t]]}).to_string());
        }
        out.retain(|p| p.len() <= PAYLOAD_MAX);
        out
    }

    pub fn parse(payload: &str) -> Option<News> {
        serde_json::from_str(payload).ok()
    }
}

impl Lobby {
    /// Applies `news` to this server's memory and sockets (not `resync`: the caller reads
    /// the list again).
    pub fn apply(&self, news: &News) {
        let mut g = self.lock();
        for a in &news.added {
            if let Some(s) = Seek::from_offer(&a.offer()) {
                g.add_seek(s);
            }
        }
        for &id in &news.removed {
            g.remove_seek(id);
        }
        for (c, t) in &news.to_conn {
            g.send(*c, &Text::from(t.as_str()));
        }
        for (p, t) in &news.to_player {
            g.send_player(p, &Text::from(t.as_str()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn news_goes_out_whole_or_as_a_resync_and_its_messages() {
        let mut n = News::default();
        n.removed.push(7);
        n.tell(3, &Out::Pool { pool: None });
        let p = n.payloads("me");
        assert_eq!(p.len(), 1);
        let back = News::parse(&p[0]).unwrap();
        assert_eq!(
            (back.origin.as_str(), back.removed.as_slice()),
            ("me", &[7][..])
        );
        assert_eq!(back.to_conn, n.to_conn);
        // Too long for one notification: the list is read again, messages go one by one.
        n.removed = (0..2_000).collect();
        n.tell_player(
            "p",
            &Out::Challenge {
                challenge: json!({}),
            },
        );
        let p = n.payloads("me");
        assert_eq!(p.len(), 3, "{p:?}");
        assert!(p.iter().all(|p| p.len() <= PAYLOAD_MAX));
        let first = News::parse(&p[0]).unwrap();
        assert!(first.resync && first.removed.is_empty());
        assert_eq!(News::parse(&p[1]).unwrap().to_conn, n.to_conn);
        assert_eq!(News::parse(&p[2]).unwrap().to_player, n.to_player);
        assert!(News::parse("not json").is_none());
    }
}
