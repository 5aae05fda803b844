"""Guests' names are kept only as long as a club needs them (issue 31). A guest is a name typed
for one match (or one evening without a club); once their friendly match (or that evening)
has been left untouched for GUEST_NAME_RETENTION_DAYS, beat renames them "Guest". Their
results keep their numbers, and the match page says why the names are gone.

Tournament tables and club evenings keep their guests' names: they are the club's record, kept
until a director deletes it. A guest who also sits somewhere that keeps names (a club evening,
a tournament) keeps theirs everywhere: it is one row."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Exists, OuterRef, Q

from games.models import Entrant, Match, Player, Seat, Session, SessionPlayer

logger = logging.getLogger("games.retention")

GUEST = "Guest"


def _kept_matches(cutoff: datetime):
    """Matches whose guests keep their names: tournament tables, club evenings' matches, and
    anything touched since the cutoff (an evening counts as touched with any of its matches)."""
    fresh_sessions = Session.objects.filter(
        Q(club__isnull=False)
        | Q(updated_at__gte=cutoff)
        | Q(entries__match__updated_at__gte=cutoff)
    )
    return Match.objects.filter(
        Q(table__isnull=False)
        | Q(updated_at__gte=cutoff)
        | Q(session_entry__session__in=fresh_sessions)
    )


def guests_to_forget(*, now: datetime):
    """The guests whose names go: seated only in friendly play untouched since the cutoff."""
    cutoff = now - timedelta(days=settings.GUEST_NAME_RETENTION_DAYS)
    kept = _kept_matches(cutoff)
    kept_sessions = Session.objects.filter(
        Q(club__isnull=False) | Q(updated_at__gte=cutoff) | Q(entries__match__in=kept)
    )
    return (
        Player.objects.filter(known=False, erased_at__isnull=True, user__isnull=True)
        .filter(Exists(Seat.objects.filter(player=OuterRef("pk"))))
        .exclude(Exists(Seat.objects.filter(player=OuterRef("pk"), match__in=kept)))
        .exclude(
            Exists(SessionPlayer.objects.filter(player=OuterRef("pk"), session__in=kept_sessions))
        )
        .exclude(
            Exists(Entrant.objects.filter(Q(player=OuterRef("pk")) | Q(partner=OuterRef("pk"))))
        )
        .exclude(clubs__isnull=False)
    )


def guest_names_forget(*, now: datetime) -> int:
    """Renames the guests found by ``guests_to_forget`` "Guest"; returns how many."""
    with transaction.atomic():
        ids = list(guests_to_forget(now=now).values_list("pk", flat=True))
        if ids:
            Player.objects.filter(pk__in=ids).update(name=GUEST, erased_at=now)
    if ids:
        logger.info(
            "guest names forgotten: %s",
            len(ids),
            extra={"guests": len(ids), "days": settings.GUEST_NAME_RETENTION_DAYS},
        )
    return len(ids)
