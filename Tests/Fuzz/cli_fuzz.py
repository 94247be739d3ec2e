#!/usr/bin/env python3
"""Process-level fuzzing of the playbench CLI: mutated designs through check, generate and a
short simulate.

    python3 Tests/Fuzz/cli_fuzz.py                       # 300 mutants, seed 1
    python3 Tests/Fuzz/cli_fuzz.py --count 40 --seed 7   # what CI runs
    python3 Tests/Fuzz/cli_fuzz.py --playbench .build/debug/playbench

Each mutant is a copy of a shipped design (Designs/relentless, harsher, andora, shaky-words, turn-tracker, tabula) with one to three
changes drawn from a fixed seed: a number set to an extreme (0, -1, 2^63-1, 1e308, nan, inf, ...),
a value of another type, a string replaced (broken expressions among them), a key dropped or
misspelt, an array emptied or an element repeated, a file's bytes flipped or cut, a file removed;
now and then (about one mutant in twelve) size and repetition: a string or key of 1 to 5 MB of
letters, an element repeated 5,000 to 20,000 times, a dictionary given 2,000 to 20,000 more
entries of its own kind (copies of its values under new keys).
Every command must end on its own (a timeout is a hang), by exiting, not by a signal (an exit
status of 128 or more other than 130, or a negative one from Python, is a crash), and every
non-zero exit must say why on stderr. Failing mutants are kept (--keep) with the command that
failed; the script exits 1 when there is one.
"""
import argparse
import math
import os
import plistlib
import random
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DESIGNS = ["relentless", "relentless", "harsher", "andora", "shaky-words", "turn-tracker", "tabula"]
NUMBERS = [0, -1, 1, 2, 3, 7, 1000, 2**31, 2**53 + 1, 2**63 - 1, -(2**63), 2**64 - 1]
REALS = [0.0, -0.0, -1.0, 0.5, 1e-308, 5e-324, 1e308, -1e308, math.inf, -math.inf, math.nan, 1e15, 0.999999]
STRINGS = ["", "x", "1/0", "0/0", "((((((", "diffLevel*1e308", "-diffLevel", "numOfPlayers*numOfPlayers*1e300",
           "timeLeft", "1e999", "2*", "3 4", "casual,casual", "any", "first", "random", "\u00e9\u0000", "a" * 5000]
# How often a change of the tree is one of size and repetition (grow): rarely, as each costs seconds.
GROW_CHANCE = 0.07


def letters(rng, size):
    """`size` letters: a random block of them repeated (quick to make at megabytes)."""
    block = "".join(rng.choice("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(64))
    return (block * (size // 64 + 1))[:size]


def grow(value, nodes, rng, notes):
    """Size and repetition: a long string (or key), an element repeated thousands of times, or a
    dictionary with thousands more entries; returns the new root."""
    kind = rng.choice(["string", "repeat", "entries"])
    # Only elements and values of at most 800 characters are copied: 20,000 copies stay within
    # some 16 MB of file.
    def small(v):
        return len(repr(v)) <= 800
    lists = [n for n in nodes if isinstance(n[0], list) and any(small(v) for v in n[0])]
    dicts = [n for n in nodes if isinstance(n[0], dict) and any(small(v) for v in n[0].values())]
    if kind == "repeat" and lists:
        node = rng.choice(lists)[0]
        copies = rng.randrange(5_000, 20_001)
        node.extend([rng.choice([v for v in node if small(v)])] * copies)
        notes.append(f"an element repeated {copies} times")
    elif kind == "entries" and dicts:
        node = rng.choice(dicts)[0]
        extra = rng.randrange(2_000, 20_001)
        keys = [k for k, v in node.items() if small(v)]
        for i in range(extra):
            key = rng.choice(keys)
            node[f"{key}{i}"] = node[key]
        notes.append(f"{extra} more entries in a dictionary")
    else:
        size = rng.randrange(1_000_000, 5_000_001)
        strings = [n for n in nodes if isinstance(n[0], str) and n[1] is not None]
        if strings and (not dicts or rng.random() < 0.7):
            _, parent, key = rng.choice(strings)
            parent[key] = letters(rng, size)
            notes.append(f"a string of {size} letters")
        elif any(isinstance(n[0], dict) and n[0] for n in nodes):
            node = rng.choice([n for n in nodes if isinstance(n[0], dict) and n[0]])[0]
            key = rng.choice(list(node))
            node[letters(rng, size)] = node.pop(key)
            notes.append(f"a key of {size} letters")
    return value


def mutate_value(value, rng, notes=None):
    """A random node of the plist tree changed in place; returns the new root. A size mutation
    says what it did in `notes`."""
    nodes = []

    def walk(node, parent, key):
        nodes.append((node, parent, key))
        if isinstance(node, dict):
            for k, v in list(node.items()):
                walk(v, node, k)
        elif isinstance(node, list):
            for i, v in enumerate(node):
                walk(v, node, i)

    walk(value, None, None)
    node, parent, key = rng.choice(nodes)
    # Mostly numbers scaled (a design that still passes check, pushed where generation and play
    # have not been), then the rest; now and then size and repetition.
    if rng.random() < GROW_CHANCE:
        return grow(value, nodes, rng, notes if notes is not None else [])
    kind = rng.choice(["scale", "scale", "scale", "scale", "number", "number", "string", "type", "drop", "rename", "empty", "repeat"])
    if kind == "scale" and not (isinstance(node, (int, float)) and not isinstance(node, bool)):
        numbers = [n for n in nodes if isinstance(n[0], (int, float)) and not isinstance(n[0], bool)]
        if numbers:
            node, parent, key = rng.choice(numbers)

    def replace(new):
        nonlocal value
        if parent is None:
            value = new
        else:
            parent[key] = new

    if kind == "scale" and isinstance(node, (int, float)) and not isinstance(node, bool):
        factor = rng.choice([0, 0.5, 2, 3, 10, 100, 1000, 10**6, -1])
        scaled = node * factor
        replace(int(scaled) if isinstance(node, int) and abs(scaled) < 2**63 else float(scaled))
    elif kind == "number":
        replace(rng.choice(NUMBERS) if rng.random() < 0.5 else rng.choice(REALS))
    elif kind == "string":
        replace(rng.choice(STRINGS))
    elif kind == "type":
        replace(rng.choice([{}, [], True, "12", 12, 1.5, {"a": 1}, [1, 2]]))
    elif kind == "drop" and isinstance(parent, dict):
        del parent[key]
    elif kind == "drop" and isinstance(parent, list):
        del parent[key]
    elif kind == "rename" and isinstance(parent, dict):
        parent[key + rng.choice(["x", "s", " "])] = parent.pop(key)
    elif kind == "empty" and isinstance(node, (dict, list)):
        node.clear()
    elif kind == "repeat" and isinstance(node, list) and node:
        node.extend([node[rng.randrange(len(node))]] * rng.choice([1, 2, 50]))
    else:
        replace(rng.choice(NUMBERS + REALS + STRINGS))
    return value


def mutate_file(path, rng):
    data = open(path, "rb").read()
    kind = rng.choice(["tree"] * 12 + ["bytes", "cut", "huge", "remove"])
    if kind == "remove":
        os.remove(path)
        return f"removed {os.path.basename(path)}"
    if kind == "bytes":
        data = bytearray(data)
        for _ in range(rng.choice([1, 1, 3, 20])):
            data[rng.randrange(len(data))] = rng.randrange(256)
        open(path, "wb").write(bytes(data))
        return f"bytes changed in {os.path.basename(path)}"
    if kind == "cut":
        open(path, "wb").write(data[: rng.randrange(len(data))])
        return f"{os.path.basename(path)} cut short"
    if kind == "huge":
        # Numbers no 64-bit integer holds, as text (plistlib cannot write them).
        text = data.decode("utf-8", "replace")
        starts = [i for i in range(len(text)) if text.startswith("<integer>", i) or text.startswith("<real>", i)]
        if starts:
            i = rng.choice(starts)
            end = text.index("</", i)
            tag = "<integer>" if text.startswith("<integer>", i) else "<real>"
            text = text[:i] + tag + rng.choice(["99999999999999999999999", "-99999999999999999999", "1e99999", "0x10", " 7 "]) + text[end:]
            open(path, "w").write(text)
        return f"a number out of range in {os.path.basename(path)}"
    try:
        value = plistlib.loads(data)
    except Exception:
        return f"{os.path.basename(path)} unparsable, left"
    notes = []
    value = mutate_value(value, rng, notes)
    fmt = plistlib.FMT_BINARY if rng.random() < 0.15 else plistlib.FMT_XML
    try:
        open(path, "wb").write(plistlib.dumps(value, fmt=fmt))
    except (OverflowError, TypeError, ValueError) as error:
        return f"{os.path.basename(path)}: mutation not writable ({error}), left"
    return f"{os.path.basename(path)} mutated ({'binary' if fmt == plistlib.FMT_BINARY else 'xml'}{''.join(': ' + n for n in notes)})"


def commands(design, directory, rng):
    if design == "andora":
        return [["check", directory], ["simulate", directory, "--games", "2", "--agents", rng.choice(["random,random", "random,greedy"])]]
    seed = str(rng.randrange(1000))
    if design == "shaky-words":
        return [["check", directory], ["generate", directory, "--seed", seed], ["simulate", directory, "--games", "3", "--threads", "1", "--seed", seed]]
    if design == "tabula":
        return [["check", directory, "--samples", "3"], ["generate", directory, "--seed", seed, "--format", rng.choice(["text", "plist", "json"])],
                ["simulate", directory, "--games", "3", "--threads", "1", "--seed", seed], ["simulate", directory, "--replay", seed],
                ["report", directory, "--games", "3", "--output", os.path.join(directory, "report")]]
    if design == "turn-tracker":
        generate = ["generate", directory, "--seed", seed, "--players", rng.choice(["1", "2", "4", "5", "17"])]
        if rng.random() < 0.5:
            generate += ["--definition", rng.choice(["Spirit Island", "Carcassonne", "Robinson Crusoe", "Chess"])]
        return [["check", directory], generate, ["simulate", directory, "--games", "3", "--threads", "1", "--seed", seed],
                ["simulate", directory, "--replay", seed]]
    generate = ["generate", directory, "--seed", seed]
    if rng.random() < 0.3:
        generate += ["--players", rng.choice(["3", "4", "6", "2", "100"]), "--difficulty", rng.choice(["1", "5", "10", "11", "0.5"])]
    return [["check", directory], generate, ["simulate", directory, "--games", "4", "--max-rounds", "3", "--threads", "1", "--seed", seed]]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=30)
    parser.add_argument("--playbench", default=None, help="default: .build/release/playbench, else .build/debug/playbench")
    parser.add_argument("--keep", default=os.path.join(ROOT, "Tests", "Fuzz", ".build", "cli-failures"))
    args = parser.parse_args()
    playbench = args.playbench or next(
        (p for p in (os.path.join(ROOT, ".build", c, "playbench") for c in ("release", "debug")) if os.path.exists(p)), None)
    if not playbench:
        sys.exit("no playbench built: swift build first, or --playbench PATH")
    playbench = os.path.abspath(playbench)
    rng = random.Random(args.seed)
    exits = {}
    failures = []
    work = tempfile.mkdtemp(prefix="playbench-cli-fuzz-")
    try:
        for n in range(args.count):
            design = rng.choice(DESIGNS)
            directory = os.path.join(work, f"mutant-{n}")
            shutil.copytree(os.path.join(ROOT, "Designs", design), directory)
            changes = []
            for _ in range(rng.choice([1, 1, 1, 2])):
                files = sorted(f for f in os.listdir(directory) if f.endswith(".plist"))
                if files:
                    changes.append(mutate_file(os.path.join(directory, rng.choice(files)), rng))
            for command in commands(design, directory, rng):
                name = command[0]
                try:
                    result = subprocess.run([playbench] + command, capture_output=True, timeout=args.timeout, cwd=work)
                    status, stderr = result.returncode, result.stderr.decode("utf-8", "replace")
                except subprocess.TimeoutExpired:
                    status, stderr = "timeout", ""
                exits.setdefault(name, {}).setdefault(status, 0)
                exits[name][status] += 1
                problem = None
                if status == "timeout":
                    problem = f"no exit within {args.timeout:g} s"
                elif status < 0 or (status >= 128 and status != 130):
                    problem = f"killed by a signal (status {status})"
                elif status != 0 and not stderr.strip():
                    problem = f"exit {status} with nothing on stderr"
                if problem:
                    kept = os.path.join(args.keep, f"seed{args.seed}-mutant-{n}")
                    shutil.rmtree(kept, ignore_errors=True)
                    shutil.copytree(directory, kept)
                    line = "playbench " + " ".join(c if c != directory else "DESIGN" for c in command)
                    with open(os.path.join(kept, "FAILURE.txt"), "w") as f:
                        f.write(f"{problem}\n{line}\nchanges: {'; '.join(changes)}\n\nstderr:\n{stderr[-4000:]}\n")
                    failures.append(f"mutant {n} ({design}; {'; '.join(changes)}): {line}: {problem}; kept in {kept}")
            shutil.rmtree(directory)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"CLI fuzz: {args.count} mutated designs (seed {args.seed}) through check, generate and simulate with {playbench}")
    for name, counts in exits.items():
        print(f"  {name}: " + ", ".join(f"exit {k} × {v}" for k, v in sorted(counts.items(), key=lambda kv: str(kv[0]))))
    print(f"  failures: {len(failures)}")
    for failure in failures:
        print("   ", failure)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
