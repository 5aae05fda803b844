"""Clubs: members (known players), directors, and merging two records of the same person."""

from __future__ import annotations

import secrets
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.text import slugify
from django.utils.translation import gettext as _

from games.models import Club, Entrant, Player, Seat
from games.names import clean_name, normalise_name
from games.rules import RuleViolation

from .errors import Conflict
from .matches import MAX_NAME_LENGTH

CLUB_NAME_LENGTH = 100


def club_create(*, name: str, director: Any, slug: str = "") -> Club:
    try:
        name = clean_name(name, max_length=CLUB_NAME_LENGTH, empty=_("Give the club a name."))
    except ValueError as exc:
        raise RuleViolation.at("name", exc.args[0]) from None
    given = slug
    slug = slugify(slug or name)[:60]
    if not slug and not given and any(char.isalpha() for char in name):
        # A name in another script (Persian, Japanese) makes no ASCII slug: the club's address
        # gets a short random one instead, which its directors may replace by giving a slug.
        slug = f"club-{secrets.token_hex(3)}"
    if not slug:
        raise RuleViolation.at("slug", _("Give the club a short name made of letters or digits."))
    try:
        with transaction.atomic():
            club = Club.objects.create(name=name, slug=slug)
            club.directors.add(director)
    except IntegrityError:
        raise RuleViolation.at(
            "slug", _("There is already a club called %(slug)s.") % {"slug": repr(slug)}
        ) from None
    return club


def club_member_add(*, club: Club, name: str | None = None, player_id: int | None = None) -> Player:
    """Adds a known player to the club: a new one by name, or by id one of its own members or a
    guest who sat at one of its tournaments' tables (other clubs' members and strangers' guests
    are not the club's to take)."""
    with transaction.atomic():
        if player_id is not None:
            player = Player.objects.filter(pk=player_id).first()
            ours = player is not None and (
                club.members.filter(pk=player.pk).exists()
                or (not player.known and _guest_of(club, player))
            )
            if not ours:
                raise RuleViolation.at(
                    "id",
                    _(
                        "Player %(id)s is neither a member of %(club)s nor a guest of its "
                        "events: add them by name."
                    )
                    % {"id": player_id, "club": club.name},
                )
            if not player.known:
                player.known = True
                player.save(update_fields=["known"])
        else:
            try:
                name = clean_name(
                    name, max_length=MAX_NAME_LENGTH, empty=_("Enter the member's name.")
                )
            except ValueError as exc:
                raise RuleViolation.at("name", exc.args[0]) from None
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
        folded = normalise_name(name).casefold()
        if folded in taken or folded in seen:
            raise RuleViolation.at(
                "names",
                _("Line %(line)s (%(name)s): already a member of %(club)s.")
                % {"line": line, "name": normalise_name(name), "club": club.name},
            )
        seen.add(folded)
    added = []
    with transaction.atomic():
        for line, name in enumerate(names, start=1):
            try:
                added.append(club_member_add(club=club, name=name))
            except RuleViolation as exc:
                reason = next(iter(exc.errors.values()), [_("enter the member's name.")])[0]
                raise RuleViolation.at(
                    "names", _("Line %(line)s: %(reason)s") % {"line": line, "reason": reason}
                ) from None
    return added


def club_director_add(*, club: Club, user: Any) -> None:
    club.directors.add(user)


def _guest_of(club: Club, player: Player) -> bool:
    """The player sat at a table of one of the club's tournaments."""
    return Seat.objects.filter(player=player, match__table__round__tournament__club=club).exists()


def check_merge(*, club: Club, keep: Player | None, duplicate: Player | None) -> None:
    """A club merges only records it owns: ``keep`` is one of its members; ``duplicate`` is one
    of its members who belongs to no other club, or a guest who sat at one of its tournaments'
    tables. Anybody else's guests and members are not the club's to rename or delete."""
    if keep is None or not club.members.filter(pk=keep.pk).exists():
        raise RuleViolation.at("keep", _("Keep a member of %(club)s.") % {"club": club.name})
    if duplicate is None:
        raise RuleViolation.at(
            "duplicate",
            _("Merge a member of %(club)s, or a guest of its events.") % {"club": club.name},
        )
    if keep.pk == duplicate.pk:
        raise RuleViolation.at("duplicate", _("A player cannot be merged with themselves."))
    if duplicate.known:
        if not club.members.filter(pk=duplicate.pk).exists():
            raise RuleViolation.at(
                "duplicate",
                _("Merge a member of %(club)s, or a guest of its events.") % {"club": club.name},
            )
        if duplicate.clubs.exclude(pk=club.pk).exists():
            raise RuleViolation.at(
                "duplicate",
                _(
                    "%(name)s is also a member of another club: only a record that belongs "
                    "to %(club)s alone can be merged."
                )
                % {"name": duplicate.name, "club": club.name},
            )
        return
    if not _guest_of(club, duplicate):
        raise RuleViolation.at(
            "duplicate",
            _("Merge a member of %(club)s, or a guest of its events.") % {"club": club.name},
        )


def player_merge(*, club: Club, keep: Player | None, duplicate: Player | None) -> Player:
    """Two records of the same person become one: seats, clubs and the account move to ``keep``.
    Refused when both sat in one match, since a match cannot seat a person twice, and for any
    record the club does not own (``check_merge``)."""
    check_merge(club=club, keep=keep, duplicate=duplicate)
    with transaction.atomic():
        shared = Seat.objects.filter(
            player=keep, match__in=Seat.objects.filter(player=duplicate).values("match")
        )
        if shared.exists():
            raise Conflict(_("Both records sat at the same match: they are two people."))
        both = Entrant.objects.filter(
            Q(player=keep) | Q(partner=keep),
            tournament__in=Entrant.objects.filter(
                Q(player=duplicate) | Q(partner=duplicate)
            ).values("tournament"),
        ).select_related("tournament")
        if both.exists():
            raise Conflict(
                _("Both records are registered in %(tournament)s: they are two people.")
                % {"tournament": both[0].tournament.name}
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
