#!/usr/bin/env bash
# Formats every Swift file in the repository with the checked-in .swift-format, or (--lint) only checks
# them, as CI does: `swift format lint --strict` fails on any file the formatter would change, and
# a line over 160 characters in Sources/ or Tests/ fails too (swift-format cannot break a string literal).
set -euo pipefail
cd "$(dirname "$0")/.."
files=()
while IFS= read -r -d '' file; do files+=("$file"); done < <(git ls-files -z '*.swift')
if [[ "${1:-}" == "--lint" ]]; then
  swift format lint --strict --parallel "${files[@]}"
  # Characters, not bytes: C.UTF-8 makes `.` match one character (a `→` is one).
  long=$(git ls-files -z 'Sources/*.swift' 'Tests/*.swift' | LC_ALL=C.UTF-8 xargs -0 grep -nE '^.{161,}' || true)
  if [[ -n "$long" ]]; then
    echo "$long" | cut -c1-200
    echo "error: the lines above are over 160 characters (break a long string literal into a multi-line one)" >&2
    exit 1
  fi
else
  swift format format --in-place --parallel "${files[@]}"
fi
