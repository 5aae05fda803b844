"""Never a 500 from input: every route, with every method it may take, is sent a NUL byte in
its query and in a path segment, a JSON body nested 1,000 levels deep, a 10 MB body, and HEAD.
Each answer is a 4xx or a success; the API's refusals are JSON."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from tests.routes import fill, make_world, routes

pytestmark = pytest.mark.django_db

DEEP = "[" * 1000 + "]" * 1000
BIG = b'{"players": "' + b"x" * (10 * 1024 * 1024) + b'"}'
METHODS = ("get", "head", "post", "put", "patch", "delete")
NOT_JSON = ("/api/v1/schema/", "/api/v1/docs/", "/api/v1/redoc/")


def nul_segment(path: str) -> str:
    parts = path.rstrip("/").split("/")
    parts[-1] = "a%00b"
    return "/".join(parts) + "/"


def assert_answered(response, path: str) -> None:
    assert response.status_code < 500, f"{response.status_code} at {path}"
    api = path.startswith("/api/") and not path.startswith(NOT_JSON)
    if api and response.status_code >= 400 and response.content:
        assert response["Content-Type"].startswith("application/json"), path


@pytest.fixture
def world(django_user_model, django_capture_on_commit_callbacks):
    return make_world(django_user_model, django_capture_on_commit_callbacks)


@pytest.mark.slow
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
            if method == "post":  # Django refuses a body too big as it is read, whatever the method
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


@pytest.mark.parametrize("url", ["/api/v1/tournaments/", "/api/v1/matches/"])
def test_pages_beyond_what_a_database_counts_are_empty_not_errors(url):
    huge = 171651447775783190528

    response = Client(raise_request_exception=False).get(f"{url}?limit={huge}&offset={huge}")

    assert response.status_code == 200
    assert response.json()["results"] == []
