//! What the lobby deals in: the two rule sets, what a seek, pool or challenge asks for, the
//! players, and a match of two of them.

use kalah_online::TimeControl;
use kalah_rules::{Preset, Rules};
use serde_json::{json, Value};

/// A lobby connection (one socket), unique in the cluster: its high half is random per
/// server, so another server's socket is told apart by its number alone.
pub type ConnId = u64;

/// The rules a lobby game can be played by: the two rating families of the common games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Variant {
    /// Standard Kalah(6,4).
    Kalah64,
    /// Board Game Arena's rules with 6 seeds a house.
    Bga66,
}

impl Variant {
    pub const ALL: [Variant; 2] = [Variant::Kalah64, Variant::Bga66];

    /// The name on the wire, which is also the rating family's name.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Kalah64 => "kalah-6-4",
            Variant::Bga66 => "bga-6-6",
        }
    }

    pub fn parse(text: &str) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.name() == text.trim())
    }

    pub fn rules(self) -> Rules {
        match self {
            Variant::Kalah64 => Rules::standard(),
            Variant::Bga66 => {
                let mut s = Preset::Bga.setup();
                s.seeds = 6;
                Rules::new(s).expect("Board Game Arena's rules with 6 seeds are valid")
            }
        }
    }
}

/// What a seek, a pool or a challenge asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Spec {
    pub variant: Variant,
    pub time_control: TimeControl,
    pub rated: bool,
}

impl Spec {
    /// The rating pool it counts in (`kalah-6-4/blitz`).
    pub fn pool(&self) -> String {
        format!(
            "{}/{}",
            self.variant.name(),
            self.time_control.category().name()
        )
    }

    pub(crate) fn json(&self) -> Value {
        json!({
            "rules": self.variant.name(),
            "time_control": self.time_control.to_string(),
            "rated": self.rated,
        })
    }
}

/// A person in the lobby (a guest or an account), from their session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    pub id: String,
    pub name: String,
    pub account: bool,
}

/// One side of a match: the player and the socket that gets the game's address.
#[derive(Debug, Clone)]
pub struct Party {
    pub conn: ConnId,
    pub player: Player,
}

/// Two players to seat at a new game.
#[derive(Debug, Clone)]
pub struct Match {
    pub spec: Spec,
    /// The seek's creator, the challenger, or the longer-waiting player of a pool.
    pub a: Party,
    pub b: Party,
}
