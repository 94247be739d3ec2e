#!/usr/bin/env python3
"""PlaybenchCheckPlugin in a game's package, built against the artifact bundle (issue 40's proof).

    python3 Tests/Integrations/plugin_build.py --plugins .build/dist/PlaybenchPlugins

The fixture (Tests/Integrations/PluginFixture) is the Package.swift example of Integrations.md (the
DocC article "In your project") with its URL made a path (asserted here, so the article's example
is the one built), and a design with one error and one warning. In a scratch folder beside a copy of the plugins' package:

1. `swift build` fails, printing exactly the two findings, each at the file, line and column
   computed here from the fixture's text (not from playbench's output);
2. `swift package playbench check Sources/MyGame/Design` (the command plugin) reports the same two
   through SwiftPM's diagnostics and fails;
3. with the error fixed, `swift build` succeeds and still shows the warning;
4. a second `swift build` does not run the check again (its stamp is untouched);
5. a change to a design file runs it again.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

from integration import ARTICLE, fail as stop, fixture_findings, mended, article_examples, article_text

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURE = os.path.join(HERE, "PluginFixture")
LOCATED = re.compile(r"^(/[^:\s]+\.plist):(\d+):(\d+): (error|warning): (.*)$")


def fail(message, output=""):
    stop("plugin_build", message, output)


def article_manifest():
    """The Package.swift example of Integrations.md ("The build plugin")."""
    manifests = [b for b in article_examples("swift") if "PlaybenchCheckPlugin" in b and "Package(" in b]
    if len(manifests) != 1:
        fail(f"{ARTICLE} has {len(manifests)} Package.swift examples naming PlaybenchCheckPlugin, not 1")
    return manifests[0]


def located(output, config):
    found = set()
    for line in output.splitlines():
        m = LOCATED.match(line.strip())
        if m and os.path.realpath(m.group(1)) == os.path.realpath(config):
            rule = re.search(r"\[([A-Z][0-9.]*)\]$", m.group(5))
            found.add((int(m.group(2)), int(m.group(3)), m.group(4), rule.group(1) if rule else None))
    return found


def run(command, cwd):
    done = subprocess.run(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return done.returncode, done.stdout


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--plugins", required=True, help="the PlaybenchPlugins package .ci/artifact-bundle made")
    args = parser.parse_args()

    manifest = open(os.path.join(FIXTURE, "Package.swift"), encoding="utf-8").read()
    example = re.sub(r'\.package\(url: "[^"]*PlaybenchPlugins", from: "[^"]*"\)', '.package(path: "../PlaybenchPlugins")', article_manifest())
    if example.strip() != manifest.strip():
        fail(f"Tests/Integrations/PluginFixture/Package.swift is not {ARTICLE}'s example with its URL made a path:\n" + example)
    print("Integrations.md's Package.swift example: the fixture's manifest")

    scratch = tempfile.mkdtemp(prefix="playbench-plugin-")
    try:
        # Hard links: the bundle's binary is 100 MB.
        subprocess.run(["cp", "-al", os.path.abspath(args.plugins), os.path.join(scratch, "PlaybenchPlugins")], check=True)
        game = os.path.join(scratch, "MyGame")
        shutil.copytree(FIXTURE, game, ignore=shutil.ignore_patterns(".build"))
        config = os.path.join(game, "Sources", "MyGame", "Design", "GameConfig.plist")
        expected = fixture_findings(open(config, encoding="utf-8").read())

        status, output = run(["swift", "build"], game)
        if status == 0:
            fail("swift build passed with an error in the design", output)
        found = located(output, config)
        if found != expected:
            fail(f"swift build reported {sorted(found)}, expected exactly {sorted(expected)}", output)
        if "playbench check Design" not in output:
            fail("the build did not run the check (no 'playbench check Design' step)", output)
        print(f"swift build: fails with exactly {len(found)} located findings ({', '.join(f'{s} at {l}:{c} [{r}]' for l, c, s, r in sorted(found))})")

        status, output = run(["swift", "package", "playbench", "check", "Sources/MyGame/Design"], game)
        plugin_found = set()
        for line in output.splitlines():
            m = re.match(r"^(error|warning): ([^:\s]+\.plist):(\d+):(\d+): (.*)\[([A-Z][0-9.]*)\]$", line.strip())
            if m and os.path.realpath(os.path.join(game, m.group(2))) == os.path.realpath(config):
                plugin_found.add((int(m.group(3)), int(m.group(4)), m.group(1), m.group(6)))
        if status == 0 or plugin_found != expected:
            fail(f"swift package playbench check: exit {status}, diagnostics {sorted(plugin_found)}", output)
        print("swift package playbench check: fails with the same findings as SwiftPM diagnostics")

        text = mended(open(config, encoding="utf-8").read())
        open(config, "w", encoding="utf-8").write(text)
        status, output = run(["swift", "build"], game)
        warning_only = {f for f in expected if f[2] == "warning"}
        if status != 0 or located(output, config) != warning_only:
            fail(f"swift build after the fix: exit {status}, findings {sorted(located(output, config))}, expected {sorted(warning_only)}", output)
        stamps = [os.path.join(d, f) for d, _, files in os.walk(os.path.join(game, ".build")) for f in files if f.startswith("PlaybenchCheck") and f.endswith(".swift")]
        if len(stamps) != 1:
            fail(f"expected one check stamp under .build, found {stamps}")
        stamp_time = os.stat(stamps[0]).st_mtime_ns
        print("swift build after the fix: passes, the warning shown")

        # The article's other command plugin example, its games capped.
        report = ["swift", "package", "playbench", "report", "Sources/MyGame/Design", "--output", "Reports/mine"]
        if "`" + " ".join(report) + "`" not in article_text().replace("\n", " "):
            fail(f"{ARTICLE} no longer shows " + " ".join(report))
        status, output = run(report + ["--games", "20"], game)
        if status != 0 or not os.path.isfile(os.path.join(game, "Reports", "mine", "report.html")):
            fail(f"{' '.join(report)}: exit {status}, no Reports/mine/report.html in the package", output)
        print("swift package playbench report: the report in the package's Reports/mine")

        status, output = run(["swift", "build"], game)
        if status != 0 or "playbench check" in output or os.stat(stamps[0]).st_mtime_ns != stamp_time:
            fail(f"a second swift build ran the check again (exit {status})", output)
        print("second swift build: the check does not run again")

        parameters = os.path.join(game, "Sources", "MyGame", "Design", "DefaultGameParameters.plist")
        with open(parameters, "a", encoding="utf-8") as f:
            f.write("<!-- touched -->\n")
        status, output = run(["swift", "build"], game)
        if status != 0 or "playbench check" not in output or os.stat(stamps[0]).st_mtime_ns == stamp_time:
            fail(f"a changed design file did not run the check again (exit {status})", output)
        print("a changed design file: the check runs again")

        # PlaybenchCheck.plist: a design outside the target is checked too; an unknown key stops the build, named.
        extra = os.path.join(game, "Designs", "extra")
        shutil.copytree(os.path.join(FIXTURE, "Sources", "MyGame", "Design"), extra)
        config_file = os.path.join(game, "Sources", "MyGame", "PlaybenchCheck.plist")
        plist = '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><dict><key>designs</key><array><string>../../Designs/extra</string></array>%s</dict></plist>\n'
        open(config_file, "w").write(plist % "")
        status, output = run(["swift", "build"], game)
        extra_config = os.path.join(extra, "GameConfig.plist")
        if status == 0 or located(output, extra_config) != expected:
            fail(f"a design named in PlaybenchCheck.plist: exit {status}, findings {sorted(located(output, extra_config))}", output)
        # SwiftPM plans a target's plugin commands again when its files come or go, or after a
        # clean, not when a file's content changes (the Integrations article says so).
        open(config_file, "w").write(plist % "<key>warningAsErrors</key><true/>")
        status, output = run(["swift", "build"], game)
        if status == 0 or located(output, extra_config) != expected:
            fail(f"an edited PlaybenchCheck.plist before a clean: exit {status}, expected the plan before the edit", output)
        run(["swift", "package", "clean"], game)
        status, output = run(["swift", "build"], game)
        if status == 0 or 'key "warningAsErrors" is not one of' not in output:
            fail(f"an unknown key in PlaybenchCheck.plist: exit {status}", output)
        print("PlaybenchCheck.plist: a design outside the target checked; after a clean, an unknown key named")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
