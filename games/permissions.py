"""Who may do what, asked alike by the API and the pages: who may score (change) a match, who
directs a club and so its tournaments. The answers read the models; nothing here writes.

A match is changed by whoever holds its edit key (the key itself is never stored, only its
hash), by its creator when signed in, and by the directors of the club whose tournament plays it
at a table.

A club's people are its directors and the accounts linked to its members. Only they name the
club on an evening, seat its members by id (a member's id is public: the club's member list shows
it) and create the friendly matches that count in its ratings; anyone else's table is their own,
and a member they name is a guest there, as if typed."""

from __future__ import annotations

import hashlib
import hmac
import time
from typing import Any

from django.db.models import Q, QuerySet

from games.models import Club, Match, Player, Session, Table


def hash_edit_key(edit_key: str) -> str:
    # The key is 192 random bits, so a plain SHA-256 is enough: no key stretching needed.
    return hashlib.sha256(edit_key.encode()).hexdigest()


def edit_key_matches(match: Match, edit_key: str | None) -> bool:
    if not edit_key or not match.edit_key_hash:
        return False
    return hmac.compare_digest(hash_edit_key(edit_key), match.edit_key_hash)


def _opens(digests, key: str) -> bool:
    return _opens_digest(digests, hash_edit_key(key))


def _opens_digest(digests, wanted: str) -> bool:
    return any(digest and hmac.compare_digest(wanted, digest) for digest in digests)


# Whether a key opens what a request names, asked before the request is handled: by the rate
# limits (a key that opens nothing is no client of its own) and by the idempotency records (nor
# a caller of its own). One indexed read each; the write checks the key again on its locked row.


# A key found to open a match is remembered for a minute in the process: a phone asks again
# with each deal, and a match keeps its key. Only that it opens is kept (under the key's digest,
# never the key), and only for the rate limits and the idempotency records: every write checks
# the key again on its locked row. One indexed read less on each deal after a phone's first.
OPENED_FOR = 60.0
_OPENED: dict[tuple[str, str], float] = {}


def key_opens_match(key: str, *, public_id: str, **_rest_of_path: object) -> bool:
    wanted = hash_edit_key(key)
    remembered = (public_id, wanted)
    now = time.monotonic()
    if _OPENED.get(remembered, 0.0) > now:
        return True
    found = Match.objects.filter(public_id=public_id).order_by()
    if not _opens_digest(found.values_list("edit_key_hash", flat=True), wanted):
        return False
    if len(_OPENED) >= 10_000:  # a bound, not a policy: the busiest phones ask again
        _OPENED.clear()
    _OPENED[remembered] = now + OPENED_FOR
    return True


def key_opens_session(key: str, *, public_id: str, **_rest_of_path: object) -> bool:
    found = Session.objects.filter(public_id=public_id).order_by()
    return _opens(found.values_list("edit_key_hash", flat=True), key)


def key_opens_table(key: str, *, public_id: str, number: int, table: int) -> bool:
    """Either of a table's keys: the confirmation key, or the scoring key (its match's)."""
    rows = (
        Table.objects.filter(
            round__tournament__public_id=public_id, round__number=number, number=table
        )
        .order_by()
        .values_list("confirm_key_hash", "match__edit_key_hash")
    )
    return _opens([digest for row in rows for digest in row], key)


def asked_from_outside(*, edit_key: str | None, user: Any) -> bool:
    """Whether a write was asked by someone, to be checked: a request always names its user
    (signed in or anonymous), and maybe a key. A service called from inside the system (an
    import, a task, a test's set-up) names neither, and there is nobody to check."""
    return edit_key is not None or user is not None


def may_edit_match(match: Match, *, edit_key: str | None, user: Any) -> bool:
    """Whether a caller holding ``edit_key`` (or none), signed in as ``user`` (or not), may
    enter, correct and undo the match's deals."""
    if edit_key_matches(match, edit_key):
        return True
    if not (user and user.is_authenticated):
        return False
    return match.owner_id == user.pk or is_table_director(match, user)


def edit_key_matches_session(session: Session, edit_key: str | None) -> bool:
    """Whether ``edit_key`` is the evening's: the key that also scores each of its matches."""
    if not edit_key or not session.edit_key_hash:
        return False
    return hmac.compare_digest(hash_edit_key(edit_key), session.edit_key_hash)


def may_edit_session(session: Session, *, edit_key: str | None, user: Any) -> bool:
    """Whether a caller holding ``edit_key`` (or none), signed in as ``user`` (or not), may
    change the evening: add its next match, settle it, mark its transfers paid."""
    if edit_key_matches_session(session, edit_key):
        return True
    return bool(user and user.is_authenticated and session.owner_id == user.pk)


def is_director(club: Club, user: Any) -> bool:
    return bool(
        user is not None and user.is_authenticated and club.directors.filter(pk=user.pk).exists()
    )


def directs_a_club(user: Any) -> bool:
    return bool(user is not None and user.is_authenticated and user.directed_clubs.exists())


def is_table_director(match: Match, user: Any) -> bool:
    """A tournament's directors may change its tables' matches with their own credentials."""
    return Club.objects.filter(directors=user, tournaments__round_set__tables__match=match).exists()


def clubs_of_person(user: Any) -> QuerySet[Club]:
    """The clubs whose people the account is: those it directs and the clubs of its player."""
    if user is None or not user.is_authenticated:
        return Club.objects.none()
    return Club.objects.filter(Q(directors=user) | Q(members__user=user)).distinct()


def is_club_person(club: Club, user: Any) -> bool:
    """A director of the club, or the account of one of its members."""
    return clubs_of_person(user).filter(pk=club.pk).exists()


def club_people(club: Club) -> set[int]:
    """The ids of the accounts that are the club's people: its directors and its members'."""
    directors = club.directors.values_list("pk", flat=True)
    members = club.members.filter(user__isnull=False).values_list("user_id", flat=True)
    return set(directors) | set(members)


def players_seatable_by(user: Any) -> QuerySet[Player]:
    """The known players the account may seat by id: its own player and the members of the
    clubs whose people it is. Anyone else it names sits as a guest of that name."""
    if user is None or not user.is_authenticated:
        return Player.objects.none()
    clubs = clubs_of_person(user).values("pk")
    return Player.objects.filter(known=True).filter(Q(user=user) | Q(clubs__in=clubs)).distinct()
