#!/usr/bin/env bash
# What the GitHub Action (action.yml) runs once modeldiff is built: for every bundle, `check` with
# GitHub annotations in the log, then `check --format sarif` into SARIF_DIR for code scanning.
# Environment: MODELDIFF (the binary), BUNDLES (one bundle per line), SARIF_DIR, ARGS (extra `check`
# options, split on white space). Exit status: the worst of the checks (0 inferable, 1 not, 2 bad input).
# Each bundle comes after `--`, so a name beginning with `-` (`-h.xcdatamodeld`) is a bundle, never an option.
set -uo pipefail
: "${MODELDIFF:?}" "${BUNDLES:?}" "${SARIF_DIR:?}"
mkdir -p "$SARIF_DIR"
read -r -a extra <<< "${ARGS:-}"
worst=0
index=0
while IFS= read -r bundle; do
  [[ -z "${bundle// /}" ]] && continue
  index=$((index + 1))
  "$MODELDIFF" check --format github "${extra[@]}" -- "$bundle"
  status=$?
  # The SARIF run repeats the check for code scanning; its status is the same, so it is not counted twice.
  "$MODELDIFF" check --format sarif "${extra[@]}" -- "$bundle" > "$SARIF_DIR/modeldiff-$index.sarif"
  if (( status > worst )); then worst=$status; fi
done <<< "$BUNDLES"
if (( index == 0 )); then
  echo "::error::modeldiff: no bundle given (input 'bundles')" >&2
  exit 2
fi
exit "$worst"
