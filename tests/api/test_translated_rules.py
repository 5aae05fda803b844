"""The rules engines' refusals come back in the request's language (Accept-Language), their
parameters filled in and translated too; English stays as it was."""

import pytest

from tests.translations import back_to_english, install_catalogue

ITALIAN = {
    (None, "Marafon points must sum to %(total)s."): "I punti a Marafon fanno %(total)s in tutto.",
    (
        None,
        "The battezzante of this deal is %(seat)s, the player to the dealer's right.",
    ): "Il battezzante di questa mano è %(seat)s, alla destra del mazziere.",
    (None, "seat %(number)s"): "il posto %(number)s",
    (None, "Marafon to 31"): "Marafon a 31",
    (None, "Every game to 31 points."): "Ogni partita a 31 punti.",
}


@pytest.fixture
def italian(settings, tmp_path):
    install_catalogue(settings, tmp_path, "it", ITALIAN)
    yield
    back_to_english()


def test_a_rules_error_comes_back_in_italian(italian, marafon):
    response = marafon.post_deal(
        {"battezzante": 0, "trump": "coins", "points": [5, 5]}, HTTP_ACCEPT_LANGUAGE="it"
    )

    assert response.status_code == 400
    assert response.json() == {"points": ["I punti a Marafon fanno 11 in tutto."]}


def test_a_parameter_that_is_a_message_is_translated_too(italian, marafon):
    marafon.post_deal({"battezzante": 0, "trump": "coins", "points": [5, 6]})

    response = marafon.post_deal(
        {"battezzante": 3, "trump": "coins", "points": [5, 6]}, HTTP_ACCEPT_LANGUAGE="it"
    )

    assert response.json() == {
        "battezzante": ["Il battezzante di questa mano è il posto 1, alla destra del mazziere."]
    }


def test_english_is_unchanged(italian, marafon):
    marafon.post_deal({"battezzante": 0, "trump": "coins", "points": [5, 6]})

    refused = marafon.post_deal({"battezzante": 3, "trump": "coins", "points": [5, 5]})

    assert refused.json() == {
        "battezzante": [
            "The battezzante of this deal is seat 1, the player to the dealer's right."
        ],
        "points": ["Marafon points must sum to 11."],
    }


def test_a_message_without_a_translation_is_said_in_english(italian, marafon):
    response = marafon.post_deal({"battezzante": 0, "trump": "coins"}, HTTP_ACCEPT_LANGUAGE="it")

    assert response.json() == {
        "points": ["Enter the deal's points, its card counts, a claim, or that it was annulled."]
    }


def test_built_in_house_rules_are_named_in_the_request_language(italian, api_client):
    response = api_client.get("/api/v1/presets/marafon-31/", HTTP_ACCEPT_LANGUAGE="it")

    assert response.json()["name"] == "Marafon a 31"
    assert response.json()["description"] == "Ogni partita a 31 punti."
    assert api_client.get("/api/v1/presets/marafon-31/").json()["name"] == "Marafon to 31"
