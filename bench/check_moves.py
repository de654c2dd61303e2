#!/usr/bin/env python3
"""Checks every move one player made in `kalah match --records` games against the solver.

For each position where player A (the seat tagged `A: ...`) was to move, from sowing
--from-ply on and with more than one legal move, `kalah analyze --json --time T` gives the
value of every legal move; the loss of A's move is the best value minus its own. Positions
not proven within T seconds are counted apart. Databases come from $KALAH_DATA as usual.

    kalah match --a perfect --b master --games 20 --egdb --records games.txt
    python3 bench/check_moves.py games.txt --from-ply 8
"""

import argparse
import json
import re
import subprocess


def sowings(movetext):
    """The single sowings of a movetext (turns are joined by '-')."""
    return [s for tok in movetext.split() for s in tok.split("-") if re.fullmatch(r"\d+|swap", s)]


def rule_flags(rules):
    """`houses=6 seeds=4 capture=standard ...` as the `kalah` rule flags."""
    flags = []
    for pair in rules.split():
        key, value = pair.split("=", 1)
        if key in ("houses", "seeds", "capture", "end", "sweep"):
            flags += [f"--{key}", value]
        else:
            flags.append(f"--{key}={value}")
    return flags


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("records")
    ap.add_argument("--kalah", default="target/release/kalah")
    ap.add_argument("--from-ply", type=int, default=0)
    ap.add_argument("--time", type=float, default=20.0)
    args = ap.parse_args()

    def kalah(*words):
        out = subprocess.run([args.kalah, *words], capture_output=True, text=True, check=True)
        return out.stdout

    records = [r for r in open(args.records).read().split("[Kalah ") if r.strip()]
    checked = lost = unproven = total = 0
    for rec in records:
        tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', rec))
        rules = tags["Rules"]
        body = rec.split("\n\n", 1)[1] if "\n\n" in rec else ""
        moves = sowings(body)
        a_side = "S" if tags["South"].startswith("A") else "N"
        for i in range(args.from_ply, len(moves)):
            pos = kalah(*rule_flags(rules), "apply", "--position", tags["Start"], *moves[:i])
            pos = pos.strip().splitlines()[-1]
            if not pos.endswith(" " + a_side):
                continue
            answer = json.loads(
                kalah(*rule_flags(rules), "analyze", "--position", pos, "--json",
                      "--time", str(args.time))
            )
            values = {m["move"]: (m["value"], m["exact"]) for m in answer["moves"]}
            if len(values) <= 1:
                continue
            if not all(exact for _, exact in values.values()):
                unproven += 1
                continue
            best = max(v for v, _ in values.values())
            loss = best - values[moves[i]][0]
            checked += 1
            total += loss
            if loss > 0:
                lost += 1
                print(f"game {tags.get('Game')} sowing {i}: {pos} played {moves[i]}, lost {loss}")
    print(f"{checked} moves of A checked, {lost} lost seeds ({total} in all), "
          f"{unproven} not proven in {args.time:g} s")


if __name__ == "__main__":
    main()
