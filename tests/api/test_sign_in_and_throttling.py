"""Signing in is throttled per account and per address (pages, admin and the token endpoint),
signing up per address, API writes per client; a token is shown once and stored hashed."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import Client, override_settings
from rest_framework.settings import api_settings
from rest_framework.test import APIClient

from api.models import ApiToken

pytestmark = pytest.mark.django_db


def rates(**low) -> dict:
    """Settings with some limits lowered (the suite's own are out of reach)."""
    lowered = {**api_settings.DEFAULT_THROTTLE_RATES, **low}
    return {"REST_FRAMEWORK": {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": lowered}}


@pytest.fixture(autouse=True)
def fresh_counts():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def anna(django_user_model):
    return django_user_model.objects.create_user("anna", password="pw-at-the-table")


def test_a_token_is_made_from_a_username_and_password_and_stored_hashed(anna):
    client = APIClient()

    made = client.post(
        "/api/v1/auth/token/", {"username": "anna", "password": "pw-at-the-table"}, format="json"
    )
    wrong = client.post(
        "/api/v1/auth/token/", {"username": "anna", "password": "nope"}, format="json"
    )
    token = made.json()["token"]
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    created = client.post(
        "/api/v1/matches/", {"game": "marafon", "players": ["A", "B", "C", "D"]}, format="json"
    )
    revoked = client.delete("/api/v1/auth/token/")
    after = client.post(
        "/api/v1/matches/", {"game": "marafon", "players": ["A", "B", "C", "D"]}, format="json"
    )

    assert made.status_code == 200 and len(token) >= 40
    assert wrong.status_code == 401 and "do not match" in str(wrong.json())
    assert wrong["WWW-Authenticate"] == "Token"
    assert created.status_code == 201
    assert revoked.status_code == 204
    assert after.status_code in (401, 403)
    assert not ApiToken.objects.filter(digest=token).exists()  # a digest, never the key


def test_fifty_wrong_passwords_are_not_all_answered(anna):
    with override_settings(**rates(sign_in_account="5/min", sign_in_address="100/min")):
        answers = [
            APIClient()
            .post("/api/v1/auth/token/", {"username": "anna", "password": f"x{n}"}, format="json")
            .status_code
            for n in range(50)
        ]
        page = Client().post("/accounts/login/", {"username": "anna", "password": "x"})
        admin = Client().post("/admin/login/", {"username": "anna", "password": "x"})
        right = APIClient().post(
            "/api/v1/auth/token/",
            {"username": "anna", "password": "pw-at-the-table"},
            format="json",
        )

    assert answers[:5] == [401] * 5
    assert set(answers[5:]) == {429}
    assert page.status_code == admin.status_code == 429  # the same account, on every door
    assert int(page["Retry-After"]) >= 1
    assert right.status_code == 429 and int(right["Retry-After"]) >= 1


def test_sign_in_is_throttled_per_address_across_accounts(anna):
    with override_settings(**rates(sign_in_account="100/min", sign_in_address="3/min")):
        answers = [
            Client().post("/accounts/login/", {"username": f"user{n}", "password": "x"})
            for n in range(5)
        ]

    assert [a.status_code for a in answers] == [200, 200, 200, 429, 429]
    assert "Too many tries" in answers[-1].content.decode()


def test_sign_up_is_throttled_per_address():
    with override_settings(**rates(sign_up="2/hour")):
        answers = [
            Client()
            .post(
                "/accounts/signup/",
                {
                    "username": f"new{n}",
                    "password1": "pw-x-1234-long",
                    "password2": "pw-x-1234-long",
                },
            )
            .status_code
            for n in range(3)
        ]

    assert answers[:2] != [429, 429] and answers[2] == 429


def test_api_writes_are_throttled_per_client_and_reads_are_not():
    body = {"game": "marafon", "players": ["A", "B", "C", "D"]}
    with override_settings(**rates(write_client="3/min")):
        client = APIClient()
        writes = [client.post("/api/v1/matches/", body, format="json") for _ in range(4)]
        reads = [client.get("/api/v1/presets/").status_code for _ in range(10)]

    assert [w.status_code for w in writes] == [201, 201, 201, 429]
    assert int(writes[-1]["Retry-After"]) >= 1
    assert "detail" in writes[-1].json()
    assert set(reads) == {200}
