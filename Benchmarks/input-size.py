#!/usr/bin/env python3
"""What a design file's size costs `check`, next to what it costs the parser (issue 43).

    python3 Benchmarks/input-size.py                      # every reader, 1, 10 and 50 MB
    python3 Benchmarks/input-size.py --sizes 1 --only tabula
    python3 Benchmarks/input-size.py --smoke              # what CI runs: 1 MB of each shape

Every reader of every game is fed its file grown to each size in three worst shapes, made from the
shipped designs by this script (nothing is checked in):

  long     one string (a name, a key, an expression, a question) of the whole size
  copies   one list entry repeated until the file has the size (duplicates to find)
  entries  distinct entries until the file has the size (names made unique)

For each file `playbench plist lint FILE` (the parser alone) and `playbench check DIR` (the reader
and every check after it) run as processes; their CPU time (user + system) and peak resident size
come from GNU time (/usr/bin/time). Each command runs 3 times (once at 50 MB; --repeat) and
keeps its least CPU time, which another process on the machine can raise but not lower. A case
fails when

  check's CPU time, less that of `check` on the unchanged design (the fixed cost of a check: the
  shipped design's solvability sampling, say), exceeds 3 x the lint's CPU time plus 0.1 s, or
  check's peak resident size exceeds 10 x the file's size plus 100 MB,

or when `check` runs past the timeout (120 s), ends by a signal, or exits other than 0 or 1 (1 must
come with a message on standard error). The 0.1 s absorbs the timer's resolution and noise at
1 MB, where lint takes some 10 ms. The script exits 1 when a case failed.
"""
import argparse
import copy
import os
import plistlib
import resource
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MB = 1 << 20
SLACK_SECONDS = 0.1
PLAYTESTS = "playtests"  # not a design's file: a log beside the design, made by the script


def key_path(value, path):
    for key in path:
        value = value[key]
    return value


def set_path(value, path, new):
    key_path(value, path[:-1])[path[-1]] = new


def renamed(entry, i):
    """An entry made distinct from the others by its index (names, strings, first string found)."""
    entry = copy.deepcopy(entry)
    if isinstance(entry, str):
        return f"{entry} {i}"
    if isinstance(entry, dict):
        for key in ("name", "text", "image", "category"):
            if isinstance(entry.get(key), str):
                entry[key] = f"{entry[key]} {i}"
                return entry
    if isinstance(entry, list) and entry and isinstance(entry[0], str):
        entry[0] = f"{entry[0]} {i}"
        return entry
    return entry


def grown(value, shape, path, size):
    """The plist value with the thing at `path` grown to about `size` bytes of XML in `shape`."""
    value = copy.deepcopy(value)
    target = key_path(value, path)
    if shape == "long":
        if isinstance(target, dict):  # a key: the first one's value under a key of the whole size
            first = next(iter(target))
            target["k" * size] = target.pop(first)
        else:
            set_path(value, path, "x" * size)
        return value
    base = len(plistlib.dumps(value))
    if isinstance(target, dict):
        first = next(iter(target))
        one = len(plistlib.dumps({f"{first} 0": target[first]})) - len(plistlib.dumps({}))
        count = max(1, (size - base) // max(one, 1))
        for i in range(count):
            target[f"{first} {i}"] = copy.deepcopy(target[first])
        return value
    entry = target[0]
    one = len(plistlib.dumps([renamed(entry, 0)])) - len(plistlib.dumps([]))
    count = max(1, (size - base) // max(one, 1))
    if shape == "copies":
        target.extend(copy.deepcopy(entry) for _ in range(count))
    else:
        target.extend(renamed(entry, i) for i in range(count))
    return value


# (name, design directory, file, shape, path to the grown thing, extra check arguments)
CASES = [
    ("relentless-catalogue", "relentless", "GameConfig.plist", "long", ["statefulItems", 0, "category"]),
    ("relentless-catalogue", "relentless", "GameConfig.plist", "copies", ["statefulItems"]),
    ("relentless-catalogue", "relentless", "GameConfig.plist", "entries", ["statefulItems"]),
    ("relentless-parameters", "relentless", "DefaultGameParameters.plist", "long", ["roundTime"]),
    ("relentless-parameters", "relentless", "DefaultGameParameters.plist", "entries", []),
    ("relentless-players", "relentless", "Players.plist", "long", ["personas"]),
    ("relentless-players", "relentless", "Players.plist", "copies", ["defaultTeam"]),
    ("relentless-players", "relentless", "Players.plist", "entries", ["personas"]),
    ("relentless-balance", "relentless", "Balance.plist", "long", ["targets", 0, "name"]),
    ("relentless-balance", "relentless", "Balance.plist", "copies", ["targets"]),
    ("relentless-balance", "relentless", "Balance.plist", "entries", ["targets"]),
    ("andora", "andora", "Andora.plist", "long", ["variants", 0, "name"]),
    ("andora", "andora", "Andora.plist", "copies", ["variants"]),
    ("andora", "andora", "Andora.plist", "entries", ["variants"]),
    ("shaky-words-packs", "shaky-words", "QuizPacks.plist", "long", ["packs", 0, "questions", 0, "text"]),
    ("shaky-words-packs", "shaky-words", "QuizPacks.plist", "copies", ["packs", 0, "questions"]),
    ("shaky-words-packs", "shaky-words", "QuizPacks.plist", "entries", ["packs", 0, "questions"]),
    ("shaky-words-packs", "shaky-words", "QuizPacks.plist", "entries", ["difficulties"]),
    ("shaky-words", "shaky-words", "ShakyWords.plist", "long", ["points", "worth"]),
    ("shaky-words", "shaky-words", "ShakyWords.plist", "copies", ["contests"]),
    ("shaky-words", "shaky-words", "ShakyWords.plist", "entries", ["personas"]),
    ("turn-tracker-games", "turn-tracker", "Games.plist", "long", ["games", 0, "name"]),
    ("turn-tracker-games", "turn-tracker", "Games.plist", "copies", ["games"]),
    ("turn-tracker-games", "turn-tracker", "Games.plist", "entries", ["games"]),
    ("turn-tracker-sessions", "turn-tracker", "Sessions.plist", "long", ["games"]),
    ("turn-tracker-sessions", "turn-tracker", "Sessions.plist", "copies", ["tables"]),
    ("turn-tracker-sessions", "turn-tracker", "Sessions.plist", "entries", ["personas"]),
    ("tabula-map", "tabula", "TabulaMap.plist", "long", ["tokens", 0, "image"]),
    ("tabula-map", "tabula", "TabulaMap.plist", "copies", ["tokens"]),
    ("tabula-map", "tabula", "TabulaMap.plist", "entries", ["images", "tokens"]),
    ("tabula-session", "tabula", "Session.plist", "copies", ["devices"]),
    ("tabula-generator", "tabula", "Generator.plist", "long", ["standard"]),
    # Playtest logs, read by `check --playtests LOG` beside the shipped design (the log is made
    # by `calibrate --synthetic-log`); the CSV log's reference is plist lint of the same log.
    ("playtests-plist", "relentless", PLAYTESTS, "long", ["playtests", 0, "name"]),
    ("playtests-plist", "relentless", PLAYTESTS, "copies", ["playtests"]),
    ("playtests-plist", "relentless", PLAYTESTS, "entries", ["playtests"]),
    ("playtests-csv", "relentless", PLAYTESTS, "long", ["playtests", 0, "name"]),
    ("playtests-csv", "relentless", PLAYTESTS, "copies", ["playtests"]),
    ("playtests-csv", "relentless", PLAYTESTS, "entries", ["playtests"]),
]


def playtests_csv(log):
    """The log as the CSV reader takes it: a row per round, the playtest's fields on each."""
    import csv
    import io
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    columns = ["playtest", "design", "teamSize", "maxRounds", "round", "correct", "wrong", "timedOut", "end", "endSeconds", "money"]
    writer.writerow(columns)
    for playtest in log["playtests"]:
        for number, played in enumerate(playtest["rounds"], start=1):
            writer.writerow([playtest["name"], log["design"], playtest["teamSize"], playtest.get("maxRounds", ""), number,
                             *(played.get(key, "") for key in columns[5:])])
    return out.getvalue().encode()


TIME = "/usr/bin/time"  # GNU time (Debian's `time`; .ci/run installs it)


def run(command, timeout):
    """(exit status or None on timeout, CPU seconds, peak RSS bytes, stderr, wall seconds).

    Through GNU time: a child forked from this script carries the script's own peak (the files it
    generated) into its ru_maxrss across execve, while time's child starts from time's few
    kilobytes, so its %M is the command's own."""
    with tempfile.TemporaryDirectory() as scratch:
        report = os.path.join(scratch, "time")
        err_path = os.path.join(scratch, "stderr")
        with open(err_path, "wb") as err:
            start = time.monotonic()
            process = subprocess.Popen([TIME, "-f", "%U %S %M", "-o", report, *command], stdout=subprocess.DEVNULL, stderr=err)
            try:
                process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
                return None, timeout, 0, b"", time.monotonic() - start
        wall = time.monotonic() - start
        fields = open(report).read().split()[-3:]
        user, system, peak = float(fields[0]), float(fields[1]), int(fields[2]) * 1024
        errors = open(err_path, "rb").read()
        # time reports a command's own failure as "Command exited with non-zero status N".
        return process.returncode, user + system, peak, errors, wall


def least(command, timeout, repeat):
    """run() `repeat` times: the least CPU time (what another process on the machine cannot
    lower), the largest peak RSS; a failure or a timeout ends the repeats."""
    best = None
    for _ in range(max(1, repeat)):
        result = run(command, timeout)
        if best is None:
            best = result
        else:
            best = (result[0], min(best[1], result[1]), max(best[2], result[2]), result[3], min(best[4], result[4]))
        if result[0] is None:
            return result
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--playbench", default=os.path.join(ROOT, ".build", "release", "playbench"))
    parser.add_argument("--sizes", default="1,10,50", help="file sizes in MB, comma-separated")
    parser.add_argument("--only", help="only the cases whose name contains this")
    parser.add_argument("--smoke", action="store_true", help="1 MB only (CI)")
    parser.add_argument("--timeout", type=float, default=120)
    parser.add_argument("--slack", type=float, default=SLACK_SECONDS, help="seconds of CPU allowed past 3 x lint (timer noise; default 0.1)")
    parser.add_argument("--repeat", type=int, help="runs of each command, the least CPU time kept (default 3; 1 at 50 MB)")
    args = parser.parse_args()
    sizes = [1] if args.smoke else [int(s) for s in args.sizes.split(",")]
    cases = [c for c in CASES if not args.only or args.only in c[0]]
    failures = []
    baseline = {}
    print(f"{'case':<24} {'shape':<8} {'MB':>4} {'lint s':>7} {'check s':>8} {'fixed s':>8} {'ratio':>6} {'RSS MB':>7} {'bound':>6}  exit")
    with tempfile.TemporaryDirectory() as work:
        for name, design, file, shape, path in cases:
            source = os.path.join(ROOT, "Designs", design)
            log = file == PLAYTESTS
            key = name if log else design
            if log and not os.path.exists(os.path.join(work, "synthetic.plist")):
                with open(os.path.join(work, "synthetic.plist"), "wb") as f:
                    subprocess.run([args.playbench, "calibrate", source, "--synthetic-log", "casual", "--playtests", "3", "--rounds", "2", "--seed", "7"],
                                   stdout=f, check=True)
            original = plistlib.load(open(os.path.join(work, "synthetic.plist") if log else os.path.join(source, file), "rb"))
            extension = ".csv" if name.endswith("csv") else ".plist"

            def check_command(directory, target):
                if log:
                    return [args.playbench, "check", source, "--playtests", target, "--samples", "0", "--quiet"]
                return [args.playbench, "check", directory, "--quiet"]

            if key not in baseline:
                target = os.path.join(work, "unchanged" + extension)
                with open(target, "wb") as f:
                    f.write(playtests_csv(original) if extension == ".csv" else plistlib.dumps(original))
                code, cpu, _, _, _ = least(check_command(source, target), args.timeout, args.repeat or 3)
                baseline[key] = cpu
            for size in sizes:
                directory = os.path.join(work, f"{name}-{shape}-{size}")
                if log:
                    os.makedirs(directory)
                else:
                    shutil.copytree(source, directory)
                value = grown(original, shape, path, size * MB)
                data = plistlib.dumps(value)
                target = os.path.join(directory, "log.plist" if log else file)
                with open(target, "wb") as f:
                    f.write(data)
                repeat = args.repeat or (1 if size >= 50 else 3)
                _, lint, _, _, _ = least([args.playbench, "plist", "lint", target], args.timeout, repeat)
                if extension == ".csv":
                    data = playtests_csv(value)
                    target = os.path.join(directory, "log.csv")
                    with open(target, "wb") as f:
                        f.write(data)
                size_written = len(data)
                del value, data
                code, cpu, rss, err, wall = least(check_command(directory, target), args.timeout, repeat)
                bound = 10 * size_written + 100 * MB
                excess = cpu - baseline[key]
                ratio = excess / lint if lint > 0 else float("inf")
                problems = []
                if code is None:
                    problems.append(f"ran past {args.timeout:.0f} s")
                elif code not in (0, 1):
                    problems.append(f"exit {code}")
                elif code == 1 and not err.strip():
                    problems.append("exit 1 with nothing on standard error")
                if excess > 3 * lint + args.slack:
                    problems.append(f"check's CPU {excess:.2f} s past its fixed cost > 3 x lint {lint:.2f} s")
                if rss > bound:
                    problems.append(f"RSS {rss / MB:.0f} MB > {bound / MB:.0f} MB")
                print(f"{name:<24} {shape:<8} {size_written / MB:>4.0f} {lint:>7.2f} {cpu:>8.2f} {baseline[key]:>8.2f} {ratio:>6.1f} {rss / MB:>7.0f} {bound / MB:>6.0f}  "
                      f"{'-' if code is None else code}{'  ' + '; '.join(problems) if problems else ''}", flush=True)
                if problems:
                    failures.append(f"{name} {shape} {size} MB: {'; '.join(problems)}")
                shutil.rmtree(directory)
    if failures:
        print(f"\n{len(failures)} case(s) failed:")
        for failure in failures:
            print("  " + failure)
        sys.exit(1)
    print(f"\n{len(cases) * len(sizes)} cases within 3 x lint's CPU (past check's fixed cost) and 10 x size + 100 MB")


if __name__ == "__main__":
    main()
