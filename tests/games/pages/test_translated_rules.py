"""The pages say the rules engines' words in the request's language: a deal's refusal (with
the player's name where the rules name a seat), and the rule options on match set-up."""

import pytest

from tests.translations import back_to_english, install_catalogue

from .conftest import field_errors

pytestmark = pytest.mark.django_db

PLAYERS = ["Anna", "Bruno", "Carla", "Dario"]
ITALIAN = {
    (
        None,
        "Under this match's rules the battezzante alone may declare it: only %(seat)s can "
        "declare a marafona.",
    ): "Con queste regole la dichiara solo il battezzante: può dichiarare la marafona solo "
    "%(seat)s.",
    (None, "seat %(number)s"): "il posto %(number)s",
    ("rule option", "target"): "traguardo",
    (None, "Points that win a game."): "I punti che vincono una partita.",
    ("rule choice", "single game"): "partita secca",
}


@pytest.fixture
def italian(settings, tmp_path):
    install_catalogue(settings, tmp_path, "it", ITALIAN)
    yield
    back_to_english()


def start_marafon(client, **rules) -> str:
    form = client.get("/new/marafon/").context["form"]
    data = {
        field.name: ("on" if field.initial is True else field.initial)
        for field in form
        if field.initial not in (None, False) and not field.name.startswith("player_")
    }
    data.update({f"player_{seat}": name for seat, name in enumerate(PLAYERS)}, **rules)
    response = client.post("/new/marafon/", data)
    assert response.status_code == 302
    return response["Location"].split("#")[0]


def refuse_a_marafona(client, **headers):
    url = start_marafon(client, rule_marafona_declarer="battezzante")
    response = client.post(
        f"{url}deals/",
        {"battezzante": "2", "trump": "cups", "points": "7", "marafona": "0"},
        **headers,
    )
    assert response.status_code == 400
    return response


def test_a_deal_refused_by_the_rules_says_so_in_italian_naming_the_player(italian, client):
    response = refuse_a_marafona(client, HTTP_ACCEPT_LANGUAGE="it")

    assert field_errors(response, "marafona") == [
        "Con queste regole la dichiara solo il battezzante: può dichiarare la marafona solo Carla."
    ]


def test_in_english_the_refusal_is_as_it_was(italian, client):
    response = refuse_a_marafona(client)

    assert field_errors(response, "marafona") == [
        "Under this match's rules the battezzante alone may declare it: only Carla can declare "
        "a marafona."
    ]


def test_match_set_up_shows_the_rule_options_in_italian(italian, client):
    form = client.get("/new/marafon/", HTTP_ACCEPT_LANGUAGE="it").context["form"]

    assert form["rule_target"].label == "traguardo"
    assert form["rule_target"].help_text == "I punti che vincono una partita."
    assert ("single_game", "partita secca") in form.fields["rule_match_format"].choices
    english = client.get("/new/marafon/").context["form"]
    assert english["rule_target"].label == "target"
    assert ("single_game", "single game") in english.fields["rule_match_format"].choices
