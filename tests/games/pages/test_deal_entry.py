"""The deal forms as posted (issue 27, part 2): what a Rikken contract has no use for is
refused as the API refuses it, every field left out is flagged in one answer, an Etori hand is
kept as entered (the winners' aces), and a closed evening's match takes no deal."""

from __future__ import annotations

import pytest
from django.test import Client

from games.models import Deal, Session
from games.services import match_create

from .conftest import asked_then_confirmed, field_errors

pytestmark = pytest.mark.django_db

PLAYERS = ["Anna", "Bram", "Cor", "Dirk"]


def scoring(game: str, rules=None, deals=()) -> tuple[Client, str]:
    from games.services import deal_record

    created = match_create(game=game, players=PLAYERS, rules=rules or {})
    for raw in deals:
        deal_record(match=created.match, raw=raw)
    client = Client()
    client.get(f"/m/{created.match.public_id}/edit/{created.edit_key}/")
    return client, f"/m/{created.match.public_id}/"


def test_a_partner_and_trumps_with_a_misere_are_refused_as_the_api_refuses_them():
    client, url = scoring("rikken")
    misere = {"dealer": "0", "contract": "misere", "declarer": "1", "tricks": "0"}

    answer = client.post(f"{url}deals/", {**misere, "partner": "3", "trump": "spades"})

    assert answer.status_code == 400
    assert field_errors(answer, "partner") == ["Misère is played alone: there is no partner."]
    assert field_errors(answer, "trump") == ["Misère is played without trumps."]
    assert Deal.objects.count() == 0
    assert client.post(f"{url}deals/", misere).status_code == 302
    assert Deal.objects.get().input["contracts"] == [
        {"contract": "misere", "declarer": 1, "tricks": 0}
    ]


def test_a_called_ace_with_a_solo_is_refused():
    client, url = scoring("rikken")
    solo = {"dealer": "0", "contract": "solo_9", "declarer": "1", "trump": "clubs", "tricks": "9"}

    answer = client.post(f"{url}deals/", {**solo, "called_suit": "hearts"})

    assert answer.status_code == 400
    assert field_errors(answer, "called_suit") == ["Nothing is called in 9 alleen."]


@pytest.mark.parametrize(("rules", "trump"), [({}, "hearts"), ({"beter_suit": "cut"}, "diamonds")])
def test_a_beter_contracts_trumps_are_the_beter_suit_without_a_tap(rules, trump):
    client, url = scoring("rikken", rules)
    rik_beter = {"dealer": "0", "contract": "rik_beter", "declarer": "0", "partner": "2"}
    if rules:
        rik_beter["beter"] = "diamonds"

    assert client.post(f"{url}deals/", {**rik_beter, "tricks": "8"}).status_code == 302

    assert Deal.objects.get().input["contracts"][0]["trump"] == trump


def test_a_first_rikken_deal_flags_every_field_left_out_at_once():
    client, url = scoring("rikken")

    answer = client.post(f"{url}deals/", {"contract": "rik", "declarer": "1", "tricks": "8"})

    assert answer.status_code == 400
    assert field_errors(answer, "dealer") == ["Tap the dealer."]
    assert field_errors(answer, "partner") == ["Tap the partner."]
    assert field_errors(answer, "trump") == ["Tap the trumps."]


def test_a_first_trionfo_deal_flags_the_first_speaker_and_the_bids_fields_at_once():
    created = match_create(game="trionfo", players=[*PLAYERS, "Eva"], rules={})
    client = Client()
    client.get(f"/m/{created.match.public_id}/edit/{created.edit_key}/")

    answer = client.post(f"/m/{created.match.public_id}/deals/", {"bid": "di_piu"})

    assert answer.status_code == 400
    for field in ("first_speaker", "declarer", "trump", "points"):
        assert field_errors(answer, field), field


def test_an_etori_hand_left_out_is_flagged_at_once():
    client, url = scoring("etori")

    answer = client.post(f"{url}deals/", {"trump": "spades"})

    assert answer.status_code == 400
    assert field_errors(answer, "honours_0") == [
        "Enter the honours taken by Anna & Cor or by Bram & Dirk."
    ]
    assert field_errors(answer, "winners_aces") == ["Tap the aces the winners were dealt."]


def test_an_etori_hand_is_kept_as_entered():
    client, url = scoring("etori")

    hand = {"trump": "hearts", "honours_1": "8", "rensho_dealt_to": "1", "winners_aces": "other"}
    assert client.post(f"{url}deals/", hand).status_code == 302

    deal = Deal.objects.get()
    assert deal.input == {
        "trump": "hearts",
        "honours": [8, 8],
        "winners_aces": "other",
        "rensho_dealt_to": 1,
    }
    assert (deal.outcome["winner"], deal.outcome["chips"]) == (0, 1)


@pytest.mark.parametrize(
    ("all_pass", "button"),
    [
        ("redeal", "All passed: deal again"),
        ("dealer_must_bid", None),  # the dealer bids: all passing is refused, so not offered
        ("schuppen_mie", "Enter the special game"),
    ],
)
def test_all_passed_is_offered_only_where_the_rules_take_it(all_pass, button):
    client, url = scoring("rikken", {"all_pass": all_pass})

    html = client.get(url).content.decode()

    assert ('value="all_pass"' in html) == (button is not None)
    if button:
        assert button in html


def test_a_closed_evenings_match_takes_no_deal():
    client = Client()
    players = "\n".join(PLAYERS)
    started = client.post("/s/new/", {"players": players, "game": "rikken", "stake": "0.10"})
    url = started["Location"].split("#")[0]
    assert 'class="deal-form"' in client.get(url).content.decode()

    session = Session.objects.get()
    _asked, settled = asked_then_confirmed(client, f"/s/{session.public_id}/settle/", follow=False)
    assert settled.status_code == 302

    html = client.get(url).content.decode()
    assert 'class="deal-form"' not in html
    assert "its deals are final" in html
