"""A club's own house rules are shown with what they change: options by name, and the rows of
its own contract table (a Rikken penalty row, say) where they differ from the usual table."""

from __future__ import annotations

import pytest
from django.test import Client

from games.pages.matches.house_rules import house_rule_lines
from games.rules import get_game
from games.services import club_create, preset_create

pytestmark = pytest.mark.django_db


def penalty_table(made: int) -> list[dict]:
    engine = get_game("rikken")
    rules = engine.options_to_data(engine.resolve_options({"scoring": "penalty_points"}, players=4))
    rules["contracts"][0]["penalty"]["made"] = made  # the rik
    return rules["contracts"]


def test_the_lines_name_what_differs_and_nothing_else():
    assert house_rule_lines("marafon", {}) == []
    assert house_rule_lines("marafon", {"target": 31})[0] == "Target: 31"
    assert house_rule_lines("rikken", {"scoring": "penalty_points"}) == ["Scoring: penalty points"]
    lines = house_rule_lines(
        "rikken", {"scoring": "penalty_points", "contracts": penalty_table(made=6)}
    )
    assert "Rik: penalty made 6, over 1, failed 10, under 1" in lines
    assert len(lines) == 2  # the rik's row and the scoring, no other row


def test_a_clubs_penalty_row_is_shown_on_its_page_and_when_a_match_starts(django_user_model):
    director = django_user_model.objects.create_user("jan", password="pw-x-1234-long")
    club = club_create(name="De Zwaan", director=director)
    preset = preset_create(
        owner=director,
        club=club,
        game="rikken",
        name="Zwaan points",
        rules={"scoring": "penalty_points", "contracts": penalty_table(made=6)},
    )
    client = Client()
    client.force_login(director)

    club_page = client.get(f"/director/c/{club.slug}/").content.decode()
    new_match = client.get(f"/new/rikken/?preset={preset.key}").content.decode()

    for page in (club_page, new_match):
        assert "Rik: penalty made 6, over 1, failed 10, under 1" in page
        assert "Scoring: penalty points" in page
