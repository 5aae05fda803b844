"""Club seasons: creating one, changing its scheme and rules, attaching and detaching its events
(one transaction each, directors only), and keeping its standing cache fresh: a write that moves
a counted result marks the season dirty and queues its recompute on commit; a periodic sweep
catches up lost messages (as the tournament standings do)."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from datetime import date
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.audit import refused
from games.models import Club, Season, SeasonEvent, Session, Tournament
from games.names import clean_name
from games.permissions import is_director
from games.rules import GAMES, Errors, RuleViolation
from games.tournaments.seasons import SCHEMES, SeasonRules, UnknownScheme, check_rules, get_scheme
from games.translation import translated

from .errors import Conflict, NotFound, StaleVersion
from .jobs import RECOMPUTE_SEASON, queue_on_commit

logger = logging.getLogger("games.seasons")

SEASON_NAME_LENGTH = 120
# The fields a director writes; everything else a season holds is derived.
RULE_FIELDS = ("best", "drop", "min_events", "min_prize_events", "prizes", "booby", "ladder")
FIELDS = ("name", "starts_on", "ends_on", "public", "scheme", "scheme_options", "evenings_of")


class SeasonChanged(StaleVersion):
    """The season changed since the writer read it (HTTP 412)."""

    def __init__(self, current: int):
        self.current = current
        Exception.__init__(
            self,
            _("The season has changed since you read it (now version %(version)s); reload it.")
            % {"version": current},
        )


def rules_of(season: Season) -> SeasonRules:
    return season.counting_rules


def _refuse_unless_director(club: Club, user: Any, what: str, target: Any) -> None:
    if not is_director(club, user):
        refused(user, what, target)
        raise RuleViolation.at("club", _("Only the club's directors run its seasons."))


def _check(errors: Errors, season: Season, club: Club) -> None:
    """Every check of a season's fields as they would be saved, each at its field."""
    try:
        season.name = clean_name(
            season.name, max_length=SEASON_NAME_LENGTH, empty=_("Give the season a name.")
        )
    except ValueError as exc:
        errors.add("name", exc.args[0])
    if not isinstance(season.starts_on, date) or not isinstance(season.ends_on, date):
        errors.add("starts_on", _("Give the first and the last day of the season."))
    elif season.ends_on < season.starts_on:
        errors.add("ends_on", _("The season cannot end before it starts."))
    try:
        scheme = get_scheme(season.scheme)
    except UnknownScheme as exc:
        errors.add("scheme", translated(str(exc)))
        scheme = None
    if scheme is not None:
        if not isinstance(season.scheme_options, Mapping):
            errors.add("scheme_options", _("The scheme's options are an object."))
        else:
            for name, problem in scheme.check_options(season.scheme_options).items():
                errors.add(("scheme_options", name), translated(problem))
            season.scheme_options = scheme.resolve(season.scheme_options)
    for path, problems in check_rules(rules_of(season)).items():
        for problem in problems:
            errors.add(path, translated(problem))
    if season.evenings_of and season.evenings_of not in GAMES:
        errors.add("evenings_of", _("There is no game %(game)s.") % {"game": season.evenings_of})
    elif season.evenings_of and isinstance(season.starts_on, date) and not errors.has(("ends_on",)):
        # An evening belongs to one season at most: two seasons that take every evening of one
        # game must not share a day.
        overlapping = Season.objects.filter(
            club=club,
            evenings_of=season.evenings_of,
            starts_on__lte=season.ends_on,
            ends_on__gte=season.starts_on,
        ).exclude(pk=season.pk)
        if overlapping.exists():
            errors.add(
                "evenings_of",
                _("Another season takes every evening of this game on some of these days."),
            )
    if scheme is not None and scheme.one_game and season.pk:
        games = _games_of(season)
        if season.evenings_of:
            games.add(season.evenings_of)
        if len(games) > 1:
            errors.add("scheme", _("This scheme counts events of one game; this season has more."))


def season_check(season: Season) -> Errors:
    """Every problem of a season's fields as they would be saved, each at its field: what a
    director's form is refused for, read by the import of a club document too. Once the season
    is saved, with its events: that a one-game scheme counts one game."""
    errors = Errors()
    _check(errors, season, season.club)
    return errors


def season_create(*, club: Club, user: Any, **fields: Any) -> Season:
    """A new season (``fields``: those of ``FIELDS`` and ``RULE_FIELDS``), checked first."""
    _refuse_unless_director(club, user, "create a season", club)
    unknown = set(fields) - set(FIELDS) - set(RULE_FIELDS)
    if unknown:
        raise TypeError(f"Unknown season fields: {sorted(unknown)}")
    season = Season(club=club, created_by=user, **fields)
    if not season.scheme:
        season.scheme = next(iter(SCHEMES))
    errors = Errors()
    with transaction.atomic():
        Club.objects.select_for_update().filter(pk=club.pk).first()  # one season write a club
        _check(errors, season, club)
        errors.raise_if_any()
        season.save()
        season_mark_dirty(season_ids=[season.pk])
    logger.info("season created: %s", season.public_id, extra={"season": season.public_id})
    return season


def _lock(season: Season | str, user: Any, expected_version: int | None, what: str) -> Season:
    key = {"public_id": season} if isinstance(season, str) else {"pk": season.pk}
    locked = Season.objects.select_for_update().select_related("club").filter(**key).first()
    if locked is None:
        raise NotFound(_("No season with this id."))
    _refuse_unless_director(locked.club, user, what, locked)
    if expected_version is not None and locked.version != expected_version:
        raise SeasonChanged(locked.version)
    return locked


def season_update(
    *, season: Season | str, user: Any, expected_version: int | None = None, **fields: Any
) -> Season:
    """Changes the season's name, dates, scheme or rules; its standing is worked out again."""
    unknown = set(fields) - set(FIELDS) - set(RULE_FIELDS)
    if unknown:
        raise TypeError(f"Unknown season fields: {sorted(unknown)}")
    with transaction.atomic():
        locked = _lock(season, user, expected_version, "change a season")
        Club.objects.select_for_update().filter(pk=locked.club_id).first()
        if "scheme" in fields and fields["scheme"] != locked.scheme:
            # Another scheme's options start from its own defaults.
            locked.scheme_options = {}
        for name, value in fields.items():
            setattr(locked, name, value)
        errors = Errors()
        _check(errors, locked, locked.club)
        errors.raise_if_any()
        locked.version += 1
        locked.save()
        season_mark_dirty(season_ids=[locked.pk])
    return locked


def _games_of(season: Season) -> set[str]:
    games = set(
        Tournament.objects.filter(season_event__season=season).values_list("game", flat=True)
    )
    games |= set(
        Session.objects.filter(season_event__season=season)
        .values_list("entries__match__game", flat=True)
        .exclude(entries__match__game=None)
    )
    return games


def season_event_add(
    *,
    season: Season | str,
    user: Any,
    tournament: str | None = None,
    session: str | None = None,
    expected_version: int | None = None,
) -> SeasonEvent:
    """Attaches one of the club's tournaments or evenings (by its public id) to the season."""
    if (tournament is None) == (session is None):
        raise RuleViolation.at("tournament", _("Name one tournament or one evening."))
    with transaction.atomic():
        locked = _lock(season, user, expected_version, "attach an event to a season")
        field = "tournament" if tournament is not None else "session"
        model = Tournament if tournament is not None else Session
        event = model.objects.filter(public_id=tournament or session, club=locked.club).first()
        if event is None:
            raise RuleViolation.at(field, _("The club has no such event."))
        taken = SeasonEvent.objects.filter(**{field: event}).select_related("season").first()
        if taken is not None:
            raise Conflict(
                _("This event already counts in the season %(season)s.")
                % {"season": taken.season.name}
            )
        scheme = get_scheme(locked.scheme)
        if scheme.one_game:
            games = _games_of(locked) | ({locked.evenings_of} - {""})
            games |= (
                {event.game}
                if field == "tournament"
                else set(event.entries.values_list("match__game", flat=True))
            )
            if len(games) > 1:
                raise RuleViolation.at(
                    field, _("This season's scheme counts events of one game only.")
                )
        attached = SeasonEvent.objects.create(season=locked, **{field: event})
        locked.version += 1
        locked.save(update_fields=["version"])
        season_mark_dirty(season_ids=[locked.pk])
    logger.info(
        "season event attached: %s %s %s",
        locked.public_id,
        field,
        event.public_id,
        extra={"season": locked.public_id},
    )
    return attached


def season_event_remove(
    *, season: Season | str, user: Any, event_id: int, expected_version: int | None = None
) -> None:
    """Detaches an event: its results no longer count (the event itself stays)."""
    with transaction.atomic():
        locked = _lock(season, user, expected_version, "detach an event from a season")
        deleted, _rows = SeasonEvent.objects.filter(season=locked, pk=event_id).delete()
        if not deleted:
            raise NotFound(_("The season has no such event."))
        locked.version += 1
        locked.save(update_fields=["version"])
        season_mark_dirty(season_ids=[locked.pk])


def season_mark_dirty(*, season_ids: Sequence[int]) -> None:
    """Marks the seasons' standings stale and queues their recompute once the write commits;
    the periodic sweep still finds the mark if the message is lost."""
    if not season_ids:
        return
    Season.objects.filter(pk__in=season_ids).update(
        standing_dirty=True, standing_requested_at=timezone.now()
    )
    for season_id in season_ids:
        queue_on_commit(RECOMPUTE_SEASON, season_id, what=f"standing of season {season_id}")


def seasons_note_tournament(*, tournament: Tournament) -> None:
    """A tournament's results moved: the season it counts in, if any, is stale."""
    season_mark_dirty(
        season_ids=list(
            SeasonEvent.objects.filter(tournament_id=tournament.pk).values_list(
                "season_id", flat=True
            )
        )
    )


def seasons_note_session(*, session: Session) -> None:
    """An evening was settled: the season it was attached to, or the seasons that take every
    evening of the club at a game on its day, are stale."""
    ids = set(SeasonEvent.objects.filter(session=session).values_list("season_id", flat=True))
    if session.club_id:
        day = timezone.localdate(session.created_at)
        ids |= set(
            Season.objects.filter(club_id=session.club_id, starts_on__lte=day, ends_on__gte=day)
            .exclude(evenings_of="")
            .values_list("pk", flat=True)
        )
    season_mark_dirty(season_ids=sorted(ids))
