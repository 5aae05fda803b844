"""The match page gives the phone the roles of the deals after the next, once round the table,
where the rotation alone decides them (data-ahead), and the deal form's fields that deal the
same hand again (data-dealt-again): waiting.js shows who deals after the deals waiting on the
phone. Where who deals depends on who won (Etori), the page gives nothing to guess from."""

from __future__ import annotations

import html
import json
import re

import pytest
from django.test import Client

from games.services import deal_record, match_create

pytestmark = pytest.mark.django_db

PLAYERS = ["Anna", "Bruno", "Cora", "Dario"]


def board_data(match, key: str) -> dict[str, object]:
    phone = Client()
    phone.get(f"/m/{match.public_id}/edit/{key}/")
    page = phone.get(f"/m/{match.public_id}/").content.decode()
    tag = re.search(r'<section class="board"[^>]*>', page).group(0)
    return {
        name: json.loads(html.unescape(value))
        for name, value in re.findall(r'data-([\w-]+)="([^"]*)"', tag)
    }


def test_marafon_gives_the_roles_once_round_the_table():
    created = match_create(game="marafon", players=PLAYERS, rules={"mandare_a_monte": True})
    deal_record(match=created.match, raw={"battezzante": 0, "trump": "cups", "points": [6, 5]})

    data = board_data(created.match, created.edit_key)

    # Who deals, who is battezzante, who must not look: for the next deal and each after it.
    assert data["ahead"] == [
        ["Anna", "Bruno", "Dario must not look at their cards until trumps are named."],
        ["Bruno", "Cora", "Anna must not look at their cards until trumps are named."],
        ["Cora", "Dario", "Bruno must not look at their cards until trumps are named."],
        ["Dario", "Anna", "Cora must not look at their cards until trumps are named."],
    ]
    assert data["dealt-again"] == [["action", "annul"]]


def test_a_rikken_redeal_keeps_the_dealer():
    created = match_create(game="rikken", players=PLAYERS, rules={"all_pass": "redeal"})
    raw = {"dealer": 1, "contracts": [{"contract": "misere", "declarer": 0, "tricks": 0}]}
    deal_record(match=created.match, raw=raw)

    data = board_data(created.match, created.edit_key)

    # Who deals, who leads.
    assert data["ahead"] == [
        ["Cora", "Dario"],
        ["Dario", "Anna"],
        ["Anna", "Bruno"],
        ["Bruno", "Cora"],
    ]
    assert data["dealt-again"] == [["action", "all_pass"]]


@pytest.mark.parametrize("game", ["etori", "marafon"])
def test_no_guess_where_the_rotation_alone_does_not_say(game):
    """Etori: the losers deal next. Marafon before its first deal: who was dealt the 4 of
    coins is not known yet."""
    created = match_create(game=game, players=PLAYERS)

    assert "ahead" not in board_data(created.match, created.edit_key)
