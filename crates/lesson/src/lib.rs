//! The first lesson of Kalah: four steps (sowing, the extra turn, the capture, the end and the
//! sweep), each a position set up so that the step's point happens when the player makes the
//! right move, in the rules being played.
//!
//! The lesson has no rules of its own: every sowing is the rules core's
//! ([`kalah_rules::Position::play`]), and a step only judges what the move did (where the last
//! seed landed, an extra turn, a capture, the end of the game). Its words are message ids of
//! `lesson.ftl` with their arguments ([`Text`]); the browser page translates them with its
//! Fluent bundles, the terminal game with [`text::Catalog`].
//!
//! ```
//! use kalah_lesson::{Kind, Lesson, Verdict};
//! use kalah_rules::{Move, Rules};
//!
//! let lesson = Lesson::new(Rules::standard());
//! let step = &lesson.steps[1];
//! assert_eq!(step.kind, Kind::ExtraTurn);
//! // The right move: its last seed lands in the player's store.
//! let right = step.right_moves()[0];
//! let attempt = step.judge(&step.start, right).unwrap();
//! assert_eq!(attempt.verdict, Verdict::Done);
//! assert!(attempt.sowing.extra_turn);
//! // A wrong one is explained.
//! let wrong = step.start.legal_moves().iter().copied().find(|m| *m != right).unwrap();
//! let attempt = step.judge(&step.start, wrong).unwrap();
//! assert_eq!(attempt.verdict, Verdict::Wrong);
//! assert!(!attempt.texts.is_empty());
//! ```
#![forbid(unsafe_code)]

pub mod text;

use kalah_rules::{
    BySide, CaptureRule, EndRule, IllegalMove, Move, PieStage, Pit, Position, Rules, Setup, Side,
    Sowing, SweepRule,
};

/// The smallest board the lesson sets its positions on: rules with fewer houses are taught on
/// three houses per side (every other option kept), said in the lesson's first words.
pub const MIN_HOUSES: u8 = 3;

/// The steps, in the order they are taught.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Taking a house's seeds and sowing them one by one, round to the other side.
    Sowing,
    /// A last seed in the player's own store: the player moves again.
    ExtraTurn,
    /// A last seed in an empty house of the player's (or, without captures, what happens).
    Capture,
    /// Emptying the side to end the game, and where the seeds left go.
    End,
}

impl Kind {
    pub const ALL: [Kind; 4] = [Kind::Sowing, Kind::ExtraTurn, Kind::Capture, Kind::End];

    /// The step's name in the API and in message ids: `sowing`, `extra-turn`, `capture`, `end`.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Sowing => "sowing",
            Kind::ExtraTurn => "extra-turn",
            Kind::Capture => "capture",
            Kind::End => "end",
        }
    }
}

/// A sentence of the lesson: a message id of `lesson.ftl` and its numeric arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Text {
    pub id: &'static str,
    pub args: Vec<(&'static str, i64)>,
}

impl Text {
    fn new(id: &'static str) -> Text {
        Text {
            id,
            args: Vec::new(),
        }
    }

    fn with(mut self, name: &'static str, value: impl Into<i64>) -> Text {
        self.args.push((name, value.into()));
        self
    }
}

/// How a move in a step went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The step's point happened: on to the next step.
    Done,
    /// An extra turn on the way to the point: the player moves again from the new position.
    Again,
    /// Not what the step asks: explained, then the step starts again.
    Wrong,
}

impl Verdict {
    pub const fn name(self) -> &'static str {
        match self {
            Verdict::Done => "done",
            Verdict::Again => "again",
            Verdict::Wrong => "wrong",
        }
    }
}

/// One move played in a step: what the rules core did and the step's judgement of it.
#[derive(Debug, Clone)]
pub struct Attempt {
    pub before: Position,
    pub sowing: Sowing,
    pub after: Position,
    pub verdict: Verdict,
    /// What happened and, for a wrong move, what to look for instead.
    pub texts: Vec<Text>,
}

/// One step: its position (South, the player, to move) and its words.
#[derive(Debug, Clone)]
pub struct Step {
    pub kind: Kind,
    pub start: Position,
    pub title: Text,
    /// The rule taught, in the words of the rules being played.
    pub body: Vec<Text>,
    /// What to do on the board.
    pub task: Text,
}

/// The whole lesson for one set of rules.
#[derive(Debug, Clone)]
pub struct Lesson {
    /// The rules the lesson is played in (at least [`MIN_HOUSES`] houses, no pie rule: the
    /// lesson has no second player to swap).
    pub rules: Rules,
    /// The lesson's opening words: what comes, and a note when the board was enlarged.
    pub intro: Vec<Text>,
    pub steps: Vec<Step>,
}

/// The player's side in every step.
pub const YOU: Side = Side::South;

/// The rules of the lesson's positions: those given, on at least three houses, without the
/// pie rule.
fn lesson_rules(rules: Rules) -> Rules {
    let mut s = rules.setup();
    s.houses = s.houses.max(MIN_HOUSES);
    s.pie = false;
    Rules::new(s).unwrap_or(rules)
}

/// A position of the lesson: South to move, no pie stage.
fn position(rules: Rules, south: &[u32], north: &[u32], stores: (u32, u32)) -> Position {
    let setup = Setup {
        stores: BySide::new(stores.0, stores.1),
        houses: BySide::new(south.to_vec(), north.to_vec()),
        to_move: YOU,
        pie: PieStage::Off,
    };
    Position::from_setup(rules, &setup).expect("the lesson's positions fit their rules")
}

/// North's houses in the steps after the first: a few seeds in each, never empty.
fn north_row(n: usize) -> Vec<u32> {
    const PATTERN: [u32; 8] = [3, 5, 2, 4, 1, 3, 2, 4];
    (0..n).map(|i| PATTERN[i % PATTERN.len()]).collect()
}

impl Lesson {
    /// The lesson in `rules`.
    pub fn new(rules: Rules) -> Lesson {
        let played = lesson_rules(rules);
        let mut intro = vec![Text::new("lesson-intro")];
        if rules.houses() < MIN_HOUSES as usize {
            intro.push(
                Text::new("lesson-note-houses")
                    .with("houses", rules.houses() as i64)
                    .with("shown", MIN_HOUSES),
            );
        }
        let steps = Kind::ALL.iter().map(|&k| Step::new(k, played)).collect();
        Lesson {
            rules: played,
            intro,
            steps,
        }
    }
}

impl Step {
    /// The step of kind `kind` in `rules` (at least three houses, no pie rule).
    pub fn new(kind: Kind, rules: Rules) -> Step {
        match kind {
            Kind::Sowing => sowing_step(rules),
            Kind::ExtraTurn => extra_turn_step(rules),
            Kind::Capture => capture_step(rules),
            Kind::End => end_step(rules),
        }
    }

    /// Plays `m` from `before` (the step's start or a position an [`Verdict::Again`] left) and
    /// judges it. Errors are the rules core's: an empty house, a house that does not exist.
    pub fn judge(&self, before: &Position, m: Move) -> Result<Attempt, IllegalMove> {
        let mut after = *before;
        let sowing = after.play(m)?;
        let (verdict, texts) = match self.kind {
            Kind::Sowing => judge_sowing(before, &sowing),
            Kind::ExtraTurn => judge_extra_turn(before, &sowing),
            Kind::Capture => judge_capture(self, before, &sowing),
            Kind::End => judge_end(&after, &sowing),
        };
        Ok(Attempt {
            before: *before,
            sowing,
            after,
            verdict,
            texts,
        })
    }

    /// The first moves from the step's start that are not wrong (done at once, or an extra
    /// turn on the way), in house order.
    pub fn right_moves(&self) -> Vec<Move> {
        self.start
            .legal_moves()
            .iter()
            .copied()
            .filter(|&m| {
                self.judge(&self.start, m)
                    .is_ok_and(|a| a.verdict != Verdict::Wrong)
            })
            .collect()
    }

    /// A shortest line of moves from the start that completes the step (for tests, demos and
    /// a "show me"): every move but the last is an extra turn.
    pub fn solution(&self) -> Vec<Move> {
        fn search(step: &Step, pos: &Position, depth: usize) -> Option<Vec<Move>> {
            if depth == 0 {
                return None;
            }
            for &m in pos.legal_moves().iter() {
                let Ok(a) = step.judge(pos, m) else { continue };
                match a.verdict {
                    Verdict::Done => return Some(vec![m]),
                    Verdict::Again => {
                        if let Some(mut rest) = search(step, &a.after, depth - 1) {
                            rest.insert(0, m);
                            return Some(rest);
                        }
                    }
                    Verdict::Wrong => {}
                }
            }
            None
        }
        (1..=12)
            .find_map(|d| search(self, &self.start, d))
            .unwrap_or_default()
    }
}

/// Where a last seed landed, as a sentence.
fn landed(pit: Option<Pit>) -> Text {
    match pit {
        Some(Pit::House(side, h)) if side == YOU => {
            Text::new("lesson-landed-house").with("last", h)
        }
        Some(Pit::House(_, h)) => Text::new("lesson-landed-opponent-house").with("last", h),
        Some(Pit::Store(side)) if side == YOU => Text::new("lesson-landed-store"),
        Some(Pit::Store(_)) => Text::new("lesson-landed-opponent-store"),
        None => Text::new("lesson-landed-house").with("last", 0),
    }
}

fn house_of(m: Move) -> i64 {
    match m {
        Move::Sow(h) => h.into(),
        Move::Swap => 0,
    }
}

// ---------------------------------------------------------------- 1. sowing

/// The start position of the rules when some houses reach the other side and some do not;
/// else a row of 1, 2, 3, ... seeds, where the houses nearer the store reach it.
fn sowing_step(rules: Rules) -> Step {
    let n = rules.houses();
    let s = rules.seeds();
    let start = position(rules, &vec![s as u32; n], &vec![s as u32; n], (0, 0));
    let mut step = Step {
        kind: Kind::Sowing,
        start,
        title: Text::new("lesson-sowing-title"),
        body: vec![
            Text::new("lesson-sowing-body"),
            Text::new(if rules.both_stores() {
                "lesson-sowing-both-stores"
            } else {
                "lesson-sowing-skip"
            }),
        ],
        task: Text::new("lesson-sowing-task"),
    };
    let reaches = |d: usize| s > d;
    // House i is n - i + 1 pits from the store: it reaches the other side with more seeds.
    let some_right = (1..=n).any(|i| reaches(n - i + 1));
    let some_wrong = (1..=n).any(|i| !reaches(n - i + 1));
    if !(some_right && some_wrong) {
        let south: Vec<u32> = (1..=n as u32).collect();
        step.start = position(rules, &south, &vec![s as u32; n], (0, 0));
    }
    step
}

fn judge_sowing(before: &Position, s: &Sowing) -> (Verdict, Vec<Text>) {
    let reached = before
        .sowing_path(house_of(s.mv) as u8)
        .iter()
        .any(|p| matches!(p, Pit::House(side, _) if *side != YOU));
    if reached {
        (Verdict::Done, vec![Text::new("lesson-sowing-done")])
    } else {
        (
            Verdict::Wrong,
            vec![landed(s.last), Text::new("lesson-sowing-hint")],
        )
    }
}

// ---------------------------------------------------------------- 2. the extra turn

/// Houses n-3..n hold 5, 3, 1, 2 seeds: only the 3 is as far from the store as it has seeds;
/// the others fall one short (into the non-empty house n) or go one past.
fn extra_turn_step(rules: Rules) -> Step {
    let n = rules.houses();
    let mut south = vec![0u32; n];
    // Distance of house i (1-based) to the store: n - i + 1.
    let right = n - 2; // 3 from the store
    south[right - 1] = 3;
    south[n - 1] = 2; // one past: into the opponent's house 1
    south[n - 2] = 1; // one short: into house n, which has seeds
    if n >= 4 {
        south[n - 4] = 5; // distance 4, one past
    }
    Step {
        kind: Kind::ExtraTurn,
        start: position(rules, &south, &north_row(n), (4, 5)),
        title: Text::new("lesson-extra-title"),
        body: vec![Text::new("lesson-extra-body")],
        task: Text::new("lesson-extra-task"),
    }
}

fn judge_extra_turn(before: &Position, s: &Sowing) -> (Verdict, Vec<Text>) {
    let _ = before;
    if s.extra_turn {
        return (Verdict::Done, vec![Text::new("lesson-extra-done")]);
    }
    (
        Verdict::Wrong,
        vec![landed(s.last), Text::new("lesson-extra-hint")],
    )
}

// ---------------------------------------------------------------- 3. the capture

/// House n-1 is empty with 5 seeds opposite; house n-3 holds 2 seeds, whose last lands there.
/// The other houses land in a house with seeds, or past the store.
fn capture_step(rules: Rules) -> Step {
    let n = rules.houses();
    let mut south = vec![0u32; n];
    let target = n - 1; // the empty house, opposite the opponent's house 2
    if n >= 4 {
        south[target - 3] = 2; // house n-3: 2 seeds to n-2 and n-1
        south[n - 3] = 4; // house n-2: past the store
        if n >= 5 {
            south[n - 5] = 2; // house n-4: lands in house n-2, which has seeds
        }
    } else {
        south[target - 2] = 1; // house n-2 (house 1 of 3): one seed into house n-1
    }
    south[n - 1] = 2; // house n: past the store
    let mut north = north_row(n);
    north[1] = 5;
    let start = position(rules, &south, &north, (4, 5));
    let opposite = (n + 1 - target) as i64;
    let (body, task) = match rules.capture() {
        CaptureRule::Standard => (
            "lesson-capture-standard",
            Text::new("lesson-capture-task").with("house", opposite),
        ),
        CaptureRule::Empty => (
            "lesson-capture-empty",
            Text::new("lesson-capture-task").with("house", opposite),
        ),
        CaptureRule::None => (
            "lesson-capture-none",
            Text::new("lesson-capture-none-task").with("house", target as i64),
        ),
    };
    Step {
        kind: Kind::Capture,
        start,
        title: Text::new("lesson-capture-title"),
        body: vec![Text::new(body)],
        task,
    }
}

/// The empty house the capture step aims at (n-1).
fn capture_target(step: &Step) -> u8 {
    step.start.rules().houses() as u8 - 1
}

fn judge_capture(step: &Step, before: &Position, s: &Sowing) -> (Verdict, Vec<Text>) {
    let target = capture_target(step);
    let n = before.rules().houses() as u8;
    if let Some(c) = s.capture {
        return (
            Verdict::Done,
            vec![Text::new("lesson-capture-done").with("opposite", n + 1 - c.house)],
        );
    }
    let in_empty_own = matches!(s.last, Some(Pit::House(side, h)) if side == YOU
        && before.house(YOU, h) == Some(0));
    if before.rules().capture() == CaptureRule::None && in_empty_own {
        let h = match s.last {
            Some(Pit::House(_, h)) => h,
            _ => target,
        };
        return (
            Verdict::Done,
            vec![Text::new("lesson-capture-none-done").with("house", h)],
        );
    }
    let mut texts = vec![landed(s.last)];
    if in_empty_own {
        // Standard capture with nothing opposite: the seed stays.
        texts.push(Text::new("lesson-capture-nothing-opposite"));
    } else if matches!(s.last, Some(Pit::House(side, _)) if side == YOU) {
        texts.push(Text::new("lesson-capture-not-empty"));
    }
    texts.push(Text::new("lesson-capture-hint").with("house", target));
    (Verdict::Wrong, texts)
}

// ---------------------------------------------------------------- 4. the end and the sweep

/// Houses n-2, n-1, n hold 3, 1, 0 seeds: sown from the one farthest from the store first,
/// every last seed lands in the store until the side is empty (four sowings, all extra turns).
/// House n-1 first puts its seed into the empty house n and ends the turn with seeds left.
/// The opponent's house 1, opposite house n, is empty.
fn end_step(rules: Rules) -> Step {
    let n = rules.houses();
    let mut south = vec![0u32; n];
    south[n - 3] = 3;
    south[n - 2] = 1;
    // Nothing opposite house n: the wrong first move (house n-1's seed into the empty house n)
    // captures at most that seed, so it cannot end the game early either.
    let mut north = north_row(n);
    north[0] = 0;
    let left: u32 = north.iter().sum();
    // You win by 2 when each side keeps its own seeds; your store stays at half or below until
    // the last seed, so an early end (if the rules have it) comes only with the end itself.
    let (opp, you) = (5, 5 + left - 2);
    let start = position(rules, &south, &north, (you, opp));
    let mut body = vec![Text::new(match rules.end() {
        EndRule::EitherEmpty => "lesson-end-either-empty",
        EndRule::MoverCannotMove => "lesson-end-mover-cannot-move",
    })];
    body.push(Text::new(match rules.sweep() {
        SweepRule::Owner => "lesson-sweep-owner",
        SweepRule::Emptier => "lesson-sweep-emptier",
        SweepRule::None => "lesson-sweep-none",
    }));
    if rules.early_end() {
        body.push(Text::new("lesson-early-end"));
    }
    Step {
        kind: Kind::End,
        start,
        title: Text::new("lesson-end-title"),
        body,
        task: Text::new(match rules.end() {
            EndRule::EitherEmpty => "lesson-end-task",
            EndRule::MoverCannotMove => "lesson-end-task-mover",
        }),
    }
}

/// Whether the player, still to move in `pos`, can end the game within this turn.
fn can_end_this_turn(pos: &Position, depth: usize) -> bool {
    if pos.is_over() {
        return true;
    }
    if pos.to_move() != YOU || depth == 0 {
        return false;
    }
    pos.legal_moves().iter().any(|&m| {
        let mut next = *pos;
        let s = next.play_unchecked(m);
        next.is_over() || (s.extra_turn && can_end_this_turn(&next, depth - 1))
    })
}

fn judge_end(after: &Position, s: &Sowing) -> (Verdict, Vec<Text>) {
    if let Some(outcome) = after.outcome() {
        let mut texts = Vec::new();
        if outcome.early {
            texts.push(Text::new("lesson-end-done-early"));
        } else {
            let sweep = s.sweep.unwrap_or_default();
            let swept = |side: Side| i64::from(sweep[side]);
            texts.push(match after.rules().sweep() {
                SweepRule::None => Text::new("lesson-end-done-none"),
                _ if swept(YOU) > 0 && swept(YOU.opponent()) == 0 => {
                    Text::new("lesson-end-done-you").with("seeds", swept(YOU))
                }
                _ => Text::new("lesson-end-done-owner").with("seeds", swept(YOU.opponent())),
            });
        }
        let you = i64::from(outcome.scores[YOU]);
        let them = i64::from(outcome.scores[YOU.opponent()]);
        texts.push(
            Text::new("lesson-end-score")
                .with("you", you)
                .with("opponent", them),
        );
        return (Verdict::Done, texts);
    }
    if s.extra_turn {
        if can_end_this_turn(after, 16) {
            return (Verdict::Again, vec![Text::new("lesson-end-again")]);
        }
        return (
            Verdict::Wrong,
            vec![Text::new("lesson-end-stuck"), Text::new("lesson-end-hint")],
        );
    }
    let mut texts = vec![landed(s.last)];
    texts.push(if after.seeds_in_houses(YOU) == 0 {
        Text::new("lesson-end-opponent-moves")
    } else {
        Text::new("lesson-end-seeds-left")
    });
    texts.push(Text::new("lesson-end-hint"));
    (Verdict::Wrong, texts)
}

#[cfg(test)]
mod tests;
