"""What the API and the pages share about answering a read."""

from __future__ import annotations

from typing import TypeVar

from django.db.models import Model
from django.http import Http404

T = TypeVar("T")


def found_or_404(found: T | None, model: type[Model]) -> T:
    """What a selector found, or the 404 that ``get_object_or_404`` raises (in its words)."""
    if found is None:
        raise Http404(f"No {model._meta.object_name} matches the given query.")
    return found
