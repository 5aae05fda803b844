"""Deals explained through the API (issue 32 §2): ``?explain=1`` on the deal list, one deal and
the match adds each deal's ``explain``, its lines in the request's language with the players'
names; without it the answers are unchanged; a value it does not take is a 400 at the
parameter, and a game that explains nothing answers an empty list."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db

FIRST = {"battezzante": 0, "trump": "cups", "points": [7, 4]}
SECOND = {
    "trump": "coins",
    "cards": [{"aces": 3, "figures": 7}, {"aces": 1, "figures": 13}],
    "last_trick": 0,
    "marafona": 3,
}
POINTS = "Points entered as counted at the table: Anna & Carla 7, Bruno & Dario 4."
MARAFONA = (
    "Dario declared the marafona (the 3, 2 and ace of trumps): 3 more points for Bruno & Dario."
)


@pytest.fixture
def played(marafon):
    for deal in (FIRST, SECOND):
        assert marafon.post_deal(deal).status_code == 201
    return marafon


def test_without_the_parameter_the_answers_are_unchanged(played):
    listed = played.client.get(played.deals_url).json()["results"]
    one = played.client.get(f"{played.deals_url}1/").json()
    match = played.get()

    assert all(set(deal) == {"number", "input", "outcome"} for deal in listed)
    assert set(one) == {"number", "input", "outcome", "state", "version"}
    assert all("explain" not in deal for deal in match["deals"])


def test_the_deal_list_explains_each_deal_with_the_players_names(played):
    listed = played.client.get(f"{played.deals_url}?explain=1").json()["results"]

    assert listed[0]["explain"] == [POINTS]
    second = listed[1]["explain"]
    assert second[0] == (
        "Anna & Carla took 3 aces, 7 figures and the last trick: 3 + 7/3 + 1 = 6⅓, 6 whole points."
    )
    assert MARAFONA in second
    assert second[-1] == "The deal scores Anna & Carla 6 and Bruno & Dario 8."


@pytest.mark.parametrize("value", ["1", "true"])
def test_one_deal_and_the_match_explain_on_request(played, value):
    one = played.client.get(f"{played.deals_url}2/?explain={value}").json()
    match = played.client.get(f"{played.url}?explain={value}").json()

    assert MARAFONA in one["explain"]
    assert match["deals"][0]["explain"] == [POINTS]
    assert MARAFONA in match["deals"][1]["explain"]


def test_explain_0_is_the_default_answer(played):
    one = played.client.get(f"{played.deals_url}1/?explain=0").json()

    assert "explain" not in one


def test_the_lines_are_in_the_request_language(played):
    one = played.client.get(f"{played.deals_url}1/?explain=1", HTTP_ACCEPT_LANGUAGE="it")

    assert one["Content-Language"] == "it"
    assert one.json()["explain"] == [
        "Punti inseriti come contati al tavolo: Anna & Carla 7, Bruno & Dario 4."
    ]


def test_a_value_it_does_not_take_is_a_400_at_the_parameter(played):
    refused = played.client.get(f"{played.deals_url}?explain=maybe")

    assert refused.status_code == 400
    assert "explain" in refused.json()


def test_a_game_that_explains_nothing_answers_empty_lines(played, monkeypatch):
    from games.rules.marafon import Marafon

    monkeypatch.setattr(Marafon, "outcome_kinds", ())
    listed = played.client.get(f"{played.deals_url}?explain=1").json()["results"]

    assert [deal["explain"] for deal in listed] == [[], []]


def test_the_schema_documents_the_parameter_and_the_field(client):
    schema = client.get("/api/v1/schema/?format=json").json()
    deals = schema["paths"]["/api/v1/matches/{public_id}/deals/"]["get"]
    one = schema["paths"]["/api/v1/matches/{public_id}/deals/{number}/"]["get"]
    match = schema["paths"]["/api/v1/matches/{public_id}/"]["get"]

    for operation in (deals, one, match):
        assert "explain" in [p["name"] for p in operation["parameters"]]
    components = schema["components"]["schemas"]
    assert "explain" in components["Deal"]["properties"]
    assert "explain" not in components["Deal"].get("required", [])
    assert "explain" in components["DealSummary"]["properties"]
