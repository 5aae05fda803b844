"""A director's chores with the field, each in one go: register every member of the club, and
check in everybody registered."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from games.models import Entrant, Tournament
from games.rules import RuleViolation
from games.tournaments.formats import get_format

from .tournaments import entrant_register


def entrants_register_members(*, tournament: Tournament) -> list[Entrant]:
    """Every member of the club not registered yet, all or none; pairs are made by hand."""
    if get_format(tournament.format).pairs:
        raise RuleViolation.at("members", _("A pairs event registers pairs: pick the partners."))
    taken = set(tournament.entrants.values_list("player_id", flat=True))
    taken |= set(tournament.entrants.exclude(partner=None).values_list("partner_id", flat=True))
    members = tournament.club.members.exclude(pk__in=taken).order_by("name", "id")
    with transaction.atomic():
        return [entrant_register(tournament=tournament, player_id=m.pk) for m in members]


def entrants_check_in_all(*, tournament: Tournament) -> int:
    """Everybody registered (not the withdrawn) is checked in; how many were."""
    return tournament.entrants.filter(status=Entrant.Status.REGISTERED).update(
        status=Entrant.Status.CHECKED_IN
    )
