"""The API's side of ``games.permissions``: the edit key comes in the X-Edit-Key header, and a
refusal is DRF's 403."""

from django.utils.translation import gettext as _
from rest_framework.exceptions import PermissionDenied

from games.models import Match
from games.permissions import may_edit_match

EDIT_KEY_HEADER = "X-Edit-Key"


def can_edit(request, match: Match) -> bool:
    return may_edit_match(match, edit_key=request.headers.get(EDIT_KEY_HEADER), user=request.user)


def require_edit(request, match: Match) -> None:
    if not can_edit(request, match):
        raise PermissionDenied(
            _("Changing this match needs its edit key in the %(header)s header.")
            % {"header": EDIT_KEY_HEADER}
        )
