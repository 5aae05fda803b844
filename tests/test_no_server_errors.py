"""Never a 500 from input: every route, with every method it may take, is sent a NUL byte in
its query and in a path segment, a JSON body nested 1,000 levels deep, a 10 MB body, and HEAD.
Each answer is a 4xx or a success; the API's refusals are JSON."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from games.models import Table
from games.services import club_create, club_member_add, deal_record, match_create
from games.services.table_keys import table_keys
from games.services.tournaments import entrant_register, round_draw_request, tournament_create

pytestmark = pytest.mark.django_db

DEEP = "[" * 1000 + "]" * 1000
BIG = b'{"players": "' + b"x" * (10 * 1024 * 1024) + b'"}'
METHODS = ("get", "head", "post", "put", "patch", "delete")
NOT_JSON = ("/api/v1/schema/", "/api/v1/docs/", "/api/v1/redoc/")


def routes(resolver=None, prefix: str = "") -> list[tuple[str, str]]:
    """(name, pattern) of every URL the project serves, admin's aside."""
    found = []
    for entry in (resolver or get_resolver()).url_patterns:
        pattern = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            if pattern.startswith("admin/"):
                continue
            found += routes(entry, pattern)
        elif isinstance(entry, URLPattern):
            found.append((entry.name or "", pattern))
    return found


@pytest.fixture
def world(django_user_model, django_capture_on_commit_callbacks):
    director = django_user_model.objects.create_user("dir", password="pw-x-1234")
    club = club_create(name="De Zwaan", director=director)
    club_member_add(club=club, name="Anna")
    tournament = tournament_create(
        club=club,
        user=director,
        name="Drive",
        game="rikken",
        format="individual",
        rounds=2,
        round_kind="deals",
        deals_per_round=4,
    )
    for n in range(4):
        entrant_register(tournament=tournament, name=f"P{n}")
    with django_capture_on_commit_callbacks(execute=True):
        round_draw_request(tournament=tournament, user=director)
    table = Table.objects.select_related("match").get()
    created = match_create(game="marafon", players=["A", "B", "C", "D"])
    deal_record(match=created.match, raw={"battezzante": 0, "trump": "cups", "points": [7, 4]})
    return {
        "public_id": created.match.public_id,
        "tournament": tournament.public_id,
        "slug": club.slug,
        "key": "marafon-31",
        "game": "marafon",
        "number": "1",
        "table": "1",
        "entrant_id": str(tournament.entrants.first().pk),
        "edit_key": created.edit_key,
        "confirm_key": table_keys(table).confirmation,
        "director": director,
    }


def fill(name: str, pattern: str, world: dict) -> str:
    """The route with real ids, so that a request reaches its view."""
    tournament_route = name.startswith(("tournament", "entrant", "round", "table-c", "table-d"))
    tournament_route = tournament_route or name in ("results", "corrections", "director-confirm")
    tournament_route = tournament_route or name.startswith(("director-t", "tournament-"))

    def value(match: re.Match) -> str:
        param = match.group(2)
        if param == "public_id" and (tournament_route or "t/<" in pattern):
            return world["tournament"]
        return world[param]

    return "/" + re.sub(r"<(?:(\w+):)?(\w+)>", value, pattern)


def nul_segment(path: str) -> str:
    parts = path.rstrip("/").split("/")
    parts[-1] = "a%00b"
    return "/".join(parts) + "/"


def assert_answered(response, path: str) -> None:
    assert response.status_code < 500, f"{response.status_code} at {path}"
    api = path.startswith("/api/") and not path.startswith(NOT_JSON)
    if api and response.status_code >= 400 and response.content:
        assert response["Content-Type"].startswith("application/json"), path


@pytest.mark.parametrize("signed_in", [False, True])
def test_no_input_gets_a_server_error_on_any_route(world, signed_in):
    client = Client(raise_request_exception=False)
    if signed_in:
        client.force_login(world["director"])
    checked = 0
    for name, pattern in routes():
        path = fill(name, pattern, world)
        for method in METHODS:
            send = getattr(client, method)
            assert_answered(send(path + "?q=a%00b&ids=a%00b&club=a%00b&game=a%00b"), path)
            if "<" in pattern:
                assert_answered(send(nul_segment(path)), path)
            if method in ("post", "put", "patch"):
                assert_answered(send(path, DEEP, content_type="application/json"), path)
                assert_answered(send(path, BIG, content_type="application/json"), path)
            checked += 1
        if client.get(path).status_code != 405:  # what answers GET answers HEAD
            assert client.head(path).status_code != 405, f"HEAD refused at {path}"
    assert checked > 6 * 60  # every route was tried


def test_the_api_says_what_was_wrong():
    client = Client()

    nul = client.get("/api/v1/matches/?ids=a%00b")
    deep = client.post("/api/v1/matches/", DEEP, content_type="application/json")
    big = client.post("/api/v1/matches/", BIG, content_type="application/json")
    nul_string = client.post(
        "/api/v1/matches/",
        json.dumps({"game": "marafon", "players": ["A\u0000", "B", "C", "D"]}),
        content_type="application/json",
    )

    assert nul.status_code == 400 and "NUL" in nul.json()["detail"]
    assert deep.status_code == 400 and "nests deeper" in deep.json()["detail"]
    assert big.status_code == 413 and "too large" in big.json()["detail"]
    assert nul_string.status_code == 400 and "NUL" in nul_string.json()["players"][0]


@pytest.mark.parametrize(
    ("game", "rules", "field", "bounds"),
    [
        ("marafon", {"target": 10**30}, "target", "from 1 to 500"),
        ("marafon", {"bella_target": 0}, "bella_target", "from 1 to 500"),
        ("etori", {"chips": 10**6}, "chips", "from 1 to 100"),
        ("rikken", {"all_tricks_bonus": -1}, "all_tricks_bonus", "from 0 to 1000"),
        ("rikken", {"contracts": [{"slug": "rik", "base": 10**9}]}, "base", "from 0 to 1000"),
    ],
)
def test_absurd_rule_options_are_refused_with_their_bounds(game, rules, field, bounds):
    players = {"etori": 4, "rikken": 4}.get(game, 4)
    client = Client()

    response = client.post(
        "/api/v1/matches/",
        json.dumps({"game": game, "players": [f"P{n}" for n in range(players)], "rules": rules}),
        content_type="application/json",
    )

    assert response.status_code == 400
    assert field in json.dumps(response.json()) and bounds in json.dumps(response.json())
