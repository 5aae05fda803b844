"""A game lives in three places. "Tens" (tests/games/extra_game/) is defined only here: its
rules module, its page module and its template. Registered like the five games, it is played
through the API, the phone page and a two-round pairs tournament, with no other file touched:
shared code asks the game, it never names one."""

from __future__ import annotations

from pathlib import Path

import pytest
from rest_framework.test import APIClient

from games.models import Deal, Match, Tournament
from games.pages import games as pages
from games.rules import GAMES, register

from .extra_game import page, rules

HERE = Path(__file__).parent


@pytest.fixture
def tens(settings):
    """Tens registered for one test (its rules, its page, its templates), then forgotten."""
    register(rules.GAME)
    pages.register(page.PAGE)
    templates = settings.TEMPLATES[0]
    settings.TEMPLATES = [
        {**templates, "DIRS": [*templates["DIRS"], HERE / "extra_game" / "templates"]}
    ]
    yield rules.GAME
    GAMES.pop("tens")
    pages.PAGES.pop("tens")


@pytest.mark.django_db
def test_tens_is_played_through_the_api(tens):
    client = APIClient()
    created = client.post(
        "/api/v1/matches/",
        {"game": "tens", "players": ["Ana", "Ben", "Cai", "Dai"]},
        format="json",
        HTTP_IDEMPOTENCY_KEY="tens-" + "x" * 20,
    )
    assert created.status_code == 201, created.json()
    match = created.json()
    phone = APIClient(HTTP_X_EDIT_KEY=match["edit_key"])
    deals = f"/api/v1/matches/{match['id']}/deals/"

    for points in ([7, 3], [6, 4], [8, 2], [9, 1]):
        answer = phone.post(deals, {"points": points}, format="json")
        assert answer.status_code == 201, answer.json()
    refused = phone.post(deals, {"points": [9, 9]}, format="json")
    state = client.get(f"/api/v1/matches/{match['id']}/").json()["state"]

    assert refused.status_code == 409  # the match is won: 30 reached
    assert state == {"scores": [30, 10], "finished": True, "winner": 0, "next": {"dealer": 0}}
    assert phone.post(
        f"/api/v1/matches/{match['id']}/deals/4/", {"points": [9, 9]}, format="json"
    ).status_code in (400, 405)


@pytest.mark.django_db
def test_tens_is_played_on_the_phone_page(tens, client):
    form = client.get("/new/tens/")
    assert form.status_code == 200
    players = {f"player_{i}": name for i, name in enumerate(["Ana", "Ben", "Cai", "Dai"])}
    started = client.post("/new/tens/", {**players, "rule_target": "30"})
    assert started.status_code == 302, started.context["form"].errors
    url = started["Location"].split("#")[0]

    page_before = client.get(url).content.decode()
    entered = client.post(f"{url}deals/", {"points": "7"})
    wrong = client.post(f"{url}deals/", {"points": "11"})
    page_after = client.get(url).content.decode()

    assert 'name="points"' in page_before and "Points of Ana &amp; Cai" in page_before
    assert entered.status_code == 302
    assert wrong.status_code == 400  # shown again with its error, nothing stored
    assert Deal.objects.count() == 1
    assert Match.objects.get().state["scores"] == [7, 3]
    assert "7 – 3" in page_after  # the history line, from the page module
    assert "Deals" in page_after and "Ben" in page_after  # the next dealer, on the scoreboard
    # Its deal explains itself (its rules' explain), linked from its line in the history.
    assert 'href="deals/1/"' in page_after
    explained = client.get(f"{url}deals/1/").content.decode()
    assert "Ana &amp; Cai took 7 of the ten points and Ben &amp; Dai 3." in explained
    # A correction is asked back with its before and after, then made once confirmed.
    asked = client.post(f"{url}deals/1/edit/", {"points": "2"})
    assert asked.status_code == 200 and "Deal 1: 7 – 3 → 2 – 8" in asked.content.decode()
    corrected = client.post(f"{url}deals/1/edit/", {"points": "2", "confirm": "1"})
    assert corrected.status_code == 302
    assert Match.objects.get().state["scores"] == [2, 8]


@pytest.mark.django_db(transaction=True)
def test_tens_is_played_in_a_two_round_pairs_tournament(tens, django_user_model):
    director = APIClient()
    director.force_authenticate(django_user_model.objects.create_user("td", password="pw-x-1234"))
    assert director.post("/api/v1/clubs/", {"name": "De Zwaan"}, format="json").status_code == 201
    created = director.post(
        "/api/v1/tournaments/",
        {"club": "de-zwaan", "name": "Tens cup", "game": "tens", "format": "swiss",
         "rounds": 2, "round_kind": "game", "tie_breaks": ["difference"]},
        format="json",
    )  # fmt: skip
    assert created.status_code == 201, created.json()
    base = f"/api/v1/tournaments/{created.json()['id']}/"
    for n in range(4):
        answer = director.post(
            f"{base}entrants/", {"name": f"A{n}", "partner_name": f"B{n}"}, format="json"
        )
        assert answer.status_code == 201

    for number in (1, 2):
        assert director.post(f"{base}rounds/", format="json").status_code == 202
        drawn = director.get(f"{base}rounds/").json()[number - 1]
        assert drawn["status"] == "ready", drawn["report"]
        for table in drawn["tables"]:
            key = table["link"].rstrip("/").rsplit("/", 1)[1]
            phone = APIClient(HTTP_X_EDIT_KEY=key)
            for _ in range(4):  # the first partnership wins 32 to 8
                answer = phone.post(
                    f"/api/v1/matches/{table['match']}/deals/", {"points": [8, 2]}, format="json"
                )
                assert answer.status_code == 201, answer.json()
            confirm_key = table["confirm_link"].rstrip("/").rsplit("/", 1)[1]
            confirmed = APIClient().post(
                f"{base}rounds/{number}/tables/{table['number']}/confirm/",
                {"by": table["entrants"][1]["name"].split(" & ")[0]},
                format="json",
                HTTP_X_TABLE_KEY=confirm_key,
            )
            assert confirmed.status_code == 200, confirmed.json()

    standings = APIClient().get(f"{base}standings/").json()["standings"]
    assert Tournament.objects.get().status == "finished"
    assert sum(row["match_points"] for row in standings) == 2 * 2 * 2  # 2 games a round
    assert sum(row["points"] for row in standings) == 0  # differences cancel out
    assert {row["points"] for row in standings} <= {48, 0, -48}
    assert standings[0]["match_points"] == 4 and standings[0]["points"] == 48
