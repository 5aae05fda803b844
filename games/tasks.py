"""Background jobs. Each takes ids and calls a service; callers queue them on commit."""

from datetime import timedelta

from celery import shared_task
from django.utils import timezone

from games.models import IdempotencyRecord
from games.services import match_recompute

IDEMPOTENCY_KEEP = timedelta(hours=24)


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
