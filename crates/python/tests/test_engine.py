"""solve, search, analyze, the playing levels and endgame databases."""

import pytest

import kalah

# A late Kalah(6,4) middle game with 20 seeds left in the houses: solved in well under a second.
MIDDLE = "<6,14,14,0,3,0,2,1,4,2,0,5,0,1,2> S"


def brute_force(pos):
    """Final margin for the side to move under perfect play, by plain minimax."""
    out = pos.outcome()
    if out is not None:
        return out.margin(pos.to_move)
    best = None
    for m in pos.legal_moves():
        nxt = pos.after(m)
        v = brute_force(nxt)
        v = v if nxt.to_move == pos.to_move else -v
        best = v if best is None else max(best, v)
    return best


@pytest.mark.parametrize(
    "rules", ["standard houses=3 seeds=2", "empty-capture houses=3 seeds=2", "bga houses=3 seeds=2", "sheet-004 houses=2 seeds=3"]
)
def test_solve_agrees_with_plain_minimax(rules):
    pos = kalah.Position(rules=rules)
    r = kalah.solve(pos)
    assert r.exact and r.value == brute_force(pos)
    for m in r.best_moves:
        nxt = pos.after(m)
        v = brute_force(nxt)
        assert (v if nxt.to_move == pos.to_move else -v) == r.value


def test_solve_gives_a_line_and_best_moves():
    r = kalah.solve(MIDDLE, threads=1)
    assert r.exact and r.best in r.best_moves and r.pv[0] == r.best
    assert r.pv_line.split(" ")[0].split("-")[0] == str(r.best)
    # Every best move keeps the value; analyze agrees.
    values = {v.move: v.value for v in kalah.analyze(MIDDLE, exact=True)}
    assert max(values.values()) == r.value
    assert {m for m, v in values.items() if v == r.value} == set(r.best_moves)


def test_search_limits():
    p = kalah.Position()
    shallow = kalah.search(p, depth=4)
    assert shallow.depth == 4 and not shallow.exact and shallow.best in p.legal_moves()
    limited = kalah.search(p, nodes=5_000)
    assert not limited.exact and limited.nodes < 200_000
    timed = kalah.search(p, time=0.2)
    assert not timed.exact and timed.best in p.legal_moves()
    with pytest.raises(TypeError, match="give one limit"):
        kalah.search(p, depth=3, nodes=10)
    with pytest.raises(kalah.KalahError, match="time must be"):
        kalah.search(p, time=-1)


def test_analyze_refuses_a_finished_game():
    with pytest.raises(kalah.KalahError, match="the game is over"):
        kalah.analyze("<6,24,24,0,0,0,0,0,0,0,0,0,0,0,0> S")


def test_analyze_uses_the_opening_books():
    # The perfect level's books cover the start of Kalah(6,4): values proven at once.
    values = kalah.analyze(kalah.Position(), time=0.1)
    assert values and all(v.exact for v in values) and any(v.book for v in values)


def test_levels():
    assert kalah.LEVELS == ["beginner", "novice", "casual", "club", "expert", "master", "perfect"]
    p = kalah.Position()
    for level in kalah.LEVELS:
        player = kalah.Player(level, seed=7, max_time=0.3)
        m = player.choose(p)
        assert m in p.legal_moves()
        if level != "perfect":
            assert kalah.Player(level, seed=7).choose(p) == m  # same seed, same move
    assert kalah.choose_move("<6,24,24,0,0,0,0,0,0,0,0,0,0,0,0> S") is None
    with pytest.raises(kalah.KalahError, match="unknown level"):
        kalah.Player("grandmaster")


def test_master_beats_beginner():
    master, beginner = kalah.Player("master", seed=1), kalah.Player("beginner", seed=1)
    g = kalah.Game()
    while g.status == "playing":
        who = master if g.position.to_move == "south" else beginner
        g.play(who.choose(g.position))
    assert g.outcome().winner == "south"


def test_endgame_database_build_probe_save_load(tmp_path):
    db = kalah.EndgameDatabase.build("standard", 8, store=False, threads=2)
    assert db.max_seeds == 8 and db.rules == kalah.Rules() and not db.packed
    # The database's values are the solver's.
    for text in ["<6,20,20,0,0,1,2,0,1,1,0,0,2,1,0> S", "<6,17,23,1,1,1,1,1,1,0,0,0,0,0,2> N"]:
        pos = kalah.Position(text)
        assert db.value(pos) == kalah.solve(pos, egdb_seeds=0).value
        assert db.probe(pos) == db.value(pos) - (pos.store(pos.to_move) - pos.store("north" if pos.to_move == "south" else "south"))
    assert db.probe(kalah.Position()) is None  # 48 seeds: not covered
    path = tmp_path / "standard-8.egdb"
    db.save(str(path))
    again = kalah.EndgameDatabase.load(str(path), "standard")
    assert again.checksum == db.checksum and len(again) == len(db)
    with pytest.raises(kalah.EgdbError):
        kalah.EndgameDatabase.load(str(path), "empty-capture")
    # A solve with the database gives the same value.
    assert kalah.solve(MIDDLE, egdb=db, threads=1).value == kalah.solve(MIDDLE, egdb_seeds=0, threads=1).value


def test_endgame_database_store(tmp_path, monkeypatch):
    monkeypatch.setenv("KALAH_DATA", str(tmp_path))
    db = kalah.EndgameDatabase.build("empty-capture", 6)
    assert kalah.egdb_store() == str(tmp_path / "egdb")
    assert any(p.suffix == ".egdb" for p in (tmp_path / "egdb").iterdir())
    assert kalah.EndgameDatabase.build("empty-capture", 6).checksum == db.checksum


def test_a_search_releases_the_gil():
    import threading

    done = threading.Event()
    thread = threading.Thread(target=lambda: (kalah.search(kalah.Position(), time=1.0), done.set()))
    thread.start()
    spins = 0
    while not done.is_set():
        spins += 1  # runs only while the search thread does not hold the GIL
    thread.join()
    assert spins > 10_000
