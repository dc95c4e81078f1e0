#!/usr/bin/env bash
# npm run test:changed [-- BASE]: the developer's inner loop. The server and client tests that a change
# touches: the changed test files (what git shows as changed since BASE, HEAD by default, and new
# files) and those that import a changed file themselves (tests/support/definition-readers.ts
# testsImporting); when form-definitions/ or schemas/ change, every test that reads them. On PGlite
# alone unless TEST_DATABASES says otherwise. npm test runs everything: the tests that reach a
# changed file through others, both databases, the browser tests and the copy with staff's edits.
set -euo pipefail
cd "$(dirname "$0")/.."
base="${1:-HEAD}"
mapfile -t changed < <({ git diff --name-only "$base" --; git ls-files --others --exclude-standard; } | sort -u | while read -r file; do [ -e "$file" ] && echo "$file"; done)
if [ "${#changed[@]}" -eq 0 ]; then echo "test:changed: nothing changed since $base"; exit 0; fi
mapfile -t tests < <(npx tsx tests/support/definition-readers.ts --importing "${changed[@]}")
if printf '%s\n' "${changed[@]}" | grep -qE '^(form-definitions|schemas)/'; then
  mapfile -t -O "${#tests[@]}" tests < <(npx tsx tests/support/definition-readers.ts)
fi
if [ "${#tests[@]}" -eq 0 ]; then echo "test:changed: no test imports what changed since $base; npm test runs them all"; exit 0; fi
export TEST_DATABASES="${TEST_DATABASES:-pglite}"
# Three workers, as npm test: the tests wait more than they compute.
exec npx vitest run --project 'server*' --project 'client*' --maxWorkers 3 "${tests[@]}"
