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


def test_a_retried_match_creation_returns_the_same_match_and_key(api_client):
    body = {"game": "marafon", "players": MARAFON_PLAYERS}
    first = api_client.post(
        "/api/v1/matches/", body, format="json", HTTP_IDEMPOTENCY_KEY="create-1"
    )

    retry = api_client.post(
        "/api/v1/matches/", body, format="json", HTTP_IDEMPOTENCY_KEY="create-1"
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
