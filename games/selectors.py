"""Reads of the games domain, shaped for the API and the pages."""

from __future__ import annotations

from django.db.models import Prefetch, QuerySet

from games.models import Deal, IdempotencyRecord, Match, Seat


def match_detail_queryset() -> QuerySet[Match]:
    return Match.objects.prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("number")),
        Prefetch("deals", queryset=Deal.objects.order_by("number")),
    )


def match_get(public_id: str) -> Match | None:
    return match_detail_queryset().filter(public_id=public_id).first()


def matches_visible_to(user, public_ids: list[str] | None = None) -> QuerySet[Match]:
    """A signed-in user's own matches, plus any whose ids the client holds (its share links)."""
    matches = Match.objects.none()
    if user is not None and user.is_authenticated:
        matches = Match.objects.filter(owner=user)
    if public_ids:
        matches = matches | Match.objects.filter(public_id__in=public_ids[:100])
    return matches.prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("number"))
    ).order_by("-updated_at", "-id")


def idempotency_lookup(*, scope: str, key: str) -> IdempotencyRecord | None:
    return IdempotencyRecord.objects.filter(scope=scope, key=key).first()


def matches_by_ids(public_ids: list[str]) -> list[Match]:
    return list(
        Match.objects.filter(public_id__in=public_ids).prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("number"))
        )
    )


def match_version(public_id: str) -> int | None:
    return Match.objects.filter(public_id=public_id).values_list("version", flat=True).first()
