"""Rikken in penalty points on the phone: "doubled" as one tap, the scoreboard's points with the
lowest total leading, each deal's points per player in the history, and a final ranking with a
podium where money games have their settle-up."""

import re

import pytest
from django.test import Client

from games.models import Match
from tests.games.pages.test_pages import start

from .conftest import page_text

pytestmark = pytest.mark.django_db

RIK = {"contract": "rik", "declarer": "0", "partner": "2", "trump": "spades", "tricks": "10"}


@pytest.fixture
def evening(client: Client) -> str:
    return start(
        client, "rikken", preset="", rule_scoring="penalty_points", rule_all_pass="schuppen_mie"
    )


def test_the_new_match_page_offers_the_preset_and_shows_penalties(client):
    page = page_text(client.get("/new/rikken/"))

    assert "Rikken in penalty points" in page
    assert "penalty_points" in page


def test_the_worked_example_on_the_phone(client, evening):
    first = client.post(f"{evening}deals/", {"dealer": "3", **RIK})
    client.post(
        f"{evening}deals/",
        {"contract": "solo_9", "declarer": "1", "trump": "clubs", "tricks": "7"},
    )
    client.post(
        f"{evening}deals/",
        {"action": "all_pass", "queen_of_spades": "2", "last_trick": "0"},
    )
    page = page_text(client.get(evening))

    assert first.status_code == 302
    assert Match.objects.get().state["points"] == [5, 43, 5, 7]
    leading = re.findall(r'class="total lead"><bdi class="label">([^<]+)<', page)
    assert leading == ["Anna", "Cor"]
    assert "Rik Anna with Cor: 10 tricks, made: Bram 7, Dirk 7" in page
    assert "9 alleen Bram: 7 tricks, failed: Bram 36" in page
    assert "Schuppen mie: Anna 5, Cor 5" in page
    # Each player's total stays whole when the line wraps (no-break spaces inside each).
    assert "Anna\u00a05\u00a0· Bram\u00a043\u00a0· Cor\u00a05\u00a0· Dirk\u00a07" in page
    assert "Final ranking" in page and "Settle up" not in page


def test_doubled_is_one_tap_and_names_who_doubled(client, evening):
    page = page_text(client.get(evening))
    response = client.post(f"{evening}deals/", {"dealer": "3", **RIK, "doubled": "1"})
    again = client.post(f"{evening}deals/", {**RIK, "tricks": "7", "doubled": "yes"})
    history = page_text(client.get(evening))

    assert 'name="doubled"' in page
    assert response.status_code == 302 and again.status_code == 302
    deals = Match.objects.get().deals.order_by("number")
    assert deals[0].input["doubled_by"] == 1
    assert deals[1].input == {
        "contracts": [
            {"contract": "rik", "declarer": 0, "tricks": 7, "partner": 2, "trump": "spades"}
        ],
        "doubled": True,
    }
    assert "doubled by Bram: Bram 14, Dirk 14" in history
    assert "doubled: Anna 22, Cor 22" in history


def test_a_correction_starts_from_the_doubled_choice(client, evening):
    client.post(f"{evening}deals/", {"dealer": "3", **RIK, "doubled": "3"})

    form = page_text(client.get(f"{evening}deals/1/edit/"))

    assert re.search(r'name="doubled" value="3"[^>]*checked', form)


def test_the_payments_game_has_no_doubling(client):
    url = start(client, "rikken")

    assert 'name="doubled"' not in page_text(client.get(url))


def test_the_ranking_page_has_a_podium_and_no_money(client, evening):
    client.post(f"{evening}deals/", {"dealer": "3", **RIK})
    client.post(
        f"{evening}deals/", {"contract": "solo_9", "declarer": "1", "trump": "clubs", "tricks": "7"}
    )

    page = page_text(client.get(f"{evening}settle/"))

    assert "Final ranking" in page
    podium = re.search(r'<ol class="podium".*?</ol>', page, re.S).group(0)
    assert re.findall(r'class="place-(\d)"><span class="step">\d</span>([^<]+)<', podium) == [
        ("1", "Anna"),
        ("1", "Cor"),
        ("3", "Dirk"),
    ]
    assert "Who pays whom" not in page and "Money" not in page and "Units" not in page
    rows = re.findall(r"<tr><td>(\d+=?)</td><td>([^<]+)</td><td class=\"num\">(\d+)</td>", page)
    assert rows == [
        ("1=", "Anna", "0"),
        ("1=", "Cor", "0"),
        ("3", "Dirk", "7"),
        ("4", "Bram", "43"),
    ]
