//! Properties of the parser over arbitrary input: it never panics, and what the printer
//! writes reads back as the same command.

use kalah_kgp::{Arg, Board, Command, LineReader};
use proptest::prelude::*;

fn text(a: &Arg) -> String {
    match a {
        Arg::Board(b) => b.to_string(),
        a => a.as_text().unwrap().to_string(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn any_string_parses_or_errs(s in ".{0,200}") {
        let _ = Command::parse_line(&s);
        let _ = s.parse::<Board>();
    }

    #[test]
    fn protocol_like_strings_parse_or_err(s in r#"[0-9@ <>,"\\a-z:+.\-\r\n\t]{0,80}"#) {
        if let Ok(Some(c)) = Command::parse_line(&s) {
            for a in &c.args {
                let _ = (a.as_int(), a.as_real(), a.as_board());
            }
        }
    }

    #[test]
    fn any_bytes_split_into_lines(chunks in proptest::collection::vec(proptest::collection::vec(any::<u8>(), 0..64), 0..16)) {
        let mut r = LineReader::new();
        for c in &chunks {
            r.push(c, |l| { if let Ok(l) = l { let _ = Command::parse_line(l); } });
        }
        r.finish(|_| {});
        prop_assert_eq!(r.pending(), 0);
    }

    #[test]
    fn printed_commands_read_back(
        id in proptest::option::of(any::<u64>()),
        reference in proptest::option::of(any::<u64>()),
        name in "[a-z][a-z0-9]{0,8}",
        strings in proptest::collection::vec(".{0,20}", 0..4),
        n in any::<i64>(),
        houses in proptest::collection::vec(0u32..20, 1..8),
    ) {
        let mut c = Command::new(&name);
        c.id = id;
        c.reference = reference;
        for s in &strings {
            c = c.text(s.clone());
        }
        c = c.int(n);
        let h = houses.len();
        let b: Board = format!("<{h},1,2,{},{}>",
            houses.iter().map(u32::to_string).collect::<Vec<_>>().join(","),
            houses.iter().map(u32::to_string).collect::<Vec<_>>().join(",")).parse().unwrap();
        c = c.board(&b);
        let line = c.to_line();
        prop_assert!(line.ends_with("\r\n") && !line[..line.len() - 2].contains(['\r', '\n']));
        let back: Command = line.parse().unwrap();
        prop_assert_eq!((back.id, back.reference, &back.name), (c.id, c.reference, &c.name));
        // Control characters are left out of strings when printed.
        let expected: Vec<String> = c.args.iter().map(|a| text(a).chars().filter(|ch| !ch.is_control() || matches!(ch, '\n' | '\t')).collect()).collect();
        prop_assert_eq!(back.args.iter().map(text).collect::<Vec<_>>(), expected);
        prop_assert_eq!(back.arg(strings.len()).unwrap().as_int(), Some(n));
    }
}
