//! How much of the server's work and memory may be in use at once.

/// Analyses running or waiting in all, newcomers' too: past [`Caps::analyses`] only a
/// network with none gets one (`fair.rs`), up to this many (each is a small task).
pub const HARD_ANALYSES: usize = 256;
/// Games with a computer move queued or thinking, newcomers' too (past
/// [`Caps::computer_moves`] only a network with none starts one).
pub const HARD_COMPUTER_MOVES: usize = 1024;

/// How much of the server's work and memory may be in use at once (docs/server.md, "Limits").
#[derive(Debug, Clone, Copy)]
pub struct Caps {
    /// Analyses running or waiting; more are refused (503).
    pub analyses: usize,
    /// Analyses running or waiting for one client address; more are refused (429).
    pub analyses_per_address: usize,
    /// Analyses running or waiting for one network (IPv4 /24, IPv6 /48); more: 429.
    pub analyses_per_network: usize,
    /// Computer moves queued or searched before new computer games are refused (503): each
    /// game has at most one, so this also bounds how long an honest game's reply waits.
    pub computer_moves: usize,
    /// Games of one address (the one that created them) whose computer move is queued or
    /// being searched; a new computer game from an address with this many is refused (429).
    pub computer_moves_per_address: usize,
    /// The same for the games of one network (IPv4 /24, IPv6 /48).
    pub computer_moves_per_network: usize,
    /// WebSockets of one game, players and spectators (503).
    pub sockets_per_game: usize,
    /// WebSockets from one client address (429).
    pub sockets_per_address: usize,
    /// A game unused this long leaves memory (it is reloaded on next use).
    pub idle_game: std::time::Duration,
}

impl Caps {
    /// The shares of analyses between addresses and networks.
    pub fn analysis_shares(&self) -> crate::fair::Caps {
        crate::fair::Caps {
            per_address: self.analyses_per_address,
            per_network: self.analyses_per_network.max(self.analyses_per_address),
            soft: self.analyses,
            hard: HARD_ANALYSES.max(self.analyses),
        }
    }

    /// The shares of games with a computer move pending.
    pub fn computer_shares(&self) -> crate::fair::Caps {
        crate::fair::Caps {
            per_address: self.computer_moves_per_address,
            per_network: self
                .computer_moves_per_network
                .max(self.computer_moves_per_address),
            soft: self.computer_moves,
            hard: HARD_COMPUTER_MOVES.max(self.computer_moves),
        }
    }
}

impl Default for Caps {
    fn default() -> Caps {
        Caps {
            analyses: 8,
            analyses_per_address: 2,
            analyses_per_network: 4,
            computer_moves: 8,
            computer_moves_per_address: 2,
            computer_moves_per_network: 4,
            sockets_per_game: 64,
            sockets_per_address: 32,
            idle_game: std::time::Duration::from_secs(300),
        }
    }
}
