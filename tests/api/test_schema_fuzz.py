"""Schemathesis drives every operation of the OpenAPI schema through the WSGI app (no server),
with every check it has (``schemathesis.checks``: server errors, status codes, content types,
headers and bodies against the schema, schema-violating requests refused, schema-valid ones
accepted, unsupported methods, missing headers, ignored credentials), three ways:

- with real ids and a director's token, so that writes reach the code behind them;
- as a stranger: no credentials and made-up ids (what an outside scanner sees);
- statefully, following the schema's OpenAPI links (api/links.py): a match created, then its
  deals posted, replaced, undone and read with the edit key the creation answered.

The checks run with their defaults, but for two things the schema cannot state. A request of
the schema's form may still be refused for the state it meets: 412 (a stale If-Match) and 422
(an Idempotency-Key used with another body) join the statuses schemathesis already allows for
that (404, 409). And the bodies of a few writes are checked against rules no schema says (a
game's rules, the names' rule, ids of other objects that must exist): there a 400 is the right
answer to a request of the schema's form, so "schema-valid data accepted" is not checked on
them (BODY_RULED). A query parameter the API does not know is ignored, as on the web, so
schemathesis adds none.

``FUZZ_EXAMPLES`` raises the examples per operation for a long run (``python -m bench.fuzz``);
the suite keeps it short."""

from __future__ import annotations

import contextvars
import json
import os
from decimal import Decimal
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import run_state_machine_as_test
from schemathesis.specs.openapi.checks import positive_data_acceptance

from games.services import club_create, club_member_add, deal_record, match_create
from games.services.sessions import session_create
from games.services.table_keys import table_keys
from scorekeeper.wsgi import application
from tests.factories import drawn_table

pytestmark = pytest.mark.slow

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "4"))
STRANGER_EXAMPLES = max(2, EXAMPLES // 3)
STATEFUL_EXAMPLES = int(os.environ.get("FUZZ_STATEFUL_EXAMPLES", "8"))
REPORT = os.environ.get("FUZZ_REPORT")  # a file for the counts of a run by hand
# Writes whose bodies meet rules the schema cannot state (see above).
BODY_RULED = {
    "auth_token_create",  # a username and password that match an account
    "matches_create",  # the game's rules, the players' names, a preset that exists
    "matches_deals_create",
    "matches_deals_update",
    "sessions_create",
    "sessions_matches_create",
    "settlements_create",  # matches that exist
    "presets_create",
    "tournaments_create",
    "tournaments_partial_update",
    "tournaments_entrants_create",
    "tournaments_entrants_partial_update",
    "tournaments_rounds_tables_confirm_create",
    "tournaments_rounds_tables_dispute_create",
    "clubs_create",
    "clubs_members_create",
    "clubs_members_merge_create",
    "clubs_directors_create",
    "clubs_options_partial_update",
    "players_partial_update",
    "seasons_create",  # a club that exists, dates in order, a registered points scheme
    "seasons_partial_update",
    "seasons_events_create",  # the club's own tournament or evening
    "players_erase_create",  # {"erase": true}: false is the schema's, and refused
}
CONFIG = schemathesis.Config.from_dict(
    {
        # A query parameter the API does not know is ignored, as on the web (a client's
        # cache-busting ``?_=``): adding one does not make a request wrong.
        "generation": {"allow-extra-parameters": False},
        "checks": {
            "positive_data_acceptance": {
                "expected-statuses": ["2xx", "3xx", "401", "403", "404", "409", "412", "422"],
            },
        },
    }
)
schema = schemathesis.openapi.from_wsgi("/api/v1/schema/?format=json", application, config=CONFIG)
COUNTS = {"requests": 0, "server_errors": 0, "nonconforming": 0}
SETTINGS = {"deadline": None, "suppress_health_check": list(HealthCheck), "derandomize": True}


# In the stateful test, the writes that start a link draw a body that the game's rules accept
# three times in four: otherwise no match would ever be created, and no link followed.
PLAYABLE = contextvars.ContextVar("playable", default=False)
FIRST_DEAL = {"battezzante": 0, "trump": "cups", "points": [7, 4]}
PLAYABLE_BODIES = {
    "matches_create": [{"game": "marafon", "players": ["A", "B", "C", "D"]}],
    "matches_deals_create": [FIRST_DEAL, {"trump": "coins", "points": [6, 5]}],
    "matches_deals_update": [FIRST_DEAL],
    "sessions_create": [{"players": ["S1", "S2", "S3", "S4"], "game": "rikken", "stake": "1"}],
}


@schema.hook
def before_generate_body(context, strategy):
    bodies = PLAYABLE_BODIES.get(context.operation.definition.raw.get("operationId"))
    if not bodies:
        return strategy
    playable = st.sampled_from(bodies)
    # Decided at each draw: the same strategy serves the other tests, where PLAYABLE is off.
    return st.just(None).flatmap(
        lambda _: st.one_of(playable, playable, playable, strategy) if PLAYABLE.get() else strategy
    )


@pytest.fixture
def world(django_user_model, django_capture_on_commit_callbacks, keep_connection):
    from api.tokens import token_issue

    director = django_user_model.objects.create_user("dir", password="pw-x-1234")
    club = club_create(name="De Zwaan", director=director)
    table = drawn_table(
        django_capture_on_commit_callbacks, director=director, club=club, entrants=8, rounds=3
    )
    tournament = table.round.tournament
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
    """Real objects in the path (a generated id would only meet a 404), and the keys they take
    (the token goes with the call: see the test)."""
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
    # Made-up credentials from the schema's security schemes: ours go with the call.
    headers.pop("Authorization", None)
    if case.cookies:
        case.cookies.pop("sessionid", None)
    if "/matches/" in path:
        headers["X-Edit-Key"] = world["edit_key"]
    if "/sessions/" in path:
        headers["X-Edit-Key"] = world["session_key"]
    if "/tables/" in path:
        headers["X-Table-Key"] = world["table_key"]
    case.headers = headers


def needs_credentials(operation) -> bool:
    security = operation.definition.raw.get("security", schema.raw_schema.get("security", []))
    return bool(security) and {} not in security


def excluded_for(case) -> list:
    return [positive_data_acceptance] if case.operation.definition.raw.get(
        "operationId"
    ) in BODY_RULED else []  # fmt: skip


def call_and_check(case, credentials: dict | None = None) -> None:
    """Credentials go with the call, not in the case: schemathesis then knows them for valid,
    and checks that the operations needing them refuse a request without them, or with others."""
    response = case.call(headers=credentials)
    COUNTS["requests"] += 1
    if response.status_code >= 500:
        COUNTS["server_errors"] += 1
    try:
        case.validate_response(response, excluded_checks=excluded_for(case), headers=credentials)
    except Exception:
        COUNTS["nonconforming"] += 1
        raise
    finally:
        if REPORT:
            Path(REPORT).write_text(json.dumps(COUNTS))


@schema.parametrize()
@settings(max_examples=EXAMPLES, **SETTINGS)
@pytest.mark.django_db
def test_every_operation_answers_within_its_schema(case, world):
    with_real_ids(case, world)
    credentials = {"Authorization": f"Token {world['token']}"}
    # A request made to break the schema of an operation that needs credentials may break it
    # by leaving them out: it goes without ours (and must be refused all the same).
    if case.meta.generation.mode.is_negative and needs_credentials(case.operation):
        credentials = None
    call_and_check(case, credentials)


@schema.parametrize()
@settings(max_examples=STRANGER_EXAMPLES, **SETTINGS)
@pytest.mark.django_db
def test_a_stranger_gets_answers_within_the_schema(case, keep_connection):
    """No credentials and made-up ids: every answer JSON and of the schema, 404s included."""
    call_and_check(case)


@pytest.mark.django_db
def test_the_links_lead_from_a_new_match_to_its_deals_within_the_schema(
    keep_connection, django_user_model
):
    """Stateful: sequences of calls that follow the links (a match created, its deals posted
    with the edit key it answered, replaced, undone, read), every answer checked. Signed in,
    so that a short Idempotency-Key is the caller's own."""
    from api.tokens import token_issue

    token = token_issue(user=django_user_model.objects.create_user("p", password="pw-x-1234"))
    # The matches' operations, so that a short run goes down their links (a new match to its
    # deals); the sessions' own links are drawn by the schema tests above.
    scored = schema.include(path_regex="^/api/v1/matches/")
    called: set[tuple[str, int]] = set()

    class Links(scored.as_state_machine()):
        def get_call_kwargs(self, case):
            return {"headers": {"Authorization": f"Token {token}"}}

        def after_call(self, response, case):
            super().after_call(response, case)
            called.add((case.operation.definition.raw["operationId"], response.status_code))

        def validate_response(self, response, case, additional_checks=None, **kwargs):
            case.validate_response(
                response, excluded_checks=excluded_for(case), recorder=self.recorder
            )

    playable = PLAYABLE.set(True)
    try:
        run_state_machine_as_test(
            Links,
            settings=settings(max_examples=STATEFUL_EXAMPLES, stateful_step_count=6, **SETTINGS),
        )
    finally:
        PLAYABLE.reset(playable)

    # The links were followed: a match created, and deals posted to it with its edit key
    # (read by the deal's rules, so neither a 404 nor a 403; 201 when the body was playable).
    reached = {status for operation, status in called if operation == "matches_deals_create"}
    assert ("matches_create", 201) in called
    assert reached & {201, 400, 409, 412}, called
