"""Who may change a match: whoever holds its edit key, and its creator when signed in."""

from rest_framework.exceptions import PermissionDenied

from games.models import Match
from games.services import edit_key_matches

EDIT_KEY_HEADER = "X-Edit-Key"


def can_edit(request, match: Match) -> bool:
    if edit_key_matches(match, request.headers.get(EDIT_KEY_HEADER)):
        return True
    user = request.user
    return bool(user and user.is_authenticated and match.owner_id == user.pk)


def require_edit(request, match: Match) -> None:
    if not can_edit(request, match):
        raise PermissionDenied(
            f"Changing this match needs its edit key in the {EDIT_KEY_HEADER} header."
        )
