//! Kalah (Kalaha, Mancala) rules with every variant of the printed rule sheets and Board
//! Game Arena, exact notations, and an allocation-free move generator.
//!
//! ```
//! use kalah_rules::{Move, Position, Rules, Side};
//!
//! let rules = Rules::standard();
//! let mut pos = Position::start(rules, Side::South);
//! let sowing = pos.play(Move::Sow(3)).unwrap(); // 4 seeds from house 3: the last lands in the store
//! assert!(sowing.extra_turn);
//! assert_eq!(pos.to_string(), "<6,1,0,4,4,0,5,5,5,4,4,4,4,4,4> S");
//! ```
//!
//! Parsing a position and rules:
//! ```
//! use kalah_rules::{parse_setup, Position, Rules};
//!
//! let rules: Rules = "standard capture=empty".parse().unwrap();
//! let pos = Position::from_setup(rules, &parse_setup("<6,20,20,0,0,0,0,0,1,0,0,0,0,0,7> S").unwrap()).unwrap();
//! assert_eq!(pos.legal_moves().len(), 1);
//! ```
#![forbid(unsafe_code)]

mod moves;
mod notation;
mod perft;
mod playout;
mod position;
mod record;
mod rules;
mod side;

pub use moves::{
    format_turn, parse_turn, Capture, IllegalMove, Move, MoveList, ParseMoveError, Pit, Sowing,
};
pub use notation::{draw, parse_setup, ParsePositionError};
pub use perft::{divide, perft};
pub use playout::{playouts, PlayoutStats, PLAYOUT_SEED};
pub use position::{Outcome, PieStage, Position, PositionError, Setup, MAX_TOTAL, PITS};
pub use record::{Game, GameError, RecordError, Status};
pub use rules::{
    CaptureRule, EndRule, Preset, Rules, RulesError, RulesSetup, SweepRule, MAX_HOUSES, MAX_SEEDS,
};
pub use side::{BySide, ParseSideError, Side};
