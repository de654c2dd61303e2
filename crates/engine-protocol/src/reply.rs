//! What the engine sends to the runner.

use crate::error::ParseError;
use crate::words::Words;
use kalah_rules::Move;
use std::fmt;

/// One line from the engine to the runner.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply {
    /// `id name NAME...`
    IdName(String),
    /// `id author NAME...`
    IdAuthor(String),
    /// `option name NAME type KIND [default V] [min N] [max N] [var V]...`
    Option(EngineOption),
    /// `kepok`: the end of the handshake.
    KepOk,
    /// `readyok`: the answer to `isready`.
    ReadyOk,
    /// `info ...`: progress of a search, or a message.
    Info(Info),
    /// `bestmove MOVE`, or `bestmove none` when the position has no legal move.
    BestMove(Option<Move>),
}

/// How deep an iteration looked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Depth {
    /// This many sowings (an extra turn's sowings count too).
    Sowings(u32),
    /// To the end of the game.
    End,
}

/// An `info` line. Every field is optional; `string` runs to the end of the line, `pv` to
/// `string` or the end.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Info {
    pub depth: Option<Depth>,
    /// Final margin in seeds for the side to move (its store minus the other's at the end).
    pub score: Option<i32>,
    /// The score is proven, not an estimate.
    pub exact: bool,
    pub nodes: Option<u64>,
    /// Milliseconds since `go`.
    pub time: Option<u64>,
    pub nps: Option<u64>,
    pub pv: Vec<Move>,
    /// Free text: a message for the runner's log (errors start with `error:`).
    pub string: Option<String>,
}

impl Info {
    /// An `info string TEXT` line.
    pub fn text(s: impl Into<String>) -> Info {
        Info {
            string: Some(s.into()),
            ..Info::default()
        }
    }
}

/// The kinds of option, as in UCI.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OptionKind {
    Spin,
    Check,
    Combo,
    String,
    Button,
}

impl OptionKind {
    fn name(self) -> &'static str {
        match self {
            OptionKind::Spin => "spin",
            OptionKind::Check => "check",
            OptionKind::Combo => "combo",
            OptionKind::String => "string",
            OptionKind::Button => "button",
        }
    }
}

/// An option the engine offers; names and values are single words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineOption {
    pub name: String,
    pub kind: OptionKind,
    pub default: Option<String>,
    pub min: Option<i64>,
    pub max: Option<i64>,
    pub vars: Vec<String>,
}

impl Reply {
    /// Reads one line (without its line end). `Ok(None)` for a blank line.
    ///
    /// # Errors
    /// A [`ParseError`] naming what was wrong.
    pub fn parse(line: &str) -> Result<Option<Reply>, ParseError> {
        let mut w = Words::new(line)?;
        let Some(word) = w.next() else {
            return Ok(None);
        };
        let reply = match word {
            "id" => {
                let key = w.next();
                let value = w.rest().to_string();
                w.finish();
                match key {
                    Some("name") => Reply::IdName(value),
                    Some("author") => Reply::IdAuthor(value),
                    _ => {
                        return Err(ParseError::Missing {
                            command: "id",
                            what: "`name` or `author`",
                        })
                    }
                }
            }
            "option" => Reply::Option(parse_option(&mut w)?),
            "kepok" => Reply::KepOk,
            "readyok" => Reply::ReadyOk,
            "info" => Reply::Info(parse_info(&mut w)?),
            "bestmove" => match w.next() {
                Some("none") => Reply::BestMove(None),
                Some(m) => Reply::BestMove(Some(
                    m.parse().map_err(|_| ParseError::Move(m.to_string()))?,
                )),
                None => {
                    return Err(ParseError::Missing {
                        command: "bestmove",
                        what: "a move",
                    })
                }
            },
            other => return Err(ParseError::Unknown(other.to_string())),
        };
        match w.next() {
            Some(extra) => Err(ParseError::Unexpected {
                command: "reply",
                word: extra.to_string(),
            }),
            None => Ok(Some(reply)),
        }
    }
}

fn parse_option(w: &mut Words) -> Result<EngineOption, ParseError> {
    let missing = ParseError::Missing {
        command: "option",
        what: "`name NAME type KIND`",
    };
    if w.next() != Some("name") {
        return Err(missing);
    }
    let name = w.next().ok_or(missing.clone())?.to_string();
    if w.next() != Some("type") {
        return Err(missing);
    }
    let kind = match w.next() {
        Some("spin") => OptionKind::Spin,
        Some("check") => OptionKind::Check,
        Some("combo") => OptionKind::Combo,
        Some("string") => OptionKind::String,
        Some("button") => OptionKind::Button,
        _ => return Err(missing),
    };
    let mut o = EngineOption {
        name,
        kind,
        default: None,
        min: None,
        max: None,
        vars: Vec::new(),
    };
    while let Some(key) = w.next() {
        let value = || ParseError::Missing {
            command: "option",
            what: "a value after default, min, max or var",
        };
        match key {
            "default" => o.default = Some(w.next().ok_or_else(value)?.to_string()),
            "min" => o.min = Some(w.number("min")?),
            "max" => o.max = Some(w.number("max")?),
            "var" => o.vars.push(w.next().ok_or_else(value)?.to_string()),
            other => {
                return Err(ParseError::Unexpected {
                    command: "option",
                    word: other.to_string(),
                })
            }
        }
    }
    Ok(o)
}

fn parse_info(w: &mut Words) -> Result<Info, ParseError> {
    let mut info = Info::default();
    while let Some(key) = w.next() {
        match key {
            "depth" => {
                info.depth = Some(if w.peek() == Some("end") {
                    w.next();
                    Depth::End
                } else {
                    Depth::Sowings(w.number("depth")?)
                })
            }
            "score" => info.score = Some(w.number("score")?),
            "exact" => info.exact = true,
            "nodes" => info.nodes = Some(w.number("nodes")?),
            "time" => info.time = Some(w.number("time")?),
            "nps" => info.nps = Some(w.number("nps")?),
            "pv" => info.pv = w.moves(Some("string"))?,
            "string" => {
                info.string = Some(w.rest().to_string());
                w.finish();
            }
            other => {
                return Err(ParseError::Unexpected {
                    command: "info",
                    word: other.to_string(),
                })
            }
        }
    }
    Ok(info)
}

impl fmt::Display for Reply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reply::IdName(n) => write!(f, "id name {n}"),
            Reply::IdAuthor(a) => write!(f, "id author {a}"),
            Reply::Option(o) => o.fmt(f),
            Reply::KepOk => f.write_str("kepok"),
            Reply::ReadyOk => f.write_str("readyok"),
            Reply::Info(i) => i.fmt(f),
            Reply::BestMove(Some(m)) => write!(f, "bestmove {m}"),
            Reply::BestMove(None) => f.write_str("bestmove none"),
        }
    }
}

impl fmt::Display for EngineOption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "option name {} type {}", self.name, self.kind.name())?;
        if let Some(d) = &self.default {
            write!(f, " default {d}")?;
        }
        if let Some(m) = self.min {
            write!(f, " min {m}")?;
        }
        if let Some(m) = self.max {
            write!(f, " max {m}")?;
        }
        for v in &self.vars {
            write!(f, " var {v}")?;
        }
        Ok(())
    }
}

impl fmt::Display for Info {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("info")?;
        match self.depth {
            Some(Depth::Sowings(d)) => write!(f, " depth {d}")?,
            Some(Depth::End) => f.write_str(" depth end")?,
            None => {}
        }
        if let Some(s) = self.score {
            write!(f, " score {s}")?;
        }
        if self.exact {
            f.write_str(" exact")?;
        }
        let numbers = [
            ("nodes", self.nodes),
            ("time", self.time),
            ("nps", self.nps),
        ];
        for (key, value) in numbers {
            if let Some(v) = value {
                write!(f, " {key} {v}")?;
            }
        }
        if !self.pv.is_empty() {
            f.write_str(" pv")?;
            for m in &self.pv {
                write!(f, " {m}")?;
            }
        }
        if let Some(s) = &self.string {
            write!(f, " string {s}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Reply {
        Reply::parse(line)
            .unwrap_or_else(|e| panic!("{line:?}: {e}"))
            .unwrap_or_else(|| panic!("{line:?} is blank"))
    }

    #[test]
    fn handshake_replies() {
        assert_eq!(
            parse("id name kalah 0.1.0"),
            Reply::IdName("kalah 0.1.0".into())
        );
        assert_eq!(
            parse("id author A and B"),
            Reply::IdAuthor("A and B".into())
        );
        assert_eq!(parse("kepok"), Reply::KepOk);
        assert_eq!(parse("readyok"), Reply::ReadyOk);
        let Reply::Option(o) =
            parse("option name level type combo default perfect var club var perfect")
        else {
            panic!()
        };
        assert_eq!(o.kind, OptionKind::Combo);
        assert_eq!(o.vars, vec!["club", "perfect"]);
        let Reply::Option(o) = parse("option name hash type spin default 16 min 1 max 4096") else {
            panic!()
        };
        assert_eq!((o.min, o.max), (Some(1), Some(4096)));
    }

    #[test]
    fn info_lines() {
        let Reply::Info(i) =
            parse("info depth 7 score -3 nodes 1234 time 5 nps 246800 pv 3 1 swap")
        else {
            panic!()
        };
        assert_eq!(i.depth, Some(Depth::Sowings(7)));
        assert_eq!(i.score, Some(-3));
        assert!(!i.exact);
        assert_eq!(i.pv, vec![Move::Sow(3), Move::Sow(1), Move::Swap]);
        let Reply::Info(i) = parse("info depth end score 2 exact pv 6") else {
            panic!()
        };
        assert_eq!(i.depth, Some(Depth::End));
        assert!(i.exact);
        let Reply::Info(i) = parse("info string error: unknown command \"uci\"  ") else {
            panic!()
        };
        assert_eq!(i.string.as_deref(), Some("error: unknown command \"uci\""));
    }

    #[test]
    fn bestmove() {
        assert_eq!(parse("bestmove 6"), Reply::BestMove(Some(Move::Sow(6))));
        assert_eq!(parse("bestmove swap"), Reply::BestMove(Some(Move::Swap)));
        assert_eq!(parse("bestmove none"), Reply::BestMove(None));
        assert!(Reply::parse("bestmove").is_err());
        assert!(Reply::parse("bestmove 0").is_err());
        assert!(Reply::parse("bestmove 3 ponder 4").is_err());
    }

    #[test]
    fn printed_replies_parse_back() {
        for line in [
            "id name x y",
            "option name threads type spin default 1 min 1 max 64",
            "info depth 3 score 1 nodes 10 time 0 pv 1 2",
            "info depth end score -4 exact nodes 99 pv 6 swap 1",
            "info string hello there",
            "bestmove 12",
            "bestmove none",
        ] {
            let r = parse(line);
            assert_eq!(r.to_string(), line);
        }
    }
}
