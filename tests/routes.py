"""Every URL the project serves, filled with real ids, for the tests that walk all of them."""

from __future__ import annotations

import re
from datetime import date
from decimal import Decimal

from django.urls import URLPattern, URLResolver, get_resolver

from games.services import club_create, club_member_add, deal_record, match_create
from games.services.seasons import season_create, season_event_add
from games.services.sessions import session_create
from games.services.table_keys import table_keys
from tests.factories import drawn_table

RIKKEN_DEAL = {"dealer": 0, "contracts": [{"contract": "misere", "declarer": 1, "tricks": 0}]}


def routes(resolver=None, prefix: str = "") -> list[tuple[str, str]]:
    """(name, pattern) of every URL the project serves, admin's aside."""
    found = []
    for entry in (resolver or get_resolver()).url_patterns:
        pattern = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            if pattern.startswith("admin/"):
                continue
            found += routes(entry, pattern)
        elif isinstance(entry, URLPattern):
            found.append((entry.name or "", pattern))
    return found


def make_world(django_user_model, django_capture_on_commit_callbacks) -> dict:
    """A club, a drawn tournament and a friendly match with a deal: real ids for every route."""
    director = django_user_model.objects.create_user("dir", password="pw-x-1234")
    club = club_create(name="De Zwaan", director=director)
    club_member_add(club=club, name="Anna")
    table = drawn_table(django_capture_on_commit_callbacks, director=director, club=club)
    tournament = table.round.tournament
    created = match_create(game="marafon", players=["A", "B", "C", "D"])
    deal_record(match=created.match, raw={"battezzante": 0, "trump": "cups", "points": [7, 4]})
    session = session_create(players=["A", "B", "C", "D"], game="rikken", stake=Decimal("0.1"))
    deal_record(match=session.match, raw=RIKKEN_DEAL)
    member = club.members.first()
    season = season_create(
        club=club, user=director, name="Spring", starts_on=date(2000, 1, 1),
        ends_on=date(2100, 1, 1), public=True,
    )  # fmt: skip
    attached = season_event_add(season=season, user=director, tournament=tournament.public_id)
    return {
        "season": season.public_id,
        "event_id": str(attached.pk),
        "member": str(member.pk),
        "session": session.session.public_id,
        "player_id": str(member.pk),
        "public_id": created.match.public_id,
        "tournament": tournament.public_id,
        "slug": club.slug,
        "key": "marafon-31",
        "game": "marafon",
        "number": "1",
        "table": "1",
        "entrant_id": str(tournament.entrants.first().pk),
        "edit_key": created.edit_key,
        "confirm_key": table_keys(table).confirmation,
        "chore": "check-in",
        "director": director,
    }


def fill(name: str, pattern: str, world: dict) -> str:
    """The route with real ids, so that a request reaches its view."""
    tournament_route = name.startswith(("tournament", "entrant", "round", "table-c", "table-d"))
    tournament_route = tournament_route or name in ("results", "corrections", "director-confirm")
    tournament_route = tournament_route or name.startswith(("director-t", "tournament-"))

    def value(match: re.Match) -> str:
        param = match.group(2)
        if param == "public_id" and ("season/" in pattern or "seasons/" in pattern):
            return world["season"]
        if param == "public_id" and (tournament_route or "t/<" in pattern):
            return world["tournament"]
        if param == "public_id" and (pattern.startswith("s/") or "/sessions/" in pattern):
            return world["session"]
        return world[param]

    return "/" + re.sub(r"<(?:(\w+):)?(\w+)>", value, pattern)
