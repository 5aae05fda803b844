"""Who may score a match from this browser: the edit keys it holds, kept in its session, so the
edit link works once and the phone remembers it (no account needed); and who may open a
tournament's pages (its directors' pages: only they). ``games.permissions`` decides."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _

from games import selectors
from games.audit import refused
from games.models import Match, Tournament
from games.permissions import is_director, may_edit_match
from scorekeeper.shortcuts import found_or_404

SESSION_KEY = "edit_keys"


def remember_edit_key(request, match: Match, edit_key: str) -> None:
    keys = dict(request.session.get(SESSION_KEY, {}))
    keys[match.public_id] = edit_key
    request.session[SESSION_KEY] = keys


def held_edit_key(request, match: Match) -> str | None:
    return request.session.get(SESSION_KEY, {}).get(match.public_id)


def can_score(request, match: Match) -> bool:
    """Whether this browser may score the match: an edit key it holds, or who is signed in
    (``games.permissions`` decides, as it does for the API)."""
    return may_edit_match(match, edit_key=held_edit_key(request, match), user=request.user)


def held_match_ids(request) -> list[str]:
    return list(request.session.get(SESSION_KEY, {}))


# A tournament table's confirmation key, kept apart from the edit keys: it confirms or disputes
# the table's result and never scores.
CONFIRM_SESSION_KEY = "confirm_keys"


def remember_confirm_key(request, match: Match, key: str) -> None:
    keys = dict(request.session.get(CONFIRM_SESSION_KEY, {}))
    keys[match.public_id] = key
    request.session[CONFIRM_SESSION_KEY] = keys


def held_confirm_key(request, match: Match) -> str | None:
    return request.session.get(CONFIRM_SESSION_KEY, {}).get(match.public_id)


# --- tournaments -------------------------------------------------------------------------------


def public_tournament(public_id: str) -> Tournament:
    """The tournament with its club, for anybody (404 if there is none)."""
    return found_or_404(selectors.tournament_find(public_id), Tournament)


def directed_tournament(request, public_id: str) -> Tournament:
    """The tournament, for one of its club's directors; anybody else is refused."""
    tournament = public_tournament(public_id)
    if not is_director(tournament.club, request.user):
        refused(request.user, f"{request.method} {request.path}", tournament)
        raise PermissionDenied(_("Only the club's directors run its tournaments."))
    return tournament
