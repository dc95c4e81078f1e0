#!/usr/bin/env bash
# npm test: every test, once. The checks (types, ESLint, knip's unused exports, files and
# dependencies, the definitions' linter), the server and client tests, the browser tests on the
# built app, and the copy where staff have made their yearly edits (scripts/staff-edits.ts), which
# runs again the tests that read the definitions (tests/support/definition-readers.ts): a test that
# fails there and not here copies a shipped text or code instead of reading it from the definitions.
# The server tests that read them run on PostgreSQL here and on PGlite in the copy, the others on both.
#
# Phases run side by side as far as two cores allow: the browser tests wait on Chromium and the
# server more than on the CPU, the server tests on PostgreSQL, LibreOffice and child processes. Each
# phase's output is kept apart and printed when it ends; each phase's time is printed at the end.
# Needs PostgreSQL's binaries, Chromium and LibreOffice (.ci/run installs them).
set -euo pipefail
cd "$(dirname "$0")/.."

work="$(mktemp -d)"
export VITEST_REPORT_DIR="$work/reports" VITE_CONFIG_NATIVE_IGNORE_WARNING=true
mkdir -p "$VITEST_REPORT_DIR" "$work/edited-reports"
edited="$work/edited"
started=$(date +%s)
# The machine's CPU ticks so far, busy and all (/proc/stat's first line): how busy the run kept the cores.
ticks() { awk 'NR == 1 { print $2 + $3 + $4 + $7 + $8, $2 + $3 + $4 + $5 + $6 + $7 + $8 }' /proc/stat; }
read -r busy_at_start all_at_start < <(ticks)
# Vitest's default is one worker less than the cores: one, here. The server tests spend most of
# their time waiting on a database, a child process or a timer, so three at once fill two cores.
node_workers="${TEST_WORKERS:-3}"

declare -A pids
# start NAME [--after PHASE]… COMMAND…: runs COMMAND in the background once those phases have
# ended, its output in $work/NAME.log.
start() {
  local name=$1 after=()
  shift
  while [ "$1" = --after ]; do after+=("$2"); shift 2; done
  (
    set +e
    for phase in "${after[@]}"; do
      while [ ! -f "$work/$phase.time" ]; do sleep 2; done
    done
    begin=$(date +%s)
    "$@" >"$work/$name.log" 2>&1
    status=$?
    # The CPU its processes used (user and system, of every child waited for): what the phase asks
    # of the two cores, where its time says how long it waited for them too.
    times >"$work/$name.cpu"
    echo "$(($(date +%s) - begin)) $status $(cpu_seconds <"$work/$name.cpu")" >"$work/$name.time"
    exit "$status"
  ) &
  pids[$name]=$!
}
# cpu_seconds: the whole seconds of the children's user and system time `times` prints ("1m2.5s 0m3.1s" on its second line).
cpu_seconds() { awk -F'[ms ]' 'NR == 2 { printf "%d", ($1 + $4) * 60 + $2 + $5 }'; }
# finish NAME: waits for it, prints its output, and stops everything if it failed.
finish() {
  local name=$1 status=0
  wait "${pids[$name]}" || status=$?
  echo "::group::$name"
  cat "$work/$name.log"
  echo "::endgroup::"
  if [ "$status" -ne 0 ]; then
    echo "npm test: $name failed (exit $status); its output is above, and everything is in $work"
    report
    exit "$status"
  fi
}
report() {
  local name seconds status cpu busy all
  echo "npm test: phase times (and the CPU each used)"
  if [ -n "${INSTALL_SECONDS:-}" ]; then printf '  %-12s %4ss\n' install "$INSTALL_SECONDS"; fi
  for name in checks build node e2e edited-build edited edited-e2e alone; do
    if [ -f "$work/$name.time" ]; then
      read -r seconds status cpu <"$work/$name.time"
      printf '  %-12s %4ss  cpu %4ss%s\n' "$name" "$seconds" "$cpu" "$([ "$status" -eq 0 ] || echo " (failed)")"
    fi
  done
  read -r busy all < <(ticks)
  printf '  %-12s %4ss  the cores busy %d%% of it\n' total "$(($(date +%s) - started))" "$((100 * (busy - busy_at_start) / (all - all_at_start)))"
}
# On the way out (a phase failed, or ^C), every phase stops with all it started: killing a phase's
# subshell alone left its Vitest and their servers running on, into the next run.
stop_tree() {
  local child
  for child in $(pgrep -P "$1"); do stop_tree "$child"; done
  kill "$1" 2>/dev/null || true
}
trap 'for pid in $(jobs -p); do stop_tree "$pid"; done' EXIT

# Tests whose clock measures the machine run last, alone, and only here: beside the other phases
# they measured them (/health's answers while large conversions run; a conversion of seconds,
# drained at SIGTERM, that a CI machine this busy kept past its 90 s on the clock).
alone=(tests/server/conversion-isolation.test.ts tests/server/operations.test.ts)
# The server and client tests, here and in the copy, give the browser tests the larger share of the
# CPU (niced), whose pages otherwise waited past their timeouts on a machine this busy; not all of
# it (nice 10 did), or a server a test starts waited past its own.
vitest_node() { nice -n 5 npx vitest run --project 'server*' --project 'client*' --maxWorkers "$node_workers" "${alone[@]/#/--exclude=}" "$@"; }

github=()
[ -n "${CI:-}" ] && github=(-- --format github)
mapfile -t readers < <(npx tsx tests/support/definition-readers.ts | grep -vxF "${alone[@]/#/-e}")
# One run: the tests that read the definitions on PostgreSQL alone (tests/server/harness.ts databaseKinds), the others on both.
node_tests() { TEST_READER_DATABASES=postgres vitest_node; }
# The copy: its own definitions, so its own client build; the server's bundle is the same code.
npm run -s staff-edits -- "$edited" >"$work/staff-edits.log" && (cd "$edited" && npm run -s lint:definitions) >>"$work/staff-edits.log" || { cat "$work/staff-edits.log"; exit 1; }
edited_build() { (cd "$edited" && npm run -s build:client) && cp -r dist/server "$edited/dist/server"; }
edited_tests() {
  cd "$edited" && VITEST_REPORT_DIR="$work/edited-reports" TEST_DATABASES=pglite node_workers=2 vitest_node "${readers[@]}"
}
edited_browser() {
  cd "$edited" && VITEST_REPORT_DIR="$work/edited-reports" AXE_WIDTHS=375 npx vitest run --project e2e tests/e2e/form.test.ts tests/e2e/shared-computer.test.ts tests/e2e/accessibility.test.ts
}

# Everything at once, as far as the order allows: the browser tests wait on Chromium and the
# server more than on the CPU, so the server and client tests fill the cores beside them.
start checks bash -c "npm run -s typecheck && npm run -s lint && npm run -s knip && npm run -s lint:definitions ${github[*]}"
start build bash -c "npm run -s build:client && npm run -s build:server"
start node node_tests
# The copy's tests wait for the checks: at the start the checks, both builds and the server tests
# already ask for four cores' worth, and tests that start processes of their own (backup, LibreOffice)
# waited past their limits when the copy's tests joined them.
start edited --after checks edited_tests
start edited-build --after build edited_build
start e2e --after build npx vitest run --project e2e
start edited-e2e --after edited-build edited_browser
for phase in checks build node edited-build e2e edited edited-e2e; do finish "$phase"; done
start alone npx vitest run --project 'server*' "${alone[@]}"
finish alone

report
node scripts/lib/sum-reports.mjs "as shipped=$VITEST_REPORT_DIR:3" "with staff's edits=$work/edited-reports:2"
