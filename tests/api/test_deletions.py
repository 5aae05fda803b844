"""Issue 31, deleting what one made: a friendly match or an evening by its edit key or its
creator, a tournament or a club by its directors (a club with tournaments only after its
export). A table's match is a 409; whatever counted a deleted match is recomputed."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
from django.test import Client
from rest_framework.test import APIClient

from games.models import (
    Club,
    Match,
    Player,
    Rating,
    RatingList,
    RatingStep,
    Session,
    Tournament,
)
from games.selectors.history import player_history
from games.services import club_create, club_member_add, deal_record, match_create
from games.services.club_options import club_set_options
from games.services.presets import preset_create
from games.services.seasons import season_create, season_event_add
from games.services.sessions import session_create, session_settle
from games.services.tournaments import entrant_register
from tests.database import snapshot
from tests.factories import (
    FIRST_DEALS,
    club_tournament,
    director_user,
    drawn_table,
    site_with_everything,
)

pytestmark = pytest.mark.django_db

MARAFON = FIRST_DEALS["marafon"]
MARAFON_WIN = {"battezzante": 0, "trump": "cups", "points": [11, 0]}
ONE_GAME_TO_11 = {"target": 11, "match_format": "single_game"}


def test_a_friendly_match_is_deleted_with_its_edit_key_and_its_guests_go(api_client):
    created = match_create(game="marafon", players=["Ana", "Ben", "Cai", "Dai"])
    deal_record(match=created.match, raw=MARAFON)
    url = f"/api/v1/matches/{created.match.public_id}/"

    refused = api_client.delete(url)
    wrong = api_client.delete(url, HTTP_X_EDIT_KEY="x" * 32)
    before = snapshot()
    done = api_client.delete(url, HTTP_X_EDIT_KEY=created.edit_key)

    assert refused.status_code == 403 and wrong.status_code == 403
    assert done.status_code == 204
    assert snapshot() != before
    assert not Match.objects.filter(pk=created.match.pk).exists()
    assert not Player.objects.filter(name__in=["Ana", "Ben", "Cai", "Dai"]).exists()
    assert api_client.get(url).status_code == 404


def test_its_creator_deletes_it_signed_in_and_nobody_else(django_user_model):
    owner = django_user_model.objects.create_user("owner", password="pw-x-1234-long")
    stranger = django_user_model.objects.create_user("other", password="pw-x-1234-long")
    created = match_create(game="marafon", players=["A", "B", "C", "D"], owner=owner)
    url = f"/api/v1/matches/{created.match.public_id}/"
    theirs, mine = APIClient(), APIClient()
    theirs.force_authenticate(stranger)
    mine.force_authenticate(owner)

    assert theirs.delete(url).status_code == 403
    assert Match.objects.filter(pk=created.match.pk).exists()
    assert mine.delete(url).status_code == 204
    assert not Match.objects.filter(pk=created.match.pk).exists()


def test_a_tournament_tables_match_is_a_409_even_for_its_director(
    django_capture_on_commit_callbacks,
):
    director = director_user()
    table = drawn_table(django_capture_on_commit_callbacks, director=director)
    client = APIClient()
    client.force_authenticate(director)
    before = snapshot()

    response = client.delete(f"/api/v1/matches/{table.match.public_id}/")

    assert response.status_code == 409
    assert "tournament" in response.json()["detail"]
    assert snapshot() == before


def test_a_match_of_an_evening_goes_with_its_evening(api_client):
    evening = session_create(players=["S1", "S2", "S3", "S4"], game="rikken", stake=Decimal("1"))
    match_url = f"/api/v1/matches/{evening.match.public_id}/"
    session_url = f"/api/v1/sessions/{evening.session.public_id}/"

    alone = api_client.delete(match_url, HTTP_X_EDIT_KEY=evening.edit_key)
    refused = api_client.delete(session_url, HTTP_X_EDIT_KEY="y" * 32)
    done = api_client.delete(session_url, HTTP_X_EDIT_KEY=evening.edit_key)

    assert alone.status_code == 409
    assert refused.status_code == 403
    assert done.status_code == 204
    assert not Session.objects.exists()
    assert not Match.objects.filter(pk=evening.match.pk).exists()
    assert not Player.objects.filter(name__in=["S1", "S2", "S3", "S4"]).exists()


def test_a_deleted_match_leaves_the_ratings_and_histories_that_counted_it(
    django_user_model, django_capture_on_commit_callbacks
):
    director = director_user()
    club = club_create(name="De Zwaan", director=director)
    members = [club_member_add(club=club, name=n) for n in ("Ana", "Ben", "Cai", "Dai")]
    with django_capture_on_commit_callbacks(execute=True):
        club_set_options(club=club, rate_friendly_matches=True)
        seated = [m.pk for m in members]
        kept = match_create(game="marafon", players=seated, owner=director, rules=ONE_GAME_TO_11)
        deal_record(match=kept.match, raw=MARAFON_WIN)
        gone = match_create(game="marafon", players=seated, owner=director, rules=ONE_GAME_TO_11)
        deal_record(match=gone.match, raw=MARAFON_WIN)
    rated = RatingList.objects.get(club=club, game="marafon")
    assert rated.applied_count == 2
    assert player_history(members[0], user=director)["matches_count"] == 2
    client = APIClient()
    client.force_authenticate(director)

    with django_capture_on_commit_callbacks(execute=True):
        response = client.delete(f"/api/v1/matches/{gone.match.public_id}/")

    assert response.status_code == 204
    rated.refresh_from_db()
    assert rated.applied_count == 1 and not rated.dirty
    assert set(Rating.objects.filter(list=rated).values_list("played", flat=True)) == {1}
    assert player_history(members[0], user=director)["matches_count"] == 1


def test_a_director_deletes_a_tournament_and_a_stranger_cannot(
    django_user_model, django_capture_on_commit_callbacks
):
    director = director_user()
    table = drawn_table(django_capture_on_commit_callbacks, director=director)
    tournament = table.round.tournament
    rival = django_user_model.objects.create_user("rival", password="pw-x-1234-long")
    club_create(name="Het Anker", director=rival)
    url = f"/api/v1/tournaments/{tournament.public_id}/"
    theirs, mine = APIClient(), APIClient()
    theirs.force_authenticate(rival)
    mine.force_authenticate(director)

    before = snapshot()
    assert theirs.delete(url).status_code == 403
    assert APIClient().delete(url).status_code in (401, 403)
    assert snapshot() == before
    with django_capture_on_commit_callbacks(execute=True):
        assert mine.delete(url).status_code == 204

    assert not Tournament.objects.exists()
    assert not Match.objects.filter(pk=table.match_id).exists()


def test_a_club_with_tournaments_is_deleted_only_after_its_export(
    django_capture_on_commit_callbacks,
):
    director = director_user()
    table = drawn_table(django_capture_on_commit_callbacks, director=director)
    club = table.round.tournament.club
    client = APIClient()
    client.force_authenticate(director)
    url = f"/api/v1/clubs/{club.slug}/"

    before = snapshot()
    first = client.delete(url)
    assert first.status_code == 409 and "export" in first.json()["detail"]
    assert snapshot() == before
    exported = client.get(f"{url}export/")
    assert exported.status_code == 200 and exported.json()["kind"] == "club"
    # A deal after the export: the export no longer holds the club's record.
    deal_record(match=table.match, raw=FIRST_DEALS["rikken"])
    assert client.delete(url).status_code == 409
    client.get(f"{url}export/")
    with django_capture_on_commit_callbacks(execute=True):
        done = client.delete(url)

    assert done.status_code == 204
    assert not Club.objects.exists() and not Tournament.objects.exists()
    assert not Match.objects.exists()


def test_a_club_without_tournaments_is_deleted_at_once_by_a_director_only(django_user_model):
    director = director_user()
    club = club_create(name="De Zwaan", director=director)
    club_member_add(club=club, name="Ana")
    stranger = APIClient()
    stranger.force_authenticate(django_user_model.objects.create_user("x", password="p-x-12345"))
    mine = APIClient()
    mine.force_authenticate(director)

    assert stranger.delete(f"/api/v1/clubs/{club.slug}/").status_code == 403
    assert stranger.get(f"/api/v1/clubs/{club.slug}/export/").status_code == 403
    assert mine.delete(f"/api/v1/clubs/{club.slug}/").status_code == 204
    assert not Club.objects.exists()
    assert Player.objects.filter(name="Ana", known=True).exists()  # a member stays a player


def test_the_seasons_that_counted_a_deleted_tournament_or_evening_are_worked_out_again(
    django_user_model, django_capture_on_commit_callbacks
):
    """A season counts the tournament (attached) and another every club evening of Rikken:
    after each deletion its standing is the one of what remains, not the cache of before."""
    site = site_with_everything(django_user_model, django_capture_on_commit_callbacks)
    director, club = site["director"], site["club"]
    with django_capture_on_commit_callbacks(execute=True):
        session_settle(session=site["evening"].session, user=director)
        drive = season_create(
            club=club, user=director, name="Drive season", starts_on=date(2000, 1, 1),
            ends_on=date(2100, 1, 1), scheme="field_size",
        )  # fmt: skip
        season_event_add(season=drive, user=director, tournament=site["tournament"].public_id)
        evenings = season_create(
            club=club, user=director, name="Evenings", starts_on=date(2000, 1, 1),
            ends_on=date(2100, 1, 1), scheme="field_size", evenings_of="rikken",
        )  # fmt: skip
    drive.refresh_from_db()
    evenings.refresh_from_db()
    assert len(drive.standing) == 4 and len(evenings.standing) == 4
    version = drive.version
    client = APIClient()
    client.force_authenticate(director)

    with django_capture_on_commit_callbacks(execute=True):
        gone = client.delete(f"/api/v1/tournaments/{site['tournament'].public_id}/")
        ended = client.delete(f"/api/v1/sessions/{site['evening'].session.public_id}/")

    assert gone.status_code == ended.status_code == 204
    drive.refresh_from_db()
    evenings.refresh_from_db()
    assert drive.standing == [] and not drive.standing_dirty and drive.version == version + 1
    assert evenings.standing == [] and not evenings.standing_dirty
    read = client.get(f"/api/v1/seasons/{drive.public_id}/standing/").json()
    assert read["standing"] == [] and read["events"] == []


def test_a_club_export_stops_counting_once_anything_it_holds_changed(
    django_capture_on_commit_callbacks,
):
    """ "After exporting" means the export taken holds the club as it is: an entrant registered,
    a season or a house rule made since (none of them a deal) each ask for a new export. The
    export taken from the club's page counts as well as the API's."""
    director = director_user()
    tournament = club_tournament(director=director)
    club = tournament.club
    client = APIClient()
    client.force_authenticate(director)
    page = Client()
    page.force_login(director)
    url = f"/api/v1/clubs/{club.slug}/"
    changes = [
        lambda: entrant_register(tournament=tournament, name="Late"),
        lambda: season_create(
            club=club,
            user=director,
            name="Late",
            starts_on=date(2000, 1, 1),
            ends_on=date(2100, 1, 1),
        ),
        lambda: preset_create(
            owner=director, club=club, game="rikken", name="Late", rules={"contracts": ["rik"]}
        ),
    ]
    refused = []
    for change in changes:
        assert client.get(f"{url}export/").status_code == 200
        with django_capture_on_commit_callbacks(execute=True):
            change()
        before = snapshot()
        refused.append(client.delete(url).status_code)
        assert snapshot() == before

    # A HEAD is answered without the document: it takes nothing.
    assert client.head(f"{url}export/").status_code == 200
    assert page.head(f"/director/c/{club.slug}/export/").status_code == 200
    headed = client.delete(url).status_code
    taken = page.get(f"/director/c/{club.slug}/export/")
    with django_capture_on_commit_callbacks(execute=True):
        done = client.delete(url)

    assert refused == [409, 409, 409] and headed == 409
    assert taken.status_code == 200 and "Late" in taken.content.decode()
    assert done.status_code == 204 and not Club.objects.exists()


def test_deleting_a_match_gives_back_the_numbers_of_before_it(
    django_capture_on_commit_callbacks,
):
    """Ratings, rating steps and each member's statistics after a match is made and deleted are
    those of before it, to the bit: the deletion is recomputed as if it had never been."""
    director = director_user()
    club = club_create(name="De Zwaan", director=director)
    members = [club_member_add(club=club, name=n) for n in ("Ana", "Ben", "Cai", "Dai")]
    seated = [m.pk for m in members]

    def numbers():
        return (
            sorted(Rating.objects.values_list("player_id", "mu", "sigma", "ordinal", "played")),
            sorted(RatingStep.objects.values_list("player_id", "sequence", "match_id", "mu")),
            [player_history(m, user=director)["games"] for m in members],
        )

    with django_capture_on_commit_callbacks(execute=True):
        club_set_options(club=club, rate_friendly_matches=True)
        kept = match_create(game="marafon", players=seated, owner=director, rules=ONE_GAME_TO_11)
        deal_record(match=kept.match, raw=MARAFON_WIN)
    before = numbers()
    with django_capture_on_commit_callbacks(execute=True):
        gone = match_create(
            game="marafon", players=seated[::-1], owner=director, rules=ONE_GAME_TO_11
        )
        deal_record(match=gone.match, raw=MARAFON_WIN)
    assert numbers() != before
    client = APIClient()
    client.force_authenticate(director)

    with django_capture_on_commit_callbacks(execute=True):
        assert client.delete(f"/api/v1/matches/{gone.match.public_id}/").status_code == 204

    assert numbers() == before
