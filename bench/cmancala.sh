#!/usr/bin/env bash
# `perfect` against CMancala's AI (https://github.com/LifesLight/CMancala, MIT licence) at
# Kalah(6,6) standard, equal time per move, games in pairs from the same opening with the
# colours swapped; prints kalah match's result (score, Elo with its 95% interval, pentanomial
# pairs, SPRT when asked, time per move of each side) and checks every game's rules.
#
# Usage: bench/cmancala.sh CMANCALA-SOURCE-DIR
#   CMANCALA-SOURCE-DIR  a checkout of CMancala (git clone https://github.com/LifesLight/CMancala)
# Settings (environment):
#   KALAH=target/release/kalah   the kalah binary
#   WORK=$HOME/.cache/kalah-cmancala  where CMancala is built and keeps its database (EGDB/),
#                                 and where the records go; never inside this repository
#   GAMES=200 MOVETIME=500 (ms a move, both sides) SEEDS=6 LEVEL=perfect JOBS=1 SEED=1
#   GRACE=500 (ms a reply may come late before a loss on time: a busy machine delays the
#     adapter's answer; the thinking limits stay MOVETIME on both sides)
#   CM_EGDB=20 (CMancala's database, seeds; built once, minutes)  SPRT= (e.g. "elo0=0 elo1=70")
#   EGDB_MB=512 (the largest of our stored databases our side loads, MiB: `kalah match
#     --egdb-max-memory`)  HASH=16 (our side's table, MiB: `kalah match --hash`)
#   RECORDS=$WORK/cmancala-<date>.txt  DEBUG= (a file: every protocol line)
# Our side probes the largest stored database of the rules within EGDB_MB (`kalah egdb build
# -k 21` once; `-k 26 --packed` and EGDB_MB=1400 for the largest that fits a default cap).
set -euo pipefail
src=${1:?usage: bench/cmancala.sh CMANCALA-SOURCE-DIR (git clone https://github.com/LifesLight/CMancala)}
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
kalah=${KALAH:-$repo/target/release/kalah}
work=${WORK:-$HOME/.cache/kalah-cmancala}
games=${GAMES:-200}
movetime=${MOVETIME:-500}
seeds=${SEEDS:-6}
level=${LEVEL:-perfect}
jobs=${JOBS:-1}
seed=${SEED:-1}
grace=${GRACE:-500}
cm_egdb=${CM_EGDB:-20}
records=${RECORDS:-$work/cmancala-$(date -u +%Y%m%dT%H%M%S).txt}

{ [ -f "$src/src/main.c" ] && [ -f "$src/CMakeLists.txt" ]; } ||
    { echo "error: $src is not a CMancala checkout (no src/main.c): git clone https://github.com/LifesLight/CMancala" >&2; exit 2; }
[ -x "$kalah" ] || { echo "error: no kalah binary at $kalah: cargo build --release, or set KALAH" >&2; exit 2; }
work=$(realpath -m "$work")
case "$work/" in "$repo"/*) echo "error: WORK=$work is inside the repository; CMancala is built outside it" >&2; exit 2 ;; esac
mkdir -p "$work/build"

# Build as its CMakeLists.txt does for the terminal program (gcc, -O3 -march=native, LTO,
# the RAM database backend), plus wallclock.h: its time limit then reads the wall clock.
bin=$work/build/Mancala
version=$(sed -n 's/.*MANCALA_VERSION "\([^"]*\)".*/\1/p' "$src/CMakeLists.txt")
commit=$(git -C "$src" rev-parse --short HEAD 2>/dev/null || echo "unknown commit")
if [ ! -x "$bin" ] || [ -n "$(find "$src/src" "$src/include" "$here/cmancala/wallclock.h" -newer "$bin" -print -quit)" ]; then
    echo "building CMancala $version ($commit) in $work/build" >&2
    (cd "$src" && gcc -std=c2x -O3 -march=native -fno-stack-protector -flto=auto -w -Iinclude \
        -include "$here/cmancala/wallclock.h" "-DMANCALA_VERSION=\"$version\"" '-DEGDB_BACKEND_NAME="RAM"' \
        src/main.c src/logic/utility.c src/logic/board.c src/logic/solver/algo.c \
        src/logic/solver/cache.c src/logic/solver/opening_book.c src/user/render.c \
        src/user/handleConfig.c src/user/handleGame.c src/user/handlePlaying.c \
        src/logic/solver/egdb/core.c src/user/runBenchmark.c src/user/interface.c \
        src/logic/solver/egdb/memory/direct.c -lm -o "$bin")
fi
if [ "$cm_egdb" -gt 0 ] && [ ! -f "$work/EGDB/egdb_$cm_egdb.bin" ]; then
    echo "building CMancala's $cm_egdb-seed database in $work/EGDB (once; 2.5 min and 220 MB here)" >&2
    (cd "$work" && printf 'egdb %s\nquit\n' "$cm_egdb" | "$bin" > /dev/null)
fi

engine="python3 $here/cmancala/cmancala_kep.py --mancala $bin --dir $work --egdb $cm_egdb"
echo "checking the adapter: $kalah check-engine" >&2
(cd "$work" && "$kalah" check-engine "$engine" > "$work/check-engine.txt") ||
    { cat "$work/check-engine.txt" >&2; echo "error: the adapter failed kalah check-engine" >&2; exit 1; }

args=(match --a "$level" --b "cmd=python3 args='$here/cmancala/cmancala_kep.py --mancala $bin --dir $work --egdb $cm_egdb' name=cmancala-$version"
      --rules standard --seeds "$seeds" --movetime "$movetime" --grace "$grace" --games "$games" -j "$jobs" --seed "$seed"
      --egdb --egdb-max-memory "${EGDB_MB:-512}" --hash "${HASH:-16}" --engine-stderr --records "$records")
[ -n "${SPRT:-}" ] && args+=(--sprt "$SPRT")
[ -n "${DEBUG:-}" ] && args+=(--debug "$DEBUG")
echo "CMancala $version ($commit), $bin; kalah $("$kalah" --version)" >&2
echo "+ kalah ${args[*]}" >&2
uptime >&2
# The adapter's stderr (CMancala's early answers, rules disagreements) comes with the progress.
(cd "$work" && "$kalah" "${args[@]}")
uptime >&2
python3 "$here/cmancala/check_rules.py" --mancala "$bin" "$records"
