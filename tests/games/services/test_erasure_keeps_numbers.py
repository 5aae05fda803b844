"""Issue 31: erasing players changes names, never numbers. A club's whole season (a rated
tournament table, rated friendly matches between members, a settled club evening, friendly
matches of guests, and two club seasons counting the tournament and the evenings) is read as
numbers (tournament standings, every match's totals, the evening's totals, each player's
statistics, the rating lists, their steps, the seasons' standings and each line's events)
before and after erasing any players Hypothesis draws, in any order, and after recomputing the
standings, ratings and seasons from scratch: every number is the same. Only the names
changed. Joost's account (the director's) created the rated friendly matches: erasing him
empties it, and they still count."""

from __future__ import annotations

from datetime import date

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.models import (
    Match,
    Player,
    Rating,
    RatingList,
    RatingStep,
    Season,
    SeasonLine,
    Tournament,
)
from games.selectors.history import player_history
from games.selectors.sessions import session_summary
from games.services import deal_record, match_create
from games.services.club_options import club_set_options
from games.services.erasure import player_erase
from games.services.ratings import ratings_recompute
from games.services.season_standing import season_recompute
from games.services.seasons import season_create, season_event_add
from games.services.sessions import session_settle
from games.services.standings import standings_recompute
from tests.factories import FIRST_DEALS, MISERE, site_with_everything

pytestmark = pytest.mark.django_db

MARAFON_WIN = {"battezzante": 0, "trump": "cups", "points": [11, 0]}
ONE_GAME_TO_11 = {"target": 11, "match_format": "single_game"}


class Rollback(Exception):
    """Ends an example's transaction: the next example starts from the same season."""


def numbers() -> dict:
    """Every standing, total and rating number of the season, keyed by ids, no name."""
    # Entrants who share a place are listed by name: each entrant's row, by the entrant.
    standings = {
        t.pk: sorted(
            ({k: v for k, v in row.items() if k != "name"} for row in t.standings),
            key=lambda row: row["entrant"],
        )
        for t in Tournament.objects.order_by("pk")
    }
    totals = {m.pk: (m.version, m.state) for m in Match.objects.order_by("pk")}
    evenings = {}
    for match in Match.objects.filter(session_entry__isnull=False).select_related(
        "session_entry__session"
    ):
        summary = session_summary(match.session_entry.session)
        evenings[match.session_entry.session_id] = [
            {k: v for k, v in p.items() if k != "name"} for p in summary["players"]
        ]
    statistics = {
        p.pk: (history["games"], history["over_time"], history["matches_count"])
        for p in Player.objects.filter(known=True).order_by("pk")
        for history in [player_history(p)]
    }
    ratings = sorted(
        Rating.objects.values_list("list_id", "player_id", "mu", "sigma", "ordinal", "played")
    )
    steps = sorted(
        RatingStep.objects.values_list("list_id", "player_id", "sequence", "match_id", "ordinal")
    )
    # Members level on points are listed by name: each member's line, by the member.
    seasons = {
        s.pk: sorted(
            ({k: v for k, v in line.items() if k != "name"} for line in s.standing),
            key=lambda line: line["member"],
        )
        for s in Season.objects.order_by("pk")
    }
    leaders = {
        s.pk: sorted((line["member"], line["totals"]) for line in s.chart.get("leaders", []))
        for s in Season.objects.order_by("pk")
    }
    lines = sorted(SeasonLine.objects.values_list("season_id", "member_id", "results"), key=str)
    return {
        "standings": standings,
        "totals": totals,
        "evenings": evenings,
        "statistics": statistics,
        "ratings": ratings,
        "steps": steps,
        "seasons": seasons,
        "leaders": leaders,
        "season_lines": lines,
    }


@pytest.fixture
def season(django_user_model, django_capture_on_commit_callbacks) -> dict:
    site = site_with_everything(django_user_model, django_capture_on_commit_callbacks)
    members, director = site["members"], site["director"]
    with django_capture_on_commit_callbacks(execute=True):
        club_set_options(club=site["club"], rate_friendly_matches=True)
        for order in ([0, 1, 2, 3], [2, 0, 3, 1], [3, 2, 1, 0]):
            created = match_create(
                game="marafon",
                players=[members[n].pk for n in order],
                owner=director,
                rules=ONE_GAME_TO_11,
            )
            deal_record(match=created.match, raw=MARAFON_WIN)
        rikken = match_create(game="rikken", players=[m.pk for m in members], owner=director)
        deal_record(match=rikken.match, raw=FIRST_DEALS["rikken"])
        deal_record(match=rikken.match, raw=MISERE)
        session_settle(session=site["evening"].session, user=director)
        dates = {"starts_on": date(2000, 1, 1), "ends_on": date(2100, 1, 1)}
        drive = season_create(club=site["club"], user=director, name="Drive", **dates)
        season_event_add(season=drive, user=director, tournament=site["tournament"].public_id)
        season_create(
            club=site["club"], user=director, name="Evenings", evenings_of="rikken", **dates
        )
    assert RatingList.objects.filter(club=site["club"], applied_count__gt=0).count() == 2
    assert all(len(season.standing) == 4 for season in Season.objects.all())
    return site


def test_erasing_any_players_leaves_every_number_as_it_was(season):
    before = numbers()
    known = list(Player.objects.filter(known=True).order_by("pk").values_list("pk", flat=True))
    lists = list(RatingList.objects.values_list("pk", flat=True))
    tournaments = list(Tournament.objects.values_list("pk", flat=True))
    seasons = list(Season.objects.values_list("pk", flat=True))

    @settings(
        max_examples=12,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(st.lists(st.sampled_from(known), min_size=1, max_size=len(known), unique=True))
    def erase_some(chosen: list[int]) -> None:
        try:
            with transaction.atomic():
                old_names = {pk: Player.objects.get(pk=pk).name for pk in chosen}
                for pk in chosen:
                    player_erase(player=Player.objects.get(pk=pk))
                assert numbers() == before  # the caches as the erasure left them
                cached = str([(s.standing, s.chart) for s in Season.objects.all()])
                assert not [name for name in old_names.values() if f"'{name}'" in cached]
                for list_id in lists:
                    ratings_recompute(list_id=list_id, from_scratch=True)
                for tournament_id in tournaments:
                    standings_recompute(tournament_id=tournament_id)
                for season_id in seasons:
                    season_recompute(season_id=season_id)
                assert numbers() == before  # and recomputed from the deals
                renamed = dict(Player.objects.filter(pk__in=chosen).values_list("pk", "name"))
                assert all(name.startswith("Former player ") for name in renamed.values())
                assert not set(old_names.values()) & set(renamed.values())
                raise Rollback
        except Rollback:
            pass

    erase_some()
