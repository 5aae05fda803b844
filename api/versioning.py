"""``ETag`` and ``If-Match`` over a match's version: a write that read an older version gets
412 instead of silently overwriting the deal another phone entered. An ``If-Match`` that is not
one of our tags is a 400, never a silent pass; an empty one is as absent."""

import re

from django.utils.translation import gettext as _
from rest_framework.exceptions import ValidationError

from games.answers import version_tag
from games.models import Match

# One tag as we send it ("3"), weak or not, quotes optional (as clients were always read).
TAG = re.compile(r'(?:W/)?"?([0-9]+)"?')
IF_MATCH_SCHEMA = {"type": "string", "pattern": rf"^(\*|{TAG.pattern})?$"}


def etag(match: Match) -> str:
    return version_tag(match.version)


def expected_version(request) -> int | None:
    """The version the writer saw, from ``If-Match``; None when the header is absent, empty or
    ``*``."""
    header = (request.headers.get("If-Match") or "").strip()
    if header in ("", "*"):
        return None
    tag = TAG.fullmatch(header)
    if tag is None:
        raise ValidationError({"If-Match": [_("Send one ETag, as received.")]})
    return int(tag.group(1))


def with_etag(response, match: Match):
    response["ETag"] = etag(match)
    return response
