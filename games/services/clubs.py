"""Clubs: members (known players), directors, and merging two records of the same person."""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.text import slugify

from games.models import Club, Entrant, Player, Seat
from games.rules import RuleViolation

from .errors import Conflict


def club_create(*, name: str, director: Any, slug: str = "") -> Club:
    name = name.strip()
    if not name:
        raise RuleViolation.at("name", "Give the club a name.")
    slug = slugify(slug or name)[:60]
    if not slug:
        raise RuleViolation.at("slug", "Give the club a short name made of letters or digits.")
    try:
        with transaction.atomic():
            club = Club.objects.create(name=name, slug=slug)
            club.directors.add(director)
    except IntegrityError:
        raise RuleViolation.at("slug", f"There is already a club called {slug!r}.") from None
    return club


def club_member_add(*, club: Club, name: str | None = None, player_id: int | None = None) -> Player:
    """Adds a known player to the club: an existing one by id, or a new one by name."""
    with transaction.atomic():
        if player_id is not None:
            player = Player.objects.filter(pk=player_id).first()
            if player is None:
                raise RuleViolation.at("id", f"There is no player {player_id}.")
            if not player.known:
                player.known = True
                player.save(update_fields=["known"])
        else:
            name = (name or "").strip()
            if not name or not name.isprintable():
                raise RuleViolation.at("name", "Enter the member's name.")
            player = Player.objects.create(name=name, known=True)
        club.members.add(player)
    return player


def club_members_add_many(*, club: Club, names: list[str]) -> list[Player]:
    """Adds several new members by name, all of them or none; a name already a member's is
    refused (``RuleViolation`` on ``names``, naming the line), as it would make a second
    record of that person."""
    taken = {n.casefold() for n in club.members.values_list("name", flat=True)}
    seen: set[str] = set()
    for line, name in enumerate(names, start=1):
        folded = name.strip().casefold()
        if folded in taken or folded in seen:
            raise RuleViolation.at(
                "names", f"Line {line} ({name.strip()}): already a member of {club.name}."
            )
        seen.add(folded)
    added = []
    with transaction.atomic():
        for line, name in enumerate(names, start=1):
            try:
                added.append(club_member_add(club=club, name=name))
            except RuleViolation:
                raise RuleViolation.at("names", f"Line {line}: enter the member's name.") from None
    return added


def club_director_add(*, club: Club, user: Any) -> None:
    club.directors.add(user)


def player_merge(*, keep: Player, duplicate: Player) -> Player:
    """Two records of the same person become one: seats, clubs and the account move to ``keep``.
    Refused when both sat in one match, since a match cannot seat a person twice."""
    if keep.pk == duplicate.pk:
        raise RuleViolation.at("duplicate", "A player cannot be merged with themselves.")
    with transaction.atomic():
        shared = Seat.objects.filter(
            player=keep, match__in=Seat.objects.filter(player=duplicate).values("match")
        )
        if shared.exists():
            raise Conflict("Both records sat at the same match: they are two people.")
        both = Entrant.objects.filter(
            Q(player=keep) | Q(partner=keep),
            tournament__in=Entrant.objects.filter(
                Q(player=duplicate) | Q(partner=duplicate)
            ).values("tournament"),
        ).select_related("tournament")
        if both.exists():
            raise Conflict(
                f"Both records are registered in {both[0].tournament.name}: they are two people."
            )
        Seat.objects.filter(player=duplicate).update(player=keep)
        Entrant.objects.filter(player=duplicate).update(player=keep)
        Entrant.objects.filter(partner=duplicate).update(partner=keep)
        for club in duplicate.clubs.all():
            club.members.add(keep)
        if duplicate.user_id and not keep.user_id:
            keep.user_id = duplicate.user_id
            duplicate.user = None
            duplicate.save(update_fields=["user"])
        keep.known = True
        keep.save(update_fields=["known", "user"])
        duplicate.delete()
    return keep
