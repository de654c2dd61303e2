"""Ctrl-C during a long solve or an endgame-database build: a child process gets SIGINT and
stops at once with KeyboardInterrupt, and a stopped build stores nothing."""

import os
import signal
import subprocess
import sys
import time

import pytest

import kalah

CHILD = r"""
import sys, time, kalah
print("solving", flush=True)
t = time.monotonic()
try:
    # Kalah(6,6) from the start: hours of work.
    kalah.solve(rules="standard seeds=6", threads=1, egdb_seeds=0, store=False)
except KeyboardInterrupt:
    print(f"interrupted after {time.monotonic() - t:.2f} s", flush=True)
    sys.exit(3)
print("finished", flush=True)
"""


def test_ctrl_c_stops_a_long_solve(tmp_path):
    env = dict(os.environ, KALAH_DATA=str(tmp_path))
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )
    assert child.stdout.readline().strip() == "solving"
    time.sleep(1.0)  # well into the search
    assert child.poll() is None
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=60)
    assert child.returncode == 3, (out, err)
    assert out.startswith("interrupted after"), (out, err)
    # It stopped on the signal, not by finishing: far sooner than the solve would take.
    assert time.monotonic() - sent < 30


BUILD = r"""
import sys, time, kalah
print("building", flush=True)
t = time.monotonic()
try:
    # Kalah(6,4) up to 21 seeds: 354,817,320 positions, seconds of work even on a fast
    # machine. Either the database build itself, or the one a solve asks for first.
    if sys.argv[1] == "build":
        kalah.EndgameDatabase.build("standard", 21, threads=2)
    else:
        kalah.solve(rules="standard", threads=2, egdb_seeds=21)
except KeyboardInterrupt:
    print(f"interrupted after {time.monotonic() - t:.2f} s", flush=True)
    sys.exit(3)
print("finished", flush=True)
"""


@pytest.mark.parametrize("how", ["build", "solve"])
def test_ctrl_c_stops_a_database_build_and_stores_nothing(tmp_path, how):
    env = dict(os.environ, KALAH_DATA=str(tmp_path))
    child = subprocess.Popen(
        [sys.executable, "-c", BUILD, how], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )
    assert child.stdout.readline().strip() == "building"
    time.sleep(0.5)  # into the build
    assert child.poll() is None
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=60)
    assert child.returncode == 3, (out, err)
    assert out.startswith("interrupted after"), (out, err)
    # The build stops at its next chunk of work (milliseconds) and the signal is seen
    # within 50 ms; allow for a loaded machine.
    assert time.monotonic() - sent < 5, out
    stored = sorted(p.name for p in (tmp_path / "egdb").iterdir())
    assert all(name.endswith(".lock") for name in stored), stored


def test_a_signal_handler_that_raises_stops_a_build_in_process():
    """The interrupt path without a child: a timer's handler raises while the build runs
    without the GIL; the build stops and the handler's exception comes back."""

    class Stop(Exception):
        pass

    def handler(signum, frame):
        raise Stop()

    old = signal.signal(signal.SIGALRM, handler)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.3)
        t = time.monotonic()
        with pytest.raises(Stop):
            kalah.EndgameDatabase.build("standard", 21, threads=2, store=False)
        assert time.monotonic() - t < 5
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    # The flag was the build's own: the next build runs to the end.
    db = kalah.EndgameDatabase.build("standard", 8, store=False)
    assert db.max_seeds == 8
