//! How much of the server's work and memory may be in use at once.

/// How much of the server's work and memory may be in use at once (docs/server.md, "Limits").
#[derive(Debug, Clone, Copy)]
pub struct Caps {
    /// Analyses running or waiting; more are refused (503).
    pub analyses: usize,
    /// Analyses running or waiting for one client address; more are refused (429).
    pub analyses_per_address: usize,
    /// Computer moves queued or searched before new computer games are refused (503): each
    /// game has at most one, so this also bounds how long an honest game's reply waits.
    pub computer_moves: usize,
    /// Games of one address (the one that created them) whose computer move is queued or
    /// being searched; a new computer game from an address with this many is refused (429).
    pub computer_moves_per_address: usize,
    /// WebSockets of one game, players and spectators (503).
    pub sockets_per_game: usize,
    /// WebSockets from one client address (429).
    pub sockets_per_address: usize,
    /// A game unused this long leaves memory (it is reloaded on next use).
    pub idle_game: std::time::Duration,
}

impl Default for Caps {
    fn default() -> Caps {
        Caps {
            analyses: 8,
            analyses_per_address: 2,
            computer_moves: 8,
            computer_moves_per_address: 2,
            sockets_per_game: 64,
            sockets_per_address: 32,
            idle_game: std::time::Duration::from_secs(300),
        }
    }
}
