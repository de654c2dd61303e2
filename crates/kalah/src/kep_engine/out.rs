//! The engine's output: whole lines, flushed at once, from the session and the search thread.

use kalah_engine_protocol::Reply;
use std::io::Write;
use std::sync::{Arc, Mutex};

/// A shared line writer. Write errors (the runner has gone) are ignored here: the session
/// ends when its input ends.
#[derive(Clone)]
pub struct Out(Arc<Mutex<Box<dyn Write + Send>>>);

impl Out {
    pub fn new(w: Box<dyn Write + Send>) -> Out {
        Out(Arc::new(Mutex::new(w)))
    }

    pub fn send(&self, reply: &Reply) {
        let mut w = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let _ = writeln!(w, "{reply}");
        let _ = w.flush();
    }
}
