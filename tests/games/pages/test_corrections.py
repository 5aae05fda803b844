"""A correction is confirmed like an undo (issue 27, 3): the correction page starts from the
deal as it stands, with its key marked; what the players tap is asked back with its before and
after, and nothing changes until they confirm. And the history's words for a chiamata in mano
and Etori's chips (issue 28, 6)."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client

from games.models import Deal, Match
from games.services import deal_record, match_create
from tests.factories import RIK_BRAM_WITH_COR

from .conftest import confirm_correction, hidden_fields

pytestmark = pytest.mark.django_db

MARAFON = ["Anna", "Bruno", "Carla", "Dario"]


def scoring(game: str, players: list[str], rules=None, deals=()):
    created = match_create(game=game, players=players, rules=rules or {})
    for raw in deals:
        deal_record(match=created.match, raw=raw)
    client = Client()
    assert client.get(f"/m/{created.match.public_id}/edit/{created.edit_key}/").status_code == 302
    return client, created.match, f"/m/{created.match.public_id}/"


def words(response) -> str:
    html = re.sub(r"<script.*?</script>", "", response.content.decode(), flags=re.S)
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


def points(match) -> list[list[int]]:
    return [d.input["points"] for d in Deal.objects.filter(match=match).order_by("number")]


def two_deals():
    return scoring(
        "marafon",
        MARAFON,
        deals=[
            {"battezzante": 0, "trump": "coins", "points": [7, 4]},
            {"trump": "cups", "points": [6, 5]},
        ],
    )


def test_the_correction_page_shows_the_deal_as_it_stands_and_marks_its_key():
    client, _match, url = two_deals()

    page = client.get(f"{url}deals/1/edit/")
    html = page.content.decode()

    assert "As it stands: 7 – 4" in words(page)
    assert re.search(r'value="7" class="key chosen"', html)
    assert len(re.findall(r'class="key chosen"', html)) == 1


def test_a_rikken_correction_marks_the_tricks_as_they_stand():
    client, _match, url = scoring(
        "rikken",
        ["Anna", "Bram", "Cor", "Dirk"],
        deals=[RIK_BRAM_WITH_COR],
    )

    page = client.get(f"{url}deals/1/edit/")

    assert "As it stands: Rik Bram with Cor: 8 tricks, made" in words(page)
    assert re.search(r'name="tricks" value="8" class="key chosen"', page.content.decode())


def test_a_correction_is_asked_with_its_before_and_after_and_made_only_once_confirmed():
    client, match, url = two_deals()

    asked = client.post(
        f"{url}deals/1/edit/", {"battezzante": "0", "trump": "coins", "points": "3"}
    )

    question = words(asked)
    assert asked.status_code == 200
    assert "Correct deal 1?" in question
    assert "Deal 1: 7 – 4 → 3 – 8" in question
    assert "Totals after it: 7 – 4 → 3 – 8" in question
    assert "Totals now: 13 – 9 → 9 – 13" in question
    assert points(match) == [[7, 4], [6, 5]]  # asked, not made

    fields: dict[str, list[str]] = {}
    for name, value in hidden_fields(asked):
        fields.setdefault(name, []).append(value)
    done = client.post(f"{url}deals/1/edit/", fields, follow=True)

    assert "Deal 1 corrected." in words(done)
    assert points(match) == [[3, 8], [6, 5]]


def test_no_keeps_the_deal_as_it_was():
    client, match, url = two_deals()

    asked = client.post(
        f"{url}deals/1/edit/", {"battezzante": "0", "trump": "coins", "points": "3"}
    )

    assert f'<a class="button" href="{url}">No, keep it</a>' in asked.content.decode()
    assert points(match) == [[7, 4], [6, 5]]


def test_a_correction_that_changes_who_won_says_so_before_it_is_made():
    deals = [{"battezzante": 0, "trump": "cups", "points": [11, 0]}]
    deals += [{"trump": "cups", "points": [11, 0]} for _ in range(3)]
    client, match, url = scoring(
        "marafon", MARAFON, rules={"match_format": "best_of_three"}, deals=deals
    )

    asked, done = confirm_correction(
        client, f"{url}deals/4/edit/", {"trump": "cups", "points": "0"}
    )

    assert "This correction changes who won game 1: Anna & Carla before, nobody yet now." in words(
        asked
    )
    assert "Deal 4 corrected." in words(done)
    assert points(match)[-1] == [0, 11]


def test_a_confirmation_after_another_phone_scored_is_asked_again_with_the_new_figures():
    client, match, url = two_deals()
    asked = client.post(
        f"{url}deals/1/edit/", {"battezzante": "0", "trump": "coins", "points": "3"}
    )
    fields: dict[str, list[str]] = {}
    for name, value in hidden_fields(asked):
        fields.setdefault(name, []).append(value)
    deal_record(match=match, raw={"trump": "swords", "points": [10, 1]})  # the other phone

    again = client.post(f"{url}deals/1/edit/", fields)

    assert again.status_code == 200
    assert "Another phone changed the match meanwhile" in words(again)
    assert "Totals now: 23 – 10 → 19 – 14" in words(again)
    assert points(match)[0] == [7, 4]  # not made on figures nobody saw


def test_the_same_entry_again_changes_nothing_and_says_so():
    client, _match, url = two_deals()
    version = Match.objects.get().version

    response = client.post(
        f"{url}deals/1/edit/", {"battezzante": "0", "trump": "coins", "points": "7"}, follow=True
    )

    assert "Nothing to correct: deal 1 stays as it was." in words(response)
    assert Match.objects.get().version == version


def test_a_correction_the_match_cannot_take_is_refused_before_it_is_asked():
    # Deal 4 of a one-game match brings Anna & Carla to 39; deal 5 wins it. Deal 4 at 11 - 0
    # would end the match before deal 5.
    deals = [{"battezzante": 0, "trump": "cups", "points": [11, 0]}]
    deals += [{"trump": "cups", "points": [11, 0]} for _ in range(2)]
    deals += [{"trump": "cups", "points": [6, 5]}, {"trump": "cups", "points": [6, 5]}]
    client, _match, url = scoring(
        "marafon", MARAFON, rules={"match_format": "single_game"}, deals=deals
    )

    response = client.post(f"{url}deals/4/edit/", {"trump": "cups", "points": "11"})

    assert response.status_code == 400
    assert "the match ends before deal 5" in words(response)
    assert "Correct deal 4?" not in words(response)


def test_a_correction_kept_on_the_phone_and_sent_unasked_is_refused_in_words():
    """sw.js keeps a correction posted without signal, and offline.js sends it later with
    fetch: if nobody was asked, the server refuses it where the phone shows refusals."""
    client, match, url = two_deals()

    refused = client.post(
        f"{url}deals/1/edit/",
        {"battezzante": "0", "trump": "coins", "points": "3"},
        HTTP_SEC_FETCH_MODE="cors",
    )
    asked_offline = client.post(
        f"{url}deals/1/edit/",
        {"battezzante": "0", "trump": "coins", "points": "3", "confirm": "1"},
        HTTP_SEC_FETCH_MODE="cors",
    )

    assert refused.status_code == 400
    assert "This correction was not confirmed: open deal 1's correction again." in words(refused)
    assert asked_offline.status_code == 302  # asked on the phone (correct.js): made
    assert points(match)[0] == [3, 8]


def test_the_correction_page_can_ask_without_signal():
    client, _match, url = two_deals()

    html = client.get(f"{url}deals/1/edit/").content.decode()

    assert 'id="ask"' in html and "js/correct.js" in html
    assert "No connection: correct deal 1 all the same?" in html


def test_a_chiamata_in_mano_is_named_in_the_history():
    client, _match, url = scoring(
        "trionfo",
        ["Anna", "Bruno", "Carla", "Dario", "Elena"],
        rules={},
        deals=[
            {
                "first_speaker": 0,
                "bid": "chiamo",
                "declarer": 1,
                "trump": "coins",
                "partner": 1,
                "called_card": {"rank": "3", "suit": "cups"},
                "points": 7,
            }
        ],
    )

    assert "Chiamo Bruno · chiamata in mano · 7 points, made" in words(client.get(url))
    # The game's own word, as each language's players say it (the glossary's entry).
    assert "چیاماتا ا منو" in words(client.get(url, HTTP_ACCEPT_LANGUAGE="fa"))


@pytest.mark.parametrize(("honours", "said"), [(10, "win 1 chip"), (16, "win 4 chips")])
def test_etori_says_the_chips_won(honours, said):
    aces = (
        [["spades", "hearts"], ["clubs", "diamonds"]]
        if honours < 16
        else [
            ["spades", "hearts", "clubs", "diamonds"],
            [],
        ]
    )
    client, _match, url = scoring(
        "etori",
        ["Aki", "Ben", "Chie", "Dai"],
        deals=[{"trump": "spades", "honours": [honours, 16 - honours], "aces": aces}],
    )

    assert f"Aki & Chie {said} · Spades" in words(client.get(url))
