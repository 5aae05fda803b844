"""Reads of players and accounts: the names typed at a table, the records a club merges."""

from __future__ import annotations

from collections.abc import Iterable

from django.contrib.auth import get_user_model
from django.db.models import QuerySet

from games.models import Player
from games.permissions import players_seatable_by

# How many known players the pages suggest as names are typed.
KNOWN_PLAYERS_SUGGESTED = 500


def players_by_unique_name(players: Iterable[tuple[int, str]]) -> dict[str, int]:
    """Player ids by case-folded name, from ``(id, name)`` pairs; a name two players share is
    left out, as it cannot tell them apart (it stays a new player's or a guest's)."""
    by_name: dict[str, list[int]] = {}
    for pk, name in players:
        by_name.setdefault(name.casefold(), []).append(pk)
    return {name: ids[0] for name, ids in by_name.items() if len(ids) == 1}


def players_known(user) -> QuerySet[Player]:
    """The known players this account may seat (ids and names): its own and its clubs'
    members, at most ``KNOWN_PLAYERS_SUGGESTED``. Nobody else's name is suggested, and a name
    typed that is nobody's here stays a guest's."""
    seatable = players_seatable_by(user).order_by("name", "id")
    return seatable.only("id", "name")[:KNOWN_PLAYERS_SUGGESTED]


def player_find(pk: int) -> Player | None:
    return Player.objects.filter(pk=pk).first()


def account_named(username: str, *, any_case: bool = False):
    """The account of that username; with ``any_case`` also the one account whose name differs
    only in case (usernames are told apart without case at sign-up: "jan" finds "Jan")."""
    users = get_user_model().objects
    user = users.filter(username=username).first()
    if user is None and any_case:
        found = list(users.filter(username__iexact=username)[:2])
        user = found[0] if len(found) == 1 else None
    return user


def known_player(pk: int) -> Player | None:
    """A known player (not a guest), or None; an id out of the database's range finds none."""
    if not 0 < pk < 2**63:
        return None
    return Player.objects.filter(pk=pk, known=True).first()


def club_member(club, pk: int) -> Player | None:
    """A known player who is a member of ``club``, or None."""
    if not 0 < pk < 2**63:
        return None
    return Player.objects.filter(pk=pk, known=True, clubs=club).first()
