"""Reads of club seasons: a season by its id, the seasons a reader may see, and the events that
count in a season (those attached, and every settled club evening of its game when it takes
them all), in the order they were held."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from django.db.models import Q, QuerySet
from django.utils import timezone

from games.models import Club, Season, SeasonEvent, Session, Tournament
from games.permissions import is_club_person, is_director
from games.rules.messages import msg


@dataclass(frozen=True)
class SeasonEventRow:
    """An event of a season: ``key`` names it in the standing (``t<id>`` a tournament, ``s<id>``
    an evening); ``attached`` is its SeasonEvent's id (``None`` for an evening counted because
    the season takes every evening of its game)."""

    key: str
    kind: str  # "tournament" or "evening"
    public_id: str
    name: Any  # a tournament's name, or an evening's message
    day: date
    attached: int | None
    tournament: Tournament | None = None
    session: Session | None = None


def season_find(public_id: str) -> Season | None:
    return Season.objects.filter(public_id=public_id).select_related("club").first()


def may_read_season(season: Season, user: Any) -> bool:
    """A public season is anyone's to read; the others its club's people's."""
    return season.public or is_club_person(season.club, user)


def may_direct_season(season: Season, user: Any) -> bool:
    return is_director(season.club, user)


def seasons_listed(*, club: Club | None, user: Any) -> QuerySet[Season]:
    """The seasons a reader may see, newest first; ``club`` narrows them to one club's."""
    seasons = Season.objects.select_related("club")
    if club is not None:
        seasons = seasons.filter(club=club)
        if is_club_person(club, user):
            return seasons
    if user is not None and user.is_authenticated:
        mine = Q(club__directors=user) | Q(club__members__user=user)
        return seasons.filter(Q(public=True) | mine).distinct()
    return seasons.filter(public=True)


def _evening_name(day: date):
    # Translators: an evening (a session) of a club season, by its date (YYYY-MM-DD).
    return msg("Evening of %(day)s", day=day.isoformat())


def season_events(season: Season) -> list[SeasonEventRow]:
    """The season's events in the order they were held (by day, then as created)."""
    rows: list[tuple[Any, SeasonEventRow]] = []
    attached = SeasonEvent.objects.filter(season=season).select_related("tournament", "session")
    for event in attached:
        if event.tournament_id:
            t = event.tournament
            day = timezone.localdate(t.created_at)
            rows.append(
                (
                    (day, t.created_at, 0, t.pk),
                    SeasonEventRow(f"t{t.pk}", "tournament", t.public_id, t.name, day, event.pk, t),
                )
            )
        else:
            s = event.session
            day = timezone.localdate(s.created_at)
            rows.append(
                (
                    (day, s.created_at, 1, s.pk),
                    SeasonEventRow(
                        f"s{s.pk}",
                        "evening",
                        s.public_id,
                        _evening_name(day),
                        day,
                        event.pk,
                        session=s,
                    ),
                )
            )
    if season.evenings_of:
        for s in evenings_taken(season):
            day = timezone.localdate(s.created_at)
            rows.append(
                (
                    (day, s.created_at, 1, s.pk),
                    SeasonEventRow(
                        f"s{s.pk}",
                        "evening",
                        s.public_id,
                        _evening_name(day),
                        day,
                        None,
                        session=s,
                    ),
                )
            )
    rows.sort(key=lambda row: row[0])
    return [row for _key, row in rows]


def evenings_taken(season: Season) -> QuerySet[Session]:
    """The club's settled evenings within the season's days, every match of them at its game,
    that no director attached to a season."""
    other_games = Session.objects.filter(entries__match__game__isnull=False).exclude(
        entries__match__game=season.evenings_of
    )
    return (
        Session.objects.filter(
            club=season.club,
            closed_at__isnull=False,
            created_at__date__gte=season.starts_on,
            created_at__date__lte=season.ends_on,
            season_event__isnull=True,
            entries__match__game=season.evenings_of,
        )
        .exclude(pk__in=other_games.values("pk"))
        .distinct()
        .order_by("created_at", "pk")
    )


def season_candidates(season: Season) -> dict[str, list[Any]]:
    """What a director may attach: the club's tournaments and settled evenings that count in no
    season yet, newest first (at most 50 of each)."""
    return {
        "tournaments": list(
            Tournament.objects.filter(club=season.club, season_event__isnull=True).order_by(
                "-created_at"
            )[:50]
        ),
        "evenings": list(
            Session.objects.filter(
                club=season.club, season_event__isnull=True, closed_at__isnull=False
            ).order_by("-created_at")[:50]
        ),
    }
