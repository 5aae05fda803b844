"""Schemathesis drives every operation of the OpenAPI schema through the WSGI app (no server),
with real ids and real credentials, so that writes reach the code behind them. Every answer
must not be a server error and must conform to the schema: its status code, content type and
body. ``FUZZ_EXAMPLES`` raises the examples per operation for a long run by hand
(``python -m bench.fuzz``); the suite keeps it short."""

from __future__ import annotations

import json
import os
from decimal import Decimal
from pathlib import Path

import pytest
import schemathesis
from django.core import signals
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from games.models import Table
from games.services import club_create, club_member_add, deal_record, match_create
from games.services.rounds import round_draw_request
from games.services.sessions import session_create
from games.services.table_keys import table_keys
from games.services.tournaments import entrant_register, tournament_create
from scorekeeper.wsgi import application

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "12"))
REPORT = os.environ.get("FUZZ_REPORT")  # a file for the counts of a run by hand
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]
schema = schemathesis.openapi.from_wsgi("/api/v1/schema/?format=json", application)
COUNTS = {"requests": 0, "server_errors": 0, "nonconforming": 0}


@pytest.fixture
def keep_connection():
    """The WSGI app closes the database connection after each request, as a server should;
    inside a test's transaction it must stay open (Django's test client does the same)."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.fixture
def world(django_user_model, django_capture_on_commit_callbacks, keep_connection):
    from api.tokens import token_issue

    director = django_user_model.objects.create_user("dir", password="pw-x-1234")
    club = club_create(name="De Zwaan", director=director)
    tournament = tournament_create(
        club=club, user=director, name="Drive", game="rikken", format="individual",
        rounds=3, round_kind="deals", deals_per_round=4,
    )  # fmt: skip
    for n in range(8):
        entrant_register(tournament=tournament, name=f"P{n}")
    with django_capture_on_commit_callbacks(execute=True):
        round_draw_request(tournament=tournament, user=director)
    table = Table.objects.select_related("match").order_by("number").first()
    created = match_create(game="marafon", players=["A", "B", "C", "D"])
    deal_record(match=created.match, raw={"battezzante": 0, "trump": "cups", "points": [7, 4]})
    session = session_create(players=["S1", "S2", "S3", "S4"], game="rikken", stake=Decimal("1"))
    member = club_member_add(club=club, name="Anna")
    return {
        "session": session.session.public_id,
        "session_key": session.edit_key,
        "player": member.pk,
        "match": created.match.public_id,
        "edit_key": created.edit_key,
        "tournament": tournament.public_id,
        "club": club.slug,
        "token": token_issue(user=director),
        "table_key": table_keys(table).confirmation,
        "entrant": tournament.entrants.first().pk,
    }


def with_real_ids(case, world) -> None:
    """Real objects in the path (a generated id would only meet a 404), and credentials."""
    params = case.path_parameters or {}
    path = case.operation.path
    if "public_id" in params:
        params["public_id"] = world["tournament" if "/tournaments/" in path else "match"]
        if "/sessions/" in path:
            params["public_id"] = world["session"]
    if "player_id" in params:
        params["player_id"] = world["player"]
    if "game" in params:
        params["game"] = "rikken"
    if "slug" in params:
        params["slug"] = world["club"]
    if "entrant_id" in params:
        params["entrant_id"] = world["entrant"]
    for name in ("number", "table"):
        if name in params and str(params[name]) not in ("1", "2", "3"):
            params[name] = 1
    headers = case.headers or {}
    headers.setdefault("Authorization", f"Token {world['token']}")
    if "/matches/" in path:
        headers["X-Edit-Key"] = world["edit_key"]
    if "/sessions/" in path:
        headers["X-Edit-Key"] = world["session_key"]
    if "/tables/" in path:
        headers["X-Table-Key"] = world["table_key"]
    case.headers = headers


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
@pytest.mark.django_db
def test_every_operation_answers_within_its_schema(case, world):
    with_real_ids(case, world)
    response = case.call()
    COUNTS["requests"] += 1
    if response.status_code >= 500:
        COUNTS["server_errors"] += 1
    try:
        case.validate_response(response, checks=CHECKS)
    except Exception:
        COUNTS["nonconforming"] += 1
        raise
    finally:
        if REPORT:
            Path(REPORT).write_text(json.dumps(COUNTS))
