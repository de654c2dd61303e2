pub mod apply;
pub mod bench;
pub mod egdb;
pub mod matchcmd;
pub mod perft;
pub mod play;
pub mod rules;
pub mod serve;
