#!/usr/bin/env python3
"""CMancala's AI as a Kalah engine-protocol program (docs/engine-protocol.md).

Speaks the protocol on stdin/stdout and drives CMancala's terminal interface (its `Mancala`
binary, built outside this repository by bench/cmancala.sh) in a subprocess: for each `go`
it loads the position (`load CODE`), lets CMancala's AI play one sowing (`step`) within a
time limit, reads the board CMancala ends with (`encode`) and answers the house it sowed.

    python3 bench/cmancala/cmancala_kep.py --mancala /work/cm/build/Mancala --dir /work/cm --egdb 20
    kalah check-engine "python3 bench/cmancala/cmancala_kep.py --mancala ... --dir ..."

Time: CMancala checks its time limit only between iterations of its deepening, so it may
overrun it by a whole iteration. For `go movetime M` it is given `--soft` x M (it stops
deepening after that, as our engine does at its soft bound) and the adapter holds a hard
bound of M less a margin: if CMancala is still searching then, the adapter answers the best
move of CMancala's deepest finished iteration (read from its progress line) and stops the
process (SIGSTOP), so that it does not search on the opponent's time; at the next `go` it
resumes it, lets that iteration end and charges the time it took to the new move (as a
clock would: CMancala's limit for the new move is shortened by it). If that iteration is
still running at the new move's hard bound, the move is CMancala's first legal house. Every
early answer is counted on stderr.

Rules: Kalah with 6 houses, standard capture, game over as soon as either side is empty,
each side's seeds to its owner (our `standard` preset, any seed count CMancala can hold).
The adapter plays every sowing under our rules too and checks that CMancala's board after
its move is the same; a difference is reported on stderr as a rules disagreement.
Python 3 standard library only.
"""

import argparse
import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time

HOUSES = 6
SUPPORTED = {
    "houses": "6",
    "capture": "standard",
    "end": "either-empty",
    "sweep": "owner",
    "early-end": "no",
    "pie": "no",
    "both-stores": "no",
}
PRESETS = {"standard": {}}
PROGRESS = re.compile(r"D:(\d+)\s.*?E:\s?([+-]?\d+|WIN|LOSS|DRAW).*?M:(\d+)")
OUT = threading.Lock()


def say(line):
    with OUT:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()


def log(text):
    sys.stderr.write("cmancala_kep: " + text + "\n")
    sys.stderr.flush()


class Illegal(Exception):
    pass


# --- The board, as CMancala keeps it: cells 0-5 South's houses 1-6 (its player 1), 6 South's
# store, 7-12 North's houses 1-6 (player 2), 13 North's store; color 1 = South to move.


def sow(cells, color, house):
    """One sowing of `house` (1-6) under our standard rules; returns (cells, color, over)."""
    cells = list(cells)
    start = house - 1 if color == 1 else 6 + house
    seeds = cells[start]
    if seeds == 0:
        raise Illegal(f"house {house} is empty")
    own_store, other_store = (6, 13) if color == 1 else (13, 6)
    cells[start] = 0
    i = start
    while seeds:
        i = (i + 1) % 14
        if i == other_store:
            continue
        cells[i] += 1
        seeds -= 1
    extra = i == own_store
    own_side = range(0, 6) if color == 1 else range(7, 13)
    if not extra and i in own_side and cells[i] == 1 and cells[12 - i] > 0:
        cells[own_store] += cells[12 - i] + 1
        cells[i] = cells[12 - i] = 0
    over = sum(cells[0:6]) == 0 or sum(cells[7:13]) == 0
    if over:
        cells[6] += sum(cells[0:6])
        cells[13] += sum(cells[7:13])
        for k in list(range(0, 6)) + list(range(7, 13)):
            cells[k] = 0
    return cells, (color if extra else -color), over


def encode(cells, color):
    """CMancala's board code (board.c, encodeBoard): 8 bits a cell after a colour bit."""
    low = 1 if color == 1 else 0
    high = 0
    for i, c in enumerate(cells):
        shift = 1 + 8 * i
        if shift < 64:
            low |= (c & 0xFF) << shift
        else:
            high |= (c & 0xFF) << (shift - 64)
    low &= (1 << 64) - 1
    return f"{high:016x}{low:016x}"[5:]


def for_cmancala(cells, seeds):
    """The board CMancala is given, and its stone count per house (`stones K`).

    CMancala's board codes keep only the low 3 bits of North's store (encodeBoard drops the
    top 20 bits of its 128, and that store sits across them), and its endgame database takes
    the seeds left in the houses to be 12 K less both stores. Its search values a position as
    the store difference plus a value of the houses alone (evaluation, table and database
    alike), so seeds moved from one store to the other change every value by the same amount
    and no move. So North's store is given as at most 7 and South's as the rest of 12 K.
    Returns (cells, K, shift): shift is what the move moved South's store difference by."""
    houses = sum(cells[0:6]) + sum(cells[7:13])
    k = max(seeds, -(-sum(cells) // 12))
    north = min(cells[13], 7)
    south = 12 * k - houses - north
    shifted = cells[0:6] + [south] + cells[7:13] + [north]
    return shifted, k, (south - north) - (cells[6] - cells[13])


def decode(code):
    text = "00000" + code
    high, low = int(text[:16], 16), int(text[16:32], 16)
    cells = []
    for i in range(14):
        shift = 1 + 8 * i
        cells.append((low >> shift) & 0xFF if shift < 64 else (high >> (shift - 64)) & 0xFF)
    return cells, (1 if low & 1 else -1)


def parse_rules(words):
    rules = {"seeds": "4", **SUPPORTED}
    for w in words:
        if w in PRESETS:
            rules.update(PRESETS[w])
        elif "=" in w:
            k, v = w.split("=", 1)
            rules[k] = v
        else:
            raise ValueError(f"unknown rules word {w!r}: only the preset standard is played")
    for k, v in rules.items():
        if k == "seeds":
            if not v.isdigit() or not 1 <= int(v) <= 18:
                raise ValueError(f"seeds={v}: CMancala holds 1 to 18 seeds a house")
        elif k not in SUPPORTED:
            raise ValueError(f"unknown rule {k}")
        elif v != SUPPORTED[k]:
            raise ValueError(f"{k}={v} is not CMancala's rule ({k}={SUPPORTED[k]})")
    return int(rules["seeds"])


def parse_position(words, seeds):
    """`startpos [S|N] [moves ...]` or `board <...> S|N [moves ...]` -> (cells, color, over)."""
    if not words:
        raise ValueError("position needs startpos or board")
    rest = words[1:]
    if words[0] == "startpos":
        cells = [seeds] * 6 + [0] + [seeds] * 6 + [0]
        color = 1
        if rest and rest[0] in ("S", "N"):
            color = 1 if rest[0] == "S" else -1
            rest = rest[1:]
    elif words[0] == "board":
        text = " ".join(rest)
        m = re.match(r"<([^>]*)>\s*(S|N)\b\s*(.*)$", text)
        if not m:
            raise ValueError("position board needs <n,S,N,houses...> S|N")
        nums = [int(x) for x in m.group(1).replace(" ", "").split(",")]
        if nums[0] != HOUSES or len(nums) != 3 + 2 * HOUSES:
            raise ValueError(f"the board must have {HOUSES} houses a side")
        s, n = nums[3:9], nums[9:15]
        cells = s + [nums[1]] + n + [nums[2]]
        if min(cells) < 0 or sum(cells) > 216:
            raise ValueError("seeds out of range")
        color = 1 if m.group(2) == "S" else -1
        rest = m.group(3).split()
        if rest and rest[0].startswith("pie="):
            raise ValueError("the pie rule is not played")
    else:
        raise ValueError(f"unknown position kind {words[0]!r}")
    over = sum(cells[0:6]) == 0 or sum(cells[7:13]) == 0
    if rest:
        if rest[0] != "moves":
            raise ValueError(f"expected moves, got {rest[0]!r}")
        for tok in rest[1:]:
            for mv in tok.split("-"):
                if over:
                    raise ValueError(f"move {mv} after the end of the game")
                if not mv.isdigit() or not 1 <= int(mv) <= HOUSES:
                    raise ValueError(f"move {mv!r} is not a house 1 to {HOUSES}")
                try:
                    cells, color, over = sow(cells, color, int(mv))
                except Illegal as e:
                    raise ValueError(f"move {mv}: {e}") from None
    return cells, color, over


class CMancala:
    """CMancala's terminal interface in a subprocess; its output is read by a thread."""

    def __init__(self, binary, workdir, egdb, cache, book):
        self.proc = subprocess.Popen(
            [binary], cwd=workdir, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, bufsize=0)
        self.events = queue.Queue()
        self.pending = []
        threading.Thread(target=self._read, daemon=True).start()
        self.wait_prompt("(C) << ", 30)
        for cmd in ["progress true", "autoplay false", "player 1 ai", "player 2 ai",
                    f"book {'true' if book else 'false'}", "depth 0"]:
            self.command(cmd)
        if cache:
            self.command(f"cache {cache}")
        if egdb:
            out = self.command(f"egdb {egdb}", timeout=3600)
            if "Generating" in out:
                log(f"CMancala generated its {egdb}-seed database in {workdir}/EGDB")
        self.seeds = None
        self.limit = None
        self.in_game = False
        self.paused = False

    def _read(self):
        # Progress reports end with ESC[K and no newline until the next one: split on both.
        buf = b""
        while True:
            chunk = os.read(self.proc.stdout.fileno(), 65536)
            if not chunk:
                self.events.put(("eof", buf.decode(errors="replace")))
                return
            buf += chunk
            parts = re.split(rb"\n|\x1b\[K", buf)
            buf = parts.pop()
            for part in parts:
                s = part.decode(errors="replace")
                m = PROGRESS.search(s)
                self.events.put(("progress", m.groups()) if m else ("line", s))
            tail = buf.decode(errors="replace")
            if tail.endswith("(C) << ") or tail.endswith("(G) << "):
                self.events.put(("prompt", tail))
                buf = b""

    def wait_prompt(self, prompt=None, timeout=None, on_progress=None):
        """(the lines up to the next prompt, True), or (None, False) if the timeout passes
        first; the lines read so far are kept for the next call."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            try:
                kind, value = self.events.get(timeout=left)
            except queue.Empty:
                return None, False
            if kind == "eof":
                raise RuntimeError(f"CMancala exited (status {self.proc.wait()})")
            if kind == "line":
                self.pending.append(value)
            elif kind == "progress" and on_progress:
                on_progress(value)
            elif kind == "prompt":
                if prompt and not value.endswith(prompt):
                    raise RuntimeError(f"CMancala is at {value!r}, expected {prompt!r}")
                out, self.pending = "\n".join(self.pending), []
                return out, True

    def pause(self):
        """Stop the process (SIGSTOP) in the middle of a step answered early: it would
        otherwise go on searching on the opponent's time."""
        os.kill(self.proc.pid, signal.SIGSTOP)
        self.paused = True

    def finish_paused(self, timeout):
        """Resume a paused step and wait up to `timeout` s for its end; returns the seconds
        that took (the caller charges them to the new move, as a clock would), or None if
        the step is still not over (it is paused again)."""
        if not self.paused:
            return 0.0
        t = time.monotonic()
        os.kill(self.proc.pid, signal.SIGCONT)
        self.paused = False
        if not self.wait_prompt("(G) << ", None if timeout is None else max(0.0, timeout))[1]:
            self.pause()
            return None
        return time.monotonic() - t

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()

    def command(self, line, prompt=None, timeout=30):
        self.proc.stdin.write((line + "\n").encode())
        self.proc.stdin.flush()
        out, done = self.wait_prompt(prompt, timeout)
        if not done:
            raise RuntimeError(f"CMancala did not answer {line!r} within {timeout} s")
        return out

    def set_game(self, seeds, limit):
        """Enter a game with these seeds and time limit (config -> game mode)."""
        if (seeds, limit) == (self.seeds, self.limit) and self.in_game:
            return
        if self.in_game:
            self.command("config", "(C) << ")
        self.command(f"stones {seeds}", "(C) << ")
        self.command(f"time {limit:.3f}", "(C) << ")
        self.command("start", "(G) << ")
        self.seeds, self.limit, self.in_game = seeds, limit, True


def house_of(printed, color):
    """The house (1-6, from the mover's left) of CMancala's progress line move `M:`."""
    return printed + 1 if color == 1 else 7 - printed


class Adapter:
    def __init__(self, args):
        self.args = args
        self.cm = None
        self.seeds = None
        self.rules_error = "no newgame yet"
        self.position = None
        self.search = None
        self.stop_event = threading.Event()
        self.answered = threading.Event()
        self.late = 0
        self.moves = 0
        self.disagreements = 0

    def ensure_cm(self):
        if self.cm is None:
            a = self.args
            self.cm = CMancala(a.mancala, a.dir, a.egdb, a.cache, not a.no_book)

    def handle(self, line):
        words = line.split()
        if not words:
            return True
        cmd, rest = words[0], words[1:]
        if cmd == "quit":
            return False
        if cmd == "isready":
            say("readyok")
        elif cmd == "kep":
            say("id name CMancala 12.2 (bench/cmancala adapter)")
            say("id author Alexander Kurtz (CMancala); adapter: the kalah authors")
            say("kepok")
        elif cmd == "stop":
            self.stop_event.set()
        elif self.search and self.search.is_alive() and not self.answered.is_set():
            say(f"info string error: {cmd} during a search; send stop first")
        elif self.search and self.search.is_alive() and cmd in ("newgame", "position", "go"):
            self.search.join()  # answered early: CMancala ends its iteration first
            self.handle(line)
        elif cmd == "setoption":
            say("info string error: CMancala's adapter has no options; give them as arguments")
        elif cmd == "newgame":
            try:
                self.seeds = parse_rules(rest)
                self.rules_error = None
                self.ensure_cm()
            except ValueError as e:
                self.rules_error = str(e)
                say(f"info string error: {e}")
            self.position = None
        elif cmd == "position":
            self.position = None
            if self.rules_error:
                say(f"info string error: no rules: {self.rules_error}")
                return True
            try:
                self.position = parse_position(rest, self.seeds)
            except (ValueError, IndexError) as e:
                say(f"info string error: bad position: {e}")
        elif cmd == "go":
            self.go(rest)
        else:
            say(f'info string error: unknown command "{cmd}"; ignored')
        return True

    def go(self, words):
        if self.position is None:
            say("info string error: go without a position")
            return
        limits, infinite = {}, False
        i = 0
        try:
            while i < len(words):
                w = words[i]
                if w == "infinite":
                    infinite = True
                    i += 1
                elif w in ("movetime", "stime", "ntime", "sinc", "ninc", "depth", "nodes"):
                    limits[w] = int(words[i + 1])
                    i += 2
                else:
                    raise ValueError(f"unknown go word {w!r}")
        except (ValueError, IndexError) as e:
            say(f"info string error: bad go: {e}")
            return
        cells, color, over = self.position
        if over:
            say("bestmove none")
            return
        soft, hard = self.budget(limits, color, infinite)
        self.stop_event.clear()
        self.answered.clear()
        self.search = threading.Thread(
            target=self.think, args=(cells, color, soft, hard, infinite), daemon=True)
        self.search.start()

    def budget(self, limits, color, infinite):
        """(CMancala's time limit, the adapter's hard bound), in seconds."""
        a = self.args
        if infinite:
            return a.infinite_time, None
        if "movetime" in limits:
            t = limits["movetime"] / 1000
        elif "stime" in limits or "ntime" in limits:
            left = limits.get("stime" if color == 1 else "ntime", 0) / 1000
            inc = limits.get("sinc" if color == 1 else "ninc", 0) / 1000
            t = min(left / 30 + 0.75 * inc, left / 4 + inc)
        else:
            t = a.default_time
        hard = max(0.005, t - min(a.margin, t / 10))
        return max(0.001, a.soft * t), hard

    def think(self, cells, color, soft, hard, infinite):
        started = time.monotonic()
        best = {"house": None, "depth": 0}
        answered = None

        def answer_now(why):
            house = best["house"] or legal_houses(cells, color)[0]
            self.late += 1
            log(f"{why}: answered {house} from depth {best['depth']} ({self.late} early "
                f"answers in {self.moves + 1} moves)")
            say(f"bestmove {house}")
            self.answered.set()
            return house

        def progress(groups):
            depth, score, printed = groups
            best.update(house=house_of(int(printed), color), depth=int(depth))
            if answered is None and score.lstrip("+-").isdigit():
                say(f"info depth {depth} score {int(score) - color * shift} "
                    f"time {int((time.monotonic() - started) * 1000)} pv {best['house']}")

        try:
            self.ensure_cm()
            cm = self.cm
            drained = cm.finish_paused(started + hard - time.monotonic() if hard else None)
            if drained is None:
                answered = answer_now("the previous search was still not over at the hard bound")
                self.moves += 1
                return
            given, k, shift = for_cmancala(cells, self.seeds)
            cm.set_game(k, max(0.001, soft - drained))
            loaded = cm.command("load " + encode(given, color), "(G) << ")
            if "Loaded board" not in loaded:
                raise RuntimeError(f"CMancala did not load the board: {loaded!r}")
            cm.proc.stdin.write(b"step\n")
            cm.proc.stdin.flush()
            while True:
                wait = 0.05
                if answered is None and not infinite:
                    if self.stop_event.is_set():
                        answered = answer_now("stop during CMancala's search")
                    elif time.monotonic() - started >= hard:
                        answered = answer_now(f"hard bound {hard * 1000:.0f} ms passed")
                    else:
                        wait = min(wait, max(0.001, hard - (time.monotonic() - started)))
                if answered is not None and not infinite:
                    cm.pause()
                    self.moves += 1
                    return
                out, done = cm.wait_prompt("(G) << ", wait, progress)
                if done:
                    break
            m = re.search(r"Move: (\d+)", out)
            if not m:
                raise RuntimeError(f"no move in CMancala's answer: {out[-300:]!r}")
            printed = int(m.group(1))
            house = printed if color == 1 else 7 - printed
            code = re.search(r'Code "([0-9a-f]+)"', cm.command("encode", "(G) << ")).group(1)
            self.check(given, color, house, decode(code))
            self.moves += 1
            if infinite:
                self.stop_event.wait()
            if answered is None:
                say(f"bestmove {house}")
                self.answered.set()
        except Exception as e:  # the runner must get an answer: a legal move and the reason
            log(f"error: {e}")
            say(f"info string error: {e}")
            if answered is None:
                say(f"bestmove {legal_houses(cells, color)[0]}")
                self.answered.set()
            if self.cm is not None:
                self.cm.kill()
                self.cm = None

    def check(self, cells, color, house, after):
        """CMancala's board after its sowing must be ours after the same sowing (from the
        board CMancala was given)."""
        try:
            ours, ours_color, over = sow(cells, color, house)
        except Illegal as e:
            self.disagreements += 1
            log(f"rules disagreement: CMancala played illegal house {house} in "
                f"{encode(cells, color)}: {e}")
            return
        theirs, theirs_color = after
        ours[13] &= 7  # the bits of North's store that CMancala's codes keep
        if theirs != ours or (not over and theirs_color != ours_color):
            self.disagreements += 1
            log(f"rules disagreement after house {house} from {cells} (colour {color}): "
                f"CMancala {theirs} colour {theirs_color}, kalah {ours} colour {ours_color}")


def legal_houses(cells, color):
    base = 0 if color == 1 else 7
    return [h + 1 for h in range(6) if cells[base + h] > 0] or [1]


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--mancala", required=True, help="CMancala's built binary (Mancala)")
    p.add_argument("--dir", default=".", help="working directory of CMancala: its database "
                   "is read from (or written to) DIR/EGDB (default: .)")
    p.add_argument("--egdb", type=int, default=20, help="CMancala's endgame database, in "
                   "seeds (0: none; generated in DIR/EGDB when missing) [20]")
    p.add_argument("--cache", type=int, default=0,
                   help="CMancala's table size as a power of two (default: its own, 24)")
    p.add_argument("--no-book", action="store_true", help="without CMancala's opening book")
    p.add_argument("--soft", type=float, default=0.5, help="CMancala's time limit as a part "
                   "of the move's time: it starts no new iteration after it [0.5]")
    p.add_argument("--margin", type=float, default=0.02,
                   help="seconds kept from the move's time for the answer (at most a tenth) [0.02]")
    p.add_argument("--default-time", type=float, default=1.0,
                   help="seconds a move when go gives no time [1.0]")
    p.add_argument("--infinite-time", type=float, default=0.2,
                   help="CMancala's time limit for go infinite (then it waits for stop) [0.2]")
    args = p.parse_args()
    if not os.access(args.mancala, os.X_OK):
        sys.exit(f"cmancala_kep: {args.mancala} is not an executable: build CMancala with "
                 "bench/cmancala.sh (see bench/cmancala/README.md)")
    adapter = Adapter(args)
    for raw in sys.stdin:
        line = raw.rstrip("\r\n")
        if len(line) > 16384:
            say("info string error: line longer than 16384 bytes; skipped")
            continue
        if not adapter.handle(line):
            break
    adapter.stop_event.set()
    if adapter.moves or adapter.late or adapter.disagreements:
        log(f"{adapter.moves} moves, {adapter.late} answered before CMancala finished, "
            f"{adapter.disagreements} rules disagreements")
    if adapter.cm is not None:
        adapter.cm.kill()


if __name__ == "__main__":
    main()
