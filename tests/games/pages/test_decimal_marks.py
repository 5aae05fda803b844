"""Issue 28: a stake is typed as the phone's language writes it. A Spanish, Italian or Dutch
phone types "0,50" (its keyboard offers the comma) and the pages write amounts with a comma, so
the stake fields read the language's decimal mark as well as the plain dot, and show a stake
back in the language's format. The API stays dot-only."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.test import Client

from games.models import Match, Session
from games.services import match_create

pytestmark = pytest.mark.django_db

RIKKEN = ["Anna", "Bram", "Cor", "Dirk"]
# Each language as its phones write half a unit: the language's own mark, and the plain dot.
TYPED = [
    ("es", "0,50"),
    ("it", "0,50"),
    ("nl", "0,50"),
    ("en", "0.50"),
    ("ja", "0.50"),
    ("fa", "۰٫۵۰"),
    *((code, "0.50") for code in ("es", "it", "nl", "fa")),
]


def phone(language: str) -> Client:
    return Client(HTTP_ACCEPT_LANGUAGE=language)


def new_match(client: Client, stake: str):
    data = {f"player_{i}": name for i, name in enumerate(RIKKEN)}
    form = client.get("/new/rikken/").context["form"]
    for field in form:
        if field.name.startswith("rule_") and field.initial not in (None, False):
            data[field.name] = "on" if field.initial is True else field.initial
    return client.post("/new/rikken/", {**data, "stake": stake})


@pytest.mark.parametrize(("language", "typed"), TYPED)
def test_the_match_form_reads_the_stake_as_the_language_writes_it(language, typed):
    answer = new_match(phone(language), typed)

    assert answer.status_code == 302, answer.context["form"].errors
    assert Match.objects.get().stake == Decimal("0.50")


@pytest.mark.parametrize(("language", "typed"), TYPED)
def test_the_evening_form_reads_the_stake_as_the_language_writes_it(language, typed):
    answer = phone(language).post(
        "/s/new/", {"players": "\n".join(RIKKEN), "game": "rikken", "stake": typed}
    )

    assert answer.status_code == 302, answer.context["form"].errors
    assert Session.objects.get().stake == Decimal("0.50")


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_comma_is_no_decimal_mark_where_the_language_writes_a_dot(language):
    answer = new_match(phone(language), "0,50")

    assert answer.context["form"].errors["stake"]  # refused at its field
    assert not Match.objects.exists()  # and nothing written


def test_play_again_shows_the_stake_in_the_language_of_the_phone():
    played = match_create(game="rikken", players=RIKKEN, stake=Decimal("0.5")).match

    spanish = phone("es").get(f"/new/rikken/?again={played.public_id}").content.decode()
    english = phone("en").get(f"/new/rikken/?again={played.public_id}").content.decode()

    assert 'name="stake" value="0,50"' in spanish
    assert 'name="stake" value="0.50"' in english


def test_the_api_reads_the_dot_only_whatever_the_language():
    api = phone("es")
    comma = api.post(
        "/api/v1/matches/",
        {"game": "rikken", "players": RIKKEN, "stake": "0,50"},
        content_type="application/json",
    )
    dot = api.post(
        "/api/v1/matches/",
        {"game": "rikken", "players": RIKKEN, "stake": "0.50"},
        content_type="application/json",
    )

    assert comma.status_code == 400 and "stake" in comma.json()
    assert dot.status_code == 201 and dot.json()["stake"] == "0.50"
