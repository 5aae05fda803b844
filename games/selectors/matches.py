"""Reads of matches and their deals, shaped for the API and the pages."""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Prefetch, Q, QuerySet

from games.models import Deal, Match, Seat, Table

SEATS = Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("number"))
# How many of the latest deals the match page shows; the earlier ones are a page of their own.
LATEST_DEALS = 30


def match_detail_queryset() -> QuerySet[Match]:
    return Match.objects.prefetch_related(
        SEATS,
        Prefetch("deals", queryset=Deal.objects.order_by("number").only(*Deal.SUMMARY_FIELDS)),
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
    return match.deals.order_by("number").only(*Deal.SUMMARY_FIELDS)


def deal_get(public_id: str, number: int) -> Deal | None:
    """One deal with its match, in one query."""
    return (
        Deal.objects.select_related("match")
        .filter(match__public_id=public_id, number=number)
        .only(*Deal.SUMMARY_FIELDS)
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


def matches_by_ids(public_ids: list[str]) -> list[Match]:
    return list(Match.objects.filter(public_id__in=public_ids).prefetch_related(SEATS))


def match_version(public_id: str) -> int | None:
    return Match.objects.filter(public_id=public_id).values_list("version", flat=True).first()


def match_table(match: Match) -> Table | None:
    """The tournament table a match is played at, with its round, tournament and club; most
    matches are friendly ones and have none."""
    return Table.objects.filter(match=match).select_related("round__tournament__club").first()


def deal_count(match: Match) -> int:
    return match.deals.count()


def last_deal_number(match: Match) -> int | None:
    """The number of the match's latest deal (``None`` before the first)."""
    return match.deals.order_by("-number").values_list("number", flat=True).first()


def deal_inputs_before(match: Match, number: int) -> list[dict]:
    """What was entered for each deal before deal ``number``, in order: what a fold replays."""
    return [d.input for d in match.deals.filter(number__lt=number).order_by("number")]


def match_deal(match: Match, number: int) -> Deal | None:
    """One deal of a match as entered and scored (its input and outcome)."""
    return match.deals.filter(number=number).only("number", "input", "outcome").first()


def deal_states(match: Match) -> list[dict]:
    """The state after each deal, in order (stored with the deal: no fold)."""
    return list(match.deals.order_by("number").values_list("state", flat=True))


def states_before(deals: Iterable[tuple[int, int]]) -> dict[tuple[int, int], dict]:
    """The state stored with the deal before each of ``deals`` (match id, deal number), in one
    query: what a logged correction's entries are scored from again. The first deal has none
    (the match's start)."""
    wanted = Q()
    for match_id, number in {(m, n - 1) for m, n in deals if n > 1}:
        wanted |= Q(match_id=match_id, number=number)
    if not wanted:
        return {}
    found = Deal.objects.filter(wanted).values_list("match_id", "number", "state")
    return {(match_id, number + 1): state for match_id, number, state in found}
