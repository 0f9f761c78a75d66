#!/usr/bin/env bash
# What `swift build -c release` needs beyond what the debug build of the tests proves, checked in
# seconds instead of a second build of every dependency (CONTRIBUTING.md, CI, has both costs).
#
# The debug build that `swift test` runs compiles every line of every target that the release
# build compiles, with two differences: it passes -enable-testing to every module, and it defines
# DEBUG. So a release build can fail where the tests' build passes only when
#   - a target that is not a test target uses `@testable import` (a module compiled without
#     -enable-testing cannot be imported so: "module 'X' was not compiled for testing"), or
#   - code under `#if DEBUG` (or its negation) differs between the two.
# This script refuses both in every non-test target that `swift package dump-package` lists, with
# one line per place and exit status 1. `swift build -c release` itself is what the release archive
# (Scripts/release-archive.sh) and `make build` run.
set -euo pipefail
cd "$(dirname "$0")/.."

paths=$(swift package dump-package | python3 -c '
import json, sys
package = json.load(sys.stdin)
for target in package["targets"]:
    if target["type"] in ("test", "system", "plugin", "binary", "macro"):
        continue
    print(target.get("path") or ("Sources/" + target["name"]))
')
status=0
while IFS= read -r folder; do
  [[ -d "$folder" ]] || continue
  while IFS= read -r hit; do
    echo "$hit: error: a target that is not a test target cannot use @testable import (swift build -c release fails)" >&2
    status=1
  done < <(grep -rnE --include='*.swift' '^[[:space:]]*(@[A-Za-z_]+(\([^)]*\))?[[:space:]]+)*@testable[[:space:]]+import' "$folder" | cut -d: -f1,2 || true)
  while IFS= read -r hit; do
    echo "$hit: error: #if DEBUG makes the release build compile other code than the tests do" >&2
    status=1
  done < <(grep -rnE --include='*.swift' '^[[:space:]]*#(else)?if[[:space:]]+!?[[:space:]]*DEBUG\b' "$folder" | cut -d: -f1,2 || true)
done <<<"$paths"
((status == 0)) && echo "release build check: no @testable import and no #if DEBUG outside the test targets"
exit $status
