"""Who may change a match: whoever holds its edit key, and its creator when signed in."""

from rest_framework.exceptions import PermissionDenied

from games.models import Club, Match
from games.services import edit_key_matches

EDIT_KEY_HEADER = "X-Edit-Key"


def can_edit(request, match: Match) -> bool:
    if edit_key_matches(match, request.headers.get(EDIT_KEY_HEADER)):
        return True
    user = request.user
    if not (user and user.is_authenticated):
        return False
    return match.owner_id == user.pk or is_table_director(match, user)


def is_table_director(match: Match, user) -> bool:
    """A tournament's directors may change its tables' matches with their own credentials."""
    return Club.objects.filter(directors=user, tournaments__round_set__tables__match=match).exists()


def require_edit(request, match: Match) -> None:
    if not can_edit(request, match):
        raise PermissionDenied(
            f"Changing this match needs its edit key in the {EDIT_KEY_HEADER} header."
        )
