#!/usr/bin/env bash
# The whole test suite on a fresh machine: system packages, dependencies, type check, unit and API
# tests on PGlite, the whole API suite on a throwaway PostgreSQL, then the browser journeys.
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
phase() {
  local name=$1; shift
  local t0=$SECONDS
  echo "== $name"
  if "$@"; then echo "== $name: ok em $((SECONDS - t0)) s"; else echo "== $name: FALHOU em $((SECONDS - t0)) s"; failed_phases+=("$name"); fi
}

typecheck() { npx tsc -p packages/core && npx tsc -p apps/server && npx tsc -p apps/web && npx tsc -p e2e; }
# The generic suites (every route × bad input, permissions, tenancy: they grow with every route) run once,
# on PostgreSQL; the module tests run on both engines (PGlite is what `npm start` uses).
pglite() {
  npx vitest run --project core --project web --project server --exclude 'apps/server/test/generic/**' \
    --reporter=default --reporter=json --outputFile="$results/pglite.json"
}
postgres() { VITEST_JSON="$results/postgres.json" bash apps/server/test/pg.sh; }
browser() {
  npm run build -w @fretio/web --silent &&
    npx vitest run --project e2e --reporter=default --reporter=json --outputFile="$results/e2e.json"
}

phase "verificação de tipos" typecheck
phase "testes de unidade e API (PGlite)" pglite
phase "testes de API (PostgreSQL)" postgres
phase "testes no navegador (Chromium)" browser

echo "== tempo total: ${SECONDS} s"
[ ${#failed_phases[@]} -eq 0 ] || echo "fases com falha: ${failed_phases[*]}"
node scripts/summary.mjs "${#failed_phases[@]}" "$results"/*.json
