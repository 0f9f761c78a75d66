#!/bin/sh
# Migrates every Wire store (../shared/models/wire-ios-data-model) to the current version with one
# inferred mapping, as Core Data's automatic migration does, on both paths, two at a time, and prints
# each run's wall time and peak memory (GNU time), then the totals. Usage: Benchmarks/wire-stores.sh [BINARY]
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$root/.build/release/modeldiff}
wire=$root/../shared/models/wire-ios-data-model
bundle=$wire/Resources/zmessaging.xcdatamodeld
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for path in fast slow; do
    flag=""; [ $path = slow ] && flag=--no-fast-path
    start=$(date +%s.%N)
    ls "$wire"/Tests/Resources/*.wiredatabase | xargs -P2 -I{} sh -c '
        n=$(basename {} .wiredatabase)
        v=$("'"$bin"'" store info {} --model "'"$bundle"'" | sed -n "s/^model version: //p")
        [ -n "$v" ] || exit 0
        /usr/bin/time -f "$n %e s %M KB" "'"$bin"'" migrate {} --from "'"$bundle"'/$v.xcdatamodel" \
            --to "'"$bundle"'/zmessaging2.101.0.xcdatamodel" --output "'"$out"'/$n-'$path'.sqlite" '"$flag"' >/dev/null 2>"'"$out"'/$n-'$path'.err" || true
        tail -1 "'"$out"'/$n-'$path'.err"'
    end=$(date +%s.%N)
    echo "$path path: $(echo "$end - $start" | bc) s wall, $(ls "$out"/*-$path.sqlite 2>/dev/null | wc -l) stores migrated"
done
