//! Differential test against OpenSpiel's `mancala` (standard rules): 300 random games, the
//! position after every sowing. OpenSpiel leaves the final board unswept, so the last
//! position of a game is compared after sweeping it by hand, and the final scores with its
//! `result` line.

use kalah_rules::{parse_setup, Move, Position, Rules, Side};

fn swept(text: &str) -> (u32, u32) {
    let s = parse_setup(text).expect("fixture position");
    (
        s.stores.south + s.houses.south.iter().sum::<u32>(),
        s.stores.north + s.houses.north.iter().sum::<u32>(),
    )
}

#[test]
fn replays_openspiel_games() {
    let text = include_str!("data/openspiel-standard.txt");
    let rules = Rules::standard();
    let mut pos = Position::start(rules, Side::South);
    let mut games = 0;
    let mut moves = 0;
    let mut last_expected = String::new();
    for (no, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if line.starts_with("game ") {
            pos = Position::start(rules, Side::South);
            continue;
        }
        if let Some(result) = line.strip_prefix("result ") {
            let (s, n) = result.split_once(' ').unwrap();
            let o = pos
                .outcome()
                .unwrap_or_else(|| panic!("line {}: game not over", no + 1));
            assert_eq!(
                (o.scores.south, o.scores.north),
                (s.parse().unwrap(), n.parse().unwrap()),
                "line {}",
                no + 1
            );
            assert_eq!(swept(&last_expected), (o.scores.south, o.scores.north));
            games += 1;
            continue;
        }
        let (mv, expected) = line.split_once(' ').unwrap();
        let m: Move = mv.parse().unwrap();
        let s = pos
            .play(m)
            .unwrap_or_else(|e| panic!("line {}: {e}", no + 1));
        moves += 1;
        last_expected = expected.to_string();
        if !s.ended {
            assert_eq!(pos.to_string(), expected, "line {}", no + 1);
        }
    }
    assert_eq!(games, 300);
    assert!(moves > 10_000);
}
