#!/usr/bin/env bash
# Makes an N-version bundle from WooCommerce's 117 versions, for the scale curve of `check`
# (Benchmarks/run.sh). Version k of N ("Model k") is a copy of WooCommerce's version number ceil(k × 117 / N) in
# natural order of names:
# above 117 versions each real version is repeated (the repeats are identical steps, as a team that
# bumps the version without a schema change makes them), below it some versions are skipped. So every
# generated bundle has WooCommerce's whole history, in order, ending at its current version, and
# `check` compares 2N − 3 pairs of models of WooCommerce's sizes.
# Usage: Benchmarks/scale-bundle.sh N OUT   (writes OUT/Scale.xcdatamodeld; OUT must exist)
set -euo pipefail
n=$1
out=$2
source=${SOURCE_BUNDLE:-$(dirname "$0")/../../shared/models/woocommerce-ios/WooCommerce.xcdatamodeld}
# The versions in natural order of names (WooCommerce's first is "Model", then "Model 2" …), as check orders them.
versions=()
while IFS= read -r v; do versions+=("$v"); done < <(cd "$source" && ls -d *.xcdatamodel | sort -V)
count=${#versions[@]}
[ "$count" -gt 0 ] || { echo "no versions in $source" >&2; exit 1; }
bundle="$out/Scale.xcdatamodeld"
rm -rf "$bundle"
mkdir -p "$bundle"
for ((k = 1; k <= n; k++)); do
  from=$(((k * count + n - 1) / n))
  mkdir "$bundle/Model $k.xcdatamodel"
  cp "$source/${versions[from - 1]}/contents" "$bundle/Model $k.xcdatamodel/contents"
done
cat > "$bundle/.xccurrentversion" <<PLIST
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>_XCCurrentVersionName</key>
	<string>Model $n.xcdatamodel</string>
</dict>
</plist>
PLIST
echo "$bundle"
