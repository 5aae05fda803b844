"""No key reaches a log line: the edit link and the confirmation link carry their key in the
path, which Django's request logger writes on a refusal, in the message and again in the record's
``request`` field (``<WSGIRequest: GET '/m/…/edit/<key>/'>``); a failing view's exception text
can hold one too.

The links are opened through the test client as phones and strangers open them (right keys,
wrong keys, keys for another match, missing matches, a wrong method, a missing CSRF token, a
view that fails), with every record of every logger written by the handler that settings.LOGGING
configures, as JSON and as text lines; then every line is searched for every key."""

from __future__ import annotations

import copy
import io
import logging
import logging.config
import os
import runpy
from decimal import Decimal
from pathlib import Path

import pytest
from django.db import connection
from django.test import Client
from rest_framework.test import APIClient

from games.services import match_create
from games.services.sessions import session_create
from games.services.table_keys import table_keys
from scorekeeper.logfilters import RedactSecrets, redact
from tests.factories import drawn_table

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parent.parent


def test_a_refused_edit_link_is_logged_without_its_key(caplog):
    created = match_create(game="marafon", players=["A", "B", "C", "D"])
    wrong = "x" * 32

    with caplog.at_level(logging.INFO):
        Client().get(f"/m/{created.match.public_id}/edit/{wrong}/")
        Client().get(f"/m/nope/edit/{created.edit_key}/")
        Client().get(f"/m/nope/confirm/{created.edit_key}/")
        logging.getLogger("test").warning("header X-Edit-Key: %s", created.edit_key)
        logging.getLogger("test").warning("Authorization: Token %s", created.edit_key)

    text = "\n".join(r.getMessage() for r in caplog.records)
    assert "/edit/[redacted]/" in text
    assert created.edit_key not in text and wrong not in text
    assert "X-Edit-Key: [redacted]" in text


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ('"GET /m/abc/edit/SECRET/ HTTP/1.1" 302', '"GET /m/abc/edit/[redacted]/ HTTP/1.1" 302'),
        ("Forbidden: /m/abc/confirm/SECRET/", "Forbidden: /m/abc/confirm/[redacted]/"),
        ("GET /s/abc/edit/SECRET/ 302", "GET /s/abc/edit/[redacted]/ 302"),  # a session's
        ("Bad Request: /m/abc/confirm/", "Bad Request: /m/abc/confirm/"),  # no key: unchanged
        ("{'HTTP_X_TABLE_KEY': 'SECRET'}", "{'HTTP_X_TABLE_KEY': '[redacted]'}"),
        ("Authorization: Token SECRET", "Authorization: [redacted]"),
        # Django's request repr, as the JSON formatter writes the record's request field.
        (
            "<WSGIRequest: GET '/m/abc/edit/SECRET/'>",
            "<WSGIRequest: GET '/m/abc/edit/[redacted]/'>",
        ),
        # Inside a JSON string the escaped quote stays whole, so the line stays JSON.
        ('"\\"GET /m/abc/edit/SECRET\\" 404"', '"\\"GET /m/abc/edit/[redacted]\\" 404"'),
        # A link passed on in a query string (a sign-in page's next=).
        (
            "/accounts/login/?next=%2Fm%2Fabc%2Fedit%2FSECRET%2F&lang=it",
            "/accounts/login/?next=%2Fm%2Fabc%2Fedit%2F[redacted]%2F&lang=it",
        ),
    ],
)  # fmt: skip
def test_the_redaction_rules(line, expected):
    assert redact(line) == expected


class FakeRequest:
    def __init__(self, path):
        self.path = path

    def __repr__(self):
        return f"<WSGIRequest: GET {self.path!r}>"

    __str__ = __repr__


def test_the_filter_alone_redacts_every_field_for_any_formatter():
    """A handler with another formatter (a plain one, python-json-logger's own) writes nothing
    of a key either: the filter redacted the record's every field before it."""
    from pythonjsonlogger.json import JsonFormatter

    key = "K" * 32
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.addFilter(RedactSecrets())
    logger = logging.getLogger("test.redaction")
    logger.addHandler(handler)
    logger.propagate = False
    try:
        for formatter in (
            logging.Formatter("%(message)s %(request)s %(links)s %(stack_info)s"),
            JsonFormatter("%(message)s"),
        ):
            handler.setFormatter(formatter)
            try:
                raise LookupError(f"no match at /m/abc/edit/{key}/")
            except LookupError:
                logger.exception(
                    "Not Found: %s",
                    f"/m/abc/confirm/{key}/",
                    extra={
                        "request": FakeRequest(f"/s/abc/edit/{key}/"),
                        "links": [f"/m/abc/edit/{key}", {"X-Table-Key": key}],
                    },
                    stack_info=True,
                )
    finally:
        logger.removeHandler(handler)
        logger.propagate = True

    written = stream.getvalue()
    assert key not in written
    assert written.count("[redacted]") >= 8
    assert "LookupError: no match at /m/abc/edit/[redacted]/" in written


# --- every field, every line: the configured handler, as JSON and as text --------------------


def configured_handler(settings, fmt: str, stream) -> logging.Handler:
    """The "console" handler of settings.LOGGING, built as dictConfig builds it (its filters and
    the formatter ``fmt``), writing to ``stream``."""
    spec = copy.deepcopy(settings.LOGGING)
    configurator = logging.config.DictConfigurator(spec)
    console = spec["handlers"]["console"]
    handler = logging.StreamHandler(stream)
    handler.setFormatter(configurator.configure_formatter(configurator.config["formatters"][fmt]))
    for name in console["filters"]:
        handler.addFilter(configurator.configure_filter(configurator.config["filters"][name]))
    return handler


@pytest.fixture(params=["json", "text"])
def log_lines(request, settings):
    """Every record of every logger at DEBUG (SQL included), written as the project writes
    them; the fixture's value is the stream."""
    stream = io.StringIO()
    handler = configured_handler(settings, request.param, stream)
    root = logging.getLogger()
    levels = {name: logging.getLogger(name).level for name in ("", "django.db.backends")}
    root.addHandler(handler)
    for name in levels:
        logging.getLogger(name).setLevel(logging.DEBUG)
    connection.force_debug_cursor = True
    try:
        yield stream
    finally:
        connection.force_debug_cursor = False
        root.removeHandler(handler)
        for name, level in levels.items():
            logging.getLogger(name).setLevel(level)


@pytest.fixture
def keys(django_capture_on_commit_callbacks) -> dict:
    """A friendly match, an evening and a tournament table, with every key they have."""
    table = drawn_table(django_capture_on_commit_callbacks)
    match = match_create(game="marafon", players=["A", "B", "C", "D"])
    other = match_create(game="marafon", players=["E", "F", "G", "H"])
    evening = session_create(players=["S1", "S2", "S3", "S4"], game="rikken", stake=Decimal("1"))
    return {
        "match": match.match.public_id,
        "other": other.match.public_id,
        "table": table.match.public_id,
        "session": evening.session.public_id,
        "secrets": {
            "edit key": match.edit_key,
            "other match's edit key": other.edit_key,
            "session key": evening.edit_key,
            "scoring key": table_keys(table).scoring,
            "confirmation key": table_keys(table).confirmation,
        },
    }


def open_every_link(keys: dict, monkeypatch) -> None:
    """The links as phones and strangers open them: right and wrong keys, missing matches, a
    wrong method, no CSRF token, a view that fails with a link in its exception."""
    m, o, t, s = keys["match"], keys["other"], keys["table"], keys["session"]
    secret = keys["secrets"]
    edit, scoring, confirm = secret["edit key"], secret["scoring key"], secret["confirmation key"]
    phone = Client(raise_request_exception=False)
    links = [
        f"/m/{m}/edit/{edit}/",  # right
        f"/m/{m}/edit/{edit[:-2]}zz/",  # a typo: nearly the key
        f"/m/{o}/edit/{edit}/",  # another match's
        f"/m/nope/edit/{edit}/",  # no such match
        f"/m/{m}/edit/{edit}",  # no final slash
        f"/m/{t}/edit/{scoring}/",
        f"/m/{t}/edit/{confirm}/",  # the confirmation key where scoring is asked
        f"/m/{t}/confirm/{confirm}/",
        f"/m/{t}/confirm/{scoring}/",  # the scoring key where confirming is asked
        f"/m/{m}/confirm/{confirm}/",  # not a table's match
        f"/m/nope/confirm/{confirm}/",
        f"/s/{s}/edit/{secret['session key']}/",
        f"/s/{s}/edit/{edit}/",  # a match's key at a session
        f"/s/nope/edit/{secret['session key']}/",
    ]
    for link in links:
        phone.get(link)
        phone.post(link)  # a method the link does not take: 405
        Client(enforce_csrf_checks=True).post(link)  # no CSRF token: 403
    # The API, with the keys in headers, right and wrong.
    for key in (edit, secret["other match's edit key"]):
        APIClient(HTTP_X_EDIT_KEY=key).post(
            f"/api/v1/matches/{m}/deals/",
            {"battezzante": 0, "trump": "coins", "points": [6, 5]},
            format="json",
        )

    # A view that fails, with a link in its exception's text.
    def fails(public_id):
        raise RuntimeError(f"cannot read /m/{public_id}/edit/{edit}/")

    monkeypatch.setattr("games.pages.matches.views.get_match_head", fails)
    phone.get(f"/m/{m}/edit/{edit}/")
    # A service's own line, with links and headers in fields of their own.
    logging.getLogger("games.access").warning(
        "refused",
        extra={"link": f"/m/{m}/edit/{edit}/", "headers": {"X-Edit-Key": edit}},
    )


def test_no_key_in_any_field_of_any_line(keys, log_lines, monkeypatch):
    open_every_link(keys, monkeypatch)

    lines = [line for line in log_lines.getvalue().splitlines() if line.strip()]
    holding = [line for line in lines if any(key in line for key in keys["secrets"].values())]
    leaked = {name for name, key in keys["secrets"].items() if any(key in line for line in holding)}
    assert len(lines) > 100
    assert "/edit/[redacted]/" in log_lines.getvalue()
    assert "Internal Server Error" in log_lines.getvalue()  # the failing view was logged
    assert not holding, f"{len(holding)} of {len(lines)} lines hold {sorted(leaked)}: {holding[:3]}"


def test_every_handler_of_the_configured_logging_redacts():
    """Whatever logger a record is made on, each handler that may write it redacts it: no
    handler of Django's defaults (its console and admins' mail) is left beside the project's."""
    loggers = [logging.getLogger()] + [
        logger
        for logger in logging.Logger.manager.loggerDict.values()
        if isinstance(logger, logging.Logger)
    ]
    unredacted = [
        (logger.name, type(handler).__name__)
        for logger in loggers
        for handler in logger.handlers
        if not type(handler).__module__.startswith("_pytest")
        and not isinstance(handler, logging.NullHandler)  # writes nothing
        and not any(isinstance(f, RedactSecrets) for f in handler.filters)
    ]
    assert unredacted == []


@pytest.mark.parametrize("fmt", ["json", "text"])
def test_gunicorns_own_lines_are_redacted(fmt, monkeypatch):
    """gunicorn writes "Error handling request <uri>" with the traceback: its handler, in either
    format, redacts the line whole."""
    monkeypatch.setitem(os.environ, "LOG_FORMAT", fmt)
    config = runpy.run_path(str(ROOT / "scorekeeper" / "gunicorn.py"))["logconfig_dict"]
    configurator = logging.config.DictConfigurator(copy.deepcopy(config))
    console = config["handlers"]["console"]
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(
        configurator.configure_formatter(configurator.config["formatters"][console["formatter"]])
    )
    for name in console.get("filters", []):
        handler.addFilter(configurator.configure_filter(configurator.config["filters"][name]))
    assert config["loggers"]["gunicorn.error"]["handlers"] == ["console"]
    key = "K" * 32
    try:
        raise ValueError(f"bad request line GET /m/abc/edit/{key}/")
    except ValueError:
        record = logging.LogRecord(
            "gunicorn.error", logging.ERROR, __file__, 1, "Error handling request %s",
            (f"/m/abc/edit/{key}/?x=1",), exc_info=__import__("sys").exc_info(),
        )  # fmt: skip
    handler.handle(record)

    written = stream.getvalue()
    assert "Error handling request /m/abc/edit/[redacted]/" in written
    assert "ValueError" in written and key not in written
