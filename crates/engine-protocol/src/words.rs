//! Splitting a line into words while keeping the raw rest of it at hand (for `info string`
//! and option values, which run to the end of the line).

use crate::error::ParseError;
use kalah_rules::Move;

/// The words of one line, each with its place in the line.
pub(crate) struct Words<'a> {
    line: &'a str,
    pos: usize,
}

impl<'a> Words<'a> {
    /// The words of `line`, refusing lines longer than [`crate::MAX_LINE`].
    pub(crate) fn new(line: &'a str) -> Result<Words<'a>, ParseError> {
        if line.len() > crate::MAX_LINE {
            return Err(ParseError::TooLong(line.len()));
        }
        Ok(Words { line, pos: 0 })
    }

    /// What is left of the line after the words read so far, without surrounding blanks.
    pub(crate) fn rest(&self) -> &'a str {
        self.line[self.pos..].trim()
    }

    /// Skips to the end of the line.
    pub(crate) fn finish(&mut self) {
        self.pos = self.line.len();
    }

    /// The next word, without consuming it.
    pub(crate) fn peek(&self) -> Option<&'a str> {
        self.rest().split_whitespace().next()
    }

    /// Reads up to and including the first `c` (for a board, whose numbers may be spaced).
    pub(crate) fn take_through(&mut self, c: char) -> Option<&'a str> {
        let start = self.pos;
        let end = self.line[start..].find(c)? + start + c.len_utf8();
        self.pos = end;
        Some(&self.line[start..end])
    }

    /// A whole number following `key`.
    pub(crate) fn number<T: std::str::FromStr>(
        &mut self,
        key: &'static str,
    ) -> Result<T, ParseError> {
        let value = self.next().unwrap_or("");
        value.parse().map_err(|_| ParseError::Number {
            key,
            value: value.to_string(),
        })
    }

    /// Moves (house numbers, `swap`, or a turn joined with `-`) up to the end of the line or
    /// the word `until`.
    pub(crate) fn moves(&mut self, until: Option<&str>) -> Result<Vec<Move>, ParseError> {
        let mut out = Vec::new();
        while let Some(w) = self.peek().filter(|&w| Some(w) != until) {
            self.next();
            for part in w.split('-') {
                out.push(part.parse().map_err(|_| ParseError::Move(w.to_string()))?);
            }
        }
        Ok(out)
    }
}

impl<'a> Iterator for Words<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let tail = &self.line[self.pos..];
        let start = tail.find(|c: char| !c.is_whitespace())?;
        let len = tail[start..]
            .find(char::is_whitespace)
            .unwrap_or(tail.len() - start);
        self.pos += start + len;
        Some(&tail[start..start + len])
    }
}
