#!/usr/bin/env bash
# One cold solve (from an empty database store, so the database is built and stored) and
# then one warm solve (the stored database mapped) of the same position, each a fresh
# `kalah solve --json` timed by /usr/bin/time. Run two binaries alternately to compare them
# on a shared machine.
# Usage: bench/cold-warm.sh path/to/kalah STORE-DIR [extra solve flags...]
# (STORE-DIR is deleted first.) Default position: the start of Kalah(6,4), standard rules.
set -euo pipefail
kalah=$1
store=$2
shift 2
rm -rf "$store"
mkdir -p "$store"
times=$(mktemp)
trap 'rm -f "$times"' EXIT
for phase in cold warm; do
    out=$(KALAH_DATA="$store" /usr/bin/time -f '%e %U %S %M' -o "$times" "$kalah" solve --json "$@")
    python3 - "$phase" "$out" "$(cat "$times")" <<'PY'
import json, sys
r = json.loads(sys.argv[2])
wall, user, sys_, rss = sys.argv[3].split()[-4:]
db = r["database"]
print(f'{sys.argv[1]}: value {r["value"]:+d}, database {db["max_seeds"] if db else 0} seeds '
      f'({db["seconds"] if db else 0:.2f} s), {r["nodes"]} nodes, search {r["search_seconds"]:.2f} s, '
      f'wall {wall} s, cpu {float(user) + float(sys_):.2f} s, peak RSS {int(rss) // 1024} MiB')
PY
done
