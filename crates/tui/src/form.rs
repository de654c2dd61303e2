//! The new-game screen: every rule option, the opponent, who starts, the side and the speed.

use crate::settings::{First, Opponent, Settings, Speed};
use kalah_engine::Level;
use kalah_rules::{
    CaptureRule, EndRule, Preset, Rules, RulesSetup, Side, SweepRule, MAX_HOUSES, MAX_SEEDS,
};

/// A line of the form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Row {
    Preset,
    Houses,
    Seeds,
    Capture,
    End,
    Sweep,
    EarlyEnd,
    Pie,
    BothStores,
    Opponent,
    Level,
    First,
    Side,
    Speed,
    Start,
}

impl Row {
    pub const ALL: [Row; 15] = [
        Row::Preset,
        Row::Houses,
        Row::Seeds,
        Row::Capture,
        Row::End,
        Row::Sweep,
        Row::EarlyEnd,
        Row::Pie,
        Row::BothStores,
        Row::Opponent,
        Row::Level,
        Row::First,
        Row::Side,
        Row::Speed,
        Row::Start,
    ];

    pub const fn label(self) -> &'static str {
        match self {
            Row::Preset => "Rules preset",
            Row::Houses => "Houses per side",
            Row::Seeds => "Seeds per house",
            Row::Capture => "Capture",
            Row::End => "Game ends",
            Row::Sweep => "Seeds left at end",
            Row::EarlyEnd => "Early end",
            Row::Pie => "Pie rule",
            Row::BothStores => "Sow both stores",
            Row::Opponent => "Opponent",
            Row::Level => "Computer level",
            Row::First => "Who starts",
            Row::Side => "You play",
            Row::Speed => "Animation",
            Row::Start => "Start game",
        }
    }
}

/// The state of the new-game screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Form {
    pub setup: RulesSetup,
    pub opponent: Opponent,
    pub level: Level,
    pub first: First,
    pub side: Side,
    pub speed: Speed,
    /// Index into [`Row::ALL`].
    pub focus: usize,
}

/// Steps through a list, wrapping around.
fn cycle<T: Copy + PartialEq>(all: &[T], now: T, delta: i32) -> T {
    let i = all.iter().position(|&v| v == now).unwrap_or(0) as i32;
    let len = all.len() as i32;
    all[((i + delta).rem_euclid(len)) as usize]
}

fn yes_no(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "no"
    }
}

impl Form {
    pub fn new(settings: &Settings) -> Form {
        Form {
            setup: settings.rules.setup(),
            opponent: settings.opponent,
            level: settings.level,
            first: settings.first,
            side: settings.side,
            speed: settings.speed,
            focus: Row::ALL.len() - 1,
        }
    }

    pub fn row(&self) -> Row {
        Row::ALL[self.focus.min(Row::ALL.len() - 1)]
    }

    pub fn move_focus(&mut self, delta: i32) {
        let len = Row::ALL.len() as i32;
        self.focus = ((self.focus as i32 + delta).rem_euclid(len)) as usize;
    }

    /// The settings the form describes, or why they are not valid rules.
    pub fn settings(&self) -> Result<Settings, String> {
        let rules = Rules::new(self.setup).map_err(|e| e.to_string())?;
        Ok(Settings {
            rules,
            opponent: self.opponent,
            level: self.level,
            first: self.first,
            side: self.side,
            speed: self.speed,
        })
    }

    fn preset(&self) -> Option<Preset> {
        Preset::ALL
            .iter()
            .copied()
            .find(|p| p.setup() == self.setup)
    }

    /// True when the row matters for the chosen opponent.
    pub fn enabled(&self, row: Row) -> bool {
        match row {
            Row::Level => self.opponent != Opponent::Human,
            Row::Side => self.opponent == Opponent::Computer,
            _ => true,
        }
    }

    /// Changes the focused row's value by `delta` steps.
    pub fn change(&mut self, delta: i32) {
        let row = self.row();
        let s = &mut self.setup;
        match row {
            Row::Preset => {
                let next = match Preset::ALL.iter().copied().find(|p| p.setup() == *s) {
                    Some(p) => cycle(&Preset::ALL, p, delta),
                    None => Preset::Standard,
                };
                *s = next.setup();
            }
            Row::Houses => {
                s.houses = (s.houses as i32 + delta).clamp(1, MAX_HOUSES as i32) as u8;
            }
            Row::Seeds => s.seeds = (s.seeds as i32 + delta).clamp(1, MAX_SEEDS as i32) as u8,
            Row::Capture => s.capture = cycle(CaptureRule::ALL, s.capture, delta),
            Row::End => s.end = cycle(EndRule::ALL, s.end, delta),
            Row::Sweep => s.sweep = cycle(SweepRule::ALL, s.sweep, delta),
            Row::EarlyEnd => s.early_end = !s.early_end,
            Row::Pie => s.pie = !s.pie,
            Row::BothStores => s.both_stores = !s.both_stores,
            Row::Opponent => self.opponent = cycle(&Opponent::ALL, self.opponent, delta),
            Row::Level => self.level = cycle(&Level::ALL, self.level, delta),
            Row::First => self.first = cycle(&First::ALL, self.first, delta),
            Row::Side => self.side = self.side.opponent(),
            Row::Speed => self.speed = cycle(&Speed::ALL, self.speed, delta),
            Row::Start => {}
        }
    }

    /// The value shown for a row.
    pub fn value(&self, row: Row) -> String {
        let s = &self.setup;
        match row {
            Row::Preset => self
                .preset()
                .map_or("custom".to_string(), |p| p.name().to_string()),
            Row::Houses => s.houses.to_string(),
            Row::Seeds => s.seeds.to_string(),
            Row::Capture => s.capture.name().to_string(),
            Row::End => s.end.name().to_string(),
            Row::Sweep => match s.sweep {
                SweepRule::Owner => "owner takes them",
                SweepRule::Emptier => "emptier takes all",
                SweepRule::None => "nobody",
            }
            .to_string(),
            Row::EarlyEnd => yes_no(s.early_end).to_string(),
            Row::Pie => yes_no(s.pie).to_string(),
            Row::BothStores => yes_no(s.both_stores).to_string(),
            Row::Opponent => self.opponent.label().to_string(),
            Row::Level => format!("{} ({}/7)", self.level, self.level.rank()),
            Row::First => match self.first {
                First::Lot => "by lot".to_string(),
                First::Side(side) => side.to_string(),
            },
            Row::Side => self.side.to_string(),
            Row::Speed => self.speed.name().to_string(),
            Row::Start => String::new(),
        }
    }

    /// A sentence about the focused row's current value.
    pub fn help(&self) -> String {
        let s = &self.setup;
        match self.row() {
            Row::Preset => match self.preset() {
                Some(p) => p.summary().to_string(),
                None => "Custom rules: your own choice of options.".to_string(),
            },
            Row::Houses => "Houses on each side; every printed rule sheet uses 6.".to_string(),
            Row::Seeds => {
                "Seeds in each house at the start: 3 for beginners, 4 traditional, up to 6 for a longer game."
                    .to_string()
            }
            Row::Capture => match s.capture {
                CaptureRule::Standard => "Last seed in your own empty house takes it and the seeds opposite, if there are any.",
                CaptureRule::Empty => "Last seed in your own empty house is captured even when the house opposite is empty.",
                CaptureRule::None => "No captures: the last seed stays where it lands.",
            }
            .to_string(),
            Row::End => match s.end {
                EndRule::EitherEmpty => "The game ends as soon as either side's houses are all empty.",
                EndRule::MoverCannotMove => "The game ends when the player to move has no seeds to sow.",
            }
            .to_string(),
            Row::Sweep => match s.sweep {
                SweepRule::Owner => "At the end, seeds left in the houses go to the store of their side.",
                SweepRule::Emptier => "At the end, the player whose side is empty takes all seeds left.",
                SweepRule::None => "At the end, seeds left in the houses count for nobody.",
            }
            .to_string(),
            Row::EarlyEnd => "End at once when a store holds more than half of all seeds.".to_string(),
            Row::Pie => "After the first turn the second player may swap seats and take it over.".to_string(),
            Row::BothStores => "Sowing also drops seeds into the opponent's store.".to_string(),
            Row::Opponent => match self.opponent {
                crate::settings::Opponent::Computer => "Play against the computer.",
                crate::settings::Opponent::Human => "Two people take turns at this keyboard.",
                crate::settings::Opponent::Demo => "Watch the computer play itself (space pauses).",
            }
            .to_string(),
            Row::Level => format!(
                "Level {} of 7: beginner looks one sowing ahead; perfect searches up to 3 seconds.",
                self.level.rank()
            ),
            Row::First => "Who sows first: drawn by lot, or the side you choose.".to_string(),
            Row::Side => "Your side against the computer; it is drawn at the bottom.".to_string(),
            Row::Speed => "How fast seeds are sown on screen (change it in the game with a).".to_string(),
            Row::Start => "Press Enter to start the game.".to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preset_then_option_becomes_custom_and_back() {
        let mut f = Form::new(&Settings::default());
        f.focus = 0;
        f.change(1);
        assert_eq!(f.value(Row::Preset), "empty-capture");
        f.focus = Row::ALL.iter().position(|&r| r == Row::Capture).unwrap();
        f.change(-1);
        assert_eq!(f.value(Row::Preset), "standard");
        f.change(-1);
        assert_eq!(f.value(Row::Preset), "custom");
        f.focus = Row::ALL.iter().position(|&r| r == Row::Seeds).unwrap();
        for _ in 0..40 {
            f.change(1);
        }
        assert_eq!(f.setup.seeds as usize, MAX_SEEDS);
        assert!(f.settings().is_ok());
    }
}
