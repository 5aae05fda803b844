"""Rikken's rule options (RULES.md §4): the contract table, the beter suit, who pays when a
partnership fails, what happens when all pass, the number of players, troela, and the scoring
(payments or club penalty points). The words are those of ``game.py``."""

from __future__ import annotations

from dataclasses import dataclass

from ..base import option
from ..messages import msg, pmsg
from .contracts import DEFAULT_CONTRACTS, MAX_UNITS, ContractRow, parse_table
from .penalty import (
    DEFAULT_SPECIAL_PENALTIES,
    SCORINGS,
    SpecialPenalty,
    parse_special_penalties,
)
from .specials import SPECIAL_GAMES

# What happens when all pass, each with its name for people (the special games' from
# specials.py).
ALL_PASS = {
    "redeal": pmsg("rule choice", "redeal"),
    "dealer_must_bid": pmsg("rule choice", "dealer must bid"),
    **SPECIAL_GAMES,
}


@dataclass(frozen=True, kw_only=True)
class RikkenOptions:
    contracts: tuple[ContractRow, ...] = option(
        DEFAULT_CONTRACTS,
        msg("The contracts played, lowest first, with their payments."),
        label=pmsg("rule option", "contracts"),
        parse=parse_table,
    )
    beter_suit: str = option(
        "hearts",
        msg("The beter suit: hearts, or a suit cut before each deal."),
        label=pmsg("rule option", "beter suit"),
        choices={"hearts": pmsg("rule choice", "hearts"), "cut": pmsg("rule choice", "cut")},
    )
    partner_pays: str = option(
        "always",
        msg(
            "When a partnership fails: the partner pays too, never pays (the declarer "
            "pays double), or pays only with fewer than 2 tricks of their own."
        ),
        label=pmsg("rule option", "partner pays"),
        choices={
            "always": pmsg("rule choice", "always"),
            "never": pmsg("rule choice", "never"),
            "under_two_tricks": pmsg("rule choice", "under two tricks"),
        },
    )
    all_tricks_bonus: int = option(
        1,
        msg("Extra units for taking all 13 tricks."),
        label=pmsg("rule option", "all tricks bonus"),
        low=0,
        high=MAX_UNITS,
    )
    all_pass: str = option(
        "redeal",
        msg(
            "When all pass: the dealer deals again, the dealer must bid, or a special game is "
            "played."
        ),
        label=pmsg("rule option", "all pass"),
        choices=ALL_PASS,
    )
    players: int = option(
        4,
        msg("Players: 4; 3 with a blind man; 5 with the dealer sitting out."),
        label=pmsg("rule option", "players"),
        choices=(3, 4, 5),
    )
    solo_first_bid: bool = option(
        True, msg("A solo may be the first bid."), label=pmsg("rule option", "solo first bid")
    )
    troela: str = option(
        "obligatory",
        msg("A player with three aces must bid troela, may, or troela is not played."),
        label=pmsg("rule option", "troela"),
        choices={
            "obligatory": pmsg("rule choice", "obligatory"),
            "optional": pmsg("rule choice", "optional"),
            "forbidden": pmsg("rule choice", "forbidden"),
        },
    )
    scoring: str = option(
        "payments",
        msg("Payments in units after every deal, or club penalty points: the lowest total wins."),
        label=pmsg("rule option", "scoring"),
        choices=SCORINGS,
    )
    special_penalties: tuple[SpecialPenalty, ...] = option(
        DEFAULT_SPECIAL_PENALTIES,
        msg("Under penalty points: what schuppen mie gives its takers."),
        label=pmsg("rule option", "special penalties"),
        parse=parse_special_penalties,
    )
