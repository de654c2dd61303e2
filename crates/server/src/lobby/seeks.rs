//! Open seeks: a player offers a game, anyone else may accept it; a seek lives as long as
//! its player has a lobby socket open on some server. Every server keeps the whole list in
//! memory, as the lobby's news tells it, for the hello and the feed.

use super::core::{refuse, Inner, Lobby, Seek};
use super::spec::{ConnId, Party, Player, Spec, Variant};
use crate::error::ApiError;
use kalah_storage::lobby::Offer;
#[cfg(test)]
use serde_json::{json, Value};

/// Open seeks of one player, and of everyone.
pub const SEEKS_PER_PLAYER: usize = 3;
pub const MAX_SEEKS: usize = 1_000;
/// Removed seek ids remembered (see `Inner::gone`).
const GONE_KEPT: usize = 4_096;

impl Seek {
    /// The seek as the list shows it (`list.rs` writes it without building this).
    #[cfg(test)]
    pub(super) fn json(&self, mine: bool) -> Value {
        let mut v = self.spec.json();
        v["id"] = json!(self.id);
        v["name"] = json!(self.owner.player.name);
        v["account"] = json!(self.owner.player.account);
        v["rating"] = json!(self.rating.map(f64::round));
        v["mine"] = json!(mine);
        v
    }
}

/// The spec of a stored offer (None: rules this server does not know).
pub(super) fn spec_of(o: &Offer) -> Option<Spec> {
    Some(Spec {
        variant: Variant::parse(&o.rules)?,
        time_control: o.time_control.parse().ok()?,
        rated: o.rated,
    })
}

/// The side of a stored offer's maker.
pub(super) fn party_of(o: &Offer) -> Party {
    Party {
        conn: o.conn as ConnId,
        player: Player {
            id: o.player.id.clone(),
            name: o.player.name.clone(),
            account: o.player.account,
        },
    }
}

impl Seek {
    pub(super) fn from_offer(o: &Offer) -> Option<Seek> {
        Some(Seek {
            id: o.id as u64,
            owner: party_of(o),
            spec: spec_of(o)?,
            rating: o.rating,
        })
    }
}

impl Inner {
    pub(super) fn add_seek(&mut self, s: Seek) {
        let id = s.id;
        if self.gone_set.contains(&id) {
            return;
        }
        if self.seeks.insert(id, s).is_none() {
            self.change(true, id);
        }
    }

    /// A removal is always listed, even of a seek added since the last feed message: a
    /// socket that connected in between saw it in its hello.
    pub(super) fn remove_seek(&mut self, id: u64) {
        if self.gone_set.insert(id) {
            self.gone.push_back(id);
            if self.gone.len() > GONE_KEPT {
                let old = self.gone.pop_front().expect("not empty");
                self.gone_set.remove(&old);
            }
        }
        if self.seeks.remove(&id).is_some() {
            self.change(false, id);
        }
    }
}

impl Lobby {
    /// Replaces the seek list with `seeks` (read from the database): every watching socket
    /// gets the whole list.
    pub(super) fn reset_seeks(&self, seeks: Vec<Seek>) {
        let mut g = self.lock();
        g.seeks = seeks.into_iter().map(|s| (s.id, s)).collect();
        g.snapshot = None;
        g.pending.whole();
        g.changed.notify_one();
    }
}

pub(super) fn seek_gone() -> ApiError {
    refuse(
        "seek_gone",
        "this seek is no longer open (taken, cancelled, or its player left); choose another",
    )
}
