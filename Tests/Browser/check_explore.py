#!/usr/bin/env python3
"""Drives `playbench explore` in a real browser (Debian's Chromium through Playwright) for every
shipped design, as a designer would (issue 42):

  - the page loads without a script error, lists the design's parameters and plays the design;
  - one parameter edited (a number typed, or a choice picked): the page plays again and the
    edited design's numbers differ from the design's own (the curves follow);
  - Relentless: dailyExpense raised tenfold makes final money fall with an interval that
    excludes 0 (paired difference significant), the alive curve fall (the edited design's share
    alive after the last round below the design's, their intervals apart), and the page's
    numbers for the edited design are
    those `simulate` prints with the `--set` the page names, bit for bit (the oracle is another
    command, not the page);
  - "Save as" writes the edited design into explore --save-to's folder and `check` accepts it;
    for Relentless only the edited value's text changed (one line differs from the design's),
    and `simulate` of the saved design prints the page's numbers for the edited one, bit for bit;
  - an expression that does not parse is marked beside its field with check's located message
    and rule id (the file, line and column where the saved design would hold it), and nothing
    is played;
  - the page's address carries the edit: opened again, the field holds it and the same command
    is named;
  - explore's play options choose the lineups the page offers (two Relentless teams by --team):
    the second one played, the commands named carry the options, and simulate with them prints
    the page's numbers for that team, bit for bit.

Usage: check_explore.py --playbench PATH [--screenshot PNG] [--games N] [--designs a,b]
Needs: apt-get install chromium; pip install playwright==1.65.2.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

from playwright.sync_api import sync_playwright

CHROMIUM = os.environ.get("CHROMIUM", shutil.which("chromium") or shutil.which("chromium-browser") or "chromium")

# Per shipped design: a parameter to edit and its new value (None: a number four times the
# design's own), and a metric whose paired difference must then be non-zero.
EDITS = {
    "relentless": ("dailyExpense", "400", "finalMoney"),
    "andora": ("whenTargetIsFull", "playAnywhere", "meanLength"),
    "shaky-words": ("indicationWindow", "10", "timeouts"),
    "turn-tracker": ("actionScale", None, "sessionMinutes"),
    "tabula": ("editsPerMinute", None, "conflictsPerSession"),
}


class Explore:
    """`playbench explore DESIGN` on a free port, stopped with Ctrl-C (exit 130) at the end."""

    def __init__(self, playbench, design, games, save_to, options=()):
        self.process = subprocess.Popen(
            [playbench, "explore", design, "--games", str(games), "--save-to", save_to, *options],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        match = re.search(r"at (http://\S+) ", line)
        if not match:
            self.process.kill()
            sys.exit(f"explore {design} printed no address: {line!r} {self.process.stderr.read()!r}")
        self.address = match.group(1)

    def stop(self):
        self.process.send_signal(2)
        status = self.process.wait(timeout=20)
        if status != 130:
            sys.exit(f"explore stopped with exit {status}, not 130: {self.process.stderr.read()}")


def wait_done(page, timeout=120_000):
    page.wait_for_function("document.body.dataset.state === 'done' || document.body.dataset.state === 'refused'", timeout=timeout)
    return page.evaluate("document.body.dataset.state")


def edit(page, name, value):
    box = page.locator(f'.parameter[data-name="{name}"]')
    select = box.locator("select.value")
    if select.count():
        select.select_option(value)
    else:
        box.locator("input.value").fill(value)
    # The page plays again once the edit settles: wait for the new run's first line.
    page.wait_for_function(f"last && last.commands.edited.includes({json.dumps('--set ' + name + '=')})", timeout=60_000)


def check_design(browser, playbench, design, games, screenshot, scratch):
    name, value, metric = EDITS[os.path.basename(design.rstrip("/"))]
    save_to = os.path.join(scratch, os.path.basename(design.rstrip("/")) + "-saved")
    server = Explore(playbench, design, games, save_to)
    errors = []
    try:
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
        page.goto(server.address)
        if wait_done(page) != "done":
            sys.exit(f"{design}: the design as written was not played")
        parameters = page.evaluate("design.parameters.map(p => p.name)")
        if name not in parameters:
            sys.exit(f"{design}: the page lists no {name} ({parameters})")
        before = page.evaluate("last")
        if value is None:
            value = str(4 * float(page.evaluate(f"design.parameters.find(p => p.name === {json.dumps(name)}).value")))
            value = value[:-2] if value.endswith(".0") else value
        edit(page, name, value)
        if wait_done(page) != "done":
            sys.exit(f"{design}: {name}={value} was not played: {page.inner_text('body')[:500]}")
        after = page.evaluate("last")
        difference = next(d for d in after["differences"] if d["metric"] == metric)
        if difference["mean"] == 0:
            sys.exit(f"{design}: {name}={value} left {metric} where it was")
        if after["rows"] == before["rows"] or all(r["design"] == r["edited"] for r in after["rows"]):
            sys.exit(f"{design}: the edited design's numbers are the design's own")
        command = after["commands"]["edited"]
        if f"--set {name}={value}" not in command:
            sys.exit(f"{design}: the command named does not set {name}={value}: {command}")
        if screenshot and os.path.basename(design.rstrip("/")) == "relentless":
            page.screenshot(path=screenshot, full_page=False)
        # Saved: check accepts the edited design, whatever the game.
        page.click("#save")
        page.wait_for_function("document.body.dataset.saved", timeout=30_000)
        checked = subprocess.run([playbench, "check", save_to, "--quiet"], capture_output=True, text=True)
        if checked.returncode != 0:
            sys.exit(f"{design}: check refuses the saved design (exit {checked.returncode}): {checked.stdout}{checked.stderr}")
        result = {"design": design, "edit": f"{name}={value}", metric: difference}
        if os.path.basename(design.rstrip("/")) == "relentless":
            check_relentless(page, playbench, after, difference, name, value, games, design, save_to)
        # Reopened from its address, the page holds the edit and names the same command.
        again = browser.new_page()
        again.goto(page.url)
        wait_done(again)
        held = again.locator(f'.parameter[data-name="{name}"] .value').first.input_value()
        if held != value or again.evaluate("last.commands.edited") != command:
            sys.exit(f"{design}: reopened from {page.url}, the page holds {name}={held!r} and names {again.evaluate('last.commands.edited')}")
        if errors:
            sys.exit(f"{design}: the page logged errors: {errors}")
        print(f"ok {design}: {name}={value} moved {metric} by {difference['mean']:.4g} [{difference['lower']:.4g}, {difference['upper']:.4g}]")
        return result
    finally:
        server.stop()


def check_saved(page, playbench, design, save_to, difference, games):
    """Saved (check_design saved it and check accepted it): one line of the parameters file
    differs from the design's, and simulate of the saved design reproduces the page."""
    original = open(os.path.join(design, "DefaultGameParameters.plist")).read().splitlines()
    saved = open(os.path.join(save_to, "DefaultGameParameters.plist")).read().splitlines()
    changed = [(a, b) for a, b in zip(original, saved) if a != b]
    if len(original) != len(saved) or changed != [("\t<string>40</string>", "\t<string>400</string>")]:
        sys.exit(f"relentless: the saved parameters file differs from the design's in more than dailyExpense's text: {changed[:5]}")
    for other in ("GameConfig.plist", "Players.plist"):
        if open(os.path.join(design, other), "rb").read() != open(os.path.join(save_to, other), "rb").read():
            sys.exit(f"relentless: the saved {other} is not the design's")
    printed = json.loads(subprocess.run(
        [playbench, "simulate", save_to, "--games", str(games), "--seed", "1", "--format", "json"], check=True, capture_output=True, text=True).stdout)
    if printed["finalMoney"]["mean"] != difference["edited"]:
        sys.exit(f"relentless: simulate of the saved design prints final money {printed['finalMoney']['mean']}, the page {difference['edited']}")


def check_relentless(page, playbench, block, difference, name, value, games, design, save_to):
    # Ten times the expense: less money at the end, surely.
    if not (difference["significant"] and difference["upper"] < 0):
        sys.exit(f"relentless: {name}={value} did not surely lower final money: {difference}")
    # ... and fewer teams alive: the curve drawn for each design, the edited one below.
    curves = {which: {c["name"]: c for c in block["curves"][which]} for which in ("design", "edited")}
    if set(curves["design"]) != {"alive", "money", "satisfaction", "time"}:
        sys.exit(f"relentless: the page draws the curves {sorted(curves['design'])}")
    alive = {which: curves[which]["alive"]["lines"][0]["points"] for which in curves}
    last_design, last_edited = alive["design"][-1], alive["edited"][-1]
    if not (last_edited["upper"] < last_design["lower"]):
        sys.exit(f"relentless: {name}={value} did not surely lower the alive curve: {last_design} vs {last_edited}")
    for which in ("design", "edited"):
        if page.locator(f'.curve[data-curve="alive"] path[data-design="{which}"]').count() != 1:
            sys.exit(f"relentless: the alive chart draws no {which} line")
    # The command the page names prints the page's numbers: final money's mean, bit for bit.
    words = block["commands"]["edited"].split()
    if words[:2] != ["playbench", "simulate"]:
        sys.exit(f"relentless: the page names {block['commands']['edited']}")
    printed = json.loads(subprocess.run([playbench] + words[1:] + ["--format", "json"], check=True, capture_output=True, text=True).stdout)
    if printed["finalMoney"]["mean"] != difference["edited"] or printed["gamesPlayed"] != games:
        sys.exit(f"relentless: simulate prints final money {printed['finalMoney']['mean']}, the page {difference['edited']}")
    check_saved(page, playbench, design, save_to, difference, games)
    # An expression that does not parse: marked beside its field with check's located message
    # and rule id, and nothing played.
    shown = page.evaluate("last")
    box = page.locator('.parameter[data-name="numOfCategories"]')
    box.locator("input.value").fill("5.0 * (diffLevel")
    page.wait_for_function("document.body.dataset.state === 'refused'", timeout=30_000)
    message = box.locator(".problem").inner_text()
    # The line is where the design's file holds the value: the line after its key.
    lines = open(os.path.join(design, "DefaultGameParameters.plist")).read().splitlines()
    line = next(i for i, text in enumerate(lines) if "<key>numOfCategories</key>" in text) + 2
    if not re.match(rf"^Designs/relentless/DefaultGameParameters\.plist:{line}:\d+: error: numOfCategories: .*\[C5\]$", message):
        sys.exit(f"relentless: the broken expression's field says {message!r}, not check's message at line {line}")
    if page.evaluate("last") != shown:
        sys.exit("relentless: a block was played for the broken expression")
    box.locator("button.reset").click()
    page.wait_for_function("document.body.dataset.state === 'done'", timeout=60_000)


def check_options(browser, playbench, games, scratch):
    teams = ["expert,expert,expert", "casual,novice,casual,expert"]
    server = Explore(playbench, "Designs/relentless", games, os.path.join(scratch, "teams"), [w for t in teams for w in ("--team", t)])
    try:
        page = browser.new_page()
        page.goto(server.address)
        wait_done(page)
        names = page.evaluate("design.lineups")
        if len(names) != 2:
            sys.exit(f"relentless --team twice: the page offers {names}")
        page.select_option("#lineup", "1")
        page.wait_for_function(f"last && last.lineup === {json.dumps(names[1])} && last.final", timeout=60_000)
        block = page.evaluate("last")
        command = block["commands"]["design"]
        if f"--team {teams[0]} --team {teams[1]}" not in command:
            sys.exit(f"relentless --team twice: the page names {command}")
        printed = json.loads(subprocess.run([playbench] + command.split()[1:] + ["--format", "json"], check=True, capture_output=True, text=True).stdout)
        money = next(d["design"] for d in block["differences"] if d["metric"] == "finalMoney")
        if printed[1]["finalMoney"]["mean"] != money:
            sys.exit(f"relentless --team twice: simulate prints {printed[1]['finalMoney']['mean']} for {names[1]}, the page {money}")
        print(f"ok Designs/relentless --team x2: {names[1]} played as simulate plays it")
    finally:
        server.stop()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--playbench", required=True)
    parser.add_argument("--screenshot")
    parser.add_argument("--games", type=int, default=512)
    parser.add_argument("--designs", default=",".join(f"Designs/{name}" for name in EDITS))
    args = parser.parse_args()
    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as scratch:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for design in args.designs.split(","):
            check_design(browser, args.playbench, design, args.games, args.screenshot, scratch)
        if "Designs/relentless" in args.designs.split(","):
            check_options(browser, args.playbench, args.games, scratch)
        browser.close()


if __name__ == "__main__":
    main()
