"""Reads of the games domain, shaped for the API and the pages."""

from __future__ import annotations

from django.db.models import Count, Prefetch, QuerySet

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


def tournament_results(tournament) -> list[dict]:
    """Every table of every round with what it scored so far; ``counts`` is whether its result
    is confirmed (only those count in the standings)."""
    from games.models import Table
    from games.services.standings import PAIRS_FORMATS, individual_points, pairs_result

    names = {e.pk: e.name for e in tournament.entrants.select_related("player", "partner")}
    pairs = tournament.format in PAIRS_FORMATS
    rows = []
    tables = (
        Table.objects.filter(round__tournament=tournament)
        .select_related("round", "match")
        .annotate(deal_count=Count("match__deals"))
        .order_by("round__number", "number")
    )
    for table in tables:
        row = {
            "round": table.round.number,
            "table": table.number,
            "entrants": [{"id": e, "name": names.get(e, "?")} for e in table.seating],
            "match": table.match.public_id if table.match else None,
            "bye": table.match is None,
            "deals": table.deal_count,
            "counts": table.confirmed_at is not None,
            "confirmed_by": table.confirmed_by or None,
            "confirmed_at": table.confirmed_at,
        }
        if table.match is None:
            row["points"], row["winner"] = [], None
        elif pairs:
            outcome = pairs_result(tournament, table)
            row["points"], row["winner"] = list(outcome.points), outcome.winner
        else:
            by_entrant = individual_points(tournament, table)
            row["points"], row["winner"] = [by_entrant[e] for e in table.seating], None
        rows.append(row)
    return rows
