import pytest

from games.models import Deal, Match
from games.services import deal_record, match_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def match():
    created = match_create(game="marafon", players=["A", "B", "C", "D"]).match
    deal_record(match=created, raw={"battezzante": 0, "trump": "coins", "points": [6, 5]})
    return created


@pytest.mark.parametrize("model", ["player", "match", "deal", "idempotencyrecord"])
def test_the_admin_lists_every_model(admin_client, match, model):
    response = admin_client.get(f"/admin/games/{model}/")

    assert response.status_code == 200


def test_the_admin_shows_a_match_with_its_seats_and_deals(admin_client, match):
    response = admin_client.get(f"/admin/games/match/{match.pk}/change/")

    assert response.status_code == 200
    assert b"&quot;points&quot;: [6, 5]" in response.content or b"[6, 5]" in response.content


def test_the_admin_recompute_action_rebuilds_the_state(admin_client, match):
    Match.objects.filter(pk=match.pk).update(state={})

    response = admin_client.post(
        "/admin/games/match/", {"action": "recompute", "_selected_action": [match.pk]}
    )

    assert response.status_code == 302
    match.refresh_from_db()
    assert match.state["scores"] == [6, 5]


def test_deals_are_read_only_in_the_admin(admin_client, match):
    deal = Deal.objects.get(match=match)

    response = admin_client.post(f"/admin/games/deal/{deal.pk}/change/", {"input": "{}"})

    assert response.status_code == 403
    deal.refresh_from_db()
    assert deal.input["points"] == [6, 5]
