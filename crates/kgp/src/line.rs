//! One KGP line: `[ID][@REF] name args...`, parsed leniently and printed strictly.

use crate::board::{Board, BoardError};
use crate::MAX_LINE;
use std::fmt;
use std::str::FromStr;

/// A command as written, before anyone decides whether it is allowed now.
#[derive(Debug, Clone, PartialEq)]
pub struct Command {
    pub id: Option<u64>,
    /// The ID of the command this one answers.
    pub reference: Option<u64>,
    /// Lower case ASCII letters and digits.
    pub name: String,
    pub args: Vec<Arg>,
}

/// An argument. Bare words, numbers and quoted strings are all text (`mode freeplay` and
/// `mode "freeplay"` are the same); the accessors read the text as the caller needs it.
#[derive(Debug, Clone, PartialEq)]
pub enum Arg {
    /// A bare word or number, as written.
    Word(String),
    /// A double-quoted string, escapes resolved.
    Quoted(String),
    Board(Board),
}

/// Why a line is not a command.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    #[error("the line is {0} bytes long; lines may be at most {MAX_LINE}")]
    TooLong(usize),
    #[error("a command needs a name after its ID and reference")]
    NoName,
    #[error("bad ID or reference {0:?}: write ID, @REF or ID@REF with whole numbers")]
    Header(String),
    #[error("command names are letters and digits; got {0:?}")]
    Name(String),
    #[error("a string has no closing double quote")]
    Unquoted,
    #[error("a board has no closing '>'")]
    Unclosed,
    #[error("control character {0:#04x} in the line")]
    Control(u32),
}

impl Arg {
    /// A number argument.
    pub fn int(n: impl Into<i64>) -> Arg {
        Arg::Word(n.into().to_string())
    }

    /// A string argument (printed quoted).
    pub fn text(s: impl Into<String>) -> Arg {
        Arg::Quoted(s.into())
    }

    /// The text of a word or string (`None` for a board).
    pub fn as_text(&self) -> Option<&str> {
        match self {
            Arg::Word(s) | Arg::Quoted(s) => Some(s),
            Arg::Board(_) => None,
        }
    }

    /// The argument as an integer (`3`, `+3`, `"3"`).
    pub fn as_int(&self) -> Option<i64> {
        let t = self.as_text()?.trim();
        t.strip_prefix('+').unwrap_or(t).parse().ok()
    }

    /// The argument as a real number (`0.5`, `-.5`, `3`).
    pub fn as_real(&self) -> Option<f64> {
        let t = self.as_text()?.trim();
        let ok = !t.is_empty()
            && t.bytes()
                .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'+' | b'-'));
        ok.then(|| t.parse().ok()).flatten()
    }

    /// The argument as a board (a quoted board is read too).
    pub fn as_board(&self) -> Result<Board, BoardError> {
        match self {
            Arg::Board(b) => Ok(b.clone()),
            Arg::Word(s) | Arg::Quoted(s) => s.parse(),
        }
    }
}

impl Command {
    /// A command with no ID, reference or arguments.
    pub fn new(name: &str) -> Command {
        Command {
            id: None,
            reference: None,
            name: name.to_string(),
            args: Vec::new(),
        }
    }

    pub fn with_id(mut self, id: u64) -> Command {
        self.id = Some(id);
        self
    }

    pub fn with_ref(mut self, reference: u64) -> Command {
        self.reference = Some(reference);
        self
    }

    pub fn arg(&self, i: usize) -> Option<&Arg> {
        self.args.get(i)
    }

    /// Adds a number argument.
    pub fn int(mut self, n: impl Into<i64>) -> Command {
        self.args.push(Arg::int(n));
        self
    }

    /// Adds a string argument.
    pub fn text(mut self, s: impl Into<String>) -> Command {
        self.args.push(Arg::text(s));
        self
    }

    /// Adds a board argument.
    pub fn board(mut self, b: &Board) -> Command {
        self.args.push(Arg::Board(b.clone()));
        self
    }

    /// The line to send: the command and CRLF.
    pub fn to_line(&self) -> String {
        format!("{self}\r\n")
    }

    /// Parses one line (its line end, if any, is ignored). `Ok(None)` for a blank line,
    /// which both sides skip.
    pub fn parse_line(line: &str) -> Result<Option<Command>, ParseError> {
        if line.len() > MAX_LINE + 2 {
            return Err(ParseError::TooLong(line.len()));
        }
        let t = line.trim_matches(|c: char| c.is_ascii_whitespace());
        if t.len() > MAX_LINE {
            return Err(ParseError::TooLong(t.len()));
        }
        if let Some(c) = t
            .chars()
            .find(|&c| c.is_control() && !matches!(c, '\t' | ' '))
        {
            return Err(ParseError::Control(c as u32));
        }
        if t.is_empty() {
            return Ok(None);
        }
        let (first, rest) = split_word(t);
        let (id, reference, name, rest) =
            if first.starts_with(|c: char| c.is_ascii_digit() || c == '@') && !rest.is_empty() {
                let (id, reference) = header(first)?;
                let (name, rest) = split_word(rest);
                (id, reference, name, rest)
            } else if first.starts_with('@') || first.bytes().all(|b| b.is_ascii_digit()) {
                // `4` or `@4` alone: an ID with nothing after it.
                header(first)?;
                return Err(ParseError::NoName);
            } else {
                (None, None, first, rest)
            };
        if !name.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(ParseError::Name(crate::board::short(name)));
        }
        Ok(Some(Command {
            id,
            reference,
            name: name.to_ascii_lowercase(),
            args: args(rest)?,
        }))
    }
}

/// The first whitespace-separated word and the rest, trimmed.
fn split_word(s: &str) -> (&str, &str) {
    let s = s.trim_start();
    match s.find(|c: char| c.is_ascii_whitespace()) {
        Some(i) => (&s[..i], s[i..].trim_start()),
        None => (s, ""),
    }
}

/// `ID`, `@REF` or `ID@REF`.
fn header(word: &str) -> Result<(Option<u64>, Option<u64>), ParseError> {
    let bad = || ParseError::Header(crate::board::short(word));
    let (id, reference) = match word.split_once('@') {
        Some((i, r)) => (i, Some(r)),
        None => (word, None),
    };
    let number = |s: &str| -> Result<u64, ParseError> {
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        s.parse().map_err(|_| bad())
    };
    let id = if id.is_empty() {
        None
    } else {
        Some(number(id)?)
    };
    let reference = reference.map(number).transpose()?;
    Ok((id, reference))
}

/// The arguments after the name.
fn args(mut s: &str) -> Result<Vec<Arg>, ParseError> {
    let mut out = Vec::new();
    loop {
        s = s.trim_start();
        let Some(c) = s.chars().next() else {
            return Ok(out);
        };
        match c {
            '"' => {
                let (text, rest) = quoted(&s[1..])?;
                out.push(Arg::Quoted(text));
                s = rest;
            }
            '<' => {
                let end = s.find('>').ok_or(ParseError::Unclosed)?;
                // A board that does not read stays a word: the command decides whether it
                // needed a board, and says so.
                let raw = &s[..=end];
                out.push(match raw.parse::<Board>() {
                    Ok(b) => Arg::Board(b),
                    Err(_) => Arg::Word(raw.to_string()),
                });
                s = &s[end + 1..];
            }
            _ => {
                let (w, rest) = split_word(s);
                out.push(Arg::Word(w.to_string()));
                s = rest;
            }
        }
    }
}

/// The string after an opening quote, and what follows its closing quote.
fn quoted(s: &str) -> Result<(String, &str), ParseError> {
    let mut out = String::new();
    let mut chars = s.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return Ok((out, &s[i + 1..])),
            '\\' => match chars.next() {
                Some((_, 'n')) => out.push('\n'),
                Some((_, 't')) => out.push('\t'),
                Some((_, e)) => out.push(e),
                None => return Err(ParseError::Unquoted),
            },
            c => out.push(c),
        }
    }
    Err(ParseError::Unquoted)
}

impl FromStr for Command {
    type Err = ParseError;

    /// [`Command::parse_line`], with a blank line an error.
    fn from_str(s: &str) -> Result<Command, ParseError> {
        Command::parse_line(s)?.ok_or(ParseError::NoName)
    }
}

/// True when `s` can be sent bare and reads back as the same word.
fn is_bare(s: &str) -> bool {
    !s.is_empty()
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'+' | b'.' | b':'))
}

fn write_quoted(f: &mut fmt::Formatter<'_>, s: &str) -> fmt::Result {
    f.write_str("\"")?;
    for c in s.chars() {
        match c {
            '"' => f.write_str("\\\"")?,
            '\\' => f.write_str("\\\\")?,
            '\n' => f.write_str("\\n")?,
            '\t' => f.write_str("\\t")?,
            // Other control characters would break the line: they are left out.
            c if c.is_control() => {}
            c => write!(f, "{c}")?,
        }
    }
    f.write_str("\"")
}

/// The strict form: `ID@REF name args`, words bare only when they are plain words or
/// numbers, every string quoted with `\"`, `\\`, `\n` and `\t` escaped. No line end.
impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(id) = self.id {
            write!(f, "{id}")?;
        }
        if let Some(r) = self.reference {
            write!(f, "@{r}")?;
        }
        if self.id.is_some() || self.reference.is_some() {
            f.write_str(" ")?;
        }
        f.write_str(&self.name)?;
        for a in &self.args {
            f.write_str(" ")?;
            match a {
                Arg::Word(w) if is_bare(w) => f.write_str(w)?,
                Arg::Word(w) | Arg::Quoted(w) => write_quoted(f, w)?,
                Arg::Board(b) => write!(f, "{b}")?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Command {
        s.parse().unwrap_or_else(|e| panic!("{s:?}: {e}"))
    }

    fn texts(c: &Command) -> Vec<String> {
        c.args
            .iter()
            .map(|a| match a {
                Arg::Board(b) => b.to_string(),
                a => a.as_text().unwrap().to_string(),
            })
            .collect()
    }

    #[test]
    fn ids_and_references() {
        let c = parse("12@4 move 3");
        assert_eq!((c.id, c.reference), (Some(12), Some(4)));
        let c = parse("@4 move 3");
        assert_eq!((c.id, c.reference), (None, Some(4)));
        let c = parse("7 ping");
        assert_eq!((c.id, c.reference), (Some(7), None));
        let c = parse("goodbye");
        assert_eq!(
            (c.id, c.reference, c.name.as_str()),
            (None, None, "goodbye")
        );
        // kgp.py's odd IDs and Java's large ones.
        let c = parse("9223372036854775807@18446744073709551615 yield");
        assert_eq!(c.reference, Some(u64::MAX));
    }

    #[test]
    fn quoted_and_bare_words_are_the_same() {
        let a = parse("mode \"freeplay\"");
        let b = parse("mode freeplay");
        assert_eq!(texts(&a), texts(&b));
        let c = parse("3 set \"info:name\" \"my bot\"");
        assert_eq!(texts(&c), ["info:name", "my bot"]);
        assert_eq!(parse("@4 move \"3\"").arg(0).unwrap().as_int(), Some(3));
        assert_eq!(parse("@4 move +3").arg(0).unwrap().as_int(), Some(3));
        assert_eq!(parse("x 0.5 -.5").arg(1).unwrap().as_real(), Some(-0.5));
    }

    #[test]
    fn escapes_in_strings() {
        let c = parse(r#"set info:comment "say \"hi\"\n\\ok\t\x""#);
        assert_eq!(c.arg(1).unwrap().as_text(), Some("say \"hi\"\n\\ok\tx"));
        // Adjacent strings are two arguments.
        assert_eq!(texts(&parse(r#"x "a""b""#)), ["a", "b"]);
    }

    /// The spec's grammar writes `*1` (at most one) where it means one or more: IDs of many
    /// digits, names of many letters, runs of spaces and tabs between the parts.
    #[test]
    fn abnf_star_one_means_one_or_more() {
        let c = parse("1234@5678 \t  move \t 12");
        assert_eq!((c.id, c.reference), (Some(1234), Some(5678)));
        assert_eq!(c.arg(0).unwrap().as_int(), Some(12));
        let c =
            parse("state <12,100,0,10,10,10,10,10,10,10,10,10,10,10,10,0,0,0,0,0,0,0,0,0,0,0,0>");
        assert_eq!(c.arg(0).unwrap().as_board().unwrap().own_store, 100);
    }

    #[test]
    fn line_ends_and_blank_lines() {
        assert_eq!(parse("7 ping\r\n"), parse("7 ping"));
        assert_eq!(parse("  7   ping \n"), parse("7 ping"));
        assert_eq!(Command::parse_line("\r\n"), Ok(None));
        assert_eq!(Command::parse_line("   "), Ok(None));
        assert_eq!(parse("PING").name, "ping");
    }

    #[test]
    fn boards_in_lines() {
        let c = parse("4 state <6,0,0,4,4,4,4,4,4,4,4,4,4,4,4>");
        assert!(matches!(c.arg(0), Some(Arg::Board(_))));
        let c = parse("solution \"<1,0,0,1,0>\" 0");
        assert_eq!(c.arg(0).unwrap().as_board().unwrap().houses(), 1);
        // A bad board is still an argument: the command's meaning decides.
        let c = parse("state <2,0,0,1>");
        assert!(c.arg(0).unwrap().as_board().is_err());
    }

    #[test]
    fn hostile_lines_are_errors() {
        let long = format!("x {}", "a".repeat(MAX_LINE));
        let cases: Vec<(&str, ParseError)> = vec![
            ("@4", ParseError::NoName),
            ("4", ParseError::NoName),
            ("4x@ move", ParseError::Header("4x@".into())),
            ("4@ move", ParseError::Header("4@".into())),
            (
                "99999999999999999999 move",
                ParseError::Header("99999999999999999999".into()),
            ),
            ("mo-ve 1", ParseError::Name("mo-ve".into())),
            ("set \"info:name", ParseError::Unquoted),
            ("set \"a\\", ParseError::Unquoted),
            ("state <6,0,0,4", ParseError::Unclosed),
            ("ping\0", ParseError::Control(0)),
            ("pi\x1bng", ParseError::Control(0x1b)),
            (&long, ParseError::TooLong(long.len())),
        ];
        for (s, e) in cases {
            assert_eq!(s.parse::<Command>(), Err(e), "{s:?}");
        }
        // Non-ASCII names are refused, non-ASCII strings are fine.
        assert!(matches!(
            "zügel 1".parse::<Command>(),
            Err(ParseError::Name(_))
        ));
        assert_eq!(
            parse("set info:name \"Zügel ✓\"").arg(1).unwrap().as_text(),
            Some("Zügel ✓")
        );
    }

    #[test]
    fn printing_is_strict() {
        let c = Command::new("error")
            .with_id(3)
            .with_ref(8)
            .text("no \"such\"\nstate");
        assert_eq!(c.to_string(), r#"3@8 error "no \"such\"\nstate""#);
        assert_eq!(
            Command::new("kgp").int(1).int(0).int(1).to_line(),
            "kgp 1 0 1\r\n"
        );
        // A word that would not read back bare is quoted.
        let c = Command::new("set").arg_word("a b");
        assert_eq!(c.to_string(), "set \"a b\"");
        assert_eq!(parse(&c.to_string()).arg(0).unwrap().as_text(), Some("a b"));
    }

    impl Command {
        fn arg_word(mut self, w: &str) -> Command {
            self.args.push(Arg::Word(w.to_string()));
            self
        }
    }
}
