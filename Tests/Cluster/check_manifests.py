#!/usr/bin/env python3
"""The Kubernetes Indexed Job and the GitHub Actions matrix in Tests/Cluster, read by a YAML
parser (PyYAML) and checked field by field against what their schedulers read:

- kubernetes-indexed-job.yaml: a batch/v1 Job with completionMode Indexed (the mode that sets
  JOB_COMPLETION_INDEX), completions equal to the N of the command's `--shard auto/N`,
  parallelism at most that, restartPolicy Never or OnFailure (a Job refuses Always), a container
  with a name, an image and a command whose part path uses $JOB_COMPLETION_INDEX, and every
  volumeMount naming a volume of the pod;
- github-actions-matrix.yml: a shard job whose matrix lists exactly the indices 0..N-1 of its
  `--shard ${{ matrix.shard }}/N`, each uploading its part under a name the merge job's download
  pattern matches; a merge job that `needs` the shard job and runs `playbench merge` on those
  parts; every step a `uses` or a `run`, every `uses` pinned to a version.

Run by .ci/run; exits 1 naming the first field that is wrong.
"""

import re
import sys
from fnmatch import fnmatch
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent


def checker(file):
    """need(condition, message): exits naming the file and what is wrong unless the condition holds."""
    def need(condition, message):
        if not condition:
            sys.exit(f"{file}: {message}")
    return need


def kubernetes(path):
    job = yaml.safe_load(path.read_text())
    need = checker(path.name)

    need(job.get("apiVersion") == "batch/v1" and job.get("kind") == "Job", f"not a batch/v1 Job: {job.get('apiVersion')} {job.get('kind')}")
    need(isinstance(job.get("metadata", {}).get("name"), str), "metadata.name missing")
    spec = job.get("spec", {})
    unknown = set(spec) - {"completionMode", "completions", "parallelism", "backoffLimit", "backoffLimitPerIndex", "maxFailedIndexes",
                           "activeDeadlineSeconds", "ttlSecondsAfterFinished", "template", "podFailurePolicy", "suspend"}
    need(not unknown, f"spec has fields a Job does not: {sorted(unknown)}")
    need(spec.get("completionMode") == "Indexed", "spec.completionMode must be Indexed: only an Indexed Job sets JOB_COMPLETION_INDEX")
    completions, parallelism = spec.get("completions"), spec.get("parallelism", 1)
    need(isinstance(completions, int) and completions >= 1, "spec.completions must be a whole number")
    need(isinstance(parallelism, int) and 1 <= parallelism <= completions, "spec.parallelism must be 1..completions")
    pod = spec.get("template", {}).get("spec", {})
    need(pod.get("restartPolicy") in ("Never", "OnFailure"), f"template.spec.restartPolicy {pod.get('restartPolicy')!r}: a Job takes Never or OnFailure")
    containers = pod.get("containers", [])
    need(len(containers) >= 1, "template.spec.containers is empty")
    volumes = {volume.get("name") for volume in pod.get("volumes", [])}
    commands = []
    for container in containers:
        need(container.get("name") and container.get("image"), "a container without a name or an image")
        need(isinstance(container.get("command", []), list) and isinstance(container.get("args", []), list), "command and args must be lists")
        for mount in container.get("volumeMounts", []):
            need(mount.get("name") in volumes, f"volumeMount {mount.get('name')!r} names no volume of the pod")
            need(str(mount.get("mountPath", "")).startswith("/"), f"volumeMount {mount.get('name')!r}: mountPath must be absolute")
        for variable in container.get("env", []):
            need(isinstance(variable.get("name"), str) and isinstance(variable.get("value", ""), str), f"env {variable!r}: a name and a string value")
        commands += [part for part in container.get("command", []) + container.get("args", []) if "playbench" in part]
    need(len(commands) == 1, f"expected one playbench command in the containers, found {len(commands)}")
    command = commands[0]
    shard = re.search(r"--shard auto/(\d+)", command)
    need(shard is not None, "the command does not take its shard from the scheduler (--shard auto/N)")
    need(int(shard.group(1)) == completions, f"--shard auto/{shard.group(1)} but spec.completions is {completions}")
    need("$JOB_COMPLETION_INDEX" in command, "the part's path does not use $JOB_COMPLETION_INDEX: the pods would overwrite each other's parts")
    print(f"ok {path.name}: Indexed Job of {completions} completions ({parallelism} at once), --shard auto/{completions}, parts by $JOB_COMPLETION_INDEX")


def github_actions(path):
    workflow = yaml.safe_load(path.read_text())
    name = path.name
    need = checker(name)

    # PyYAML reads the bare key `on` as the boolean True (YAML 1.1).
    need(("on" in workflow or True in workflow) and isinstance(workflow.get("jobs"), dict), "a workflow needs `on` and `jobs`")
    jobs = workflow["jobs"]
    for job_name, job in jobs.items():
        need("runs-on" in job, f"job {job_name}: runs-on missing")
        for step in job.get("steps", []):
            need(("uses" in step) != ("run" in step), f"job {job_name}: a step must have exactly one of uses and run: {step}")
            if "uses" in step:
                need(re.fullmatch(r"[\w.-]+/[\w./-]+@[\w.-]+", step["uses"]) is not None, f"job {job_name}: `uses: {step['uses']}` is not owner/action@version")
    shard_jobs = [(n, j) for n, j in jobs.items() if any("--shard ${{ matrix.shard }}/" in s.get("run", "") for s in j.get("steps", []))]
    need(len(shard_jobs) == 1, "expected one job whose step runs --shard ${{ matrix.shard }}/N")
    shard_name, shard_job = shard_jobs[0]
    run = next(s["run"] for s in shard_job["steps"] if "--shard ${{ matrix.shard }}/" in s.get("run", ""))
    count = int(re.search(r"--shard \$\{\{ matrix\.shard \}\}/(\d+)", run).group(1))
    matrix = shard_job.get("strategy", {}).get("matrix", {}).get("shard")
    need(matrix == list(range(count)), f"strategy.matrix.shard is {matrix}, not the {count} indices 0..{count - 1} the command's /{count} needs")
    part = re.search(r"--part ((?:\$\{\{[^}]*\}\}|\S)+)", run)
    need(part is not None, "the shard step names no --part")
    uploads = [s for s in shard_job["steps"] if s.get("uses", "").startswith("actions/upload-artifact@")]
    need(any(s.get("with", {}).get("path") == part.group(1) for s in uploads), f"no upload-artifact step uploads {part.group(1)}")
    artifact = next(s["with"]["name"] for s in uploads if s.get("with", {}).get("path") == part.group(1))
    merge_jobs = [(n, j) for n, j in jobs.items() if any("playbench merge" in s.get("run", "") for s in j.get("steps", []))]
    need(len(merge_jobs) == 1, "expected one job that runs playbench merge")
    merge_name, merge_job = merge_jobs[0]
    needs = merge_job.get("needs")
    need(shard_name in ([needs] if isinstance(needs, str) else needs or []), f"job {merge_name} does not need {shard_name}: it would merge before the shards are done")
    downloads = [s for s in merge_job["steps"] if s.get("uses", "").startswith("actions/download-artifact@")]
    for shard in range(count):
        uploaded = artifact.replace("${{ matrix.shard }}", str(shard))
        need(any(fnmatch(uploaded, s.get("with", {}).get("pattern", s.get("with", {}).get("name", ""))) for s in downloads),
             f"job {merge_name} downloads no artifact named {uploaded}")
    need(any(s.get("with", {}).get("merge-multiple") is True for s in downloads), "the download must merge the artifacts into one directory (merge-multiple: true)")
    merge_run = next(s["run"] for s in merge_job["steps"] if "playbench merge" in s.get("run", ""))
    pattern = merge_run.split("playbench merge", 1)[1].split()[0]
    need(all(fnmatch(part.group(1).replace("${{ matrix.shard }}", str(shard)), pattern) for shard in range(count)),
         f"`playbench merge {pattern}` does not match every part {part.group(1)}")
    print(f"ok {name}: matrix shard 0..{count - 1} for --shard ${{{{ matrix.shard }}}}/{count}; {merge_name} needs {shard_name} and merges every uploaded part")


def main():
    kubernetes(HERE / "kubernetes-indexed-job.yaml")
    github_actions(HERE / "github-actions-matrix.yml")


if __name__ == "__main__":
    main()
