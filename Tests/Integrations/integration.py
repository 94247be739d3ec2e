"""What the integration checks share: the repository's root, the DocC article whose examples they
run (Integrations.md, "In your project"), and how they fail."""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ARTICLE = os.path.join("Sources", "PlaybenchCLI", "Playbench.docc", "Integrations.md")


def fail(script, message, output=""):
    """Ends the check: the tail of what the tool printed, then why."""
    if output:
        print(output[-4000:])
    sys.exit(f"{script}: {message}")


def article_text():
    """The Integrations article (the reference for the build plugin, the Action and the hook)."""
    path = os.path.join(ROOT, ARTICLE)
    if not os.path.isfile(path):
        sys.exit(f"{ARTICLE} is missing")
    return open(path, encoding="utf-8").read()


def article_examples(language):
    """The fenced blocks of `language` in the Integrations article: the lines a project adds."""
    return re.findall(rf"```{language}\n(.*?)```", article_text(), re.S)


FIXTURE_DESIGN = os.path.join(ROOT, "Tests", "Integrations", "PluginFixture", "Sources", "MyGame", "Design")


def fixture_findings(text):
    """(line, column, severity, rule) of the fixture catalogue's two mistakes, found in its text
    (not in playbench's output): the warning at the <dict> that opens "spareBolt" (C2), the error
    at the value of gem's stateImageStrings, the line after its key (six identifiers, seven
    images; C2)."""
    lines = text.split("\n")
    bolt = next(i for i, l in enumerate(lines) if "<string>spareBolt</string>" in l)
    opening = max(i for i in range(bolt) if lines[i].strip() == "<dict>")
    gem = next(i for i, l in enumerate(lines) if "<string>gem</string>" in l)
    images = next(i for i in range(gem, len(lines)) if "<key>stateImageStrings</key>" in lines[i]) + 1
    column = lambda i: len(lines[i]) - len(lines[i].lstrip("\t")) + 1
    return {(opening + 1, column(opening), "warning", "C2"), (images + 1, column(images), "error", "C2")}


def mended(text):
    """The fixture catalogue with its error fixed: gem's "amethyst" identifier put back."""
    fixed = text.replace("<string>jade</string>\n\t\t\t</array>", "<string>jade</string>\n\t\t\t\t<string>amethyst</string>\n\t\t\t</array>", 1)
    if fixed == text:
        sys.exit("integration: could not put amethyst back into the fixture's catalogue")
    return fixed


def unused_category():
    """The fixture's "spareBolt" category (its warning), as the lines of its <dict>."""
    lines = open(os.path.join(FIXTURE_DESIGN, "GameConfig.plist"), encoding="utf-8").read().split("\n")
    bolt = next(i for i, l in enumerate(lines) if "<string>spareBolt</string>" in l)
    start = max(i for i in range(bolt) if lines[i].strip() == "<dict>")
    end = next(i for i in range(bolt, len(lines)) if lines[i].strip() == "</dict>")
    return "\n".join(lines[start:end + 1]) + "\n"
