//! Distributed solving on PostgreSQL (docs/distributed.md).
//!
//! A solve's tree is split into jobs: positions to prove, each with the window (`alpha`,
//! `beta`) that its place in the tree needs. [`tree`] is the sans-IO part: splitting,
//! combining bounds up the tree, and which jobs (with which windows) are still wanted. The
//! other modules are the PostgreSQL side: [`store`] (the tables: runs, jobs with leases, and
//! the shared table of solved positions), [`worker`] (take a job with `FOR UPDATE SKIP
//! LOCKED`, keep its lease alive while proving it, write its bounds back) and [`coordinator`]
//! (build the tree, queue its jobs, combine their answers, until the root is proven).
//!
//! Values are final margins for the player to move, as in `kalah_engine`. A proven value is
//! kept as bounds (`lower..=upper`) of a position under its rules, which stay true whatever
//! window they were proven for; nothing proven is lost when a worker dies, and a job whose
//! worker died is taken again only after its lease ran out.
#![forbid(unsafe_code)]

pub mod coordinator;
pub mod store;
pub mod tree;
pub mod worker;

pub use tree::{Bounds, Mtdf, Split, Tree, Wanted, Window};
