"""Rikken's all-pass deals explained (``explain.py``; RULES.md §4, "Special games when all
pass"): a redeal, and each special game with what its takers or winners paid, or the penalty
points schuppen mie gave. The words are those of ``game.py`` and ``specials.py``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..messages import Message, alternatives, listed, msg, npmsg, pmsg, seat_word
from .explain_words import doubled_line, gets_line, house_rule, net_lines, seats, times
from .penalty import BOTH_FACTOR, special_penalty
from .seats import sitting_out
from .specials import SPECIAL_UNITS, WINNING_TRICKS

# The special games by the names the deal's page gives them.
NAMES = {
    "schuppen_mie": msg("Schuppen mie"),
    "mie_en": msg("Mie en"),
    "one_five_eleven": msg("1-5-11"),
    "one_three_five": msg("1-3-5"),
}


def all_pass_lines(outcome: Mapping[str, Any], options: Any, dealer: int | None) -> list[Message]:
    special = outcome.get("special")
    if special is None:
        return _redeal(options, dealer)
    game = special["game"]
    lines = [
        pmsg(
            "Rikken explanation",
            "All passed: %(game)s, played without trumps.",
            game=NAMES[game],
        )
    ]
    if options.all_pass == "choice":
        what = pmsg("Rikken explanation", "the table chose this special game.")
        lines.append(house_rule("all_pass", "choice", what))
    else:
        what = pmsg("Rikken explanation", "this special game is played whenever all pass.")
        lines.append(house_rule("all_pass", game, what))
    if "points" in outcome:
        return lines + _schuppen_mie_points(special, outcome, options)
    if game == "schuppen_mie":
        lines += _schuppen_mie(special)
    elif game == "mie_en":
        lines += _mie_en(special["queens"], options.special_stake)
    else:
        lines += _tricks_game(special["tricks"], WINNING_TRICKS[game], options)
    out = sitting_out(dealer, options.players) if dealer is not None else ()
    amounts = [None if seat in out else a for seat, a in enumerate(outcome["payments"])]
    lines += net_lines(amounts)
    lines.append(_stake(options.special_stake))
    return lines


def _redeal(options: Any, dealer: int | None) -> list[Message]:
    if dealer is None:
        lines = [
            pmsg(
                "Rikken explanation",
                "All passed: the same dealer deals again, and the deal counts for nothing.",
            )
        ]
    else:
        lines = [
            pmsg(
                "Rikken explanation",
                "All passed: %(seat)s deals again, and the deal counts for nothing.",
                seat=seat_word(dealer),
            )
        ]
    if options.all_pass == "choice":
        what = pmsg(
            "Rikken explanation", "the table chose to deal again rather than play a special game."
        )
        lines.append(house_rule("all_pass", "choice", what))
    return lines


def _stake(stake: int) -> Message:
    if stake == SPECIAL_UNITS:
        return npmsg(
            "Rikken explanation",
            "The stake of a special game: %(count)s unit.",
            "The stake of a special game: %(count)s units.",
            stake,
        )
    what = npmsg(
        "Rikken explanation",
        "the special games are played for %(count)s unit.",
        "the special games are played for %(count)s units.",
        stake,
    )
    return house_rule("special_stake", stake, what)


def _schuppen_mie(special: Mapping[str, Any]) -> list[Message]:
    queen, last = special["queen_of_spades"], special["last_trick"]
    if queen == last:
        return [
            pmsg(
                "Rikken explanation",
                "%(seat)s took the queen of spades and the last trick, and pays the stake to "
                "each of the others.",
                seat=seat_word(queen, capital=True),
            )
        ]
    return [
        pmsg(
            "Rikken explanation",
            "%(queen)s took the queen of spades and %(last)s the last trick: each of them pays "
            "the stake, and each of the other two receives it.",
            queen=seat_word(queen, capital=True),
            last=seat_word(last),
        )
    ]


def _taken(counts: list[int | None]) -> Any:
    """What each player took, "2 by seat 0, 1 by seat 1, 1 by seat 2 and 0 by seat 3"; nothing
    for a player who sat the deal out."""
    return listed(
        [
            pmsg("Rikken explanation", "%(count)s by %(seat)s", count=n, seat=seat_word(s))
            for s, n in enumerate(counts)
            if n is not None
        ]
    )


def _mie_en(queens: list[int | None], stake: int) -> list[Message]:
    lines = [pmsg("Rikken explanation", "Queens taken: %(taken)s.", taken=_taken(queens))]
    clean = [s for s, n in enumerate(queens) if n == 0]
    if len(clean) == 3:
        (taker,) = [s for s, n in enumerate(queens) if n]
        lines.append(
            pmsg(
                "Rikken explanation",
                "%(seat)s took all four queens and receives the stake from each of the others.",
                seat=seat_word(taker, capital=True),
            )
        )
    elif clean:
        lines.append(
            npmsg(
                "Rikken explanation",
                "Each queen costs half the stake, %(count)s unit, paid to whoever took none.",
                "Each queen costs half the stake, %(count)s units, paid to whoever took none.",
                stake // 2,
            )
        )
    else:
        lines.append(pmsg("Rikken explanation", "Every player took a queen: nobody pays."))
    return lines


def _tricks_game(tricks: list[int | None], winning: tuple[int, ...], options: Any) -> list[Message]:
    """1-5-11 and 1-3-5: who won, and how the losers paid (``specials._tricks_game_payments``)."""
    lines = [pmsg("Rikken explanation", "Tricks taken: %(taken)s.", taken=_taken(tricks))]
    numbers = alternatives(winning)
    playing = [s for s, n in enumerate(tricks) if n is not None]
    winners = [s for s in playing if tricks[s] in winning]
    losers = [s for s in playing if s not in winners]
    if not winners:
        return [
            *lines,
            pmsg(
                "Rikken explanation",
                "Nobody took exactly %(numbers)s: nobody pays.",
                numbers=numbers,
            ),
        ]
    if not losers:
        return [
            *lines,
            pmsg(
                "Rikken explanation",
                "Everybody took exactly %(numbers)s: nobody pays.",
                numbers=numbers,
            ),
        ]
    lines.append(
        pmsg(
            "Rikken explanation",
            "Exactly %(numbers)s wins: %(seats)s.",
            numbers=numbers,
            seats=seats(winners),
        )
    )
    if len(losers) == 2 and options.one_five_eleven_pays == "per_pair":
        what = pmsg("Rikken explanation", "each loser pays the stake to each winner.")
        lines.append(house_rule("one_five_eleven_pays", "per_pair", what))
    elif len(losers) == 2:
        lines.append(
            pmsg(
                "Rikken explanation",
                "Two losers: each pays the stake, and each winner receives it.",
            )
        )
    elif len(losers) == 3:
        lines.append(pmsg("Rikken explanation", "Three losers: each pays the stake to the winner."))
    else:
        lines.append(pmsg("Rikken explanation", "One loser: pays the stake to each winner."))
    return lines


def _schuppen_mie_points(
    special: Mapping[str, Any], outcome: Mapping[str, Any], options: Any
) -> list[Message]:
    """Under penalty points schuppen mie gives its two takers its points each, or one taker
    of both four times them (``penalty.schuppen_mie_points``)."""
    made = special_penalty(options, "schuppen_mie")
    doubling = [2] if outcome.get("doubled") else []
    queen, last = special["queen_of_spades"], special["last_trick"]
    if queen == last:
        lines = [
            pmsg(
                "Rikken explanation",
                "%(seat)s took the queen of spades and the last trick: four times the points.",
                seat=seat_word(queen, capital=True),
            )
        ]
        total = BOTH_FACTOR * made * (2 if doubling else 1)
        lines.append(gets_line([queen], total, times([made], [BOTH_FACTOR, *doubling])))
    else:
        lines = [
            pmsg(
                "Rikken explanation",
                "%(queen)s took the queen of spades and %(last)s the last trick.",
                queen=seat_word(queen, capital=True),
                last=seat_word(last),
            )
        ]
        each = made * (2 if doubling else 1)
        figure = times([made], doubling) if doubling else None
        lines.append(gets_line(sorted({queen, last}), each, figure))
    if outcome.get("doubled"):
        lines.append(doubled_line(outcome.get("doubled_by")))
    return lines
