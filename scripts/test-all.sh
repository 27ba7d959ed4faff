#!/usr/bin/env bash
# The whole test suite on a fresh machine: system packages, dependencies, then two lanes: the web build and
# the browser journeys; beside them the unit and API tests on PGlite, the type check and the whole API suite on
# a throwaway PostgreSQL.
# Every phase runs even when an earlier one failed, and the closing "N passed, N failed" line is
# always printed; the exit code is non-zero when anything failed.
set -uo pipefail
cd "$(dirname "$0")/.."
export CI="${CI:-true}"

need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
if [ ${#need[@]} -gt 0 ]; then
  echo "== apt-get install ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq "${need[@]}" >/dev/null || { echo "apt-get install falhou"; echo "0 passed, 1 failed"; exit 1; }
fi

echo "== npm ci"
npm ci --no-audit --no-fund --loglevel=error || { echo "npm ci falhou"; echo "0 passed, 1 failed"; exit 1; }

results=$(mktemp -d)
failed_phases=()
report() { # name, exit code, seconds
  if [ "$2" -eq 0 ]; then echo "== $1: ok em $3 s"; else echo "== $1: FALHOU em $3 s"; failed_phases+=("$1"); fi
}
phase() {
  local name=$1; shift
  local t0=$SECONDS rc=0
  echo "== $name"
  "$@" || rc=$?
  report "$name" "$rc" $((SECONDS - t0))
}
# A lane that runs beside the phases that follow (one core each); its output is printed whole when it
# ends, so the log stays readable.
start_beside() {
  local name=$1; shift
  echo "== $name (ao lado da próxima fase)"
  ( local t0=$SECONDS rc=0; "$@" >"$results/$name.log" 2>&1 || rc=$?; echo "$rc $((SECONDS - t0))" >"$results/$name.rc" ) &
  beside_pid=$!
}

typecheck() { npx tsc -p packages/core && npx tsc -p apps/server && npx tsc -p apps/web && npx tsc -p e2e; }
build_web() { npm run build -w @fretio/web --silent; }
# Each test runs on one engine, chosen for what it checks (see docs/DECISIONS.md, "Testes e CI"):
#  - PGlite (what `npm start` uses): unit tests and every module's API tests (each file has its own in-process
#    PGlite); one file at a time here, beside the browser journeys.
#  - PostgreSQL: the generic suites (every route × bad input, permissions, tenancy, on the real server), the
#    framework tests of apps/server/test and the `*.pg.test.ts` files (races, locks, two connections).
pglite() {
  npx vitest run --project core --project web --project server --exclude 'apps/server/test/generic/**' \
    --exclude '**/*.pg.test.ts' --maxWorkers=1 --reporter=default --reporter=json --outputFile="$results/pglite.json"
}
postgres() { VITEST_JSON="$results/postgres.json" bash apps/server/test/pg.sh apps/server/test/ .pg.test.ts; }
browser() { npx vitest run --project e2e --reporter=default --reporter=json --outputFile="$results/e2e.json"; }

# Two lanes, one per core. The browser journeys are the longest phase (one Chromium, one server, one file at a
# time), so they start as soon as the web is built; the other lane runs the API tests on PGlite, the type check
# and the API tests on PostgreSQL one after another beside them. The lane's phases are reported one by one.
lane_api() {
  local item
  for item in "testes de unidade e API (PGlite):pglite" "tipos:typecheck" "testes de API (PostgreSQL):postgres"; do
    local name=${item%%:*} fn=${item##*:} t0=$SECONDS rc=0
    echo "== $name"
    "$fn" || rc=$?
    echo "$rc $((SECONDS - t0)) $name" >>"$results/lane-api.rc"
  done
}
start_beside "api-pglite-tipos-postgresql" lane_api
phase "build da web" build_web
phase "testes no navegador (Chromium)" browser
wait "$beside_pid" || true
echo "== api-pglite-tipos-postgresql: saída"
cat "$results/api-pglite-tipos-postgresql.log"
while read -r rc secs name; do report "$name" "$rc" "$secs"; done <"$results/lane-api.rc"
[ -s "$results/lane-api.rc" ] || report "api-pglite-tipos-postgresql" 1 0

echo "== tempo total: ${SECONDS} s"
[ ${#failed_phases[@]} -eq 0 ] || echo "fases com falha: ${failed_phases[*]}"
node scripts/summary.mjs "${#failed_phases[@]}" "$results"/*.json
