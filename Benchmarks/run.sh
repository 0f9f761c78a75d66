#!/usr/bin/env bash
# Runs the benchmarks and rewrites BENCHMARKS.md. Needs xmllint (libxml2-utils), sqlite3
# and GNU time; installs them with apt-get when missing.
# Usage: Benchmarks/run.sh [--quick | --models]
#   --quick   skips the 1M-object migration row.
#   --models  measures only parsing/hashing and `check` (no store generator, no migrations) and
#             keeps the migration section of the existing BENCHMARKS.md, saying so in the header.
# MIGRATION_ONLY=1 skips the parse and check benchmarks; BENCH_OUT=FILE writes FILE instead of
# BENCHMARKS.md (to splice one section in without re-measuring the others).
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
command -v xmllint >/dev/null || need+=(libxml2-utils)
command -v sqlite3 >/dev/null || need+=(sqlite3)
[ -x /usr/bin/time ] || need+=(time)
if ((${#need[@]})); then apt-get update -qq && apt-get install -y -qq "${need[@]}"; fi

sizes=(10000 100000 1000000)
mode="${1:-}"
[[ "$mode" == "--quick" ]] && sizes=(10000 100000)
# The binary the release archive ships (Scripts/release-archive.sh): the Swift runtime and Foundation
# linked in, which also makes each start 7–8 ms cheaper than loading them (BENCHMARKS.md, start-up).
swift build -c release --product modeldiff --static-swift-stdlib >/dev/null
[[ "$mode" == "--models" ]] || swift build -c release --product generate-store --static-swift-stdlib >/dev/null
bin=.build/release
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bundle=../shared/models/woocommerce-ios/WooCommerce.xcdatamodeld
bench=TestModels/Bench.xcdatamodeld
out=${BENCH_OUT:-BENCHMARKS.md}
# The sections other scripts measure (wire-stores.sh, migration-test.sh), from the first of their
# headings to the end: kept as they are and put back after this run's sections.
awk '!keep && /^## .*`Benchmarks\/(wire-stores|migration-test)\.sh`/ {keep = 1; print ""} keep {print}' "$out" > "$work/others.md" 2>/dev/null || true
if [[ "$mode" == "--models" ]]; then
  # The previous run's migration section, from its heading to its closing "Command:" line.
  awk '/^## Migration/ {keep = 1} keep {print} keep && /^Command: `Benchmarks\/run.sh`/ {exit}' "$out" > "$work/migration.md"
  # The date of the run that measured it: a header that already keeps it names it, else the header's date.
  previous=$(sed -n 's/.*migration section is kept from the run of \([0-9-]*\).*/\1/p' "$out")
  [[ -n "$previous" ]] || previous=$(sed -n 's/^Produced by `Benchmarks\/run.sh[^`]*` on \([0-9-]*\).*/\1/p' "$out")
fi


{
  echo "# Benchmarks"
  echo
  echo "Produced by \`Benchmarks/run.sh\` on $(date -u +%Y-%m-%d), $(nproc) cores, $(uname -m), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), commit $(git rev-parse --short HEAD), with the binary \`Scripts/release-archive.sh\` ships (\`swift build -c release --static-swift-stdlib\`)."
  if [[ "$mode" == "--models" ]]; then
    echo "Parsing and \`check\` measured by \`Benchmarks/run.sh --models\`; the migration section is kept from the run of ${previous:-an earlier date}."
  fi
  echo "Parsing, \`check\` and the scale curve: medians of interleaved rounds (\`Benchmarks/interleave.py\`, warm cache), wall time with the CPU time (user + system) beside it; each ratio is measured in the same rounds. Load average when the run started: $(cut -d' ' -f1-3 /proc/loadavg); when it ended: see the last line of the scale section."
  echo
} > "$out"

if [[ -z "${MIGRATION_ONLY:-}" ]]; then
printf '## Parsing and hashing every version of the 117-version WooCommerce bundle\n\n' >> "$out"
files=()
while IFS= read -r f; do files+=("$f"); done < <(find "$bundle" -name contents | sort)
# Interleaved rounds (Benchmarks/interleave.py): each round runs xmllint, then modeldiff.
read -r xml xmlcpu xmlmem ours ourscpu oursmem < <(Benchmarks/interleave.py 10 2 -- xmllint --noout "${files[@]}" -- "$bin/modeldiff" hash "$bundle" --all-versions | tr '\n' ' '; echo)
ratio=$(python3 -c "print('%.2f× in wall time, %.2f× in CPU time' % ($ours / $xml, $ourscpu / $xmlcpu))")
{
  echo "| command | median (s) | CPU (s) |"
  echo "|---|---|---|"
  echo "| \`xmllint --noout\` on the 117 \`contents\` files | $xml | $xmlcpu |"
  echo "| \`modeldiff hash WooCommerce.xcdatamodeld --all-versions\` (parse, validate, hash all 117) | $ours | $ourscpu |"
  echo
  echo "Ratio: **${ratio}** of xmllint's (target ≤ 1.5×)."
  echo
} >> "$out"

# check in every format, in the same interleaved rounds as the parse it is compared with
# (hash --all-versions), so each ratio comes from one run under one load.
read -r hashrun hashcpu hashmem json jsoncpu jsonmem sarif sarifcpu sarifmem github githubcpu githubmem < <(Benchmarks/interleave.py 7 1 \
  -- "$bin/modeldiff" hash "$bundle" --all-versions \
  -- "$bin/modeldiff" check "$bundle" --format json \
  -- "$bin/modeldiff" check "$bundle" --format sarif \
  -- "$bin/modeldiff" check "$bundle" --format github | tr '\n' ' '; echo)
{
  echo "## \`modeldiff check\` of the whole bundle (116 consecutive pairs + 115 jumps to the current version)"
  echo
  echo "Medians of 7 interleaved rounds (\`Benchmarks/interleave.py\`: each round runs the four commands in turn), with the median peak resident memory."
  echo
  echo "| command | median (s) | CPU (s) | ÷ parse, wall / CPU | peak memory (MB) | ÷ parse's memory |"
  echo "|---|---|---|---|---|---|"
  echo "| \`modeldiff hash WooCommerce.xcdatamodeld --all-versions\` (the parse) | $hashrun | $hashcpu | 1 | $hashmem | 1 |"
  for f in json sarif github; do
    t=${!f}; c=${f}cpu; c=${!c}; mem=${f}mem; mem=${!mem}
    python3 -c "print('| \`modeldiff check WooCommerce.xcdatamodeld --format $f\` | $t | $c | %.2f× / %.2f× | $mem | %.2f× |' % ($t / $hashrun, $c / $hashcpu, $mem / $hashmem))"
  done
  echo
  echo "Targets: each format within 3× of the parse, memory within 2× of the parse's."
  echo
} >> "$out"

# Scale: check of bundles of 100, 300 and 1,000 versions made from WooCommerce's (Benchmarks/scale-bundle.sh).
{
  echo "## \`check\` of generated 100-, 300- and 1,000-version bundles (\`Benchmarks/scale-bundle.sh\`)"
  echo
  echo "Version k of N is a copy of WooCommerce's version ⌈k × 117 / N⌉; \`check --format json\` compares 2N − 3 pairs. Medians of 3 runs (\`Benchmarks/interleave.py\`), after one warm-up."
  echo
  echo "| versions | pairs | median (s) | CPU (s) | CPU ms per pair | peak memory (MB) | MB per version |"
  echo "|---|---|---|---|---|---|---|"
} >> "$out"
for n in ${SCALE_SIZES:-100 300 1000}; do
  mkdir -p "$work/scale-$n"
  Benchmarks/scale-bundle.sh "$n" "$work/scale-$n" >/dev/null
  read -r t c mem < <(Benchmarks/interleave.py 3 1 -- "$bin/modeldiff" check "$work/scale-$n/Scale.xcdatamodeld" --format json)
  python3 -c "n=$n; p=2*n-3; print('| %d | %d | %s | %s | %.2f | %s | %.2f |' % (n, p, '$t', '$c', 1000 * $c / p, '$mem', $mem / n))" >> "$out"
  rm -rf "$work/scale-$n"
done
echo >> "$out"
echo "Load average after the scale curve: $(cut -d' ' -f1-3 /proc/loadavg)." >> "$out"
echo >> "$out"
if [[ "$mode" == "--models" ]]; then
  cat "$work/migration.md" >> "$out"
  cat Benchmarks/notes.md "$work/others.md" >> "$out"
  cat "$out"
  exit 0
  fi
fi
{
  echo "## Migration"
  echo
  echo "Store: \`generate-store N\` (TestModels/Bench.xcdatamodeld, version Bench): N objects, of which N/20 authors, N/100 tags and the rest posts; every post has a to-one author (the inverse of the author's to-many \`posts\`) and two tags (a many-to-many, stored in a join table); attributes are strings, dates, doubles, 64-bit integers and blobs. It is migrated to \`Bench 2\` (a renamed attribute, an added optional attribute, an added attribute with a default) with the inferred mapping, on the SQL fast path (the default here) and on the generic three-stage path (\`--no-fast-path\`). Two references, each \`sqlite3\` filling a fresh file in one transaction with \`INSERT INTO … SELECT\` from the attached source: the *copy* creates the source's own tables and indexes and copies them unchanged (\`SELECT *\`, which SQLite runs as a page-level transfer for every table), the *same-work copy* creates Bench 2's tables and indexes in a file with incremental auto-vacuum (as the migration writes them, and as Core Data writes every store) and fills the entity tables by column, the renamed column from its old name and the added ones NULL or their default, as the fast path's inserts do, so SQLite decodes and re-encodes every row as a migration must (the join table is copied unchanged in both). The references check nothing and count nothing; the migration also checks the source (stray rows, dangling keys), validates the output, counts objects and fsyncs the file. Medians of interleaved rounds (\`Benchmarks/interleave.py\`: each round runs the four commands in turn, each removing its own output first), wall time and CPU time (user + system); ratios are fast path / reference, in wall time and in CPU time, from the same rounds; objects/s is N over the generic path's wall time and over its CPU time. Both outputs of every size pass \`modeldiff store verify\` and have the source's object count per entity and the same number of links (checked by the script)."
  echo
  echo "| objects | fast path (s) wall / CPU | copy (s) wall / CPU | ÷ copy, wall / CPU | same-work copy (s) wall / CPU | ÷ same-work copy, wall / CPU | generic path (s) wall / CPU | generic objects/s wall / CPU | peak RSS fast / generic (MB) |"
  echo "|---|---|---|---|---|---|---|---|---|"
} >> "$out"

from="$bench/Bench.xcdatamodel"
to="$bench/Bench 2.xcdatamodel"
# The object count per entity table and the number of join rows: equal in source and outputs.
counts() { sqlite3 "$1" "SELECT (SELECT COUNT(*) FROM ZAUTHOR) || ' ' || (SELECT COUNT(*) FROM ZPOST) || ' ' || (SELECT COUNT(*) FROM ZTAG) || ' ' || (SELECT COUNT(*) FROM ZPOST WHERE ZAUTHOR IS NOT NULL) || ' ' || (SELECT COUNT(*) FROM $join)"; }
for n in "${sizes[@]}"; do
  "$bin/generate-store" "$n" "$work/in-$n.sqlite"
  join=$(sqlite3 "$work/in-$n.sqlite" "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'Z\_%' ESCAPE '\\' AND name NOT IN ('Z_PRIMARYKEY', 'Z_METADATA', 'Z_MODELCACHE')")
  tables="ZAUTHOR ZPOST ZTAG $join"
  {
    echo "ATTACH '$work/in-$n.sqlite' AS src;"
    echo "BEGIN;"
    for t in $tables; do sqlite3 "$work/in-$n.sqlite" "SELECT sql || ';' FROM sqlite_master WHERE tbl_name = '$t' AND sql IS NOT NULL ORDER BY type DESC"; done
    for t in $tables; do echo "INSERT INTO main.$t SELECT * FROM src.$t;"; done
    echo "COMMIT;"
  } > "$work/copy.sql"
  # The same-work copy: Bench 2's tables as the migration creates them (taken from one migrated file),
  # each destination column filled from the source column of its name, ZTEXT from ZBODY (Post.text
  # is Post.body renamed), Z_ENT with the destination's number, the others with their default
  # (Author.verified: NO, 0) or NULL, only the rows of the table's entity. In a file with incremental
  # auto-vacuum, as Core Data writes its stores (header bytes 52 and 64 of every Apple-written store in
  # ../shared/fixtures; _NSAutoVacuumLevel "2" in their metadata) and so as a migration must: SQLite then
  # keeps a pointer map of every page it allocates, 13 % more instructions for this copy at 100k.
  "$bin/modeldiff" migrate "$work/in-$n.sqlite" --from "$from" --to "$to" --output "$work/schema-$n.sqlite" >/dev/null
  {
    echo "PRAGMA auto_vacuum = 2;"
    echo "ATTACH '$work/in-$n.sqlite' AS src;"
    echo "BEGIN;"
    for t in $tables; do sqlite3 "$work/schema-$n.sqlite" "SELECT sql || ';' FROM sqlite_master WHERE tbl_name = '$t' AND sql IS NOT NULL ORDER BY type DESC"; done
    for t in ZAUTHOR ZPOST ZTAG; do
      number=$(sqlite3 "$work/schema-$n.sqlite" "SELECT Z_ENT FROM Z_PRIMARYKEY WHERE 'Z' || upper(Z_NAME) = '$t'")
      old=$(sqlite3 "$work/in-$n.sqlite" "SELECT Z_ENT FROM Z_PRIMARYKEY WHERE 'Z' || upper(Z_NAME) = '$t'")
      columns=$(sqlite3 "$work/schema-$n.sqlite" "SELECT group_concat(name, ', ') FROM pragma_table_info('$t')")
      values=$(sqlite3 "$work/schema-$n.sqlite" "ATTACH '$work/in-$n.sqlite' AS src; SELECT group_concat(CASE WHEN d.name = 'Z_ENT' THEN '$number' WHEN d.name = 'ZTEXT' THEN 's.ZBODY' WHEN d.name = 'ZVERIFIED' THEN '0' WHEN s.name IS NOT NULL THEN 's.' || d.name ELSE 'NULL' END, ', ') FROM pragma_table_info('$t') d LEFT JOIN pragma_table_info('$t', 'src') s ON s.name = d.name")
      echo "INSERT INTO main.$t ($columns) SELECT $values FROM src.$t s WHERE s.Z_ENT = $old;"
    done
    echo "INSERT INTO main.$join SELECT * FROM src.$join;"
    echo "COMMIT;"
  } > "$work/same-work.sql"
  rm -f "$work/schema-$n.sqlite"
  rounds=5; [ "$n" -ge 1000000 ] && rounds=3
  # Each command removes only its own output, so all outputs remain to be checked after the last round.
  read -r mig migcpu rss copy copycpu _ same samecpu _ gen gencpu rssgen < <(Benchmarks/interleave.py "$rounds" 1 \
    -- sh -c "rm -f $work/out-$n.sqlite; exec $bin/modeldiff migrate $work/in-$n.sqlite --from '$from' --to '$to' --output $work/out-$n.sqlite" \
    -- sh -c "rm -f $work/copy-$n.sqlite; exec sqlite3 $work/copy-$n.sqlite < $work/copy.sql" \
    -- sh -c "rm -f $work/same-$n.sqlite; exec sqlite3 $work/same-$n.sqlite < $work/same-work.sql" \
    -- sh -c "rm -f $work/gen-$n.sqlite; exec $bin/modeldiff migrate $work/in-$n.sqlite --from '$from' --to '$to' --output $work/gen-$n.sqlite --no-fast-path" | tr '\n' ' '; echo)
  expected=$(counts "$work/in-$n.sqlite")
  for o in out gen same; do
    # Every output must be sound (store verify: integrity, keys, Z_MAX, inverses) and complete.
    if [[ "$o" != same ]]; then
      report=$("$bin/modeldiff" store verify "$work/$o-$n.sqlite" --model "$bench") || { echo "$report" >&2; echo "store verify failed on $o-$n.sqlite" >&2; exit 1; }
    fi
    [ "$(counts "$work/$o-$n.sqlite")" == "$expected" ] || { echo "$o-$n: counts $(counts "$work/$o-$n.sqlite") != $expected" >&2; exit 1; }
  done
  rm -f "$work/out-$n.sqlite" "$work/gen-$n.sqlite" "$work/copy-$n.sqlite" "$work/same-$n.sqlite" "$work/in-$n.sqlite"
  python3 -c "n=$n; m=$mig; mu=$migcpu; c=$copy; cu=$copycpu; s=$same; su=$samecpu; g=$gen; gu=$gencpu; print('| %d | %.3f / %.3f | %.3f / %.3f | %.2f× / %.2f× | %.3f / %.3f | %.2f× / %.2f× | %.3f / %.3f | %d / %d | %s / %s |' % (n, m, mu, c, cu, m / c, mu / cu, s, su, m / s, mu / su, g, gu, n / g, n / gu, '$rss', '$rssgen'))" >> "$out"
done
echo >> "$out"
echo "Command: \`Benchmarks/run.sh\`$( [[ "$mode" == "--quick" ]] && echo ' --quick') (the 1M-object row needs the full run, without --quick)." >> "$out"
cat Benchmarks/notes.md "$work/others.md" >> "$out"
cat "$out"
