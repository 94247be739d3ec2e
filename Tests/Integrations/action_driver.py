#!/usr/bin/env python3
"""Runs the repository's GitHub Action (action.yml) as a runner would, without GitHub.

    python3 Tests/Integrations/action_driver.py --playbench .build/dist/playbench.artifactbundle/…/bin/playbench

The workflow is the example of Integrations.md (the DocC article "In your project", "The GitHub
Action"): its `uses:` step's inputs, with `games` added (a CI budget). For each case a scratch git repository holds the design at a base
branch `main` and changed on a pull request's branch; the driver sets the GITHUB_* variables and
files a runner sets (GITHUB_STEP_SUMMARY, GITHUB_OUTPUT, GITHUB_ENV, GITHUB_ACTION_PATH,
GITHUB_BASE_REF, …), evaluates the `${{ }}` expressions action.yml uses (and refuses any other),
runs each `run:` step in order with `bash -e {0}` as a composite action's bash steps run, records
the `uses:` steps (the artifact upload) with their inputs, and then checks what the run left:

- pass (the shipped design, a layout-only change): exit 0, no annotation, every target met in the
  job summary, the report's summary and the diff there, the SARIF valid with no result, JUnit
  without a failure, the uploaded report a directory with report.html;
- fail (Designs/harsher's files under the shipped targets, plus one unused category): exit 1, the
  missed targets in the job summary exactly as JUnit's failures name them, the check's warning as
  an annotation with file, line and column and as the SARIF's one result at the same place, the
  SARIF valid against the SARIF 2.1.0 schema (Fixtures/sarif-schema-2.1.0.json).
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

import jsonschema
import yaml

from integration import ARTICLE, ROOT, fail as stop, article_examples, unused_category

HERE = os.path.dirname(os.path.abspath(__file__))
SCHEMA = os.path.join(HERE, "Fixtures", "sarif-schema-2.1.0.json")
EXPRESSION = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")


def fail(message, detail=""):
    stop("action_driver", message, detail)


def article_step():
    """Integrations.md's workflow example and the step that uses this action."""
    for block in article_examples("yaml"):
        steps = yaml.safe_load(block)
        if isinstance(steps, list):
            for step in steps:
                if str(step.get("uses", "")).startswith("playbench/playbench@"):
                    return steps, step
    fail(f"{ARTICLE} has no workflow step using playbench/playbench@…")


class Run:
    """One run of the action: its inputs, environment and what its steps leave."""

    def __init__(self, action, inputs, workspace, temp):
        self.action = action
        self.workspace = workspace
        self.temp = temp
        self.inputs = {}
        for name, spec in action["inputs"].items():
            if name in inputs:
                self.inputs[name] = str(inputs[name])
            elif spec.get("required"):
                fail(f"input {name} is required and the workflow does not give it")
            else:
                self.inputs[name] = self.evaluate(str(spec.get("default", "")))
        unknown = set(inputs) - set(action["inputs"])
        if unknown:
            fail(f"the workflow gives inputs action.yml does not declare: {sorted(unknown)}")
        self.summary = os.path.join(temp, "step_summary.md")
        self.env_file = os.path.join(temp, "github_env")
        open(self.summary, "w").close()
        open(self.env_file, "w").close()
        self.step_outputs = {}
        self.annotations = []
        self.uploads = []
        self.log = ""

    github = {"action_path": ROOT, "base_ref": "main", "event_name": "pull_request", "workspace": None}

    def evaluate_one(self, expression):
        if m := re.fullmatch(r"inputs\.([A-Za-z0-9_-]+)", expression):
            return self.inputs[m.group(1)]
        if m := re.fullmatch(r"github\.([a-z_]+)", expression):
            return self.workspace if m.group(1) == "workspace" else self.github[m.group(1)]
        if m := re.fullmatch(r"steps\.([A-Za-z0-9_-]+)\.outputs\.([A-Za-z0-9_-]+)", expression):
            return self.step_outputs.get(m.group(1), {}).get(m.group(2), "")
        if m := re.fullmatch(r"contains\(inputs\.([A-Za-z0-9_-]+), '([^']*)'\)", expression):
            return "true" if m.group(2) in self.inputs[m.group(1)] else "false"
        fail(f"action.yml uses an expression this driver cannot evaluate: ${{{{ {expression} }}}}")

    def evaluate(self, text):
        return EXPRESSION.sub(lambda m: self.evaluate_one(m.group(1)), text)

    def environment(self):
        env = {k: v for k, v in os.environ.items() if not k.startswith(("GITHUB_", "RUNNER_", "INPUT_"))}
        env.update({
            "CI": "true", "GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": self.workspace, "GITHUB_ACTION_PATH": ROOT,
            "GITHUB_STEP_SUMMARY": self.summary, "GITHUB_ENV": self.env_file, "GITHUB_BASE_REF": "main",
            "GITHUB_HEAD_REF": "change", "GITHUB_EVENT_NAME": "pull_request", "RUNNER_TEMP": self.temp,
        })
        # GITHUB_ENV's NAME=value lines reach every later step.
        for line in open(self.env_file, encoding="utf-8").read().splitlines():
            if "=" in line:
                name, value = line.split("=", 1)
                env[name] = value
        return env

    def run(self):
        """Runs the steps in order; the exit status of the first failing step, else 0."""
        for index, step in enumerate(self.action["runs"]["steps"]):
            condition = step.get("if")
            if condition is not None and self.evaluate(str(condition)) != "true":
                continue
            if "uses" in step:
                self.uploads.append((step["uses"], {k: self.evaluate(str(v)) for k, v in step.get("with", {}).items()}))
                continue
            if step.get("shell") != "bash":
                fail(f"step {index} ({step.get('name')}): a composite step's shell must be bash here")
            env = self.environment()
            env.update({k: self.evaluate(str(v)) for k, v in step.get("env", {}).items()})
            outputs = os.path.join(self.temp, f"output-{index}")
            open(outputs, "w").close()
            env["GITHUB_OUTPUT"] = outputs
            script = os.path.join(self.temp, f"step-{index}.sh")
            open(script, "w", encoding="utf-8").write(self.evaluate(step["run"]))
            done = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", script], cwd=self.workspace, env=env,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            self.log += f"--- {step.get('name')} (exit {done.returncode})\n{done.stdout}"
            for line in done.stdout.splitlines():
                if m := re.match(r"^::(error|warning|notice)( [^:]*)?::(.*)$", line):
                    properties = dict(p.split("=", 1) for p in (m.group(2) or "").strip().split(",") if "=" in p)
                    self.annotations.append((m.group(1), properties, m.group(3)))
            if "id" in step:
                self.step_outputs[step["id"]] = dict(l.split("=", 1) for l in open(outputs).read().splitlines() if "=" in l)
            if done.returncode != 0:
                return done.returncode
        return 0

    def output(self, name):
        return self.evaluate(self.action["outputs"][name]["value"])


def git(workspace, *arguments):
    subprocess.run(["git", *arguments], cwd=workspace, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def scratch_repository(workspace, base_files, head_files, binary):
    """A repository whose main branch holds Designs/mine = base_files and whose branch `change`
    (checked out, as a pull request's checkout is) holds head_files."""
    os.makedirs(os.path.join(workspace, "bin"))
    shutil.copy(binary, os.path.join(workspace, "bin", "playbench"))
    git(workspace, "init", "-q", "-b", "main")
    git(workspace, "config", "user.email", "ci@playbench.invalid")
    git(workspace, "config", "user.name", "CI")
    for files, branch in [(base_files, None), (head_files, "change")]:
        if branch:
            git(workspace, "checkout", "-q", "-b", branch)
        design = os.path.join(workspace, "Designs", "mine")
        shutil.rmtree(design, ignore_errors=True)
        os.makedirs(design)
        for name, text in files.items():
            open(os.path.join(design, name), "w", encoding="utf-8").write(text)
        git(workspace, "add", "-A", "Designs")
        git(workspace, "commit", "-q", "-m", branch or "base")


def design_files(directory, balance_from=None):
    files = {n: open(os.path.join(directory, n), encoding="utf-8").read() for n in sorted(os.listdir(directory)) if n.endswith(".plist")}
    if balance_from:
        files["Balance.plist"] = open(os.path.join(balance_from, "Balance.plist"), encoding="utf-8").read()
    return files


def check_sarif(path, expected_results):
    sarif = json.load(open(path, encoding="utf-8"))
    schema = json.load(open(SCHEMA, encoding="utf-8"))
    errors = sorted(jsonschema.Draft4Validator(schema).iter_errors(sarif), key=lambda e: list(e.path))
    if errors:
        fail(f"{path} is not valid SARIF 2.1.0: " + "; ".join(f"{list(e.path)}: {e.message}" for e in errors[:5]))
    results = [r for run in sarif["runs"] for r in run.get("results", [])]
    located = []
    for r in results:
        where = r["locations"][0]["physicalLocation"]
        located.append((r["level"], where["artifactLocation"]["uri"], where["region"]["startLine"], where["region"]["startColumn"]))
    if located != expected_results:
        fail(f"SARIF results {located}, expected {expected_results}")


def check_junit(path, log=""):
    """(tests, names of the failed test cases) of gate's JUnit file."""
    if not path or not os.path.isfile(path):
        fail(f"gate wrote no JUnit file ({path})", log)
    root = ET.parse(path).getroot()
    suites = [root] if root.tag == "testsuite" else root.findall("testsuite")
    if root.tag not in ("testsuite", "testsuites") or not suites:
        fail(f"{path}: not a JUnit report (root <{root.tag}>)")
    cases = [c for s in suites for c in s.findall("testcase")]
    for s in suites:
        declared = int(s.get("tests", -1)), int(s.get("failures", -1))
        counted = len(s.findall("testcase")), len([c for c in s.findall("testcase") if c.find("failure") is not None])
        if declared != counted:
            fail(f"{path}: the suite declares {declared} tests and failures, holds {counted}")
    return len(cases), [c.get("name") for c in cases if c.find("failure") is not None]


def run_case(name, action, inputs, binary, base_files, head_files):
    workspace = tempfile.mkdtemp(prefix=f"playbench-action-{name}-")
    temp = tempfile.mkdtemp(prefix=f"playbench-runner-{name}-")
    try:
        scratch_repository(workspace, base_files, head_files, binary)
        run = Run(action, inputs, workspace, temp)
        status = run.run()
        summary = open(run.summary, encoding="utf-8").read()
        result = {"status": status, "summary": summary, "annotations": run.annotations, "uploads": run.uploads, "log": run.log}
        result["sarif"] = os.path.join(workspace, run.output("sarif")) if run.output("sarif") else None
        result["junit"] = os.path.join(workspace, run.output("junit")) if run.output("junit") else None
        result["report"] = os.path.join(workspace, run.output("report")) if run.output("report") else None
        result["workspace"] = workspace
        return result, lambda: (shutil.rmtree(workspace, ignore_errors=True), shutil.rmtree(temp, ignore_errors=True))
    except BaseException:
        shutil.rmtree(workspace, ignore_errors=True)
        shutil.rmtree(temp, ignore_errors=True)
        raise


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--playbench", required=True, help="the playbench binary the workflow's `playbench` input names")
    parser.add_argument("--games", default="200", help="games per team for report and diff (default 200)")
    args = parser.parse_args()
    action = yaml.safe_load(open(os.path.join(ROOT, "action.yml"), encoding="utf-8"))
    _, step = article_step()
    inputs = dict(step.get("with", {}))
    # The example's `playbench: bin/playbench` is the scratch repository's copy of --playbench.
    inputs["games"] = args.games
    shipped = os.path.join(ROOT, "Designs", "relentless")

    # Pass: the shipped design; the change only re-indents a comment (no change to play).
    base = design_files(shipped)
    head = dict(base)
    head["GameConfig.plist"] = base["GameConfig.plist"].replace("\tCheck a change with:", "\t Check a change with:", 1)
    result, cleanup = run_case("pass", action, inputs, args.playbench, base, head)
    try:
        if result["status"] != 0:
            fail(f"the shipped design: the action exited {result['status']}, expected 0", result["log"])
        if result["annotations"]:
            fail(f"the shipped design: annotations {result['annotations']}, expected none")
        summary = result["summary"]
        for words in ["## playbench check Designs/mine", "No errors.", "met"]:
            if words not in summary:
                fail(f"the shipped design's job summary lacks {words!r}", summary)
        if "❌ missed" in summary:
            fail("the shipped design's job summary has a missed target", summary)
        if "The two designs play the same" not in summary:
            fail("the diff of a layout-only change does not say it changes nothing", summary)
        check_sarif(result["sarif"], [])
        tests, failures = check_junit(result["junit"], result["log"])
        if tests == 0 or failures:
            fail(f"the shipped design's JUnit: {tests} tests, failures {failures}")
        uploads = [u for u in result["uploads"] if u[0].startswith("actions/upload-artifact@")]
        if len(uploads) != 1 or not os.path.isfile(os.path.join(result["workspace"], uploads[0][1]["path"], "report.html")):
            fail(f"the report is not uploaded as a directory holding report.html: {result['uploads']}")
        report_summary = open(os.path.join(result["report"], "summary.md"), encoding="utf-8").read()
        if report_summary.strip() not in summary:
            fail("the report's summary.md is not in the job summary", summary)
        print(f"pass: exit 0, {tests} targets met in JUnit and the summary, SARIF valid (no result), report uploaded, diff: no change")
    finally:
        cleanup()

    # Fail: Designs/harsher's files under the shipped targets, one unused category added.
    harsher = design_files(os.path.join(ROOT, "Designs", "harsher"), balance_from=shipped)
    harsher.pop("DemoGameParameters.plist", None)
    config = harsher["GameConfig.plist"]
    anchor = "<key>statefulItems</key>\n\t<array>\n"
    harsher["GameConfig.plist"] = config.replace(anchor, anchor + unused_category(), 1)
    lines = harsher["GameConfig.plist"].split("\n")
    bolt = next(i for i, l in enumerate(lines) if "<string>spareBolt</string>" in l)
    warning_line = max(i for i in range(bolt) if lines[i].strip() == "<dict>") + 1
    result, cleanup = run_case("fail", action, inputs, args.playbench, base, harsher)
    try:
        if result["status"] != 1:
            fail(f"Designs/harsher: the action exited {result['status']}, expected 1 (missed targets)", result["log"])
        tests, failures = check_junit(result["junit"], result["log"])
        if not failures:
            fail("Designs/harsher: JUnit has no failure")
        summary = result["summary"]
        # gate's Markdown: a row per target, "| ❌ missed | <the target's name> | …".
        missed = [row.split("|")[2].strip() for row in summary.splitlines() if row.startswith("| ❌ missed |")]
        if sorted(missed) != sorted(failures):
            fail(f"Designs/harsher: the job summary's missed targets {missed} are not JUnit's failures {failures}", summary)
        warnings = [a for a in result["annotations"] if a[0] == "warning"]
        expected_file = "Designs/mine/GameConfig.plist"
        if len(warnings) != 1 or warnings[0][1].get("file") != expected_file or warnings[0][1].get("line") != str(warning_line):
            fail(f"Designs/harsher: warning annotations {warnings}, expected one at {expected_file}:{warning_line}")
        column = warnings[0][1].get("col")
        if not any(a[0] == "error" and "misses balance targets" in a[2] for a in result["annotations"]):
            fail(f"Designs/harsher: no error annotation for the missed targets: {result['annotations']}")
        check_sarif(result["sarif"], [("warning", expected_file, warning_line, int(column))])
        if f"{expected_file}:{warning_line}:{column}: warning:" not in summary:
            fail("Designs/harsher: the check's warning is not in the job summary", summary)
        if "dailyExpense" not in summary and "changed" not in summary:
            fail("Designs/harsher: the diff against main is not in the job summary", summary)
        print(f"fail: exit 1, {len(failures)} of {tests} targets missed in JUnit and the summary, the warning annotated at "
              f"{expected_file}:{warning_line}:{column} and in the SARIF (valid), the diff in the summary")
    finally:
        cleanup()


if __name__ == "__main__":
    main()
