"""Benchmarks of docs/python.md: random playouts from Python with BatchEnv, against the
command line's playout loop and OpenSpiel's `mancala`; and `kalah.solve` of Kalah(6,4)
against `kalah solve`, alternating, several runs each.

    python crates/python/bench/bench.py playouts [--batch 4096] [--steps 1000] [--runs 5]
    python crates/python/bench/bench.py solve --kalah target/release/kalah [--runs 5] [--rules standard] [--threads N]
    python crates/python/bench/bench.py pairs --before DIR [--pairs 30]

`pairs` compares two builds of the package on the stepping loop: the one this Python imports,
and one installed in DIR (`pip install --no-deps --target DIR kalah-*.whl`), one process per
1,000-step run, alternating which goes first, so that a loaded machine's drift falls on both.

Run it on one core with `taskset -c 1` for the playouts. Every figure checks its own work:
the playouts count the games they finish, the solves compare their values.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import time

import numpy as np

import kalah


class Clock:
    """Wall time and this process's CPU time: on a shared machine the CPU time leaves out
    the time other processes took the core (every loop here runs on one thread)."""

    def __init__(self):
        self.wall, self.cpu = time.perf_counter(), time.process_time()

    def rates(self, moves: int) -> tuple[float, float]:
        return moves / (time.perf_counter() - self.wall), moves / (time.process_time() - self.cpu)


def load() -> str:
    return "load average %.2f %.2f %.2f" % os.getloadavg()


def batch_step(batch: int, steps: int) -> float:
    env = kalah.BatchEnv(batch, "standard", seed=1)
    env.reset()
    return batch_step_env(env, steps)


def batch_numpy_policy(batch: int, steps: int) -> float:
    env = kalah.BatchEnv(batch, "standard", seed=1)
    _, masks = env.reset()
    rng = np.random.default_rng(0)
    t = Clock()
    for _ in range(steps):
        actions = np.argmax(rng.random(masks.shape, dtype=np.float32) * masks, axis=1)
        _, _, _, masks = env.step(actions)
    return t.rates(steps * batch)


def batch_rust(batch: int, steps: int) -> float:
    env = kalah.BatchEnv(batch, "standard", seed=1)
    t = Clock()
    finished = env.play_random(steps)
    rates = t.rates(steps * batch)
    assert finished > steps * batch / 60, finished
    return rates


def cli_loop(games: int) -> float:
    t = Clock()
    _, moves, _ = kalah.playouts(games)
    return t.rates(moves)


def openspiel_mancala(games: int) -> float:
    import pyspiel

    game = pyspiel.load_game("mancala")
    rng = random.Random(1)
    moves = 0
    t = Clock()
    for _ in range(games):
        s = game.new_initial_state()
        while not s.is_terminal():
            s.apply_action(rng.choice(s.legal_actions()))
            moves += 1
    return t.rates(moves)


def playouts(args) -> None:
    print(load())
    cases = [
        (f"BatchEnv({args.batch}).step(env.random_actions())", lambda: batch_step(args.batch, args.steps)),
        (f"BatchEnv({args.batch}).step(NumPy masked argmax)", lambda: batch_numpy_policy(args.batch, args.steps)),
        (f"BatchEnv({args.batch}).play_random (no Python per step)", lambda: batch_rust(args.batch, args.steps)),
        ("kalah.playouts (the `kalah bench playouts` loop)", lambda: cli_loop(100_000)),
    ]
    try:
        import pyspiel  # noqa: F401

        cases.append(("OpenSpiel mancala from Python", lambda: openspiel_mancala(2_000)))
    except ImportError:
        pass
    for name, f in cases:
        runs = [f() for _ in range(args.runs)]
        for i, kind in enumerate(("wall", "CPU")):
            r = sorted(x[i] / 1e6 for x in runs)
            print(f"{name}, {kind} time: {' '.join(f'{x:.1f}' for x in r)} M moves/s (median {r[len(r) // 2]:.1f})")
    print(load())


def solve(args) -> None:
    print(load())
    py, cli = [], []
    values = set()
    for _ in range(args.runs):
        t = time.perf_counter()
        out = subprocess.run(
            [args.kalah, "solve", "--rules", args.rules, "--json"] + (["--threads", str(args.threads)] if args.threads else []),
            check=True,
            capture_output=True,
            text=True,
        )
        cli.append(time.perf_counter() - t)
        values.add(json.loads(out.stdout)["value"])
        t = time.perf_counter()
        r = kalah.solve(rules=args.rules, threads=args.threads)
        py.append(time.perf_counter() - t)
        values.add(r.value)
        print(f"  cli {cli[-1]:.2f} s   python {py[-1]:.2f} s   ({r.database})   {load()}", flush=True)
    assert len(values) == 1, values
    print(f"value {values.pop()}; kalah solve: mean {sum(cli) / len(cli):.2f} s (min {min(cli):.2f}); "
          f"kalah.solve: mean {sum(py) / len(py):.2f} s (min {min(py):.2f})")


def step_once(_args) -> None:
    """One run of the stepping loop after 50 warm-up steps; prints wall and CPU M moves/s."""
    env = kalah.BatchEnv(4096, "standard", seed=1)
    env.reset()
    for _ in range(50):
        env.step(env.random_actions())
    print(*(f"{r / 1e6:.2f}" for r in batch_step_env(env, 1000)))


def batch_step_env(env, steps: int) -> tuple[float, float]:
    """`env.step(env.random_actions())` `steps` times: wall and CPU moves per second."""
    finished = 0
    t = Clock()
    for _ in range(steps):
        _, _, dones, _ = env.step(env.random_actions())
        finished += int(dones.sum())
    rates = t.rates(steps * env.num_envs)
    assert finished > steps * env.num_envs / 60, finished  # Kalah(6,4) random games last ~30-50 moves
    return rates


def pairs(args) -> None:
    import statistics
    import sys

    print(load(), flush=True)
    runs = {"before": [], "after": []}
    for i in range(args.pairs):
        for which in ("before", "after") if i % 2 == 0 else ("after", "before"):
            env = dict(os.environ)
            env.pop("PYTHONPATH", None)
            if which == "before":
                env["PYTHONPATH"] = args.before
            out = subprocess.run(
                ["taskset", "-c", str(args.core), sys.executable, __file__, "step-once"],
                env=env, check=True, capture_output=True, text=True,
            ).stdout.split()
            runs[which].append((float(out[0]), float(out[1])))
    print(load())
    for which in ("before", "after"):
        wall = sorted(w for w, _ in runs[which])
        cpu = sorted(c for _, c in runs[which])
        q = len(wall) // 4
        print(f"{which}: wall median {statistics.median(wall):.1f} (quartiles {wall[q]:.1f} - {wall[-1 - q]:.1f}), "
              f"CPU median {statistics.median(cpu):.1f} M moves/s")
    for i, kind in enumerate(("wall", "CPU")):
        r = sorted(a[i] / b[i] for a, b in zip(runs["after"], runs["before"]))
        q = len(r) // 4
        print(f"after / before, pair by pair, {kind} time: median {statistics.median(r):.2f} "
              f"(quartiles {r[q]:.2f} - {r[-1 - q]:.2f}), after faster in {sum(x > 1 for x in r)} of {len(r)}")


def main() -> None:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="what", required=True)
    p = sub.add_parser("playouts")
    p.add_argument("--batch", type=int, default=4096)
    p.add_argument("--steps", type=int, default=1000)
    p.add_argument("--runs", type=int, default=5)
    s = sub.add_parser("solve")
    s.add_argument("--kalah", default="target/release/kalah")
    s.add_argument("--rules", default="standard")
    s.add_argument("--runs", type=int, default=5)
    s.add_argument("--threads", type=int, default=None, help="search threads of both (default: every core)")
    pr = sub.add_parser("pairs")
    pr.add_argument("--before", required=True, help="a folder holding the other build (pip install --target)")
    pr.add_argument("--pairs", type=int, default=30)
    pr.add_argument("--core", type=int, default=1)
    sub.add_parser("step-once")
    args = ap.parse_args()
    {"playouts": playouts, "solve": solve, "pairs": pairs, "step-once": step_once}[args.what](args)


if __name__ == "__main__":
    main()
