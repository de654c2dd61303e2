//! What the lobby's unit tests share.

use super::core::Seek;
use super::spec::{Party, Player, Spec, Variant};

pub fn player(name: &str, account: bool) -> Player {
    Player {
        id: format!("id-{name}"),
        name: name.into(),
        account,
    }
}

pub fn spec(rated: bool) -> Spec {
    Spec {
        variant: Variant::Kalah64,
        time_control: "3+2".parse().unwrap(),
        rated,
    }
}

/// Seek `id` of the guest `name`.
pub fn seek(id: u64, name: &str) -> Seek {
    Seek {
        id,
        owner: Party {
            conn: id,
            player: player(name, false),
        },
        spec: spec(false),
        rating: None,
    }
}
