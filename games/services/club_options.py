"""A club's choices about its members' histories and its ratings."""

from __future__ import annotations

from django.db import transaction

from games.models import Club
from games.rules import GAMES

from .ratings import ratings_mark_dirty


def club_set_options(
    *,
    club: Club,
    public_histories: bool | None = None,
    rate_friendly_matches: bool | None = None,
) -> Club:
    """Its members' histories public, and friendly matches between its members rated. Rating
    friendly matches (or no longer) changes what every list of the club counts: each is
    rebuilt by its job."""
    changed = []
    if public_histories is not None and public_histories != club.public_histories:
        club.public_histories = public_histories
        changed.append("public_histories")
    rated = (
        rate_friendly_matches is not None and rate_friendly_matches != club.rate_friendly_matches
    )
    if rated:
        club.rate_friendly_matches = rate_friendly_matches
        changed.append("rate_friendly_matches")
    if changed:
        with transaction.atomic():
            club.save(update_fields=changed)
            if rated:
                for game in GAMES:
                    ratings_mark_dirty(club_id=club.pk, game=game)
    return club
