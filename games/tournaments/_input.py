"""Input checks shared by the draws and the standings."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Sequence


def listed_once(items: Iterable[Hashable], what: str) -> list:
    """The items as a list; a ``ValueError`` naming those listed more than once, in order."""
    field = list(items)
    counts = Counter(field)
    twice = [item for item in dict.fromkeys(field) if counts[item] > 1]
    if twice:
        raise ValueError(f"{what} listed more than once: {', '.join(map(repr, twice))}.")
    return field


def check_pairs(pairs: Sequence[Hashable]) -> list:
    field = listed_once(pairs, "Pairs")
    if len(field) < 2:
        raise ValueError(f"A draw needs at least 2 pairs, not {len(field)}.")
    if any(p is None for p in field):
        raise ValueError("None cannot name a pair: it stands for a bye.")
    return field


def names(items: Iterable[Hashable]) -> str:
    return ", ".join(repr(p) for p in items)
