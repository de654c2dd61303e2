//! What the runner sends to the engine.

use crate::error::ParseError;
use crate::words::Words;
use kalah_rules::{parse_setup, Move, Rules, Setup, Side};
use std::fmt;

/// One line from the runner to the engine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// `kep [version]`: start of the handshake; the engine answers `id`, `option` and `kepok`.
    Kep(Option<u32>),
    /// `setoption name NAME [value VALUE...]`: the value runs to the end of the line.
    SetOption { name: String, value: Option<String> },
    /// `newgame [RULES]`: a new game under these rules (a preset and/or `name=value` words as
    /// `Rules` parses them; the standard rules when empty).
    NewGame(Rules),
    /// `isready`: the engine answers `readyok` once it has done everything asked before.
    IsReady,
    /// `position (startpos [S|N] | board <...> S|N [pie=...]) [moves M...]`.
    Position(PositionCommand),
    /// `go [movetime MS] [stime MS] [ntime MS] [sinc MS] [ninc MS] [depth D] [nodes N]
    /// [infinite]`.
    Go(Go),
    /// `stop`: end the search now and answer `bestmove`.
    Stop,
    /// `quit`: exit as soon as possible.
    Quit,
}

/// Where a `position` command starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Start {
    /// The rules' start position with this side to move first.
    StartPos(Side),
    /// A board in the position notation, not yet checked against the rules.
    Board(Setup),
}

/// A position: a start and the moves played from it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionCommand {
    pub start: Start,
    pub moves: Vec<Move>,
}

/// The limits of a search. Times are milliseconds; `stime`/`ntime` are South's and North's
/// clocks and `sinc`/`ninc` their increments per move. With none of them set the engine
/// searches by its own default.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Go {
    pub movetime: Option<u64>,
    pub stime: Option<u64>,
    pub ntime: Option<u64>,
    pub sinc: Option<u64>,
    pub ninc: Option<u64>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// Search until `stop` (the engine answers only then, even when it has proven the value).
    pub infinite: bool,
}

impl Go {
    /// The clock of `side` and its increment, when the runner sent one.
    pub fn clock(&self, side: Side) -> Option<(u64, u64)> {
        match side {
            Side::South => self.stime.map(|t| (t, self.sinc.unwrap_or(0))),
            Side::North => self.ntime.map(|t| (t, self.ninc.unwrap_or(0))),
        }
    }
}

impl Command {
    /// Reads one line (without its line end). `Ok(None)` for a blank line, which the
    /// protocol ignores.
    ///
    /// # Errors
    /// A [`ParseError`] naming the command and what was wrong with it.
    pub fn parse(line: &str) -> Result<Option<Command>, ParseError> {
        let mut w = Words::new(line)?;
        let Some(word) = w.next() else {
            return Ok(None);
        };
        let cmd = match word {
            "kep" => Command::Kep(match w.next() {
                None => None,
                Some(v) => Some(v.parse().map_err(|_| ParseError::Number {
                    key: "kep",
                    value: v.to_string(),
                })?),
            }),
            "setoption" => parse_setoption(&mut w)?,
            "newgame" => {
                let rules = w.rest();
                w.finish();
                Command::NewGame(rules.parse()?)
            }
            "isready" => Command::IsReady,
            "position" => Command::Position(parse_position(&mut w)?),
            "go" => Command::Go(parse_go(&mut w)?),
            "stop" => Command::Stop,
            "quit" => Command::Quit,
            other => return Err(ParseError::Unknown(other.to_string())),
        };
        match w.next() {
            Some(extra) => Err(ParseError::Unexpected {
                command: name(&cmd),
                word: extra.to_string(),
            }),
            None => Ok(Some(cmd)),
        }
    }
}

fn name(cmd: &Command) -> &'static str {
    match cmd {
        Command::Kep(_) => "kep",
        Command::SetOption { .. } => "setoption",
        Command::NewGame(_) => "newgame",
        Command::IsReady => "isready",
        Command::Position(_) => "position",
        Command::Go(_) => "go",
        Command::Stop => "stop",
        Command::Quit => "quit",
    }
}

fn parse_setoption(w: &mut Words) -> Result<Command, ParseError> {
    let missing = ParseError::Missing {
        command: "setoption",
        what: "`name NAME`",
    };
    if w.next() != Some("name") {
        return Err(missing);
    }
    let name = w.next().ok_or(missing)?.to_string();
    let value = match w.next() {
        None => None,
        Some("value") => {
            let v = w.rest().to_string();
            w.finish();
            Some(v)
        }
        Some(other) => {
            return Err(ParseError::Unexpected {
                command: "setoption",
                word: other.to_string(),
            })
        }
    };
    Ok(Command::SetOption { name, value })
}

fn parse_position(w: &mut Words) -> Result<PositionCommand, ParseError> {
    let start = match w.next() {
        Some("startpos") => {
            let side = match w.peek() {
                Some("S") | Some("s") => Some(Side::South),
                Some("N") | Some("n") => Some(Side::North),
                _ => None,
            };
            if side.is_some() {
                w.next();
            }
            Start::StartPos(side.unwrap_or(Side::South))
        }
        Some("board") => {
            // The board may hold blanks (`<6, 0, 0, ...>`): read to its closing bracket, then
            // the side to move and the pie stage, up to `moves`.
            let board = w.take_through('>').ok_or(ParseError::Missing {
                command: "position",
                what: "a board <n,S,N,s1..sn,n1..nn> after `board`",
            })?;
            let mut text = board.to_string();
            while let Some(word) = w.peek().filter(|&x| x != "moves") {
                text.push(' ');
                text.push_str(word);
                w.next();
            }
            Start::Board(parse_setup(&text)?)
        }
        Some(other) => {
            return Err(ParseError::Unexpected {
                command: "position",
                word: other.to_string(),
            })
        }
        None => {
            return Err(ParseError::Missing {
                command: "position",
                what: "`startpos` or `board <...> S|N`",
            })
        }
    };
    let moves = match w.next() {
        None => Vec::new(),
        Some("moves") => w.moves(None)?,
        Some(other) => {
            return Err(ParseError::Unexpected {
                command: "position",
                word: other.to_string(),
            })
        }
    };
    Ok(PositionCommand { start, moves })
}

fn parse_go(w: &mut Words) -> Result<Go, ParseError> {
    let mut go = Go::default();
    while let Some(key) = w.next() {
        match key {
            "movetime" => go.movetime = Some(w.number("movetime")?),
            "stime" => go.stime = Some(w.number("stime")?),
            "ntime" => go.ntime = Some(w.number("ntime")?),
            "sinc" => go.sinc = Some(w.number("sinc")?),
            "ninc" => go.ninc = Some(w.number("ninc")?),
            "depth" => go.depth = Some(w.number("depth")?),
            "nodes" => go.nodes = Some(w.number("nodes")?),
            "infinite" => go.infinite = true,
            other => {
                return Err(ParseError::Unexpected {
                    command: "go",
                    word: other.to_string(),
                })
            }
        }
    }
    if go.depth == Some(0) {
        return Err(ParseError::Number {
            key: "depth",
            value: "0".into(),
        });
    }
    Ok(go)
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Kep(None) => f.write_str("kep"),
            Command::Kep(Some(v)) => write!(f, "kep {v}"),
            Command::SetOption { name, value } => {
                write!(f, "setoption name {name}")?;
                match value {
                    Some(v) => write!(f, " value {v}"),
                    None => Ok(()),
                }
            }
            Command::NewGame(rules) => write!(f, "newgame {rules}"),
            Command::IsReady => f.write_str("isready"),
            Command::Position(p) => p.fmt(f),
            Command::Go(go) => go.fmt(f),
            Command::Stop => f.write_str("stop"),
            Command::Quit => f.write_str("quit"),
        }
    }
}

impl fmt::Display for PositionCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.start {
            Start::StartPos(side) => write!(f, "position startpos {}", side.letter())?,
            Start::Board(setup) => write!(f, "position board {setup}")?,
        }
        if !self.moves.is_empty() {
            f.write_str(" moves")?;
            for m in &self.moves {
                write!(f, " {m}")?;
            }
        }
        Ok(())
    }
}

impl fmt::Display for Go {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("go")?;
        let numbers = [
            ("movetime", self.movetime),
            ("stime", self.stime),
            ("ntime", self.ntime),
            ("sinc", self.sinc),
            ("ninc", self.ninc),
            ("depth", self.depth.map(u64::from)),
            ("nodes", self.nodes),
        ];
        for (key, value) in numbers {
            if let Some(v) = value {
                write!(f, " {key} {v}")?;
            }
        }
        if self.infinite {
            f.write_str(" infinite")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kalah_rules::PieStage;

    fn parse(line: &str) -> Command {
        Command::parse(line)
            .unwrap_or_else(|e| panic!("{line:?}: {e}"))
            .unwrap_or_else(|| panic!("{line:?} is blank"))
    }

    fn error(line: &str) -> String {
        match Command::parse(line) {
            Err(e) => e.to_string(),
            Ok(c) => panic!("{line:?} parsed as {c:?}"),
        }
    }

    #[test]
    fn handshake_and_simple_commands() {
        assert_eq!(parse("kep"), Command::Kep(None));
        assert_eq!(parse("  kep 1\r"), Command::Kep(Some(1)));
        assert_eq!(parse("isready"), Command::IsReady);
        assert_eq!(parse("stop"), Command::Stop);
        assert_eq!(parse("quit"), Command::Quit);
        assert_eq!(Command::parse("   ").unwrap(), None);
        assert_eq!(Command::parse("").unwrap(), None);
    }

    #[test]
    fn setoption_values_run_to_the_end_of_the_line() {
        assert_eq!(
            parse("setoption name book value /tmp/my book.txt"),
            Command::SetOption {
                name: "book".into(),
                value: Some("/tmp/my book.txt".into())
            }
        );
        assert_eq!(
            parse("setoption name clear"),
            Command::SetOption {
                name: "clear".into(),
                value: None
            }
        );
        assert!(error("setoption hash 5").contains("name NAME"));
    }

    #[test]
    fn newgame_takes_our_rule_words() {
        let Command::NewGame(r) = parse("newgame houses=8 seeds=8 capture=standard") else {
            panic!()
        };
        assert_eq!((r.houses(), r.seeds()), (8, 8));
        let Command::NewGame(r) = parse("newgame") else {
            panic!()
        };
        assert_eq!(r, Rules::standard());
        let Command::NewGame(r) = parse("newgame empty-capture pie=yes") else {
            panic!()
        };
        assert!(r.pie());
        assert!(error("newgame houses=99").contains("houses"));
        assert!(error("newgame capture=sometimes").contains("capture"));
    }

    #[test]
    fn positions_from_the_start_or_a_board() {
        let Command::Position(p) = parse("position startpos moves 3 1-2 swap") else {
            panic!()
        };
        assert_eq!(p.start, Start::StartPos(Side::South));
        assert_eq!(
            p.moves,
            vec![Move::Sow(3), Move::Sow(1), Move::Sow(2), Move::Swap]
        );
        let Command::Position(p) = parse("position startpos N") else {
            panic!()
        };
        assert_eq!(p.start, Start::StartPos(Side::North));
        let Command::Position(p) =
            parse("position board <6, 1,0, 4,4,0,5,5,5,4,4,4,4,4,4> N pie=offer moves 2")
        else {
            panic!()
        };
        let Start::Board(s) = &p.start else { panic!() };
        assert_eq!(s.to_move, Side::North);
        assert_eq!(s.pie, PieStage::Offer);
        assert_eq!(s.houses.south, vec![4, 4, 0, 5, 5, 5]);
        assert_eq!(p.moves, vec![Move::Sow(2)]);
    }

    #[test]
    fn bad_positions_say_why() {
        assert!(error("position").contains("startpos"));
        assert!(error("position board 6,0,0 S").contains("board"));
        assert!(error("position board <6,0,0,4> S").contains("numbers"));
        assert!(error("position board <3,0,0,1,1,1,1,1,1>").contains("side to move"));
        assert!(error("position startpos moves 3 x").contains("bad move"));
        assert!(error("position startpos moves 0").contains("bad move"));
        assert!(error("position startpos later").contains("later"));
    }

    #[test]
    fn go_limits() {
        assert_eq!(
            parse("go movetime 250"),
            Command::Go(Go {
                movetime: Some(250),
                ..Go::default()
            })
        );
        let Command::Go(go) = parse("go stime 60000 ntime 59000 sinc 100 ninc 100 depth 9") else {
            panic!()
        };
        assert_eq!(go.clock(Side::South), Some((60000, 100)));
        assert_eq!(go.clock(Side::North), Some((59000, 100)));
        assert_eq!(go.depth, Some(9));
        let Command::Go(go) = parse("go infinite") else {
            panic!()
        };
        assert!(go.infinite);
        assert!(error("go movetime").contains("movetime"));
        assert!(error("go movetime -5").contains("whole number"));
        assert!(error("go depth 0").contains("depth"));
        assert!(error("go ponder").contains("ponder"));
    }

    #[test]
    fn unknown_and_overlong_lines() {
        assert_eq!(error("uci"), "unknown command \"uci\"");
        assert!(error("isready now").contains("now"));
        let long = format!("go {}", "x".repeat(crate::MAX_LINE));
        assert!(error(&long).contains("longer"));
    }

    #[test]
    fn printed_commands_parse_back() {
        for line in [
            "kep 1",
            "setoption name hash value 64",
            "isready",
            "position startpos N moves 3 1 swap",
            "position board <3,1,0,2,2,0,2,2,2> N",
            "go movetime 100 depth 4 infinite",
            "go stime 1000 ntime 2000 sinc 10 ninc 20 nodes 5000",
            "stop",
            "quit",
        ] {
            let cmd = parse(line);
            assert_eq!(cmd.to_string(), line);
            assert_eq!(parse(&cmd.to_string()), cmd);
        }
        let cmd = parse("newgame bga");
        assert_eq!(parse(&cmd.to_string()), cmd);
    }
}
