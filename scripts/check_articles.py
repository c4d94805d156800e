"""Checks the DocC articles' Markdown for damage that renders wrong without any DocC warning.

    python3 scripts/check_articles.py [ARTICLE.md ...]

With no arguments, checks every article of every catalog (Sources/*/Documentation.docc). An
article fails when a code fence is opened and never closed, when a heading is run into the end
of another line (`print(x) ### 1. Title`), or when a line inside a code block looks like one of
the article's section headings (a fence left open swallowed it). Prints one line per problem,
`file:line: message`, and exits 1 if there was any.
"""

import re
import sys
from pathlib import Path

FENCE = re.compile(r"^\s*(```|~~~)")
HEADING = re.compile(r"^#{1,6} \S")
HEADING_INSIDE = re.compile(r"\S\s+#{2,6} [A-Z0-9`]")


def problems(path):
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    opened = None  # (line number, marker) of the fence open at this point
    for number, line in enumerate(lines, 1):
        fence = FENCE.match(line)
        if fence:
            marker = fence.group(1)
            if opened is None:
                opened = (number, marker)
            elif marker == opened[1] and line.strip() == marker:
                opened = None
            continue
        if opened is not None:
            if HEADING.match(line) and re.match(r"^#{2,3} [A-Z0-9]", line):
                yield number, f"a heading inside the code block opened at line {opened[0]}"
            continue
        if HEADING_INSIDE.search(line) and not line.lstrip().startswith("|"):
            yield number, "a heading runs into the end of this line"
    if opened is not None:
        yield opened[0], "this code fence is never closed"


def main(arguments):
    paths = arguments or sorted(str(p) for p in Path("Sources").glob("*/Documentation.docc/**/*.md"))
    found = 0
    for path in paths:
        for number, message in problems(path):
            print(f"{path}:{number}: {message}")
            found += 1
    if found:
        print(f"check_articles: {found} problem(s) in the articles' Markdown", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
