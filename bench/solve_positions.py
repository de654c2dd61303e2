#!/usr/bin/env python3
"""Exact solves of mid-game positions from real games, with wall time and peak memory.

Games come from `kalah match --verbose` (club against casual, fixed seed); game i gives the
position after PLIES_LO + (i mod span) sowings. Each position is solved by its own
`kalah solve --json` process with default settings, timed by /usr/bin/time (wall seconds and
max RSS). Databases go to the store of $KALAH_DATA: run once to build them (cold), again to
measure warm.

    python3 bench/solve_positions.py --seeds 4 --plies 6-12 --count 20
    python3 bench/solve_positions.py --seeds 6 --plies 20-30 --count 20

`--a`/`--b` choose the levels that play the games; `--write FILE` saves the positions (one
a line, with the sowings played) and stops; `--positions FILE` solves a saved set instead
of playing games (bench/kalah-6-6-midgame.txt: 60 positions of expert against club).
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile


def run(cmd):
    return subprocess.run(cmd, check=True, capture_output=True, text=True)


def games(kalah, seeds, count, seed, a="club", b="casual"):
    out = run([kalah, "--seeds", str(seeds), "match", "--a", a, "--b", b,
               "--games", str(count), "--seed", str(seed), "--threads", "1", "--verbose"])
    for line in out.stderr.splitlines():
        if " moves " in line:
            opening = line.split("opening [", 1)[1].split("]", 1)[0].split()
            yield opening + line.split(" moves ", 1)[1].split(",", 1)[0].split()


def position(kalah, seeds, moves):
    out = run([kalah, "--seeds", str(seeds), "apply", "--json", *moves])
    return json.loads(out.stdout)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kalah", default="target/release/kalah")
    ap.add_argument("--seeds", type=int, default=4)
    ap.add_argument("--plies", default="6-12", help="LO-HI sowings into the game")
    ap.add_argument("--count", type=int, default=20)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--extra", default="", help="more `kalah solve` flags, space separated")
    ap.add_argument("--a", default="club", help="level of one player of the games")
    ap.add_argument("--b", default="casual", help="level of the other")
    ap.add_argument("--write", help="save the positions to this file and stop")
    ap.add_argument("--positions", help="solve the positions of this file (from --write)")
    ap.add_argument("--timeout", type=float, help="stop a solve after this many seconds "
                    "(counted as not solved)")
    args = ap.parse_args()
    lo, hi = (int(x) for x in args.plies.split("-"))
    span = hi - lo + 1

    positions = []
    if args.positions:
        for line in open(args.positions):
            line = line.split("#", 1)[0].strip()
            if line:
                plies, pos = line.split(" ", 1)
                positions.append((int(plies), pos.strip()))
        positions = positions[:args.count]
    else:
        for i, moves in enumerate(games(args.kalah, args.seeds, args.count * 2, args.seed,
                                        args.a, args.b)):
            plies = lo + i % span
            if len(moves) <= plies:
                continue
            p = position(args.kalah, args.seeds, moves[:plies])
            if not p["over"]:
                positions.append((plies, p["position"]))
            if len(positions) == args.count:
                break
    if args.write:
        with open(args.write, "w") as f:
            f.write(f"# sowings played, position: Kalah(6,{args.seeds}), {args.a} against "
                    f"{args.b}, `kalah match --seed {args.seed}`, {lo} - {hi} sowings in\n")
            for plies, pos in positions:
                f.write(f"{plies} {pos}\n")
        print(f"{len(positions)} positions written to {args.write}")
        return 0

    times, rss = [], []
    unsolved = 0
    with tempfile.NamedTemporaryFile() as t:
        for plies, pos in positions:
            cmd = ["/usr/bin/time", "-f", "%e %M", "-o", t.name, args.kalah, "--seeds",
                   str(args.seeds), "solve", "--json", "--position", pos, *args.extra.split()]
            try:
                out = subprocess.run(cmd, check=True, capture_output=True, text=True,
                                     timeout=args.timeout)
            except subprocess.TimeoutExpired:
                print(f"{plies:3} {pos:44} NOT SOLVED in {args.timeout:.0f} s", flush=True)
                times.append(float(args.timeout))
                unsolved += 1
                continue
            wall, kb = open(t.name).read().split()[-2:]
            r = json.loads(out.stdout)
            db = r["database"]
            src = "none" if db is None else db["source"].split(" ")[0] + f" k{db['max_seeds']}"
            final = r.get("hash_final_mb", r["hash_mb"])
            grown = f"->{final}" if final != r["hash_mb"] else ""
            times.append(float(wall))
            rss.append(int(kb) / 1024)
            print(f"{plies:3} {pos:44} value {r['value']:+4} {'exact' if r['exact'] else 'NOT EXACT'}"
                  f"  {float(wall):7.3f} s  {int(kb) / 1024:7.0f} MiB  {r['nodes']:>11} nodes"
                  f"  table {r['hash_mb']}{grown} MiB  db {src}", flush=True)
    print(f"{len(times)} positions: median {statistics.median(times):.3f} s, "
          f"max {max(times):.3f} s, sum {sum(times):.1f} s, peak RSS {max(rss):.0f} MiB, "
          f"{unsolved} not solved within the timeout "
          f"(KALAH_DATA={os.environ.get('KALAH_DATA', 'default')})")


if __name__ == "__main__":
    sys.exit(main())
