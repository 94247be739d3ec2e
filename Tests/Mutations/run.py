#!/usr/bin/env python3
"""The mutation check (issue 21): does a small, realistic bug in a rule make a test fail?

Each list (`Tests/Games/<Game>/Mutations.txt` beside a game's tests, `Tests/Mutations/Engine.txt`
for the shared engine and the tool) names mutations: a rule id or behaviour, one exact piece of
source text, what replaces it, and the tests that should catch it. For every mutation this script
applies it to a private clone of HEAD, builds once, runs those tests and restores the file. A
mutation the tests pass is a survivor: a rule a bug could break unnoticed.

It is slow (a build per mutation) and is not part of CI; run it before resolving an issue that
touches a rule, and record its summary in the issue's note.

    Tests/Mutations/run.py                 # every list
    Tests/Mutations/run.py --only P5 R1.7  # mutations whose id starts with one of these
    Tests/Mutations/run.py --dry-run       # check that every mutation still applies, build nothing

List format: blocks separated by blank lines; `#` starts a comment line.

    == P5.tie ties between equally different orders go to the order with the least time left
    file: Sources/Games/Relentless/RelentlessSimulation/Engine/Delivery.swift
    find: left.timeLeft < right.timeLeft
    replace: left.timeLeft > right.timeLeft
    tests: RelentlessSimulationTests

`find` must occur exactly once in `file` (so a list that drifted from the code is an error, not a
silent no-op); `\\n` in `find` or `replace` stands for a new line. `tests` is a `swift test
--filter` expression.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import pathlib
import re
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
LISTS = [ROOT / "Tests/Mutations/Engine.txt", *sorted((ROOT / "Tests/Games").glob("*/Mutations.txt"))]
TEST_TIMEOUT = 900  # seconds; a mutation that makes a test hang counts as caught, and says so


@dataclasses.dataclass
class Mutation:
    id: str
    title: str
    file: str
    find: str
    replace: str
    tests: str
    source: str  # list file and line, for messages


def parse(path: pathlib.Path) -> list[Mutation]:
    mutations: list[Mutation] = []
    block: dict[str, str] = {}
    start = 0

    def finish() -> None:
        if not block:
            return
        where = f"{path.relative_to(ROOT)}:{start}"
        missing = [key for key in ("==", "file", "find", "replace", "tests") if key not in block]
        if missing:
            sys.exit(f"{where}: mutation lacks {', '.join(missing)}")
        ident, _, title = block["=="].partition(" ")
        unescape = lambda text: text.replace("\\n", "\n")
        mutations.append(Mutation(ident, title.strip(), block["file"], unescape(block["find"]),
                                  unescape(block["replace"]), block["tests"], where))
        block.clear()

    for number, line in enumerate(path.read_text().splitlines(), start=1):
        if line.startswith("#"):
            continue
        if not line.strip():
            finish()
            continue
        if not block:
            start = number
        if line.startswith("== "):
            block["=="] = line[3:].strip()
            continue
        key, colon, value = line.partition(": ")
        if not colon or key not in ("file", "find", "replace", "tests"):
            sys.exit(f"{path.relative_to(ROOT)}:{number}: expected 'file:', 'find:', 'replace:' or 'tests:'")
        if key in block:
            sys.exit(f"{path.relative_to(ROOT)}:{number}: '{key}' given twice")
        block[key] = value
    finish()
    return mutations


def run(command: list[str], cwd: pathlib.Path, timeout: float | None = None) -> tuple[int, str]:
    try:
        # Replace what is not UTF-8: a test's output can be cut inside a character.
        done = subprocess.run(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              encoding="utf-8", errors="replace", timeout=timeout)
        return done.returncode, done.stdout
    except subprocess.TimeoutExpired as expired:
        output = expired.stdout.decode(errors="replace") if isinstance(expired.stdout, bytes) else (expired.stdout or "")
        return -1, output


def prepare_clone(workdir: pathlib.Path) -> None:
    """A clone of HEAD that keeps its .build between runs, so only mutated files recompile."""
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, stdout=subprocess.PIPE, text=True, check=True).stdout.strip()
    if not (workdir / ".git").exists():
        workdir.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(["git", "clone", "-q", str(ROOT), str(workdir)], check=True)
    subprocess.run(["git", "fetch", "-q", str(ROOT), head], cwd=workdir, check=True)
    subprocess.run(["git", "reset", "-q", "--hard", head], cwd=workdir, check=True)
    subprocess.run(["git", "clean", "-qfd", "--exclude=.build"], cwd=workdir, check=True)
    # Tests that read ../shared find it beside the clone, as beside the repository.
    shared = workdir.parent / "shared"
    if not shared.exists() and (ROOT.parent / "shared").exists():
        shared.symlink_to(ROOT.parent / "shared")


def applied(mutation: Mutation, text: str) -> str | None:
    return text.replace(mutation.find, mutation.replace, 1) if text.count(mutation.find) == 1 else None


def main() -> int:
    parser = argparse.ArgumentParser(description="Apply each listed bug, run the tests meant to catch it, print the survivors.")
    parser.add_argument("--only", nargs="*", default=[], help="run mutations whose id starts with one of these")
    parser.add_argument("--dry-run", action="store_true", help="check that every mutation applies; build nothing")
    parser.add_argument("--workdir", type=pathlib.Path, default=ROOT / ".build/mutations/clone",
                        help="where the clone lives (kept between runs for incremental builds)")
    options = parser.parse_args()

    mutations = [m for path in LISTS if path.exists() for m in parse(path)]
    seen: dict[str, str] = {}
    for m in mutations:
        if m.id in seen:
            sys.exit(f"{m.source}: id {m.id} also at {seen[m.id]}")
        seen[m.id] = m.source
    if options.only:
        mutations = [m for m in mutations if any(m.id.startswith(prefix) for prefix in options.only)]

    stale = []
    for m in mutations:
        path = ROOT / m.file
        if not path.exists() or applied(m, path.read_text()) is None:
            count = path.read_text().count(m.find) if path.exists() else 0
            stale.append(f"{m.source} {m.id}: '{m.find}' occurs {count} times in {m.file} (must be once)")
    if stale:
        print("\n".join(stale))
        return 2
    if options.dry_run:
        print(f"{len(mutations)} mutations apply")
        return 0

    workdir = options.workdir.resolve()
    prepare_clone(workdir)
    print(f"==> building {workdir}", flush=True)
    status, output = run(["swift", "build", "--build-tests"], workdir)
    if status != 0:
        print(output[-4000:])
        return 2
    # A filter that names no test would let every mutation "fail" to be caught for the wrong reason,
    # or pass for none: each must name at least one test.
    status, listing = run(["swift", "test", "--skip-build", "--list-tests"], workdir)
    names = listing.splitlines()
    unmatched = [f"{m.source} {m.id}: tests '{m.tests}' names no test" for m in mutations
                 if not any(re.search(m.tests, name) for name in names)]
    if status != 0 or unmatched:
        print("\n".join(unmatched) or listing[-4000:])
        return 2
    baseline_filter = "|".join(sorted({f"({m.tests})" for m in mutations}))
    print("==> the unmutated tests must pass first", flush=True)
    status, output = run(["swift", "test", "--skip-build", "--filter", baseline_filter], workdir, TEST_TIMEOUT)
    if status != 0:
        print(output[-4000:])
        print("the tests fail without any mutation; fix them first")
        return 2

    survivors, broken, results = [], [], []
    for index, m in enumerate(mutations, start=1):
        path = workdir / m.file
        original = path.read_text()
        started = time.monotonic()
        path.write_text(applied(m, original))
        try:
            status, output = run(["swift", "build", "--build-tests"], workdir)
            if status != 0:
                verdict = "does not compile"
                broken.append(m)
            else:
                status, output = run(["swift", "test", "--skip-build", "--filter", m.tests], workdir, TEST_TIMEOUT)
                if status == 0:
                    verdict = "SURVIVED"
                    survivors.append(m)
                else:
                    verdict = "caught (tests hung)" if status == -1 else "caught"
        finally:
            path.write_text(original)
        results.append((m, verdict))
        print(f"[{index}/{len(mutations)}] {m.id:<22} {verdict:<17} {time.monotonic() - started:5.0f} s  {m.title}", flush=True)

    caught = len(mutations) - len(survivors) - len(broken)
    print(f"\n{caught} of {len(mutations)} mutations caught; {len(survivors)} survived; {len(broken)} do not compile")
    for m in survivors:
        print(f"  survived: {m.id} ({m.source}) {m.title}")
    for m in broken:
        print(f"  does not compile: {m.id} ({m.source})")
    return 0 if not survivors and not broken else 1


if __name__ == "__main__":
    sys.exit(main())
