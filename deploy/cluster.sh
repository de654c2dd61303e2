#!/usr/bin/env bash
# A whole cluster on this machine, for trying and measuring (docs/deploy.md, "Three instances
# behind nginx"): a throwaway PostgreSQL cluster (initdb in a temporary directory, loopback
# only, a free port), N `kalah serve` instances on it (each with its own data directory; the
# endgame databases shared) and nginx in front of them with deploy/nginx/kalah-cluster.conf.
# Prints the URL; on Ctrl-C or TERM stops everything it started and removes the directory.
#
#   deploy/cluster.sh [--bin PATH] [--instances N] [--port PORT] [--instance-port FIRST]
#                     [--egdb DIR] [--pg-setting NAME=VALUE]... [--nginx-workers N]
#                     [-- EXTRA kalah serve ARGUMENTS]
#
#   --bin PATH            the kalah binary [target/release/kalah, else target/debug/kalah]
#   --instances N         how many `kalah serve` (1-16) [3]
#   --port PORT           nginx's port on 127.0.0.1 [8080]
#   --instance-port FIRST the instances listen on FIRST, FIRST+1, ... [free ports]
#   --egdb DIR            endgame databases shared by the instances, kept after the run
#                         (e.g. ~/.local/share/kalah/egdb) [in the temporary directory]
#   --pg-setting N=V      a PostgreSQL setting for the throwaway cluster (repeatable),
#                         e.g. synchronous_commit=off
#   --nginx-workers N     nginx worker processes [1]
# As root, PostgreSQL runs as the `postgres` user (Debian's package creates it).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"

die() { echo "cluster: $*" >&2; exit 1; }

bin="" instances=3 port=8080 first_port="" egdb="" workers=1
pg_settings=() serve_args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --bin) bin="${2:?--bin needs a path}"; shift 2 ;;
    --instances) instances="${2:?--instances needs a number}"; shift 2 ;;
    --port) port="${2:?--port needs a number}"; shift 2 ;;
    --instance-port) first_port="${2:?--instance-port needs a number}"; shift 2 ;;
    --egdb) egdb="${2:?--egdb needs a directory}"; shift 2 ;;
    --pg-setting) pg_settings+=("-c" "${2:?--pg-setting needs NAME=VALUE}"); shift 2 ;;
    --nginx-workers) workers="${2:?--nginx-workers needs a number}"; shift 2 ;;
    --) shift; serve_args=("$@"); break ;;
    -h|--help) sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown option $1 (see --help)" ;;
  esac
done
[[ "$instances" =~ ^[0-9]+$ ]] && [ "$instances" -ge 1 ] && [ "$instances" -le 16 ] ||
  die "--instances must be 1 to 16, not $instances"
[[ "$port" =~ ^[0-9]+$ ]] || die "--port must be a number, not $port"
[[ "$workers" =~ ^[0-9]+$ ]] || die "--nginx-workers must be a number, not $workers"

if [ -z "$bin" ]; then
  for b in "$root/target/release/kalah" "$root/target/debug/kalah"; do
    if [ -x "$b" ]; then bin="$b"; break; fi
  done
  [ -n "$bin" ] || die "no kalah binary: build one (cargo build --release -p kalah) or pass --bin"
fi
[ -x "$bin" ] || die "$bin is not an executable kalah binary"

pg_bin=""
if command -v initdb >/dev/null && command -v pg_ctl >/dev/null; then
  pg_bin="$(dirname "$(command -v initdb)")"
else
  pg_bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"
fi
[ -n "$pg_bin" ] && [ -x "$pg_bin/initdb" ] ||
  die "PostgreSQL is not installed (no initdb): apt-get install -y postgresql"
nginx_bin="$(command -v nginx || true)"
[ -z "$nginx_bin" ] && [ -x /usr/sbin/nginx ] && nginx_bin=/usr/sbin/nginx
[ -n "$nginx_bin" ] || die "nginx is not installed: apt-get install -y nginx"

as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

# A port nothing listens on now (a race with other programs is possible; startup then fails
# with the port named).
free_port() {
  local p
  for _ in $(seq 200); do
    p=$(( 20000 + RANDOM % 40000 ))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then echo "$p"; return; fi
  done
  die "found no free port"
}

tmp="$(mktemp -d "${TMPDIR:-/tmp}/kalah-cluster.XXXXXX")"
chmod 755 "$tmp"
pids=() nginx_pid="" pg_started=""

cleanup() {
  trap - EXIT INT TERM
  echo "cluster: stopping" >&2
  [ -n "$nginx_pid" ] && kill -TERM "$nginx_pid" 2>/dev/null || true
  # kalah drains on TERM: sockets get 1012 "reconnect", open requests finish.
  for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
  for p in "${pids[@]}" $nginx_pid; do wait "$p" 2>/dev/null || true; done
  if [ -n "$pg_started" ]; then
    as_pg "$pg_bin/pg_ctl" -D "$tmp/pg/data" stop -m fast >/dev/null 2>&1 || true
  fi
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# --- PostgreSQL ---
mkdir -p "$tmp/pg"
[ "$(id -u)" = 0 ] && chown postgres: "$tmp/pg"
as_pg "$pg_bin/initdb" -D "$tmp/pg/data" -U kalah --auth=trust -E UTF8 --locale=C >"$tmp/pg/initdb.log" 2>&1 ||
  die "initdb failed: $(cat "$tmp/pg/initdb.log")"
pg_port="$(free_port)"
as_pg "$pg_bin/pg_ctl" -D "$tmp/pg/data" -l "$tmp/pg/log" -w -t 60 \
  -o "-c listen_addresses=127.0.0.1 -p $pg_port -c unix_socket_directories='' ${pg_settings[*]}" \
  start >/dev/null || die "PostgreSQL did not start: $(cat "$tmp/pg/log")"
pg_started=1
# A database `kalah` when createdb is at hand, else initdb's own `postgres` database.
createdb="$pg_bin/createdb"
[ -x "$createdb" ] || createdb="$(command -v createdb || true)"
if [ -n "$createdb" ]; then
  "$createdb" -h 127.0.0.1 -p "$pg_port" -U kalah kalah || die "could not create the database"
  db="postgres://kalah@127.0.0.1:$pg_port/kalah"
else
  db="postgres://kalah@127.0.0.1:$pg_port/postgres"
fi
echo "cluster: PostgreSQL $db (log $tmp/pg/log)" >&2

# --- kalah serve instances ---
[ -n "$egdb" ] || egdb="$tmp/egdb"
mkdir -p "$egdb"
egdb="$(cd "$egdb" && pwd)"
ports=()
for i in $(seq "$instances"); do
  if [ -n "$first_port" ]; then p=$(( first_port + i - 1 )); else p="$(free_port)"; fi
  ports+=("$p")
  mkdir -p "$tmp/i$i"
  # One build of the endgame databases for all (builds are locked per file).
  ln -s "$egdb" "$tmp/i$i/egdb"
  KALAH_DATABASE="$db" "$bin" serve --addr "127.0.0.1:$p" --data "$tmp/i$i" \
    --trust-proxy 127.0.0.1 "${serve_args[@]}" >"$tmp/i$i/out.log" 2>"$tmp/i$i/log" &
  pids+=($!)
done
for i in $(seq "$instances"); do
  p="${ports[$((i - 1))]}"
  for _ in $(seq 300); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then break; fi
    kill -0 "${pids[$((i - 1))]}" 2>/dev/null || die "instance $i exited: $(tail -5 "$tmp/i$i/log")"
    sleep 0.1
  done
  echo "cluster: instance $i http://127.0.0.1:$p/ pid ${pids[$((i - 1))]} (log $tmp/i$i/log)" >&2
done

# --- nginx, with the repository's cluster site (listen and instance ports replaced) ---
mkdir -p "$tmp/nginx"
for d in body proxy fastcgi uwsgi scgi; do mkdir -p "$tmp/nginx/$d"; done
# Workers may run as another user: they write request bodies there.
chmod -R 777 "$tmp/nginx"
awk -v listen="127.0.0.1:$port" -v ports="${ports[*]}" '
  BEGIN { n = split(ports, p, " ") }
  /^[ \t]*listen 80;/ { sub(/listen 80;/, "listen " listen ";"); print; next }
  # The first server line of an upstream becomes instance 1, the second instances 2..n
  # (keeping its parameters), the third goes.
  match($0, /server 127\.0\.0\.1:808[123]/) {
    k = substr($0, RSTART + RLENGTH - 1, 1)
    from = (k == 1) ? 1 : (k == 2 ? 2 : n + 1)
    to = (k == 1) ? 1 : n
    for (i = from; i <= to; i++) { line = $0; sub(/127\.0\.0\.1:808[123]/, "127.0.0.1:" p[i], line); print line }
    next
  }
  { print }
' "$here/nginx/kalah-cluster.conf" >"$tmp/nginx/site.conf"
cat >"$tmp/nginx/nginx.conf" <<EOF
pid $tmp/nginx/nginx.pid;
error_log $tmp/nginx/error.log warn;
worker_processes $workers;
worker_rlimit_nofile 65536;
events { worker_connections 16384; }
http {
  access_log off;
  client_body_temp_path $tmp/nginx/body;
  proxy_temp_path $tmp/nginx/proxy;
  fastcgi_temp_path $tmp/nginx/fastcgi;
  uwsgi_temp_path $tmp/nginx/uwsgi;
  scgi_temp_path $tmp/nginx/scgi;
  include $tmp/nginx/site.conf;
}
EOF
"$nginx_bin" -p "$tmp/nginx" -e "$tmp/nginx/error.log" -c "$tmp/nginx/nginx.conf" -t >/dev/null 2>&1 ||
  die "nginx refused the configuration: $("$nginx_bin" -p "$tmp/nginx" -e "$tmp/nginx/error.log" -c "$tmp/nginx/nginx.conf" -t 2>&1)"
"$nginx_bin" -p "$tmp/nginx" -e "$tmp/nginx/error.log" -c "$tmp/nginx/nginx.conf" -g 'daemon off;' &
nginx_pid=$!
for _ in $(seq 100); do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then break; fi
  kill -0 "$nginx_pid" 2>/dev/null || die "nginx exited: $(cat "$tmp/nginx/error.log")"
  sleep 0.1
done

echo "cluster: nginx config $tmp/nginx/site.conf (errors $tmp/nginx/error.log)" >&2
echo "kalah cluster: open http://127.0.0.1:$port/ ($instances instances on PostgreSQL; Ctrl-C stops it all)"
# Wait until told to stop. An instance that ends is reported and the others go on (killing
# one is how to try the cluster's fail-over); when nginx or the last instance ends, all stop.
declare -A reported
while :; do
  live=()
  for i in $(seq "$instances"); do
    p=${pids[$((i - 1))]}
    if kill -0 "$p" 2>/dev/null; then
      live+=("$p")
    elif [[ -z "${reported[$i]:-}" ]]; then
      reported[$i]=1
      echo "cluster: instance $i ended; the others go on; its log ends with:" "$(tail -5 "$tmp/i$i/log")" >&2
    fi
  done
  if ! kill -0 "$nginx_pid" 2>/dev/null; then
    echo "cluster: nginx ended by itself: $(tail -5 "$tmp/nginx/error.log")" >&2
    exit 1
  fi
  if ((${#live[@]} == 0)); then
    echo "cluster: no instance is left" >&2
    exit 1
  fi
  wait -n "${live[@]}" "$nginx_pid" || true
done
