"""Who may score a match from this browser: the edit keys it holds, kept in its session, so the
edit link works once and the phone remembers it (no account needed)."""

from __future__ import annotations

from games.models import Match
from games.services import edit_key_matches

SESSION_KEY = "edit_keys"


def remember_edit_key(request, match: Match, edit_key: str) -> None:
    keys = dict(request.session.get(SESSION_KEY, {}))
    keys[match.public_id] = edit_key
    request.session[SESSION_KEY] = keys


def held_edit_key(request, match: Match) -> str | None:
    return request.session.get(SESSION_KEY, {}).get(match.public_id)


def can_score(request, match: Match) -> bool:
    if edit_key_matches(match, held_edit_key(request, match)):
        return True
    user = request.user
    if not user.is_authenticated:
        return False
    from api.permissions import is_table_director

    return match.owner_id == user.pk or is_table_director(match, user)


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
