"""Under ``make run`` (DEBUG on) a missing page is the friendly 404, not Django's URL list."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client, override_settings

pytestmark = pytest.mark.django_db

LOCAL = {
    "DEBUG": True,
    "MIDDLEWARE": [*settings.MIDDLEWARE, "scorekeeper.middleware.FriendlyNotFound"],
}


@pytest.mark.parametrize("path", ["/m/no-such-match/", "/nothing/here/", "/t/gone/"])
def test_a_missing_page_is_friendly_even_with_debug_on(path):
    with override_settings(**LOCAL):
        response = Client().get(path)

    page = response.content.decode()
    assert response.status_code == 404
    assert "Back to the start" in page
    assert "URLconf" not in page and "Traceback" not in page


def test_the_api_keeps_its_json_404():
    with override_settings(**LOCAL):
        response = Client().get("/api/v1/matches/no-such-match/")

    assert response.status_code == 404
    assert response["Content-Type"].startswith("application/json")
