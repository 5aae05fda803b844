"""The tournament formats are a registry, as the games are: pure Python, asked by shared code
and never named by it (the import graph's own checks are tests/test_import_graph.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.tournaments import formats
from games.tournaments.formats import FORMATS, DrawRequest, Named, UnknownFormat, get_format
from tests.games.rules.test_purity import imported_modules

ROOT = Path(__file__).resolve().parents[3]
FORMATS_DIR = Path(formats.__file__).parent
# What asks a format by its name instead of asking the format: a comparison with the tournament's
# format, the old set of pairs formats, a lookup keyed by the format, a format's slug in quotes.
SLUG_TESTS = re.compile(
    r"\bformat\s*(==|!=|\bin\b|\bnot\s+in\b)|PAIRS_FORMATS|\.format\]|"
    + "|".join(rf"[\"']{slug}[\"']|format={slug}\b" for slug in FORMATS)
)
SHARED_CODE = ("games", "api", "scorekeeper", "templates", "static/js")


def test_the_four_formats_are_registered_in_the_forms_order():
    assert list(FORMATS) == ["individual", "swiss", "round_robin", "knockout"]
    assert [f.pairs for f in FORMATS.values()] == [False, True, True, True]
    assert get_format("knockout").round_kinds == {"game", "match"}


def test_an_unknown_format_names_the_known_ones():
    with pytest.raises(UnknownFormat) as refused:
        get_format("ladder")

    assert str(refused.value) == (
        "Unknown format 'ladder'; the formats are individual, swiss, round_robin, knockout."
    )


@pytest.mark.parametrize(
    ("report", "final"), [({"bracket": [[1, 2]]}, True), ({"bracket": [[1, 2], [3, 4]]}, False)]
)
def test_only_a_knockout_has_a_final(report, final):
    assert get_format("knockout").is_final(report) is final
    assert not any(f.is_final(report) for f in FORMATS.values() if not f.has_final)


def test_a_report_names_its_entrants_as_its_format_says():
    """An import gives the entrants new ids: the knockout's bracket follows them, a report
    without ids stays as it is, and a bracket of another shape is refused."""
    new_ids = {1: 11, 2: 12, 3: 13}.get
    swiss = {"rematches": 0, "bye": "Ana & Ben", "notes": []}

    assert get_format("knockout").report_entrants(
        {"bracket": [[1, 2], [3, None]], "notes": []}, new_ids
    ) == {"bracket": [[11, 12], [13, None]], "notes": []}
    assert get_format("swiss").report_entrants(swiss, new_ids) == swiss
    with pytest.raises(ValueError, match="pairs of entrants"):
        get_format("knockout").report_entrants({"bracket": [1, 2]}, new_ids)


def test_a_round_robin_draws_from_plain_facts():
    pairs = [Named(n, f"P{n}") for n in range(1, 5)]

    drawn = get_format("round_robin").draw(DrawRequest(number=1, seed=0, rounds=3, table_size=4,
                                                        entrants=pairs))  # fmt: skip

    assert len(drawn.tables) == 2 and drawn.byes == []
    assert sorted(pk for table in drawn.tables for pk in table) == [1, 2, 3, 4]
    assert "Round 1 of the Berger tables for 4 pairs" in drawn.notes[0]


def test_nothing_under_the_tournaments_package_imports_django():
    offenders = {
        str(path.relative_to(FORMATS_DIR.parent)): sorted(
            m for m in imported_modules(path) if m.split(".")[0] in {"django", "rest_framework"}
        )
        for path in FORMATS_DIR.parent.rglob("*.py")
    }

    assert {path: mods for path, mods in offenders.items() if mods} == {}


def slug_tests(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if SLUG_TESTS.search(line)]


def test_shared_code_never_compares_a_format_slug():
    found = {}
    for top in SHARED_CODE:
        for path in sorted((ROOT / top).rglob("*")):
            if path.suffix not in {".py", ".html", ".js"} or "migrations" in path.parts:
                continue
            if FORMATS_DIR in path.parents:
                continue
            lines = slug_tests(path.read_text())
            if lines:
                found[str(path.relative_to(ROOT))] = lines

    assert found == {}


@pytest.mark.parametrize(
    "line",
    [
        'if tournament.format == "knockout":',
        "pairs = tournament.format in PAIRS_FORMATS",
        '{% if tournament.format != "individual" %}',
        "drawer = {...}[tournament.format]",
        'data-show-when="format=individual"',
    ],
)
def test_the_check_would_catch_a_slug_compared(line):
    assert slug_tests(line) == [line]


def test_the_check_lets_the_format_be_asked():
    assert slug_tests("if get_format(tournament.format).pairs:") == []
    assert slug_tests('{"format": FORMAT, "version": VERSION}') == []
