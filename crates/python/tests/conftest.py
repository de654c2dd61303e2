"""Shared setup: endgame databases that tests build go to a throwaway data directory, never
the user's store."""

import atexit
import os
import pathlib
import shutil
import tempfile

_DATA = tempfile.mkdtemp(prefix="kalah-pytest-")
os.environ["KALAH_DATA"] = _DATA
# The databases built here take over a gigabyte; a run that left them would fill the disk.
atexit.register(shutil.rmtree, _DATA, ignore_errors=True)

ROOT = pathlib.Path(__file__).resolve().parents[3]
RULES_DATA = ROOT / "crates" / "rules" / "tests" / "data"
