"""Club seasons through the services: created and changed by directors only, events attached
once, the standing rebuilt by a job on commit (and by the sweep when the message is lost), and
a correction to a counted event moving it."""

from __future__ import annotations

from datetime import date

import pytest

from games.models import Season
from games.rules import RuleViolation
from games.services import Conflict, StaleVersion, club_member_add, deal_record, deal_replace
from games.services.season_standing import season_recompute
from games.services.seasons import season_create, season_event_add, season_update
from games.services.sessions import session_create, session_settle
from games.services.tables import Confirmer, table_confirm
from games.tasks import sweep_dirty_seasons
from tests.factories import club_tournament, director_user, drawn_table

pytestmark = pytest.mark.django_db

SPRING = {"name": "Spring", "starts_on": date(2000, 1, 1), "ends_on": date(2100, 12, 31)}


def misere(declarer: int, tricks: int, dealer: int | None = None) -> dict:
    deal = {"contracts": [{"contract": "misere", "declarer": declarer, "tricks": tricks}]}
    if dealer is not None:
        deal["dealer"] = dealer
    return deal


def played_drive(capture, director, *, club=None, name="Drive"):
    """A four-player Rikken drive with its first round's one table scored and confirmed: the
    misère of seat 1 made, so the table ranks that player first, then the others level."""
    table = drawn_table(capture, director=director, club=club, name=name)
    tournament = table.round.tournament
    with capture(execute=True):
        deal_record(match=table.match, raw=misere(1, 0, dealer=0))
        table_confirm(table=table, by="", confirmer=Confirmer(director=director))
    return tournament, table


def test_only_a_director_creates_a_season_and_every_field_is_checked(django_user_model):
    director = director_user()
    tournament = club_tournament(director=director)
    club = tournament.club
    stranger = django_user_model.objects.create_user("stranger")
    with pytest.raises(RuleViolation) as refused:
        season_create(club=club, user=stranger, **SPRING)
    assert "club" in refused.value.errors
    with pytest.raises(RuleViolation) as wrong:
        season_create(
            club=club,
            user=director,
            name="",
            starts_on=date(2026, 5, 1),
            ends_on=date(2026, 1, 1),
            scheme="place_table",
            scheme_options={"table": [1, 5]},
            prizes=[2, 1],
            ladder=True,
            best=3,
        )
    assert {"name", "ends_on", "scheme_options", "prizes", "ladder"} <= set(wrong.value.errors)
    assert not Season.objects.exists()


def test_a_season_counts_its_tournaments_and_a_correction_moves_the_standing(
    django_capture_on_commit_callbacks,
):
    director = director_user()
    capture = django_capture_on_commit_callbacks
    tournament, table = played_drive(capture, director)
    club = tournament.club
    with capture(execute=True):
        season = season_create(club=club, user=director, scheme="field_size", **SPRING)
        season_event_add(season=season, user=director, tournament=tournament.public_id)
    season.refresh_from_db()
    assert not season.standing_dirty
    first = season.standing[0]
    # Seat 1 won the table of 4: 4 - 1 + 1 = 4 points; the others share place 2: 3 points each.
    seated = [seat.player.name for seat in table.match.seats.order_by("number")]
    assert (first["name"], first["total"], first["rank"]) == (seated[1], 4, 1)
    assert sorted(line["total"] for line in season.standing) == [3, 3, 3, 4]
    assert season.chart["leaders"][0]["totals"] == [4]

    # The director corrects the confirmed table: P2's misère made instead.
    with capture(execute=True):
        deal_replace(match=table.match, number=1, raw=misere(2, 0, dealer=0), user=director)
    season.refresh_from_db()
    assert season.standing[0]["name"] == seated[2]


def test_an_event_counts_in_one_season_only_and_a_stale_version_is_refused(
    django_capture_on_commit_callbacks,
):
    director = director_user()
    tournament, _table = played_drive(django_capture_on_commit_callbacks, director)
    spring = season_create(club=tournament.club, user=director, **SPRING)
    autumn = season_create(club=tournament.club, user=director, **{**SPRING, "name": "Autumn"})
    season_event_add(season=spring, user=director, tournament=tournament.public_id)
    with pytest.raises(Conflict):
        season_event_add(season=autumn, user=director, tournament=tournament.public_id)
    with pytest.raises(StaleVersion):
        season_update(season=spring, user=director, expected_version=0, name="Lente")


def test_settled_evenings_of_the_game_count_and_the_sweep_catches_a_lost_job(
    django_capture_on_commit_callbacks, monkeypatch
):
    director = director_user()
    tournament = club_tournament(director=director, entrants=0)
    club = tournament.club
    members = [club_member_add(club=club, name=n) for n in ("An", "Bo", "Cy", "Di")]
    with django_capture_on_commit_callbacks(execute=True):
        season = season_create(
            club=club,
            user=director,
            evenings_of="rikken",
            scheme="place_table",
            min_events=2,
            **SPRING,
        )
    monkeypatch.setattr("games.services.jobs.publish", lambda *a, **k: False)
    created = session_create(
        players=[m.pk for m in members], game="rikken", club=club, owner=director
    )
    deal_record(match=created.match, raw=misere(1, 0, dealer=0))
    with django_capture_on_commit_callbacks(execute=True):
        session_settle(session=created.session)
    season.refresh_from_db()
    assert season.standing_dirty

    assert sweep_dirty_seasons() == 1

    season.refresh_from_db()
    assert not season.standing_dirty and len(season.chart["events"]) == 1
    bo = next(line for line in season.standing if line["name"] == "Bo")
    assert bo["rank"] is None and bo["needs"] == 1 and bo["total"] == 10


def test_a_scheme_of_one_game_refuses_an_event_of_another(django_capture_on_commit_callbacks):
    director = director_user()
    tournament, table = played_drive(django_capture_on_commit_callbacks, director)
    marafon = club_tournament(
        director=director, club=tournament.club, name="Marafon night", entrants=0,
        game="marafon", format="individual", round_kind="game", deals_per_round=None,
    )  # fmt: skip
    season = season_create(club=tournament.club, user=director, scheme="own_score", **SPRING)
    season_event_add(season=season, user=director, tournament=tournament.public_id)
    with pytest.raises(RuleViolation) as refused:
        season_event_add(season=season, user=director, tournament=marafon.public_id)
    assert "tournament" in refused.value.errors
    season_recompute(season_id=season.pk)
    season.refresh_from_db()
    # Own score: seat 1's units at the table.
    winner = table.match.seats.get(number=1).player.name
    assert season.standing[0]["name"] == winner and season.standing[0]["total"] > 0
