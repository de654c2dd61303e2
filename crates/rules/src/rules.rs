//! Rule options and validated rules.

use std::fmt;
use std::str::FromStr;

/// Largest number of houses per side the library supports.
pub const MAX_HOUSES: usize = 16;
/// Largest number of seeds per house in a starting position.
pub const MAX_SEEDS: usize = 16;

macro_rules! option_enum {
    ($(#[$doc:meta])* $name:ident, $what:literal { $($(#[$vdoc:meta])* $variant:ident = $text:literal),+ $(,)? }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vdoc])* $variant),+
        }

        impl $name {
            /// Every value, in documentation order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The name used in flags, notations and records.
            pub const fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $text),+
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }

        impl FromStr for $name {
            type Err = RulesError;
            fn from_str(s: &str) -> Result<$name, RulesError> {
                let t = s.trim();
                $(if t.eq_ignore_ascii_case($text) { return Ok($name::$variant); })+
                Err(RulesError::UnknownValue {
                    option: $what,
                    value: s.to_string(),
                    expected: [$($text),+].join(", "),
                })
            }
        }
    };
}

option_enum!(
    /// What happens when the last seed lands in an empty house of the mover.
    CaptureRule, "capture" {
        /// Capture only when the opposite house has seeds: the last seed and the opposite
        /// seeds go to the mover's store; otherwise the seed stays.
        Standard = "standard",
        /// Always: the last seed goes to the store with whatever is opposite.
        Empty = "empty",
        /// Never capture.
        None = "none",
    }
);

option_enum!(
    /// When the game ends.
    EndRule, "end" {
        /// As soon as either side's houses are all empty, checked after every sowing.
        EitherEmpty = "either-empty",
        /// Only when the player to move has no seeds in their houses.
        MoverCannotMove = "mover-cannot-move",
    }
);

option_enum!(
    /// Who gets the seeds left in the houses when the game ends.
    SweepRule, "sweep" {
        /// Each side's seeds go to that side's store.
        Owner = "owner",
        /// The player whose side is empty takes all remaining seeds.
        Emptier = "emptier",
        /// Remaining seeds count for nobody.
        None = "none",
    }
);

/// Raw, unchecked rule options, as a parser or a caller produces them.
/// Turn them into [`Rules`] with [`Rules::new`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RulesSetup {
    pub houses: u8,
    pub seeds: u8,
    pub capture: CaptureRule,
    pub end: EndRule,
    pub sweep: SweepRule,
    /// The game ends as soon as one store holds more than half of all seeds.
    pub early_end: bool,
    /// After the first player's first turn the second player may answer `swap`.
    pub pie: bool,
    /// Sowing also drops seeds into the opponent's store.
    pub both_stores: bool,
}

impl Default for RulesSetup {
    fn default() -> RulesSetup {
        Preset::Standard.setup()
    }
}

/// Rules that were checked on construction. Small and `Copy`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rules(RulesSetup);

/// Why rules, or a rules string, were rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    #[error("houses per side must be 1 to {max}, got {0}", max = MAX_HOUSES)]
    Houses(u32),
    #[error("seeds per house must be 1 to {max}, got {0}", max = MAX_SEEDS)]
    Seeds(u32),
    #[error("unknown {option} value {value:?}: expected one of {expected}")]
    UnknownValue {
        option: &'static str,
        value: String,
        expected: String,
    },
    #[error("unknown preset {0:?}{hint}: expected one of {list}", hint = did_you_mean(.0, Preset::ALL.map(|p| p.name())), list = Preset::names())]
    UnknownPreset(String),
    #[error("unknown rule option {0:?}{hint}: expected houses, seeds, capture, end, sweep, early-end, pie or both-stores", hint = did_you_mean(.0, OPTION_NAMES))]
    UnknownOption(String),
    #[error("bad rule option {0:?}: write it as name=value, e.g. capture=empty")]
    Syntax(String),
}

/// The rule options' names, as rules strings and flags spell them.
const OPTION_NAMES: [&str; 8] = [
    "houses",
    "seeds",
    "capture",
    "end",
    "sweep",
    "early-end",
    "pie",
    "both-stores",
];

/// ` (did you mean "NAME"?)` for the one name within two typing slips of `given` (a letter
/// added, left out, changed or two swapped), else nothing.
fn did_you_mean<const N: usize>(given: &str, names: [&str; N]) -> String {
    let given = given.trim().to_ascii_lowercase();
    let mut close = names.iter().filter(|n| slips(&given, n) <= 2);
    match (close.next(), close.next()) {
        (Some(n), None) => format!(" (did you mean {n:?}?)"),
        _ => String::new(),
    }
}

/// The optimal string alignment distance: insertions, deletions, substitutions and swaps of
/// two neighbouring letters.
fn slips(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            d[i][j] = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d[i][j] = d[i][j].min(d[i - 2][j - 2] + 1);
            }
        }
    }
    d[a.len()][b.len()]
}

impl Rules {
    /// Checks the options. Errors name the bad option and the accepted range.
    pub fn new(setup: RulesSetup) -> Result<Rules, RulesError> {
        if setup.houses == 0 || setup.houses as usize > MAX_HOUSES {
            return Err(RulesError::Houses(setup.houses.into()));
        }
        if setup.seeds == 0 || setup.seeds as usize > MAX_SEEDS {
            return Err(RulesError::Seeds(setup.seeds.into()));
        }
        Ok(Rules(setup))
    }

    /// The rules of a preset.
    pub fn preset(preset: Preset) -> Rules {
        Rules(preset.setup())
    }

    /// Kalah(6,4) with standard capture, either-empty end and owner sweep.
    pub fn standard() -> Rules {
        Rules::preset(Preset::Standard)
    }

    pub fn setup(&self) -> RulesSetup {
        self.0
    }
    #[inline]
    pub fn houses(&self) -> usize {
        self.0.houses as usize
    }
    #[inline]
    pub fn seeds(&self) -> usize {
        self.0.seeds as usize
    }
    #[inline]
    pub fn capture(&self) -> CaptureRule {
        self.0.capture
    }
    #[inline]
    pub fn end(&self) -> EndRule {
        self.0.end
    }
    #[inline]
    pub fn sweep(&self) -> SweepRule {
        self.0.sweep
    }
    #[inline]
    pub fn early_end(&self) -> bool {
        self.0.early_end
    }
    #[inline]
    pub fn pie(&self) -> bool {
        self.0.pie
    }
    #[inline]
    pub fn both_stores(&self) -> bool {
        self.0.both_stores
    }

    /// Seeds on the board at the start: houses x seeds x 2.
    pub fn total_seeds(&self) -> usize {
        2 * self.houses() * self.seeds()
    }

    /// The preset whose options these are exactly, if any.
    pub fn matching_preset(&self) -> Option<Preset> {
        Preset::ALL.iter().copied().find(|p| p.setup() == self.0)
    }

    /// A plain-words description, a line per option.
    pub fn describe(&self) -> String {
        let s = &self.0;
        let mut out = String::new();
        let total = self.total_seeds();
        out.push_str(&format!(
            "Board: {} houses per side, {} seeds in each ({} seeds in all), both stores empty.\n",
            s.houses, s.seeds, total
        ));
        out.push_str(match s.capture {
            CaptureRule::Standard => "Capture: last seed in your own empty house with seeds opposite: that seed and the opposite seeds go to your store; with nothing opposite the seed stays.\n",
            CaptureRule::Empty => "Capture: last seed in your own empty house: that seed and whatever is opposite (even nothing) go to your store.\n",
            CaptureRule::None => "Capture: none; the last seed always stays where it lands.\n",
        });
        out.push_str(match s.end {
            EndRule::EitherEmpty => {
                "End: as soon as all houses of either side are empty, checked after every sowing.\n"
            }
            EndRule::MoverCannotMove => {
                "End: when the player to move has no seeds in their houses.\n"
            }
        });
        out.push_str(match s.sweep {
            SweepRule::Owner => "Remaining seeds: each side's seeds go to that side's store.\n",
            SweepRule::Emptier => {
                "Remaining seeds: the player whose side is empty takes all of them.\n"
            }
            SweepRule::None => "Remaining seeds: they count for nobody.\n",
        });
        out.push_str(if s.early_end {
            "Early end: yes; when a store holds more than half of all seeds the game ends and each side's remaining seeds go to its owner.\n"
        } else {
            "Early end: no.\n"
        });
        out.push_str(if s.pie {
            "Pie rule: yes; after the first player's first turn the second player may answer `swap` and take over the first player's seat.\n"
        } else {
            "Pie rule: no.\n"
        });
        out.push_str(if s.both_stores {
            "Sowing: counter-clockwise into both stores; a seed in the opponent's store is theirs, a last seed there ends the turn.\n"
        } else {
            "Sowing: counter-clockwise, into your own store but never the opponent's.\n"
        });
        out.push_str("Extra turn: last seed in your own store. Winner: more seeds in the store.\n");
        out
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::standard()
    }
}

fn yes_no(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "no"
    }
}

fn parse_bool(option: &'static str, v: &str) -> Result<bool, RulesError> {
    match v.trim().to_ascii_lowercase().as_str() {
        "yes" | "on" | "true" | "1" => Ok(true),
        "no" | "off" | "false" | "0" => Ok(false),
        _ => Err(RulesError::UnknownValue {
            option,
            value: v.to_string(),
            expected: "yes, no".to_string(),
        }),
    }
}

fn parse_count(v: &str) -> Option<u8> {
    v.trim().parse::<u32>().ok().map(|n| n.min(255) as u8)
}

impl RulesSetup {
    /// Sets one option from its name and value, as in `capture=empty`.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), RulesError> {
        match name.trim().to_ascii_lowercase().as_str() {
            "houses" => {
                self.houses = parse_count(value).ok_or_else(|| RulesError::UnknownValue {
                    option: "houses",
                    value: value.to_string(),
                    expected: format!("a number 1 to {MAX_HOUSES}"),
                })?
            }
            "seeds" => {
                self.seeds = parse_count(value).ok_or_else(|| RulesError::UnknownValue {
                    option: "seeds",
                    value: value.to_string(),
                    expected: format!("a number 1 to {MAX_SEEDS}"),
                })?
            }
            "capture" => self.capture = value.parse()?,
            "end" => self.end = value.parse()?,
            "sweep" => self.sweep = value.parse()?,
            "early-end" => self.early_end = parse_bool("early-end", value)?,
            "pie" => self.pie = parse_bool("pie", value)?,
            "both-stores" => self.both_stores = parse_bool("both-stores", value)?,
            other => return Err(RulesError::UnknownOption(other.to_string())),
        }
        Ok(())
    }
}

/// Every option as `name=value`, space separated:
/// `houses=6 seeds=4 capture=standard end=either-empty sweep=owner early-end=no pie=no both-stores=no`.
impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = &self.0;
        write!(
            f,
            "houses={} seeds={} capture={} end={} sweep={} early-end={} pie={} both-stores={}",
            s.houses,
            s.seeds,
            s.capture,
            s.end,
            s.sweep,
            yes_no(s.early_end),
            yes_no(s.pie),
            yes_no(s.both_stores)
        )
    }
}

/// Parses an optional preset name followed by `name=value` overrides,
/// e.g. `bga pie=yes seeds=5` or the [`Display`](fmt::Display) form.
impl FromStr for Rules {
    type Err = RulesError;
    fn from_str(s: &str) -> Result<Rules, RulesError> {
        let mut setup = Preset::Standard.setup();
        for (i, word) in s.split_whitespace().enumerate() {
            match word.split_once('=') {
                Some((k, v)) => setup.set(k, v)?,
                None if i == 0 => setup = word.parse::<Preset>()?.setup(),
                None => return Err(RulesError::Syntax(word.to_string())),
            }
        }
        Rules::new(setup)
    }
}

/// Named rule sets, each reproducing a source document or a common convention.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Preset {
    /// Kalah(6,4): the `000` sheet, Wikipedia, OpenSpiel, the Kalah Game Protocol.
    Standard,
    /// Kalah(6,4) with empty capture, as in the published solutions that use it.
    EmptyCapture,
    /// Board Game Arena's defaults (`001`).
    Bga,
    /// The `002` sheet: 6 seeds, empty capture.
    Sheet002,
    /// The `003` sheet: 6 seeds, empty capture, owner sweep.
    Sheet003,
    /// The `004` sheet: 6 seeds, empty capture, the emptier takes the rest.
    Sheet004,
}

impl Preset {
    pub const ALL: [Preset; 6] = [
        Preset::Standard,
        Preset::EmptyCapture,
        Preset::Bga,
        Preset::Sheet002,
        Preset::Sheet003,
        Preset::Sheet004,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Preset::Standard => "standard",
            Preset::EmptyCapture => "empty-capture",
            Preset::Bga => "bga",
            Preset::Sheet002 => "sheet-002",
            Preset::Sheet003 => "sheet-003",
            Preset::Sheet004 => "sheet-004",
        }
    }

    /// Accepted aliases besides [`Preset::name`].
    const fn aliases(self) -> &'static [&'static str] {
        match self {
            Preset::Standard => &["sheet-000", "000", "kgp", "openspiel"],
            Preset::EmptyCapture => &["empty"],
            Preset::Bga => &["sheet-001", "001"],
            Preset::Sheet002 => &["002"],
            Preset::Sheet003 => &["003"],
            Preset::Sheet004 => &["004"],
        }
    }

    /// One line on what the preset reproduces.
    pub const fn summary(self) -> &'static str {
        match self {
            Preset::Standard => "Kalah(6,4): 4 seeds, standard capture, ends when either side is empty, owners take their seeds (sheet 000, Wikipedia, OpenSpiel, Kalah Game Protocol)",
            Preset::EmptyCapture => "Kalah(6,4) with empty capture (a lone last seed in an empty house is captured too)",
            Preset::Bga => "Board Game Arena: 4 seeds (3-6 allowed), standard capture, ends when the mover cannot move, early end at more than half; pie and empty capture as options (sheet 001)",
            Preset::Sheet002 => "Sheet 002: 6 seeds, empty capture, ends when either side is empty, owners take their seeds",
            Preset::Sheet003 => "Sheet 003: 6 seeds, empty capture (Czech, Polish, Slovak text), owners take their seeds (the German text's emptier rule: add sweep=emptier)",
            Preset::Sheet004 => "Sheet 004: 6 seeds, empty capture, ends when either side is empty, the player whose side is empty takes the rest",
        }
    }

    pub const fn setup(self) -> RulesSetup {
        let standard = RulesSetup {
            houses: 6,
            seeds: 4,
            capture: CaptureRule::Standard,
            end: EndRule::EitherEmpty,
            sweep: SweepRule::Owner,
            early_end: false,
            pie: false,
            both_stores: false,
        };
        match self {
            Preset::Standard => standard,
            Preset::EmptyCapture => RulesSetup {
                capture: CaptureRule::Empty,
                ..standard
            },
            Preset::Bga => RulesSetup {
                end: EndRule::MoverCannotMove,
                early_end: true,
                ..standard
            },
            Preset::Sheet002 | Preset::Sheet003 => RulesSetup {
                seeds: 6,
                capture: CaptureRule::Empty,
                ..standard
            },
            Preset::Sheet004 => RulesSetup {
                seeds: 6,
                capture: CaptureRule::Empty,
                sweep: SweepRule::Emptier,
                ..standard
            },
        }
    }

    /// All preset names, comma separated.
    pub fn names() -> String {
        Preset::ALL.map(|p| p.name()).join(", ")
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Preset {
    type Err = RulesError;
    fn from_str(s: &str) -> Result<Preset, RulesError> {
        let t = s.trim().to_ascii_lowercase();
        Preset::ALL
            .iter()
            .copied()
            .find(|p| p.name() == t || p.aliases().contains(&t.as_str()))
            .ok_or_else(|| RulesError::UnknownPreset(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slip_in_a_preset_or_option_name_gets_a_suggestion() {
        let e = "bgaa".parse::<Preset>().unwrap_err().to_string();
        assert!(
            e.starts_with("unknown preset \"bgaa\" (did you mean \"bga\"?): expected one of"),
            "{e}"
        );
        let e = "standrad".parse::<Preset>().unwrap_err().to_string();
        assert!(e.contains("did you mean \"standard\"?"), "{e}");
        let e = RulesError::UnknownOption("sede".into()).to_string();
        assert!(e.contains("did you mean \"seeds\"?"), "{e}");
        // Far from every name, or as close to several: no guess.
        for far in ["chess", "sheet-005"] {
            let e = far.parse::<Preset>().unwrap_err().to_string();
            assert!(!e.contains("did you mean"), "{e}");
        }
    }

    #[test]
    fn slips_count_additions_removals_changes_and_swaps() {
        assert_eq!(slips("bga", "bga"), 0);
        assert_eq!(slips("bgaa", "bga"), 1);
        assert_eq!(slips("gba", "bga"), 1);
        assert_eq!(slips("standrad", "standard"), 1);
        assert_eq!(slips("sede", "seeds"), 2);
        assert_eq!(slips("", "pie"), 3);
    }
}
