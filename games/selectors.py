"""Reads of the games domain, shaped for the API and the pages."""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Count, Prefetch, QuerySet

from games.models import Deal, IdempotencyRecord, Match, Round, Seat, Table, Tournament

SEATS = Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("number"))
# What the API tells of a deal in a list; the state after each deal stays in the database.
DEAL_SUMMARY_FIELDS = ("match", "number", "input", "outcome")
# How many of the latest deals the match page shows; the earlier ones are a page of their own.
LATEST_DEALS = 30


def match_detail_queryset() -> QuerySet[Match]:
    return Match.objects.prefetch_related(
        SEATS,
        Prefetch("deals", queryset=Deal.objects.order_by("number").only(*DEAL_SUMMARY_FIELDS)),
    )


def match_get(public_id: str) -> Match | None:
    """The match with its seats and every deal (as the API lists them)."""
    return match_detail_queryset().filter(public_id=public_id).first()


def match_head(public_id: str, *, seats: bool = False) -> Match | None:
    """The match row alone (and its seats, if asked): what a write checks before it locks the
    row, and what a read needs besides the deals it answers."""
    matches = Match.objects.filter(public_id=public_id)
    if seats:
        matches = matches.prefetch_related(SEATS)
    return matches.first()


def match_deals(match: Match) -> QuerySet[Deal]:
    """Every deal of a match in order, as the API lists them (to be paginated)."""
    return match.deals.order_by("number").only(*DEAL_SUMMARY_FIELDS)


def deal_get(public_id: str, number: int) -> Deal | None:
    """One deal with its match, in one query."""
    return (
        Deal.objects.select_related("match")
        .filter(match__public_id=public_id, number=number)
        .only(*DEAL_SUMMARY_FIELDS)
        .first()
    )


def deals_with_totals(match: Match, *, upto: int | None = None, count: int = LATEST_DEALS):
    """Up to ``count`` deals ending at deal ``upto`` (default: the latest), in order, each with
    the state after it (the running totals): what the page shows without folding the match."""
    deals = match.deals.order_by("-number")
    if upto is not None:
        deals = deals.filter(number__lte=upto)
    return list(reversed(deals[:count]))


def deal_outcomes(match: Match) -> list[tuple[int, dict]]:
    """Every deal's number and outcome: who won what, for the words a correction changes."""
    return list(match.deals.order_by("number").values_list("number", "outcome"))


def matches_visible_to(user, public_ids: list[str] | None = None) -> QuerySet[Match]:
    """A signed-in user's own matches, plus any whose ids the client holds (its share links)."""
    matches = Match.objects.none()
    if user is not None and user.is_authenticated:
        matches = Match.objects.filter(owner=user)
    if public_ids:
        matches = matches | Match.objects.filter(public_id__in=public_ids[:100])
    return matches.prefetch_related(SEATS).order_by("-updated_at", "-id")


def idempotency_lookup(*, scope: str, key_digest: str) -> IdempotencyRecord | None:
    return IdempotencyRecord.objects.filter(scope=scope, key_digest=key_digest).first()


def matches_by_ids(public_ids: list[str]) -> list[Match]:
    return list(Match.objects.filter(public_id__in=public_ids).prefetch_related(SEATS))


def match_version(public_id: str) -> int | None:
    return Match.objects.filter(public_id=public_id).values_list("version", flat=True).first()


def players_by_unique_name(players: Iterable[tuple[int, str]]) -> dict[str, int]:
    """Player ids by case-folded name, from ``(id, name)`` pairs; a name two players share is
    left out, as it cannot tell them apart (it stays a new player's or a guest's)."""
    by_name: dict[str, list[int]] = {}
    for pk, name in players:
        by_name.setdefault(name.casefold(), []).append(pk)
    return {name: ids[0] for name, ids in by_name.items() if len(ids) == 1}


def match_table(match: Match) -> Table | None:
    """The tournament table a match is played at, with its round, tournament and club; most
    matches are friendly ones and have none."""
    return Table.objects.filter(match=match).select_related("round__tournament__club").first()


def entrant_names(tournament: Tournament) -> dict[int, str]:
    """Each entrant's name (a player's, or a pair's "A & B") by id, in one query."""
    return {e.pk: e.name for e in tournament.entrants.select_related("player", "partner")}


def tournament_tables(
    tournament: Tournament, rounds: Iterable[Round] | None = None, *, seats: bool = False
) -> list[Table]:
    """The tables of the tournament (or of some rounds) in order, with their match and its
    number of deals (``deal_count``), in one query (two with the seats)."""
    tables = (
        Table.objects.filter(round__tournament=tournament)
        .select_related("match", "round")
        .annotate(deal_count=Count("match__deals"))
        .order_by("round__number", "number")
    )
    if rounds is not None:
        tables = tables.filter(round__in=list(rounds))
    if seats:
        tables = tables.prefetch_related(
            Prefetch(
                "match__seats", queryset=Seat.objects.select_related("player").order_by("number")
            )
        )
    return list(tables)


def tournament_results(tournament: Tournament) -> list[dict]:
    """Every table of every round with what it scored so far; ``counts`` is whether its result
    is confirmed (only those count in the standings)."""
    from games.services.standings import PAIRS_FORMATS, individual_points, pairs_result

    names = entrant_names(tournament)
    pairs = tournament.format in PAIRS_FORMATS
    rows = []
    for table in tournament_tables(tournament):
        row = {
            "round": table.round.number,
            "table": table.number,
            "entrants": [{"id": e, "name": names.get(e, "?")} for e in table.seating],
            "match": table.match.public_id if table.match else None,
            "bye": table.match is None,
            "deals": table.deal_count,
            "counts": table.confirmed_at is not None,
            "confirmed_by": table.confirmed_by or None,
            "amended_by": table.amended_by or None,
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
