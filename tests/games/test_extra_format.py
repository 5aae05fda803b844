"""A format is one module and one registration. "Fixed draw" (tests/games/extra_format.py) is
defined only in the tests; registered like the four formats, a pairs event of it is created,
drawn, played and finished through the API and through the director's pages, with no other
file touched: shared code asks the format, it never names one. It is played with Tens, the
test-only game, so neither registry's members are named by the other."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from games.models import Club, Entrant, Round, Table, Tournament
from games.services import deal_record
from games.services.table_keys import table_keys
from games.tournaments.formats import FORMATS, register

from . import extra_format
from .test_extra_game import tens  # noqa: F401  (the test-only game's fixture)

PASSWORD = "pw-x-1234-long"
WIN = {"points": [8, 2]}  # four of these: the first partnership wins 32 to 8


@pytest.fixture
def fixed():
    """Fixed draw registered for one test, then forgotten."""
    register(extra_format.FORMAT)
    yield extra_format.FORMAT
    FORMATS.unregister(extra_format.FORMAT)


@pytest.fixture
def director(django_user_model):
    return django_user_model.objects.create_user("td", password=PASSWORD)


def new_event(**changes):
    return {
        "club": "de-zwaan",
        "name": "Fixed cup",
        "game": "tens",
        "format": "fixed",
        "rounds": 2,
        "round_kind": "game",
        **changes,
    }


@pytest.mark.django_db
def test_an_unregistered_format_is_refused_at_its_field(director, tens):  # noqa: F811
    api = APIClient()
    api.force_authenticate(director)
    api.post("/api/v1/clubs/", {"name": "De Zwaan"}, format="json")

    refused = api.post("/api/v1/tournaments/", new_event(), format="json")

    assert refused.status_code == 400
    assert list(refused.json()) == ["format"]
    assert not Tournament.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_the_fixed_draw_is_played_through_the_api(director, tens, fixed):  # noqa: F811
    api = APIClient()
    api.force_authenticate(director)
    assert api.post("/api/v1/clubs/", {"name": "De Zwaan"}, format="json").status_code == 201
    deals = api.post("/api/v1/tournaments/", new_event(round_kind="deals", deals_per_round=4))
    created = api.post("/api/v1/tournaments/", new_event(), format="json")
    assert created.status_code == 201, created.json()
    base = f"/api/v1/tournaments/{created.json()['id']}/"
    lone = api.post(f"{base}entrants/", {"name": "Solo"}, format="json")
    for n in range(5):
        answer = api.post(f"{base}entrants/", {"name": f"A{n}", "partner_name": f"B{n}"})
        assert answer.status_code == 201, answer.json()

    for number in (1, 2):
        assert api.post(f"{base}rounds/", format="json").status_code == 202
        drawn = api.get(f"{base}rounds/").json()[number - 1]
        assert drawn["status"] == "ready", drawn["report"]
        played = [t for t in drawn["tables"] if t["match"]]
        # Seed order, every round: 1 v 2, 3 v 4, and the fifth pair has the bye.
        assert [[e["name"] for e in t["entrants"]] for t in drawn["tables"]] == [
            ["A0 & B0", "A1 & B1"],
            ["A2 & B2", "A3 & B3"],
            ["A4 & B4"],
        ]
        assert drawn["report"]["notes"] == [
            "The pairs meet in seed order: 1 v 2, 3 v 4, and so on."
        ]
        for table in played:
            phone = APIClient(HTTP_X_EDIT_KEY=table["link"].rstrip("/").rsplit("/", 1)[1])
            for _ in range(4):
                answer = phone.post(f"/api/v1/matches/{table['match']}/deals/", WIN, format="json")
                assert answer.status_code == 201, answer.json()
            confirmed = APIClient().post(
                f"{base}rounds/{number}/tables/{table['number']}/confirm/",
                {"by": table["entrants"][1]["name"].split(" & ")[0]},
                format="json",
                HTTP_X_TABLE_KEY=table["confirm_link"].rstrip("/").rsplit("/", 1)[1],
            )
            assert confirmed.status_code == 200, confirmed.json()

    standings = APIClient().get(f"{base}standings/").json()["standings"]
    assert deals.status_code == 400
    assert deals.json()["round_kind"] == ["A fixed draw plays one game a round."]
    assert lone.status_code == 400 and list(lone.json()) == ["partner"]  # a pairs event
    assert Tournament.objects.get().status == "finished"
    by_name = {row["name"]: row["match_points"] for row in standings}
    assert by_name == {"A0 & B0": 4, "A1 & B1": 0, "A2 & B2": 4, "A3 & B3": 0, "A4 & B4": 4}


@pytest.mark.django_db
def test_the_fixed_draw_is_run_from_the_director_pages(
    director,
    tens,  # noqa: F811
    fixed,
    django_capture_on_commit_callbacks,
):
    client = Client()
    client.force_login(director)
    club = client.post("/director/clubs/new/", {"name": "De Zwaan"})
    assert club.status_code == 302
    form = client.get("/director/new/").content.decode()
    created = client.post(
        "/director/new/",
        {**new_event(rounds="1"), "club": Club.objects.get().pk, "preset": "", "table_size": ""},
    )
    assert created.status_code == 302, created.context["form"].errors
    tournament = Tournament.objects.get()
    page = f"/director/t/{tournament.public_id}/"
    registered = client.post(f"{page}entrants/", {"several": "Ana & Ben\nCai & Dai"})

    with django_capture_on_commit_callbacks(execute=True):
        drawn = client.post(f"{page}draw/")
    status_after_draw = Round.objects.get().status
    director_page = client.get(page).content.decode()
    table = Table.objects.select_related("match").get()
    for _ in range(4):
        deal_record(match=table.match, raw=WIN)
    with django_capture_on_commit_callbacks(execute=True):
        confirmed = client.post(f"{page}rounds/1/tables/1/confirm/")
    finished_page = client.get(page).content.decode()

    assert 'value="fixed"' in form and "Pairs, on a fixed draw" in form
    # The tie-breaks are shown for the format (it ranks pairs by them); the table size is not.
    assert 'data-show-when="format=swiss|round_robin|knockout|fixed"' in form
    assert 'data-show-when="format=individual"' in form
    assert registered.status_code == 302
    assert [e.name for e in Entrant.objects.order_by("seed")] == ["Ana & Ben", "Cai & Dai"]
    assert drawn.status_code == 302 and status_after_draw == "ready"
    assert table.seating == [e.pk for e in Entrant.objects.order_by("seed")]
    assert "The pairs meet in seed order: 1 v 2, 3 v 4, and so on." in director_page
    assert table_keys(table).scoring in director_page
    assert "Rounds to play" in director_page  # no final: the director sets the rounds
    assert confirmed.status_code == 302
    assert Tournament.objects.get().status == "finished"
    assert "Ana &amp; Ben" in finished_page
