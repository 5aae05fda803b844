"""``ETag`` and ``If-Match`` over a match's version: a write that read an older version gets
412 instead of silently overwriting the deal another phone entered."""

from django.utils.translation import gettext as _
from rest_framework.exceptions import ValidationError

from games.models import Match

STALE = -1  # matches no version, so a malformed tag is stale rather than ignored


def etag(match: Match) -> str:
    return f'"{match.version}"'


def expected_version(request) -> int | None:
    """The version the writer saw, from ``If-Match``; None when the header is absent or ``*``."""
    header = request.headers.get("If-Match")
    if header is None or header.strip() == "*":
        return None
    tags = [t.strip() for t in header.split(",") if t.strip()]
    if len(tags) != 1:
        raise ValidationError({"If-Match": [_("Send one ETag, as received.")]})
    tag = tags[0].removeprefix("W/").strip('"')
    return int(tag) if tag.isdigit() else STALE


def with_etag(response, match: Match):
    response["ETag"] = etag(match)
    return response
