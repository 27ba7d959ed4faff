#!/usr/bin/env bash
# The whole test suite on a fresh machine: system packages, dependencies, type check, unit and API
# tests on PGlite, the API suite again on a throwaway PostgreSQL, then the browser journeys.
set -euo pipefail
cd "$(dirname "$0")/.."
export CI="${CI:-true}"

need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
if [ ${#need[@]} -gt 0 ]; then
  echo "== apt-get install ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${need[@]}" >/dev/null
fi

echo "== npm ci"
npm ci --no-audit --no-fund --loglevel=error

echo "== type check"
npx tsc -p packages/core
npx tsc -p apps/server
npx tsc -p apps/web

results=$(mktemp -d)
echo "== unit and API tests (PGlite)"
npx vitest run --project core --project server --reporter=default --reporter=json --outputFile="$results/pglite.json"

echo "== API tests (PostgreSQL)"
VITEST_JSON="$results/postgres.json" bash apps/server/test/pg.sh

echo "== browser tests (Chromium)"
npm run build -w @fretio/web --silent
npx vitest run --project e2e --reporter=default --reporter=json --outputFile="$results/e2e.json"

node scripts/summary.mjs "$results"/*.json
