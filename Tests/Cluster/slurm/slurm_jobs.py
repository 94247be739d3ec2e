#!/usr/bin/env python3
"""Playbench's cluster runs on a real Slurm scheduler (Tests/Cluster/slurm/one-node-cluster.sh
starts one; SLURM_CONF must name it):

    Tests/Cluster/slurm/one-node-cluster.sh python3 Tests/Cluster/slurm/slurm_jobs.py --playbench PATH

1. The documented job arrays, submitted exactly as their scripts print them (Tests/Cluster/
   slurm-*.sbatch: a simulate of Relentless, a sweep of Andora, a gate of Shaky Words, each an
   array of 4 tasks and a merge as a dependent job): every merged output is byte for byte the
   unsharded run's, and the merge job's output and exit code are the unsharded run's. And a
   spec's tune (slurm-tune.sbatch): one job of 2 tasks meeting in --exchange, each task's output
   and task 0's directory byte for byte one machine's, and so is a merge of the exchange.
2. Faults, on the simulate array: a task cancelled mid-run (scancel: SIGTERM) and one killed
   mid-run (SIGKILL, as a node's death) leave no part or a whole one, and merge refuses the set
   naming the missing shards; `scontrol requeue` of both completes the set, removes what the
   killed task left, and the merge is exact; two attempts of one task at once (an array
   submitted twice, one of them holding back every task but one) leave one whole part and an
   exact merge; a task requeued after its design changed writes a part that merge refuses,
   naming the changed file.

Every script runs in a scratch directory where Designs/ and Tests/ link to the repository's, so
the scripts' relative paths are the ones a user's checkout has. Exits 1 on the first failed
check, printing what differed.
"""

import argparse
import filecmp
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

STARTED = time.time()
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "Tests" / "Cluster"


def benchmark_spec():
    """The three-target spec of Benchmarks/spec-tune.py, whose search on Relentless is quick."""
    loader = importlib.util.spec_from_file_location("spec_tune", ROOT / "Benchmarks" / "spec-tune.py")
    module = importlib.util.module_from_spec(loader)
    loader.loader.exec_module(module)
    return module.SPEC


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


def run(command, cwd, env=None, check_status=True):
    """Runs `command` in bash, as a user would type it."""
    result = subprocess.run(["bash", "-c", command], cwd=cwd, env=env, capture_output=True, text=True)
    if check_status and result.returncode != 0:
        raise Failure(f"`{command}` exited {result.returncode}:\n{result.stdout}{result.stderr}")
    return result


def printed_commands(script):
    """The submit-and-merge lines a script's header prints (`#   jobid=...`, `#   sbatch ...`)."""
    lines = [line[len("#   "):] for line in script.read_text().splitlines() if line.startswith("#   ")]
    check(len(lines) == 2 and lines[0].startswith("jobid=$(sbatch") and "--dependency=afterok:$jobid" in lines[1],
          f"{script.name}: expected the two printed lines (submit, then merge), found {lines}")
    return lines


def playbench_command(script):
    """The script's playbench command, its continuation lines joined."""
    text = script.read_text()
    match = re.search(r"^playbench (?:[^\n]*\\\n)*[^\n]*$", text, re.MULTILINE)
    check(match is not None, f"{script.name}: no playbench command")
    return re.sub(r"\\\n\s*", "", match.group(0))


def unsharded(command):
    """The same command for one machine: no --shard, --part, --exchange or --threads."""
    for option in (r"--shard \S+", r'--part "[^"]*"', r'--threads "[^"]*"', r'--exchange "[^"]*"'):
        command = re.sub(r"\s*" + option, "", command)
    return command


def playing(part):
    """How many processes of this machine write `part` (pgrep run directly: a shell running it
    would match its own command line)."""
    found = subprocess.run(["pgrep", "-f", "--", f"--part {part}"], capture_output=True, text=True)
    return len(found.stdout.split())


class Cluster:
    def __init__(self, env):
        self.env = env

    def scontrol(self, *arguments):
        return run("scontrol " + " ".join(arguments), ROOT, self.env)

    def records(self, job):
        """Every record of `job` (one per array task once it has started), as dictionaries."""
        result = run(f"scontrol -o show job {job}", ROOT, self.env, check_status=False)
        records = []
        for line in result.stdout.splitlines():
            records.append(dict(field.split("=", 1) for field in line.split() if "=" in field))
        return records

    def task(self, job, task):
        for record in self.records(f"{job}_{task}"):
            if record.get("ArrayTaskId") == str(task):
                return record
        return {}

    def wait_running(self, job, task, timeout=120):
        deadline = time.time() + timeout
        while time.time() < deadline:
            state = self.task(job, task).get("JobState")
            if state == "RUNNING":
                return
            check(state not in ("COMPLETED", "FAILED", "CANCELLED"), f"task {job}_{task} ended ({state}) before the test could stop it mid-run: give it more games")
            time.sleep(0.1)
        raise Failure(f"task {job}_{task} did not start in {timeout} s")

    def wait_playing(self, job, task, part, timeout=120):
        """Until task `task`'s playbench runs (and has not yet written `part`)."""
        self.wait_running(job, task, timeout)
        deadline = time.time() + timeout
        polls = 0
        while time.time() < deadline:
            if playing(part) >= 1:
                return
            polls += 1
            if polls % 25 == 0:  # every half second: a task that ended will never be seen playing
                state = self.task(job, task).get("JobState")
                check(state == "RUNNING", f"task {job}_{task} ended ({state}) before the test could stop it mid-run: give it more games (--fault-games)")
            time.sleep(0.02)
        raise Failure(f"task {job}_{task}: no playbench writing {part} in {timeout} s")

    def wait_done(self, job, timeout=600):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if not run(f"squeue -h -j {job}", ROOT, self.env, check_status=False).stdout.strip():
                return
            time.sleep(0.2)
        raise Failure(f"job {job} still queued or running after {timeout} s:\n" + run("squeue", ROOT, self.env).stdout)


def scratch(base, name):
    """A directory laid out like the repository's root for the scripts: Designs/ and Tests/."""
    directory = base / name
    directory.mkdir()
    for entry in ("Designs", "Tests"):
        (directory / entry).symlink_to(ROOT / entry)
    return directory


def same_tree(a, b, what):
    comparison = filecmp.dircmp(a, b)
    differing = comparison.left_only + comparison.right_only + comparison.diff_files + comparison.funny_files
    check(not differing, f"{what}: {a} and {b} differ in {differing}")
    for name in comparison.common_files:
        check(Path(a, name).read_bytes() == Path(b, name).read_bytes(), f"{what}: {name} differs")
    for name in comparison.common_dirs:
        same_tree(Path(a, name), Path(b, name), what)


def without_timing(text):
    """Output lines but the ones that report time taken or where a file went."""
    return [line for line in text.splitlines() if not re.search(r"\b(took|elapsed|games/s|in \d+(\.\d+)? ?s\b)", line)]


def documented_array(cluster, base, name, variables, outputs):
    """Runs slurm-NAME.sbatch's printed lines, then the same command on one machine."""
    script = EXAMPLES / f"slurm-{name}.sbatch"
    submit, merge = printed_commands(script)
    env = dict(cluster.env, **variables)
    sharded = scratch(base, f"{name}-sharded")
    job = run(f"{submit} && echo $jobid", sharded, env).stdout.split()[-1]
    submitted = run(f"jobid={job} && {merge}", sharded, env).stdout
    merge_job = re.search(r"Submitted batch job (\d+)", submitted)
    check(merge_job is not None, f"{name}: the merge's sbatch printed {submitted!r}")
    merge_job = merge_job.group(1)
    cluster.wait_done(job)
    cluster.wait_done(merge_job)
    tasks = [cluster.task(job, index) for index in range(4)]
    check(all(task.get("JobState") == "COMPLETED" for task in tasks), f"{name}: tasks ended {[t.get('JobState') for t in tasks]}")

    single = scratch(base, f"{name}-single")
    alone = run(unsharded(playbench_command(script)), single, env, check_status=False)
    merged = cluster.records(merge_job)[0]
    merged_status = int(merged["ExitCode"].split(":")[0])
    merge_log = (sharded / f"merge-{name}.log").read_text()
    check(merged_status == alone.returncode, f"{name}: merge exited {merged_status}, one machine {alone.returncode}\n{merge_log}{alone.stderr}")
    check(without_timing(merge_log) == without_timing(alone.stdout + alone.stderr),
          f"{name}: the merge job's output differs from one machine's:\n--- merge\n{merge_log}--- one machine\n{alone.stdout}{alone.stderr}")
    for output in outputs:
        a, b = sharded / output, single / output
        if a.is_dir() or b.is_dir():
            same_tree(a, b, name)
        else:
            check(a.is_file() and b.is_file() and a.read_bytes() == b.read_bytes(), f"{name}: {output} differs from one machine's (or is missing)")
    for index in range(4):
        check(f"shard {index}/4" in (sharded / f"playbench-{name}-{index}.log").read_text(), f"{name}: task {index}'s log does not name shard {index}/4")
    say(f"ok {name}: 4 array tasks and a dependent merge on Slurm, byte for byte one machine's {', '.join(outputs)} and exit code ({alone.returncode})")


def documented_spec(cluster, base, spec):
    """Runs slurm-tune.sbatch as its header says (one job whose 2 tasks meet in --exchange), the
    same tune on one machine, and merge of the exchange: each task's log, task 0's tune/ and the
    merge are one machine's, byte for byte."""
    script = EXAMPLES / "slurm-tune.sbatch"
    lines = [line[len("#   "):] for line in script.read_text().splitlines() if line.startswith("#   ")]
    check(len(lines) == 1 and lines[0].startswith("sbatch --wait "), f"{script.name}: expected one printed line (sbatch --wait), found {lines}")
    env = dict(cluster.env, SPEC=str(spec))
    sharded = scratch(base, "tune-sharded")
    run(lines[0], sharded, env)
    match = re.search(r"^playbench tune (?:[^\n]*\\\n)*[^\n]*$", script.read_text(), re.MULTILINE)
    check(match is not None, f"{script.name}: no playbench command")
    command = unsharded(re.sub(r"\\\n\s*", "", match.group(0)).rstrip("'"))
    single = scratch(base, "tune-single")
    alone = run(command, single, env)
    # A shard that waits over ten seconds for the other says so: not part of the result.
    expected = without_timing(alone.stdout + alone.stderr)
    for index in range(2):
        log = (sharded / f"playbench-tune-{index}.log").read_text()
        printed = [line for line in without_timing(log) if not line.startswith("tune: shard ")]
        check(printed == expected, f"tune: task {index}'s output differs from one machine's:\n--- task\n{log}--- one machine\n{alone.stdout}{alone.stderr}")
    same_tree(sharded / "tune", single / "tune", "tune")
    parts = sorted((sharded / "exchange" / "tune").glob("*.json"))
    check(len({part.name.split("-")[1] for part in parts}) == 2, f"tune: the exchange holds parts of {sorted({p.name for p in parts})[:4]}…, not of both tasks")
    replayed = scratch(base, "tune-merge")
    merged = run("playbench merge " + " ".join(str(part) for part in parts), replayed, env)
    check(without_timing(merged.stdout + merged.stderr) == expected, f"tune: merge of the exchange differs from one machine's:\n{merged.stdout}{merged.stderr}")
    same_tree(replayed / "tune", single / "tune", "tune (merge)")
    say(f"ok tune: a spec's 2 shards at once in one Slurm job, {len(parts)} parts exchanged; each task's output, tune/ and a merge byte for byte one machine's")


def say(line):
    print(f"[{time.time() - STARTED:5.1f} s] {line}", flush=True)


def parts_in(directory):
    return sorted(path.name for path in directory.iterdir()) if directory.exists() else []


def whole_part(path):
    """A part that parses and names its shard (merge checks its checksum)."""
    part = json.loads(path.read_text())
    check(isinstance(part, dict) and part.get("format", "").startswith("playbench-seam-part/"), f"{path} is not a whole part")


def faults(cluster, base, games):
    script = EXAMPLES / "slurm-simulate.sbatch"
    submit, _ = printed_commands(script)
    work = scratch(base, "faults")
    shutil.copytree(ROOT / "Designs" / "relentless", work / "design")
    env = dict(cluster.env, GAMES=str(games), DESIGN="design")
    parts = work / "parts" / "simulate"
    merge = "playbench merge parts/simulate/part-*.json"

    job = run(f"{submit} && echo $jobid", work, env).stdout.split()[-1]
    # Task 1 stopped as scancel stops a job (SIGTERM, then SIGKILL after KillWait); task 2
    # killed outright, as a node's death would: no chance to clean up. Each once its playbench
    # is playing (the node is this machine: its process is visible).
    cluster.wait_playing(job, 1, "parts/simulate/part-1.json")
    run(f"scancel {job}_1", work, env)
    cluster.wait_playing(job, 2, "parts/simulate/part-2.json")
    run(f"scancel --full --signal=KILL {job}_2", work, env)
    cluster.wait_done(job)
    states = [cluster.task(job, index).get("JobState") for index in range(4)]
    check(states[0] == states[3] == "COMPLETED" and states[1] != "COMPLETED" and states[2] != "COMPLETED", f"faults: task states {states}")
    names = parts_in(parts)
    check("part-0.json" in names and "part-3.json" in names, f"faults: the finished tasks' parts are missing: {names}")
    for name in ("part-1.json", "part-2.json"):
        if name in names:
            whole_part(parts / name)
    check(not any(name.startswith("part-") and name not in ("part-0.json", "part-3.json") for name in names),
          f"faults: a stopped task left a part: {names}")
    refused = run(merge, work, env, check_status=False)
    check(refused.returncode == 65 and "shards 1/4, 2/4 missing" in refused.stderr, f"faults: merge of an incomplete set: exit {refused.returncode}: {refused.stderr}")
    say(f"ok a task cancelled and a task killed mid-run left no part (the directory held {names}); merge refused the set: {refused.stderr.strip().splitlines()[-1]}")

    cluster.scontrol("requeue", f"{job}_1,{job}_2")
    cluster.wait_done(job)
    states = [cluster.task(job, index).get("JobState") for index in range(4)]
    check(states == ["COMPLETED"] * 4, f"faults: after the requeue, task states {states}")
    names = parts_in(parts)
    check(names == [f"part-{index}.json" for index in range(4)], f"faults: after the requeue the parts directory holds {names}: four parts and nothing else")
    run(merge, work, env)
    single = scratch(base, "faults-single")
    (single / "design").symlink_to(work / "design")
    run(unsharded(playbench_command(script)), single, env)
    check((work / "simulate.json").read_bytes() == (single / "simulate.json").read_bytes(), "faults: the merge after the requeue differs from one machine's simulate.json")
    say("ok `scontrol requeue` of both completed the set (four parts, no temporary file left); the merge is byte for byte one machine's")

    # Two attempts of task 2 at once: the first array runs one task at a time (%1) on one CPU;
    # a second array of the same shape holds back all but its task 2, which starts once the
    # first array's task 2 has (after:JOB_2), beside it on the node's other CPU.
    race = scratch(base, "race")
    (race / "design").symlink_to(work / "design")
    race_env = env
    first = run(f"sbatch --parsable --array=0-3%1 --cpus-per-task=1 {script.relative_to(ROOT)}", race, race_env).stdout.strip()
    second = run(f"sbatch --parsable --array=0-3 --cpus-per-task=1 --dependency=after:{first}_2 {script.relative_to(ROOT)}", race, race_env).stdout.strip()
    run(f"scancel {second}_0 {second}_1 {second}_3", race, race_env)
    # Seen at once: two playbench processes writing the race's part 2 (Slurm's times are whole
    # seconds, too coarse to show an overlap of one).
    both = False
    while not both and run(f"squeue -h -j {second}", race, race_env, check_status=False).stdout.strip():
        both = playing("parts/simulate/part-2.json") == 2
        time.sleep(0.02)
    cluster.wait_done(first)
    cluster.wait_done(second)
    a, b = cluster.task(first, 2), cluster.task(second, 2)
    check(a.get("JobState") == b.get("JobState") == "COMPLETED", f"race: the two attempts ended {a.get('JobState')} and {b.get('JobState')}")
    check(both, f"race: the two attempts were never seen running at once ({a['StartTime']}..{a['EndTime']}, {b['StartTime']}..{b['EndTime']}): give them more games")
    names = parts_in(race / "parts" / "simulate")
    check(names == [f"part-{index}.json" for index in range(4)], f"race: the parts directory holds {names}")
    run(merge, race, race_env)
    check((race / "simulate.json").read_bytes() == (single / "simulate.json").read_bytes(), "race: the merge differs from one machine's simulate.json")
    say("ok two attempts of task 2 ran at once (both processes seen) and left one whole part; the merge is exact")

    # The design changes; task 3 is requeued and plays the changed design.
    parameters = work / "design" / "DefaultGameParameters.plist"
    text = parameters.read_text()
    changed = re.sub(r"(<key>dailyExpense</key>\s*<(?:integer|string)>)(\d+)", lambda m: m.group(1) + str(int(m.group(2)) + 1), text, count=1)
    check(changed != text, "faults: the design's dailyExpense was not found to change")
    parameters.write_text(changed)
    cluster.scontrol("requeue", f"{job}_3")
    cluster.wait_done(job)
    check(cluster.task(job, 3).get("JobState") == "COMPLETED", "faults: the requeued task 3 did not complete")
    refused = run(merge, work, env, check_status=False)
    check(refused.returncode == 65 and "DefaultGameParameters.plist changed" in refused.stderr,
          f"faults: merge of parts from two versions of the design: exit {refused.returncode}: {refused.stderr}")
    say(f"ok a part of a changed design was refused: {refused.stderr.strip().splitlines()[-1]}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--playbench", required=True, help="the playbench binary the jobs run")
    parser.add_argument("--games", type=int, default=400, help="games of the documented simulate (default 400)")
    parser.add_argument("--fault-games", type=int, default=24000, help="games of the faults' simulate (default 24000: each task plays for seconds, so the two attempts of one overlap and a loaded machine still sees it playing)")
    parser.add_argument("--keep", action="store_true", help="keep the scratch directory")
    arguments = parser.parse_args()
    if not os.environ.get("SLURM_CONF"):
        sys.exit("SLURM_CONF is not set: run under Tests/Cluster/slurm/one-node-cluster.sh")
    binary = Path(arguments.playbench).resolve()
    base = Path(tempfile.mkdtemp(prefix="playbench-slurm-jobs."))
    bin_dir = base / "bin"
    bin_dir.mkdir()
    (bin_dir / "playbench").symlink_to(binary)
    # sbatch passes the submitting environment on: the tasks find this playbench first.
    env = dict(os.environ, PATH=f"{bin_dir}:{os.environ['PATH']}")
    cluster = Cluster(env)
    # A Balance.plist for Shaky Words whose sharded gate (every look, up to maxGames) is quick.
    balance = (ROOT / "Designs" / "shaky-words" / "Balance.plist").read_text()
    quick = re.sub(r"(<key>seed</key>)", "<key>firstGames</key>\n\t<integer>50</integer>\n\t<key>maxGames</key>\n\t<integer>200</integer>\n\t\\1", balance, count=1)
    (base / "QuickBalance.plist").write_text(quick)
    try:
        documented_array(cluster, base, "simulate", {"GAMES": str(arguments.games)}, ["simulate.json"])
        documented_array(cluster, base, "sweep", {"GAMES": "40"}, ["sweep"])
        documented_array(cluster, base, "gate", {"BALANCE": str(base / "QuickBalance.plist")}, ["gate.xml", "gate.md"])
        spec = base / "Spec.plist"
        spec.write_text(benchmark_spec())
        documented_spec(cluster, base, spec)
        faults(cluster, base, arguments.fault_games)
    except Failure as failure:
        print(f"FAILED: {failure}", file=sys.stderr)
        print(f"(scratch kept in {base})", file=sys.stderr)
        sys.exit(1)
    if not arguments.keep:
        shutil.rmtree(base)


if __name__ == "__main__":
    main()
