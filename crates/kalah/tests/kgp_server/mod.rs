//! `kalah serve` with a KGP port, for the tests that play bots against it (kgp_e2e.rs,
//! check_kgp.rs): a bot alone plays the beginner level after 0.2 s.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};

/// A child process killed when dropped.
pub struct Proc(pub Child);

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

pub struct Server {
    _proc: Proc,
    /// The web address (`HOST:PORT`); not every test reads it.
    #[allow(dead_code)]
    pub http: String,
    pub kgp: String,
}

pub fn serve(data: &Path) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kalah"))
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--kgp-addr",
            "127.0.0.1:0",
            "--kgp-board",
            "6x4",
            "--kgp-move-time",
            "0.5",
            "--kgp-pair-wait",
            "0.2",
            "--kgp-levels",
            "beginner",
            "--data",
        ])
        .arg(data)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start kalah serve");
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let (mut http, mut kgp) = (String::new(), String::new());
    out.read_line(&mut http).unwrap();
    out.read_line(&mut kgp).unwrap();
    let pick = |line: &str, scheme: &str| {
        line.split(scheme)
            .nth(1)
            .and_then(|r| r.split(['/', ' ']).next())
            .unwrap_or_else(|| panic!("no {scheme} address in {line:?}"))
            .to_string()
    };
    Server {
        http: pick(&http, "http://"),
        kgp: pick(&kgp, "tcp://"),
        _proc: Proc(child),
    }
}
