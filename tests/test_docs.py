"""The README and the guides in docs/ hold together: every relative link reaches its file and,
with a #fragment, a heading or anchor there; every `make` target they name is in the Makefile;
every picture in docs/img/ is at most 100 KB (they are kept in git); the README stays short.

Links are read as GitHub renders them: headings become anchors by GitHub's rule (lower case,
punctuation dropped, spaces to hyphens, a repeated heading numbered), code is not a link, and an
address with a scheme (https:, mailto:) is not checked. Pure file reading: no Django, no network.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
IMAGES = REPO / "docs" / "img"
IMAGE_LIMIT = 100 * 1024
README_LINES = 150

FENCE = re.compile(r"^\s*(```|~~~)")
CODE_SPAN = re.compile(r"(`+)(.+?)\1")
MARKDOWN_LINK = re.compile(r"!?\[(?:[^\]]|\][^(])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HTML_LINK = re.compile(r"<(?:a|img)\b[^>]*?\b(?:href|src)=\"([^\"]+)\"", re.IGNORECASE)
HTML_ANCHOR = re.compile(r"<a\b[^>]*?\b(?:id|name)=\"([^\"]+)\"", re.IGNORECASE)
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")
MAKE_IN_CODE = re.compile(r"^(?:\$\s*)?make\s+([a-z][a-z0-9_-]*)")
MAKE_RULE = re.compile(r"^([A-Za-z0-9_.-]+(?:[ \t]+[A-Za-z0-9_.-]+)*)[ \t]*:(?![=:])")


def documents() -> list[Path]:
    return [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]


def prose_and_code(text: str) -> tuple[list[str], list[str]]:
    """The lines outside fenced code blocks (code spans blanked out), and the code: each fenced
    line and each code span."""
    prose, code = [], []
    fenced = False
    for line in text.splitlines():
        if FENCE.match(line):
            fenced = not fenced
            continue
        if fenced:
            code.append(line)
            continue
        code.extend(span.group(2).strip() for span in CODE_SPAN.finditer(line))
        prose.append(CODE_SPAN.sub("", line))
    return prose, code


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it, from the heading's words as rendered."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link: its words
    text = re.sub(r"<[^>]+>", "", text)  # inline HTML
    text = text.replace("`", "").lower()
    text = re.sub(r"[^\w\- ]", "", text)  # punctuation goes; letters of every script stay
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    found: set[str] = set()
    seen: dict[str, int] = {}
    prose, _ = prose_and_code(path.read_text(encoding="utf-8"))
    for line in prose:
        found.update(HTML_ANCHOR.findall(line))
        heading = HEADING.match(line)
        if heading is None:
            continue
        name = slug(heading.group(2))
        count = seen.get(name, 0)
        seen[name] = count + 1
        found.add(name if count == 0 else f"{name}-{count}")
    return found


def links(path: Path) -> list[str]:
    prose, _ = prose_and_code(path.read_text(encoding="utf-8"))
    found = []
    for line in prose:
        found.extend(MARKDOWN_LINK.findall(line))
        found.extend(HTML_LINK.findall(line))
    return found


def broken_links(path: Path) -> list[str]:
    """Each relative link of ``path`` that reaches no file, or no anchor in its file."""
    broken = []
    for target in links(path):
        if SCHEME.match(target) or target.startswith("//"):
            continue
        address, _, fragment = target.partition("#")
        reached = (path.parent / address).resolve() if address else path
        if not reached.exists():
            broken.append(f"{target}: no such file")
        elif fragment and reached.suffix == ".md" and fragment not in anchors(reached):
            broken.append(f"{target}: no heading or anchor #{fragment} in {reached.name}")
    return broken


def make_targets_named(path: Path) -> set[str]:
    """The targets of every `make ...` written as code: in a code span or a fenced block."""
    _, code = prose_and_code(path.read_text(encoding="utf-8"))
    return {found.group(1) for line in code if (found := MAKE_IN_CODE.match(line.strip()))}


def makefile_targets(makefile: Path) -> set[str]:
    targets = set()
    for line in makefile.read_text(encoding="utf-8").splitlines():
        rule = MAKE_RULE.match(line)
        if rule and not line.startswith(("\t", " ", "#")):
            targets.update(rule.group(1).split())
    return targets - {".PHONY"}


# --- the checker itself: each check can fail ---------------------------------------------------

SLUGS = [
    ("Scoring a match", "scoring-a-match"),
    ("Rikken as the clubs' own programs keep it", "rikken-as-the-clubs-own-programs-keep-it"),
    ("Deleting, your own data, erasure", "deleting-your-own-data-erasure"),
    ("The pages' scripts", "the-pages-scripts"),
    ("Dependencies: one lock file", "dependencies-one-lock-file"),
    ("The `make bench` figures", "the-make-bench-figures"),
    ("See [the API](api.md)", "see-the-api"),
    ("Persian digits, ۰–۹", "persian-digits-۰۹"),
]


@pytest.mark.parametrize(("heading", "anchor"), SLUGS)
def test_a_heading_becomes_githubs_anchor(heading, anchor):
    assert slug(heading) == anchor


def test_the_checker_finds_a_broken_file_a_broken_anchor_and_a_missing_target(tmp_path):
    (tmp_path / "docs").mkdir()
    guide = tmp_path / "docs" / "guide.md"
    guide.write_text(
        '# Guide\n\n## Twice\n\n## Twice\n\n<a id="kept"></a>\n'
        "[ok](#twice-1) [ok](#kept) [ok](other.md#other) [ok](https://example.org/#x)\n"
        '[gone](missing.md) [gone](other.md#nowhere) <img src="img/none.webp">\n'
        "`[code](is-not-a-link.md)` and `make run`, `make nowhere`\n"
        "```sh\nmake test\n$ make bench PYTEST_ARGS=x\n[fenced](not-a-link.md)\n```\n"
        "Prose may say make anything.\n",
        encoding="utf-8",
    )
    (tmp_path / "docs" / "other.md").write_text("# Other\n", encoding="utf-8")
    (tmp_path / "Makefile").write_text(
        "run: sync\n\tpython manage.py runserver\ntest test-fast: sync\n.PHONY: run\nX := 1\n",
        encoding="utf-8",
    )
    assert broken_links(guide) == [
        "missing.md: no such file",
        "other.md#nowhere: no heading or anchor #nowhere in other.md",
        "img/none.webp: no such file",
    ]
    assert make_targets_named(guide) == {"run", "nowhere", "test", "bench"}
    assert makefile_targets(tmp_path / "Makefile") == {"run", "test", "test-fast"}


# --- the documents -----------------------------------------------------------------------------


@pytest.mark.parametrize("path", documents(), ids=lambda path: path.name)
def test_every_relative_link_reaches_its_file_and_heading(path):
    assert broken_links(path) == []


@pytest.mark.parametrize("path", documents(), ids=lambda path: path.name)
def test_every_make_target_named_is_in_the_makefile(path):
    missing = make_targets_named(path) - makefile_targets(REPO / "Makefile")
    assert missing == set(), f"{path.name} names make targets the Makefile lacks"


def test_every_picture_is_at_most_100_kb():
    pictures = sorted(IMAGES.iterdir())
    assert pictures, "docs/img/ holds the README's pictures: make screenshots"
    too_large = {p.name: p.stat().st_size for p in pictures if p.stat().st_size > IMAGE_LIMIT}
    assert too_large == {}


def test_the_readme_reads_in_five_minutes():
    lines = (REPO / "README.md").read_text(encoding="utf-8").count("\n")
    assert lines <= README_LINES
