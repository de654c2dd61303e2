#!/usr/bin/env python3
"""Checks that CMancala plays Kalah by our rules, on every position of `kalah match` records.

Replays each game of a records file twice over:
- with the adapter's rules (cmancala_kep.sow, written from docs/rules.md): the final stores
  must be the record's `Result`, which kalah's own rules computed;
- with CMancala's: for every position of the game, CMancala's `--api` command `MOVES CODE`
  sows every legal house with its own code (board.c), and each board must be ours.
North's store is compared modulo 8: CMancala's board codes keep only its low 3 bits (see
cmancala_kep.for_cmancala, which also moves seeds between the stores so that it fits).

    python3 bench/cmancala/check_rules.py --mancala /work/cm/build/Mancala games.txt
"""

import argparse
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cmancala_kep import Illegal, decode, encode, for_cmancala, parse_position, sow  # noqa: E402


def games(path):
    """(start board words, seeds, sowings, result) of each record."""
    tags, moves = {}, []
    with open(path) as f:
        text = f.read()
    for block in re.split(r"\n(?=\[Kalah )", text):
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', block, re.M))
        if "Start" not in tags:
            continue
        body = [ln for ln in block.splitlines() if ln and not ln.startswith(("[", "#"))]
        moves = [s for tok in " ".join(body).split() for s in tok.split("-") if s.isdigit()]
        seeds = int(re.search(r"seeds=(\d+)", tags["Rules"]).group(1))
        yield tags, seeds, moves


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--mancala", required=True, help="CMancala's built binary")
    p.add_argument("records", nargs="+", help="kalah match --records files")
    args = p.parse_args()
    api = subprocess.Popen([args.mancala, "--api"], stdin=subprocess.PIPE,
                           stdout=subprocess.PIPE, text=True, bufsize=1)
    n_games = n_positions = n_children = bad = 0
    for path in args.records:
        for tags, seeds, moves in games(path):
            n_games += 1
            cells, color, over = parse_position(["board"] + tags["Start"].split(), seeds)
            for i, mv in enumerate(moves):
                given, _, _ = for_cmancala(cells, seeds)
                api.stdin.write(f"MOVES {encode(given, color)}\n")
                answer = api.stdout.readline().split()
                theirs = {}
                for j in range(1, len(answer), 4):
                    idx = int(answer[j + 1])
                    theirs[idx + 1 if color == 1 else idx - 6] = decode(answer[j + 3])
                ours = {}
                for h in range(1, 7):
                    try:
                        after, after_color, done = sow(given, color, h)
                    except Illegal:
                        continue
                    after[13] &= 7
                    ours[h] = (after, after_color, done)
                n_positions += 1
                if set(theirs) != set(ours):
                    bad += 1
                    print(f"game {tags['Game']} move {i + 1}: legal houses differ: CMancala "
                          f"{sorted(theirs)}, kalah {sorted(ours)}")
                for h, (after, after_color, done) in ours.items():
                    n_children += 1
                    t_cells, t_color = theirs.get(h, (None, None))
                    if t_cells != after or (not done and t_color != after_color):
                        bad += 1
                        print(f"game {tags['Game']} move {i + 1}: house {h} from {given} "
                              f"(colour {color}): CMancala {t_cells} colour {t_color}, "
                              f"kalah {after} colour {after_color}")
                try:
                    cells, color, over = sow(cells, color, int(mv))
                except Illegal as e:
                    bad += 1
                    print(f"game {tags['Game']} move {i + 1}: {mv} is illegal by our rules: {e}")
                    break
            result = tags.get("Result", "")
            m = re.fullmatch(r"(\d+)-(\d+)", result)
            if over and m and (cells[6], cells[13]) != (int(m.group(1)), int(m.group(2))):
                bad += 1
                print(f"game {tags['Game']}: replayed to {cells[6]}-{cells[13]}, record {result}")
            elif not over and m and "Termination" not in tags:
                bad += 1
                print(f"game {tags['Game']}: replay not over but the record says {result}")
    api.stdin.write("QUIT\n")
    api.stdin.close()
    api.wait()
    print(f"{n_games} games, {n_positions} positions, {n_children} sowings compared with "
          f"CMancala's; {bad} differences")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
