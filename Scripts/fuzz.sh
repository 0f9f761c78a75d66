#!/usr/bin/env bash
# Runs modeldiff's libFuzzer targets (Fuzz/), each for SECONDS, seeded from the real files in
# ../shared and TestModels/ plus every checked-in regression input (Fuzz/Regressions/TARGET/).
#
#   Scripts/fuzz.sh [SECONDS] [TARGET ...]     default: 60 seconds, every target
#
# Targets: FuzzModelXML FuzzMappingXML FuzzXcodeMapping FuzzExpression FuzzStoreMetadata FuzzConfig FuzzKeyedArchive
# FuzzPlanSwift FuzzCompiledModel FuzzSwiftSource. A crash, a trap, a leak or an input that runs longer than the
# timeout stops the run with exit 1; libFuzzer saves the input in
# fuzz-artifacts/TARGET/, which becomes a regression input once fixed. The working corpus grows in
# .build-fuzz/corpus/TARGET/ across runs (kept out of git). FUZZ_JOBS=N runs N targets at a time.
#
# The build: MODELDIFF_FUZZ=1 makes the root package compile its own modules with
# -sanitize=fuzzer,address (Package.swift); its dependencies are compiled as for the tests.
#   FUZZ_BUILD=release (default) optimizes, in .build-fuzz: the build for long runs.
#   FUZZ_BUILD=debug builds without optimization; with FUZZ_SCRATCH=.build (what .ci/run does) it
#   shares the test build's folder, so swift-syntax and the other dependencies are not built again
#   and only modeldiff's modules and the targets are compiled.
# A deterministic run (CI's): FUZZ_RUNS=N executes N mutated inputs per target after the seeds and
# regressions, from FUZZ_SEED (default 1), stopping at SECONDS at the latest.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
targets=("$@")
((${#targets[@]})) || targets=(FuzzModelXML FuzzMappingXML FuzzXcodeMapping FuzzExpression FuzzStoreMetadata FuzzConfig FuzzKeyedArchive FuzzPlanSwift FuzzCompiledModel FuzzSwiftSource)
shared=../shared
scratch=.build-fuzz

config=${FUZZ_BUILD:-release}
build=${FUZZ_SCRATCH:-$scratch}
[[ "$config" == release || -n "${FUZZ_SCRATCH:-}" ]] || build=$scratch-$config
echo "building the fuzz targets ($config, -sanitize=fuzzer,address, in $build)"
# SwiftPM does not notice files added to a path dependency (the root package, here) in a cached
# build plan: drop the plan, keep the objects.
mkdir -p "$scratch" "$build"
rm -f "$build"/*.yaml
export MODELDIFF_FUZZ=1
(cd Fuzz && swift build -c "$config" --scratch-path "../$build" >/dev/null 2>"../$scratch/build.log") || {
  cat "$scratch/build.log" >&2
  exit 1
}
bin=$(cd Fuzz && swift build -c "$config" --scratch-path "../$build" --show-bin-path)

# Seed corpora: copied under content-derived names so reruns don't duplicate them.
seed() { # target, files on stdin
  local dir="$scratch/seeds/$1"
  mkdir -p "$dir"
  while IFS= read -r -d '' file; do
    cp "$file" "$dir/$(sha1sum "$file" | cut -c1-16)"
  done
}
# Models up to 48 KB: the fuzzer mutates small inputs far faster, and larger ones add no new syntax.
find "$shared" TestModels -type f \( -name contents -o -name '*.xml' \) ! -name '*.mapping.xml' -size -48k -print0 | seed FuzzModelXML
find TestModels Tests/Golden -type f \( -name '*.mapping.xml' -o -path '*Golden/mapping/*.xml' \) -print0 | seed FuzzMappingXML
# Xcode mapping models: each .xcmappingmodel in ../shared cut into small valid files (the mapping
# model object with one entity mapping and its property mappings each, and the whole file), with the
# two archived models (1.5 MB of base64) replaced by a minimal keyed archive so the seeds stay small.
python3 - "$scratch/seeds/FuzzXcodeMapping" "$shared" <<'PY'
import base64, hashlib, os, plistlib, re, sys
out = sys.argv[1]
os.makedirs(out, exist_ok=True)
archive = base64.b64encode(plistlib.dumps({'$archiver': 'NSKeyedArchiver', '$version': 100000, '$objects': ['$null'], '$top': {}}, fmt=plistlib.FMT_BINARY)).decode()
def save(text):
    data = text.encode()
    open(os.path.join(out, hashlib.sha1(data).hexdigest()[:16]), 'wb').write(data)
for folder, _, names in os.walk(sys.argv[2]):
    if not folder.endswith('.xcmappingmodel') or 'xcmapping.xml' not in names:
        continue
    text = open(os.path.join(folder, 'xcmapping.xml'), encoding='utf-8').read()
    text = re.sub(r'(<attribute name="(?:source|destination)modeldata" type="binary">)[^<]*', lambda m: m.group(1) + archive, text)
    head, objects = text[:text.index('<object')], re.findall(r'<object .*?</object>', text, re.S)
    byid = {re.search(r'id="([^"]+)"', o).group(1): o for o in objects}
    model = next(o for o in objects if 'type="XDDEVMAPPINGMODEL"' in o)
    save(text)
    for entity in (o for o in objects if 'type="XDDEVENTITYMAPPING"' in o):
        eid = re.search(r'id="([^"]+)"', entity).group(1)
        refs = [r for ids in re.findall(r'name="(?:attribute|relationship)mappings"[^>]*idrefs="([^"]*)"', entity) for r in ids.split()]
        one = re.sub(r'(name="entitymappings"[^>]*idrefs=")[^"]*', lambda m: m.group(1) + eid, model)
        save(head + '\n'.join([one, entity] + [byid[r] for r in refs if r in byid]) + '\n</database>\n')
PY
# And an Xcode mapping model modeldiff wrote with every archived predicate, aggregate, subquery and
# index form (Fuzz/Seeds/FuzzXcodeMapping/): ../shared's files hold key paths only.
find Fuzz/Seeds/FuzzXcodeMapping -type f -print0 | seed FuzzXcodeMapping
# Expressions: every value expression and source expression of the mapping files, one per seed,
# each fetch predicate inside a source expression, and the predicate seeds in Fuzz/Seeds/.
python3 - "$scratch/seeds/FuzzExpression" TestModels Tests/Golden <<'PY'
import hashlib, os, re, sys, html
out = sys.argv[1]
os.makedirs(out, exist_ok=True)
for root in sys.argv[2:]:
    for folder, _, names in os.walk(root):
        for name in names:
            if not name.endswith('.xml'):
                continue
            text = open(os.path.join(folder, name), encoding='utf-8', errors='replace').read()
            for match in re.finditer(r'<(?:attribute|relationship|sourceExpression)[^>]*>([^<]+)<', text):
                expression = html.unescape(match.group(1))
                open(os.path.join(out, hashlib.sha1(expression.encode()).hexdigest()[:16]), 'wb').write(expression.encode())
                # A source expression's fetch predicate (NSPredicate format) is parsed on its own too.
                for predicate in re.findall(r'predicateString:",\s*"[^"]*",\s*"((?:[^"\\]|\\.)*)"', expression):
                    open(os.path.join(out, hashlib.sha1(predicate.encode()).hexdigest()[:16]), 'wb').write(predicate.encode())
# Predicates written for the purpose (Fuzz/Seeds/FuzzExpression/): every operator, option and modifier.
seeds = 'Fuzz/Seeds/FuzzExpression'
for name in sorted(os.listdir(seeds)):
    data = open(os.path.join(seeds, name), 'rb').read()
    open(os.path.join(out, hashlib.sha1(data).hexdigest()[:16]), 'wb').write(data)
PY
# Store metadata: Z_METADATA.Z_PLIST of every store in ../shared, read from a private copy
# (opening a WAL store in place would checkpoint it).
python3 - "$scratch/seeds/FuzzStoreMetadata" "$shared" <<'PY'
import hashlib, os, shutil, sqlite3, sys, tempfile
out = sys.argv[1]
os.makedirs(out, exist_ok=True)
for folder, _, names in os.walk(sys.argv[2]):
    for name in names:
        if not name.endswith(('.sqlite', '.db', '.store')):
            continue
        with tempfile.TemporaryDirectory() as work:
            for suffix in ('', '-wal', '-shm'):
                if os.path.exists(os.path.join(folder, name + suffix)):
                    shutil.copy(os.path.join(folder, name + suffix), os.path.join(work, name + suffix))
            try:
                connection = sqlite3.connect(os.path.join(work, name))
                for (plist,) in connection.execute('SELECT Z_PLIST FROM Z_METADATA'):
                    if plist:
                        open(os.path.join(out, hashlib.sha1(plist).hexdigest()[:16]), 'wb').write(plist)
                connection.close()
            except sqlite3.Error:
                pass
PY

# Configurations: the reference file and every .modeldiff.yml the tests write.
find TestModels/Config -type f -name '*.yml' -print0 | seed FuzzConfig
python3 - "$scratch/seeds/FuzzConfig" Tests/ModelDiffCLITests/CLI <<'PY'
import hashlib, os, re, sys
out = sys.argv[1]
os.makedirs(out, exist_ok=True)
for name in os.listdir(sys.argv[2]):
    text = open(os.path.join(sys.argv[2], name), encoding='utf-8').read()
    # The configurations the CLI tests write, as Swift string literals with \n escapes.
    for match in re.finditer(r'\("((?:check|acknowledged)[^"]*)"', text):
        seed = match.group(1).encode().decode('unicode_escape').encode()
        open(os.path.join(out, hashlib.sha1(seed).hexdigest()[:16]), 'wb').write(seed)
PY

# Keyed archives: every compiled model (.mom) and mapping model (.cdm) in ../shared, and the three
# smallest model caches of Wire's stores, inflated (read from copies: sqlite3 never opens ../shared).
find "$shared" -type f \( -name '*.mom' -o -name '*.cdm' \) -print0 | seed FuzzKeyedArchive
python3 - "$scratch/seeds/FuzzKeyedArchive" "$shared" <<'PY'
import hashlib, os, shutil, sqlite3, sys, tempfile, zlib
out, caches = sys.argv[1], []
os.makedirs(out, exist_ok=True)
work = tempfile.mkdtemp()
try:
    for folder, _, names in os.walk(sys.argv[2]):
        for name in names:
            if not name.endswith('.wiredatabase'):
                continue
            copy = os.path.join(work, name)
            shutil.copyfile(os.path.join(folder, name), copy)
            try:
                connection = sqlite3.connect(copy)
                for (blob,) in connection.execute('SELECT Z_CONTENT FROM Z_MODELCACHE'):
                    caches.append(zlib.decompress(blob, -15))
                connection.close()
            except (sqlite3.Error, zlib.error):
                pass
            os.remove(copy)
finally:
    shutil.rmtree(work)
for archive in sorted(caches, key=len)[:3]:
    open(os.path.join(out, hashlib.sha1(archive).hexdigest()[:16]), 'wb').write(archive)
PY

# Plan names (the bundle and three versions, separated by U+001F): the hostile names of the tests
# (Fuzz/Seeds/FuzzPlanSwift/) and the version folder names of every bundle in ../shared and TestModels.
find Fuzz/Seeds/FuzzPlanSwift -type f -print0 | seed FuzzPlanSwift
find "$shared" TestModels -type d -name '*.xcdatamodeld' -print0 | while IFS= read -r -d '' bundle; do
  printf '%s\x1f' "$(basename "$bundle" .xcdatamodeld)" $(cd "$bundle" && ls -d -- *.xcdatamodel 2>/dev/null | head -3 | sed 's/\.xcdatamodel$//' | tr ' ' '_') |
    tee "$scratch/seeds/FuzzPlanSwift/$(basename "$bundle" | sha1sum | cut -c1-16)" >/dev/null
done
# Compiled models: the keyed-archive seeds that are models (the .mom files and model caches above),
# and archives no Xcode writes, generated here: entities that are each other's parents, an entity
# that is its own parent, 1,001 and 1,002 levels of inheritance (at and past the limit), a
# relationship to a missing entity, a negative count.
mkdir -p "$scratch/seeds/FuzzCompiledModel"
find "$shared" -type f -name '*.mom' -print0 | seed FuzzCompiledModel
python3 - "$scratch/seeds/FuzzCompiledModel" "$scratch/seeds/FuzzKeyedArchive" <<'PY'
import hashlib, os, plistlib, sys
out, archives = sys.argv[1], sys.argv[2]
U = plistlib.UID
def save(data):
    open(os.path.join(out, hashlib.sha1(data).hexdigest()[:16]), 'wb').write(data)
for name in os.listdir(archives):  # the inflated model caches
    data = open(os.path.join(archives, name), 'rb').read()
    if b'NSManagedObjectModel' in data:
        save(data)
def model(entities):  # [(name, parent, [(relationship, destination, minCount)])]
    objects = ['$null', {'$classname': 'NSEntityDescription', '$classes': ['NSEntityDescription', 'NSObject']},
               {'$classname': 'NSRelationshipDescription', '$classes': ['NSRelationshipDescription', 'NSPropertyDescription', 'NSObject']},
               {'$classname': 'NSMutableDictionary', '$classes': ['NSMutableDictionary', 'NSDictionary', 'NSObject']},
               {'$classname': 'NSManagedObjectModel', '$classes': ['NSManagedObjectModel', 'NSObject']}]
    slots = {name: len(objects) + i for i, (name, _, _) in enumerate(entities)}
    objects += [None] * len(entities)
    for name, parent, relationships in entities:
        properties = []
        for relationship, destination, minimum in relationships:
            objects.append({'$class': U(2), 'NSPropertyName': relationship, '_NSDestinationEntityName': destination,
                            'NSMinCount': minimum, 'NSMaxCount': 1, 'NSEntity': U(slots[name])})
            properties.append(U(len(objects) - 1))
        objects.append({'$class': U(3), 'NS.keys': [r[0] for r in relationships], 'NS.objects': properties})
        fields = {'$class': U(1), 'NSEntityName': name, 'NSProperties': U(len(objects) - 1)}
        if parent is not None:
            fields['NSSuperentity'] = U(slots[parent])
        objects[slots[name]] = fields
    objects.append({'$class': U(3), 'NS.keys': [e[0] for e in entities], 'NS.objects': [U(slots[e[0]]) for e in entities]})
    objects.append({'$class': U(4), 'NSEntities': U(len(objects) - 1)})
    return plistlib.dumps({'$archiver': 'NSKeyedArchiver', '$version': 100000, '$top': {'root': U(len(objects) - 1)},
                           '$objects': objects}, fmt=plistlib.FMT_BINARY)
save(model([('A', 'B', []), ('B', 'A', [])]))
save(model([('A', 'A', [])]))
for depth in (1001, 1002):
    save(model([('E%d' % i, 'E%d' % (i - 1) if i else None, []) for i in range(depth)]))
save(model([('Note', None, [('owner', 'Ghost', 0)])]))
save(model([('Note', None, [('owner', 'Note', -1)])]))
PY

# Swift sources: every file of the SwiftData fixtures (TestModels/SwiftData); the shapes the parser
# or a tree walk would recurse into without end are the target's regressions (Fuzz/Regressions/README.md).
find TestModels/SwiftData -type f -name '*.swift' -size -64k -print0 | seed FuzzSwiftSource

dictionary() {
  case $1 in
    FuzzModelXML) echo Fuzz/Dictionaries/model-xml.dict ;;
    FuzzMappingXML) echo Fuzz/Dictionaries/mapping-xml.dict ;;
    FuzzXcodeMapping) echo Fuzz/Dictionaries/xcmapping-xml.dict ;;
    FuzzExpression) echo Fuzz/Dictionaries/expression.dict ;;
    FuzzConfig) echo Fuzz/Dictionaries/config-yaml.dict ;;
    FuzzPlanSwift | FuzzSwiftSource) echo Fuzz/Dictionaries/plan-swift.dict ;;
    *) echo "" ;;
  esac
}

# One target's run; its exit status says whether it found something.
fuzz() {
  local target=$1 corpus="$scratch/corpus/$1" artifacts="fuzz-artifacts/$1" dict
  mkdir -p "$corpus" "$artifacts" "Fuzz/Regressions/$target"
  dict=$(dictionary "$target")
  local budget=(-max_total_time="$seconds")
  # A deterministic run still stops at SECONDS, so a slow machine cannot hold CI past its limit.
  [[ -z "${FUZZ_RUNS:-}" ]] || budget=(-runs="$FUZZ_RUNS" -seed="${FUZZ_SEED:-1}" -max_total_time="$seconds")
  # -rss_limit_mb bounds memory per input; -timeout flags hangs (FUZZ_TIMEOUT seconds, default 10);
  # -max_len fits the seeds.
  "$bin/$target" "$corpus" "$scratch/seeds/$target" "Fuzz/Regressions/$target" \
    "${budget[@]}" -timeout="${FUZZ_TIMEOUT:-10}" -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 -artifact_prefix="$artifacts/" ${dict:+-dict="$dict"} \
    >"$scratch/$target.log" 2>&1
}

# FUZZ_JOBS targets run at a time (default 1); CI runs two, one per core.
jobs=${FUZZ_JOBS:-1}
declare -A pids=()
status=0
report() { # target, its exit status
  local target=$1
  if (($2 != 0)); then
    status=1
    echo "FINDING in $target: see $scratch/$target.log and fuzz-artifacts/$target/" >&2
    # The report and its stack, so a finding on a CI machine can be diagnosed from CI's log alone.
    sed -n -E '/ERROR|panic|Fatal error|Precondition|deadly signal/,+40p' "$scratch/$target.log" | head -60 >&2 || true
    # The input itself, base64, so it can be checked in even when the machine's files are gone.
    local unit
    for unit in $(sed -n -E 's/.*Test unit written to (.*)$/\1/p' "$scratch/$target.log"); do
      echo "input $unit ($(wc -c <"$unit") bytes; base64 -d to restore):" >&2
      head -c 16384 "$unit" | base64 -w 0 >&2
      echo >&2
    done
  fi
  echo "$target:"
  grep -E "^stat::number_of_executed_units|^stat::peak_rss_mb|cov: " "$scratch/$target.log" | tail -3 | sed "s/^/  /" || true
}
finish() { # waits for every running target
  local target
  for target in "${!pids[@]}"; do
    if wait "${pids[$target]}"; then report "$target" 0; else report "$target" 1; fi
  done
  pids=()
}
budget_text="${seconds}s"
[[ -z "${FUZZ_RUNS:-}" ]] || budget_text="$FUZZ_RUNS runs from seed ${FUZZ_SEED:-1}, at most ${seconds}s"
for target in "${targets[@]}"; do
  echo "fuzzing $target for $budget_text (seeds: $(ls "$scratch/seeds/$target" | wc -l), regressions: $(ls "Fuzz/Regressions/$target" | wc -l))"
  fuzz "$target" &
  pids[$target]=$!
  ((${#pids[@]} < jobs)) || finish
done
finish
exit $status
