"""Rikken's rule options (RULES.md §4): the contract table, the beter suit, who pays when a
partnership fails, what happens when all pass, the number of players, troela, and the scoring
(payments or club penalty points); then the further house rules of the clubs' own programs:
undertricks from the second trick short, several equal contracts settled with the defenders
only, the special games the table chooses from, their stake, and how 1-5-11 pays. The words are
those of ``game.py``."""

from __future__ import annotations

from dataclasses import dataclass

from ..base import Errors, option
from ..messages import msg, pmsg
from .contracts import DEFAULT_CONTRACTS, MAX_UNITS, PARTNER_PAYS, ContractRow, parse_table
from .penalty import (
    DEFAULT_SPECIAL_PENALTIES,
    SCORINGS,
    SpecialPenalty,
    parse_special_penalties,
)
from .specials import (
    MAX_SPECIAL_STAKE,
    ONE_FIVE_ELEVEN_PAYS,
    SPECIAL_GAMES,
    SPECIAL_UNITS,
    WINNING_TRICKS,
    parse_special_games,
)

# What happens when all pass, each with its name for people (the special games' from
# specials.py); under "choice" the table names the special game of each all-pass deal.
ALL_PASS = {
    "redeal": pmsg("rule choice", "redeal"),
    "dealer_must_bid": pmsg("rule choice", "dealer must bid"),
    **SPECIAL_GAMES,
    "choice": pmsg("rule choice", "choice"),
}
UNDERTRICKS = {
    "from_first": pmsg("rule choice", "from first"),
    "from_second": pmsg("rule choice", "from second"),
}
SIMULTANEOUS = {
    "all_others": pmsg("rule choice", "all others"),
    "defenders_only": pmsg("rule choice", "defenders only"),
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
        choices=PARTNER_PAYS,
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
            "When all pass: the dealer deals again, the dealer must bid, a special game is "
            "played, or the table chooses a special game each time."
        ),
        label=pmsg("rule option", "all pass"),
        choices=ALL_PASS,
    )
    players: int = option(
        4,
        msg(
            "Players: 4; 3 with a blind man; 5 with the dealer sitting out; 6 with the dealer "
            "and the player three seats after sitting out."
        ),
        label=pmsg("rule option", "players"),
        choices=(3, 4, 5, 6),
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
    # The further house rules (RULES.md §4): each default keeps everything above unchanged.
    undertricks: str = option(
        "from_first",
        msg(
            "A failed contract pays a unit per trick short from the first trick, or from the "
            "second (the first trick short costs only the base)."
        ),
        label=pmsg("rule option", "undertricks"),
        choices=UNDERTRICKS,
    )
    simultaneous: str = option(
        "all_others",
        msg(
            "Several misère or piek at once: each declarer settles with all others, or only "
            "with the players who declared nothing."
        ),
        label=pmsg("rule option", "simultaneous"),
        choices=SIMULTANEOUS,
    )
    special_games: tuple[str, ...] = option(
        (),
        msg("When the table chooses: the special games it chooses from, at least one."),
        label=pmsg("rule option", "special games"),
        choices=SPECIAL_GAMES,
        parse=parse_special_games,
    )
    special_stake: int = option(
        SPECIAL_UNITS,
        msg(
            "What a loser of a special game pays; mie en pays half of it a queen, so it is "
            "even when mie en is played."
        ),
        label=pmsg("rule option", "special stake"),
        low=1,
        high=MAX_SPECIAL_STAKE,
    )
    one_five_eleven_pays: str = option(
        "per_loser",
        msg(
            "1-5-11 and 1-3-5 with two winners and two losers: each loser pays the stake, or "
            "pays it to each winner."
        ),
        label=pmsg("rule option", "one five eleven pays"),
        choices=ONE_FIVE_ELEVEN_PAYS,
    )


def check_house_rules(options: RikkenOptions, errors: Errors) -> None:
    """The options that depend on each other: the special games (not with three players; a
    list when the table chooses, and only then), an even stake where mie en is played, and the
    stake and how 1-5-11 pays left as they are where no game of theirs is played."""
    if options.players == 3 and (options.all_pass in SPECIAL_GAMES or options.all_pass == "choice"):
        errors.add(
            ("rules", "all_pass"),
            msg("The special games are not played with three players: all passing means a redeal."),
        )
    played = {options.all_pass}
    if options.all_pass == "choice":
        played |= set(options.special_games)
        if not options.special_games:
            errors.add(
                ("rules", "special_games"),
                msg("Name the special games the table chooses from: at least one."),
            )
    elif options.special_games:
        errors.add(
            ("rules", "special_games"),
            msg('The special games are listed only when the table chooses (all_pass "choice").'),
        )
    if "mie_en" in played and options.special_stake % 2:
        errors.add(
            ("rules", "special_stake"),
            msg("Mie en pays half the special stake a queen: the stake must be even."),
        )
    if options.scoring != "payments":
        return  # under penalty points these two are refused as not applying there
    specials = set() if options.players == 3 else played & set(SPECIAL_GAMES)
    if not specials and options.special_stake != SPECIAL_UNITS:
        errors.add(
            ("rules", "special_stake"),
            msg(
                "The special stake applies only when a special game is played: leave it at "
                "%(default)s.",
                default=SPECIAL_UNITS,
            ),
        )
    if not specials & set(WINNING_TRICKS) and options.one_five_eleven_pays != "per_loser":
        errors.add(
            ("rules", "one_five_eleven_pays"),
            msg(
                "How 1-5-11 and 1-3-5 pay applies only when one of them is played: leave it at "
                '"per_loser".'
            ),
        )
