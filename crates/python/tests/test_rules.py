"""Rules, positions, moves, games and records: the same games as the Rust tests give the
same positions (crates/rules/tests/data)."""

import copy
import pickle

import pytest

import kalah
from conftest import RULES_DATA


def test_presets_and_options_as_the_command_line_takes_them():
    assert str(kalah.Rules()) == (
        "houses=6 seeds=4 capture=standard end=either-empty sweep=owner early-end=no pie=no both-stores=no"
    )
    # `kalah show --rules bga --seeds 5 --pie`
    r = kalah.Rules(preset="bga", seeds=5, pie=True)
    assert (r.houses, r.seeds, r.end, r.early_end, r.pie) == (6, 5, "mover-cannot-move", True, True)
    assert r == kalah.Rules("bga pie=yes seeds=5") == kalah.Rules(str(r))
    assert kalah.Rules("openspiel").preset == "standard"
    assert kalah.Rules(capture="empty").preset == "empty-capture"
    assert [name for name, _ in kalah.Rules.presets()] == [
        "standard", "empty-capture", "bga", "sheet-002", "sheet-003", "sheet-004",
    ]
    assert kalah.Rules("sheet-004").sweep == "emptier"
    assert "Board: 6 houses per side, 6 seeds" in kalah.Rules("sheet-002").describe()


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(spec="nope"), 'unknown preset "nope": expected one of standard, empty-capture, bga, sheet-002, sheet-003, sheet-004'),
        (dict(houses=17), "houses per side must be 1 to 16, got 17"),
        (dict(seeds=0), "seeds per house must be 1 to 16, got 0"),
        (dict(capture="sometimes"), 'unknown capture value "sometimes": expected one of standard, empty, none'),
        (dict(spec="standard colour=red"), 'unknown rule option "colour": expected houses, seeds, capture, end, sweep, early-end, pie or both-stores'),
        (dict(spec="standard empty"), 'bad rule option "empty": write it as name=value, e.g. capture=empty'),
    ],
)
def test_rule_errors_carry_the_library_message(kwargs, message):
    spec = kwargs.pop("spec", None)
    with pytest.raises(kalah.RulesError) as e:
        kalah.Rules(spec, **kwargs)
    assert str(e.value) == message
    assert isinstance(e.value, kalah.KalahError) and isinstance(e.value, ValueError)


def test_position_notation_and_play():
    p = kalah.Position()
    assert str(p) == "<6,0,0,4,4,4,4,4,4,4,4,4,4,4,4> S"
    assert p == kalah.Position("< 6, 0,0, 4,4,4,4,4,4, 4,4,4,4,4,4 > S")
    s = p.play(3)
    assert s.extra_turn and s.mover == "south" and s.seeds == 4
    assert s.sown == [("south", 4), ("south", 5), ("south", 6), ("south", "store")]
    assert str(p) == "<6,1,0,4,4,0,5,5,5,4,4,4,4,4,4> S"
    assert s.to_dict()["last"] == {"side": "south", "store": True}
    # The rules follow the position's houses unless houses= is given, as --position does.
    q = kalah.Position("<3,0,0,1,1,1,1,1,1> N", "empty-capture")
    assert (q.rules.houses, q.rules.capture, q.to_move) == (3, "empty", "north")
    with pytest.raises(kalah.PositionError, match="set --houses 3"):
        kalah.Position("<3,0,0,1,1,1,1,1,1> N", "standard houses=6")
    with pytest.raises(kalah.PositionError):
        kalah.Position("<6,0,0,4> S")
    # pickling and copies keep the rules
    r = kalah.Position("<6,0,0,4,4,4,4,4,4,4,4,4,4,4,4> S", "bga")
    assert pickle.loads(pickle.dumps(r)) == r and copy.deepcopy(r) == r
    assert pickle.loads(pickle.dumps(r)).rules.preset == "bga"


def test_capture_and_the_end_sweep():
    # rules.md: South sows house 1 into the empty house 2; North house 5 is opposite.
    p = kalah.Position("<6,0,0,1,0,0,0,0,0,1,1,1,1,3,1> S")
    s = p.play(1)
    assert s.capture == (2, 4)
    # South's side is now empty: the game ends and North sweeps its own seeds.
    assert s.ended and s.sweep == (0, 5)
    o = p.outcome()
    assert o.scores == (4, 5) and o.winner == "north" and not o.early and o.margin("south") == -1
    # Under sweep=emptier the player whose side is empty takes the rest.
    assert kalah.Position("<6,0,0,1,0,0,0,0,0,1,1,1,1,3,1> S", "standard sweep=emptier").after(1).outcome().scores == (9, 0)
    assert p.legal_moves() == [] and p.is_over()


def test_illegal_moves_raise_with_the_reason_and_change_nothing():
    p = kalah.Position("<6,0,0,0,4,4,4,4,4,4,4,4,4,4,4> S")
    with pytest.raises(kalah.MoveError, match="house 1 is empty: choose a house with seeds"):
        p.play(1)
    with pytest.raises(kalah.MoveError, match="house 7 does not exist"):
        p.play(7)
    with pytest.raises(kalah.MoveError, match="no pie rule"):
        p.play("swap")
    with pytest.raises(kalah.MoveError, match="bad move"):
        p.play("x")
    assert str(p) == "<6,0,0,0,4,4,4,4,4,4,4,4,4,4,4> S"


def test_pie_rule_swap():
    p = kalah.Position(rules="standard pie=yes")
    assert p.pie_stage == "first"
    p.play(1)
    assert p.pie_stage == "offer" and p.legal_moves()[-1] == "swap"
    s = p.play("swap")
    assert s.move == "swap" and p.to_move == "north" and p.pie_stage == "off"


def test_game_undo_and_records():
    g = kalah.Game("standard")
    g.players = ("Ann", "Bo")
    sowings = g.play_turn("3-1")
    assert [s.move for s in sowings] == [3, 1]
    g.play(4)
    assert g.turns() == [("south", "3-1"), ("north", "4")]
    assert g.undo() == 4 and g.moves == [3, 1]
    with pytest.raises(kalah.MoveError, match="move 4"):
        g.play_turn("1-9")  # the second sowing does not exist
    assert g.moves == [3, 1]  # a refused turn changes nothing
    record = g.to_record()
    back = kalah.Game.from_record(record)
    assert back.to_record() == record and back.position == g.position
    assert back.players == ("Ann", "Bo") and back.result == "*"
    with pytest.raises(kalah.RecordError, match="no \\[Rules"):
        kalah.Game.from_record("[Kalah \"1\"]\n\n3\n")
    with pytest.raises(kalah.MoveError, match="no move to take back"):
        kalah.Game().undo()


def _swept(text):
    p = kalah.Position(text)
    return (p.store("south") + sum(p.houses("south")), p.store("north") + sum(p.houses("north")))


def test_replays_the_openspiel_fixture_like_the_rust_test():
    """crates/rules/tests/openspiel.rs in Python: 300 games, the position after every sowing."""
    games = moves = 0
    pos = None
    last = ""
    for no, line in enumerate((RULES_DATA / "openspiel-standard.txt").read_text().splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("game "):
            pos = kalah.Position()
            continue
        if line.startswith("result "):
            s, n = (int(x) for x in line.split()[1:])
            assert pos.outcome().scores == (s, n) == _swept(last), f"line {no}"
            games += 1
            continue
        move, expected = line.split(" ", 1)
        sowing = pos.play(int(move))
        moves += 1
        last = expected
        if not sowing.ended:
            assert str(pos) == expected, f"line {no}"
    assert games == 300 and moves > 10_000


def _perft_cases(name, max_nodes):
    case = {}
    for line in (RULES_DATA / name).read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        key, _, rest = line.partition(" ")
        if key == "id":
            case = {"id": rest}
        elif key in ("rules", "position"):
            case[key] = rest
        elif key == "perft":
            depth, nodes = (int(x) for x in rest.split())
            if nodes <= max_nodes:
                yield pytest.param(case["rules"], case["position"], depth, nodes, id=f"{case['id']}-{depth}")


@pytest.mark.parametrize(
    "rules, position, depth, nodes",
    list(_perft_cases("standard.perft", 200_000)) + list(_perft_cases("variants.perft", 200_000)),
)
def test_perft_counts_from_the_rust_tests_data(rules, position, depth, nodes):
    assert kalah.perft(kalah.Position(position, rules), depth) == nodes


def test_divide_sums_to_perft():
    p = kalah.Position(rules="bga")
    d = kalah.divide(p, 4)
    assert [m for m, _ in d] == p.legal_moves()
    assert sum(n for _, n in d) == kalah.perft(p, 4)


def test_playouts_match_the_command_line_loop():
    games, moves, margin = kalah.playouts(1000)
    assert games == 1000 and moves > 20_000
    assert kalah.playouts(1000) == (games, moves, margin)  # deterministic
