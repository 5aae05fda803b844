"""The season pages: a director creates a season and attaches a tournament on the pages; the
season page shows the standing, the events counted or dropped, the prizes, the chart and each
line's explanation; a club's own season is hidden from strangers; a refusal sits at its field."""

from __future__ import annotations

import pytest
from django.test import Client

from games.models import Season
from games.services import deal_record
from games.services.tables import Confirmer, table_confirm
from tests.factories import DIRECTOR_PASSWORD, director_user, drawn_table

pytestmark = pytest.mark.django_db

MISERE = {"dealer": 0, "contracts": [{"contract": "misere", "declarer": 1, "tricks": 0}]}
FORM = {
    "name": "Winter ladder",
    "starts_on": "2000-01-01",
    "ends_on": "2100-12-31",
    "scheme": "place_table",
    "option_place_table_table": "10-8-6-5",
    "drop": "0",
    "min_events": "0",
    "min_prize_events": "0",
    "prizes": "1, 2",
    "booby": "on",
}


@pytest.fixture
def desk(django_capture_on_commit_callbacks):
    director = director_user()
    table = drawn_table(django_capture_on_commit_callbacks, director=director)
    tournament = table.round.tournament
    with django_capture_on_commit_callbacks(execute=True):
        deal_record(match=table.match, raw=MISERE)
        table_confirm(table=table, by="", confirmer=Confirmer(director=director))
    client = Client()
    client.login(username="dir", password=DIRECTOR_PASSWORD)
    client.tournament = tournament
    client.winner = table.match.seats.get(number=1).player.name
    return client


def test_a_director_creates_a_season_attaches_a_tournament_and_reads_the_page(
    desk, django_capture_on_commit_callbacks
):
    club = desk.tournament.club
    created = desk.post(f"/director/c/{club.slug}/seasons/", FORM)
    assert created.status_code == 302
    season = Season.objects.get()
    assert season.scheme_options == {"table": [10, 8, 6, 5]} and season.prizes == [1, 2]
    with django_capture_on_commit_callbacks(execute=True):
        attached = desk.post(
            f"/director/season/{season.public_id}/events/",
            {"tournament": desk.tournament.public_id},
        )
    assert attached.status_code == 302

    page = desk.get(f"/season/{season.public_id}/")
    text = page.content.decode()
    assert page.status_code == 200
    assert desk.winner in text and "prize 1" in text and "booby prize" in text
    assert "<svg" in text  # the chart of the leaders
    # A name opens the member's events, counted or dropped, and the explanation.
    winner = next(line for line in season_of(season).standing if line["rank"] == 1)
    member = desk.get(f"/season/{season.public_id}/m/{winner['member']}/").content.decode()
    assert "counted" in member and "Points in all: 10." in member
    assert "Place 1 on total alone." in member
    assert "place 1 of 4: the club&#x27;s table gives 10" in member
    assert f"/season/{season.public_id}/m/{winner['member']}/" in text

    # Hidden from strangers until the club makes it public.
    assert Client().get(f"/season/{season.public_id}/").status_code == 404
    Season.objects.update(public=True)
    assert Client().get(f"/season/{season.public_id}/").status_code == 200


def season_of(season):
    season.refresh_from_db()
    return season


def test_a_refused_season_is_shown_again_with_the_reason_at_its_field(desk):
    club = desk.tournament.club
    refused = desk.post(
        f"/director/c/{club.slug}/seasons/",
        {**FORM, "ends_on": "1999-01-01", "option_place_table_table": "5-10"},
    )
    assert refused.status_code == 400
    text = refused.content.decode()
    assert "The season cannot end before it starts." in text
    assert "A lower place cannot earn more points than a higher one." in text
    assert not Season.objects.exists()


def test_only_directors_see_the_director_pages(desk, django_user_model):
    club = desk.tournament.club
    django_user_model.objects.create_user("other", password="pw-other-12345")
    other = Client()
    other.login(username="other", password="pw-other-12345")
    assert other.get(f"/director/c/{club.slug}/seasons/").status_code == 403
    assert other.post(f"/director/c/{club.slug}/seasons/", FORM).status_code == 403
    assert not Season.objects.exists()
