"""Malilla's variants and rule options (RULES.md §3): Mexican Malilla and its cousins Spanish
Manilla and Macau Manilla, each a pack, its counting cards, its tricks, its target and its way
of scoring. The words are those of ``game.py``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..base import option
from ..cards import FRENCH_SUITS, LATIN_40, SPANISH_48, Pack
from ..messages import msg, pmsg

PLAYERS = 4
CARD_POINTS = 60


@dataclass(frozen=True)
class Variant:
    slug: str
    name: str
    pack: Pack
    values: Mapping[str, int]  # the counting ranks
    tricks: int
    target: int
    # "excess": the team above half scores its excess; "difference": the winners score the
    # difference between the two totals.
    scoring: str
    turn_up_bonus: bool
    seven_discard_rule: bool
    # What may be turned up to show trumps, when it is more than the pack played with.
    turn_up_pack: Pack | None = None

    @property
    def deal_points(self) -> int:
        return CARD_POINTS + self.tricks

    @property
    def half(self) -> int:
        return self.deal_points // 2

    def most_card_points(self, tricks: int) -> int:
        """The most card points ``tricks`` tricks (4 cards each) can hold."""
        counting = sorted(self.values.values(), reverse=True)
        values = sorted((v for v in counting for _ in self.pack.suits), reverse=True)
        return sum(values[: 4 * tricks])


MACAU_RANKS = ("7", "A", "K", "J", "Q", "10", "9", "8", "6", "5")
MACAU_PACK = Pack(msg("the 40-card French pack"), FRENCH_SUITS, MACAU_RANKS)
# In Macau one of the four 2s left out of the pack is turned up to show trumps (seed text).
MACAU_TURN_UP = Pack(
    msg("the 40-card French pack, or a 2 showing trumps"), FRENCH_SUITS, (*MACAU_RANKS, "2")
)
VARIANTS = {
    v.slug: v
    for v in (
        Variant(
            "mexican",
            pmsg("Malilla variant", "Malilla"),
            LATIN_40,
            {"7": 5, "A": 4, "K": 3, "H": 2, "J": 1},
            10,
            35,
            "excess",
            turn_up_bonus=True,
            seven_discard_rule=True,
        ),
        Variant(
            "spanish",
            pmsg("Malilla variant", "Spanish Manilla"),
            SPANISH_48,
            {"9": 5, "A": 4, "K": 3, "H": 2, "J": 1},
            12,
            40,
            "excess",
            turn_up_bonus=False,
            seven_discard_rule=False,
        ),
        Variant(
            "macau",
            pmsg("Malilla variant", "Macau Manilla"),
            MACAU_PACK,
            {"7": 5, "A": 4, "K": 3, "J": 2, "Q": 1},
            10,
            70,
            "difference",
            turn_up_bonus=False,
            seven_discard_rule=False,
            turn_up_pack=MACAU_TURN_UP,
        ),
    )
}


@dataclass(frozen=True, kw_only=True)
class MalillaOptions:
    variant: str = option(
        "mexican",
        msg(
            "Mexican Malilla, Spanish Manilla (48 cards, to 40) or Macau Manilla (French pack, "
            "to 70)."
        ),
        label=pmsg("rule option", "variant"),
        choices={
            "mexican": pmsg("rule choice", "mexican"),
            "spanish": pmsg("rule choice", "spanish"),
            "macau": pmsg("rule choice", "macau"),
        },
    )
    turn_up_bonus: bool | None = option(
        None,
        msg("A counting turn-up scores its value for the dealer's team (Mexican default)."),
        label=pmsg("rule option", "turn up bonus"),
        kind=bool,
    )
    abandon_long_suit: bool = option(
        False,
        msg(
            "A player with 7 or more cards of one suit may, with partner's consent, throw the "
            "hand in."
        ),
        label=pmsg("rule option", "abandon long suit"),
    )
    seven_discard_rule: bool | None = option(
        None,
        msg("A non-trump 7 may not be discarded in a suit not yet led (Mexican default)."),
        label=pmsg("rule option", "seven discard rule"),
        kind=bool,
    )
    players: int = option(
        PLAYERS,
        msg("Number of players."),
        label=pmsg("rule option", "players"),
        choices=(PLAYERS,),
    )
