"""Background jobs. Each takes ids and calls a service; services queue them on commit by name
(games.services.jobs) and never import this module, so the imports go one way, down."""

import logging
from datetime import timedelta

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded
from django.utils import timezone

from games.models import IdempotencyRecord, RatingList, Round, Season, Tournament
from games.rules.messages import msg
from games.services import match_recompute
from games.services.jobs import DRAW_ROUND, publish
from games.services.ratings import ratings_recompute
from games.services.retention import guest_names_forget
from games.services.rounds import round_draw_fail, round_draw_run
from games.services.season_standing import season_recompute
from games.services.standings import standings_recompute

logger = logging.getLogger("games.tasks")

IDEMPOTENCY_KEEP = timedelta(hours=24)
DRAW_TIME_LIMIT = 50  # seconds; the seating search stops itself well before (20 s)
# A draw takes seconds once a worker has it. One still drawing this long after it was asked for
# lost its message (or the broker was down when it was sent), and is queued again: a copy that
# finds the draw still running leaves it alone (games.services.rounds.round_draw_run).
DRAW_REQUEUE_AFTER = timedelta(seconds=15)


@shared_task(name="games.recompute_match")
def recompute_match(match_id: int) -> int:
    """Rebuilds a match's cached state from its deals (after a rules fix, or from the admin)."""
    return match_recompute(match_id=match_id).version


@shared_task(name="games.purge_idempotency_records")
def purge_idempotency_records() -> int:
    """Idempotency answers are kept a day: long enough for any retry."""
    deleted, _ = IdempotencyRecord.objects.filter(
        created_at__lt=timezone.now() - IDEMPOTENCY_KEEP
    ).delete()
    return deleted


@shared_task(name="games.draw_round", time_limit=60, soft_time_limit=DRAW_TIME_LIMIT)
def draw_round(round_id: int) -> str:
    """Draws one round of a tournament: the seating or pairing search runs here, bounded. A
    draw stopped by the time limit leaves the round failed with the reason, for the director."""
    try:
        return round_draw_run(round_id=round_id).status
    except SoftTimeLimitExceeded:
        return round_draw_fail(
            round_id=round_id,
            reason=msg(
                "The draw took longer than %(seconds)s seconds and was stopped. Draw the round "
                "again; if it keeps failing, the field is too big for one draw.",
                seconds=DRAW_TIME_LIMIT,
            ),
        ).status


@shared_task(name="games.sweep_stuck_draws")
def sweep_stuck_draws() -> int:
    """Queues again the draws whose message the broker lost or never took: rounds still
    drawing a while after they were asked for."""
    stuck = list(
        Round.objects.filter(
            status=Round.Status.DRAWING, requested_at__lt=timezone.now() - DRAW_REQUEUE_AFTER
        ).values_list("pk", "tournament_id", "number")
    )
    for round_id, tournament_id, number in stuck:
        logger.warning(
            "sweep: draw of tournament %s round %s queued again",
            tournament_id,
            number,
            extra={"tournament_id": tournament_id, "round": number},
        )
        publish(DRAW_ROUND, round_id, what=f"draw of tournament {tournament_id} round {number}")
    return len(stuck)


@shared_task(name="games.recompute_standings", time_limit=60, soft_time_limit=50)
def recompute_standings(tournament_id: int) -> None:
    standings_recompute(tournament_id=tournament_id)


@shared_task(name="games.sweep_dirty_standings")
def sweep_dirty_standings() -> int:
    """Catches up standings whose recompute message was lost: the dirty mark is the truth."""
    dirty = list(Tournament.objects.filter(standings_dirty=True).values_list("pk", flat=True))
    for tournament_id in dirty:
        logger.info(
            "sweep: standings of tournament %s were stale, recomputing",
            tournament_id,
            extra={"tournament_id": tournament_id},
        )
        standings_recompute(tournament_id=tournament_id)
    return len(dirty)


@shared_task(name="games.recompute_ratings", time_limit=120, soft_time_limit=100)
def recompute_ratings(list_id: int) -> None:
    ratings_recompute(list_id=list_id)


@shared_task(name="games.sweep_dirty_ratings")
def sweep_dirty_ratings() -> int:
    """Catches up club ratings whose recompute message was lost: the dirty mark is the truth."""
    dirty = list(RatingList.objects.filter(dirty=True).values_list("pk", flat=True))
    for list_id in dirty:
        logger.info(
            "sweep: ratings list %s was stale, recomputing", list_id, extra={"rating_list": list_id}
        )
        ratings_recompute(list_id=list_id)
    return len(dirty)


@shared_task(name="games.recompute_season", time_limit=120, soft_time_limit=100)
def recompute_season(season_id: int) -> None:
    season_recompute(season_id=season_id)


@shared_task(name="games.sweep_dirty_seasons")
def sweep_dirty_seasons() -> int:
    """Catches up season standings whose recompute message was lost: the dirty mark is the
    truth."""
    dirty = list(Season.objects.filter(standing_dirty=True).values_list("pk", flat=True))
    for season_id in dirty:
        logger.info(
            "sweep: standing of season %s was stale, recomputing",
            season_id,
            extra={"season_id": season_id},
        )
        season_recompute(season_id=season_id)
    return len(dirty)


@shared_task(name="games.forget_guest_names")
def forget_guest_names() -> int:
    """Guests' names in friendly matches untouched for GUEST_NAME_RETENTION_DAYS become
    "Guest" (games.services.retention)."""
    return guest_names_forget(now=timezone.now())
