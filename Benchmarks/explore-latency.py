#!/usr/bin/env python3
"""How long `playbench explore` makes a designer wait (issue 42): from an edit sent to the page's
API to the first streamed block of numbers (256 games of the design and 256 of its edited self,
paired) and to the full result, for every shipped design, beside a reference in the same run:
`playbench diff DESIGN DESIGN --lineup NAME --games N`, the command that played a design against
an edited copy game by game before explore, here on the same lineup, games and threads (a whole
process: it reads both designs, then plays the same pairs of games; the edit changes what a game
costs little, so the design against itself is the same work without writing a copy).

Runs alternate, explore then the reference, and each figure is the median over the rounds, so a
slow spell of this shared machine skews one round, not the figure. The ratio is explore's full
result over the reference's time.

Usage, from the repository root (a release build first: swift build -c release --product playbench):
    python3 Benchmarks/explore-latency.py                  # 5 rounds, 1000 games, every shipped design
    python3 Benchmarks/explore-latency.py --rounds 3 --games 2000 --designs Designs/relentless
    python3 Benchmarks/explore-latency.py --smoke          # one small round of each: does it run?
"""
import argparse
import json
import re
import statistics
import subprocess
import sys
import time
import urllib.request

# Per shipped design: one edit, as the browser test makes it (Tests/Browser/check_explore.py).
EDITS = {
    "Designs/relentless": ("dailyExpense", "400"),
    "Designs/andora": ("whenTargetIsFull", "playAnywhere"),
    "Designs/shaky-words": ("indicationWindow", "10"),
    "Designs/turn-tracker": ("actionScale", "4"),
    "Designs/tabula": ("editsPerMinute", "8"),
}


class Explore:
    """`playbench explore DESIGN` on a free port; stopped with Ctrl-C."""

    def __init__(self, playbench, design, games, threads):
        self.process = subprocess.Popen(
            [playbench, "explore", design, "--games", str(games), "--threads", str(threads)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        match = re.search(r"at (http://\S+) ", line)
        if not match:
            self.process.kill()
            sys.exit(f"explore {design} printed no address: {line!r}")
        self.address = match.group(1).split("?")[0].rstrip("/")

    def lineup(self):
        """The name of the lineup a run plays (the first)."""
        with urllib.request.urlopen(self.address + "/api/design") as response:
            return json.load(response)["lineups"][0]

    def run(self, edit, games, sequence):
        """Seconds to the first block and to the end, and the end's status."""
        body = json.dumps({"client": "benchmark", "sequence": sequence, "edits": [{"name": edit[0], "value": edit[1]}],
                           "lineup": 0, "games": games, "seed": 1}).encode()
        request = urllib.request.Request(self.address + "/api/run", data=body, headers={"Content-Type": "application/json"})
        start = time.perf_counter()
        first = None
        status = None
        with urllib.request.urlopen(request) as response:
            for line in response:
                message = json.loads(line)
                if message["type"] == "block" and first is None:
                    first = time.perf_counter() - start
                elif message["type"] == "problems":
                    sys.exit(f"{self.address}: the edit {edit} was refused: {message['problems']}")
                elif message["type"] == "end":
                    status = message["status"]
        return first, time.perf_counter() - start, status

    def stop(self):
        self.process.send_signal(2)
        self.process.wait(timeout=20)


def reference(playbench, design, lineup, games, threads):
    start = time.perf_counter()
    subprocess.run([playbench, "diff", design, design, "--lineup", lineup, "--games", str(games), "--threads", str(threads)],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--playbench", default=".build/release/playbench")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--designs", default=",".join(EDITS))
    parser.add_argument("--smoke", action="store_true", help="one round of 256 games of each design")
    args = parser.parse_args()
    rounds, games = (1, 256) if args.smoke else (args.rounds, args.games)
    print(f"explore latency: {games} games a run, {args.threads} threads, median of {rounds} round{'s' if rounds > 1 else ''}")
    print(f"{'design':<22} {'first block':>12} {'full result':>12} {'diff --lineup':>14} {'full / diff':>12}")
    for design in args.designs.split(","):
        edit = EDITS[design]
        server = Explore(args.playbench, design, games, args.threads)
        try:
            firsts, fulls, references = [], [], []
            lineup = server.lineup()
            for k in range(rounds):
                first, full, status = server.run(edit, games, sequence=k)
                if status != "complete" or first is None:
                    sys.exit(f"{design}: the run ended {status} (first block {first})")
                firsts.append(first)
                fulls.append(full)
                references.append(reference(args.playbench, design, lineup, games, args.threads))
        finally:
            server.stop()
        first, full, ref = statistics.median(firsts), statistics.median(fulls), statistics.median(references)
        print(f"{design:<22} {first * 1000:>10.0f}ms {full * 1000:>10.0f}ms {ref * 1000:>12.0f}ms {full / ref:>11.2f}x  ({lineup})")


if __name__ == "__main__":
    main()
