"""Issue 31: guests' names are kept only as long as a club needs them. Beat runs
``games.forget_guest_names`` every hour; it renames "Guest" the guests of friendly play (a
friendly match, an evening without a club) untouched for GUEST_NAME_RETENTION_DAYS, and leaves
alone a guest who also sat at a match touched since."""

from __future__ import annotations

import os
from datetime import timedelta
from decimal import Decimal

import pytest
from django.conf import settings as django_settings
from django.test import Client
from django.utils import timezone

from games.models import Match, Player, Session
from games.services import deal_record, match_create
from games.services.sessions import session_create
from games.tasks import forget_guest_names
from scorekeeper.celery import app
from tests.factories import FIRST_DEALS, MISERE

pytestmark = pytest.mark.django_db


def test_beat_runs_the_task_every_hour():
    entries = [e for e in django_settings.CELERY_BEAT_SCHEDULE.values()]
    forgetting = [e for e in entries if e["task"] == "games.forget_guest_names"]
    assert [e["schedule"] for e in forgetting] == [3600.0]
    assert "games.forget_guest_names" in app.tasks
    if "GUEST_NAME_RETENTION_DAYS" not in os.environ:  # the default of the base settings
        assert django_settings.GUEST_NAME_RETENTION_DAYS == 730


def test_an_untouched_evening_without_a_club_forgets_its_guests_and_a_guest_seen_since_stays(
    settings,
):
    settings.GUEST_NAME_RETENTION_DAYS = 30
    evening = session_create(
        players=["Vera", "Vico", "Vilma", "Viggo"], game="rikken", stake=Decimal("1")
    )
    deal_record(match=evening.match, raw={**MISERE, "dealer": 0})
    old = match_create(game="marafon", players=["Xena", "Xavi", "Ximena", "Xiu"])
    deal_record(match=old.match, raw=FIRST_DEALS["marafon"])
    xena = old.match.seats.get(number=0).player
    again = match_create(game="marafon", players=["Yara", "Yoyo", "Yuki", "Yves"])
    # One guest row seated at two matches, one of them touched this week.
    again.match.seats.filter(number=0).update(player=xena)
    long_ago = timezone.now() - timedelta(days=31)
    Session.objects.update(updated_at=long_ago)
    Match.objects.exclude(pk=again.match.pk).update(updated_at=long_ago)

    forgotten = forget_guest_names.delay().get()

    seated = list(Player.objects.filter(seats__match=evening.match).values_list("name", flat=True))
    assert seated == ["Guest"] * 4
    assert Player.objects.get(pk=xena.pk).name == "Xena"  # still seen at a match touched since
    assert set(old.match.seats.exclude(player=xena).values_list("player__name", flat=True)) == {
        "Guest"
    }
    assert forgotten == 7
    page = Client().get(f"/m/{evening.match.public_id}/").content.decode()
    assert "30 days" in page and "names were removed" in page
