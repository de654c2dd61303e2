//! A bot's side of KGP freeplay, without I/O: what to answer to each server line, when to
//! start and stop the search, and when to yield. The caller reads lines, runs the search and
//! passes the time in; `kalah kgp connect` is such a caller.

use crate::line::Command;
use kalah_rules::{Move, Position, Rules};
use std::time::{Duration, Instant};

/// How long after a `state` our `yield` waits at the earliest.
pub const YIELD_HOLD: Duration = Duration::from_millis(40);

/// How the bot introduces itself.
#[derive(Debug, Clone, Default)]
pub struct Hello {
    pub name: String,
    pub authors: String,
    pub description: String,
    /// `auth:token`: keeps the bot's identity across connections.
    pub token: Option<String>,
}

/// A game's end as the server announced it (`set game:result`, an extension of this
/// project's servers; others announce nothing).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Win,
    Draw,
    Loss,
}

impl Outcome {
    /// `win`, `draw` or `loss`, the first word of a `game:result` value.
    pub fn parse(value: &str) -> Option<Outcome> {
        match value.split_whitespace().next()? {
            "win" => Some(Outcome::Win),
            "draw" => Some(Outcome::Draw),
            "loss" => Some(Outcome::Loss),
            _ => None,
        }
    }

    pub fn word(self) -> &'static str {
        match self {
            Outcome::Win => "win",
            Outcome::Draw => "draw",
            Outcome::Loss => "loss",
        }
    }
}

/// What the caller is to do after a line or an event.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// Send this line.
    Send(Command),
    /// Search `pos` for request `id` (any search under way was stopped first).
    Search { id: u64, pos: Position },
    /// Stop the search under way.
    Stop,
    /// A game started (`game:id`).
    GameStarted(String),
    /// The opponent's name (`game:opponent`).
    Opponent(String),
    /// A game ended with this result, and the server's text of it.
    GameEnded(Outcome, String),
    /// Something for the user to read: the server's `error`, a line that did not make sense.
    Notice(String),
    /// The server said goodbye: close the connection.
    Goodbye,
    /// The bot cannot go on (say `goodbye` and stop), and why.
    Fail(String),
}

/// The bot's protocol state.
#[derive(Debug)]
pub struct Client {
    hello: Hello,
    next_id: u64,
    /// The request being searched.
    open: Option<u64>,
    /// What we answered to the request the server has not stopped yet.
    answer: Answer,
    games: usize,
    /// The rules a match runner named in `game:rules`, else those of the board.
    rules: Option<Rules>,
}

/// Our answer to the latest `state` until its `stop`. The reference server (go-kgp) can
/// refuse a `move` that arrives before it has registered its own `state` ("No state
/// associated with id"), and a `yield` after only refused moves makes it play a random move.
/// So the answer is sent again after such an error, and `yield` waits [`YIELD_HOLD`] after
/// the `state` (time for the error to come back first).
#[derive(Debug, Default)]
struct Answer {
    request: Option<u64>,
    arrived: Option<Instant>,
    /// A `yield` waiting for [`YIELD_HOLD`] to pass.
    held: bool,
    /// The house of the last `move` sent.
    best: Option<i64>,
    yielded: bool,
    /// IDs of the `move` and `yield` lines sent for `request`.
    sent: Vec<u64>,
    resent: u8,
}

impl Answer {
    fn start(&mut self, request: u64, now: Instant) {
        *self = Answer {
            request: Some(request),
            arrived: Some(now),
            ..Answer::default()
        };
    }

    fn hold_until(&self) -> Option<Instant> {
        let arrived = self.arrived?;
        (self.held && self.request.is_some()).then_some(arrived + YIELD_HOLD)
    }

    fn note(&mut self, c: &Command) {
        if c.reference.is_some() && c.reference == self.request && self.sent.len() < 64 {
            if c.name == "move" {
                self.best = c.arg(0).and_then(|a| a.as_int());
            } else {
                self.yielded = true;
            }
            self.sent.extend(c.id);
        }
    }

    /// Whether an `error` about line `about` asks for the answer again (three times at most).
    fn refused(&mut self, about: Option<u64>) -> bool {
        let ours = about.is_some_and(|a| self.sent.contains(&a));
        if ours && self.request.is_some() && self.resent < 3 {
            self.resent += 1;
            return true;
        }
        false
    }
}

/// The house number KGP sends for a move.
pub fn house(mv: Move) -> i64 {
    match mv {
        Move::Sow(h) => i64::from(h),
        Move::Swap => 0,
    }
}

impl Client {
    pub fn new(hello: Hello) -> Client {
        Client {
            hello,
            // Odd IDs, as kgp.py's: a server's are even, so logs never mix them.
            next_id: 1,
            open: None,
            answer: Answer::default(),
            games: 0,
            rules: None,
        }
    }

    /// Games started so far.
    pub fn games(&self) -> usize {
        self.games
    }

    /// When a held `yield` is due: call [`Client::release_yield`] then.
    pub fn hold_until(&self) -> Option<Instant> {
        self.answer.hold_until()
    }

    fn command(&mut self, name: &str) -> Command {
        let c = Command::new(name).with_id(self.next_id);
        self.next_id += 2;
        c
    }

    fn stop_open(&mut self, out: &mut Vec<Action>) {
        if self.open.take().is_some() {
            out.push(Action::Stop);
        }
    }

    /// Takes one line of the server at time `now`.
    pub fn on_command(&mut self, c: &Command, now: Instant) -> Vec<Action> {
        let text = |i: usize| c.arg(i).and_then(|a| a.as_text()).unwrap_or("").to_string();
        let mut out = Vec::new();
        match c.name.as_str() {
            "kgp" => {
                if c.arg(0).and_then(|a| a.as_int()) != Some(1) {
                    return vec![Action::Fail(format!(
                        "the server speaks KGP {}; this client speaks version 1",
                        text(0)
                    ))];
                }
                let hello = self.hello.clone();
                for (key, value) in [
                    ("info:name", hello.name),
                    ("info:authors", hello.authors),
                    ("info:description", hello.description),
                ] {
                    let set = self.command("set").text(key).text(value);
                    out.push(Action::Send(set));
                }
                if let Some(t) = hello.token {
                    out.push(Action::Send(self.command("set").text("auth:token").text(t)));
                }
                out.push(Action::Send(self.command("mode").text("freeplay")));
            }
            "set" if text(0) == "game:id" => {
                self.games += 1;
                out.push(Action::GameStarted(text(1)));
            }
            "set" if text(0) == "game:opponent" => out.push(Action::Opponent(text(1))),
            "set" if text(0) == "game:result" => match Outcome::parse(&text(1)) {
                Some(o) => out.push(Action::GameEnded(o, text(1))),
                None => out.push(Action::Notice(format!(
                    "the server's game:result {:?} does not read (win, draw or loss)",
                    text(1)
                ))),
            },
            "set" if text(0) == "game:rules" => match text(1).parse::<Rules>() {
                Ok(r) => self.rules = Some(r),
                Err(e) => {
                    self.rules = None;
                    out.push(Action::Notice(format!(
                        "the server's game:rules do not read ({e}); playing the board's"
                    )));
                }
            },
            "state" => {
                let Some(id) = c.id else {
                    out.push(Action::Send(
                        self.command("error").text("a state needs an ID"),
                    ));
                    return out;
                };
                match self.position(c) {
                    Ok(pos) if !pos.legal_moves().is_empty() => {
                        self.stop_open(&mut out);
                        self.answer.start(id, now);
                        self.open = Some(id);
                        out.push(Action::Search { id, pos });
                    }
                    Ok(_) => {
                        let e = self.command("error").with_ref(id);
                        out.push(Action::Send(e.text("this position has no legal move")));
                    }
                    Err(why) => {
                        out.push(Action::Send(self.command("error").with_ref(id).text(why)))
                    }
                }
            }
            "stop" => {
                if c.reference.is_some() && self.open == c.reference {
                    self.stop_open(&mut out);
                }
                if c.reference.is_some() && c.reference == self.answer.request {
                    self.answer.request = None;
                }
            }
            "ping" => {
                let mut pong = self.command("pong");
                pong.reference = c.id;
                out.push(Action::Send(pong));
            }
            "error" => {
                out.push(Action::Notice(format!("the server says: {}", text(0))));
                if self.answer.refused(c.reference) {
                    out.extend(self.answer_again().into_iter().map(Action::Send));
                }
            }
            "goodbye" => {
                self.stop_open(&mut out);
                out.push(Action::Goodbye);
            }
            // ok, pong and options we do not use.
            _ => {}
        }
        out
    }

    /// The position of a `state` line, in the rules of the game.
    fn position(&self, c: &Command) -> Result<Position, String> {
        let board = c
            .arg(0)
            .ok_or_else(|| "state needs a board".to_string())?
            .as_board()
            .map_err(|e| e.to_string())?;
        let rules = match self.rules {
            Some(r) if r.houses() == board.houses() && !r.pie() => r,
            _ => board.rules().map_err(|e| e.to_string())?,
        };
        board.to_position(rules).map_err(|e| e.to_string())
    }

    /// The search for request `id` found a (better) move: the lines to send.
    pub fn on_move(&mut self, id: u64, mv: Move) -> Vec<Command> {
        if self.open != Some(id) || self.answer.best == Some(house(mv)) {
            return Vec::new();
        }
        let out = vec![self.command("move").with_ref(id).int(house(mv))];
        self.answer.note(&out[0]);
        out
    }

    /// The search for request `id` ended at `now`; `proven` when its answer is final (a
    /// proven value, or a level's only answer) and it was not stopped. A final answer yields,
    /// held until [`YIELD_HOLD`] after the `state`.
    pub fn on_done(&mut self, id: u64, proven: bool, now: Instant) -> Vec<Command> {
        if !proven || self.open != Some(id) {
            return Vec::new();
        }
        self.open = None;
        let early = self
            .answer
            .arrived
            .is_some_and(|t| now.saturating_duration_since(t) < YIELD_HOLD);
        if self.answer.hold_until().is_none() && self.answer.request == Some(id) && early {
            self.answer.held = true;
            return Vec::new();
        }
        let out = vec![self.command("yield").with_ref(id)];
        self.answer.note(&out[0]);
        out
    }

    /// The held `yield`, now due.
    pub fn release_yield(&mut self) -> Vec<Command> {
        self.answer.held = false;
        let Some(id) = self.answer.request else {
            return Vec::new();
        };
        let out = vec![self.command("yield").with_ref(id)];
        self.answer.note(&out[0]);
        out
    }

    /// The current answer once more: its best move, and `yield` if it was sent.
    fn answer_again(&mut self) -> Vec<Command> {
        let Some(id) = self.answer.request else {
            return Vec::new();
        };
        let mut out = Vec::new();
        if let Some(h) = self.answer.best {
            out.push(self.command("move").with_ref(id).int(h));
        }
        if self.answer.yielded {
            out.push(self.command("yield").with_ref(id));
        }
        for c in &out {
            self.answer.note(c);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(s: &str) -> Command {
        s.parse().unwrap()
    }

    fn sent(actions: &[Action]) -> Vec<String> {
        actions
            .iter()
            .filter_map(|a| match a {
                Action::Send(c) => Some(c.to_string()),
                _ => None,
            })
            .collect()
    }

    fn client() -> Client {
        Client::new(Hello {
            name: "bot".into(),
            authors: "us".into(),
            description: "a test".into(),
            token: Some("t0k".into()),
        })
    }

    #[test]
    fn the_handshake_introduces_the_bot_and_asks_for_freeplay() {
        let mut c = client();
        let out = c.on_command(&line("kgp 1 0 1"), Instant::now());
        assert_eq!(
            sent(&out),
            [
                r#"1 set "info:name" "bot""#,
                r#"3 set "info:authors" "us""#,
                r#"5 set "info:description" "a test""#,
                r#"7 set "auth:token" "t0k""#,
                r#"9 mode "freeplay""#
            ]
        );
        let out = c.on_command(&line("kgp 2 0 0"), Instant::now());
        assert!(matches!(&out[..], [Action::Fail(why)] if why.contains("KGP 2")));
    }

    #[test]
    fn a_state_starts_a_search_whose_moves_and_yield_answer_it() {
        let mut c = client();
        let t = Instant::now();
        let out = c.on_command(&line("4 state <3,0,0,1,1,1,1,1,1>"), t);
        let [Action::Search { id: 4, pos }] = &out[..] else {
            panic!("{out:?}")
        };
        assert_eq!(pos.legal_moves().len(), 3);
        assert_eq!(sent_cmds(c.on_move(4, Move::Sow(1))), ["1@4 move 1"]);
        assert!(c.on_move(4, Move::Sow(1)).is_empty(), "the same move again");
        assert!(c.on_move(2, Move::Sow(2)).is_empty(), "an old request");
        // Proven within the hold: the yield waits.
        assert!(c.on_done(4, true, t + Duration::from_millis(5)).is_empty());
        assert_eq!(c.hold_until(), Some(t + YIELD_HOLD));
        assert_eq!(sent_cmds(c.release_yield()), ["3@4 yield"]);
        // Stopped: nothing more is said about request 4.
        assert!(c.on_command(&line("6@4 stop"), t).is_empty());
        assert!(c.release_yield().is_empty());
    }

    #[test]
    fn a_new_state_stops_the_old_search_and_stop_stops_it_too() {
        let mut c = client();
        let t = Instant::now();
        c.on_command(&line("4 state <3,0,0,1,1,1,1,1,1>"), t);
        let out = c.on_command(&line("6 state <3,0,0,1,1,1,1,1,1>"), t);
        assert!(matches!(out[0], Action::Stop));
        assert!(matches!(out[1], Action::Search { id: 6, .. }));
        assert_eq!(c.on_command(&line("8@6 stop"), t), [Action::Stop]);
        assert!(c.on_done(6, true, t + YIELD_HOLD).is_empty());
    }

    #[test]
    fn bad_states_are_answered_with_errors() {
        let mut c = client();
        let t = Instant::now();
        let out = c.on_command(&line("state <3,0,0,1,1,1,1,1,1>"), t);
        assert_eq!(sent(&out), ["1 error \"a state needs an ID\""]);
        let out = c.on_command(&line("4 state <3,0,0,0,0,0,1,1,1>"), t);
        assert_eq!(
            sent(&out),
            ["3@4 error \"this position has no legal move\""]
        );
        let out = c.on_command(&line("6 state"), t);
        assert_eq!(sent(&out), ["5@6 error \"state needs a board\""]);
    }

    #[test]
    fn games_and_results_are_reported() {
        let mut c = client();
        let t = Instant::now();
        let out = c.on_command(&line("2 set game:id abc"), t);
        assert_eq!(out, [Action::GameStarted("abc".into())]);
        assert_eq!(c.games(), 1);
        let out = c.on_command(&line("4 set game:result \"loss 20-28\""), t);
        assert_eq!(out, [Action::GameEnded(Outcome::Loss, "loss 20-28".into())]);
        let out = c.on_command(&line("6 set game:result maybe"), t);
        assert!(matches!(&out[..], [Action::Notice(_)]));
        let out = c.on_command(&line("8 ping"), t);
        assert_eq!(sent(&out), ["1@8 pong"]);
        assert_eq!(c.on_command(&line("goodbye"), t), [Action::Goodbye]);
    }

    #[test]
    fn a_refused_answer_is_sent_again_until_stop() {
        let mut c = client();
        let t = Instant::now();
        c.on_command(&line("8 state <3,0,0,1,1,1,1,1,1>"), t);
        c.on_move(8, Move::Sow(3));
        c.on_done(8, true, t + YIELD_HOLD);
        // An error about some other line is not about our answer.
        assert_eq!(
            sent(&c.on_command(&line("@99 error no"), t)),
            [] as [&str; 0]
        );
        let again = sent(&c.on_command(&line("@1 error \"no state\""), t));
        assert_eq!(again, ["5@8 move 3", "7@8 yield"]);
        c.on_command(&line("@1 error no"), t);
        c.on_command(&line("@1 error no"), t);
        // Three times at most per request.
        assert!(sent(&c.on_command(&line("@1 error no"), t)).is_empty());
        c.on_command(&line("10 state <3,0,0,1,1,1,1,1,1>"), t);
        assert!(
            sent(&c.on_command(&line("@1 error no"), t)).is_empty(),
            "a new state forgets the old lines"
        );
    }

    fn sent_cmds(cs: Vec<Command>) -> Vec<String> {
        cs.iter().map(ToString::to_string).collect()
    }
}
