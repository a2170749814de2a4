#!/usr/bin/env bash
# The whole suite: lint and types, unit, API on PGlite and PostgreSQL, browser e2e.
# Installs what it needs first (Debian Chromium for the browser tests).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "Installing Debian chromium for the browser tests..."
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "Chromium is missing: install Debian's chromium package (apt-get install chromium) or set CHROMIUM_PATH." >&2
    exit 1
  fi
fi

# PgBouncer in transaction mode, for the test of three server processes behind it (platform/pgbouncer.api.test.ts).
if [ ! -x "${PGBOUNCER_PATH:-/usr/sbin/pgbouncer}" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "Installing Debian pgbouncer for the PgBouncer test..."
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq pgbouncer >/dev/null
  else
    echo "PgBouncer is missing: its test will be SKIPPED (or fail with REQUIRE_POSTGRES=1). Install Debian's pgbouncer package or set PGBOUNCER_PATH." >&2
  fi
fi

results=.test-results
rm -rf "$results" && mkdir -p "$results"

echo "== lint and types"
# Side by side: each keeps one of the two cores busy.
npm run lint > "$results/lint.log" 2>&1 &
lint=$!
npm run typecheck
if ! wait "$lint"; then
  cat "$results/lint.log"
  echo "Lint failed." >&2
  exit 1
fi
cat "$results/lint.log"

echo "== unit and API tests (PGlite and PostgreSQL)"
status=0
npx vitest run --project unit --project api --reporter=default --reporter=json --outputFile="$results/unit-api.json" || status=$?

echo "== browser e2e"
npm run build
node scripts/check-widget-size.mjs
npx vitest run --config e2e/vitest.config.ts --reporter=default --reporter=json --outputFile="$results/e2e.json" || status=$?

node scripts/test-summary.mjs "$results"/*.json
exit $status
