pub mod apply;
pub mod bench;
pub mod perft;
pub mod rules;
