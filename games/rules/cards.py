"""Packs, suits and ranks shared by the games (RULES.md §0)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .base import REQUIRED, Errors, Path, check_known_fields
from .messages import msg

LATIN_SUITS = ("coins", "cups", "swords", "clubs")
FRENCH_SUITS = ("spades", "hearts", "diamonds", "clubs")

# Latin ranks: J = jack (fante, sota), H = horse (cavallo, caballo), K = king (re, rey).
LATIN_40_RANKS = ("A", "2", "3", "4", "5", "6", "7", "J", "H", "K")
SPANISH_48_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "J", "H", "K")
FRENCH_RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")


@dataclass(frozen=True)
class Pack:
    name: str
    suits: tuple[str, ...]
    ranks: tuple[str, ...]


LATIN_40 = Pack(msg("the 40-card Latin pack"), LATIN_SUITS, LATIN_40_RANKS)
SPANISH_48 = Pack(msg("the 48-card Spanish pack"), LATIN_SUITS, SPANISH_48_RANKS)
FRENCH_52 = Pack(msg("the 52-card French pack"), FRENCH_SUITS, FRENCH_RANKS)


@dataclass(frozen=True)
class Card:
    rank: str
    suit: str

    def as_data(self) -> dict[str, str]:
        return {"rank": self.rank, "suit": self.suit}


def read_card(value: Any, errors: Errors, path: Path, pack: Pack) -> Card | None:
    """A card ``{"rank": R, "suit": S}`` of ``pack``, or None with errors at ``path``."""
    if not isinstance(value, Mapping):
        errors.add(path, msg('A card is an object {"rank": ..., "suit": ...}.'))
        return None
    check_known_fields(value, ("rank", "suit"), errors, path)
    rank, suit = value.get("rank"), value.get("suit")
    ok = True
    if suit not in pack.suits:
        errors.add(
            (*path, "suit"),
            msg(
                "Must be a suit of %(pack)s: %(suits)s.",
                pack=pack.name,
                suits=", ".join(pack.suits),
            ),
        )
        ok = False
    if not isinstance(rank, str) or rank not in pack.ranks:
        errors.add(
            (*path, "rank"),
            msg(
                "Must be a rank of %(pack)s: %(ranks)s.",
                pack=pack.name,
                ranks=", ".join(pack.ranks),
            ),
        )
        ok = False
    return Card(rank, suit) if ok else None


def read_suit(
    data: Mapping[str, Any],
    key: str,
    errors: Errors,
    suits: Sequence[str],
    *,
    required: bool = True,
    path: Path = (),
) -> str | None:
    value = data.get(key)
    if value is None:
        if required:
            errors.add((*path, key), REQUIRED)
        return None
    if value not in suits:
        errors.add((*path, key), msg("Must be a suit: %(suits)s.", suits=", ".join(suits)))
        return None
    return value
