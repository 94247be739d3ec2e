#!/usr/bin/env python3
"""Both cores used: how much faster `playbench simulate` and `playbench sweep` run on 2 threads
than on 1 (issue 20's target: at least 1.8x), as whole processes, the reference (1 thread) in the
same run.

The two thread counts run in turn, A B A B ..., and the speed-up is the median of the per-pair
ratios of wall-clock time, so a slow spell of this shared 2-core machine skews one pair, not the
figure. Each pair's outputs must be byte for byte the same (threads never change a result); a
difference fails the run.

Usage, from the repository root (a release build first: swift build -c release --product playbench):
    python3 Benchmarks/thread-scaling.py                  # 5 pairs of each workload
    python3 Benchmarks/thread-scaling.py --pairs 3
    python3 Benchmarks/thread-scaling.py --smoke          # one small pair of each: does it run?
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def workloads(smoke):
    games = 200 if smoke else 10_000
    points_games = 50 if smoke else 500
    return {
        "simulate": lambda threads, out: [
            "simulate", "--games", str(games), "--threads", str(threads), "--format", "json", "--output", os.path.join(out, "simulate.json")],
        "sweep": lambda threads, out: [
            "sweep", "--set", "dailyExpense=100...600:100", "--set", "satisfactionToMoneyTranslation=1,2,3", "--players", "3...6",
            "--games", str(points_games), "--threads", str(threads), "--output-dir", os.path.join(out, "sweep")],
    }


def run(binary, arguments):
    start = time.perf_counter()
    subprocess.run([binary] + arguments, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def contents(directory):
    result = {}
    for root, _, files in os.walk(directory):
        for name in sorted(files):
            path = os.path.join(root, name)
            with open(path, "rb") as f:
                result[os.path.relpath(path, directory)] = f.read()
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=".build/release/playbench")
    parser.add_argument("--pairs", type=int, default=5)
    parser.add_argument("--smoke", action="store_true")
    options = parser.parse_args()
    if not os.access(options.binary, os.X_OK):
        sys.exit(f"{options.binary} not found: build it first (swift build -c release --product playbench)")
    pairs = 1 if options.smoke else options.pairs
    failed = False
    print(f"{'workload':<10} {'1 thread (s)':>13} {'2 threads (s)':>14} {'speed-up':>9}   per pair")
    for name, arguments in workloads(options.smoke).items():
        one, two, ratios = [], [], []
        for _ in range(pairs):
            outputs = []
            times = []
            for threads in (1, 2):
                out = tempfile.mkdtemp(prefix="playbench-threads-")
                try:
                    times.append(run(options.binary, arguments(threads, out)))
                    outputs.append(contents(out))
                finally:
                    shutil.rmtree(out, ignore_errors=True)
            if outputs[0] != outputs[1]:
                print(f"{name}: the outputs of 1 and 2 threads differ", file=sys.stderr)
                failed = True
            one.append(times[0])
            two.append(times[1])
            ratios.append(times[0] / times[1])
        print(f"{name:<10} {statistics.median(one):>13.2f} {statistics.median(two):>14.2f} {statistics.median(ratios):>8.2f}x   "
              + " ".join(f"{r:.2f}" for r in ratios))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
