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
    /// Data directory for the games database (created on first start)
    #[arg(long, value_name = "DIR", default_value = "./kalah-data")]
    pub data: PathBuf,
}

pub fn run(args: &ServeArgs) -> CliResult {
    kalah_server::init_tracing();
    kalah_server::run(kalah_server::Config {
        addr: args.addr,
        data: args.data.clone(),
    })
    .map_err(|e| CliError::failure(e.to_string()))
}
