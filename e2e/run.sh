#!/usr/bin/env bash
# Runs the browser end-to-end tests of the Kalah page against a `kalah` binary.
#
#   e2e/run.sh                        # tests target/release/kalah, else target/debug/kalah
#   KALAH_BIN=path/to/kalah e2e/run.sh
#
# Installs what is missing first: Debian's chromium and nginx (apt-get, as root or with sudo) and the
# test's npm packages (npm ci). Builds `kalah` (cargo build --release -p kalah) only when no
# binary is there. Screenshots of failures go to e2e/screenshots/ (or $KALAH_SCREENSHOTS).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    echo "e2e: need root to run: $*" >&2; return 1; fi
}

if [ -z "${CHROMIUM:-}" ] && ! [ -x /usr/bin/chromium ]; then
  echo "e2e: installing chromium (apt-get)" >&2
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
fi

if [ -z "${NGINX:-}" ] && ! [ -x /usr/sbin/nginx ]; then
  echo "e2e: installing nginx (apt-get), for the test behind a reverse proxy" >&2
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq nginx >/dev/null
fi

if ! command -v sqlite3 >/dev/null; then
  echo "e2e: installing sqlite3 (apt-get), to flag games rated in players.test.mjs" >&2
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq sqlite3 >/dev/null
fi

if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "e2e: installing nodejs and npm (apt-get)" >&2
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq nodejs npm >/dev/null
fi

if ! [ -f "$here/node_modules/playwright-core/package.json" ]; then
  echo "e2e: installing npm packages (npm ci)" >&2
  (cd "$here" && npm ci --no-audit --no-fund --loglevel=error)
fi

if [ -z "${KALAH_BIN:-}" ]; then
  target="${CARGO_TARGET_DIR:-$root/target}"
  for candidate in "$target/release/kalah" "$target/debug/kalah"; do
    if [ -x "$candidate" ]; then KALAH_BIN="$candidate"; break; fi
  done
  if [ -z "${KALAH_BIN:-}" ]; then
    echo "e2e: no kalah binary; building it (cargo build --release -p kalah)" >&2
    (cd "$root" && cargo build --release -p kalah)
    KALAH_BIN="$target/release/kalah"
  fi
fi
export KALAH_BIN
echo "e2e: testing $KALAH_BIN" >&2

cd "$here"
exec node --test --test-concurrency=1 tests/
