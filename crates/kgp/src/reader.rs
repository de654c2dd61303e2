//! Splitting a byte stream (TCP) or a frame (WebSocket) into lines, with a bounded buffer.

use crate::MAX_LINE;

/// What is wrong with one line; the reader goes on with the next.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    #[error("a line was longer than {MAX_LINE} bytes; it was dropped")]
    TooLong,
    #[error("a line was not UTF-8 text; it was dropped")]
    NotText,
}

/// Collects bytes and hands out whole lines (ended by LF, CRLF or, at the end of a WebSocket
/// frame, nothing). Holds at most [`MAX_LINE`] bytes of an unfinished line: the rest of a
/// longer line is skipped up to its end and reported once as [`LineError::TooLong`].
#[derive(Debug, Default)]
pub struct LineReader {
    buf: Vec<u8>,
    /// Skipping the rest of a line that was too long.
    skipping: bool,
}

impl LineReader {
    pub fn new() -> LineReader {
        LineReader::default()
    }

    /// Feeds `bytes` and calls `line` for every line they finish, in order.
    pub fn push(&mut self, bytes: &[u8], mut line: impl FnMut(Result<&str, LineError>)) {
        let mut rest = bytes;
        while !rest.is_empty() {
            match rest.iter().position(|&b| b == b'\n') {
                Some(i) => {
                    self.take(&rest[..i], &mut line, true);
                    rest = &rest[i + 1..];
                }
                None => {
                    self.take(rest, &mut line, false);
                    rest = &[];
                }
            }
        }
    }

    /// Feeds a WebSocket text frame: its lines, and the text after its last line end as a
    /// line of its own (one command per frame is how clients send).
    pub fn push_frame(&mut self, frame: &str, mut line: impl FnMut(Result<&str, LineError>)) {
        self.push(frame.as_bytes(), &mut line);
        self.finish(line);
    }

    /// Ends the unfinished line, if any, as a line (the end of a frame or stream).
    pub fn finish(&mut self, mut line: impl FnMut(Result<&str, LineError>)) {
        if self.skipping {
            self.skipping = false;
        } else if !self.buf.is_empty() {
            self.emit(&mut line);
        }
        self.buf.clear();
    }

    /// Bytes of an unfinished line held.
    pub fn pending(&self) -> usize {
        self.buf.len()
    }

    /// Whether a line has begun and not ended (held, or being skipped as too long).
    pub fn unfinished(&self) -> bool {
        !self.buf.is_empty() || self.skipping
    }

    fn take(&mut self, part: &[u8], line: &mut impl FnMut(Result<&str, LineError>), ends: bool) {
        if !self.skipping {
            // CR of CRLF is not counted against the limit.
            let room = MAX_LINE + 1 - self.buf.len();
            if part.len() > room {
                self.buf.clear();
                self.skipping = true;
                line(Err(LineError::TooLong));
            } else {
                self.buf.extend_from_slice(part);
            }
        }
        if ends {
            if self.skipping {
                self.skipping = false;
            } else {
                self.emit(line);
            }
            self.buf.clear();
        }
    }

    fn emit(&mut self, line: &mut impl FnMut(Result<&str, LineError>)) {
        let mut b = &self.buf[..];
        if let Some(s) = b.strip_suffix(b"\r") {
            b = s;
        }
        if b.len() > MAX_LINE {
            line(Err(LineError::TooLong));
            return;
        }
        match std::str::from_utf8(b) {
            Ok(s) => line(Ok(s)),
            Err(_) => line(Err(LineError::NotText)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(r: &mut LineReader, bytes: &[u8]) -> Vec<Result<String, LineError>> {
        let mut out = Vec::new();
        r.push(bytes, |l| out.push(l.map(str::to_string)));
        out
    }

    #[test]
    fn lf_and_crlf_and_split_reads() {
        let mut r = LineReader::new();
        assert_eq!(
            lines(&mut r, b"kgp 1 0 1\r\nping\nmo"),
            [Ok("kgp 1 0 1".into()), Ok("ping".into())]
        );
        assert_eq!(r.pending(), 2);
        assert_eq!(lines(&mut r, b"de freeplay\r"), []);
        assert_eq!(lines(&mut r, b"\n"), [Ok("mode freeplay".into())]);
        assert_eq!(r.pending(), 0);
    }

    #[test]
    fn frames_may_hold_several_lines_or_none_ended() {
        let mut r = LineReader::new();
        let mut out = Vec::new();
        r.push_frame("1 mode freeplay", |l| out.push(l.unwrap().to_string()));
        r.push_frame("3 set info:name x\r\n5 mode freeplay\r\n", |l| {
            out.push(l.unwrap().to_string())
        });
        assert_eq!(
            out,
            ["1 mode freeplay", "3 set info:name x", "5 mode freeplay"]
        );
    }

    #[test]
    fn long_lines_are_dropped_once_and_reading_goes_on() {
        let mut r = LineReader::new();
        let ok = "a".repeat(MAX_LINE);
        assert_eq!(
            lines(&mut r, format!("{ok}\r\n").as_bytes()),
            [Ok(ok.clone())]
        );
        let mut out = Vec::new();
        for _ in 0..100 {
            r.push(&[b'x'; 1000], |l| out.push(l.map(str::to_string)));
            assert!(r.pending() <= MAX_LINE + 1);
        }
        r.push(b"\nping\n", |l| out.push(l.map(str::to_string)));
        assert_eq!(out, [Err(LineError::TooLong), Ok("ping".into())]);
        // One byte too many, arriving with its line end.
        let long = format!("{ok}b\n");
        assert_eq!(lines(&mut r, long.as_bytes()), [Err(LineError::TooLong)]);
    }

    #[test]
    fn binary_is_not_text() {
        let mut r = LineReader::new();
        assert_eq!(
            lines(&mut r, b"\xff\xfe\x00\nping\n"),
            [Err(LineError::NotText), Ok("ping".into())]
        );
    }
}
