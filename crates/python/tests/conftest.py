"""Shared setup: endgame databases that tests build go to a throwaway data directory, never
the user's store."""

import os
import pathlib
import tempfile

_DATA = tempfile.mkdtemp(prefix="kalah-pytest-")
os.environ["KALAH_DATA"] = _DATA

ROOT = pathlib.Path(__file__).resolve().parents[3]
RULES_DATA = ROOT / "crates" / "rules" / "tests" / "data"
