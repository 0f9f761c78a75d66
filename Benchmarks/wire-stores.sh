#!/bin/sh
# Migrates every Wire store (../shared/models/wire-ios-data-model) to the bundle's current version as
# `modeldiff migrate STORE --to zmessaging.xcdatamodeld` does (one step from the store's version, its
# mapping inferred with the bundle's history, as Core Data's automatic migration), on both paths, two
# stores at a time, and prints the totals per path: wall time, CPU time, the largest peak memory of any
# one process (GNU time), stores migrated, and the machine's cores and load average.
# Usage: Benchmarks/wire-stores.sh [BINARY]   (default .build/release/modeldiff; build it with
# `swift build -c release --product modeldiff --static-swift-stdlib`, as Scripts/release-archive.sh does)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$root/.build/release/modeldiff}
wire=$root/../shared/models/wire-ios-data-model
bundle=$wire/Resources/zmessaging.xcdatamodeld
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
echo "cores: $(nproc); load average: $(cut -d' ' -f1-3 /proc/loadavg)"
for path in fast three-stage; do
    flag=""
    [ $path = three-stage ] && flag=--no-fast-path
    start=$(date +%s.%N)
    # Each store runs from a private copy: the read path never writes the source, but a benchmark
    # should not rely on what it measures.
    ls "$wire"/Tests/Resources/*.wiredatabase | xargs -P2 -I{} sh -c '
        n=$(basename {} .wiredatabase)
        mkdir -p "'"$out"'/$n-'$path'"
        cp {} "'"$out"'/$n-'$path'/source.sqlite"
        /usr/bin/time -f "%e %U %S %M" -o "'"$out"'/$n-'$path'.time" "'"$bin"'" migrate "'"$out"'/$n-'$path'/source.sqlite" \
            --to "'"$bundle"'" --output "'"$out"'/$n-'$path'/out.sqlite" '"$flag"' >/dev/null 2>"'"$out"'/$n-'$path'.err" || true'
    end=$(date +%s.%N)
    migrated=$(ls "$out"/*-$path/out.sqlite 2>/dev/null | wc -l)
    cat "$out"/*-$path.time | grep -v "Command" | awk -v p=$path -v wall="$(echo "$end - $start" | bc)" -v n="$migrated" \
        '{u+=$2; s+=$3; if ($4>m) m=$4} END {printf "%s path: %d stores migrated, %.1f s wall, %.1f s user + %.1f s system, largest peak %d KB\n", p, n, wall, u, s, m}'
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
