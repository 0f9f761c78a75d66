#!/usr/bin/env bash
# Builds a Linux binary with the Swift runtime linked in (--static-swift-stdlib) and packs it with the
# README, the man page and shell completions: modeldiff-<version>-linux-<arch>.tar.gz in the repository root.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product modeldiff --static-swift-stdlib
bin="$(swift build -c release --product modeldiff --static-swift-stdlib --show-bin-path)/modeldiff"
version=$("$bin" --version)
name="modeldiff-$version-linux-$(uname -m)"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/$name/completions" "$stage/$name/man/man1"
cp "$bin" README.md "$stage/$name/"
cp docs/man/modeldiff.1 "$stage/$name/man/man1/"
# Symbols and debug info are most of the file (94 MB -> 64 MB); Swift's metadata sections stay.
if command -v strip >/dev/null; then strip "$stage/$name/modeldiff"; fi
"$bin" --generate-completion-script bash > "$stage/$name/completions/modeldiff.bash"
"$bin" --generate-completion-script zsh > "$stage/$name/completions/_modeldiff"
"$bin" --generate-completion-script fish > "$stage/$name/completions/modeldiff.fish"
tar -C "$stage" -czf "$name.tar.gz" "$name"
echo "$name.tar.gz"
