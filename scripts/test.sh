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

# Chromium's headless shell (Debian's chromium-headless-shell: the same Chromium build, without the
# desktop browser's windows and their WebUI pages): a browser test costs 40 per cent less CPU (decision 040).
if ! install_missing "${CHROMIUM_PATH:-/usr/lib/chromium/chromium-headless-shell}" chromium-headless-shell "the browser tests"; then
  echo "Chromium is missing: install Debian's chromium-headless-shell package (apt-get install chromium-headless-shell) or set CHROMIUM_PATH." >&2
  exit 1
fi
# PgBouncer in transaction mode, for the test of three server processes behind it (platform/pgbouncer.api.test.ts).
if ! install_missing "${PGBOUNCER_PATH:-/usr/sbin/pgbouncer}" pgbouncer "the PgBouncer test"; then
  echo "PgBouncer is missing: its test will fail. Install Debian's pgbouncer package (apt-get install pgbouncer) or set PGBOUNCER_PATH." >&2
fi

results=.test-results
rm -rf "$results" && mkdir -p "$results"

# Each phase's wall time, printed at the end; a run over the budget is said loudly (not failed:
# a loaded machine must not block a correct change), so growth shows the day it happens.
BUDGET_SECONDS=720
phases=()
phase_started=$SECONDS
run_started=$SECONDS
end_phase() {
  phases+=("$(printf '%-34s %4ds' "$1" $((SECONDS - phase_started)))")
  phase_started=$SECONDS
}
print_times() {
  local total=$((SECONDS - run_started))
  echo "== phase times"
  printf '  %s\n' "${phases[@]}"
  printf '  %-34s %4ds\n' "total" "$total"
  if [ "$total" -gt "$BUDGET_SECONDS" ]; then
    local bar
    bar=$(printf '!%.0s' $(seq 1 78))
    printf '%s\n!! The suite took %ds, over its budget of %ds (12 minutes): find what grew.\n%s\n' "$bar" "$total" "$BUDGET_SECONDS" "$bar" >&2
  fi
}

# Lint and types run beside the unit and API tests: those leave about a quarter of the two cores
# idle (waiting on PostgreSQL, timers and child processes), which lint and types fill. At the
# lowest priority (nice 19) they take only that idle time instead of slowing the tests (decision 040).
echo "== unit and API tests (PGlite and PostgreSQL), with lint and types beside them"
checks_started=$SECONDS
(
  nice -n 19 npm run typecheck > "$results/types.log" 2>&1 &
  types=$!
  nice -n 19 npm run lint > "$results/lint.log" 2>&1 &
  lint=$!
  checks_status=0
  wait $types || checks_status=1
  wait $lint || checks_status=1
  echo $checks_status > "$results/checks.status"
  echo $((SECONDS - checks_started)) > "$results/checks.seconds"
  # The browser tests' seeded data too (e2e/global-setup.ts seeds it itself when this failed).
  nice -n 19 node --import tsx e2e/seed-data.ts "$results/e2e-seeded" > "$results/e2e-seed.log" 2>&1 || rm -rf "$results/e2e-seeded"
) &
checks=$!
status=0
npx vitest run --project unit --project api --reporter=default --reporter=json --outputFile="$results/unit-api.json" || status=$?
wait "$checks" || true
end_phase "unit and API, lint and types"
phases+=("$(printf '%-34s %4ds' "  (lint and types alone)" "$(cat "$results/checks.seconds")")")
if [ "$(cat "$results/checks.status")" != 0 ]; then
  cat "$results/types.log" "$results/lint.log" 2>/dev/null
  echo "Lint or types failed (above): the browser tests are not run." >&2
  node scripts/test-summary.mjs "$results"/*.json || true
  print_times
  exit 1
fi
echo "Lint and types passed."

echo "== browser e2e"
npm run build
node scripts/check-widget-size.mjs
end_phase "build"
E2E_SEEDED_DATA="$PWD/$results/e2e-seeded" npx vitest run --config e2e/vitest.config.ts --reporter=default --reporter=json --outputFile="$results/e2e.json" || status=$?
end_phase "browser e2e"

node scripts/test-summary.mjs "$results"/*.json || status=$?
print_times
exit $status
