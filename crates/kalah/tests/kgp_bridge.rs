//! `kalah kgp connect --engine`, line by line: a KGP server played by this test on a loopback
//! port, and an engine-protocol program that is a shell script logging what it is sent. The
//! bridge passes on the rules of `game:rules`, the first legal move at once, the first move of
//! each `pv`, the `bestmove` and `yield`, and a server's `stop` as the engine's `stop`.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

struct Proc(Child);

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// On `go`: an `info` with a pv, then `bestmove 3`; but when a file `hold` exists, nothing
/// until `stop`, then `bestmove 2`. Every line it gets goes to the file `log`.
const ENGINE: &str = r#"
dir=$(dirname "$0")
while read -r cmd rest; do
  echo "$cmd $rest" >> "$dir/log"
  case "$cmd" in
    kep) echo "id name scripted"; echo kepok;;
    isready) echo readyok;;
    go) if [ -e "$dir/hold" ]; then rm "$dir/hold"; else echo "info depth 1 score 1 pv 2 1"; echo "bestmove 3"; fi;;
    stop) echo "bestmove 2";;
    quit) exit 0;;
  esac
done
"#;

struct Server {
    lines: BufReader<TcpStream>,
    out: TcpStream,
}

impl Server {
    fn send(&mut self, line: &str) {
        self.out
            .write_all(format!("{line}\r\n").as_bytes())
            .unwrap();
    }

    /// The client's next line, without its ID.
    fn next(&mut self) -> String {
        let mut l = String::new();
        self.lines.read_line(&mut l).unwrap();
        assert!(!l.is_empty(), "the bridge closed the connection");
        let l = l.trim();
        match l.split_once(' ') {
            Some((id, rest)) if id.chars().next().is_some_and(|c| c.is_ascii_digit()) => {
                // `7@2 move 1` -> `@2 move 1`
                match id.split_once('@') {
                    Some((_, r)) => format!("@{r} {rest}"),
                    None => rest.to_string(),
                }
            }
            _ => l.to_string(),
        }
    }

    /// Lines up to and including the `yield` for `id`.
    fn answer(&mut self, id: u64) -> Vec<String> {
        let mut got = Vec::new();
        loop {
            let l = self.next();
            let done = l == format!("@{id} yield");
            got.push(l);
            if done {
                return got;
            }
        }
    }
}

fn log(dir: &Path) -> String {
    std::fs::read_to_string(dir.join("log")).unwrap_or_default()
}

#[test]
fn the_bridge_forwards_rules_pv_moves_bestmove_and_stop() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("engine.sh");
    std::fs::write(&script, ENGINE).unwrap();
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let bridge = Proc(
        Command::new(env!("CARGO_BIN_EXE_kalah"))
            .args(["kgp", "connect", "--time", "5", "--engine"])
            .arg(format!("sh {}", script.display()))
            .env("KGP_HOST", "127.0.0.1")
            .env("KGP_PORT", port.to_string())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    let (conn, _) = listener.accept().unwrap();
    conn.set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    let mut s = Server {
        lines: BufReader::new(conn.try_clone().unwrap()),
        out: conn,
    };
    s.send("kgp 1 0 1");
    let mut hello = Vec::new();
    loop {
        let l = s.next();
        let done = l.starts_with("mode");
        hello.push(l);
        if done {
            break;
        }
    }
    assert_eq!(hello.last().unwrap(), "mode \"freeplay\"", "{hello:?}");
    let rules = "houses=4 seeds=3 capture=standard end=either-empty sweep=owner early-end=yes pie=no both-stores=no";
    s.send(&format!("set \"game:rules\" \"{rules}\""));
    s.send("2 state <4,0,0,3,3,3,3,3,3,3,3>");
    // First legal move at once, the pv's first move, the bestmove, yield.
    assert_eq!(
        s.answer(2),
        ["@2 move 1", "@2 move 2", "@2 move 3", "@2 yield"]
    );
    s.send("4@2 stop");
    assert!(
        log(dir.path()).contains(&format!("newgame {rules}")),
        "{}",
        log(dir.path())
    );
    assert!(log(dir.path()).contains("position board <4,0,0,3,3,3,3,3,3,3,3> S"));
    assert!(log(dir.path()).contains("go movetime 5000"));

    // Held: the engine thinks until the server's `stop` reaches it through the bridge.
    std::fs::write(dir.path().join("hold"), "").unwrap();
    s.send("6 state <4,0,0,0,4,4,4,3,3,3,3>");
    assert_eq!(s.next(), "@6 move 2");
    s.send("8@6 stop");
    // The engine's late answer is not sent: the next request is answered as usual.
    s.send("10 state <4,0,0,0,4,4,4,3,3,3,3>");
    assert_eq!(s.answer(10), ["@10 move 2", "@10 move 3", "@10 yield"]);
    assert!(log(dir.path()).contains("stop"), "{}", log(dir.path()));
    // After goodbye the bridge ends, and it tells the engine to quit first.
    s.send("goodbye");
    let mut bridge = bridge;
    let end = std::time::Instant::now() + Duration::from_secs(20);
    let status = loop {
        if let Some(st) = bridge.0.try_wait().unwrap() {
            break st;
        }
        assert!(std::time::Instant::now() < end, "the bridge did not exit");
        std::thread::sleep(Duration::from_millis(10));
    };
    assert!(status.success(), "{status}");
    assert!(log(dir.path()).ends_with("quit \n"), "{}", log(dir.path()));
}
