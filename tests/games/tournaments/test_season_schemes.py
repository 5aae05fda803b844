"""The points schemes are a registry: a new one is one module and one registration, and shared
code asks a scheme, never its slug."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.tournaments.seasons import (
    SCHEMES,
    Event,
    EventResult,
    SeasonRules,
    get_scheme,
    register,
    season_standing,
)
from games.tournaments.seasons.schemes import FACTS, UnknownScheme
from tests.games.extra_scheme import SCHEME

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def winner_takes_all():
    register(SCHEME)
    yield SCHEME
    SCHEMES.pop(SCHEME.slug)


def test_a_scheme_that_lives_only_in_the_tests_ranks_a_season(winner_takes_all):
    scheme = get_scheme("winner_takes_all")
    events = [Event(1), Event(2)]
    results = [
        EventResult(1, "Ana", 1, 2),
        EventResult(1, "Bo", 2, 2),
        EventResult(2, "Bo", 1, 2),
        EventResult(2, "Ana", 2, 2),
        EventResult(2, "Cas", 1, 2),
    ]
    lines = season_standing(
        events=events, results=results, scheme=scheme, options={}, rules=SeasonRules()
    )
    assert [(line.member, line.total, line.rank) for line in lines] == [
        ("Ana", 1, 1),
        ("Bo", 1, 1),
        ("Cas", 1, 3),
    ]


def test_every_registered_scheme_says_what_it_reads_and_explains_a_result():
    for scheme in SCHEMES.values():
        assert scheme.needs <= FACTS and {"place", "field"} <= scheme.needs
        assert scheme.check_options({}) == {}
        result = EventResult("e", "m", 2, 5, 7, 4)
        options = scheme.resolve({})
        assert str(scheme.points(result, options)) in str(scheme.explain(result, options))


def test_an_unknown_scheme_is_refused_with_the_known_ones():
    with pytest.raises(UnknownScheme, match="place_table"):
        get_scheme("best_of_breed")


def test_no_code_outside_the_schemes_compares_a_scheme_slug():
    slugs = "|".join(SCHEMES)
    pattern = re.compile(rf"""["']({slugs})["']""")
    outside = []
    for path in [*ROOT.joinpath("games").rglob("*.py"), *ROOT.joinpath("api").rglob("*.py")]:
        if "schemes" in path.parts or "migrations" in path.parts:
            continue
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            if "scheme" in line and pattern.search(line):
                outside.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert outside == []
