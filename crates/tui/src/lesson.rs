//! The first lesson in the terminal (`kalah play --lesson`, or L on the new-game screen):
//! the four steps of [`kalah_lesson`], each played on the board, in the terminal's language
//! ([`kalah_lesson::text::language_from_env`]) or English.
//!
//! The lesson is the same as the browser's: its positions, its judgements and its words come
//! from the `kalah-lesson` crate; this module shows them and takes the keys.

use crate::anim::{self, Picture};
use crate::app::{App, Screen, Tone};
use crate::board::{self, BoardView, Shape};
use crate::theme::{Mark, Theme};
use crossterm::event::{KeyCode, KeyEvent, MouseButton, MouseEvent, MouseEventKind};
use kalah_lesson::text::Catalog;
use kalah_lesson::{Lesson, Text, Verdict, YOU};
use kalah_rules::{BySide, IllegalMove, Move, Position, Rules, Side};
use ratatui::layout::{Margin, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};
use ratatui::Frame;
use std::time::{Duration, Instant};

/// Where the lesson stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// The player chooses a move (at a step's start, or after an extra turn on the way).
    Play,
    /// The step's point happened: Enter goes on.
    Done,
    /// A wrong move, explained: Enter starts the step again.
    Wrong,
    /// Every step done.
    Complete,
}

/// A sowing being shown seed by seed, then its verdict.
#[derive(Debug, Clone)]
pub struct LessonAnimation {
    pub pictures: Vec<Picture>,
    pub index: usize,
    next_at: Instant,
}

/// The lesson in progress.
#[derive(Debug, Clone)]
pub struct LessonPlay {
    pub lesson: Lesson,
    pub catalog: Catalog,
    /// The step shown (`steps.len()` once complete).
    pub step: usize,
    /// The position on the board.
    pub position: Position,
    pub cursor: u8,
    pub marks: Vec<Mark>,
    pub phase: Phase,
    pub animation: Option<LessonAnimation>,
    /// What the last move did, in the lesson's words.
    pub feedback: Vec<String>,
    pub tone: Tone,
}

impl LessonPlay {
    /// The lesson in `rules`, in the language of `catalog`.
    pub fn new(rules: Rules, catalog: Catalog) -> LessonPlay {
        let lesson = Lesson::new(rules);
        let position = lesson.steps[0].start;
        let n = lesson.rules.houses();
        let mut play = LessonPlay {
            feedback: lesson.intro.iter().map(|t| catalog.text(t)).collect(),
            lesson,
            catalog,
            step: 0,
            position,
            cursor: 1,
            marks: vec![Mark::None; 2 * n + 2],
            phase: Phase::Play,
            animation: None,
            tone: Tone::Info,
        };
        play.fix_cursor();
        play
    }

    fn say(&self, t: &Text) -> String {
        self.catalog.text(t)
    }

    /// A message of `lesson.ftl` by id.
    pub fn word(&self, id: &str) -> String {
        self.catalog.message(id, &[])
    }

    fn restart_step(&mut self) {
        let step = &self.lesson.steps[self.step];
        self.position = step.start;
        self.marks = vec![Mark::None; self.position.pits().len()];
        self.phase = Phase::Play;
        self.animation = None;
        self.feedback.clear();
        self.tone = Tone::Info;
        self.fix_cursor();
    }

    fn next_step(&mut self) {
        if self.step + 1 < self.lesson.steps.len() {
            self.step += 1;
            self.restart_step();
        } else {
            self.step = self.lesson.steps.len();
            self.phase = Phase::Complete;
            self.feedback = vec![self.word("lesson-complete-text")];
            self.tone = Tone::Good;
        }
    }

    /// Puts the cursor on a house of the player's with seeds.
    fn fix_cursor(&mut self) {
        let n = self.position.rules().houses() as u8;
        self.cursor = self.cursor.clamp(1, n);
        if self.position.house(YOU, self.cursor).unwrap_or(0) > 0 {
            return;
        }
        if let Some(h) = (1..=n)
            .filter(|&h| self.position.house(YOU, h).unwrap_or(0) > 0)
            .min_by_key(|&h| (h as i32 - self.cursor as i32).abs())
        {
            self.cursor = h;
        }
    }

    fn move_cursor(&mut self, delta: i32) {
        let n = self.position.rules().houses() as i32;
        let mut h = self.cursor as i32;
        for _ in 0..n {
            h = (h - 1 + delta).rem_euclid(n) + 1;
            if self.position.house(YOU, h as u8).unwrap_or(0) > 0 {
                self.cursor = h as u8;
                return;
            }
        }
    }

    /// Plays `m` in the current step; the verdict shows once the seeds have landed.
    fn sow(&mut self, m: Move, step_ms: u64, now: Instant) {
        let Some(step) = self.lesson.steps.get(self.step) else {
            return;
        };
        let attempt = match step.judge(&self.position, m) {
            Ok(a) => a,
            Err(e) => {
                let house = match m {
                    Move::Sow(h) => i64::from(h),
                    Move::Swap => 0,
                };
                let id = match e {
                    IllegalMove::NoSuchHouse { .. } => "lesson-tui-no-house",
                    _ => "lesson-tui-empty",
                };
                self.feedback = vec![self.catalog.message(id, &[("house", house)])];
                self.tone = Tone::Error;
                return;
            }
        };
        if let Move::Sow(h) = m {
            self.cursor = h;
        }
        self.marks = anim::marks_after(&attempt.before, &attempt.sowing);
        let pictures = anim::pictures(&attempt.before, &attempt.after, &attempt.sowing);
        self.position = attempt.after;
        let mut texts: Vec<String> = attempt.texts.iter().map(|t| self.say(t)).collect();
        let (phase, tone) = match attempt.verdict {
            Verdict::Done => {
                let last = self.step + 1 == self.lesson.steps.len();
                texts.push(self.word(if last {
                    "lesson-tui-finish"
                } else {
                    "lesson-tui-next"
                }));
                (Phase::Done, Tone::Good)
            }
            Verdict::Again => (Phase::Play, Tone::Info),
            Verdict::Wrong => {
                texts.insert(0, self.word("lesson-wrong-heading"));
                texts.push(self.word("lesson-tui-retry"));
                (Phase::Wrong, Tone::Error)
            }
        };
        self.phase = phase;
        self.feedback = texts;
        self.tone = tone;
        if phase == Phase::Play {
            self.fix_cursor();
        }
        self.animation = (step_ms > 0 && !pictures.is_empty()).then(|| {
            let hold = pictures[0].hold as u64;
            LessonAnimation {
                pictures,
                index: 0,
                next_at: now + Duration::from_millis(step_ms * hold),
            }
        });
    }

    /// The counts and marks to draw: the animation's picture, else the position.
    pub fn picture(&self) -> (Vec<u16>, Vec<Mark>) {
        if let Some(a) = &self.animation {
            if let Some(p) = a.pictures.get(a.index) {
                return (p.pits.clone(), p.marks.clone());
            }
        }
        (self.position.pits().to_vec(), self.marks.clone())
    }
}

impl App {
    /// Starts the first lesson in the current settings' rules, in the terminal's language.
    pub fn start_lesson(&mut self) {
        self.start_lesson_in(Catalog::from_env());
    }

    /// Starts the first lesson with the words of `catalog` (tests choose the language).
    pub fn start_lesson_in(&mut self, catalog: Catalog) {
        if let Some(p) = &mut self.play {
            p.cancel_thinking();
        }
        self.lesson = Some(LessonPlay::new(self.settings.rules, catalog));
        self.screen = Screen::Lesson;
        self.overlay = None;
        self.message = None;
    }

    /// The keys of the lesson screen.
    pub(crate) fn lesson_key(&mut self, key: KeyEvent) {
        let step_ms = self.settings.speed.step_ms();
        let now = self.now;
        let Some(l) = &mut self.lesson else {
            self.screen = Screen::NewGame;
            return;
        };
        // A key while the seeds travel shows where they land first.
        if l.animation.is_some() && key.code != KeyCode::Char('q') {
            l.animation = None;
            if matches!(key.code, KeyCode::Enter | KeyCode::Char(' ')) {
                return;
            }
        }
        match key.code {
            KeyCode::Char('q') => self.quit_lesson_app(),
            KeyCode::Esc => {
                self.lesson = None;
                self.screen = Screen::NewGame;
            }
            _ if l.phase == Phase::Complete => {
                if key.code == KeyCode::Enter {
                    self.settings.rules = l.lesson.rules;
                    self.lesson = None;
                    self.start_game();
                } else if key.code == KeyCode::Char('r') {
                    l.step = 0;
                    l.restart_step();
                }
            }
            KeyCode::Char('r') => l.restart_step(),
            KeyCode::Enter | KeyCode::Char(' ') | KeyCode::Char('n') if l.phase == Phase::Done => {
                l.next_step()
            }
            KeyCode::Enter | KeyCode::Char(' ') if l.phase == Phase::Wrong => l.restart_step(),
            KeyCode::Char(c @ '0'..='9') => {
                if l.phase == Phase::Wrong {
                    l.restart_step();
                }
                if l.phase == Phase::Play {
                    let house = if c == '0' { 10 } else { c as u8 - b'0' };
                    l.sow(Move::Sow(house), step_ms, now);
                }
            }
            KeyCode::Enter | KeyCode::Char(' ') if l.phase == Phase::Play => {
                let house = l.cursor;
                l.sow(Move::Sow(house), step_ms, now);
            }
            KeyCode::Left if l.phase == Phase::Play => l.move_cursor(-1),
            KeyCode::Right if l.phase == Phase::Play => l.move_cursor(1),
            _ => {}
        }
    }

    fn quit_lesson_app(&mut self) {
        self.lesson = None;
        self.quit_now();
    }

    /// A click on one of the player's houses sows it.
    pub(crate) fn lesson_mouse(&mut self, event: MouseEvent, area: Rect) {
        if event.kind != MouseEventKind::Down(MouseButton::Left) {
            return;
        }
        let step_ms = self.settings.speed.step_ms();
        let now = self.now;
        let Some(l) = &mut self.lesson else {
            return;
        };
        let Some(layout) = layout(area, l) else {
            return;
        };
        let b = layout.board;
        if event.column < b.x || event.row < b.y {
            return;
        }
        let hit = board::hit(
            l.position.rules().houses(),
            layout.shape,
            YOU,
            event.column - b.x,
            event.row - b.y,
        );
        if let Some((YOU, house)) = hit {
            l.animation = None;
            if l.phase == Phase::Wrong {
                l.restart_step();
            }
            if l.phase == Phase::Play {
                l.sow(Move::Sow(house), step_ms, now);
            }
        }
    }

    /// Moves the lesson's animation on.
    pub(crate) fn advance_lesson(&mut self, now: Instant) {
        let step = self.settings.speed.step_ms();
        let Some(l) = &mut self.lesson else {
            return;
        };
        let Some(a) = &mut l.animation else {
            return;
        };
        while now >= a.next_at {
            a.index += 1;
            if a.index >= a.pictures.len() || step == 0 {
                l.animation = None;
                return;
            }
            let hold = a.pictures[a.index].hold as u64;
            a.next_at += Duration::from_millis(step * hold);
        }
    }
}

/// Where the lesson screen puts its parts.
struct LessonLayout {
    outer: Rect,
    text: Rect,
    board: Rect,
    shape: Shape,
    feedback: Rect,
    keys: Rect,
}

/// `text` broken into lines of at most `width` columns at spaces.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(8);
    let mut out = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let len = line.chars().count();
        let wlen = word.chars().count();
        if len > 0 && len + 1 + wlen > width {
            out.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        out.push(line);
    }
    out
}

/// The step's words above the board: its rule, then the task.
fn step_lines(l: &LessonPlay, width: usize) -> (Vec<String>, Vec<String>) {
    match l.lesson.steps.get(l.step) {
        Some(step) => {
            let body: Vec<String> = step
                .body
                .iter()
                .flat_map(|t| wrap(&l.say(t), width))
                .collect();
            let task = wrap(&format!("» {}", l.say(&step.task)), width);
            (body, task)
        }
        None => (Vec::new(), Vec::new()),
    }
}

fn feedback_lines(l: &LessonPlay, width: usize) -> Vec<String> {
    l.feedback.iter().flat_map(|t| wrap(t, width)).collect()
}

/// Lines kept under the board for what a move did, so the board stays put as they change.
const FEEDBACK_LINES: usize = 3;

fn layout(area: Rect, l: &LessonPlay) -> Option<LessonLayout> {
    let n = l.position.rules().houses();
    let [main, keys] = ratatui::layout::Layout::vertical([
        ratatui::layout::Constraint::Min(0),
        ratatui::layout::Constraint::Length(1),
    ])
    .areas(area);
    let inner = main.inner(Margin::new(2, 1));
    let width = inner.width as usize;
    let (body, task) = step_lines(l, width);
    let words = (body.len() + task.len()) as u16;
    let feedback = feedback_lines(l, width).len().max(FEEDBACK_LINES) as u16;
    // The roomiest board that fits, with a blank line above and below it when there is room.
    let (shape, gap) = [
        (Shape::Tall, 1),
        (Shape::Boxed, 1),
        (Shape::Boxed, 0),
        (Shape::Compact, 1),
        (Shape::Compact, 0),
    ]
    .into_iter()
    .find(|&(s, gap)| {
        let (w, h) = s.size(n);
        w <= inner.width && words + gap + h + gap + feedback <= inner.height
    })?;
    let (w, h) = shape.size(n);
    let text = Rect {
        height: words,
        ..inner
    };
    let board_y = inner.y + words + gap;
    let board = Rect {
        x: inner.x + (inner.width - w) / 2,
        y: board_y,
        width: w,
        height: h,
    };
    let feedback = Rect {
        y: board_y + h + gap,
        height: (inner.y + inner.height).saturating_sub(board_y + h + gap),
        ..inner
    };
    Some(LessonLayout {
        outer: main,
        text,
        board,
        shape,
        feedback,
        keys,
    })
}

fn block<'a>(theme: &Theme, title: String) -> Block<'a> {
    let b = Block::bordered()
        .title(title)
        .border_style(theme.dim())
        .title_style(theme.title());
    if theme.ascii {
        b.border_set(ratatui::symbols::border::Set {
            top_left: "+",
            top_right: "+",
            bottom_left: "+",
            bottom_right: "+",
            vertical_left: "|",
            vertical_right: "|",
            horizontal_top: "-",
            horizontal_bottom: "-",
        })
    } else {
        b
    }
}

/// `(key, what)` pairs as one line of at most `width` columns: whole pairs only, the ones
/// before the last (quit) left out first.
fn keys_line(pairs: &[(String, String)], theme: &Theme, width: usize) -> Line<'static> {
    let size = |kept: &[(String, String)]| -> usize {
        1 + kept
            .iter()
            .map(|(k, w)| k.chars().count() + 1 + w.chars().count())
            .sum::<usize>()
            + 2 * kept.len().saturating_sub(1)
    };
    let mut kept = pairs.to_vec();
    while size(&kept) > width && kept.len() > 1 {
        kept.remove(kept.len() - 2);
    }
    let mut spans = vec![Span::raw(" ")];
    for (i, (k, what)) in kept.iter().enumerate() {
        if i > 0 {
            spans.push(Span::raw("  "));
        }
        spans.push(Span::styled(k.clone(), theme.key()));
        spans.push(Span::styled(format!(" {what}"), theme.dim()));
    }
    Line::from(spans)
}

/// Draws the lesson screen.
pub(crate) fn draw(frame: &mut Frame, area: Rect, app: &App, l: &LessonPlay) {
    let theme = &app.theme;
    let Some(lay) = layout(area, l) else {
        let n = l.position.rules().houses();
        let (w, _) = Shape::Compact.size(n);
        let text = format!("{}: {}x24 · q", l.word("lesson-title"), (w + 4).max(60));
        frame.render_widget(Paragraph::new(text).style(theme.error()), area);
        return;
    };
    let steps = l.lesson.steps.len();
    let title = match l.lesson.steps.get(l.step) {
        Some(step) => format!(
            " {} · {}: {} ",
            l.word("lesson-title"),
            l.catalog.message(
                "lesson-step",
                &[("step", l.step as i64 + 1), ("steps", steps as i64)]
            ),
            l.say(&step.title)
        ),
        None => format!(" {} ", l.word("lesson-complete-heading")),
    };
    frame.render_widget(block(theme, title), lay.outer);
    let width = lay.text.width as usize;
    let (body, task) = step_lines(l, width);
    let mut lines: Vec<Line> = body
        .into_iter()
        .map(|s| Line::from(Span::styled(s, theme.info())))
        .collect();
    lines.extend(
        task.into_iter()
            .map(|s| Line::from(Span::styled(s, theme.key()))),
    );
    frame.render_widget(Paragraph::new(lines), lay.text);

    let (pits, marks) = l.picture();
    let names = BySide::new(l.word("lesson-you"), l.word("lesson-opponent"));
    let view = BoardView {
        houses: l.position.rules().houses(),
        pits: &pits,
        marks: &marks,
        bottom: YOU,
        cursor: (l.phase == Phase::Play && l.animation.is_none()).then(|| {
            anim::pit_index(
                l.position.rules().houses(),
                kalah_rules::Pit::House(YOU, l.cursor),
            )
        }),
        names: names.clone(),
        to_move: (l.phase == Phase::Play).then_some(YOU),
    };
    let board_lines = without_side_words(board::lines(&view, theme, lay.shape));
    frame.render_widget(Paragraph::new(board_lines), lay.board);

    if l.animation.is_none() {
        let style = match l.tone {
            Tone::Info => theme.info(),
            Tone::Good => theme.good(),
            Tone::Error => theme.error(),
        };
        let fb: Vec<Line> = feedback_lines(l, lay.feedback.width as usize)
            .into_iter()
            .map(|s| Line::from(Span::styled(s, style)))
            .collect();
        frame.render_widget(Paragraph::new(fb), lay.feedback);
    }

    let n = l.position.rules().houses().min(10);
    let digits = if n >= 10 {
        "1-9,0".to_string()
    } else {
        format!("1-{n}")
    };
    let choose = if theme.ascii {
        "<-> Enter"
    } else {
        "←→ Enter"
    };
    let pair = |k: &str, id: &str| (k.to_string(), l.word(id));
    let pairs: Vec<(String, String)> = match l.phase {
        Phase::Complete => vec![
            pair("Enter", "lesson-key-play"),
            pair("r", "lesson-again"),
            pair("Esc", "lesson-key-leave"),
            pair("q", "lesson-key-quit"),
        ],
        Phase::Done => vec![
            pair("Enter", "lesson-key-next"),
            pair("r", "lesson-key-retry"),
            pair("Esc", "lesson-key-leave"),
            pair("q", "lesson-key-quit"),
        ],
        Phase::Wrong => vec![
            pair("Enter", "lesson-key-retry"),
            pair("Esc", "lesson-key-leave"),
            pair("q", "lesson-key-quit"),
        ],
        Phase::Play => vec![
            pair(&digits, "lesson-key-sow"),
            pair(choose, "lesson-key-choose"),
            pair("r", "lesson-key-retry"),
            pair("Esc", "lesson-key-leave"),
            pair("q", "lesson-key-quit"),
        ],
    };
    frame.render_widget(
        Paragraph::new(keys_line(&pairs, theme, lay.keys.width as usize)),
        lay.keys,
    );
}

/// The board's player labels name the side in English ("South: You") and the stores' frames
/// carry its letter; the lesson names only the player, in the lesson's language.
fn without_side_words(lines: Vec<Line<'static>>) -> Vec<Line<'static>> {
    lines
        .into_iter()
        .map(|line| {
            let spans = line
                .spans
                .into_iter()
                .map(|s| {
                    let text = s.content.as_ref();
                    let mut out = text.to_string();
                    for side in [Side::South, Side::North] {
                        out = out.replace(&format!("{side}: "), "");
                    }
                    for (letter, h) in [("N", "-"), ("S", "-"), ("N", "─"), ("S", "─")] {
                        out = out.replace(&format!("{h}{letter}{h}"), &format!("{h}{h}{h}"));
                    }
                    Span::styled(out, s.style)
                })
                .collect::<Vec<_>>();
            Line::from(spans)
        })
        .collect()
}
