"""Two phones at once, on a real database: requests race in threads with their own connections.
PostgreSQL only (CI); SQLite's in-memory test database is not shared between connections."""

import threading

import pytest
from django.db import connection, connections
from rest_framework.test import APIClient

from games.models import Deal, IdempotencyRecord
from tests.api.conftest import MARAFON_PLAYERS

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL"),
]

FIRST = {"battezzante": 2, "trump": "cups", "points": [7, 4]}


def race(requests):
    """Runs each callable in its own thread, released together; returns their responses."""
    barrier = threading.Barrier(len(requests))
    responses = [None] * len(requests)

    def run(index, request):
        try:
            barrier.wait()
            responses[index] = request(APIClient())
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, r)) for i, r in enumerate(requests)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return responses


def create_match():
    response = APIClient().post(
        "/api/v1/matches/", {"game": "marafon", "players": MARAFON_PLAYERS}, format="json"
    )
    assert response.status_code == 201
    return response.json()


@pytest.mark.parametrize("attempt", range(3))
def test_two_posts_with_the_same_idempotency_key_make_exactly_one_deal(attempt):
    match = create_match()
    url = f"/api/v1/matches/{match['id']}/deals/"

    def post(client):
        return client.post(
            url,
            FIRST,
            format="json",
            HTTP_X_EDIT_KEY=match["edit_key"],
            HTTP_IDEMPOTENCY_KEY=f"same-{attempt}",
        )

    first, second = race([post, post])

    assert first.status_code == second.status_code == 201
    assert first.json() == second.json()
    assert Deal.objects.filter(match__public_id=match["id"]).count() == 1
    assert IdempotencyRecord.objects.count() == 1


@pytest.mark.parametrize("attempt", range(3))
def test_two_writers_with_the_same_etag_one_gets_412(attempt):
    match = create_match()
    url = f"/api/v1/matches/{match['id']}/deals/"

    def post(points):
        def send(client):
            return client.post(
                url,
                {**FIRST, "points": points},
                format="json",
                HTTP_X_EDIT_KEY=match["edit_key"],
                HTTP_IF_MATCH='"0"',
            )

        return send

    responses = race([post([7, 4]), post([4, 7])])

    assert sorted(r.status_code for r in responses) == [201, 412]
    assert Deal.objects.filter(match__public_id=match["id"]).count() == 1


def test_two_writers_without_etags_both_land_in_order():
    match = create_match()
    url = f"/api/v1/matches/{match['id']}/deals/"
    first_deal = APIClient().post(url, FIRST, format="json", HTTP_X_EDIT_KEY=match["edit_key"])
    assert first_deal.status_code == 201

    def post(client):
        return client.post(
            url,
            {"trump": "coins", "points": [5, 6]},
            format="json",
            HTTP_X_EDIT_KEY=match["edit_key"],
        )

    responses = race([post, post])

    assert sorted(r.json()["number"] for r in responses) == [2, 3]
    final = APIClient().get(f"/api/v1/matches/{match['id']}/").json()
    assert final["state"]["scores"] == [17, 16]
    assert final["version"] == 3


def test_two_players_of_no_club_erased_at_once_take_two_numbers():
    """With no club row to lock, an erasure of a player of no club waits for the other's
    transaction (an advisory lock), so that no two former players of no club share a number."""
    from django.db import transaction

    from games.models import Player
    from games.services.erasure import _lock_the_clubless, player_erase

    anna, bram = (Player.objects.create(name=name, known=True) for name in ("Anna", "Bram"))
    held, release = threading.Event(), threading.Event()

    def erase_anna_holding_the_lock():
        try:
            with transaction.atomic():
                _lock_the_clubless()
                held.set()
                release.wait(10)
                player_erase(player=anna)
        finally:
            connections.close_all()

    def erase_bram():
        try:
            player_erase(player=bram)
        finally:
            connections.close_all()

    first = threading.Thread(target=erase_anna_holding_the_lock)
    first.start()
    assert held.wait(10)
    second = threading.Thread(target=erase_bram)
    second.start()
    second.join(0.5)
    waited = second.is_alive()
    release.set()
    first.join(10)
    second.join(10)

    assert waited  # Bram's erasure waited for Anna's transaction
    numbers = Player.objects.filter(pk__in=[anna.pk, bram.pk]).values_list("former_number")
    assert sorted(n for (n,) in numbers) == [1, 2]
