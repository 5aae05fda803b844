"""Deleting what one made (issue 31): a friendly match or an evening, by whoever holds its edit
key or its creator signed in; a tournament or a club, by its directors.

What a deleted match counted in is made stale and recomputed, as after a correction: the club
ratings that folded it (their lists rebuild from scratch, the sequence they folded having
changed), a tournament's standings, and the club seasons that counted a deleted tournament or
evening (attached to them, or one of the club's evenings of their game within their dates).
Player histories and statistics are read from the seats as they are, so they lose the match at
once. Guests typed for a deleted match or evening (a
name that exists only there) are deleted with it.

A tournament table's match is not deleted on its own (409): the tournament's record would have
a hole. A director deletes the whole tournament, or takes back the round. A match of an
evening goes with its evening (409 on its own): the evening's totals and transfers count it.
A club with tournaments is deleted only while the export a director took holds it as it is
(the same document, worked out again): the club's record then exists outside the service."""

from __future__ import annotations

import hashlib
import json
import logging
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from games.audit import refused
from games.models import (
    Club,
    Entrant,
    Match,
    Player,
    RatingList,
    Season,
    SeasonEvent,
    Seat,
    Session,
    SessionPlayer,
    SessionTransfer,
    Table,
    Tournament,
)
from games.permissions import (
    asked_from_outside,
    edit_key_matches,
    is_director,
    may_edit_match,
    may_edit_session,
)

from .errors import Conflict, NotFound, Refused
from .exports import club_export
from .ratings import ratings_mark_dirty, ratings_note_matches
from .seasons import seasons_note_session, seasons_note_tournament

logger = logging.getLogger("games.deletions")


@dataclass(frozen=True)
class Deleted:
    """What went: counted for the question asked first and for the log."""

    matches: int
    deals: int


def may_delete_match(match: Match, *, edit_key: str | None, user: Any) -> bool:
    """The match's edit key, or its creator signed in. A tournament's directors correct its
    tables but delete them only with the tournament."""
    if edit_key_matches(match, edit_key):
        return True
    return bool(user and user.is_authenticated and match.owner_id == user.pk)


def check_match_delete(match: Match, *, edit_key: str | None, user: Any) -> None:
    """Refuses before anything is written (the page asks only what may be done): a 409 to
    whoever may score the match (a table's directors and scoring phone included), a 403 to
    anyone else."""
    outside = asked_from_outside(edit_key=edit_key, user=user)
    if outside and not may_edit_match(match, edit_key=edit_key, user=user):
        refused(user, "delete a match without its edit key", match)
        raise Refused(_("Deleting this match needs its edit key, or its creator signed in."))
    if Table.objects.filter(match=match).exists():
        raise Conflict(
            _(
                "A tournament table's match is not deleted on its own: a director deletes the "
                "tournament, or takes back the round."
            )
        )
    if hasattr(match, "session_entry"):
        raise Conflict(_("This match belongs to an evening: delete the evening instead."))
    if outside and not may_delete_match(match, edit_key=edit_key, user=user):
        refused(user, "delete a match without its edit key", match)
        raise Refused(_("Deleting this match needs its edit key, or its creator signed in."))


def _rating_lists_of(match_ids: list[int]) -> set[tuple[int, str]]:
    """The (club, game) lists that folded any of these matches: they rebuild without them."""
    return set(
        RatingList.objects.filter(steps__match_id__in=match_ids)
        .values_list("club_id", "game")
        .distinct()
    )


def _seasons_lose(*, tournament: Tournament | None = None, session: Session | None = None) -> None:
    """The seasons that count a tournament or an evening about to be deleted: stale, their
    standings recomputed once the deletion commits. A season the event was attached to also
    takes a new version, as when a director detaches it (its list of events changed). Must run
    inside the caller's transaction, before the event is deleted (its attachment goes with it)."""
    attached = SeasonEvent.objects.filter(
        **({"tournament": tournament} if tournament is not None else {"session": session})
    ).values_list("season_id", flat=True)
    Season.objects.filter(pk__in=list(attached)).update(version=F("version") + 1)
    if tournament is not None:
        seasons_note_tournament(tournament=tournament)
    if session is not None:
        seasons_note_session(session=session)


def _forget_matches(match_ids: list[int], *, rerate: bool = True) -> Deleted:
    """Deletes matches (their deals and seats go with them), after marking what counted them.
    Must run inside the caller's transaction."""
    if not match_ids:
        return Deleted(0, 0)
    lists = _rating_lists_of(match_ids) if rerate else set()
    if rerate:
        # And the lists that would count them at their next recompute, not yet run.
        ratings_note_matches(match_ids=match_ids)
    deals = sum(Match.objects.filter(pk__in=match_ids).values_list("last_number", flat=True))
    guests = set(
        Seat.objects.filter(match_id__in=match_ids, player__known=False).values_list(
            "player_id", flat=True
        )
    )
    Match.objects.filter(pk__in=match_ids).delete()
    for club_id, game in lists:
        ratings_mark_dirty(club_id=club_id, game=game)
    _delete_orphan_guests(guests)
    return Deleted(len(match_ids), deals)


def _delete_orphan_guests(candidates: set[int]) -> None:
    """Guests are names typed for one match or evening: once nothing names them, they go."""
    if not candidates:
        return
    used = set(Seat.objects.filter(player_id__in=candidates).values_list("player_id", flat=True))
    for model, fields in (
        (SessionPlayer, ("player_id",)),
        (SessionTransfer, ("payer_id", "payee_id")),
        (Entrant, ("player_id", "partner_id")),
    ):
        for field in fields:
            found = model.objects.filter(**{f"{field}__in": candidates})
            used |= set(found.values_list(field, flat=True))
    Player.objects.filter(
        pk__in=candidates - used, known=False, user__isnull=True, clubs__isnull=True
    ).delete()


def match_delete(*, match: Match, edit_key: str | None = None, user: Any = None) -> Deleted:
    """Deletes a friendly match and its deals."""
    with transaction.atomic():
        try:
            locked = Match.objects.select_for_update().get(pk=match.pk)
        except Match.DoesNotExist:
            raise NotFound(_("No match with this id.")) from None
        check_match_delete(locked, edit_key=edit_key, user=user)
        deleted = _forget_matches([locked.pk])
    logger.info(
        "match deleted: %s deals",
        deleted.deals,
        extra={"match": locked.public_id, "deals": deleted.deals},
    )
    return deleted


def check_session_delete(session: Session, *, edit_key: str | None, user: Any) -> None:
    if asked_from_outside(edit_key=edit_key, user=user) and not may_edit_session(
        session, edit_key=edit_key, user=user
    ):
        refused(user, "delete an evening without its edit key", session)
        raise Refused(_("Deleting this evening needs its edit key, or its creator signed in."))


def session_counts(session: Session) -> Deleted:
    """How many matches and deals the evening holds: what the question says will go."""
    deals = list(
        Match.objects.filter(session_entry__session=session).values_list("last_number", flat=True)
    )
    return Deleted(len(deals), sum(deals))


def session_delete(*, session: Session, edit_key: str | None = None, user: Any = None) -> Deleted:
    """Deletes an evening (open or closed), its matches and their deals, its transfers."""
    with transaction.atomic():
        try:
            locked = Session.objects.select_for_update().get(pk=session.pk)
        except Session.DoesNotExist:
            raise NotFound(_("No session with this id.")) from None
        check_session_delete(locked, edit_key=edit_key, user=user)
        guests = set(
            SessionPlayer.objects.filter(session=locked, player__known=False).values_list(
                "player_id", flat=True
            )
        )
        match_ids = list(
            Match.objects.filter(session_entry__session=locked).values_list("pk", flat=True)
        )
        _seasons_lose(session=locked)
        locked.delete()
        deleted = _forget_matches(match_ids)
        _delete_orphan_guests(guests)
    logger.info(
        "evening deleted: %s matches, %s deals",
        deleted.matches,
        deleted.deals,
        extra={"session": locked.public_id, "matches": deleted.matches, "deals": deleted.deals},
    )
    return deleted


def check_tournament_delete(tournament: Tournament, *, user: Any) -> None:
    if asked_from_outside(edit_key=None, user=user) and not is_director(tournament.club, user):
        refused(user, "delete a tournament", tournament)
        raise Refused(_("Only the club's directors delete its tournaments."))


def _delete_tournaments(tournaments: list[Tournament], *, rerate: bool = True) -> Deleted:
    """Must run inside the caller's transaction: the tournaments, their tables' matches, and
    the guests entered for them alone. ``rerate``: the club's lists and seasons stay (not a
    club's deletion) and are worked out again without these results."""
    ids = [t.pk for t in tournaments]
    match_ids = list(
        Table.objects.filter(round__tournament_id__in=ids, match__isnull=False).values_list(
            "match_id", flat=True
        )
    )
    entered = set(
        Entrant.objects.filter(tournament_id__in=ids, player__known=False).values_list(
            "player_id", flat=True
        )
    )
    if rerate:
        for tournament in tournaments:
            ratings_mark_dirty(club_id=tournament.club_id, game=tournament.game)
            _seasons_lose(tournament=tournament)
    # Tables hold their matches (PROTECT): the tournament goes first, its matches after.
    Tournament.objects.filter(pk__in=ids).delete()
    deleted = _forget_matches(match_ids, rerate=rerate)
    _delete_orphan_guests(entered)
    return deleted


def tournament_delete(*, tournament: Tournament, user: Any = None) -> Deleted:
    """Deletes a tournament: its entrants, rounds, tables and their matches, its corrections."""
    with transaction.atomic():
        try:
            locked = (
                Tournament.objects.select_for_update().select_related("club").get(pk=tournament.pk)
            )
        except Tournament.DoesNotExist:
            raise NotFound(_("No tournament with this id.")) from None
        check_tournament_delete(locked, user=user)
        deleted = _delete_tournaments([locked])
    logger.info(
        "tournament deleted: %s table matches, %s deals",
        deleted.matches,
        deleted.deals,
        extra={"tournament": locked.public_id, "matches": deleted.matches},
    )
    return deleted


def export_digest(document: dict[str, Any]) -> str:
    """What a club's export held, as one digest: the document but the moment it was taken."""
    held = {key: value for key, value in document.items() if key != "exported_at"}
    text = json.dumps(held, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def export_is_current(club: Club) -> bool:
    """Whether the export a director took holds the club as it is: worked out again now, it
    is the same document. Anything changed since (a deal, an entrant, a season, a house rule,
    a member's name) and the club's record is no longer outside the service."""
    if not club.exported_digest:
        return False
    return export_digest(club_export(club, now=timezone.now())) == club.exported_digest


def check_club_delete(club: Club, *, user: Any) -> None:
    if asked_from_outside(edit_key=None, user=user) and not is_director(club, user):
        refused(user, "delete a club", club)
        raise Refused(_("Only the club's directors delete it."))
    if not Tournament.objects.filter(club=club).exists():
        return
    if not export_is_current(club):
        raise Conflict(
            _(
                "The club has tournaments: take its export first (the club's record), then "
                "delete it."
            )
        )


def club_delete(*, club: Club, user: Any = None) -> Deleted:
    """Deletes a club: its tournaments (and their matches), house rules and rating lists.
    Its members stay as known players (they may belong to other clubs, or have an account);
    its evenings stay their players' own, without the club."""
    with transaction.atomic():
        try:
            locked = Club.objects.select_for_update().get(pk=club.pk)
        except Club.DoesNotExist:
            raise NotFound(_("No club with this id.")) from None
        check_club_delete(locked, user=user)
        tournaments = list(Tournament.objects.filter(club=locked))
        deleted = _delete_tournaments(tournaments, rerate=False)
        RatingList.objects.filter(club=locked).delete()
        locked.delete()
    logger.info(
        "club deleted: %s tournament matches",
        deleted.matches,
        extra={"club_id": club.pk, "matches": deleted.matches},
    )
    return deleted


def club_exported(*, club: Club, document: dict[str, Any]) -> None:
    """A director took the club's export (``document``): until anything in the club changes,
    it may be deleted."""
    Club.objects.filter(pk=club.pk).update(
        exported_at=timezone.now(), exported_digest=export_digest(document)
    )
