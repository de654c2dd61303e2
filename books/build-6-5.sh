#!/usr/bin/env bash
# Builds the Kalah(6,5) opening books (standard and empty capture, 8 sowings deep) or resumes
# them: each build keeps OUT/<book>.partial and goes on from it when started again, so this can
# run over several sittings (Ctrl-C or a reboot lose at most the position being solved).
#
# Usage: books/build-6-5.sh [KALAH] [OUT-DIR]   (defaults: target/release/kalah, books/progress)
#
# The partial files in books/progress are committed, so a build goes on from the last
# commit in a fresh checkout; commit them again after a sitting.
#
# Needs about 16 GiB of memory (two builds of --max-memory 8000 side by side, one thread each)
# and 5.3 GiB of disk for the two packed 28-seed endgame databases, built first if missing
# (about 2 minutes and 8 GiB each). The books' own comments record the exact command.
set -euo pipefail
kalah=${1:-target/release/kalah}
out=${2:-books/progress}
mkdir -p "$out"
run() {
    local name=$1
    shift
    "$kalah" "$@" egdb build -k 28 --packed >/dev/null || return
    nice -n 19 "$kalah" "$@" book build --plies 8 --threads 1 --max-memory 8000 \
        --out "$out/$name" 2>>"$out/$name.log"
}
run kalah-6-5-standard.book --seeds 5 &
standard=$!
run kalah-6-5-empty-capture.book --seeds 5 --capture empty &
empty=$!
trap 'kill $standard $empty 2>/dev/null' INT TERM
status=0
wait $standard || status=$?
wait $empty || status=$?
exit $status
