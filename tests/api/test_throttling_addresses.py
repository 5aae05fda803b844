"""Every rate limit counts the client's address, not what a header claims: with no proxy the
socket's, behind N proxies the Nth X-Forwarded-For entry from the right. And a key that opens
nothing is no client of its own: such a write counts against its address, and its
Idempotency-Key must be long enough to be the secret."""

from __future__ import annotations

import pytest
from django.test import Client, override_settings
from rest_framework.test import APIClient

from games.models import Match
from tests.api.conftest import MARAFON_PLAYERS
from tests.api.throttles import (  # noqa: F401  (fresh_counts: a fixture)
    DEFAULTS,
    answered_before_refusal,
    fresh_counts,
    rates,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_counts")]

CLIENT = "198.51.100.23"
MATCH = {"game": "marafon", "players": MARAFON_PLAYERS}


def spoofed(n: int) -> str:
    return f"10.{n // 250}.{n % 250}.1"


def sign_in_tries(door: str, n: int, **meta) -> int:
    """A wrong password (another account each time) at ``door``."""
    data = {"username": f"someone-{n}", "password": "wrong"}
    if door == "token":
        return APIClient().post("/api/v1/auth/token/", data, format="json", **meta).status_code
    return Client().post(door, data, **meta).status_code


def sign_ups(n: int, **meta) -> int:
    data = {"username": f"new-{n}", "password1": "pw-x-1234-long", "password2": "pw-x-1234-long"}
    return Client().post("/accounts/signup/", data, **meta).status_code


# --- no proxy: the header is the client's own word, and ignored --------------------------------


@pytest.mark.parametrize("door", ["token", "/accounts/login/", "/admin/login/"])
def test_a_new_x_forwarded_for_each_time_gets_no_new_sign_in_budget(door):
    # 35 wrong passwords, each with another X-Forwarded-For (and another account), at the
    # production limits: the address's 30 failures an hour hold the 31st.
    with override_settings(**rates(**DEFAULTS)):
        answers = [
            sign_in_tries(door, n, REMOTE_ADDR=CLIENT, HTTP_X_FORWARDED_FOR=spoofed(n))
            for n in range(35)
        ]

    assert answered_before_refusal(answers) == 30
    assert set(answers[30:]) == {429}


def test_the_same_account_from_one_address_under_new_headers_is_held_after_ten(django_user_model):
    django_user_model.objects.create_user("victim", password="pw-right-1234")
    with override_settings(**rates(**DEFAULTS)):
        answers = [
            APIClient()
            .post(
                "/api/v1/auth/token/",
                {"username": "victim", "password": f"guess-{n}"},
                format="json",
                REMOTE_ADDR=CLIENT,
                HTTP_X_FORWARDED_FOR=spoofed(n),
            )
            .status_code
            for n in range(35)
        ]

    assert answers[:10] == [401] * 10
    assert set(answers[10:]) == {429}


def test_a_new_x_forwarded_for_each_time_gets_no_new_sign_up_budget():
    with override_settings(**rates(**DEFAULTS)):
        answers = [
            sign_ups(n, REMOTE_ADDR=CLIENT, HTTP_X_FORWARDED_FOR=spoofed(n)) for n in range(12)
        ]

    assert answered_before_refusal(answers) == 10
    assert answers[10:] == [429, 429]


def test_a_new_x_forwarded_for_each_time_gets_no_new_write_budget():
    with override_settings(**rates(write_client="5/min")):
        answers = [
            APIClient()
            .post("/api/v1/matches/", MATCH, REMOTE_ADDR=CLIENT, HTTP_X_FORWARDED_FOR=spoofed(n))
            .status_code
            for n in range(8)
        ]

    assert answers == [201] * 5 + [429] * 3
    assert Match.objects.count() == 5


# --- behind proxies: the entry our outermost proxy wrote --------------------------------------


@pytest.mark.parametrize("proxies", [1, 2])
def test_behind_proxies_the_client_is_the_entry_the_outermost_proxy_wrote(proxies):
    inner = ", 10.0.0.2" if proxies == 2 else ""  # what the second proxy appends

    def forwarded(claimed: str, client: str) -> dict:
        return {"REMOTE_ADDR": "10.0.0.3", "HTTP_X_FORWARDED_FOR": f"{claimed}, {client}{inner}"}

    with override_settings(**rates(proxies=proxies, sign_in_address="3/hour", sign_up="10/hour")):
        # One client claiming a new address in front each time: held after 3.
        one_client = [sign_in_tries("token", n, **forwarded(spoofed(n), CLIENT)) for n in range(5)]
        # Many clients behind the same proxies, each its own budget.
        many = [
            sign_in_tries("token", n, **forwarded("10.9.9.9", f"203.0.113.{n}")) for n in range(5)
        ]
        sign_ups_there = [sign_ups(n, **forwarded(spoofed(n), "192.0.2.1")) for n in range(12)]

    assert one_client == [401, 401, 401, 429, 429]
    assert many == [401] * 5
    assert answered_before_refusal(sign_ups_there) == 10


def test_a_request_that_did_not_come_through_the_proxies_counts_its_socket():
    # Two proxies configured, one X-Forwarded-For entry: written by the client itself.
    with override_settings(**rates(proxies=2, sign_in_address="3/hour")):
        answers = [
            sign_in_tries("token", n, REMOTE_ADDR=CLIENT, HTTP_X_FORWARDED_FOR=spoofed(n))
            for n in range(5)
        ]

    assert answers == [401, 401, 401, 429, 429]


# --- keys that open nothing are no client ------------------------------------------------------


def test_a_made_up_edit_key_each_time_gets_no_new_write_budget():
    with override_settings(**rates(write_client="3/min")):
        created = [
            APIClient().post("/api/v1/matches/", MATCH, HTTP_X_EDIT_KEY=f"made-up-{n}").status_code
            for n in range(5)
        ]

    assert created == [201, 201, 201, 429, 429]


def test_made_up_keys_on_a_match_count_against_the_address(api_client):
    match_id = api_client.post("/api/v1/matches/", MATCH).json()["id"]
    deals = f"/api/v1/matches/{match_id}/deals/"
    with override_settings(**rates(write_client="3/min")):
        tries = [
            APIClient()
            .post(
                deals,
                {"points": [6, 5]},
                REMOTE_ADDR=CLIENT,
                HTTP_X_EDIT_KEY=f"guess-{n}",
                HTTP_X_TABLE_KEY=f"guess-{n}",
            )
            .status_code
            for n in range(5)
        ]

    assert tries == [403, 403, 403, 429, 429]


def test_a_key_that_opens_the_match_is_a_client_of_its_own():
    # A club room behind one address: each table's phone has its own budget.
    with override_settings(**rates(write_client="3/min")):
        first = APIClient().post("/api/v1/matches/", MATCH).json()
        second = APIClient().post("/api/v1/matches/", MATCH).json()
        deal = {"battezzante": 0, "trump": "cups", "points": [6, 5]}
        scored = [
            APIClient()
            .post(f"/api/v1/matches/{made['id']}/deals/", deal, HTTP_X_EDIT_KEY=made["edit_key"])
            .status_code
            for made in (first, second)
        ]
        anonymous = APIClient().post("/api/v1/matches/", MATCH).status_code

    assert scored == [201, 201]
    assert anonymous == 201  # the third anonymous write of the address: the keys' were their own


def test_a_short_idempotency_key_with_a_made_up_edit_key_is_anonymous():
    headers = {"HTTP_IDEMPOTENCY_KEY": "abc", "HTTP_X_EDIT_KEY": "made-up"}

    first = APIClient().post("/api/v1/matches/", MATCH, **headers)
    second = APIClient().post("/api/v1/matches/", MATCH, **headers)

    assert first.status_code == second.status_code == 403
    assert "Idempotency-Key" in first.json()
    assert "edit_key" not in second.json()
    assert Match.objects.count() == 0


def test_a_second_client_with_the_same_made_up_key_gets_no_edit_key(api_client):
    match_id = api_client.post("/api/v1/matches/", MATCH).json()["id"]
    headers = {"HTTP_IDEMPOTENCY_KEY": "short-1", "HTTP_X_EDIT_KEY": "made-up"}
    deal = {"battezzante": 0, "trump": "cups", "points": [6, 5]}

    on_the_match = APIClient().post(f"/api/v1/matches/{match_id}/deals/", deal, **headers)

    assert on_the_match.status_code == 403 and "Idempotency-Key" in on_the_match.json()


def test_a_short_idempotency_key_with_the_matchs_own_key_is_kept(api_client):
    made = api_client.post("/api/v1/matches/", MATCH).json()
    deal = {"battezzante": 0, "trump": "cups", "points": [6, 5]}
    headers = {"HTTP_IDEMPOTENCY_KEY": "deal-1", "HTTP_X_EDIT_KEY": made["edit_key"]}

    first = APIClient().post(f"/api/v1/matches/{made['id']}/deals/", deal, **headers)
    retry = APIClient().post(f"/api/v1/matches/{made['id']}/deals/", deal, **headers)

    assert first.status_code == retry.status_code == 201
    assert retry["Idempotent-Replayed"] == "true"
