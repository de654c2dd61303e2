#!/usr/bin/env bash
# Start values of the 2000 paper's table (empty capture: Kalah(4,1..6), Kalah(5,1..6)) and
# Kalah(6,1..4), each solved cold by a fresh `kalah solve` process with default settings.
# Prints one line per board: value, wall time, CPU time (user + system, from /usr/bin/time:
# steadier than wall time on a shared machine), search nodes and the database used.
# Usage: bench/paper-starts.sh [path/to/kalah] [extra solve flags...]
set -euo pipefail
kalah=${1:-target/release/kalah}
shift || true
boards="4,1 4,2 4,3 4,4 4,5 4,6 5,1 5,2 5,3 5,4 5,5 5,6 6,1 6,2 6,3 6,4"
times=$(mktemp)
trap 'rm -f "$times"' EXIT
printf '%-10s %6s %9s %9s %12s %8s\n' board value seconds cpu nodes db-seeds
for b in $boards; do
    h=${b%,*}
    s=${b#*,}
    out=$(/usr/bin/time -f '%U %S' -o "$times" \
        "$kalah" --houses "$h" --seeds "$s" solve --rules empty-capture --json "$@")
    python3 - "$b" "$out" "$(cat "$times")" <<'PY'
import json, sys
r = json.loads(sys.argv[2])
cpu = sum(float(x) for x in sys.argv[3].split()[-2:])
db = r["database"]["max_seeds"] if r["database"] else 0
print(f'({sys.argv[1]})'.ljust(10), f'{r["value"]:+6d}', f'{r["seconds"]:9.2f}',
      f'{cpu:9.2f}', f'{r["nodes"]:12d}', f'{db:8d}')
PY
done
