#!/usr/bin/env bash
# The whole suite: lint and types, unit, API on PGlite and PostgreSQL, browser e2e.
# Installs what it needs first (Debian Chromium for the browser tests, PgBouncer for its test).
set -euo pipefail
cd "$(dirname "$0")/.."

# Installs a Debian package when its program is missing and this runs as root; fails when it cannot.
install_missing() {
  local program=$1 package=$2 purpose=$3
  [ -x "$program" ] && return 0
  [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null || return 1
  echo "Installing Debian $package for $purpose..."
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package" >/dev/null
}

if ! install_missing "${CHROMIUM_PATH:-/usr/bin/chromium}" chromium "the browser tests"; then
  echo "Chromium is missing: install Debian's chromium package (apt-get install chromium) or set CHROMIUM_PATH." >&2
  exit 1
fi
# PgBouncer in transaction mode, for the test of three server processes behind it (platform/pgbouncer.api.test.ts).
if ! install_missing "${PGBOUNCER_PATH:-/usr/sbin/pgbouncer}" pgbouncer "the PgBouncer test"; then
  echo "PgBouncer is missing: its test will fail. Install Debian's pgbouncer package (apt-get install pgbouncer) or set PGBOUNCER_PATH." >&2
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
