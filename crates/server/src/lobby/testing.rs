//! What the lobby's unit tests share.

use super::core::Text;
use super::spec::{Player, Spec, Variant};
use serde_json::Value;
use tokio::sync::mpsc;

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

/// The personal messages waiting for a socket.
pub fn drain(rx: &mut mpsc::Receiver<Text>) -> Vec<Value> {
    let mut out = Vec::new();
    while let Ok(t) = rx.try_recv() {
        out.push(serde_json::from_str(t.as_str()).unwrap());
    }
    out
}
