"""The draw job's safety nets: a draw stopped by the time limit fails with its reason, and a
draw whose broker message was lost is queued again by the periodic sweep; and the rounds a
director may set once some are drawn."""

from datetime import timedelta

import pytest
from celery.exceptions import SoftTimeLimitExceeded
from django.utils import timezone

from games.models import Round
from games.tasks import draw_round, sweep_stuck_draws
from games.translation import note_text
from tests.factories import club_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def drive():
    return club_tournament(entrants=[f"Player {n}" for n in range(8)], rounds=3)


def test_a_draw_stopped_by_the_time_limit_fails_with_its_reason(drive, monkeypatch):
    def too_slow(**kwargs):
        raise SoftTimeLimitExceeded()

    monkeypatch.setattr("games.services.rounds.draw_plan", too_slow)
    waiting = Round.objects.create(tournament=drive, number=1)

    status = draw_round(waiting.pk)

    waiting.refresh_from_db()
    assert status == "failed" == waiting.status
    # The reason is kept as a message, said in the reader's language.
    assert "took longer than 50 seconds" in note_text(waiting.report["error"])
    assert waiting.tables.count() == 0


def test_the_sweep_queues_again_only_the_draws_stuck_for_minutes(drive):
    stuck = Round.objects.create(
        tournament=drive, number=1, requested_at=timezone.now() - timedelta(minutes=5)
    )
    fresh = Round.objects.create(tournament=drive, number=2)

    queued = sweep_stuck_draws()

    stuck.refresh_from_db()
    fresh.refresh_from_db()
    assert queued == 1
    assert stuck.status == "ready" and stuck.tables.count() == 2
    assert fresh.status == "drawing"


def test_a_tournament_cannot_have_fewer_rounds_than_are_drawn(drive):
    from games.rules import RuleViolation
    from games.services.tournaments import tournament_update

    for number in (1, 2):
        Round.objects.create(tournament=drive, number=number, status="finished")

    with pytest.raises(RuleViolation) as refused:
        tournament_update(tournament=drive, user=drive.created_by, rounds=1)
    finished = tournament_update(tournament=drive, user=drive.created_by, rounds=2)

    assert "2 rounds are drawn already" in str(refused.value.errors)
    assert (finished.rounds, finished.status) == (2, "finished")


def test_the_jobs_services_queue_by_name_are_registered_in_every_process():
    from celery import current_app

    from games.services.jobs import DRAW_ROUND, RECOMPUTE_STANDINGS

    assert {DRAW_ROUND, RECOMPUTE_STANDINGS} <= set(current_app.tasks)
