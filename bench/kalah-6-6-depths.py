#!/usr/bin/env python3
"""How a Kalah(6,6) solve grows as the position moves toward the start (docs/kalah-6-6.md).

Plays `kalah match` games (expert against club, fixed seed), then walks each game backward:
the position after FROM sowings, FROM - STEP, ... down to TO, each solved exactly by its own
`kalah solve --json --threads 1` (one thread: the node counts do not depend on the load) under
/usr/bin/time (CPU = user + system). A game's walk stops at its first solve that does not
finish within --timeout seconds (an earlier position would take longer still).

    KALAH_DATA=<store> python3 bench/kalah-6-6-depths.py --kalah BIN --games 3 --timeout 300

One line per position: game, sowings played, seeds left in the houses, value, nodes, CPU
seconds, wall seconds, peak RSS; NOT SOLVED for a solve stopped by the timeout.
"""

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile


# The game and position helpers of the mid-game bench, beside this file.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from solve_positions import games, position, run  # noqa: E402


def seeds_left(pos):
    # <n,S,N,houses...> X: the houses follow the two stores.
    fields = pos.split("<", 1)[1].split(">", 1)[0].split(",")
    return sum(int(x) for x in fields[3:])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kalah", default="target/release/kalah")
    ap.add_argument("--seeds", type=int, default=6)
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--seed", type=int, default=38)
    ap.add_argument("--a", default="expert")
    ap.add_argument("--b", default="club")
    ap.add_argument("--from", dest="start", type=int, default=30)
    ap.add_argument("--to", type=int, default=2)
    ap.add_argument("--step", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=300)
    ap.add_argument("--skip", type=int, default=0, help="leave out the first SKIP games")
    ap.add_argument("--extra", default="", help="more `kalah solve` flags, space separated")
    args = ap.parse_args()

    print("game sowings seeds-left value nodes cpu-s wall-s rss-MiB position", flush=True)
    played = list(games(args.kalah, args.seeds, args.games + args.skip, args.seed, args.a, args.b))
    with tempfile.NamedTemporaryFile() as t:
        for g, moves in enumerate(played[args.skip:], start=args.skip + 1):
            for plies in range(args.start, args.to - 1, -args.step):
                if len(moves) <= plies:
                    continue
                p = position(args.kalah, args.seeds, moves[:plies])
                if p["over"]:
                    continue
                pos = p["position"]
                left = seeds_left(pos)
                cmd = ["/usr/bin/time", "-f", "%U %S %e %M", "-o", t.name, args.kalah,
                       "--seeds", str(args.seeds), "solve", "--json", "--threads", "1",
                       "--position", pos, *args.extra.split()]
                # A session of its own, so that a timeout stops `kalah` too, not only `time`.
                proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        text=True, start_new_session=True)
                try:
                    stdout, _ = proc.communicate(timeout=args.timeout)
                except subprocess.TimeoutExpired:
                    # SIGINT: `kalah` stops as on Ctrl-C, `time` ignores it and still reports.
                    os.killpg(proc.pid, signal.SIGINT)
                    proc.communicate()
                    try:
                        user, system = open(t.name).read().split()[-4:-2]
                        cpu = f"{float(user) + float(system):.2f}"
                    except ValueError:
                        cpu = "?"
                    print(f"{g} {plies} {left} NOT SOLVED in {args.timeout:.0f} s wall "
                          f"({cpu} s CPU) {pos}", flush=True)
                    break
                user, system, wall, kb = open(t.name).read().split()[-4:]
                r = json.loads(stdout)
                print(f"{g} {plies} {left} {r['value']:+d} {r['nodes']} "
                      f"{float(user) + float(system):.2f} {float(wall):.2f} "
                      f"{int(kb) // 1024} {pos}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
