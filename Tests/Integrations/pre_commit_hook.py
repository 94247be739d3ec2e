#!/usr/bin/env python3
"""The pre-commit hook (.pre-commit-hooks.yaml) on a scratch repository, with the binary built.

    python3 Tests/Integrations/pre_commit_hook.py --playbench .build/dist/…/bin/playbench

Needs the pre-commit framework (`pip install pre-commit`; .ci/run installs it). A scratch git
repository holds two designs: Designs/broken (the plugin fixture's, one error and one warning)
and Designs/fixed (the same with the error mended). `playbench` on the PATH is a wrapper that logs
each call and runs --playbench, so the hook builds nothing and its calls are counted.

1. `pre-commit try-repo ROOT playbench-check` with both designs staged fails, prints the broken
   design's error located (file, line, column, rule), and calls playbench once for all files;
2. with only the fixed design staged it passes;
3. the `.pre-commit-config.yaml` example of Integrations.md (the DocC article "In your project";
   its repo made this checkout, its rev HEAD) run by `pre-commit run` does the same as 1: the hook
   as users configure it.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

from integration import ARTICLE, FIXTURE_DESIGN, ROOT, fail as stop, fixture_findings, mended, article_examples



def fail(message, output=""):
    stop("pre_commit_hook", message, output)


def article_config():
    """The .pre-commit-config.yaml example of Integrations.md ("The pre-commit hook")."""
    configs = [b for b in article_examples("yaml") if b.lstrip().startswith("repos:")]
    if len(configs) != 1 or "id: playbench-check" not in configs[0]:
        fail(f"{ARTICLE} has no single .pre-commit-config.yaml example with the hook playbench-check")
    return configs[0]


def run(command, cwd, env):
    done = subprocess.run(command, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return done.returncode, done.stdout


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--playbench", required=True)
    args = parser.parse_args()
    scratch = tempfile.mkdtemp(prefix="playbench-pre-commit-")
    try:
        bin_dir = os.path.join(scratch, "bin")
        os.makedirs(bin_dir)
        calls = os.path.join(scratch, "calls.log")
        wrapper = os.path.join(bin_dir, "playbench")
        with open(wrapper, "w") as f:
            f.write(f'#!/bin/sh\necho "$*" >> "{calls}"\nexec "{os.path.abspath(args.playbench)}" "$@"\n')
        os.chmod(wrapper, 0o755)
        env = dict(os.environ, PATH=bin_dir + os.pathsep + os.environ["PATH"], PRE_COMMIT_HOME=os.path.join(scratch, "cache"))
        env.pop("GITHUB_ACTIONS", None)

        repo = os.path.join(scratch, "game")
        os.makedirs(repo)
        for command in (["git", "init", "-q", "-b", "main"], ["git", "config", "user.email", "ci@playbench.invalid"], ["git", "config", "user.name", "CI"]):
            subprocess.run(command, cwd=repo, check=True)
        broken = os.path.join(repo, "Designs", "broken")
        fixed = os.path.join(repo, "Designs", "fixed")
        shutil.copytree(FIXTURE_DESIGN, broken)
        shutil.copytree(FIXTURE_DESIGN, fixed)
        config = os.path.join(fixed, "GameConfig.plist")
        text = mended(open(config, encoding="utf-8").read())
        open(config, "w", encoding="utf-8").write(text)
        error_line = next(l for l, _, severity, _ in fixture_findings(open(os.path.join(broken, "GameConfig.plist"), encoding="utf-8").read()) if severity == "error")
        located = re.compile(rf"^Designs/broken/GameConfig\.plist:{error_line}:\d+: error: .*\[C2\]$", re.M)

        subprocess.run(["git", "add", "Designs"], cwd=repo, check=True)
        status, output = run([sys.executable, "-m", "pre_commit", "try-repo", ROOT, "playbench-check", "--verbose"], repo, env)
        called = open(calls).read().splitlines() if os.path.exists(calls) else []
        if status == 0 or not located.search(output) or "Designs/fixed/" in "".join(l for l in output.splitlines() if ": error:" in l):
            fail(f"try-repo with the broken design staged: exit {status}, expected a failure locating Designs/broken/GameConfig.plist:{error_line}", output)
        if len(called) != 1 or not all(f"Designs/{d}/{n}" in called[0] for d in ("broken", "fixed") for n in ("GameConfig.plist", "DefaultGameParameters.plist")):
            fail(f"the hook called playbench {len(called)} times ({called}), expected once with all four staged files")
        print(f"try-repo, broken and fixed staged: fails at Designs/broken/GameConfig.plist:{error_line} [C2], one playbench call for 4 files")

        subprocess.run(["git", "rm", "-q", "-r", "--cached", "Designs/broken"], cwd=repo, check=True)
        shutil.rmtree(broken)
        os.remove(calls)
        status, output = run([sys.executable, "-m", "pre_commit", "try-repo", ROOT, "playbench-check", "--verbose"], repo, env)
        if status != 0 or "Passed" not in output:
            fail(f"try-repo with only the fixed design staged: exit {status}", output)
        print("try-repo, fixed staged: passes")

        # The article's configuration, pointed at this checkout's HEAD.
        head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, check=True, stdout=subprocess.PIPE, text=True).stdout.strip()
        example = article_config()
        example = re.sub(r"repo: \S+", f"repo: {ROOT}", example, count=1)
        example = re.sub(r"rev: \S+", f"rev: {head}", example, count=1)
        open(os.path.join(repo, ".pre-commit-config.yaml"), "w").write(example)
        shutil.copytree(FIXTURE_DESIGN, broken)
        subprocess.run(["git", "add", "Designs", ".pre-commit-config.yaml"], cwd=repo, check=True)
        status, output = run([sys.executable, "-m", "pre_commit", "run"], repo, env)
        if status == 0 or not located.search(output):
            fail(f"Integrations.md's configuration with the broken design staged: exit {status}", output)
        print("Integrations.md's .pre-commit-config.yaml: the same failure, located")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
