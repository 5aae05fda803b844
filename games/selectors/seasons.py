"""Reads of club seasons: a season by its id, the seasons a reader may see, and the events that
count in a season (those attached, and every settled club evening of its game when it takes
them all), in the order they were held."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from django.db.models import Q, QuerySet
from django.utils import timezone

from games.models import Club, Season, SeasonEvent, SeasonLine, Session, Tournament
from games.permissions import is_club_person, is_director
from games.rules.messages import Message, msg
from games.tournaments.seasons import Event, EventResult, Line, Scored, get_scheme
from games.tournaments.seasons.standing import explain_line


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


def season_line(season: Season, member: int) -> SeasonLine | None:
    """A member's events and explanation in the season's standing cache."""
    return SeasonLine.objects.filter(season=season, member_id=member).first()


def season_lines(season: Season) -> dict[int, SeasonLine]:
    """Every member's events and explanation (the API's CSV and ``?explain=1``)."""
    return {line.member_id: line for line in SeasonLine.objects.filter(season=season)}


def _name(data: Any) -> Any:
    return Message.from_data(data) if isinstance(data, dict) else str(data)


def line_explanation(season: Season, line: dict[str, Any], details: SeasonLine) -> list[Message]:
    """A standing line's explanation, said from the cache: the engine's sentences for the
    line's results as the scheme explains them, its total, what decided its place."""
    scheme = get_scheme(season.scheme)
    options = scheme.resolve(season.scheme_options)
    events = [Event(e["key"], _name(e["name"])) for e in season.chart.get("events", [])]
    member = line["member"]
    scored = tuple(
        Scored(
            event=r["event"],
            place=r["place"],
            field=r["field"],
            points=r["points"],
            counted=r["counted"],
            how=scheme.explain(
                EventResult(
                    r["event"], member, r["place"], r["field"], r["score"], r["match_points"]
                ),
                options,
            ),
        )
        for r in details.results
    )
    engine_line = Line(
        rank=line["rank"],
        member=member,
        total=line["total"],
        played=line["played"],
        best=line["best"],
        results=scored,
        shared=line["shared"],
        decided_by=line["decided_by"],
        head_to_head=line["head_to_head"],
        needs=line["needs"],
        prize_needs=line["prize_needs"],
        prize=line["prize"],
        booby=line["booby"],
    )
    level = sorted(
        other["name"]
        for other in season.standing
        if other["member"] != member
        and not line["needs"]
        and not other["needs"]
        and other["total"] == line["total"]
    )
    return list(
        explain_line(
            engine_line,
            events=events,
            rules=season.counting_rules,
            held=len(events),
            level=level,
        )
    )
