#!/usr/bin/env bash
# npm run test:changed [-- BASE]: the developer's inner loop. The server and client tests that a change
# touches (what git shows as changed since BASE, HEAD by default, and new files), found by Vitest
# through the imports; when form-definitions/ or schemas/ change, every test that reads them
# (tests/support/definition-readers.ts). On PGlite alone unless TEST_DATABASES says otherwise:
# npm test and CI run both databases, the browser tests and the copy with staff's edits.
set -euo pipefail
cd "$(dirname "$0")/.."
base="${1:-HEAD}"
mapfile -t changed < <({ git diff --name-only "$base" --; git ls-files --others --exclude-standard; } | sort -u | while read -r file; do [ -e "$file" ] && echo "$file"; done)
if [ "${#changed[@]}" -eq 0 ]; then echo "test:changed: nothing changed since $base"; exit 0; fi
readers=()
if printf '%s\n' "${changed[@]}" | grep -qE '^(form-definitions|schemas)/'; then
  mapfile -t readers < <(npx tsx tests/support/definition-readers.ts)
fi
export TEST_DATABASES="${TEST_DATABASES:-pglite}"
exec npx vitest related --run --passWithNoTests --project server --project client "${changed[@]}" "${readers[@]}"
