//! `--debug FILE`: every line between the runner and its programs, as fastchess's
//! `-log engine=true` writes it: milliseconds since the match started, the program (its name
//! and process id), `>` for a line to it and `<` for a line from it.

use std::fs::File;
use std::io::Write;
use std::sync::Mutex;
use std::time::Instant;

pub struct TrafficLog {
    file: Mutex<File>,
    start: Instant,
}

impl TrafficLog {
    pub fn new(file: File) -> TrafficLog {
        TrafficLog {
            file: Mutex::new(file),
            start: Instant::now(),
        }
    }

    /// Logs one line; `to` is true for a line to the program. A failed write is ignored: the
    /// log must not stop a match.
    pub fn line(&self, who: &str, to: bool, text: &str) {
        let ms = self.start.elapsed().as_secs_f64() * 1000.0;
        let arrow = if to { '>' } else { '<' };
        let text = text.trim_end_matches(['\r', '\n']);
        if let Ok(mut f) = self.file.lock() {
            let _ = writeln!(f, "{ms:10.3} {who} {arrow} {text}");
        }
    }
}
