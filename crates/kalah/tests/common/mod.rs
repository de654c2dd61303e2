//! Helpers shared by the tests that run the real `kalah serve`.

use std::io::{BufRead, BufReader};
use std::process::Child;

/// The address `kalah serve` listens on, read from its first line of output
/// ("kalah: open http://127.0.0.1:PORT/ ..."); the child's stdout must be piped.
pub fn serve_addr(child: &mut Child) -> String {
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("stdout piped"))
        .read_line(&mut line)
        .unwrap();
    line.split("http://")
        .nth(1)
        .and_then(|r| r.split('/').next())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string()
}
