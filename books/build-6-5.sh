#!/usr/bin/env bash
# Builds the Kalah(6,5) standard-capture opening book (8 sowings deep) or resumes it: the
# build keeps OUT/<book>.partial and goes on from it when started again, so this can run over
# several sittings (Ctrl-C or a reboot lose at most the position being solved). The
# empty-capture book is complete at 8 sowings (books/kalah-6-5-empty-capture.book, session 32);
# books/README.md says how its last sowings were proven by `kalah worker`s instead.
#
# Usage: books/build-6-5.sh [KALAH] [OUT-DIR]   (defaults: target/release/kalah, books/progress)
#
# The partial files in books/progress are committed, so a build goes on from the last
# commit in a fresh checkout; commit them again after a sitting.
#
# Needs about 8 GiB of memory (--max-memory 8000, one thread) and 2.8 GB of disk for the
# packed 28-seed endgame database, built first if missing (about 2 minutes and 8 GiB). The
# book's own comments record the exact command.
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
run kalah-6-5-standard.book --seeds 5
