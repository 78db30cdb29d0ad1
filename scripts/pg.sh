#!/usr/bin/env bash
# A throwaway PostgreSQL for the tests: `scripts/pg.sh start` installs Debian's package when
# missing, initialises a cluster under target/pg (owned by an unprivileged user when run as
# root), starts it on a free loopback port and prints its URL; `scripts/pg.sh stop` stops it.
# Only loopback connections are accepted, without a password (trust): it holds test data only.
set -euo pipefail
cd "$(dirname "$0")/.."
dir="$PWD/target/pg"
data="$dir/data"
user=boardroom-pg

bin_dir() {
    local d
    d=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
    [ -n "$d" ] && [ -x "$d/pg_ctl" ] && echo "$d"
}

# Runs a command as the cluster's owner (this user, unless root).
as_owner() {
    if [ "$(id -u)" = 0 ]; then
        runuser -u "$user" -- "$@"
    else
        "$@"
    fi
}

start() {
    local bin
    if ! bin=$(bin_dir); then
        if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
            echo "==> installing postgresql" >&2
            export DEBIAN_FRONTEND=noninteractive
            apt-get update -qq </dev/null
            apt-get install -y -qq postgresql </dev/null >/dev/null
        fi
        bin=$(bin_dir) || {
            echo "error: the PostgreSQL tests need PostgreSQL (apt-get install postgresql)" >&2
            exit 1
        }
    fi
    if [ "$(id -u)" = 0 ] && ! id "$user" >/dev/null 2>&1; then
        useradd --system --no-create-home --shell /usr/sbin/nologin "$user"
    fi
    stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown "$user" "$dir"
    as_owner "$bin/initdb" -D "$data" -U boardroom --auth=trust -E UTF8 --no-locale >"$dir/initdb.log" 2>&1 || {
        cat "$dir/initdb.log" >&2
        exit 1
    }
    local port
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    as_owner "$bin/pg_ctl" -D "$data" -l "$dir/server.log" -w -t 30 \
        -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c max_connections=300" start >/dev/null || {
        cat "$dir/server.log" >&2
        exit 1
    }
    echo "postgres://boardroom@127.0.0.1:$port/postgres"
}

stop() {
    local bin
    bin=$(bin_dir) || return 0
    [ -f "$data/postmaster.pid" ] || return 0
    as_owner "$bin/pg_ctl" -D "$data" -m fast -w stop >/dev/null
}

case "${1:-}" in
    start) start ;;
    stop) stop ;;
    *) echo "usage: scripts/pg.sh start|stop" >&2; exit 2 ;;
esac
