//! Who plays: one of our players (a level or engine limits), or an external program speaking
//! the engine protocol, written `engine:COMMAND ARGS...`, or the Kalah Game Protocol,
//! written `kgp:COMMAND ARGS...`, or either of them with settings in the words fastchess
//! users type: `cmd=./bot args="--fast" name=bot-v2 dir=/bots option.hash=64 restart=on
//! tc=10+0.1 st=0.5 nodes=100000 depth=12 proto=kep|kgp`.

use crate::time::TimeControl;
use kalah_engine::Player;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// One side of a match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayerSpec {
    /// A level, `depth:D`, `time:MS` or `nodes:N`, played in this process.
    Builtin(Player),
    /// A program started by the runner and spoken to over its stdin and stdout.
    Program(ProgramSpec),
    /// A KGP program started by the runner, which connects to the runner's loopback port.
    Kgp(ProgramSpec),
}

/// How to start an engine-protocol program.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ProgramSpec {
    /// The command line as written after `engine:` or `kgp:`, or the whole `cmd=...` text.
    pub text: String,
    /// The program and its arguments, split like a shell does (quotes and backslashes) but
    /// without running one.
    pub argv: Vec<String>,
    /// `name=`: how results and records name the player (else the text as written).
    pub name: Option<String>,
    /// `dir=`: the program's working directory; a relative program path is taken from it.
    pub dir: Option<std::path::PathBuf>,
    /// `option.NAME=VALUE`: sent as `setoption` after every handshake, in order.
    pub options: Vec<(String, String)>,
    /// `restart=on`: a new process for every game (else one per worker, kept while it
    /// behaves).
    pub restart: bool,
    /// `tc=` or `st=`: this player's own time (time odds), instead of the match's.
    pub time: Option<TimeControl>,
    /// `depth=` and `nodes=`: limits sent with every `go`.
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
}

/// A player description that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseSpecError {
    #[error(transparent)]
    Builtin(#[from] kalah_engine::ParsePlayerError),
    #[error("bad program {0:?}: write engine:PROGRAM ARGS... or kgp:PROGRAM ARGS..., quoting arguments with blanks")]
    Program(String),
    #[error("bad player setting {0:?}: {1} (write cmd=PROGRAM [args=\"ARGS\"] [name=N] [dir=D] [option.X=V] [restart=on|off] [tc=B+I] [st=SECONDS] [nodes=N] [depth=D] [proto=kep|kgp])")]
    Setting(String, String),
}

impl FromStr for PlayerSpec {
    type Err = ParseSpecError;

    fn from_str(s: &str) -> Result<PlayerSpec, ParseSpecError> {
        let s = s.trim();
        if s.starts_with("cmd=") {
            return settings(s);
        }
        let (command, kgp) = match (s.strip_prefix("engine:"), s.strip_prefix("kgp:")) {
            (Some(c), _) => (c, false),
            (_, Some(c)) => (c, true),
            _ => return Ok(PlayerSpec::Builtin(s.parse()?)),
        };
        let bad = || ParseSpecError::Program(command.to_string());
        let argv = shell_words::split(command).map_err(|_| bad())?;
        if argv.is_empty() {
            return Err(bad());
        }
        let spec = ProgramSpec {
            text: command.trim().to_string(),
            argv,
            ..ProgramSpec::default()
        };
        Ok(if kgp {
            PlayerSpec::Kgp(spec)
        } else {
            PlayerSpec::Program(spec)
        })
    }
}

/// The `cmd=... key=value ...` form.
fn settings(s: &str) -> Result<PlayerSpec, ParseSpecError> {
    let bad = |word: &str, why: &str| ParseSpecError::Setting(word.to_string(), why.to_string());
    let words = shell_words::split(s).map_err(|_| bad(s, "unclosed quote"))?;
    let mut spec = ProgramSpec {
        text: s.to_string(),
        ..ProgramSpec::default()
    };
    let (mut cmd, mut args, mut kgp) = (None, Vec::new(), false);
    let mut st = None;
    for w in &words {
        let (key, value) = w.split_once('=').ok_or_else(|| bad(w, "not KEY=VALUE"))?;
        let number = || {
            value
                .parse::<u64>()
                .map_err(|_| bad(w, "not a whole number"))
        };
        match key {
            "cmd" if !value.is_empty() => cmd = Some(value.to_string()),
            "args" => args = shell_words::split(value).map_err(|_| bad(w, "unclosed quote"))?,
            "name" if !value.is_empty() => spec.name = Some(value.to_string()),
            "dir" if !value.is_empty() => spec.dir = Some(value.into()),
            "restart" => {
                spec.restart = match value {
                    "on" => true,
                    "off" => false,
                    _ => return Err(bad(w, "restart is on or off")),
                }
            }
            "proto" => {
                kgp = match value {
                    "kep" | "engine" => false,
                    "kgp" => true,
                    _ => return Err(bad(w, "proto is kep or kgp")),
                }
            }
            "tc" => {
                spec.time =
                    Some(TimeControl::parse_clock(value).map_err(|e| bad(w, &e.to_string()))?)
            }
            "st" => {
                let secs = value
                    .parse::<f64>()
                    .ok()
                    .filter(|v| v.is_finite() && *v >= 0.001 && *v <= 86_400.0)
                    .ok_or_else(|| bad(w, "st is seconds a move, e.g. 0.5"))?;
                st = Some(TimeControl::PerMove(Duration::from_secs_f64(secs)));
            }
            "nodes" => spec.nodes = Some(number()?),
            "depth" => spec.depth = Some(number()?.min(u64::from(u32::MAX)) as u32),
            _ if key.starts_with("option.") && key.len() > 7 => {
                spec.options.push((key[7..].to_string(), value.to_string()))
            }
            _ => return Err(bad(w, "unknown setting")),
        }
    }
    if spec.time.is_some() && st.is_some() {
        return Err(bad(s, "give tc= or st=, not both"));
    }
    spec.time = spec.time.or(st);
    let cmd = cmd.ok_or_else(|| bad(s, "cmd= names the program"))?;
    spec.argv = std::iter::once(cmd).chain(args).collect();
    if kgp {
        if !spec.options.is_empty() || spec.depth.is_some() || spec.nodes.is_some() {
            return Err(bad(s, "KGP has no options, depth or nodes"));
        }
        return Ok(PlayerSpec::Kgp(spec));
    }
    Ok(PlayerSpec::Program(spec))
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Builtin(p) => p.fmt(f),
            PlayerSpec::Program(p) | PlayerSpec::Kgp(p) if p.text.starts_with("cmd=") => {
                f.write_str(&p.text)
            }
            PlayerSpec::Program(p) => write!(f, "engine:{}", p.text),
            PlayerSpec::Kgp(p) => write!(f, "kgp:{}", p.text),
        }
    }
}

impl PlayerSpec {
    pub fn is_program(&self) -> bool {
        matches!(self, PlayerSpec::Program(_) | PlayerSpec::Kgp(_))
    }

    /// How results and records name the player: `name=`, else the text as written.
    pub fn name(&self) -> String {
        match self {
            PlayerSpec::Program(ProgramSpec { name: Some(n), .. })
            | PlayerSpec::Kgp(ProgramSpec { name: Some(n), .. }) => n.clone(),
            p => p.to_string(),
        }
    }

    /// The player's own time control (`tc=`, `st=`), if it has one.
    pub fn own_time(&self) -> Option<TimeControl> {
        match self {
            PlayerSpec::Program(p) | PlayerSpec::Kgp(p) => p.time,
            PlayerSpec::Builtin(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kalah_engine::Level;

    #[test]
    fn levels_and_programs() {
        assert_eq!(
            "club".parse::<PlayerSpec>().unwrap(),
            PlayerSpec::Builtin(Player::Level(Level::Club))
        );
        let p: PlayerSpec = "engine:./bot --name 'my bot' -x".parse().unwrap();
        let PlayerSpec::Program(ps) = &p else {
            panic!()
        };
        assert_eq!(ps.argv, vec!["./bot", "--name", "my bot", "-x"]);
        assert_eq!(p.to_string(), "engine:./bot --name 'my bot' -x");
        assert!("engine:".parse::<PlayerSpec>().is_err());
        let k: PlayerSpec = "kgp:python3 bot.py --fast".parse().unwrap();
        let PlayerSpec::Kgp(ks) = &k else { panic!() };
        assert_eq!(ks.argv, vec!["python3", "bot.py", "--fast"]);
        assert_eq!(k.to_string(), "kgp:python3 bot.py --fast");
        assert!(k.is_program());
        assert!("kgp:  ".parse::<PlayerSpec>().is_err());
        assert!("engine:./bot 'unclosed".parse::<PlayerSpec>().is_err());
        assert!("grandmaster".parse::<PlayerSpec>().is_err());
    }

    #[test]
    fn fastchess_settings() {
        // A word that is not KEY=VALUE (an unquoted blank in a value) is refused.
        let e = "cmd=./bot option.book=a b"
            .parse::<PlayerSpec>()
            .unwrap_err();
        assert!(e.to_string().contains("\"b\""), "{e}");
        let p: PlayerSpec = "cmd=./bot args=\"--fast -t 2\" name=bot-v2 dir=/bots option.hash=64 'option.book=a b' restart=on tc=10+0.1 nodes=5000 depth=12"
            .parse()
            .unwrap();
        let PlayerSpec::Program(s) = &p else { panic!() };
        assert_eq!(s.argv, vec!["./bot", "--fast", "-t", "2"]);
        assert_eq!(p.name(), "bot-v2");
        assert_eq!(s.dir.as_deref(), Some(std::path::Path::new("/bots")));
        assert_eq!(
            s.options,
            vec![("hash".into(), "64".into()), ("book".into(), "a b".into())]
        );
        assert!(s.restart);
        assert_eq!(
            p.own_time(),
            Some(TimeControl::parse_clock("10+0.1").unwrap())
        );
        assert_eq!((s.nodes, s.depth), (Some(5000), Some(12)));
        assert!(p.to_string().starts_with("cmd=./bot"));
        let k: PlayerSpec = "cmd=python3 proto=kgp st=0.25".parse().unwrap();
        assert_eq!(
            k.own_time(),
            Some(TimeControl::PerMove(Duration::from_millis(250)))
        );
        assert!(matches!(k, PlayerSpec::Kgp(_)));
        for bad in [
            "cmd=",
            "cmd=./bot restart=maybe",
            "cmd=./bot tc=x",
            "cmd=./bot st=0",
            "cmd=./bot tc=1 st=1",
            "cmd=./bot colour=red",
            "cmd=./bot proto=kgp option.x=1",
            "cmd=./bot nodes=-1",
        ] {
            assert!(bad.parse::<PlayerSpec>().is_err(), "{bad}");
        }
    }
}
