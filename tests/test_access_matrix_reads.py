"""Issue 31 in the access matrix: the reads for one person only. A player's own data is taken
by their account alone, a club's export by its directors alone (taking it also lets the club be
deleted: a refused one marks nothing). Every wrong caller of tests/test_access_matrix.py's
world is refused, and nothing is written."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.database import snapshot
from tests.test_access_matrix import (
    refused,
    world,  # noqa: F401  (the matrix's world: a fixture)
)

pytestmark = pytest.mark.django_db


def test_own_data_and_exports_are_read_by_their_people_only(world):  # noqa: F811
    """Only the player's account takes their data; only the club's directors its export (which
    also marks the club exported: a refused one marks nothing)."""
    own = f"/api/v1/players/{world.member.pk}/data/"
    export = f"/api/v1/clubs/{world.club.slug}/export/"
    pages = {own: f"/p/{world.member.pk}/data/", export: f"/director/c/{world.club.slug}/export/"}
    wrong = {
        own: [None, world.director, world.rival_director, world.clubmate.user],
        export: [None, world.rival_director, world.member.user],
    }
    right = {own: world.member.user, export: world.director}
    callers = []
    for path, users in wrong.items():
        for user in users:
            client, page = APIClient(), Client()
            if user is not None:  # signed in before the snapshot: a sign-in stamps the account
                client.force_authenticate(user)
                page.force_login(user)
            callers.append((path, user, client, page))
    before = snapshot()
    for path, user, client, page in callers:
        assert refused(client.get(path, HTTP_X_EDIT_KEY=world.edit_key)), (path, user)
        assert refused(page.get(pages[path])), (pages[path], user)
    assert snapshot() == before
    for path, user in right.items():
        client, page = APIClient(), Client()
        client.force_authenticate(user)
        page.force_login(user)
        assert client.get(path).status_code == 200
        assert page.get(pages[path]).status_code == 200
