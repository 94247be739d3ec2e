#!/usr/bin/env python3
"""Issue 44's targets measured against the commit the issue was filed at, built side by side in
the same run: where a simulated round's instructions go (callgrind, noise-free), and how much less
CPU `simulate`, a calibration fit at its default settings and `report` take, every output compared
byte for byte with the baseline's (the work must not move a result).

What it does:
  1. Builds the baseline (`--baseline`, default the filing commit) in a git worktree under
     .build/baseline/, once: the binary is kept there for the next run (about 8 minutes of
     2 cores to build). `--baseline-binary PATH` uses a binary built already.
  2. Counts instructions with callgrind on `simulate --games 100 --threads 1` for both binaries,
     per part of a round (generation `Pipeline.makeRound`, numbering `RoundState.load`, play
     `RoundState.run`, the rest of `GameSimulator.play`: statistics), divided by the rounds
     played (the calls of `RoundState.run`). Skipped with --no-callgrind.
  3. Runs each workload on both binaries in turn (B C B C ...), CPU time of each process
     (user + system, from wait4), and prints the median of the per-pair ratios baseline ÷ current,
     with the outputs of every run compared byte for byte (a difference fails the run).

Usage, from the repository root (a release build first: swift build -c release --product playbench):
    python3 Benchmarks/speed-vs-filing.py                       # 3 pairs of each workload
    python3 Benchmarks/speed-vs-filing.py --pairs 1 --only simulate
    python3 Benchmarks/speed-vs-filing.py --baseline-binary /tmp/playbench-old --smoke
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

# Issue 44 was filed on a main whose round engine (RelentlessGeneration, RelentlessSimulation)
# is this commit's: the engine was last changed on 2026-11-28 (6377c5c) and not again before
# work on the issue began.
FILING_COMMIT = "0ef7cd8"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# A part of a round: a label and the mangled names' distinctive middles (callgrind's inclusive
# cost of those functions, summed). Overloads that share a prefix are avoided by naming the
# argument labels. Numbering is RoundState.load, or, where the compiler inlined it (since the
# round's numbering and the team's part were split for teams sharing a round), its two halves.
PARTS = [
    ("generation (Pipeline.makeRound)", [["RelentlessGeneration8PipelineV9makeRound4into13boundsChecked"]]),
    ("numbering (RoundState.load)", [["RelentlessSimulation10RoundStateV4load_6design"],
                                     ["RelentlessSimulation10RoundSetupV4load_6design", "RelentlessSimulation10RoundStateV4load4team"]]),
    ("play (RoundState.run)", [["RelentlessSimulation10RoundStateV3run"]]),
]
WHOLE = "RelentlessSimulation13GameSimulatorV4play4seed8timeline7observe"
RUN = "RelentlessSimulation10RoundStateV3run"


def build_baseline(commit):
    directory = os.path.join(ROOT, ".build", "baseline", commit)
    binary = os.path.join(directory, ".build", "release", "playbench")
    if os.access(binary, os.X_OK):
        return binary
    if not os.path.isdir(directory):
        os.makedirs(os.path.dirname(directory), exist_ok=True)
        subprocess.run(["git", "-C", ROOT, "worktree", "add", "--detach", directory, commit], check=True)
    print(f"building the baseline {commit} in {directory} (release; several minutes)", file=sys.stderr)
    subprocess.run(["swift", "build", "-c", "release", "--product", "playbench"], cwd=directory, check=True,
                   stdout=subprocess.DEVNULL)
    return binary


def callgrind_parts(binary, scratch, label):
    """Instructions a round per part, from one callgrind run of 100 games on one thread."""
    copy = os.path.join(scratch, f"{label}-stripped")
    # valgrind cannot read the release binary's debug info as built; the symbols stay.
    subprocess.run(["objcopy", "--strip-debug", binary, copy], check=True)
    out = os.path.join(scratch, f"{label}.callgrind")
    subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", copy, "simulate",
                    os.path.join(ROOT, "Designs", "relentless"), "--games", "100", "--threads", "1", "--seed", "1"],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    inclusive = subprocess.run(["callgrind_annotate", "--inclusive=yes", out], check=True, capture_output=True,
                               text=True).stdout
    callers = subprocess.run(["callgrind_annotate", "--tree=caller", out], check=True, capture_output=True,
                             text=True).stdout

    def cost(fragment, required=True):
        for line in inclusive.splitlines():
            match = re.match(r"\s*([\d,]+) \(.*?\)\s+\S*?:(\S+)", line)
            if match and fragment in match.group(2):
                return int(match.group(1).replace(",", ""))
        if required:
            sys.exit(f"{label}: no function matching {fragment} in the profile")
        return None

    def part(alternatives):
        """The first set of functions all present in the profile, summed."""
        for fragments in alternatives:
            costs = [cost(fragment, required=False) for fragment in fragments]
            if all(c is not None for c in costs):
                return sum(costs)
        sys.exit(f"{label}: no function matching any of {alternatives} in the profile")

    # The rounds: calls of RoundState.run, from the caller tree's "< caller (Nx)" lines above it.
    rounds = 0
    lines = callers.splitlines()
    for i, line in enumerate(lines):
        if re.search(r"\*\s+\S*?:\S*" + re.escape(RUN), line):
            j = i - 1
            while j >= 0 and lines[j].strip().startswith(tuple("0123456789")) and "<" in lines[j]:
                counted = re.search(r"\(([\d,]+)x\)", lines[j])
                rounds += int(counted.group(1).replace(",", "")) if counted else 0
                j -= 1
            break
    if rounds == 0:
        sys.exit(f"{label}: no calls of RoundState.run found")
    parts = [(name, part(alternatives) / rounds) for name, alternatives in PARTS]
    whole = cost(WHOLE) / rounds
    parts.append(("statistics and the rest of GameSimulator.play", whole - sum(value for _, value in parts)))
    parts.append(("a round, in all", whole))
    return rounds, parts


def workloads(scratch, smoke, log):
    design = os.path.join(ROOT, "Designs", "relentless")
    games = "300" if smoke else "10000"
    fit = ["--replicates", "8", "--candidates", "20", "--stages", "2", "--pilot", "100", "--draws", "19"] if smoke else []
    return {
        "simulate": lambda out: ["simulate", design, "--games", games, "--threads", "1", "--format", "json",
                                 "--output", os.path.join(out, "simulate.json")],
        "calibrate": lambda out: ["calibrate", design, log, "--fit", "findSeconds,describeSeconds", "--threads", "1",
                                  "--output-dir", os.path.join(out, "fit")] + fit,
        "report": lambda out: ["report", design, "--threads", "1", "--output", os.path.join(out, "report")]
        + (["--games", "200"] if smoke else []),
    }


def cpu_seconds(binary, arguments):
    process = subprocess.Popen([binary] + arguments, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    if status != 0:
        sys.exit(f"{binary} {' '.join(arguments)} failed ({status})")
    return usage.ru_utime + usage.ru_stime


def contents(directory):
    result = {}
    for root, _, files in os.walk(directory):
        for name in sorted(files):
            path = os.path.join(root, name)
            with open(path, "rb") as f:
                # Paths of the run's own scratch directory are not the result.
                result[os.path.relpath(path, directory)] = f.read().replace(directory.encode(), b"OUT")
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "playbench"))
    parser.add_argument("--baseline", default=FILING_COMMIT, help="the commit to compare with")
    parser.add_argument("--baseline-binary", help="a baseline binary built already")
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument("--only", action="append", choices=["simulate", "calibrate", "report"])
    parser.add_argument("--no-callgrind", action="store_true")
    parser.add_argument("--smoke", action="store_true", help="small workloads: does it run?")
    options = parser.parse_args()
    if not os.access(options.binary, os.X_OK):
        sys.exit(f"no binary at {options.binary}: swift build -c release --product playbench")
    baseline = options.baseline_binary or build_baseline(options.baseline)
    scratch = tempfile.mkdtemp(prefix="speed-vs-filing-")
    try:
        if not options.no_callgrind:
            table = {}
            for label, binary in (("baseline", baseline), ("current", options.binary)):
                table[label] = callgrind_parts(binary, scratch, label)
            rounds = table["current"][0]
            if table["baseline"][0] != rounds:
                sys.exit(f"the two binaries played {table['baseline'][0]} and {rounds} rounds: results moved")
            print(f"Instructions a round (callgrind, simulate --games 100 --threads 1, {rounds} rounds):")
            print(f"| part | {options.baseline} | current | ratio |")
            print("|---|---|---|---|")
            for (name, old), (_, new) in zip(table["baseline"][1], table["current"][1]):
                print(f"| {name} | {old / 1000:,.1f}k | {new / 1000:,.1f}k | {old / new:.2f}× |")
            print()

        # The calibration's log: the model's own, as .ci/run makes it.
        log = os.path.join(scratch, "playtests.plist")
        with open(log, "wb") as f:
            subprocess.run([options.binary, "calibrate", os.path.join(ROOT, "Designs", "relentless"), "--synthetic-log",
                            "casual", "--playtests", "12", "--rounds", "4", "--seed", "7"], check=True, stdout=f)
        chosen = workloads(scratch, options.smoke, log)
        print(f"CPU seconds (user + system), {options.pairs} pairs run in turn, outputs byte for byte:")
        print(f"| workload | {options.baseline} (median) | current (median) | ratio (median of pairs) |")
        print("|---|---|---|---|")
        for name in options.only or list(chosen):
            old_times, new_times, ratios = [], [], []
            for pair in range(options.pairs):
                results = {}
                for label, binary in (("baseline", baseline), ("current", options.binary)):
                    out = os.path.join(scratch, f"{name}-{label}-{pair}")
                    os.makedirs(out)
                    seconds = cpu_seconds(binary, chosen[name](out))
                    (old_times if label == "baseline" else new_times).append(seconds)
                    results[label] = contents(out)
                    shutil.rmtree(out)
                if results["baseline"] != results["current"]:
                    differing = sorted(k for k in set(results["baseline"]) | set(results["current"])
                                       if results["baseline"].get(k) != results["current"].get(k))
                    sys.exit(f"{name}: outputs differ from the baseline's: {', '.join(differing)}")
                ratios.append(old_times[-1] / new_times[-1])
            print(f"| {name} | {statistics.median(old_times):.2f} s | {statistics.median(new_times):.2f} s | "
                  f"{statistics.median(ratios):.2f}× ({min(ratios):.2f}–{max(ratios):.2f}) |", flush=True)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
