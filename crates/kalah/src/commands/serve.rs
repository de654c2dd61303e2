//! `kalah serve`: the browser game's server.

use crate::error::{CliError, CliResult};
use clap::Args;
use std::net::SocketAddr;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Address to listen on (port 0 picks a free port)
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// Data directory for the games and endgame databases (created on first start)
    /// [default: $KALAH_DATA, else the platform data directory, ~/.local/share/kalah on Linux]
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
}

pub fn run(args: &ServeArgs) -> CliResult {
    kalah_server::init_tracing();
    kalah_server::run(kalah_server::Config {
        addr: args.addr,
        data: match &args.data {
            Some(d) => d.clone(),
            None => crate::data::data_dir()?,
        },
    })
    .map_err(|e| CliError::failure(e.to_string()))
}
