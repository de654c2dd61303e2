//! Colours and line characters, with a no-colour and an ASCII fallback.

use ratatui::style::{Color, Modifier, Style};

/// How the screen is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Theme {
    /// Colours on; off under `NO_COLOR` (bold, underline and reverse video still mark things).
    pub color: bool,
    /// Plain ASCII instead of box-drawing characters and glyphs.
    pub ascii: bool,
}

impl Default for Theme {
    fn default() -> Theme {
        Theme {
            color: true,
            ascii: false,
        }
    }
}

/// What a pit on the board shows besides its count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub enum Mark {
    #[default]
    None,
    /// The house the last move was sown from.
    Origin,
    /// The engine's hint.
    Hint,
    /// Where the last seed landed.
    Last,
    /// Seeds moved to a store at the end of the game.
    Swept,
    /// Taken in a capture (the house, the opposite house and the store).
    Captured,
    /// The pit receiving a seed right now, during the animation.
    Sown,
}

/// Characters of a box: top-left, top-right, bottom-left, bottom-right, horizontal, vertical.
pub struct BoxChars {
    pub tl: &'static str,
    pub tr: &'static str,
    pub bl: &'static str,
    pub br: &'static str,
    pub h: &'static str,
    pub v: &'static str,
}

impl Theme {
    /// From the environment: `NO_COLOR` (any non-empty value) turns colours off.
    pub fn from_env(ascii: bool) -> Theme {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Theme {
            color: !no_color,
            ascii,
        }
    }

    /// Plain: no colour, ASCII. Rendering tests use it so the expected lines are plain text.
    pub fn plain() -> Theme {
        Theme {
            color: false,
            ascii: true,
        }
    }

    fn fg(&self, c: Color) -> Style {
        if self.color {
            Style::new().fg(c)
        } else {
            Style::new()
        }
    }

    pub fn title(&self) -> Style {
        self.fg(Color::Cyan).add_modifier(Modifier::BOLD)
    }
    pub fn dim(&self) -> Style {
        if self.color {
            Style::new().fg(Color::DarkGray)
        } else {
            Style::new()
        }
    }
    pub fn key(&self) -> Style {
        self.fg(Color::Yellow).add_modifier(Modifier::BOLD)
    }
    pub fn error(&self) -> Style {
        self.fg(Color::Red).add_modifier(Modifier::BOLD)
    }
    pub fn good(&self) -> Style {
        self.fg(Color::Green).add_modifier(Modifier::BOLD)
    }
    pub fn info(&self) -> Style {
        self.fg(Color::White)
    }
    pub fn store(&self) -> Style {
        self.fg(Color::Yellow).add_modifier(Modifier::BOLD)
    }
    pub fn selected(&self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
    }
    /// The side to move: its label is highlighted.
    pub fn to_move(&self) -> Style {
        self.fg(Color::Green).add_modifier(Modifier::BOLD)
    }

    /// The style of a pit with a mark.
    pub fn mark(&self, mark: Mark) -> Style {
        let plain = Style::new();
        if !self.color {
            return match mark {
                Mark::None => plain,
                Mark::Origin => plain.add_modifier(Modifier::DIM),
                Mark::Hint => plain.add_modifier(Modifier::UNDERLINED),
                Mark::Last => plain.add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
                Mark::Swept | Mark::Captured => plain.add_modifier(Modifier::BOLD),
                Mark::Sown => plain.add_modifier(Modifier::REVERSED),
            };
        }
        match mark {
            Mark::None => plain,
            Mark::Origin => plain.fg(Color::Yellow),
            Mark::Hint => plain.fg(Color::LightBlue).add_modifier(Modifier::BOLD),
            Mark::Last => plain.fg(Color::LightGreen).add_modifier(Modifier::BOLD),
            Mark::Swept => plain.fg(Color::Magenta).add_modifier(Modifier::BOLD),
            Mark::Captured => plain.fg(Color::LightRed).add_modifier(Modifier::BOLD),
            Mark::Sown => plain
                .fg(Color::Black)
                .bg(Color::Cyan)
                .add_modifier(Modifier::BOLD),
        }
    }

    /// Box characters; `thick` marks the house under the cursor.
    pub fn box_chars(&self, thick: bool) -> BoxChars {
        match (self.ascii, thick) {
            (true, false) => BoxChars {
                tl: "+",
                tr: "+",
                bl: "+",
                br: "+",
                h: "-",
                v: "|",
            },
            (true, true) => BoxChars {
                tl: "#",
                tr: "#",
                bl: "#",
                br: "#",
                h: "=",
                v: "#",
            },
            (false, false) => BoxChars {
                tl: "┌",
                tr: "┐",
                bl: "└",
                br: "┘",
                h: "─",
                v: "│",
            },
            (false, true) => BoxChars {
                tl: "╔",
                tr: "╗",
                bl: "╚",
                br: "╝",
                h: "═",
                v: "║",
            },
        }
    }

    /// The spinner frame shown while the computer thinks.
    pub fn spinner(&self, frame: usize) -> &'static str {
        const UNICODE: [&str; 10] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];
        const ASCII: [&str; 4] = ["|", "/", "-", "\\"];
        if self.ascii {
            ASCII[frame % ASCII.len()]
        } else {
            UNICODE[frame % UNICODE.len()]
        }
    }

    /// A separator between words in titles.
    pub fn dot(&self) -> &'static str {
        if self.ascii {
            " - "
        } else {
            " · "
        }
    }
}
