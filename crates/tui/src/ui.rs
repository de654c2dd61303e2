//! Drawing: a pure function of the [`App`] state.

use crate::app::{App, Message, Overlay, Screen, Tone};
use crate::board::{self, BoardView};
use crate::form::Row;
use crate::play::{board_picture, Play};
use crate::theme::Theme;
use crate::worker::Task;
use kalah_rules::{format_turn, BySide, Side, Status};
use ratatui::layout::{Constraint, Layout, Margin, Rect};
use ratatui::style::Style;
use ratatui::symbols::border;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Padding, Paragraph, Wrap};
use ratatui::Frame;

/// Width of the move list beside the board.
const PANEL: u16 = 22;

const ASCII_BORDER: border::Set<'static> = border::Set {
    top_left: "+",
    top_right: "+",
    bottom_left: "+",
    bottom_right: "+",
    vertical_left: "|",
    vertical_right: "|",
    horizontal_top: "-",
    horizontal_bottom: "-",
};

fn block<'a>(theme: &Theme, title: impl Into<Line<'a>>) -> Block<'a> {
    let b = Block::bordered()
        .title(title)
        .border_style(theme.dim())
        .title_style(theme.title());
    if theme.ascii {
        b.border_set(ASCII_BORDER)
    } else {
        b
    }
}

/// A rectangle of at most `w` x `h` centred in `area`.
fn centered(area: Rect, w: u16, h: u16) -> Rect {
    let w = w.min(area.width);
    let h = h.min(area.height);
    Rect {
        x: area.x + (area.width - w) / 2,
        y: area.y + (area.height - h) / 2,
        width: w,
        height: h,
    }
}

/// Draws the whole screen.
pub fn draw(frame: &mut Frame, app: &App) {
    let area = frame.area();
    match (app.screen, &app.play) {
        (Screen::Lesson, _) if app.lesson.is_some() => {
            if let Some(l) = &app.lesson {
                crate::lesson::draw(frame, area, app, l);
            }
        }
        (Screen::Game, Some(play)) => draw_game(frame, area, app, play),
        _ => draw_form(frame, area, app),
    }
    if let Some(overlay) = &app.overlay {
        draw_overlay(frame, area, app, overlay);
    }
}

fn too_small(frame: &mut Frame, area: Rect, theme: &Theme, need: (u16, u16)) {
    let text = format!(
        "Terminal too small: {}x{} needed, {}x{} here. Enlarge it, or press q to quit.",
        need.0, need.1, area.width, area.height
    );
    frame.render_widget(
        Paragraph::new(text)
            .style(theme.error())
            .wrap(Wrap { trim: true }),
        area,
    );
}

fn message_line(msg: &Message, theme: &Theme) -> Line<'static> {
    let style = match msg.tone {
        Tone::Info => theme.info(),
        Tone::Good => theme.good(),
        Tone::Error => theme.error(),
    };
    Line::from(Span::styled(msg.text.clone(), style))
}

/// Width of `pairs` written as [`keys_line`] writes them.
fn keys_width(pairs: &[(&str, &str)]) -> usize {
    let text: usize = pairs
        .iter()
        .map(|(k, what)| k.chars().count() + 1 + what.chars().count())
        .sum();
    text + 2 * pairs.len().saturating_sub(1)
}

/// The pairs that fit in `width`: whole pairs are left out, never cut mid-word. The last two
/// (help and quit) stay longest; the ones just before them go first.
fn fit_keys<'a>(pairs: &[(&'a str, &'a str)], width: usize) -> Vec<(&'a str, &'a str)> {
    let mut kept = pairs.to_vec();
    while keys_width(&kept) > width && kept.len() > 2 {
        let at = kept.len().saturating_sub(3).max(1).min(kept.len() - 1);
        kept.remove(at);
    }
    while keys_width(&kept) > width && !kept.is_empty() {
        kept.pop();
    }
    kept
}

/// `(key, what)` pairs as one line.
fn keys_line(pairs: &[(&str, &str)], theme: &Theme) -> Line<'static> {
    let mut spans = Vec::new();
    for (i, (k, what)) in pairs.iter().enumerate() {
        if i > 0 {
            spans.push(Span::raw("  "));
        }
        spans.push(Span::styled(k.to_string(), theme.key()));
        spans.push(Span::styled(format!(" {what}"), theme.dim()));
    }
    Line::from(spans)
}

fn title(app: &App, play: &Play) -> String {
    if let Some(t) = app.puzzle_title() {
        return t;
    }
    let rules = play.game.rules();
    // A preset, or a preset with the pie rule added, keeps its name.
    let mut setup = rules.setup();
    setup.pie = false;
    let base = kalah_rules::Rules::new(setup)
        .ok()
        .and_then(|r| r.matching_preset());
    let name = match (rules.matching_preset(), base) {
        (Some(p), _) => p.name().to_string(),
        (None, Some(p)) => format!("{}+pie", p.name()),
        (None, None) => "custom".to_string(),
    };
    let d = app.theme.dot();
    let side = play.bottom();
    format!(
        " Kalah{d}{name} {}x{}{d}{} vs {} ",
        rules.houses(),
        rules.seeds(),
        play.name(side),
        play.name(side.opponent())
    )
}

/// Where the parts of the game screen go; drawing and mouse clicks both use it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameLayout {
    /// The bordered box around the board.
    pub board_block: Rect,
    /// The board itself, inside the box.
    pub board: Rect,
    pub shape: board::Shape,
    pub panel: Option<Rect>,
    pub status: Rect,
    pub keys: Rect,
}

/// The layout for a board of `houses` houses, or the smallest size that would do.
pub fn game_layout(area: Rect, houses: usize) -> Result<GameLayout, (u16, u16)> {
    use board::Shape;
    // The board's box and the status lines and keys under it.
    let need = |shape: Shape| {
        let (w, h) = shape.size(houses);
        (w + 2, h + 2 + 4)
    };
    let fits = |(w, h): (u16, u16)| area.width >= w && area.height >= h;
    let shape = [Shape::Tall, Shape::Boxed, Shape::Compact]
        .into_iter()
        .find(|&s| fits(need(s)))
        .ok_or(need(Shape::Compact))?;
    let (board_w, board_h) = shape.size(houses);
    let [main, status, keys] = Layout::vertical([
        Constraint::Min(0),
        Constraint::Length(3),
        Constraint::Length(1),
    ])
    .areas(area);
    let show_panel = area.width >= board_w + 2 + PANEL;
    let (board_block, panel) = if show_panel {
        let [b, p] =
            Layout::horizontal([Constraint::Min(0), Constraint::Length(PANEL)]).areas(main);
        (b, Some(p))
    } else {
        (main, None)
    };
    let board = centered(board_block.inner(Margin::new(1, 1)), board_w, board_h);
    Ok(GameLayout {
        board_block,
        board,
        shape,
        panel,
        status,
        keys,
    })
}

fn draw_game(frame: &mut Frame, area: Rect, app: &App, play: &Play) {
    let theme = &app.theme;
    let layout = match game_layout(area, play.game.rules().houses()) {
        Ok(l) => l,
        Err(need) => {
            too_small(frame, area, theme, need);
            return;
        }
    };
    draw_board(frame, &layout, app, play);
    if let Some(p) = layout.panel {
        draw_moves(frame, p, theme, play);
    }
    draw_status(frame, layout.status, app, play);
    let width = layout.keys.width.saturating_sub(1) as usize;
    let mut key_help = match &app.puzzle {
        Some(_) => puzzle_keys(play, theme, width),
        None => game_keys(play, theme, width),
    };
    key_help.spans.insert(0, Span::raw(" "));
    frame.render_widget(Paragraph::new(key_help), layout.keys);
    if play.is_over()
        && play.review.is_none()
        && play.animation.is_none()
        && !play.summary_hidden
        && app.puzzle.is_none()
    {
        draw_summary(frame, layout.board_block, theme, play);
    }
}

fn draw_board(frame: &mut Frame, layout: &GameLayout, app: &App, play: &Play) {
    let theme = &app.theme;
    frame.render_widget(block(theme, title(app, play)), layout.board_block);
    let (pits, marks) = board_picture(play);
    let pos = play.position();
    let shown_to_move = match play.review {
        Some(ply) => play.game.position_after(ply).to_move(),
        None => pos.to_move(),
    };
    let view = BoardView {
        houses: pos.rules().houses(),
        pits: &pits,
        marks: &marks,
        bottom: play.bottom(),
        cursor: app.cursor_pit(),
        names: BySide::from_fn(|s| play.name(s).to_string()),
        to_move: (!play.is_over() || play.review.is_some()).then_some(shown_to_move),
    };
    let lines = board::lines(&view, theme, layout.shape);
    frame.render_widget(Paragraph::new(lines), layout.board);
    // The rules in force, under the board when there is room.
    let inner = layout.board_block.inner(Margin::new(1, 1));
    let below = (inner.y + inner.height).saturating_sub(layout.board.y + layout.board.height);
    if below >= 3 {
        let at = Rect {
            y: inner.y + inner.height - 2,
            height: 2,
            ..inner
        };
        frame.render_widget(
            Paragraph::new(rules_line(&play.game.rules(), theme))
                .style(theme.dim())
                .alignment(ratatui::layout::Alignment::Center)
                .wrap(Wrap { trim: true }),
            at,
        );
    }
}

/// The rule options in a few words each.
pub fn rules_line(rules: &kalah_rules::Rules, theme: &Theme) -> String {
    use kalah_rules::{CaptureRule, EndRule, SweepRule};
    let mut parts = vec![
        match rules.capture() {
            CaptureRule::Standard => "standard capture",
            CaptureRule::Empty => "empty capture",
            CaptureRule::None => "no capture",
        },
        match rules.end() {
            EndRule::EitherEmpty => "ends when a side is empty",
            EndRule::MoverCannotMove => "ends when the mover cannot move",
        },
        match rules.sweep() {
            SweepRule::Owner => "owners keep what is left",
            SweepRule::Emptier => "the emptier takes what is left",
            SweepRule::None => "what is left counts for nobody",
        },
    ];
    if rules.early_end() {
        parts.push("early end");
    }
    if rules.pie() {
        parts.push("pie rule");
    }
    if rules.both_stores() {
        parts.push("sowing into both stores");
    }
    parts.join(theme.dot())
}

fn draw_moves(frame: &mut Frame, area: Rect, theme: &Theme, play: &Play) {
    let outer = block(theme, " Moves ");
    let inner = outer.inner(area);
    frame.render_widget(outer, area);
    let turns = play.game.turns();
    let mut lines: Vec<Line> = turns
        .iter()
        .enumerate()
        .map(|(i, (side, moves))| {
            let text = format!("{:>3}. {} {}", i + 1, side.letter(), format_turn(moves));
            let style = if i + 1 == turns.len() {
                theme.to_move()
            } else {
                theme.info()
            };
            Line::from(Span::styled(text, style))
        })
        .collect();
    match play.game.status() {
        Status::Playing => {}
        _ => lines.push(Line::from(Span::styled(
            format!("     {}", play.game.result_text()),
            theme.good(),
        ))),
    }
    if lines.is_empty() {
        lines.push(Line::from(Span::styled(" no moves yet", theme.dim())));
    }
    let skip = lines.len().saturating_sub(inner.height as usize);
    frame.render_widget(Paragraph::new(lines[skip..].to_vec()), inner);
}

fn draw_status(frame: &mut Frame, area: Rect, app: &App, play: &Play) {
    let theme = &app.theme;
    let pos = play.position();
    let d = theme.dot();
    // The stores of the position on the board: the reviewed one while reviewing.
    let shown = play.review.map(|ply| play.game.position_after(ply));
    let stores = shown.as_ref().unwrap_or(pos);
    // During a sowing the score follows the seeds on the board, not the position after it.
    let n = pos.rules().houses();
    let picture = play
        .animation
        .as_ref()
        .and_then(|a| a.pictures.get(a.index));
    let (south, north) = match picture {
        Some(p) => (p.pits[n], p.pits[2 * n + 1]),
        None => (stores.store(Side::South), stores.store(Side::North)),
    };
    let mut spans = vec![Span::styled(
        format!("Score: South {south}{d}North {north}"),
        theme.store(),
    )];
    let turn = if picture.is_some() {
        "sowing".to_string()
    } else if let Some(t) = &play.thinking {
        let secs = app.now.saturating_duration_since(t.started).as_secs_f32();
        let frame_no = (secs * 10.0) as usize;
        let spin = theme.spinner(frame_no);
        match t.task {
            Task::Hint => format!("{spin} looking for a hint {secs:.1}s"),
            Task::Move { .. } => {
                format!("{spin} {} is thinking {secs:.1}s", play.who(pos.to_move()))
            }
        }
    } else if play.review.is_some() {
        "reviewing the moves".to_string()
    } else if play.is_over() {
        "game over".to_string()
    } else if play.paused {
        "paused".to_string()
    } else if play.player(pos.to_move()).is_computer() {
        format!("{} to move", play.who(pos.to_move()))
    } else if play.person_side().is_some() {
        format!("your move ({})", pos.to_move())
    } else {
        format!("{} to move", play.who(pos.to_move()))
    };
    spans.push(Span::styled(format!("   {turn}"), theme.to_move()));
    let mut lines = vec![Line::from(spans)];
    if let Some(m) = &app.message {
        lines.push(message_line(m, theme));
    }
    // A margin rather than leading spaces, so wrapped lines line up too.
    frame.render_widget(
        Paragraph::new(lines).wrap(Wrap { trim: false }),
        area.inner(Margin::new(1, 0)),
    );
}

/// The keys of a puzzle.
fn puzzle_keys(play: &Play, theme: &Theme, width: usize) -> Line<'static> {
    let n = play.game.rules().houses().min(10);
    let digits = if n >= 10 {
        "1-9,0".to_string()
    } else {
        format!("1-{n}")
    };
    let choose = if theme.ascii { "<->Enter" } else { "←→⏎" };
    let pairs = [
        (digits.as_str(), "sow"),
        (choose, "choose"),
        ("h", "show move"),
        ("t", "retry"),
        ("n", "next"),
        ("Esc", "leave"),
        ("q", "quit"),
    ];
    keys_line(&fit_keys(&pairs, width), theme)
}

fn game_keys(play: &Play, theme: &Theme, width: usize) -> Line<'static> {
    let keys_line =
        |pairs: &[(&str, &str)], theme: &Theme| keys_line(&fit_keys(pairs, width), theme);
    let n = play.game.rules().houses().min(10);
    let digits = if n >= 10 {
        "1-9,0".to_string()
    } else {
        format!("1-{n}")
    };
    if play.review.is_some() {
        return keys_line(
            &[("←→", "step"), ("Home/End", "jump"), ("Esc", "back")],
            theme,
        );
    }
    if play.is_over() {
        return keys_line(
            &[
                ("n", "new game"),
                ("m", "rematch"),
                ("s", "save"),
                ("v", "review"),
                ("u", "take back"),
                ("q", "quit"),
            ],
            theme,
        );
    }
    if play.is_demo() {
        return keys_line(
            &[
                ("space", "pause"),
                ("a", "speed"),
                ("n", "new game"),
                ("?", "help"),
                ("q", "quit"),
            ],
            theme,
        );
    }
    let mut pairs: Vec<(&str, &str)> = vec![(&digits, "sow"), ("←→⏎", "choose")];
    if play.position().pie_stage() == kalah_rules::PieStage::Offer && play.person_to_move() {
        pairs.push(("p", "swap"));
    }
    pairs.extend([
        ("h", "hint"),
        ("u", "undo"),
        ("r", "resign"),
        ("s", "save"),
        ("?", "help"),
        ("q", "quit"),
    ]);
    if theme.ascii {
        pairs[1].0 = "<->Enter";
    }
    keys_line(&pairs, theme)
}

/// The words of the game-over box.
pub fn summary_lines(play: &Play) -> Vec<String> {
    let mut out = Vec::new();
    let you = play.person_side();
    let name_of = |s: Side| play.who(s);
    match play.game.status() {
        Status::Playing => {}
        Status::Resigned(side) => {
            let winner = side.opponent();
            out.push(match you {
                Some(y) if y == side => "You resign: the computer wins.".to_string(),
                Some(_) => "The computer resigns: you win!".to_string(),
                None => format!("{} resigns: {} wins.", name_of(side), name_of(winner)),
            });
            let pos = play.position();
            out.push(format!(
                "Stores at the end: South {}, North {}.",
                pos.store(Side::South),
                pos.store(Side::North)
            ));
        }
        Status::Finished(o) => {
            let (s, n) = (o.scores.south, o.scores.north);
            let (hi, lo) = (s.max(n), s.min(n));
            out.push(match (o.winner, you) {
                (None, _) => format!("A draw, {s} to {n}."),
                (Some(w), Some(y)) if w == y => format!("You win {hi} to {lo}!"),
                (Some(_), Some(_)) => format!("The computer wins {hi} to {lo}."),
                (Some(w), None) => format!("{} wins {hi} to {lo}.", name_of(w)),
            });
            out.push(format!("Final score: South {s}, North {n}."));
            if o.early {
                out.push("Early end: a store held more than half the seeds.".to_string());
            }
        }
    }
    out
}

fn draw_summary(frame: &mut Frame, area: Rect, theme: &Theme, play: &Play) {
    let mut lines: Vec<Line> = summary_lines(play)
        .into_iter()
        .enumerate()
        .map(|(i, t)| {
            let style = if i == 0 { theme.good() } else { theme.info() };
            Line::from(Span::styled(t, style))
        })
        .collect();
    lines.push(Line::from(""));
    lines.push(keys_line(
        &[("n", "new game"), ("m", "rematch"), ("s", "save")],
        theme,
    ));
    lines.push(keys_line(
        &[("v", "review"), ("Esc", "close"), ("q", "quit")],
        theme,
    ));
    let w = lines
        .iter()
        .map(|l| l.width() as u16)
        .max()
        .unwrap_or(20)
        .max(30)
        + 4;
    let h = lines.len() as u16 + 2;
    let at = centered(area, w, h);
    frame.render_widget(Clear, at);
    frame.render_widget(
        Paragraph::new(lines).block(block(theme, " Game over ").padding(Padding::horizontal(1))),
        at,
    );
}

fn draw_form(frame: &mut Frame, area: Rect, app: &App) {
    let theme = &app.theme;
    let form = &app.form;
    if area.width < 44 || area.height < 8 {
        too_small(frame, area, theme, (44, 8));
        return;
    }
    let box_w = 64.min(area.width);
    let rows = Row::ALL.len() as u16;
    // Rows, a blank line, two lines of help, the keys.
    let box_h = (rows + 2 + 4).min(area.height);
    let at = centered(area, box_w, box_h);
    let outer = block(theme, " Kalah: new game ");
    let inner = outer.inner(at).inner(Margin::new(1, 0));
    frame.render_widget(outer, at);
    let [list, help, keys] = Layout::vertical([
        Constraint::Min(1),
        Constraint::Length(if inner.height >= rows + 4 { 3 } else { 0 }),
        Constraint::Length(1),
    ])
    .areas(inner);
    let (l, r) = if theme.ascii {
        ("<", ">")
    } else {
        ("◀", "▶")
    };
    let lines: Vec<Line> = Row::ALL
        .iter()
        .enumerate()
        .map(|(i, &row)| {
            let focused = i == form.focus;
            let pointer = if focused { "> " } else { "  " };
            if row == Row::Start {
                let style = if focused {
                    theme.selected()
                } else {
                    theme.key()
                };
                return Line::from(vec![
                    Span::raw(pointer),
                    Span::styled("[ Start game ]", style),
                ]);
            }
            let label = Span::styled(
                format!("{pointer}{:<18}", row.label()),
                if focused { theme.key() } else { theme.info() },
            );
            if !form.enabled(row) {
                return Line::from(vec![label, Span::styled("  -", theme.dim())]);
            }
            let value = form.value(row);
            let value = if focused {
                Span::styled(format!("{l} {value} {r}"), theme.selected())
            } else {
                Span::styled(format!("  {value}"), theme.info())
            };
            Line::from(vec![label, value])
        })
        .collect();
    let visible = list.height as usize;
    let skip = (form.focus + 1).saturating_sub(visible);
    frame.render_widget(Paragraph::new(lines[skip..].to_vec()), list);
    let mut help_lines = vec![Line::from("")];
    match &app.message {
        Some(m) => help_lines.push(message_line(m, theme)),
        None => help_lines.push(Line::from(Span::styled(form.help(), theme.dim()))),
    }
    frame.render_widget(Paragraph::new(help_lines).wrap(Wrap { trim: true }), help);
    let back = if app.play.is_some() {
        ("Esc", "back to game")
    } else {
        ("q", "quit")
    };
    frame.render_widget(
        Paragraph::new(keys_line(
            &[
                ("↑↓", "choose"),
                ("←→", "change"),
                ("Enter", "start"),
                ("p", "puzzles"),
                ("L", "lesson"),
                back,
            ],
            theme,
        )),
        keys,
    );
}

fn help_lines(app: &App) -> Vec<(String, String)> {
    let mut v: Vec<(String, String)> = [
        ("1-9, 0", "sow that house (0 is house 10)"),
        ("← → Enter", "move the cursor and sow (space too)"),
        ("p", "swap seats when the pie rule offers it"),
        ("h", "hint: the engine's best move and its value"),
        ("u, Backspace", "take back your last move"),
        ("r", "resign"),
        ("s", "save the game record to a file"),
        ("v", "review the moves (← → Home End, Esc)"),
        ("a", "animation speed: off, fast, normal, slow"),
        ("space", "pause or go on (demo)"),
        ("n / m", "new game / rematch with sides swapped"),
        (
            "p",
            "puzzles, on the new-game screen (t, n, h, Esc in a puzzle)",
        ),
        ("L", "the first lesson, on the new-game screen"),
        ("?", "this help"),
        ("q, Ctrl-C", "quit"),
    ]
    .iter()
    .map(|(k, w)| (k.to_string(), w.to_string()))
    .collect();
    if let Some(play) = &app.play {
        let r = play.game.rules();
        let name = r
            .matching_preset()
            .map_or("custom rules".to_string(), |p| p.name().to_string());
        v.push((String::new(), String::new()));
        v.push((
            "Rules".to_string(),
            format!(
                "{name}, {} houses of {} seeds: {}",
                r.houses(),
                r.seeds(),
                rules_line(&r, &app.theme)
            ),
        ));
        v.push((
            String::new(),
            "`kalah rules` explains each rule".to_string(),
        ));
    }
    v
}

fn draw_overlay(frame: &mut Frame, area: Rect, app: &App, overlay: &Overlay) {
    let theme = &app.theme;
    let (title, lines, w): (&str, Vec<Line>, u16) = match overlay {
        Overlay::Help => {
            let lines = help_lines(app)
                .into_iter()
                .map(|(k, w)| {
                    Line::from(vec![
                        Span::styled(format!("{k:<14}"), theme.key()),
                        Span::styled(w, theme.info()),
                    ])
                })
                .chain([
                    Line::from(""),
                    Line::from(Span::styled("Any key closes this help.", theme.dim())),
                ])
                .collect();
            (" Keys ", lines, 70)
        }
        Overlay::ConfirmResign => (
            " Resign? ",
            vec![
                Line::from("Resign this game?"),
                keys_line(&[("y", "resign"), ("any other key", "play on")], theme),
            ],
            44,
        ),
        Overlay::ConfirmQuit => (
            " Quit? ",
            vec![
                Line::from("The game is not saved."),
                keys_line(&[("y", "quit"), ("s", "save"), ("Esc", "stay")], theme),
            ],
            44,
        ),
        Overlay::Save { name, error } => {
            let cursor = if theme.ascii { "_" } else { "█" };
            let mut lines = vec![
                Line::from("Save the game record to the file:"),
                Line::from(vec![
                    Span::styled(name.clone(), theme.key()),
                    Span::styled(cursor, theme.key()),
                ]),
            ];
            if let Some(e) = error {
                lines.push(Line::from(Span::styled(e.clone(), theme.error())));
            }
            lines.push(keys_line(&[("Enter", "save"), ("Esc", "cancel")], theme));
            (" Save ", lines, 60)
        }
    };
    // Lines wrap inside the box: count the rows they take.
    let inner_w = w.min(area.width).saturating_sub(4).max(1) as usize;
    let rows: usize = lines
        .iter()
        .map(|l| l.width().max(1).div_ceil(inner_w))
        .sum();
    let h = rows.min(u16::MAX as usize) as u16 + 2;
    let at = centered(area, w, h);
    frame.render_widget(Clear, at);
    frame.render_widget(
        Paragraph::new(lines)
            .block(block(theme, title).padding(Padding::horizontal(1)))
            .style(Style::new())
            .wrap(Wrap { trim: false }),
        at,
    );
}
