#!/usr/bin/env python3
"""Tuning to a spec on Relentless (issue 47): `playbench tune` of three targets over two
parameters, its answer checked by an independent `gate`, and its games against a sweep of the same
resolution.

The spec (written into a scratch folder as Spec.plist, the gate's form):
  - novice teams of three alive after round 10 in 30%…70% of games;
  - casual teams of four reaching round 12 on average;
  - expert teams of four alive after round 10 in at least 90% of games;
over dailyExpense (100…1000) and numOfOrdersPerPlayer (1…4), whole numbers (C7).

Then:
  - the answer's values are written into a copy of Designs/relentless (DefaultGameParameters.plist),
    and `playbench gate` plays the copy against Spec.plist on other seeds (--seed 7): every target
    must be met;
  - the games tune played are set against a sweep of the same grid (every whole-number point of
    the two ranges) at the games per point the answer was measured on: the ratio is the sweep's
    games over tune's.

Usage, from the repository root (a release build first: swift build -c release --product playbench):
    python3 Benchmarks/spec-tune.py --playbench .build/release/playbench
    python3 Benchmarks/spec-tune.py --playbench .build/release/playbench --keep   # keep the scratch folder
Exits 1 when tune finds no answer, when the gate does not meet every target, or when tune played
as many games as the sweep would.
"""
import argparse
import json
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent

SPEC = """<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
\t<key>allowCertainRuin</key>
\t<true/>
\t<key>targets</key>
\t<array>
\t\t<dict><key>name</key><string>novices alive after round 10 in 30% to 70% of games</string><key>lineup</key><string>3 × novice</string><key>metric</key><string>survival(10)</string><key>atLeast</key><real>0.3</real><key>atMost</key><real>0.7</real></dict>
\t\t<dict><key>name</key><string>casual teams reach round 12 on average</string><key>lineup</key><string>4 × casual</string><key>metric</key><string>meanRounds</string><key>atLeast</key><real>12</real></dict>
\t\t<dict><key>name</key><string>experts alive after round 10 in at least 90% of games</string><key>lineup</key><string>4 × expert</string><key>metric</key><string>survival(10)</string><key>atLeast</key><real>0.9</real></dict>
\t</array>
</dict>
</plist>
"""

PARAMETERS = [("dailyExpense", "100...1000"), ("numOfOrdersPerPlayer", "1...4")]


def set_parameter(path: pathlib.Path, key: str, value: str) -> None:
    """Writes `value` as the key's string in a design's DefaultGameParameters.plist."""
    text = path.read_text(encoding="utf-8")
    pattern = re.compile(r"(<key>" + re.escape(key) + r"</key>\s*<(string|integer|real)>)([^<]*)(</(string|integer|real)>)")
    if not pattern.search(text):
        sys.exit(f"{path}: no {key} to set")
    text = pattern.sub(lambda m: f"<key>{key}</key>\n\t<string>{value}</string>", text, count=1)
    path.write_text(text, encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--playbench", required=True)
    parser.add_argument("--keep", action="store_true")
    args = parser.parse_args()
    playbench = str(pathlib.Path(args.playbench).resolve())
    scratch = pathlib.Path(tempfile.mkdtemp(prefix="spec-tune-"))
    try:
        spec = scratch / "Spec.plist"
        spec.write_text(SPEC, encoding="utf-8")
        command = [playbench, "tune", str(ROOT / "Designs/relentless")]
        for key, values in PARAMETERS:
            command += ["--param", key, "--range", f"{key}={values}"]
        command += ["--targets", str(spec), "--format", "json"]
        started = time.monotonic()
        tuned = subprocess.run(command, capture_output=True, text=True)
        seconds = time.monotonic() - started
        if tuned.returncode != 0:
            print(tuned.stdout[-2000:], tuned.stderr[-2000:])
            print("tune found no answer")
            return 1
        result = json.loads(tuned.stdout)
        search = result["search"]
        answer = search["answer"]
        values = {key: int(x) for (key, _), x in zip(PARAMETERS, answer["point"])}
        played = result["gamesPlayed"]
        points = len({tuple(e["point"]) for e in search["evaluations"]})
        sweep = result["sweepGames"]
        print(f"tune: {', '.join(f'{k} = {v}' for k, v in values.items())} on {answer['games']} games a lineup; "
              f"{points} points, {played} games in all over the 3 lineups, {seconds:.1f} s")

        design = scratch / "answer"
        shutil.copytree(ROOT / "Designs/relentless", design)
        for key, value in values.items():
            set_parameter(design / "DefaultGameParameters.plist", key, str(value))
        gate = subprocess.run([playbench, "gate", str(design), "--balance", str(spec), "--seed", "7"], capture_output=True, text=True)
        last = next((line for line in gate.stdout.split("\n") if "targets met" in line), gate.stderr.strip())
        print(f"independent gate of the answer (seed 7): {last}")
        if gate.returncode != 0 or "3 of 3 targets met" not in gate.stdout:
            print(gate.stdout[-3000:], gate.stderr[-2000:])
            return 1

        print(f"a sweep of the same {result['gridPoints']} points at {answer['games']} games a lineup each: {sweep} games, "
              f"{sweep / played:.0f}× tune's {played}")
        return 0 if played < sweep else 1
    finally:
        if args.keep:
            print(f"kept {scratch}")
        else:
            shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
