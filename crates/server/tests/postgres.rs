//! The server's tests of games, friend games, clocks, accounts, sessions, ratings and bots,
//! run again with their data in PostgreSQL: this program includes those test files, and
//! `common::open_state` sees by its name (`postgres`) that it keeps data in a throwaway
//! PostgreSQL cluster (`kalah_pgtest`), one database per test.
//!
//! Any other test program runs on PostgreSQL too with `KALAH_TEST_DATABASE=postgres`.

// Each included file has its own `mod common;`: the helpers are compiled once per file,
// as they are in the files' own programs.
#![allow(clippy::duplicate_mod)]

#[path = "api.rs"]
mod api;
#[path = "bots.rs"]
mod bots;
#[path = "clocks.rs"]
mod clocks;
#[path = "players.rs"]
mod players;
#[path = "ratings.rs"]
mod ratings;
