"""Club ratings with openskill: a rating list per club and game, folded from the club's
confirmed tournament results and, where the club opts in, the friendly matches between its
members that are over. A cache like the standings: a write that changes a counted result marks
the list dirty and queues its recompute on commit; a periodic sweep catches up lost messages.

The model is openskill's Plackett-Luce: it rates teams of any size and any number of places
with ties (a Rikken table of four individual balances, a Marafon match of two partnerships, an
Etori match of three teams of two), costs one pass over the teams per result, and is openskill's
own recommended default. See docs/directors.md (Club ratings) for the choice against
Thurstone-Mosteller.

Incremental and from-scratch recomputes give the same ratings: results are folded in one
order, (when the result counted, match id), and the list remembers how many it folded and a
digest of that sequence. A recompute that finds the same sequence at the start of the results
folds only the new ones on the stored ratings; anything else (a correction, a reopened table,
a result counted out of order) rebuilds the list from scratch."""

from __future__ import annotations

import functools
import hashlib
import logging
import time
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from typing import Any

from django.db import transaction
from django.db.models import Count, F, Q
from django.utils import timezone

from games.models import Club, Match, Rating, RatingList, RatingStep, Seat, Table
from games.permissions import club_people
from games.ratings_explain import Skill
from games.rules.seat_results import match_results, teams_of

from .jobs import RECOMPUTE_RATINGS, queue_on_commit

logger = logging.getLogger("games.ratings")


@functools.cache
def _model():
    """openskill's model, made on first use: the ratings are worked out in a Celery worker,
    and web processes need not hold the library (memory, see make bench)."""
    from openskill.models import PlackettLuce

    return PlackettLuce()


BATCH = 2000


def ratings_mark_dirty(*, club_id: int, game: str) -> None:
    """Marks a club's list for a game stale and queues its recompute once the write commits."""
    now = timezone.now()
    rating_list, created = RatingList.objects.get_or_create(
        club_id=club_id, game=game, defaults={"dirty": True, "requested_at": now}
    )
    if not created:
        RatingList.objects.filter(pk=rating_list.pk).update(dirty=True, requested_at=now)
    queue_on_commit(RECOMPUTE_RATINGS, rating_list.pk, what=f"ratings of club {club_id} at {game}")


def ratings_note_matches(*, match_ids: Iterable[int]) -> None:
    """Friendly matches that finished (or changed after finishing): the lists of the clubs
    that rate friendly matches, have every player of one of them as a member and count its
    creator among their people (as ``_results`` counts them)."""
    match_ids = list(match_ids)
    seats = list(
        Seat.objects.filter(
            match_id__in=match_ids, match__table__isnull=True, match__owner__isnull=False
        ).values_list("match_id", "match__game", "match__owner_id", "player_id")
    )
    if not seats:
        return
    players: dict[tuple[int, str, int], set[int]] = {}
    for match_id, game, owner, player in seats:
        players.setdefault((match_id, game, owner), set()).add(player)
    everyone = {p for group in players.values() for p in group}
    clubs = {
        club.pk: club
        for club in Club.objects.filter(rate_friendly_matches=True, members__in=everyone)
    }
    members: dict[int, set[int]] = {}
    for club_id, player in Club.members.through.objects.filter(
        club_id__in=clubs, player_id__in=everyone
    ).values_list("club_id", "player_id"):
        members.setdefault(club_id, set()).add(player)
    people = {club_id: club_people(club) for club_id, club in clubs.items()}
    marked = set()
    for (_match, game, owner), group in players.items():
        for club_id, club_members in members.items():
            if group <= club_members and owner in people[club_id] and (club_id, game) not in marked:
                marked.add((club_id, game))
                ratings_mark_dirty(club_id=club_id, game=game)


@dataclass(frozen=True)
class Result:
    """One counted match: when it counted, and each seat's player and place (1 is best)."""

    at: datetime
    match_id: int
    version: int
    players: tuple[int, ...]
    places: tuple[int, ...]
    teams: tuple[tuple[int, ...], ...]  # seats of each side

    @property
    def token(self) -> bytes:
        return f"{self.match_id}:{self.version}:{self.at.isoformat()};".encode()


@lru_cache(maxsize=64)
def _teams(game: str, seats: int) -> tuple[tuple[int, ...], ...]:
    """The game's partnerships, or each player a team of one (openskill rates teams)."""
    return teams_of(game, seats) or tuple((s,) for s in range(seats))


def _results(rating_list: RatingList) -> list[Result]:
    """The club's counted results for the game, in the order they are folded."""
    club, game = rating_list.club, rating_list.game
    rows = [
        (confirmed_at, match_id)
        for confirmed_at, match_id in Table.objects.filter(
            round__tournament__club=club,
            round__tournament__game=game,
            confirmed_at__isnull=False,
            match__isnull=False,
        ).values_list("confirmed_at", "match_id")
    ]
    if club.rate_friendly_matches:
        # Only the club's people write into its ratings: a friendly match counts when one of
        # them created it (signed in), never a stranger who seated its members by their ids.
        friendly = (
            Match.objects.filter(game=game, table__isnull=True, owner_id__in=club_people(club))
            .filter(Q(finished=True) | Q(session_entry__over=True))
            .annotate(
                seated=Count("seats", distinct=True),
                members=Count("seats", filter=Q(seats__player__clubs=club), distinct=True),
            )
            .filter(seated=F("members"), seated__gt=0)
            .values_list("created_at", "pk")
        )
        rows += list(friendly)
    rows.sort()
    ids = [match_id for _at, match_id in rows]
    matches: dict[int, tuple] = {}
    seats: dict[int, list[int]] = {}
    for start in range(0, len(ids), BATCH):
        chunk = ids[start : start + BATCH]
        for pk, version, state, rules in Match.objects.filter(pk__in=chunk).values_list(
            "pk", "version", "state", "rules"
        ):
            matches[pk] = (version, state, rules)
        for match_id, player in (
            Seat.objects.filter(match_id__in=chunk)
            .order_by("match_id", "number")
            .values_list("match_id", "player_id")
        ):
            seats.setdefault(match_id, []).append(player)
    results = []
    for at, match_id in rows:
        version, state, rules = matches[match_id]
        players = seats.get(match_id, [])
        if len(players) < 2:
            continue
        teams = _teams(game, len(players))
        seat_results = match_results(
            state, [list(t) for t in teams], len(players), rules, game=game
        )
        results.append(
            Result(
                at=at,
                match_id=match_id,
                version=version,
                players=tuple(players),
                places=tuple(r.place for r in seat_results),
                teams=teams,
            )
        )
    return results


def _fold(ratings: dict[int, Any], played: dict[int, int], result: Result) -> None:
    """Rates one result in place: ``ratings`` maps a player to their openskill rating (kept
    as openskill's own object: making one costs a uuid, twice the price of rating a match)."""
    teams, ranks = [], []
    for team in result.teams:
        members = []
        for seat in team:
            player = result.players[seat]
            rating = ratings.get(player)
            if rating is None:
                rating = ratings[player] = _model().rating()
            members.append(rating)
        teams.append(members)
        ranks.append(result.places[team[0]])
    rated = _model().rate(teams, ranks=ranks)
    for team, members in zip(result.teams, rated, strict=True):
        for seat, rating in zip(team, members, strict=True):
            player = result.players[seat]
            ratings[player] = rating
            played[player] = played.get(player, 0) + 1


STEP_ROWS = 500  # rows a statement: 4,000 parameters, within SQLite's limit too


def _insert_steps(rows: list[tuple]) -> None:
    """Writes the history rows 500 to an INSERT: 40,000 model instances (or statements)
    would cost more than the ratings themselves."""
    connection = transaction.get_connection()
    quote = connection.ops.quote_name
    columns = ("list_id", "player_id", "sequence", "match_id", "at", "mu", "sigma", "ordinal")
    head = (
        f"INSERT INTO {quote(RatingStep._meta.db_table)} ({', '.join(map(quote, columns))}) VALUES "
    )
    one = f"({', '.join(['%s'] * len(columns))})"
    at_field = RatingStep._meta.get_field("at")
    with connection.cursor() as cursor:
        for start in range(0, len(rows), STEP_ROWS):
            batch = rows[start : start + STEP_ROWS]
            params: list[Any] = []
            for row in batch:
                params += [*row[:4], at_field.get_db_prep_save(row[4], connection), *row[5:]]
            cursor.execute(head + ", ".join([one] * len(batch)), params)


def ordinal(mu: float, sigma: float) -> float:
    """The conservative rating the list is ranked by (``Skill.rating``: mu - 3 sigma), the
    same number the explanations say."""
    return Skill(mu, sigma).rating


def ratings_recompute(*, list_id: int, from_scratch: bool = False) -> RatingList:
    """Folds the new results into the list, or rebuilds it when the results it folded are no
    longer the start of the results; clears the dirty mark only if nothing changed meanwhile."""
    started = time.perf_counter()
    rating_list = RatingList.objects.select_related("club").get(pk=list_id)
    requested = rating_list.requested_at
    results = _results(rating_list)
    digest = hashlib.sha256()
    start = 0
    if not from_scratch and 0 < rating_list.applied_count <= len(results):
        for result in results[: rating_list.applied_count]:
            digest.update(result.token)
        if digest.hexdigest() == rating_list.applied_digest:
            start = rating_list.applied_count
    if start == 0:
        digest = hashlib.sha256()
    with transaction.atomic():
        locked = RatingList.objects.select_for_update().get(pk=list_id)
        if (locked.applied_count, locked.applied_digest) != (
            rating_list.applied_count,
            rating_list.applied_digest,
        ):
            return locked  # another recompute ran meanwhile; the dirty mark stays for the next
        ratings: dict[int, Any] = {}
        played: dict[int, int] = {}
        if start:
            for player, mu, sigma, count in Rating.objects.filter(list_id=list_id).values_list(
                "player_id", "mu", "sigma", "played"
            ):
                ratings[player] = _model().rating(mu=mu, sigma=sigma)
                played[player] = count
        else:
            RatingStep.objects.filter(list_id=list_id).delete()
        steps = []
        for sequence, result in enumerate(results[start:], start=start + 1):
            _fold(ratings, played, result)
            digest.update(result.token)
            for player in result.players:
                rating = ratings[player]
                steps.append(
                    (
                        list_id,
                        player,
                        sequence,
                        result.match_id,
                        result.at,
                        rating.mu,
                        rating.sigma,
                        ordinal(rating.mu, rating.sigma),
                    )
                )
        _insert_steps(steps)
        Rating.objects.filter(list_id=list_id).delete()
        Rating.objects.bulk_create(
            [
                Rating(
                    list_id=list_id,
                    player_id=player,
                    mu=rating.mu,
                    sigma=rating.sigma,
                    ordinal=ordinal(rating.mu, rating.sigma),
                    played=played[player],
                )
                for player, rating in ratings.items()
            ],
            batch_size=BATCH,
        )
        locked.applied_count = len(results)
        locked.applied_digest = digest.hexdigest() if results else ""
        locked.computed_at = timezone.now()
        locked.save(update_fields=["applied_count", "applied_digest", "computed_at"])
        clean = RatingList.objects.filter(pk=list_id, requested_at=requested).update(dirty=False)
    logger.info(
        "ratings recomputed: %s, %s results (%s new%s), %.0f ms%s",
        rating_list,
        len(results),
        len(results) - start,
        "" if start else ", from scratch",
        (time.perf_counter() - started) * 1000,
        "" if clean else "; a result changed meanwhile, so they stay marked for another pass",
        extra={"rating_list": list_id},
    )
    return locked
