"""Reads of the club ratings: a club's list for a game, and a member's rating history, each step
explained on request (games.ratings_explain says it; here its facts are read)."""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from games.models import Club, Match, Player, Rating, RatingList, RatingStep, Seat
from games.ratings_explain import (
    RatedResult,
    Side,
    Skill,
    evening_event,
    explain_rating_change,
    friendly_event,
    gone_event,
    steps_before,
    table_event,
)
from games.rules.seat_results import match_results, match_score, teams_of
from games.translation import written_number


def rating_list_get(club: Club, game: str) -> RatingList | None:
    return RatingList.objects.filter(club=club, game=game).first()


def club_ratings(club: Club, game: str) -> dict[str, Any]:
    """The club's members rated at the game, best first (by ordinal: mu - 3 sigma)."""
    rating_list = rating_list_get(club, game)
    rows = []
    if rating_list is not None:
        ratings = (
            Rating.objects.filter(list=rating_list, player__clubs=club)
            .select_related("player")
            .order_by("-ordinal", "player_id")
        )
        for rank, rating in enumerate(ratings, start=1):
            rows.append(
                {
                    "rank": rank,
                    "player": rating.player_id,
                    "name": rating.player.name,
                    "rating": round(rating.ordinal, 2),
                    "mu": round(rating.mu, 3),
                    "sigma": round(rating.sigma, 3),
                    "played": rating.played,
                }
            )
    return {
        "club": club.slug,
        "game": game,
        "dirty": bool(rating_list and rating_list.dirty),
        "computed_at": rating_list.computed_at if rating_list else None,
        "results": rating_list.applied_count if rating_list else 0,
        "ratings": rows,
    }


def rating_history(
    club: Club, game: str, player: Player, *, explained: int | None = None
) -> list[dict[str, Any]]:
    """A player's rating after each of their rated results at the club, oldest first. With
    ``explained``, the latest that many steps also carry what the explanation is said from:
    ``event`` (what the result is called), ``day``, ``before`` (the rating before it) and
    ``explain`` (the sentences, as messages to be said in the reader's language)."""
    rating_list = rating_list_get(club, game)
    if rating_list is None:
        return []
    rows = list(
        RatingStep.objects.filter(list=rating_list, player=player)
        .order_by("sequence")
        .values_list("sequence", "at", "match_id", "match__public_id", "ordinal", "mu", "sigma")
    )
    steps = [
        {
            "sequence": sequence,
            "at": at,
            "match": public_id,
            "rating": round(ordinal, 2),
            "mu": round(mu, 3),
            "sigma": round(sigma, 3),
        }
        for sequence, at, _match, public_id, ordinal, mu, sigma in rows
    ]
    if explained:
        _explain(steps, rows, game, player, latest=explained)
    return steps


def _explain(steps: list[dict], rows: list[tuple], game: str, player: Player, *, latest: int):
    """Adds each of the latest steps' explanation. A step keeps only the values after its
    result: the values before are the previous step's (openskill's start for the first)."""
    after = [Skill(mu, sigma) for *_head, mu, sigma in rows]
    before = steps_before(after)
    start = max(0, len(steps) - latest)
    facts = _results([row[2] for row in rows[start:] if row[2] is not None], game, player)
    for index in range(start, len(steps)):
        step, match_id = steps[index], rows[index][2]
        event, unit, sides, mine = facts.get(match_id, (gone_event(), "points", (), None))
        result = RatedResult(
            day=timezone.localdate(step["at"]).isoformat(),
            event=event,
            unit=unit,
            sides=sides,
            mine=mine,
            before=before[index],
            after=after[index],
            first=index == 0,
        )
        step.update(
            event=event,
            day=result.day,
            before=round(before[index].rating, 2),
            explain=explain_rating_change(result, written=written_number),
        )


def _results(match_ids: list[int], game: str, player: Player) -> dict[int, tuple]:
    """Each match's name, the unit its score counts, its sides (names, place, score) and which
    side is the player's: places as the ratings took them (games.services.ratings), each side
    a partnership of the game, or one player."""
    names: dict[int, list[tuple[int, str]]] = {}
    for match_id, player_id, name in (
        Seat.objects.filter(match_id__in=match_ids)
        .order_by("match_id", "number")
        .values_list("match_id", "player_id", "player__name")
    ):
        names.setdefault(match_id, []).append((player_id, name))
    facts = {}
    for pk, state, rules, table, round_number, tournament, evening in Match.objects.filter(
        pk__in=match_ids
    ).values_list(
        "pk",
        "state",
        "rules",
        "table__number",
        "table__round__number",
        "table__round__tournament__name",
        "session_entry__number",
    ):
        seated = names.get(pk, [])
        if table is not None:
            event = table_event(tournament, round_number, table)
        elif evening is not None:
            event = evening_event(evening)
        else:
            event = friendly_event()
        count = len(seated)
        teams = teams_of(game, count) or tuple((s,) for s in range(count))
        places = match_results(state, [list(t) for t in teams], count, rules, game=game)
        score = match_score(state, count, rules, game=game)
        values = {seat: value for side, value in score.sides for seat in side}
        sides = tuple(
            Side(
                names=tuple(seated[s][1] for s in team),
                place=places[team[0]].place,
                score=values.get(team[0], 0),
            )
            for team in teams
        )
        mine = next(
            (n for n, team in enumerate(teams) if any(seated[s][0] == player.pk for s in team)),
            None,
        )
        facts[pk] = (event, score.unit, sides, mine)
    return facts
