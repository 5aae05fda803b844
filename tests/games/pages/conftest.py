"""Accounts, a club and its director for the page tests, and reading a form's field errors."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client

from games.services import club_create

PASSWORD = "pw-x-1234-long"


@pytest.fixture
def director(django_user_model):
    return django_user_model.objects.create_user("dir", password=PASSWORD)


@pytest.fixture
def club(director):
    return club_create(name="De Zwaan", director=director)


@pytest.fixture
def director_client(director):
    client = Client()
    client.force_login(director)
    return client


@pytest.fixture
def stranger_client(django_user_model):
    client = Client()
    client.force_login(django_user_model.objects.create_user("x", password=PASSWORD))
    return client


def field_errors(response, field: str) -> list[str]:
    """The messages shown inside a field's wrapper (id="f-<field>")."""
    html = page_text(response)
    start = html.find(f'id="f-{field}"')
    assert start != -1, f"no field {field}"
    end = html.find('id="f-', start + 1)
    block = html[start : end if end != -1 else len(html)]
    return [unescape(m) for m in re.findall(r'class="error" role="alert">([^<]*)<', block)]


def hidden_fields(response) -> list[tuple[str, str]]:
    """The hidden fields of a page's forms, as the browser would send them back."""
    html = response.content.decode()
    return [
        (unescape(name), unescape(value))
        for name, value in re.findall(r'<input type="hidden" name="([^"]*)" value="([^"]*)">', html)
    ]


def confirm_correction(client, url: str, data: dict):
    """A correction as the phone makes it: sent, asked back with its before and after (the
    page to confirm, nothing changed yet), then confirmed. Returns (asked, confirmed)."""
    return asked_then_confirmed(client, url, data)


def asked_then_confirmed(client, url: str, data: dict | None = None, follow: bool = True):
    """What cannot be taken back, as a person does it: the button's form sent, the page that
    asks (nothing done yet), then its "Yes" (the same form again with confirm=1). Returns
    (asked, confirmed)."""
    asked = client.post(url, data or {})
    assert asked.status_code == 200, asked.content.decode()[-2000:]
    assert b'name="confirm" value="1"' in asked.content
    fields: dict[str, list[str]] = {}
    for name, value in hidden_fields(asked):
        fields.setdefault(name, []).append(value)
    return asked, client.post(url, fields, follow=follow)


def unisolated(html: str) -> str:
    """A page as the tests read its words: without the isolation around names (``<bdi>``, and
    FSI ... PDI inside sentences; issue 26), which a browser shows as nothing."""
    for mark in ("<bdi>", "</bdi>", "\u2068", "\u2069"):
        html = html.replace(mark, "")
    return html


def page_text(response) -> str:
    return unisolated(response.content.decode())


def without_tokens(html: str) -> str:
    """The page without its forms' CSRF tokens: random letters that can spell a short name
    ("...wfGinahU5...") and fail a test that a name is not shown."""
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", html)
