//! Reading lines with a length cap: the one piece of transport both ends share, generic over
//! any reader so tests feed it bytes. A peer that never sends a line end cannot make the
//! other side hold more than [`crate::MAX_LINE`] bytes.

use std::io::{self, BufRead, Read};

/// One line read from a peer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    /// The text without its line end (`\n` or `\r\n`); bytes that are not UTF-8 are replaced.
    Text(String),
    /// A line longer than the cap, of this many bytes, skipped to its end unread.
    TooLong(usize),
}

/// Reads the next line of at most `max` bytes; `Ok(None)` at the end of the input.
///
/// # Errors
/// The reader's errors.
pub fn read_line(r: &mut impl BufRead, max: usize) -> io::Result<Option<Line>> {
    let mut buf = Vec::new();
    let n = r
        .by_ref()
        .take(max as u64 + 1)
        .read_until(b'\n', &mut buf)?;
    if n == 0 {
        return Ok(None);
    }
    if buf.last() != Some(&b'\n') && buf.len() > max {
        // Skip the rest of the line without keeping it.
        let mut skipped = buf.len();
        loop {
            let chunk = r.fill_buf()?;
            if chunk.is_empty() {
                break;
            }
            match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => {
                    r.consume(i + 1);
                    skipped += i;
                    break;
                }
                None => {
                    let k = chunk.len();
                    r.consume(k);
                    skipped += k;
                }
            }
        }
        return Ok(Some(Line::TooLong(skipped)));
    }
    while matches!(buf.last(), Some(b'\n' | b'\r')) {
        buf.pop();
    }
    Ok(Some(Line::Text(String::from_utf8_lossy(&buf).into_owned())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_their_ends() {
        let mut r = io::Cursor::new(&b"isready\r\ngo\n\nlast"[..]);
        let mut got = Vec::new();
        while let Some(l) = read_line(&mut r, 100).unwrap() {
            got.push(l);
        }
        let text = |s: &str| Line::Text(s.into());
        assert_eq!(
            got,
            vec![text("isready"), text("go"), text(""), text("last")]
        );
    }

    #[test]
    fn an_overlong_line_is_skipped_and_the_next_one_read() {
        let mut input = vec![b'x'; 10_000];
        input.extend_from_slice(b"\nquit\n");
        let mut r = io::BufReader::with_capacity(64, io::Cursor::new(input));
        assert_eq!(read_line(&mut r, 100).unwrap(), Some(Line::TooLong(10_000)));
        assert_eq!(
            read_line(&mut r, 100).unwrap(),
            Some(Line::Text("quit".into()))
        );
        assert_eq!(read_line(&mut r, 100).unwrap(), None);
    }

    #[test]
    fn bad_bytes_are_replaced() {
        let mut r = io::Cursor::new(&b"go \xff\xfe\n"[..]);
        assert_eq!(
            read_line(&mut r, 100).unwrap(),
            Some(Line::Text("go \u{fffd}\u{fffd}".into()))
        );
    }
}
