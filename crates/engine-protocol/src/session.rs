//! An engine's side of the protocol, without I/O: it takes one line at a time, keeps the
//! rules, the position and the options' values, answers what needs no search, and tells the
//! caller what to do (set an option, start a game, search, stop, quit). `kalah engine` runs
//! its searches on threads and writes the replies; a Rust bot can do the same.

use crate::{Command, EngineOption, Go, Info, Line, OptionKind, PositionCommand, Reply, Start};
use kalah_rules::{Position, Rules, Side};

/// What the caller is to do with a line.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// Send this reply.
    Reply(Reply),
    /// Set option `name` (as declared) to `value` (a spin or check value already checked
    /// against its declaration). The caller refuses a value it cannot use with
    /// [`Session::refuse`] and shows one it took with [`Session::took`].
    SetOption { name: String, value: String },
    /// A new game under these rules: forget what was learnt of the last one.
    NewGame(Rules),
    /// Search `pos` within `go`; `game` counts the games since the start (for seeds).
    Go { pos: Position, go: Go, game: u64 },
    /// Stop the search under way; it answers `bestmove` as usual.
    Stop,
    /// End: answer a search under way, then exit.
    Quit,
}

/// The engine's protocol state.
#[derive(Debug, Clone)]
pub struct Session {
    name: String,
    author: String,
    /// The options offered, each with its current value as `default`.
    options: Vec<EngineOption>,
    rules: Rules,
    /// The position of the last `position` command, or why it was refused.
    position: Result<Position, String>,
    games: u64,
}

/// An `info string error: ...` line.
pub fn error(text: impl std::fmt::Display) -> Reply {
    Reply::Info(Info::text(format!("error: {text}")))
}

impl Session {
    /// A session for the engine `name` by `author`, offering `options` (their `default`s are
    /// the values now), in a game of `rules` from the start.
    pub fn new(name: &str, author: &str, options: Vec<EngineOption>, rules: Rules) -> Session {
        Session {
            name: name.to_string(),
            author: author.to_string(),
            options,
            rules,
            position: Ok(Position::start(rules, Side::South)),
            games: 0,
        }
    }

    /// The rules of the game being played.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Takes one line; `searching` says whether a search is under way (one that answered
    /// `bestmove` is not).
    pub fn handle(&mut self, line: Line, searching: bool) -> Vec<Action> {
        let text = match line {
            Line::Text(t) => t,
            Line::TooLong(n) => {
                return refused(format!("a line of {n} bytes is too long; ignored"))
            }
        };
        let cmd = match Command::parse(&text) {
            Ok(Some(cmd)) => cmd,
            Ok(None) => return Vec::new(),
            Err(e) => return refused(format!("{e}; ignored")),
        };
        let busy = |what: &str| refused(format!("a search is running: send stop first; {what}"));
        match cmd {
            Command::Kep(_) => self.handshake(),
            Command::SetOption { .. } if searching => busy("option not set"),
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::NewGame(_) if searching => busy("newgame ignored"),
            Command::NewGame(rules) => {
                self.rules = rules;
                self.position = Ok(Position::start(rules, Side::South));
                self.games += 1;
                vec![Action::NewGame(rules)]
            }
            Command::IsReady => vec![Action::Reply(Reply::ReadyOk)],
            Command::Position(p) => match self.build(&p) {
                Ok(pos) => {
                    self.position = Ok(pos);
                    Vec::new()
                }
                Err(e) => {
                    self.position = Err(e.clone());
                    refused(format!("{e}; no position until a good `position` command"))
                }
            },
            Command::Go(_) if searching => busy("go ignored"),
            Command::Go(go) => match &self.position {
                Ok(pos) => vec![Action::Go {
                    pos: *pos,
                    go,
                    game: self.games,
                }],
                Err(why) => refused(format!("no position to search ({why})")),
            },
            Command::Stop => vec![Action::Stop],
            Command::Quit => vec![Action::Quit],
        }
    }

    /// The error reply for an option value the caller cannot use.
    pub fn refuse(&self, why: impl std::fmt::Display) -> Reply {
        error(why)
    }

    /// Shows `value` as the current value of option `name` in later handshakes.
    pub fn took(&mut self, name: &str, value: &str) {
        if let Some(o) = self.options.iter_mut().find(|o| o.name == name) {
            o.default = Some(value.to_string());
        }
    }

    fn handshake(&self) -> Vec<Action> {
        let mut out = vec![
            Reply::IdName(self.name.clone()),
            Reply::IdAuthor(self.author.clone()),
        ];
        out.extend(self.options.iter().cloned().map(Reply::Option));
        out.push(Reply::KepOk);
        out.into_iter().map(Action::Reply).collect()
    }

    fn set_option(&self, name: &str, value: Option<&str>) -> Vec<Action> {
        let Some(option) = self
            .options
            .iter()
            .find(|o| o.name.eq_ignore_ascii_case(name))
        else {
            return refused(format!(
                "unknown option {name:?}: the options are {}",
                listed(self.options.iter().map(|o| o.name.as_str()))
            ));
        };
        let value = value.unwrap_or("").trim();
        match checked(option, value) {
            Ok(value) => vec![Action::SetOption {
                name: option.name.clone(),
                value,
            }],
            Err(why) => refused(why),
        }
    }

    fn build(&self, p: &PositionCommand) -> Result<Position, String> {
        let mut pos = match &p.start {
            Start::StartPos(side) => Position::start(self.rules, *side),
            Start::Board(setup) => {
                Position::from_setup(self.rules, setup).map_err(|e| e.to_string())?
            }
        };
        for (i, &m) in p.moves.iter().enumerate() {
            pos.play(m)
                .map_err(|e| format!("move {} ({m}) is illegal: {e}", i + 1))?;
        }
        Ok(pos)
    }
}

fn refused(text: String) -> Vec<Action> {
    vec![Action::Reply(error(text))]
}

/// `a, b and c`.
fn listed<'a>(names: impl Iterator<Item = &'a str>) -> String {
    let names: Vec<&str> = names.collect();
    match names.split_last() {
        None => "none".to_string(),
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// A spin's or check's value as declared; other kinds are the caller's to judge.
fn checked(option: &EngineOption, value: &str) -> Result<String, String> {
    let name = &option.name;
    match option.kind {
        OptionKind::Spin => {
            let (min, max) = (
                option.min.unwrap_or(i64::MIN),
                option.max.unwrap_or(i64::MAX),
            );
            value
                .parse::<i64>()
                .ok()
                .filter(|v| (min..=max).contains(v))
                .map(|v| v.to_string())
                .ok_or_else(|| format!("option {name} takes a whole number {min} to {max}"))
        }
        OptionKind::Check => match value {
            "true" | "false" => Ok(value.to_string()),
            _ => Err(format!("option {name} takes true or false")),
        },
        _ => Ok(value.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kalah_rules::Move;

    fn spin(name: &str, default: i64, min: i64, max: i64) -> EngineOption {
        EngineOption {
            name: name.into(),
            kind: OptionKind::Spin,
            default: Some(default.to_string()),
            min: Some(min),
            max: Some(max),
            vars: Vec::new(),
        }
    }

    fn session() -> Session {
        let check = EngineOption {
            name: "egdb".into(),
            kind: OptionKind::Check,
            default: Some("true".into()),
            min: None,
            max: None,
            vars: Vec::new(),
        };
        let rules = Rules::default();
        Session::new("bot 1", "us", vec![spin("hash", 16, 1, 64), check], rules)
    }

    fn line(s: &str) -> Line {
        Line::Text(s.into())
    }

    fn errors(actions: &[Action]) -> Vec<String> {
        actions
            .iter()
            .filter_map(|a| match a {
                Action::Reply(Reply::Info(i)) => i.string.clone(),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn the_handshake_lists_the_options_with_their_values_now() {
        let mut s = session();
        let out = s.handle(line("kep 1"), false);
        assert_eq!(out.len(), 5);
        assert_eq!(out[0], Action::Reply(Reply::IdName("bot 1".into())));
        assert_eq!(out[4], Action::Reply(Reply::KepOk));
        s.took("hash", "32");
        let out = s.handle(line("kep 1"), false);
        let Action::Reply(Reply::Option(o)) = &out[2] else {
            panic!("{out:?}")
        };
        assert_eq!(o.default.as_deref(), Some("32"));
    }

    #[test]
    fn options_are_checked_against_their_declarations() {
        let mut s = session();
        assert_eq!(
            s.handle(line("setoption name HASH value 32"), false),
            [Action::SetOption {
                name: "hash".into(),
                value: "32".into()
            }]
        );
        let e = errors(&s.handle(line("setoption name hash value 65"), false));
        assert_eq!(e, ["error: option hash takes a whole number 1 to 64"]);
        let e = errors(&s.handle(line("setoption name egdb value yes"), false));
        assert_eq!(e, ["error: option egdb takes true or false"]);
        let e = errors(&s.handle(line("setoption name depth value 3"), false));
        assert_eq!(
            e,
            ["error: unknown option \"depth\": the options are hash and egdb"]
        );
        let e = errors(&s.handle(line("setoption name hash value 8"), true));
        assert_eq!(
            e,
            ["error: a search is running: send stop first; option not set"]
        );
    }

    #[test]
    fn positions_and_go() {
        let mut s = session();
        assert!(s
            .handle(line("position startpos moves 3"), false)
            .is_empty());
        let out = s.handle(line("go depth 4"), false);
        let [Action::Go { pos, go, game: 0 }] = &out[..] else {
            panic!("{out:?}")
        };
        assert_eq!(go.depth, Some(4));
        let mut start = Position::start(s.rules(), Side::South);
        start.play(Move::Sow(3)).unwrap();
        assert_eq!(*pos, start);
        assert!(errors(&s.handle(line("go"), true))[0].contains("go ignored"));
        // A bad position is refused, and so is every go until a good one.
        let e = errors(&s.handle(line("position startpos moves 9"), false));
        assert!(e[0].contains("move 1 (9) is illegal"), "{e:?}");
        assert!(errors(&s.handle(line("go"), false))[0].starts_with("error: no position"));
        let out = s.handle(line("newgame"), false);
        assert!(matches!(out[..], [Action::NewGame(_)]));
        assert!(matches!(
            s.handle(line("go"), false)[..],
            [Action::Go { game: 1, .. }]
        ));
    }

    #[test]
    fn bad_lines_and_the_rest() {
        let mut s = session();
        assert!(errors(&s.handle(Line::TooLong(99_999), false))[0].contains("99999 bytes"));
        assert!(errors(&s.handle(line("frobnicate"), false))[0].ends_with("; ignored"));
        assert!(s.handle(line(""), false).is_empty());
        assert_eq!(
            s.handle(line("isready"), true),
            [Action::Reply(Reply::ReadyOk)]
        );
        assert_eq!(s.handle(line("stop"), true), [Action::Stop]);
        assert_eq!(s.handle(line("quit"), true), [Action::Quit]);
    }
}
