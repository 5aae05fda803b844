"""Issue 33: the poll's fast path in front of Django (``PollApplication``, scorekeeper/wsgi.py)
answers a poll whose token the cache holds from the WSGI environ, exactly as the full answer
would, and leaves everything else to Django."""

from __future__ import annotations

import json
from wsgiref.util import setup_testing_defaults

import pytest
from django.core.cache import cache
from django.test import Client

from games import polls
from games.services import match_create
from scorekeeper.polling import PollApplication

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_memo():
    polls._memo.clear()  # each test reads the cache afresh


class Django:
    """Stands for Django's application: says when a request reached it."""

    def __init__(self):
        self.reached = []

    def __call__(self, environ, start_response):
        self.reached.append(environ["PATH_INFO"])
        start_response("418 I'm a teapot", [])
        return [b"django"]


def call(app, path: str, *, method: str = "GET", host: str = "testserver", **headers):
    environ = {"PATH_INFO": path, "REQUEST_METHOD": method, "HTTP_HOST": host, **headers}
    setup_testing_defaults(environ)
    answered = {}

    def start_response(status, header_list):
        answered["status"] = int(status.split()[0])
        answered["headers"] = dict(header_list)

    answered["body"] = b"".join(app(environ, start_response))
    return answered


@pytest.fixture
def match():
    return match_create(game="marafon", players=["Anna", "Bram", "Carla", "Dirk"]).match


@pytest.fixture
def token(match):
    return Client().get(f"/m/{match.public_id}/version/").json()["version"]  # now cached


def test_a_cached_token_is_answered_before_django_as_the_full_answer_would(match, token):
    django = Django()
    app = PollApplication(django)
    url = f"/m/{match.public_id}/version/"

    fresh = call(app, url)
    same = call(app, url, HTTP_IF_NONE_MATCH=f'"{token}"')
    head = call(app, url, method="HEAD")

    assert django.reached == []
    assert fresh["status"] == 200 and json.loads(fresh["body"]) == {"version": token}
    assert same["status"] == 304 and same["body"] == b""
    assert head["status"] == 200 and head["body"] == b""
    full = Client().get(url)
    for header in ("ETag", "Cache-Control", "Content-Security-Policy", "X-Content-Type-Options"):
        assert fresh["headers"][header] == same["headers"][header] == full[header]
    assert fresh["headers"]["Content-Type"] == full["Content-Type"]
    assert "Set-Cookie" not in fresh["headers"] and "Vary" not in fresh["headers"]


def test_a_new_token_is_answered_once_the_change_is_committed(match, token):
    app = PollApplication(Django())
    url = f"/m/{match.public_id}/version/"
    polls._replace(polls.MATCH, match.public_id)  # what a committed deal does
    moved = call(app, url, HTTP_IF_NONE_MATCH=f'"{token}"')
    assert moved["status"] == 200 and json.loads(moved["body"])["version"] != token


@pytest.mark.parametrize(
    ("path", "method", "host"),
    [
        ("/m/{id}/version/", "POST", "testserver"),  # Django says 405
        ("/m/{id}/version/", "GET", "evil.example"),  # Django says 400
        ("/m/unknown-match/version/", "GET", "testserver"),  # the database decides: 404
        ("/m/{id}/", "GET", "testserver"),  # a page
        ("/healthz/", "GET", "testserver"),
    ],
)
def test_everything_else_goes_to_django(match, token, path, method, host):
    django = Django()
    answered = call(
        PollApplication(django), path.format(id=match.public_id), method=method, host=host
    )
    assert answered["status"] == 418 and len(django.reached) == 1


def test_a_token_the_cache_lost_or_a_cache_down_goes_to_django(match, token, monkeypatch):
    django = Django()
    app = PollApplication(django)
    url = f"/m/{match.public_id}/version/"
    cache.clear()
    assert call(app, url)["status"] == 418

    def down(*args, **kwargs):
        raise ConnectionError("the cache is down")

    monkeypatch.setattr(cache, "get", down)
    assert call(app, url)["status"] == 418
    assert django.reached == [url, url]


def test_the_served_application_has_the_fast_path():
    from scorekeeper.wsgi import application

    assert isinstance(application, PollApplication)


def test_another_processs_change_is_answered_within_the_memo(match, token, monkeypatch):
    app = PollApplication(Django())
    url = f"/m/{match.public_id}/version/"
    clock = [1000.0]
    monkeypatch.setattr(polls.time, "monotonic", lambda: clock[0])
    polls._memo.clear()
    assert json.loads(call(app, url)["body"])["version"] == token  # read once, kept

    cache.set(polls._key(polls.MATCH, match.public_id), "moved-elsewhere")  # another worker
    clock[0] += polls.MEMO_SECONDS / 2
    assert json.loads(call(app, url)["body"])["version"] == token
    clock[0] += polls.MEMO_SECONDS
    assert json.loads(call(app, url)["body"])["version"] == "moved-elsewhere"


def test_the_memo_stays_bounded(match, token, monkeypatch):
    monkeypatch.setattr(polls, "MEMO_SIZE", 3)
    polls._memo.clear()
    for n in range(10):
        cache.set(polls._key(polls.MATCH, f"m{n}"), f"t{n}")
        assert polls.cached(polls.MATCH, f"m{n}") == f"t{n}"
        assert len(polls._memo) <= 3
