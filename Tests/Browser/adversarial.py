#!/usr/bin/env python3
"""Reports of designs the shipped ones are not, checked in Chromium (issue 39).

The shipped designs have short names and gentle money; a designer's own design need not. For each
game with lineups, this makes a design from the shipped one or from `playbench init` with:
  - Relentless: persona names of 28-35 characters, a default team of 6 (so the report's teams run
    from 3 to 6 players), and a daily expense of 30 + 40 × diffLevel, so money goes below 0 and
    games are lost (the money charts' shading, the horizon's ruin);
  - Andora: rule variants with long names;
  - Shaky Words: contests of personas with long names;
  - Turn Tracker: tables of long-named personas playing a long-named game;
then runs `playbench report` on it (few games: the page's layout, not its numbers, is checked)
and Tests/Browser/check_report.py on the page: no text out of its chart or over another, no legend
on the marks, every section's charts drawn.

Usage: adversarial.py --playbench .build/release/playbench [--work DIR] [--keep]
Exits 1 when a report fails its check, naming the design.
"""
import argparse
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
CHECK = HERE / "check_report.py"

LONG = {
    "regular": "methodical-veteran-of-many-evenings",
    "hurried": "hurried-newcomer-on-a-first-night",
    "patient": "patient-planner-who-reads-every-order",
}


def rename(folder: pathlib.Path, names: dict, files: list) -> None:
    """Every `<key>NAME</key>` and `<string>NAME</string>` of `files` renamed."""
    for name in files:
        path = folder / name
        text = path.read_text(encoding="utf-8")
        for old, new in names.items():
            text = text.replace(f"<key>{old}</key>", f"<key>{new}</key>").replace(f"<string>{old}</string>", f"<string>{new}</string>")
        path.write_text(text, encoding="utf-8")


def set_parameter(path: pathlib.Path, key: str, element: str) -> None:
    text = path.read_text(encoding="utf-8")
    edited, count = re.subn(rf"<key>{key}</key>\s*<(integer|real|string)>[^<]*</(integer|real|string)>", f"<key>{key}</key>{element}", text)
    if count != 1:
        sys.exit(f"adversarial: {path} has no {key} to set")
    path.write_text(edited, encoding="utf-8")


def copy_design(name: str, work: pathlib.Path, files: list) -> pathlib.Path:
    folder = work / f"long-{name}"
    folder.mkdir()
    for file in files:
        shutil.copy(ROOT / "Designs" / name / file, folder / file)
    return folder


def relentless(playbench: str, work: pathlib.Path) -> tuple:
    folder = work / "long-relentless"
    run([playbench, "init", str(folder)])
    rename(folder, LONG, ["Players.plist", "Balance.plist"])
    players = folder / "Players.plist"
    text = players.read_text(encoding="utf-8")
    six = [LONG["regular"], LONG["regular"], LONG["hurried"], LONG["hurried"], LONG["patient"], LONG["regular"]]
    team = "<array>" + "".join(f"<string>{n}</string>" for n in six) + "</array>"
    text, count = re.subn(r"(<key>defaultTeam</key>\s*)<array>.*?</array>", lambda m: m.group(1) + team, text, count=1, flags=re.S)
    if count != 1:
        sys.exit("adversarial: the starter's Players.plist has no defaultTeam")
    players.write_text(text, encoding="utf-8")
    set_parameter(folder / "DefaultGameParameters.plist", "dailyExpense", "<string>30 + 40 * diffLevel</string>")
    return folder, ["--games", "150"], None


def andora(playbench: str, work: pathlib.Path) -> tuple:
    folder = copy_design("andora", work, ["Andora.plist"])
    path = folder / "Andora.plist"
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"(<key>name</key>\s*<string>)([^<]*)(</string>)", lambda m: f"{m.group(1)}{m.group(2)} with the designer's house rule for a full target{m.group(3)}", text)
    path.write_text(text, encoding="utf-8")
    return folder, ["--agents", "random", "--agents", "greedy", "--games", "60"], "outcomes,advantage,effects,draws,length"


def shaky_words(playbench: str, work: pathlib.Path) -> tuple:
    folder = copy_design("shaky-words", work, ["ShakyWords.plist", "QuizPacks.plist"])
    rename(folder, {"quick": "quick-thinking-champion-of-the-pub-quiz", "casual": "casual-player-who-came-for-the-snacks", "novice": "novice-guessing-every-answer"}, ["ShakyWords.plist"])
    return folder, ["--games", "20"], "difficulty,length,timeouts,shakes,shake-points,wins,scores"


def turn_tracker(playbench: str, work: pathlib.Path) -> tuple:
    folder = copy_design("turn-tracker", work, ["Games.plist", "Sessions.plist"])
    rename(folder, {"steady": "steady-player-who-plans-on-others-turns", "focused": "focused-strategist-counting-every-point",
                    "distracted": "distracted-friend-checking-the-phone", "Spirit Island": "Spirit Island: Jagged Earth with every expansion"},
           ["Games.plist", "Sessions.plist"])
    return folder, ["--games", "40"], "length,growth,waiting,timer,phases"


def run(command: list) -> subprocess.CompletedProcess:
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"adversarial: {' '.join(command)} exited {result.returncode}:\n{result.stderr[-2000:]}")
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--playbench", default=str(ROOT / ".build/release/playbench"))
    parser.add_argument("--work", help="where the designs and reports go (default: a temporary folder, removed)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    options = parser.parse_args()
    work = pathlib.Path(options.work) if options.work else pathlib.Path(tempfile.mkdtemp(prefix="adversarial-"))
    work.mkdir(parents=True, exist_ok=True)
    failed = []
    try:
        for make in (relentless, andora, shaky_words, turn_tracker):
            folder, arguments, sections = make(options.playbench, work)
            output = work / f"{folder.name}-report"
            run([options.playbench, "report", str(folder), "--output", str(output)] + arguments)
            checks = [[] if sections is None else ["--sections", sections]]
            if sections is None:
                checks.append(["--sections", "horizon"])
            for extra in checks:
                shot = work / f"{folder.name}{'-' + extra[1] if extra else ''}.png"
                result = subprocess.run([sys.executable, str(CHECK), str(output / "report.html"), str(shot)] + extra, capture_output=True, text=True)
                sys.stdout.write(result.stdout)
                if result.returncode != 0:
                    failed.append(folder.name)
    finally:
        if not options.work and not options.keep:
            shutil.rmtree(work, ignore_errors=True)
    if failed:
        print(f"adversarial: the reports of {', '.join(sorted(set(failed)))} fail the browser check")
        return 1
    print("adversarial: 4 designs with long names, teams of 3 to 6 and losses: every report passes the browser check")
    return 0


if __name__ == "__main__":
    sys.exit(main())
