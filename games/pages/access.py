"""Who may score a match from this browser: the edit keys it holds, kept in its session, so the
edit link works once and the phone remembers it (no account needed); and who may open a
tournament's pages (its directors' pages: only they). ``games.permissions`` decides.

A key is kept only once it is checked, one per match (and per table and evening): a link from
another site, or a typo, opens nothing and costs the phone none of the keys it holds. The pages
that carry a key (its links, or the forms of the phone that holds it) are ``private``."""

from __future__ import annotations

from functools import wraps

from django.core.exceptions import PermissionDenied
from django.core.handlers.exception import response_for_exception
from django.http import Http404
from django.shortcuts import render
from django.utils.cache import add_never_cache_headers
from django.utils.translation import gettext as _

from games import selectors
from games.audit import refused
from games.models import Match, Table, Tournament
from games.permissions import edit_key_matches, is_director, may_edit_match
from games.services.table_keys import confirmation_key_matches
from scorekeeper.shortcuts import found_or_404

SESSION_KEY = "edit_keys"
REDIRECTS = {301, 302, 303, 307, 308}


def private(response):
    """An answer that carries a key (in its address, or in the page): no cache keeps it, the
    browser's included, and no other site learns its address. A redirect sends no referrer at
    all (``no-referrer``). A page sends it to this site alone (``same-origin``): under
    ``no-referrer`` a browser posts the page's own forms with ``Origin: null`` and no Referer,
    which the CSRF check refuses (a deal could not be entered)."""
    add_never_cache_headers(response)  # no-store, among others
    response["Referrer-Policy"] = (
        "no-referrer" if response.status_code in REDIRECTS else "same-origin"
    )
    return response


def carries_keys(view):
    """Every answer of the view is ``private``, its "not found" included."""

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        try:
            response = view(request, *args, **kwargs)
        except Http404 as exc:
            response = response_for_exception(request, exc)
        return private(response)

    return wrapped


def wrong_link(request, message: str, *, back: str, back_label: str):
    """The page of a link whose key opens nothing here: nothing was kept, and the phone keeps
    what it held."""
    context = {"message": message, "back": back, "back_label": back_label}
    return private(render(request, "games/wrong_link.html", context, status=403))


def remember_edit_key(request, match: Match, edit_key: str | None) -> bool:
    """Keeps ``edit_key`` for the match when it opens it (True); any other key is not kept."""
    if not edit_key_matches(match, edit_key):
        return False
    keys = dict(request.session.get(SESSION_KEY, {}))
    keys[match.public_id] = edit_key
    request.session[SESSION_KEY] = keys
    return True


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


def remember_confirm_key(request, table: Table, key: str | None) -> bool:
    """Keeps the table's confirmation key when it is the one (True); any other is not kept."""
    if not confirmation_key_matches(table, key):
        return False
    keys = dict(request.session.get(CONFIRM_SESSION_KEY, {}))
    keys[table.match.public_id] = key
    request.session[CONFIRM_SESSION_KEY] = keys
    return True


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
