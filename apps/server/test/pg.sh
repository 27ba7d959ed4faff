#!/usr/bin/env bash
# Runs the server test project against a real PostgreSQL: starts a throwaway server (initdb in a
# temp dir, trust auth, fsync off), points TEST_DATABASE_URL at it, runs vitest, and always stops
# and removes the server. Extra arguments go to vitest, e.g.
#   bash apps/server/test/pg.sh apps/server/test/framework.test.ts
#   bash apps/server/test/pg.sh --bench     # npm run bench with BENCH_DATABASE_URL instead
#   PG_REPLICA=1 bash apps/server/test/pg.sh apps/server/src/modules/bi -t réplica   # with a streaming replica
# PGPORT picks the port (default 55432; the next free one is used when it is taken).
set -euo pipefail

cd "$(dirname "$0")/../../.."

PGBIN=${PGBIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}
if [[ -z "$PGBIN" || ! -x "$PGBIN/initdb" ]]; then
  echo "PostgreSQL server binaries not found (/usr/lib/postgresql/*/bin/initdb): apt-get install postgresql" >&2
  exit 2
fi

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
PORT=${PGPORT:-55432}
for _ in $(seq 1 20); do port_free "$PORT" && break; PORT=$((PORT + 1)); done
port_free "$PORT" || { echo "no free port near ${PGPORT:-55432}" >&2; exit 2; }

D=$(mktemp -d /tmp/fretio-pg-XXXXXX)
chmod 755 "$D"
as_pg() { if [[ $(id -u) -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[[ $(id -u) -eq 0 ]] && chown postgres "$D"

stop() {
  [[ -d "$D/replica" ]] && { as_pg "$PGBIN/pg_ctl" -D "$D/replica" -m immediate -w stop >/dev/null 2>&1 || true; }
  as_pg "$PGBIN/pg_ctl" -D "$D/data" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$D"
}
trap stop EXIT INT TERM

as_pg "$PGBIN/initdb" -D "$D/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$D/initdb.log" 2>&1 \
  || { cat "$D/initdb.log" >&2; exit 1; }
as_pg "$PGBIN/pg_ctl" -D "$D/data" -l "$D/log" -w \
  -o "-p $PORT -k $D -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" start >/dev/null \
  || { cat "$D/log" >&2; exit 1; }

echo "PostgreSQL $("$PGBIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT ($D)"
URL="postgres://postgres@127.0.0.1:$PORT/postgres"
# PG_REPLICA=1: also a streaming replica of it (pg_basebackup -R, hot standby on the next free port), named by
# TEST_REPLICA_URL; the read-replica test of modules/bi reads through it (without it, a second connection string).
if [[ -n "${PG_REPLICA:-}" ]]; then
  RPORT=$((PORT + 1))
  for _ in $(seq 1 20); do port_free "$RPORT" && break; RPORT=$((RPORT + 1)); done
  as_pg "$PGBIN/pg_basebackup" -D "$D/replica" -R -X stream -h 127.0.0.1 -p "$PORT" -U postgres >"$D/basebackup.log" 2>&1 \
    || { cat "$D/basebackup.log" >&2; exit 1; }
  as_pg "$PGBIN/pg_ctl" -D "$D/replica" -l "$D/replica.log" -w \
    -o "-p $RPORT -k $D -c listen_addresses=127.0.0.1 -c hot_standby=on -c fsync=off -c max_connections=200" start >/dev/null \
    || { cat "$D/replica.log" >&2; exit 1; }
  export TEST_REPLICA_URL="postgres://postgres@127.0.0.1:$RPORT/postgres"
  echo "Streaming replica on 127.0.0.1:$RPORT"
fi
if [[ "${1:-}" == "--bench" ]]; then
  shift
  BENCH_DATABASE_URL="$URL" npm run bench -- "$@"
  exit
fi
export TEST_DATABASE_URL="$URL"
# VITEST_JSON (set by scripts/test-all.sh) also writes the JSON report the closing summary adds up.
if [[ -n "${VITEST_JSON:-}" ]]; then
  npx vitest run --project server --reporter=default --reporter=json --outputFile="$VITEST_JSON" "$@"
else
  npx vitest run --project server "$@"
fi
