#!/usr/bin/env python3
"""A plain, slow reference implementation of every Kalah rule option, written apart from the
Rust library (from docs/rules.md), used to produce perft counts for the variants that no other
public program implements. Run: python3 tools/reference/kalah_ref.py > crates/rules/tests/data/variants.perft

Board: a dict-free list per side. A state is (south_houses, north_houses, stores, to_move, pie)
with sides 0 = South, 1 = North; houses listed in each side's own sowing order (house 1 first).
pie: 'off', 'first' (first player's first turn under way), 'offer' (side to move may swap).
"""
import sys


class Rules:
    def __init__(self, houses=6, seeds=4, capture="standard", end="either-empty", sweep="owner",
                 early_end=False, pie=False, both_stores=False):
        self.houses, self.seeds, self.capture, self.end = houses, seeds, capture, end
        self.sweep, self.early_end, self.pie, self.both_stores = sweep, early_end, pie, both_stores

    def text(self):
        yn = lambda b: "yes" if b else "no"
        return (f"houses={self.houses} seeds={self.seeds} capture={self.capture} end={self.end} "
                f"sweep={self.sweep} early-end={yn(self.early_end)} pie={yn(self.pie)} "
                f"both-stores={yn(self.both_stores)}")


def start(r, first=0):
    return ([r.seeds] * r.houses, [r.seeds] * r.houses, [0, 0], first, "first" if r.pie else "off")


def ring(r, mover):
    """The pits a mover sows into, in order, as (kind, side, index) starting after house 1 of South."""
    pits = []
    for side in (0, 1):
        for i in range(r.houses):
            pits.append(("h", side, i))
        if side == mover or r.both_stores:
            pits.append(("s", side, None))
    return pits


def over(r, st):
    houses, stores, to_move = (st[0], st[1]), st[2], st[3]
    total = sum(st[0]) + sum(st[1]) + sum(stores)
    if r.early_end and (2 * stores[0] > total or 2 * stores[1] > total):
        return "early"
    if r.end == "either-empty":
        if sum(houses[0]) == 0 or sum(houses[1]) == 0:
            return "empty"
    elif sum(houses[to_move]) == 0:
        return "empty"
    return None


def legal(r, st):
    if over(r, st):
        return []
    moves = [str(i + 1) for i, s in enumerate((st[0], st[1])[st[3]]) if s > 0]
    if st[4] == "offer":
        moves.append("swap")
    return moves


def play(r, st, move):
    south, north, stores, me, pie = list(st[0]), list(st[1]), list(st[2]), st[3], st[4]
    houses = [south, north]
    if move == "swap":
        return (south, north, stores, me, "off")
    h = int(move) - 1
    seeds = houses[me][h]
    houses[me][h] = 0
    order = ring(r, me)
    pos = order.index(("h", me, h))
    last = None
    while seeds:
        pos = (pos + 1) % len(order)
        kind, side, i = order[pos]
        if kind == "h":
            houses[side][i] += 1
        else:
            stores[side] += 1
        last = order[pos]
        seeds -= 1
    extra = last == ("s", me, None)
    kind, side, i = last
    if kind == "h" and side == me and houses[me][i] == 1 and r.capture != "none":
        opp = r.houses - 1 - i
        taken = houses[1 - me][opp]
        if r.capture == "empty" or taken > 0:
            stores[me] += taken + 1
            houses[me][i] = 0
            houses[1 - me][opp] = 0
    if pie == "first" and not extra:
        pie = "offer"
    elif pie == "offer":
        pie = "off"
    nxt = me if extra else 1 - me
    st = (south, north, stores, nxt, pie)
    how = over(r, st)
    if how:
        left = [sum(south), sum(north)]
        if how == "early" or r.sweep == "owner":
            stores = [stores[0] + left[0], stores[1] + left[1]]
            south, north = [0] * r.houses, [0] * r.houses
        elif r.sweep == "emptier":
            if r.end == "mover-cannot-move":
                taker = nxt
            else:
                taker = 0 if left[0] == 0 else 1
            stores = list(stores)
            stores[taker] += left[0] + left[1]
            south, north = [0] * r.houses, [0] * r.houses
        st = (south, north, stores, nxt, "off")
    return st


def perft(r, st, depth):
    if depth == 0:
        return 1
    moves = legal(r, st)
    if depth == 1:
        return len(moves)
    return sum(perft(r, play(r, st, m), depth - 1) for m in moves)


def position_string(r, st):
    nums = [r.houses, st[2][0], st[2][1]] + list(st[0]) + list(st[1])
    s = "<" + ",".join(map(str, nums)) + "> " + "SN"[st[3]]
    if st[4] != "off":
        s += " pie=" + st[4]
    return s


CASES = [
    ("empty-capture-start", Rules(capture="empty"), 7),
    ("no-capture-start", Rules(capture="none"), 7),
    ("bga-start", Rules(end="mover-cannot-move", early_end=True), 7),
    ("bga-pie-start", Rules(end="mover-cannot-move", early_end=True, pie=True), 6),
    ("pie-start", Rules(pie=True), 6),
    ("both-stores-start", Rules(both_stores=True), 7),
    ("sheet-004-start", Rules(seeds=6, capture="empty", sweep="emptier"), 6),
    ("sweep-none-3x3", Rules(houses=3, seeds=3, sweep="none"), 9),
    ("emptier-mover-cannot-move-3x2", Rules(houses=3, seeds=2, end="mover-cannot-move", sweep="emptier"), 10),
    ("both-stores-empty-capture-4x3", Rules(houses=4, seeds=3, both_stores=True, capture="empty"), 8),
    ("one-house-1x5", Rules(houses=1, seeds=5), 8),
    ("laps-2x12", Rules(houses=2, seeds=12, capture="empty", both_stores=True, pie=True), 8),
    ("twelve-houses-12x1", Rules(houses=12, seeds=1, end="mover-cannot-move", sweep="none", early_end=True), 6),
]


def main():
    print("# Perft counts for rule variants, from tools/reference/kalah_ref.py: a separate, plain")
    print("# Python implementation of every rule option (not the Rust library). Each case starts")
    print("# from the start position of its rules with South to move.")
    for ident, r, depth in CASES:
        st = start(r)
        print()
        print(f"id {ident}")
        print(f"rules {r.text()}")
        print(f"position {position_string(r, st)}")
        for d in range(1, depth + 1):
            print(f"perft {d} {perft(r, st, d)}")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
