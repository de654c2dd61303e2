//! `kalah play`: the terminal game.

use crate::args::{FirstArg, RuleArgs};
use crate::error::{CliError, CliResult};
use clap::{Args, ValueEnum};
use kalah_engine::Level;
use kalah_rules::{Game, Side};
use kalah_tui::{App, First, Opponent, Settings, Speed, Theme};
use std::io::IsTerminal;
use std::path::PathBuf;

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum VsArg {
    /// The computer at --level
    Computer,
    /// Another person at the same keyboard
    Human,
    /// The computer plays both sides
    Demo,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SideArg {
    South,
    North,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SpeedArg {
    Off,
    Fast,
    Normal,
    Slow,
}

/// Flags of `kalah play`. Any game flag (or rule flag) starts the game at once; without them
/// the new-game screen comes first.
#[derive(Debug, Clone, Args)]
pub struct PlayArgs {
    /// Opponent: the computer, a person at the same keyboard, or a computer-vs-computer demo
    #[arg(long, value_enum, value_name = "WHO")]
    pub vs: Option<VsArg>,
    /// Computer level: beginner, novice, casual, club, expert, master, perfect (or 1-7)
    #[arg(long, value_name = "LEVEL")]
    pub level: Option<String>,
    /// The side you play against the computer (drawn at the bottom)
    #[arg(long, value_enum)]
    pub side: Option<SideArg>,
    /// Who moves first: south, north, or lot (drawn at random)
    #[arg(long, value_enum, value_name = "WHO")]
    pub first: Option<FirstArg>,
    /// Sowing animation: off, fast, normal (default) or slow
    #[arg(long, value_enum)]
    pub speed: Option<SpeedArg>,
    /// Continue (or review) a game saved with `s`; the rules come from the record
    #[arg(long, value_name = "FILE", conflicts_with = "puzzle")]
    pub load: Option<PathBuf>,
    /// Solve puzzles (under the rules given, else standard): one chosen near your level, or
    /// the puzzle with this id (see `kalah puzzles show ID`)
    #[arg(long, value_name = "ID", num_args = 0..=1, default_missing_value = "")]
    pub puzzle: Option<String>,
    /// Take the first lesson (sowing, the extra turn, the capture, the end) in the rules
    /// given, else standard, in the terminal's language (LANG), else English
    #[arg(long, conflicts_with_all = ["load", "puzzle"])]
    pub lesson: bool,
    /// Show the new-game screen first, filled in from the flags
    #[arg(long)]
    pub menu: bool,
    /// Draw with plain ASCII characters (colours follow NO_COLOR)
    #[arg(long)]
    pub ascii: bool,
    /// Leave the mouse to the terminal (no clicking on houses; plain text selection)
    #[arg(long)]
    pub no_mouse: bool,
}

fn rule_flags_given(r: &RuleArgs) -> bool {
    r.preset.is_some()
        || r.houses.is_some()
        || r.seeds.is_some()
        || r.capture.is_some()
        || r.end.is_some()
        || r.sweep.is_some()
        || r.early_end.is_some()
        || r.pie.is_some()
        || r.both_stores.is_some()
}

/// The new-game settings the flags describe.
fn settings(args: &PlayArgs, rule_args: &RuleArgs) -> CliResult<Settings> {
    let mut s = Settings {
        rules: rule_args.rules()?,
        ..Settings::default()
    };
    if let Some(vs) = args.vs {
        s.opponent = match vs {
            VsArg::Computer => Opponent::Computer,
            VsArg::Human => Opponent::Human,
            VsArg::Demo => Opponent::Demo,
        };
    }
    if let Some(level) = &args.level {
        s.level = level
            .parse::<Level>()
            .map_err(|e| CliError::usage(e.to_string()))?;
    }
    if let Some(side) = args.side {
        s.side = match side {
            SideArg::South => Side::South,
            SideArg::North => Side::North,
        };
    }
    if let Some(first) = args.first {
        s.first = match first {
            FirstArg::South => First::Side(Side::South),
            FirstArg::North => First::Side(Side::North),
            FirstArg::Lot => First::Lot,
        };
    }
    if let Some(speed) = args.speed {
        s.speed = match speed {
            SpeedArg::Off => Speed::Off,
            SpeedArg::Fast => Speed::Fast,
            SpeedArg::Normal => Speed::Normal,
            SpeedArg::Slow => Speed::Slow,
        };
    }
    Ok(s)
}

fn load(path: &PathBuf) -> CliResult<Game> {
    let shown = path.display();
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::usage(format!("cannot read {shown}: {e}")))?;
    Game::from_record(&text).map_err(|e| CliError::usage(format!("{shown}: {e}")))
}

pub fn run(args: &PlayArgs, rule_args: &RuleArgs) -> CliResult {
    let settings = settings(args, rule_args)?;
    let theme = Theme::from_env(args.ascii);
    // Before the computer's first job: it probes the stored endgame databases.
    kalah_tui::worker::use_endgame_store(crate::data::egdb_dir(&crate::data::data_dir()?));
    let app = match &args.load {
        None if args.puzzle.is_some() => {
            let mut app = App::new(settings, theme);
            let id = args.puzzle.as_deref().filter(|id| !id.trim().is_empty());
            app.start_puzzle(id).map_err(CliError::usage)?;
            app
        }
        None if args.lesson => {
            let mut app = App::new(settings, theme);
            app.start_lesson();
            app
        }
        Some(path) => {
            if rule_flags_given(rule_args) {
                return Err(CliError::usage(
                    "--load takes the rules from the record: leave out the rule flags",
                ));
            }
            let game = load(path)?;
            // With --vs the flags say who plays; else the record's player names do.
            let people = args.vs.map(|_| settings.people());
            App::from_game(game, settings, people, theme)
        }
        None => {
            let mut app = App::new(settings, theme);
            let flags_given = args.vs.is_some()
                || args.level.is_some()
                || args.side.is_some()
                || args.first.is_some()
                || args.speed.is_some()
                || rule_flags_given(rule_args);
            if flags_given && !args.menu {
                app.start_game();
            }
            app
        }
    };
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        return Err(CliError::usage(
            "kalah play needs a terminal: run it in a terminal window, not with piped input or output",
        ));
    }
    kalah_tui::run(app, !args.no_mouse)
        .map_err(|e| CliError::failure(format!("terminal error: {e}")))
}
