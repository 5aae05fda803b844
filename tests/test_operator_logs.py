"""The logs an operator reads: every line of a request carries its id (returned as
X-Request-ID), the services say what happened (draws asked for, drawn and failed; recomputes;
corrections at confirmed tables; refusals), and no secret ever reaches a line.

A whole small tournament runs through the API and the pages, as a club runs it, with every log
record of every logger captured at DEBUG (SQL included) and written by the production JSON
formatter; then the captured text is searched for every secret that travelled: edit keys, both
keys of every table, the API token, the password."""

from __future__ import annotations

import io
import json
import logging
import random

import pytest
from django.db import connection
from rest_framework.test import APIClient

from .test_log_redaction import configured_handler
from .test_tournament_simulation import key_of, rikken_deal

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a-long-Secret-pass-7731"


@pytest.fixture
def captured(settings):
    """Every record of every logger, at DEBUG, written as production writes them: the JSON
    formatter and the filters of settings.LOGGING."""
    stream = io.StringIO()
    handler = configured_handler(settings, "json", stream)
    root = logging.getLogger()
    levels = {name: logging.getLogger(name).level for name in ("", "django.db.backends")}
    root.addHandler(handler)
    for name in levels:
        logging.getLogger(name).setLevel(logging.DEBUG)
    connection.force_debug_cursor = True  # the SQL too: no raw key may reach a query
    try:
        yield stream
    finally:
        connection.force_debug_cursor = False
        root.removeHandler(handler)
        for name, level in levels.items():
            logging.getLogger(name).setLevel(level)


def lines(stream: io.StringIO) -> list[dict]:
    return [json.loads(line) for line in stream.getvalue().splitlines() if line.strip()]


def test_a_tournament_leaves_useful_lines_and_no_secret(
    django_user_model, client, captured, monkeypatch
):
    rng = random.Random(3)
    django_user_model.objects.create_user("td", password=PASSWORD)
    stranger = django_user_model.objects.create_user("eve", password=PASSWORD + "x")
    token = APIClient().post(
        "/api/v1/auth/token/", {"username": "td", "password": PASSWORD}, format="json"
    )
    assert token.status_code == 200
    secrets = {"token": token.json()["token"], "password": PASSWORD}
    director = APIClient(HTTP_AUTHORIZATION=f"Token {secrets['token']}")
    assert director.post("/api/v1/clubs/", {"name": "De Zwaan"}, format="json").status_code == 201
    created = director.post(
        "/api/v1/tournaments/",
        {"club": "de-zwaan", "name": "Drive", "game": "rikken", "format": "individual",
         "rounds": 2, "round_kind": "deals", "deals_per_round": 2},
        format="json",
    ).json()  # fmt: skip
    base = f"/api/v1/tournaments/{created['id']}/"
    for n in range(1, 9):
        director.post(f"{base}entrants/", {"name": f"Player {n}"}, format="json")

    # A friendly match beside it, with its edit key used in a header and in its edit link.
    friendly = APIClient().post(
        "/api/v1/matches/",
        {"game": "marafon", "players": ["Ana", "Ben", "Cai", "Dai"]},
        format="json",
        HTTP_IDEMPOTENCY_KEY="k" * 24,
    )
    assert friendly.status_code == 201
    secrets["edit key"] = friendly.json()["edit_key"]
    friendly_id = friendly.json()["id"]
    client.get(f"/m/{friendly_id}/edit/{secrets['edit key']}/")
    APIClient(HTTP_X_EDIT_KEY=secrets["edit key"]).post(
        f"/api/v1/matches/{friendly_id}/deals/",
        {"battezzante": 0, "trump": "coins", "points": [6, 5]},
        format="json",
    )

    assert director.post(f"{base}rounds/", format="json").status_code == 202
    tables = director.get(f"{base}rounds/").json()[0]["tables"]
    for table in tables:
        secrets[f"table {table['number']} scoring key"] = key_of(table)
        secrets[f"table {table['number']} confirmation key"] = key_of(table, "confirm_link")
        phone = APIClient(HTTP_X_EDIT_KEY=key_of(table))
        for deal in range(2):
            phone.post(
                f"/api/v1/matches/{table['match']}/deals/",
                rikken_deal(rng, deal == 0),
                format="json",
            )
        # The confirmation link, opened on the other side's phone, then the confirmation.
        client.get(f"/m/{table['match']}/confirm/{key_of(table, 'confirm_link')}/")
        confirmed = APIClient().post(
            f"{base}rounds/1/tables/{table['number']}/confirm/",
            {"by": table["entrants"][1]["name"]},
            format="json",
            HTTP_X_TABLE_KEY=key_of(table, "confirm_link"),
        )
        assert confirmed.status_code == 200
    # A director corrects a deal at a confirmed table.
    first = tables[0]
    corrected = director.put(
        f"/api/v1/matches/{first['match']}/deals/2/",
        {"contracts": [{"contract": "misere", "declarer": 1, "tricks": 1}]},
        format="json",
    )
    assert corrected.status_code == 200, corrected.json()
    # Strangers are refused: a scoring key where the confirmation key is asked, another club's
    # director, a wrong password at the sign-in page.
    APIClient().post(
        f"{base}rounds/1/tables/1/confirm/",
        {"by": "x"},
        format="json",
        HTTP_X_TABLE_KEY=key_of(first),
    )
    outsider = APIClient()
    outsider.force_authenticate(stranger)
    assert outsider.post(f"{base}rounds/", format="json").status_code == 403
    client.post("/accounts/login/", {"username": "td", "password": PASSWORD + "-wrong"})
    assert (
        client.post("/accounts/login/", {"username": "td", "password": PASSWORD}).status_code == 302
    )

    # A draw that cannot be made, with its reason.
    def cannot(**kwargs):
        raise ValueError("Not enough players checked in.")

    monkeypatch.setattr("games.services.rounds.draw_plan", cannot)
    assert director.post(f"{base}rounds/", format="json").status_code == 202

    text = captured.getvalue()
    records = lines(captured)
    assert len(records) > 200
    for name, secret in secrets.items():
        assert secret not in text, f"the {name} reached a log line"

    messages = [r["message"] for r in records]
    loggers = {r["logger"] for r in records}
    assert {"games.rounds", "games.standings", "games.corrections", "games.access"} <= loggers
    assert any(m.startswith("draw requested: Drive round 1, by user") for m in messages)
    assert any(m.startswith("round drawn: Drive round 1, 2 tables") for m in messages)
    assert any(m.startswith("standings recomputed: Drive") for m in messages)
    assert any(
        m.startswith("correction at a confirmed table: Drive round 1 table 1, deal 2 replace")
        for m in messages
    )
    assert any("refused: confirm or dispute the result" in m for m in messages)
    # The refused account by its id, never its username (issue 31: no names in the logs).
    eve = f"by user {stranger.pk}"
    assert any("refused: POST /api/v1/tournaments/" in m and m.endswith(eve) for m in messages)
    assert not any("eve" in m.split() or "(eve)" in m for m in messages)
    assert "draw failed: Drive round 2: Not enough players checked in." in messages
    # Every line of a request carries its id, one id a request.
    requests = [r for r in records if r["logger"] == "scorekeeper.requests"]
    assert len(requests) > 20
    assert all(r["request_id"] and len(r["request_id"]) == 32 for r in requests)
    assert len({r["request_id"] for r in requests}) == len(requests)
    refusal = next(r for r in records if r["logger"] == "games.access" and eve in r["message"])
    its_request = next(r for r in requests if r["request_id"] == refusal["request_id"])
    assert its_request["status"] == 403 and its_request["method"] == "POST"


def test_the_answer_returns_its_request_id_and_keeps_a_proxys(client):
    answer = client.get("/")
    given = "0f" * 16
    kept = client.get("/", HTTP_X_REQUEST_ID=given)
    forged = client.get("/", HTTP_X_REQUEST_ID="a line\nbreak")

    assert len(answer["X-Request-ID"]) == 32
    assert kept["X-Request-ID"] == given
    assert forged["X-Request-ID"] != "a line\nbreak" and len(forged["X-Request-ID"]) == 32
