#!/usr/bin/env bash
# Builds Playbench's libFuzzer targets (address sanitizer on) and runs them.
#
#   Tests/Fuzz/run.sh                   # every target, 60 s each
#   Tests/Fuzz/run.sh fuzz-seam-part 600  # one target, ten minutes
#   Tests/Fuzz/run.sh all 10            # what CI runs
#   Tests/Fuzz/run.sh --list            # the targets
#
# Each target starts from a seed corpus made afresh from the repository (the shipped designs, the
# same designs as binary plists and as JSON, their expressions, the files of each Shaky Words, Turn
# Tracker and Tabula design joined into one input (FuzzInput.files), parts that `playbench
# simulate|sweep --shard` writes now, playtest logs that `playbench calibrate --synthetic-log`
# writes now (and as CSV), and the inputs in Regressions/ named after it) plus what earlier runs here found
# (.build/corpus/TARGET, not committed). A crash,
# a sanitizer report, an input slower than 10 s or a run past 2 GB stops the target: the input is
# kept as .build/crashes/TARGET-*, the log as .build/logs/TARGET.log, and the script exits 1 once
# every target ran. Reproduce with: Tests/Fuzz/.build/release/TARGET path/to/input
#
# Environment: FUZZ_NO_BUILD=1 skips the build (the binaries must be there), FUZZ_BUILD_ONLY=1 builds
# and stops (.ci/run builds while other steps run, then runs with FUZZ_NO_BUILD); FUZZ_CONFIGURATION=debug
# builds unoptimized (half the build time, for CI's few seconds a target; slower runs); FUZZ_JOBS
# is not used: targets run one after another, on one core.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
targets=(fuzz-plist-xml fuzz-plist-binary fuzz-plist-unarchive fuzz-plist-json fuzz-expression fuzz-catalogue fuzz-parameters fuzz-players fuzz-balance fuzz-andora
  fuzz-shaky-words fuzz-turn-tracker fuzz-tabula fuzz-playtests-plist fuzz-playtests-csv fuzz-seam-part)

if [[ "${1:-}" == "--list" ]]; then
  printf '%s\n' "${targets[@]}"
  exit 0
fi
which="${1:-all}"
seconds="${2:-60}"
if [[ "$which" != "all" ]]; then
  [[ " ${targets[*]} " == *" $which "* ]] || { echo "no fuzz target '$which'; one of: ${targets[*]}" >&2; exit 64; }
  targets=("$which")
fi

cd "$here"
configuration="${FUZZ_CONFIGURATION:-release}"
[[ "$configuration" == release || "$configuration" == debug ]] || { echo "FUZZ_CONFIGURATION is release or debug, not '$configuration'" >&2; exit 64; }
if [[ "${FUZZ_NO_BUILD:-}" != "1" ]]; then
  echo "==> building the fuzz targets ($configuration, libFuzzer and address sanitizer)"
  # SwiftPM's own --sanitize takes one sanitizer per flag and the Swift driver keeps only the last
  # -sanitize= it is given, so the pair goes to swiftc in one flag; --sanitize fuzzer also makes
  # SwiftPM link the executables with libFuzzer's main.
  swift build -c "$configuration" --sanitize fuzzer -Xswiftc -sanitize=fuzzer,address 2>&1 | grep -E "error|warning: unre|Compiling fuzz|Build complete" || true
  [[ -x ".build/$configuration/fuzz-seam-part" ]] || { echo "the fuzz targets did not build" >&2; exit 1; }
fi
[[ "${FUZZ_BUILD_ONLY:-}" == "1" ]] && exit 0

seeds="$here/.build/seeds"
rm -rf "$seeds"
mkdir -p "$seeds" .build/corpus .build/crashes .build/logs

# Seeds, made from the repository as it is now.
python3 - "$root" "$seeds" <<'PY'
import json, os, plistlib, re, sys
root, seeds = sys.argv[1], sys.argv[2]
designs = os.path.join(root, "Designs")
def put(target, name, data):
    os.makedirs(os.path.join(seeds, target), exist_ok=True)
    with open(os.path.join(seeds, target, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())
roles = {"GameConfig.plist": "fuzz-catalogue", "DefaultGameParameters.plist": "fuzz-parameters",
         "DemoGameParameters.plist": "fuzz-parameters", "Players.plist": "fuzz-players",
         "Balance.plist": "fuzz-balance", "Andora.plist": "fuzz-andora"}
expressions = set()
for design in sorted(os.listdir(designs)):
    for name in sorted(os.listdir(os.path.join(designs, design))):
        if not name.endswith(".plist"):
            continue
        xml = open(os.path.join(designs, design, name), "rb").read()
        seed = f"{design}-{name}"
        put("fuzz-plist-xml", seed, xml)
        value = plistlib.loads(xml)
        binary = plistlib.dumps(value, fmt=plistlib.FMT_BINARY)
        put("fuzz-plist-binary", seed.replace(".plist", ".bplist"), binary)
        if name in roles:
            put(roles[name], seed, xml)
            put(roles[name], seed.replace(".plist", ".bplist"), binary)
        def strings(v):
            if isinstance(v, str): yield v
            elif isinstance(v, dict):
                for x in v.values(): yield from strings(x)
            elif isinstance(v, list):
                for x in v: yield from strings(x)
        if "Parameters" in name:
            expressions.update(s for s in strings(value) if re.search(r"[-+*/()0-9]", s))
        # As JSON (plist convert's input), where JSON can say it: no dates, data or non-finite reals.
        try:
            put("fuzz-plist-json", seed.replace(".plist", ".json"), json.dumps(value, indent=2, ensure_ascii=False, allow_nan=False))
        except (TypeError, ValueError):
            pass
# A design of several files is one input: its files in the order its target names them, joined by
# FuzzInput.fileSeparator (Tests/Fuzz/Sources/FuzzSupport/DesignFiles.swift); XML, then binary.
separator = b"\n--- next file ---\n"
for target, design, names in [("fuzz-shaky-words", "shaky-words", ["QuizPacks.plist", "ShakyWords.plist"]),
                              ("fuzz-turn-tracker", "turn-tracker", ["Games.plist", "Sessions.plist"]),
                              ("fuzz-tabula", "tabula", ["TabulaMap.plist", "Session.plist", "Generator.plist"]),
                              ("fuzz-tabula", "tabula", ["TabulaMap.plist", "Session.plist"])]:
    files = [open(os.path.join(designs, design, name), "rb").read() for name in names]
    put(target, f"{design}-{len(names)}-files.plist", separator.join(files))
    put(target, f"{design}-{len(names)}-files.bplist", separator.join(plistlib.dumps(plistlib.loads(f), fmt=plistlib.FMT_BINARY) for f in files))
# JSON's corners: escapes, surrogates, numbers at and past 64 bits, nesting.
for i, text in enumerate(['{"a": [1, -0, 2.5e-3, 1E2, true, false, "\\u00e9\\ud83d\\ude00\\n\\"", {}, []]}', '[9223372036854775807, -9223372036854775808, 18446744073709551615, 18446744073709551616, 1e308]',
                          '\ufeff[[[[["x"]]]]]', '{"k": 1, "k2": {"k": 2}}']):
    put("fuzz-plist-json", f"corner-{i}.json", text)
# The grammar's corners, as the parser's doc comment lists them.
expressions.update(["3", "2.5", "1e3", "2.5E-2", "2-3-4", "2*-3", "+x", "-(diffLevel+1)/numOfPlayers", "1/0", "((x))*(x)"])
for i, text in enumerate(sorted(expressions)):
    put("fuzz-expression", f"expression-{i}", text)
# Keyed archives: a few made here (a cycle, sharing, every Foundation class the reader turns into
# plain values, $null) and, when ../shared is beside the checkout, the corpus's real ones.
from plistlib import UID
def archive(objects, top={"root": UID(1)}):
    return plistlib.dumps({"$archiver": "NSKeyedArchiver", "$version": 100000, "$top": top,
                           "$objects": ["$null"] + objects}, fmt=plistlib.FMT_BINARY)
def described(name, *supers):
    return {"$classname": name, "$classes": [name, *supers, "NSObject"]}
put("fuzz-plist-unarchive", "cycle.bplist", archive([
    {"$class": UID(3), "name": UID(4), "next": UID(2), "none": UID(0)},
    {"$class": UID(3), "name": UID(5), "next": UID(1)}, described("Node"), "A", "B"]))
put("fuzz-plist-unarchive", "foundation.bplist", archive([
    {"$class": UID(2), "NS.keys": [UID(3), UID(4), UID(5), UID(6)], "NS.objects": [UID(7), UID(8), UID(9), UID(10)]},
    described("NSMutableDictionary", "NSDictionary"), "list", "text", "blob", "when",
    {"$class": UID(11), "NS.objects": [UID(3), UID(3), UID(0), UID(1)]},
    {"$class": UID(12), "NS.string": "hello"}, {"$class": UID(13), "NS.data": b"\x00\x01"},
    {"$class": UID(14), "NS.time": 86400.5}, described("NSArray"), described("NSMutableString", "NSString"),
    described("NSData"), described("NSDate")]))
corpus = os.path.join(os.path.dirname(root), "shared", "plist-corpus")
if os.path.isdir(corpus):
    for folder, _, files in sorted(os.walk(corpus)):
        for name in sorted(files):
            data = open(os.path.join(folder, name), "rb").read()
            if b"NSKeyedArchiver" in data and not name.endswith(".json"):
                put("fuzz-plist-unarchive", os.path.basename(folder) + "-" + name, data)
# Inputs that found bugs (each also a regression test of the main suite), named TARGET-what.
regressions = os.path.join(root, "Tests", "Fuzz", "Regressions")
for name in sorted(os.listdir(regressions)):
    target = next((t for t in ["fuzz-plist-xml", "fuzz-plist-binary", "fuzz-plist-unarchive", "fuzz-plist-json", "fuzz-expression", "fuzz-catalogue",
                              "fuzz-parameters", "fuzz-players", "fuzz-balance", "fuzz-andora", "fuzz-shaky-words", "fuzz-turn-tracker", "fuzz-tabula",
                              "fuzz-playtests-plist", "fuzz-playtests-csv", "fuzz-seam-part"] if name.startswith(t + "-")), None)
    if target:
        put(target, name, open(os.path.join(regressions, name), "rb").read())
PY

# Parts, written by the playbench of this checkout (built if needed): a Relentless simulate split
# in two, a Relentless sweep of two points, and Andora's two lineups split in two.
playbench="$root/.build/debug/playbench"
# With FUZZ_NO_BUILD the checkout's debug build is taken as it is (.ci/run's first step made it,
# and a build here would wait for the one .ci/run runs beside this).
if [[ "${FUZZ_NO_BUILD:-}" != "1" || ! -x "$playbench" ]]; then
  (cd "$root" && swift build --product playbench 2>&1 | grep -E "error|Build complete" || true)
fi
parts="$(mktemp -d)"
mkdir -p "$seeds/fuzz-seam-part"
(cd "$parts" && "$playbench" sweep --set dailyExpense=100,300 --games 300 --max-rounds 3 --output-dir sweep --shard 0/1 --part "$seeds/fuzz-seam-part/relentless-sweep.json" >/dev/null)
for i in 0 1; do
  (cd "$parts" && "$playbench" simulate --games 300 --max-rounds 3 --format json --shard "$i/2" --part "$seeds/fuzz-seam-part/relentless-$i.json" >/dev/null)
  (cd "$parts" && "$playbench" simulate "$root/Designs/andora" --agents random --agents greedy,random --games 300 --format json --shard "$i/2" --part "$seeds/fuzz-seam-part/andora-$i.json" >/dev/null)
done
rm -rf "$parts"

# Playtest logs of the shipped design, written by the same playbench: the log template and two
# synthetic logs (per-player counts in one), then as CSV, a row per round (PlaytestCSVReader's
# columns: the CSV form has no per-player counts), one with CRLF, quotes and empty cells.
mkdir -p "$seeds/fuzz-playtests-plist" "$seeds/fuzz-playtests-csv"
"$playbench" calibrate "$root/Designs/relentless" --log-template >"$seeds/fuzz-playtests-plist/template.plist"
"$playbench" calibrate "$root/Designs/relentless" --synthetic-log casual --playtests 3 --rounds 2 --seed 7 >"$seeds/fuzz-playtests-plist/casual.plist"
"$playbench" calibrate "$root/Designs/relentless" --synthetic-log novice --playtests 2 --rounds 4 --players 3 --seed 8 >"$seeds/fuzz-playtests-plist/novice.plist"
python3 - "$seeds" <<'PY'
import csv, io, os, plistlib, sys
seeds = sys.argv[1]
columns = ["design", "playtest", "teamSize", "startDifficulty", "maxRounds", "round", "correct", "wrong", "timedOut", "end", "endSeconds", "money"]
for name in sorted(os.listdir(os.path.join(seeds, "fuzz-playtests-plist"))):
    log = plistlib.loads(open(os.path.join(seeds, "fuzz-playtests-plist", name), "rb").read())
    for variant, ending in [("", "\n"), ("-crlf", "\r\n")]:
        out = io.StringIO()
        writer = csv.writer(out, lineterminator=ending)
        writer.writerow(columns if not variant else list(reversed(columns)))
        for test in log["playtests"]:
            for r, played in enumerate(test["rounds"], 1):
                row = {"design": log["design"] if r == 1 or not variant else "", "playtest": test["name"] + (", late" if variant else ""),
                       "teamSize": test["teamSize"], "startDifficulty": test.get("startDifficulty", ""), "maxRounds": test.get("maxRounds", ""), "round": r}
                row.update({k: played.get(k, "") for k in ["correct", "wrong", "timedOut", "end", "endSeconds", "money"]})
                writer.writerow([row[c] for c in (columns if not variant else reversed(columns))])
        open(os.path.join(seeds, "fuzz-playtests-csv", name.replace(".plist", variant + ".csv")), "w", newline="").write(out.getvalue())
PY

failed=()
for target in "${targets[@]}"; do
  corpus=".build/corpus/$target"
  mkdir -p "$corpus"
  dict=()
  case "$target" in
    fuzz-seam-part) dict=(-dict="$here/Dictionaries/part.dict") ;;
    fuzz-expression) dict=(-dict="$here/Dictionaries/expression.dict") ;;
    fuzz-plist-json) dict=(-dict="$here/Dictionaries/json.dict") ;;
    fuzz-playtests-csv) dict=(-dict="$here/Dictionaries/csv.dict") ;;
    *) dict=(-dict="$here/Dictionaries/plist.dict") ;;
  esac
  log=".build/logs/$target.log"
  set +e
  ".build/$configuration/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix=".build/crashes/$target-" "${dict[@]}" "$corpus" "$seeds/$target" >"$log" 2>&1
  status=$?
  set -e
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
  coverage=$(grep -E '^#[0-9]+.*(DONE|pulse|NEW|INITED)' "$log" | tail -n 1 | grep -o 'cov: [0-9]*' || echo "cov: ?")
  if [[ $status -eq 0 ]]; then
    echo "$target: ${runs} runs in ${seconds} s, ${coverage}, corpus $(ls "$corpus" | wc -l) inputs, no crash"
  else
    echo "$target: CRASH (exit $status) after ${runs} runs; input: $(ls -t .build/crashes/"$target"-* 2>/dev/null | head -n 1); log: Tests/Fuzz/$log"
    grep -E 'ERROR: |Fatal error|SUMMARY|fuzz property failed' "$log" | head -n 5 | sed 's/^/    /'
    failed+=("$target")
  fi
done
if ((${#failed[@]})); then
  echo "crashed: ${failed[*]}"
  exit 1
fi
