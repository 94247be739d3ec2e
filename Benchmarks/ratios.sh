#!/usr/bin/env bash
# Runs the PlistParsing benchmarks once and prints the ratios the project's targets are stated in:
#
#   reader / floor        median wall clock of XMLPlistReader over the libxml2 SAX2 floor  (target <= 1.5)
#   Foundation / reader   median wall clock of PropertyListSerialization over the reader  (target >= 3)
#   reader peak / file    peak resident memory the reader's (first measured) parse added,
#                         over the input size                                              (target <  3)
#   binary / libplist     median wall clock of BinaryPlistReader over libplist's plist_from_bin,
#                         on the same catalogue as a binary plist                          (target <= 1)
#
# All five benchmarks run in the same invocation (each in its own process, one after the other,
# as the benchmark package does), so the ratios compare like with like on whatever machine runs
# this, as long as the machine's speed does not change in between (see the cross-check below).
#
# Usage:
#   ./ratios.sh                      build (release), run, print medians and ratios
#   ./ratios.sh --from FILE.json     only print, from a JMH export of an earlier run (no cross-check)
#   ./ratios.sh -- EXTRA...          pass EXTRA arguments on to `swift package benchmark`
#
# The run's raw JMH export is kept in .benchmarkResults/Current_run.jmh.json (git-ignored).
#
# Then, as a cross-check, `parse-driver compare` parses with the three XML parsers in turn, round by
# round, in one process without the benchmark harness (no malloc interposer), and
# `parse-driver compare-binary` with the two binary ones: their ratios are medians of per-round
# ratios, so a slow spell of the machine during one benchmark cannot skew them.
# Skip it with NO_CROSS_CHECK=1.
set -euo pipefail

cd "$(dirname "$0")"

results_dir=.benchmarkResults
json="$results_dir/Current_run.jmh.json"
extra=()

case "${1:-}" in
    --from)
        json="${2:?--from needs a file}"
        NO_CROSS_CHECK=1
        ;;
    --)
        shift
        extra=("$@")
        ;&
    "")
        mkdir -p "$results_dir"
        rm -f "$json"
        swift package --allow-writing-to-package-directory benchmark run \
            --target PlistParsing --format jmh --path "$results_dir" --no-progress "${extra[@]}"
        ;;
    *)
        echo "usage: $0 [--from FILE.json | -- EXTRA...]" >&2
        exit 2
        ;;
esac

[[ -f "$json" ]] || { echo "no results in $json" >&2; exit 1; }

# The benchmarks record the input size too, but through a histogram (3 significant digits);
# the driver prints the exact count of the same deterministic bytes.
exact_size=""
have_driver=""
if swift build -c release --product parse-driver >/dev/null 2>&1; then
    have_driver=1
    exact_size="$(.build/release/parse-driver size 2>/dev/null || true)"
fi

python3 - "$json" "$exact_size" <<'PYTHON'
import json
import statistics
import sys

with open(sys.argv[1]) as f:
    elements = json.load(f)

def short(name):
    if "floor" in name: return "floor"
    if "XMLPlistReader" in name: return "reader"
    if "PropertyListSerialization" in name: return "Foundation"
    if "BinaryPlistReader" in name: return "binary"
    if "libplist" in name: return "libplist"
    return None

def median(metric):
    """Exact median of the recorded samples (JMH rawData); falls back to the p50 field."""
    raw = [v for run in metric.get("rawData", []) for v in run]
    return statistics.median(raw) if raw else metric["scorePercentiles"]["50.0"]

def spread(metric):
    """p75 / p25 of the samples: near 1 for a steady run, well above it when the machine's speed
    changed during the benchmark."""
    raw = sorted(v for run in metric.get("rawData", []) for v in run)
    if len(raw) < 4:
        return 1.0
    q = statistics.quantiles(raw, n=4)
    return q[2] / q[0] if q[0] > 0 else 1.0

rows = {}
for element in elements:
    who = short(element["benchmark"])
    if who is None:
        continue
    metrics = dict(element["secondaryMetrics"])
    rows[who] = {
        "samples": element["measurementIterations"],
        "wall_ms": median(metrics["Time (wall clock)"]) / 1000,   # JMH export: microseconds
        "wall_spread": spread(metrics["Time (wall clock)"]),
        "cpu_ms": median(metrics["Time (total CPU)"]) / 1000,
        "mallocs": median(metrics["Malloc (total)"]),
        "peak_delta": median(metrics["peakResidentDelta (bytes)"]) if "peakResidentDelta (bytes)" in metrics else None,
        "sampled_peak": median(metrics["Memory (resident peak)"]) if "Memory (resident peak)" in metrics else None,
        "input": median(metrics["inputBytes"]) if "inputBytes" in metrics else None,
    }

missing = {"floor", "reader", "Foundation", "binary", "libplist"} - rows.keys()
if missing:
    sys.exit(f"missing benchmarks in {sys.argv[1]}: {', '.join(sorted(missing))} (found metrics: {sorted(metrics)})")

size = int(sys.argv[2]) if len(sys.argv) > 2 and sys.argv[2].isdigit() else rows["reader"]["input"]
MB = 1_000_000
def mb(v): return "-" if v is None else f"{v / MB:8.1f} MB"

print()
exact = len(sys.argv) > 2 and sys.argv[2].isdigit()
print(f"Input: {'' if exact else '~'}{int(size):,} bytes of XML ({size / MB:.2f} MB);"
      f" as a binary plist ~{int(rows['binary']['input']):,} bytes")
print()
print(f"{'':12} {'n':>3} {'wall p50':>10} {'p75/p25':>8} {'cpu p50':>10} {'mallocs':>10} {'peak Δ':>10} {'process RSS':>12}")
for who in ("floor", "reader", "Foundation", "binary", "libplist"):
    r = rows[who]
    print(f"{who:12} {r['samples']:>3} {r['wall_ms']:8.1f} ms {r['wall_spread']:8.2f} {r['cpu_ms']:7.1f} ms {int(r['mallocs']):>10,} "
          f"{mb(r['peak_delta']):>10} {mb(r['sampled_peak']):>12}")

reader_floor = rows["reader"]["wall_ms"] / rows["floor"]["wall_ms"]
foundation_reader = rows["Foundation"]["wall_ms"] / rows["reader"]["wall_ms"]
peak = rows["reader"]["peak_delta"]
if peak is None:
    sys.exit("no peakResidentDelta recorded (it needs Linux and a writable /proc/self/clear_refs)")
memory_ratio = peak / size
binary_libplist = rows["binary"]["wall_ms"] / rows["libplist"]["wall_ms"]

def verdict(ok): return "meets target" if ok else "MISSES target"
unsteady = [who for who, r in rows.items() if r["wall_spread"] > 1.15]
if unsteady:
    print()
    print(f"WARNING: wall-clock samples of {', '.join(unsteady)} spread widely (p75/p25 > 1.15): the machine's")
    print("speed probably changed during the run, and the ratios below are unreliable; rerun, and see the cross-check.")
print()
print("wall, cpu, mallocs: medians over the iterations (cpu in 10 ms ticks); all but the first reuse")
print("        memory the allocator kept from the previous parse (steady state);")
print("peak Δ: resident memory the process's first parse added at its peak (kernel high-water mark),")
print("        input bytes excluded; it includes the malloc interposer's header on every allocation")
print("        (the cross-check below has no interposer); process RSS: the harness's sampled peak")
print("        of the whole process.")
print()
print(f"reader / floor      (wall clock, p50): {reader_floor:5.2f}x   target <= 1.5  {verdict(reader_floor <= 1.5)}")
print(f"Foundation / reader (wall clock, p50): {foundation_reader:5.2f}x   target >= 3    {verdict(foundation_reader >= 3)}")
print(f"reader peak / file  (resident):        {memory_ratio:5.2f}x   target <  3    {verdict(memory_ratio < 3)}"
      "   [input excluded, result tree included]")
print(f"(floor peak / file: {rows['floor']['peak_delta'] / size:.2f}x,"
      f" Foundation peak / file: {rows['Foundation']['peak_delta'] / size:.2f}x)"
      if rows['floor']['peak_delta'] is not None and rows['Foundation']['peak_delta'] is not None else "")
print()
print(f"binary / libplist   (wall clock, p50): {binary_libplist:5.2f}x   target <= 1    {verdict(binary_libplist <= 1)}")
if rows['binary']['peak_delta'] is not None and rows['libplist']['peak_delta'] is not None:
    print(f"(binary peak / binary file: {rows['binary']['peak_delta'] / rows['binary']['input']:.2f}x,"
          f" libplist peak / binary file: {rows['libplist']['peak_delta'] / rows['libplist']['input']:.2f}x)")
PYTHON

if [[ -n "$have_driver" && -z "${NO_CROSS_CHECK:-}" ]]; then
    echo
    echo "Cross-check, interleaved in one process without the harness (parse-driver compare 15):"
    .build/release/parse-driver compare 15 | sed 's/^/    /'
    echo
    echo "Binary, interleaved the same way (parse-driver compare-binary 25):"
    .build/release/parse-driver compare-binary 25 | sed 's/^/    /'
fi
