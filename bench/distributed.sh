#!/usr/bin/env bash
# Speed-up of distributed solving (docs/distributed.md, "Measured"): the same solve with 1, 2,
# 3 ... `kalah worker`s, each run in a fresh database, every process at nice 19.
#
# Usage: bench/distributed.sh URL-PREFIX WORKERS... -- DSOLVE-ARGS...
#   URL-PREFIX  a PostgreSQL URL without the database name, e.g. postgres://kalah@127.0.0.1:5432
#               (each run makes and drops a database `dist_bench_N` there; needs createdb rights)
#   WORKERS     numbers of workers, e.g. 1 2 3
#   DSOLVE-ARGS the rule flags and options of `kalah dsolve`, e.g.
#               --seeds 5 --capture empty dsolve --positions level.txt --best
# Environment: KALAH (default target/release/kalah), KALAH_DATA (the workers' stored endgame
# databases: build them first, so that no run pays for them), WORKER_ARGS (more flags for
# every worker, e.g. "--max-memory 3000").
#
# For each run it prints one line: workers, wall seconds of the solve, seconds of proving in
# the answers (every worker), jobs answered, jobs split further, and the overhead: wall time
# times workers, less the proving, over the proving (with one worker: what the jobs cost
# beyond their proofs; with more: also the time workers waited for work).
set -euo pipefail
kalah=${KALAH:-target/release/kalah}
prefix=$1
shift
counts=()
while [ "$1" != "--" ]; do
    counts+=("$1")
    shift
done
shift
args=("$@")
# The rule flags come before the command name.
rules=()
for a in "${args[@]}"; do
    [ "$a" = dsolve ] && break
    rules+=("$a")
done
printf '%-8s %9s %9s %6s %6s %9s\n' workers wall proving jobs splits overhead
for n in "${counts[@]}"; do
    db=dist_bench_$n
    psql "$prefix/postgres" -qc "DROP DATABASE IF EXISTS $db" >/dev/null
    psql "$prefix/postgres" -qc "CREATE DATABASE $db" >/dev/null
    url=$prefix/$db
    # Make the tables before the workers race to.
    "$kalah" worker status --database "$url" >/dev/null
    pids=()
    for i in $(seq 1 "$n"); do
        # shellcheck disable=SC2086
        nice -n 19 "$kalah" "${rules[@]}" worker --database "$url" --name "w$i" --idle-exit 120 \
            ${WORKER_ARGS:-} 2>>"/tmp/dist_bench_w$i.log" &
        pids+=($!)
    done
    # Each worker has said it is alive (and loaded nothing yet: its database loads with the
    # first job, inside the measured time, as it would in use).
    until [ "$(psql "$url" -tAc 'SELECT count(*) FROM dist_workers')" -ge "$n" ]; do sleep 0.2; done
    out=$(nice -n 19 "$kalah" "${args[@]}" --database "$url" --json)
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
    wait "${pids[@]}" 2>/dev/null || true
    wall=$(jq -r .seconds <<<"$out")
    splits=$(jq -r '.splits // 0' <<<"$out")
    read -r proving jobs < <(psql "$url" -tAF' ' -c "SELECT coalesce(sum(seconds),0), coalesce(sum(proofs),0) FROM dist_jobs")
    overhead=$(awk -v w="$wall" -v p="$proving" -v n="$n" 'BEGIN { printf "%.1f%%", 100 * (w * n - p) / p }')
    printf '%-8s %9.2f %9.2f %6s %6s %9s\n' "$n" "$wall" "$proving" "$jobs" "$splits" "$overhead"
done
