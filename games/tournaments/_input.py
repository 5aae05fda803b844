"""Input checks shared by the draws and the standings."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable


def listed_once(items: Iterable[Hashable], what: str) -> list:
    """The items as a list; a ``ValueError`` naming those listed more than once, in order."""
    field = list(items)
    counts = Counter(field)
    twice = [item for item in dict.fromkeys(field) if counts[item] > 1]
    if twice:
        raise ValueError(f"{what} listed more than once: {', '.join(map(repr, twice))}.")
    return field
