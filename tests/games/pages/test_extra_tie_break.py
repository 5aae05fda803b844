"""A tie-break is one module and one registration: "wins" (tests/games/extra_tie_break.py),
defined only in the tests, ranks the standings, is offered by the director's form, accepted by
the API, shown as a column with its own heading and named in what ordered the rows, with no
other file touched."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client

from games.tournaments.standings import Result, rank
from games.tournaments.tie_breaks import TIE_BREAKS, register
from tests.api.test_tournament_draws import draw, pairs_event
from tests.games import extra_tie_break

from .conftest import page_text
from .test_standings_say_why import BY_27, BY_38, headers, run, score, td  # noqa: F401

pytestmark = pytest.mark.django_db


@pytest.fixture
def wins():
    register(extra_tie_break.TIE_BREAK)
    yield extra_tie_break.TIE_BREAK
    TIE_BREAKS.unregister(extra_tie_break.TIE_BREAK)


def test_it_separates_entrants_level_on_match_points(wins):
    results = [
        Result("A", "C", 41, 20),  # A: a win and a loss, 2 match points (D, first, has 3)
        Result("A", "D", 10, 41),
        Result("B", "C", 30, 30),  # B: two draws, 2 match points too
        Result("B", "D", 25, 25),
    ]

    standings = rank(entrants=["B", "A", "C", "D"], results=results, tie_breaks=["wins"])
    level = [s for s in standings if s.entrant in ("A", "B")]

    assert [(s.rank, s.entrant, s.decided_by) for s in level] == [
        (2, "A", "wins"),
        (3, "B", "wins"),
    ]
    assert [s.tie_breaks for s in level] == [{"wins": 1}, {"wins": 0}]


def test_unregistered_it_is_refused_at_its_field(td, run):  # noqa: F811
    refused = td.post(
        "/api/v1/tournaments/",
        {"club": "de-zwaan", "name": "Cup", "game": "marafon", "format": "swiss",
         "rounds": 2, "round_kind": "game", "tie_breaks": ["wins"]},
        format="json",
    )  # fmt: skip

    assert refused.status_code == 400
    assert "Unknown tie-break 'wins'" in refused.json()["tie_breaks"][0]


def test_registered_it_is_offered_ranked_by_and_shown(wins, td, run, director_client):  # noqa: F811
    form = director_client.get("/director/new/").context["form"]
    assert [form[f"tie_break_{slot}"] for slot in range(1, 6)]  # a slot for each tie-break
    assert ("wins", "Wins") in form.fields["tie_break_1"].choices

    base = pairs_event(td, run, "swiss", pairs=4, rounds=3, tie_breaks=["wins", "difference"])
    assert td.get(base).json()["tie_breaks"] == ["wins", "difference"]
    first = draw(td, run, base)
    score(td, run, base, first, {1: BY_38, 2: BY_27})
    public_id = base.rstrip("/").rsplit("/", 1)[-1]

    page = page_text(Client().get(f"/t/{public_id}/"))

    assert headers(page)[:5] == ["#", "Pair", "MP", "Diff.", "W"]
    assert "W: wins" in page
    assert "Ranked by match points, then wins, then difference." in page
    standings = td.get(f"{base}standings/").json()
    assert sorted(row["tie_breaks"]["wins"] for row in standings["standings"]) == [0, 0, 1, 1]


def test_no_code_outside_the_tie_breaks_compares_a_tie_break_slug():
    """Only the registry knows its members: shared code asks a tie-break (its values, its words,
    whether it is shown) and never compares a slug. A season's standing has its own fixed order
    of ties (RULES and issue 32), and an older cache's flat ``buchholz`` key is read as data."""
    root = Path(__file__).resolve().parents[3]
    slugs = "|".join(TIE_BREAKS)
    compared = re.compile(
        rf"""(==|!=)\s*["']({slugs})["']|["']({slugs})["']\s*(==|!=|in |not in )"""
    )
    outside = []
    for path in [*root.joinpath("games").rglob("*.py"), *root.joinpath("api").rglob("*.py")]:
        skipped = ("tie_breaks", "migrations", "rules", "seasons")
        if any(part in path.parts for part in skipped) or path.name.startswith("season"):
            continue
        lines = path.read_text().splitlines()
        for number, line in enumerate(lines, start=1):
            before = " ".join(lines[max(0, number - 4) : number])
            if compared.search(line) and "older cache" not in before:
                outside.append(f"{path.relative_to(root)}:{number}: {line.strip()}")
    assert outside == []
