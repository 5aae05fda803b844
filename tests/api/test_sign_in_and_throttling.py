"""Signing in is throttled on failures only (pages, admin and the token endpoint alike): per
account and address, per address, and a slower ceiling per account; a stranger's wrong
passwords never keep the owner out from elsewhere. Signing up is throttled per address, API
writes per client; a token is shown once and stored hashed."""

from __future__ import annotations

import pytest
from django.test import Client, override_settings
from rest_framework.test import APIClient

from api.models import ApiToken
from tests.api.throttles import fresh_counts, rates  # noqa: F401  (fresh_counts: a fixture)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_counts")]

STRANGER = "198.51.100.66"
OWNER = "203.0.113.5"
RIGHT = "pw-at-the-table"


@pytest.fixture
def anna(django_user_model):
    return django_user_model.objects.create_user("anna", password=RIGHT, is_staff=True)


def token(password: str, address: str = OWNER, username: str = "anna", **headers) -> int:
    return (
        APIClient()
        .post(
            "/api/v1/auth/token/",
            {"username": username, "password": password},
            format="json",
            REMOTE_ADDR=address,
            **headers,
        )
        .status_code
    )


def page(path: str, password: str, address: str = OWNER, username: str = "anna") -> int:
    data = {"username": username, "password": password}
    return Client().post(path, data, REMOTE_ADDR=address).status_code


def test_a_token_is_made_from_a_username_and_password_and_stored_hashed(anna):
    client = APIClient()

    made = client.post(
        "/api/v1/auth/token/", {"username": "anna", "password": RIGHT}, format="json"
    )
    wrong = client.post(
        "/api/v1/auth/token/", {"username": "anna", "password": "nope"}, format="json"
    )
    token_key = made.json()["token"]
    client.credentials(HTTP_AUTHORIZATION=f"Token {token_key}")
    created = client.post(
        "/api/v1/matches/", {"game": "marafon", "players": ["A", "B", "C", "D"]}, format="json"
    )
    revoked = client.delete("/api/v1/auth/token/")
    after = client.post(
        "/api/v1/matches/", {"game": "marafon", "players": ["A", "B", "C", "D"]}, format="json"
    )

    assert made.status_code == 200 and len(token_key) >= 40
    assert wrong.status_code == 401 and "do not match" in str(wrong.json())
    assert wrong["WWW-Authenticate"] == "Token"
    assert created.status_code == 201
    assert revoked.status_code == 204
    assert after.status_code in (401, 403)
    assert not ApiToken.objects.filter(digest=token_key).exists()  # a digest, never the key


def test_fifty_wrong_passwords_from_one_address_are_not_all_answered(anna):
    with override_settings(**rates(sign_in_account_address="5/min")):
        answers = [token(f"x{n}", STRANGER) for n in range(50)]
        on_the_page = page("/accounts/login/", "x", STRANGER)
        on_the_admin = page("/admin/login/", "x", STRANGER)
        right_from_there = APIClient().post(
            "/api/v1/auth/token/",
            {"username": "anna", "password": RIGHT},
            format="json",
            REMOTE_ADDR=STRANGER,
        )

    assert answers[:5] == [401] * 5
    assert set(answers[5:]) == {429}
    assert on_the_page == on_the_admin == 429  # the same account and address, on every door
    # The address that failed waits, whatever it sends now.
    assert right_from_there.status_code == 429 and int(right_from_there["Retry-After"]) >= 1


@pytest.mark.parametrize(
    ("door", "signed_in"),
    [("token", 200), ("/accounts/login/", 302), ("/admin/login/", 302)],
)
def test_a_strangers_wrong_passwords_do_not_lock_the_owner_out(anna, door, signed_in):
    # The production limits: the stranger makes 10 failures before the first 429.
    with override_settings(**rates(sign_in_account_address="10/hour")):
        for n in range(12):
            spoofed = {"HTTP_X_FORWARDED_FOR": f"10.1.0.{n}"}
            if door == "token":
                token(f"guess-{n}", STRANGER, **spoofed)
            else:
                data = {"username": "anna", "password": f"guess-{n}"}
                Client().post(door, data, REMOTE_ADDR=STRANGER, **spoofed)
        owner = token(RIGHT, OWNER) if door == "token" else page(door, RIGHT, OWNER)
        stranger = token(RIGHT, STRANGER) if door == "token" else page(door, RIGHT, STRANGER)

    assert owner == signed_in
    assert stranger == 429


def test_signing_in_uses_up_no_budget(anna):
    low = {"sign_in_account_address": "3/min", "sign_in_address": "3/min"}
    with override_settings(**rates(sign_in_account="3/min", **low)):
        tokens = [token(RIGHT) for _ in range(10)]
        pages = [page("/accounts/login/", RIGHT) for _ in range(10)]

    assert set(tokens) == {200}
    assert set(pages) == {302}


def test_signing_in_forgives_the_addresss_earlier_failures_for_the_account(anna):
    with override_settings(**rates(sign_in_account_address="3/min")):
        before = [token(f"typo-{n}") for n in range(2)]
        signed_in = token(RIGHT)
        after = [token(f"typo-again-{n}") for n in range(4)]

    assert before == [401, 401] and signed_in == 200
    assert after == [401, 401, 401, 429]


def test_the_ceiling_per_account_stops_guessing_from_many_addresses(anna):
    # One guess from each of five addresses reaches the (lowered) ceiling: a sixth address is
    # held even with the right password, while the address the owner signed in from is not.
    with override_settings(**rates(sign_in_account="5/min")):
        from_home = token(RIGHT, OWNER)
        guesses = [token(f"guess-{n}", f"192.0.2.{n}") for n in range(5)]
        sixth = token("guess-5", "192.0.2.50")
        new_address = token(RIGHT, "192.0.2.51")
        home_again = token(RIGHT, OWNER)
        other_account = token("x", "192.0.2.52", username="bruno")

    assert from_home == 200
    assert guesses == [401] * 5
    assert sixth == new_address == 429
    assert home_again == 200
    assert other_account == 401  # the ceiling is the account's own


def test_sign_in_failures_are_throttled_per_address_across_accounts(anna):
    with override_settings(**rates(sign_in_address="3/min")):
        answers = [
            Client().post(
                "/accounts/login/",
                {"username": f"user{n}", "password": "x"},
                REMOTE_ADDR=STRANGER,
                HTTP_X_FORWARDED_FOR=f"10.2.0.{n}",
            )
            for n in range(5)
        ]
        elsewhere = page("/accounts/login/", RIGHT, OWNER)

    assert [a.status_code for a in answers] == [400, 400, 400, 429, 429]
    assert "Too many tries" in answers[-1].content.decode()
    assert elsewhere == 302


def test_a_form_missing_its_password_counts_as_no_failure(anna):
    with override_settings(**rates(sign_in_account_address="2/min", sign_in_address="2/min")):
        empty = [page("/accounts/login/", "") for _ in range(5)]
        right = page("/accounts/login/", RIGHT)

    assert set(empty) == {400}
    assert right == 302


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


class DownCache:
    """Redis gone: every call fails as the client library does."""

    def __getattr__(self, name):
        def fail(*args, **kwargs):
            from redis.exceptions import ConnectionError

            raise ConnectionError("down")

        return fail


def test_with_the_cache_down_signing_in_and_writing_still_answer(anna, monkeypatch, caplog):
    from scorekeeper.throttling import _Throttle

    monkeypatch.setattr(_Throttle, "cache", DownCache())
    with override_settings(**rates(sign_in_account_address="1/min", write_client="1/min")):
        wrong = [token("x") for _ in range(3)]
        right = token(RIGHT)
        on_the_page = page("/accounts/login/", RIGHT)
        writes = [
            APIClient().post("/api/v1/matches/", {"game": "marafon", "players": list("ABCD")})
            for _ in range(2)
        ]

    assert wrong == [401, 401, 401]  # the limits open rather than fail
    assert right == 200 and on_the_page == 302
    assert [w.status_code for w in writes] == [201, 201]
    assert "the cache is unreachable" in caplog.text
