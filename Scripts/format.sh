#!/usr/bin/env bash
# Formats every Swift file in the repository with the checked-in .swift-format, or (--lint) only checks
# them, as CI does: `swift format lint --strict` fails on any file the formatter would change.
set -euo pipefail
cd "$(dirname "$0")/.."
files=()
while IFS= read -r -d '' file; do files+=("$file"); done < <(git ls-files -z '*.swift')
if [[ "${1:-}" == "--lint" ]]; then
  swift format lint --strict --parallel "${files[@]}"
else
  swift format format --in-place --parallel "${files[@]}"
fi
