//! Property tests: no input makes the parsers panic, and printed values parse back.

use kalah_engine_protocol::{Command, Depth, Go, Info, PositionCommand, Reply, Start};
use kalah_rules::{Move, Side};
use proptest::prelude::*;

fn a_move() -> impl Strategy<Value = Move> {
    prop_oneof![(1u8..=16).prop_map(Move::Sow), Just(Move::Swap)]
}

fn a_go() -> impl Strategy<Value = Go> {
    let n = || proptest::option::of(0u64..10_000_000);
    (
        (n(), n(), n(), n(), n()),
        proptest::option::of(1u32..500),
        n(),
        any::<bool>(),
    )
        .prop_map(
            |((movetime, stime, ntime, sinc, ninc), depth, nodes, infinite)| Go {
                movetime,
                stime,
                ntime,
                sinc,
                ninc,
                depth,
                nodes,
                infinite,
            },
        )
}

fn a_command() -> impl Strategy<Value = Command> {
    prop_oneof![
        proptest::option::of(0u32..10).prop_map(Command::Kep),
        Just(Command::IsReady),
        Just(Command::Stop),
        Just(Command::Quit),
        a_go().prop_map(Command::Go),
        (
            prop_oneof![Just(Side::South), Just(Side::North)],
            proptest::collection::vec(a_move(), 0..20)
        )
            .prop_map(|(side, moves)| Command::Position(PositionCommand {
                start: Start::StartPos(side),
                moves
            })),
        (
            "[a-z][a-z0-9_]{0,10}",
            proptest::option::of("[a-z0-9/]([a-z0-9/ ]{0,10}[a-z0-9])?")
        )
            .prop_map(|(name, value)| Command::SetOption { name, value }),
    ]
}

fn an_info() -> impl Strategy<Value = Info> {
    (
        proptest::option::of(prop_oneof![
            (0u32..100).prop_map(Depth::Sowings),
            Just(Depth::End)
        ]),
        proptest::option::of(-100i32..100),
        any::<bool>(),
        proptest::option::of(any::<u64>()),
        proptest::collection::vec(a_move(), 0..10),
        proptest::option::of("[a-z][a-z :\"]{0,20}[a-z]"),
    )
        .prop_map(|(depth, score, exact, nodes, pv, string)| Info {
            depth,
            score,
            exact,
            nodes,
            time: nodes.map(|n| n / 7),
            nps: None,
            pv,
            string,
        })
}

proptest! {
    #[test]
    fn any_text_parses_or_fails_cleanly(line in any::<String>()) {
        let _ = Command::parse(&line);
        let _ = Reply::parse(&line);
    }

    #[test]
    fn protocol_like_text_parses_or_fails_cleanly(
        words in proptest::collection::vec(
            prop_oneof![
                Just("position".to_string()), Just("board".to_string()),
                Just("startpos".to_string()), Just("moves".to_string()), Just("go".to_string()),
                Just("info".to_string()), Just("bestmove".to_string()), Just("<".to_string()),
                Just(">".to_string()), Just("depth".to_string()), Just("pv".to_string()),
                "[0-9,<>-]{0,12}", "\\PC{0,6}",
            ],
            0..12,
        )
    ) {
        let line = words.join(" ");
        let _ = Command::parse(&line);
        let _ = Reply::parse(&line);
    }

    #[test]
    fn printed_commands_parse_back(cmd in a_command()) {
        let line = cmd.to_string();
        prop_assert_eq!(Command::parse(&line).unwrap(), Some(cmd));
    }

    #[test]
    fn printed_info_parses_back(info in an_info()) {
        let line = Reply::Info(info.clone()).to_string();
        prop_assert_eq!(Reply::parse(&line).unwrap(), Some(Reply::Info(info)));
    }
}
