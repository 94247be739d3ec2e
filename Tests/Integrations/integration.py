"""What the integration checks share: the repository's root, the README section whose examples
they run, and how they fail."""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SECTION = "## Use it in your project"


def fail(script, message, output=""):
    """Ends the check: the tail of what the tool printed, then why."""
    if output:
        print(output[-4000:])
    sys.exit(f"{script}: {message}")


def readme_examples(language):
    """The fenced blocks of `language` in the README's "Use it in your project" section."""
    text = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
    parts = text.split(SECTION, 1)
    if len(parts) != 2:
        sys.exit(f'README.md has no "{SECTION}" section')
    return re.findall(rf"```{language}\n(.*?)```", parts[1].split("\n## ", 1)[0], re.S)
