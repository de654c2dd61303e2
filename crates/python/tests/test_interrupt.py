"""Ctrl-C during a long solve: a child process gets SIGINT and stops at once with
KeyboardInterrupt."""

import os
import signal
import subprocess
import sys
import time

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
