"""The path's ids in the form they have, so that the schema states it (drf-spectacular reads a
converter's ``regex`` as the parameter's pattern) and another form answers 404 at once."""

from __future__ import annotations

from django.urls import register_converter
from django.urls.converters import StringConverter


class ShareId(StringConverter):
    """A match's, session's or tournament's public id: games.models.matches.new_public_id, or
    an imported one (games.services.import_checks.PUBLIC_ID)."""

    regex = "[A-Za-z0-9_-]{1,32}"


class PresetKey(StringConverter):
    """A built-in preset's key (``marafon-31``) or a saved one's number."""

    regex = "[a-z0-9-]{1,64}"


def register() -> None:
    register_converter(ShareId, "share_id")
    register_converter(PresetKey, "preset_key")
