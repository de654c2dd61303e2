"""Kalah (Kalaha, Mancala) in Rust, for Python: every rule variant, exact notations, an exact
solver, endgame databases, the playing levels, and a batch environment for learning.

    >>> import kalah
    >>> pos = kalah.Position()                    # Kalah(6,4), South to move
    >>> pos.play(3).extra_turn                    # 4 seeds from house 3: the last in the store
    True
    >>> str(pos)
    '<6,1,0,4,4,0,5,5,5,4,4,4,4,4,4> S'
    >>> kalah.solve("<6,0,0,0,0,0,1,2,3,0,0,0,0,0,4> S").value
    8

Adapters, imported on demand so that ``import kalah`` needs only NumPy:
``kalah.gym`` (Gymnasium), ``kalah.pettingzoo`` (PettingZoo AEC) and ``kalah.openspiel``
(an OpenSpiel game, ``python_kalah``). See ``docs/python.md``.
"""

from ._kalah import (
    LEVELS,
    BatchEnv,
    EgdbError,
    EndgameDatabase,
    Game,
    KalahError,
    MoveError,
    MoveValue,
    Outcome,
    Player,
    Position,
    PositionError,
    RecordError,
    Rules,
    RulesError,
    SearchResult,
    Sowing,
    analyze,
    choose_move,
    divide,
    egdb_store,
    parse_turn,
    perft,
    playouts,
    search,
    solve,
)

__all__ = [
    "LEVELS",
    "BatchEnv",
    "EgdbError",
    "EndgameDatabase",
    "Game",
    "KalahError",
    "MoveError",
    "MoveValue",
    "Outcome",
    "Player",
    "Position",
    "PositionError",
    "RecordError",
    "Rules",
    "RulesError",
    "SearchResult",
    "Sowing",
    "analyze",
    "choose_move",
    "divide",
    "egdb_store",
    "parse_turn",
    "perft",
    "playouts",
    "search",
    "solve",
]
