//! Who plays: one of our players (a level or engine limits), or an external program speaking
//! the engine protocol, written `engine:COMMAND ARGS...`, or the Kalah Game Protocol,
//! written `kgp:COMMAND ARGS...`.

use kalah_engine::Player;
use std::fmt;
use std::str::FromStr;

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
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProgramSpec {
    /// The command line as written after `engine:` or `kgp:`.
    pub text: String,
    /// The program and its arguments, split like a shell does (quotes and backslashes) but
    /// without running one.
    pub argv: Vec<String>,
}

/// A player description that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseSpecError {
    #[error(transparent)]
    Builtin(#[from] kalah_engine::ParsePlayerError),
    #[error("bad program {0:?}: write engine:PROGRAM ARGS... or kgp:PROGRAM ARGS..., quoting arguments with blanks")]
    Program(String),
}

impl FromStr for PlayerSpec {
    type Err = ParseSpecError;

    fn from_str(s: &str) -> Result<PlayerSpec, ParseSpecError> {
        let s = s.trim();
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
        };
        Ok(if kgp {
            PlayerSpec::Kgp(spec)
        } else {
            PlayerSpec::Program(spec)
        })
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Builtin(p) => p.fmt(f),
            PlayerSpec::Program(p) => write!(f, "engine:{}", p.text),
            PlayerSpec::Kgp(p) => write!(f, "kgp:{}", p.text),
        }
    }
}

impl PlayerSpec {
    pub fn is_program(&self) -> bool {
        matches!(self, PlayerSpec::Program(_) | PlayerSpec::Kgp(_))
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
}
