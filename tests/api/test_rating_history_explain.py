"""``?explain=1`` on a member's rating history (issue 32 §2): each step says, in the request's
language, the result, the places, the rating, skill and uncertainty before and after, and what
the rating means; without it the answer is as it was. Documented in the schema."""

from __future__ import annotations

import pytest

from tests.factories import rated_club

pytestmark = pytest.mark.django_db

STEP = {"sequence", "at", "match", "rating", "mu", "sigma"}


@pytest.fixture
def history_url():
    club = rated_club()
    return f"/api/v1/clubs/{club['club'].slug}/ratings/rikken/{club['members'][1].pk}/"


def test_without_explain_the_answer_is_unchanged(api_client, history_url):
    plain = api_client.get(history_url).json()
    said_no = api_client.get(history_url + "?explain=0").json()

    assert [set(step) for step in plain] == [STEP] * 3
    assert said_no == plain


def test_explain_adds_the_sentences_to_each_step(api_client, history_url):
    plain = api_client.get(history_url).json()
    steps = api_client.get(history_url + "?explain=1").json()

    assert [{k: v for k, v in step.items() if k != "explain"} for step in steps] == plain
    first, second = steps[0]["explain"], steps[1]["explain"]
    assert first[0].endswith(": \u2068Drive\u2069, round 1, table 1.")
    assert first[1] == "Place 1 of 4: +15 units."
    assert first[3] == f"Rating before and after: 0.00 → {plain[0]['rating']:.2f} (+3.00)."
    assert second[1] == "Place 4 of 4: -15 units."
    assert second[3].startswith(f"Rating before and after: {plain[0]['rating']:.2f} → ")
    assert second[4] == f"Skill (μ) before and after: {plain[0]['mu']:.3f} → {plain[1]['mu']:.3f}."
    assert all(step["explain"][-1].startswith("The rating is a cautious") for step in steps)
    assert api_client.get(history_url + "?explain=true").json() == steps


def test_the_sentences_are_in_the_requests_language(api_client, history_url):
    steps = api_client.get(history_url + "?explain=1", HTTP_ACCEPT_LANGUAGE="nl").json()

    assert steps[0]["explain"][1] == "Plaats 1 van 4: +15 eenheden."
    assert steps[0]["explain"][3] == "Rating voor en na: 0,00 → 3,00 (+3,00)."
    assert steps[1]["explain"][0].endswith(": Wedstrijd 1 van de avond.")


def test_a_word_other_than_the_choices_is_refused_at_the_parameter(api_client, history_url):
    refused = api_client.get(history_url + "?explain=maybe")

    assert refused.status_code == 400
    assert "explain" in refused.json()


def test_the_schema_documents_the_parameter_and_the_field(api_client):
    schema = api_client.get("/api/v1/schema/?format=json").json()
    path = schema["paths"]["/api/v1/clubs/{slug}/ratings/{game}/{player_id}/"]["get"]
    step = schema["components"]["schemas"]["RatingStep"]

    enum = {p["name"]: p["schema"].get("enum") for p in path["parameters"]}["explain"]
    assert sorted(enum) == ["0", "1", "false", "true"]
    assert "explain" in step["properties"] and "explain" not in step.get("required", [])
    assert step["properties"]["explain"]["type"] == "array"
