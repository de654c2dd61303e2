#!/usr/bin/env python3
"""The arithmetic of docs/kalah-6-6.md: what an exact solve of Kalah(6,6) costs, from measured inputs.

Every input below is a measurement quoted in docs/kalah-6-6.md (with its command) or in
docs/performance.md; change one and run again. No solver is run here.

    python3 bench/kalah-6-6-estimate.py
"""

from math import comb, log10

DAY = 86400.0

# Nodes of an exact solve of the start with the 24-seed database (one byte a position).
# (6,3), (6,4): one thread, measured for docs/kalah-6-6.md. (6,5): docs/performance.md,
# session 18 (two threads, 8 GiB table). Empty capture likewise (session 8 for (6,5)).
STARTS = {
    "standard": {36: 13_580, 48: 4_546_183, 60: 2.30e9},
    "empty capture": {36: 12_357, 48: 2_551_520, 60: 1.41e9},
}
# The game positions below are standard ones; for empty capture they are scaled by the ratio
# of the two rules' Kalah(6,5) nodes with one binary (session 8: 1.41 G / 3.64 G).
GAME_SCALE = {"standard": 1.0, "empty capture": 1.41 / 3.64}

# The hardest Kalah(6,6) game position measured (close value), 24-seed database, one thread:
# <6,15,6,2,1,14,2,1,0,0,2,3,12,12,2> S, 51 seeds left, 298,196,321 nodes (docs/performance.md,
# session 19). Toward the start each seed multiplies the nodes by SLOPE (docs/kalah-6-6.md).
ANCHOR = (51, 298_196_321)
SLOPE = (1.45, 1.8)

# Each further seed of the database divides the nodes by R (measured between 21 and 28 seeds).
R_DB = (1.33, 1.53)

# CPU microseconds per node on the project's machine (one thread, large searches).
US_PER_NODE = (0.5, 1.2)

# A split tree costs more nodes than one search (docs/distributed.md: 20 - 30%), and each
# worker's table is smaller than one big table (at most x1.5, assumed).
OVERHEAD = (1.2, 2.0)


def next_factor(series):
    """The growth of the next 12 seeds: the last factor, and it times its own growth, and twice."""
    s = sorted((k, v) for k, v in series.items() if v)
    if len(s) < 3:
        return None
    (a, na), (b, nb), (c, nc) = s[-3:]
    f1, f2 = nb / na, nc / nb
    return f1, f2, (f2, f2 * f2 / f1, f2 * (f2 / f1) ** 2)


def main():
    print("Databases (6 houses): positions C(K+12, 12), one byte each (packed: half a byte)")
    for k in (24, 26, 28, 30, 32, 34, 36, 40, 72):
        n = comb(k + 12, 12)
        print(f"  K={k:2}: {n:>22,} positions  {n / 2**30:12.2f} GiB  packed {n / 2**31:10.2f} GiB")

    seeds, nodes = ANCHOR
    game = [nodes * s ** (72 - seeds) for s in SLOPE]
    print(f"\nFrom the hardest game position ({seeds} seeds, {nodes:.3g} nodes), x{SLOPE[0]} - "
          f"x{SLOPE[1]} a seed to 72 seeds: {game[0]:.2g} - {game[1]:.2g} nodes (24 seeds)")

    for rules, series in STARTS.items():
        nf = next_factor(series)
        if not nf:
            print(f"\n{rules}: fill in the (6,3) and (6,4) start nodes first")
            continue
        f1, f2, nexts = nf
        n60 = series[60]
        print(f"\n{rules}: start nodes with 24 seeds: x{f1:.0f} from 36 to 48 seeds, x{f2:.0f} "
              f"from 48 to 60; next 12 seeds x{nexts[0]:.0f} (the same), x{nexts[1]:.0f} "
              f"(growing as before), x{nexts[2]:.0f} (growing twice as fast)")
        starts = [n60 * f for f in nexts]
        print(f"  from the starts: {starts[0]:.2g} / {starts[1]:.2g} / {starts[2]:.2g} nodes")
        lo, hi = starts[0], max(starts[2], game[1] * GAME_SCALE[rules])
        print(f"  interval with the 24-seed database: {lo:.2g} - {hi:.2g} nodes "
              f"(low: the starts; high: the game positions)")
        for k in (24, 26, 28, 30, 32, 34):
            d = k - 24
            nlo = lo / R_DB[1] ** d * OVERHEAD[0]
            nhi = hi / R_DB[0] ** d * OVERHEAD[1]
            clo = nlo * US_PER_NODE[0] / 1e6 / DAY
            chi = nhi * US_PER_NODE[1] / 1e6 / DAY
            # The middle: geometric means of every range.
            g = lambda r: (r[0] * r[1]) ** 0.5
            nmid = (lo * hi) ** 0.5 / g(R_DB) ** d * g(OVERHEAD)
            cmid = nmid * g(US_PER_NODE) / 1e6 / DAY
            print(f"  {k}-seed database, split over workers: {nlo:.2g} - {nhi:.2g} nodes "
                  f"(middle {nmid:.2g}), {clo:.1f} - {chi:.0f} CPU-days of this machine "
                  f"(middle {cmid:.0f})")


if __name__ == "__main__":
    main()
