//! The terminal loop: draw, wait for a key or the next tick, repeat.

use crate::app::App;
use crate::ui;
use crossterm::event::{self, DisableMouseCapture, EnableMouseCapture, Event, KeyEventKind};
use crossterm::execute;
use ratatui::layout::Rect;
use std::io;
use std::time::{Duration, Instant};

/// How often the screen is redrawn while something moves (animation, spinner).
const TICK: Duration = Duration::from_millis(40);
/// How long to wait for a key when nothing moves.
const IDLE: Duration = Duration::from_millis(500);

/// Takes over the terminal, runs the app until the person quits, and gives the terminal back
/// as it was, also after an error or a panic.
pub fn run(mut app: App, mouse: bool) -> io::Result<()> {
    let mut terminal = ratatui::try_init()?;
    if mouse {
        // Clicks on houses sow them; the terminal's own text selection then needs Shift.
        execute!(io::stdout(), EnableMouseCapture)?;
    }
    let result = run_loop(&mut terminal, &mut app);
    if mouse {
        let _ = execute!(io::stdout(), DisableMouseCapture);
    }
    ratatui::restore();
    result
}

fn run_loop(terminal: &mut ratatui::DefaultTerminal, app: &mut App) -> io::Result<()> {
    app.tick(Instant::now());
    while !app.should_quit() {
        terminal.draw(|frame| ui::draw(frame, app))?;
        let wait = if app.busy() { TICK } else { IDLE };
        if event::poll(wait)? {
            match event::read()? {
                Event::Key(key) if key.kind != KeyEventKind::Release => app.handle_key(key),
                // The next draw uses the new size.
                Event::Mouse(m) => {
                    let size = terminal.size()?;
                    app.handle_mouse(m, Rect::new(0, 0, size.width, size.height));
                }
                Event::Resize(..) => terminal.autoresize()?,
                _ => {}
            }
        }
        app.tick(Instant::now());
    }
    Ok(())
}
