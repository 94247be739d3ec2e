#!/usr/bin/env python3
"""Runs every playbench command the README and the DocC reference print (issue 39).

A command is a line of a fenced code block that runs playbench: in a `sh` block every such line
(continued over `\\` line ends), in any other block a line after `$ ` or one that starts with a
playbench command (the rest is output shown).
They run in order, file by file, in one scratch folder that holds a link to the repository's
`Designs` (so `Designs/relentless` reads the shipped design, and nothing writes into the
repository: `Reports/…` outputs land in the scratch folder), with:
  - `swift run [-c release] playbench` and a bare `playbench` replaced by the built binary;
  - `/tmp/` replaced by the scratch folder's own `tmp/`;
  - the work options capped (`--games` at 20, `--sbc` (or `--coverage`) at 2, MCTS playouts at 50,
    `--max-games` at 512, `--candidates` at 40), and added where a plain `report` or `tune` leaves
    them to their defaults: the check is that a command runs as printed, not how long it takes;
  - a sharded command (`--shard 0/4 --part p0.json`, "and 1/4 … 3/4") run for every shard, so the
    `merge` after it has its parts;
  - the files a reader is told to make first made for them: `Designs/mine` by `playbench init`,
    `my-andora` a copy of `Designs/andora`, `SavedMap.bplist` a small keyed archive.
Each command must exit 0, unless EXPECTED names it with the status its text documents.

Usage: documented_commands.py --playbench .build/release/playbench [--keep] [--list]
"""
import argparse
import pathlib
import plistlib
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
FILES = [ROOT / "README.md"] + sorted((ROOT / "Sources").glob("**/*.docc/*.md"))

# Commands whose documented outcome is not success, by a part of their text: the status and why.
EXPECTED = {
    "gate Designs/harsher": (1, "the Reports article shows the harsher design missing the shipped targets"),
    "calibrate Designs/relentless Playtests.plist": (1, "the log template is all zeros until filled in: calibrate refuses it (--allow-empty)"),
}

SUBCOMMANDS = "init|check|params|generate|simulate|report|diff|gate|sweep|tune|sensitivity|calibrate|merge|plist"

CAPS = {"--games": 20, "--sbc": 2, "--coverage": 2, "--max-games": 512, "--candidates": 40}

# A cap for commands that leave the work to a default (a report's games, a tune's games per
# value): the option added when a plain command (no pipe, redirection or second command) lacks it.
DEFAULT_CAPS = {"report": ("--games", "20"), "tune": ("--max-games", "512")}


def commands(path: pathlib.Path) -> list:
    """(line number, command) of every playbench command of the file's code blocks."""
    found = []
    lines = path.read_text(encoding="utf-8").split("\n")
    fence = None
    pending = None
    for n, line in enumerate(lines, 1):
        stripped = line.strip()
        if stripped.startswith("```"):
            fence = None if fence is not None else (stripped[3:].strip() or "-")
            pending = None
            continue
        if fence is None:
            continue
        if pending is not None:
            pending = (pending[0], pending[1] + " " + stripped.rstrip("\\").strip())
            if not stripped.endswith("\\"):
                found.append(pending)
                pending = None
            continue
        text = stripped
        if fence != "sh":
            # Output shown beside commands: a command is after "$ " or starts the line itself.
            if text.startswith("$ "):
                text = text[2:]
            elif not re.match(rf"^(swift run (-c release )?(-q )?playbench|playbench) ({SUBCOMMANDS})\b", text):
                continue
        if "playbench" not in text or text.startswith("#") or text.startswith("sudo ") or text.startswith("pip "):
            continue
        if not re.match(r"^(mkdir -p \S+ && )?(swift run (-c release )?(-q )?playbench|playbench)\b", text):
            continue
        if text.endswith("\\"):
            pending = (n, text.rstrip("\\").strip())
        else:
            found.append((n, text))
    return found


def without_comment(command: str) -> str:
    """The command before its trailing `# …` (outside quotes)."""
    quote = None
    for i, c in enumerate(command):
        if c in "'\"" and quote in (None, c):
            quote = None if quote else c
        elif c == "#" and quote is None and (i == 0 or command[i - 1] == " "):
            return command[:i].rstrip()
    return command


def prepared(command: str, binary: str, scratch: pathlib.Path) -> str:
    text = without_comment(command)
    # The document's /tmp/ first: the binary's own path may lie under /tmp (a CI clone's).
    text = text.replace("/tmp/", f"{scratch}/tmp/")
    text = re.sub(r"(^|&& )(swift run (-c release )?(-q )?playbench|playbench)\b", lambda m: m.group(1) + binary, text)
    for option, cap in CAPS.items():
        text = re.sub(rf"{option} (\d+)", lambda m: f"{option} {min(int(m.group(1)), cap)}", text)
    subcommand = re.search(rf"playbench ({SUBCOMMANDS})\b", command)
    if subcommand and subcommand.group(1) in DEFAULT_CAPS and not re.search(r"[|;>]|&&", text):
        option, cap = DEFAULT_CAPS[subcommand.group(1)]
        if option not in text:
            text += f" {option} {cap}"
    text = re.sub(r"(--agents \S*?)mcts:(\d+)", lambda m: f"{m.group(1)}mcts:{min(int(m.group(2)), 50)}", text)
    text = re.sub(r"--agents mcts,", "--agents mcts:50,", text)
    return text


def shards(command: str) -> list:
    """Every shard of a sharded command: `--shard 0/4 --part p0.json` as 0/4 … 3/4."""
    m = re.search(r"--shard 0/(\d+) --part (\w*?)0\.json", command)
    if not m:
        return [command]
    count, stem = int(m.group(1)), m.group(2)
    return [command.replace(f"--shard 0/{count} --part {stem}0.json", f"--shard {i}/{count} --part {stem}{i}.json") for i in range(count)]


def prepare_inputs(scratch: pathlib.Path, binary: str) -> None:
    (scratch / "Designs").symlink_to(ROOT / "Designs")
    (scratch / "tmp").mkdir()
    shutil.copytree(ROOT / "Designs" / "andora", scratch / "my-andora")
    archive = {
        "$archiver": "NSKeyedArchiver", "$version": 100000, "$top": {"root": plistlib.UID(1)},
        "$objects": ["$null", {"$class": plistlib.UID(3), "name": plistlib.UID(2)}, "Harbour",
                     {"$classname": "Map", "$classes": ["Map", "NSObject"]}],
    }
    (scratch / "SavedMap.bplist").write_bytes(plistlib.dumps(archive, fmt=plistlib.FMT_BINARY))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--playbench", default=str(ROOT / ".build/release/playbench"))
    parser.add_argument("--keep", action="store_true", help="keep the scratch folder")
    parser.add_argument("--list", action="store_true", help="print the commands found and run none")
    options = parser.parse_args()
    binary = str(pathlib.Path(options.playbench).resolve())
    found = [(path, n, command) for path in FILES for n, command in commands(path)]
    if options.list:
        for path, n, command in found:
            print(f"{path.relative_to(ROOT)}:{n}: {command}")
        return 0
    scratch = pathlib.Path(tempfile.mkdtemp(prefix="documented-"))
    failures = []
    started = time.monotonic()
    try:
        prepare_inputs(scratch, binary)
        mine = scratch / "Designs-mine"
        for path, n, command in found:
            where = f"{path.relative_to(ROOT)}:{n}"
            if "Designs/mine" in command and not mine.exists():
                # The reader made it with `playbench init Designs/mine` (README, "Starting a design").
                subprocess.run([binary, "init", str(mine)], check=True, capture_output=True)
            for one in shards(command):
                text = prepared(one, binary, scratch).replace("Designs/mine", str(mine))
                expected, why = next(((s, w) for key, (s, w) in EXPECTED.items() if key in command), (0, ""))
                began = time.monotonic()
                result = subprocess.run(["bash", "-o", "pipefail", "-c", text], cwd=scratch, capture_output=True, text=True, timeout=600)
                took = time.monotonic() - began
                if result.returncode != expected:
                    failures.append(f"{where}: `{command}` exited {result.returncode}, expected {expected}:\n{result.stderr.strip()[-1500:]}")
                else:
                    print(f"ok  {took:5.1f} s  {where}: {command}" + (f"  (exit {expected}: {why})" if expected else ""))
    finally:
        if not options.keep:
            shutil.rmtree(scratch, ignore_errors=True)
        else:
            print(f"scratch folder kept: {scratch}")
    for failure in failures:
        print(f"FAIL {failure}")
    print(f"documented commands: {len(found)} found in {len(FILES)} files, {len(failures)} failed ({time.monotonic() - started:.0f} s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
