import pytest

from games.models import Deal, Match
from games.services import deal_record, match_create
from tests.factories import drawn_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def match():
    created = match_create(game="marafon", players=["A", "B", "C", "D"]).match
    deal_record(match=created, raw={"battezzante": 0, "trump": "coins", "points": [6, 5]})
    return created


@pytest.mark.parametrize(
    "model",
    [
        "player",
        "match",
        "deal",
        "idempotencyrecord",
        "club",
        "tournament",
        "round",
        "correction",
        "session",
        "ratinglist",
    ],
)
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


@pytest.fixture
def drawn_tournament(admin_user, django_capture_on_commit_callbacks):
    table = drawn_table(django_capture_on_commit_callbacks, director=admin_user)
    return table.round.tournament


def test_the_admin_shows_a_tournament_and_its_round_with_tables(admin_client, drawn_tournament):
    detail = admin_client.get(f"/admin/games/tournament/{drawn_tournament.pk}/change/")
    drawn = drawn_tournament.round_set.get()
    round_page = admin_client.get(f"/admin/games/round/{drawn.pk}/change/")

    assert detail.status_code == 200 and b"P3" in detail.content
    assert round_page.status_code == 200 and drawn.tables.get().match.public_id.encode() in (
        round_page.content
    )


def test_the_admin_recomputes_standings_by_hand(admin_client, drawn_tournament):
    from games.models import Tournament

    Tournament.objects.filter(pk=drawn_tournament.pk).update(standings_dirty=True)

    response = admin_client.post(
        "/admin/games/tournament/",
        {"action": "recompute_standings", "_selected_action": [drawn_tournament.pk]},
    )

    assert response.status_code == 302
    drawn_tournament.refresh_from_db()
    assert drawn_tournament.standings_dirty is False
    assert len(drawn_tournament.standings) == 4


def test_the_admin_shows_an_evening_read_only(admin_client):
    from games.models import Session
    from games.services.sessions import session_create

    session_create(players=["Anna", "Bram", "Cor", "Dirk"], game="rikken")
    session = Session.objects.get()

    page = admin_client.get(f"/admin/games/session/{session.pk}/change/")

    assert page.status_code == 200
    assert b"Anna" in page.content and b"Dirk" in page.content
    assert admin_client.get("/admin/games/session/add/").status_code == 403
