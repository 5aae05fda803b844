"""No key reaches a log line: the edit link and the confirmation link carry their key in the
path, which Django's request logger writes on a refusal."""

from __future__ import annotations

import logging

import pytest
from django.test import Client

from games.services import match_create
from scorekeeper.logfilters import redact

pytestmark = pytest.mark.django_db


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
    ],
)
def test_the_redaction_rules(line, expected):
    assert redact(line) == expected
