"""A season's standing: the results of its events gathered as plain data, ranked by the pure
engine (games.tournaments.seasons), and stored as the cache the pages and the API read.

What an event gives each member (the engine's ``EventResult``):

- a tournament: its standings (the cache, or worked out afresh while it is stale): the place is
  the rank, the field those who played; the own score is an individual event's total (penalty
  points negated) or a pairs event's point difference, the same for both partners; match
  points are a pairs event's own, or at an individual event 2 for each table won (1 shared);
- an evening (settled): each player's score over its matches (units in money games, penalty
  points negated, else 1 for each match won), ranked into places; 2 match points for each
  match won.

Only the club's members are counted: a guest at an evening plays but is not in the season."""

from __future__ import annotations

import logging
import time
from collections import defaultdict
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from django.db import transaction
from django.utils import timezone

from games.models import Entrant, Season, SeasonLine, SessionMatch, SessionPlayer
from games.rules.seat_results import places
from games.selectors.seasons import SeasonEventRow, season_events
from games.selectors.sessions import ENTRIES, match_lines
from games.tournaments.formats import get_format
from games.tournaments.seasons import (
    Event,
    EventResult,
    get_scheme,
    season_progress,
    season_standing,
)
from games.tournaments.table_results import individual_points, lowest_wins

from .seasons import rules_of
from .standings import confirmed_tables, standings_compute

logger = logging.getLogger("games.seasons")

CHART_LEADERS = 10


def _tournament_results(
    rows: Sequence[SeasonEventRow], needs: frozenset[str], members: set[int]
) -> list[EventResult]:
    tournaments = [row for row in rows if row.tournament is not None]
    players: dict[int, tuple[int, ...]] = {}
    for pk, player, partner in Entrant.objects.filter(
        tournament__in=[row.tournament for row in tournaments]
    ).values_list("pk", "player_id", "partner_id"):
        players[pk] = (player,) if partner is None else (player, partner)
    results = []
    for row in tournaments:
        tournament = row.tournament
        standings = (
            standings_compute(tournament) if tournament.standings_dirty else tournament.standings
        )
        played = [line for line in standings if line.get("played")]
        pairs = get_format(tournament.format).pairs
        negate = not pairs and "score" in needs and lowest_wins(tournament)
        table_points = (
            _table_match_points(tournament) if "match_points" in needs and not pairs else {}
        )
        for line in played:
            score = line.get("points") or 0
            match_points = line.get("match_points") if pairs else table_points.get(line["entrant"])
            for player in players.get(line["entrant"], ()):
                if player in members:
                    results.append(
                        EventResult(
                            row.key,
                            player,
                            line["rank"],
                            len(played),
                            -score if negate else score,
                            match_points or 0,
                        )
                    )
    return results


def _table_match_points(tournament) -> dict[int, int]:
    """At an individual event: 2 for each table an entrant won, 1 for one whose top was shared."""
    lowest = lowest_wins(tournament)
    won: dict[int, int] = defaultdict(int)
    for table in confirmed_tables(tournament):
        if table.match is None:
            continue
        points = individual_points(tournament, table)
        entrants = list(points)
        ranks = places([points[e] for e in entrants], lower_is_better=lowest)
        firsts = [e for e, r in zip(entrants, ranks, strict=True) if r == 1]
        if len(firsts) < len(entrants):
            for entrant in firsts:
                won[entrant] += 2 if len(firsts) == 1 else 1
    return won


def _evening_results(rows: Sequence[SeasonEventRow], members: set[int]) -> list[EventResult]:
    sessions = [row.session for row in rows if row.session is not None]
    if not sessions:
        return []
    by_pk = {s.pk: s for s in sessions}
    # The evenings' players and matches, read for all of them at once.
    seated: dict[int, list[SessionPlayer]] = defaultdict(list)
    for row in SessionPlayer.objects.filter(session__in=sessions).order_by("session", "number"):
        seated[row.session_id].append(row)
    entries: dict[int, list[SessionMatch]] = defaultdict(list)
    for entry in ENTRIES.queryset.filter(session__in=sessions):
        entries[entry.session_id].append(entry)
    results = []
    for row in rows:
        if row.session is None:
            continue
        session = by_pk[row.session.pk]
        session._prefetched_objects_cache = {
            "players": seated[session.pk],
            "entries": entries[session.pk],
        }
        score: dict[int, int] = defaultdict(int)
        match_points: dict[int, int] = defaultdict(int)
        played: set[int] = set()
        for line in match_lines(session):
            if not line["deals"]:
                continue
            for result in line["results"]:
                number = result["player"]
                if number is None:
                    continue
                played.add(number)
                if line["money"]:
                    score[number] += result["units"] or 0
                elif line["penalty"]:
                    score[number] -= result["points"] or 0
                else:
                    score[number] += int(result["won"])
                match_points[number] += 2 * int(result["won"])
        numbers = [row.number for row in seated[session.pk] if row.number in played]
        ranks = places([score[n] for n in numbers])
        player_of = {row.number: row.player_id for row in seated[session.pk]}
        for number, rank in zip(numbers, ranks, strict=True):
            if player_of[number] in members:
                results.append(
                    EventResult(
                        row.key,
                        player_of[number],
                        rank,
                        len(numbers),
                        score[number],
                        match_points[number],
                    )
                )
    return results


def season_compute(season: Season) -> dict[str, Any]:
    """The standing, the events and the chart of the leaders, as the cache stores them."""
    scheme = get_scheme(season.scheme)
    rows = season_events(season)
    members = set(season.club.members.values_list("pk", flat=True))
    results = _tournament_results(rows, scheme.needs, members) + _evening_results(rows, members)
    named = dict(
        season.club.members.filter(pk__in={r.member for r in results}).values_list("pk", "name")
    )
    events = [Event(row.key, row.name) for row in rows]
    facts = {(r.member, r.event): r for r in results}
    rules = rules_of(season)
    lines = season_standing(
        events=events,
        results=results,
        scheme=scheme,
        options=season.scheme_options,
        rules=rules,
        names=named,
        explain=False,
    )
    leaders = [line.member for line in lines if line.rank is not None][:CHART_LEADERS]
    progress = season_progress(
        events=events,
        results=results,
        scheme=scheme,
        options=season.scheme_options,
        rules=rules,
        members=leaders,
    )
    return {
        "events": [
            {
                "key": row.key,
                "kind": row.kind,
                "id": row.public_id,
                "name": row.name.to_data() if hasattr(row.name, "to_data") else str(row.name),
                "day": row.day.isoformat(),
                "attached": row.attached,
            }
            for row in rows
        ],
        "standing": [_line_data(line, named) for line in lines],
        "details": {line.member: _details(line, facts) for line in lines},
        "chart": [
            {"member": member, "name": named.get(member, ""), "totals": progress[member]}
            for member in leaders
        ],
    }


def _number(value: Any) -> Any:
    if isinstance(value, Fraction):
        return value.numerator if value.denominator == 1 else float(value)
    return value


def _line_data(line, named) -> dict[str, Any]:
    return {
        "rank": line.rank,
        "member": line.member,
        "name": named.get(line.member, ""),
        "total": _number(line.total),
        "played": line.played,
        "best": _number(line.best),
        "shared": line.shared,
        "decided_by": line.decided_by,
        "head_to_head": line.head_to_head,
        "needs": line.needs,
        "prize_needs": line.prize_needs,
        "prize": line.prize,
        "booby": line.booby,
    }


def _details(line, facts) -> list[dict[str, Any]]:
    """A line's events (counted or dropped), kept in its own row with what its explanation is
    said from when it is read."""
    return [
        {
            "event": r.event,
            "place": r.place,
            "field": r.field,
            "score": _number(facts[line.member, r.event].score),
            "match_points": _number(facts[line.member, r.event].match_points),
            "points": _number(r.points),
            "counted": r.counted,
        }
        for r in line.results
    ]


def season_recompute(*, season_id: int) -> None:
    """Rebuilds the standing cache; clears the dirty mark only if nothing moved meanwhile."""
    started = time.perf_counter()
    season = Season.objects.select_related("club").get(pk=season_id)
    requested = season.standing_requested_at
    computed = season_compute(season)
    with transaction.atomic():
        Season.objects.filter(pk=season_id).update(
            standing=computed["standing"],
            chart={"events": computed["events"], "leaders": computed["chart"]},
            standing_computed_at=timezone.now(),
        )
        SeasonLine.objects.filter(season_id=season_id).delete()
        SeasonLine.objects.bulk_create(
            (
                SeasonLine(season_id=season_id, member_id=member, results=results)
                for member, results in computed["details"].items()
            ),
            batch_size=500,
        )
        clean = Season.objects.filter(pk=season_id, standing_requested_at=requested).update(
            standing_dirty=False
        )
    logger.info(
        "season standing recomputed: %s, %s events, %s lines, %.0f ms%s",
        season.public_id,
        len(computed["events"]),
        len(computed["standing"]),
        (time.perf_counter() - started) * 1000,
        "" if clean else "; a result moved meanwhile, so it stays marked for another pass",
        extra={"season": season.public_id},
    )
