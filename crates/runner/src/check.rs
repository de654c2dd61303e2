//! `kalah check-engine`: walks an engine-protocol program through the protocol's corners
//! (`docs/engine-protocol.md`) and says, check by check, what it does wrong: the handshake,
//! `isready`, moves within `movetime` and a clock, a position with North to move, `go
//! infinite` and `stop`, `isready` during a search, bad input (it must go on), `stop` with no
//! search, and `quit`.

use crate::program::Program;
use crate::spec::ProgramSpec;
use kalah_engine_protocol::Reply;
use kalah_rules::{parse_setup, Move, Position, Rules, Side};
use std::time::{Duration, Instant};

/// One check and what came of it.
#[derive(Debug, Clone)]
pub struct Check {
    pub name: &'static str,
    /// `Ok(what it saw)` or `Err(what is wrong)`.
    pub result: Result<String, String>,
}

/// What a program said until `deadline`, stopping at the first line `stop_at` accepts.
fn until(
    p: &mut Program,
    deadline: Instant,
    mut stop_at: impl FnMut(&str) -> bool,
) -> Result<(Vec<String>, Option<String>), String> {
    let mut seen = Vec::new();
    while let Some(line) = p.read_raw(deadline).map_err(|f| f.to_string())? {
        if stop_at(&line) {
            return Ok((seen, Some(line)));
        }
        seen.push(line);
    }
    Ok((seen, None))
}

fn is_ready(l: &str) -> bool {
    matches!(Reply::parse(l), Ok(Some(Reply::ReadyOk)))
}

fn is_bestmove(l: &str) -> bool {
    l.split_whitespace().next() == Some("bestmove")
}

/// The move of a `bestmove` line, checked against `pos`.
fn legal(line: &str, pos: &Position) -> Result<Move, String> {
    match Reply::parse(line) {
        Ok(Some(Reply::BestMove(Some(m)))) => pos
            .check(m)
            .map(|_| m)
            .map_err(|e| format!("{line:?} is not legal in {pos}: {e}")),
        _ => Err(format!("{line:?} does not parse as bestmove")),
    }
}

/// `isready` until `readyok`: what the program said before is dropped.
fn sync(p: &mut Program, within: Duration) -> Result<String, String> {
    p.send_raw("isready").map_err(|f| f.to_string())?;
    let asked = Instant::now();
    match until(p, asked + within, is_ready)? {
        (_, Some(_)) => Ok(format!("readyok in {} ms", asked.elapsed().as_millis())),
        (seen, None) => Err(format!(
            "no readyok within {} ms{}",
            within.as_millis(),
            seen.last()
                .map(|l| format!(" (last line {l:?})"))
                .unwrap_or_default()
        )),
    }
}

/// Asks for a move with `go` and waits up to `within`.
fn one_move(
    p: &mut Program,
    position: &str,
    go: &str,
    pos: &Position,
    within: Duration,
) -> Result<String, String> {
    sync(p, Duration::from_secs(1))?;
    p.send_raw(position).map_err(|f| f.to_string())?;
    p.send_raw(go).map_err(|f| f.to_string())?;
    let asked = Instant::now();
    let (_, best) = until(p, asked + within, is_bestmove)?;
    let took = asked.elapsed();
    let best = best.ok_or(format!(
        "no bestmove within {} ms of `{go}`",
        within.as_millis()
    ))?;
    let m = legal(&best, pos)?;
    Ok(format!("bestmove {m} in {} ms", took.as_millis()))
}

/// Runs every check in order on one running copy of the program (a new one after a crash).
pub fn check_engine(spec: &ProgramSpec, stderr: bool) -> Vec<Check> {
    let mut out = Vec::new();
    let mut record = |name, result| out.push(Check { name, result });
    let mut p = match Program::start(spec, stderr) {
        Ok(p) => {
            record(
                "handshake: kep 1 answered by kepok",
                Ok(format!("id name {:?}", p.name)),
            );
            p
        }
        Err(f) => {
            record("handshake: kep 1 answered by kepok", Err(f.to_string()));
            return out;
        }
    };
    let rules = Rules::standard();
    let start = Position::start(rules, Side::South);
    let north = Position::from_setup(
        rules,
        &parse_setup("<6,3,2,0,5,5,5,5,4,4,0,5,5,5,0> N").expect("a board"),
    )
    .expect("a position");
    let r = p
        .send_raw(&format!("newgame {rules}"))
        .map_err(|f| f.to_string())
        .and_then(|()| sync(&mut p, Duration::from_secs(30)));
    record("newgame, then isready answered by readyok", r);
    let r = one_move(
        &mut p,
        "position startpos",
        "go movetime 200",
        &start,
        Duration::from_millis(400),
    );
    record(
        "go movetime 200: a legal move within the time (and 200 ms)",
        r,
    );
    let r = one_move(
        &mut p,
        &format!(
            "position board {} N",
            &north.to_string()[..north.to_string().len() - 2]
        ),
        "go movetime 100",
        &north,
        Duration::from_millis(300),
    );
    record("position board ... N: a legal move for North", r);
    let r = one_move(
        &mut p,
        "position startpos moves 3",
        "go stime 1000 ntime 1000 sinc 10 ninc 10",
        &{
            let mut q = start;
            q.play_unchecked(Move::Sow(3));
            q
        },
        Duration::from_millis(1000),
    );
    record("go with a clock of 1 s: a legal move within the clock", r);
    // go infinite: no answer until stop; isready answered during the search; stop answered.
    let r = (|| {
        sync(&mut p, Duration::from_secs(1))?;
        p.send_raw("position startpos").map_err(|f| f.to_string())?;
        p.send_raw("go infinite").map_err(|f| f.to_string())?;
        let (_, early) = until(
            &mut p,
            Instant::now() + Duration::from_millis(300),
            is_bestmove,
        )?;
        if let Some(b) = early {
            return Err(format!("answered `go infinite` before stop: {b:?}"));
        }
        let ready = sync(&mut p, Duration::from_millis(500))
            .map_err(|e| format!("isready during the search: {e}"))?;
        p.send_raw("stop").map_err(|f| f.to_string())?;
        let asked = Instant::now();
        let (_, best) = until(&mut p, asked + Duration::from_millis(500), is_bestmove)?;
        let best = best.ok_or("no bestmove within 500 ms of stop")?;
        legal(&best, &start)?;
        Ok(format!(
            "{ready} during the search; {best} {} ms after stop",
            asked.elapsed().as_millis()
        ))
    })();
    record("go infinite, isready during it, stop", r);
    // Bad input: the program must go on.
    let r = (|| {
        sync(&mut p, Duration::from_secs(1))?;
        for line in [
            "hello there",
            "position board <6,1,2> S",
            "setoption",
            "go depth x",
        ] {
            p.send_raw(line)
                .map_err(|f| format!("after {line:?}: {f}"))?;
        }
        p.send_raw("position startpos moves 7")
            .map_err(|f| f.to_string())?;
        p.send_raw("go movetime 50").map_err(|f| f.to_string())?;
        let (seen, best) = until(
            &mut p,
            Instant::now() + Duration::from_millis(400),
            is_bestmove,
        )?;
        if let Some(b) = best {
            return Err(format!(
                "answered go after an illegal position with {b:?} (expected an error)"
            ));
        }
        let errors = seen.iter().filter(|l| l.contains("error")).count();
        let ready = sync(&mut p, Duration::from_secs(1))?;
        Ok(format!(
            "{errors} error lines, no move from no position, {ready}"
        ))
    })();
    record(
        "bad input: unknown commands, a bad board, an illegal move",
        r,
    );
    let r = (|| {
        sync(&mut p, Duration::from_secs(1))?;
        p.send_raw("stop").map_err(|f| f.to_string())?;
        let (seen, _) = until(&mut p, Instant::now() + Duration::from_millis(200), |_| {
            false
        })?;
        if let Some(b) = seen.iter().find(|l| is_bestmove(l)) {
            return Err(format!("answered stop without a search: {b:?}"));
        }
        sync(&mut p, Duration::from_secs(1))
    })();
    record("stop with no search is ignored", r);
    let r = p
        .send_raw("quit")
        .map_err(|f| f.to_string())
        .and_then(|()| {
            if p.exits_within(Duration::from_secs(1)) {
                Ok("exited".into())
            } else {
                Err("still running 1 s after quit".into())
            }
        });
    record("quit: exits within 1 s", r);
    out
}
