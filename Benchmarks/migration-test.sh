#!/bin/sh
# `modeldiff test` on real bundles (issue 19): WooCommerce's 117 versions along the consecutive path
# (the team's mapping model beside the bundle, 100 objects per entity), the same on its last 30
# versions alone (the largest models: memory must follow the model, not the number of versions),
# and the Notes bundle. Prints each
# run's wall time, CPU time and peak memory (GNU time), the machine's cores and load average.
# Usage: Benchmarks/migration-test.sh [BINARY]   (default .build/release/modeldiff; build it with
# `swift build -c release --product modeldiff --static-swift-stdlib`, as Scripts/release-archive.sh does)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$root/.build/release/modeldiff}
woo=$root/../shared/models/woocommerce-ios
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
echo "cores: $(nproc); load average: $(cut -d' ' -f1-3 /proc/loadavg)"
run() { # label, arguments…
    label=$1
    shift
    /usr/bin/time -f "$label: %e s wall, %U s user + %S s system, peak %M KB" "$bin" test "$@" >"$scratch/out" 2>"$scratch/err" || true
    echo "$label: $(tail -1 "$scratch/out")"
    tail -1 "$scratch/err"
}
run "WooCommerce, 117 versions" "$woo/WooCommerce.xcdatamodeld" --path consecutive --objects 100
# The last 30 versions as a bundle of their own (the same current version).
mkdir -p "$scratch/suffix/WooCommerce.xcdatamodeld"
for n in $(seq 88 117); do cp -R "$woo/WooCommerce.xcdatamodeld/Model $n.xcdatamodel" "$scratch/suffix/WooCommerce.xcdatamodeld/"; done
cp "$woo/WooCommerce.xcdatamodeld/.xccurrentversion" "$scratch/suffix/WooCommerce.xcdatamodeld/"
run "WooCommerce, last 30 versions" "$scratch/suffix/WooCommerce.xcdatamodeld" --path consecutive --objects 100
run "Notes" "$root/TestModels/Notes.xcdatamodeld" --path all --objects 100
echo "cores: $(nproc); load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
