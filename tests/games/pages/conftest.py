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
    html = response.content.decode()
    start = html.find(f'id="f-{field}"')
    assert start != -1, f"no field {field}"
    end = html.find('id="f-', start + 1)
    block = html[start : end if end != -1 else len(html)]
    return [unescape(m) for m in re.findall(r'class="error" role="alert">([^<]*)<', block)]
