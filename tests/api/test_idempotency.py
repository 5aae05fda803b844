import pytest

from games.models import Deal, IdempotencyRecord, Match
from tests.api.conftest import MARAFON_PLAYERS

pytestmark = pytest.mark.django_db

FIRST = {"battezzante": 2, "trump": "cups", "points": [7, 4]}


def test_a_retried_deal_returns_the_first_answer_and_creates_nothing(marafon):
    first = marafon.post_deal(FIRST, HTTP_IDEMPOTENCY_KEY="deal-1")

    retry = marafon.post_deal(FIRST, HTTP_IDEMPOTENCY_KEY="deal-1")

    assert first.status_code == retry.status_code == 201
    assert retry.json() == first.json()
    assert retry["ETag"] == first["ETag"]
    assert retry["Idempotent-Replayed"] == "true"
    assert Deal.objects.count() == 1


def test_the_same_key_with_another_body_is_422(marafon):
    marafon.post_deal(FIRST, HTTP_IDEMPOTENCY_KEY="deal-1")

    other = marafon.post_deal({"trump": "cups", "points": [5, 6]}, HTTP_IDEMPOTENCY_KEY="deal-1")

    assert other.status_code == 422
    assert Deal.objects.count() == 1


def test_a_refused_request_keeps_no_key_so_a_corrected_retry_works(marafon):
    refused = marafon.post_deal(
        {"battezzante": 2, "trump": "cups", "points": [7, 5]}, HTTP_IDEMPOTENCY_KEY="deal-1"
    )
    refused_again = marafon.post_deal(
        {"battezzante": 2, "trump": "cups", "points": [7, 5]}, HTTP_IDEMPOTENCY_KEY="deal-1"
    )

    assert refused.status_code == refused_again.status_code == 400
    assert IdempotencyRecord.objects.count() == 0


ANONYMOUS_KEY = "e3b0c44298fc1c149afbf4c8"  # 24 characters: long enough to be a secret


def test_a_retried_match_creation_returns_the_same_match_and_key(api_client):
    body = {"game": "marafon", "players": MARAFON_PLAYERS}
    first = api_client.post(
        "/api/v1/matches/", body, format="json", HTTP_IDEMPOTENCY_KEY=ANONYMOUS_KEY
    )

    retry = api_client.post(
        "/api/v1/matches/", body, format="json", HTTP_IDEMPOTENCY_KEY=ANONYMOUS_KEY
    )

    assert first.status_code == retry.status_code == 201
    assert retry.json()["id"] == first.json()["id"]
    assert retry.json()["edit_key"] == first.json()["edit_key"]
    assert Match.objects.count() == 1


def test_keys_are_scoped_to_the_path(api_client, marafon):
    other = api_client.post(
        "/api/v1/matches/", {"game": "marafon", "players": MARAFON_PLAYERS}, format="json"
    ).json()
    marafon.post_deal(FIRST, HTTP_IDEMPOTENCY_KEY="same")

    response = api_client.post(
        f"/api/v1/matches/{other['id']}/deals/",
        FIRST,
        format="json",
        HTTP_X_EDIT_KEY=other["edit_key"],
        HTTP_IDEMPOTENCY_KEY="same",
    )

    assert response.status_code == 201
    assert Deal.objects.count() == 2


def test_an_overlong_key_is_400(marafon):
    response = marafon.post_deal(FIRST, HTTP_IDEMPOTENCY_KEY="k" * 300)

    assert response.status_code == 400
    assert Deal.objects.count() == 0


def test_an_anonymous_match_creation_needs_a_key_of_22_characters(api_client):
    body = {"game": "marafon", "players": MARAFON_PLAYERS}

    short = api_client.post("/api/v1/matches/", body, format="json", HTTP_IDEMPOTENCY_KEY="k1")

    # 403, not 400: the key is of the schema's form, and fine from a caller with credentials.
    assert short.status_code == 403
    assert "at least 22" in short.json()["Idempotency-Key"][0]
    assert Match.objects.count() == 0


def test_a_stored_answer_is_only_replayed_to_its_own_caller(marafon, django_user_model):
    """The same key from another caller runs as a new request, checked as one: it never gets
    the first caller's answer."""
    from rest_framework.test import APIClient

    first = marafon.post_deal(FIRST, HTTP_IDEMPOTENCY_KEY="deal-1")
    other_match = APIClient().post(
        "/api/v1/matches/", {"game": "marafon", "players": MARAFON_PLAYERS}, format="json"
    )

    replay = APIClient().post(
        f"/api/v1/matches/{marafon.id}/deals/",
        FIRST,
        format="json",
        HTTP_X_EDIT_KEY=other_match.json()["edit_key"],
        HTTP_IDEMPOTENCY_KEY="deal-1",
    )
    anonymous = APIClient().post(
        f"/api/v1/matches/{marafon.id}/deals/",
        FIRST,
        format="json",
        HTTP_IDEMPOTENCY_KEY="deal-1-but-long-enough-to-be-a-secret",
    )
    user = APIClient()
    user.force_authenticate(django_user_model.objects.create_user("u", password="pw-x-1234"))
    signed_in = user.post(
        f"/api/v1/matches/{marafon.id}/deals/", FIRST, format="json", HTTP_IDEMPOTENCY_KEY="deal-1"
    )

    assert first.status_code == 201
    # Another match's key opens nothing here: anonymous, so its short key is refused, and it
    # is never served the stored answer.
    assert replay.status_code == 403 and "Idempotency-Key" in replay.json()
    assert "Idempotent-Replayed" not in replay
    assert anonymous.status_code == 403
    assert signed_in.status_code == 403
    assert Deal.objects.count() == 1


def test_a_second_anonymous_client_never_gets_another_clients_edit_key(api_client):
    from rest_framework.test import APIClient

    body = {"game": "marafon", "players": MARAFON_PLAYERS}
    first = api_client.post(
        "/api/v1/matches/", body, format="json", HTTP_IDEMPOTENCY_KEY=ANONYMOUS_KEY
    )
    signed = APIClient()
    from django.contrib.auth import get_user_model

    signed.force_authenticate(get_user_model().objects.create_user("v", password="pw-x-1234"))

    second = signed.post(
        "/api/v1/matches/", body, format="json", HTTP_IDEMPOTENCY_KEY=ANONYMOUS_KEY
    )

    assert second.status_code == 201
    assert second.json()["edit_key"] != first.json()["edit_key"]
    assert Match.objects.count() == 2


def test_no_key_or_answer_is_stored_in_plain_text(api_client):
    body = {"game": "marafon", "players": MARAFON_PLAYERS}
    created = api_client.post(
        "/api/v1/matches/", body, format="json", HTTP_IDEMPOTENCY_KEY=ANONYMOUS_KEY
    ).json()

    record = IdempotencyRecord.objects.get()
    stored = " ".join(str(v) for v in vars(record).values())

    assert created["edit_key"] not in stored
    assert ANONYMOUS_KEY not in stored
    assert created["id"] not in record.sealed_body  # the whole answer is sealed
