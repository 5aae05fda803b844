"""The schema of the games' plain data is what each game declares (``Game.deal_schema``,
``outcome_schema``, ``state_schema``), merged: the API's serializers hold no game's words, and a
new game's fields reach the schema from its rules module alone."""

from __future__ import annotations

import pytest
from django.test import Client

from api.serializers.game_data import SHARED_STATE, merged
from games.rules import GAMES
from tests.games.extra_game.rules import GAME as TENS
from tests.games.extra_game.rules import Tens

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def components(django_db_blocker):
    with django_db_blocker.unblock():
        schema = Client().get("/api/v1/schema/?format=json").json()
    deal = schema["components"]["schemas"]["Deal"]["properties"]
    return {part: deal[part]["properties"] for part in ("input", "outcome", "state")}


def declared(kind: str) -> set[str]:
    return {field for game in GAMES.values() for field in getattr(game, kind)}


def test_the_schema_names_what_the_games_declare_and_no_more(components):
    assert set(components["input"]) == declared("deal_schema")
    assert set(components["outcome"]) == declared("outcome_schema")
    assert set(components["state"]) == declared("state_schema") | set(SHARED_STATE)


def test_a_field_two_games_share_is_described_in_each_games_words(components):
    payments = components["outcome"]["payments"]

    assert payments["type"] == "array" and payments["items"] == {"type": "integer"}
    assert payments["description"] == "Trionfo, Rikken: units per seat, summing to zero."
    assert components["state"]["scores"]["description"].startswith("Marafon-Beccaccino: ")


class Scored(Tens):
    """Tens with a field of its own in its outcome, and one that clashes with Marafon's."""

    slug = "scored"
    name = "Scored Tens"
    outcome_schema = {"margin": {"type": "integer", "description": "points ahead."}}
    state_schema = {"scores": {"type": "object", "description": "scores by name."}}


def test_a_new_games_fields_are_merged_from_its_declarations_alone():
    outcome = merged([*GAMES.values(), TENS, Scored()], "outcome_schema")

    assert outcome["margin"] == {"type": "integer", "description": "Scored Tens: points ahead."}
    assert outcome["points"]["description"].endswith(" Tens: the ten points, per partnership.")
    assert set(outcome) == declared("outcome_schema") | {"margin"}


def test_a_field_of_two_types_is_refused_naming_it():
    with pytest.raises(ValueError, match="'scores'"):
        merged([*GAMES.values(), Scored()], "state_schema")
