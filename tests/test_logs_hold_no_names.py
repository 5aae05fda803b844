"""Issue 31: the operator's logs hold no names (and no keys: tests/test_operator_logs.py). A club
plays with people of distinctive names through the API and the pages: a friendly match, an
evening, a tournament whose tables are scored, corrected after confirmation, confirmed,
disputed and reopened by name, refusals of strangers signed in under their own names, a
player's data taken, a match and an evening deleted, members erased (the club's season
counting their tournament), the club exported and deleted. Every record of every
logger at the production level (INFO), written by the production JSON formatter and filters,
is searched for every name and username."""

from __future__ import annotations

import io
import logging
import re

import pytest
from django.test import Client
from rest_framework.test import APIClient

from games.models import Player, Table
from games.services.table_keys import table_keys
from tests.test_log_redaction import configured_handler

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a-long-Secret-pass-7731"
# Names no log line would hold by chance: each is searched for as a word, case-insensitively.
PEOPLE = ["Wilhelmina", "Bartholomeus", "Cunegonda", "Dagoberto", "Eulalia", "Fridolin"]
GUESTS = ["Gwendolyn", "Hieronymus", "Isidora", "Jacobina"]
EVENING = ["Kunigunde", "Leopoldina", "Maximiliaan", "Nepomuk"]
MISERE = {"contracts": [{"contract": "misere", "declarer": 1, "tricks": 0}]}
MISSED = {"contracts": [{"contract": "misere", "declarer": 1, "tricks": 1}]}
USERNAMES = ["td_ottoline", "perpetua_member", "quirinus_stranger"]


@pytest.fixture
def captured(settings):
    stream = io.StringIO()
    handler = configured_handler(settings, "json", stream)
    handler.setLevel(logging.INFO)
    root = logging.getLogger()
    level = root.level
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    try:
        yield stream
    finally:
        root.removeHandler(handler)
        root.setLevel(level)


def _signed_in(django_user_model, username: str) -> APIClient:
    django_user_model.objects.create_user(username, password=PASSWORD)
    client = APIClient()
    token = client.post(
        "/api/v1/auth/token/", {"username": username, "password": PASSWORD}, format="json"
    ).json()["token"]
    return APIClient(HTTP_AUTHORIZATION=f"Token {token}")


def test_a_club_at_play_leaves_no_name_in_the_logs(django_user_model, captured):
    director = _signed_in(django_user_model, USERNAMES[0])
    member_account = _signed_in(django_user_model, USERNAMES[1])
    stranger = _signed_in(django_user_model, USERNAMES[2])
    assert director.post("/api/v1/clubs/", {"name": "De Zwaan"}, format="json").status_code == 201
    club = "/api/v1/clubs/de-zwaan/"
    members = [
        director.post(f"{club}members/", {"name": name}, format="json").json()["id"]
        for name in PEOPLE
    ]
    perpetua = Player.objects.get(pk=members[0])
    perpetua.user = django_user_model.objects.get(username=USERNAMES[1])
    perpetua.save()

    # A friendly match of guests, scored, corrected, deleted; a stranger refused on the way.
    friendly = (
        APIClient()
        .post("/api/v1/matches/", {"game": "marafon", "players": GUESTS}, format="json")
        .json()
    )
    key = {"HTTP_X_EDIT_KEY": friendly["edit_key"]}
    url = f"/api/v1/matches/{friendly['id']}/"
    APIClient().post(f"{url}deals/", {"battezzante": 0, "trump": "cups", "points": [7, 4]},
                     format="json", **key)  # fmt: skip
    assert stranger.post(f"{url}deals/", {"trump": "cups", "points": [6, 5]},
                         format="json").status_code == 403  # fmt: skip
    assert stranger.delete(url).status_code == 403
    assert APIClient().delete(url, **key).status_code == 204

    # An evening of guests, deleted by its key.
    evening = APIClient().post(
        "/api/v1/sessions/", {"players": EVENING, "game": "rikken", "stake": "0.10"},
        format="json",
    ).json()  # fmt: skip
    assert stranger.delete(f"/api/v1/sessions/{evening['id']}/").status_code == 403
    evening_url = f"/api/v1/sessions/{evening['id']}/"
    assert APIClient().delete(evening_url, HTTP_X_EDIT_KEY=evening["edit_key"]).status_code == 204

    # A tournament of the members: drawn, scored, corrected after confirmation, disputed,
    # confirmed and reopened by name.
    created = director.post("/api/v1/tournaments/", {
        "club": "de-zwaan", "name": "Drive", "game": "rikken", "format": "individual",
        "rounds": 1, "round_kind": "deals", "deals_per_round": 2,
    }, format="json").json()  # fmt: skip
    base = f"/api/v1/tournaments/{created['id']}/"
    for player_id in members[:4]:
        director.post(f"{base}entrants/", {"player": player_id}, format="json")
    assert stranger.post(f"{base}rounds/", {}, format="json").status_code == 403
    director.post(f"{base}rounds/", {}, format="json")
    table = Table.objects.select_related("match").get(round__tournament__public_id=created["id"])
    scoring, confirming = table_keys(table).scoring, table_keys(table).confirmation
    seated = [s.player.name for s in table.match.seats.order_by("number")]
    match_url = f"/api/v1/matches/{table.match.public_id}/"
    for deal in (MISERE | {"dealer": 0}, MISERE):
        APIClient().post(f"{match_url}deals/", deal, format="json", HTTP_X_EDIT_KEY=scoring)
    table_url = f"{base}rounds/1/tables/{table.number}/"
    APIClient().post(f"{table_url}dispute/", {"by": seated[1], "reason": "Not so"},
                     format="json", HTTP_X_TABLE_KEY=confirming)  # fmt: skip
    APIClient().post(f"{table_url}confirm/", {"by": seated[1]}, format="json",
                     HTTP_X_TABLE_KEY=confirming)  # fmt: skip
    director.put(f"{match_url}deals/2/", MISSED, format="json")
    APIClient().post(f"{table_url}reopen/", None, format="json", HTTP_X_TABLE_KEY=scoring)
    assert stranger.delete(base).status_code == 403
    # The club's season counts the tournament: erasures rename its standing and recompute it.
    season = director.post("/api/v1/seasons/", {
        "club": "de-zwaan", "name": "Spring", "starts_on": "2000-01-01",
        "ends_on": "2100-12-31", "scheme": "field_size",
    }, format="json").json()  # fmt: skip
    season_url = f"/api/v1/seasons/{season['id']}/"
    attached = director.post(f"{season_url}events/", {"tournament": created["id"]},
                             format="json", HTTP_IF_MATCH='"0"')  # fmt: skip
    assert attached.status_code == 201

    # The pages too: a stranger signed in where only the club's directors go.
    page = Client()
    page.force_login(django_user_model.objects.get(username=USERNAMES[2]))
    page.get("/director/c/de-zwaan/")
    page.post(f"/p/{members[1]}/erase/", {"confirm": "1"})

    # A member takes their data; a stranger may not; the director erases another member.
    assert member_account.get(f"/api/v1/players/{members[0]}/data/").status_code == 200
    assert stranger.get(f"/api/v1/players/{members[0]}/data/").status_code == 403
    erase = {"erase": True}
    second, first = (f"/api/v1/players/{members[n]}/erase/" for n in (1, 0))
    assert stranger.post(second, erase, format="json").status_code == 403
    assert director.post(second, erase, format="json").status_code == 200
    assert member_account.post(first, erase, format="json").status_code == 200
    # The club, exported, then deleted with its tournament and season.
    assert director.get(f"{club}export/").status_code == 200
    assert director.delete(club).status_code == 204

    text = captured.getvalue()
    lines = text.splitlines()
    names = [*PEOPLE, *GUESTS, *EVENING, *USERNAMES]
    found = {
        name: [line for line in lines if re.search(rf"\b{name}\b", line, re.IGNORECASE)]
        for name in names
    }
    assert len(lines) > 60  # the walk was logged: requests, refusals, recomputes, erasures
    assert "player erased" in text and "refused" in text and "match deleted" in text
    assert "season standing recomputed" in text and "club deleted" in text
    assert {name: hits for name, hits in found.items() if hits} == {}
