#!/usr/bin/env bash
# The browser suite N times in a row (default 3) on a loaded machine: two busy loops take the two
# cores while it runs. Stops at the first failing run. Needs the built web app (npm run build -w @fretio/web).
# Usage: bash scripts/e2e-sob-carga.sh [runs]
set -uo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
yes >/dev/null & b1=$!
yes >/dev/null & b2=$!
trap 'kill $b1 $b2 2>/dev/null' EXIT
for i in $(seq 1 "$runs"); do
  t0=$SECONDS
  npx vitest run --project e2e
  rc=$?
  echo "== execução $i: código $rc em $((SECONDS - t0)) s, carga $(cut -d' ' -f1-3 /proc/loadavg)"
  [ "$rc" -eq 0 ] || exit "$rc"
done
