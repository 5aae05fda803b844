"""Issue 28: Malilla's renege and challenge are two actions said in the players' names, one tap
each on the team that loses the game (RULES.md §3: a revoke loses the game for the team that
reneged; a challenge that finds none loses it for the challengers). No team choice, checkbox
and two buttons to be matched up."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games.models import Deal
from games.services import match_create

from .conftest import confirm_correction, page_text

pytestmark = pytest.mark.django_db

PLAYERS = ["Ana", "Beto", "Carmen", "Diego"]  # teams: Ana & Carmen, Beto & Diego


@pytest.fixture
def table():
    created = match_create(game="malilla", players=PLAYERS)
    phone = Client()
    phone.get(f"/m/{created.match.public_id}/edit/{created.edit_key}/")
    return created.match, phone


def panel(page: str) -> str:
    start = page.index("<details")
    return page[start : page.index("</details>", start)]


def test_each_action_is_a_button_in_the_players_names(table):
    match, phone = table

    shown = panel(page_text(phone.get(f"/m/{match.public_id}/")))

    buttons = re.findall(r'<button type="submit" name="(\w+)" value="(\w+)"[^>]*>([^<]*)<', shown)
    assert [b for b in buttons if b[0] in ("renege", "challenge")] == [
        ("renege", "0", "Ana &amp; Carmen reneged"),
        ("renege", "1", "Beto &amp; Diego reneged"),
        ("challenge", "0", "Ana &amp; Carmen challenged: no revoke"),
        ("challenge", "1", "Beto &amp; Diego challenged: no revoke"),
    ]
    assert 'type="checkbox"' not in shown and 'type="radio"' not in shown
    assert "the team that reneged loses the game" in shown
    assert "the challengers lose the game" in shown


@pytest.mark.parametrize(
    ("tapped", "entered", "said"),
    [
        ({"renege": "1"}, {"renege": {"team": 1}}, "renege · Beto & Diego lose"),
        (
            {"challenge": "0"},
            {"challenge": {"team": 0, "upheld": False}},
            "challenge · Ana & Carmen lose",
        ),
    ],
)
def test_one_tap_records_who_loses_the_game(table, tapped, entered, said):
    match, phone = table

    answer = phone.post(f"/m/{match.public_id}/deals/", {"version": "0", "dealer": "0", **tapped})

    assert answer.status_code == 302, page_text(answer)[-3000:]
    deal = Deal.objects.get(match=match)
    assert {k: v for k, v in deal.input.items() if k != "dealer"} == entered
    page = page_text(phone.get(f"/m/{match.public_id}/")).replace("&amp;", "&")
    assert said in page


def test_a_hand_corrected_into_a_renege_is_asked_back_then_recorded(table):
    match, phone = table
    hand = {"version": "0", "dealer": "0", "turn_rank": "7", "turn_suit": "cups"}
    phone.post(f"/m/{match.public_id}/deals/", {**hand, "total_0": "43", "total_1": "27"})

    _asked, confirmed = confirm_correction(
        phone, f"/m/{match.public_id}/deals/1/edit/", {"version": "1", "dealer": "0", "renege": "0"}
    )

    assert confirmed.status_code == 200
    assert Deal.objects.get(match=match).input == {"dealer": 0, "renege": {"team": 0}}
