"""A member's rating history with each step explained (issue 32 §2): the values before a result
are the previous step's (a step keeps only those after), the result is read from its match as
the ratings took it, and the sentences say the stored numbers."""

from __future__ import annotations

import pytest
from django.utils import timezone

from games.models import RatingStep
from games.names import FSI, PDI
from games.ratings_explain import START
from games.selectors.ratings import rating_history
from tests.factories import rated_club

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return rated_club()


def bo_history(club, **options):
    return rating_history(club["club"], "rikken", club["members"][1], **options)


def test_each_step_says_the_event_the_place_and_the_stored_numbers(club):
    steps = bo_history(club, explained=10)
    stored = list(
        RatingStep.objects.filter(player=club["members"][1])
        .order_by("sequence")
        .values_list("ordinal", "mu", "sigma")
    )
    befores = [(START.rating, START.mu, START.sigma), *stored[:-1]]

    assert [str(s["explain"][0]).partition(": ")[2] for s in steps] == [
        f"{FSI}Drive{PDI}, round 1, table 1.",
        "Match 1 of the evening.",
        "Match 2 of the evening.",
    ]
    assert [str(s["explain"][1]) for s in steps] == [
        "Place 1 of 4: +15 units.",
        "Place 4 of 4: -15 units.",
        "Place 1 of 4: +15 units.",
    ]
    for step, (ordinal, mu, sigma), before in zip(steps, stored, befores, strict=True):
        lines = [str(line) for line in step["explain"]]
        assert f"Rating before and after: {before[0]:.2f} → {ordinal:.2f} (" in lines[3]
        assert lines[4] == f"Skill (μ) before and after: {before[1]:.3f} → {mu:.3f}."
        assert lines[5] == f"Uncertainty (σ) before and after: {before[2]:.3f} → {sigma:.3f}."
        assert step["before"] == round(before[0], 2)
        assert lines[0].startswith(f"{timezone.localdate(step['at']).isoformat()}: ")
    assert "A first rated result" in str(steps[0]["explain"][6])
    assert not any("A first rated result" in str(line) for line in steps[1]["explain"])


def test_the_other_places_name_the_others(club):
    table = bo_history(club, explained=10)[0]["explain"][2]
    names = [f"{FSI}{name}{PDI}: place 2, -5 units" for name in ("Ana", "Cy", "Di")]

    assert str(table).startswith("The other places: ")
    assert sorted(str(table)[len("The other places: ") : -1].split("; ")) == names


def test_only_the_latest_steps_are_explained_and_the_rest_is_as_before(club):
    plain = bo_history(club)
    steps = bo_history(club, explained=1)

    assert ["explain" in s for s in steps] == [False, False, True]
    assert all(set(s) == {"sequence", "at", "match", "rating", "mu", "sigma"} for s in plain)
    assert [{k: s[k] for k in plain[0]} for s in steps] == plain
    # The latest step's values before are still its previous step's, read but not explained.
    assert steps[-1]["before"] == steps[-2]["rating"]


def test_a_step_whose_match_was_deleted_says_so_with_its_numbers(club):
    RatingStep.objects.filter(sequence=2).update(match=None)

    lines = [str(line) for line in bo_history(club, explained=10)[1]["explain"]]

    assert lines[0].endswith(": A match deleted since.")
    assert lines[1].startswith("Rating before and after: ")
