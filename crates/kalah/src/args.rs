//! Rule and position flags shared by every command.

use crate::error::{CliError, CliResult};
use clap::{Args, ValueEnum};
use kalah_rules::{parse_setup, CaptureRule, EndRule, Position, Preset, Rules, Side, SweepRule};

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum YesNo {
    Yes,
    No,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CaptureArg {
    Standard,
    Empty,
    None,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum EndArg {
    EitherEmpty,
    MoverCannotMove,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SweepArg {
    Owner,
    Emptier,
    None,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FirstArg {
    South,
    North,
    Lot,
}

/// Rule flags: a preset, then single options that override it.
#[derive(Debug, Clone, Default, Args)]
#[command(next_help_heading = "Rules")]
pub struct RuleArgs {
    /// Rule preset: standard, empty-capture, bga, sheet-002, sheet-003, sheet-004 (see `kalah rules`)
    #[arg(long = "rules", value_name = "PRESET", global = true)]
    pub preset: Option<String>,
    /// Houses per side (1-16)
    #[arg(long, value_name = "N", global = true)]
    pub houses: Option<u32>,
    /// Seeds per house at the start (1-16)
    #[arg(long, value_name = "N", global = true)]
    pub seeds: Option<u32>,
    /// Capture when the last seed lands in the mover's own empty house
    #[arg(long, value_enum, global = true)]
    pub capture: Option<CaptureArg>,
    /// When the game ends
    #[arg(long, value_enum, global = true)]
    pub end: Option<EndArg>,
    /// Who gets the seeds left in the houses at the end
    #[arg(long, value_enum, global = true)]
    pub sweep: Option<SweepArg>,
    /// End at once when a store holds more than half of all seeds [--early-end=no turns it off]
    #[arg(long, value_enum, num_args = 0..=1, default_missing_value = "yes", require_equals = true, global = true)]
    pub early_end: Option<YesNo>,
    /// Pie rule: the second player may answer the first turn with `swap` [--pie=no turns it off]
    #[arg(long, value_enum, num_args = 0..=1, default_missing_value = "yes", require_equals = true, global = true)]
    pub pie: Option<YesNo>,
    /// Sow into both stores (a seed in the opponent's store is theirs) [--both-stores=no turns it off]
    #[arg(long, value_enum, num_args = 0..=1, default_missing_value = "yes", require_equals = true, global = true)]
    pub both_stores: Option<YesNo>,
}

impl RuleArgs {
    /// The rules these flags describe, starting from `preset` when no `--rules` flag is given.
    pub fn rules_from(&self, preset: Option<&str>) -> CliResult<Rules> {
        let name = self.preset.as_deref().or(preset);
        let mut setup = match name {
            Some(p) => p
                .parse::<Preset>()
                .map_err(|e| CliError::usage(e.to_string()))?
                .setup(),
            None => Preset::Standard.setup(),
        };
        if let Some(h) = self.houses {
            setup.houses = h.min(255) as u8;
        }
        if let Some(s) = self.seeds {
            setup.seeds = s.min(255) as u8;
        }
        if let Some(c) = self.capture {
            setup.capture = match c {
                CaptureArg::Standard => CaptureRule::Standard,
                CaptureArg::Empty => CaptureRule::Empty,
                CaptureArg::None => CaptureRule::None,
            };
        }
        if let Some(e) = self.end {
            setup.end = match e {
                EndArg::EitherEmpty => EndRule::EitherEmpty,
                EndArg::MoverCannotMove => EndRule::MoverCannotMove,
            };
        }
        if let Some(s) = self.sweep {
            setup.sweep = match s {
                SweepArg::Owner => SweepRule::Owner,
                SweepArg::Emptier => SweepRule::Emptier,
                SweepArg::None => SweepRule::None,
            };
        }
        if let Some(v) = self.early_end {
            setup.early_end = v == YesNo::Yes;
        }
        if let Some(v) = self.pie {
            setup.pie = v == YesNo::Yes;
        }
        if let Some(v) = self.both_stores {
            setup.both_stores = v == YesNo::Yes;
        }
        Rules::new(setup).map_err(|e| CliError::usage(e.to_string()))
    }

    pub fn rules(&self) -> CliResult<Rules> {
        self.rules_from(None)
    }
}

/// `--position` and `--first`.
#[derive(Debug, Clone, Default, Args)]
pub struct PositionArgs {
    /// Position string, e.g. "<6,0,0,4,4,4,4,4,4,4,4,4,4,4,4> S" (default: the start position)
    #[arg(long, value_name = "POS")]
    pub position: Option<String>,
    /// Who moves first from the start position: south (default), north or lot
    #[arg(long, value_enum, value_name = "SIDE")]
    pub first: Option<FirstArg>,
}

/// South or North by lot.
pub fn side_by_lot() -> Side {
    use std::collections::hash_map::RandomState;
    use std::hash::BuildHasher;
    if RandomState::new().hash_one(0u8) & 1 == 0 {
        Side::South
    } else {
        Side::North
    }
}

impl PositionArgs {
    /// The position, under rules adjusted to its number of houses when `--houses` was not given.
    pub fn resolve(&self, rule_args: &RuleArgs, rules: Rules) -> CliResult<Position> {
        let Some(text) = &self.position else {
            let first = match self.first.unwrap_or(FirstArg::South) {
                FirstArg::South => Side::South,
                FirstArg::North => Side::North,
                FirstArg::Lot => side_by_lot(),
            };
            return Ok(Position::start(rules, first));
        };
        if self.first.is_some() {
            return Err(CliError::usage(
                "--first applies to the start position only; the side to move is part of --position",
            ));
        }
        let setup = parse_setup(text).map_err(|e| CliError::usage(e.to_string()))?;
        let n = setup.houses.south.len();
        let rules = if rule_args.houses.is_none() && n != rules.houses() {
            let mut s = rules.setup();
            s.houses = n as u8;
            Rules::new(s).map_err(|e| CliError::usage(e.to_string()))?
        } else {
            rules
        };
        Position::from_setup(rules, &setup).map_err(|e| CliError::usage(e.to_string()))
    }
}
