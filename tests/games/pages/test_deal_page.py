"""Each deal explained on the pages (issue 32 §2): a deal's line in the match page's history
(the share page too) and in the earlier deals' pages links its own page, which says how the deal
was scored in the reader's language and the players' names; the links are as short as the page
allows, since the match page carries 30 of them within its weight budget; a game that explains
nothing links nowhere."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client

from games.rules.marafon import Marafon
from games.services import deal_record, match_create

pytestmark = pytest.mark.django_db

PLAYERS = ["Anna", "Bruno", "Carla", "Dario"]
DEALS = [
    {"battezzante": 0, "trump": "cups", "points": [7, 4]},
    {"trump": "coins", "points": [0, 11], "marafona": 1},
    {"trump": "swords", "points": [6, 5]},
]
POINTS = "Points entered as counted at the table: Anna & Carla 7, Bruno & Dario 4."


@pytest.fixture
def match():
    created = match_create(game="marafon", players=PLAYERS)
    for raw in DEALS:
        deal_record(match=created.match, raw=raw)
    created.match.edit_key = created.edit_key
    return created.match


def words(response) -> str:
    html = re.sub(r"<script.*?</script>", "", response.content.decode(), flags=re.S)
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


def links(response) -> list[str]:
    return re.findall(r'<a [^>]*href="([^"]+)"', response.content.decode())


def test_each_deal_of_the_share_page_links_its_explanation(match):
    page = Client().get(f"/m/{match.public_id}/")

    # The three history rows and the last deal's line, relative to the match page.
    assert [href for href in links(page) if re.fullmatch(r"deals/\d+/", href)] == [
        "deals/3/",
        "deals/3/",
        "deals/2/",
        "deals/1/",
    ]


def test_the_scorers_links_share_the_short_base(match):
    phone = Client()
    phone.get(f"/m/{match.public_id}/edit/{match.edit_key}/")
    page = phone.get(f"/m/{match.public_id}/")
    refused = phone.post(f"/m/{match.public_id}/deals/", {"trump": "cups", "points": "12"})

    assert {"deals/3/edit/", "deals/3/undo/", "deals/1/edit/"} <= set(links(page))
    # Shown again at .../deals/ after a refused deal, the same links resolve from there.
    assert refused.status_code == 400
    assert {"./3/", "./3/edit/", "./3/undo/"} <= set(links(refused))


def test_the_earlier_deals_page_links_each_deal_by_its_whole_path(match):
    page = Client().get(f"/m/{match.public_id}/history/?upto=3")

    assert f"/m/{match.public_id}/deals/1/" in links(page)


def test_a_deals_page_says_how_it_was_scored_to_anyone(match):
    page = Client().get(f"/m/{match.public_id}/deals/2/")
    said = words(page)

    assert page.status_code == 200
    assert "How this deal was scored" in said
    assert (
        "Bruno declared the marafona (the 3, 2 and ace of trumps): 3 more points for "
        "Bruno & Dario." in said
    )
    assert "Anna & Carla scored nothing: cappotto, a name only, with no extra score." in said
    assert {"../1/", "../3/"} <= set(links(page))  # the deals before and after it
    assert "edit/" not in links(page)  # a reader corrects nothing


def test_the_scorer_corrects_from_the_deals_page(match):
    phone = Client()
    phone.get(f"/m/{match.public_id}/edit/{match.edit_key}/")

    assert "edit/" in links(phone.get(f"/m/{match.public_id}/deals/1/"))


def test_the_explanation_is_in_the_readers_language(match):
    page = Client().get(f"/m/{match.public_id}/deals/1/", HTTP_ACCEPT_LANGUAGE="it")

    assert "Punti inseriti come contati al tavolo: Anna & Carla 7, Bruno & Dario 4." in words(page)


@pytest.mark.parametrize("number", [0, 4])
def test_a_deal_that_is_not_there_is_a_404(match, number):
    assert Client().get(f"/m/{match.public_id}/deals/{number}/").status_code == 404


def test_a_game_that_explains_nothing_links_nowhere(match, monkeypatch):
    monkeypatch.setattr(Marafon, "outcome_kinds", ())
    page = Client().get(f"/m/{match.public_id}/")
    deal = Client().get(f"/m/{match.public_id}/deals/1/")

    assert not [href for href in links(page) if re.fullmatch(r"deals/\d+/", href)]
    assert deal.status_code == 200 and "How this deal was scored" not in words(deal)
    assert POINTS not in words(deal)


def test_a_deal_stored_in_a_shape_its_game_no_longer_reads_shows_without_its_explanation(
    match, caplog
):
    from games.models import Deal

    Deal.objects.filter(match=match, number=1).update(outcome={"points": [7, 4]}, input={})
    page = Client().get(f"/m/{match.public_id}/deals/1/")

    assert page.status_code == 200 and "How this deal was scored" not in words(page)
    assert "deal 1 of" in caplog.text and "not explained" in caplog.text
